"""Helpers of the store tests."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from plankit.store import Store


def run(make: Callable[[], Store], body: Callable[[Store], Awaitable[Any]]) -> Any:
    """Open a store from ``make`` and run ``body`` on it in a fresh event loop."""

    async def main() -> Any:
        async with make() as store:
            return await body(store)

    return asyncio.run(main())
