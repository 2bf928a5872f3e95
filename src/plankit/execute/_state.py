"""The state of one execution in progress: its step records, and how every change reaches the store.

Every change goes through :meth:`RunState.commit`, which writes the execution header and the changed step
records in one store transaction *before* the caller moves on, then tells the ``on_event`` handler, then
checks whether another process asked for a cancel. Records changed where no await is allowed (a task
being cancelled marks its record ``cancelled``), and finished steps (:meth:`RunState.defer`), wait in
``dirty`` and ride along with the next commit; whoever is about to wait on anything but the store flushes
them first. So a chain costs one transaction per step (this step's start carries the last one's end), and
nothing acts before every transition that precedes it is committed.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from ..errors import ErrorType
from ..plan import Execution, ExecutionStatus, NodeBase, Plan, PlanGraph, StepExecution, StepStatus
from ..store import Store
from ._clock import Clock
from ._events import EventHandler, ExecutionEvent
from ._failures import Failure

logger = logging.getLogger("plankit.execute")

IterationKey = int | None
"""Which loop iteration a record belongs to (None outside loops); see :func:`body_key`."""

_NO_ITERATION: tuple[IterationKey, ...] = (None,)

TERMINAL = frozenset({StepStatus.COMPLETED, StepStatus.SKIPPED, StepStatus.FAILED})
"""Statuses a resumed execution never re-runs."""

T = TypeVar("T")
Kind = Literal["ok", "skipped", "failed", "paused", "blocked"]


@dataclass(slots=True)
class Outcome:
    """How a node ended, as its parent sees it.

    ``ok`` (with ``output``), ``skipped`` (its policy skipped it: dependants run, and see no output),
    ``failed`` (with ``failure``), ``paused`` (waiting for a confirmation: dependants wait too),
    ``blocked`` (not run because a dependency failed inside a parallel that tolerates failures).
    """

    kind: Kind
    output: Any = None
    failure: Failure | None = None


OK_NONE = Outcome("ok")
SKIPPED = Outcome("skipped")
PAUSED = Outcome("paused")
BLOCKED = Outcome("blocked")


class RunAborted(Exception):
    """The store failed: the run stops where it is (never classified as a step failure, never retried).
    The execution stays resumable; ``__cause__`` is the store's exception."""


async def _guard(awaitable: Awaitable[T]) -> T:
    try:
        return await awaitable
    except Exception as exc:
        raise _store_failed(exc) from exc


def _store_failed(exc: Exception) -> RunAborted:
    return RunAborted(f"the store failed: {type(exc).__name__}: {exc}")


def set_fields(record: BaseModel, **fields: Any) -> None:
    """Set several fields of a record at once: what pydantic's ``__setattr__`` does per field (records have no
    validation on assignment), in two dict updates. The executor's hot path sets five or so per step."""
    vars(record).update(fields)
    record.__pydantic_fields_set__.update(fields)


_PENDING_FIELDS = frozenset({"step_id", "status", "iteration", "idempotency_key"})
_RECORD_DEFAULTS: dict[str, Any] = {
    name: field.get_default(call_default_factory=True) for name, field in StepExecution.model_fields.items()
}
_RECORD_DEFAULTS["status"] = StepStatus.PENDING
_set_attribute = object.__setattr__


def new_record(step_id: str, iteration: IterationKey, idempotency_key: str | None) -> StepExecution:
    """A pending record, built as ``StepExecution(step_id=..., status=PENDING, iteration=...,
    idempotency_key=...)`` builds it (the same field values, the same fields set), without validating: the
    executor's values are already valid and typed (a step id, an iteration >= 0, a str key). One per step,
    and validation was most of its cost."""
    record: StepExecution = StepExecution.__new__(StepExecution)
    values = _RECORD_DEFAULTS.copy()
    values["step_id"] = step_id
    values["iteration"] = iteration
    values["idempotency_key"] = idempotency_key
    _set_attribute(record, "__dict__", values)
    _set_attribute(record, "__pydantic_fields_set__", set(_PENDING_FIELDS))
    _set_attribute(record, "__pydantic_extra__", None)
    _set_attribute(record, "__pydantic_private__", None)
    return record


def body_key(loop_key: IterationKey, max_iterations: int, index: int) -> int:
    """The iteration key of a loop body's records: the enclosing keys in mixed radix (outer first), so
    nested loops give every (outer, inner) pair its own key."""
    return (loop_key or 0) * max_iterations + index


def idempotency_key(execution_id: str, step_id: str, iteration: IterationKey) -> str:
    """Stable across retries and resumes: ``exec:step`` (``exec:step:iteration`` inside loops)."""
    return f"{execution_id}:{step_id}" if iteration is None else f"{execution_id}:{step_id}:{iteration}"


