"""``cron`` and ``interval`` triggers as Temporal Schedules: the mapped spec and policy, a run that executes the
plan and is mirrored to the store, and pause/resume/remove on both sides (a real dev server, a real PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from temporalio.client import (
    Client,
    ScheduleCalendarSpec,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    ScheduleRange,
)
from temporalio.service import RPCError
from tests._postgres import new_schema
from tests.engines.test_temporal import EFFECTS, _steps, registry
from typer.testing import CliRunner

from plankit.cli import app
from plankit.engines import TemporalEngine, TemporalExecutor, temporal_worker
from plankit.engines.temporal_schedules import (
    cron_expressions,
    pause_on_temporal,
    remove_on_temporal,
    resume_on_temporal,
    schedule_on_temporal,
)
from plankit.execute import Executor
from plankit.plan import Execution, plan_from_data
from plankit.schedule import Scheduler, add_schedule
from plankit.store import PostgresStore

STEPS = [
    {"id": "quote", "tool": "echo", "args": {"amount": 7}},
    {"id": "pay", "tool": "pay", "args": {"amount": "{{quote.amount}}"}, "depends_on": ["quote"]},
]
runner = CliRunner()
HOURLY = {
    "type": "interval", "every_ms": 3_600_000, "start_at": "2026-01-01T00:20:00Z", "end_at": "2099-01-01T00:00:00Z",
    "max_runs": 5, "overlap": "buffer_one", "misfire_grace_ms": 60_000,
}  # fmt: skip


def test_an_interval_trigger_becomes_a_temporal_schedule_whose_runs_are_mirrored(
    temporal_address: str, postgres_dsn: str
) -> None:
    EFFECTS.clear()
    plan = plan_from_data({"id": "hourly", "goal": "pay every hour", "trigger": HOURLY, "steps": STEPS})

    async def main() -> dict[str, Any]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            client = await Client.connect(temporal_address)
            async with temporal_worker(client, store, registry(), task_queue="t-tsched"):
                engine = TemporalEngine(client, store, task_queue="t-tsched")
                schedule = await add_schedule(store, Executor(store, registry()), plan, ids=lambda _: "sched_hourly")
                await schedule_on_temporal(engine, schedule.id)
                handle = await schedule_on_temporal(engine, schedule.id)  # again: updated in place, not duplicated
                described = await handle.describe()
                stored = await store.load_schedule(schedule.id)
                # plankit's own workers leave it to Temporal: nothing is due for them.
                local = await Scheduler(store, executor=TemporalExecutor(store, registry(), engine=engine)).run_once()
                await handle.trigger()
                while not (actions := (await handle.describe()).info.recent_actions):
                    await asyncio.sleep(0.1)
                execution_id = actions[0].action.workflow_id
                done = await asyncio.wait_for(engine.wait(execution_id, until_final=True), 30)
                await client.get_workflow_handle(execution_id).result()  # the run ended: its plan has followed
                paused = await pause_on_temporal(engine, schedule.id)
                paused_state = (await handle.describe()).schedule.state
                resumed = await resume_on_temporal(engine, schedule.id)
                resumed_described = await handle.describe()
                resumed_state = resumed_described.schedule.state
                removed = await remove_on_temporal(engine, schedule.id)
                with pytest.raises(RPCError, match="not found"):
                    await handle.describe()
                return {
                    "described": described, "stored": stored, "local": local, "done": done,
                    "statuses": [paused.status.value, resumed.status.value, removed.status.value],
                    "paused": (paused_state.paused, paused_state.note),
                    "resumed": (resumed_state.paused, resumed_state.note),
                    "resumed_next": (resumed.next_fire_at, resumed_described.info.next_action_times[0]),
                    "plan_status": (await store.load_plan("hourly") or plan).status.value,
                }  # fmt: skip

    out = asyncio.run(main())
    described = out["described"].schedule
    assert described.spec.intervals == [ScheduleIntervalSpec(every=timedelta(hours=1), offset=timedelta(minutes=20))]
    assert (described.spec.start_at, described.spec.end_at) == (
        datetime(2026, 1, 1, 0, 20, tzinfo=UTC), datetime(2099, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    assert (described.policy.overlap, described.policy.catchup_window) == (
        ScheduleOverlapPolicy.BUFFER_ONE, timedelta(minutes=1),
    )  # fmt: skip
    assert (described.state.paused, described.state.limited_actions, described.state.remaining_actions) == (
        False, True, 5,
    )  # fmt: skip
    assert (described.action.workflow, described.action.id, described.action.task_queue) == (
        "plankit-plan", "sched_hourly", "t-tsched",
    )  # fmt: skip
    stored = out["stored"]
    assert (stored.state, stored.due_at, stored.status.value) == ({"engine": "temporal"}, None, "active")
    assert [(report.decided, report.started) for report in out["local"]] == [([], [])]
    done: Execution = out["done"]
    assert done.execution_id.startswith("sched_hourly-")
    assert (done.status.value, done.schedule_id, done.plan_id, _steps(done)) == (
        "completed", "sched_hourly", "hourly", {"quote": "completed", "pay": "completed"},
    )  # fmt: skip
    assert [f"{done.execution_id}:pay"] == EFFECTS
    assert out["statuses"] == ["paused", "active", "removed"]
    assert out["paused"] == (True, "paused by plankit")
    assert out["resumed"] == (False, "resumed by plankit")
    stored_next, temporal_next = out["resumed_next"]
    assert stored_next == temporal_next  # resumed: the next fire is Temporal's next action time
    assert out["plan_status"] == "scheduled"  # a scheduled execution that ended leaves the plan to its schedule


def test_a_cron_trigger_maps_its_zone_and_overlap(temporal_address: str, postgres_dsn: str) -> None:
    trigger = {"type": "cron", "expression": "30 9 * * 1-5", "timezone": "Europe/Paris", "overlap": "allow"}
    plan = plan_from_data({"id": "weekdays", "goal": "pay on weekdays", "trigger": trigger, "steps": STEPS})

    async def main() -> Any:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            engine = TemporalEngine(await Client.connect(temporal_address), store, task_queue="t-tcron")
            schedule = await add_schedule(store, Executor(store, registry()), plan, ids=lambda _: "sched_weekdays")
            handle = await schedule_on_temporal(engine, schedule.id)
            try:
                return (await handle.describe()).schedule
            finally:
                await remove_on_temporal(engine, schedule.id)

    described = asyncio.run(main())
    spec = described.spec
    # The server compiles a cron expression into a calendar: 09:30:00 Monday to Friday, in Paris.
    assert (spec.calendars, spec.cron_expressions, spec.time_zone_name) == (
        [ScheduleCalendarSpec(
            second=(ScheduleRange(0),), minute=(ScheduleRange(30),), hour=(ScheduleRange(9),),
            day_of_month=(ScheduleRange(1, 31),), month=(ScheduleRange(1, 12),), year=(),
            day_of_week=(ScheduleRange(1, 5),),
        )],
        [], "Europe/Paris",
    )  # fmt: skip
    assert (described.policy.overlap, described.policy.catchup_window) == (
        ScheduleOverlapPolicy.ALLOW_ALL,
        timedelta(hours=1),
    )
    assert (described.state.limited_actions, described.state.remaining_actions) == (False, 0)


def test_the_command_line_hands_an_interval_to_temporal(temporal_address: str, tmp_path: Path) -> None:
    plan = tmp_path / "hourly.json"
    trigger = {**HOURLY, "overlap": "skip", "max_runs": 2}
    plan.write_text(json.dumps({"id": "cli-hourly", "goal": "g", "trigger": trigger, "steps": STEPS[:1]}))
    db = ["--db", str(tmp_path / "plankit.db")]
    cluster = ["--engine", "temporal", "--temporal-address", temporal_address]
    added = runner.invoke(app, ["schedule", "add", str(plan), *db, *cluster, "--task-queue", "t-cli-sched"])
    assert added.exit_code == 0, added.output
    schedule_id = added.stdout.split()[1]
    assert added.stdout.splitlines()[-1] == (
        f"  a Temporal Schedule {schedule_id} fires it; a `plankit worker --engine temporal` runs it"
    )

    async def describe() -> Any:
        return (await (await Client.connect(temporal_address)).get_schedule_handle(schedule_id).describe()).schedule

    described = asyncio.run(describe())
    assert (described.policy.overlap, described.state.remaining_actions, described.action.task_queue) == (
        ScheduleOverlapPolicy.SKIP, 2, "t-cli-sched",
    )  # fmt: skip
    local = runner.invoke(app, ["schedule", "pause", schedule_id, *db])
    assert (local.exit_code, local.output.strip()) == (
        2, f"error: schedule '{schedule_id}' is a Temporal Schedule; pass --engine temporal",
    )  # fmt: skip
    paused = runner.invoke(app, ["schedule", "pause", schedule_id, *db, *cluster])
    assert (paused.exit_code, paused.stdout) == (0, f"schedule {schedule_id} paused\n")
    assert asyncio.run(describe()).state.paused is True
    again = runner.invoke(app, ["schedule", "pause", schedule_id, *db, *cluster])  # idempotent
    assert (again.exit_code, again.stdout) == (0, f"schedule {schedule_id} is already paused\n")
    assert asyncio.run(describe()).state.paused is True
    resumed = runner.invoke(app, ["schedule", "resume", schedule_id, *db, *cluster])
    assert (resumed.exit_code, resumed.stdout) == (0, f"schedule {schedule_id} resumed\n")
    again = runner.invoke(app, ["schedule", "resume", schedule_id, *db, *cluster])
    assert (again.exit_code, again.stdout) == (0, f"schedule {schedule_id} is already active\n")
    assert asyncio.run(describe()).state.paused is False
    removed = runner.invoke(app, ["schedule", "remove", schedule_id, *db, *cluster])
    assert (removed.exit_code, removed.stdout) == (0, f"schedule {schedule_id} removed\n")
    with pytest.raises(RPCError, match="not found"):
        asyncio.run(describe())


def test_a_cron_on_both_day_fields_becomes_two_expressions_as_plankit_ors_them() -> None:
    assert cron_expressions("0 9 1 * 1") == ["0 9 1 * *", "0 9 * * 1"]
    assert cron_expressions("*/15 9-17 * 1,7 1-5") == ["*/15 9-17 * 1,7 1-5"]
    assert cron_expressions("0 0 13 * *") == ["0 0 13 * *"]
