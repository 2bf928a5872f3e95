"""Deciding what a due schedule does now: which nominal times start an execution, which are recorded as
missed or skipped, and where the schedule goes next. A pure function of the schedule, the time and
whether its previous execution still runs, so every rule is tested on plain values.

The rules (each trigger's docstring says them too):

* ``time``: its one fire starts if a worker gets to it within ``misfire_grace_ms`` of ``at``; later, it is
  recorded ``missed`` (never silently dropped, never run days late). Either way the schedule completes.
* ``interval`` / ``cron`` after downtime, by ``catch_up``: ``one`` (default) starts the latest due time once
  and records the earlier ones as one ``missed`` entry; ``none`` records them all missed and starts the
  latest only if it is within the misfire grace; ``all`` starts every due time (at most
  :data:`MAX_CATCH_UP` per decision, the rest in the next).
* ``overlap`` while the previous execution runs: ``skip`` records the fire ``skipped``; ``buffer_one`` keeps
  the latest such fire and starts it once the previous ends (an older buffered one is recorded
  ``skipped``); ``allow`` starts it anyway.
* ``immediate``: fires once, when added.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ..plan import (
    CronTrigger,
    Fire,
    FireStatus,
    IntervalTrigger,
    Schedule,
    ScheduleStatus,
    TimeTrigger,
    fire_execution_id,
    fire_key,
)
from ._timing import next_fire_after

MAX_CATCH_UP = 1000
"""Most due times one decision looks at (and, with ``catch_up: all``, starts)."""

BUFFER_POLL = timedelta(seconds=1)
"""How soon a schedule with a buffered fire is looked at again (to start it once the previous run ends)."""


@dataclass
class FireDecision:
    """What to record for one due schedule: the fires (started ones with their execution ids), and the
    schedule as it stands afterwards."""

    schedule: Schedule
    fires: list[Fire] = field(default_factory=list)

    @property
    def started(self) -> list[Fire]:
        """The fires that start an execution, in nominal order."""
        return [fire for fire in self.fires if fire.status is FireStatus.STARTED]


def decide(schedule: Schedule, now: datetime, *, previous_running: bool) -> FireDecision:
    """Decide what ``schedule`` does at ``now`` (see the module docstring for the rules)."""
    updated = schedule.model_copy(deep=True)
    decision = FireDecision(updated)
    running = previous_running
    if updated.buffered_at is not None and not running:
        _start(decision, updated.buffered_at, now, "buffered behind the previous execution")
        updated.buffered_at = None
        running = True
    due, more, following = _due_times(updated, now)
    for nominal, reason in _apply_catch_up(updated, due, more, now, decision):
        if running and _overlap(updated) == "skip":
            previous = updated.last_execution_id
            _record(decision, nominal, now, FireStatus.SKIPPED, f"the previous execution {previous} was still running")
        elif running and _overlap(updated) == "buffer_one":
            if updated.buffered_at is not None:
                _record(decision, updated.buffered_at, now, FireStatus.SKIPPED, f"replaced in the buffer by {nominal}")
            updated.buffered_at = nominal
        else:
            _start(decision, nominal, now, reason)
            running = True
    _advance(updated, due[-1] if due else None, now, following)
    decision.fires.sort(key=lambda fire: fire.nominal_at)
    return decision


def _due_times(schedule: Schedule, now: datetime) -> tuple[list[datetime], bool, datetime | None]:
    """Nominal times from ``next_fire_at`` up to ``now``, whether more were due than listed, and the first time
    after the listed ones when known (so it is not computed twice).

    At most MAX_CATCH_UP are listed. Past that, with ``catch_up: all`` the rest wait for the next decision;
    otherwise the list ends with the latest due time, found by looking back from ``now``.
    """
    due: list[datetime] = []
    moment = schedule.next_fire_at
    while moment is not None and moment <= now:
        if len(due) == MAX_CATCH_UP:
            if getattr(schedule.trigger, "catch_up", "one") != "all":
                due.append(_latest_due(schedule, due[-1], now))
                return due, True, None
            return due, True, moment
        due.append(moment)
        moment = next_fire_after(schedule.trigger, moment, anchor=schedule.anchor_at)
    return due, False, moment if due else None


def _latest_due(schedule: Schedule, floor: datetime, now: datetime) -> datetime:
    """The last nominal time at or before ``now`` (after ``floor``), searched in widening windows back from
    ``now``, so a long downtime of a frequent trigger costs one window's worth of steps, not the downtime's."""
    for days in (1 / 24, 1, 31, 366, 3660):
        start = max(floor, now - timedelta(days=days))
        latest = None
        moment = next_fire_after(schedule.trigger, start, anchor=schedule.anchor_at)
        while moment is not None and moment <= now:
            latest = moment
            moment = next_fire_after(schedule.trigger, moment, anchor=schedule.anchor_at)
        if latest is not None:
            return latest
    return floor


def _apply_catch_up(
    schedule: Schedule, due: list[datetime], more: bool, now: datetime, decision: FireDecision
) -> list[tuple[datetime, str | None]]:
    """The due times that should start (with a note on why late), recording the rest as missed."""
    if not due:
        return []
    trigger = schedule.trigger
    grace = timedelta(milliseconds=getattr(trigger, "misfire_grace_ms", 0))
    catch_up = getattr(trigger, "catch_up", "one")
    latest = due[-1]
    late = now - latest
    if isinstance(trigger, TimeTrigger) or catch_up == "none":
        earlier = due[:-1]
        keep: list[tuple[datetime, str | None]]
        if late > grace:
            earlier, keep = due, []
        else:
            keep = [(latest, None)]
        _record_missed(decision, earlier, more, now, f"no worker ran within the misfire grace ({_ms(grace)})")
        return keep
    if catch_up == "all":
        return [(moment, "catch-up" if now - moment > grace else None) for moment in due]
    _record_missed(decision, due[:-1], more, now, f"downtime: catch_up=one ran only the latest, {latest.isoformat()}")
    return [(latest, "catch-up of missed fires" if len(due) > 1 or late > grace else None)]


def _record_missed(decision: FireDecision, times: list[datetime], more: bool, now: datetime, reason: str) -> None:
    if not times:
        return
    fire = _record(decision, times[0], now, FireStatus.MISSED, reason)
    if len(times) > 1 or more:
        fire.missed_until = times[-1]
        fire.missed_count = len(times)
        fire.reason = f"{len(times)}{'+' if more else ''} fires missed; {reason}"


def _record(decision: FireDecision, nominal: datetime, now: datetime, status: FireStatus, reason: str | None) -> Fire:
    schedule = decision.schedule
    key = fire_key(schedule.id, nominal)
    fire = Fire(key=key, schedule_id=schedule.id, nominal_at=nominal, status=status, recorded_at=now, reason=reason)
    decision.fires.append(fire)
    return fire


def _start(decision: FireDecision, nominal: datetime, now: datetime, reason: str | None) -> None:
    schedule = decision.schedule
    max_runs = getattr(schedule.trigger, "max_runs", None)
    if max_runs is not None and schedule.runs >= max_runs:
        return  # past the trigger's life: not a fire at all
    fire = _record(decision, nominal, now, FireStatus.STARTED, reason)
    fire.execution_id = fire_execution_id(fire.key)
    schedule.runs += 1
    schedule.last_fire_at = nominal
    schedule.last_execution_id = fire.execution_id


def _advance(schedule: Schedule, after: datetime | None, now: datetime, following: datetime | None) -> None:
    """Move ``next_fire_at`` past what was decided (to ``following`` when the caller already knows it);
    complete the schedule when nothing is left."""
    if after is not None:
        schedule.next_fire_at = following or next_fire_after(
            schedule.trigger, after, anchor=schedule.anchor_at, runs=schedule.runs
        )
    max_runs = getattr(schedule.trigger, "max_runs", None)
    if max_runs is not None and schedule.runs >= max_runs:
        schedule.next_fire_at = None
    due = schedule.next_fire_at
    if schedule.buffered_at is not None:
        due = now + BUFFER_POLL if due is None else min(due, now + BUFFER_POLL)
    schedule.due_at = due
    if due is None:
        schedule.status = ScheduleStatus.COMPLETED


def _overlap(schedule: Schedule) -> str:
    trigger = schedule.trigger
    return trigger.overlap if isinstance(trigger, IntervalTrigger | CronTrigger) else "allow"


def _ms(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    if seconds % 3600 == 0 and seconds:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0 and seconds:
        return f"{seconds // 60} min"
    return f"{seconds} s"
