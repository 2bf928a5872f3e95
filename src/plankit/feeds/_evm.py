"""EVM chains over JSON-RPC through web3.py (the ``chain`` extra: ``pip install 'plankit[chain]'``).

One :class:`Web3ChainFeed` per chain id, configured in the feeds file::

    chains:
      8453:
        rpc_url: "https://mainnet.base.org"
        native: ETH                  # the symbol that means the native coin (eth_getBalance)
        confirmations: 3             # onchain_event triggers act only on logs this many blocks deep
        tokens: {USDC: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}   # symbol -> ERC-20 contract
        timeout_ms: 10000
        retries: 2

What each call reads: ``block_number`` → ``eth_blockNumber``; ``gas_price`` → ``eth_gasPrice`` in gwei;
``balance`` → ``eth_getBalance`` for the native coin (18 decimals) or ERC-20 ``balanceOf`` and ``decimals``
through ``eth_call`` (decimals read once per token); ``logs`` → ``eth_getLogs`` in block ranges of at most
``max_block_range`` (public RPCs refuse wide ones). web3.py is synchronous, so every call runs in a worker
thread (a slow RPC never blocks the event loop) under a deadline of ``timeout_s``; transient failures
(connection refused or reset, timeouts, HTTP 429/5xx, JSON-RPC server errors) are retried ``retries`` times
with backoff. Every failure is a :class:`~plankit.feeds.FeedError` naming the chain id and the RPC method.
"""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from ..errors import ConfigError, FormatProblem, MissingExtraError
from ._base import FeedError, LogEntry, Observation

if TYPE_CHECKING:
    from web3 import Web3

T = TypeVar("T")

NATIVE_DECIMALS = 18
_BALANCE_OF = "0x70a08231"  # balanceOf(address)
_DECIMALS = "0x313ce567"  # decimals()
_HEX32 = re.compile(r"0x[0-9a-fA-F]{64}")
_HEX20 = re.compile(r"0x[0-9a-fA-F]{40}")
_TRANSIENT_RPC_CODES = frozenset({-32000, -32005, -32603, 429})
"""JSON-RPC error codes that public nodes use for overload, rate limits and lagging replicas."""


def _now() -> datetime:
    return datetime.now(UTC)


def _import_web3() -> Any:
    # Importing web3 imports py_ecc, which raises the interpreter's recursion limit to 100,000 for the whole
    # process. plankit's document readers rely on the normal limit to refuse absurdly nested input with a clean
    # error (at 100,000 a deep enough document overflows the C stack instead), and reading a chain needs no
    # deep recursion: put the limit back.
    limit = sys.getrecursionlimit()
    try:
        import web3
    except ImportError as exc:
        raise MissingExtraError("web3", "chain") from exc
    finally:
        sys.setrecursionlimit(limit)
    return web3


def canonical_signature(signature: str) -> str:
    """The event signature as hashed for topic 0: ``Transfer(address,address,uint256)``.

    Accepts a Solidity-style declaration too (``Transfer(address indexed from, address indexed to, uint value)``):
    parameter names and ``indexed`` are dropped, ``uint``/``int`` become ``uint256``/``int256``, tuples
    (``(address,uint256)[] items``) are kept with their own types made canonical.
    """
    match = re.fullmatch(r"\s*(\w+)\s*\((.*)\)\s*", signature, flags=re.DOTALL)
    if match is None:
        raise ValueError(f"{signature!r} is not an event signature such as 'Transfer(address,address,uint256)'")
    name, inside = match.groups()
    return f"{name}({','.join(_canonical_params(inside, signature))})"


def _canonical_params(inside: str, signature: str) -> list[str]:
    if not inside.strip():
        return []
    parts, depth, current = [], 0, ""
    for char in inside:  # split at the top-level commas only
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    types = []
    for part in (p.strip() for p in parts):
        if not part or depth != 0:
            raise ValueError(f"{signature!r} has an empty parameter or unbalanced parentheses")
        if part.startswith("("):
            close = _closing(part)
            suffix = part[close + 1 :].split()[0] if part[close + 1 :].split() else ""
            suffix = suffix if suffix.startswith("[") else ""
            types.append("(" + ",".join(_canonical_params(part[1:close], signature)) + ")" + suffix)
            continue
        kind = part.split()[0]
        base, bracket, dims = kind.partition("[")
        types.append({"uint": "uint256", "int": "int256"}.get(base, base) + bracket + dims)
    return types


def _closing(text: str) -> int:
    depth = 0
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0:
            return index
    raise ValueError(f"unbalanced parentheses in {text!r}")  # pragma: no cover - checked by the caller


