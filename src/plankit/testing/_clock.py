"""A fake clock: virtual time that advances only when every task is waiting on it."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from datetime import UTC, datetime, timedelta

DEFAULT_START = datetime(2026, 1, 1, tzinfo=UTC)


class FakeClock:
    """Deterministic time for tests: ``now()`` is virtual, ``await sleep(s)`` returns at once in real time.

    Sleepers wake in deadline order (ties in the order they went to sleep). Time jumps to the earliest
    deadline only once the event loop has nothing else ready to run, so concurrent sleepers see one
    consistent timeline: two parallel 10-second sleeps end at +10 s, not +20 s. Tasks blocked on real I/O or
    on a thread count as idle, so don't race real I/O against virtual timeouts.

    >>> clock = FakeClock()
    >>> await clock.sleep(3600)   # instant
    >>> clock.now() - DEFAULT_START
    datetime.timedelta(seconds=3600)
    """

    def __init__(self, start: datetime = DEFAULT_START):
        self._now = start if start.tzinfo is not None else start.replace(tzinfo=UTC)
        self._sleepers: list[tuple[datetime, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._driver: asyncio.Task[None] | None = None
        self.sleeps: list[float] = []
        """Every duration passed to :meth:`sleep`, in order (to assert on backoff schedules)."""

    def now(self) -> datetime:
        """The virtual time."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward by hand, waking the sleepers that are due."""
        self._now += timedelta(seconds=seconds)
        self._wake_due()

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` of virtual time."""
        self.sleeps.append(seconds)
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._sleepers, (self._now + timedelta(seconds=seconds), next(self._order), future))
        if self._driver is None or self._driver.done():
            self._driver = loop.create_task(self._drive())
        try:
            await future
        finally:
            future.cancel()  # a cancelled sleeper is dropped by the driver

    async def _drive(self) -> None:
        while True:
            await _settle()
            while self._sleepers and self._sleepers[0][2].done():
                heapq.heappop(self._sleepers)
            if not self._sleepers:
                return
            self._now = max(self._now, self._sleepers[0][0])
            self._wake_due()

    def _wake_due(self) -> None:
        while self._sleepers and self._sleepers[0][0] <= self._now:
            future = heapq.heappop(self._sleepers)[2]
            if not future.done():
                future.set_result(None)


async def _settle(turns: int = 50) -> None:
    """Yield until nothing else is ready to run (the loop's ready queue stays empty for a few turns)."""
    loop = asyncio.get_running_loop()
    ready = getattr(loop, "_ready", None)  # CPython's ready queue; without it, a fixed number of turns
    quiet = 0
    for _ in range(10_000):
        await asyncio.sleep(0)
        if ready is None:
            quiet += 1
            if quiet >= turns:
                return
        elif len(ready) == 0:
            quiet += 1
            if quiet >= 3:
                return
        else:
            quiet = 0
