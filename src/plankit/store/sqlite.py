"""The SQLite store: the embedded default (``./plankit.db``), durable across crashes.

WAL journal; every write method is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``). With the default
``synchronous=NORMAL`` a committed transaction survives the process being killed at any point; pass
``sync="full"`` to also survive power loss at the cost of an fsync per transition.

The calls run on the event loop's thread: each is a short indexed write, cheaper than a hop to a worker
thread would be. Models are stored as canonical JSON beside the columns that are searched.
"""

from __future__ import annotations

import asyncio
import copy
import json
import sqlite3
import time
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from .._utils import new_id, utcnow
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

MIGRATIONS: list[str] = [
    # 1: the first schema. Rows are written with upserts, which keep their rowid, so "ORDER BY rowid" is the
    # order of first writes (clocks can repeat or go backwards; rowids don't).
    """
    CREATE TABLE plans (id TEXT PRIMARY KEY, owner TEXT, document TEXT NOT NULL);
    CREATE INDEX plans_owner ON plans (owner);
    CREATE TABLE executions (id TEXT PRIMARY KEY, plan_id TEXT NOT NULL, status TEXT NOT NULL, document TEXT NOT NULL);
    CREATE INDEX executions_plan ON executions (plan_id);
    CREATE TABLE step_executions (
        execution_id TEXT NOT NULL, step_id TEXT NOT NULL, iteration INTEGER NOT NULL, document TEXT NOT NULL,
        UNIQUE (execution_id, step_id, iteration)
    );
    CREATE TABLE checkpoints (execution_id TEXT PRIMARY KEY, document TEXT NOT NULL);
    CREATE TABLE dead_letters (id TEXT PRIMARY KEY, plan_id TEXT NOT NULL, document TEXT NOT NULL);
    CREATE TABLE templates (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, document TEXT NOT NULL);
    CREATE TABLE decisions (
        execution_id TEXT NOT NULL, step_id TEXT NOT NULL, approved INTEGER NOT NULL, decided_by TEXT,
        PRIMARY KEY (execution_id, step_id)
    );
    CREATE TABLE cancellations (execution_id TEXT PRIMARY KEY);
    """,
    # 2: the scheduler. Times are stored as fixed-width UTC text (``_ts``), so text order is time order and
    # "what is due" is an index range scan. Leases are columns beside the documents they guard.
    """
    CREATE TABLE schedules (
        id TEXT PRIMARY KEY, plan_id TEXT NOT NULL, owner TEXT, status TEXT NOT NULL, due_at TEXT,
        lease_owner TEXT, lease_until TEXT, document TEXT NOT NULL
    );
    CREATE INDEX schedules_due ON schedules (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
    CREATE TABLE fires (
        key TEXT PRIMARY KEY, schedule_id TEXT NOT NULL, nominal_at TEXT NOT NULL, document TEXT NOT NULL
    );
    CREATE INDEX fires_schedule ON fires (schedule_id, nominal_at);
    ALTER TABLE executions ADD COLUMN wake_at TEXT;
    ALTER TABLE executions ADD COLUMN lease_owner TEXT;
    ALTER TABLE executions ADD COLUMN lease_until TEXT;
    CREATE INDEX executions_wake ON executions (wake_at) WHERE wake_at IS NOT NULL;
    """,
    # 3: decisions are an audit record: when each was made, and why (optional). Rows are never replaced.
    """
    ALTER TABLE decisions ADD COLUMN decided_at TEXT;
    ALTER TABLE decisions ADD COLUMN reason TEXT;
    """,
    # 4: the server. API tokens (a hash of the secret, never the secret), and an event log of transitions
    # written by triggers in the transaction of the transition itself, so a reader polling it by ``seq``
    # sees every committed transition once, in order, and can resume after the last one it saw.
    """
    CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, role TEXT NOT NULL, secret_hash TEXT NOT NULL,
        created_at TEXT NOT NULL, revoked_at TEXT
    );
    CREATE TABLE execution_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, execution_id TEXT NOT NULL, step_id TEXT, iteration INTEGER,
        status TEXT NOT NULL, attempt INTEGER NOT NULL DEFAULT 0, error TEXT
    );
    CREATE INDEX execution_events_execution ON execution_events (execution_id, seq);
    CREATE TRIGGER execution_events_step_insert AFTER INSERT ON step_executions BEGIN
        INSERT INTO execution_events (execution_id, step_id, iteration, status, attempt, error) VALUES (
            new.execution_id, new.step_id, NULLIF(new.iteration, -1),
            COALESCE(json_extract(new.document, '$.status'), 'pending'),
            COALESCE(json_extract(new.document, '$.attempt_count'), 0), json_extract(new.document, '$.error'));
    END;
    CREATE TRIGGER execution_events_step_update AFTER UPDATE OF document ON step_executions BEGIN
        INSERT INTO execution_events (execution_id, step_id, iteration, status, attempt, error) VALUES (
            new.execution_id, new.step_id, NULLIF(new.iteration, -1),
            COALESCE(json_extract(new.document, '$.status'), 'pending'),
            COALESCE(json_extract(new.document, '$.attempt_count'), 0), json_extract(new.document, '$.error'));
    END;
    CREATE TRIGGER execution_events_insert AFTER INSERT ON executions BEGIN
        INSERT INTO execution_events (execution_id, status, error)
        VALUES (new.id, new.status, json_extract(new.document, '$.error'));
    END;
    CREATE TRIGGER execution_events_update AFTER UPDATE OF status ON executions
    WHEN old.status IS NOT new.status BEGIN
        INSERT INTO execution_events (execution_id, status, error)
        VALUES (new.id, new.status, json_extract(new.document, '$.error'));
    END;
    """,
]
"""Schema migrations, applied in order; ``PRAGMA user_version`` holds how many have been applied."""

