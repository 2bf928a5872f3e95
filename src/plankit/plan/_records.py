"""Records the executor, store and planner fill in: executions, step records, checkpoints, dead letters
and templates."""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from pydantic import Field, model_validator

from ..errors import ErrorType
from ._base import IRModel, UtcDatetime


class ExecutionStatus(str, Enum):
    """The state of one run of a plan."""

    PENDING = "pending"
    RUNNING = "running"
    PAUSED = "paused"
    WAITING = "waiting"
    """Parked on a long ``wait``: no process holds it; a worker continues it at ``wake_at``."""
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"
    INTERRUPTED = "interrupted"
    """Stopped from outside (Ctrl-C, a shutdown) while it ran; nothing is lost, ``resume`` continues it."""


class StepStatus(str, Enum):
    """The state of one step within a run."""

    PENDING = "pending"
    RUNNING = "running"
    RETRYING = "retrying"
    WAITING = "waiting"
    AWAITING_CONFIRMATION = "awaiting_confirmation"
    COMPLETED = "completed"
    FAILED = "failed"
    SKIPPED = "skipped"
    CANCELLED = "cancelled"


class StepExecution(IRModel):
    """What happened to one step (one iteration of it, inside a loop) during a run."""

    step_id: str
    status: StepStatus = StepStatus.PENDING
    iteration: int | None = Field(None, ge=0)
    output: Any = None
    error: str | None = None
    error_type: ErrorType | None = None
    attempt_count: int = Field(0, ge=0)
    idempotency_key: str | None = None
    started_at: UtcDatetime | None = None
    completed_at: UtcDatetime | None = None
    deadline_at: UtcDatetime | None = None
    """When a wait ends, or the running attempt times out; stored so a resumed run keeps the time left."""
    requeued: int = Field(0, ge=0)
    """How many times the step was sent back to run from its dead letter (``dead-letters retry``); each
    time it asks again for any confirmation it needs."""
    attempts_before: int = Field(0, ge=0)
    """Attempts made before the latest requeue: ``attempt_count`` keeps counting across requeues, while
    the failure policy's ``max_attempts`` applies afresh to each round."""

    @property
    def duration_seconds(self) -> float | None:
        """Seconds from start to completion, when both are known."""
        if self.started_at is None or self.completed_at is None:
            return None
        return (self.completed_at - self.started_at).total_seconds()


class Execution(IRModel):
    """One run of a plan (the seed's PlanExecution)."""

    execution_id: str
    plan_id: str
    owner: str | None = None
    status: ExecutionStatus = ExecutionStatus.PENDING
    started_at: UtcDatetime | None = None
    completed_at: UtcDatetime | None = None
    steps: list[StepExecution] = Field(default_factory=list)
    error: str | None = None
    plan_revision: int = Field(0, ge=0)
    gas_spent_eth: float | None = None
    wake_at: UtcDatetime | None = None
    """When a worker should continue this execution: a parked wait's deadline or next poll; for a running
    one, from when it may be taken over (once its lease has expired). None: nothing to do until someone
    decides a confirmation."""
    schedule_id: str | None = None
    """The schedule whose fire started this execution, if any."""
    trigger_data: dict[str, Any] | None = None
    """What the trigger saw when it fired (the price, the log...): ``{{trigger.price}}`` in the plan."""


class ExecutionCheckpoint(IRModel):
    """A resumable snapshot of a run: results so far and where it stood."""

    execution_id: str
    plan_id: str
    owner: str | None = None
    current_node_id: str | None = None
    step_results: list[tuple[str, Any]] = Field(default_factory=list)
    steps: list[StepExecution] = Field(default_factory=list)
    status: Literal["running", "paused"] = "running"
    started_at: UtcDatetime
    updated_at: UtcDatetime


class DeadLetterEntry(IRModel):
    """A step that failed for good: enough to understand the failure and retry it by hand."""

    id: str
    plan_id: str
    node_id: str
    execution_id: str
    owner: str | None = None
    error: str
    error_type: ErrorType = ErrorType.UNKNOWN
    retry_count: int = Field(0, ge=0)
    """Retries after the first attempt (``attempts - 1``)."""
    attempts: int = Field(0, ge=0)
    """Attempts the step made before it failed for good, retries included (0: denied before any attempt)."""
    tool: str | None = None
    params: dict[str, Any] | None = None
    timestamp: UtcDatetime


class TemplateParamType(str, Enum):
    """The types a template parameter may have."""

    STRING = "string"
    NUMBER = "number"
    INTEGER = "integer"
    BOOLEAN = "boolean"
    ENUM = "enum"


class TemplateParam(IRModel):
    """A typed template parameter."""

    type: TemplateParamType
    required: bool = False
    default: str | int | float | bool | None = None
    description: str | None = None
    choices: list[str] = Field(default_factory=list)
    """The allowed values of an ``enum`` parameter."""

    @model_validator(mode="after")
    def _enum_has_choices(self) -> TemplateParam:
        if self.type is TemplateParamType.ENUM and not self.choices:
            raise ValueError("an enum parameter needs a non-empty 'choices' list")
        if self.type is not TemplateParamType.ENUM and self.choices:
            raise ValueError(f"'choices' only applies to enum parameters, not {self.type.value}")
        return self


class PlanTemplate(IRModel):
    """A reusable plan with typed parameters (the plan document holds the placeholders)."""

    id: str
    name: str = Field(min_length=1)
    description: str | None = None
    created_by: str | None = None
    created_at: UtcDatetime | None = None
    tags: list[str] = Field(default_factory=list)
    natural_language: str | None = None
    plan: dict[str, Any]
    params: dict[str, TemplateParam] = Field(default_factory=dict)
