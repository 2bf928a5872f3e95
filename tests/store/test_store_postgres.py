"""What only the PostgreSQL store has: migrations shared by many processes, races between workers decided
by the database, LISTEN/NOTIFY wake-ups, connection errors. The rest of its contract is the shared suite
(``test_store_contract.py``, ``test_store_scheduling.py``), which runs on it too."""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from tests._postgres import new_schema

from plankit.errors import MissingExtraError
from plankit.plan import Execution, ExecutionStatus, Fire, FireStatus, Schedule, TimeTrigger, fire_key, plan_from_data
from plankit.store import (
    POSTGRES_SCHEMA_VERSION,
    Decision,
    Lease,
    PostgresStore,
    is_postgres_url,
    redact_dsn,
    store_for,
)

T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def schedule(schedule_id: str) -> Schedule:
    return Schedule(
        id=schedule_id, plan_id="p1", trigger=TimeTrigger(at=T0), created_at=T0, anchor_at=T0, next_fire_at=T0,
        due_at=T0,
    )  # fmt: skip


def started_fire(schedule_id: str, nominal: datetime) -> Fire:
    key = fire_key(schedule_id, nominal)
    return Fire(key=key, schedule_id=schedule_id, nominal_at=nominal, status=FireStatus.STARTED, recorded_at=nominal)


async def _version(dsn: str, schema: str) -> int:
    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
        cur = await conn.execute(f"SELECT version FROM {schema}.plankit_schema")
        row = await cur.fetchone()
        assert row is not None
        return int(row[0])


# ------------------------------------------------------------------------------------------- naming
@pytest.mark.parametrize(
    ("dsn", "shown"),
    [
        ("postgresql://ann:s3cret@db.example:5432/plankit", "postgresql://ann:***@db.example:5432/plankit"),
        ("postgres://ann@db/plankit", "postgres://ann@db/plankit"),
        ("host=db user=ann password=s3cret dbname=x", "host=db user=ann password=*** dbname=x"),
        ("host=db password='it\\'s secret' dbname=x", "host=db password=*** dbname=x"),
    ],
)
def test_passwords_never_show(dsn: str, shown: str) -> None:
    assert redact_dsn(dsn) == shown
    assert repr(PostgresStore(dsn)) == f"PostgresStore({shown!r}, schema=None)"


def test_store_for_picks_the_backend_from_the_target() -> None:
    assert type(store_for("postgresql://ann@db/x")).__name__ == "PostgresStore"
    assert type(store_for("postgres://ann@db/x")).__name__ == "PostgresStore"
    assert type(store_for("plankit.db")).__name__ == "SqliteStore"
    assert (is_postgres_url("postgresql://db/x"), is_postgres_url("./postgresql.db")) == (True, False)


def test_a_bad_schema_name_is_refused() -> None:
    with pytest.raises(ValueError, match=r"schema 'a-b; drop': use letters, digits and _"):
        PostgresStore("postgresql://db/x", schema="a-b; drop")


def test_without_psycopg_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'plankit\[postgres\]'"):
        asyncio.run(PostgresStore("postgresql://db/x").open())


# --------------------------------------------------------------------------------------- connections
def test_an_unreachable_server_is_a_connection_error_without_the_password() -> None:
    store = PostgresStore("postgresql://ann:s3cret@127.0.0.1:1/x", connect_timeout=0.5)
    with pytest.raises(ConnectionError) as caught:
        asyncio.run(store.open())
    assert str(caught.value).startswith("can't connect to PostgreSQL at postgresql://ann:***@127.0.0.1:1/x: ")
    assert "s3cret" not in str(caught.value)


def test_using_a_closed_store_is_a_clear_error(postgres_dsn: str) -> None:
    with pytest.raises(RuntimeError, match=r"the store is not open; use 'async with PostgresStore\(\.\.\.\)'"):
        asyncio.run(PostgresStore(postgres_dsn).load_plan("p1"))


# ---------------------------------------------------------------------------------------- migrations
def test_many_processes_opening_at_once_migrate_once_and_data_survives(postgres_dsn: str) -> None:
    schema = new_schema()
    plan = plan_from_data({"id": "p1", "goal": "g", "steps": [{"id": "a", "tool": "echo", "args": {"t": "a\u0000b"}}]})

    async def main() -> Any:
        stores = [PostgresStore(postgres_dsn, schema=schema) for _ in range(5)]
        await asyncio.gather(*(store.open() for store in stores))
        await stores[0].save_plan(plan)
        for store in stores:
            await store.close()
        async with PostgresStore(postgres_dsn, schema=schema) as again:
            return await again.load_plan("p1"), await _version(postgres_dsn, schema)

    assert asyncio.run(main()) == (plan, POSTGRES_SCHEMA_VERSION)


