"""Goal to plan: the corteX planning face (prompt, parse, replan, track) and plan templates."""

from .cortex import (
    ACTION_VERBS,
    COMPLEXITY_WEIGHTS,
    MULTI_ACTION_KEYWORDS,
    ExecutionPlan,
    PlanningEngine,
    PlanningError,
    PlanState,
    PlanStep,
    PlanStepStatus,
)

__all__ = [
    "ACTION_VERBS",
    "COMPLEXITY_WEIGHTS",
    "MULTI_ACTION_KEYWORDS",
    "ExecutionPlan",
    "PlanState",
    "PlanStep",
    "PlanStepStatus",
    "PlanningEngine",
    "PlanningError",
]
