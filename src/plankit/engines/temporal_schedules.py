"""``cron`` and ``interval`` triggers as Temporal Schedules (``pip install 'plankit[temporal]'``).

A plankit schedule (added with :func:`plankit.schedule.add_schedule`) whose trigger is ``cron`` or
``interval`` can be handed to Temporal: :func:`schedule_on_temporal` creates, or updates in place, the Temporal
Schedule whose id is the plankit schedule's id, and whose action starts the plan's workflow
(:class:`~plankit.engines.temporal.PlanWorkflow`, the request :class:`TemporalEngine` sends). Each run is an
execution of its own, whose id is the workflow's (``<schedule id>-<time>``), mirrored to the store with the
schedule's id. The stored schedule is kept, with ``state["engine"] = "temporal"`` and nothing due, so
plankit's own workers leave it to Temporal. Other triggers stay with plankit's scheduler
(:class:`~plankit.engines.TemporalExecutor` starts a workflow for each fire).

The trigger maps exactly:

* ``cron``: ``expression`` and ``timezone`` → ``ScheduleSpec(cron_expressions=..., time_zone_name=...)`` (an
  expression restricting both day fields becomes two, as plankit ORs them and Temporal would AND them);
* ``interval``: ``every_ms`` → ``ScheduleIntervalSpec(every, offset)``, the offset putting the fire times on
  plankit's ``anchor + k * every_ms`` grid; ``start_at``/``end_at`` → the spec's ``start_at``/``end_at``;
* ``max_runs`` → ``ScheduleState(limited_actions=True, remaining_actions=max_runs - runs so far)``;
* ``overlap``: ``skip`` → ``SKIP``, ``buffer_one`` → ``BUFFER_ONE``, ``allow`` → ``ALLOW_ALL``;
* ``misfire_grace_ms`` → the policy's ``catchup_window`` (how late a missed time may still start).

What differs from plankit's scheduler: the plan is linted when handed over, not again at each fire; after
downtime Temporal starts missed times within the catch-up window (``catch_up`` is not mapped), and Temporal's
own cron evaluation decides daylight-saving edge cases.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..execute import Executor
from ..plan import CronTrigger, Execution, ExecutionStatus, IntervalTrigger, Schedule, ScheduleStatus
from .temporal import WORKFLOW, TemporalEngine, _temporalio, run_options

if TYPE_CHECKING:
    from temporalio.client import Schedule as TemporalSchedule
    from temporalio.client import ScheduleHandle

ENGINE_KEY = "engine"
"""The key in ``Schedule.state`` saying which engine fires the schedule (``"temporal"``)."""
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_OVERLAP = {"skip": "SKIP", "buffer_one": "BUFFER_ONE", "allow": "ALLOW_ALL"}


def temporal_schedule(schedule: Schedule, request: dict[str, Any], task_queue: str) -> TemporalSchedule:
    """The Temporal Schedule for a plankit ``schedule`` with a ``cron`` or ``interval`` trigger, starting
    the plan's workflow with ``request`` (raises ``ValueError`` for any other trigger)."""
    _temporalio()
    from temporalio.client import (
        Schedule as TemporalSchedule,
    )
    from temporalio.client import (
        ScheduleActionStartWorkflow,
        ScheduleIntervalSpec,
        ScheduleOverlapPolicy,
        SchedulePolicy,
        ScheduleSpec,
        ScheduleState,
    )

    trigger = schedule.trigger
    if isinstance(trigger, CronTrigger):
        spec = ScheduleSpec(cron_expressions=cron_expressions(trigger.expression), time_zone_name=trigger.timezone)
    elif isinstance(trigger, IntervalTrigger):
        every = timedelta(milliseconds=trigger.every_ms)
        offset = (schedule.anchor_at - _EPOCH) % every  # Temporal counts from the epoch, plankit from the anchor
        spec = ScheduleSpec(
            intervals=[ScheduleIntervalSpec(every=every, offset=offset)],
            start_at=trigger.start_at,
            end_at=trigger.end_at,
        )
    else:
        raise ValueError(
            f"schedule {schedule.id!r} has a {trigger.type} trigger; only cron and interval triggers become "
            "Temporal Schedules (the others stay with plankit's scheduler: 'plankit worker --engine temporal')"
        )
    remaining = None if trigger.max_runs is None else max(trigger.max_runs - schedule.runs, 0)
    return TemporalSchedule(
        action=ScheduleActionStartWorkflow(WORKFLOW, request, id=schedule.id, task_queue=task_queue),
        spec=spec,
        policy=SchedulePolicy(
            overlap=ScheduleOverlapPolicy[_OVERLAP[trigger.overlap]],
            catchup_window=timedelta(milliseconds=trigger.misfire_grace_ms),
        ),
        state=ScheduleState(
            paused=schedule.status is ScheduleStatus.PAUSED,
            limited_actions=remaining is not None,
            remaining_actions=remaining or 0,
        ),
    )


def cron_expressions(expression: str) -> list[str]:
    """The Temporal cron expressions matching what plankit's cron matches.

    When both day-of-month and day-of-week are restricted, plankit (as Vixie cron) fires on either, while a
    Temporal calendar needs every field to match: the expression becomes two, one per day field, whose union
    is the same set of times.
    """
    minute, hour, day_of_month, month, day_of_week = expression.split()
    if day_of_month == "*" or day_of_week == "*":
        return [expression]
    return [f"{minute} {hour} {day_of_month} {month} *", f"{minute} {hour} * {month} {day_of_week}"]


