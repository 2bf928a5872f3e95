"""Literal parameters: assets, amounts, swaps and spends, slippage settings and chain ids, read from the
literal values of an action's ``params`` (values holding references are unknown, never guessed); and the
per-run helpers the rules share (:func:`memo`, :func:`visits_of`, :func:`plan_start`, :func:`param_hits`).
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, TypeVar

from ..plan import (
    ActionNode,
    NodeVisit,
    Plan,
    TimeTrigger,
    parse_template,
)
from ._detect import nested_params, plan_text

if TYPE_CHECKING:
    from ._context import LintContext


_T = TypeVar("_T")


# ============================================================================================ literals
class _NotLiteral:
    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL: Any = _NotLiteral()
"""Returned by :func:`literal` for a value that holds a reference (its value is known only at run time)."""

_NUMBER_TEXT = re.compile(r"^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$")


def literal(value: Any) -> Any:
    """The scalar ``value`` is, or :data:`NOT_LITERAL` (a reference, a template string, a container)."""
    while isinstance(value, dict) and value.get("type") == "literal" and "value" in value and len(value) == 2:
        value = value["value"]  # a literal reference object holds its value
    if isinstance(value, dict):
        return NOT_LITERAL
    if isinstance(value, str):
        if "{" in value and any(not isinstance(part, str) for part in parse_template(value)):
            return NOT_LITERAL
        return value
    if value is None or isinstance(value, bool | int | float):
        return value
    return NOT_LITERAL


def number(value: Any) -> float | None:
    """A finite number from a number or a numeric string (``"4000"``); None otherwise (booleans too)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            result = float(value)
        except OverflowError:
            return None
        return result if math.isfinite(result) else None
    if isinstance(value, str) and _NUMBER_TEXT.match(value):
        return number(float(value))
    return None


def decimal(value: Any) -> Decimal | None:
    """An exact, finite, non-negative amount from a literal number or numeric string; None otherwise."""
    if isinstance(value, bool) or number(value) is None:
        return None
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:  # pragma: no cover - number() already accepted the text
        return None
    return amount if amount >= 0 else None


# ============================================================================================== memo
def memo(ctx: LintContext, name: str, compute: Callable[[], _T]) -> _T:
    """``compute()`` once per lint run and ``name`` (see :meth:`LintContext.memo`)."""
    return ctx.memo(name, compute)


def visits_of(ctx: LintContext, *kinds: str) -> list[NodeVisit]:
    """The lint context's node visits of the given node types, in document order (indexed once per run)."""

    by_type = ctx.visits_by_type
    groups = [by_type[kind] for kind in kinds if kind in by_type]
    found = [visit for group in groups for visit in group]
    if len(groups) > 1:  # each group is in document order already
        position = ctx.graph.position
        found.sort(key=lambda visit: position[visit.node.id])
    return found


# ============================================================================================== time
def plan_start(plan: Plan, now: datetime) -> datetime:
    """When a run of the plan starts at the earliest: its time trigger's ``at`` or interval trigger's
    ``start_at`` when that is in the future, now otherwise."""
    trigger = plan.trigger
    start = trigger.at if isinstance(trigger, TimeTrigger) else getattr(trigger, "start_at", None)
    return start if isinstance(start, datetime) and start > now else now


# ================================================================================ literal parameters
@functools.lru_cache(maxsize=8192)
def norm_key(key: str) -> str:
    """Parameter names compared loosely: ``from_token``, ``fromToken`` and ``FROM-TOKEN`` are one name."""
    return key.replace("_", "").replace("-", "").lower()


def top_params(action: ActionNode) -> dict[str, tuple[str, Any]]:
    """The action's top-level params by :func:`norm_key`, each with its original key (first one wins)."""
    found: dict[str, tuple[str, Any]] = {}
    for key, value in action.params.items():
        found.setdefault(norm_key(key), (key, value))
    return found


