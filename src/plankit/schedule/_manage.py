"""Managing schedules: add (lint first), pause, resume, remove, fire by hand, and preview fire times.

These are the operations behind ``plankit schedule ...``; the worker that fires schedules is
:class:`~plankit.schedule.Scheduler`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from .._utils import new_id, utcnow
from ..errors import PlanRefusedError, PlanStatusError
from ..execute import Executor, default_worker_id
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
    TimeTrigger,
    Trigger,
    fire_execution_id,
    fire_key,
    transition_path,
)
from ..store import Store
from ._timing import fire_times, first_fire, next_fire_after

MANUAL_SUFFIX = "!manual"
"""Ends the key of a fire made by hand."""
HOLD_LEASE = timedelta(seconds=10)
CLAIM_ATTEMPTS = 50
CLAIM_PAUSE = 0.1
"""A command waits up to ~5 s for a worker that is deciding the schedule (a decision takes milliseconds)."""

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
    checked = result.apply_to(plan) if result.validation is not None else plan
    stored = checked.model_copy(update={"owner": owner or plan.owner})
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


@asynccontextmanager
async def _holding(store: Store, schedule_id: str, now: datetime) -> AsyncIterator[Schedule]:
    """Hold the schedule's lease (as a worker does while deciding it) and yield it fresh from the store.

    A change made under the lease can't interleave with a worker's decision: writing back a copy read
    before the worker committed would undo its fire and stall the schedule. The caller commits with
    ``commit_fire``, which releases the lease.
    """
    await get_schedule(store, schedule_id)  # a clear message for an unknown id
    owner = f"cli:{default_worker_id()}"
    holder = None
    for _ in range(CLAIM_ATTEMPTS):
        holder = await store.claim_schedule(schedule_id, owner, now + HOLD_LEASE, now)
        if holder is None:
            break
        await asyncio.sleep(CLAIM_PAUSE)
    else:
        who = holder.owner if holder is not None else "a worker"
        raise ScheduleError(f"schedule {schedule_id!r} is being decided by {who}; try again in a moment")
    try:
        yield await get_schedule(store, schedule_id)
    except BaseException:
        fresh = await store.load_schedule(schedule_id)
        if fresh is not None:
            await store.commit_fire(fresh, [])  # let go, changing nothing
        raise


async def pause_schedule(store: Store, schedule_id: str, now: datetime | None = None) -> Schedule:
    """Stop firing; running executions go on. On resume, fire times that passed meanwhile are not caught up
    (a ``time`` trigger still fires within its misfire grace). Idempotent: a paused schedule is returned as it
    is; a completed one is a :class:`ScheduleError`."""
    async with _holding(store, schedule_id, now or utcnow()) as schedule:
        if schedule.status is ScheduleStatus.PAUSED:
            await store.commit_fire(schedule, [])  # already so: let go, changing nothing
            return schedule
        if schedule.status is not ScheduleStatus.ACTIVE:
            raise ScheduleError(f"schedule {schedule_id!r} is {schedule.status.value}, not active")
        schedule.status = ScheduleStatus.PAUSED
        await store.commit_fire(schedule, [])
    return schedule


async def resume_schedule(store: Store, schedule_id: str, now: datetime | None = None) -> Schedule:
    """Fire again from now on: fire times that passed while paused are skipped, not caught up. Idempotent: an
    active schedule is returned as it is; a completed one is a :class:`ScheduleError`."""
    moment = now or utcnow()
    async with _holding(store, schedule_id, moment) as schedule:
        if schedule.status is ScheduleStatus.ACTIVE:
            await store.commit_fire(schedule, [])  # already so: let go, changing nothing
            return schedule
        if schedule.status is not ScheduleStatus.PAUSED:
            raise ScheduleError(f"schedule {schedule_id!r} is {schedule.status.value}, not paused")
        schedule.status = ScheduleStatus.ACTIVE
        if not _time_based(schedule.trigger):
            schedule.due_at = moment
        elif not isinstance(schedule.trigger, ImmediateTrigger | TimeTrigger):
            if schedule.next_fire_at is not None and schedule.next_fire_at < moment:
                schedule.next_fire_at = next_fire_after(
                    schedule.trigger, moment, anchor=schedule.anchor_at, runs=schedule.runs
                )
            schedule.due_at = schedule.next_fire_at
        else:
            schedule.due_at = schedule.next_fire_at
        if schedule.due_at is None and schedule.buffered_at is None:
            schedule.status = ScheduleStatus.COMPLETED
        await store.save_schedule(schedule)  # active now, so the releasing commit below keeps it
        await store.commit_fire(schedule, [])
    return schedule


async def remove_schedule(store: Store, schedule_id: str, now: datetime | None = None) -> Schedule:
    """Stop the schedule for good (kept, with its fires, for the record; hidden from ``list``)."""
    async with _holding(store, schedule_id, now or utcnow()) as schedule:
        schedule.status = ScheduleStatus.REMOVED
        schedule.due_at = None
        await store.save_schedule(schedule)
        await store.commit_fire(schedule, [])
    return schedule


async def fire_now(store: Store, schedule_id: str, now: datetime) -> Fire:
    """Record one fire of the schedule now, by hand, with a pending execution (whatever its overlap policy:
    the user asked; it does not count toward ``max_runs``). The caller runs it (``Executor.resume``); a worker
    takes it over if the caller dies. Its key is marked ``manual``, so it never collides with a nominal time."""
    async with _holding(store, schedule_id, now) as schedule:
        key = fire_key(schedule.id, now) + MANUAL_SUFFIX
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
            raise ScheduleError(f"schedule {schedule_id!r} was already fired by hand at {now.isoformat()}")
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
