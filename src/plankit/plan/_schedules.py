"""Records the scheduler keeps: schedules (a stored plan plus its trigger) and fires (each time it fired).

A fire is keyed by its schedule and *nominal* time (when the trigger said it was due, not when a worker
got to it), and the execution it starts is named after that key, so deciding the same fire twice can
only ever find the first decision already recorded.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from pydantic import Field

from ._base import IRModel, UtcDatetime
from ._triggers import Trigger


class ScheduleStatus(str, Enum):
    """Where a schedule is in its life."""

    ACTIVE = "active"
    PAUSED = "paused"
    COMPLETED = "completed"
    """The trigger will never fire again (a one-shot fired or was missed, ``max_runs`` or ``end_at`` reached)."""
    EXPIRED = "expired"
    """A condition trigger's ``expires_after_ms`` passed before it fired (or fired for the last time)."""
    REMOVED = "removed"


class FireStatus(str, Enum):
    """What became of one nominal fire time."""

    STARTED = "started"
    """An execution was created for it (see the execution for how it went)."""
    SKIPPED = "skipped"
    """Not run, on purpose: the previous execution was still running (overlap ``skip``), or a newer fire
    replaced it in the buffer (``buffer_one``)."""
    MISSED = "missed"
    """Not run: no worker was up in time (past the misfire grace, or left out by the catch-up policy)."""
    REFUSED = "refused"
    """Not run: the plan no longer passes lint under the worker's policy."""


class Schedule(IRModel):
    """A plan stored with its trigger, fired by the scheduler's workers."""

    id: str
    plan_id: str
    owner: str | None = None
    trigger: Trigger
    status: ScheduleStatus = ScheduleStatus.ACTIVE
    created_at: UtcDatetime
    next_fire_at: UtcDatetime | None = None
    """The next nominal fire time (None: no further fire)."""
    due_at: UtcDatetime | None = None
    """When a worker should look at this schedule next: ``next_fire_at``, or sooner while a fire is buffered
    behind a running execution. Workers find due schedules by this (indexed) time."""
    anchor_at: UtcDatetime
    """Where an interval trigger counts from (``start_at``, or when the schedule was added)."""
    runs: int = Field(0, ge=0)
    """How many fires started an execution (what ``max_runs`` counts)."""
    last_fire_at: UtcDatetime | None = None
    last_execution_id: str | None = None
    buffered_at: UtcDatetime | None = None
    """The nominal time of a fire waiting for the previous execution to end (overlap ``buffer_one``)."""
    state: dict[str, Any] = Field(default_factory=dict)
    """Trigger state that must survive restarts (the last observation of a condition or price)."""


class Fire(IRModel):
    """One nominal fire time of a schedule, and what became of it."""

    key: str
    schedule_id: str
    nominal_at: UtcDatetime
    status: FireStatus
    recorded_at: UtcDatetime
    execution_id: str | None = None
    reason: str | None = None
    missed_until: UtcDatetime | None = None
    """For a run of missed times recorded as one entry: the last of them."""
    missed_count: int = Field(1, ge=1)


def fire_key(schedule_id: str, nominal_at: datetime) -> str:
    """The deterministic key of a fire: the schedule and the nominal time, to the microsecond, in UTC."""
    return f"{schedule_id}@{nominal_at.astimezone(UTC).strftime('%Y-%m-%dT%H:%M:%S.%fZ')}"


def fire_execution_id(key: str) -> str:
    """The id of the execution a fire starts: derived from the fire key, so a repeated decision collides."""
    return "exec_" + hashlib.sha256(key.encode()).hexdigest()[:32]

