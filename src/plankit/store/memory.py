"""An in-memory store: fast, for tests and one-off runs. Nothing survives the process."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Sequence
from copy import deepcopy
from dataclasses import replace
from datetime import datetime
from typing import Any

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

_WOKEN_BY_DECISION = frozenset({ExecutionStatus.PAUSED, ExecutionStatus.WAITING})


def _stamped(decision: Decision) -> Decision:
    """A copy of ``decision`` with its time of recording, when it came without one."""
    return Decision(
        decision.step_id, decision.approved, decision.by, decided_at=decision.decided_at or utcnow(),
        reason=decision.reason,
    )  # fmt: skip


_EVENT_WIDTH = 6
"""An execution's event log is one flat list, ``_EVENT_WIDTH`` values per event: ``seq, step_id, iteration,
status, attempt, error`` (a :class:`StoredEvent` without its execution id, built when it is read). Two events
per step: a tuple each was two more objects per step for the garbage collector to count and scan."""


def _load_step(values: dict[str, Any]) -> StepExecution:
    """A stored step record (its field values) as a model of its own: the output is copied too."""
    output = values["output"]
    if isinstance(output, dict | list):
        values = {**values, "output": deepcopy(output)}
    return StepExecution.model_validate(values)


class MemoryStore(Store):
    """Keeps everything in dictionaries. Stored models are copies, so callers can't change them by accident."""

    def __init__(self) -> None:
        self._plans: dict[str, Plan] = {}
        self._executions: dict[str, Execution] = {}
        self._steps: dict[str, dict[str | tuple[str, int], dict[str, Any]]] = {}
        """Step records as their field values (a snapshot is a dict copy: cheaper than a model's, at every
        transition), by step id, or (step id, iteration) inside loops."""
        self._checkpoints: dict[str, ExecutionCheckpoint] = {}
        self._dead_letters: dict[str, DeadLetterEntry] = {}
        self._templates: dict[str, PlanTemplate] = {}
        self._decisions: dict[tuple[str, str], Decision] = {}
        self._cancelled: set[str] = set()
        self._schedules: dict[str, Schedule] = {}
        self._fires: dict[str, Fire] = {}
        self._leases: dict[tuple[str, str], Lease] = {}
        """Leases by (kind, id): kind ``schedule`` or ``execution``."""
        self._events: dict[str, list[Any]] = {}
        """Each execution's event log, flat (see ``_EVENT_WIDTH``)."""
        self._seq = 0
        self._tokens: dict[str, ApiToken] = {}

    async def save_plan(self, plan: Plan) -> str:
        plan_id = plan.id or new_id("plan_")
        # Shallow: plans are not changed in place once built (revisions are new plans; a status change makes
        # a new top-level object), and reads hand out deep copies. Deep-copying 10,000 steps per run was most
        # of this store's cost.
        self._plans[plan_id] = plan.model_copy(update={"id": plan_id})
        return plan_id

    async def load_plan(self, plan_id: str) -> Plan | None:
        plan = self._plans.get(plan_id)
        return plan.model_copy(deep=True) if plan is not None else None

    async def load_plans(self, owner: str | None = None) -> list[Plan]:
        return [p.model_copy(deep=True) for p in self._plans.values() if owner is None or p.owner == owner]

    async def delete_plan(self, plan_id: str) -> bool:
        return self._plans.pop(plan_id, None) is not None

    async def set_plan_status(self, plan_id: str, status: PlanStatus) -> None:
        plan = self._plans.get(plan_id)
        if plan is not None:
            object.__setattr__(plan, "status", status)  # the caller checked the transition

    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        execution_id = execution.execution_id
        previous = self._executions.get(execution_id)
        events = self._events.get(execution_id)
        if events is None:
            events = self._events[execution_id] = []
        records = self._steps.get(execution_id)
        if records is None:
            records = self._steps[execution_id] = {}
        seq = self._seq
        for step in steps or ():
            # A shallow snapshot of the field values: step outputs are JSON data the executor never mutates
            # after recording (reads copy them), and a deep copy per transition was most of this store's cost.
            values = vars(step).copy()
            # Enum members as their values (``_value_``: a plain attribute; ``.value`` is a property, slow at
            # every step): a dict of plain values is one the garbage collector stops tracking.
            status = values["status"] = values["status"]._value_
            if values["error_type"] is not None:
                values["error_type"] = values["error_type"]._value_
            step_id, iteration = values["step_id"], values["iteration"]
            records[step_id if iteration is None else (step_id, iteration)] = values
            seq += 1
            events += (seq, step_id, iteration, status, values["attempt_count"], values["error"])
        if previous is None or previous.status is not execution.status:
            seq += 1
            events += (seq, None, None, execution.status._value_, 0, execution.error)
        self._seq = seq
        # Most transitions change only step records: the header is copied when it changed (the executor's
        # header has no steps; a caller's execution with steps differs from the stored copy, so it is copied).
        if previous is None or vars(previous) != vars(execution):
            self._executions[execution_id] = execution.model_copy(update={"steps": []})

    async def load_execution(self, execution_id: str) -> Execution | None:
        execution = self._executions.get(execution_id)
        if execution is None:
            return None
        steps = [_load_step(values) for values in self._steps.get(execution_id, {}).values()]
        return execution.model_copy(update={"steps": steps}, deep=True)

    async def list_executions(
        self, plan_id: str | None = None, status: ExecutionStatus | None = None, limit: int = 100
    ) -> list[Execution]:
        found = [
            execution.model_copy(deep=True)
            for execution in reversed(self._executions.values())
            if (plan_id is None or execution.plan_id == plan_id)
            and (status is None or execution.status == status)
        ]
        return found[:limit]

    async def save_checkpoint(self, checkpoint: ExecutionCheckpoint) -> None:
        # The step records a checkpoint holds are never changed after the run that wrote it: copy the list.
        self._checkpoints[checkpoint.execution_id] = checkpoint.model_copy(update={"steps": list(checkpoint.steps)})

    async def load_checkpoint(self, execution_id: str) -> ExecutionCheckpoint | None:
        checkpoint = self._checkpoints.get(execution_id)
        return checkpoint.model_copy(deep=True) if checkpoint is not None else None

    async def add_dead_letter(self, entry: DeadLetterEntry) -> None:
        self._dead_letters[entry.id] = entry.model_copy(deep=True)

    async def list_dead_letters(self, plan_id: str | None = None) -> list[DeadLetterEntry]:
        return [e.model_copy(deep=True) for e in self._dead_letters.values() if plan_id in (None, e.plan_id)]

    async def get_dead_letter(self, entry_id: str) -> DeadLetterEntry | None:
        entry = self._dead_letters.get(entry_id)
        return entry.model_copy(deep=True) if entry is not None else None

    async def delete_dead_letter(self, entry_id: str) -> bool:
        return self._dead_letters.pop(entry_id, None) is not None

    async def save_template(self, template: PlanTemplate) -> None:
        for existing_id, existing in list(self._templates.items()):
            if existing.name == template.name and existing_id != template.id:
                del self._templates[existing_id]
        self._templates[template.id] = template.model_copy(deep=True)

    async def load_template(self, name_or_id: str) -> PlanTemplate | None:
        template = self._templates.get(name_or_id) or next(
            (t for t in self._templates.values() if t.name == name_or_id), None
        )
        return template.model_copy(deep=True) if template is not None else None

    async def list_templates(self) -> list[PlanTemplate]:
        return sorted((t.model_copy(deep=True) for t in self._templates.values()), key=lambda t: t.name)

    async def delete_template(self, name_or_id: str) -> bool:
        template = await self.load_template(name_or_id)
        return template is not None and self._templates.pop(template.id, None) is not None

    async def record_decision(self, execution_id: str, decision: Decision) -> Decision:
        existing = self._decisions.get((execution_id, decision.step_id))
        if existing is not None:
            raise already_decided(execution_id, existing)
        stored = _stamped(decision)
        self._decisions[(execution_id, decision.step_id)] = stored
        execution = self._executions.get(execution_id)
        if execution is not None and execution.status in _WOKEN_BY_DECISION:
            execution.wake_at = WAKE_NOW
        return stored

    async def load_decision(self, execution_id: str, step_id: str) -> Decision | None:
        return self._decisions.get((execution_id, step_id))

    async def list_decisions(self, execution_id: str) -> list[Decision]:
        # Dicts keep insertion order, and a decision is never replaced: this is the order they were made.
        return [decision for (eid, _), decision in self._decisions.items() if eid == execution_id]

    async def request_cancel(self, execution_id: str) -> None:
        self._cancelled.add(execution_id)

    async def cancel_requested(self, execution_id: str) -> bool:
        return execution_id in self._cancelled

    # ---------------------------------------------------------------------------------------- schedules
    # A scan over every schedule answers ``due_schedules`` here: this store is for tests and small runs;
    # the SQLite and PostgreSQL stores answer from an index.
    async def save_schedule(self, schedule: Schedule) -> None:
        self._schedules[schedule.id] = schedule.model_copy(deep=True)

    async def load_schedule(self, schedule_id: str) -> Schedule | None:
        schedule = self._schedules.get(schedule_id)
        return schedule.model_copy(deep=True) if schedule is not None else None

    async def list_schedules(self, owner: str | None = None, include_removed: bool = False) -> list[Schedule]:
        return [
            s.model_copy(deep=True)
            for s in self._schedules.values()
            if (owner is None or s.owner == owner) and (include_removed or s.status is not ScheduleStatus.REMOVED)
        ]

    async def due_schedules(self, now: datetime, limit: int = 100) -> list[Schedule]:
        return [s.model_copy(deep=True) for s in self._due_schedules(now)[:limit]]

    async def claim_due_schedules(self, owner: str, until: datetime, now: datetime, limit: int = 100) -> list[Schedule]:
        # Nothing awaits between choosing and taking: no other task runs on the loop in between.
        claimed = self._due_schedules(now)[:limit]
        for s in claimed:
            self._leases[("schedule", s.id)] = Lease(owner, until)
        return [s.model_copy(deep=True) for s in claimed]

    def _due_schedules(self, now: datetime) -> list[Schedule]:
        due = [
            s
            for s in self._schedules.values()
            if s.status is ScheduleStatus.ACTIVE
            and s.due_at is not None
            and s.due_at <= now
            and self._free(("schedule", s.id), now)
        ]
        due.sort(key=lambda s: s.due_at or now)
        return due

    async def claim_schedule(self, schedule_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        if schedule_id not in self._schedules:
            raise LookupError(f"no schedule {schedule_id!r} in the store")
        return self._claim(("schedule", schedule_id), owner, until, now)

    async def commit_fire(self, schedule: Schedule, fires: list[Fire], executions: Sequence[Execution] = ()) -> bool:
        if fires and fires[0].key in self._fires:
            return False
        for fire in fires:
            self._fires.setdefault(fire.key, fire.model_copy(deep=True))
        for execution in executions:
            if execution.execution_id not in self._executions:
                self._executions[execution.execution_id] = execution.model_copy(update={"steps": []}, deep=True)
                self._log(execution.execution_id, None, None, execution.status.value, 0, execution.error)
        stored = self._schedules.get(schedule.id)
        kept = schedule.model_copy(deep=True)
        if stored is not None and stored.status is not ScheduleStatus.ACTIVE:
            kept.status = stored.status
        self._schedules[schedule.id] = kept
        self._leases.pop(("schedule", schedule.id), None)
        return True

    async def list_fires(self, schedule_id: str, limit: int = 100) -> list[Fire]:
        fires = [f for f in self._fires.values() if f.schedule_id == schedule_id]
        fires.sort(key=lambda f: f.nominal_at, reverse=True)
        return [f.model_copy(deep=True) for f in fires[:limit]]

    # ------------------------------------------------------------------------------ execution leases
    async def claim_execution(self, execution_id: str, owner: str, until: datetime, now: datetime) -> Lease | None:
        if execution_id not in self._executions:
            raise LookupError(f"no execution {execution_id!r} in the store")
        return self._claim(("execution", execution_id), owner, until, now)

    async def renew_execution(self, execution_id: str, owner: str, until: datetime) -> bool:
        lease = self._leases.get(("execution", execution_id))
        if lease is None or lease.owner != owner:
            return False
        self._leases[("execution", execution_id)] = Lease(owner, until)
        return True

    async def release_execution(self, execution_id: str, owner: str) -> None:
        lease = self._leases.get(("execution", execution_id))
        if lease is not None and lease.owner == owner:
            del self._leases[("execution", execution_id)]

    async def due_executions(self, now: datetime, limit: int = 100) -> list[str]:
        return self._due_executions(now)[:limit]

    async def claim_due_executions(
        self, owner: str, until: datetime, now: datetime, limit: int = 100, exclude: Collection[str] = ()
    ) -> list[str]:
        skipped = set(exclude)
        claimed = [execution_id for execution_id in self._due_executions(now) if execution_id not in skipped][:limit]
        for execution_id in claimed:  # no await in between: atomic on the loop
            self._leases[("execution", execution_id)] = Lease(owner, until)
        return claimed

    def _due_executions(self, now: datetime) -> list[str]:
        due = [
            e
            for e in self._executions.values()
            if e.wake_at is not None and e.wake_at <= now and self._free(("execution", e.execution_id), now)
        ]
        due.sort(key=lambda e: e.wake_at or now)
        return [e.execution_id for e in due]

    def _free(self, key: tuple[str, str], now: datetime) -> bool:
        lease = self._leases.get(key)
        return lease is None or lease.until <= now

    def _claim(self, key: tuple[str, str], owner: str, until: datetime, now: datetime) -> Lease | None:
        lease = self._leases.get(key)
        if lease is not None and lease.owner != owner and lease.until > now:
            return lease
        self._leases[key] = Lease(owner, until)
        return None

    # ------------------------------------------------------------------------------------ event log
    def _log(
        self,
        execution_id: str,
        step_id: str | None,
        iteration: int | None,
        status: str,
        attempt: int,
        error: str | None,
    ) -> None:
        self._seq += 1
        events = self._events.get(execution_id)
        if events is None:
            events = self._events[execution_id] = []
        events += (self._seq, step_id, iteration, status, attempt, error)

    async def list_events(self, execution_id: str, after: int = 0, limit: int = 500) -> list[StoredEvent]:
        events = self._events.get(execution_id, [])
        # seq grows along each log: the first event after ``after``, found by bisecting the events' seqs.
        start = bisect_right(range(len(events) // _EVENT_WIDTH), after, key=lambda index: events[index * _EVENT_WIDTH])
        return [
            StoredEvent(events[at], execution_id, *events[at + 1 : at + _EVENT_WIDTH])
            for at in range(start * _EVENT_WIDTH, min(len(events), (start + limit) * _EVENT_WIDTH), _EVENT_WIDTH)
        ]

    # --------------------------------------------------------------------------------------- API tokens
    async def save_token(self, token: ApiToken) -> None:
        if token.id in self._tokens:
            raise ValueError(f"token {token.id!r} already exists")
        self._tokens[token.id] = token

    async def load_token(self, token_id: str) -> ApiToken | None:
        return self._tokens.get(token_id)

    async def list_tokens(self) -> list[ApiToken]:
        return list(self._tokens.values())

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        token = self._tokens.get(token_id)
        if token is None or token.revoked_at is not None:
            return False
        self._tokens[token_id] = replace(token, revoked_at=at)
        return True
