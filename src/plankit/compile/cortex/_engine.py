"""The planning engine: prompts, parsing, replanning, state transitions and the finished/blocked verdict."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from ..._utils import did_you_mean, new_id
from ._models import _DONE, ExecutionPlan, PlanningError, PlanState, PlanStep, PlanStepStatus
from ._text import (
    COMPLEXITY_WEIGHTS,
    FIELDS,
    Item,
    build_steps,
    bullets,
    clean_id,
    clip,
    complexity_factors,
    example,
    reply_items,
)


class PlanningEngine:
    """Decomposes goals into plans by the prompt/parse pattern, and tracks their execution.

    ``max_steps`` caps the steps kept from a reply; ``min_steps`` is what the prompt asks for at least (a
    shorter reply is still used: refusing it would only leave the one-step fallback, which is shorter yet).
    ``clock`` (seconds since the epoch) and ``id_factory`` are injectable so plans come out the same in tests.
    """

    def __init__(
        self,
        max_steps: int = 20,
        min_steps: int = 1,
        *,
        clock: Callable[[], float] = time.time,
        id_factory: Callable[[], str] | None = None,
    ):
        if max_steps < 1:
            raise PlanningError(f"max_steps must be at least 1, got {max_steps}")
        if not 1 <= min_steps <= max_steps:
            raise PlanningError(f"min_steps must be between 1 and max_steps ({max_steps}), got {min_steps}")
        self.max_steps = max_steps
        self.min_steps = min_steps
        self._clock = clock
        self._new_id = id_factory or (lambda: new_id("plan_"))

    # ------------------------------------------------------------------------------------ deciding
    def should_plan(self, goal: str, threshold: float = 0.3) -> bool:
        """True when the goal is complex enough to plan: ``estimate_complexity(goal) >= threshold``."""
        return self.estimate_complexity(goal) >= threshold

    def estimate_complexity(self, goal: str) -> float:
        """A deterministic complexity estimate, 0.0 to 1.0, rounded to 4 decimals.

        The weighted sum (:data:`COMPLEXITY_WEIGHTS`) of four factors, each a count over a saturation
        point, capped at 1: length (words / 40), action verbs (distinct :data:`ACTION_VERBS` / 3),
        multi-action keywords (occurrences of :data:`MULTI_ACTION_KEYWORDS` / 3) and structure (list
        items, semicolons and half of each comma, / 4). An empty goal scores 0.0.
        """
        factors = complexity_factors(goal)
        return round(sum(COMPLEXITY_WEIGHTS[name] * value for name, value in factors.items()), 4)

    # ------------------------------------------------------------------------------------- planning
    def build_plan_prompt(self, goal: str, available_tools: list[str], context: str = "") -> str:
        """The prompt asking a model for a plan: a JSON array of steps (its example JSON has no comments)."""
        tools = bullets(available_tools, "(none: plan steps that need no tools)")
        parts = [
            "Break the goal below into the steps needed to reach it.",
            f"Goal: {goal.strip()}",
            f"Available tools (use no others):\n{tools}",
        ]
        if context.strip():
            parts.append(f"Context:\n{context.strip()}")
        parts.append(
            f"Reply with a JSON array of {self.min_steps} to {self.max_steps} steps and nothing else: no prose, "
            f"no comments. Each step is an object with these keys:\n{FIELDS}"
        )
        parts.append(f"Example reply:\n{example(available_tools)}")
        return "\n\n".join(parts) + "\n"

    def parse_plan(self, goal: str, llm_response: str) -> ExecutionPlan:
        """A plan from a model's reply: a JSON array of steps (or an object holding one) first, then a
        numbered or bulleted list of two items or more (its steps run in order), else the single-step plan
        of the goal. JSON may be fenced, surrounded by prose, commented, with trailing commas.

        At most ``max_steps`` steps are kept. Ids are made valid and unique (``step_2``, ``step_2_2``);
        dependencies may name steps by id or by 1-based position; one on a step that does not exist is
        kept, and :meth:`plan_state` reports it.
        """
        items, sequential = reply_items(llm_response)
        if not items:
            return self.create_single_step_plan(goal)
        steps = build_steps(
            items[: self.max_steps], taken=set(), aliases={}, sequential=sequential, by_position=True
        )
        return ExecutionPlan(self._new_id(), goal, steps, self._clock())

    def create_single_step_plan(self, goal: str) -> ExecutionPlan:
        """A plan of one step, ``step_1``, whose description is the goal. An empty goal is an error."""
        if not goal.strip():
            raise PlanningError("the goal is empty, so there is nothing to plan")
        step = PlanStep("step_1", goal.strip(), "The goal is achieved")
        return ExecutionPlan(self._new_id(), goal, [step], self._clock())

    # ----------------------------------------------------------------------------------- replanning
    def build_replan_prompt(self, plan: ExecutionPlan, failure_reason: str, context: str = "") -> str:
        """The prompt asking for the steps still to do: completed steps with their results, failed steps
        with their errors, the steps left, and the reason; completed step ids are off limits for new steps."""
        kept = [step for step in plan.steps if step.status in _DONE]
        left = [step for step in plan.steps if step.status not in _DONE and step.status is not PlanStepStatus.FAILED]
        tools = sorted({tool for step in plan.steps for tool in step.tools_needed})
        parts = [
            "A plan for the goal below failed. Plan the steps still needed to reach the goal.",
            f"Goal: {plan.goal.strip()}",
            "Completed steps (done: never repeat them):\n"
            + bullets((_done_line(step) for step in kept), "(none)"),
            "Failed steps:\n" + bullets((_failed_line(step) for step in plan.get_failed_steps()), "(none)"),
            "Steps not done yet (replace them as needed):\n"
            + bullets((f"{step.step_id}: {step.description}" for step in left), "(none)"),
            f"Why the plan failed: {failure_reason.strip() or 'not given'}",
        ]
        if context.strip():
            parts.append(f"Context:\n{context.strip()}")
        if tools:
            parts.append("Tools the plan uses:\n" + bullets(tools, ""))
        taken = ", ".join(step.step_id for step in kept) or "none"
        parts.append(
            f"Reply with a JSON array of at most {self.max_steps} new steps and nothing else: no prose, no "
            f"comments. Each step is an object with these keys:\n{FIELDS}\n"
            f"A new step may depend on a completed step by its step_id. Give new steps ids not already "
            f"taken by completed steps ({taken})."
        )
        parts.append(f"Example reply:\n{example(tools, (step.step_id for step in kept))}")
        return "\n\n".join(parts) + "\n"

    def parse_replan(self, original_plan: ExecutionPlan, llm_response: str) -> ExecutionPlan:
        """The revised plan: completed and skipped steps kept verbatim, then the reply's steps.

        ``revised_count`` goes up by one; the plan id, goal and creation time stay. A reply step that
        repeats a kept step (same id and description) is dropped; any other step whose id a kept step
        has is renamed (``design_2``), and the reply's own dependencies follow the rename. A reply with
        no steps falls back to one step: the goal. The original plan is not modified.
        """
        kept = [_copy_step(step) for step in original_plan.steps if step.status in _DONE]
        by_id = {step.step_id: step for step in kept}
        aliases = {step_id: step_id for step_id in by_id}
        items, sequential = reply_items(llm_response)
        fresh: list[Item] = []
        for item in items:
            repeated = by_id.get(clean_id(item.raw_id) or "")
            if repeated is not None and repeated.description.strip() == item.description.strip():
                aliases[item.raw_id or repeated.step_id] = repeated.step_id
            else:
                fresh.append(item)
        if not items:
            fresh = [Item(None, original_plan.goal.strip() or "Reach the goal", "The goal is achieved")]
        steps = build_steps(
            fresh[: self.max_steps], taken=set(by_id), aliases=aliases, sequential=sequential, by_position=False
        )
        return ExecutionPlan(
            original_plan.plan_id,
            original_plan.goal,
            kept + steps,
            original_plan.created_at,
            original_plan.revised_count + 1,
        )

    # ------------------------------------------------------------------------------------ executing
    def get_next_step(self, plan: ExecutionPlan) -> PlanStep | None:
        """The first pending step whose dependencies are all completed or skipped; None when no step can
        start now (all done, the rest running, or the plan blocked: see :meth:`plan_state`)."""
        status = _status_by_id(plan)
        for step in plan.steps:
            if step.status is PlanStepStatus.PENDING and all(status.get(dep) in _DONE for dep in step.dependencies):
                return step
        return None

    def mark_step_running(self, plan: ExecutionPlan, step_id: str) -> PlanStep:
        """pending -> running. The step's dependencies must all be completed or skipped."""
        step = _find(plan, step_id, PlanStepStatus.PENDING, "start")
        status = _status_by_id(plan)
        for dep in step.dependencies:
            if status.get(dep) not in _DONE:
                where = status[dep].value if dep in status else "not in the plan"
                raise PlanningError(f"step {step_id!r} can't start: it depends on {dep!r}, which is {where}")
        step.status = PlanStepStatus.RUNNING
        return step

    def mark_step_completed(self, plan: ExecutionPlan, step_id: str, result: str | None = None) -> PlanStep:
        """running -> completed, recording the result (and clearing the error of earlier attempts)."""
        step = _find(plan, step_id, PlanStepStatus.RUNNING, "complete")
        step.status, step.result, step.error = PlanStepStatus.COMPLETED, result, None
        return step

    def mark_step_failed(self, plan: ExecutionPlan, step_id: str, error: str, *, retryable: bool = True) -> PlanStep:
        """running -> pending again while retries are left (``retry_count`` goes up), else -> failed.

        ``retryable=False`` fails the step at once (an input error that a retry can't fix).
        """
        step = _find(plan, step_id, PlanStepStatus.RUNNING, "fail")
        step.error = error
        if retryable and step.retry_count < step.max_retries:
            step.retry_count += 1
            step.status = PlanStepStatus.PENDING
        else:
            step.status = PlanStepStatus.FAILED
        return step

    def mark_step_skipped(self, plan: ExecutionPlan, step_id: str) -> PlanStep:
        """pending -> skipped: left out on purpose; its dependants may still run."""
        step = _find(plan, step_id, PlanStepStatus.PENDING, "skip")
        step.status = PlanStepStatus.SKIPPED
        return step

    def plan_state(self, plan: ExecutionPlan) -> PlanState:
        """``finished``, ``running`` (a step runs or can start) or ``blocked``, with the reason: every
        failed step, every dependency on a missing step, every dependency cycle."""
        if plan.is_complete:
            return PlanState("finished", _finished_reason(plan))
        running = [step.step_id for step in plan.steps if step.status is PlanStepStatus.RUNNING]
        if running:
            return PlanState("running", f"running: {', '.join(running)}")
        ready = self.get_next_step(plan)
        if ready is not None:
            return PlanState("running", f"next: {ready.step_id}")
        pending = tuple(step.step_id for step in plan.steps if step.status is PlanStepStatus.PENDING)
        return PlanState("blocked", "; ".join(_block_causes(plan)), pending)


