"""The JSON Schema of the canonical plan format."""

from __future__ import annotations

import copy
import functools
from typing import Any

from .._version import __version__
from ._model import Plan

SCHEMA_ID = f"https://plankit.dev/schema/plan-{__version__}.json"


def plan_json_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of the canonical plan document, as accepted by the loader (a fresh copy)."""
    return copy.deepcopy(_schema())


@functools.cache
def _schema() -> dict[str, Any]:
    # Generating it takes pydantic ~0.1 s; prompts and the CLI ask for it repeatedly.
    schema = Plan.model_json_schema(by_alias=True, mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID, **schema}
