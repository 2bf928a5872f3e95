"""The worker on a fake clock: fires become executions, plans follow their lifecycle, long waits park,
decisions wake paused executions, leases keep one process per execution, and fires happen once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from plankit import ToolContext, ToolRegistry
from plankit.errors import LeaseHeldError
from plankit.execute import Executor, approve
from plankit.lint import Policy
from plankit.plan import ExecutionStatus, FireStatus, PlanStatus, ScheduleStatus, plan_from_data
from plankit.schedule import Scheduler, add_schedule
from plankit.store import SqliteStore, Store
from plankit.testing import DEFAULT_START, FakeClock, MemoryStore

OPEN = Policy()


class Effects:
    """A tool that records each call's idempotency key (a side effect that must happen once)."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.registry = ToolRegistry()

        @self.registry.tool("effect")
        async def effect(ctx: ToolContext, label: str = "") -> dict[str, Any]:
            """Record the call."""
            self.keys.append(ctx.idempotency_key)
            return {"label": label}


def plan(trigger: dict[str, Any], *steps: dict[str, Any], plan_id: str = "p1") -> Any:
    body = list(steps) or [{"id": "do", "tool": "effect", "params": {"label": "x"}}]
    return plan_from_data({"id": plan_id, "trigger": trigger, "steps": body})


def run(work: Callable[[Store, FakeClock], Awaitable[None]], store: Store | None = None) -> None:
    async def main() -> None:
        target = store or MemoryStore()
        async with target:
            await work(target, FakeClock())

    asyncio.run(main())


def worker(store: Store, clock: FakeClock, effects: Effects, **options: Any) -> Scheduler:
    return Scheduler(store, effects.registry, policy=OPEN, clock=clock, **options)


def test_interval_fires_run_and_the_plan_goes_back_to_scheduled_then_completes() -> None:
    effects = Effects()

    async def work(store: Store, clock: FakeClock) -> None:
        sched = worker(store, clock, effects)
        schedule = await add_schedule(
            store, sched.executor, plan({"type": "interval", "every_ms": 60_000, "max_runs": 2})
        )
        assert (await store.load_plan("p1")).status is PlanStatus.SCHEDULED  # type: ignore[union-attr]
        await sched.run_once()
        fires = await store.list_fires(schedule.id)
        assert [(f.nominal_at, f.status) for f in fires] == [(DEFAULT_START, FireStatus.STARTED)]
        execution = await store.load_execution(fires[0].execution_id or "")
        assert execution is not None and execution.status is ExecutionStatus.COMPLETED
        assert execution.schedule_id == schedule.id
        assert (await store.load_plan("p1")).status is PlanStatus.SCHEDULED  # type: ignore[union-attr]
        clock.advance(60)
        await sched.run_once()
        stored = await store.load_schedule(schedule.id)
        assert stored is not None and (stored.status, stored.runs) == (ScheduleStatus.COMPLETED, 2)
        assert (await store.load_plan("p1")).status is PlanStatus.COMPLETED  # type: ignore[union-attr]
        assert len(effects.keys) == 2 and len(set(effects.keys)) == 2
        checkpoint = await store.load_checkpoint(fires[0].execution_id or "")
        assert checkpoint is not None and checkpoint.step_results == [("do", {"label": "x"})]

    run(work)


def test_a_one_shot_plan_whose_run_failed_ends_failed_not_running() -> None:
    effects = Effects()

    @effects.registry.tool("broken")
    async def broken() -> None:
        """Always fails for good."""
        raise ValueError("no")

    async def work(store: Store, clock: FakeClock) -> None:
        sched = worker(store, clock, effects)
        await add_schedule(store, sched.executor, plan({"type": "immediate"}, {"id": "b", "tool": "broken"}))
        await sched.run_once()
        assert (await store.load_plan("p1")).status is PlanStatus.FAILED  # type: ignore[union-attr]

    run(work)


def test_a_missed_one_shot_is_recorded_and_its_plan_fails(tmp_path: Path) -> None:
    effects = Effects()

    async def work(store: Store, clock: FakeClock) -> None:
        sched = worker(store, clock, effects)
        at = (DEFAULT_START + timedelta(minutes=5)).isoformat()
        schedule = await add_schedule(store, sched.executor, plan({"type": "time", "at": at}))
        clock.advance(5 * 60 + 3601)  # no worker ran for the hour of grace after the time
        await sched.run_once()
        (fire,) = await store.list_fires(schedule.id)
        assert (fire.status, fire.execution_id) == (FireStatus.MISSED, None)
        assert fire.reason == "no worker ran within the misfire grace (1 h)"
        assert effects.keys == []
        assert (await store.load_plan("p1")).status is PlanStatus.FAILED  # type: ignore[union-attr]

    run(work, SqliteStore(tmp_path / "db"))


