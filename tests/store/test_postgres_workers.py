"""Worker processes sharing one PostgreSQL database.

* Three ``plankit scheduler`` processes; one is killed with SIGKILL in the middle of its runs. Its executions
  are taken over once its lease expires and complete: every fire runs once, and every idempotency key has
  exactly one effect.
* Two ``plankit serve`` processes (the server's own worker) and one ``plankit scheduler`` drain the same due
  work: each takes its share, and every step runs exactly once.

The tools record into the same database: ``attempts`` gets a row per call (a step re-run after the kill
shows up twice, under the same key), ``effects`` a row per call that finished (no deduplication: a step
completed twice would show up twice).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from tests._postgres import new_database

from plankit.execute import Executor, idempotency_key
from plankit.plan import ExecutionStatus, FireStatus, plan_from_data
from plankit.schedule import add_schedule
from plankit.store import PostgresStore
from plankit.tools import load_tools

TOOLS = '''
import os
import time
from pathlib import Path

import psycopg

from plankit.tools import ToolContext, ToolRegistry

registry = ToolRegistry()


def _record(table: str, ctx: ToolContext) -> None:
    with psycopg.connect(os.environ["PLANKIT_DB"], autocommit=True) as conn:
        conn.execute(
            f"INSERT INTO {table} (key, execution_id, step_id, pid) VALUES (%s, %s, %s, %s)",
            (ctx.idempotency_key, ctx.execution_id, ctx.step_id, os.getpid()),
        )


@registry.tool("effect")
def effect(label: str, ctx: ToolContext) -> dict:
    """Record one attempt and one effect."""
    _record("attempts", ctx)
    _record("effects", ctx)
    return {"label": label}


@registry.tool("hold")
def hold(label: str, release: str, ctx: ToolContext) -> dict:
    """Record an attempt, wait for the release file, then record the effect."""
    _record("attempts", ctx)
    while not Path(release).exists():
        time.sleep(0.05)
    _record("effects", ctx)
    return {"label": label}
'''

WORKERS = 3
PLANS = 6  # two running executions per worker (--concurrency 2): every worker is in the middle of two runs
LEASE = 3  # seconds


def _rows(dsn: str, query: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(dsn, autocommit=True) as conn:
        return conn.execute(query).fetchall()


def _wait_for(what: str, check: Any, logs: list[Path], limit: float = 120.0) -> None:
    # A bound on how long to wait for something to happen, not a claim about speed.
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            text = "\n".join(log.read_text() for log in logs)
            raise AssertionError(f"timed out waiting for {what}; the workers said:\n{text}")
        time.sleep(0.1)


def _setup(dsn: str, tools: Path, release: Path, plans: int = PLANS) -> list[str]:
    """``plans`` schedules, due in two seconds (a time in the past is refused by lint); returns their ids."""

    async def main() -> list[str]:
        async with PostgresStore(dsn) as store, Executor(store, load_tools(str(tools))) as executor:
            ids = []
            for n in range(plans):
                plan = plan_from_data({
                    "id": f"plan-{n}", "goal": "shared work",
                    "trigger": {"type": "time", "at": (datetime.now(UTC) + timedelta(seconds=2)).isoformat()},
                    "steps": [
                        {"id": "a", "tool": "effect", "args": {"label": f"a{n}"}},
                        {"id": "b", "tool": "hold", "args": {"label": f"b{n}", "release": str(release)},
                         "depends_on": ["a"]},
                    ],
                })  # fmt: skip
                ids.append((await add_schedule(store, executor, plan)).id)
            return ids

    return asyncio.run(main())


def _database(postgres_dsn: str, tmp_path: Path) -> tuple[str, Path]:
    """A fresh database with the tools' ``attempts`` and ``effects`` tables, and the tools module."""
    dsn = new_database(postgres_dsn)
    with psycopg.connect(dsn, autocommit=True) as conn:
        for table in ("attempts", "effects"):
            conn.execute(f"CREATE TABLE {table} (key text, execution_id text, step_id text, pid integer)")
    tools = tmp_path / "tools.py"
    tools.write_text(TOOLS)
    return dsn, tools


def _records(dsn: str, schedule_ids: list[str]) -> tuple[list[Any], list[Any]]:
    """Each schedule's fires, and the execution of its first fire."""

    async def main() -> tuple[list[Any], list[Any]]:
        async with PostgresStore(dsn) as store:
            fires = [await store.list_fires(schedule_id) for schedule_id in schedule_ids]
            executions = [await store.load_execution(f[0].execution_id or "") for f in fires]
            return fires, executions

    return asyncio.run(main())


