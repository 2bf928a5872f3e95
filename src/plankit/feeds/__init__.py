"""Feeds: market and chain data for runtime values (``price("ETH")``) and for the scheduler's price,
balance, condition and on-chain event triggers.

>>> feeds = load_feeds("feeds.yaml")          # or PLANKIT_FEEDS
>>> (await feeds.price_feed().price("ETH")).value
"""

from ._base import ChainFeed, FeedError, Feeds, LogEntry, Observation, PriceFeed
from ._check import FEED_MISSING, feed_findings
from ._config import FEEDS_ENV_VAR, FeedsFile, FeedsFileError, feeds_from_config, load_feeds
from ._evm import Web3ChainFeed
from ._http_price import HttpPriceFeed, as_number, read_path
from ._runtime import DEFAULT_CHAIN_ID, FeedRuntime
from ._static import StaticChainFeed, StaticPriceFeed

__all__ = [
    "DEFAULT_CHAIN_ID",
    "FEEDS_ENV_VAR",
    "FEED_MISSING",
    "ChainFeed",
    "FeedError",
    "FeedRuntime",
    "Feeds",
    "FeedsFile",
    "FeedsFileError",
    "HttpPriceFeed",
    "LogEntry",
    "Observation",
    "PriceFeed",
    "StaticChainFeed",
    "StaticPriceFeed",
    "Web3ChainFeed",
    "as_number",
    "feed_findings",
    "feeds_from_config",
    "load_feeds",
    "read_path",
]
