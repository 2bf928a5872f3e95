"""The scheduler's ``onchain_event`` trigger on a real EVM in process, through the chain feed over loopback
JSON-RPC: a log fires only once confirmed, a reorg before confirmation fires the new chain's log and never the
dropped one, and a transaction re-included in a later block by a reorg does not fire twice."""

from __future__ import annotations

import asyncio
from typing import Any

from eth_account import Account

from plankit import ToolContext, ToolRegistry
from plankit.feeds import Feeds, Web3ChainFeed
from plankit.lint import Policy
from plankit.plan import plan_from_data
from plankit.schedule import Scheduler, add_schedule
from plankit.testing import FakeClock, MemoryStore

from .evm_chain import TRANSFER, LocalChain, serve

HOLDER_KEY = "0x" + "11" * 32  # a fixed key, so a transaction signed once can be sent again after a reorg


class Seen:
    """A tool that records what each fire's plan was told about its log."""

    def __init__(self) -> None:
        self.logs: list[tuple[str, int, int]] = []
        self.registry = ToolRegistry()

        @self.registry.tool("chain.record")
        async def record(ctx: ToolContext, tx: str, block: int, index: int) -> dict[str, Any]:
            """Remember the log."""
            self.logs.append((tx, block, index))
            return {"recorded": tx}


def topic(address: str) -> str:
    return "0x" + address[2:].lower().rjust(64, "0")


def transfer_plan(chain: LocalChain, sender: str) -> Any:
    return plan_from_data(
        {
            "id": "on-transfer",
            "trigger": {"type": "onchain_event", "chainId": chain.chain_id, "contractAddress": chain.token.address,
                        "eventSignature": TRANSFER, "topicFilters": [topic(sender), None], "recurring": True},
            "steps": [{"id": "record", "tool": "chain.record",
                       "params": {"tx": "{{trigger.tx_hash}}", "block": "{{trigger.block_number}}",
                                  "index": "{{trigger.log_index}}"}}],
        }
    )  # fmt: skip


def test_a_reorg_before_confirmation_fires_only_the_new_chains_log() -> None:
    chain = LocalChain()
    alice, bob, carol = chain.accounts[1:4]
    chain.mint(alice, 1_000)  # block 2
    seen = Seen()

    async def run(rpc_url: str) -> None:
        feed = Web3ChainFeed(chain.chain_id, rpc_url=rpc_url, confirmations=1)
        async with MemoryStore() as store:
            clock = FakeClock()
            worker = Scheduler(
                store, seen.registry, policy=Policy(), clock=clock, feeds=Feeds(chains={chain.chain_id: feed})
            )
            await add_schedule(store, worker.executor, transfer_plan(chain, alice))
            await worker.run_once()  # starts at the confirmed head: block 1

            fork = chain.snapshot()
            dropped = chain.transfer(alice, bob, 10)  # block 3, one branch
            clock.advance(15)
            await worker.run_once()  # block 2's mint is from the zero address; block 3 is not confirmed yet
            assert seen.logs == []

            chain.revert(fork)
            kept = chain.transfer(alice, carol, 20)  # block 3 on the branch that stays
            chain.mint(carol, 1)  # block 4: block 3 is now one block deep
            assert (kept.block_number, dropped.block_number) == (3, 3) and kept.tx_hash != dropped.tx_hash
            clock.advance(15)
            await worker.run_once()
            assert seen.logs == [(kept.tx_hash, 3, 0)]
            clock.advance(15)
            await worker.run_once()  # nothing new is confirmed: nothing fires again
            assert seen.logs == [(kept.tx_hash, 3, 0)]
        await feed.aclose()

    with serve(chain) as rpc:
        asyncio.run(run(rpc.url))


def signed_transfer(chain: LocalChain, holder: Any, to: str, amount: int, nonce: int) -> bytes:
    call = chain.token.functions.transfer(to, amount)
    fields = {"from": holder.address, "nonce": nonce, "gas": 100_000, "chainId": chain.chain_id,
              "maxFeePerGas": 10**10, "maxPriorityFeePerGas": 10**9}  # fmt: skip
    return bytes(holder.sign_transaction(call.build_transaction(fields)).raw_transaction)


def send(chain: LocalChain, raw: bytes) -> tuple[str, int]:
    receipt = chain.w3.eth.wait_for_transaction_receipt(chain.w3.eth.send_raw_transaction(raw))
    return "0x" + bytes(receipt["transactionHash"]).hex(), int(receipt["blockNumber"])


def reincluded(later_transfer: bool) -> None:
    """A log fires (no confirmations); a reorg drops its block and the same signed transaction lands one block
    later. ``later_transfer``: then a new transfer follows, which must fire."""
    chain = LocalChain()
    holder = Account.from_key(HOLDER_KEY)
    bob = chain.accounts[2]
    chain.send_eth(holder.address, 10**18)
    chain.mint(holder.address, 1_000)
    raw = signed_transfer(chain, holder, bob, 5, nonce=0)
    seen = Seen()

    async def run(rpc_url: str) -> None:
        feed = Web3ChainFeed(chain.chain_id, rpc_url=rpc_url, confirmations=0)
        async with MemoryStore() as store:
            clock = FakeClock()
            feeds = Feeds(chains={chain.chain_id: feed})
            worker = Scheduler(store, seen.registry, policy=Policy(), clock=clock, feeds=feeds)
            schedule = await add_schedule(store, worker.executor, transfer_plan(chain, holder.address))
            await worker.run_once()  # starts at block 3

            fork = chain.snapshot()
            tx_hash, block = send(chain, raw)
            clock.advance(15)
            await worker.run_once()
            assert seen.logs == [(tx_hash, 4, 0)] and block == 4

            chain.revert(fork)  # block 4 is dropped; the same transaction lands in block 5 of the new branch
            chain.tester.mine_blocks(1)
            assert send(chain, raw) == (tx_hash, 5)
            clock.advance(15)
            await worker.run_once()  # the log of block 5 has the same key (chain, tx hash, log index)
            assert seen.logs == [(tx_hash, 4, 0)]
            fires = await store.list_fires(schedule.id)
            assert [fire.key for fire in fires] == [f"{schedule.id}@log:{chain.chain_id}:{tx_hash}:0"]
            if later_transfer:
                later, _ = send(chain, signed_transfer(chain, holder, bob, 1, nonce=1))  # block 6
                for _ in range(3):
                    clock.advance(15)
                    await worker.run_once()
                assert seen.logs == [(tx_hash, 4, 0), (later, 6, 0)]
        await feed.aclose()

    with serve(chain) as rpc:
        asyncio.run(run(rpc.url))


def test_a_transaction_re_included_after_a_reorg_does_not_fire_twice() -> None:
    reincluded(later_transfer=False)


def test_after_a_re_included_transaction_later_logs_still_fire() -> None:
    reincluded(later_transfer=True)
