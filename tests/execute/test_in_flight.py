"""Two executors of one process never run one execution at once: the second's start, resume or retry of an
execution the first is running is refused, with the error a lease held by another process gets."""

from __future__ import annotations

import asyncio
import gc
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from plankit import ToolContext, ToolRegistry
from plankit.errors import LeaseHeldError, ServerError
from plankit.execute import Executor, default_worker_id
from plankit.plan import ExecutionStatus, Plan
from plankit.store import SqliteStore
from plankit.testing import DEFAULT_START, FakeClock, SequentialIds

from .helpers import OPEN_POLICY, make_plan, statuses


def refusal(execution_id: str, where: str = "another executor of this process") -> str:
    return (
        f"execution {execution_id!r} is being run by {default_worker_id()} ({where}); wait for it to finish, "
        "or stop it there: once it stops the execution can be resumed"
    )


class Gate:
    """A tool that blocks on an event while ``closed``: the run it is in stays in flight until opened."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.closed = True
        self.failures = 0
        self.entered = asyncio.Event()
        self.opened = asyncio.Event()
        self.registry = ToolRegistry()

        @self.registry.tool("gate")
        async def gate(ctx: ToolContext) -> dict[str, Any]:
            self.calls.append(ctx.idempotency_key)
            if self.failures:
                self.failures -= 1
                raise ServerError("gateway down", status_code=502)
            if self.closed:
                if self.entered.is_set():  # a second run of the step while the first is in flight: the bug
                    raise RuntimeError(f"step {ctx.step_id!r} entered twice while in flight")
                self.entered.set()
                await self.opened.wait()
            return {"through": True}

    def open(self) -> None:
        self.closed = False
        self.opened.set()


def gated_plan(**failure: Any) -> Plan:
    gate: dict[str, Any] = {"id": "gate", "tool": "gate", "params": {}}
    if failure:
        gate["on_failure"] = failure
    return make_plan([gate, {"id": "after", "tool": "echo", "params": {"x": "{{gate.result.through}}"}}])


def executor(store: SqliteStore, gate: Gate, **options: Any) -> Executor:
    return Executor(store, gate.registry, policy=OPEN_POLICY, clock=FakeClock(), ids=SequentialIds(), **options)


def test_a_second_executor_may_not_start_or_resume_what_the_first_is_running(tmp_path: Path) -> None:
    gate = Gate()

    async def body() -> tuple[list[str], list[str], Any, Any]:
        # Two store objects on one file, as an app building both per request would have.
        async with SqliteStore(tmp_path / "plankit.db") as one, SqliteStore(tmp_path / "plankit.db") as two:
            first, second = executor(one, gate), executor(two, gate)
            running = asyncio.ensure_future(first.start(gated_plan(), "run1"))
            await gate.entered.wait()
            refused: list[str] = []
            for attempt in (lambda: second.resume("run1"), lambda: second.start(gated_plan(), "run1")):
                with pytest.raises(LeaseHeldError) as info:
                    await attempt()
                assert info.value.owner == default_worker_id()
                refused.append(str(info.value))
            with pytest.raises(LeaseHeldError) as again:  # the executor running it refuses it too
                await first.resume("run1")
            refused.append(str(again.value))
            calls_while_running = list(gate.calls)
            gate.open()
            done = await running
            after = await second.resume("run1")  # finished: returned as it is, nothing runs again
            return refused, calls_while_running, done, after

    refused, calls_while_running, done, after = asyncio.run(body())
    assert refused == [refusal("run1"), refusal("run1"), refusal("run1", "this executor")]
    assert calls_while_running == ["run1:gate"]
    assert (done.status, statuses(done)) == (ExecutionStatus.COMPLETED, {"gate": "completed", "after": "completed"})
    assert (after.status, after.steps) == (ExecutionStatus.COMPLETED, done.steps)
    assert gate.calls == ["run1:gate"]


def test_an_interrupted_run_can_be_resumed_by_another_executor(tmp_path: Path) -> None:
    gate = Gate()

    async def body() -> tuple[Any, Any]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            first, second = executor(store, gate), executor(store, gate)
            running = asyncio.ensure_future(first.start(gated_plan(), "run1"))
            await gate.entered.wait()
            running.cancel()  # a shutdown: the run is recorded interrupted, and let go
            with pytest.raises(asyncio.CancelledError):
                await running
            interrupted = await store.load_execution("run1")
            gate.open()
            return interrupted, await second.resume("run1")

    interrupted, resumed = asyncio.run(body())
    assert interrupted is not None and interrupted.status is ExecutionStatus.INTERRUPTED
    assert (resumed.status, statuses(resumed)) == (
        ExecutionStatus.COMPLETED, {"gate": "completed", "after": "completed"}
    )  # fmt: skip
    assert gate.calls == ["run1:gate", "run1:gate"]  # the step in flight ran again, with the same key


def test_a_dead_letter_retry_in_flight_is_not_retried_or_resumed_by_another_executor(tmp_path: Path) -> None:
    gate = Gate()
    gate.failures = 1

    async def body() -> tuple[Any, list[str], Any, list[Any]]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            first, second = executor(store, gate), executor(store, gate)
            failed = await first.start(gated_plan(strategy="retry", max_attempts=1), "run1")
            (letter,) = await store.list_dead_letters()
            retrying = asyncio.ensure_future(first.retry_dead_letter(letter.id))
            await gate.entered.wait()
            refused: list[str] = []
            for attempt in (lambda: second.retry_dead_letter(letter.id), lambda: second.resume("run1")):
                with pytest.raises(LeaseHeldError) as info:
                    await attempt()
                refused.append(str(info.value))
            gate.open()
            return failed, refused, await retrying, await store.list_dead_letters()

    failed, refused, retried, letters_after = asyncio.run(body())
    assert failed.status is ExecutionStatus.FAILED
    assert refused == [refusal("run1"), refusal("run1")]
    assert (retried.status, statuses(retried)) == (
        ExecutionStatus.COMPLETED, {"gate": "completed", "after": "completed"}
    )  # fmt: skip
    assert gate.calls == ["run1:gate", "run1:gate"]
    assert letters_after == []


def test_an_executor_with_a_worker_id_of_its_own_is_kept_out_by_the_lease(tmp_path: Path) -> None:
    """Worker ids of their own stand for processes of their own (tests that race "two processes" in one use
    them): the store's lease decides between those, and says so as it does for another process."""
    gate = Gate()

    async def body() -> str:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            first, second = executor(store, gate), executor(store, gate, worker_id="elsewhere:7:b")
            running = asyncio.ensure_future(first.start(gated_plan(), "run1"))
            await gate.entered.wait()
            with pytest.raises(LeaseHeldError) as info:
                await second.resume("run1")
            gate.open()
            await running
            return str(info.value)

    until = (DEFAULT_START + timedelta(seconds=30)).isoformat(timespec="seconds")
    assert asyncio.run(body()) == (
        f"execution 'run1' is being run by {default_worker_id()} (its lease runs until {until}); wait for it to "
        "finish, or stop that process: once its lease expires the execution can be resumed"
    )
    assert gate.calls == ["run1:gate"]


