"""stepchain's models (``Step``, ``Plan``, ``StepResult``, ``StepStatus``, ``ErrorType``) as a face over the IR.

The names, fields and defaults are stepchain's; a plan built with them converts to a plankit plan of ``llm``
steps (:meth:`Plan.to_plankit`) that the executor runs, and the executor's step records convert back
(:meth:`StepResult.from_step_execution`).

>>> plan = Plan(goal="report", steps=[Step(id="fetch", prompt="Fetch"), Step(id="sum", prompt="Sum",
...                                                                           dependencies=["fetch"])])
>>> plan.validate_dependencies()
>>> [node.type for node in plan.to_plankit().steps]
['llm', 'llm']

Where stepchain misbehaves, this face does not copy it: the dependency check is iterative (no recursion
limit past ~1,000 steps) and also finds cycles; ``max_retries`` means retries *after* the first attempt
(``max_retries=3`` is four attempts in all, the IR's ``retry`` policy with ``max_attempts=4``); the prompt
is kept as written (only a blank one is refused).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .._utils import did_you_mean, utcnow
from ..errors import ErrorType
from ..plan import Plan as IRPlan
from ..plan import StepExecution, plan_from_data
from ..plan import StepStatus as IRStepStatus

__all__ = ["MAX_TOOL_NAME_LENGTH", "ErrorType", "Plan", "Step", "StepResult", "StepStatus"]

MAX_TOOL_NAME_LENGTH = 50
"""The longest tool name a step may list."""

_NAME = re.compile(r"[A-Za-z0-9_-]+")


class StepStatus(str, Enum):
    """Where a step stands. ``SKIPPED`` is stepchain 0.3.1's sixth value: the step never ran by design."""

    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    RETRYING = "retrying"
    SKIPPED = "skipped"


class _SeedModel(BaseModel):
    # Unknown keys are errors (stepchain drops them silently, so a typo like ``dependecies`` goes unseen).
    model_config = ConfigDict(extra="forbid")


