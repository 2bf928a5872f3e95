"""Bench: the EVM chain feed's cost per call and per log, against a real EVM in process.

    python bench/chain_feed.py                      # 10,000 logs, 200 calls each; about a minute
    python bench/chain_feed.py --logs 2000 --calls 50

The chain is eth-tester over py-evm with the tests' Vyper token (``tests/feeds/token.vy``); ``mint_many`` emits
up to 2,000 ``Transfer`` logs per transaction. Two ways in: over JSON-RPC on 127.0.0.1 (a thread serving the
chain, as ``rpc_url`` users see it, HTTP and JSON included) and with the ``Web3`` object handed to the feed.
Printed: mean latency of ``block_number``, ``gas_price`` and a token ``balance`` (decimals cached), and the time
to read N logs with ``logs()`` in ranges of ``max_block_range`` blocks, per log. Most of it is eth-tester's own
work (py-evm is pure Python), so these numbers bound the feed's overhead from above; a real node answers faster.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.feeds.evm_chain import TRANSFER, LocalChain, serve  # noqa: E402

from plankit.feeds import Web3ChainFeed  # noqa: E402


async def mean_ms(call: Callable[[], Awaitable[Any]], count: int) -> float:
    await call()  # warm: the chain id check, the token's decimals
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.mean(times) * 1000


async def measure(feed: Web3ChainFeed, chain: LocalChain, holder: str, calls: int, logs: int) -> list[str]:
    rows = [
        f"block_number  {await mean_ms(feed.block_number, calls):8.2f} ms/call",
        f"gas_price     {await mean_ms(feed.gas_price, calls):8.2f} ms/call",
        f"balance(TOK)  {await mean_ms(lambda: feed.balance(holder, 'TOK'), calls):8.2f} ms/call",
    ]
    start = time.perf_counter()
    found = await feed.logs(chain.token.address, TRANSFER, [None, holder], 0, chain.head)
    elapsed = time.perf_counter() - start
    assert len(found) == logs, (len(found), logs)
    rows.append(f"logs()        {elapsed * 1000:8.1f} ms for {logs:,} logs = {elapsed / logs * 1e6:6.1f} µs/log")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--logs", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    chain = LocalChain(decimals=6)
    holder = chain.accounts[1]
    start = time.perf_counter()
    left = args.logs
    while left:
        batch = min(left, 2_000)
        chain.mint_many(holder, batch)
        left -= batch
    print(f"chain: {args.logs:,} Transfer logs in {chain.head} blocks, mined in {time.perf_counter() - start:.1f} s")
    tokens = {"TOK": chain.token.address}
    with serve(chain) as rpc:
        over_http = Web3ChainFeed(chain.chain_id, rpc_url=rpc.url, tokens=tokens, timeout_s=60)
        print("\nover JSON-RPC on 127.0.0.1 (HTTPProvider)")
        for row in asyncio.run(measure(over_http, chain, holder, args.calls, args.logs)):
            print("  " + row)
    in_process = Web3ChainFeed(chain.chain_id, web3=chain.w3, tokens=tokens, timeout_s=60)
    print("\nin process (the Web3 object handed to the feed)")
    for row in asyncio.run(measure(in_process, chain, holder, args.calls, args.logs)):
        print("  " + row)


if __name__ == "__main__":
    main()
