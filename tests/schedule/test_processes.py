"""The scheduler in real processes on a real SQLite file: SIGKILL at seeded points and restarts, two workers
sharing one store, and a parked wait continued by another process.

The worker (``worker_proc.py``) runs :class:`~plankit.schedule.Scheduler` with the real clock; its tool
journals every call (idempotency key, execution, step, pid) with one ``O_APPEND`` write. The schedules are
interval triggers with ``start_at`` and ``max_runs`` fixed when they are added, ``catch_up: all`` and
``overlap: allow``, so the set of nominal fire times is known in advance, and every one of them must start
exactly one execution, however the workers die. The properties checked, exactly:

* every nominal time has exactly one fire record (``started``, with the execution id derived from its
  key), and no other fire exists;
* the executions of the plan are exactly those, each ``completed``, each step completed once;
* every step of every execution was called with exactly one idempotency key, and the idempotent receiver
  (first call per key wins) applied exactly one effect per step: calls are at-least-once (a worker killed
  right after an effect makes the next one call again, same key), effects exactly once.

No assertion reads a wall-clock duration: kills are placed by a seeded RNG (tool call n, commit n, or a
timer after the worker is ready), and the tests wait for states in the store, with generous timeouts.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from plankit.execute import Executor
from plankit.plan import (
    ExecutionStatus,
    FireStatus,
    PlanStatus,
    ScheduleStatus,
    StepStatus,
    fire_execution_id,
    fire_key,
    plan_from_data,
)
from plankit.schedule import add_schedule, fire_now
from plankit.store import SqliteStore
from plankit.tools import ToolContext, ToolRegistry

from .worker_proc import JOURNAL_ENV, registry

WORKER = Path(__file__).with_name("worker_proc.py")
SEED = 20261124
KILLS = 12
TIMEOUT = 120.0
"""Seconds a worker may take to finish everything (a safety net against a hang, never an assertion)."""

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


# ------------------------------------------------------------------------------------------- helpers
def soon(seconds: float) -> datetime:
    """A whole millisecond ``seconds`` from now (UTC)."""
    moment = datetime.now(UTC) + timedelta(seconds=seconds)
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def ticking_plan(plan_id: str, start_at: datetime, every_ms: int, count: int) -> dict[str, Any]:
    """A two-step plan fired every ``every_ms`` from ``start_at``, ``count`` times (``max_runs``)."""
    trigger = {
        "type": "interval",
        "every_ms": every_ms,
        "start_at": start_at.isoformat(),
        "max_runs": count,
        "misfire_grace_ms": 100,
        "catch_up": "all",
        "overlap": "allow",
    }
    steps = [
        {"id": "debit", "tool": "ledger.append", "params": {"label": "debit", "ms": 5}},
        {"id": "credit", "tool": "ledger.append", "params": {"label": "credit", "ms": 5}, "depends_on": ["debit"]},
    ]
    return {"id": plan_id, "goal": "post a tick to the ledger", "trigger": trigger, "steps": steps}


def nominal_times(start_at: datetime, every_ms: int, count: int) -> list[datetime]:
    return [start_at + timedelta(milliseconds=every_ms * k) for k in range(count)]


async def add_schedules(db: Path, plans: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Schedule the plans (linted with the worker's tools); return (schedule id, plan id) of each."""
    added: list[tuple[str, str]] = []
    async with SqliteStore(db) as store, Executor(store, registry, builtins=False) as executor:
        for data in plans:
            schedule = await add_schedule(store, executor, plan_from_data(data))
            added.append((schedule.id, schedule.plan_id))
    return added