def topic_filter(value: str | None) -> str | None:
    """A topic filter as ``eth_getLogs`` wants it: None (any), a 32-byte hex word, or an address padded to one."""
    if value is None:
        return None
    text = value.strip()
    if _HEX32.fullmatch(text):
        return text.lower()
    if _HEX20.fullmatch(text):  # an indexed address parameter: left-padded to 32 bytes
        return "0x" + text[2:].lower().rjust(64, "0")
    raise ValueError(f"topic {value!r} is neither a 32-byte hex value nor an address (or null for any)")


def redact(url: str) -> str:
    """An RPC URL fit for messages: scheme, host and port only (paths and queries often carry API keys)."""
    parts = urlsplit(url)
    if not parts.scheme or not parts.hostname:
        return "(rpc url)"
    port = f":{parts.port}" if parts.port else ""
    rest = "/…" if parts.path.strip("/") or parts.query else ""
    return f"{parts.scheme}://{parts.hostname}{port}{rest}"


class Web3ChainFeed:
    """A :class:`~plankit.feeds.ChainFeed` for one EVM chain over JSON-RPC (web3.py)."""

    def __init__(
        self,
        chain_id: int,
        *,
        rpc_url: str | None = None,
        web3: Web3 | None = None,
        tokens: Mapping[str, str] | None = None,
        native_symbol: str = "ETH",
        confirmations: int = 3,
        timeout_s: float = 10.0,
        retries: int = 2,
        max_block_range: int = 2_000,
        check_chain_id: bool = True,
        retry_delay_s: float = 0.25,
        now: Callable[[], datetime] = _now,
    ):
        """Give ``rpc_url`` (an HTTP JSON-RPC endpoint) or ``web3`` (an existing ``Web3``, such as one over
        eth-tester's in-process chain; calls to it are serialized, as such providers are not thread-safe).

        Raises :class:`~plankit.errors.ConfigError` for a token map with invalid addresses.
        """
        lib = _import_web3()
        if (rpc_url is None) == (web3 is None):
            raise ValueError("give exactly one of rpc_url or web3")
        if confirmations < 0 or retries < 0 or max_block_range < 1 or timeout_s <= 0:
            raise ValueError("confirmations and retries must be >= 0, max_block_range >= 1, timeout_s > 0")
        self.chain_id = chain_id
        self.confirmations = confirmations
        self.native_symbol = native_symbol
        self.timeout_s = timeout_s
        self.retries = retries
        self.max_block_range = max_block_range
        self.retry_delay_s = retry_delay_s
        self.now = now
        self.source = f"evm:{chain_id}"
        self.tokens = self._checked_tokens(tokens or {})
        """Configured symbol → checksummed contract address."""
        self._symbols = {symbol.upper(): symbol for symbol in self.tokens}  # symbols match case-insensitively
        self._decimals: dict[str, int] = {}
        self._chain_checked = not check_chain_id
        self._closed = False
        self._session: Any = None
        self._lock: threading.Lock | None = None
        self._deadline_s = timeout_s
        """The whole call's deadline; over HTTP a little past the socket timeout, so that one reports first."""
        self._secret: str | None = None
        """The RPC URL's path and query (API keys live there), kept out of every message."""
        if web3 is not None:
            self.w3: Web3 = web3
            self.endpoint = "(in-process web3)"
            self._lock = threading.Lock()
        else:
            import requests

            assert rpc_url is not None
            self._session = requests.Session()
            provider = lib.HTTPProvider(
                rpc_url, request_kwargs={"timeout": timeout_s}, session=self._session,
                exception_retry_configuration=None,  # retried here, with the feed's own policy and messages
            )  # fmt: skip
            # No middleware: the default ones re-ask eth_chainId before every eth_call and resolve ENS names;
            # this feed only reads, checks the chain id once and takes addresses only.
            self.w3 = lib.Web3(provider, middleware=[])
            self.endpoint = redact(rpc_url)
            self._deadline_s = timeout_s * 1.5 + 0.5
            parts = urlsplit(rpc_url)
            self._secret = (parts.path.strip("/") + ("?" + parts.query if parts.query else "")) or None

    def _checked_tokens(self, tokens: Mapping[str, str]) -> dict[str, str]:
        from web3 import Web3

        checked: dict[str, str] = {}
        problems = []
        for symbol, address in tokens.items():
            if not Web3.is_address(address):
                where = f"$.chains.{self.chain_id}.tokens.{symbol}"
                problems.append(FormatProblem(where, f"{address!r} is not an address", "0x and 40 hex digits"))
                continue
            checked[symbol] = Web3.to_checksum_address(address)
        if problems:
            raise ConfigError(f"chain {self.chain_id}: invalid token addresses", problems)
        return checked

    # ------------------------------------------------------------------------------------------ the reads
    async def block_number(self) -> Observation:
        """The latest block number (``eth_blockNumber``)."""
        number = await self._rpc("eth_blockNumber", lambda: self.w3.eth.block_number)
        return Observation(float(number), self.now(), self.source)

    async def confirmed_head(self) -> int:
        """The newest block at least ``confirmations`` deep: latest − confirmations, never below 0."""
        latest = await self._rpc("eth_blockNumber", lambda: self.w3.eth.block_number)
        return max(0, int(latest) - self.confirmations)

    async def gas_price(self) -> Observation:
        """The gas price in gwei (``eth_gasPrice``)."""
        wei = await self._rpc("eth_gasPrice", lambda: self.w3.eth.gas_price)
        return Observation(float(Decimal(int(wei)) / Decimal(10**9)), self.now(), self.source, "gwei")

    async def balance(self, address: str, token: str) -> Observation:
        """``address``'s balance of ``token``: the native coin's symbol, a configured symbol or a contract address;
        in token units (decimals applied)."""
        owner = self._address(address, "address")
        if token.upper() == self.native_symbol.upper():
            wei = await self._rpc("eth_getBalance", lambda: self.w3.eth.get_balance(owner))  # type: ignore[arg-type]
            return Observation(_units(int(wei), NATIVE_DECIMALS), self.now(), self.source, self.native_symbol)
        symbol, contract = self._token(token)
        decimals = await self._token_decimals(contract, symbol)
        raw = await self._erc20_call(contract, symbol, _BALANCE_OF + owner[2:].lower().rjust(64, "0"), "balanceOf")
        return Observation(_units(raw, decimals), self.now(), self.source, symbol)

    async def logs(
        self, address: str, event_signature: str, topics: list[str | None], from_block: int, to_block: int
    ) -> list[LogEntry]:
        """Logs of ``address`` for the event and topic filters (None = any) in ``from_block..to_block``
        inclusive, in chain order (``eth_getLogs``, in ranges of at most ``max_block_range`` blocks)."""
        contract = self._address(address, "contract address")
        try:
            topic0 = event_signature.strip().lower() if _HEX32.fullmatch(event_signature.strip()) else None
            if topic0 is None:
                from web3 import Web3

                topic0 = "0x" + Web3.keccak(text=canonical_signature(event_signature)).hex().removeprefix("0x")
            filters = [topic_filter(t) for t in topics]
        except ValueError as exc:
            raise FeedError(f"chain {self.chain_id}: eth_getLogs: {exc}") from exc
        if from_block < 0:
            raise FeedError(f"chain {self.chain_id}: eth_getLogs: from_block {from_block} is negative")
        while filters and filters[-1] is None:  # trailing "any" filters say nothing; some nodes reject them
            filters.pop()
        found: list[LogEntry] = []
        start = from_block
        while start <= to_block:
            end = min(to_block, start + self.max_block_range - 1)
            params: dict[str, Any] = {
                "address": contract, "fromBlock": start, "toBlock": end, "topics": [topic0, *filters],
            }  # fmt: skip
            raw_logs = await self._rpc("eth_getLogs", lambda p=params: self.w3.eth.get_logs(p))  # type: ignore[misc]
            found.extend(self._entry(raw) for raw in raw_logs)
            start = end + 1
        found.sort(key=lambda e: (e.block_number, e.log_index))
        return found

    async def aclose(self) -> None:
        """Close the HTTP session; later calls fail with :class:`FeedError`."""
        self._closed = True
        if self._session is not None:
            self._session.close()

    # ------------------------------------------------------------------------------------------ helpers
    def _entry(self, raw: Mapping[str, Any]) -> LogEntry:
        return LogEntry(
            chain_id=self.chain_id,
            address=str(raw["address"]),
            topics=tuple(_hex(t) for t in raw["topics"]),
            data=_hex(raw["data"]),
            block_number=int(raw["blockNumber"]),
            tx_hash=_hex(raw["transactionHash"]),
            log_index=int(raw["logIndex"]),
            block_hash=_hex(raw["blockHash"]) if raw.get("blockHash") else "",  # absent on some pending logs
        )

    def _address(self, value: str, what: str) -> str:
        from web3 import Web3

        if not isinstance(value, str) or not Web3.is_address(value):
            raise FeedError(f"chain {self.chain_id}: {value!r} is not a valid {what} (0x and 40 hex digits)")
        return str(Web3.to_checksum_address(value))

    def _token(self, token: str) -> tuple[str, str]:
        """The token's symbol (as configured; the address for an unconfigured one) and contract address."""
        symbol = self._symbols.get(token.upper())
        if symbol is not None:
            return symbol, self.tokens[symbol]
        if _HEX20.fullmatch(token.strip()):
            contract = self._address(token.strip(), "token contract address")
            return contract, contract
        known = ", ".join([self.native_symbol, *sorted(self.tokens)])
        raise FeedError(
            f"chain {self.chain_id}: unknown token {token!r} (configured: {known}); add it under "
            f"chains.{self.chain_id}.tokens in the feeds file, or give its contract address"
        )

    async def _token_decimals(self, contract: str, token: str) -> int:
        if contract not in self._decimals:
            decimals = await self._erc20_call(contract, token, _DECIMALS, "decimals")
            if decimals > 77:  # 10**78 > 2**256: no real token has this
                raise FeedError(f"chain {self.chain_id}: {token} at {contract} reports {decimals} decimals")
            self._decimals[contract] = decimals
        return self._decimals[contract]

    async def _erc20_call(self, contract: str, token: str, data: str, function: str) -> int:
        call = {"to": contract, "data": data}
        answer = await self._rpc("eth_call", lambda: self.w3.eth.call(call, "latest"))  # type: ignore[arg-type]
        if len(answer) < 32:
            what = contract if token == contract else f"{token} at {contract}"
            raise FeedError(
                f"chain {self.chain_id}: eth_call {function}() on {what} answered "
                f"{len(answer)} bytes: no ERC-20 contract at that address on this chain?"
            )
        return int.from_bytes(bytes(answer[:32]), "big")

    async def _rpc(self, method: str, call: Callable[[], T]) -> T:
        """Run one web3 call in a worker thread, with the deadline and the retries; FeedError on failure."""
        if self._closed:
            raise FeedError(f"chain {self.chain_id}: {method}: the feed is closed")
        if not self._chain_checked:
            await self._check_chain_id(method)
        return await self._attempts(method, call)

    async def _attempts(self, method: str, call: Callable[[], T]) -> T:
        attempts = self.retries + 1
        for attempt in range(attempts):
            try:
                return await asyncio.wait_for(asyncio.to_thread(self._locked, call), self._deadline_s)
            except Exception as exc:
                transient = _is_transient(exc)
                if transient and attempt + 1 < attempts:
                    await asyncio.sleep(min(self.retry_delay_s * 2**attempt, 5.0))
                    continue
                tried = f" (after {attempt + 1} attempts)" if attempt else ""
                reason = _describe(exc, self._deadline_s)
                if self._secret:
                    reason = reason.replace(self._secret, "…")
                raise FeedError(f"chain {self.chain_id}: {method} to {self.endpoint} failed: {reason}{tried}") from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _locked(self, call: Callable[[], T]) -> T:
        if self._lock is None:
            return call()
        with self._lock:
            return call()

    async def _check_chain_id(self, method: str) -> None:
        # A feed pointed at the wrong network would report real but wrong balances: refuse it once, up front.
        served = int(await self._attempts(f"{method} (checking eth_chainId)", lambda: self.w3.eth.chain_id))
        if served != self.chain_id:
            raise FeedError(
                f"chain {self.chain_id}: the RPC at {self.endpoint} serves chain {served}; "
                f"fix rpc_url or the chain id under chains: in the feeds file"
            )
        self._chain_checked = True


