"""The executor's clock: what time it is, and how to wait. Injectable, so tests run in virtual time."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Protocol, runtime_checkable

from .._utils import utcnow


@runtime_checkable
class Clock(Protocol):
    """A source of time. ``now()`` is an aware UTC datetime; ``sleep`` waits (and may be cancelled)."""

    def now(self) -> datetime:
        """The current time."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (0 or less returns at once, after yielding to the event loop)."""
        ...


class SystemClock:
    """Wall-clock time and real ``asyncio.sleep``: the default."""

    def now(self) -> datetime:
        """The current UTC time."""
        return utcnow()

    async def sleep(self, seconds: float) -> None:
        """Sleep for real."""
        await asyncio.sleep(max(0.0, seconds))
