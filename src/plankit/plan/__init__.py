"""The plan IR: one pydantic model for every shape of plan, its file formats, references and graph.

>>> from plankit.plan import loads_plan, dump_plan, PlanGraph
>>> plan = loads_plan('[{"id": "a", "tool": "echo"}, {"id": "b", "tool": "echo", "args": {"x": "{{a.x}}"}}]')
>>> PlanGraph.of(plan).top_level_order()
['a', 'b']

The execution and schedule records (``Execution``, ``Schedule``...) are imported on first use (PEP 562):
loading and linting a plan does not pay for their models.
"""

import importlib
from typing import TYPE_CHECKING, Any

from ._base import IRModel, TaggedModel, UtcDatetime
from ._graph import ESTIMATE_KEY, CriticalPath, Cycle, Dangling, Edge, PlanGraph
from ._io import (
    DEFAULT_LIMITS,
    LoadLimits,
    dump_plan,
    load_plan,
    loads_plan,
    parse_document,
    plan_from_data,
    plan_to_data,
    read_document,
)
from ._model import (
    LEGAL_TRANSITIONS,
    NodeVisit,
    Plan,
    PlanStatus,
    ValidationInfo,
    ValidationIssue,
    transition_path,
)
from ._nodes import (
    MAX_ITERATIONS_LIMIT,
    MAX_RETRY_ATTEMPTS,
    NODE_TYPES,
    AbortPolicy,
    ActionNode,
    FailurePolicy,
    IfNode,
    LlmNode,
    LoopNode,
    Node,
    NodeBase,
    ParallelNode,
    RetryPolicy,
    SequenceNode,
    SkipPolicy,
    WaitNode,
)
from ._refs import (
    RESERVED_ROOTS,
    Reference,
    condition_references,
    node_references,
    parse_template,
    single_reference,
    value_references,
)
from ._schema import plan_json_schema
from ._triggers import (
    DEFAULT_MISFIRE_GRACE_MS,
    TRIGGER_DATA_KEYS,
    BalanceTrigger,
    CatchUp,
    ConditionTrigger,
    CronTrigger,
    ImmediateTrigger,
    IntervalTrigger,
    OnChainEventTrigger,
    Overlap,
    PriceTrigger,
    TimeTrigger,
    Trigger,
    validate_cron_expression,
    validate_timezone,
)
from ._values import (
    CompareCondition,
    CompareOp,
    Condition,
    EnvRef,
    LiteralValue,
    LogicCondition,
    LogicOp,
    RuntimeFn,
    RuntimeRef,
    StepOutputRef,
    ValueRef,
)

if TYPE_CHECKING:  # loaded on first use (PEP 562): loading and linting a plan never need these records
    from ._records import (
        DeadLetterEntry,
        Execution,
        ExecutionCheckpoint,
        ExecutionStatus,
        PlanTemplate,
        StepExecution,
        StepStatus,
        TemplateParam,
        TemplateParamType,
    )
    from ._schedules import Fire, FireStatus, Schedule, ScheduleStatus, fire_execution_id, fire_key

__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_MISFIRE_GRACE_MS",
    "ESTIMATE_KEY",
    "LEGAL_TRANSITIONS",
    "MAX_ITERATIONS_LIMIT",
    "MAX_RETRY_ATTEMPTS",
    "NODE_TYPES",
    "RESERVED_ROOTS",
    "TRIGGER_DATA_KEYS",
    "AbortPolicy",
    "ActionNode",
    "BalanceTrigger",
    "CatchUp",
    "CompareCondition",
    "CompareOp",
    "Condition",
    "ConditionTrigger",
    "CriticalPath",
    "CronTrigger",
    "Cycle",
    "Dangling",
    "DeadLetterEntry",
    "Edge",
    "EnvRef",
    "Execution",
    "ExecutionCheckpoint",
    "ExecutionStatus",
    "FailurePolicy",
    "Fire",
    "FireStatus",
    "IRModel",
    "IfNode",
    "ImmediateTrigger",
    "IntervalTrigger",
    "LiteralValue",
    "LlmNode",
    "LoadLimits",
    "LogicCondition",
    "LogicOp",
    "LoopNode",
    "Node",
    "NodeBase",
    "NodeVisit",
    "OnChainEventTrigger",
    "Overlap",
    "ParallelNode",
    "Plan",
    "PlanGraph",
    "PlanStatus",
    "PlanTemplate",
    "PriceTrigger",
    "Reference",
    "RetryPolicy",
    "RuntimeFn",
    "RuntimeRef",
    "Schedule",
    "ScheduleStatus",
    "SequenceNode",
    "SkipPolicy",
    "StepExecution",
    "StepOutputRef",
    "StepStatus",
    "TaggedModel",
    "TemplateParam",
    "TemplateParamType",
    "TimeTrigger",
    "Trigger",
    "UtcDatetime",
    "ValidationInfo",
    "ValidationIssue",
    "ValueRef",
    "WaitNode",
    "condition_references",
    "dump_plan",
    "fire_execution_id",
    "fire_key",
    "load_plan",
    "loads_plan",
    "node_references",
    "parse_document",
    "parse_template",
    "plan_from_data",
    "plan_json_schema",
    "plan_to_data",
    "read_document",
    "single_reference",
    "transition_path",
    "validate_cron_expression",
    "validate_timezone",
    "value_references",
]

_LAZY_HOMES = {
    **dict.fromkeys(
        [
            "DeadLetterEntry",
            "Execution",
            "ExecutionCheckpoint",
            "ExecutionStatus",
            "PlanTemplate",
            "StepExecution",
            "StepStatus",
            "TemplateParam",
            "TemplateParamType",
        ],
        "._records",
    ),
    **dict.fromkeys(
        ["Fire", "FireStatus", "Schedule", "ScheduleStatus", "fire_execution_id", "fire_key"], "._schedules"
    ),
}
"""Names imported on first use, by the module that holds them."""


def __getattr__(name: str) -> Any:
    home = _LAZY_HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'plankit.plan' has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
