"""The feeds configuration file (``--feeds feeds.yaml``, or ``PLANKIT_FEEDS``): strict, with clear errors.

::

    price:                          # one HTTP price API (see plankit.feeds._http_price for two presets)
      url: "http://127.0.0.1:8080/price/{token}"
      json_path: "data.amount"
      currency: USD
      timeout_ms: 5000
      retries: 2
      max_age_ms: 60000             # a price older than this is no price
    chains:                         # EVM chains over JSON-RPC (pip install 'plankit[chain]')
      8453:
        rpc_url: "http://127.0.0.1:8545"
        native: ETH
        confirmations: 3
        tokens: {USDC: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}
    wallet: "0x..."                 # the default address for balance() and balance triggers
    static:                         # fixed values, for examples and dry runs
      prices: {ETH: 3500}
      chains: {8453: {gas_price: 12, block_number: 100, balances: {ETH: 1.5}}}
"""

from __future__ import annotations

import os
import types
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, Field, ValidationError

from .._utils import closest, validator_message
from ..errors import ConfigError, FormatProblem
from ..plan import IRModel
from ._base import ChainFeed, Feeds, PriceFeed
from ._static import StaticChainFeed, StaticPriceFeed

FEEDS_ENV_VAR = "PLANKIT_FEEDS"
"""The environment variable naming a feeds file when ``--feeds`` is not given."""


class FeedsFileError(ConfigError):
    """A feeds file that can't be used (unreadable, unknown keys, wrong types): every problem with its path."""


class PriceSection(IRModel):
    """``price:``: one HTTP price API."""

    url: str = Field(min_length=1)
    json_path: str = Field(min_length=1)
    currency: str = "USD"
    tokens: dict[str, str] = Field(default_factory=dict)
    timeout_ms: int = Field(5_000, ge=1, le=600_000)
    retries: int = Field(2, ge=0, le=10)
    max_age_ms: int = Field(60_000, ge=1)
    timestamp_path: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)


class ChainSection(IRModel):
    """``chains.<id>:``: one EVM chain over JSON-RPC."""

    rpc_url: str = Field(min_length=1)
    native: str = "ETH"
    confirmations: int = Field(3, ge=0, le=10_000)
    tokens: dict[str, str] = Field(default_factory=dict)
    timeout_ms: int = Field(10_000, ge=1, le=600_000)
    retries: int = Field(2, ge=0, le=10)
    max_block_range: int = Field(2_000, ge=1, le=1_000_000)
    """The widest block range one eth_getLogs asks for (public RPCs refuse wide ones); longer spans are split."""


class StaticChain(IRModel):
    """``static.chains.<id>:``: fixed chain values."""

    gas_price: float | None = None
    block_number: int = Field(0, ge=0)
    balances: dict[str, float] = Field(default_factory=dict)


class StaticSection(IRModel):
    """``static:``: fixed values for examples and dry runs."""

    prices: dict[str, float] = Field(default_factory=dict)
    chains: dict[int, StaticChain] = Field(default_factory=dict)


class FeedsFile(IRModel):
    """The whole file."""

    price: PriceSection | None = None
    chains: dict[int, ChainSection] = Field(default_factory=dict)
    wallet: str | None = None
    static: StaticSection | None = None


def load_feeds(path: str | Path | None = None) -> Feeds | None:
    """The feeds a file configures (``path``, else ``$PLANKIT_FEEDS``); None when neither is given.

    Raises :class:`FeedsFileError` with every problem and its JSON path.
    """
    source = path if path is not None else os.environ.get(FEEDS_ENV_VAR) or None
    if source is None:
        return None
    try:
        # YAML (or JSON, a subset), read directly: chain ids are natural as bare number keys (``8453:``).
        document = yaml.safe_load(Path(source).read_text(encoding="utf-8"))
    except OSError as exc:
        raise FeedsFileError(f"{source}: can't read the feeds file ({exc.strerror or exc})") from exc
    except yaml.YAMLError as exc:
        raise FeedsFileError(f"{source}: not valid YAML or JSON: {exc}") from exc
    if document is not None and not isinstance(document, dict):
        raise FeedsFileError(f"{source}: a feeds file is a mapping (price:, chains:, wallet:, static:)")
    try:
        config = FeedsFile.model_validate(document if document is not None else {})
    except ValidationError as exc:
        problems = _problems(exc)
        count = f"{len(problems)} problem" + ("s" if len(problems) != 1 else "")
        raise FeedsFileError(f"{source}: invalid feeds file ({count})", problems) from exc
    return feeds_from_config(config, str(source))


