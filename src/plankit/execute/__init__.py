"""The durable executor: runs plans as parallel DAGs, survives crashes, never runs what it shouldn't.

>>> from plankit.execute import Executor, approve
>>> from plankit.store import SqliteStore
>>> async with SqliteStore("plankit.db") as store, Executor(store, tools) as executor:
...     execution = await executor.start(plan)

See :mod:`plankit.execute._executor` for the guarantees, :mod:`plankit.execute._resolve` for how
references are addressed (``{{s1.result}}`` is what step ``s1`` returned) and
:mod:`plankit.execute._failures` for how failures are classified and retried.
"""

from .._toolbox import ToolContext
from ._clock import Clock, SystemClock
from ._decisions import approve, deny
from ._events import EventHandler, ExecutionEvent
from ._executor import DEFAULT_LEASE_SECONDS, DEFAULT_THREAD_POOL_SIZE, Executor, default_worker_id, holder_is_dead
from ._failures import DEFAULT_JITTER, Failure, classify, retry_delay
from ._guard import GUARD_CODES, ToolCallRefused, ToolGuard
from ._kinds import LlmStepRunner, decision_key
from ._lifecycle import checkpoint_of
from ._llm_steps import DEFAULT_MAX_ROUNDS, LlmStepCall, LlmSteps, ModelSteps, parse_answer, token_usage
from ._nodes import dead_letter_id
from ._replan import (
    DEFAULT_MAX_REPLANS,
    REPLAN_ID_TAKEN,
    REPLAN_NO_STEPS,
    Planner,
    Replanning,
    ReplanRequest,
    Revision,
    RevisionApplied,
    replans_of,
)
from ._resolve import Resolver, RuntimeProvider, StaticRuntime, compare
from ._state import idempotency_key

__all__ = [
    "DEFAULT_JITTER",
    "DEFAULT_LEASE_SECONDS",
    "DEFAULT_MAX_REPLANS",
    "DEFAULT_MAX_ROUNDS",
    "DEFAULT_THREAD_POOL_SIZE",
    "GUARD_CODES",
    "REPLAN_ID_TAKEN",
    "REPLAN_NO_STEPS",
    "Clock",
    "EventHandler",
    "ExecutionEvent",
    "Executor",
    "Failure",
    "LlmStepCall",
    "LlmStepRunner",
    "LlmSteps",
    "ModelSteps",
    "Planner",
    "ReplanRequest",
    "Replanning",
    "Resolver",
    "Revision",
    "RevisionApplied",
    "RuntimeProvider",
    "StaticRuntime",
    "SystemClock",
    "ToolCallRefused",
    "ToolContext",
    "ToolGuard",
    "approve",
    "checkpoint_of",
    "classify",
    "compare",
    "dead_letter_id",
    "decision_key",
    "default_worker_id",
    "deny",
    "holder_is_dead",
    "idempotency_key",
    "parse_answer",
    "replans_of",
    "retry_delay",
    "token_usage",
]
