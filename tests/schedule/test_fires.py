"""The decision a due schedule makes: misfire grace, catch-up after downtime, overlap, limits, fire keys."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from plankit.plan import (
    CronTrigger,
    FireStatus,
    ImmediateTrigger,
    IntervalTrigger,
    Schedule,
    ScheduleStatus,
    TimeTrigger,
    Trigger,
    fire_execution_id,
    fire_key,
)
from plankit.schedule import MAX_CATCH_UP, decide, first_fire

T0 = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def schedule_of(trigger: Trigger, added: datetime = T0, **fields: object) -> Schedule:
    first = first_fire(trigger, added)
    base = Schedule(
        id="s1", plan_id="p1", trigger=trigger, created_at=added, anchor_at=added, next_fire_at=first, due_at=first
    )
    return base.model_copy(update=fields)


def summary(schedule: Schedule, now: datetime, running: bool = False) -> list[tuple[str, str, str | None]]:
    decision = decide(schedule, now, previous_running=running)
    return [(fire.nominal_at.strftime("%H:%M"), fire.status.value, fire.reason) for fire in decision.fires]


# ---------------------------------------------------------------------------------------------- time
def test_a_time_trigger_fires_late_within_its_grace_then_completes() -> None:
    schedule = schedule_of(TimeTrigger(at=T0 + timedelta(hours=1)))
    decision = decide(schedule, T0 + timedelta(hours=1, minutes=59), previous_running=False)
    (fire,) = decision.fires
    assert (fire.status, fire.nominal_at, fire.reason) == (FireStatus.STARTED, T0 + timedelta(hours=1), None)
    assert fire.key == "s1@2026-06-01T13:00:00.000000Z"
    assert fire.execution_id == fire_execution_id(fire.key)
    assert decision.schedule.status is ScheduleStatus.COMPLETED
    assert (decision.schedule.next_fire_at, decision.schedule.due_at, decision.schedule.runs) == (None, None, 1)


def test_a_time_trigger_past_its_grace_is_recorded_missed_never_run() -> None:
    schedule = schedule_of(TimeTrigger(at=T0, misfire_grace_ms=600_000))
    decision = decide(schedule, T0 + timedelta(minutes=10, seconds=1), previous_running=False)
    (fire,) = decision.fires
    assert (fire.status, fire.execution_id) == (FireStatus.MISSED, None)
    assert fire.reason == "no worker ran within the misfire grace (10 min)"
    assert decision.schedule.status is ScheduleStatus.COMPLETED
    assert decision.schedule.runs == 0


def test_an_immediate_trigger_fires_once() -> None:
    decision = decide(schedule_of(ImmediateTrigger()), T0, previous_running=False)
    assert [(f.nominal_at, f.status) for f in decision.fires] == [(T0, FireStatus.STARTED)]
    assert decision.schedule.status is ScheduleStatus.COMPLETED


def test_nothing_due_yet_changes_nothing() -> None:
    schedule = schedule_of(CronTrigger(expression="0 13 * * *"))
    decision = decide(schedule, T0 + timedelta(minutes=59), previous_running=False)
    assert decision.fires == []
    assert decision.schedule == schedule


# ---------------------------------------------------------------------------------- recurring on time
def test_an_interval_fires_each_time_and_moves_to_the_next_grid_point() -> None:
    schedule = schedule_of(IntervalTrigger(every_ms=600_000))
    first = decide(schedule, T0 + timedelta(seconds=3), previous_running=False)
    assert [(f.nominal_at, f.status) for f in first.fires] == [(T0, FireStatus.STARTED)]
    assert first.schedule.next_fire_at == T0 + timedelta(minutes=10)
    assert first.schedule.due_at == T0 + timedelta(minutes=10)
    second = decide(first.schedule, T0 + timedelta(minutes=10, seconds=40), previous_running=False)
    assert [f.nominal_at for f in second.started] == [T0 + timedelta(minutes=10)]
    assert second.schedule.next_fire_at == T0 + timedelta(minutes=20)  # no drift from the 40 s delay
    assert second.schedule.runs == 2


def test_max_runs_completes_the_schedule() -> None:
    schedule = schedule_of(IntervalTrigger(every_ms=60_000, max_runs=2))
    once = decide(schedule, T0, previous_running=False).schedule
    twice = decide(once, T0 + timedelta(minutes=1), previous_running=False)
    assert twice.schedule.runs == 2
    assert twice.schedule.status is ScheduleStatus.COMPLETED
    assert twice.schedule.next_fire_at is None


# ---------------------------------------------------------------------------------------- catch-up
def test_after_downtime_catch_up_one_runs_the_latest_once_and_records_the_rest_missed() -> None:
    schedule = schedule_of(IntervalTrigger(every_ms=3_600_000))
    assert summary(schedule, T0 + timedelta(hours=5, minutes=30)) == [
        ("12:00", "missed", "5 fires missed; downtime: catch_up=one ran only the latest, 2026-06-01T17:00:00+00:00"),
        ("17:00", "started", "catch-up of missed fires"),
    ]
    decision = decide(schedule, T0 + timedelta(hours=5, minutes=30), previous_running=False)
    missed = decision.fires[0]
    assert (missed.missed_count, missed.missed_until) == (5, T0 + timedelta(hours=4))
    assert decision.schedule.next_fire_at == T0 + timedelta(hours=6)


def test_catch_up_none_runs_nothing_late_past_the_grace() -> None:
    trigger = IntervalTrigger(every_ms=3_600_000, catch_up="none", misfire_grace_ms=300_000)
    assert summary(schedule_of(trigger), T0 + timedelta(hours=2, minutes=6)) == [
        ("12:00", "missed", "3 fires missed; no worker ran within the misfire grace (5 min)"),
    ]
    assert summary(schedule_of(trigger), T0 + timedelta(hours=2, minutes=4)) == [
        ("12:00", "missed", "2 fires missed; no worker ran within the misfire grace (5 min)"),
        ("14:00", "started", None),
    ]


def test_catch_up_all_runs_every_missed_time() -> None:
    trigger = IntervalTrigger(every_ms=3_600_000, catch_up="all", overlap="allow")
    assert summary(schedule_of(trigger), T0 + timedelta(hours=2, minutes=30)) == [
        ("12:00", "started", "catch-up"),
        ("13:00", "started", "catch-up"),
        ("14:00", "started", None),
    ]


def test_a_long_downtime_is_one_missed_entry_and_one_fire_never_a_burst() -> None:
    every_minute = schedule_of(CronTrigger(expression="* * * * *"))
    now = T0 + timedelta(days=30, seconds=5)
    decision = decide(every_minute, now, previous_running=False)
    assert [(f.status, f.nominal_at) for f in decision.fires] == [
        (FireStatus.MISSED, T0),
        (FireStatus.STARTED, T0 + timedelta(days=30)),
    ]
    assert decision.fires[0].reason is not None and decision.fires[0].reason.startswith(f"{MAX_CATCH_UP}+ fires missed")
    assert decision.schedule.next_fire_at == T0 + timedelta(days=30, minutes=1)


def test_catch_up_all_is_bounded_per_decision_and_resumes_where_it_stopped() -> None:
    trigger = IntervalTrigger(every_ms=1_000, catch_up="all", overlap="allow")
    schedule = schedule_of(trigger)
    now = T0 + timedelta(seconds=2 * MAX_CATCH_UP + 10)
    first = decide(schedule, now, previous_running=False)
    assert len(first.started) == MAX_CATCH_UP
    assert first.schedule.next_fire_at == T0 + timedelta(seconds=MAX_CATCH_UP)
    assert first.schedule.due_at is not None and first.schedule.due_at <= now  # still due: the next decision goes on
    second = decide(first.schedule, now, previous_running=True)
    assert second.started[0].nominal_at == T0 + timedelta(seconds=MAX_CATCH_UP)


# ----------------------------------------------------------------------------------------- overlap
def test_overlap_skip_records_the_skipped_fire() -> None:
    schedule = schedule_of(IntervalTrigger(every_ms=600_000), last_execution_id="exec_prev")
    assert summary(schedule, T0, running=True) == [
        ("12:00", "skipped", "the previous execution exec_prev was still running")
    ]


def test_overlap_buffer_one_starts_the_latest_waiting_fire_when_the_previous_ends() -> None:
    trigger = IntervalTrigger(every_ms=600_000, overlap="buffer_one")
    schedule = schedule_of(trigger, last_execution_id="exec_prev")
    held = decide(schedule, T0, previous_running=True)
    assert held.fires == []
    assert held.schedule.buffered_at == T0
    assert held.schedule.due_at == T0 + timedelta(seconds=1)  # looked at again soon
    newer = decide(held.schedule, T0 + timedelta(minutes=10), previous_running=True)
    assert [(f.nominal_at, f.status, f.reason) for f in newer.fires] == [
        (T0, FireStatus.SKIPPED, "replaced in the buffer by 2026-06-01 12:10:00+00:00")
    ]
    released = decide(newer.schedule, T0 + timedelta(minutes=11), previous_running=False)
    assert [(f.nominal_at, f.status, f.reason) for f in released.fires] == [
        (T0 + timedelta(minutes=10), FireStatus.STARTED, "buffered behind the previous execution")
    ]
    assert released.schedule.buffered_at is None
    assert released.schedule.due_at == T0 + timedelta(minutes=20)


def test_overlap_allow_starts_anyway() -> None:
    schedule = schedule_of(IntervalTrigger(every_ms=600_000, overlap="allow"), last_execution_id="exec_prev")
    assert summary(schedule, T0, running=True) == [("12:00", "started", None)]


# ------------------------------------------------------------------------------------------- keys
def test_fire_keys_and_execution_ids_are_deterministic() -> None:
    key = fire_key("sched_1", datetime(2026, 3, 8, 7, 0, tzinfo=UTC))
    assert key == "sched_1@2026-03-08T07:00:00.000000Z"
    assert fire_execution_id(key) == fire_execution_id("sched_1@2026-03-08T07:00:00.000000Z")
    assert fire_execution_id(key) != fire_execution_id(fire_key("sched_1", datetime(2026, 3, 8, 7, 1, tzinfo=UTC)))
    # The same decision made twice (a worker died before committing) makes the same keys and ids.
    schedule = schedule_of(IntervalTrigger(every_ms=60_000))
    one = decide(schedule, T0 + timedelta(minutes=3), previous_running=False)
    two = decide(schedule, T0 + timedelta(minutes=3, seconds=20), previous_running=False)
    assert [(f.key, f.execution_id) for f in one.fires] == [(f.key, f.execution_id) for f in two.fires]
