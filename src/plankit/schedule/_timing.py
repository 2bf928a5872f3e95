"""When time-based triggers fire: pure functions of the trigger, a moment, and how many runs happened.

Every time here is an aware UTC ``datetime``. Cron expressions are evaluated on the *wall clock* of the
trigger's timezone (croniter on naive local times, which knows nothing of daylight saving), and each
local time is then placed on the UTC timeline by :func:`local_to_utc`, which is where the DST rules live:

* a local time that does not exist that day (spring forward) fires once, at the first instant after the
  gap (02:30 in New York on the March change fires at 03:00 EDT);
* a local time that happens twice (fall back) fires once, at its first occurrence.

So a daily job fires exactly once per local day, every day of the year.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from croniter import CroniterBadDateError, croniter

from ..plan import CronTrigger, ImmediateTrigger, IntervalTrigger, TimeTrigger, Trigger

TIME_TRIGGERS = (TimeTrigger, IntervalTrigger, CronTrigger, ImmediateTrigger)
"""The trigger types whose fire times depend on the clock alone."""


def local_to_utc(local: datetime, zone: ZoneInfo) -> datetime:
    """The UTC instant of a naive wall-clock time in ``zone``, under plankit's DST rules (module docstring)."""
    first = local.replace(tzinfo=zone, fold=0).astimezone(UTC)
    if first.astimezone(zone).replace(tzinfo=None) == local:
        return first  # exists (for a repeated time, fold=0 is its first occurrence)
    # In a gap: fold=0 reads the time with the offset from before the change (landing after the change),
    # fold=1 with the offset from after it (landing before). The change itself lies between the two.
    low = local.replace(tzinfo=zone, fold=1).astimezone(UTC)
    high = first
    if low > high:
        low, high = high, low
    while high - low > timedelta(seconds=1):
        middle = low + (high - low) / 2
        if middle.astimezone(zone).utcoffset() == high.astimezone(zone).utcoffset():
            high = middle
        else:
            low = middle
    return high.replace(microsecond=0)


def _cron_candidates(trigger: CronTrigger, after: datetime) -> Iterator[datetime]:
    """UTC fire times of a cron trigger, strictly after ``after``, in order (possibly endless)."""
    zone = ZoneInfo(trigger.timezone)
    # Start at ``after``'s own wall-clock time: a local time before it never maps to an instant after it (a
    # gap maps forward only to the change itself, which is not after ``after`` when ``after`` is past the gap).
    # Inside a repeated hour the first candidates map to the first occurrence, before ``after``: skipped below.
    start = after.astimezone(zone).replace(tzinfo=None)
    iterator = croniter(trigger.expression, start, day_or=True)
    last: datetime | None = None
    while True:
        try:
            local = iterator.get_next(datetime)
        except CroniterBadDateError:
            return  # an expression that never matches a real date (``0 0 30 2 *``)
        moment = local_to_utc(local, zone)
        if moment > after and (last is None or moment > last):
            last = moment
            yield moment


def next_fire_after(trigger: Trigger, after: datetime, *, anchor: datetime, runs: int = 0) -> datetime | None:
    """The first nominal fire time of ``trigger`` strictly after ``after``; None when it never fires again.

    ``anchor`` is where an interval counts from when it has no ``start_at`` (when the schedule was added);
    ``runs`` is how many fires already started an execution (``max_runs``). Triggers that are not
    time-based (price, condition, ...) have no fire times of their own: None.
    """
    if trigger.type not in ("time", "interval", "cron", "immediate"):
        return None
    max_runs = getattr(trigger, "max_runs", None)
    if max_runs is not None and runs >= max_runs:
        return None
    if isinstance(trigger, TimeTrigger):
        return trigger.at if trigger.at > after else None
    if isinstance(trigger, ImmediateTrigger):
        return anchor if anchor > after else None
    found: datetime | None
    if isinstance(trigger, IntervalTrigger):
        found = _next_interval(trigger, after, anchor)
    else:
        assert isinstance(trigger, CronTrigger)
        found = next(_cron_candidates(trigger, after), None)
    end_at = getattr(trigger, "end_at", None)
    if found is not None and end_at is not None and found > end_at:
        return None
    return found


def _next_interval(trigger: IntervalTrigger, after: datetime, anchor: datetime) -> datetime:
    start = trigger.start_at or anchor
    if after < start:
        return start
    every = timedelta(milliseconds=trigger.every_ms)
    # Whole periods since the start, by integer arithmetic on microseconds: no drift, no float error.
    periods = (after - start) // every + 1
    return start + periods * every


def fire_times(
    trigger: Trigger, after: datetime, *, anchor: datetime, runs: int = 0, until: datetime | None = None, count: int
) -> list[datetime]:
    """Up to ``count`` nominal fire times strictly after ``after`` (and at most ``until``), in order."""
    found: list[datetime] = []
    moment = after
    while len(found) < count:
        nxt = next_fire_after(trigger, moment, anchor=anchor, runs=runs + len(found))
        if nxt is None or (until is not None and nxt > until):
            break
        found.append(nxt)
        moment = nxt
    return found


def first_fire(trigger: Trigger, added_at: datetime) -> datetime | None:
    """The first nominal fire time of a schedule added at ``added_at``.

    An interval without ``start_at`` and an ``immediate`` trigger fire first when added. A ``time``
    trigger keeps its ``at`` even when that has passed (the worker then applies the misfire grace); a cron
    trigger's first time is the first match from ``added_at`` on.
    """
    if isinstance(trigger, TimeTrigger):
        return trigger.at
    if isinstance(trigger, ImmediateTrigger):
        return added_at
    if isinstance(trigger, IntervalTrigger):
        start = trigger.start_at or added_at
        if start >= added_at:
            return start if trigger.end_at is None or start <= trigger.end_at else None
        return next_fire_after(trigger, added_at - timedelta(microseconds=1), anchor=added_at)
    return next_fire_after(trigger, added_at - timedelta(microseconds=1), anchor=added_at)