def test_a_newer_schema_is_refused(postgres_dsn: str) -> None:
    schema = new_schema()

    async def main() -> None:
        async with PostgresStore(postgres_dsn, schema=schema):
            pass
        async with await psycopg.AsyncConnection.connect(postgres_dsn, autocommit=True) as conn:
            await conn.execute(f"UPDATE {schema}.plankit_schema SET version = 99")
        await PostgresStore(postgres_dsn, schema=schema).open()

    with pytest.raises(RuntimeError) as caught:
        asyncio.run(main())
    assert str(caught.value) == (
        f"the database {postgres_dsn} has plankit schema version 99, newer than this plankit "
        f"({POSTGRES_SCHEMA_VERSION}); upgrade plankit"
    )


# ---------------------------------------------------------------------------------------------- races
def test_racing_workers_one_lease_one_fire(postgres_dsn: str) -> None:
    """Eight processes' worth of pools race for one execution's lease and to commit one fire."""
    schema = new_schema()

    async def main() -> tuple[list[Lease | None], list[bool], int]:
        stores = [PostgresStore(postgres_dsn, schema=schema, max_size=2) for _ in range(8)]
        await asyncio.gather(*(store.open() for store in stores))
        try:
            await stores[0].record_transition(Execution(execution_id="e1", plan_id="p1", wake_at=at(0)))
            await stores[0].save_schedule(schedule("s1"))
            claims = await asyncio.gather(
                *(store.claim_execution("e1", f"w{i}", at(1), at(0)) for i, store in enumerate(stores))
            )
            fire = started_fire("s1", at(0))
            commits = await asyncio.gather(*(store.commit_fire(schedule("s1"), [fire]) for store in stores))
            return list(claims), list(commits), len(await stores[0].list_fires("s1"))
        finally:
            await asyncio.gather(*(store.close() for store in stores))

    claims, commits, fires = asyncio.run(main())
    winners = [i for i, claim in enumerate(claims) if claim is None]
    assert len(winners) == 1
    assert {claim for claim in claims if claim is not None} == {Lease(f"w{winners[0]}", at(1))}
    assert sorted(commits) == [False] * 7 + [True]
    assert fires == 1


# ------------------------------------------------------------------------------------------ wake-ups
def test_listeners_are_woken_by_new_executions_decisions_and_releases(postgres_dsn: str) -> None:
    schema = new_schema()

    async def main() -> list[str]:
        woken: asyncio.Queue[str] = asyncio.Queue()
        seen: list[str] = []
        async with PostgresStore(postgres_dsn, schema=schema) as worker, PostgresStore(
            postgres_dsn, schema=schema
        ) as other, PostgresStore(postgres_dsn, schema=new_schema()) as elsewhere:
            worker.add_work_listener(lambda: woken.put_nowait("woken"))
            seen.append(await asyncio.wait_for(woken.get(), 30))  # listening: anything missed is looked at once

            async def step(label: str, write: Any) -> None:
                await write
                seen.append(f"{label}: {await asyncio.wait_for(woken.get(), 30)}")

            await other.save_schedule(schedule("s1"))
            seen.append(f"schedule: {await asyncio.wait_for(woken.get(), 30)}")
            await elsewhere.save_schedule(schedule("s1"))  # another schema: another channel, nobody woken
            execution = Execution(execution_id="e1", plan_id="p1", wake_at=at(0))
            await step("fire", other.commit_fire(schedule("s1"), [started_fire("s1", at(0))], [execution]))
            paused = execution.model_copy(update={"status": ExecutionStatus.PAUSED, "wake_at": None})
            await other.record_transition(paused)
            await step("decision", other.record_decision("e1", Decision("a", approved=True)))
            assert await other.claim_execution("e1", "w1", at(1), at(0)) is None
            await step("release", other.release_execution("e1", "w1"))
            assert woken.empty()
        return seen

    assert asyncio.run(main()) == [
        "woken",
        "schedule: woken",
        "fire: woken",
        "decision: woken",
        "release: woken",
    ]
