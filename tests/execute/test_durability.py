"""Durability on a real SQLite file: resume after a crash, waits that keep their deadline, cancel from
anywhere, confirmations across processes, dead letters and their retry."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from plankit import ToolContext, ToolRegistry
from plankit.errors import ErrorType, ServerError
from plankit.execute import ExecutionEvent, Executor
from plankit.plan import Execution, ExecutionStatus, StepExecution, StepStatus
from plankit.store import SqliteStore, Store
from plankit.testing import DEFAULT_START, FakeClock, SequentialIds

from .helpers import OPEN_POLICY, Journal, by_id, executor, make_plan, statuses


class Effects:
    """A tool journal keyed by idempotency key, as a real side-effecting tool would keep one."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []
        self.done: dict[str, Any] = {}
        self.crash_in: str | None = None
        self.crash: Callable[[], None] = lambda: None
        self.registry = ToolRegistry()

        @self.registry.tool("effect")
        async def effect(ctx: ToolContext, **params: Any) -> Any:
            self.calls.append((ctx.step_id, ctx.idempotency_key, ctx.attempt))
            if ctx.step_id == self.crash_in:
                self.crash_in = None
                self.crash()
                await asyncio.Event().wait()  # the process "dies" here, mid-step
            return self.done.setdefault(ctx.idempotency_key, params)


def chain_plan() -> Any:
    return make_plan(
        [
            {"id": "a", "tool": "effect", "params": {"v": 1}},
            {"id": "b", "tool": "effect", "params": {"v": "{{a.result.v}}", "w": 2}},
            {"id": "c", "tool": "effect", "params": {"sum": ["{{a.result.v}}", "{{b.result.w}}"]}},
        ]
    )


