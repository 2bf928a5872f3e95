"""The plan's side of an execution: its status (the seed's PlanStatus) and its checkpoint.

A plan run directly goes ``draft → validated → running`` when it starts and ends ``completed``, ``failed``,
``cancelled`` or ``paused`` with its execution. A plan run by a schedule is moved back to ``scheduled``
(or to its final status, when the schedule is done) by the scheduler, which knows whether more fires come.
"""

from __future__ import annotations

import logging
from datetime import datetime

from ..errors import PlanStatusError
from ..plan import (
    Execution,
    ExecutionCheckpoint,
    ExecutionStatus,
    Plan,
    PlanStatus,
    StepStatus,
    transition_path,
)
from ..store import Store
from ._state import set_fields

logger = logging.getLogger("plankit.execute")

PLAN_STATUS_OF: dict[ExecutionStatus, PlanStatus] = {
    ExecutionStatus.PENDING: PlanStatus.RUNNING,
    ExecutionStatus.RUNNING: PlanStatus.RUNNING,
    ExecutionStatus.PAUSED: PlanStatus.PAUSED,
    ExecutionStatus.WAITING: PlanStatus.PAUSED,
    ExecutionStatus.COMPLETED: PlanStatus.COMPLETED,
    ExecutionStatus.FAILED: PlanStatus.FAILED,
    ExecutionStatus.CANCELLED: PlanStatus.CANCELLED,
}
"""The plan status an execution status implies."""

_FINAL = frozenset({PlanStatus.COMPLETED, PlanStatus.FAILED, PlanStatus.CANCELLED})


def plan_ready_to_run(plan: Plan) -> Plan:
    """A copy of ``plan`` moved to ``running`` through legal transitions (a lint-clean draft is validated on
    the way); raises :class:`~plankit.errors.PlanStatusError` for a plan that can't run again."""
    path = transition_path(plan.status, PlanStatus.RUNNING)
    if path is None:
        raise PlanStatusError(
            f"plan {plan.id or plan.name or ''!r} is {plan.status.value} and can't run again; "
            "run a copy of it (without its 'status' and 'id')"
        )
    copy = plan.model_copy()
    for status in path:
        copy.status = status
    return copy


async def follow_execution(store: Store, plan: Plan, execution: Execution) -> None:
    """Move the stored plan's status along with its execution's (legal transitions only).

    A scheduled execution that ended leaves the plan to the scheduler: more fires may come.
    """
    target = PLAN_STATUS_OF[execution.status]
    if execution.schedule_id is not None and target in _FINAL:
        return
    path = transition_path(plan.status, target)
    if path is None:
        logger.warning("plan %s stays %s: it can't become %s", plan.id, plan.status.value, target.value)
        return
    if not path:
        return
    for status in path:
        plan.status = status
    assert plan.id is not None
    await store.set_plan_status(plan.id, target)


def checkpoint_of(execution: Execution, now: datetime) -> ExecutionCheckpoint:
    """The seed's ExecutionCheckpoint of an execution: where it stands and the results so far."""
    steps = execution.steps
    current = next((record.step_id for record in reversed(steps) if record.status is not StepStatus.COMPLETED), None)
    paused = execution.status in (ExecutionStatus.PAUSED, ExecutionStatus.WAITING)
    checkpoint = ExecutionCheckpoint(
        execution_id=execution.execution_id,
        plan_id=execution.plan_id,
        owner=execution.owner,
        current_node_id=current,
        status="paused" if paused else "running",
        started_at=execution.started_at or now,
        updated_at=now,
    )
    # The records and their results are typed already: set as validating them would (the same records, the same
    # (step id, output) pairs), without validating every record again and copying every pair (at each run's end).
    results = [(record.step_id, record.output) for record in steps if record.status is StepStatus.COMPLETED]
    set_fields(checkpoint, step_results=results, steps=list(steps))
    return checkpoint
