"""Fire times of time-based triggers: cron on the wall clock of its zone with the DST rules, intervals
without drift, limits (max_runs, end_at), and expressions that never fire."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from croniter import CroniterBadDateError, croniter
from hypothesis import given
from hypothesis import strategies as st

from plankit.plan import CronTrigger, ImmediateTrigger, IntervalTrigger, TimeTrigger
from plankit.schedule import fire_times, first_fire, local_to_utc, next_fire_after, preview

NY = ZoneInfo("America/New_York")
BERLIN = ZoneInfo("Europe/Berlin")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def cron(expression: str, timezone: str = "UTC", **extra: object) -> CronTrigger:
    return CronTrigger(expression=expression, timezone=timezone, **extra)  # type: ignore[arg-type]


def times(trigger: CronTrigger | IntervalTrigger, after: datetime, count: int) -> list[str]:
    return [moment.isoformat() for moment in fire_times(trigger, after, anchor=after, count=count)]


# ------------------------------------------------------------------------------------------------ DST
def test_a_local_time_in_the_spring_gap_fires_once_at_the_end_of_the_gap_new_york() -> None:
    # 2026-03-08: 02:00 EST jumps to 03:00 EDT; 02:30 does not exist that day.
    assert times(cron("30 2 * * *", "America/New_York"), utc(2026, 3, 6, 12), 3) == [
        "2026-03-07T07:30:00+00:00",  # 02:30 EST
        "2026-03-08T07:00:00+00:00",  # 03:00 EDT, the first instant after the gap
        "2026-03-09T06:30:00+00:00",  # 02:30 EDT
    ]


def test_a_repeated_local_time_fires_once_at_its_first_occurrence_new_york() -> None:
    # 2026-11-01: 02:00 EDT falls back to 01:00 EST; 01:30 happens twice.
    assert times(cron("30 1 * * *", "America/New_York"), utc(2026, 10, 31, 12), 3) == [
        "2026-11-01T05:30:00+00:00",  # 01:30 EDT (first occurrence); 06:30 UTC (01:30 EST) does not fire
        "2026-11-02T06:30:00+00:00",
        "2026-11-03T06:30:00+00:00",
    ]


def test_berlin_spring_gap_and_autumn_repeat() -> None:
    # 2026-03-29: 02:00 CET jumps to 03:00 CEST. 2026-10-25: 03:00 CEST falls back to 02:00 CET.
    assert times(cron("30 2 * * *", "Europe/Berlin"), utc(2026, 3, 28, 12), 2) == [
        "2026-03-29T01:00:00+00:00",  # 03:00 CEST
        "2026-03-30T00:30:00+00:00",
    ]
    assert times(cron("30 2 * * *", "Europe/Berlin"), utc(2026, 10, 24, 12), 2) == [
        "2026-10-25T00:30:00+00:00",  # 02:30 CEST, the first of the two
        "2026-10-26T01:30:00+00:00",
    ]


def test_every_twenty_minutes_through_the_berlin_fall_back_skips_the_repeated_hour() -> None:
    fired = times(cron("*/20 * * * *", "Europe/Berlin"), utc(2026, 10, 25, 0, 0), 5)
    assert fired == [
        "2026-10-25T00:20:00+00:00",
        "2026-10-25T00:40:00+00:00",
        "2026-10-25T02:00:00+00:00",  # 02:00-02:59 CET (01:00-01:59 UTC) repeats wall times already fired
        "2026-10-25T02:20:00+00:00",
        "2026-10-25T02:40:00+00:00",
    ]


def test_several_times_inside_one_gap_fire_once() -> None:
    fired = times(cron("*/15 2 * * *", "America/New_York"), utc(2026, 3, 8, 5), 2)
    assert fired == ["2026-03-08T07:00:00+00:00", "2026-03-09T06:00:00+00:00"]


@pytest.mark.parametrize("zone", ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "UTC"])
@pytest.mark.parametrize("clock_time", ["0 0", "30 1", "30 2", "59 23"])
def test_a_daily_job_fires_exactly_once_on_every_local_day_of_a_year(zone: str, clock_time: str) -> None:
    trigger = cron(f"{clock_time} * * *", zone)
    start = datetime(2026, 1, 1, tzinfo=ZoneInfo(zone)).astimezone(UTC) - timedelta(seconds=1)
    fired = fire_times(trigger, start, anchor=start, count=400)
    local_days = [moment.astimezone(ZoneInfo(zone)).date() for moment in fired]
    in_2026 = [day for day in local_days if day.year == 2026]
    assert in_2026 == [date(2026, 1, 1) + timedelta(days=n) for n in range(365)]
    assert all(later > earlier for earlier, later in itertools.pairwise(fired))


def test_local_to_utc_of_existing_and_missing_times() -> None:
    assert local_to_utc(datetime(2026, 7, 1, 9, 0), NY) == utc(2026, 7, 1, 13, 0)
    assert local_to_utc(datetime(2026, 3, 8, 2, 59), NY) == utc(2026, 3, 8, 7, 0)
    assert local_to_utc(datetime(2026, 11, 1, 1, 0), NY) == utc(2026, 11, 1, 5, 0)


# --------------------------------------------------------------------------------------- cron fields
def test_day_of_month_and_day_of_week_are_ored_and_seven_is_sunday() -> None:
    # The 13th, or any Friday (Vixie cron). March 2026: Fridays 6, 13, 20, 27; the 13th is a Friday.
    assert times(cron("0 0 13 * 5"), utc(2026, 3, 1), 5) == [
        "2026-03-06T00:00:00+00:00",
        "2026-03-13T00:00:00+00:00",
        "2026-03-20T00:00:00+00:00",
        "2026-03-27T00:00:00+00:00",
        "2026-04-03T00:00:00+00:00",
    ]
    assert times(cron("0 9 * * 7"), utc(2026, 3, 2), 1) == ["2026-03-08T09:00:00+00:00"]  # a Sunday


def test_an_expression_that_never_fires_has_no_next_time() -> None:
    assert next_fire_after(cron("0 0 30 2 *"), utc(2026, 1, 1), anchor=utc(2026, 1, 1)) is None


def test_max_runs_and_end_at_stop_a_trigger() -> None:
    daily = cron("0 9 * * *", max_runs=2)
    assert next_fire_after(daily, utc(2026, 1, 1), anchor=utc(2026, 1, 1), runs=1) == utc(2026, 1, 1, 9)
    assert next_fire_after(daily, utc(2026, 1, 1), anchor=utc(2026, 1, 1), runs=2) is None
    hourly = IntervalTrigger(every_ms=3_600_000, start_at=utc(2026, 1, 1), end_at=utc(2026, 1, 1, 2))
    assert times(hourly, utc(2025, 12, 31), 5) == [
        "2026-01-01T00:00:00+00:00",
        "2026-01-01T01:00:00+00:00",
        "2026-01-01T02:00:00+00:00",
    ]


# ------------------------------------------------------------------------------------------ interval
def test_interval_fires_on_its_grid_whenever_asked() -> None:
    every_7s = IntervalTrigger(every_ms=7_000, start_at=utc(2026, 1, 1))
    # Asked at odd moments (a slow run ended at 00:00:09.5): the next time stays on start + k * 7 s.
    assert next_fire_after(every_7s, utc(2026, 1, 1, 0, 0, 9, 500_000), anchor=utc(2026, 1, 1)) == utc(
        2026, 1, 1, 0, 0, 14
    )
    assert next_fire_after(every_7s, utc(2026, 1, 1, 0, 0, 14), anchor=utc(2026, 1, 1)) == utc(2026, 1, 1, 0, 0, 21)


@given(
    every_ms=st.integers(1, 10**9),
    offset_us=st.integers(0, 10**13),
)
def test_interval_next_time_is_the_first_grid_point_after(every_ms: int, offset_us: int) -> None:
    start = utc(2026, 1, 1)
    trigger = IntervalTrigger(every_ms=every_ms, start_at=start)
    after = start + timedelta(microseconds=offset_us)
    found = next_fire_after(trigger, after, anchor=start)
    assert found is not None
    period = timedelta(milliseconds=every_ms)
    assert found > after
    assert found - period <= after
    assert (found - start) % period == timedelta(0)


# ---------------------------------------------------------------------------------- property: brute force
_FIELD = st.sampled_from(["*", "0", "5", "*/15", "1-3", "10,40"])
_HOUR = st.sampled_from(["*", "0", "2", "9", "*/6", "1-3", "13,23"])
_DOM = st.sampled_from(["*", "1", "13", "28", "31"])
_MONTH = st.sampled_from(["*", "2", "*/3", "11"])
_DOW = st.sampled_from(["*", "0", "5", "7", "1-5"])


@given(
    minute=_FIELD,
    hour=_HOUR,
    dom=_DOM,
    month=_MONTH,
    dow=_DOW,
    offset_minutes=st.integers(0, 60 * 24 * 400),
)
def test_utc_cron_agrees_with_croniter(
    minute: str, hour: str, dom: str, month: str, dow: str, offset_minutes: int
) -> None:
    expression = f"{minute} {hour} {dom} {month} {dow}"
    after = utc(2026, 1, 1) + timedelta(minutes=offset_minutes, seconds=17)
    found = next_fire_after(cron(expression), after, anchor=after)
    try:
        expected = croniter(expression, after.replace(tzinfo=None), day_or=True).get_next(datetime).replace(tzinfo=UTC)
    except CroniterBadDateError:  # e.g. "* * 31 2 *": no such date
        expected = None
    assert found == expected


@given(
    zone=st.sampled_from(["America/New_York", "Europe/Berlin", "Asia/Kolkata", "America/Santiago"]),
    minute=st.integers(0, 59),
    hour=st.integers(0, 23),
    offset_hours=st.integers(0, 24 * 366),
)
def test_zoned_cron_times_increase_and_fall_on_their_wall_clock_or_just_after_a_gap(
    zone: str, minute: int, hour: int, offset_hours: int
) -> None:
    trigger = cron(f"{minute} {hour} * * *", zone)
    after = utc(2026, 1, 1) + timedelta(hours=offset_hours)
    fired = fire_times(trigger, after, anchor=after, count=3)
    assert len(fired) == 3
    assert after < fired[0] < fired[1] < fired[2]
    for moment in fired:
        local = moment.astimezone(ZoneInfo(zone))
        on_time = (local.hour, local.minute) == (hour, minute)
        # Only a time that fell in a gap moves, and then to the first instant after it.
        gap_end = local.replace(second=0) == local and not on_time
        assert on_time or gap_end, (moment, local)


# ---------------------------------------------------------------------------------------------- first
def test_first_fire_of_each_time_trigger() -> None:
    added = utc(2026, 5, 5, 10, 0, 30)
    assert first_fire(ImmediateTrigger(), added) == added
    assert first_fire(TimeTrigger(at=utc(2026, 5, 6)), added) == utc(2026, 5, 6)
    assert first_fire(TimeTrigger(at=utc(2026, 5, 4)), added) == utc(2026, 5, 4)  # passed: the grace decides
    assert first_fire(IntervalTrigger(every_ms=60_000), added) == added
    assert first_fire(IntervalTrigger(every_ms=60_000, start_at=utc(2026, 5, 5, 10)), added) == utc(2026, 5, 5, 10, 1)
    assert first_fire(cron("0 * * * *"), added) == utc(2026, 5, 5, 11)


def test_preview_gives_utc_and_local_times() -> None:
    shown = preview(cron("0 9 * * 1", "America/New_York"), after=utc(2026, 3, 1), count=2)
    assert [(item.at.isoformat(), item.local.isoformat()) for item in shown] == [
        ("2026-03-02T14:00:00+00:00", "2026-03-02T09:00:00-05:00"),
        ("2026-03-09T13:00:00+00:00", "2026-03-09T09:00:00-04:00"),
    ]