def test_a_long_wait_parks_frees_the_worker_and_is_woken_when_due(tmp_path: Path) -> None:
    effects = Effects()
    steps = (
        {"id": "before", "tool": "effect"},
        {"id": "nap", "type": "wait", "duration_ms": 3_600_000, "depends_on": ["before"]},
        {"id": "after", "tool": "effect", "depends_on": ["nap"]},
    )

    async def work(store: Store, clock: FakeClock) -> None:
        sched = worker(store, clock, effects, concurrency=1, park_after=30)
        await add_schedule(store, sched.executor, plan({"type": "immediate"}, *steps))
        await add_schedule(store, sched.executor, plan({"type": "immediate"}, plan_id="p2"))
        await sched.run_once()
        parked = [e for e in await store.list_executions(status=ExecutionStatus.WAITING)]
        assert [(e.plan_id, e.wake_at) for e in parked] == [("p1", DEFAULT_START + timedelta(hours=1))]
        done = await store.list_executions(plan_id="p2")
        assert [e.status for e in done] == [ExecutionStatus.COMPLETED]  # the one slot was not held by the wait
        assert len(effects.keys) == 2
        clock.advance(3599)
        assert (await sched.tick()).idle
        clock.advance(1)
        await sched.run_once()
        (execution,) = await store.list_executions(plan_id="p1")
        assert execution.status is ExecutionStatus.COMPLETED
        assert sorted(effects.keys) == sorted({*effects.keys})  # "before" did not run again
        assert len(effects.keys) == 3

    run(work, SqliteStore(tmp_path / "db"))


def test_an_approval_wakes_a_paused_execution_without_resume() -> None:
    effects = Effects()
    steps = ({"id": "pay", "tool": "effect", "require_confirmation": True},)

    async def work(store: Store, clock: FakeClock) -> None:
        sched = worker(store, clock, effects)
        await add_schedule(store, sched.executor, plan({"type": "immediate"}, *steps))
        await sched.run_once()
        (paused,) = await store.list_executions()
        assert paused.status is ExecutionStatus.PAUSED and paused.wake_at is None
        assert (await sched.tick()).idle
        await approve(store, paused.execution_id, "pay", by="ann")
        await sched.run_once()
        done = await store.load_execution(paused.execution_id)
        assert done is not None and done.status is ExecutionStatus.COMPLETED
        assert effects.keys == [f"{paused.execution_id}:pay"]

    run(work)


def test_two_workers_on_one_sqlite_file_fire_each_time_once(tmp_path: Path) -> None:
    effects = Effects()
    db = tmp_path / "shared.db"

    async def main() -> None:
        clock = FakeClock()
        async with SqliteStore(db) as one, SqliteStore(db) as two:
            first = Scheduler(one, effects.registry, policy=OPEN, clock=clock, worker_id="w1")
            second = Scheduler(two, effects.registry, policy=OPEN, clock=clock, worker_id="w2")
            trigger = {"type": "interval", "every_ms": 1_000, "overlap": "allow"}
            for index in range(5):
                await add_schedule(one, first.executor, plan(trigger, plan_id=f"p{index}"))
            for _ in range(20):
                await asyncio.gather(first.tick(), second.tick())
                await asyncio.gather(first.run_once(), second.run_once())
                clock.advance(1)
            fires = [fire for schedule in await one.list_schedules() for fire in await one.list_fires(schedule.id)]
        keys = [fire.key for fire in fires]
        assert len(keys) == len(set(keys)) == 100
        assert all(fire.status is FireStatus.STARTED for fire in fires)
        assert sorted(effects.keys) == sorted({*effects.keys}) and len(effects.keys) == 100

    asyncio.run(main())