SCHEMA_VERSION = len(MIGRATIONS)


def _ts(moment: datetime | None) -> str | None:
    """A time as fixed-width UTC text, whose text order is its time order."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _statements(script: str) -> list[str]:
    """The statements of a migration script, one by one (a trigger's body holds semicolons of its own)."""
    statements: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip())
            pending = ""
    return statements


def _from_ts(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


BUSY_TIMEOUT = 30.0
"""Seconds a connection waits for another one's lock before "database is locked"."""


async def _use_wal(db: sqlite3.Connection, timeout: float = BUSY_TIMEOUT) -> None:
    """Switch the database to WAL (a no-op once the file is in WAL).

    Two processes opening a new database at once both switch it, each holding a shared lock and wanting the
    exclusive one: SQLite answers one of them "database is locked" at once (the busy timeout does not apply to
    a deadlock). That one lets the other finish and tries again, until ``timeout``."""
    deadline = time.monotonic() + timeout
    delay = 0.005
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() + delay > deadline:
                raise
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.2)


class SqliteStore(Store):
    """A store in one SQLite file (``":memory:"`` for a private in-memory database)."""

    def __init__(self, path: str | Path = "plankit.db", *, sync: Literal["normal", "full"] = "normal"):
        self.path = str(path)
        self.sync = sync
        self._db: sqlite3.Connection | None = None
        self._last_header: tuple[dict[str, Any], str] | None = None
        """The last execution header written and its JSON: most transitions change only step records, and the
        header is not serialised again when it is unchanged."""

    async def open(self) -> None:
        if self._db is not None:
            return
        db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
        await _use_wal(db)
        db.execute(f"PRAGMA synchronous={self.sync.upper()}")
        db.execute("PRAGMA foreign_keys=ON")
        self._db = db
        self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    @property
    def db(self) -> sqlite3.Connection:
        """The open connection (opening is explicit: ``await store.open()`` or ``async with``)."""
        if self._db is None:
            raise RuntimeError(
                "the store is not open; use 'async with SqliteStore(...)' or 'await store.open()'"
            )
        return self._db

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} has schema version {version}, newer than this plankit ({SCHEMA_VERSION}); upgrade plankit"
            )
        while version < SCHEMA_VERSION:
            # One migration per transaction, schema change and version bump together. The version is read again
            # under the write lock: two processes opening a new database at once must not both apply it.
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version < SCHEMA_VERSION:
                    for statement in _statements(MIGRATIONS[version]):
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version = {version + 1}")
                    version += 1
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # -------------------------------------------------------------------------------------------- plans
    async def save_plan(self, plan: Plan) -> str:
        plan_id = plan.id or new_id("plan_")
        document = plan.model_copy(update={"id": plan_id}).model_dump_json(
            by_alias=True, exclude_defaults=True
        )
        with self._transaction() as db:
            db.execute(
                "INSERT INTO plans (id, owner, document) VALUES (?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, document = excluded.document",
                (plan_id, plan.owner, document),
            )
        return plan_id

    async def load_plan(self, plan_id: str) -> Plan | None:
        row = self.db.execute("SELECT document FROM plans WHERE id = ?", (plan_id,)).fetchone()
        return Plan.model_validate_json(row[0]) if row else None

    async def load_plans(self, owner: str | None = None) -> list[Plan]:
        if owner is None:
            rows = self.db.execute("SELECT document FROM plans ORDER BY rowid").fetchall()
        else:
            rows = self.db.execute(
                "SELECT document FROM plans WHERE owner = ? ORDER BY rowid", (owner,)
            ).fetchall()
        return [Plan.model_validate_json(row[0]) for row in rows]

    async def delete_plan(self, plan_id: str) -> bool:
        with self._transaction() as db:
            return db.execute("DELETE FROM plans WHERE id = ?", (plan_id,)).rowcount > 0

    async def set_plan_status(self, plan_id: str, status: PlanStatus) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE plans SET document = json_set(document, '$.status', ?) WHERE id = ?", (status.value, plan_id)
            )

    # --------------------------------------------------------------------------------------- executions
    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        header = self._header_json(execution)
        with self._transaction() as db:
            # Steps before the header: the event log (migration 3) then lists an execution's final status
            # after the step records that led to it.
            if steps:
                db.executemany(
                    "INSERT INTO step_executions (execution_id, step_id, iteration, document) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (execution_id, step_id, iteration) DO UPDATE SET document = excluded.document",
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
            self._write_header(db, execution, header)

    def _header_json(self, execution: Execution) -> str:
        values = vars(execution)
        last = self._last_header
        if last is not None and not execution.steps and last[0] == values:
            return last[1]
        header = execution.model_copy(update={"steps": []}).model_dump_json(exclude_defaults=True)
        if not execution.steps:  # the executor's header (its records go separately): worth remembering
            self._last_header = (copy.deepcopy(values), header)  # deep: a nested value changed in place is seen
        return header

    @staticmethod
    def _write_header(db: sqlite3.Connection, execution: Execution, header: str) -> None:
        db.execute(
            "INSERT INTO executions (id, plan_id, status, wake_at, document) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET plan_id = excluded.plan_id, status = excluded.status, "
            "wake_at = excluded.wake_at, document = excluded.document",
            (execution.execution_id, execution.plan_id, execution.status.value, _ts(execution.wake_at), header),
        )

    async def load_execution(self, execution_id: str) -> Execution | None:
        row = self.db.execute("SELECT document FROM executions WHERE id = ?", (execution_id,)).fetchone()
        if row is None:
            return None
        rows = self.db.execute(
            "SELECT document FROM step_executions WHERE execution_id = ? ORDER BY rowid", (execution_id,)
        ).fetchall()
        execution = Execution.model_validate_json(row[0])
        execution.steps = [StepExecution.model_validate_json(step[0]) for step in rows]
        return execution

    async def list_executions(
        self, plan_id: str | None = None, status: ExecutionStatus | None = None, limit: int = 100
    ) -> list[Execution]:
        clauses, values = [], []
        if plan_id is not None:
            clauses.append("plan_id = ?")
            values.append(plan_id)
        if status is not None:
            clauses.append("status = ?")
            values.append(status.value)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self.db.execute(
            f"SELECT document FROM executions {where} ORDER BY rowid DESC LIMIT ?", (*values, limit)
        ).fetchall()
        return [Execution.model_validate_json(row[0]) for row in rows]

    # -------------------------------------------------------------------------------------- checkpoints
    async def save_checkpoint(self, checkpoint: ExecutionCheckpoint) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO checkpoints (execution_id, document) VALUES (?, ?)",
                (checkpoint.execution_id, checkpoint.model_dump_json(exclude_defaults=True)),
            )

    async def load_checkpoint(self, execution_id: str) -> ExecutionCheckpoint | None:
        row = self.db.execute(
            "SELECT document FROM checkpoints WHERE execution_id = ?", (execution_id,)
        ).fetchone()
        return ExecutionCheckpoint.model_validate_json(row[0]) if row else None

    # ------------------------------------------------------------------------------------- dead letters
    async def add_dead_letter(self, entry: DeadLetterEntry) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO dead_letters (id, plan_id, document) VALUES (?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET plan_id = excluded.plan_id, document = excluded.document",
                (entry.id, entry.plan_id, entry.model_dump_json(exclude_defaults=True)),
            )

    async def list_dead_letters(self, plan_id: str | None = None) -> list[DeadLetterEntry]:
        if plan_id is None:
            rows = self.db.execute("SELECT document FROM dead_letters ORDER BY rowid").fetchall()
        else:
            rows = self.db.execute(
                "SELECT document FROM dead_letters WHERE plan_id = ? ORDER BY rowid", (plan_id,)
            ).fetchall()
        return [DeadLetterEntry.model_validate_json(row[0]) for row in rows]

    async def get_dead_letter(self, entry_id: str) -> DeadLetterEntry | None:
        row = self.db.execute("SELECT document FROM dead_letters WHERE id = ?", (entry_id,)).fetchone()
        return DeadLetterEntry.model_validate_json(row[0]) if row else None

    async def delete_dead_letter(self, entry_id: str) -> bool:
        with self._transaction() as db:
            return db.execute("DELETE FROM dead_letters WHERE id = ?", (entry_id,)).rowcount > 0

    # ---------------------------------------------------------------------------------------- templates
    async def save_template(self, template: PlanTemplate) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM templates WHERE name = ? AND id != ?", (template.name, template.id))
            db.execute(
                "INSERT OR REPLACE INTO templates (id, name, document) VALUES (?, ?, ?)",
                (template.id, template.name, template.model_dump_json(exclude_defaults=True)),
            )

    async def load_template(self, name_or_id: str) -> PlanTemplate | None:
        row = self.db.execute(
            "SELECT document FROM templates WHERE id = ? UNION ALL SELECT document FROM templates WHERE name = ?",
            (name_or_id, name_or_id),
        ).fetchone()
        return PlanTemplate.model_validate_json(row[0]) if row else None

    async def list_templates(self) -> list[PlanTemplate]:
        rows = self.db.execute("SELECT document FROM templates ORDER BY name").fetchall()
        return [PlanTemplate.model_validate_json(row[0]) for row in rows]

    async def delete_template(self, name_or_id: str) -> bool:
        with self._transaction() as db:
            return (
                db.execute(
                    "DELETE FROM templates WHERE id = ? OR name = ?", (name_or_id, name_or_id)
                ).rowcount
                > 0
            )

    # ------------------------------------------------------------------ signals from other processes
    async def record_decision(self, execution_id: str, decision: Decision) -> Decision:
        stored = Decision(
            decision.step_id, decision.approved, decision.by, decided_at=decision.decided_at or utcnow(),
            reason=decision.reason,
        )  # fmt: skip
        assert stored.decided_at is not None
        with self._transaction() as db:
            # Inside the write transaction: two processes deciding at once can't both see "no decision yet".
            existing = self._decision(execution_id, decision.step_id)
            if existing is not None:
                raise already_decided(execution_id, existing)
            db.execute(
                "INSERT INTO decisions (execution_id, step_id, approved, decided_by, decided_at, reason) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    execution_id, stored.step_id, int(stored.approved), stored.by,
                    stored.decided_at.astimezone(UTC).isoformat(), stored.reason,
                ),
            )  # fmt: skip
            db.execute(
                "UPDATE executions SET wake_at = ?, document = json_set(document, '$.wake_at', ?) "
                "WHERE id = ? AND status IN ('paused', 'waiting')",
                (_ts(WAKE_NOW), WAKE_NOW.isoformat().replace("+00:00", "Z"), execution_id),
            )
        return stored

    async def load_decision(self, execution_id: str, step_id: str) -> Decision | None:
        return self._decision(execution_id, step_id)

    async def list_decisions(self, execution_id: str) -> list[Decision]:
        rows = self.db.execute(
            f"SELECT {_DECISION_COLUMNS} FROM decisions WHERE execution_id = ? ORDER BY rowid", (execution_id,)
        ).fetchall()
        return [_decision_of(row) for row in rows]

    def _decision(self, execution_id: str, step_id: str) -> Decision | None:
        row = self.db.execute(
            f"SELECT {_DECISION_COLUMNS} FROM decisions WHERE execution_id = ? AND step_id = ?",
            (execution_id, step_id),
        ).fetchone()
        return _decision_of(row) if row else None

    async def request_cancel(self, execution_id: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO cancellations (execution_id) VALUES (?)", (execution_id,))

    async def cancel_requested(self, execution_id: str) -> bool:
        row = self.db.execute(
            "SELECT 1 FROM cancellations WHERE execution_id = ?", (execution_id,)
        ).fetchone()
        return row is not None

    # ---------------------------------------------------------------------------------------- schedules
    async def save_schedule(self, schedule: Schedule) -> None:
        with self._transaction() as db:
            self._write_schedule(db, schedule)

    @staticmethod
    def _write_schedule(db: sqlite3.Connection, schedule: Schedule) -> None:
        db.execute(
            "INSERT INTO schedules (id, plan_id, owner, status, due_at, document) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET plan_id = excluded.plan_id, owner = excluded.owner, "
            "status = excluded.status, due_at = excluded.due_at, document = excluded.document",
            (
                schedule.id,
                schedule.plan_id,
                schedule.owner,
                schedule.status.value,
                _ts(schedule.due_at),
                schedule.model_dump_json(exclude_defaults=True),
            ),
        )

    async def load_schedule(self, schedule_id: str) -> Schedule | None:
        row = self.db.execute("SELECT document FROM schedules WHERE id = ?", (schedule_id,)).fetchone()
        return Schedule.model_validate_json(row[0]) if row else None

    async def list_schedules(self, owner: str | None = None, include_removed: bool = False) -> list[Schedule]:
        clauses, values = [], []
        if owner is not None:
            clauses.append("owner = ?")
            values.append(owner)
        if not include_removed:
            clauses.append("status != 'removed'")
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self.db.execute(f"SELECT document FROM schedules {where} ORDER BY rowid", values).fetchall()
        return [Schedule.model_validate_json(row[0]) for row in rows]

    async def due_schedules(self, now: datetime, limit: int = 100) -> list[Schedule]:
        moment = _ts(now)
        rows = self.db.execute(
            "SELECT document FROM schedules WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= ? "
            "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY due_at LIMIT ?",
            (moment, moment, limit),
        ).fetchall()
        return [Schedule.model_validate_json(row[0]) for row in rows]

    async def claim_schedule(self, schedule_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        return self._claim("schedules", schedule_id, owner, until, now)

    async def claim_due_schedules(self, owner: str, until: datetime, now: datetime, limit: int = 100) -> list[Schedule]:
        moment = _ts(now)
        # Chosen and taken in one write transaction: another process's claim waits for the write lock, then
        # sees these leases.
        with self._transaction() as db:
            rows = db.execute(
                "SELECT id, document FROM schedules WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= ? "
                "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY due_at LIMIT ?",
                (moment, moment, limit),
            ).fetchall()
            db.executemany(
                "UPDATE schedules SET lease_owner = ?, lease_until = ? WHERE id = ?",
                [(owner, _ts(until), row[0]) for row in rows],
            )
        return [Schedule.model_validate_json(row[1]) for row in rows]

    async def commit_fire(self, schedule: Schedule, fires: list[Fire], executions: Sequence[Execution] = ()) -> bool:
        with self._transaction() as db:
            if fires and db.execute("SELECT 1 FROM fires WHERE key = ?", (fires[0].key,)).fetchone():
                return False
            db.executemany(
                "INSERT OR IGNORE INTO fires (key, schedule_id, nominal_at, document) VALUES (?, ?, ?, ?)",
                [(f.key, f.schedule_id, _ts(f.nominal_at), f.model_dump_json(exclude_defaults=True)) for f in fires],
            )
            for execution in executions:
                if not db.execute("SELECT 1 FROM executions WHERE id = ?", (execution.execution_id,)).fetchone():
                    header = execution.model_copy(update={"steps": []}).model_dump_json(exclude_defaults=True)
                    self._write_header(db, execution, header)
            row = db.execute("SELECT status FROM schedules WHERE id = ?", (schedule.id,)).fetchone()
            if row is not None and row[0] != ScheduleStatus.ACTIVE.value:
                schedule = schedule.model_copy(update={"status": ScheduleStatus(row[0])})
            self._write_schedule(db, schedule)
            db.execute("UPDATE schedules SET lease_owner = NULL, lease_until = NULL WHERE id = ?", (schedule.id,))
        return True

    async def list_fires(self, schedule_id: str, limit: int = 100) -> list[Fire]:
        rows = self.db.execute(
            "SELECT document FROM fires WHERE schedule_id = ? ORDER BY nominal_at DESC LIMIT ?", (schedule_id, limit)
        ).fetchall()
        return [Fire.model_validate_json(row[0]) for row in rows]

    # ------------------------------------------------------------------------------ execution leases
    async def claim_execution(self, execution_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        return self._claim("executions", execution_id, owner, until, now)

    async def renew_execution(self, execution_id: str, owner: str, until: datetime) -> bool:
        with self._transaction() as db:
            changed = db.execute(
                "UPDATE executions SET lease_until = ? WHERE id = ? AND lease_owner = ?",
                (_ts(until), execution_id, owner),
            ).rowcount
        return changed > 0

    async def release_execution(self, execution_id: str, owner: str) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE executions SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
                (execution_id, owner),
            )

    async def due_executions(self, now: datetime, limit: int = 100) -> list[str]:
        moment = _ts(now)
        rows = self.db.execute(
            "SELECT id FROM executions WHERE wake_at IS NOT NULL AND wake_at <= ? "
            "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY wake_at LIMIT ?",
            (moment, moment, limit),
        ).fetchall()
        return [row[0] for row in rows]

    async def claim_due_executions(
        self, owner: str, until: datetime, now: datetime, limit: int = 100, exclude: Collection[str] = ()
    ) -> list[str]:
        moment = _ts(now)
        with self._transaction() as db:
            rows = db.execute(
                "SELECT id FROM executions WHERE wake_at IS NOT NULL AND wake_at <= ? "
                "AND (lease_until IS NULL OR lease_until <= ?) "
                "AND id NOT IN (SELECT value FROM json_each(?)) ORDER BY wake_at LIMIT ?",
                (moment, moment, json.dumps(list(exclude)), limit),
            ).fetchall()
            db.executemany(
                "UPDATE executions SET lease_owner = ?, lease_until = ? WHERE id = ?",
                [(owner, _ts(until), row[0]) for row in rows],
            )
        return [row[0] for row in rows]

    def _claim(self, table: str, row_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        # One conditional UPDATE: two processes racing for the same row can't both see it free.
        with self._transaction() as db:
            changed = db.execute(
                f"UPDATE {table} SET lease_owner = ?, lease_until = ? WHERE id = ? "
                "AND (lease_until IS NULL OR lease_until <= ? OR lease_owner = ?)",
                (owner, _ts(until), row_id, _ts(now), owner),
            ).rowcount
            if changed:
                return None
            row = db.execute(f"SELECT lease_owner, lease_until FROM {table} WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            raise LookupError(f"no {table[:-1]} {row_id!r} in the store")
        return Lease(row[0], _from_ts(row[1]))

    # ------------------------------------------------------------------------------------ event log
    async def list_events(self, execution_id: str, after: int = 0, limit: int = 500) -> list[StoredEvent]:
        rows = self.db.execute(
            "SELECT seq, step_id, iteration, status, attempt, error FROM execution_events "
            "WHERE execution_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (execution_id, after, limit),
        ).fetchall()
        return [StoredEvent(row[0], execution_id, row[1], row[2], row[3], row[4], row[5]) for row in rows]

    # --------------------------------------------------------------------------------------- API tokens
    async def save_token(self, token: ApiToken) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO api_tokens (id, user, role, secret_hash, created_at, revoked_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (token.id, token.user, token.role, token.secret_hash, _ts(token.created_at), _ts(token.revoked_at)),
            )

    async def load_token(self, token_id: str) -> ApiToken | None:
        row = self.db.execute(
            "SELECT id, user, role, secret_hash, created_at, revoked_at FROM api_tokens WHERE id = ?", (token_id,)
        ).fetchone()
        return _token(row) if row else None

    async def list_tokens(self) -> list[ApiToken]:
        rows = self.db.execute(
            "SELECT id, user, role, secret_hash, created_at, revoked_at FROM api_tokens ORDER BY rowid"
        ).fetchall()
        return [_token(row) for row in rows]

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        with self._transaction() as db:
            return (
                db.execute(
                    "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (_ts(at), token_id)
                ).rowcount
                > 0
            )


def _token(row: tuple[str, str, str, str, str, str | None]) -> ApiToken:
    return ApiToken(row[0], row[1], row[2], row[3], _from_ts(row[4]), _from_ts(row[5]) if row[5] else None)


_DECISION_COLUMNS = "step_id, approved, decided_by, decided_at, reason"


def _decision_of(row: tuple[Any, ...]) -> Decision:
    step_id, approved, by, decided_at, reason = row
    moment = datetime.fromisoformat(decided_at) if decided_at else None  # rows from before migration 3: None
    return Decision(step_id, bool(approved), by, decided_at=moment, reason=reason)
