"""Answers to confirmation requests: ``approve`` and ``deny`` record a decision any process can read.

Decisions are write-once and only for a step the run is waiting on: a step that is not awaiting
confirmation is refused (:class:`~plankit.errors.DecisionError`), and a second answer for a step that
already has one is refused by the store (:class:`~plankit.errors.DecisionExistsError`, naming who decided
what and when). The first answer stays in the store as the audit record.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from .._utils import did_you_mean, utcnow
from ..errors import DecisionError
from ..plan import ActionNode, StepExecution, StepStatus
from ..store import Decision, Store
from ..store._base import already_decided
from ._kinds import decision_key


async def approve(
    store: Store,
    execution_id: str,
    step_id: str,
    by: str | None = None,
    iteration: int | None = None,
    *,
    reason: str | None = None,
    now: Callable[[], datetime] = utcnow,
) -> Decision:
    """Approve a step that awaits confirmation; ``resume`` then runs it. See :func:`deny`."""
    return await _decide(store, execution_id, step_id, True, by, iteration, reason, now)


async def deny(
    store: Store,
    execution_id: str,
    step_id: str,
    by: str | None = None,
    iteration: int | None = None,
    *,
    reason: str | None = None,
    now: Callable[[], datetime] = utcnow,
) -> Decision:
    """Deny a step that awaits confirmation: when resumed, it fails (USER_ERROR) under its failure policy.

    Inside a loop, a decision is for one iteration: pass ``iteration``, or leave it out when exactly one
    iteration of the step is awaiting confirmation. Raises ``LookupError`` for an unknown execution,
    ``ValueError`` for a step that is not in the plan or does not ask for confirmation,
    :class:`~plankit.errors.DecisionError` for a step that is not awaiting a decision and
    :class:`~plankit.errors.DecisionExistsError` for one that was decided already.
    """
    return await _decide(store, execution_id, step_id, False, by, iteration, reason, now)


async def _decide(
    store: Store,
    execution_id: str,
    step_id: str,
    approved: bool,
    by: str | None,
    iteration: int | None,
    reason: str | None,
    now: Callable[[], datetime],
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
    record = _record_to_decide(execution.steps, execution_id, step_id, iteration)
    key = decision_key(step_id, iteration if record is None else record.iteration, _round(record))
    existing = await store.load_decision(execution_id, key)
    if existing is not None:
        raise already_decided(execution_id, existing)
    if record is None or record.status is not StepStatus.AWAITING_CONFIRMATION:
        status = "not started yet" if record is None else record.status.value.replace("_", " ")
        raise DecisionError(
            f"step {step_id!r} of execution {execution_id} is not awaiting a decision (it is {status}); "
            "only a step the run paused on can be approved or denied"
        )
    return await store.record_decision(execution_id, Decision(key, approved, by, decided_at=now(), reason=reason))


def _record_to_decide(
    records: list[StepExecution], execution_id: str, step_id: str, iteration: int | None
) -> StepExecution | None:
    """The record a decision is for: the given iteration's, the one awaiting confirmation, or the latest."""
    mine = [record for record in records if record.step_id == step_id]
    if iteration is not None:
        return next((record for record in mine if record.iteration == iteration), None)
    waiting = [record for record in mine if record.status is StepStatus.AWAITING_CONFIRMATION]
    if len(waiting) > 1:
        listed = ", ".join(str(record.iteration) for record in waiting)
        raise DecisionError(
            f"step {step_id!r} of execution {execution_id} awaits decisions in iterations {listed}; say which one"
        )
    if waiting:
        return waiting[0]
    return mine[-1] if mine else None


def _round(record: StepExecution | None) -> int:
    return 0 if record is None else record.requeued