def feeds_from_config(config: FeedsFile, source: str = "(in code)") -> Feeds:
    """Build the feeds a parsed configuration describes."""
    price: PriceFeed | None = None
    if config.price is not None:
        from ._http_price import HttpPriceFeed

        section = config.price
        price = HttpPriceFeed(
            section.url, section.json_path, currency=section.currency, tokens=section.tokens,
            timeout_ms=section.timeout_ms, retries=section.retries, max_age_ms=section.max_age_ms,
            timestamp_path=section.timestamp_path, headers=section.headers,
        )  # fmt: skip
    elif config.static is not None and config.static.prices:
        price = StaticPriceFeed(config.static.prices)
    chains: dict[int, ChainFeed] = {}
    if config.static is not None:
        for chain_id, values in config.static.chains.items():
            chains[chain_id] = StaticChainFeed(
                chain_id, balances=values.balances, gas_price=values.gas_price, block_number=values.block_number
            )
    for chain_id, chain in config.chains.items():
        chains[chain_id] = _evm_chain(chain_id, chain)
    return Feeds(price=price, chains=chains, wallet=config.wallet, source=source)


def _evm_chain(chain_id: int, section: ChainSection) -> ChainFeed:
    from ._evm import Web3ChainFeed  # web3 (the 'chain' extra) is imported only when a chain is configured

    try:
        feed: ChainFeed = Web3ChainFeed(
            chain_id, rpc_url=section.rpc_url, tokens=section.tokens, native_symbol=section.native,
            confirmations=section.confirmations, timeout_s=section.timeout_ms / 1000, retries=section.retries,
            max_block_range=section.max_block_range,
        )  # fmt: skip
    except ConfigError as exc:  # invalid token addresses, each with its path
        raise FeedsFileError(exc.message, exc.problems) from exc
    return feed


def _problems(exc: ValidationError) -> list[FormatProblem]:
    """pydantic's errors at the file's JSON paths; an unknown key names the closest valid one, and the
    "Field required" of the key it misspells is left out (one mistake, one problem)."""
    errors = exc.errors()
    meant: set[tuple[Any, ...]] = set()
    problems: list[FormatProblem | None] = []
    for error in errors:
        location = tuple(error["loc"])
        if error["type"] != "extra_forbidden":
            problems.append(None)  # filled in below, once every typo is known
            continue
        match = closest(str(location[-1]), _keys_at(location[:-1]))
        if match is not None:
            meant.add((*location[:-1], match))
        hint = f"did you mean '{match}'?" if match else None
        problems.append(FormatProblem(_path(location), f"unknown key {location[-1]!r}", hint))
    for index, error in enumerate(errors):
        if problems[index] is None and not (error["type"] == "missing" and tuple(error["loc"]) in meant):
            problems[index] = FormatProblem(_path(error["loc"]), validator_message(error["msg"]))
    return [problem for problem in problems if problem is not None]


def _keys_at(location: tuple[Any, ...]) -> list[str]:
    """The keys the section at ``location`` of a feeds file may have (none known: empty)."""
    current: Any = FeedsFile
    for part in location:
        current = _optional(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(part))
            if field is None:
                return []
            current = field.annotation
        elif get_origin(current) is dict:
            current = get_args(current)[1]
        else:
            return []
    current = _optional(current)
    return list(current.model_fields) if isinstance(current, type) and issubclass(current, BaseModel) else []


def _optional(kind: Any) -> Any:
    """``X | None`` -> ``X``."""
    args = [arg for arg in get_args(kind) if arg is not type(None)]
    return args[0] if get_origin(kind) in (Union, types.UnionType) and len(args) == 1 else kind


def _path(location: tuple[Any, ...]) -> str:
    text = "$"
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text