class Step(_SeedModel):
    """One step: a prompt for the model, the tools it may use, and the steps it waits for."""

    id: str
    prompt: str
    tools: list[str] = Field(default_factory=list)
    dependencies: list[str] = Field(default_factory=list)
    max_retries: int = Field(3, ge=0)
    """Retries after the first attempt."""
    timeout: float | None = Field(None, gt=0)
    """Seconds one attempt may take."""
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("id")
    @classmethod
    def _check_id(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("step id cannot be empty")
        if not _NAME.fullmatch(value):
            raise ValueError(f"step id {value!r} may contain only letters, digits, underscores and hyphens")
        return value

    @field_validator("tools")
    @classmethod
    def _check_tools(cls, value: list[str]) -> list[str]:
        for name in value:
            if not _NAME.fullmatch(name):
                raise ValueError(f"tool name {name!r} may contain only letters, digits, underscores and hyphens")
            if len(name) > MAX_TOOL_NAME_LENGTH:
                raise ValueError(
                    f"tool name {name!r} is {len(name)} characters long; the limit is {MAX_TOOL_NAME_LENGTH}"
                )
        return value

    @field_validator("prompt")
    @classmethod
    def _check_prompt(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("prompt cannot be empty")
        return value

    def to_node_data(self) -> dict[str, Any]:
        """The step as a canonical IR ``llm`` node (plain data)."""
        node: dict[str, Any] = {"id": self.id, "type": "llm", "prompt": self.prompt}
        if self.tools:
            node["tools"] = list(self.tools)
        if self.dependencies:
            node["depends_on"] = list(self.dependencies)
        if self.max_retries > 0:
            node["on_failure"] = {"strategy": "retry", "max_attempts": self.max_retries + 1}
        if self.timeout is not None:
            node["timeout_ms"] = max(1, round(self.timeout * 1000))
        if self.metadata:
            node["metadata"] = dict(self.metadata)
        return node


class Plan(_SeedModel):
    """A goal and the steps that reach it. Step ids are unique; see :meth:`validate_dependencies`."""

    goal: str
    id: str = "default"
    steps: list[Step]
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _unique_ids(self) -> Plan:
        seen: set[str] = set()
        for step in self.steps:
            if step.id in seen:
                raise ValueError(f"duplicate step id {step.id!r}; give every step its own id")
            seen.add(step.id)
        return self

    def validate_dependencies(self) -> None:
        """Check that every dependency names a step of this plan and that the dependencies form no cycle.

        Raises :class:`ValueError` naming the first unknown dependency (with a "did you mean" hint), or the
        steps caught in a cycle. Iterative (Kahn's algorithm), so any number of steps is fine.
        """
        ids = [step.id for step in self.steps]
        known = set(ids)
        for step in self.steps:
            for dependency in step.dependencies:
                if dependency not in known:
                    hint = did_you_mean(dependency, ids)
                    suffix = f"; {hint}" if hint else ""
                    raise ValueError(f"step {step.id!r} depends on {dependency!r}, which is not a step{suffix}")
        blocked = _steps_in_cycles(self.steps)
        if blocked:
            names = ", ".join(repr(name) for name in blocked)
            raise ValueError(f"dependency cycle: steps {names} wait for each other")

    def to_plankit(self) -> IRPlan:
        """The plan as a plankit IR plan of ``llm`` steps, ready for the linter and the executor.

        Checks the dependencies first (:meth:`validate_dependencies`); the IR's own rules apply as well (an id
        may not start with ``-`` there, nor be ``context`` or ``env``), reported as a
        :class:`~plankit.errors.PlanFormatError`.
        """
        self.validate_dependencies()
        data: dict[str, Any] = {"id": self.id, "goal": self.goal, "steps": [s.to_node_data() for s in self.steps]}
        if self.metadata:
            data["meta"] = dict(self.metadata)
        return plan_from_data(data, source=f"stepchain plan {self.id!r}")


def _steps_in_cycles(steps: list[Step]) -> list[str]:
    """Ids of the steps Kahn's algorithm can never release (those on or behind a cycle), in plan order."""
    waiting = {step.id: len(set(step.dependencies)) for step in steps}
    dependants: dict[str, list[str]] = {step.id: [] for step in steps}
    for step in steps:
        for dependency in set(step.dependencies):
            dependants[dependency].append(step.id)
    ready = [step_id for step_id, count in waiting.items() if count == 0]
    while ready:
        for dependant in dependants[ready.pop()]:
            waiting[dependant] -= 1
            if waiting[dependant] == 0:
                ready.append(dependant)
    return [step.id for step in steps if waiting[step.id] > 0]


_FROM_IR: dict[IRStepStatus, StepStatus] = {
    IRStepStatus.PENDING: StepStatus.PENDING,
    IRStepStatus.AWAITING_CONFIRMATION: StepStatus.PENDING,
    IRStepStatus.RUNNING: StepStatus.RUNNING,
    IRStepStatus.WAITING: StepStatus.RUNNING,
    IRStepStatus.RETRYING: StepStatus.RETRYING,
    IRStepStatus.COMPLETED: StepStatus.COMPLETED,
    IRStepStatus.FAILED: StepStatus.FAILED,
    IRStepStatus.CANCELLED: StepStatus.FAILED,
    IRStepStatus.SKIPPED: StepStatus.SKIPPED,
}
"""The executor's nine step states folded into stepchain's six (the exact one is kept in metadata)."""


class StepResult(_SeedModel):
    """What running one step produced."""

    step_id: str
    status: StepStatus
    response_id: str | None = None
    previous_response_id: str | None = None
    output: dict[str, Any] | None = None
    error: str | None = None
    error_type: ErrorType | None = None
    attempt_count: int = Field(1, ge=0)
    started_at: datetime = Field(default_factory=utcnow)
    completed_at: datetime | None = None
    duration_seconds: float | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    def calculate_duration(self) -> None:
        """Set ``duration_seconds`` from the start and completion times (left alone until completed)."""
        if self.completed_at is not None:
            self.duration_seconds = (self.completed_at - self.started_at).total_seconds()

    @classmethod
    def from_step_execution(cls, record: StepExecution, *, clock: Callable[[], datetime] = utcnow) -> StepResult:
        """The stepchain view of an executor step record.

        A non-dict output is wrapped as ``{"content": output}`` (stepchain outputs are objects). A step that
        never started gets ``started_at`` from ``clock``. ``metadata`` keeps what stepchain has no field for:
        ``plankit_status`` (the exact state), and ``iteration`` and ``idempotency_key`` when set.
        """
        output = record.output
        if output is not None and not isinstance(output, dict):
            output = {"content": output}
        metadata: dict[str, Any] = {"plankit_status": record.status.value}
        if record.iteration is not None:
            metadata["iteration"] = record.iteration
        if record.idempotency_key is not None:
            metadata["idempotency_key"] = record.idempotency_key
        ids = output if isinstance(output, dict) else {}
        return cls(
            step_id=record.step_id,
            status=_FROM_IR[record.status],
            # An llm step run by plankit.execute.ModelSteps records these in its output.
            response_id=ids.get("response_id") if isinstance(ids.get("response_id"), str) else None,
            previous_response_id=(
                ids.get("previous_response_id") if isinstance(ids.get("previous_response_id"), str) else None
            ),
            output=output,
            error=record.error,
            error_type=record.error_type,
            attempt_count=record.attempt_count,
            started_at=record.started_at if record.started_at is not None else clock(),
            completed_at=record.completed_at,
            duration_seconds=record.duration_seconds,
            metadata=metadata,
        )