async def schedule_on_temporal(
    engine: TemporalEngine, schedule_id: str, *, env: dict[str, str] | None = None, jitter: float = 0.1,
    executor: Executor | None = None,
) -> ScheduleHandle:  # fmt: skip
    """Create, or update in place, the Temporal Schedule of the stored plankit schedule ``schedule_id``
    (same id), and leave the stored schedule to Temporal. Idempotent.

    ``env`` is what the plan's ``{{env.*}}`` references may read (already filtered by the policy's
    ``env_allow``, as :class:`TemporalEngine` does). With ``executor``, its runs take env, jitter, policy (the
    run-time guard's), llm-step and replanning settings from it instead, as :meth:`TemporalEngine.start` does.
    Raises ``LookupError`` for an unknown schedule or plan, ``ValueError`` for a trigger other than
    ``cron``/``interval``.
    """
    _temporalio()
    from temporalio.client import ScheduleAlreadyRunningError, ScheduleUpdate, ScheduleUpdateInput

    store = engine.store
    schedule = await store.load_schedule(schedule_id)
    if schedule is None or schedule.status is ScheduleStatus.REMOVED:
        raise LookupError(f"no schedule {schedule_id!r}; 'plankit schedule list' shows them")
    plan = await store.load_plan(schedule.plan_id)
    if plan is None:
        raise LookupError(f"the plan {schedule.plan_id!r} of schedule {schedule_id!r} is not in the store")
    header = Execution(
        execution_id=schedule.id, plan_id=schedule.plan_id, owner=schedule.owner, status=ExecutionStatus.RUNNING,
        plan_revision=plan.revision, schedule_id=schedule.id,
    )  # fmt: skip
    options = (
        run_options(executor) if executor is not None
        else {"env": dict(env or {}), "env_allow": sorted(env or {}), "jitter": jitter}
    )  # fmt: skip
    request = {
        "plan": plan.model_dump(mode="json", by_alias=True, exclude_defaults=True),
        "header": header.model_dump(mode="json"), "scheduled": True, "heartbeat_timeout": engine.heartbeat_timeout,
        **options,
    }  # fmt: skip
    wanted = temporal_schedule(schedule, request, engine.task_queue)
    handle = engine.client.get_schedule_handle(schedule.id)
    try:
        await engine.client.create_schedule(schedule.id, wanted)
    except ScheduleAlreadyRunningError:  # handed over before: bring it up to date (spec, policy, state, plan)

        def replace(_: ScheduleUpdateInput) -> ScheduleUpdate:
            return ScheduleUpdate(schedule=wanted)

        await handle.update(replace)
    # plankit's workers find schedules by due_at: with none, this one is Temporal's alone.
    schedule.state[ENGINE_KEY] = "temporal"
    schedule.due_at = None
    await store.save_schedule(schedule)
    return handle


async def pause_on_temporal(engine: TemporalEngine, schedule_id: str, note: str = "paused by plankit") -> Schedule:
    """Pause the Temporal Schedule and record the plankit schedule ``paused`` (running executions go on)."""
    schedule = await _stored(engine, schedule_id, ScheduleStatus.ACTIVE)
    await engine.client.get_schedule_handle(schedule_id).pause(note=note)
    schedule.status = ScheduleStatus.PAUSED
    await engine.store.save_schedule(schedule)
    return schedule


async def resume_on_temporal(engine: TemporalEngine, schedule_id: str, note: str = "resumed by plankit") -> Schedule:
    """Unpause the Temporal Schedule and record the plankit schedule ``active`` again."""
    schedule = await _stored(engine, schedule_id, ScheduleStatus.PAUSED)
    await engine.client.get_schedule_handle(schedule_id).unpause(note=note)
    schedule.status = ScheduleStatus.ACTIVE
    await engine.store.save_schedule(schedule)
    return schedule


async def remove_on_temporal(engine: TemporalEngine, schedule_id: str) -> Schedule:
    """Delete the Temporal Schedule and record the plankit schedule ``removed`` (kept for the record)."""
    schedule = await _stored(engine, schedule_id, None)
    await engine.client.get_schedule_handle(schedule_id).delete()
    schedule.status = ScheduleStatus.REMOVED
    schedule.due_at = None
    await engine.store.save_schedule(schedule)
    return schedule


async def _stored(engine: TemporalEngine, schedule_id: str, status: ScheduleStatus | None) -> Schedule:
    schedule = await engine.store.load_schedule(schedule_id)
    if schedule is None or schedule.status is ScheduleStatus.REMOVED:
        raise LookupError(f"no schedule {schedule_id!r}; 'plankit schedule list' shows them")
    if schedule.state.get(ENGINE_KEY) != "temporal":
        raise LookupError(f"schedule {schedule_id!r} is run by plankit's scheduler, not Temporal")
    if status is not None and schedule.status is not status:
        raise LookupError(f"schedule {schedule_id!r} is {schedule.status.value}, not {status.value}")
    return schedule
