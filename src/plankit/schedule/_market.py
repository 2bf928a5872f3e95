"""Market and chain triggers: when a price, a balance, a condition or a contract log fires a schedule.

Every rule here is a pure function of the trigger, its persisted state and one observation, so a restart
(the state lives with the schedule) neither fires again nor forgets. The state is a small dict:
``armed`` (may it fire), ``last`` / ``last_at`` (the last observation), ``side`` (``crosses``),
``last_fire_at`` (cooldown), ``truth`` (a condition's last definite value), ``last_block`` (logs), ``error``
(the last feed error, shown by ``plankit schedule show``).

* ``price``: ``above`` fires when the price is above the threshold, ``below`` when below, ``crosses`` when two
  observations in a row lie on different sides (never on the first observation). After firing it re-arms only
  once the price has moved ``hysteresis_percent`` back past the threshold (for ``crosses``: that far from it on
  either side) and ``cooldown_ms`` has passed since the fire. ``recurring: false`` fires once; the schedule then
  completes.
* ``balance``: ``above`` / ``below`` the threshold (token units, decimals applied); edge-triggered like a
  condition: it re-arms once the balance is back on the other side.
* ``condition``: fires when the condition becomes true, polled every ``poll_interval_ms``; re-arms (when
  ``recurring``) only after it was seen false again. A missing or NaN value, or a feed error, is *unknown*:
  never true, and it neither fires nor re-arms. ``expires_after_ms`` (from when the schedule was added) ends
  the schedule as ``expired``.
* ``onchain_event``: the logs of the contract for the event and topics, read from the block after the last one
  processed up to the chain's confirmed head (``confirmations`` deep: a reorg above it can't double-fire); each
  log fires once (its key is chain, transaction hash and log index); one-shot unless ``recurring``. The first
  poll starts at the confirmed head: logs from before the schedule existed never fire.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..plan import BalanceTrigger, PriceTrigger

MarketState = dict[str, Any]


@dataclass
class Verdict:
    """What one observation does to a trigger: whether it fires (with the data the plan sees) and the new state."""

    fire: bool
    state: MarketState
    data: dict[str, Any] = field(default_factory=dict)


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def _since(state: MarketState, key: str, now: datetime) -> timedelta | None:
    text = state.get(key)
    return None if not isinstance(text, str) else now - datetime.fromisoformat(text)


def price_verdict(trigger: PriceTrigger, state: MarketState, price: float, now: datetime) -> Verdict:
    """Apply one price observation to a price trigger (rules in the module docstring)."""
    new = dict(state)
    threshold = trigger.threshold
    band = threshold * trigger.hysteresis_percent / 100
    since_fire = _since(state, "last_fire_at", now)
    cooled = since_fire is None or since_fire >= timedelta(milliseconds=trigger.cooldown_ms)
    armed = bool(state.get("armed", True))
    if trigger.condition == "above":
        met, back = price > threshold, price < threshold - band
    elif trigger.condition == "below":
        met, back = price < threshold, price > threshold + band
    else:
        previous = state.get("side")
        side = "above" if price > threshold else "below" if price < threshold else previous
        met = previous is not None and side is not None and side != previous
        back = abs(price - threshold) >= band
        new["side"] = side
    if not armed and back and cooled:
        armed = True
    fire = armed and met and cooled
    if fire:
        armed = False
        new["last_fire_at"] = _iso(now)
    new.update(armed=armed, last=price, last_at=_iso(now), error=None)
    data = {"type": "price", "token": trigger.token, "price": price, "threshold": threshold,
            "condition": trigger.condition, "observed_at": _iso(now)}  # fmt: skip
    return Verdict(fire, new, data)


def balance_verdict(
    trigger: BalanceTrigger, state: MarketState, balance: float, now: datetime, address: str
) -> Verdict:
    """Apply one balance observation to a balance trigger: fires on the edge into the condition."""
    met = balance > trigger.threshold if trigger.condition == "above" else balance < trigger.threshold
    new = dict(state)
    armed = bool(state.get("armed", True)) or not met
    fire = armed and met
    new.update(armed=armed and not fire, last=balance, last_at=_iso(now), error=None)
    if fire:
        new["last_fire_at"] = _iso(now)
    data = {"type": "balance", "token": trigger.token, "chain_id": trigger.chain_id, "address": address,
            "balance": balance, "threshold": trigger.threshold, "observed_at": _iso(now)}  # fmt: skip
    return Verdict(fire, new, data)


def condition_verdict(state: MarketState, truth: bool | None, now: datetime) -> Verdict:
    """Apply one evaluation of a condition (None: unknown) to a condition trigger: edge-triggered."""
    new = dict(state, last_at=_iso(now), truth=truth)
    armed = bool(state.get("armed", True))
    if truth is False:
        armed = True
    fire = armed and truth is True
    if fire:
        armed = False
        new["last_fire_at"] = _iso(now)
    new["armed"] = armed
    return Verdict(fire, new, {"type": "condition", "observed_at": _iso(now)})


def finite(value: Any) -> float | None:
    """A finite float, or None (unknown) for anything else: missing, NaN, infinite, not a number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None
