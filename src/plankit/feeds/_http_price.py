"""Prices over HTTP: a URL template, a path to the number in the JSON reply, a timeout, retries and a maximum age.

Works with any JSON price API. Two well-known public APIs as configuration examples (documented, never
required; plankit's tests only talk to a price server they start on 127.0.0.1)::

    price:                      # CoinGecko's simple price endpoint
      url: "https://api.coingecko.com/api/v3/simple/price?ids={token}&vs_currencies=usd"
      json_path: "{token}.usd"
      tokens: {ETH: ethereum, BTC: bitcoin}        # symbol -> the id this API uses in {token}

    price:                      # Coinbase's spot price endpoint
      url: "https://api.coinbase.com/v2/prices/{token}-USD/spot"
      json_path: "data.amount"                     # a string such as "3521.10" is read as a number
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

from ..errors import MissingExtraError
from ._base import FeedError, Observation


def read_path(document: Any, path: str) -> Any:
    """Follow a dotted path (``data.amount``, ``prices.0``, ``$.a.b``) into JSON data; KeyError when absent."""
    current = document
    for part in path.removeprefix("$").strip(".").split("."):
        if part == "":
            continue
        if isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        elif isinstance(current, dict) and part in current:
            current = current[part]
        else:
            raise KeyError(part)
    return current


def as_number(value: Any) -> float:
    """A finite float from a JSON number or numeric string; ValueError otherwise (booleans are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"{value!r} is not a number")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{value!r} is not a finite number")
    return number


class HttpPriceFeed:
    """A :class:`~plankit.feeds.PriceFeed` over any JSON HTTP API (``httpx``, the ``http`` extra)."""

    def __init__(
        self,
        url: str,
        json_path: str,
        *,
        currency: str = "USD",
        tokens: Mapping[str, str] | None = None,
        timeout_ms: int = 5_000,
        retries: int = 2,
        max_age_ms: int = 60_000,
        timestamp_path: str | None = None,
        headers: Mapping[str, str] | None = None,
        now: Callable[[], datetime] | None = None,
        name: str = "http",
    ):
        try:
            import httpx
        except ImportError as exc:  # pragma: no cover - httpx is in the default dev install
            raise MissingExtraError("httpx", "http") from exc
        self.url = url
        self.json_path = json_path
        self.currency = currency
        self.tokens = dict(tokens or {})
        self.retries = retries
        self.max_age = timedelta(milliseconds=max_age_ms)
        self.timestamp_path = timestamp_path
        self.now = now or (lambda: datetime.now(UTC))
        self.name = name
        self._client = httpx.AsyncClient(timeout=timeout_ms / 1000, headers=dict(headers or {}))
        self._cache: dict[str, Observation] = {}

    async def price(self, token: str) -> Observation:
        """The price of ``token``: fetched (with retries on errors), or from the last answer while it is fresh."""
        cached = self._cache.get(token)
        if cached is not None and self.now() - cached.observed_at <= self.max_age:
            return cached
        last_error = "no attempt"
        for attempt in range(self.retries + 1):
            try:
                observation = await self._fetch(token)
            except FeedError as exc:
                last_error = str(exc)
                if attempt < self.retries:
                    await asyncio.sleep(min(0.2 * 2**attempt, 2.0))
                continue
            self._cache[token] = observation
            return observation
        raise FeedError(f"price of {token}: {last_error} (after {self.retries + 1} attempts)")

    async def _fetch(self, token: str) -> Observation:
        import httpx

        symbol = self.tokens.get(token, token)
        url = self.url.replace("{token}", quote(symbol, safe=""))
        try:
            response = await self._client.get(url)
        except httpx.HTTPError as exc:
            raise FeedError(f"{type(exc).__name__} from {url}: {exc}") from exc
        if response.status_code != 200:
            raise FeedError(f"HTTP {response.status_code} from {url}")
        try:
            document = response.json()
            value = as_number(read_path(document, self.json_path.replace("{token}", symbol)))
        except KeyError as exc:
            raise FeedError(f"{url}: the reply has no {self.json_path!r} (missing {exc.args[0]!r})") from exc
        except ValueError as exc:
            raise FeedError(f"{url}: {exc}") from exc
        observed = self._observed_at(document, url)
        if self.now() - observed > self.max_age:
            raise FeedError(f"{url}: the price is from {observed.isoformat()}, older than the maximum age")
        return Observation(value, observed, f"{self.name}:{url}", self.currency)

    def _observed_at(self, document: Any, url: str) -> datetime:
        if self.timestamp_path is None:
            return self.now()
        try:
            raw = read_path(document, self.timestamp_path)
            if isinstance(raw, str) and not raw.replace(".", "", 1).isdigit():
                moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
                return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
            seconds = as_number(raw)
            return datetime.fromtimestamp(seconds / 1000 if seconds > 1e11 else seconds, UTC)
        except (KeyError, ValueError) as exc:
            raise FeedError(f"{url}: no usable timestamp at {self.timestamp_path!r}") from exc

    async def aclose(self) -> None:
        """Close the HTTP client."""
        await self._client.aclose()
