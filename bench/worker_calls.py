"""Bench: what N workers sharing one PostgreSQL database ask of the store to drain the same due work.

    python bench/worker_calls.py                  # 100 three-step plans, 1 and 4 workers
    python bench/worker_calls.py --plans 50 --workers 1 2 4

The plans of ``bench/engines.py`` (three ``echo`` steps, ``time`` schedules all due at the same instant T) are
drained by N ``Scheduler``s in this process, each with its own ``PostgresStore`` (its own connection pool) and
its own worker id, as N processes would be. Every store call made from T on is counted by method. With no
duplicated work, the counts of N workers equal those of one (plus idle look-ups); claims that fail, schedules
decided again and executions started twice show up as extra calls. Calls, not seconds: on a shared machine this
is the part of the cost that does not depend on what else runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests._postgres import new_database, start_server

from engines import add_plans
from plankit.execute import Executor
from plankit.schedule import Scheduler, TickReport
from plankit.store import PostgresStore

COUNTED = (
    "due_schedules", "due_executions", "claim_due_schedules", "claim_due_executions", "claim_schedule",
    "claim_execution", "load_schedule", "commit_fire", "load_execution", "load_plan", "record_transition",
    "set_plan_status", "list_executions", "cancel_requested", "release_execution",
)  # fmt: skip


def count_calls(store: PostgresStore, counts: Counter[str], since: datetime) -> None:
    """Wrap the store's methods in COUNTED so that each call from ``since`` on adds one to ``counts``."""
    for name in COUNTED:
        method = getattr(store, name, None)
        if method is None:  # a method this version of the store lacks
            continue

        def counting(method: Callable[..., Awaitable[Any]] = method, name: str = name) -> Callable[..., Any]:
            async def call(*args: Any, **kwargs: Any) -> Any:
                if datetime.now(UTC) >= since:
                    counts[name] += 1
                return await method(*args, **kwargs)

            return call

        setattr(store, name, counting())


async def drain(db: str, plans: int, workers: int) -> Counter[str]:
    at = datetime.now(UTC) + timedelta(seconds=1.5)
    await add_plans(db, plans, at)
    counts: Counter[str] = Counter()
    stores = [PostgresStore(db) for _ in range(workers)]
    schedulers = []
    for number, store in enumerate(stores):
        await store.open()
        count_calls(store, counts, at)
        # One worker id each, as separate processes have (the default id is one per process).
        worker_id = f"{socket.gethostname()}:{os.getpid()}:bench{number}"
        scheduler = Scheduler(store, executor=Executor(store, worker_id=worker_id), concurrency=4, poll_interval=0.2)
        schedulers.append(scheduler)
        tick = scheduler.tick

        async def counted_tick(tick: Callable[[], Awaitable[TickReport]] = tick) -> TickReport:
            report = await tick()
            if datetime.now(UTC) >= at:
                counts["ticks"] += 1
                counts["idle ticks"] += report.idle
                counts["executions started"] += len(report.started)
            return report

        scheduler.tick = counted_tick  # type: ignore[method-assign]
    running = [asyncio.ensure_future(scheduler.run()) for scheduler in schedulers]
    async with await psycopg.AsyncConnection.connect(db, autocommit=True) as conn:
        while True:
            cursor = await conn.execute("SELECT count(*) FROM executions WHERE status = 'completed'")
            row = await cursor.fetchone()
            if row is not None and row[0] >= plans:
                break
            await asyncio.sleep(0.05)
    for scheduler in schedulers:
        scheduler.stop()
    await asyncio.gather(*running)
    for store in stores:
        await store.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plans", type=int, default=100)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--postgres", help="an existing server's DSN (default: a throwaway one)")
    args = parser.parse_args()
    server = None if args.postgres else start_server()
    admin = args.postgres or (server.dsn if server else "")
    try:
        results = {workers: asyncio.run(drain(new_database(admin), args.plans, workers)) for workers in args.workers}
    finally:
        if server is not None:
            server.stop()
    names = [name for name in (*COUNTED, "ticks", "idle ticks", "executions started") if any(
        counts[name] for counts in results.values()
    )]  # fmt: skip
    print(f"store calls while {args.plans} three-step plans due at once are drained (per plan in brackets)")
    print(f"   {'':<22}" + "".join(f"{f'{workers} worker(s)':>22}" for workers in results))
    for name in names:
        cells = "".join(
            f"{counts[name]:>12} ({counts[name] / args.plans:5.2f})" + " " * 2 for counts in results.values()
        )
        print(f"   {name:<22}{cells}")


if __name__ == "__main__":
    main()
