"""One test suite for every store backend: memory and SQLite behave the same."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.store._support import run

from plankit.errors import DecisionExistsError, ErrorType
from plankit.plan import (
    DeadLetterEntry,
    Execution,
    ExecutionCheckpoint,
    ExecutionStatus,
    PlanTemplate,
    StepExecution,
    StepStatus,
    TemplateParam,
    plan_from_data,
)
from plankit.store import MIGRATIONS, SCHEMA_VERSION, Decision, SqliteStore, Store

T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 11, 22, 9, 5, tzinfo=UTC)


def plan(plan_id: str | None, owner: str | None = "ann", tool: str = "echo") -> Any:
    data: dict[str, Any] = {"goal": "g", "owner": owner, "steps": [{"id": "a", "tool": tool}]}
    if plan_id is not None:
        data["id"] = plan_id
    return plan_from_data(data)


def test_plans_save_load_list_by_owner_and_delete(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        assert await store.save_plan(plan("p1")) == "p1"
        assert await store.save_plan(plan("p2", owner="bob")) == "p2"
        generated = await store.save_plan(plan(None))
        assert generated.startswith("plan_") and len(generated) == 37
        await store.save_plan(plan("p1", tool="http.get"))  # replacing keeps its place in the order
        assert await store.load_plan("p1") == plan("p1", tool="http.get")
        assert [p.id for p in await store.load_plans()] == ["p1", "p2", generated]
        assert [p.id for p in await store.load_plans(owner="ann")] == ["p1", generated]
        assert await store.load_plans(owner="nobody") == []
        assert await store.delete_plan("p2") is True
        assert await store.delete_plan("p2") is False
        assert await store.load_plan("p2") is None

    run(make_store, body)


def test_transitions_write_header_and_changed_steps(make_store: Callable[[], Store]) -> None:
    running = StepExecution(step_id="a", status=StepStatus.RUNNING, attempt_count=1, started_at=T0)
    done = running.model_copy(update={"status": StepStatus.COMPLETED, "output": {"x": 1}, "completed_at": T1})
    loop_0 = StepExecution(step_id="body", iteration=0, status=StepStatus.COMPLETED)
    loop_1 = StepExecution(
        step_id="body", iteration=1, status=StepStatus.FAILED, error="boom", error_type=ErrorType.TOOL_ERROR
    )
    execution = Execution(execution_id="e1", plan_id="p1", status=ExecutionStatus.RUNNING, started_at=T0)

    async def body(store: Store) -> Execution | None:
        await store.record_transition(execution, [running])
        await store.record_transition(execution, [loop_0, loop_1])
        finished = execution.model_copy(update={"status": ExecutionStatus.FAILED, "completed_at": T1})
        await store.record_transition(finished, [done])
        return await store.load_execution("e1")

    loaded = run(make_store, body)
    assert loaded is not None
    assert loaded.status is ExecutionStatus.FAILED and loaded.completed_at == T1
    assert loaded.steps == [done, loop_0, loop_1]
    assert loaded.steps[0].duration_seconds == 300.0


def test_list_executions_newest_first_with_filters(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[list[str]]:
        for number, (plan_id, status) in enumerate(
            [
                ("p1", ExecutionStatus.COMPLETED),
                ("p2", ExecutionStatus.FAILED),
                ("p1", ExecutionStatus.FAILED),
            ]
        ):
            await store.record_transition(
                Execution(execution_id=f"e{number}", plan_id=plan_id, status=status)
            )
        return [
            [e.execution_id for e in await store.list_executions()],
            [e.execution_id for e in await store.list_executions(plan_id="p1")],
            [e.execution_id for e in await store.list_executions(status=ExecutionStatus.FAILED)],
            [e.execution_id for e in await store.list_executions(limit=1)],
        ]

    assert run(make_store, body) == [["e2", "e1", "e0"], ["e2", "e0"], ["e2", "e1"], ["e2"]]


def test_missing_things_are_none(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[Any]:
        return [
            await store.load_plan("x"),
            await store.load_execution("x"),
            await store.load_checkpoint("x"),
            await store.get_dead_letter("x"),
            await store.load_template("x"),
            await store.load_decision("x", "a"),
            await store.cancel_requested("x"),
            await store.delete_dead_letter("x"),
            await store.delete_template("x"),
        ]

    assert run(make_store, body) == [None, None, None, None, None, None, False, False, False]


def test_checkpoints_replace(make_store: Callable[[], Store]) -> None:
    first = ExecutionCheckpoint(
        execution_id="e1", plan_id="p1", current_node_id="a", started_at=T0, updated_at=T0
    )
    second = first.model_copy(
        update={
            "current_node_id": "b",
            "step_results": [("a", {"ok": True})],
            "status": "paused",
            "updated_at": T1,
        }
    )

    async def body(store: Store) -> ExecutionCheckpoint | None:
        await store.save_checkpoint(first)
        await store.save_checkpoint(second)
        return await store.load_checkpoint("e1")

    assert run(make_store, body) == second


def test_dead_letters(make_store: Callable[[], Store]) -> None:
    entries = [
        DeadLetterEntry(
            id=f"d{n}",
            plan_id=f"p{n % 2}",
            node_id="pay",
            execution_id="e1",
            error="declined",
            error_type=ErrorType.USER_ERROR,
            retry_count=2,
            tool="payments.transfer",
            params={"amount": 5},
            timestamp=T0,
        )
        for n in range(3)
    ]

    async def body(store: Store) -> list[Any]:
        for entry in entries:
            await store.add_dead_letter(entry)
        listed = [e.id for e in await store.list_dead_letters()]
        by_plan = [e.id for e in await store.list_dead_letters(plan_id="p0")]
        one = await store.get_dead_letter("d1")
        deleted = await store.delete_dead_letter("d1")
        return [listed, by_plan, one, deleted, [e.id for e in await store.list_dead_letters()]]

    assert run(make_store, body) == [["d0", "d1", "d2"], ["d0", "d2"], entries[1], True, ["d0", "d2"]]


def test_templates_by_id_or_name_and_unique_names(make_store: Callable[[], Store]) -> None:
    dca = PlanTemplate(
        id="t1",
        name="dca",
        plan={"steps": []},
        params={"amount": TemplateParam(type="number", required=True)},
    )
    other = PlanTemplate(id="t2", name="alerts", plan={"steps": []})
    renamed = PlanTemplate(id="t3", name="dca", plan={"steps": [{"id": "a", "tool": "echo"}]})

    async def body(store: Store) -> list[Any]:
        await store.save_template(dca)
        await store.save_template(other)
        by_name = await store.load_template("dca")
        await store.save_template(renamed)  # same name: replaces t1
        names = [(t.id, t.name) for t in await store.list_templates()]
        return [
            by_name,
            await store.load_template("t1"),
            names,
            await store.delete_template("alerts"),
            [t.id for t in await store.list_templates()],
        ]

    assert run(make_store, body) == [dca, None, [("t2", "alerts"), ("t3", "dca")], True, ["t3"]]


def test_decisions_are_write_once_and_kept_for_audit(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[Any]:
        first = await store.record_decision("e1", Decision("pay", approved=True, by="ann", decided_at=T0))
        with pytest.raises(DecisionExistsError) as second:
            await store.record_decision("e1", Decision("pay", approved=False, by="bob", decided_at=T1))
        stamped = await store.record_decision("e1", Decision("ship", approved=False, reason="wrong address"))
        await store.record_decision("e2", Decision("pay", approved=False, by="bob", decided_at=T1))
        await store.request_cancel("e2")
        await store.request_cancel("e2")
        return [
            first,
            str(second.value),
            stamped.decided_at is not None and stamped.decided_at.tzinfo is not None,
            await store.load_decision("e1", "pay"),
            await store.load_decision("e3", "pay"),
            [decision.step_id for decision in await store.list_decisions("e1")],
            await store.list_decisions("e3"),
            await store.cancel_requested("e2"),
            await store.cancel_requested("e1"),
        ]

    approved = Decision("pay", approved=True, by="ann", decided_at=T0)
    assert run(make_store, body) == [
        approved,
        "step 'pay' of execution e1 was already approved by ann at 2026-11-22 09:00:00 UTC; "
        "a decision is final and can't be changed",
        True,
        approved,
        None,
        ["pay", "ship"],
        [],
        True,
        False,
    ]


def test_sqlite_migrates_decisions_of_schema_1(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO decisions VALUES ('e1', 'pay', 1, 'ann')")
        db.execute("PRAGMA user_version = 1")
    db.close()

    async def body() -> list[Decision]:
        async with SqliteStore(path) as store:
            return await store.list_decisions("e1")

    assert asyncio.run(body()) == [Decision("pay", approved=True, by="ann", decided_at=None, reason=None)]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_sqlite_survives_reopening_and_is_versioned(tmp_path: Path) -> None:
    path = tmp_path / "plankit.db"

    async def write() -> None:
        async with SqliteStore(path) as store:
            await store.save_plan(plan("p1"))
            await store.record_transition(
                Execution(execution_id="e1", plan_id="p1"),
                [StepExecution(step_id="a", status=StepStatus.COMPLETED)],
            )

    async def read() -> tuple[Any, Any]:
        async with SqliteStore(path) as store:
            return await store.load_plan("p1"), await store.load_execution("e1")

    asyncio.run(write())
    loaded_plan, execution = asyncio.run(read())
    assert loaded_plan == plan("p1")
    assert execution is not None and [s.step_id for s in execution.steps] == ["a"]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_sqlite_refuses_a_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")

    async def open_it() -> None:
        async with SqliteStore(path):
            pass

    with pytest.raises(
        RuntimeError, match=f"has schema version {SCHEMA_VERSION + 1}, newer than this plankit"
    ):
        asyncio.run(open_it())


def test_sqlite_rolls_back_a_failed_transition(tmp_path: Path) -> None:
    path = tmp_path / "plankit.db"
    execution = Execution(execution_id="e1", plan_id="p1", status=ExecutionStatus.RUNNING)

    class Exploding(StepExecution):
        def model_dump_json(self, **_: Any) -> str:  # type: ignore[override]
            raise OSError("disk full")

    async def body() -> Execution | None:
        async with SqliteStore(path) as store:
            await store.record_transition(execution, [StepExecution(step_id="a")])
            failing = execution.model_copy(update={"status": ExecutionStatus.COMPLETED})
            with pytest.raises(OSError, match="disk full"):
                await store.record_transition(failing, [StepExecution(step_id="b"), Exploding(step_id="c")])
            return await store.load_execution("e1")

    loaded = asyncio.run(body())
    assert loaded is not None
    assert loaded.status is ExecutionStatus.RUNNING  # neither the header nor step b was written
    assert [s.step_id for s in loaded.steps] == ["a"]


def test_using_a_closed_sqlite_store_is_a_clear_error(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "x.db")
    with pytest.raises(RuntimeError, match="the store is not open"):
        asyncio.run(store.load_plan("p"))
