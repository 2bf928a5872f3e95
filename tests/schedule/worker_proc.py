"""The process side of the scheduler's real-process tests (``test_processes.py``): a tool with a journaled
side effect, and a scheduler worker on a real SQLite file that may die by SIGKILL at a chosen point.

Run as ``python worker_proc.py --db DB --journal JOURNAL [--kill JSON] [--go FILE] [--concurrency N]
[--park-after S]``. The worker opens the store, prints one ready line (``{"ready": true, "pid": ...}``),
waits for the file ``--go`` to exist when given (a start barrier for two workers), then runs
:class:`~plankit.schedule.Scheduler` with the real clock until every schedule in the store is over and
every execution is final; then it prints ``{"done": true, "pid", "decided", "started"}`` and exits 0.

``--kill`` says where the worker SIGKILLs itself (the test may also kill it from outside, on a timer):

* ``{"kind": "tool", "call": n, "phase": "before" | "after"}``: on its n-th tool call, before the side
  effect or right after it (before the executor commits the step: the resumed run calls again, same key);
* ``{"kind": "fire", "call": n, "phase": "before" | "after"}``: on its n-th ``commit_fire``, before the
  decision is committed (the next worker decides the same fires again) or right after it (the fires and
  their executions are stored; nothing of them has run);
* ``{"kind": "transition", "call": n}``: right after its n-th committed execution transition.

**The receiver.** ``ledger.append`` models a call to an idempotent API: each call is one ``write`` to an
``O_APPEND`` journal (a line is whole even when the process dies right after), with the idempotency key,
the execution, the step, the attempt and the pid. The test applies the first call per key: calls are
at-least-once, effects exactly-once by key.

The module is also a tools module (one :class:`ToolRegistry`), so ``plankit scheduler --tools
worker_proc.py`` runs the same tool; the journal path then comes from ``$PLANKIT_TEST_JOURNAL``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from plankit.execute import Executor
from plankit.plan import Execution, ExecutionStatus, Fire, Schedule, ScheduleStatus, StepExecution
from plankit.schedule import Scheduler, TickReport
from plankit.store import SqliteStore
from plankit.tools import ToolContext, ToolRegistry

JOURNAL_ENV = "PLANKIT_TEST_JOURNAL"
LEASE_SECONDS = 10.0
"""Execution leases: long, so a live worker never loses one on a loaded machine (a dead worker's lease is
void at once: the executor sees its pid is gone)."""
SCHEDULE_LEASE_SECONDS = 1.0
"""Schedule leases: short, since a worker killed in a decision holds its schedule until this runs out."""

registry = ToolRegistry()
_kill: dict[str, Any] | None = None
_counts = {"tool": 0, "fire": 0, "transition": 0}


def _maybe_die(kind: str, phase: str, count: int) -> None:
    kill = _kill
    if kill and kill["kind"] == kind and kill.get("phase", "after") == phase and kill["call"] == count:
        os.kill(os.getpid(), signal.SIGKILL)


def journal(entry: dict[str, Any]) -> None:
    """Append one JSON line to the journal in a single ``write`` (whole even if the process dies next)."""
    line = (json.dumps({**entry, "pid": os.getpid()}) + "\n").encode()
    fd = os.open(os.environ[JOURNAL_ENV], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


@registry.tool("ledger.append")
async def append(ctx: ToolContext, label: str, ms: int = 5) -> Any:
    """Append an entry to the ledger (the journaled side effect), after ``ms`` of "network"."""
    _counts["tool"] += 1
    call = _counts["tool"]  # calls overlap: each remembers its own number
    _maybe_die("tool", "before", call)
    await asyncio.sleep(ms / 1000)
    journal({"key": ctx.idempotency_key, "execution": ctx.execution_id, "step": ctx.step_id, "attempt": ctx.attempt})
    _maybe_die("tool", "after", call)
    return {"label": label}


class KillingStore(SqliteStore):
    """A real SQLite store that SIGKILLs its process at the ``--kill`` point around a commit."""

    async def commit_fire(self, schedule: Schedule, fires: list[Fire], executions: Sequence[Execution] = ()) -> bool:
        _counts["fire"] += 1
        _maybe_die("fire", "before", _counts["fire"])
        committed = await super().commit_fire(schedule, fires, executions)
        _maybe_die("fire", "after", _counts["fire"])
        return committed

    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        await super().record_transition(execution, steps)
        _counts["transition"] += 1
        _maybe_die("transition", "after", _counts["transition"])


class CountingScheduler(Scheduler):
    """The scheduler, counting what this worker decided and started (to tell whether both workers worked)."""

    decided = 0
    started = 0

    async def tick(self) -> TickReport:
        report = await super().tick()
        self.decided += len(report.decided)
        self.started += len(report.started)
        return report


_OPEN = (ExecutionStatus.PENDING, ExecutionStatus.RUNNING, ExecutionStatus.WAITING, ExecutionStatus.PAUSED)
_OVER = (ScheduleStatus.COMPLETED, ScheduleStatus.REMOVED)


async def all_done(store: SqliteStore) -> bool:
    """True when every schedule is over and every execution is final."""
    schedules = await store.list_schedules(include_removed=True)
    if any(schedule.status not in _OVER for schedule in schedules):
        return False
    for status in _OPEN:
        if await store.list_executions(status=status, limit=1):
            return False
    return True


async def _watch_done(store: SqliteStore, worker: Scheduler) -> None:
    while not await all_done(store):
        await asyncio.sleep(0.05)
    worker.stop()


async def work(args: argparse.Namespace) -> dict[str, Any]:
    async with KillingStore(args.db) as store:
        executor = Executor(
            store,
            registry,
            builtins=False,
            lease_seconds=LEASE_SECONDS,
            park_after=args.park_after,
            cancel_poll_interval=0.1,
        )
        worker = CountingScheduler(
            store,
            executor=executor,
            concurrency=args.concurrency,
            lease_seconds=SCHEDULE_LEASE_SECONDS,
            poll_interval=0.02,
        )
        print(json.dumps({"ready": True, "pid": os.getpid(), "worker_id": worker.worker_id}), flush=True)
        if args.go:
            while not Path(args.go).exists():
                await asyncio.sleep(0.005)
        watcher = asyncio.ensure_future(_watch_done(store, worker))
        try:
            await worker.run(grace_seconds=10.0)
        finally:
            watcher.cancel()
            executor.close()
        return {"done": True, "pid": os.getpid(), "decided": worker.decided, "started": worker.started}


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, work until everything is done, print the summary line."""
    global _kill
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", required=True)
    parser.add_argument("--journal", required=True)
    parser.add_argument("--kill", type=json.loads, default=None)
    parser.add_argument("--go", default=None)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--park-after", type=float, default=30.0)
    args = parser.parse_args(argv)
    os.environ[JOURNAL_ENV] = args.journal
    _kill = args.kill
    summary = asyncio.run(work(args))
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
