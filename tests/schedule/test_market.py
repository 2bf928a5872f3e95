"""Market and chain triggers: the rules on plain values, then the worker against a real price server, with
state that survives a restart and trigger data that reaches the plan."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from plankit import ToolContext, ToolRegistry
from plankit.execute import Executor
from plankit.feeds import FeedRuntime, Feeds, HttpPriceFeed, LogEntry, StaticChainFeed, StaticPriceFeed
from plankit.lint import Policy
from plankit.plan import (
    ExecutionStatus,
    FireStatus,
    PriceTrigger,
    ScheduleStatus,
    StepStatus,
    plan_from_data,
)
from plankit.schedule import Scheduler, add_schedule, condition_verdict, price_verdict
from plankit.store import SqliteStore, Store
from plankit.testing import FakeClock, MemoryStore

from ..feeds.price_server import PriceServer

T0 = datetime(2026, 6, 1, tzinfo=UTC)
ETH_PRICE = {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]}
OPEN = Policy()


def observe_prices(trigger: PriceTrigger, prices: list[float], step_s: float = 60) -> list[bool]:
    state: dict[str, Any] = {}
    fired = []
    for index, price in enumerate(prices):
        verdict = price_verdict(trigger, state, price, T0 + timedelta(seconds=step_s * index))
        state = verdict.state
        fired.append(verdict.fire)
    return fired


# ------------------------------------------------------------------------------------------- rules
def test_above_fires_then_rearms_only_past_the_hysteresis_band() -> None:
    trigger = PriceTrigger(token="ETH", condition="above", threshold=4000, recurring=True, cooldown_ms=0)
    # 4010 fires; 3990 is within 1% (3960): still disarmed; 4020 again: no fire; 3950 re-arms; 4001 fires.
    assert observe_prices(trigger, [3900, 4010, 3990, 4020, 3950, 4001]) == [False, True, False, False, False, True]


def test_below_and_the_cooldown() -> None:
    trigger = PriceTrigger(token="ETH", condition="below", threshold=100, recurring=True, cooldown_ms=300_000)
    # Fires at 99; re-arm needs > 101 AND 5 minutes: 102 at +1 min is too early, 102 at +6 min re-arms.
    prices = [99, 102, 98, 102, 102, 102, 102, 102, 98]
    assert observe_prices(trigger, prices) == [True, False, False, False, False, False, False, False, True]


def test_crosses_needs_two_observations_and_fires_on_each_side_change() -> None:
    trigger = PriceTrigger(token="ETH", condition="crosses", threshold=50, recurring=True, cooldown_ms=0)
    assert observe_prices(trigger, [60, 60, 40, 45, 55, 49]) == [False, False, True, False, True, True]


def test_a_condition_fires_on_the_edge_and_unknown_never_counts() -> None:
    state: dict[str, Any] = {}
    fired = []
    for truth in [None, True, True, None, True, False, None, True]:
        verdict = condition_verdict(state, truth, T0)
        state = verdict.state
        fired.append(verdict.fire)
    assert fired == [False, True, False, False, False, False, False, True]


# ------------------------------------------------------------------------------------------ worker
class Calls:
    def __init__(self) -> None:
        self.seen: list[Any] = []
        self.registry = ToolRegistry()

        @self.registry.tool("trade.sell")
        async def sell(ctx: ToolContext, token: str, at: float) -> dict[str, Any]:
            """Record what the plan was told."""
            self.seen.append((token, at, ctx.idempotency_key))
            return {"sold": token}


def price_plan(condition: str, threshold: float, **trigger: Any) -> Any:
    return plan_from_data(
        {
            "id": "sell-high",
            "trigger": {"type": "price", "token": "ETH", "condition": condition, "threshold": threshold, **trigger},
            "steps": [{"id": "sell", "tool": "trade.sell", "params": {"token": "ETH", "at": "{{trigger.price}}"}}],
        }
    )


def test_a_price_trigger_against_a_real_price_server_fires_once_and_keeps_its_state_across_restarts(
    tmp_path: Path,
) -> None:
    calls = Calls()
    db = tmp_path / "db"
    clock = FakeClock()

    async def worker_life(server: PriceServer, prices: list[float]) -> None:
        feed = HttpPriceFeed(server.url + "/price/{token}", "data.amount", max_age_ms=1, now=clock.now)
        async with SqliteStore(db) as store:
            worker = Scheduler(store, calls.registry, policy=OPEN, clock=clock, feeds=Feeds(price=feed))
            if not await store.list_schedules():
                await add_schedule(store, worker.executor, price_plan("above", 4000, recurring=True, cooldownMs=0))
            for price in prices:
                server.prices["ETH"] = price
                await worker.run_once()
                clock.advance(15)
            await feed.aclose()

    with PriceServer() as server:
        asyncio.run(worker_life(server, [3900, 4100]))  # fires at 4100
        asyncio.run(worker_life(server, [4200, 4150]))  # a restart: still above, still disarmed: no fire
        asyncio.run(worker_life(server, [3900, 4050]))  # back under 3960 re-arms; 4050 fires again

    assert [(token, at) for token, at, _ in calls.seen] == [("ETH", 4100.0), ("ETH", 4050.0)]

    async def check() -> None:
        async with SqliteStore(db) as store:
            (schedule,) = await store.list_schedules()
            assert schedule.state["armed"] is False and schedule.state["last"] == 4050.0
            fires = await store.list_fires(schedule.id)
            assert [(f.status, f.reason) for f in fires] == [
                (FireStatus.STARTED, "ETH at 4050.0 (above 4000.0)"),
                (FireStatus.STARTED, "ETH at 4100.0 (above 4000.0)"),
            ]
            execution = await store.load_execution(fires[0].execution_id or "")
            assert execution is not None and execution.trigger_data is not None
            assert (execution.trigger_data["price"], execution.trigger_data["threshold"]) == (4050.0, 4000.0)

    asyncio.run(check())


def test_a_one_shot_price_trigger_completes_and_a_feed_error_is_recorded_not_fired() -> None:
    calls = Calls()

    async def main(store: Store) -> None:
        clock = FakeClock()
        prices = StaticPriceFeed({}, now=clock.now)
        worker = Scheduler(store, calls.registry, policy=OPEN, clock=clock, feeds=Feeds(price=prices))
        schedule = await add_schedule(store, worker.executor, price_plan("below", 2000))
        await worker.run_once()
        stored = await store.load_schedule(schedule.id)
        assert stored is not None and stored.state["error"] == "no static price for 'ETH' (known: none)"
        assert stored.due_at is None  # from now on the price watch looks at it when a price reaches its region
        prices.prices["ETH"] = 1999.5
        clock.advance(15)
        await worker.run_once()
        stored = await store.load_schedule(schedule.id)
        assert stored is not None and (stored.status, stored.runs) == (ScheduleStatus.COMPLETED, 1)
        assert calls.seen == [("ETH", 1999.5, f"{stored.last_execution_id}:sell")]
        assert (await store.load_plan("sell-high")).status.value == "completed"  # type: ignore[union-attr]

    async def run() -> None:
        async with MemoryStore() as store:
            await main(store)

    asyncio.run(run())


def test_a_condition_trigger_reads_runtime_values_and_expires() -> None:
    calls = Calls()

    async def run() -> None:
        async with MemoryStore() as store:
            clock = FakeClock()
            prices = StaticPriceFeed({"ETH": 3000}, now=clock.now)
            worker = Scheduler(store, calls.registry, policy=OPEN, clock=clock, feeds=Feeds(price=prices))
            plan = plan_from_data(
                {
                    "id": "watch",
                    "trigger": {
                        "type": "condition", "pollIntervalMs": 60_000, "expiresAfterMs": 180_000,
                        "when": {"type": "compare", "op": "gt", "right": {"type": "literal", "value": 4000},
                                 "left": ETH_PRICE},
                    },
                    "steps": [{"id": "sell", "tool": "trade.sell", "params": {"token": "ETH", "at": 1}}],
                }
            )  # fmt: skip
            schedule = await add_schedule(store, worker.executor, plan)
            for _ in range(4):
                await worker.run_once()
                clock.advance(60)
            stored = await store.load_schedule(schedule.id)
            assert stored is not None and stored.status is ScheduleStatus.EXPIRED
            assert (stored.state["truth"], stored.runs, calls.seen) == (False, 0, [])

    asyncio.run(run())


def test_on_chain_logs_fire_once_each_and_only_when_confirmed() -> None:
    calls = Calls()
    contract = "0x" + "ab" * 20

    def log(block: int, index: int) -> LogEntry:
        return LogEntry(8453, contract, ("0xddf2",), "0x01", block, f"0xtx{block}", index)

    async def run() -> None:
        async with MemoryStore() as store:
            clock = FakeClock()
            chain = StaticChainFeed(8453, block_number=100, confirmations=2)
            worker = Scheduler(store, calls.registry, policy=OPEN, clock=clock, feeds=Feeds(chains={8453: chain}))
            plan = plan_from_data(
                {
                    "id": "on-transfer",
                    "trigger": {"type": "onchain_event", "chainId": 8453, "contractAddress": contract,
                                "eventSignature": "Transfer(address,address,uint256)", "recurring": True},
                    "steps": [{"id": "sell", "tool": "trade.sell",
                               "params": {"token": "{{trigger.tx_hash}}", "at": 1}}],
                }
            )  # fmt: skip
            schedule = await add_schedule(store, worker.executor, plan)
            chain.entries = [log(90, 0)]  # before the schedule: never fires
            await worker.run_once()  # starts at the confirmed head, 98
            chain.entries += [log(99, 0), log(99, 1), log(101, 0)]
            chain.block = 101  # head 99: the two logs of block 99 are confirmed, block 101 is not
            clock.advance(15)
            await worker.run_once()
            assert sorted(token for token, _, _ in calls.seen) == ["0xtx99", "0xtx99"]
            clock.advance(15)
            await worker.run_once()  # nothing new confirmed: nothing fires again
            chain.block = 103
            clock.advance(15)
            await worker.run_once()
            keys = [f.key for f in await store.list_fires(schedule.id)]
            assert sorted(keys) == sorted(
                f"{schedule.id}@log:8453:{tx}:{index}" for tx, index in [("0xtx99", 0), ("0xtx99", 1), ("0xtx101", 0)]
            )
            assert len(calls.seen) == 3

    asyncio.run(run())


# ------------------------------------------------------------------------------------ the executor
def test_a_step_reading_a_failing_feed_fails_as_a_server_error_and_is_retried() -> None:
    calls = Calls()
    prices = StaticPriceFeed({})
    plan = plan_from_data(
        {
            "id": "p",
            "steps": [
                {"id": "sell", "tool": "trade.sell", "params": {"token": "ETH", "at": ETH_PRICE},
                 "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 10}},
            ],
        }
    )  # fmt: skip

    async def run() -> Any:
        async with MemoryStore() as store:
            executor = Executor(
                store, calls.registry, policy=OPEN, clock=FakeClock(), runtime=FeedRuntime(Feeds(price=prices))
            )
            return await executor.start(plan)

    execution = asyncio.run(run())
    (record,) = execution.steps
    assert (execution.status, record.status, record.attempt_count) == (
        ExecutionStatus.FAILED, StepStatus.FAILED, 2,
    )  # fmt: skip
    assert (record.error_type.value if record.error_type else None, record.error) == (
        "SERVER_ERROR", "no static price for 'ETH' (known: none)",
    )  # fmt: skip


def test_trigger_data_references_are_linted_against_the_trigger() -> None:
    from plankit.lint import Linter
    from plankit.plan import TRIGGER_DATA_KEYS

    def findings(trigger: Any, text: str) -> list[tuple[str, str | None, str | None]]:
        plan = plan_from_data({"trigger": trigger, "steps": [{"id": "say", "tool": "echo", "params": {"text": text}}]})
        result = Linter(OPEN).validate(plan, now=T0)
        return [(d.code, d.message, d.hint) for d in result.diagnostics if d.code == "UNKNOWN_REFERENCE"]

    price = {"type": "price", "token": "ETH", "condition": "above", "threshold": 5000}
    assert findings(price, "at {{trigger.price}} {{trigger.token}}") == []
    assert findings(price, "at {{trigger.prise}}") == [
        ("UNKNOWN_REFERENCE", "'say' references trigger data 'prise', which a price trigger does not give",
         "did you mean 'price'?"),
    ]  # fmt: skip
    assert findings(None, "{{trigger.price}}") == [
        ("UNKNOWN_REFERENCE", "'say' references the trigger's data, and the plan has no trigger",
         "add a trigger, or remove the reference"),
    ]  # fmt: skip
    # The scheduler's data for each trigger stays within what lint allows.
    verdict = price_verdict(PriceTrigger(token="ETH", condition="above", threshold=1), {}, 2.0, T0)
    assert set(verdict.data) <= TRIGGER_DATA_KEYS["price"]
    log = LogEntry(8453, "0x" + "ab" * 20, ("0x01",), "0x", 1, "0xtx", 0)
    assert set(log.as_data()) | {"type", "event_signature", "observed_at", "log"} == TRIGGER_DATA_KEYS["onchain_event"]


def test_on_chain_triggers_of_one_contract_share_one_log_read_per_tick() -> None:
    from plankit.schedule._logs import LogIndex

    calls = Calls()
    contract = "0x" + "cd" * 20
    alice, bob = "0x" + "0" * 24 + "a" * 40, "0x" + "0" * 24 + "b" * 40
    reads: list[tuple[int, int]] = []

    class CountingChain(StaticChainFeed):
        async def logs(self, address: str, signature: str, topics: list[str | None], first: int, last: int) -> Any:
            reads.append((first, last))
            return await super().logs(address, signature, topics, first, last)

    async def run() -> None:
        async with MemoryStore() as store:
            clock = FakeClock()
            chain = CountingChain(8453, block_number=10)
            worker = Scheduler(store, calls.registry, policy=OPEN, clock=clock, feeds=Feeds(chains={8453: chain}))
            for number, to in enumerate([alice, bob, None, alice]):
                trigger = {"type": "onchain_event", "chainId": 8453, "contractAddress": contract, "recurring": True,
                           "eventSignature": "Transfer(address,address,uint256)", "topicFilters": [None, to]}
                steps = [{"id": "sell", "tool": "trade.sell", "params": {"token": "{{trigger.tx_hash}}", "at": 1}}]
                await add_schedule(store, worker.executor, plan_from_data(
                    {"id": f"w{number}", "trigger": trigger, "steps": steps}))  # fmt: skip
            await worker.run_once()  # every trigger starts at block 10
            chain.entries = [LogEntry(8453, contract, ("0xddf2", "0x01", alice), "0x", 11, "0xa", 0),
                             LogEntry(8453, contract, ("0xddf2", "0x01", bob), "0x", 12, "0xb", 0)]  # fmt: skip
            chain.block = 12
            clock.advance(15)
            await worker.run_once()

    asyncio.run(run())
    assert reads == [(11, 12)]  # four triggers, one read
    # alice's two triggers, bob's, and the unfiltered one (both logs)
    assert sorted(token for token, _, _ in calls.seen) == ["0xa", "0xa", "0xa", "0xb", "0xb"]
    index = LogIndex([LogEntry(1, contract, ("0x0", "0x01", alice), "0x", 1, "0xa", 0)])
    assert [e.tx_hash for e in index.matching([None, alice.upper().replace("0X", "0x")])] == ["0xa"]
    assert index.matching(["0x02"]) == []
