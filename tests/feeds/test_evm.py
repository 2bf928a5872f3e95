"""The EVM chain feed against a real EVM in process (eth-tester / py-evm through web3.py).

The token of ``token.vy`` is compiled by vyper and deployed by each test's fresh chain; mints and transfers
emit real ``Transfer`` logs and change real balances. Most tests read the chain through a real HTTP
round trip (``RpcServer`` on 127.0.0.1); a few hand the feed the ``Web3`` object directly.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
from collections.abc import Awaitable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit.errors import MissingExtraError
from plankit.feeds import FeedError, FeedRuntime, FeedsFileError, LogEntry, Observation, Web3ChainFeed, load_feeds
from plankit.feeds._evm import _is_transient, canonical_signature, redact, topic_filter

from .evm_chain import TRANSFER, TRANSFER_TOPIC, LocalChain, RpcServer, Tx, serve

T = TypeVar("T")
NOW = datetime(2026, 11, 23, 17, 0, tzinfo=UTC)
ZERO_TOPIC = "0x" + "0" * 64


def run(coroutine: Awaitable[T]) -> T:
    async def main() -> T:
        return await coroutine

    return asyncio.run(main())


def word(address: str) -> str:
    """An address as an indexed topic: 32 bytes, lowercase."""
    return "0x" + address[2:].lower().rjust(64, "0")


def amount(value: int) -> str:
    """A uint256 as log data."""
    return "0x" + f"{value:064x}"


@pytest.fixture
def chain() -> LocalChain:
    return LocalChain(decimals=6)


@pytest.fixture
def rpc(chain: LocalChain) -> Iterator[RpcServer]:
    with serve(chain) as server:
        yield server


def http_feed(chain: LocalChain, rpc: RpcServer, **options: object) -> Web3ChainFeed:
    settings: dict[str, object] = {"tokens": {"TOK": chain.token.address}, "now": lambda: NOW, "retry_delay_s": 0}
    settings.update(options)
    return Web3ChainFeed(chain.chain_id, rpc_url=rpc.url, **settings)  # type: ignore[arg-type]


def log_of(chain: LocalChain, tx: Tx, sender: str, receiver: str, value: int) -> LogEntry:
    return LogEntry(
        chain_id=chain.chain_id,
        address=chain.token.address,
        topics=(TRANSFER_TOPIC, word(sender), word(receiver)),
        data=amount(value),
        block_number=tx.block_number,
        tx_hash=tx.tx_hash,
        log_index=tx.log_indexes[0],
        block_hash=tx.block_hash,
    )


# ----------------------------------------------------------------------------------- blocks, gas, balances
def test_block_number_and_gas_price_in_gwei(chain: LocalChain, rpc: RpcServer) -> None:
    chain.mint(chain.accounts[1], 1)  # block 2 (the deploy is block 1)
    feed = http_feed(chain, rpc)
    source = f"evm:{chain.chain_id}"
    assert run(feed.block_number()) == Observation(2.0, NOW, source, "")
    assert run(feed.gas_price()) == Observation(1.0, NOW, source, "gwei")  # eth-tester's 10**9 wei
    assert rpc.methods == ["eth_chainId", "eth_blockNumber", "eth_gasPrice"]


def test_native_balance_in_coin_units(chain: LocalChain, rpc: RpcServer) -> None:
    fresh = "0x" + "ab" * 20  # an address that never held anything: its balance is what was sent
    chain.send_eth(fresh, 1_500_000_000_000_000_000)
    feed = http_feed(chain, rpc, native_symbol="ETH")
    source = f"evm:{chain.chain_id}"
    assert run(feed.balance(fresh, "ETH")) == Observation(1.5, NOW, source, "ETH")
    assert run(feed.balance(fresh, "eth")) == Observation(1.5, NOW, source, "ETH")
    assert run(feed.balance("0x" + "cd" * 20, "ETH")) == Observation(0.0, NOW, source, "ETH")


def test_token_balance_applies_decimals_and_reads_them_once(chain: LocalChain, rpc: RpcServer) -> None:
    alice, bob = chain.accounts[1], chain.accounts[2]
    chain.mint(alice, 1_500_000)
    chain.transfer(alice, bob, 250_000)
    feed = http_feed(chain, rpc)
    source = f"evm:{chain.chain_id}"
    assert run(feed.balance(alice, "TOK")) == Observation(1.25, NOW, source, "TOK")
    assert run(feed.balance(bob.lower(), "tok")) == Observation(0.25, NOW, source, "TOK")
    # a contract address works without configuration; the decimals were already read for it
    by_address = chain.token.address.lower()
    assert run(feed.balance(bob, by_address)) == Observation(0.25, NOW, source, chain.token.address)
    assert rpc.methods == ["eth_chainId", "eth_call", "eth_call", "eth_call", "eth_call"]  # decimals + 3 balanceOf


def test_token_balance_over_an_injected_web3(chain: LocalChain) -> None:
    chain.mint(chain.accounts[3], 7)
    feed = Web3ChainFeed(chain.chain_id, web3=chain.w3, tokens={"TOK": chain.token.address}, now=lambda: NOW)
    assert run(feed.balance(chain.accounts[3], "TOK")).value == 0.000007


def test_unknown_token_bad_address_and_missing_contract_are_feed_errors(chain: LocalChain, rpc: RpcServer) -> None:
    feed = http_feed(chain, rpc)
    alice = chain.accounts[1]
    with pytest.raises(FeedError) as unknown:
        run(feed.balance(alice, "USDC"))
    assert str(unknown.value) == (
        f"chain {chain.chain_id}: unknown token 'USDC' (configured: ETH, TOK); add it under "
        f"chains.{chain.chain_id}.tokens in the feeds file, or give its contract address"
    )
    with pytest.raises(FeedError) as bad:
        run(feed.balance("0x1234", "TOK"))
    assert str(bad.value) == f"chain {chain.chain_id}: '0x1234' is not a valid address (0x and 40 hex digits)"
    nobody = "0x" + "ee" * 20
    with pytest.raises(FeedError) as empty:
        run(feed.balance(alice, nobody))
    checksummed = chain.w3.to_checksum_address(nobody)
    assert str(empty.value) == (
        f"chain {chain.chain_id}: eth_call decimals() on {checksummed} answered 0 bytes: "
        "no ERC-20 contract at that address on this chain?"
    )


def test_invalid_token_addresses_are_refused_when_the_feed_is_built(chain: LocalChain) -> None:
    with pytest.raises(Exception) as refused:
        Web3ChainFeed(8453, web3=chain.w3, tokens={"USDC": "0xnope", "TOK": chain.token.address})
    assert str(refused.value) == (
        "chain 8453: invalid token addresses\n"
        "  $.chains.8453.tokens.USDC: '0xnope' is not an address (0x and 40 hex digits)"
    )


# ------------------------------------------------------------------------------------------------- logs
@pytest.fixture
def transfers(chain: LocalChain) -> dict[str, Tx]:
    alice, bob, carol = chain.accounts[1:4]
    return {
        "mint": chain.mint(alice, 1_000_000),  # block 2
        "alice->bob": chain.transfer(alice, bob, 300_000),  # block 3
        "bob->carol": chain.transfer(bob, carol, 100_000),  # block 4
        "alice->carol": chain.transfer(alice, carol, 50_000),  # block 5
    }


def test_logs_filtered_by_topics_in_chain_order(chain: LocalChain, rpc: RpcServer, transfers: dict[str, Tx]) -> None:
    alice, bob, carol = chain.accounts[1:4]
    feed = http_feed(chain, rpc)
    token = chain.token.address
    zero = "0x" + "00" * 20
    every = [
        log_of(chain, transfers["mint"], zero, alice, 1_000_000),
        log_of(chain, transfers["alice->bob"], alice, bob, 300_000),
        log_of(chain, transfers["bob->carol"], bob, carol, 100_000),
        log_of(chain, transfers["alice->carol"], alice, carol, 50_000),
    ]
    assert [entry.block_number for entry in every] == [2, 3, 4, 5]
    assert run(feed.logs(token, TRANSFER, [], 0, chain.head)) == every
    assert run(feed.logs(token.lower(), TRANSFER, [None, None], 0, chain.head)) == every
    # from = alice (an address is padded to a topic), to = any
    assert run(feed.logs(token, TRANSFER, [alice, None], 0, chain.head)) == [every[1], every[3]]
    # to = carol, given as a 32-byte topic; from = any
    assert run(feed.logs(token, TRANSFER, [None, word(carol)], 0, chain.head)) == [every[2], every[3]]
    assert run(feed.logs(token, TRANSFER, [ZERO_TOPIC], 0, chain.head)) == [every[0]]
    # the range is inclusive at both ends
    assert run(feed.logs(token, TRANSFER, [], 3, 4)) == [every[1], every[2]]
    assert run(feed.logs(token, TRANSFER, [], 5, 5)) == [every[3]]
    assert run(feed.logs(token, TRANSFER, [], 6, 4)) == []
    # a Solidity-style declaration hashes to the same topic 0; another event matches nothing
    declared = "Transfer(address indexed from, address indexed to, uint value)"
    assert run(feed.logs(token, declared, [None, carol], 0, chain.head)) == [every[2], every[3]]
    assert run(feed.logs(token, "Approval(address,address,uint256)", [], 0, chain.head)) == []
    assert run(feed.logs(token, TRANSFER_TOPIC, [bob], 0, chain.head)) == [every[2]]


def test_wide_ranges_are_read_in_bounded_chunks(chain: LocalChain, rpc: RpcServer, transfers: dict[str, Tx]) -> None:
    feed = http_feed(chain, rpc, max_block_range=2)
    whole = run(feed.logs(chain.token.address, TRANSFER, [], 0, 5))
    assert [(entry.block_number, entry.tx_hash) for entry in whole] == [
        (2, transfers["mint"].tx_hash),
        (3, transfers["alice->bob"].tx_hash),
        (4, transfers["bob->carol"].tx_hash),
        (5, transfers["alice->carol"].tx_hash),
    ]
    assert rpc.methods == ["eth_chainId", "eth_getLogs", "eth_getLogs", "eth_getLogs"]  # 0-1, 2-3, 4-5


def test_bad_topic_or_signature_is_a_feed_error(chain: LocalChain, rpc: RpcServer) -> None:
    feed = http_feed(chain, rpc)
    with pytest.raises(FeedError) as topic:
        run(feed.logs(chain.token.address, TRANSFER, ["alice"], 0, 1))
    assert str(topic.value) == (
        f"chain {chain.chain_id}: eth_getLogs: topic 'alice' is neither a 32-byte hex value nor an address "
        "(or null for any)"
    )
    with pytest.raises(FeedError) as signature:
        run(feed.logs(chain.token.address, "Transfer", [], 0, 1))
    assert str(signature.value) == (
        f"chain {chain.chain_id}: eth_getLogs: 'Transfer' is not an event signature such as "
        "'Transfer(address,address,uint256)'"
    )
    assert rpc.methods == []


def test_a_reorg_replaces_the_log_with_the_new_chains_one(chain: LocalChain, rpc: RpcServer) -> None:
    alice, bob, carol = chain.accounts[1:4]
    chain.mint(alice, 1_000_000)  # block 2
    fork_point = chain.snapshot()
    first = chain.transfer(alice, bob, 10)  # block 3 on the first branch
    feed = http_feed(chain, rpc, confirmations=0)
    token = chain.token.address
    assert run(feed.logs(token, TRANSFER, [alice], 3, 3)) == [log_of(chain, first, alice, bob, 10)]

    chain.revert(fork_point)  # block 3 is gone...
    assert run(feed.block_number()).value == 2
    assert run(feed.logs(token, TRANSFER, [alice], 0, 2)) == []
    second = chain.transfer(alice, carol, 20)  # ...and a different block 3 takes its place
    assert second.block_number == first.block_number == 3
    assert (second.tx_hash, second.block_hash) != (first.tx_hash, first.block_hash)
    after = run(feed.logs(token, TRANSFER, [alice], 3, 3))
    assert after == [log_of(chain, second, alice, carol, 20)]
    assert after[0].key == f"{chain.chain_id}:{second.tx_hash}:0"
    assert run(feed.balance(bob, "TOK")).value == 0.0
    assert run(feed.balance(carol, "TOK")).value == 0.00002


def test_confirmed_head_leaves_out_unconfirmed_blocks(chain: LocalChain, rpc: RpcServer) -> None:
    for value in (1, 2, 3):
        chain.mint(chain.accounts[1], value)  # blocks 2, 3, 4
    assert run(http_feed(chain, rpc, confirmations=0).confirmed_head()) == 4
    assert run(http_feed(chain, rpc, confirmations=2).confirmed_head()) == 2
    assert run(http_feed(chain, rpc, confirmations=10).confirmed_head()) == 0
    feed = http_feed(chain, rpc, confirmations=2)
    head = run(feed.confirmed_head())
    confirmed = run(feed.logs(chain.token.address, TRANSFER, [], 0, head))
    assert [entry.data for entry in confirmed] == [amount(1)]  # the mints in blocks 3 and 4 are not yet deep


# ------------------------------------------------------------------------------------------ failures
def test_an_unreachable_rpc_is_a_feed_error_naming_chain_and_method() -> None:
    feed = Web3ChainFeed(8453, rpc_url="http://127.0.0.1:1", timeout_s=0.5, retries=1, retry_delay_s=0)
    with pytest.raises(FeedError) as failed:
        run(feed.gas_price())
    message = str(failed.value)
    assert message.startswith(
        "chain 8453: eth_gasPrice (checking eth_chainId) to http://127.0.0.1:1 failed: ConnectionError: "
    )
    assert message.endswith("(after 2 attempts)")
    unchecked = Web3ChainFeed(8453, rpc_url="http://127.0.0.1:1", timeout_s=0.5, retries=0, check_chain_id=False)
    with pytest.raises(FeedError) as again:
        run(unchecked.balance("0x" + "ab" * 20, "ETH"))
    assert str(again.value).startswith("chain 8453: eth_getBalance to http://127.0.0.1:1 failed: ConnectionError: ")
    assert "attempts" not in str(again.value)


def test_a_silent_rpc_times_out_as_a_feed_error() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()  # accepts connections (the kernel does) and never answers
    try:
        port = listener.getsockname()[1]
        feed = Web3ChainFeed(10, rpc_url=f"http://127.0.0.1:{port}/v3/SECRETKEY", timeout_s=0.2, retries=0)
        with pytest.raises(FeedError) as failed:
            run(feed.block_number())
    finally:
        listener.close()
    message = str(failed.value)
    assert message.startswith(
        f"chain 10: eth_blockNumber (checking eth_chainId) to http://127.0.0.1:{port}/… failed: ReadTimeout: "
    )
    assert "SECRETKEY" not in message


def test_transient_http_errors_are_retried(chain: LocalChain, rpc: RpcServer) -> None:
    feed = http_feed(chain, rpc, retries=2)
    run(feed.block_number())
    rpc.methods.clear()
    rpc.fail_next["eth_gasPrice"] = 2
    assert run(feed.gas_price()).value == 1.0
    assert rpc.methods == ["eth_gasPrice"] * 3
    rpc.fail_next["eth_gasPrice"] = 3
    with pytest.raises(FeedError) as failed:
        run(feed.gas_price())
    assert str(failed.value) == (
        f"chain {chain.chain_id}: eth_gasPrice to {rpc.url} failed: HTTPError: 503 Server Error: "
        f"Service Unavailable for url: {rpc.url}/ (after 3 attempts)"
    )


def test_a_node_error_is_not_retried(chain: LocalChain, rpc: RpcServer) -> None:
    feed = http_feed(chain, rpc, retries=2)
    with pytest.raises(FeedError) as failed:
        run(feed.logs(chain.token.address, TRANSFER, [], 0, 9))  # blocks 0 and 1 exist: the node refuses block 2
    assert str(failed.value) == (
        f"chain {chain.chain_id}: eth_getLogs to {rpc.url} failed: Web3RPCError: "
        "{'code': -32602, 'message': 'No block found for block number: 2'}"
    )
    assert rpc.methods == ["eth_chainId", "eth_getLogs"]


def test_an_rpc_serving_another_chain_is_refused(chain: LocalChain, rpc: RpcServer) -> None:
    feed = Web3ChainFeed(8453, rpc_url=rpc.url)
    with pytest.raises(FeedError) as wrong:
        run(feed.block_number())
    assert str(wrong.value) == (
        f"chain 8453: the RPC at {rpc.url} serves chain {chain.chain_id}; "
        "fix rpc_url or the chain id under chains: in the feeds file"
    )
    assert rpc.methods == ["eth_chainId"]


def test_a_closed_feed_refuses_calls(chain: LocalChain, rpc: RpcServer) -> None:
    feed = http_feed(chain, rpc)
    run(feed.aclose())
    with pytest.raises(FeedError) as closed:
        run(feed.block_number())
    assert str(closed.value) == f"chain {chain.chain_id}: eth_blockNumber: the feed is closed"


def test_concurrent_reads_of_an_in_process_chain(chain: LocalChain) -> None:
    for index, account in enumerate(chain.accounts[1:6], start=1):
        chain.mint(account, index * 1_000_000)
    feed = Web3ChainFeed(chain.chain_id, web3=chain.w3, tokens={"TOK": chain.token.address})

    async def all_at_once() -> list[float]:
        reads = [feed.balance(account, "TOK") for account in chain.accounts[1:6]] * 4
        return [observation.value for observation in await asyncio.gather(*reads)]

    assert run(all_at_once()) == [1.0, 2.0, 3.0, 4.0, 5.0] * 4


def test_without_web3_the_feed_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "web3", None)  # import web3 now raises ImportError
    with pytest.raises(MissingExtraError) as missing:
        Web3ChainFeed(8453, rpc_url="http://127.0.0.1:1")
    assert str(missing.value) == "web3 is not installed; install it with: pip install 'plankit[chain]'"


def test_importing_plankit_does_not_import_web3_and_building_a_feed_keeps_the_recursion_limit() -> None:
    code = (
        "import sys, plankit, plankit.feeds\n"
        "print(sorted(m for m in ('web3', 'requests') if m in sys.modules), sys.getrecursionlimit())\n"
        "plankit.feeds.Web3ChainFeed(1, rpc_url='http://127.0.0.1:1')\n"
        "print('web3' in sys.modules, sys.getrecursionlimit())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # web3's import (py_ecc) sets the limit to 100,000; the feed puts it back, for the document readers' sake
    assert out == "[] 1000\nTrue 1000\n"


# ------------------------------------------------------------------------------------- the feeds file
def test_load_feeds_builds_the_chain_feed_and_runtime_values_read_it(
    chain: LocalChain, rpc: RpcServer, tmp_path: Path
) -> None:
    alice = chain.accounts[1]
    chain.mint(alice, 2_500_000)
    path = tmp_path / "feeds.yaml"
    path.write_text(
        f"chains:\n"
        f"  {chain.chain_id}:\n"
        f'    rpc_url: "{rpc.url}"\n'
        f"    confirmations: 1\n"
        f"    max_block_range: 500\n"
        f'    tokens: {{TOK: "{chain.token.address}"}}\n'
        f'wallet: "{alice}"\n',
        encoding="utf-8",
    )
    feeds = load_feeds(path)
    assert feeds is not None
    feed = feeds.chain(chain.chain_id)
    assert isinstance(feed, Web3ChainFeed)
    assert (feed.confirmations, feed.max_block_range, feed.tokens) == (1, 500, {"TOK": chain.token.address})
    runtime = FeedRuntime(feeds)
    assert run(runtime("balance", ["TOK", chain.chain_id])) == 2.5
    assert run(runtime("gas_price", [chain.chain_id])) == 1.0
    assert run(runtime("block_number", [chain.chain_id])) == 2
    assert run(feed.confirmed_head()) == 1
    run(feeds.aclose())


def test_load_feeds_reports_an_invalid_token_address_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "feeds.yaml"
    path.write_text('chains:\n  8453:\n    rpc_url: "http://127.0.0.1:1"\n    tokens: {USDC: "0x12"}\n')
    with pytest.raises(FeedsFileError) as refused:
        load_feeds(path)
    assert str(refused.value) == (
        "chain 8453: invalid token addresses\n"
        "  $.chains.8453.tokens.USDC: '0x12' is not an address (0x and 40 hex digits)"
    )


SHOW_TOOL = """
import plankit


