"""plankit: compile, lint, schedule, execute and audit LLM-agent plans, safely.

The plan IR lives in :mod:`plankit.plan`; the most used names are re-exported here.
"""

from ._version import __version__
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