def walk_params(
    params: dict[str, Any], base: str, names: frozenset[str] | None = None
) -> Iterator[tuple[str, Any, str]]:
    """Every ``(key, value, json_path)`` inside params in document order, nested dicts and lists included
    (iteratively; a list's items carry the list's key); reference objects are values, never entered. With
    ``names``, only keys whose :func:`norm_key` is one of them are yielded (paths are built only for those
    and for the containers on the way)."""
    # The top level, and lists of scalars in it, are read here directly (most params are nothing more); a
    # nested container is walked by _walk_from, exactly as this would walk it.
    for key, value in params.items():
        if key.__class__ is not str:
            key = str(key)
        wanted = names is None or norm_key(key) in names
        value_class = value.__class__
        if value_class is list:
            nested = not _CONTAINERS.isdisjoint(map(type, value))
            if not (wanted or nested):
                continue
            spot = f"{base}.{key}"
            if wanted:
                yield key, value, spot
            if nested:
                yield from _walk_from(iter(enumerate(value)), spot, key, names)
            elif wanted:  # its items are scalars, all wanted (they carry the list's key)
                for index, item in enumerate(value):
                    yield key, item, f"{spot}[{index}]"
        elif value_class is dict:
            is_dict = literal(value) is NOT_LITERAL and not _is_reference(value)
            if not (wanted or is_dict):
                continue
            spot = f"{base}.{key}"
            if wanted:
                yield key, value, spot
            if is_dict:
                yield from _walk_from(iter(value.items()), spot, None, names)
        elif wanted:
            yield key, value, f"{base}.{key}"


def _walk_from(
    items: Iterator[tuple[Any, Any]], base: str, list_key: str | None, names: frozenset[str] | None
) -> Iterator[tuple[str, Any, str]]:
    """:func:`walk_params` of one container's entries (``list_key``: the key of a list's items)."""
    stack: list[tuple[Iterator[tuple[Any, Any]], str, str | None]] = [(items, base, list_key)]
    while stack:
        items, where, list_key = stack[-1]
        entry = next(items, None)
        if entry is None:
            stack.pop()
            continue
        index, value = entry
        key = list_key if list_key is not None else index if index.__class__ is str else str(index)
        wanted = names is None or norm_key(key) in names
        value_class = value.__class__
        # A list is entered when its items are wanted, or when it holds containers that may hold wanted keys
        # (``isdisjoint`` over the items' types: a scan in C).
        is_list = value_class is list and (wanted or not _CONTAINERS.isdisjoint(map(type, value)))
        is_dict = value_class is dict and literal(value) is NOT_LITERAL and not _is_reference(value)
        if not (wanted or is_list or is_dict):
            continue
        spot = f"{where}[{index}]" if list_key is not None else f"{where}.{key}"
        if wanted:
            yield key, value, spot
        if is_dict:
            stack.append((iter(value.items()), spot, None))
        elif is_list:
            stack.append((iter(enumerate(value)), spot, key))


_CONTAINERS = frozenset((dict, list))
_NODE_OF = itemgetter(0)
_PARAMS_OF = attrgetter("params")


def named_tools(ctx: LintContext, tools: Iterable[str], names: frozenset[str]) -> list[str]:
    """The tools of ``tools`` (in their order) whose actions' params hold, at any depth, a key whose
    :func:`norm_key` is one of ``names``: :func:`walk_params` with ``names`` finds nothing in the actions of
    the others. The keys of each tool's actions are read once per lint run."""
    known: dict[str, frozenset[str]] = ctx.memo("tool_keys", dict)
    tools = list(tools)
    unread = [tool for tool in tools if tool not in known]
    if unread and not nested_params(ctx):  # every key is a top-level one: each tool's, gathered in C
        for tool in unread:
            found = map(_PARAMS_OF, map(_NODE_OF, ctx.actions_of((tool,))))
            known[tool] = frozenset(map(norm_key, set().union(*found)))
    elif unread:
        raw: dict[str, set[Any]] = {tool: set() for tool in unread}
        nested: list[tuple[dict[str, Any], set[Any]]] = []
        for node, _ in ctx.actions_of(unread):
            params = node.params
            if params:
                keys = raw[node.tool]
                keys.update(params)
                if not _CONTAINERS.isdisjoint(map(type, params.values())):
                    nested.append((params, keys))  # most params hold scalars only: read in C, done
        for params, keys in nested:
            _read_keys(params, keys)
        known.update((tool, frozenset(map(norm_key, map(str, keys)))) for tool, keys in raw.items())
    return [tool for tool in tools if not names.isdisjoint(known[tool])]


def _read_keys(params: dict[str, Any], keys: set[Any]) -> None:
    """Every dict key below the top level of ``params`` into ``keys`` (every dict and list entered: a superset
    of what :func:`walk_params` enters)."""
    pending: list[Any] = list(params.values())
    while pending:
        current = pending.pop()
        if current.__class__ is dict:
            keys.update(current)
            pending.extend(current.values())
        elif current.__class__ is list and not _CONTAINERS.isdisjoint(map(type, current)):
            pending.extend(current)  # a list of scalars (bound args, values) holds no key: not entered