def test_resume_reruns_only_the_in_flight_step_with_the_same_key(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    effects = Effects()

    async def build_crashed_store() -> None:
        async with SqliteStore(db) as store:
            plan_id = await store.save_plan(chain_plan())
            header = Execution(
                execution_id="exec_9", plan_id=plan_id, status=ExecutionStatus.RUNNING, started_at=DEFAULT_START
            )
            a = StepExecution(
                step_id="a",
                status=StepStatus.COMPLETED,
                output={"v": 1},
                attempt_count=1,
                idempotency_key="exec_9:a",
                started_at=DEFAULT_START,
                completed_at=DEFAULT_START,
            )
            b = StepExecution(
                step_id="b",
                status=StepStatus.RUNNING,
                attempt_count=2,
                idempotency_key="exec_9:b",
                started_at=DEFAULT_START,
            )
            await store.record_transition(header, [a, b])

    async def resume() -> Execution:
        async with SqliteStore(db) as store:
            return await executor(store, effects.registry).resume("exec_9")

    asyncio.run(build_crashed_store())
    execution = asyncio.run(resume())
    assert execution.status is ExecutionStatus.COMPLETED
    assert effects.calls == [("b", "exec_9:b", 2), ("c", "exec_9:c", 1)]
    assert by_id(execution)["c"].output == {"sum": [1, 2]}
    assert by_id(execution)["b"].attempt_count == 2


def test_a_crash_mid_step_loses_nothing_and_repeats_nothing(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    effects = Effects()

    async def first_run() -> None:
        async with SqliteStore(db) as store:
            ex = executor(store, effects.registry)
            task = asyncio.ensure_future(ex.start(chain_plan(), execution_id="run1"))
            effects.crash_in = "b"
            effects.crash = task.cancel  # an outside cancel (Ctrl-C, a shutdown): recorded as interrupted
            with pytest.raises(asyncio.CancelledError):
                await task

    async def second_run() -> Execution:
        async with SqliteStore(db) as store:
            stored = await store.load_execution("run1")
            assert stored is not None and stored.status is ExecutionStatus.INTERRUPTED
            assert stored.error == (
                "interrupted while running; resume continues it (steps in flight run again, same keys)"
            )
            assert statuses(stored) == {"a": "completed", "b": "running"}  # b is still in flight, not cancelled
            return await executor(store, effects.registry).resume("run1")

    asyncio.run(first_run())
    execution = asyncio.run(second_run())
    assert execution.status is ExecutionStatus.COMPLETED
    assert effects.calls == [("a", "run1:a", 1), ("b", "run1:b", 1), ("b", "run1:b", 1), ("c", "run1:c", 1)]
    assert sorted(effects.done) == ["run1:a", "run1:b", "run1:c"]  # every effect happened once
    assert by_id(execution)["c"].output == {"sum": [1, 2]}


def test_a_resumed_wait_waits_only_for_the_time_left(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    plan = make_plan(
        [{"id": "w", "type": "wait", "duration_ms": 600_000}, {"id": "go", "tool": "echo", "depends_on": ["w"]}]
    )
    clock = FakeClock()

    async def first_run() -> None:
        async with SqliteStore(db) as store:
            task: asyncio.Task[Execution]

            def crash_when_waiting(event: ExecutionEvent) -> None:
                if (event.step_id, event.status) == ("w", "waiting"):
                    task.cancel()

            task = asyncio.ensure_future(
                executor(store, ToolRegistry(), clock=clock, on_event=crash_when_waiting).start(plan, "run1")
            )
            with pytest.raises(asyncio.CancelledError):
                await task

    async def second_run() -> Execution:
        async with SqliteStore(db) as store:
            return await executor(store, ToolRegistry(), clock=clock).resume("run1")

    asyncio.run(first_run())
    clock.advance(240)  # four minutes pass while nothing runs
    execution = asyncio.run(second_run())
    wait = by_id(execution)["w"]
    assert execution.status is ExecutionStatus.COMPLETED
    assert wait.deadline_at == DEFAULT_START + timedelta(minutes=10)
    assert wait.completed_at == DEFAULT_START + timedelta(minutes=10)
    assert clock.sleeps[-1] == 360.0  # six minutes left, not ten


def payment_plan(receipt: Any = None, **pay: Any) -> Any:
    return make_plan(
        [
            {"id": "quote", "tool": "effect", "params": {"amount": 40}},
            {
                "id": "pay",
                "tool": "effect",
                "params": {"amount": "{{quote.result.amount}}"},
                "require_confirmation": True,
                **pay,
            },
            {
                "id": "receipt",
                "tool": "effect",
                "params": receipt or {"paid": "{{pay.result.amount}}"},
                "depends_on": ["pay"],
            },
        ]
    )


def test_a_step_needing_confirmation_pauses_until_approved(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    effects = Effects()

    async def start() -> Execution:
        async with SqliteStore(db) as store:
            return await executor(store, effects.registry).start(payment_plan(), "run1")

    async def resume() -> Execution:
        async with SqliteStore(db) as store:
            return await executor(store, effects.registry).resume("run1")

    async def approve_it() -> Any:
        from plankit.execute import approve

        async with SqliteStore(db) as store:
            return await approve(store, "run1", "pay", by="ann")

    paused = asyncio.run(start())
    assert paused.status is ExecutionStatus.PAUSED
    assert statuses(paused) == {"quote": "completed", "pay": "awaiting_confirmation"}
    assert asyncio.run(resume()).status is ExecutionStatus.PAUSED  # nobody answered yet
    assert [step for step, _, _ in effects.calls] == ["quote"]
    decision = asyncio.run(approve_it())
    assert (decision.step_id, decision.approved, decision.by) == ("pay", True, "ann")
    done = asyncio.run(resume())
    assert done.status is ExecutionStatus.COMPLETED
    assert [step for step, _, _ in effects.calls] == ["quote", "pay", "receipt"]
    assert by_id(done)["receipt"].output == {"paid": 40}


@pytest.mark.parametrize(
    ("policy", "status", "after"),
    [(None, ExecutionStatus.FAILED, "failed"), ({"strategy": "skip"}, ExecutionStatus.COMPLETED, "skipped")],
)
def test_a_denial_fails_the_step_under_its_policy(
    tmp_path: Path, policy: Any, status: ExecutionStatus, after: str
) -> None:
    from plankit.execute import deny

    effects = Effects()
    extra = {"on_failure": policy} if policy else {}

    async def body() -> Execution:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = executor(store, effects.registry)
            await ex.start(payment_plan({"note": "no payment to show"}, **extra), "run1")
            await deny(store, "run1", "pay", by="bob")
            return await ex.resume("run1")

    execution = asyncio.run(body())
    pay = by_id(execution)["pay"]
    assert execution.status is status
    assert (pay.status.value, pay.error, pay.error_type) == (
        after,
        "step 'pay' was denied by bob",
        ErrorType.USER_ERROR,
    )
    assert [step for step, _, _ in effects.calls] == (["quote"] if policy is None else ["quote", "receipt"])


def test_independent_work_goes_on_while_a_step_awaits_confirmation() -> None:
    journal = Journal()
    plan = make_plan(
        [
            {"id": "pay", "tool": "record", "require_confirmation": True},
            {"id": "report", "tool": "record", "params": {"step": "report"}},
        ]
    )

    async def body(store: Store) -> Execution:
        return await executor(store, journal.registry).start(plan)

    from .helpers import run

    execution = run(body)
    assert execution.status is ExecutionStatus.PAUSED
    assert statuses(execution) == {"pay": "awaiting_confirmation", "report": "completed"}
    assert journal.steps() == ["report"]


def test_each_loop_iteration_needs_its_own_approval(tmp_path: Path) -> None:
    from plankit.execute import approve

    effects = Effects()
    body_node = {"id": "pay", "tool": "effect", "require_confirmation": True}
    plan = make_plan([{"id": "twice", "type": "loop", "max_iterations": 2, "body": body_node}])

    async def body() -> list[Any]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = executor(store, effects.registry)
            seen = [await ex.start(plan, "run1")]
            first = await approve(store, "run1", "pay")
            seen.append(await ex.resume("run1"))
            second = await approve(store, "run1", "pay")
            seen.append(await ex.resume("run1"))
            return [seen, first.step_id, second.step_id]

    (started, middle, done), first_key, second_key = asyncio.run(body())
    assert (started.status, middle.status, done.status) == (
        ExecutionStatus.PAUSED,
        ExecutionStatus.PAUSED,
        ExecutionStatus.COMPLETED,
    )
    assert (first_key, second_key) == ("pay#0", "pay#1")
    assert [key for _, key, _ in effects.calls] == ["run1:pay:0", "run1:pay:1"]


def test_approve_and_deny_check_what_they_are_given() -> None:
    from plankit.execute import approve

    from .helpers import run

    async def body(store: Store) -> None:
        await executor(store, Effects().registry).start(payment_plan(), "run1")
        with pytest.raises(LookupError, match="no execution 'nope'"):
            await approve(store, "nope", "pay")
        with pytest.raises(ValueError, match="step 'pya' is not in the plan of 'run1'; did you mean 'pay'"):
            await approve(store, "run1", "pya")
        with pytest.raises(ValueError, match="step 'quote' does not ask for confirmation"):
            await approve(store, "run1", "quote")

    run(body)


def test_a_decision_is_write_once_and_only_for_a_step_awaiting_one(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from plankit.errors import DecisionError, DecisionExistsError
    from plankit.execute import approve, deny

    at = datetime(2026, 11, 23, 22, 50, 1, tzinfo=UTC)
    plan = make_plan(
        [
            {"id": "pay", "tool": "effect", "require_confirmation": True},
            {"id": "later", "tool": "effect", "require_confirmation": True, "depends_on": ["pay"]},
        ]
    )

    async def body() -> list[str]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            await executor(store, Effects().registry).start(plan, "run1")
            await approve(store, "run1", "pay", by="ops", reason="ticket 12", now=lambda: at)
            messages = []
            for decide in (deny, approve):
                with pytest.raises(DecisionExistsError) as again:
                    await decide(store, "run1", "pay", by="someone-else")
                messages.append(str(again.value))
            with pytest.raises(DecisionError) as early:
                await approve(store, "run1", "later", by="ops")
            messages.append(str(early.value))
            return messages

    assert asyncio.run(body()) == [
        "step 'pay' of execution run1 was already approved by ops at 2026-11-23 22:50:01 UTC (reason: ticket 12); "
        "a decision is final and can't be changed",
    ] * 2 + [
        "step 'later' of execution run1 is not awaiting a decision (it is not started yet); "
        "only a step the run paused on can be approved or denied"
    ]


def test_cancel_from_this_process_stops_in_flight_steps(tmp_path: Path) -> None:
    seen: list[str] = []
    registry = ToolRegistry()
    entered = asyncio.Event()

    @registry.tool("forever")
    async def forever() -> None:
        entered.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise

    plan = make_plan([{"id": "f", "tool": "forever"}, {"id": "g", "tool": "echo", "depends_on": ["f"]}])

    async def body() -> tuple[Execution, Execution]:
        entered.clear()
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = executor(store, registry)
            task = asyncio.ensure_future(ex.start(plan, "run1"))
            await entered.wait()
            returned = await ex.cancel("run1")
            return await task, returned

    execution, returned = asyncio.run(body())
    assert execution.status is ExecutionStatus.CANCELLED
    assert returned.status is ExecutionStatus.CANCELLED
    assert statuses(returned) == {"f": "cancelled"}
    assert seen == ["cancelled"]


def test_cancel_from_another_process_is_seen_by_the_watcher(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    registry = ToolRegistry()

    @registry.tool("forever")
    async def forever(ctx: ToolContext) -> None:
        async with SqliteStore(db) as other_process:
            await other_process.request_cancel(ctx.execution_id)
        await asyncio.Event().wait()

    plan = make_plan([{"id": "f", "tool": "forever"}])

    async def body() -> Execution:
        async with SqliteStore(db) as store:
            ex = executor(store, registry, cancel_poll_interval=0.005)
            return await asyncio.wait_for(ex.start(plan, "run1"), timeout=5)

    execution = asyncio.run(body())
    assert execution.status is ExecutionStatus.CANCELLED
    assert statuses(execution) == {"f": "cancelled"}


def test_cancel_between_transitions_starts_nothing_new() -> None:
    from .helpers import run

    registry = ToolRegistry()
    ran: list[str] = []
    holder: dict[str, Store] = {}

    @registry.tool("ask_cancel")
    async def ask_cancel(ctx: ToolContext) -> None:
        ran.append(ctx.step_id)
        await holder["store"].request_cancel(ctx.execution_id)

    plan = make_plan([{"id": "one", "tool": "ask_cancel"}, {"id": "two", "tool": "ask_cancel", "depends_on": ["one"]}])

    async def body(store: Store) -> Execution:
        holder["store"] = store
        return await executor(store, registry, cancel_poll_interval=60).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.CANCELLED
    assert ran == ["one"]
    assert statuses(execution) == {"one": "completed", "two": "cancelled"}  # stopped before its action


def test_cancel_a_paused_execution_and_resume_a_crashed_one_that_was_cancelled(tmp_path: Path) -> None:
    effects = Effects()

    async def body() -> tuple[Execution, Execution]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = executor(store, effects.registry)
            await ex.start(payment_plan(), "run1")
            cancelled = await ex.cancel("run1")
            header = Execution(execution_id="run2", plan_id="p", status=ExecutionStatus.RUNNING)
            await store.record_transition(header, [StepExecution(step_id="quote", status=StepStatus.RUNNING)])
            await store.request_cancel("run2")
            return cancelled, await ex.resume("run2")

    paused_then_cancelled, crashed_then_cancelled = asyncio.run(body())
    assert paused_then_cancelled.status is ExecutionStatus.CANCELLED
    assert statuses(paused_then_cancelled) == {"quote": "completed", "pay": "cancelled"}
    assert crashed_then_cancelled.status is ExecutionStatus.CANCELLED
    assert statuses(crashed_then_cancelled) == {"quote": "cancelled"}
    assert [step for step, _, _ in effects.calls] == ["quote"]


def test_a_dead_letter_retry_continues_the_execution_from_the_failed_step(tmp_path: Path) -> None:
    broken = {"on": True}
    registry = ToolRegistry()
    calls: list[tuple[str, int, str]] = []

    @registry.tool("charge")
    def charge(amount: int, to: str, ctx: ToolContext) -> dict[str, Any]:
        calls.append(("charge", ctx.attempt, ctx.idempotency_key))
        if broken["on"]:
            raise ServerError("gateway down", status_code=502)
        return {"charged": amount, "to": to}

    plan = make_plan(
        [
            {"id": "who", "tool": "echo", "params": {"to": "ann"}},
            {
                "id": "charge",
                "tool": "charge",
                "params": {"amount": 7, "to": "{{who.result.to}}"},
                "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 10},
            },
            {"id": "receipt", "tool": "echo", "params": {"paid": "{{charge.result.charged}}"}},
        ]
    )

    async def body() -> tuple[Execution, Execution, list[Any], list[Any]]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = Executor(store, registry, policy=OPEN_POLICY, clock=FakeClock(), ids=SequentialIds())
            failed = await ex.start(plan)
            letters = await store.list_dead_letters()
            broken["on"] = False
            retried = await ex.retry_dead_letter(letters[0].id)
            return failed, retried, letters, await store.list_dead_letters()

    failed, retried, before, after = asyncio.run(body())
    assert failed.status is ExecutionStatus.FAILED
    assert [(d.id, d.params, d.attempts, d.retry_count) for d in before] == [
        ("dl:exec_1:charge", {"amount": 7, "to": "ann"}, 2, 1)
    ]
    # The same execution went on: the failed step ran again (attempt 3, same key), then its dependant.
    assert (retried.execution_id, retried.status, retried.error) == ("exec_1", ExecutionStatus.COMPLETED, None)
    assert statuses(retried) == {"who": "completed", "charge": "completed", "receipt": "completed"}
    assert calls == [("charge", 1, "exec_1:charge"), ("charge", 2, "exec_1:charge"), ("charge", 3, "exec_1:charge")]
    charge_record = by_id(retried)["charge"]
    assert (charge_record.attempt_count, charge_record.attempts_before, charge_record.requeued) == (3, 2, 1)
    assert by_id(retried)["receipt"].output == {"paid": 7}
    assert after == []


def test_a_dead_letter_retry_that_fails_again_updates_the_dead_letter(tmp_path: Path) -> None:
    registry = ToolRegistry()

    @registry.tool("charge")
    def charge() -> None:
        raise ServerError("gateway down", status_code=502)

    plan = make_plan(
        [{"id": "charge", "tool": "charge", "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 10}}]
    )

    async def body() -> tuple[Execution, list[Any]]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = Executor(store, registry, policy=OPEN_POLICY, clock=FakeClock(), ids=SequentialIds())
            await ex.start(plan)
            again = await ex.retry_dead_letter("dl:exec_1:charge")
            return again, await store.list_dead_letters()

    again, letters = asyncio.run(body())
    assert (again.status, by_id(again)["charge"].attempt_count) == (ExecutionStatus.FAILED, 4)
    assert [(d.id, d.attempts, d.retry_count) for d in letters] == [("dl:exec_1:charge", 4, 3)]


def test_retrying_a_denied_step_asks_for_a_decision_again(tmp_path: Path) -> None:
    from plankit.execute import approve, deny

    effects = Effects()

    async def body() -> list[Any]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = executor(store, effects.registry)
            await ex.start(payment_plan(), "run1")
            await deny(store, "run1", "pay", by="bob")
            denied = await ex.resume("run1")
            asked_again = await ex.retry_dead_letter("dl:run1:pay")
            second = await approve(store, "run1", "pay", by="ann")
            done = await ex.resume("run1")
            return [denied, asked_again, second.step_id, done, await store.list_decisions("run1")]

    denied, asked_again, key, done, trail = asyncio.run(body())
    assert denied.status is ExecutionStatus.FAILED
    assert (asked_again.status, statuses(asked_again)["pay"]) == (ExecutionStatus.PAUSED, "awaiting_confirmation")
    assert key == "pay@retry-1"
    assert done.status is ExecutionStatus.COMPLETED
    assert [step for step, _, _ in effects.calls] == ["quote", "pay", "receipt"]
    assert [(d.step_id, d.approved, d.by) for d in trail] == [("pay", False, "bob"), ("pay@retry-1", True, "ann")]


def test_a_dead_letter_of_a_cancelled_execution_is_refused(tmp_path: Path) -> None:
    from plankit.execute import deny

    async def body() -> str:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = executor(store, Effects().registry)
            await ex.start(payment_plan(), "run1")
            await deny(store, "run1", "pay", by="bob")
            await ex.resume("run1")
            await store.record_transition(
                Execution(execution_id="run1", plan_id="p", status=ExecutionStatus.CANCELLED)
            )
            with pytest.raises(ValueError) as refused:
                await ex.retry_dead_letter("dl:run1:pay")
            # Refused before anything ran: the lease went back (another process may take it at once).
            now = ex.clock.now()
            holder = await store.claim_execution("run1", "other-host:1", now + timedelta(seconds=30), now)
            assert holder is None  # None: claimed (a Lease would name the holder in the way)
            return str(refused.value)

    assert asyncio.run(body()) == "dead letter 'dl:run1:pay': execution run1 was cancelled; start it anew"


class _Prices:
    """A runtime whose ETH price the test sets between lives."""

    def __init__(self, price: float):
        self.price = price

    def __call__(self, fn: str, args: list[Any]) -> float:
        return self.price


ABOVE_4000 = {
    "type": "compare",
    "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
    "op": "gt",
    "right": {"type": "literal", "value": 4000},
}


def test_a_resumed_if_keeps_the_branch_it_took(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    effects = Effects()
    plan = make_plan(
        [
            {
                "id": "check",
                "type": "if",
                "condition": ABOVE_4000,
                "then": {"id": "sell", "tool": "effect", "params": {"side": "sell"}},
                "else": {"id": "hold", "tool": "effect", "params": {"side": "hold"}},
            }
        ]
    )
    prices = _Prices(4500)

    async def first_life() -> Execution:
        async with SqliteStore(db) as store:
            task = asyncio.ensure_future(executor(store, effects.registry, runtime=prices).start(plan, "run1"))
            effects.crash_in, effects.crash = "sell", task.cancel
            with pytest.raises(asyncio.CancelledError):
                await task
            stored = await store.load_execution("run1")
            assert stored is not None
            return stored

    async def second_life() -> Execution:
        async with SqliteStore(db) as store:
            return await executor(store, effects.registry, runtime=prices).resume("run1")

    crashed = asyncio.run(first_life())
    assert by_id(crashed)["check"].output == {"branch": "then"}  # the decision was stored before acting
    prices.price = 3000  # checked again, the condition would now choose the other branch
    finished = asyncio.run(second_life())
    assert finished.status is ExecutionStatus.COMPLETED
    assert [call[0] for call in effects.calls] == ["sell", "sell"]
    assert by_id(finished)["check"].output == {"side": "sell"}


def test_a_resumed_loop_keeps_its_finished_iterations(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    effects = Effects()
    loop = {
        "id": "rounds",
        "type": "loop",
        "max_iterations": 5,
        "exit_when": ABOVE_4000,
        "body": {"id": "tick", "tool": "effect"},
    }

    async def crashed_store() -> None:
        # Two iterations finished (the price was low then), the loop's progress says so; then a crash.
        async with SqliteStore(db) as store:
            await store.save_plan(make_plan([loop]))
            header = Execution(execution_id="run1", plan_id="p", status=ExecutionStatus.RUNNING)
            ticks = [
                StepExecution(step_id="tick", iteration=index, status=StepStatus.COMPLETED, output={}, attempt_count=1)
                for index in range(2)
            ]
            rounds = StepExecution(
                step_id="rounds", status=StepStatus.RUNNING, output={"iterations": 2}, attempt_count=1
            )
            await store.record_transition(header, [rounds, *ticks])

    async def resume() -> Execution:
        async with SqliteStore(db) as store:
            return await executor(store, effects.registry, runtime=_Prices(5000)).resume("run1")

    asyncio.run(crashed_store())
    finished = asyncio.run(resume())
    # Not re-deciding iteration 0 with today's price: the loop goes on with iteration 2, then exits.
    assert effects.calls == [("tick", "run1:tick:2", 1)]
    assert by_id(finished)["rounds"].output == {"iterations": 3}


def test_a_dead_letter_retry_inside_composites_resumes_them(tmp_path: Path) -> None:
    broken = {"on": True}
    registry = ToolRegistry()
    calls: list[str] = []

    @registry.tool("step")
    def step(name: str) -> dict[str, Any]:
        calls.append(name)
        if broken["on"] and name == "b":
            raise ServerError("down")
        return {"name": name}

    plan = make_plan(
        [
            {
                "id": "seq",
                "type": "sequence",
                "steps": [
                    {"id": "a", "tool": "step", "params": {"name": "a"}},
                    {"id": "b", "tool": "step", "params": {"name": "b"}},
                    {"id": "c", "tool": "step", "params": {"name": "c"}},
                ],
            },
            {
                "id": "fan",
                "type": "parallel",
                "allow_partial_failure": True,
                "depends_on": ["seq"],
                "steps": [
                    {"id": "x", "tool": "step", "params": {"name": "x"}},
                    {"id": "y", "tool": "step", "params": {"name": "b"}},
                    {"id": "z", "tool": "step", "params": {"name": "z-{{y.result.name}}"}, "depends_on": ["y"]},
                ],
            },
        ]
    )

    async def body() -> list[Execution]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = Executor(store, registry, policy=OPEN_POLICY, clock=FakeClock(), ids=SequentialIds())
            first = await ex.start(plan, "run1")
            broken["on"] = False
            second = await ex.retry_dead_letter("dl:run1:b")  # seq completes; fan runs, y fails again? no: fixed
            return [first, second]

    first, second = asyncio.run(body())
    assert first.status is ExecutionStatus.FAILED
    assert statuses(first) == {"seq": "failed", "a": "completed", "b": "failed"}
    assert (second.status, statuses(second)) == (
        ExecutionStatus.COMPLETED,
        {"seq": "completed", "a": "completed", "b": "completed", "c": "completed", "fan": "completed",
         "x": "completed", "y": "completed", "z": "completed"},
    )  # fmt: skip
    assert calls == ["a", "b", "b", "c", "x", "b", "z-b"]


def test_a_dead_letter_retry_unblocks_dependants_in_a_tolerant_parallel(tmp_path: Path) -> None:
    broken = {"on": True}
    registry = ToolRegistry()

    @registry.tool("step")
    def step(name: str) -> dict[str, Any]:
        if broken["on"] and name == "y":
            raise ServerError("down")
        return {"name": name}

    plan = make_plan(
        [
            {
                "id": "fan",
                "type": "parallel",
                "allow_partial_failure": True,
                "steps": [
                    {"id": "x", "tool": "step", "params": {"name": "x"}},
                    {"id": "y", "tool": "step", "params": {"name": "y"}},
                    {"id": "z", "tool": "step", "params": {"name": "z-{{y.result.name}}"}, "depends_on": ["y"]},
                ],
            },
        ]
    )

    async def body() -> list[Execution]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = Executor(store, registry, policy=OPEN_POLICY, clock=FakeClock(), ids=SequentialIds())
            first = await ex.start(plan, "run1")
            broken["on"] = False
            return [first, await ex.retry_dead_letter("dl:run1:y")]

    first, second = asyncio.run(body())
    assert statuses(first) == {"fan": "completed", "x": "completed", "y": "failed", "z": "skipped"}
    assert (second.status, statuses(second)) == (
        ExecutionStatus.COMPLETED, {"fan": "completed", "x": "completed", "y": "completed", "z": "completed"},
    )  # fmt: skip
    assert by_id(second)["z"].output == {"name": "z-y"}


def test_a_dead_letter_retry_of_a_skipped_loop_iteration_runs_that_iteration(tmp_path: Path) -> None:
    broken = {"on": True}
    registry = ToolRegistry()
    calls: list[int | None] = []

    @registry.tool("tick")
    def tick(ctx: ToolContext) -> dict[str, Any]:
        calls.append(ctx.iteration)
        if broken["on"] and ctx.iteration == 1:
            raise ServerError("down")
        return {"iteration": ctx.iteration}

    body_node = {"id": "tick", "tool": "tick", "on_failure": {"strategy": "skip"}}
    plan = make_plan([{"id": "thrice", "type": "loop", "max_iterations": 3, "body": body_node}])

    async def body() -> list[Any]:
        async with SqliteStore(tmp_path / "plankit.db") as store:
            ex = Executor(store, registry, policy=OPEN_POLICY, clock=FakeClock(), ids=SequentialIds())
            first = await ex.start(plan, "run1")
            broken["on"] = False
            second = await ex.retry_dead_letter("dl:run1:tick:1")
            return [first, second, await store.list_dead_letters()]

    first, second, letters = asyncio.run(body())
    assert first.status is ExecutionStatus.COMPLETED
    assert [(s.iteration, s.status.value) for s in first.steps if s.step_id == "tick"] == [
        (0, "completed"), (1, "skipped"), (2, "completed"),
    ]  # fmt: skip
    assert second.status is ExecutionStatus.COMPLETED
    assert [(s.iteration, s.status.value) for s in second.steps if s.step_id == "tick"] == [
        (0, "completed"), (1, "completed"), (2, "completed"),
    ]  # fmt: skip
    assert calls == [0, 1, 2, 1]  # only the skipped iteration ran again
    assert letters == []


def test_a_resume_needs_only_the_tools_of_steps_that_can_still_run(tmp_path: Path) -> None:
    """The branch a finished ``if`` did not take has no record and never runs: a resume needs no implementation
    of its tool (it used to be refused as missing one); the steps still to run are checked as before."""
    db = tmp_path / "plankit.db"
    effects = Effects()

    @effects.registry.tool("siren.sound")
    async def siren(**params: Any) -> Any:
        return params

    plan = make_plan(
        [
            {"id": "quote", "tool": "effect", "params": {"amount": 40}},
            {
                "id": "check",
                "type": "if",
                "condition": {
                    "type": "compare",
                    "left": {"type": "step_output", "step_id": "quote", "path": "result.amount"},
                    "op": "gt",
                    "right": {"type": "literal", "value": 100},
                },
                "then": {"id": "alarm", "tool": "siren.sound", "params": {"why": "big"}},
            },
            {"id": "pay", "tool": "effect", "params": {"amount": 40}, "require_confirmation": True},
        ]
    )
    without_siren = ToolRegistry()
    effect = effects.registry.implementation("effect")
    assert effect is not None
    without_siren.register(effect.function, name="effect")

    async def life(tools: ToolRegistry, step: Callable[[Executor], Any]) -> Execution:
        async with SqliteStore(db) as store:
            from plankit.execute import approve

            if step is approve:
                await approve(store, "run1", "pay", by="ann")
                stored = await store.load_execution("run1")
                assert stored is not None
                return stored
            return await step(executor(store, tools))  # type: ignore[no-any-return]

    paused = asyncio.run(life(effects.registry, lambda ex: ex.start(plan, "run1")))
    assert statuses(paused) == {"quote": "completed", "check": "completed", "pay": "awaiting_confirmation"}
    from plankit.execute import approve

    asyncio.run(life(without_siren, approve))
    done = asyncio.run(life(without_siren, lambda ex: ex.resume("run1")))
    assert (done.status, statuses(done)["pay"]) == (ExecutionStatus.COMPLETED, "completed")
    assert [step for step, _, _ in effects.calls] == ["quote", "pay"]
