"""The PostgreSQL store: one database shared by many worker processes on many machines.

``pip install 'plankit[postgres]'`` (psycopg 3 and its connection pool). Select it with
``--db postgresql://user@host/db`` or ``PLANKIT_DB``; in Python, ``PostgresStore(dsn)``.

* **Migrations** are numbered (:data:`POSTGRES_MIGRATIONS`); the table ``plankit_schema`` holds how many
  ran. Each runs in one transaction under an advisory lock, so many workers starting at once migrate once.
  ``schema=`` puts every table in a schema of its own (created if needed), to share a database with others.
* **Transactions.** Every write method is one transaction on a pooled connection (READ COMMITTED). A lease
  is read with ``SELECT ... FOR UPDATE`` and written in the same transaction (the row lock serialises racing
  workers; the loser sees the winner's committed lease); the "what is due" queries read with
  ``FOR UPDATE SKIP LOCKED``, so a poller never waits on (or returns) a row another worker is claiming or
  writing at that moment. Decisions are write-once by their primary key; the event log is written in the
  transaction of the transition it records.
* **Wake-ups.** Writes that make work due for someone else (a fire's new executions, a decision, a released
  execution, a saved schedule) ``NOTIFY`` a channel; :meth:`PostgresStore.add_work_listener` ``LISTEN``\\s on
  a connection of its own (reconnecting if it drops), so workers pick new work up at once without polling hard.

Documents are stored as the same canonical JSON text as in SQLite (not ``jsonb``: text keeps them byte for
byte, including ``\\u0000``), beside the columns that are searched; times are ``timestamptz``.

Adding a store method: write the SQL with :meth:`PostgresStore._transaction` (writes) or
:meth:`PostgresStore._fetchone` / :meth:`PostgresStore._fetchall` (reads); a new table or column is a new
entry at the end of :data:`POSTGRES_MIGRATIONS`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .._utils import new_id, utcnow
from ..errors import MissingExtraError
from ..plan import (
    DeadLetterEntry,
    Execution,
    ExecutionCheckpoint,
    ExecutionStatus,
    Fire,
    Plan,
    PlanStatus,
    PlanTemplate,
    Schedule,
    ScheduleStatus,
    StepExecution,
)
from ._base import WAKE_NOW, ApiToken, Decision, Lease, Store, StoredEvent, already_decided

if TYPE_CHECKING:
    from psycopg import AsyncConnection, AsyncCursor
    from psycopg_pool import AsyncConnectionPool

logger = logging.getLogger("plankit.store.postgres")

POSTGRES_MIGRATIONS: list[str] = [
    # 1: everything SQLite's migrations 1 and 2 hold. ``seq`` (an identity, kept by upserts) is the order
    # of first writes, as SQLite's rowid is.
    """
    CREATE TABLE plans (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text PRIMARY KEY, owner text, document text NOT NULL
    );
    CREATE INDEX plans_owner ON plans (owner, seq);
    CREATE TABLE executions (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text PRIMARY KEY, plan_id text NOT NULL,
        status text NOT NULL, wake_at timestamptz, lease_owner text, lease_until timestamptz,
        document text NOT NULL
    );
    CREATE INDEX executions_plan ON executions (plan_id, seq);
    CREATE INDEX executions_seq ON executions (seq);
    CREATE INDEX executions_wake ON executions (wake_at) WHERE wake_at IS NOT NULL;
    CREATE TABLE step_executions (
        seq bigint GENERATED ALWAYS AS IDENTITY, execution_id text NOT NULL, step_id text NOT NULL,
        iteration integer NOT NULL, document text NOT NULL, PRIMARY KEY (execution_id, step_id, iteration)
    );
    CREATE TABLE checkpoints (execution_id text PRIMARY KEY, document text NOT NULL);
    CREATE TABLE dead_letters (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text PRIMARY KEY, plan_id text NOT NULL,
        document text NOT NULL
    );
    CREATE TABLE templates (id text PRIMARY KEY, name text NOT NULL UNIQUE, document text NOT NULL);
    CREATE TABLE decisions (
        execution_id text NOT NULL, step_id text NOT NULL, approved boolean NOT NULL, decided_by text,
        PRIMARY KEY (execution_id, step_id)
    );
    CREATE TABLE cancellations (execution_id text PRIMARY KEY);
    CREATE TABLE schedules (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text PRIMARY KEY, plan_id text NOT NULL, owner text,
        status text NOT NULL, due_at timestamptz, lease_owner text, lease_until timestamptz,
        document text NOT NULL
    );
    CREATE INDEX schedules_due ON schedules (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
    CREATE TABLE fires (
        key text PRIMARY KEY, schedule_id text NOT NULL, nominal_at timestamptz NOT NULL, document text NOT NULL
    );
    CREATE INDEX fires_schedule ON fires (schedule_id, nominal_at);
    """,
    # 2: SQLite's 3 and 4: decisions are a write-once audit record (when, why); API tokens (a hash of the
    # secret); the event log of transitions, written in the transition's own transaction (here by the store's
    # code rather than triggers: a trigger would have to parse the documents as jsonb, which refuses \u0000).
    """
    ALTER TABLE decisions ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
    ALTER TABLE decisions ADD COLUMN decided_at timestamptz;
    ALTER TABLE decisions ADD COLUMN reason text;
    CREATE TABLE api_tokens (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text PRIMARY KEY, "user" text NOT NULL, role text NOT NULL,
        secret_hash text NOT NULL, created_at timestamptz NOT NULL, revoked_at timestamptz
    );
    CREATE TABLE execution_events (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, execution_id text NOT NULL, step_id text,
        iteration integer, status text NOT NULL, attempt integer NOT NULL DEFAULT 0, error text
    );
    CREATE INDEX execution_events_execution ON execution_events (execution_id, seq);
    """,
]
"""Schema migrations, applied in order; ``plankit_schema.version`` holds how many have been applied."""

POSTGRES_SCHEMA_VERSION = len(POSTGRES_MIGRATIONS)

_MIGRATION_LOCK = 0x706C616E6B6974  # "plankit": the advisory lock that serialises migrations
_LEASED = {"schedules", "executions"}


def redact_dsn(dsn: str) -> str:
    """``dsn`` with its password replaced by ``***`` (for messages and logs)."""
    dsn = re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", dsn)
    return re.sub(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)", r"\1***", dsn)


class PostgresStore(Store):
    """A store in a PostgreSQL database, shared by any number of processes.

    ``dsn``: a libpq connection string or URL (``postgresql://user:password@host:5432/db``; the usual
    ``PG*`` variables and ``~/.pgpass`` fill in what it leaves out). ``schema``: keep the tables in this
    schema (created if missing) instead of the connection's default. ``min_size``/``max_size``: the pool.
    """

    def __init__(
        self,
        dsn: str,
        *,
        schema: str | None = None,
        min_size: int = 1,
        max_size: int = 10,
        connect_timeout: float = 10.0,
    ):
        if schema is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,62}", schema):
            raise ValueError(f"schema {schema!r}: use letters, digits and _ (at most 63, not starting with a digit)")
        self.dsn = dsn
        self.schema = schema
        self.min_size = min_size
        self.max_size = max_size
        self.connect_timeout = connect_timeout
        self.channel = f"plankit_work_{schema}" if schema else "plankit_work"
        self._pool: AsyncConnectionPool | None = None
        self._listeners: list[Callable[[], None]] = []
        self._listen_task: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"PostgresStore({redact_dsn(self.dsn)!r}, schema={self.schema!r})"

    # ----------------------------------------------------------------------------------- connections
    async def open(self) -> None:
        if self._pool is not None:
            return
        try:
            import psycopg
            from psycopg_pool import AsyncConnectionPool, PoolTimeout
        except ImportError:
            raise MissingExtraError("psycopg", "postgres") from None
        try:
            # One direct connection first: a wrong password, host or database name is reported at once and
            # precisely, where the pool would keep retrying until its timeout.
            probe = await psycopg.AsyncConnection.connect(self.dsn, connect_timeout=max(1, int(self.connect_timeout)))
            await probe.close()
        except psycopg.OperationalError as exc:
            raise ConnectionError(f"can't connect to PostgreSQL at {redact_dsn(self.dsn)}: {exc}") from None
        pool = AsyncConnectionPool(
            self.dsn,
            min_size=self.min_size,
            max_size=self.max_size,
            kwargs={"autocommit": True},
            configure=self._configure,
            open=False,
            name="plankit",
        )
        try:
            await pool.open(wait=True, timeout=self.connect_timeout)
        except (PoolTimeout, psycopg.OperationalError) as exc:
            await pool.close()
            raise ConnectionError(f"can't connect to PostgreSQL at {redact_dsn(self.dsn)}: {exc}") from None
        self._pool = pool
        try:
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._listen_task is not None:
            self._listen_task.cancel()
            await asyncio.gather(self._listen_task, return_exceptions=True)
            self._listen_task = None
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> AsyncConnectionPool:
        """The open connection pool (opening is explicit: ``await store.open()`` or ``async with``)."""
        if self._pool is None:
            raise RuntimeError("the store is not open; use 'async with PostgresStore(...)' or 'await store.open()'")
        return self._pool

    async def _configure(self, conn: AsyncConnection[Any]) -> None:
        from psycopg import sql

        # Times come back in UTC; unqualified names mean this store's schema.
        await conn.execute("SET TIME ZONE 'UTC'")
        if self.schema is not None:
            await conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(self.schema)))

    async def _migrate(self) -> None:
        from psycopg import sql

        async with self._transaction() as cur:
            await cur.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            if self.schema is not None:
                await cur.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self.schema)))
            await cur.execute("CREATE TABLE IF NOT EXISTS plankit_schema (version integer NOT NULL)")
            await cur.execute("SELECT version FROM plankit_schema")
            row = await cur.fetchone()
            version = row[0] if row else 0
            if row is None:
                await cur.execute("INSERT INTO plankit_schema (version) VALUES (0)")
            if version > POSTGRES_SCHEMA_VERSION:
                raise RuntimeError(
                    f"the database {redact_dsn(self.dsn)} has plankit schema version {version}, newer than this "
                    f"plankit ({POSTGRES_SCHEMA_VERSION}); upgrade plankit"
                )
            for number in range(version, POSTGRES_SCHEMA_VERSION):
                await cur.execute(POSTGRES_MIGRATIONS[number])
                await cur.execute("UPDATE plankit_schema SET version = %s", (number + 1,))

    @asynccontextmanager
    async def _transaction(self, pipeline: bool = False) -> AsyncIterator[AsyncCursor[tuple[Any, ...]]]:
        """A cursor inside one transaction: committed when the block ends, rolled back if it raises.

        ``pipeline``: the statements are sent without waiting for each answer (for blocks that read nothing).
        """
        async with self.pool.connection() as conn:
            if pipeline:
                async with conn.pipeline(), conn.transaction(), conn.cursor() as cur:
                    yield cur
            else:
                async with conn.transaction(), conn.cursor() as cur:
                    yield cur

    async def _fetchone(self, query: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        async with self.pool.connection() as conn:
            cur = await conn.execute(query, params)
            return await cur.fetchone()

    async def _fetchall(self, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(query, params)
            return await cur.fetchall()

    async def _notify(self, cur: AsyncCursor[tuple[Any, ...]]) -> None:
        """Wake listening workers when this transaction commits (PostgreSQL sends it only then)."""
        await cur.execute("SELECT pg_notify(%s, '')", (self.channel,))

    # --------------------------------------------------------------------------------------- wake-ups
    def add_work_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever a write elsewhere makes work due; ``LISTEN`` starts with the first one."""
        self._listeners.append(listener)
        if self._listen_task is None:
            self._listen_task = asyncio.get_running_loop().create_task(self._listen())

    def remove_work_listener(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _wake_listeners(self) -> None:
        for listener in list(self._listeners):
            listener()

    async def _listen(self) -> None:
        import psycopg
        from psycopg import sql

        delay = 0.5
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                async with conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    delay = 0.5
                    self._wake_listeners()  # whatever was written while nobody listened
                    async for _ in conn.notifies():
                        self._wake_listeners()
            except psycopg.OperationalError as exc:
                # The server went away (restart, failover): poll meanwhile, and listen again when it is back.
                logger.warning("LISTEN %s lost (%s); reconnecting in %.1f s", self.channel, exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)

    # -------------------------------------------------------------------------------------------- plans
    async def save_plan(self, plan: Plan) -> str:
        plan_id = plan.id or new_id("plan_")
        document = plan.model_copy(update={"id": plan_id}).model_dump_json(by_alias=True, exclude_defaults=True)
        async with self._transaction() as cur:
            await cur.execute(
                "INSERT INTO plans (id, owner, document) VALUES (%s, %s, %s) "
                "ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, document = excluded.document",
                (plan_id, plan.owner, document),
            )
        return plan_id

    async def load_plan(self, plan_id: str) -> Plan | None:
        row = await self._fetchone("SELECT document FROM plans WHERE id = %s", (plan_id,))
        return Plan.model_validate_json(row[0]) if row else None

    async def load_plans(self, owner: str | None = None) -> list[Plan]:
        if owner is None:
            rows = await self._fetchall("SELECT document FROM plans ORDER BY seq")
        else:
            rows = await self._fetchall("SELECT document FROM plans WHERE owner = %s ORDER BY seq", (owner,))
        return [Plan.model_validate_json(row[0]) for row in rows]

    async def delete_plan(self, plan_id: str) -> bool:
        async with self._transaction() as cur:
            await cur.execute("DELETE FROM plans WHERE id = %s", (plan_id,))
            return cur.rowcount > 0

    async def set_plan_status(self, plan_id: str, status: PlanStatus) -> None:
        # Read, change and write the document under the row lock (not through jsonb, which would reformat it).
        async with self._transaction() as cur:
            await cur.execute("SELECT document FROM plans WHERE id = %s FOR UPDATE", (plan_id,))
            row = await cur.fetchone()
            if row is None:
                return
            plan = Plan.model_validate_json(row[0]).model_copy(update={"status": status})
            document = plan.model_dump_json(by_alias=True, exclude_defaults=True)
            await cur.execute("UPDATE plans SET document = %s WHERE id = %s", (document, plan_id))

    # --------------------------------------------------------------------------------------- executions
    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        # The hot path (two per step): sent as one pipeline, so a transition costs few round trips.
        async with self._transaction(pipeline=True) as cur:
            await cur.execute("SELECT status FROM executions WHERE id = %s FOR UPDATE", (execution.execution_id,))
            before = await cur.fetchone()
            await self._write_header(cur, execution, conflict="update")
            # One event per step record, then the header's (a new execution, or a change of status): the log
            # lists an execution's final status after the step records that led to it, as SQLite's does.
            eid = execution.execution_id
            events: list[tuple[Any, ...]] = [
                (eid, s.step_id, s.iteration, s.status.value, s.attempt_count, s.error) for s in steps or []
            ]
            if before is None or before[0] != execution.status.value:
                events.append((eid, None, None, execution.status.value, 0, execution.error))
            await self._add_events(cur, events)
            if steps:
                await cur.executemany(
                    "INSERT INTO step_executions (execution_id, step_id, iteration, document) "
                    "VALUES (%s, %s, %s, %s) ON CONFLICT (execution_id, step_id, iteration) "
                    "DO UPDATE SET document = excluded.document",
                    [
                        (
                            execution.execution_id,
                            step.step_id,
                            -1 if step.iteration is None else step.iteration,
                            step.model_dump_json(exclude_defaults=True),
                        )
                        for step in steps
                    ],
                )

    @staticmethod
    async def _add_events(cur: AsyncCursor[tuple[Any, ...]], events: list[tuple[Any, ...]]) -> None:
        """Append to the event log (in the caller's transaction: a reader by ``seq`` sees each commit whole)."""
        if events:
            await cur.executemany(
                "INSERT INTO execution_events (execution_id, step_id, iteration, status, attempt, error) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                events,
            )

    async def list_events(self, execution_id: str, after: int = 0, limit: int = 500) -> list[StoredEvent]:
        rows = await self._fetchall(
            "SELECT seq, step_id, iteration, status, attempt, error FROM execution_events "
            "WHERE execution_id = %s AND seq > %s ORDER BY seq LIMIT %s",
            (execution_id, after, limit),
        )
        return [StoredEvent(row[0], execution_id, row[1], row[2], row[3], row[4], row[5]) for row in rows]

    @staticmethod
    async def _write_header(cur: AsyncCursor[tuple[Any, ...]], execution: Execution, conflict: str) -> None:
        """Upsert (``conflict="update"``) or insert-if-new (``"nothing"``) an execution's header; the lease
        columns are never touched here."""
        header = execution.model_copy(update={"steps": []}).model_dump_json(exclude_defaults=True)
        on_conflict = (
            "DO UPDATE SET plan_id = excluded.plan_id, status = excluded.status, wake_at = excluded.wake_at, "
            "document = excluded.document"
            if conflict == "update"
            else "DO NOTHING"
        )
        await cur.execute(
            "INSERT INTO executions (id, plan_id, status, wake_at, document) VALUES (%s, %s, %s, %s, %s) "
            f"ON CONFLICT (id) {on_conflict}",
            (execution.execution_id, execution.plan_id, execution.status.value, execution.wake_at, header),
        )

    async def load_execution(self, execution_id: str) -> Execution | None:
        # One statement, so the header and its steps come from one snapshot.
        row = await self._fetchone(
            "SELECT e.document, ARRAY(SELECT s.document FROM step_executions s WHERE s.execution_id = e.id "
            "ORDER BY s.seq) FROM executions e WHERE e.id = %s",
            (execution_id,),
        )
        if row is None:
            return None
        execution = Execution.model_validate_json(row[0])
        execution.steps = [StepExecution.model_validate_json(document) for document in row[1]]
        return execution

    async def list_executions(
        self, plan_id: str | None = None, status: ExecutionStatus | None = None, limit: int = 100
    ) -> list[Execution]:
        clauses, values = ["TRUE"], []
        if plan_id is not None:
            clauses.append("plan_id = %s")
            values.append(plan_id)
        if status is not None:
            clauses.append("status = %s")
            values.append(status.value)
        rows = await self._fetchall(
            f"SELECT document FROM executions WHERE {' AND '.join(clauses)} ORDER BY seq DESC LIMIT %s",
            (*values, limit),
        )
        return [Execution.model_validate_json(row[0]) for row in rows]

    # -------------------------------------------------------------------------------------- checkpoints
    async def save_checkpoint(self, checkpoint: ExecutionCheckpoint) -> None:
        async with self._transaction() as cur:
            await cur.execute(
                "INSERT INTO checkpoints (execution_id, document) VALUES (%s, %s) "
                "ON CONFLICT (execution_id) DO UPDATE SET document = excluded.document",
                (checkpoint.execution_id, checkpoint.model_dump_json(exclude_defaults=True)),
            )

    async def load_checkpoint(self, execution_id: str) -> ExecutionCheckpoint | None:
        row = await self._fetchone("SELECT document FROM checkpoints WHERE execution_id = %s", (execution_id,))
        return ExecutionCheckpoint.model_validate_json(row[0]) if row else None

    # ------------------------------------------------------------------------------------- dead letters
    async def add_dead_letter(self, entry: DeadLetterEntry) -> None:
        async with self._transaction() as cur:
            await cur.execute(
                "INSERT INTO dead_letters (id, plan_id, document) VALUES (%s, %s, %s) "
                "ON CONFLICT (id) DO UPDATE SET plan_id = excluded.plan_id, document = excluded.document",
                (entry.id, entry.plan_id, entry.model_dump_json(exclude_defaults=True)),
            )

    async def list_dead_letters(self, plan_id: str | None = None) -> list[DeadLetterEntry]:
        if plan_id is None:
            rows = await self._fetchall("SELECT document FROM dead_letters ORDER BY seq")
        else:
            rows = await self._fetchall("SELECT document FROM dead_letters WHERE plan_id = %s ORDER BY seq", (plan_id,))
        return [DeadLetterEntry.model_validate_json(row[0]) for row in rows]

    async def get_dead_letter(self, entry_id: str) -> DeadLetterEntry | None:
        row = await self._fetchone("SELECT document FROM dead_letters WHERE id = %s", (entry_id,))
        return DeadLetterEntry.model_validate_json(row[0]) if row else None

    async def delete_dead_letter(self, entry_id: str) -> bool:
        async with self._transaction() as cur:
            await cur.execute("DELETE FROM dead_letters WHERE id = %s", (entry_id,))
            return cur.rowcount > 0

    # ---------------------------------------------------------------------------------------- templates
    async def save_template(self, template: PlanTemplate) -> None:
        async with self._transaction() as cur:
            await cur.execute("DELETE FROM templates WHERE name = %s AND id <> %s", (template.name, template.id))
            await cur.execute(
                "INSERT INTO templates (id, name, document) VALUES (%s, %s, %s) "
                "ON CONFLICT (id) DO UPDATE SET name = excluded.name, document = excluded.document",
                (template.id, template.name, template.model_dump_json(exclude_defaults=True)),
            )

    async def load_template(self, name_or_id: str) -> PlanTemplate | None:
        row = await self._fetchone(
            "SELECT document FROM templates WHERE id = %s OR name = %s ORDER BY (id = %s) DESC LIMIT 1",
            (name_or_id, name_or_id, name_or_id),
        )
        return PlanTemplate.model_validate_json(row[0]) if row else None

    async def list_templates(self) -> list[PlanTemplate]:
        rows = await self._fetchall('SELECT document FROM templates ORDER BY name COLLATE "C"')
        return [PlanTemplate.model_validate_json(row[0]) for row in rows]

    async def delete_template(self, name_or_id: str) -> bool:
        async with self._transaction() as cur:
            await cur.execute("DELETE FROM templates WHERE id = %s OR name = %s", (name_or_id, name_or_id))
            return cur.rowcount > 0

    # ------------------------------------------------------------------ signals from other processes
    async def record_decision(self, execution_id: str, decision: Decision) -> Decision:
        stored = Decision(
            decision.step_id, decision.approved, decision.by, decided_at=decision.decided_at or utcnow(),
            reason=decision.reason,
        )  # fmt: skip
        async with self._transaction() as cur:
            # Write-once: the primary key decides a race; the loser reads the winner's answer to name it.
            await cur.execute(
                "INSERT INTO decisions (execution_id, step_id, approved, decided_by, decided_at, reason) "
                "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (execution_id, step_id) DO NOTHING",
                (execution_id, stored.step_id, stored.approved, stored.by, stored.decided_at, stored.reason),
            )
            if not cur.rowcount:
                existing = await self._decision(cur, execution_id, stored.step_id)
                assert existing is not None
                raise already_decided(execution_id, existing)
            await cur.execute(
                "SELECT document FROM executions WHERE id = %s AND status IN ('paused', 'waiting') FOR UPDATE",
                (execution_id,),
            )
            row = await cur.fetchone()
            if row is not None:
                woken = Execution.model_validate_json(row[0]).model_copy(update={"wake_at": WAKE_NOW})
                await self._write_header(cur, woken, conflict="update")
                await self._notify(cur)
        return stored

    async def load_decision(self, execution_id: str, step_id: str) -> Decision | None:
        async with self.pool.connection() as conn, conn.cursor() as cur:
            return await self._decision(cur, execution_id, step_id)

    async def list_decisions(self, execution_id: str) -> list[Decision]:
        rows = await self._fetchall(
            f"SELECT {_DECISION_COLUMNS} FROM decisions WHERE execution_id = %s ORDER BY seq", (execution_id,)
        )
        return [_decision_of(row) for row in rows]

    @staticmethod
    async def _decision(cur: AsyncCursor[tuple[Any, ...]], execution_id: str, step_id: str) -> Decision | None:
        await cur.execute(
            f"SELECT {_DECISION_COLUMNS} FROM decisions WHERE execution_id = %s AND step_id = %s",
            (execution_id, step_id),
        )
        row = await cur.fetchone()
        return _decision_of(row) if row else None

    async def request_cancel(self, execution_id: str) -> None:
        async with self._transaction() as cur:
            await cur.execute(
                "INSERT INTO cancellations (execution_id) VALUES (%s) ON CONFLICT DO NOTHING", (execution_id,)
            )

    async def cancel_requested(self, execution_id: str) -> bool:
        return await self._fetchone("SELECT 1 FROM cancellations WHERE execution_id = %s", (execution_id,)) is not None

    # ---------------------------------------------------------------------------------------- schedules
    async def save_schedule(self, schedule: Schedule) -> None:
        async with self._transaction() as cur:
            await self._write_schedule(cur, schedule)
            if schedule.status is ScheduleStatus.ACTIVE:
                await self._notify(cur)

    @staticmethod
    async def _write_schedule(cur: AsyncCursor[tuple[Any, ...]], schedule: Schedule) -> None:
        await cur.execute(
            "INSERT INTO schedules (id, plan_id, owner, status, due_at, document) VALUES (%s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (id) DO UPDATE SET plan_id = excluded.plan_id, owner = excluded.owner, "
            "status = excluded.status, due_at = excluded.due_at, document = excluded.document",
            (
                schedule.id,
                schedule.plan_id,
                schedule.owner,
                schedule.status.value,
                schedule.due_at,
                schedule.model_dump_json(exclude_defaults=True),
            ),
        )

    async def load_schedule(self, schedule_id: str) -> Schedule | None:
        row = await self._fetchone("SELECT document FROM schedules WHERE id = %s", (schedule_id,))
        return Schedule.model_validate_json(row[0]) if row else None

    async def list_schedules(self, owner: str | None = None, include_removed: bool = False) -> list[Schedule]:
        clauses, values = ["TRUE"], []
        if owner is not None:
            clauses.append("owner = %s")
            values.append(owner)
        if not include_removed:
            clauses.append("status <> 'removed'")
        rows = await self._fetchall(
            f"SELECT document FROM schedules WHERE {' AND '.join(clauses)} ORDER BY seq", values
        )
        return [Schedule.model_validate_json(row[0]) for row in rows]

    async def due_schedules(self, now: datetime, limit: int = 100) -> list[Schedule]:
        rows = await self._fetchall(
            "SELECT document FROM schedules WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= %s "
            "AND (lease_until IS NULL OR lease_until <= %s) ORDER BY due_at LIMIT %s FOR UPDATE SKIP LOCKED",
            (now, now, limit),
        )
        return [Schedule.model_validate_json(row[0]) for row in rows]

    async def claim_schedule(self, schedule_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        return await self._claim("schedules", schedule_id, owner, until, now)

    async def claim_due_schedules(self, owner: str, until: datetime, now: datetime, limit: int = 100) -> list[Schedule]:
        rows = await self._claim_due(
            "schedules",
            "status = 'active' AND due_at IS NOT NULL AND due_at <= %s "
            "AND (lease_until IS NULL OR lease_until <= %s) ORDER BY due_at",
            (now, now),
            ("document", "due_at"),
            owner,
            until,
            limit,
        )
        return [Schedule.model_validate_json(document) for document, _, _ in rows]

    async def commit_fire(self, schedule: Schedule, fires: list[Fire], executions: Sequence[Execution] = ()) -> bool:
        async with self._transaction() as cur:
            rows = [(f.key, f.schedule_id, f.nominal_at, f.model_dump_json(exclude_defaults=True)) for f in fires]
            if rows:
                # The first key decides: a concurrent insert of it waits for the other transaction, then
                # conflicts, so two workers can never both commit the same fire.
                await cur.execute(
                    "INSERT INTO fires (key, schedule_id, nominal_at, document) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT (key) DO NOTHING RETURNING key",
                    rows[0],
                )
                if await cur.fetchone() is None:
                    return False
                await cur.executemany(
                    "INSERT INTO fires (key, schedule_id, nominal_at, document) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT (key) DO NOTHING",
                    rows[1:],
                )
            for execution in executions:
                await self._write_header(cur, execution, conflict="nothing")
                if cur.rowcount:  # new: its first event, as a transition would write it
                    event = (execution.execution_id, None, None, execution.status.value, 0, execution.error)
                    await self._add_events(cur, [event])
            await cur.execute("SELECT status FROM schedules WHERE id = %s FOR UPDATE", (schedule.id,))
            row = await cur.fetchone()
            if row is not None and row[0] != ScheduleStatus.ACTIVE.value:
                schedule = schedule.model_copy(update={"status": ScheduleStatus(row[0])})
            await self._write_schedule(cur, schedule)
            await cur.execute(
                "UPDATE schedules SET lease_owner = NULL, lease_until = NULL WHERE id = %s", (schedule.id,)
            )
            if executions:
                await self._notify(cur)
        return True

    async def list_fires(self, schedule_id: str, limit: int = 100) -> list[Fire]:
        rows = await self._fetchall(
            "SELECT document FROM fires WHERE schedule_id = %s ORDER BY nominal_at DESC LIMIT %s", (schedule_id, limit)
        )
        return [Fire.model_validate_json(row[0]) for row in rows]

    # ------------------------------------------------------------------------------ execution leases
    async def claim_execution(self, execution_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        return await self._claim("executions", execution_id, owner, until, now)

    async def renew_execution(self, execution_id: str, owner: str, until: datetime) -> bool:
        async with self._transaction() as cur:
            await cur.execute(
                "UPDATE executions SET lease_until = %s WHERE id = %s AND lease_owner = %s",
                (until, execution_id, owner),
            )
            return cur.rowcount > 0

    async def release_execution(self, execution_id: str, owner: str) -> None:
        async with self._transaction() as cur:
            await cur.execute(
                "UPDATE executions SET lease_owner = NULL, lease_until = NULL WHERE id = %s AND lease_owner = %s "
                "RETURNING wake_at",
                (execution_id, owner),
            )
            row = await cur.fetchone()
            if row is not None and row[0] is not None:
                await self._notify(cur)  # it still has work to do: a free worker may take it now

    async def due_executions(self, now: datetime, limit: int = 100) -> list[str]:
        rows = await self._fetchall(
            "SELECT id FROM executions WHERE wake_at IS NOT NULL AND wake_at <= %s "
            "AND (lease_until IS NULL OR lease_until <= %s) ORDER BY wake_at LIMIT %s FOR UPDATE SKIP LOCKED",
            (now, now, limit),
        )
        return [row[0] for row in rows]

    async def claim_due_executions(
        self, owner: str, until: datetime, now: datetime, limit: int = 100, exclude: Collection[str] = ()
    ) -> list[str]:
        rows = await self._claim_due(
            "executions",
            "wake_at IS NOT NULL AND wake_at <= %s AND (lease_until IS NULL OR lease_until <= %s) "
            "AND id <> ALL(%s::text[]) ORDER BY wake_at",
            (now, now, list(exclude)),
            ("id", "wake_at"),
            owner,
            until,
            limit,
        )
        return [execution_id for execution_id, _, _ in rows]

    async def _claim_due(
        self,
        table: str,
        where: str,
        params: tuple[Any, ...],
        returning: tuple[str, str],
        owner: str,
        until: datetime,
        limit: int,
    ) -> list[tuple[Any, ...]]:
        """Choose up to ``limit`` due rows and lease them to ``owner`` in one statement; rows another worker
        is choosing or writing right now are skipped (``SKIP LOCKED``), not waited for.

        A row whose lease another worker committed after this statement began is re-checked under its lock
        (``FOR UPDATE`` reads the newest version), so it is not taken twice. The CTE is ``MATERIALIZED`` so
        that the locking ``SELECT`` runs exactly once. Returns rows of the two ``returning`` columns (a value,
        then the column the ``where`` orders by) and ``seq``, in that order (``seq`` breaks ties).
        """
        assert table in _LEASED
        # One statement is one transaction on the pool's autocommit connections: a single round trip.
        rows = await self._fetchall(
            f"WITH picked AS MATERIALIZED (SELECT id FROM {table} WHERE {where} LIMIT %s FOR UPDATE SKIP LOCKED) "
            f"UPDATE {table} SET lease_owner = %s, lease_until = %s FROM picked WHERE {table}.id = picked.id "
            f"RETURNING {table}.{returning[0]}, {table}.{returning[1]}, {table}.seq",
            (*params, limit, owner, until),
        )
        return sorted(rows, key=lambda row: (row[1], row[2]))

    async def _claim(self, table: str, row_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        # Read the lease under the row lock, then decide: a racing worker waits for the lock and then sees the
        # winner's committed lease (never a half state, such as a lease released between two statements).
        assert table in _LEASED
        async with self._transaction() as cur:
            await cur.execute(f"SELECT lease_owner, lease_until FROM {table} WHERE id = %s FOR UPDATE", (row_id,))
            row = await cur.fetchone()
            if row is None:
                raise LookupError(f"no {table[:-1]} {row_id!r} in the store")
            holder, held_until = row
            if held_until is not None and held_until > now and holder != owner:
                return Lease(holder, held_until)
            await cur.execute(
                f"UPDATE {table} SET lease_owner = %s, lease_until = %s WHERE id = %s", (owner, until, row_id)
            )
        return None

    # --------------------------------------------------------------------------------------- API tokens
    async def save_token(self, token: ApiToken) -> None:
        async with self._transaction() as cur:
            await cur.execute(
                'INSERT INTO api_tokens (id, "user", role, secret_hash, created_at, revoked_at) '
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (token.id, token.user, token.role, token.secret_hash, token.created_at, token.revoked_at),
            )

    async def load_token(self, token_id: str) -> ApiToken | None:
        row = await self._fetchone(f"SELECT {_TOKEN_COLUMNS} FROM api_tokens WHERE id = %s", (token_id,))
        return ApiToken(*row) if row else None

    async def list_tokens(self) -> list[ApiToken]:
        return [ApiToken(*row) for row in await self._fetchall(f"SELECT {_TOKEN_COLUMNS} FROM api_tokens ORDER BY seq")]

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        async with self._transaction() as cur:
            await cur.execute(
                "UPDATE api_tokens SET revoked_at = %s WHERE id = %s AND revoked_at IS NULL", (at, token_id)
            )
            return cur.rowcount > 0


_TOKEN_COLUMNS = 'id, "user", role, secret_hash, created_at, revoked_at'
_DECISION_COLUMNS = "step_id, approved, decided_by, decided_at, reason"


def _decision_of(row: tuple[Any, ...]) -> Decision:
    step_id, approved, by, decided_at, reason = row
    return Decision(step_id, bool(approved), by, decided_at=decided_at, reason=reason)
