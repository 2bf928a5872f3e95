"""Runtime values from feeds: what ``price("ETH")``, ``balance("USDC", 8453)``, ``gas_price(8453)`` and
``block_number(8453)`` read when a step runs (an executor's ``runtime=``).

Arguments: ``price(token)``; ``balance(token[, chain_id[, address]])`` (address: the feeds' ``wallet``);
``gas_price([chain_id])`` in gwei and ``block_number([chain_id])``; the chain id defaults to 8453 (Base), as the
plan IR's balance trigger does. A feed that fails raises :class:`~plankit.feeds.FeedError` (a server error: the
step is retried under its policy); a call that can't be answered as written raises ``UserError``.
"""

from __future__ import annotations

from typing import Any

from ..errors import UserError
from ._base import Feeds

DEFAULT_CHAIN_ID = 8453


class FeedRuntime:
    """A runtime provider (``Executor(runtime=FeedRuntime(feeds))``) reading :class:`~plankit.feeds.Feeds`."""

    def __init__(self, feeds: Feeds):
        self.feeds = feeds

    async def __call__(self, fn: str, args: list[Any]) -> Any:
        if fn == "price":
            token = _text(fn, args, 0, "a token symbol")
            return (await self.feeds.price_feed().price(token)).value
        if fn == "balance":
            token = _text(fn, args, 0, "a token symbol or address")
            chain = self.feeds.chain(_chain(fn, args, 1))
            address = str(args[2]) if len(args) > 2 and args[2] else self.feeds.wallet
            if not address:
                raise UserError(f"balance({token!r}) needs an address: a third argument, or 'wallet' in the feeds file")
            return (await chain.balance(address, token)).value
        if fn == "gas_price":
            return (await self.feeds.chain(_chain(fn, args, 0)).gas_price()).value
        if fn == "block_number":
            return int((await self.feeds.chain(_chain(fn, args, 0)).block_number()).value)
        raise UserError(f"{fn}() is not a runtime function the feeds provide")


def _text(fn: str, args: list[Any], index: int, what: str) -> str:
    if len(args) <= index or not isinstance(args[index], str) or not args[index]:
        raise UserError(f"{fn}() needs {what} as argument {index + 1}")
    return str(args[index])


def _chain(fn: str, args: list[Any], index: int) -> int:
    if len(args) <= index or args[index] is None:
        return DEFAULT_CHAIN_ID
    value = args[index]
    if isinstance(value, bool) or not isinstance(value, int | float | str) or not str(value).isdigit():
        raise UserError(f"{fn}(): the chain id must be a whole number, got {value!r}")
    return int(value)
