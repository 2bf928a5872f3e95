"""The store interface: where plans, executions, checkpoints, dead letters and templates live.

One small async base class; backends sit side by side (``memory.py``, ``sqlite.py``, ``postgres.py``) and
pass one shared test suite. Every write method is one transaction: :meth:`Store.record_transition` in
particular writes an execution's header and its changed step records atomically, so a crash never leaves
half a transition.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Self

from ..errors import DecisionExistsError
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
    StepExecution,
)

WAKE_NOW = datetime(1970, 1, 1, tzinfo=UTC)
"""The ``wake_at`` of an execution that is due at once, whatever a worker's clock says (a decision
arrived for it)."""


@dataclass(frozen=True, slots=True)
class Lease:
    """Who holds a schedule or an execution, and until when (they renew it while they work)."""

    owner: str
    until: datetime


@dataclass(frozen=True, slots=True)
class ApiToken:
    """An API token of ``plankit serve``: who it speaks for, with which role; only a hash of its secret is kept."""

    id: str
    user: str
    role: str
    """``viewer``, ``operator`` or ``admin``."""
    secret_hash: str
    """SHA-256 of the secret, hex (the secret is printed once, when the token is made, and never stored)."""
    created_at: datetime
    revoked_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One committed transition of an execution (``step_id`` None) or of one of its step records.

    ``seq`` grows with every transition the store commits, across executions: a reader resumes after the
    last ``seq`` it saw and misses nothing.
    """

    seq: int
    execution_id: str
    step_id: str | None
    iteration: int | None
    status: str
    attempt: int = 0
    error: str | None = None


class Decision:
    """A human answer to a confirmation request: approve or deny one step of one execution.

    ``by`` is who decided, ``decided_at`` when (the store fills in the time of recording when it is None),
    ``reason`` an optional note. Decisions are write-once: the store keeps the first answer for audit.
    """

    __slots__ = ("approved", "by", "decided_at", "reason", "step_id")

    def __init__(
        self,
        step_id: str,
        approved: bool,
        by: str | None = None,
        *,
        decided_at: datetime | None = None,
        reason: str | None = None,
    ):
        self.step_id = step_id
        self.approved = approved
        self.by = by
        self.decided_at = decided_at
        self.reason = reason

    @property
    def verb(self) -> str:
        """``approved`` or ``denied``."""
        return "approved" if self.approved else "denied"

    def describe(self) -> str:
        """One line for people: ``approved by ops at 2026-11-23 22:50:01 UTC (reason: ...)``."""
        text = self.verb + (f" by {self.by}" if self.by else " (no --by given)")
        if self.decided_at is not None:
            text += f" at {self.decided_at.astimezone(UTC).strftime('%Y-%m-%d %H:%M:%S')} UTC"
        return text + (f" (reason: {self.reason})" if self.reason else "")

    def as_record(self) -> dict[str, Any]:
        """The decision as JSON-ready data (what ``executions show --format json`` prints)."""
        return {
            "step_id": self.step_id,
            "decision": "approve" if self.approved else "deny",
            "approved": self.approved,
            "by": self.by,
            "decided_at": None if self.decided_at is None else self.decided_at.astimezone(UTC).isoformat(),
            "reason": self.reason,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.step_id, self.approved, self.by, self.decided_at, self.reason)

    def __repr__(self) -> str:
        return (
            f"Decision(step_id={self.step_id!r}, approved={self.approved!r}, by={self.by!r}, "
            f"decided_at={self.decided_at!r}, reason={self.reason!r})"
        )


def already_decided(execution_id: str, existing: Decision) -> DecisionExistsError:
    """The error a store raises for a second decision of one step: who decided what, and when."""
    return DecisionExistsError(
        f"step {existing.step_id!r} of execution {execution_id} was already {existing.describe()}; "
        "a decision is final and can't be changed"
    )


