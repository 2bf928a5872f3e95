"""Observing market and chain triggers through feeds: one decision for one due schedule.

:func:`observe` reads what the trigger watches (a price, a balance, a condition, new logs), applies the rules
of :mod:`._market`, and returns the fires (each with the data the plan sees as ``{{trigger.…}}``), the new
trigger state, and when to look again. A feed error is recorded in the state (``plankit schedule show``
prints it) and changes nothing else: the next poll tries again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..errors import ResolutionError, StepFailure
from ..execute import Resolver
from ..feeds import FeedError, Feeds, LogEntry
from ..plan import (
    BalanceTrigger,
    ConditionTrigger,
    OnChainEventTrigger,
    Plan,
    PriceTrigger,
    Schedule,
    ScheduleStatus,
)
from ._logs import LogReads
from ._market import MarketState, balance_verdict, condition_verdict, price_verdict

DEFAULT_FEED_POLL = timedelta(seconds=15)
"""How often price, balance and on-chain triggers are observed (a condition has its own ``poll_interval_ms``)."""

MAX_BLOCK_SPAN = 2_000
"""Most blocks one poll reads logs from (a worker that was down catches up over several polls)."""


@dataclass
class Observation:
    """The outcome of observing one schedule's trigger once."""

    fires: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """(fire key suffix, trigger data) for each fire: the poll slot, or a log's own key."""
    state: MarketState = field(default_factory=dict)
    status: ScheduleStatus = ScheduleStatus.ACTIVE


def poll_interval(schedule: Schedule, default: timedelta = DEFAULT_FEED_POLL) -> timedelta:
    """How often the schedule's trigger is observed."""
    trigger = schedule.trigger
    if isinstance(trigger, ConditionTrigger):
        return timedelta(milliseconds=trigger.poll_interval_ms)
    return default


def next_slot(slot: datetime, every: timedelta, now: datetime) -> datetime:
    """The first poll slot after ``now`` on the grid ``slot + k * every`` (deterministic, so a decision
    repeated after a crash names its fires the same way)."""
    if slot > now:
        return slot
    return slot + ((now - slot) // every + 1) * every


async def observe(
    schedule: Schedule,
    plan: Plan,
    feeds: Feeds | None,
    resolver: Resolver,
    now: datetime,
    reads: LogReads | None = None,
) -> Observation:
    """Observe the trigger of a due market or chain schedule once (``reads``: log reads shared in this tick)."""
    trigger = schedule.trigger
    state = dict(schedule.state)
    outcome = Observation(state=state)
    if isinstance(trigger, ConditionTrigger):
        await _condition(trigger, schedule, resolver, now, outcome)
    elif feeds is None:
        state["error"] = "this worker has no feeds configured (start it with --feeds FILE, or set PLANKIT_FEEDS)"
        return outcome
    else:
        try:
            if isinstance(trigger, PriceTrigger):
                reading = await feeds.price_feed().price(trigger.token)
                _apply(outcome, price_verdict(trigger, state, reading.value, now), schedule)
            elif isinstance(trigger, BalanceTrigger):
                address = str(plan.context.get("wallet") or feeds.wallet or "")
                if not address:
                    raise FeedError("a balance trigger needs an address: 'wallet' in the plan's context or the feeds")
                reading = await feeds.chain(trigger.chain_id).balance(address, trigger.token)
                _apply(outcome, balance_verdict(trigger, state, reading.value, now, address), schedule)
            elif isinstance(trigger, OnChainEventTrigger):
                await _logs(trigger, feeds, now, outcome, reads or LogReads())
        except FeedError as exc:
            outcome.state["error"] = str(exc)
            outcome.state["error_at"] = now.isoformat()
            return outcome
    recurring = bool(getattr(trigger, "recurring", False))
    if outcome.fires and not recurring:
        outcome.status = ScheduleStatus.COMPLETED
    return outcome


def _apply(outcome: Observation, verdict: Any, schedule: Schedule) -> None:
    outcome.state = verdict.state
    if verdict.fire:
        outcome.fires.append(("", verdict.data))


async def _condition(
    trigger: ConditionTrigger, schedule: Schedule, resolver: Resolver, now: datetime, outcome: Observation
) -> None:
    truth: bool | None
    try:
        truth = await resolver.condition(trigger.when)
        outcome.state.pop("error", None)
    except (ResolutionError, StepFailure) as exc:  # unknown: a missing or NaN value, a feed that failed
        truth = None
        outcome.state["error"] = str(exc)
    verdict = condition_verdict(outcome.state, truth, now)
    _apply(outcome, verdict, schedule)
    expires = trigger.expires_after_ms
    if expires is not None and not outcome.fires and now - schedule.created_at >= timedelta(milliseconds=expires):
        outcome.status = ScheduleStatus.EXPIRED


async def _logs(
    trigger: OnChainEventTrigger, feeds: Feeds, now: datetime, outcome: Observation, reads: LogReads
) -> None:
    chain = feeds.chain(trigger.chain_id)
    head = int((await chain.block_number()).value) - chain.confirmations
    state = outcome.state
    last = state.get("last_block")
    state["error"] = None
    if not isinstance(last, int):
        state["last_block"] = max(head, 0)  # start here: logs from before the schedule never fire
        return
    if head <= last:
        return
    upto = min(head, last + MAX_BLOCK_SPAN)
    logs = await reads.matching(
        chain, trigger.contract_address, trigger.event_signature, list(trigger.topic_filters), last + 1, upto
    )
    for entry in logs:
        outcome.fires.append((f"log:{entry.key}", _log_data(entry, trigger, now)))
        if not trigger.recurring:
            upto = entry.block_number  # one-shot: the rest of the range is not needed
            break
    state["last_block"] = upto
    state["last_at"] = now.isoformat()


def _log_data(entry: LogEntry, trigger: OnChainEventTrigger, now: datetime) -> dict[str, Any]:
    return {"type": "onchain_event", "event_signature": trigger.event_signature, "observed_at": now.isoformat(),
            "log": entry.as_data(), **entry.as_data()}  # fmt: skip