def _units(raw: int, decimals: int) -> float:
    return float(Decimal(raw) / (Decimal(10) ** decimals))


def _hex(value: Any) -> str:
    if isinstance(value, bytes | bytearray):
        return "0x" + bytes(value).hex()
    text = str(value)
    return text if text.startswith("0x") else "0x" + text


def _is_transient(exc: BaseException) -> bool:
    """Worth another try: the network, the node's load or its rate limit; never a wrong request."""
    import requests
    from web3.exceptions import ProviderConnectionError, RequestTimedOut, TooManyRequests, Web3RPCError

    if isinstance(exc, TimeoutError | requests.ConnectionError | requests.Timeout):
        return True
    if isinstance(exc, TooManyRequests | RequestTimedOut | ProviderConnectionError):
        return True
    if isinstance(exc, requests.HTTPError):
        status = exc.response.status_code if exc.response is not None else 0
        return status == 429 or status >= 500
    if isinstance(exc, Web3RPCError):
        error = (exc.rpc_response or {}).get("error")
        code = error.get("code") if isinstance(error, dict) else None
        return code in _TRANSIENT_RPC_CODES
    return False


def _describe(exc: BaseException, timeout_s: float) -> str:
    if isinstance(exc, TimeoutError):
        return f"no answer within {timeout_s:g} s"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
