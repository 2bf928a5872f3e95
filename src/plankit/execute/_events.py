"""Events for a live view: one per committed transition of an execution or of one of its steps."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from ..errors import ErrorType


@dataclass(frozen=True, slots=True)
class ExecutionEvent:
    """Something changed, and the change is already committed to the store.

    ``step_id`` is None for the execution's own transitions (``status`` is then an
    :class:`~plankit.plan.ExecutionStatus` value, else a :class:`~plankit.plan.StepStatus` value).
    """

    execution_id: str
    step_id: str | None
    status: str
    timestamp: datetime
    attempt: int = 0
    iteration: int | None = None
    started_at: datetime | None = None
    completed_at: datetime | None = None
    error: str | None = None
    error_type: ErrorType | None = None

    @property
    def duration_seconds(self) -> float | None:
        """Seconds from start to completion, when both are known."""
        if self.started_at is None or self.completed_at is None:
            return None
        return (self.completed_at - self.started_at).total_seconds()


EventHandler = Callable[[ExecutionEvent], Awaitable[None] | None]
"""``on_event``: called after each committed transition, in order; may be sync or async. An exception it
raises is not the plan's business: it is logged (logger ``plankit.execute``) and the run goes on."""
