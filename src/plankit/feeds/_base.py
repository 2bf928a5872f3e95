"""What a feed is: one small async interface per kind of market or chain data.

A feed answers with an :class:`Observation` (a number, when it was true, where it came from) or raises
:class:`FeedError`, a :class:`~plankit.errors.ServerError`: a step that reads a failing feed fails as
SERVER_ERROR and is retried under its policy; a trigger that reads one records the error and tries again at
its next poll. A feed never answers with a guess: a price older than its ``max_age`` is an error, a missing
or NaN number is an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, runtime_checkable

from ..errors import ServerError


class FeedError(ServerError):
    """A feed could not give a trustworthy answer (down, timed out, stale, malformed): retried as a server error."""


@dataclass(frozen=True, slots=True)
class Observation:
    """A value read from a feed."""

    value: float
    observed_at: datetime
    source: str
    """Which provider answered (``http:coingecko``, ``evm:8453``, ``static``)."""
    unit: str = ""
    """``USD`` for a price, the token symbol for a balance, ``gwei`` for a gas price, empty for a block."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One contract log, as a trigger's data reaches the plan (``{{trigger.log.tx_hash}}``...)."""

    chain_id: int
    address: str
    topics: tuple[str, ...]
    data: str
    block_number: int
    tx_hash: str
    log_index: int
    block_hash: str = ""

    @property
    def key(self) -> str:
        """What makes a log unique across polls and reorgs: chain, transaction and index within it."""
        return f"{self.chain_id}:{self.tx_hash}:{self.log_index}"

    def as_data(self) -> dict[str, object]:
        """The log as JSON data."""
        return {
            "chain_id": self.chain_id,
            "address": self.address,
            "topics": list(self.topics),
            "data": self.data,
            "block_number": self.block_number,
            "block_hash": self.block_hash,
            "tx_hash": self.tx_hash,
            "log_index": self.log_index,
        }


@runtime_checkable
class PriceFeed(Protocol):
    """Prices of tokens."""

    async def price(self, token: str) -> Observation:
        """The token's price now (``unit`` is the quote currency); raise :class:`FeedError` when unknown."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...


@runtime_checkable
class ChainFeed(Protocol):
    """One EVM chain: blocks, gas, balances, logs."""

    chain_id: int
    confirmations: int
    """Blocks a log must be under before a trigger acts on it (reorg safety)."""

    async def block_number(self) -> Observation:
        """The latest block number."""
        ...

    async def gas_price(self) -> Observation:
        """The gas price, in gwei."""
        ...

    async def balance(self, address: str, token: str) -> Observation:
        """``address``'s balance of ``token`` (the native coin's symbol, a configured symbol, or a contract
        address), in token units (decimals applied)."""
        ...

    async def logs(
        self, address: str, event_signature: str, topics: list[str | None], from_block: int, to_block: int
    ) -> list[LogEntry]:
        """Logs of ``address`` for the event (topic 0 = keccak of the signature) and the further topic filters
        (``None`` = any), in blocks ``from_block..to_block`` inclusive, in chain order."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...


@dataclass
class Feeds:
    """Every configured feed: what the executor's runtime values and the scheduler's triggers read."""

    price: PriceFeed | None = None
    chains: dict[int, ChainFeed] = field(default_factory=dict)
    wallet: str | None = None
    """The default address for ``balance`` (a plan's ``context.wallet`` wins)."""
    source: str = "(in code)"
    """Where the configuration came from, for messages."""

    def chain(self, chain_id: int) -> ChainFeed:
        """The feed of a chain, or :class:`FeedError` naming the configured ones."""
        feed = self.chains.get(chain_id)
        if feed is None:
            known = ", ".join(str(c) for c in sorted(self.chains)) or "none"
            raise FeedError(f"no feed for chain {chain_id} in {self.source} (configured chains: {known})")
        return feed

    def price_feed(self) -> PriceFeed:
        """The price feed, or :class:`FeedError`."""
        if self.price is None:
            raise FeedError(f"no price feed in {self.source}; add a 'price:' section")
        return self.price

    async def aclose(self) -> None:
        """Close every feed."""
        if self.price is not None:
            await self.price.aclose()
        for chain in self.chains.values():
            await chain.aclose()
