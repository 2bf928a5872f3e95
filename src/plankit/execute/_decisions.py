"""Answers to confirmation requests: ``approve`` and ``deny`` record a decision any process can read."""

from __future__ import annotations

from .._utils import did_you_mean
from ..plan import ActionNode, StepStatus
from ..store import Decision, Store
from ._kinds import decision_key


async def approve(
    store: Store, execution_id: str, step_id: str, by: str | None = None, iteration: int | None = None
) -> Decision:
    """Approve a step that needs confirmation; ``resume`` then runs it. See :func:`deny`."""
    return await _decide(store, execution_id, step_id, True, by, iteration)


async def deny(
    store: Store, execution_id: str, step_id: str, by: str | None = None, iteration: int | None = None
) -> Decision:
    """Deny a step that needs confirmation: when resumed, it fails (USER_ERROR) under its failure policy.

    Inside a loop, a decision is for one iteration: pass ``iteration``, or leave it out when exactly one
    iteration of the step is awaiting confirmation. Raises ``LookupError`` for an unknown execution and
    ``ValueError`` for a step that is not in the plan or does not ask for confirmation.
    """
    return await _decide(store, execution_id, step_id, False, by, iteration)


async def _decide(
    store: Store, execution_id: str, step_id: str, approved: bool, by: str | None, iteration: int | None
) -> Decision:
    execution = await store.load_execution(execution_id)
    if execution is None:
        raise LookupError(f"no execution {execution_id!r} in the store")
    plan = await store.load_plan(execution.plan_id)
    nodes = plan.nodes_by_id() if plan is not None else {}
    node = nodes.get(step_id)
    if node is None:
        hint = did_you_mean(step_id, nodes)
        raise ValueError(f"step {step_id!r} is not in the plan of {execution_id!r}" + (f"; {hint}" if hint else ""))
    if not (isinstance(node, ActionNode) and node.require_confirmation):
        raise ValueError(f"step {step_id!r} does not ask for confirmation")
    if iteration is None:
        waiting = [
            record.iteration
            for record in execution.steps
            if record.step_id == step_id and record.status is StepStatus.AWAITING_CONFIRMATION
        ]
        if len(waiting) == 1:
            iteration = waiting[0]
    decision = Decision(decision_key(step_id, iteration), approved, by)
    await store.record_decision(execution_id, decision)
    return decision
