"""The SQLite store: the embedded default (``./plankit.db``), durable across crashes.

WAL journal; every write method is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``). With the default
``synchronous=NORMAL`` a committed transaction survives the process being killed at any point; pass
``sync="full"`` to also survive power loss at the cost of an fsync per transition.

The calls run on the event loop's thread: each is a short indexed write, cheaper than a hop to a worker
thread would be. Models are stored as canonical JSON beside the columns that are searched.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
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
    Plan,
    PlanTemplate,
    StepExecution,
)
from ._base import Decision, Store, already_decided

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
    # 2: decisions are an audit record: when each was made, and why (optional). Rows are never replaced.
    """
    ALTER TABLE decisions ADD COLUMN decided_at TEXT;
    ALTER TABLE decisions ADD COLUMN reason TEXT;
    """,
]
"""Schema migrations, applied in order; ``PRAGMA user_version`` holds how many have been applied."""

SCHEMA_VERSION = len(MIGRATIONS)


class SqliteStore(Store):
    """A store in one SQLite file (``":memory:"`` for a private in-memory database)."""

    def __init__(self, path: str | Path = "plankit.db", *, sync: Literal["normal", "full"] = "normal"):
        self.path = str(path)
        self.sync = sync
        self._db: sqlite3.Connection | None = None

    async def open(self) -> None:
        if self._db is not None:
            return
        db = sqlite3.connect(self.path, isolation_level=None, timeout=30.0)
        db.execute("PRAGMA journal_mode=WAL")
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
        for number in range(version, SCHEMA_VERSION):
            # One script per migration, schema change and version bump in the same transaction.
            try:
                self.db.executescript(
                    f"BEGIN IMMEDIATE; {MIGRATIONS[number]}; PRAGMA user_version = {number + 1}; COMMIT;"
                )
            except sqlite3.Error:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

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

    # --------------------------------------------------------------------------------------- executions
    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        header = execution.model_copy(update={"steps": []}).model_dump_json(exclude_defaults=True)
        with self._transaction() as db:
            db.execute(
                "INSERT INTO executions (id, plan_id, status, document) VALUES (?, ?, ?, ?) ON CONFLICT (id) "
                "DO UPDATE SET plan_id = excluded.plan_id, status = excluded.status, document = excluded.document",
                (execution.execution_id, execution.plan_id, execution.status.value, header),
            )
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


_DECISION_COLUMNS = "step_id, approved, decided_by, decided_at, reason"


def _decision_of(row: tuple[Any, ...]) -> Decision:
    step_id, approved, by, decided_at, reason = row
    moment = datetime.fromisoformat(decided_at) if decided_at else None  # rows from before migration 2: None
    return Decision(step_id, bool(approved), by, decided_at=moment, reason=reason)