@plankit.tool("show")
def show(tok: float, gas: float, block: int) -> dict:
    return {"tok": tok, "gas": gas, "block": block}
"""


def test_plankit_run_reads_runtime_values_from_the_chain(chain: LocalChain, rpc: RpcServer, tmp_path: Path) -> None:
    alice = chain.accounts[1]
    chain.mint(alice, 2_500_000)
    (tmp_path / "feeds.yaml").write_text(
        f'chains:\n  {chain.chain_id}:\n    rpc_url: "{rpc.url}"\n    tokens: {{TOK: "{chain.token.address}"}}\n'
        f'wallet: "{alice}"\n',
        encoding="utf-8",
    )
    (tmp_path / "tools.py").write_text(SHOW_TOOL, encoding="utf-8")

    def runtime(fn: str, *args: object) -> dict[str, object]:
        return {"type": "runtime", "fn": fn, "args": [{"type": "literal", "value": arg} for arg in args]}

    params = {
        "tok": runtime("balance", "TOK", chain.chain_id),  # the address is the feeds file's wallet
        "gas": runtime("gas_price", chain.chain_id),
        "block": runtime("block_number", chain.chain_id),
    }
    plan = {"goal": "read the chain", "steps": [{"id": "read", "tool": "show", "params": params}]}
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    db = str(tmp_path / "plankit.db")

    def plankit(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "plankit", *args], capture_output=True, text=True, cwd=tmp_path)

    ran = plankit("run", "plan.json", "--tools", "tools.py", "--feeds", "feeds.yaml", "--db", db)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    match = re.search(r"exec_[0-9a-f]+", ran.stdout)
    assert match is not None
    shown = json.loads(plankit("executions", "show", match.group(0), "--db", db, "-f", "json").stdout)
    assert [(step["step_id"], step["status"], step["output"]) for step in shown["steps"]] == [
        ("read", "completed", {"tok": 2.5, "gas": 1.0, "block": 2})
    ]
    assert rpc.methods == ["eth_chainId", "eth_call", "eth_call", "eth_gasPrice", "eth_blockNumber"]


# ------------------------------------------------------------------------------------ pure helpers
@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("Transfer(address,address,uint256)", "Transfer(address,address,uint256)"),
        (" Transfer( address indexed from , address indexed to, uint value ) ", "Transfer(address,address,uint256)"),
        ("Ping()", "Ping()"),
        ("Swap(int amount, bytes32[] ids)", "Swap(int256,bytes32[])"),
        ("Order((address, uint amount) item, bool ok)", "Order((address,uint256),bool)"),
        ("Batch((address,uint[])[] items)", "Batch((address,uint256[])[])"),
    ],
)
def test_canonical_signature(written: str, canonical: str) -> None:
    assert canonical_signature(written) == canonical


TYPES = st.sampled_from(["address", "uint256", "int256", "bool", "bytes32", "string", "uint8[]", "bytes"])
NAMES = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)


@given(
    st.from_regex(r"[A-Z][A-Za-z0-9]{0,12}", fullmatch=True),
    st.lists(st.tuples(TYPES, st.booleans(), NAMES), max_size=5),
)
def test_a_declaration_hashes_like_its_canonical_form(name: str, params: list[tuple[str, bool, str]]) -> None:
    declared = ", ".join(f"{kind}{' indexed' if indexed else ''} {param}" for kind, indexed, param in params)
    assert canonical_signature(f"{name}({declared})") == f"{name}({','.join(kind for kind, _, _ in params)})"


def test_topic_filter_and_redact() -> None:
    address = "0x" + "AB" * 20
    assert topic_filter(None) is None
    assert topic_filter(address) == "0x" + "0" * 24 + "ab" * 20
    assert topic_filter("0x" + "CD" * 32) == "0x" + "cd" * 32
    with pytest.raises(ValueError, match="neither a 32-byte hex value nor an address"):
        topic_filter("0x12")
    assert redact("https://base-mainnet.g.alchemy.com/v2/KEY?x=1") == "https://base-mainnet.g.alchemy.com/…"
    assert redact("http://127.0.0.1:8545") == "http://127.0.0.1:8545"
    assert redact("not a url") == "(rpc url)"


def test_which_failures_are_retried() -> None:
    import requests
    from web3.exceptions import BadFunctionCallOutput, TooManyRequests, Web3RPCError

    def rpc_error(code: int) -> Web3RPCError:
        return Web3RPCError(
            "node error", rpc_response={"jsonrpc": "2.0", "id": 1, "error": {"code": code, "message": "x"}}
        )

    def http_error(status: int) -> requests.HTTPError:
        response = requests.Response()
        response.status_code = status
        return requests.HTTPError(f"{status}", response=response)

    retried = [TimeoutError(), requests.ConnectionError(), requests.ReadTimeout(), TooManyRequests("slow down"),
               http_error(429), http_error(502), rpc_error(-32005), rpc_error(-32000), rpc_error(429)]  # fmt: skip
    final = [http_error(400), http_error(401), rpc_error(-32602), rpc_error(-32601), BadFunctionCallOutput("empty"),
             ValueError("bad"), Web3RPCError("no response object")]  # fmt: skip
    assert [_is_transient(exc) for exc in retried] == [True] * len(retried)
    assert [_is_transient(exc) for exc in final] == [False] * len(final)