def _is_reference(value: dict[str, Any]) -> bool:
    return value.get("type") in ("step_output", "env", "runtime")


def traded(value: Any) -> str | None:
    """An asset named in a trade: a literal symbol (:func:`asset`), or the text of a reference (the same
    reference is the same run-time asset, so two trades on ``{{pick.token}}`` do trade one asset)."""
    symbol = asset(value)
    if symbol is not None or literal(value) is not NOT_LITERAL:
        return symbol
    return value.strip() if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)


def asset(value: Any) -> str | None:
    """An asset symbol or address from a literal string (upper-cased, so ``eth`` is ``ETH``)."""
    text = literal(value)
    if not isinstance(text, str) or not text.strip():
        return None
    return text.strip().upper()


def percent(value: Any) -> float | None:
    """A literal percentage: a number, or text such as ``"0.5"`` or ``"0.5%"``."""
    text = literal(value)
    if isinstance(text, str) and text.strip().endswith("%"):
        text = text.strip()[:-1]
    return number(text) if text is not NOT_LITERAL else None


# ============================================================================== trades and spending
_PAIR_KEYS = (
    ("fromtoken", "totoken"),
    ("tokenin", "tokenout"),
    ("sell", "buy"),
    ("selltoken", "buytoken"),
    ("fromasset", "toasset"),
    ("inputtoken", "outputtoken"),
)
"""Swap parameters naming the asset given up and the asset received (compared with :func:`norm_key`)."""
_ASSET_KEYS = ("token", "asset", "symbol", "coin", "base", "pair", "market", "currency")
_QUOTE_KEYS = ("quote", "quotetoken", "quoteasset", "quotecurrency")
_TRADE_WORDS = frozenset({"trade", "trades", "exchange", "buy", "sell", "order", "orders", "dex"})
_SPEND_WORDS = frozenset(
    {"transfer", "send", "pay", "payout", "bridge", "deposit", "stake", "withdraw", "refund", "tip", "donate"}
)
_TRADE_AMOUNT_KEYS = ("amount", "amountin", "fromamount", "sellamount", "inputamount", "quantity", "qty")
_BUY_COST_KEYS = ("quoteamount", "cost", "total")
_SPEND_AMOUNT_KEYS = ("amount", "value", "quantity", "qty")


@dataclass(frozen=True, slots=True)
class Trade:
    """An action that gives up ``sold`` to receive ``bought`` (either may be unknown: None)."""

    node_id: str
    sold: str | None
    bought: str | None
    path: str
    """JSON path of the parameter naming the traded asset."""


@dataclass(frozen=True, slots=True)
class Spend:
    """A literal amount of an asset that an action gives away."""

    node_id: str
    asset: str
    amount: Decimal
    path: str


def _words(tool: str) -> set[str]:
    return set(re.split(r"[._\-/:]+", tool.lower()))


@functools.lru_cache(maxsize=4096)
def is_trading_tool(tool: str) -> bool:
    """Swap and exchange tools: a name containing ``swap`` or a word ``trade``, ``exchange``, ``buy``,
    ``sell``, ``order`` or ``dex`` (``defi_swap``, ``dex.swap``, ``exchange.buy``, ``trade``)."""
    return "swap" in tool.lower() or bool(_words(tool) & _TRADE_WORDS)


@functools.lru_cache(maxsize=4096)
def is_spending_tool(tool: str) -> bool:
    """Transfer-like tools: a name word ``transfer``, ``send``, ``pay``, ... (see :func:`spends_of`)."""
    return bool(_words(tool) & _SPEND_WORDS)


def trade_of(action: ActionNode, path: str) -> Trade | None:
    """What a swap or exchange action trades, from its params (None for other actions): literal asset names,
    or the text of a reference when an asset is only known at run time.

    Recognised: ``from_token``/``to_token``, ``token_in``/``token_out``, ``sell``/``buy`` (and
    ``sell_token``/``buy_token``, ``from_asset``/``to_asset``, ``input_token``/``output_token``); or a
    side (a tool ending in ``buy``/``sell``, or a ``side`` param) with ``token``/``asset``/``symbol``/``coin``
    /``base`` (a ``pair``/``market`` such as ``ETH/USDC`` gives base and quote), plus ``quote``.
    """
    if not is_trading_tool(action.tool):
        return None
    params = top_params(action)
    for sold_key, bought_key in _PAIR_KEYS:
        if sold_key in params and bought_key in params:
            sold, bought = traded(params[sold_key][1]), traded(params[bought_key][1])
            if (sold or bought) and sold != bought:
                return Trade(action.id, sold, bought, f"{path}.params.{params[sold_key][0]}")
            return None
    return _side_trade(action, params, path)


