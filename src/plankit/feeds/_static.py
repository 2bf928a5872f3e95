"""Feeds that answer from fixed tables: for examples, dry runs and tests (re-exported by ``plankit.testing``).

Values can be changed while a test runs (``feed.prices["ETH"] = 4100``), so a test moves a price through a
threshold without any network.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from ._base import FeedError, LogEntry, Observation


def _now() -> datetime:
    return datetime.now(UTC)


class StaticPriceFeed:
    """Prices from a dict (symbol → price); an unknown symbol is a :class:`FeedError`."""

    def __init__(
        self, prices: Mapping[str, float] | None = None, *, currency: str = "USD", now: Callable[[], datetime] = _now
    ):
        self.prices = dict(prices or {})
        self.currency = currency
        self.now = now

    async def price(self, token: str) -> Observation:
        """The table's price of ``token``."""
        if token not in self.prices:
            raise FeedError(f"no static price for {token!r} (known: {', '.join(sorted(self.prices)) or 'none'})")
        return Observation(float(self.prices[token]), self.now(), "static", self.currency)

    async def aclose(self) -> None:
        """Nothing to release."""


class StaticChainFeed:
    """One chain from tables: balances by ``(address, token)`` or ``token``, a gas price, a block number, logs."""

    def __init__(
        self,
        chain_id: int,
        *,
        balances: Mapping[str, float] | None = None,
        gas_price: float | None = None,
        block_number: int = 0,
        logs: list[LogEntry] | None = None,
        confirmations: int = 0,
        now: Callable[[], datetime] = _now,
    ):
        self.chain_id = chain_id
        self.balances = dict(balances or {})
        """Keyed ``"ADDRESS:TOKEN"`` (case-insensitive address) or just ``"TOKEN"``."""
        self.gas = gas_price
        self.block = block_number
        self.entries = list(logs or [])
        self.confirmations = confirmations
        self.now = now

    async def block_number(self) -> Observation:
        """The table's block number."""
        return Observation(float(self.block), self.now(), f"static:{self.chain_id}")

    async def gas_price(self) -> Observation:
        """The table's gas price (gwei)."""
        if self.gas is None:
            raise FeedError(f"no static gas price for chain {self.chain_id}")
        return Observation(float(self.gas), self.now(), f"static:{self.chain_id}", "gwei")

    async def balance(self, address: str, token: str) -> Observation:
        """The table's balance of ``token`` for ``address``."""
        for key in (f"{address.lower()}:{token}", token):
            if key in self.balances:
                return Observation(float(self.balances[key]), self.now(), f"static:{self.chain_id}", token)
        raise FeedError(f"no static balance of {token!r} for {address} on chain {self.chain_id}")

    async def logs(
        self, address: str, event_signature: str, topics: list[str | None], from_block: int, to_block: int
    ) -> list[LogEntry]:
        """The table's logs of ``address`` in the block range whose topics match the filters.

        Topic 0 is not checked here (tables hold the logs of the events they are about); topics 1.. are.
        """
        found = []
        for entry in self.entries:
            if entry.address.lower() != address.lower() or not from_block <= entry.block_number <= to_block:
                continue
            wanted = list(topics)
            if all(want is None or (i + 1 < len(entry.topics) and entry.topics[i + 1].lower() == want.lower())
                   for i, want in enumerate(wanted)):  # fmt: skip
                found.append(entry)
        return sorted(found, key=lambda e: (e.block_number, e.log_index))

    async def aclose(self) -> None:
        """Nothing to release."""