class RunState:
    """Records and store access of one execution (owned by one asyncio task tree)."""

    def __init__(
        self,
        store: Store,
        header: Execution,
        plan: Plan,
        clock: Clock,
        on_event: EventHandler | None,
        records: Iterable[StepExecution] = (),
        *,
        graph: PlanGraph | None = None,
    ):
        self.store = store
        self.header = header
        """The execution without its steps (what every transition writes)."""
        self.plan = plan
        self.graph = graph if graph is not None else PlanGraph.of(plan)
        """The plan's graph: given when the caller built it already (``start`` shares the lint's)."""
        self.clock = clock
        self.on_event = on_event
        self.records: dict[tuple[str, IterationKey], StepExecution] = {}
        self.latest: dict[str, StepExecution] = {}
        self.keys_by_step: dict[str, Sequence[IterationKey]] = {}
        """The iterations each step has records for (a step outside loops shares one ``(None,)``)."""
        self.dirty: list[StepExecution] = []
        self.params: dict[tuple[str, IterationKey], Any] = {}
        """Resolved params of each leaf's latest attempt (for dead letters)."""
        self.stopping = False
        """True once a cancel was requested and the run is being stopped."""
        self.task: asyncio.Task[Any] | None = None
        self.park_after: float | None = None
        """Waits with more than this many seconds left park the execution instead of sleeping (None: never)."""
        self.parked_until: datetime | None = None
        """The earliest wake-up time of the waits parked in this run (None: nothing parked)."""
        self.wake_on_interrupt = False
        """An interrupted run is due again at once, for any worker (a worker shutting down), rather than left
        for someone to resume (Ctrl-C on ``plankit run``)."""
        self.lease_lost = False
        """Set when another process took the execution over: this run stops without writing anything more."""
        self.cancelled_from: dict[tuple[str, IterationKey], tuple[StepStatus, str | None, Any]] = {}
        """What records marked cancelled were before (an interrupted run puts them back: still in flight)."""
        self.late_results: dict[tuple[str, IterationKey], Any] = {}
        """Results of sync tools that finished within the grace period after their attempt was cancelled."""
        for record in records:
            self._index(record)

    @property
    def execution_id(self) -> str:
        """The execution's id."""
        return self.header.execution_id

    def _index(self, record: StepExecution) -> None:
        step_id, iteration = record.step_id, record.iteration
        key = (step_id, iteration)
        if key not in self.records:
            self._add_key(step_id, iteration)
        self.records[key] = record
        self.latest[step_id] = record

    def _add_key(self, step_id: str, iteration: IterationKey) -> None:
        keys = self.keys_by_step.get(step_id)
        if keys is None:
            # Most steps run once, outside loops: they share one tuple rather than a list each (at 10,000
            # steps, fewer long-lived objects for the garbage collector to scan).
            self.keys_by_step[step_id] = _NO_ITERATION if iteration is None else [iteration]
        elif isinstance(keys, list):
            keys.append(iteration)
        else:
            self.keys_by_step[step_id] = [*keys, iteration]

    def record_for(self, node: NodeBase, iteration: IterationKey, leaf: bool) -> StepExecution:
        """The node's record for this iteration, created (pending) if it has none; it becomes the latest."""
        step_id = node.id
        key = (step_id, iteration)
        record = self.records.get(key)
        if record is None:
            idempotency = idempotency_key(self.header.execution_id, step_id, iteration) if leaf else None
            record = self.records[key] = new_record(step_id, iteration, idempotency)
            self._add_key(step_id, iteration)
        self.latest[step_id] = record
        return record

    def lookup(self, step_id: str) -> StepExecution | None:
        """The latest record of a step (the current loop iteration's, inside a loop)."""
        return self.latest.get(step_id)

    def steps(self) -> list[StepExecution]:
        """Every record, in the order they were first written."""
        return list(self.records.values())

    def snapshot(self) -> Execution:
        """The execution with all its step records."""
        return self.header.model_copy(update={"steps": self.steps()})

    # ------------------------------------------------------------------------------------------ writing
    async def guarded(self, awaitable: Awaitable[T]) -> T:
        """Await a store call; its failure becomes :class:`RunAborted`."""
        return await _guard(awaitable)

    async def commit(self, *records: StepExecution) -> None:
        """Write the header and these records (plus any dirty ones) in one transaction, then report them."""
        batch = [*self.dirty, *records] if self.dirty else list(records)
        self.dirty = []
        try:  # _guard inlined: this runs for every step
            await self.store.record_transition(self.header, batch)
        except Exception as exc:
            raise _store_failed(exc) from exc
        if self.on_event is not None:
            for record in batch:
                await self._emit(_step_event(self.execution_id, record, self.clock))
        cancel = self.stopping
        if not cancel:
            try:
                cancel = await self.store.cancel_requested(self.execution_id)
            except Exception as exc:
                raise _store_failed(exc) from exc
        if cancel:
            # Checked between transitions: stop here, even when the next step would start without yielding.
            self.stop()
            raise asyncio.CancelledError

    def defer(self, record: StepExecution) -> None:
        """Write ``record`` with the next commit: for a finished step, whose dependants' start commits it.
        Callers :meth:`flush` before waiting on anything but the store."""
        self.dirty.append(record)

    async def flush(self) -> None:
        """Commit deferred records now, if there are any."""
        if self.dirty:
            await self.commit()

    async def set_status(self, status: ExecutionStatus, error: str | None = None) -> None:
        """Move the execution to ``status`` (committing any dirty records with it)."""
        self.header.status = status
        self.header.error = error
        self.header.wake_at = self._wake_at(status)
        if status in (ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED):
            self.header.completed_at = self.clock.now()
        batch = self.dirty
        self.dirty = []
        await _guard(self.store.record_transition(self.header, batch))
        if self.on_event is not None:
            for record in batch:
                await self._emit(_step_event(self.execution_id, record, self.clock))
            await self._emit(
                ExecutionEvent(
                    self.execution_id,
                    None,
                    status.value,
                    self.clock.now(),
                    started_at=self.header.started_at,
                    completed_at=self.header.completed_at,
                    error=error,
                )
            )

    def should_park(self, seconds_left: float) -> bool:
        """True when a wait with ``seconds_left`` to go should park the execution rather than sleep."""
        return self.park_after is not None and seconds_left > self.park_after

    def park(self, until: datetime) -> None:
        """Note a parked wait: the execution ends this run ``waiting``, due again at the earliest ``until``."""
        if self.parked_until is None or until < self.parked_until:
            self.parked_until = until

    def _wake_at(self, status: ExecutionStatus) -> datetime | None:
        # Running or pending: due now, so a worker takes it over once the lease of whoever runs it expires
        # (that process died). Waiting: due when the parked wait is. Paused: due once a decision arrives.
        if status in (ExecutionStatus.RUNNING, ExecutionStatus.PENDING):
            return self.clock.now()
        if status is ExecutionStatus.WAITING:
            return self.parked_until
        if status is ExecutionStatus.INTERRUPTED and self.wake_on_interrupt:
            return self.clock.now()
        return None

    def mark_cancelled(self, record: StepExecution, reason: str = "cancelled") -> None:
        """Mark an in-flight record cancelled in memory; it is written with the next commit."""
        if record.status in TERMINAL or record.status is StepStatus.CANCELLED:
            return
        self.cancelled_from[(record.step_id, record.iteration)] = (record.status, record.error, record.completed_at)
        record.status = StepStatus.CANCELLED
        record.error = reason
        record.completed_at = self.clock.now()
        self.dirty.append(record)

    def still_in_flight(self) -> None:
        """The run was interrupted from outside, not cancelled: records just marked cancelled go back to what
        they were, so a resume re-runs them as in flight (same attempt, same idempotency key, a wait's
        deadline kept). They ride along with the next commit."""
        for (step_id, iteration), (status, error, completed_at) in self.cancelled_from.items():
            record = self.records[(step_id, iteration)]
            if record.status is StepStatus.CANCELLED:
                record.status, record.error, record.completed_at = status, error, completed_at
                self.dirty.append(record)
        self.cancelled_from.clear()

    def stop(self) -> None:
        """Cancel the run (a cancel was requested): in-flight steps are cancelled and marked so."""
        self.stopping = True
        if self.task is not None and not self.task.done():
            self.task.cancel()

    async def _emit(self, event: ExecutionEvent) -> None:
        assert self.on_event is not None
        try:
            result = self.on_event(event)
            if inspect.isawaitable(result):
                await result
        except Exception:  # a broken live view must not break the run
            logger.exception("on_event handler failed for %s", event)


def _step_event(execution_id: str, record: StepExecution, clock: Clock) -> ExecutionEvent:
    return ExecutionEvent(
        execution_id,
        record.step_id,
        record.status.value,
        clock.now(),
        attempt=record.attempt_count,
        iteration=record.iteration,
        started_at=record.started_at,
        completed_at=record.completed_at,
        error=record.error,
        error_type=record.error_type,
    )


def failure_of(record: StepExecution) -> Failure:
    """The failure a stored record describes (for a restored, failed step)."""
    error_type = record.error_type or ErrorType.UNKNOWN
    return Failure(record.error or "failed", error_type, error_type is not ErrorType.USER_ERROR)