class Store(abc.ABC):
    """Persistence for plankit. Use as ``async with SqliteStore(path) as store: ...``.

    Plans are keyed by ``plan.id`` (a plan without one gets a fresh id on save); executions by
    ``execution_id``; step records by ``(execution_id, step_id, iteration)``.
    """

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def open(self) -> None:  # noqa: B027 - optional hook, most backends need nothing
        """Prepare the backend (create or migrate the schema)."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release the backend's resources."""

    def add_work_listener(self, listener: Callable[[], None]) -> None:  # noqa: B027 - optional hook
        """Have ``listener`` called (on the event loop) when another process makes work due: a fire's new
        executions, a decision, a released execution, a saved schedule. Backends that can't tell (memory,
        SQLite) never call it, and workers poll them; PostgreSQL tells through ``LISTEN``/``NOTIFY``."""

    def remove_work_listener(self, listener: Callable[[], None]) -> None:  # noqa: B027 - optional hook
        """Stop calling ``listener``."""

    # -------------------------------------------------------------------------------------------- plans
    @abc.abstractmethod
    async def save_plan(self, plan: Plan) -> str:
        """Insert or replace a plan; returns its id (assigned here when the plan has none)."""

    @abc.abstractmethod
    async def load_plan(self, plan_id: str) -> Plan | None:
        """The plan with this id, or None."""

    @abc.abstractmethod
    async def load_plans(self, owner: str | None = None) -> list[Plan]:
        """Every plan (of one owner, when given), oldest first."""

    @abc.abstractmethod
    async def delete_plan(self, plan_id: str) -> bool:
        """Delete a plan; True when it existed."""

    @abc.abstractmethod
    async def set_plan_status(self, plan_id: str, status: PlanStatus) -> None:
        """Change a stored plan's status without rewriting it (the caller checked the transition)."""

    # --------------------------------------------------------------------------------------- executions
    @abc.abstractmethod
    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        """Write the execution's header and the given step records (inserted or replaced) in one transaction.

        ``execution.steps`` is not written here: only ``steps`` are, so a transition costs what changed.
        """

    @abc.abstractmethod
    async def load_execution(self, execution_id: str) -> Execution | None:
        """The execution with all its step records (ordered by first write), or None."""

    @abc.abstractmethod
    async def list_executions(
        self, plan_id: str | None = None, status: ExecutionStatus | None = None, limit: int = 100
    ) -> list[Execution]:
        """Executions, newest first, without their step records."""

    # -------------------------------------------------------------------------------------- checkpoints
    @abc.abstractmethod
    async def save_checkpoint(self, checkpoint: ExecutionCheckpoint) -> None:
        """Insert or replace the checkpoint of an execution."""

    @abc.abstractmethod
    async def load_checkpoint(self, execution_id: str) -> ExecutionCheckpoint | None:
        """The latest checkpoint of an execution, or None."""

    # ------------------------------------------------------------------------------------- dead letters
    @abc.abstractmethod
    async def add_dead_letter(self, entry: DeadLetterEntry) -> None:
        """Record a step that failed for good."""

    @abc.abstractmethod
    async def list_dead_letters(self, plan_id: str | None = None) -> list[DeadLetterEntry]:
        """Dead letters, oldest first (of one plan, when given)."""

    @abc.abstractmethod
    async def get_dead_letter(self, entry_id: str) -> DeadLetterEntry | None:
        """One dead letter by id, or None."""

    @abc.abstractmethod
    async def delete_dead_letter(self, entry_id: str) -> bool:
        """Remove a dead letter (after a successful retry); True when it existed."""

    # ---------------------------------------------------------------------------------------- templates
    @abc.abstractmethod
    async def save_template(self, template: PlanTemplate) -> None:
        """Insert or replace a template (names are unique: saving a name again replaces that template)."""

    @abc.abstractmethod
    async def load_template(self, name_or_id: str) -> PlanTemplate | None:
        """A template by id or by name, or None."""

    @abc.abstractmethod
    async def list_templates(self) -> list[PlanTemplate]:
        """Every template, by name."""

    @abc.abstractmethod
    async def delete_template(self, name_or_id: str) -> bool:
        """Delete a template by id or name; True when it existed."""

    # ---------------------------------------------------------------------------------------- schedules
    @abc.abstractmethod
    async def save_schedule(self, schedule: Schedule) -> None:
        """Insert or replace a schedule (its lease, if any, is kept)."""

    @abc.abstractmethod
    async def load_schedule(self, schedule_id: str) -> Schedule | None:
        """The schedule with this id, or None."""

    @abc.abstractmethod
    async def list_schedules(self, owner: str | None = None, include_removed: bool = False) -> list[Schedule]:
        """Schedules (of one owner, when given), oldest first; removed ones only when asked."""

    @abc.abstractmethod
    async def due_schedules(self, now: datetime, limit: int = 100) -> list[Schedule]:
        """Active schedules whose ``due_at`` has come and that no live worker holds, earliest first.

        Backends answer from an index on ``due_at``: the cost does not grow with the schedules not due.
        """

    @abc.abstractmethod
    async def claim_schedule(self, schedule_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        """Take the schedule's lease until ``until`` if it is free, expired or already ``owner``'s.

        Returns None on success, else the lease that holds it; raises ``LookupError`` for an unknown schedule.
        """

    @abc.abstractmethod
    async def claim_due_schedules(self, owner: str, until: datetime, now: datetime, limit: int = 100) -> list[Schedule]:
        """Take the leases of up to ``limit`` due schedules (those :meth:`due_schedules` lists) for ``owner``
        until ``until``, in one atomic step, and return them as they are stored, earliest due first.

        What it returns was read under the new lease, so a worker decides from current records. Workers
        claiming at once never get the same schedule and skip each other's (no waiting, no failed claims);
        a schedule under a live lease, ``owner``'s own included, is left alone.
        """

    @abc.abstractmethod
    async def commit_fire(self, schedule: Schedule, fires: list[Fire], executions: Sequence[Execution] = ()) -> bool:
        """Record a decision about a schedule in one transaction: the ``fires``, the ``executions`` the
        started fires create (headers, new), and the advanced ``schedule`` (lease released).

        A pause or removal committed meanwhile by someone else is kept. Returns False, writing nothing,
        when the first fire's key is already recorded: that fire was decided before (by a worker that then
        crashed, or lost its lease), and deciding it again must not fire twice.
        """

    @abc.abstractmethod
    async def list_fires(self, schedule_id: str, limit: int = 100) -> list[Fire]:
        """The schedule's fires, newest nominal time first."""

    # ------------------------------------------------------------------------------ execution leases
    @abc.abstractmethod
    async def claim_execution(self, execution_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        """Take the execution's lease (see :meth:`claim_schedule`); None on success, else the holder."""

    @abc.abstractmethod
    async def renew_execution(self, execution_id: str, owner: str, until: datetime) -> bool:
        """Extend ``owner``'s lease; False when ``owner`` no longer holds it."""

    @abc.abstractmethod
    async def release_execution(self, execution_id: str, owner: str) -> None:
        """Give the lease up (only ``owner``'s own)."""

    @abc.abstractmethod
    async def due_executions(self, now: datetime, limit: int = 100) -> list[str]:
        """Ids of executions whose ``wake_at`` has come and that no live process holds, earliest first:
        parked waits that are due, paused steps that got a decision, new executions of fires, and running
        executions whose process died (its lease expired)."""

    @abc.abstractmethod
    async def claim_due_executions(
        self, owner: str, until: datetime, now: datetime, limit: int = 100, exclude: Collection[str] = ()
    ) -> list[str]:
        """Take the leases of up to ``limit`` due executions (those :meth:`due_executions` lists, less the
        ids in ``exclude``) for ``owner`` until ``until``, in one atomic step; return their ids, earliest
        ``wake_at`` first.

        Workers claiming at once never get the same execution and skip each other's; an execution under a
        live lease, ``owner``'s own included, is left alone. ``exclude``: what the worker won't take now
        (executions it already runs, or can't run).
        """

    # ------------------------------------------------------------------ signals from other processes
    @abc.abstractmethod
    async def record_decision(self, execution_id: str, decision: Decision) -> Decision:
        """Store an approval or denial of one step; return it as stored (``decided_at`` filled in).

        Write-once: when the step already has a decision, raise :class:`~plankit.errors.DecisionExistsError`
        naming who decided what and when (see :func:`already_decided`); the first answer stays. A paused or
        waiting execution becomes due at once (``wake_at`` = :data:`WAKE_NOW`), so a worker continues it
        without anyone running ``resume``.
        """

    @abc.abstractmethod
    async def load_decision(self, execution_id: str, step_id: str) -> Decision | None:
        """The answer for one step, or None while nobody has answered."""

    @abc.abstractmethod
    async def list_decisions(self, execution_id: str) -> list[Decision]:
        """Every decision of an execution, in the order they were made (the audit trail)."""

    @abc.abstractmethod
    async def request_cancel(self, execution_id: str) -> None:
        """Ask a running execution (in any process) to stop."""

    @abc.abstractmethod
    async def cancel_requested(self, execution_id: str) -> bool:
        """True once cancellation of the execution has been requested."""

    # ------------------------------------------------------------------------------------ event log
    @abc.abstractmethod
    async def list_events(self, execution_id: str, after: int = 0, limit: int = 500) -> list[StoredEvent]:
        """The execution's transitions with ``seq`` greater than ``after``, oldest first.

        Written in the same transaction as the transition itself (:meth:`record_transition`,
        :meth:`commit_fire`): one event per step record written and one per change of the execution's status.
        """

    # --------------------------------------------------------------------------------------- API tokens
    @abc.abstractmethod
    async def save_token(self, token: ApiToken) -> None:
        """Insert a new API token (ids are unique)."""

    @abc.abstractmethod
    async def load_token(self, token_id: str) -> ApiToken | None:
        """The token with this id (revoked ones too), or None."""

    @abc.abstractmethod
    async def list_tokens(self) -> list[ApiToken]:
        """Every token, oldest first."""

    @abc.abstractmethod
    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        """Mark a token revoked (it stops working at once); False when there is no such live token."""
