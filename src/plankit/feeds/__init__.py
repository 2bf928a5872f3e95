"""Feeds: market and chain data for runtime values (``price("ETH")``) and for the scheduler's price,
balance, condition and on-chain event triggers.

>>> feeds = load_feeds("feeds.yaml")          # or PLANKIT_FEEDS
>>> (await feeds.price_feed().price("ETH")).value
"""

from ._base import ChainFeed, FeedError, Feeds, LogEntry, Observation, PriceFeed

__all__ = ["ChainFeed", "FeedError", "Feeds", "LogEntry", "Observation", "PriceFeed"]
