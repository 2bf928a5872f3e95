"""A Temporal worker killed (SIGKILL) in the middle of a tool: Temporal notices the missed heartbeats and runs
the same attempt on another worker, with the same idempotency key; the effect happens once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
from temporalio.client import Client
from tests._postgres import new_database

from plankit.engines import TemporalEngine
from plankit.execute import Executor
from plankit.plan import Execution, plan_from_data
from plankit.store import PostgresStore
from plankit.tools import load_tools

TOOLS = """
import os
import time
from pathlib import Path

import psycopg

from plankit.tools import ToolContext, ToolRegistry

registry = ToolRegistry()


def _record(table: str, ctx: ToolContext) -> None:
    with psycopg.connect(os.environ["PLANKIT_DB"], autocommit=True) as conn:
        conn.execute(f"INSERT INTO {table} (key, pid) VALUES (%s, %s)", (ctx.idempotency_key, os.getpid()))


@registry.tool("hold")
def hold(release: str, ctx: ToolContext) -> dict:
    \"\"\"Record an attempt, wait for the release file, record the effect.\"\"\"
    _record("attempts", ctx)
    while not Path(release).exists():
        time.sleep(0.05)
    _record("effects", ctx)
    return {"done": True}
"""


def _rows(dsn: str, query: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(dsn, autocommit=True) as conn:
        return conn.execute(query).fetchall()


def _until(what: str, check: Any, log: Path) -> None:
    deadline = time.monotonic() + 120  # a bound on waiting, not a claim about speed
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}:\n{log.read_text()}")
        time.sleep(0.05)


def test_a_killed_workers_attempt_runs_again_elsewhere_once(
    temporal_address: str, postgres_dsn: str, tmp_path: Path
) -> None:
    dsn = new_database(postgres_dsn)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE attempts (key text, pid integer)")
        conn.execute("CREATE TABLE effects (key text, pid integer)")
    tools = tmp_path / "tools.py"
    tools.write_text(TOOLS)
    release = tmp_path / "release"
    command = [sys.executable, "-m", "plankit", "worker", "--engine", "temporal", "--tools", str(tools),
               "--temporal-address", temporal_address, "--task-queue", "loss"]  # fmt: skip
    env = {**os.environ, "PLANKIT_DB": dsn}
    log = tmp_path / "workers.log"
    plan = plan_from_data(
        {"id": "held", "goal": "g", "steps": [{"id": "h", "tool": "hold", "args": {"release": str(release)}}]}
    )

    async def start() -> str:
        client = await Client.connect(temporal_address)
        async with PostgresStore(dsn) as store:
            engine = TemporalEngine(client, store, task_queue="loss", heartbeat_timeout=2.0)
            return await engine.start(plan, Executor(store, load_tools(str(tools))), execution_id="held-1")

    async def finished() -> Execution:
        async with PostgresStore(dsn) as store:
            client = await Client.connect(temporal_address)
            return await asyncio.wait_for(TemporalEngine(client, store).wait("held-1", until_final=True), 120)

    with log.open("wb") as out:
        first = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        second = None
        try:
            asyncio.run(start())
            _until("the first attempt", lambda: len(_rows(dsn, "SELECT 1 FROM attempts")) == 1, log)
            os.kill(first.pid, signal.SIGKILL)
            first.wait()
            second = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
            _until("the attempt on the second worker", lambda: len(_rows(dsn, "SELECT 1 FROM attempts")) == 2, log)
            release.touch()
            execution = asyncio.run(finished())
        finally:
            release.touch()
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
                    proc.wait(timeout=60)

    assert execution.status.value == "completed", log.read_text()
    (record,) = execution.steps
    assert (record.status.value, record.attempt_count, record.output) == ("completed", 1, {"done": True})
    attempts = _rows(dsn, "SELECT key, pid FROM attempts")
    assert second is not None
    assert sorted(attempts, key=lambda row: row[1] != first.pid) == [("held-1:h", first.pid), ("held-1:h", second.pid)]
    assert _rows(dsn, "SELECT key, pid FROM effects") == [("held-1:h", second.pid)]