def _side_trade(action: ActionNode, params: dict[str, tuple[str, Any]], path: str) -> Trade | None:
    side = literal(params["side"][1]) if "side" in params else None
    if not isinstance(side, str):
        side = next((word for word in ("buy", "sell") if action.tool.lower().endswith(word)), None)
    side = side.strip().lower() if side else None
    if side not in ("buy", "sell"):
        return None
    key = next((key for key in _ASSET_KEYS if key in params and traded(params[key][1])), None)
    if key is None:
        return None
    base = traded(params[key][1])
    quote = next((traded(params[q][1]) for q in _QUOTE_KEYS if q in params and traded(params[q][1])), None)
    if base and key in ("pair", "market", "symbol") and asset(params[key][1]) and ("/" in base or "-" in base):
        parts = re.split(r"[/\-]", base)
        if len(parts) == 2 and all(parts):
            base, quote = parts[0], quote or parts[1]
    where = f"{path}.params.{params[key][0]}"
    return Trade(action.id, quote, base, where) if side == "buy" else Trade(action.id, base, quote, where)


def spends_of(action: ActionNode, path: str, trades: Mapping[str, Trade] | None = None) -> list[Spend]:
    """Literal amounts an action gives away, by asset.

    * a trade spends what it sells: ``amount``/``amount_in``/``from_amount``/``sell_amount``/``input_amount``
      /``quantity``/``qty`` of the sold asset; a buy with a known quote spends ``quote_amount``/
      ``cost``/``total`` of the quote asset;
    * a transfer-like tool (a name word ``transfer``, ``send``, ``pay``, ``payout``, ``bridge``,
      ``deposit``, ``stake``, ``withdraw``, ``refund``, ``tip``, ``donate``) spends ``amount``/``value``/
      ``quantity``/``qty`` of its ``token``/``asset``/``currency``/``coin``/``symbol``.

    Amounts that are references, percentages or words (``"all"``) are unknown and not counted. ``trades``
    (action id to :func:`trade_of`, when already read) saves reading the trade again.
    """
    trading = is_trading_tool(action.tool)
    if not trading and not is_spending_tool(action.tool):
        return []
    params = top_params(action)
    known = trades.get(action.id) if trades is not None else trade_of(action, path)
    trade = known if trading else None
    if trade is not None:
        buying_side = "side" in params or action.tool.lower().endswith(("buy", "sell"))
        if buying_side and trade.bought is not None and _side_is_buy(action, params):
            return _spend(action, params, path, trade.sold, _BUY_COST_KEYS)
        return _spend(action, params, path, trade.sold, _TRADE_AMOUNT_KEYS)
    if is_spending_tool(action.tool):
        key = next((key for key in (*_ASSET_KEYS[:4], "currency") if key in params), None)
        return _spend(action, params, path, asset(params[key][1]) if key else None, _SPEND_AMOUNT_KEYS)
    return []


def _side_is_buy(action: ActionNode, params: dict[str, tuple[str, Any]]) -> bool:
    side = literal(params["side"][1]) if "side" in params else None
    if isinstance(side, str):
        return side.strip().lower() == "buy"
    return action.tool.lower().endswith("buy")


def _spend(
    action: ActionNode,
    params: dict[str, tuple[str, Any]],
    path: str,
    spent: str | None,
    keys: tuple[str, ...],
) -> list[Spend]:
    if spent is None:
        return []
    for key in keys:
        if key in params:
            amount = decimal(literal(params[key][1]))
            return [Spend(action.id, spent, amount, f"{path}.params.{params[key][0]}")] if amount else []
    return []


# ========================================================================== slippage and chain ids
_SLIPPAGE_PERCENT_KEYS = frozenset({"slippage", "slippagepercent", "slippagepct", "maxslippage", "maxslippagepercent"})
_SLIPPAGE_BPS_KEYS = frozenset({"slippagebps", "maxslippagebps"})
SLIPPAGE_KEYS = _SLIPPAGE_PERCENT_KEYS | _SLIPPAGE_BPS_KEYS