def _copy_step(step: PlanStep) -> PlanStep:
    return replace(step, tools_needed=list(step.tools_needed), dependencies=list(step.dependencies))


def _status_by_id(plan: ExecutionPlan) -> dict[str, PlanStepStatus]:
    status: dict[str, PlanStepStatus] = {}
    for step in plan.steps:
        status.setdefault(step.step_id, step.status)
    return status


def _find(plan: ExecutionPlan, step_id: str, expected: PlanStepStatus, verb: str) -> PlanStep:
    step = next((step for step in plan.steps if step.step_id == step_id), None)
    if step is None:
        hint = did_you_mean(step_id, (step.step_id for step in plan.steps))
        raise PlanningError(f"plan {plan.plan_id} has no step {step_id!r}" + (f"; {hint}" if hint else ""))
    if step.status is not expected:
        raise PlanningError(
            f"can't {verb} step {step_id!r}: it is {step.status.value} (only a {expected.value} step can {verb})"
        )
    return step


def _done_line(step: PlanStep) -> str:
    line = f"{step.step_id}: {step.description}"
    return line + (f" -> result: {clip(step.result)}" if step.result else "")


def _failed_line(step: PlanStep) -> str:
    error = clip(step.error or "no error message")
    return f"{step.step_id}: {step.description} -> error: {error} (after {step.retry_count} retries)"


