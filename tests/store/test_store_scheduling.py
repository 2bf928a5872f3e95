"""The scheduler's part of the store contract (schedules, fires, leases, wake-ups), for every backend.

Same pattern as ``test_store_contract.py``: each test runs against MemoryStore, SqliteStore and PostgresStore.
The properties compare ``due_schedules`` and ``due_executions``, and what ``claim_due_schedules`` and
``claim_due_executions`` take, with a brute-force filter over random data.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests._postgres import new_schema, shared_dsn
from tests.store._support import run

from plankit.plan import (
    Execution,
    ExecutionStatus,
    Fire,
    FireStatus,
    PlanStatus,
    Schedule,
    ScheduleStatus,
    TimeTrigger,
    fire_execution_id,
    fire_key,
    plan_from_data,
)
from plankit.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    WAKE_NOW,
    Decision,
    Lease,
    MemoryStore,
    PostgresStore,
    SqliteStore,
    Store,
)

T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    """``minutes`` after T0."""
    return T0 + timedelta(minutes=minutes)


def schedule(
    schedule_id: str,
    *,
    owner: str | None = "ann",
    status: ScheduleStatus = ScheduleStatus.ACTIVE,
    due: datetime | None = T0,
    runs: int = 0,
) -> Schedule:
    return Schedule(
        id=schedule_id,
        plan_id=f"plan-{schedule_id}",
        owner=owner,
        trigger=TimeTrigger(at=due or T0),
        status=status,
        created_at=T0,
        anchor_at=T0,
        next_fire_at=due,
        due_at=due,
        runs=runs,
    )


def fire(schedule_id: str, nominal: datetime, status: FireStatus = FireStatus.STARTED, **extra: Any) -> Fire:
    key = fire_key(schedule_id, nominal)
    execution_id = fire_execution_id(key) if status is FireStatus.STARTED else None
    return Fire(
        key=key, schedule_id=schedule_id, nominal_at=nominal, status=status, recorded_at=nominal,
        execution_id=execution_id, **extra,
    )  # fmt: skip


def execution(
    execution_id: str, wake: datetime | None = None, status: ExecutionStatus = ExecutionStatus.PENDING
) -> Execution:
    return Execution(execution_id=execution_id, plan_id="p1", status=status, wake_at=wake)


# ---------------------------------------------------------------------------------------- schedules
def test_schedules_save_load_list_by_owner_and_removed_hidden(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        await store.save_schedule(schedule("s1"))
        await store.save_schedule(schedule("s2", owner="bob"))
        await store.save_schedule(schedule("s3", status=ScheduleStatus.REMOVED, due=None))
        await store.save_schedule(schedule("s4", owner=None, status=ScheduleStatus.PAUSED))
        await store.save_schedule(schedule("s1", runs=3))  # replacing keeps its place in the order
        assert await store.load_schedule("s1") == schedule("s1", runs=3)
        assert await store.load_schedule("s3") == schedule("s3", status=ScheduleStatus.REMOVED, due=None)
        assert await store.load_schedule("nope") is None
        assert [s.id for s in await store.list_schedules()] == ["s1", "s2", "s4"]
        assert [s.id for s in await store.list_schedules(include_removed=True)] == ["s1", "s2", "s3", "s4"]
        assert [s.id for s in await store.list_schedules(owner="ann")] == ["s1"]
        assert [s.id for s in await store.list_schedules(owner="ann", include_removed=True)] == ["s1", "s3"]
        assert await store.list_schedules(owner="nobody") == []

    run(make_store, body)


def test_loaded_schedules_are_copies(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        original = schedule("s1")
        await store.save_schedule(original)
        original.runs = 9
        loaded = await store.load_schedule("s1")
        assert loaded is not None and loaded.runs == 0
        loaded.state["x"] = 1
        assert await store.load_schedule("s1") == schedule("s1")

    run(make_store, body)


def test_due_schedules_only_active_due_and_unleased_earliest_first(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[list[str]]:
        await store.save_schedule(schedule("late", due=at(5)))
        await store.save_schedule(schedule("early", due=at(-10)))
        await store.save_schedule(schedule("exact", due=at(0)))
        await store.save_schedule(schedule("future", due=at(1)))
        await store.save_schedule(schedule("never", due=None))
        await store.save_schedule(schedule("paused", due=at(-20), status=ScheduleStatus.PAUSED))
        await store.save_schedule(schedule("done", due=at(-20), status=ScheduleStatus.COMPLETED))
        await store.save_schedule(schedule("removed", due=at(-20), status=ScheduleStatus.REMOVED))
        await store.save_schedule(schedule("held", due=at(-30)))
        await store.save_schedule(schedule("expired", due=at(-5)))
        await store.save_schedule(schedule("ends-now", due=at(-1)))
        assert await store.claim_schedule("held", "w1", at(1), at(-1)) is None
        assert await store.claim_schedule("expired", "w1", at(-1), at(-2)) is None
        assert await store.claim_schedule("ends-now", "w1", at(0), at(-2)) is None  # until == now: expired
        return [
            [s.id for s in await store.due_schedules(at(0))],
            [s.id for s in await store.due_schedules(at(0), limit=2)],
            [s.id for s in await store.due_schedules(at(10))],
            [s.id for s in await store.due_schedules(at(-11))],
        ]

    assert run(make_store, body) == [
        ["early", "expired", "ends-now", "exact"],
        ["early", "expired"],
        ["held", "early", "expired", "ends-now", "exact", "future", "late"],
        [],
    ]


def test_claim_schedule_free_held_expired_and_own(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        await store.save_schedule(schedule("s1"))
        assert await store.claim_schedule("s1", "w1", at(1), at(0)) is None
        assert await store.claim_schedule("s1", "w2", at(2), at(0.5)) == Lease("w1", at(1))
        assert await store.due_schedules(at(0.5)) == []
        assert await store.claim_schedule("s1", "w1", at(3), at(0.5)) is None  # the owner extends its own
        assert await store.claim_schedule("s1", "w2", at(4), at(2)) == Lease("w1", at(3))
        await store.save_schedule(schedule("s1", runs=1))  # saving keeps the lease
        assert await store.claim_schedule("s1", "w2", at(4), at(2.5)) == Lease("w1", at(3))
        assert await store.claim_schedule("s1", "w2", at(4), at(3)) is None  # expired: taken over
        assert await store.claim_schedule("s1", "w1", at(5), at(3.5)) == Lease("w2", at(4))

    run(make_store, body)


def test_claim_due_schedules_takes_due_free_ones_earliest_first_and_returns_them_as_stored(
    make_store: Callable[[], Store],
) -> None:
    async def body(store: Store) -> None:
        await store.save_schedule(schedule("late", due=at(5)))
        await store.save_schedule(schedule("early", due=at(-10), runs=4))
        await store.save_schedule(schedule("exact", due=at(0)))
        await store.save_schedule(schedule("paused", due=at(-20), status=ScheduleStatus.PAUSED))
        await store.save_schedule(schedule("held", due=at(-30)))
        await store.save_schedule(schedule("mine", due=at(-25)))
        await store.save_schedule(schedule("expired", due=at(-5)))
        assert await store.claim_schedule("held", "w1", at(1), at(-1)) is None
        assert await store.claim_schedule("mine", "w2", at(1), at(-1)) is None
        assert await store.claim_schedule("expired", "w1", at(-1), at(-2)) is None
        # w2 takes two: the earliest due among the free and expired ones (its own live lease is not taken again).
        claimed = await store.claim_due_schedules("w2", at(3), at(0), limit=2)
        assert claimed == [schedule("early", due=at(-10), runs=4), schedule("expired", due=at(-5))]
        assert await store.claim_schedule("early", "w1", at(4), at(1)) == Lease("w2", at(3))
        assert await store.claim_schedule("expired", "w1", at(4), at(1)) == Lease("w2", at(3))
        assert [s.id for s in await store.due_schedules(at(0))] == ["exact"]
        assert [s.id for s in await store.claim_due_schedules("w3", at(3), at(0))] == ["exact"]
        assert await store.claim_due_schedules("w3", at(3), at(0)) == []
        # A claimed schedule is released by its commit as usual, and is due again.
        assert await store.commit_fire(schedule("exact", due=at(0), runs=1), [])
        assert await store.claim_due_schedules("w1", at(3), at(0)) == [schedule("exact", due=at(0), runs=1)]

    run(make_store, body)


def test_claim_due_executions_takes_due_free_ones_earliest_first_except_the_excluded(
    make_store: Callable[[], Store],
) -> None:
    async def body(store: Store) -> None:
        await store.record_transition(execution("late", wake=at(5), status=ExecutionStatus.WAITING))
        await store.record_transition(execution("now", wake=at(0)))
        await store.record_transition(execution("early", wake=at(-3), status=ExecutionStatus.WAITING))
        await store.record_transition(execution("refused", wake=at(-4)))
        await store.record_transition(execution("never", wake=None, status=ExecutionStatus.PAUSED))
        await store.record_transition(execution("held", wake=at(-9), status=ExecutionStatus.RUNNING))
        await store.record_transition(execution("mine", wake=at(-9), status=ExecutionStatus.RUNNING))
        await store.record_transition(execution("dead", wake=at(-8), status=ExecutionStatus.RUNNING))
        await store.record_transition(execution("woken", wake=WAKE_NOW, status=ExecutionStatus.PAUSED))
        assert await store.claim_execution("held", "w1", at(10), at(-9)) is None
        assert await store.claim_execution("mine", "w2", at(10), at(-9)) is None
        assert await store.claim_execution("dead", "w1", at(-1), at(-8)) is None
        claimed = await store.claim_due_executions("w2", at(1), at(0), limit=2, exclude=["refused", "ghost"])
        assert claimed == ["woken", "dead"]
        assert await store.claim_execution("dead", "w1", at(2), at(0.5)) == Lease("w2", at(1))
        assert await store.renew_execution("woken", "w2", at(2)) is True  # the claimer's lease, renewed as usual
        assert await store.due_executions(at(0)) == ["refused", "early", "now"]
        assert await store.claim_due_executions("w3", at(1), at(0), exclude=("refused",)) == ["early", "now"]
        assert await store.claim_due_executions("w3", at(1), at(0), exclude=("refused",)) == []
        assert await store.claim_due_executions("w3", at(1), at(0)) == ["refused"]
        await store.release_execution("now", "w3")
        # At 1.5 the leases of w3 and of w2's "dead" have expired; "woken" (renewed to 2) and w1's are live.
        assert await store.claim_due_executions("w1", at(11), at(1.5)) == ["dead", "refused", "early", "now"]

    run(make_store, body)


@pytest.mark.parametrize("kind", ["schedules", "executions"])
def test_workers_claiming_at_once_get_every_due_row_exactly_once(make_store: Callable[[], Store], kind: str) -> None:
    """Six workers, each with its own store (its own connection pool; one event loop per thread), claim three
    at a time until nothing is left: every due row goes to exactly one of them, none is lost."""
    due = [f"{kind[0]}{i:02d}" for i in range(40)]
    workers = [f"w{n}" for n in range(6)]

    async def seed(store: Store) -> None:
        for i, row_id in enumerate(due):
            if kind == "schedules":
                await store.save_schedule(schedule(row_id, due=at(-i)))
            else:
                await store.record_transition(execution(row_id, wake=at(-i)))
        await store.save_schedule(schedule("later", due=at(5)))
        await store.record_transition(execution("later", wake=at(5)))

    async def claim_all(store: Store, worker: str) -> list[str]:
        taken: list[str] = []
        while True:
            if kind == "schedules":
                batch = [s.id for s in await store.claim_due_schedules(worker, at(10), at(0), limit=3)]
            else:
                batch = await store.claim_due_executions(worker, at(10), at(0), limit=3)
            if not batch:
                return taken
            taken += batch
            await asyncio.sleep(0)

    async def holder(store: Store, row_id: str) -> str:
        claim = store.claim_schedule if kind == "schedules" else store.claim_execution
        lease = await claim(row_id, "auditor", at(20), at(1))
        assert lease is not None
        return lease.owner

    first = make_store()
    if isinstance(first, MemoryStore):  # one store in one process: the workers are tasks on its loop

        async def on_memory() -> list[list[str]]:
            await seed(first)
            return list(await asyncio.gather(*(claim_all(first, worker) for worker in workers)))

        claims = asyncio.run(on_memory())
        owners = asyncio.run(holder_of_each(first, due, holder))
    else:
        run(lambda: first, seed)
        with ThreadPoolExecutor(len(workers)) as pool:
            claims = list(pool.map(lambda worker: run(make_store, lambda store: claim_all(store, worker)), workers))
        owners = run(make_store, lambda store: holder_of_each(store, due, holder))
    assert sorted(row for taken in claims for row in taken) == due
    assert owners == {row: worker for worker, taken in zip(workers, claims, strict=True) for row in taken}


async def holder_of_each(store: Store, rows: list[str], holder: Callable[[Store, str], Any]) -> dict[str, str]:
    return {row: await holder(store, row) for row in rows}


# -------------------------------------------------------------------------------------------- fires
def test_commit_fire_writes_fires_executions_and_schedule_and_releases_the_lease(
    make_store: Callable[[], Store],
) -> None:
    started = fire("s1", at(0))
    missed = fire("s1", at(-60), FireStatus.MISSED, reason="no worker ran", missed_count=2, missed_until=at(-30))
    new = execution(started.execution_id or "", wake=at(0))

    async def body(store: Store) -> None:
        await store.save_schedule(schedule("s1"))
        assert await store.claim_schedule("s1", "w1", at(1), at(0)) is None
        advanced = schedule("s1", due=at(60), runs=1)
        advanced.last_fire_at = at(0)
        advanced.last_execution_id = started.execution_id
        assert await store.commit_fire(advanced, [started, missed], [new]) is True
        assert await store.load_schedule("s1") == advanced
        assert await store.list_fires("s1") == [started, missed]
        assert await store.load_execution(new.execution_id) == new
        assert await store.due_executions(at(0)) == [new.execution_id]
        # The lease was released: another worker claims it at once.
        assert await store.claim_schedule("s1", "w2", at(2), at(0.5)) is None

    run(make_store, body)


def test_commit_fire_of_an_already_decided_fire_writes_nothing(make_store: Callable[[], Store]) -> None:
    first = fire("s1", at(0))
    again = first.model_copy(update={"recorded_at": at(3), "reason": "decided twice"})
    later = fire("s1", at(60))

    async def body(store: Store) -> None:
        await store.save_schedule(schedule("s1"))
        assert await store.commit_fire(
            schedule("s1", due=at(60), runs=1), [first], [execution(first.execution_id or "")]
        )
        assert await store.claim_schedule("s1", "w2", at(5), at(2)) is None
        replay = schedule("s1", due=at(120), runs=7)
        assert (
            await store.commit_fire(replay, [again, later], [execution(later.execution_id or "", wake=at(1))]) is False
        )
        assert await store.load_schedule("s1") == schedule("s1", due=at(60), runs=1)
        assert await store.list_fires("s1") == [first]
        assert await store.load_execution(later.execution_id or "") is None
        assert await store.due_executions(at(100)) == []
        assert await store.claim_schedule("s1", "w3", at(6), at(3)) == Lease("w2", at(5))  # lease untouched

    run(make_store, body)


def test_commit_fire_does_not_replace_an_existing_execution(make_store: Callable[[], Store]) -> None:
    started = fire("s1", at(0))
    running = execution(started.execution_id or "", status=ExecutionStatus.RUNNING)

    async def body(store: Store) -> None:
        await store.save_schedule(schedule("s1"))
        await store.record_transition(running)
        assert await store.commit_fire(schedule("s1", due=None), [started], [execution(running.execution_id, at(0))])
        assert await store.load_execution(running.execution_id) == running

    run(make_store, body)


@pytest.mark.parametrize("status", [ScheduleStatus.PAUSED, ScheduleStatus.REMOVED])
def test_commit_fire_keeps_a_pause_or_removal_committed_meanwhile(
    make_store: Callable[[], Store], status: ScheduleStatus
) -> None:
    advanced = schedule("s1").model_copy(update={"due_at": at(60), "next_fire_at": at(60), "runs": 1})

    async def body(store: Store) -> Schedule | None:
        await store.save_schedule(schedule("s1"))
        assert await store.claim_schedule("s1", "w1", at(1), at(0)) is None
        # Someone pauses or removes it while the worker decides (from what it read before: ``advanced``).
        await store.save_schedule(schedule("s1", status=status, due=None if status is ScheduleStatus.REMOVED else T0))
        assert await store.commit_fire(advanced, [fire("s1", at(0))]) is True
        assert await store.due_schedules(at(100)) == []
        return await store.load_schedule("s1")

    assert run(make_store, body) == advanced.model_copy(update={"status": status})


def test_list_fires_newest_first_per_schedule_with_limit(make_store: Callable[[], Store]) -> None:
    fires = [fire("s1", at(m)) for m in (10, 0, 30, 20)]
    other = fire("s2", at(15), FireStatus.SKIPPED, reason="the previous execution is still running")

    async def body(store: Store) -> list[list[Fire]]:
        await store.save_schedule(schedule("s1"))
        await store.save_schedule(schedule("s2"))
        for item in fires:
            assert await store.commit_fire(schedule("s1"), [item])
        assert await store.commit_fire(schedule("s2"), [other])
        return [await store.list_fires("s1"), await store.list_fires("s1", limit=2), await store.list_fires("s2"),
                await store.list_fires("nope")]  # fmt: skip

    by_time = sorted(fires, key=lambda f: f.nominal_at, reverse=True)
    assert run(make_store, body) == [by_time, by_time[:2], [other], []]


# ------------------------------------------------------------------------------------- executions
def test_execution_leases_claim_renew_release(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        await store.record_transition(execution("e1", wake=at(0)))
        assert await store.claim_execution("e1", "w1", at(1), at(0)) is None
        assert await store.claim_execution("e1", "w2", at(2), at(0)) == Lease("w1", at(1))
        assert await store.due_executions(at(0.5)) == []
        assert await store.renew_execution("e1", "w2", at(9)) is False  # not the holder
        assert await store.claim_execution("e1", "w2", at(2), at(0.5)) == Lease("w1", at(1))
        assert await store.renew_execution("e1", "w1", at(5)) is True
        assert await store.claim_execution("e1", "w2", at(6), at(2)) == Lease("w1", at(5))
        await store.release_execution("e1", "w2")  # not the holder: nothing happens
        assert await store.claim_execution("e1", "w2", at(6), at(2)) == Lease("w1", at(5))
        await store.release_execution("e1", "w1")
        assert await store.renew_execution("e1", "w1", at(7)) is False  # released: nothing to renew
        assert await store.due_executions(at(2)) == ["e1"]
        assert await store.claim_execution("e1", "w2", at(6), at(2)) is None
        assert await store.claim_execution("e1", "w1", at(8), at(6)) is None  # expired at 6: taken over
        assert await store.claim_execution("e1", "w2", at(9), at(7)) == Lease("w1", at(8))
        # An expired lease can still be renewed by its owner while nobody took it over.
        assert await store.renew_execution("e1", "w1", at(20)) is True
        assert await store.claim_execution("e1", "w2", at(21), at(10)) == Lease("w1", at(20))

    run(make_store, body)


def test_a_transition_keeps_the_execution_lease(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        await store.record_transition(execution("e1", status=ExecutionStatus.RUNNING))
        assert await store.claim_execution("e1", "w1", at(1), at(0)) is None
        await store.record_transition(execution("e1", wake=at(0), status=ExecutionStatus.RUNNING))
        assert await store.claim_execution("e1", "w2", at(2), at(0)) == Lease("w1", at(1))
        assert await store.due_executions(at(0.5)) == []
        assert await store.due_executions(at(1)) == ["e1"]

    run(make_store, body)


def test_due_executions_wake_at_come_unleased_earliest_first(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[list[str]]:
        await store.record_transition(execution("late", wake=at(5), status=ExecutionStatus.WAITING))
        await store.record_transition(execution("now", wake=at(0)))
        await store.record_transition(execution("early", wake=at(-3), status=ExecutionStatus.WAITING))
        await store.record_transition(execution("never", wake=None, status=ExecutionStatus.PAUSED))
        await store.record_transition(execution("done", wake=None, status=ExecutionStatus.COMPLETED))
        await store.record_transition(execution("held", wake=at(-9), status=ExecutionStatus.RUNNING))
        await store.record_transition(execution("dead", wake=at(-8), status=ExecutionStatus.RUNNING))
        await store.record_transition(execution("woken", wake=WAKE_NOW, status=ExecutionStatus.PAUSED))
        assert await store.claim_execution("held", "w1", at(10), at(-9)) is None
        assert await store.claim_execution("dead", "w1", at(-1), at(-8)) is None
        return [
            await store.due_executions(at(0)),
            await store.due_executions(at(0), limit=2),
            await store.due_executions(at(-8.5)),
            await store.due_executions(at(10)),
        ]

    assert run(make_store, body) == [
        ["woken", "dead", "early", "now"],
        ["woken", "dead"],
        ["woken"],
        ["woken", "held", "dead", "early", "now", "late"],
    ]


@pytest.mark.parametrize(
    ("status", "wake", "woken"),
    [
        (ExecutionStatus.PAUSED, None, True),
        (ExecutionStatus.WAITING, at(600), True),
        (ExecutionStatus.COMPLETED, None, False),
        (ExecutionStatus.RUNNING, at(600), False),
        (ExecutionStatus.FAILED, None, False),
    ],
)
def test_a_decision_makes_a_paused_or_waiting_execution_due_at_once(
    make_store: Callable[[], Store], status: ExecutionStatus, wake: datetime | None, woken: bool
) -> None:
    before = execution("e1", wake=wake, status=status)

    async def body(store: Store) -> tuple[Execution | None, list[str]]:
        await store.record_transition(before)
        await store.record_decision("e1", Decision("pay", approved=True, by="ann"))
        await store.record_decision("ghost", Decision("pay", approved=False))  # no such execution: just stored
        ghost = await store.load_decision("ghost", "pay")
        assert ghost is not None and (ghost.step_id, ghost.approved, ghost.by) == ("pay", False, None)
        return await store.load_execution("e1"), await store.due_executions(at(0))

    loaded, due = run(make_store, body)
    if woken:
        assert loaded == before.model_copy(update={"wake_at": WAKE_NOW})
        assert due == ["e1"]
    else:
        assert loaded == before
        assert due == []


def test_set_plan_status_changes_only_the_status(make_store: Callable[[], Store]) -> None:
    plan = plan_from_data({"id": "p1", "goal": "g", "owner": "ann", "steps": [{"id": "a", "tool": "echo"}]})

    async def body(store: Store) -> list[Any]:
        await store.save_plan(plan)
        await store.set_plan_status("p1", PlanStatus.VALIDATED)
        validated = await store.load_plan("p1")
        await store.set_plan_status("p1", PlanStatus.SCHEDULED)
        scheduled = await store.load_plan("p1")
        await store.set_plan_status("nope", PlanStatus.RUNNING)  # no such plan: nothing happens
        return [validated, scheduled, await store.load_plan("nope"), [p.id for p in await store.load_plans()]]

    validated, scheduled, missing, ids = run(make_store, body)
    assert plan.status is PlanStatus.DRAFT
    assert validated == plan.model_copy(update={"status": PlanStatus.VALIDATED})
    assert scheduled == plan.model_copy(update={"status": PlanStatus.SCHEDULED})
    assert (missing, ids) == (None, ["p1"])


# ------------------------------------------------------------------------------------------ SQLite
def test_sqlite_migrates_a_version_1_database(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = Execution(execution_id="e1", plan_id="p1", status=ExecutionStatus.PAUSED, started_at=T0)
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
        db.execute(
            "INSERT INTO executions (id, plan_id, status, document) VALUES (?, ?, ?, ?)",
            ("e1", "p1", "paused", old.model_dump_json(exclude_defaults=True)),
        )
    db.close()

    async def body() -> None:
        async with SqliteStore(path) as store:
            assert await store.load_execution("e1") == old
            assert await store.due_executions(at(0)) == []
            assert await store.claim_execution("e1", "w1", at(1), at(0)) is None
            await store.release_execution("e1", "w1")
            await store.record_decision("e1", Decision("pay", approved=True))
            assert await store.due_executions(at(0)) == ["e1"]
            await store.save_schedule(schedule("s1"))
            assert [s.id for s in await store.due_schedules(at(0))] == ["s1"]
            assert await store.commit_fire(schedule("s1", due=None), [fire("s1", at(0))])
            assert [f.key for f in await store.list_fires("s1")] == [fire_key("s1", at(0))]

    asyncio.run(body())
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_sqlite_leases_and_fires_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "plankit.db"

    async def write() -> None:
        async with SqliteStore(path) as store:
            await store.save_schedule(schedule("s1"))
            assert await store.claim_schedule("s1", "w1", at(5), at(0)) is None
            assert await store.commit_fire(schedule("s2", due=at(60)), [fire("s2", at(0))])

    async def read() -> list[Any]:
        async with SqliteStore(path) as store:
            return [
                await store.claim_schedule("s1", "w2", at(6), at(1)),
                await store.commit_fire(schedule("s2"), [fire("s2", at(0))]),
                [s.id for s in await store.due_schedules(at(4))],
                [s.id for s in await store.due_schedules(at(60))],
            ]

    asyncio.run(write())
    assert asyncio.run(read()) == [Lease("w1", at(5)), False, [], ["s1", "s2"]]


# ------------------------------------------------------------------------------------- properties
BACKENDS = ["memory", "sqlite", "postgres"]


def _fresh(backend: str) -> Store:
    # PostgreSQL: a new schema per example; the session's server starts only when a test asks for it.
    if backend == "postgres":
        return PostgresStore(shared_dsn(), schema=new_schema())
    return MemoryStore() if backend == "memory" else SqliteStore(":memory:")


_lease = st.none() | st.tuples(st.sampled_from(["w1", "w2"]), st.integers(-30, 30))


@pytest.mark.parametrize("backend", BACKENDS)
@given(
    rows=st.lists(
        st.tuples(st.sampled_from(list(ScheduleStatus)), st.none() | st.integers(-30, 30), _lease),
        max_size=12,
    ),
    now=st.integers(-35, 35),
    limit=st.integers(1, 14),
)
def test_due_schedules_is_the_brute_force_filter(
    backend: str, rows: list[tuple[ScheduleStatus, int | None, tuple[str, int] | None]], now: int, limit: int
) -> None:
    # Distinct due times (a tiebreak is unspecified): row i is due at its minute plus i microseconds.
    def due(i: int, minute: int | None) -> datetime | None:
        return None if minute is None else at(minute) + timedelta(microseconds=i)

    async def main() -> tuple[list[str], list[str], list[str]]:
        async with _fresh(backend) as store:
            for i, (status, minute, lease) in enumerate(rows):
                await store.save_schedule(schedule(f"s{i}", status=status, due=due(i, minute)))
                if lease is not None:
                    assert await store.claim_schedule(f"s{i}", lease[0], at(lease[1]), at(-100)) is None
            listed = [s.id for s in await store.due_schedules(at(now), limit)]
            # Claiming takes exactly what was listed, read as stored; what it took is no longer due.
            claimed = await store.claim_due_schedules("w3", at(100), at(now), limit)
            assert claimed == [await store.load_schedule(s.id) for s in claimed]
            return listed, [s.id for s in claimed], [s.id for s in await store.due_schedules(at(now), 100)]

    expected = sorted(
        (
            (moment, f"s{i}")
            for i, (status, minute, lease) in enumerate(rows)
            if status is ScheduleStatus.ACTIVE
            and (moment := due(i, minute)) is not None
            and moment <= at(now)
            and (lease is None or at(lease[1]) <= at(now))
        ),
    )
    ids = [schedule_id for _, schedule_id in expected]
    assert asyncio.run(main()) == (ids[:limit], ids[:limit], ids[limit:])


@pytest.mark.parametrize("backend", BACKENDS)
@given(
    rows=st.lists(st.tuples(st.none() | st.integers(-30, 30), _lease), max_size=12),
    now=st.integers(-35, 35),
    limit=st.integers(1, 14),
    exclude=st.sets(st.integers(0, 13)),
)
def test_due_executions_is_the_brute_force_filter(
    backend: str, rows: list[tuple[int | None, tuple[str, int] | None]], now: int, limit: int, exclude: set[int]
) -> None:
    def wake(i: int, minute: int | None) -> datetime | None:
        return None if minute is None else at(minute) + timedelta(microseconds=i)

    async def main() -> list[str]:
        async with _fresh(backend) as store:
            for i, (minute, lease) in enumerate(rows):
                await store.record_transition(execution(f"e{i}", wake=wake(i, minute)))
                if lease is not None:
                    assert await store.claim_execution(f"e{i}", lease[0], at(lease[1]), at(-100)) is None
            listed = await store.due_executions(at(now), limit)
            claimed = await store.claim_due_executions("w3", at(100), at(now), limit, [f"e{i}" for i in exclude])
            return listed, claimed, await store.due_executions(at(now), 100)

    expected = sorted(
        (moment, f"e{i}")
        for i, (minute, lease) in enumerate(rows)
        if (moment := wake(i, minute)) is not None and moment <= at(now) and (lease is None or at(lease[1]) <= at(now))
    )
    ids = [execution_id for _, execution_id in expected]
    taken = [execution_id for execution_id in ids if int(execution_id[1:]) not in exclude][:limit]
    assert asyncio.run(main()) == (ids[:limit], taken, [e for e in ids if e not in taken])
