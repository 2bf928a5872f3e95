"""Managing schedules: add (lint first), pause, resume, remove, fire by hand, and preview fire times.

These are the operations behind ``plankit schedule ...``; the worker that fires schedules is
:class:`~plankit.schedule.Scheduler`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from .._utils import new_id
from ..errors import PlanRefusedError, PlanStatusError
from ..execute import Executor
from ..plan import (
    CronTrigger,
    Execution,
    ExecutionStatus,
    Fire,
    FireStatus,
    ImmediateTrigger,
    Plan,
    PlanStatus,
    Schedule,
    ScheduleStatus,
    Trigger,
    fire_execution_id,
    fire_key,
    transition_path,
)
from ..store import Store
from ._timing import fire_times, first_fire, next_fire_after

MANUAL_FIRE_LEASE = timedelta(seconds=60)
"""A fire made by hand is due for workers only this long after it was recorded: the process that made it
runs it first, and a worker takes it over only if that process died."""


class ScheduleError(LookupError):
    """A schedule that doesn't exist, or can't do what was asked in its state (the message says which)."""


@dataclass(frozen=True)
class FirePreview:
    """One upcoming fire time, in UTC and in the trigger's own time zone."""

    at: datetime
    local: datetime


def trigger_zone(trigger: Trigger | None) -> ZoneInfo:
    """The time zone a trigger is written in (a cron trigger's ``timezone``; UTC otherwise)."""
    return ZoneInfo(trigger.timezone if isinstance(trigger, CronTrigger) else "UTC")


def preview(trigger: Trigger, *, after: datetime, count: int, anchor: datetime | None = None) -> list[FirePreview]:
    """The next ``count`` fire times after ``after`` (an unscheduled plan is previewed as if added then)."""
    zone = trigger_zone(trigger)
    start = anchor or after
    first = first_fire(trigger, start)
    times: list[datetime] = []
    if first is not None and first >= after:
        times.append(first)
    if len(times) < count:
        times += fire_times(
            trigger, times[-1] if times else after, anchor=start, runs=len(times), count=count - len(times)
        )
    return [FirePreview(moment, moment.astimezone(zone)) for moment in times]


async def add_schedule(
    store: Store,
    executor: Executor,
    plan: Plan,
    *,
    owner: str | None = None,
    ids: Callable[[str], str] = new_id,
) -> Schedule:
    """Lint ``plan`` with the executor's policy and tools, store it ``scheduled``, and return its schedule.

    Raises :class:`~plankit.errors.PlanRefusedError` (nothing stored) when the plan has lint errors, and
    ``ValueError`` when it has no trigger.
    """
    if plan.trigger is None:
        raise ValueError("the plan has no trigger; add one (time, interval, cron, ...) or run it with 'plankit run'")
    result = executor.check(plan)
    if not result.valid:
        raise PlanRefusedError("the plan was refused; nothing was scheduled", result)
    now = executor.clock.now()
    stored = plan.model_copy(update={"owner": owner or plan.owner})
    path = transition_path(stored.status, PlanStatus.SCHEDULED)
    if path is None:
        raise PlanStatusError(f"a {stored.status.value} plan can't be scheduled; schedule a copy of it")
    for status in path:
        stored.status = status
    plan_id = await store.save_plan(stored)
    trigger = plan.trigger
    anchor = getattr(trigger, "start_at", None) or now
    first = first_fire(trigger, now)
    schedule = Schedule(
        id=ids("sched_"),
        plan_id=plan_id,
        owner=stored.owner,
        trigger=trigger,
        created_at=now,
        anchor_at=anchor,
        next_fire_at=first,
        due_at=first,
        status=ScheduleStatus.ACTIVE if first is not None or not _time_based(trigger) else ScheduleStatus.COMPLETED,
    )
    if not _time_based(trigger):
        # Market and chain triggers are polled by their feeds: due at once, then every poll.
        schedule.due_at = now
    await store.save_schedule(schedule)
    return schedule