def slippage_settings(
    action: ActionNode, path: str, found: Iterable[tuple[str, Any, str]] | None = None
) -> list[tuple[float, str]]:
    """Literal slippage settings of an action, in percent, with their JSON paths: ``slippage``,
    ``slippage_percent``, ``slippage_pct``, ``max_slippage``, ``max_slippage_percent`` are percent
    (``0.5`` or ``"0.5%"``); ``slippage_bps`` and ``max_slippage_bps`` are basis points (divided by 100).
    ``found`` (entries of :func:`walk_params` already read) saves walking the params again."""
    settings: list[tuple[float, str]] = []
    entries = found if found is not None else walk_params(action.params, f"{path}.params", SLIPPAGE_KEYS)
    for key, value, where in entries:
        name = norm_key(key)
        amount = percent(value) if name in SLIPPAGE_KEYS else None
        if amount is not None:
            settings.append((amount / 100 if name in _SLIPPAGE_BPS_KEYS else amount, where))
    return settings


_CHAIN_NAMES = (
    "1 ethereum mainnet eth; 10 optimism op; 56 bsc bnb; 100 gnosis; 137 polygon matic; 250 fantom; 324 zksync; "
    "5000 mantle; 8453 base; 42161 arbitrum arbitrum_one; 42220 celo; 43114 avalanche avax; 59144 linea; "
    "81457 blast; 84532 base_sepolia; 534352 scroll; 11155111 sepolia"
)
CHAIN_IDS: dict[str, int] = {
    name: int(entry.split()[0]) for entry in _CHAIN_NAMES.split(";") for name in entry.split()[1:]
}
"""Chain names understood in chain params (lower case; spaces and ``-`` read as ``_``) and their ids:
ethereum/mainnet/eth 1, optimism/op 10, bsc/bnb 56, gnosis 100, polygon/matic 137, fantom 250, zksync 324,
mantle 5000, base 8453, arbitrum/arbitrum_one 42161, celo 42220, avalanche/avax 43114, linea 59144,
blast 81457, base_sepolia 84532, scroll 534352, sepolia 11155111."""

CHAIN_KEYS = frozenset(
    f"{prefix}chain{suffix}"
    for prefix in ("", "from", "to", "source", "src", "destination", "dest", "dst", "target")
    for suffix in ("", "id")
)


@dataclass(frozen=True, slots=True)
class ChainUse:
    """A literal chain named in params: what was written, the id it means (None if unknown), where."""

    written: str
    chain_id: int | None
    path: str


def chain_id(value: Any) -> int | None:
    """The chain id meant by a literal: an integer, a decimal or ``0x`` hex string, or a known name."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text.isdigit():
        return int(text)
    if re.fullmatch(r"0x[0-9a-f]+", text):
        return int(text, 16)
    return CHAIN_IDS.get(re.sub(r"[\s\-]+", "_", text))


def chains_of(action: ActionNode, path: str, found: Iterable[tuple[str, Any, str]] | None = None) -> list[ChainUse]:
    """Every literal chain an action names, under ``chain_id``/``chainId``/``chain``/``from_chain``/
    ``to_chain`` (and ``source_``/``src_``/``destination_``/``dest_``/``dst_``/``target_`` variants, with
    or without ``_id``), at any depth of its params."""
    uses: list[ChainUse] = []
    entries = found if found is not None else walk_params(action.params, f"{path}.params", CHAIN_KEYS)
    for key, value, where in entries:
        written = literal(value) if norm_key(key) in CHAIN_KEYS else None
        if isinstance(written, str | int) and not isinstance(written, bool):
            uses.append(ChainUse(str(written), chain_id(written), where))
    return uses


_WATCHED = SLIPPAGE_KEYS | CHAIN_KEYS


def param_hits(ctx: LintContext) -> dict[str, list[tuple[str, Any, str]]]:
    """The slippage and chain params of every action that has some (read once per lint run)."""
    return ctx.memo("param_hits", _read_param_hits, ctx)


def _read_param_hits(ctx: LintContext) -> dict[str, list[tuple[str, Any, str]]]:
    # The plan's keys (at any depth) tell at once whether any action can have a watched param.
    if not any(norm_key(key) in _WATCHED for key in plan_text(ctx).keys):
        return {}
    found = ((action.id, list(walk_params(action.params, f"{path}.params", _WATCHED))) for action, path in ctx.actions)
    return {node_id: hits for node_id, hits in found if hits}
