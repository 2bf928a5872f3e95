"""plankit: compile, lint, schedule, execute and audit LLM-agent plans, safely.

The plan IR lives in :mod:`plankit.plan`; the most used names are re-exported here. They are imported on
first use (PEP 562), so ``import plankit.cli`` or ``plankit --help`` does not pay for the plan models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_exports
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


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, globals(), __all__)
