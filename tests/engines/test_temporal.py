"""What is Temporal's own: confirmations are signals (no resume needed), cancel is workflow cancellation, and
every record is mirrored to the store (here a real PostgreSQL, as a team would run it)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from temporalio.client import Client
from tests._postgres import new_schema

from plankit.compile import LlmReplanner
from plankit.engines import TemporalEngine, TemporalExecutor, temporal_worker
from plankit.errors import LeaseHeldError
from plankit.execute import Executor, ModelSteps, Replanning
from plankit.execute import approve as approve_step
from plankit.plan import Execution, PlanStatus, plan_from_data
from plankit.schedule import Scheduler, add_schedule
from plankit.store import MemoryStore, PostgresStore, Store
from plankit.testing import ScriptedLlm
from plankit.tools import ToolContext, ToolRegistry

EFFECTS: list[str] = []


def registry() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool("pay")
    def pay(amount: float, ctx: ToolContext) -> dict[str, Any]:
        """Pay (records the idempotency key)."""
        EFFECTS.append(ctx.idempotency_key)
        return {"paid": amount}

    return tools


PLAN = {
    "id": "payout", "goal": "pay after approval",
    "steps": [
        {"id": "quote", "tool": "echo", "args": {"amount": 12.5}},
        {"id": "pay", "tool": "pay", "args": {"amount": "{{quote.amount}}"}, "require_confirmation": True,
         "depends_on": ["quote"]},
    ],
}  # fmt: skip
NAP = {"id": "nap", "goal": "wait an hour", "steps": [{"id": "nap", "type": "wait", "duration_ms": 3_600_000}]}


async def _run(
    address: str, store: Store, queue: str, decide: Any, plan: dict[str, Any] = PLAN
) -> tuple[Execution, Execution]:
    """Start ``plan``, wait until it pauses (or waits), let ``decide`` act, and return both records."""
    client = await Client.connect(address)
    async with temporal_worker(client, store, registry(), task_queue=queue):
        engine = TemporalEngine(client, store, task_queue=queue)
        execution_id = await engine.start(plan_from_data(plan), Executor(store, registry()), execution_id=queue)
        if plan is NAP:
            while _steps(await store.load_execution(execution_id) or _NONE).get("nap") != "waiting":
                await asyncio.sleep(0.05)
            paused = await store.load_execution(execution_id) or _NONE
        else:
            paused = await asyncio.wait_for(engine.wait(execution_id), 60)
        await decide(engine, execution_id)
        unsettled = ("pending", "paused", "running")
        while (done := await store.load_execution(execution_id) or _NONE).status.value in unsettled:
            await asyncio.sleep(0.05)
        return paused, done


def _steps(execution: Execution) -> dict[str, str]:
    return {step.step_id: step.status.value for step in execution.steps}


_NONE = Execution(execution_id="-", plan_id="-")


def test_an_approval_is_a_signal_the_workflow_continues_at_once(temporal_address: str, postgres_dsn: str) -> None:
    EFFECTS.clear()

    async def approve(engine: TemporalEngine, execution_id: str) -> None:
        decision = await approve_step(engine.store, execution_id, "pay", by="ann")  # recorded, not yet signalled
        # A plankit worker on the same store leaves the execution to Temporal (leased to it), decided or not.
        local = Scheduler(engine.store, registry())
        assert (await local.tick()).started == []
        with pytest.raises(LeaseHeldError, match=r"is being run by temporal:t-approve \(its lease runs until 9999"):
            await local.executor.resume(execution_id)
        await engine.signal(execution_id, decision)

    async def main() -> tuple[Execution, Execution, Any, Any]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            paused, done = await _run(temporal_address, store, "t-approve", approve)
            return paused, done, await store.load_decision("t-approve", "pay"), await store.load_plan("payout")

    paused, done, decision, plan = asyncio.run(main())
    assert (paused.status.value, _steps(paused)) == ("paused", {"quote": "completed", "pay": "awaiting_confirmation"})
    assert (done.status.value, _steps(done)) == ("completed", {"quote": "completed", "pay": "completed"})
    assert next(step.output for step in done.steps if step.step_id == "pay") == {"paid": 12.5}
    assert EFFECTS == ["t-approve:pay"]
    assert (decision.approved, decision.by) == (True, "ann")
    assert plan is not None and plan.status is PlanStatus.COMPLETED


def test_cancel_ends_a_durable_wait(temporal_address: str, postgres_dsn: str) -> None:
    async def cancel(engine: TemporalEngine, execution_id: str) -> None:
        await engine.cancel(execution_id)  # the hour-long wait is a timer in Temporal: nothing sleeps here

    async def main() -> tuple[Execution, Execution]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            return await _run(temporal_address, store, "t-cancel", cancel, NAP)

    waiting, done = asyncio.run(main())
    assert (waiting.status.value, _steps(waiting)) == ("running", {"nap": "waiting"})
    assert (done.status.value, done.error, _steps(done)) == ("cancelled", "cancelled", {"nap": "cancelled"})


def test_a_denial_fails_the_step_as_in_process(temporal_address: str, postgres_dsn: str) -> None:
    EFFECTS.clear()

    async def deny(engine: TemporalEngine, execution_id: str) -> None:
        await engine.decide(execution_id, "pay", False, by="bob")

    async def main() -> Execution:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            return (await _run(temporal_address, store, "t-deny", deny))[1]

    done = asyncio.run(main())
    pay = next(step for step in done.steps if step.step_id == "pay")
    assert (done.status.value, pay.status.value, pay.error, pay.error_type and pay.error_type.value) == (
        "failed", "failed", "step 'pay' was denied by bob", "USER_ERROR",
    )  # fmt: skip
    assert EFFECTS == []


def test_plankit_scheduler_fires_start_workflows(temporal_address: str, postgres_dsn: str) -> None:
    EFFECTS.clear()
    plan = plan_from_data({
        "id": "fired", "goal": "pay on a trigger", "trigger": {"type": "immediate"},
        "steps": [{"id": "quote", "tool": "echo", "args": {"amount": 3}},
                  {"id": "pay", "tool": "pay", "args": {"amount": "{{quote.amount}}"}, "depends_on": ["quote"]}],
    })  # fmt: skip

    async def main() -> tuple[list[Any], Any, Execution, list[str]]:
        async with PostgresStore(postgres_dsn, schema=new_schema()) as store:
            client = await Client.connect(temporal_address)
            async with temporal_worker(client, store, registry(), task_queue="t-sched"):
                engine = TemporalEngine(client, store, task_queue="t-sched")
                executor = TemporalExecutor(store, registry(), engine=engine)
                schedule = await add_schedule(store, executor, plan)
                reports = await Scheduler(store, executor=executor).run_once()
                (fire,) = await store.list_fires(schedule.id)
                done = await asyncio.wait_for(engine.wait(fire.execution_id or "", until_final=True), 60)
                again = await Scheduler(store, executor=executor).run_once()  # nothing is due twice
                return [(r.decided, r.started) for r in reports + again], fire, done, [schedule.id]

    reports, fire, done, (schedule_id,) = asyncio.run(main())
    assert reports == [([schedule_id], [fire.execution_id]), ([], []), ([], [])]
    assert (done.status.value, done.schedule_id, _steps(done)) == (
        "completed", schedule_id, {"quote": "completed", "pay": "completed"},
    )  # fmt: skip
    assert [f"{fire.execution_id}:pay"] == EFFECTS


def test_a_worker_without_a_model_fails_llm_steps_and_replans_saying_so(temporal_address: str) -> None:
    """The client's executor has a model (so the plan passes its lint); the worker has none: the llm step
    fails (a USER_ERROR, not retried) naming the option, and replanning after it fails the same way."""
    plan = plan_from_data({"id": "no-model", "goal": "ask", "steps": [
        {"id": "ask", "type": "llm", "prompt": "hello", "on_failure": {"strategy": "retry", "max_attempts": 3}},
    ]})  # fmt: skip

    async def main() -> Execution:
        async with MemoryStore() as store:
            client = await Client.connect(temporal_address)
            async with temporal_worker(client, store, registry(), task_queue="t-no-model"):
                engine = TemporalEngine(client, store, task_queue="t-no-model")
                planner = LlmReplanner(ScriptedLlm([]))
                executor = Executor(store, registry(), llm=ModelSteps(ScriptedLlm([])), replanning=Replanning(planner))
                execution_id = await engine.start(plan, executor, execution_id="t-no-model")
                return await asyncio.wait_for(engine.wait(execution_id), 60)

    done = asyncio.run(main())
    no_model = (
        "step 'ask': this worker has no model for llm steps: start it with `plankit worker --model provider:model`"
    )
    (ask,) = done.steps
    assert (ask.status.value, ask.attempt_count, ask.error, ask.error_type and ask.error_type.value) == (
        "failed", 1, no_model, "USER_ERROR"
    )  # fmt: skip
    assert done.error == (
        f"step 'ask' failed: {no_model}; replanning failed: this worker has no model (start it with "
        "`plankit worker --model ...`)"
    )
