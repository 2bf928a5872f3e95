"""A real EVM in process for tests: eth-tester over py-evm through web3.py, with the test token deployed.

``LocalChain`` compiles ``token.vy`` with the vyper package (in process, nothing downloaded), deploys it and
offers ``mint`` / ``transfer`` / ``send_eth`` (each mines one block) and ``snapshot`` / ``revert`` for reorgs.
``RpcServer`` serves that chain as JSON-RPC over HTTP on 127.0.0.1, so a feed built from a ``rpc_url`` talks
to it over a real socket; it records the methods it was asked and can answer HTTP 503 a given number of times.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

# web3 (through py_ecc) and py-evm raise the recursion limit for the whole process when first imported; other
# tests rely on the normal one (deeply nested documents are refused with a clean error), and nothing here
# recurses deeply: import them all now and put the limit back.
_LIMIT = sys.getrecursionlimit()
import eth  # noqa: E402, F401  (py-evm)
import eth_tester  # noqa: E402, F401
import vyper  # noqa: E402
from web3 import EthereumTesterProvider, Web3  # noqa: E402

sys.setrecursionlimit(_LIMIT)

TOKEN_SOURCE = Path(__file__).with_name("token.vy")
TRANSFER = "Transfer(address,address,uint256)"
TRANSFER_TOPIC = "0x" + Web3.keccak(text=TRANSFER).hex().removeprefix("0x")


@functools.cache
def compiled_token() -> tuple[list[dict[str, Any]], str]:
    """The token's ABI and deploy bytecode (compiled once per test session)."""
    out = vyper.compile_code(TOKEN_SOURCE.read_text(encoding="utf-8"), output_formats=["abi", "bytecode"])
    return out["abi"], out["bytecode"]


@dataclass(frozen=True)
class Tx:
    """What a mined transaction left: its hash, block, block hash and the logs' indexes."""

    tx_hash: str
    block_number: int
    block_hash: str
    log_indexes: tuple[int, ...]


def _hex(value: bytes) -> str:
    return "0x" + bytes(value).hex()


class LocalChain:
    """A fresh in-process chain with the token deployed by ``accounts[0]`` (the minter)."""

    def __init__(self, decimals: int = 6):
        self.w3 = Web3(EthereumTesterProvider())
        self.tester = self.w3.provider.ethereum_tester  # type: ignore[attr-defined]
        self.chain_id = int(self.w3.eth.chain_id)
        self.accounts = list(self.w3.eth.accounts)
        abi, bytecode = compiled_token()
        deploy = self.w3.eth.contract(abi=abi, bytecode=bytecode).constructor(decimals)
        receipt = self._mine(deploy.transact({"from": self.accounts[0]}))
        self.token = self.w3.eth.contract(address=receipt["contractAddress"], abi=abi)

    def _mine(self, tx_hash: bytes) -> Any:
        receipt = self.w3.eth.wait_for_transaction_receipt(tx_hash)  # type: ignore[arg-type]
        assert receipt["status"] == 1
        return receipt

    def _tx(self, tx_hash: bytes) -> Tx:
        receipt = self._mine(tx_hash)
        return Tx(
            _hex(receipt["transactionHash"]),
            int(receipt["blockNumber"]),
            _hex(receipt["blockHash"]),
            tuple(int(log["logIndex"]) for log in receipt["logs"]),
        )

    def mint(self, to: str, amount: int) -> Tx:
        """Mint ``amount`` base units to ``to`` (one block, one Transfer log from the zero address)."""
        return self._tx(self.token.functions.mint(to, amount).transact({"from": self.accounts[0]}))

    def mint_many(self, to: str, count: int) -> Tx:
        """Mint ``count`` base units to ``to`` as ``count`` Transfer logs of 1 in one transaction (at most 2,000)."""
        call = self.token.functions.mint_many(to, count)
        return self._tx(call.transact({"from": self.accounts[0], "gas": 30_000_000}))

    def transfer(self, sender: str, to: str, amount: int) -> Tx:
        """Move ``amount`` base units (one block, one Transfer log)."""
        return self._tx(self.token.functions.transfer(to, amount).transact({"from": sender}))

    def send_eth(self, to: str, wei: int) -> Tx:
        """Send native coin from ``accounts[0]``."""
        tx = {"from": self.accounts[0], "to": Web3.to_checksum_address(to), "value": wei}
        return self._tx(self.w3.eth.send_transaction(tx))  # type: ignore[arg-type]

    def snapshot(self) -> int:
        """Remember the chain as it is now."""
        return int(self.tester.take_snapshot())

    def revert(self, snapshot: int) -> None:
        """Throw away every block mined since ``snapshot`` (a reorg, as a node sees one)."""
        self.tester.revert_to_snapshot(snapshot)

    @property
    def head(self) -> int:
        return int(self.w3.eth.block_number)


class RpcServer:
    """JSON-RPC over HTTP on 127.0.0.1 in front of a :class:`LocalChain` (a thread; ``close()`` stops it)."""

    def __init__(self, chain: LocalChain):
        self.chain = chain
        self.methods: list[str] = []
        self.fail_next: Counter[str] = Counter()
        """``fail_next["eth_gasPrice"] = 2``: the next two such requests get HTTP 503."""
        self._lock = threading.Lock()
        self._call = chain.w3.provider.request_func(chain.w3, chain.w3.middleware_onion)  # type: ignore[attr-defined]
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                status, body = server.answer(request)
                payload = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)
        self._thread.start()

    def answer(self, request: dict[str, Any]) -> tuple[int, str]:
        method = request["method"]
        with self._lock:
            self.methods.append(method)
            if self.fail_next[method] > 0:
                self.fail_next[method] -= 1
                return 503, '{"error": "overloaded"}'
            try:
                response = dict(self._call(method, request.get("params", [])))
            except Exception as exc:  # the node's error, as a JSON-RPC error object
                response = {"error": {"code": -32602, "message": str(exc)}}
        response.update(jsonrpc="2.0", id=request["id"])
        return 200, Web3.to_json(response)  # type: ignore[arg-type]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join()


@contextmanager
def serve(chain: LocalChain) -> Iterator[RpcServer]:
    """``with serve(chain) as rpc: ... rpc.url ...``"""
    server = RpcServer(chain)
    try:
        yield server
    finally:
        server.close()
