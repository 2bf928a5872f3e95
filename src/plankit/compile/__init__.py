"""Goal to plan: the compiler (prompt, tolerant parse, lint, repair), the corteX planning face (prompt, parse,
replan, track) and plan templates."""

from ._compiler import (
    DEFAULT_MAX_REPAIRS,
    CompileError,
    CompileResult,
    CompileRound,
    compile_goal,
    evaluate_reply,
    repair_message,
)
from ._parse import Extraction, ParsedReply, ReplyParseError, extract_plan_data, parse_plan_reply
from ._prompt import EXAMPLE_PLAN, build_goal_prompt, build_repair_prompt, build_system_prompt
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
    "DEFAULT_MAX_REPAIRS",
    "EXAMPLE_PLAN",
    "MULTI_ACTION_KEYWORDS",
    "CompileError",
    "CompileResult",
    "CompileRound",
    "ExecutionPlan",
    "Extraction",
    "ParsedReply",
    "PlanState",
    "PlanStep",
    "PlanStepStatus",
    "PlanningEngine",
    "PlanningError",
    "ReplyParseError",
    "build_goal_prompt",
    "build_repair_prompt",
    "build_system_prompt",
    "compile_goal",
    "evaluate_reply",
    "extract_plan_data",
    "parse_plan_reply",
    "repair_message",
]