def test_two_workers_split_due_work_between_them_instead_of_racing_for_it(tmp_path: Path) -> None:
    """Worker one ticks, then worker two, before any run begins: two takes the executions one did not claim.
    (Listing what is due and leaving the claims to the runs, two would pick the same three as one; one set of
    claims would then fail while the other three executions waited for a later tick.)"""
    effects = Effects()
    db = tmp_path / "shared.db"

    async def main() -> None:
        clock = FakeClock()
        async with SqliteStore(db) as one, SqliteStore(db) as two:
            first = Scheduler(one, effects.registry, policy=OPEN, clock=clock, worker_id="w1", concurrency=3)
            second = Scheduler(two, effects.registry, policy=OPEN, clock=clock, worker_id="w2", concurrency=3)
            for index in range(6):
                await add_schedule(one, first.executor, plan({"type": "immediate"}, plan_id=f"p{index}"))
            schedules = [schedule.id for schedule in await one.list_schedules()]
            ticks = [await first.tick(), await second.tick()]
            assert [report.decided for report in ticks] == [schedules, []]
            started = [report.started for report in ticks]
            assert len(started[0]) == len(started[1]) == 3 and not set(started[0]) & set(started[1])
            # Each holds what it started (the claim came first); the runs then go through without a refusal.
            for worker_id, ids in zip(("w1", "w2"), started, strict=True):
                for execution_id in ids:
                    lease = await one.claim_execution(execution_id, "auditor", clock.now(), clock.now())
                    assert lease is not None and lease.owner == worker_id
            await asyncio.gather(first.run_once(), second.run_once())
            executions = [await one.load_execution(e) for e in started[0] + started[1]]
        assert [e.status if e else None for e in executions] == [ExecutionStatus.COMPLETED] * 6
        assert sorted(effects.keys) == sorted(f"{e.execution_id}:do" for e in executions if e)

    asyncio.run(main())


def test_a_worker_stopped_in_the_middle_of_a_claim_gives_the_undecided_schedules_back_at_once() -> None:
    effects = Effects()

    class StopAfterFirstCommit(MemoryStore):
        worker: Scheduler | None = None

        async def commit_fire(self, schedule: Any, fires: Any, executions: Any = ()) -> bool:
            committed = await super().commit_fire(schedule, fires, executions)
            if self.worker is not None:
                self.worker.stop()  # as SIGTERM would, while the worker decides what it claimed
            return committed

    async def work(store: Store, clock: FakeClock) -> None:
        assert isinstance(store, StopAfterFirstCommit)
        sched = worker(store, clock, effects)
        for index in range(12):
            await add_schedule(store, sched.executor, plan({"type": "immediate"}, plan_id=f"p{index}"))
        store.worker = sched
        report = await sched.tick()
        store.worker = None
        ids = [schedule.id for schedule in await store.list_schedules()]
        assert (report.decided, report.started) == (ids[:1], [])
        # The nine other schedules of its claim (ten at a time) are free again: another worker takes them now,
        # not when the lease would have run out; nothing was fired for them.
        taken = await store.claim_due_schedules("other", clock.now() + timedelta(seconds=30), clock.now())
        assert [schedule.id for schedule in taken] == ids[1:]
        assert [len(await store.list_fires(schedule_id)) for schedule_id in ids] == [1] + [0] * 11

    run(work, StopAfterFirstCommit())


def test_resume_of_an_execution_a_live_process_holds_is_refused_with_who_holds_it() -> None:
    effects = Effects()

    async def work(store: Store, clock: FakeClock) -> None:
        executor = Executor(store, effects.registry, policy=OPEN, clock=clock, worker_id="me")
        paused = await executor.start(plan(None, {"id": "pay", "tool": "effect", "require_confirmation": True}))  # type: ignore[arg-type]
        until = clock.now() + timedelta(seconds=30)
        assert await store.claim_execution(paused.execution_id, "other-host:4242:abc", until, clock.now()) is None
        with pytest.raises(LeaseHeldError) as caught:
            await executor.resume(paused.execution_id)
        assert str(caught.value) == (
            f"execution {paused.execution_id!r} is being run by other-host:4242:abc (its lease runs until "
            "2026-01-01T00:00:30+00:00); wait for it to finish, or stop that process: once its lease expires the "
            "execution can be resumed"
        )
        clock.advance(31)
        await approve(store, paused.execution_id, "pay")
        resumed = await executor.resume(paused.execution_id)
        assert resumed.status is ExecutionStatus.COMPLETED

    run(work)


def test_a_worker_with_a_stricter_policy_refuses_the_fire_and_nothing_runs() -> None:
    effects = Effects()

    async def work(store: Store, clock: FakeClock) -> None:
        lenient = worker(store, clock, effects)
        schedule = await add_schedule(store, lenient.executor, plan({"type": "immediate"}))
        strict = Scheduler(store, effects.registry, policy=Policy(deny_tools=["effect"]), clock=clock)
        await strict.run_once()
        (fire,) = await store.list_fires(schedule.id)
        assert fire.status is FireStatus.REFUSED
        assert fire.reason is not None and fire.reason.startswith("the plan no longer passes lint under this worker")
        assert effects.keys == [] and await store.list_executions() == []

    run(work)
