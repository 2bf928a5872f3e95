"""The process side of the crash test (``test_crash.py``): a tool with a journaled side effect, and a worker
that runs one "life" of an execution per request in a forked child, which may be killed with SIGKILL.

Run as ``python crash_worker.py PLAN_FILE``. The worker imports plankit once, then for each JSON line on
stdin (``{"db", "journal", "kill"}``) forks a child that starts the execution ``crash`` (or resumes it, when
the database already holds it) and exits 0 completed, 3 paused, 1 failed. Forking makes a life cost
milliseconds instead of an interpreter start, so the test can afford dozens of kills. The child opens the
database itself, after the fork: nothing is shared but the code.

``kill`` says how the child dies (``null``: it doesn't):

* ``{"kind": "tool", "call": n, "phase": "before" | "after"}``: the child SIGKILLs itself on its n-th tool
  call, before the side effect or right after it (before the executor can commit the step's completion:
  the case that makes a resumed run call the tool again);
* ``{"kind": "timer", "delay": seconds}``: the worker SIGKILLs the child ``delay`` seconds after the
  child's first tool call, wherever it then is (a commit, a wait, a retry backoff, a tool).

The worker answers one JSON line per life: ``{"pid", "exit": code}`` or ``{"pid", "signal": 9}``.

**The receiver.** ``ledger.post`` models a call to an idempotent API: every call is appended to the
journal (one ``write`` on an ``O_APPEND`` file, so a line is whole even when the process dies right after),
with the step, the idempotency key, the attempt and whether the call succeeded. Like a real idempotent
receiver, the test applies only the first successful call per key: calls are at-least-once, effects are
exactly-once *by key*.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from typing import Any

from plankit.errors import ToolError
from plankit.execute import Executor
from plankit.plan import ExecutionStatus, load_plan
from plankit.store import SqliteStore
from plankit.tools import ToolContext, ToolRegistry

EXECUTION_ID = "crash"
registry = ToolRegistry()
_life: dict[str, Any] = {"journal": "", "kill": None, "calls": 0}


def _journal(entry: dict[str, Any]) -> None:
    line = (json.dumps({**entry, "pid": os.getpid()}) + "\n").encode()
    fd = os.open(_life["journal"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def _maybe_die(phase: str, call: int) -> None:
    kill = _life["kill"]
    if kill and kill["kind"] == "tool" and kill["phase"] == phase and kill["call"] == call:
        os.kill(os.getpid(), signal.SIGKILL)


async def _call(ctx: ToolContext, label: str, amount: int, inputs: list[int], fail_attempts: int, ms: int) -> Any:
    _life["calls"] += 1
    call = _life["calls"]  # calls overlap: each one remembers its own number
    _maybe_die("before", call)
    await asyncio.sleep(ms / 1000)
    entry = {"step": ctx.step_id, "key": ctx.idempotency_key, "attempt": ctx.attempt}
    if ctx.attempt <= fail_attempts:
        _journal({**entry, "ok": False})
        raise ToolError(f"{label}: the receiver answered 503 to attempt {ctx.attempt}")
    _journal({**entry, "ok": True, "label": label, "amount": amount})
    _maybe_die("after", call)
    return {"label": label, "total": amount + sum(inputs)}


@registry.tool("ledger.post")
async def post(
    ctx: ToolContext, label: str, amount: int, inputs: list[int] | None = None, fail_attempts: int = 0, ms: int = 5
) -> Any:
    """Post an entry to the ledger (the journaled side effect); fails ``fail_attempts`` times first."""
    return await _call(ctx, label, amount, inputs or [], fail_attempts, ms)


@registry.tool("payments.transfer")
async def transfer(ctx: ToolContext, label: str, amount: int, inputs: list[int] | None = None) -> Any:
    """Move money: the same journaled effect, under a name the default policy wants confirmed."""
    return await _call(ctx, label, amount, inputs or [], 0, 5)


async def _run(plan_file: str, db: str) -> int:
    async with SqliteStore(db) as store, Executor(store, registry, builtins=False) as executor:
        if await store.load_execution(EXECUTION_ID) is None:
            execution = await executor.start(load_plan(plan_file), execution_id=EXECUTION_ID)
        else:
            execution = await executor.resume(EXECUTION_ID)
    return {ExecutionStatus.COMPLETED: 0, ExecutionStatus.PAUSED: 3}.get(execution.status, 1)


def _child(plan_file: str, request: dict[str, Any]) -> None:
    _life.update(journal=request["journal"], kill=request["kill"], calls=0)
    try:
        code = asyncio.run(_run(plan_file, request["db"]))
    except BaseException as exc:  # report anything at all, then leave without running the parent's cleanup
        print(f"crash worker child: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        code = 1
    os._exit(code)


def _first_call_of(pid: int, journal: str, child_done: Any) -> bool:
    """Wait until the child's first journal line (True), or its end (False)."""
    marker = f'"pid": {pid}}}'
    while not child_done():
        try:
            with open(journal, encoding="utf-8") as handle:
                if marker in handle.read():
                    return True
        except FileNotFoundError:
            pass
        time.sleep(0.002)
    return False


def _life_of(plan_file: str, request: dict[str, Any]) -> dict[str, Any]:
    pid = os.fork()
    if pid == 0:
        _child(plan_file, request)
    status: list[int] = []

    def child_done() -> bool:
        if not status:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status.append(code)
        return bool(status)

    kill = request["kill"]
    if kill and kill["kind"] == "timer" and _first_call_of(pid, request["journal"], child_done):
        time.sleep(kill["delay"])
        if not child_done():
            os.kill(pid, signal.SIGKILL)
    if not status:
        status.append(os.waitpid(pid, 0)[1])
    if os.WIFSIGNALED(status[0]):
        return {"pid": pid, "signal": os.WTERMSIG(status[0])}
    return {"pid": pid, "exit": os.WEXITSTATUS(status[0])}


def main() -> None:
    """Serve lives until stdin closes."""
    plan_file = sys.argv[1]
    for line in sys.stdin:
        answer = _life_of(plan_file, json.loads(line))
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
