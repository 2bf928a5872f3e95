"""Diagnostics: what the linter found, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    """How bad a finding is. Errors fail the plan; warnings fail it only with ``--strict``."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule yields: a message and where. The engine adds the rule's code and severity."""

    message: str
    node_id: str | None = None
    """The node the finding is about; None for plan-level findings."""
    path: str | None = None
    """JSON path in the canonical plan, e.g. ``$.steps[1].params.amount``."""
    hint: str | None = None
    """How to fix it."""
    severity: Severity | None = None
    """Overrides the rule's default severity for this finding."""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A finding with its code, severity and location, as reported to users."""

    code: str
    severity: Severity
    message: str
    node_id: str | None = None
    step: int | None = None
    """Index of the top-level step holding the node (the seed's ``step``)."""
    path: str | None = None
    hint: str | None = None
    suppressed: bool = False
    suppression_reason: str | None = None