def test_three_workers_one_killed_every_fire_once_one_effect_per_key(postgres_dsn: str, tmp_path: Path) -> None:
    dsn, tools = _database(postgres_dsn, tmp_path)
    release = tmp_path / "release"
    schedule_ids = _setup(dsn, tools, release)

    env = {**os.environ, "PLANKIT_DB": dsn}
    command = [sys.executable, "-m", "plankit", "scheduler", "--tools", str(tools), "--concurrency", "2",
               "--poll", "0.2", "--lease", str(LEASE), "--grace", "0"]  # fmt: skip
    logs = [tmp_path / f"worker{n}.log" for n in range(WORKERS)]
    procs = []
    for log in logs:
        with log.open("wb") as out:
            procs.append(subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT))
    try:
        # Every execution is in the middle of ``hold`` (step a done and committed): 2 per worker.
        _wait_for("6 holds", lambda: len(_rows(dsn, "SELECT 1 FROM attempts WHERE step_id = 'b'")) == PLANS, logs)
        holders = {pid for (pid,) in _rows(dsn, "SELECT pid FROM attempts WHERE step_id = 'b'")}
        victim = procs[0]
        assert victim.pid in holders and len(holders) == WORKERS
        victims_runs = {e for (e,) in _rows(dsn, f"SELECT execution_id FROM attempts WHERE pid = {victim.pid}")}
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        release.touch()
        finished = "SELECT 1 FROM executions WHERE status = 'completed'"
        _wait_for("every execution to complete", lambda: len(_rows(dsn, finished)) == PLANS, logs)
    finally:
        release.touch()
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=60)

    fires, executions = _records(dsn, schedule_ids)
    # Every fire happened once and ran once.
    assert [[(f.status, f.schedule_id) for f in per] for per in fires] == [
        [(FireStatus.STARTED, schedule_id)] for schedule_id in schedule_ids
    ]
    assert [e.status if e else None for e in executions] == [ExecutionStatus.COMPLETED] * PLANS
    execution_ids = sorted(e.execution_id for e in executions if e)
    assert len(set(execution_ids)) == PLANS and len(victims_runs) == 2
    # Exactly one effect per idempotency key: none lost, none doubled.
    expected = sorted(idempotency_key(e, step, None) for e in execution_ids for step in ("a", "b"))
    assert sorted(key for (key,) in _rows(dsn, "SELECT key FROM effects")) == expected
    # The victim's two runs were taken over: their ``hold`` ran again under the same key, elsewhere.
    attempts: dict[str, list[int]] = {}
    for key, pid in _rows(dsn, "SELECT key, pid FROM attempts WHERE step_id = 'b' ORDER BY key"):
        attempts.setdefault(key, []).append(pid)
    taken_over = {idempotency_key(e, "b", None) for e in victims_runs}
    assert {key for key, pids in attempts.items() if len(pids) == 2} == taken_over
    for key in taken_over:
        assert attempts[key][0] == victim.pid or attempts[key][1] == victim.pid
        assert len(set(attempts[key])) == 2
    assert all(len(pids) == 1 for key, pids in attempts.items() if key not in taken_over)


def test_serve_processes_and_a_scheduler_share_the_work_and_run_every_step_once(
    postgres_dsn: str, tmp_path: Path
) -> None:
    """Two ``plankit serve`` processes and one ``plankit scheduler``, two slots each, on one database; twelve
    schedules come due. The first six executions hold in their second step until all six slots are busy,
    so each process must have claimed exactly two (the due work is shared, not raced for); then the rest
    drain. Every fire starts once and every step runs once: one attempt and one effect per key."""
    plans = 12
    dsn, tools = _database(postgres_dsn, tmp_path)
    release = tmp_path / "release"
    schedule_ids = _setup(dsn, tools, release, plans)
    env = {**os.environ, "PLANKIT_DB": dsn}
    serve = [sys.executable, "-m", "plankit", "serve", "--tools", str(tools), "--port", "0", "--concurrency", "2",
             "--rate-limit", "0"]  # fmt: skip
    scheduler = [sys.executable, "-m", "plankit", "scheduler", "--tools", str(tools), "--concurrency", "2",
                 "--poll", "0.5"]  # fmt: skip
    commands = {"serve-1": serve, "serve-2": serve, "scheduler": scheduler}
    logs = [tmp_path / f"{name}.log" for name in commands]
    procs = {}
    for (name, command), log in zip(commands.items(), logs, strict=True):
        with log.open("wb") as out:
            procs[name] = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        holding = "SELECT pid FROM attempts WHERE step_id = 'b'"
        _wait_for("6 holds", lambda: len(_rows(dsn, holding)) == 6, logs)
        holders = sorted(pid for (pid,) in _rows(dsn, holding))
        assert holders == sorted(proc.pid for proc in procs.values() for _ in range(2))
        release.touch()
        finished = "SELECT 1 FROM executions WHERE status = 'completed'"
        _wait_for(f"every execution to complete ({plans})", lambda: len(_rows(dsn, finished)) == plans, logs)
    finally:
        release.touch()
        for proc in procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs.values():
            proc.wait(timeout=60)

    fires, executions = _records(dsn, schedule_ids)
    assert [[(f.status, f.schedule_id) for f in per] for per in fires] == [
        [(FireStatus.STARTED, schedule_id)] for schedule_id in schedule_ids
    ]
    assert [e.status if e else None for e in executions] == [ExecutionStatus.COMPLETED] * plans
    execution_ids = sorted(e.execution_id for e in executions if e)
    expected = sorted(idempotency_key(e, step, None) for e in execution_ids for step in ("a", "b"))
    assert sorted(key for (key,) in _rows(dsn, "SELECT key FROM attempts")) == expected
    assert sorted(key for (key,) in _rows(dsn, "SELECT key FROM effects")) == expected