def _time_based(trigger: Trigger) -> bool:
    return trigger.type in ("time", "interval", "cron", "immediate")


async def get_schedule(store: Store, schedule_id: str) -> Schedule:
    """The schedule, or :class:`ScheduleError` naming the closest existing id."""
    schedule = await store.load_schedule(schedule_id)
    if schedule is None or schedule.status is ScheduleStatus.REMOVED:
        raise ScheduleError(f"no schedule {schedule_id!r}; 'plankit schedule list' shows them")
    return schedule


async def pause_schedule(store: Store, schedule_id: str) -> Schedule:
    """Stop firing (fires that come due while paused are not run later); running executions go on."""
    schedule = await get_schedule(store, schedule_id)
    if schedule.status is not ScheduleStatus.ACTIVE:
        raise ScheduleError(f"schedule {schedule_id!r} is {schedule.status.value}, not active")
    schedule.status = ScheduleStatus.PAUSED
    await store.save_schedule(schedule)
    return schedule


async def resume_schedule(store: Store, schedule_id: str, now: datetime) -> Schedule:
    """Fire again from now on: fire times that passed while paused are skipped, not caught up."""
    schedule = await get_schedule(store, schedule_id)
    if schedule.status is not ScheduleStatus.PAUSED:
        raise ScheduleError(f"schedule {schedule_id!r} is {schedule.status.value}, not paused")
    schedule.status = ScheduleStatus.ACTIVE
    if _time_based(schedule.trigger) and not isinstance(schedule.trigger, ImmediateTrigger):
        if schedule.next_fire_at is not None and schedule.next_fire_at < now and schedule.trigger.type != "time":
            schedule.next_fire_at = next_fire_after(
                schedule.trigger, now, anchor=schedule.anchor_at, runs=schedule.runs
            )
        schedule.due_at = schedule.next_fire_at
    else:
        schedule.due_at = now
    if schedule.due_at is None and schedule.buffered_at is None:
        schedule.status = ScheduleStatus.COMPLETED
    await store.save_schedule(schedule)
    return schedule


async def remove_schedule(store: Store, schedule_id: str) -> Schedule:
    """Stop the schedule for good (kept, with its fires, for the record; hidden from ``list``)."""
    schedule = await get_schedule(store, schedule_id)
    schedule.status = ScheduleStatus.REMOVED
    schedule.due_at = None
    await store.save_schedule(schedule)
    return schedule


async def fire_now(store: Store, schedule_id: str, now: datetime) -> Fire:
    """Record one fire of the schedule now, by hand, with a pending execution (whatever its overlap policy:
    the user asked). The caller runs it (``Executor.resume``); a worker takes it over if the caller dies."""
    schedule = await get_schedule(store, schedule_id)
    key = fire_key(schedule.id, now)
    fire = Fire(
        key=key,
        schedule_id=schedule.id,
        nominal_at=now,
        status=FireStatus.STARTED,
        recorded_at=now,
        execution_id=fire_execution_id(key),
        reason="fired by hand",
    )
    plan = await store.load_plan(schedule.plan_id)
    if plan is None:
        raise ScheduleError(f"the plan {schedule.plan_id!r} of schedule {schedule_id!r} is gone")
    execution = pending_execution(schedule, plan, fire, now + MANUAL_FIRE_LEASE)
    schedule.last_execution_id = fire.execution_id
    if not await store.commit_fire(schedule, [fire], [execution]):
        raise ScheduleError(f"schedule {schedule_id!r} was already fired at {now.isoformat()}")
    return fire


def pending_execution(schedule: Schedule, plan: Plan, fire: Fire, due: datetime) -> Execution:
    """The execution a fire starts, before it runs: pending, due for workers at ``due``."""
    assert fire.execution_id is not None
    return Execution(
        execution_id=fire.execution_id,
        plan_id=schedule.plan_id,
        owner=schedule.owner,
        status=ExecutionStatus.PENDING,
        plan_revision=plan.revision,
        wake_at=due,
        schedule_id=schedule.id,
    )
