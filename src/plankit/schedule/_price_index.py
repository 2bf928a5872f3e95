"""Which price triggers a new price can change, without looking at the others.

Each price trigger, given its persisted state, has a *region* where an observation could change it: an armed
``above`` trigger fires somewhere above its threshold, a disarmed one re-arms somewhere below the hysteresis
band, and so on. The index keeps, per token, the triggers to look at *when the price is above* some level and
those to look at *when it is below* some level, each sorted by level; a price then selects a prefix of one
list and a suffix of the other: O(log n + touched), however many triggers watch that token. A disarmed
trigger still cooling down waits in a time heap until its cooldown ends. Triggers never observed yet (no
state) are always candidates.
"""

from __future__ import annotations

import bisect
import heapq
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..plan import PriceTrigger

Region = tuple[str, float]
"""``("above", level)``: look when the price is above ``level``; ``("below", level)``: when below it."""


def regions(trigger: PriceTrigger, state: dict[str, Any]) -> list[Region] | None:
    """Where an observation could change this trigger; None: anywhere (it has not been observed yet)."""
    threshold = trigger.threshold
    band = threshold * trigger.hysteresis_percent / 100
    armed = bool(state.get("armed", True))
    if trigger.condition == "above":
        return [("above", threshold)] if armed else [("below", threshold - band)]
    if trigger.condition == "below":
        return [("below", threshold)] if armed else [("above", threshold + band)]
    side = state.get("side")
    if side is None:
        return None
    if armed:
        return [("below", threshold)] if side == "above" else [("above", threshold)]
    return [("below", threshold - band), ("above", threshold + band)]


def cooling_until(trigger: PriceTrigger, state: dict[str, Any]) -> datetime | None:
    """When a disarmed trigger's cooldown ends (None: it is armed, or has no cooldown pending)."""
    fired = state.get("last_fire_at")
    if state.get("armed", True) or not isinstance(fired, str):
        return None
    return datetime.fromisoformat(fired) + timedelta(milliseconds=trigger.cooldown_ms)


@dataclass
class _TokenIndex:
    above: list[tuple[float, str]] = field(default_factory=list)
    """(level, schedule id): look when the price is above the level. Sorted."""
    below: list[tuple[float, str]] = field(default_factory=list)
    fresh: set[str] = field(default_factory=set)


class PriceIndex:
    """Price triggers by token and level (see the module docstring)."""

    def __init__(self) -> None:
        self._tokens: dict[str, _TokenIndex] = {}
        self._entries: dict[str, tuple[str, list[Region] | None]] = {}
        self._cooling: list[tuple[datetime, str]] = []
        self._waiting: dict[str, tuple[str, PriceTrigger, dict[str, Any]]] = {}

    def __len__(self) -> int:
        return len(self._entries) + len(self._waiting)

    def put(self, schedule_id: str, trigger: PriceTrigger, state: dict[str, Any], now: datetime) -> None:
        """Index (or re-index) a trigger with its current state."""
        self.remove(schedule_id)
        until = cooling_until(trigger, state)
        if until is not None and until > now:
            self._waiting[schedule_id] = (trigger.token, trigger, state)
            heapq.heappush(self._cooling, (until, schedule_id))
            return
        where = regions(trigger, state)
        token = self._tokens.setdefault(trigger.token, _TokenIndex())
        self._entries[schedule_id] = (trigger.token, where)
        if where is None:
            token.fresh.add(schedule_id)
            return
        for side, level in where:
            bisect.insort(token.above if side == "above" else token.below, (level, schedule_id))

    def remove(self, schedule_id: str) -> None:
        """Forget a trigger (removed, completed, or about to be re-indexed)."""
        self._waiting.pop(schedule_id, None)
        entry = self._entries.pop(schedule_id, None)
        if entry is None:
            return
        token = self._tokens[entry[0]]
        if entry[1] is None:
            token.fresh.discard(schedule_id)
            return
        for side, level in entry[1]:
            column = token.above if side == "above" else token.below
            position = bisect.bisect_left(column, (level, schedule_id))
            if position < len(column) and column[position] == (level, schedule_id):
                del column[position]

    def tokens(self) -> list[str]:
        """The tokens some trigger watches."""
        return sorted(
            {token for token, _ in self._entries.values()} | {token for token, _, _ in self._waiting.values()}
        )

    def candidates(self, token: str, price: float, now: datetime) -> list[str]:
        """The triggers of ``token`` that a price of ``price`` at ``now`` could change (fire or re-arm)."""
        self._release_cooled(now)
        index = self._tokens.get(token)
        if index is None:
            return []
        found = set(index.fresh)
        # Above-levels below the price: a prefix. Below-levels above the price: a suffix.
        found.update(sid for _, sid in index.above[: bisect.bisect_left(index.above, (price, ""))])
        found.update(sid for _, sid in index.below[bisect.bisect_right(index.below, (price, "\uffff")) :])
        return sorted(found)

    def _release_cooled(self, now: datetime) -> None:
        while self._cooling and self._cooling[0][0] <= now:
            _, schedule_id = heapq.heappop(self._cooling)
            waiting = self._waiting.pop(schedule_id, None)
            if waiting is not None:
                _, trigger, state = waiting
                self.put(schedule_id, trigger, state, now)
