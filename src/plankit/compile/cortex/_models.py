"""The corteX data model: step and plan dataclasses, their state, and their conversion to and from the IR."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from typing import Any, Literal

from ..._utils import new_id
from ...errors import FormatProblem, PlanFormatError, PlankitError
from ...plan import ActionNode, LlmNode, Plan, RetryPolicy, plan_from_data


class PlanningError(PlankitError, ValueError):
    """The engine was asked for something it can't do: a transition the step's status does not allow,
    a step id the plan does not have, a plan for an empty goal."""


class PlanStepStatus(str, Enum):
    """Where a step stands."""

    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    SKIPPED = "skipped"


_DONE = (PlanStepStatus.COMPLETED, PlanStepStatus.SKIPPED)
"""Statuses that satisfy a dependency: a skipped step was left out on purpose, so its dependants may run."""


@dataclass
class PlanStep:
    """One executable step of an :class:`ExecutionPlan`."""

    step_id: str
    description: str
    expected_outcome: str = ""
    tools_needed: list[str] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)
    status: PlanStepStatus = PlanStepStatus.PENDING
    retry_count: int = 0
    """Retries used so far (a failed attempt that is retried counts one)."""
    max_retries: int = 2
    """Retries allowed after the first attempt (2 means three attempts in all)."""
    result: str | None = None
    error: str | None = None


@dataclass
class ExecutionPlan:
    """A goal decomposed into steps, with their run-time state."""

    plan_id: str
    goal: str
    steps: list[PlanStep] = field(default_factory=list)
    created_at: float = field(default_factory=time.time)
    """Creation time, seconds since the Unix epoch."""
    revised_count: int = 0

    @property
    def current_step_index(self) -> int:
        """Index of the first step that is running or pending; ``len(steps)`` when there is none."""
        for index, step in enumerate(self.steps):
            if step.status in (PlanStepStatus.RUNNING, PlanStepStatus.PENDING):
                return index
        return len(self.steps)

    @property
    def is_complete(self) -> bool:
        """True when every step is completed or skipped (an empty plan is complete)."""
        return all(step.status in _DONE for step in self.steps)

    @property
    def progress(self) -> float:
        """The share of steps completed or skipped, 0.0 to 1.0 (1.0 for an empty plan)."""
        if not self.steps:
            return 1.0
        return sum(step.status in _DONE for step in self.steps) / len(self.steps)

    def get_completed_steps(self) -> list[PlanStep]:
        """The completed steps, in plan order."""
        return [step for step in self.steps if step.status is PlanStepStatus.COMPLETED]

    def get_failed_steps(self) -> list[PlanStep]:
        """The failed steps (retries exhausted), in plan order."""
        return [step for step in self.steps if step.status is PlanStepStatus.FAILED]

    def to_summary(self) -> str:
        """A short text report: goal, progress, and one line per step (``[x]`` done, ``[!]`` failed...)."""
        done = sum(step.status in _DONE for step in self.steps)
        lines = [
            f"Plan {self.plan_id}: {self.goal}",
            f"Progress: {done}/{len(self.steps)} steps ({self.progress:.0%}), revision {self.revised_count}",
        ]
        for step in self.steps:
            line = f"  {_MARKS[step.status]} {step.step_id}: {step.description}"
            if step.dependencies:
                line += f" (after {', '.join(step.dependencies)})"
            if step.status is PlanStepStatus.FAILED:
                line += f" - failed: {step.error or 'no error message'}"
            lines.append(line)
        return "\n".join(lines)

    def to_plan(self) -> Plan:
        """The plan as IR: one ``llm`` node per step, run-time state in each node's ``metadata``.

        ``description`` becomes the prompt, ``tools_needed`` the tools, ``max_retries`` a ``retry`` policy
        (``max_attempts = max_retries + 1``; none when 0), ``revised_count`` the revision. Raises
        :class:`~plankit.errors.PlanFormatError` when a step can't be an IR node (an empty description, an
        id the IR refuses, duplicate ids).
        """
        stamp = datetime.fromtimestamp(self.created_at, UTC)
        data: dict[str, Any] = {
            "id": self.plan_id,
            "goal": self.goal,
            "created_at": stamp.isoformat(),
            "revision": self.revised_count,
            "steps": [_step_to_node(step) for step in self.steps],
        }
        if stamp.timestamp() != self.created_at:  # microseconds can't hold every float: keep the exact one
            data["meta"] = {_META_KEY: {"created_at": self.created_at}}
        return plan_from_data(data, source=f"execution plan {self.plan_id}")

    @classmethod
    def from_plan(cls, plan: Plan) -> ExecutionPlan:
        """The corteX view of a flat IR plan whose top-level steps are ``llm`` or ``action`` nodes.

        The inverse of :meth:`to_plan`. An ``action`` node becomes a step needing its tool, described by its
        label (or ``Call TOOL``). Composite nodes have no corteX equivalent: a
        :class:`~plankit.errors.PlanFormatError` names them.
        """
        steps = [_node_to_step(node, index) for index, node in enumerate(plan.steps)]
        exact = plan.meta.get(_META_KEY, {}).get("created_at") if isinstance(plan.meta.get(_META_KEY), dict) else None
        if isinstance(exact, int | float) and not isinstance(exact, bool):
            created_at = float(exact)
        else:
            created_at = plan.created_at.timestamp() if plan.created_at is not None else time.time()
        return cls(
            plan_id=plan.id or new_id("plan_"),
            goal=plan.goal or plan.name or "",
            steps=steps,
            created_at=created_at,
            revised_count=plan.revision,
        )


_MARKS = {
    PlanStepStatus.PENDING: "[ ]",
    PlanStepStatus.RUNNING: "[>]",
    PlanStepStatus.COMPLETED: "[x]",
    PlanStepStatus.FAILED: "[!]",
    PlanStepStatus.SKIPPED: "[-]",
}
_META_KEY = "cortex"


def _step_to_node(step: PlanStep) -> dict[str, Any]:
    node: dict[str, Any] = {
        "id": step.step_id,
        "type": "llm",
        "prompt": step.description,
        "tools": list(step.tools_needed),
        "expected_outcome": step.expected_outcome,
        "depends_on": list(step.dependencies),
        "metadata": {
            "status": step.status.value,
            "retry_count": step.retry_count,
            "result": step.result,
            "error": step.error,
        },
    }
    if step.max_retries != 0:  # a negative count reaches the IR, whose error names the step
        node["on_failure"] = {"strategy": "retry", "max_attempts": step.max_retries + 1}
    return node


def _node_to_step(node: Any, index: int) -> PlanStep:
    where = f"$.steps[{index}]"
    if isinstance(node, LlmNode):
        description, tools, expected = node.prompt, list(node.tools), node.expected_outcome or ""
    elif isinstance(node, ActionNode):
        description, tools = node.label or f"Call {node.tool}", [node.tool]
        expected = str(node.metadata.get("expected_outcome", ""))
    else:
        raise PlanFormatError(
            "an execution plan holds only llm and action steps",
            [FormatProblem(where, f"step {node.id!r} is a {node.type} node", "flatten the plan first")],
        )
    policy = node.on_failure
    max_retries = policy.max_attempts - 1 if isinstance(policy, RetryPolicy) else 0
    return PlanStep(
        step_id=node.id,
        description=description,
        expected_outcome=expected,
        tools_needed=tools,
        dependencies=list(node.depends_on),
        status=_status_of(node.metadata.get("status"), where),
        retry_count=_retry_count_of(node.metadata.get("retry_count"), where),
        max_retries=max_retries,
        result=_text_or_none(node.metadata.get("result")),
        error=_text_or_none(node.metadata.get("error")),
    )


def _status_of(value: Any, where: str) -> PlanStepStatus:
    if value is None:
        return PlanStepStatus.PENDING
    try:
        return PlanStepStatus(str(value).lower())
    except ValueError:
        choices = ", ".join(status.value for status in PlanStepStatus)
        raise PlanFormatError(
            "invalid step state", [FormatProblem(f"{where}.metadata.status", f"unknown status {value!r}", choices)]
        ) from None


def _retry_count_of(value: Any, where: str) -> int:
    if value is None:
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise PlanFormatError(
        "invalid step state",
        [FormatProblem(f"{where}.metadata.retry_count", f"expected a count of 0 or more, got {value!r}")],
    )


def _text_or_none(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True)
class PlanState:
    """Whether a plan can go on: ``running`` (a step runs or can start), ``finished`` (every step completed
    or skipped) or ``blocked`` (nothing can ever start again), with a one-line reason."""

    state: Literal["running", "finished", "blocked"]
    reason: str
    blocked_steps: tuple[str, ...] = ()
    """Pending steps that can never start (for ``blocked``)."""