def test_the_same_execution_id_in_another_store_is_not_held_up(tmp_path: Path) -> None:
    gate = Gate()

    async def body() -> tuple[Any, Any]:
        async with SqliteStore(tmp_path / "a.db") as a, SqliteStore(tmp_path / "b.db") as b:
            first, second = executor(a, gate), executor(b, gate)
            running = asyncio.ensure_future(first.start(gated_plan(), "run1"))
            await gate.entered.wait()
            other = await second.start(make_plan([{"id": "hi", "tool": "echo", "params": {"x": 1}}]), "run1")
            gate.open()
            return other, await running

    other, first_run = asyncio.run(body())
    assert (other.execution_id, other.status) == ("run1", ExecutionStatus.COMPLETED)
    assert statuses(other) == {"hi": "completed"}
    assert (first_run.status, statuses(first_run)) == (
        ExecutionStatus.COMPLETED, {"gate": "completed", "after": "completed"}
    )  # fmt: skip


# The abandoned run's coroutines are closed when collected, on a closed loop: Python reports that as
# "exception ignored", which is the point of this test (a run that can never go on again).
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_run_whose_event_loop_is_gone_is_taken_over_in_the_same_process(tmp_path: Path) -> None:
    gate = Gate()
    db = tmp_path / "plankit.db"
    # The first executor "crashes" in this process: its loop stops mid-step and is closed, the run in flight.
    loop = asyncio.new_event_loop()
    crashed_store = SqliteStore(db)
    loop.run_until_complete(crashed_store.open())
    abandoned = loop.create_task(executor(crashed_store, gate).start(gated_plan(), "run1"))
    loop.run_until_complete(gate.entered.wait())
    loop.close()

    async def take_over(gate: Gate) -> Any:
        async with SqliteStore(db) as store:
            gate.closed = False  # (its event belongs to the dead loop)
            return await executor(store, gate).resume("run1")

    resumed = asyncio.run(take_over(gate))
    assert (resumed.status, statuses(resumed)) == (
        ExecutionStatus.COMPLETED, {"gate": "completed", "after": "completed"}
    )  # fmt: skip
    assert gate.calls == ["run1:gate", "run1:gate"]
    assert not abandoned.done()
    del abandoned, gate, loop  # what still refers to the abandoned run (the gate's event waits for it)
    gc.collect()
    asyncio.run(crashed_store.close())
