"""plankit: compile, lint, schedule, execute and audit LLM-agent plans, safely.

The plan IR lives in :mod:`plankit.plan`; the most used names are re-exported here. They are imported on
first use (PEP 562), so ``import plankit.cli`` or ``plankit --help`` does not pay for the plan models.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .errors import PlanFormatError, PlankitError
    from .plan import Plan, PlanGraph, dump_plan, load_plan, loads_plan
    from .tools import ToolContext, ToolRegistry, tool

__all__ = [
    "Plan",
    "PlanFormatError",
    "PlanGraph",
    "PlankitError",
    "ToolContext",
    "ToolRegistry",
    "__version__",
    "dump_plan",
    "load_plan",
    "loads_plan",
    "tool",
]

_HOMES = {
    "PlanFormatError": ".errors",
    "PlankitError": ".errors",
    "Plan": ".plan",
    "PlanGraph": ".plan",
    "dump_plan": ".plan",
    "load_plan": ".plan",
    "loads_plan": ".plan",
    "ToolContext": ".tools",
    "ToolRegistry": ".tools",
    "tool": ".tools",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'plankit' has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