def _finished_reason(plan: ExecutionPlan) -> str:
    if not plan.steps:
        return "the plan has no steps"
    skipped = sum(step.status is PlanStepStatus.SKIPPED for step in plan.steps)
    return f"all {len(plan.steps)} steps done" + (f" ({skipped} skipped)" if skipped else "")


def _block_causes(plan: ExecutionPlan) -> list[str]:
    """Why no pending step can ever start: failed steps, dependencies on missing steps, then cycles among
    the pending steps that neither explains (each such step waits on another, so they must loop)."""
    status = _status_by_id(plan)
    causes = [f"step {step.step_id!r} failed: {step.error or 'no error message'}" for step in plan.get_failed_steps()]
    pending = [step for step in plan.steps if step.status is PlanStepStatus.PENDING]
    explained: set[str] = set()
    dependants: dict[str, list[str]] = {}
    for step in pending:
        for dep in step.dependencies:
            if dep not in status:
                causes.append(f"step {step.step_id!r} depends on missing step {dep!r}")
                explained.add(step.step_id)
            elif status[dep] is PlanStepStatus.FAILED:
                explained.add(step.step_id)
            elif status[dep] is PlanStepStatus.PENDING:
                dependants.setdefault(dep, []).append(step.step_id)
    stack = list(explained)
    while stack:
        for dependant in dependants.get(stack.pop(), []):
            if dependant not in explained:
                explained.add(dependant)
                stack.append(dependant)
    causes.extend(_cycles([step for step in pending if step.step_id not in explained]))
    return causes


def _cycles(stuck: list[PlanStep]) -> list[str]:
    """One cycle per tangle of steps that wait on each other, found by following waits until one repeats."""
    stuck_ids = {step.step_id for step in stuck}
    waits_on = {step.step_id: [dep for dep in step.dependencies if dep in stuck_ids] for step in stuck}
    visited: set[str] = set()
    cycles: list[str] = []
    for step in stuck:
        path: list[str] = []
        position: dict[str, int] = {}
        node: str | None = step.step_id
        while node is not None and node not in visited:
            visited.add(node)
            position[node] = len(path)
            path.append(node)
            node = waits_on[node][0] if waits_on[node] else None
        if node is not None and node in position:
            cycles.append("dependency cycle: " + " -> ".join([*path[position[node] :], node]))
    return cycles