class Worker:
    """One ``worker_proc.py`` process."""

    def __init__(self, db: Path, journal: Path, *, kill: dict[str, Any] | None = None, **options: Any):
        command = [sys.executable, str(WORKER), "--db", str(db), "--journal", str(journal)]
        if kill is not None:
            command += ["--kill", json.dumps(kill)]
        for name, value in options.items():
            command += [f"--{name.replace('_', '-')}", str(value)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        self.pid = self.process.pid

    def ready(self) -> bool:
        """Wait for the ready line; False when the process died first (killed on its way up)."""
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            return False
        assert json.loads(line)["ready"] is True
        return True

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGKILL)

    def finish(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Wait for the end: ``{"signal": 9}`` when killed, else the summary line (exit 0 asserted)."""
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            self.process.wait()
            pytest.fail(f"worker {self.pid} did not finish within {timeout} s: see its stderr above")
        assert self.process.stdout is not None
        rest = self.process.stdout.read()
        self.process.stdout.close()
        if code < 0:
            return {"signal": -code}
        assert code == 0, f"worker {self.pid} exited {code}: see its stderr above"
        return json.loads(rest.splitlines()[-1])  # type: ignore[no-any-return]


def read_journal(journal: Path) -> list[dict[str, Any]]:
    if not journal.exists():
        return []
    return [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]


def applied_effects(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What an idempotent receiver applies: the first call per key."""
    effects: dict[str, dict[str, Any]] = {}
    for entry in entries:
        effects.setdefault(entry["key"], entry)
    return effects


async def check_exactly_once(
    db: Path, schedule_id: str, plan_id: str, expected: list[datetime], entries: list[dict[str, Any]]
) -> set[str]:
    """Assert the exactly-once properties (module docstring) for one schedule; return its execution ids."""
    keys = [fire_key(schedule_id, moment) for moment in expected]
    execution_ids = {fire_execution_id(key) for key in keys}
    assert len(execution_ids) == len(expected)
    async with SqliteStore(db) as store:
        schedule = await store.load_schedule(schedule_id)
        assert schedule is not None
        assert (schedule.status, schedule.runs, schedule.next_fire_at) == (
            ScheduleStatus.COMPLETED,
            len(expected),
            None,
        )
        fires = await store.list_fires(schedule_id, limit=10 * len(expected))
        assert sorted(fire.nominal_at for fire in fires) == expected  # one fire per nominal time, no other
        assert sorted(fire.key for fire in fires) == sorted(keys)
        assert {fire.status for fire in fires} == {FireStatus.STARTED}
        assert all(fire.execution_id == fire_execution_id(fire.key) for fire in fires)
        executions = await store.list_executions(plan_id=plan_id, limit=10 * len(expected))
        assert sorted(execution.execution_id for execution in executions) == sorted(execution_ids)
        assert {execution.status for execution in executions} == {ExecutionStatus.COMPLETED}
        for execution_id in execution_ids:
            execution = await store.load_execution(execution_id)
            assert execution is not None
            steps = [(step.step_id, step.status, step.idempotency_key) for step in execution.steps]
            assert steps == [
                ("debit", StepStatus.COMPLETED, f"{execution_id}:debit"),
                ("credit", StepStatus.COMPLETED, f"{execution_id}:credit"),
            ]
    mine = [entry for entry in entries if entry["execution"] in execution_ids]
    for entry in mine:  # every call of a step carried that step's one key
        assert entry["key"] == f"{entry['execution']}:{entry['step']}"
    effects = applied_effects(mine)
    assert sorted(effects) == sorted(f"{eid}:{step}" for eid in execution_ids for step in ("debit", "credit"))
    return execution_ids


def kill_points(rng: random.Random) -> list[dict[str, Any]]:
    """Where each life dies (KILLS of them, every kind several times, in a seeded order): in a tool (before
    or after its effect), around a fire decision's commit, right after an execution transition, or on a
    timer after the worker is ready."""
    rest = ["tool"] * 4 + ["transition"] * 3 + ["timer"] * 3
    rng.shuffle(rest)
    kinds = [rest[0], "fire", rest[1], "fire", *rest[2:]]  # the fire kills early, while fires still come due
    assert len(kinds) == KILLS
    fire_phases = iter(["before", "after"])  # one decision lost before its commit, one right after it
    points: list[dict[str, Any]] = []
    for kind in kinds:
        if kind == "tool":
            points.append({"kind": "tool", "call": rng.randint(1, 8), "phase": rng.choice(["before", "after"])})
        elif kind == "fire":
            points.append({"kind": "fire", "call": rng.randint(1, 3), "phase": next(fire_phases)})
        elif kind == "transition":
            points.append({"kind": "transition", "call": rng.randint(1, 30)})
        else:
            points.append({"kind": "timer", "delay": round(rng.uniform(0.05, 0.4), 3)})
    return points


def wait_for(predicate: Any, what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.01)


@pytest.fixture
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "journal.jsonl"
    monkeypatch.setenv(JOURNAL_ENV, str(path))  # for a CLI worker, which finds it there
    return path


# --------------------------------------------------------------------------------------------- tests
EVERY_MS = 50
FIRES = 240


def test_sigkill_at_seeded_points_and_restarts_fire_every_nominal_time_exactly_once(
    tmp_path: Path, journal: Path
) -> None:
    db = tmp_path / "plankit.db"
    start_at = soon(0.5)
    [(schedule_id, plan_id)] = asyncio.run(add_schedules(db, [ticking_plan("ticks", start_at, EVERY_MS, FIRES)]))
    points = kill_points(random.Random(SEED))
    kills: list[dict[str, Any]] = []
    summary: dict[str, Any] | None = None
    for point in [*points, None]:
        timer = point is not None and point["kind"] == "timer"
        worker = Worker(db, journal, kill=None if timer or point is None else point, concurrency=4)
        assert worker.ready()
        if timer:
            assert point is not None
            time.sleep(point["delay"])
            worker.kill()
        outcome = worker.finish()
        if "signal" in outcome:
            assert outcome["signal"] == signal.SIGKILL
            kills.append(point)  # type: ignore[arg-type]
        else:
            summary = outcome
            break
    assert summary is not None and summary["done"] is True
    # Every life died at its kill point: the work outlasts them all (240 fires, 50 ms apart).
    assert kills == points
    assert {point["kind"] for point in kills} == {"tool", "fire", "transition", "timer"}

    entries = read_journal(journal)
    execution_ids = asyncio.run(
        check_exactly_once(db, schedule_id, plan_id, nominal_times(start_at, EVERY_MS, FIRES), entries)
    )
    assert {entry["execution"] for entry in entries} == execution_ids  # no call outside the fires' executions
    # At-least-once calls: a kill right after an effect (before its commit) made the next life call again,
    # with the same key; a kill stops at most one in-flight step per running execution (4 at a time).
    repeated = len(entries) - len(applied_effects(entries))
    after_effect = sum(1 for point in kills if point["kind"] == "tool" and point["phase"] == "after")
    assert after_effect >= 1
    assert after_effect <= repeated <= 4 * len(kills)

    # Each restart left fires undecided for longer than the misfire grace (100 ms): catch_up=all started them
    # late (reason "catch-up"), none was dropped or recorded missed.
    async def fire_reasons() -> set[str | None]:
        async with SqliteStore(db) as store:
            return {fire.reason for fire in await store.list_fires(schedule_id, limit=FIRES)}

    reasons = asyncio.run(fire_reasons())
    assert "catch-up" in reasons and reasons <= {None, "catch-up"}


def test_two_workers_on_one_sqlite_file_fire_each_nominal_time_exactly_once(tmp_path: Path, journal: Path) -> None:
    db = tmp_path / "plankit.db"
    asyncio.run(add_schedules(db, []))  # create the database before two processes open it
    go = tmp_path / "go"
    workers = [Worker(db, journal, go=go, concurrency=3) for _ in range(2)]
    assert [worker.ready() for worker in workers] == [True, True]
    start_at = soon(0.2)
    every, count = 40, 80  # 3 schedules x 80 = 240 fires, 480 effects
    starts = [start_at + timedelta(milliseconds=7 * i) for i in range(3)]
    plans = [ticking_plan(f"ticks-{i}", start, every, count) for i, start in enumerate(starts)]
    added = asyncio.run(add_schedules(db, plans))
    go.touch()  # both start at once
    summaries = [worker.finish() for worker in workers]
    assert [summary["done"] for summary in summaries] == [True, True]

    entries = read_journal(journal)
    execution_ids: set[str] = set()
    for (schedule_id, plan_id), start in zip(added, starts, strict=True):
        execution_ids |= asyncio.run(
            check_exactly_once(db, schedule_id, plan_id, nominal_times(start, every, count), entries)
        )
    assert len(execution_ids) == 3 * count
    assert {entry["execution"] for entry in entries} == execution_ids
    # Nobody died: not one call was repeated, by either worker.
    assert len(entries) == len(applied_effects(entries)) == 2 * 3 * count
    # Both workers did some of the work (a shared start and 240 executions make this certain in practice).
    assert {entry["pid"] for entry in entries} == {worker.pid for worker in workers}
    assert all(summary["started"] > 0 for summary in summaries)


def parked_plan(wait_ms: int) -> dict[str, Any]:
    """Step ``before``, a wait of ``wait_ms``, step ``after``; fired once, when scheduled."""
    return {
        "id": "parked",
        "goal": "wait between two ledger entries",
        "trigger": {"type": "immediate"},
        "steps": [
            {"id": "before", "tool": "ledger.append", "params": {"label": "before"}},
            {"id": "pause", "type": "wait", "duration_ms": wait_ms, "depends_on": ["before"]},
            {"id": "after", "tool": "ledger.append", "params": {"label": "after"}, "depends_on": ["pause"]},
        ],
    }


async def execution_of(db: Path, execution_id: str) -> Any:
    async with SqliteStore(db) as store:
        return await store.load_execution(execution_id)


async def plan_status(db: Path, plan_id: str) -> PlanStatus:
    async with SqliteStore(db) as store:
        plan = await store.load_plan(plan_id)
        assert plan is not None
        return plan.status


def parked_execution_id(db: Path, schedule_id: str) -> str:
    async def first_fire() -> str:
        async with SqliteStore(db) as store:
            [fire] = await store.list_fires(schedule_id)
            assert fire.execution_id is not None
            return fire.execution_id

    return asyncio.run(first_fire())


def cli_scheduler_once(db: Path) -> tuple[int, dict[str, Any]]:
    """``plankit scheduler --once`` with this module's tools: (its pid, its JSON report)."""
    command = [sys.executable, "-m", "plankit", "scheduler", "--once", "--tools", str(WORKER), "--db", str(db)]
    command += ["--park-after", "0.2", "--format", "json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    out, _ = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 0, f"plankit scheduler --once exited {process.returncode}: see its stderr above"
    return process.pid, json.loads(out)


@pytest.mark.parametrize("second_worker", ["worker", "cli --once"])
def test_a_parked_wait_survives_a_worker_restart(tmp_path: Path, journal: Path, second_worker: str) -> None:
    """Worker 1 runs the plan until its 3 s wait parks the execution, and is killed. Worker 2, a new
    process, continues it: a scheduler started while the wait is parked (it wakes it when due), or
    ``plankit scheduler --once`` run after the wait's time has come."""
    db = tmp_path / "plankit.db"
    [(schedule_id, plan_id)] = asyncio.run(add_schedules(db, [parked_plan(wait_ms=3000)]))
    first = Worker(db, journal, park_after=0.2)
    assert first.ready()
    wait_for(lambda: _fired(db, schedule_id), "the fire")
    execution_id = parked_execution_id(db, schedule_id)
    # Parked and settled: the execution is waiting, and its plan followed it (a separate write, just after).
    wait_for(
        lambda: (
            (found := asyncio.run(execution_of(db, execution_id))) is not None
            and found.status is ExecutionStatus.WAITING
            and asyncio.run(plan_status(db, plan_id)) is PlanStatus.PAUSED
        ),
        "the execution to park",
    )
    first.kill()
    assert first.finish() == {"signal": signal.SIGKILL}
    parked = asyncio.run(execution_of(db, execution_id))
    assert parked.status is ExecutionStatus.WAITING  # killed while parked (the wait is 3 s; the poll is 10 ms)
    assert [(s.step_id, s.status) for s in parked.steps] == [
        ("before", StepStatus.COMPLETED),
        ("pause", StepStatus.WAITING),
    ]
    assert parked.wake_at is not None
    assert [(e["step"], e["pid"]) for e in read_journal(journal)] == [("before", first.pid)]

    if second_worker == "worker":
        second = Worker(db, journal, park_after=0.2)  # started while the wait is still parked
        assert second.ready()
        summary = second.finish()
        assert (summary["done"], summary["decided"], summary["started"]) == (True, 0, 1)
        second_pid = second.pid
    else:
        while datetime.now(UTC) <= parked.wake_at:  # --once does what is due now: start it once this is due
            time.sleep(0.05)
        second_pid, report = cli_scheduler_once(db)
        assert report == {"schedules_decided": 0, "executions_run": 1}

    done = asyncio.run(execution_of(db, execution_id))
    assert done.status is ExecutionStatus.COMPLETED
    steps = {s.step_id: s for s in done.steps}
    assert [(s.step_id, s.status) for s in done.steps] == [
        ("before", StepStatus.COMPLETED),
        ("pause", StepStatus.COMPLETED),
        ("after", StepStatus.COMPLETED),
    ]
    # The wait kept its deadline across the restart: the step after it started no earlier than the wake time.
    assert steps["after"].started_at is not None and steps["after"].started_at >= parked.wake_at
    # Each step ran exactly once, the first in the killed worker, the last in the new one.
    assert [(e["key"], e["pid"]) for e in read_journal(journal)] == [
        (f"{execution_id}:before", first.pid),
        (f"{execution_id}:after", second_pid),
    ]
    assert asyncio.run(plan_status(db, plan_id)) is PlanStatus.COMPLETED


def _fired(db: Path, schedule_id: str) -> bool:
    async def fires() -> int:
        async with SqliteStore(db) as store:
            return len(await store.list_fires(schedule_id))

    return asyncio.run(fires()) == 1


def test_a_real_clock_worker_starts_a_time_trigger_and_an_interval_up_to_its_end(tmp_path: Path, journal: Path) -> None:
    db = tmp_path / "plankit.db"
    at = soon(0.8)
    once = ticking_plan("once", at, 1, 1)
    once["trigger"] = {"type": "time", "at": at.isoformat()}
    ending = ticking_plan("ending", at, 50, 1)
    ending["trigger"] = {
        "type": "interval",
        "every_ms": 50,
        "start_at": at.isoformat(),
        "end_at": (at + timedelta(milliseconds=200)).isoformat(),
        "catch_up": "all",
        "overlap": "allow",
    }
    [(once_id, _), (ending_id, _)] = asyncio.run(add_schedules(db, [once, ending]))
    worker = Worker(db, journal)
    assert worker.ready()
    assert worker.finish()["done"] is True

    async def fires(schedule_id: str) -> list[tuple[datetime, FireStatus, str | None]]:
        async with SqliteStore(db) as store:
            found = await store.list_fires(schedule_id)
            return sorted((fire.nominal_at, fire.status, fire.reason) for fire in found)

    assert asyncio.run(fires(once_id)) == [(at, FireStatus.STARTED, None)]
    assert [(nominal, status) for nominal, status, _ in asyncio.run(fires(ending_id))] == [
        (at + timedelta(milliseconds=50 * k), FireStatus.STARTED) for k in range(5)
    ]


def test_a_worker_that_claims_an_execution_another_just_finished_does_not_run_it_again(tmp_path: Path) -> None:
    """Two workers racing for one due execution, in one process so the interleaving is exact: worker B loads
    the execution, worker A runs it to the end, then B's claim goes through."""
    calls: list[str] = []
    tools = ToolRegistry()

    @tools.tool("ledger.append")
    async def append(ctx: ToolContext, label: str, ms: int = 5) -> Any:
        calls.append(ctx.idempotency_key)
        return {"label": label}

    class LateClaimStore(SqliteStore):
        before_claim: Any = None

        async def claim_execution(self, execution_id: str, owner: str, until: datetime, now: datetime) -> Any:
            hook, self.before_claim = self.before_claim, None
            if hook is not None:
                await hook()
            return await super().claim_execution(execution_id, owner, until, now)

    async def race() -> tuple[ExecutionStatus, ExecutionStatus]:
        db = tmp_path / "plankit.db"
        async with SqliteStore(db) as store_a, LateClaimStore(db) as store_b:
            a = Executor(store_a, tools, builtins=False, worker_id="elsewhere:1:a")
            b = Executor(store_b, tools, builtins=False, worker_id="elsewhere:2:b")
            plan = plan_from_data(ticking_plan("race", soon(3600), 60_000, 1))
            schedule = await add_schedule(store_a, a, plan)
            fire = await fire_now(store_a, schedule.id, datetime.now(UTC))
            assert fire.execution_id is not None
            finished_by_a: list[ExecutionStatus] = []

            async def a_runs_it() -> None:
                finished_by_a.append((await a.resume(fire.execution_id)).status)  # type: ignore[arg-type]

            store_b.before_claim = a_runs_it
            by_b = await b.resume(fire.execution_id)
            return finished_by_a[0], by_b.status

    assert asyncio.run(race()) == (ExecutionStatus.COMPLETED, ExecutionStatus.COMPLETED)
    assert len(calls) == 2 and len(set(calls)) == 2  # debit and credit, once each
