"""Each run a Temporal Schedule starts is plankit's fire: linted first with the worker's policy (refused: nothing
runs), recorded in the store under ``schedule@nominal`` with the schedule's ``runs``, ``next_fire_at`` and
completion following Temporal (a real dev server, a real PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from temporalio.client import Client, ScheduleHandle
from tests._postgres import new_database, new_schema
from tests.engines.test_temporal import EFFECTS, _steps, registry
from tests.engines.test_temporal_cli import PAYOUT_TOOLS as TOOLS
from typer.testing import CliRunner

from plankit.cli import app
from plankit.cli._schedule_commands import _both
from plankit.engines import TemporalEngine, temporal_worker
from plankit.engines.temporal_schedules import (
    MIN_CATCHUP_WINDOW,
    ScheduledRuns,
    catchup_window,
    describe_on_temporal,
    fire_on_temporal,
    remove_on_temporal,
    schedule_on_temporal,
)
from plankit.execute import Executor
from plankit.lint import Policy
from plankit.plan import CronTrigger, Execution, IntervalTrigger, fire_key, plan_from_data
from plankit.schedule import add_schedule
from plankit.store import PostgresStore, Store

STEPS = [
    {"id": "quote", "tool": "echo", "args": {"amount": 7, "at": "{{trigger.nominal_at}}"}},
    {"id": "pay", "tool": "pay", "args": {"amount": "{{quote.amount}}"}, "depends_on": ["quote"]},
]
runner = CliRunner()
HOURLY_TRIGGER = IntervalTrigger(every_ms=3_600_000)
HOURLY = {"type": "interval", "every_ms": 3_600_000, "start_at": "2026-01-01T00:20:00Z", "max_runs": 5}


def _workflow_id(schedule_id: str, nominal: datetime) -> str:
    return f"{schedule_id}-{nominal.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"


async def _added(store: Store, engine: TemporalEngine, schedule_id: str, trigger: dict[str, Any]) -> ScheduleHandle:
    plan = plan_from_data({"id": schedule_id, "goal": "pay on a schedule", "trigger": trigger, "steps": STEPS})
    schedule = await add_schedule(store, Executor(store, registry()), plan, ids=lambda _: schedule_id)
    return await schedule_on_temporal(engine, schedule.id)


async def _settled(store: Store, execution_id: str) -> Execution:
    while (found := await store.load_execution(execution_id)) is None or found.status.value in ("pending", "running"):
        await asyncio.sleep(0.05)
    return found


def test_runs_started_by_the_schedule_are_fires_and_max_runs_completes_it(
    temporal_address: str, postgres_dsn: str
) -> None:
    EFFECTS.clear()
    every_second = {"type": "interval", "every_ms": 1000, "max_runs": 2, "overlap": "allow"}

    async def main() -> dict[str, Any]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            client = await Client.connect(temporal_address)
            async with temporal_worker(client, store, registry(), task_queue="t-truns"):
                engine = TemporalEngine(client, store, task_queue="t-truns")
                await _added(store, engine, "sched_secs", every_second)
                while (schedule := await store.load_schedule("sched_secs")) is None or schedule.runs < 2:
                    await asyncio.sleep(0.05)
                fires = sorted(await store.list_fires("sched_secs"), key=lambda fire: fire.nominal_at)
                runs = [await asyncio.wait_for(_settled(store, str(fire.execution_id)), 30) for fire in fires]
                results = [await client.get_workflow_handle(str(fire.execution_id)).result() for fire in fires]
                plan = await store.load_plan("sched_secs")
                temporal = await describe_on_temporal(engine, "sched_secs")
                completed = await store.load_schedule("sched_secs")
                await remove_on_temporal(engine, "sched_secs")
                return {"schedule": completed, "fires": fires, "runs": runs, "temporal": temporal,
                        "results": results, "plan": plan.status.value if plan else None}  # fmt: skip

    out = asyncio.run(main())
    fires, runs = out["fires"], out["runs"]
    first, second = (fire.nominal_at for fire in fires)
    # Two consecutive times of plankit's grid (anchor + k seconds: Temporal names them to the second only).
    assert (second - first, (first - out["schedule"].anchor_at) % timedelta(seconds=1)) == (
        timedelta(seconds=1), timedelta(0),
    )  # fmt: skip
    assert [(f.key, f.status.value, f.execution_id, f.reason) for f in fires] == [
        (fire_key("sched_secs", nominal), "started", _workflow_id("sched_secs", nominal), None)
        for nominal in (first, second)
    ]
    assert [(r.execution_id, r.status.value, r.schedule_id, _steps(r)) for r in runs] == [
        (_workflow_id("sched_secs", nominal), "completed", "sched_secs", {"quote": "completed", "pay": "completed"})
        for nominal in (first, second)
    ]
    # The plan saw the nominal time of its own fire, as with plankit's scheduler.
    assert [r.steps[0].output["at"] for r in runs] == [first.isoformat(), second.isoformat()]
    assert [r.trigger_data for r in runs] == [
        {"type": "interval", "nominal_at": nominal.isoformat()} for nominal in (first, second)
    ]
    assert sorted(EFFECTS) == sorted(f"{_workflow_id('sched_secs', nominal)}:pay" for nominal in (first, second))
    schedule = out["schedule"]
    assert (schedule.runs, schedule.last_fire_at, schedule.last_execution_id, schedule.next_fire_at) == (
        2, second, _workflow_id("sched_secs", second), None,
    )  # fmt: skip
    assert (schedule.status.value, schedule.due_at) == ("completed", None)  # max_runs reached
    assert (out["results"], out["plan"]) == (["completed", "completed"], "completed")  # the plan ends as its last run
    temporal = out["temporal"]
    assert (temporal["next_action_times"], temporal["remaining_actions"], temporal["actions"]) == ([], 0, 2)


def test_a_stricter_worker_policy_refuses_the_run_before_any_tool(temporal_address: str, postgres_dsn: str) -> None:
    EFFECTS.clear()

    async def main() -> dict[str, Any]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            client = await Client.connect(temporal_address)
            strict = Policy(deny_tools=["pay"])
            async with temporal_worker(client, store, registry(), task_queue="t-trefuse", policy=strict):
                engine = TemporalEngine(client, store, task_queue="t-trefuse")
                await _added(store, engine, "sched_strict", HOURLY)  # linted fine by the default policy
                workflow_id = await fire_on_temporal(engine, "sched_strict")
                result = await client.get_workflow_handle(workflow_id).result()
                fires = await store.list_fires("sched_strict")
                execution = await store.load_execution(workflow_id)
                schedule = await store.load_schedule("sched_strict")
                await remove_on_temporal(engine, "sched_strict")
                return {"id": workflow_id, "result": result, "fires": fires, "execution": execution,
                        "schedule": schedule}  # fmt: skip

    out = asyncio.run(main())
    assert out["result"] == "refused"
    assert (out["execution"], EFFECTS) == (None, [])  # nothing ran: no execution, no tool effect
    [fire] = out["fires"]
    assert (fire.key, fire.status.value, fire.execution_id, fire.reason) == (
        fire_key("sched_strict", fire.nominal_at) + "!manual", "refused", None,
        "the plan no longer passes lint under this worker's policy: "
        "TOOL_DENY pay: tool 'pay' is denied by the policy (deny_tools: 'pay')",
    )  # fmt: skip
    assert out["id"] == _workflow_id("sched_strict", fire.nominal_at)
    # A run by hand does not count toward max_runs (as `plankit schedule fire`), and Temporal agrees.
    assert (out["schedule"].runs, out["schedule"].status.value) == (0, "active")


def test_next_fire_at_is_temporals_next_action_time(temporal_address: str, postgres_dsn: str) -> None:
    nominal = datetime(2026, 1, 1, 3, 20, tzinfo=UTC)  # on the hourly grid: a scheduled run, not one by hand
    later = nominal + timedelta(hours=1)

    async def main() -> dict[str, Any]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            client = await Client.connect(temporal_address)
            engine = TemporalEngine(client, store, task_queue="t-tnext")
            handle = await _added(store, engine, "sched_next", {**HOURLY, "catch_up": "none"})
            handed = await store.load_schedule("sched_next")
            plan = await store.load_plan("sched_next")
            assert plan is not None
            data = plan.model_dump(mode="json", by_alias=True, exclude_defaults=True)
            runs = ScheduledRuns(store, Executor(store, registry()), client)
            answers = [
                await runs.begin("sched_next", _workflow_id("sched_next", nominal), nominal.isoformat(), data)
                for _ in range(2)  # a retried call records nothing twice
            ]
            first = await store.load_schedule("sched_next")
            out: dict[str, Any] = {"answers": answers, "first": first, "handed": handed}
            described = await handle.describe()
            out["upcoming"] = described.info.next_action_times[0]
            out["window"] = described.schedule.policy.catchup_window
            out["fires_then"] = await store.list_fires("sched_next")
            offline = ScheduledRuns(store, Executor(store, registry()))  # no client: plankit's own timing
            await offline.begin("sched_next", _workflow_id("sched_next", later), later.isoformat(), data, now=later)
            out["second"] = await store.load_schedule("sched_next")
            out["fires"] = await store.list_fires("sched_next")
            out["execution"] = execution = await store.load_execution(_workflow_id("sched_next", nominal))
            assert execution is not None
            out["lease"] = await store.claim_execution(execution.execution_id, "someone", later, later)
            await remove_on_temporal(engine, "sched_next")
            return out

    out = asyncio.run(main())
    data = {"type": "interval", "nominal_at": nominal.isoformat()}
    assert out["answers"] == [{"refused": None, "trigger_data": data}] * 2
    assert out["handed"].next_fire_at == out["upcoming"]  # handed over: the next time is Temporal's
    assert out["window"] == timedelta(seconds=10)  # catch_up none: the smallest window the server accepts
    first = out["first"]
    assert [fire.key for fire in out["fires_then"]] == [fire_key("sched_next", nominal)]
    assert (first.runs, first.last_fire_at, first.next_fire_at) == (1, nominal, out["upcoming"])  # Temporal's
    second = out["second"]
    assert [fire.key for fire in out["fires"]] == [fire_key("sched_next", later), fire_key("sched_next", nominal)]
    assert (second.runs, second.last_fire_at, second.next_fire_at) == (2, later, later + timedelta(hours=1))
    execution = out["execution"]
    assert (execution.status.value, execution.schedule_id, execution.trigger_data) == ("pending", "sched_next", data)
    assert out["lease"].owner == f"temporal:{execution.execution_id}"  # plankit's own workers keep off it


def test_catch_up_maps_to_the_catchup_window() -> None:
    grace = {"misfire_grace_ms": 120_000}
    assert catchup_window(IntervalTrigger(every_ms=1000, catch_up="none", **grace)) == MIN_CATCHUP_WINDOW
    assert catchup_window(IntervalTrigger(every_ms=1000, catch_up="one", **grace)) == timedelta(minutes=2)
    assert catchup_window(CronTrigger(expression="0 9 * * *", catch_up="all", **grace)) == timedelta(minutes=2)
    assert catchup_window(CronTrigger(expression="0 9 * * *", misfire_grace_ms=1)) == timedelta(seconds=10)


def test_the_command_line_fires_and_shows_a_temporal_schedule(
    temporal_address: str, postgres_dsn: str, tmp_path: Path
) -> None:
    db = new_database(postgres_dsn)
    cluster = ["--engine", "temporal", "--temporal-address", temporal_address]
    plan = tmp_path / "hourly.json"
    plan.write_text(json.dumps({"id": "cli-strict", "goal": "g", "trigger": HOURLY, "steps": STEPS[:1]}))
    strict = tmp_path / "strict.yaml"
    strict.write_text("deny_tools: [echo]\n")
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "plankit", "worker", "--tools", TOOLS, "--policy", str(strict), *cluster,
             "--task-queue", "t-cli-runs"],
            env={**os.environ, "PLANKIT_DB": db}, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        env = {"PLANKIT_DB": db}
        added = runner.invoke(app, ["schedule", "add", str(plan), *cluster, "--task-queue", "t-cli-runs"], env=env)
        assert added.exit_code == 0, added.output
        schedule_id = added.stdout.split()[1]
        unplugged = runner.invoke(app, ["schedule", "show", schedule_id], env=env)
        hint = "  engine:    a Temporal Schedule fires it (pass --engine temporal for Temporal's next action times)"
        assert hint in unplugged.stdout.splitlines()
        fired = runner.invoke(app, ["schedule", "fire", schedule_id, *cluster, "--format", "json"], env=env)
        assert fired.exit_code == 0, fired.output
        execution_id = json.loads(fired.stdout)["execution_id"]
        assert execution_id.startswith(f"{schedule_id}-")
        for _ in range(600):  # the worker records the fire when the run begins; up to a minute
            shown = json.loads(runner.invoke(app, ["schedule", "show", schedule_id, "--format", "json", *cluster],
                                             env=env).stdout)  # fmt: skip
            if shown["fires"]:
                break
            time.sleep(0.1)
        else:
            raise AssertionError(log.read_text())
        text = runner.invoke(app, ["schedule", "show", schedule_id, *cluster], env=env).stdout.splitlines()
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
    [fire] = shown["fires"]
    nominal = datetime.fromisoformat(fire["nominal_at"])
    assert _workflow_id(schedule_id, nominal) == execution_id
    assert (fire["key"], fire["status"], fire.get("execution_id"), fire["reason"]) == (
        fire_key(schedule_id, nominal) + "!manual", "refused", None,
        "the plan no longer passes lint under this worker's policy: "
        "TOOL_DENY quote: tool 'echo' is denied by the policy (deny_tools: 'echo')",
    )  # fmt: skip
    temporal = shown["temporal"]
    assert (temporal["paused"], temporal["remaining_actions"], temporal["actions"]) == (False, 5, 1)
    assert shown["next_fire_at"] == temporal["next_action_times"][0]  # the store follows Temporal
    assert [datetime.fromisoformat(t).minute for t in temporal["next_action_times"]] == [20] * 5  # at HH:20
    assert shown.get("runs", 0) == 0  # by hand: not a run toward max_runs
    engine_line = (
        "  engine:    temporal: active, 1 run(s), 5 left, 0 missed past the catch-up window, 0 skipped for overlap"
    )
    nexts = [f"    next: {_both(datetime.fromisoformat(t), HOURLY_TRIGGER)}" for t in temporal["next_action_times"]]
    at = text.index(engine_line)
    assert text[at : at + 6] == [engine_line, *nexts]
