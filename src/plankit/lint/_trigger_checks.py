"""Trigger timing for ``CONTRA_TIMING``: a trigger that can never fire, or never fire again.

* a ``time`` trigger in the past;
* an ``interval`` trigger whose ``end_at`` is before its ``start_at``, or in the past;
* a ``cron`` expression that matches no date (``0 0 30 2 *``: February has no 30th; ``0 0 31 4,6 *``), looked
  for over eight years from now in the trigger's own time zone (so February 29 is found);
* a ``condition`` trigger whose ``expires_after_ms`` is shorter than one ``poll_interval_ms``: it expires before
  its condition is first checked.

A run limit of zero (``max_runs: 0``) is rejected when the plan is loaded, with its own message.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

from ..plan import ConditionTrigger, CronTrigger, IntervalTrigger, TimeTrigger, Trigger
from ._findings import Finding

CRON_HORIZON_YEARS = 8
"""How far ahead a cron expression is searched for a matching date (two leap years)."""


def iso(moment: datetime) -> str:
    """``moment`` as ISO 8601 with ``Z`` for UTC."""
    return moment.isoformat().replace("+00:00", "Z")


def trigger_findings(trigger: Trigger | None, now: datetime) -> Iterator[Finding]:
    """The findings about ``trigger`` alone (see the module docs)."""
    if isinstance(trigger, TimeTrigger) and trigger.at < now:
        yield Finding(
            f"the time trigger fires at {iso(trigger.at)}, which is in the past (now: {iso(now)})",
            path="$.trigger.at",
            hint="set a future time, or use an immediate trigger",
        )
    elif isinstance(trigger, IntervalTrigger) and trigger.end_at is not None:
        if trigger.start_at is not None and trigger.end_at < trigger.start_at:
            yield Finding(
                f"the interval trigger ends ({iso(trigger.end_at)}) before it starts ({iso(trigger.start_at)})",
                path="$.trigger.end_at",
                hint="swap start_at and end_at, or fix the dates",
            )
        elif trigger.end_at < now:
            yield Finding(
                f"the interval trigger ended at {iso(trigger.end_at)}, in the past: it never fires",
                path="$.trigger.end_at",
                hint="set an end_at in the future, or remove it",
            )
    elif isinstance(trigger, CronTrigger) and not cron_fires(trigger, now):
        yield Finding(
            f"the cron expression {trigger.expression!r} matches no date in the next {CRON_HORIZON_YEARS} years "
            f"({trigger.timezone}): the plan never runs",
            path="$.trigger.expression",
            hint="check the day of month against the month (February has no 30th; April, June, September and "
            "November have no 31st)",
        )
    elif (
        isinstance(trigger, ConditionTrigger)
        and trigger.expires_after_ms is not None
        and trigger.expires_after_ms < trigger.poll_interval_ms
    ):
        yield Finding(
            f"the condition trigger expires after {trigger.expires_after_ms} ms, before its first poll "
            f"({trigger.poll_interval_ms} ms): its condition is never checked",
            path="$.trigger.expires_after_ms",
            hint=f"set expires_after_ms to at least poll_interval_ms ({trigger.poll_interval_ms}), or poll more often",
        )


def cron_fires(trigger: CronTrigger, now: datetime) -> bool:
    """True when the cron expression matches a date within :data:`CRON_HORIZON_YEARS` of ``now``."""
    from croniter import CroniterBadDateError, croniter  # only plans with a cron trigger pay for the import

    start = now.astimezone(ZoneInfo(trigger.timezone))
    try:
        croniter(trigger.expression, start, max_years_between_matches=CRON_HORIZON_YEARS).get_next(datetime)
    except CroniterBadDateError:
        return False
    return True
