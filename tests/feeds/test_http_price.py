"""The HTTP price feed against a real price server on 127.0.0.1: paths, strings as numbers, retries, staleness,
errors that say what went wrong; and the feeds file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from plankit.feeds import (
    FeedError,
    FeedRuntime,
    FeedsFileError,
    HttpPriceFeed,
    StaticChainFeed,
    StaticPriceFeed,
    load_feeds,
    read_path,
)
from plankit.feeds._base import Feeds

from .price_server import PriceServer


@pytest.fixture
def server() -> Iterator[PriceServer]:
    with PriceServer() as running:
        yield running


def feed(server: PriceServer, **options: Any) -> HttpPriceFeed:
    return HttpPriceFeed(server.url + "/price/{token}", "data.amount", **options)


def test_prices_are_read_from_the_json_path_and_strings_count_as_numbers(server: PriceServer) -> None:
    server.prices.update(ETH="3521.10", BTC=64000)

    async def main() -> tuple[float, float, str]:
        prices = feed(server, max_age_ms=1)
        try:
            eth = await prices.price("ETH")
            btc = await prices.price("BTC")
        finally:
            await prices.aclose()
        return eth.value, btc.value, eth.unit

    assert asyncio.run(main()) == (3521.10, 64000.0, "USD")
    assert server.requests == ["/price/ETH", "/price/BTC"]


def test_server_errors_are_retried_then_reported(server: PriceServer) -> None:
    server.prices["ETH"] = 100
    server.failures = [503]

    async def retried() -> float:
        prices = feed(server, retries=1)
        try:
            return (await prices.price("ETH")).value
        finally:
            await prices.aclose()

    assert asyncio.run(retried()) == 100.0
    server.failures = [500, 502]

    async def given_up() -> str:
        prices = feed(server, retries=1)
        try:
            with pytest.raises(FeedError) as caught:
                await prices.price("ETH")
            return str(caught.value)
        finally:
            await prices.aclose()

    assert asyncio.run(given_up()) == f"price of ETH: HTTP 502 from {server.url}/price/ETH (after 2 attempts)"


def test_a_missing_key_a_non_number_and_a_stale_price_are_no_price(server: PriceServer) -> None:
    server.prices.update(ETH="n/a", NAN="nan")
    server.timestamp = "2020-01-01T00:00:00Z"

    async def errors() -> list[str]:
        found = []
        for prices, token in (
            (HttpPriceFeed(server.url + "/price/{token}", "data.price", retries=0), "ETH"),
            (feed(server, retries=0), "ETH"),
            (feed(server, retries=0), "NAN"),
            (feed(server, retries=0, timestamp_path="data.at"), "NAN"),
        ):
            try:
                with pytest.raises(FeedError) as caught:
                    await prices.price(token)
                found.append(str(caught.value).split(": ", 1)[1])
            finally:
                await prices.aclose()
        return found

    url = f"{server.url}/price"
    assert asyncio.run(errors()) == [
        f"{url}/ETH: the reply has no 'data.price' (missing 'price') (after 1 attempts)",
        f"{url}/ETH: could not convert string to float: 'n/a' (after 1 attempts)",
        f"{url}/NAN: 'nan' is not a finite number (after 1 attempts)",
        f"{url}/NAN: 'nan' is not a finite number (after 1 attempts)",
    ]


def test_a_price_older_than_the_maximum_age_is_refused(server: PriceServer) -> None:
    server.prices["ETH"] = 4000
    server.timestamp = (datetime.now(UTC) - timedelta(minutes=5)).isoformat()

    async def main() -> str:
        prices = feed(server, retries=0, timestamp_path="data.at", max_age_ms=60_000)
        try:
            with pytest.raises(FeedError) as caught:
                await prices.price("ETH")
            return str(caught.value)
        finally:
            await prices.aclose()

    assert "older than the maximum age" in asyncio.run(main())


def test_an_unreachable_server_is_a_feed_error() -> None:
    async def main() -> str:
        prices = HttpPriceFeed("http://127.0.0.1:1/{token}", "x", retries=0, timeout_ms=500)
        try:
            with pytest.raises(FeedError) as caught:
                await prices.price("ETH")
            return str(caught.value)
        finally:
            await prices.aclose()

    assert asyncio.run(main()).startswith("price of ETH: ConnectError from http://127.0.0.1:1/ETH")


def test_read_path() -> None:
    document = {"a": {"b": [10, {"c": 3}]}}
    assert read_path(document, "$.a.b.1.c") == 3
    assert read_path(document, "a.b.0") == 10
    with pytest.raises(KeyError):
        read_path(document, "a.x")


# ----------------------------------------------------------------------------------------- runtime
def test_runtime_values_read_the_feeds() -> None:
    feeds = Feeds(
        price=StaticPriceFeed({"ETH": 3500}),
        chains={8453: StaticChainFeed(8453, balances={"0xabc:USDC": 12.5}, gas_price=0.2, block_number=777)},
        wallet="0xABC",
    )
    runtime = FeedRuntime(feeds)

    async def main() -> list[Any]:
        return [
            await runtime("price", ["ETH"]),
            await runtime("balance", ["USDC"]),
            await runtime("balance", ["USDC", 8453, "0xabc"]),
            await runtime("gas_price", []),
            await runtime("block_number", [8453]),
        ]

    assert asyncio.run(main()) == [3500.0, 12.5, 12.5, 0.2, 777]

    async def missing_chain() -> str:
        with pytest.raises(FeedError) as caught:
            await runtime("gas_price", [1])
        return str(caught.value)

    assert asyncio.run(missing_chain()) == "no feed for chain 1 in (in code) (configured chains: 8453)"


# ------------------------------------------------------------------------------------------ the file
def test_the_feeds_file_builds_feeds_and_refuses_unknown_keys(tmp_path: Path) -> None:
    good = tmp_path / "feeds.yaml"
    good.write_text("static:\n  prices: {ETH: 3500}\n  chains: {8453: {gas_price: 1.5}}\nwallet: '0xabc'\n")
    feeds = load_feeds(good)
    assert feeds is not None and isinstance(feeds.price, StaticPriceFeed)
    assert (feeds.wallet, sorted(feeds.chains)) == ("0xabc", [8453])
    bad = tmp_path / "bad.yaml"
    bad.write_text("price:\n  url: http://x/{token}\n  jsonpath: a.b\n")
    with pytest.raises(FeedsFileError) as caught:
        load_feeds(bad)
    assert str(caught.value) == (
        f"{bad}: invalid feeds file (1 problem)\n"
        "  $.price.jsonpath: unknown key 'jsonpath' (did you mean 'json_path'?)"
    )
    # Every typo names the key it misspells, at any depth; a key like no other, and a missing key with no typo
    # behind it, are said plainly.
    bad.write_text(
        "price: {url: 'http://x/{token}', json_path: a, timout_ms: 5}\n"
        "chains: {8453: {confirmation: 3}}\nstatik: {}\nzzz: 1\n"
    )
    with pytest.raises(FeedsFileError) as caught:
        load_feeds(bad)
    assert str(caught.value) == (
        f"{bad}: invalid feeds file (5 problems)\n"
        "  $.price.timout_ms: unknown key 'timout_ms' (did you mean 'timeout_ms'?)\n"
        "  $.chains[8453].rpc_url: Field required\n"
        "  $.chains[8453].confirmation: unknown key 'confirmation' (did you mean 'confirmations'?)\n"
        "  $.statik: unknown key 'statik' (did you mean 'static'?)\n"
        "  $.zzz: unknown key 'zzz'"
    )


def test_no_file_and_no_env_means_no_feeds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PLANKIT_FEEDS", raising=False)
    assert load_feeds(None) is None
    path = tmp_path / "f.yaml"
    path.write_text("static: {prices: {BTC: 1}}\n")
    monkeypatch.setenv("PLANKIT_FEEDS", str(path))
    loaded = load_feeds(None)
    assert loaded is not None and loaded.source == str(path)
