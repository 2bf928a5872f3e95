"""Contradiction rules (the ``CONTRA_*`` codes of the seed Plan IR): a plan that works against itself.

Trades, spends, slippage and chains are read from literal params by :mod:`plankit.lint._static` (its
docstrings list the tool and parameter names recognised); conditions are decided there by interval
reasoning (``CONTRA_OPPOSITE_COND`` lives in :mod:`._opposite`; which nodes can both run is decided in
:mod:`._coexist`).
"""

from __future__ import annotations

import json
import marshal
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from decimal import Decimal
from itertools import chain, compress
from operator import attrgetter, itemgetter, not_
from typing import Any

from ...plan import (
    ActionNode,
    BalanceTrigger,
    IfNode,
    LoopNode,
    NodeBase,
    OnChainEventTrigger,
    PlanGraph,
)
from .._context import LintContext
from .._findings import Finding, Severity
from .._registry import rule
from .._static import (
    CHAIN_IDS,
    Trade,
    chains_of,
    is_spending_tool,
    is_trading_tool,
    number,
    param_hits,
    slippage_settings,
    spends_of,
    visits_of,
)
from ._coexist import (
    _amount,
    _holders,
    _inside_loop,
    _names,
    _trades,
    exclusive,
    first_coexisting,
)

__all__ = ["exclusive", "first_coexisting"]


# ======================================================================================== buy/sell
@rule(
    "CONTRA_BUY_SELL",
    "buy-and-sell-same-asset",
    severity=Severity.WARNING,
    summary="The plan buys an asset and sells it back (a round trip) in one run.",
)
def buy_and_sell_same_asset(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds an asset bought by one step and sold by another in the same run, outside the
    two branches of one ``if``. Swaps are read from ``defi_swap``-like tools (a name containing ``swap``)
    with ``from_token``/``to_token``, ``token_in``/``token_out`` or ``sell``/``buy``; exchange and trade
    tools (``exchange.buy``, ``exchange.sell``, ``trade`` / ``order`` with ``side``) with ``token``/
    ``asset``/``symbol`` (a ``pair`` such as ``ETH/USDC`` gives the quote) and ``quote``. Assets are
    literal names, or references (the same reference is the same asset; different ones are never assumed
    equal). A route through an intermediate asset (ETH -> USDC, then USDC -> ARB) is not a round
    trip and is not reported: the asset must come back to what it was bought with (or that side is
    unknown). One finding per asset.

    Why is this bad: buying and selling the same asset in one plan only pays fees and slippage twice; it
    usually means the planner misread the goal (sell *or* buy, depending on a condition).

    Example:
        {"steps": [{"id": "buy", "tool": "defi_swap", "args": {"from_token": "USDC", "to_token": "ETH"}},
                   {"id": "sell", "tool": "defi_swap", "args": {"from_token": "ETH", "to_token": "USDC"}}]}

    Use instead: keep one trade, or put the two in the ``then`` and ``else`` branches of one ``if``.
    """
    graph = ctx.graph
    trades = _trades(ctx)
    marks: dict[str, list[tuple[str, int, Hashable]]] = {}
    for trade in trades.values():
        if trade.bought is not None:
            marks.setdefault(trade.bought, []).append((trade.node_id, 0, trade.sold))  # tag: what was paid
        if trade.sold is not None:
            marks.setdefault(trade.sold, []).append((trade.node_id, 1, trade.bought))  # tag: what came back
    if not marks:
        return
    branches = bool(visits_of(ctx, "if")) or any(action.on_error is not None for action, _ in ctx.actions)
    reported: set[frozenset[str]] = set()
    for asset, asset_marks in marks.items():
        pair = first_coexisting(graph, asset_marks, _round_trip, branches)
        if pair is None or frozenset(pair) in reported:
            continue
        reported.add(frozenset(pair))
        yield _buy_sell_finding(graph, asset, trades[pair[0]], trades[pair[1]])


def _round_trip(paid: Hashable, received: Hashable) -> bool:
    return paid is None or received is None or paid == received


def _buy_sell_finding(graph: PlanGraph, asset: str, buy: Trade, sell: Trade) -> Finding:
    later = sell if graph.position[sell.node_id] > graph.position[buy.node_id] else buy
    paid = f" with {buy.sold}" if buy.sold else ""
    got = f" for {sell.bought}" if sell.bought else ""
    return Finding(
        f"'{buy.node_id}' buys {asset}{paid} and '{sell.node_id}' sells {asset}{got} in the same run: "
        "a round trip that only pays fees and slippage",
        node_id=later.node_id,
        path=later.path,
        hint="keep one of the two trades, or put them in the then/else branches of one if",
    )


# ======================================================================================= overspend
def _spend_totals(ctx: LintContext) -> tuple[dict[str, Decimal], dict[str, list[str]]]:
    """The most each asset may lose in one run, and the steps spending it (in plan order)."""
    graph, trades = ctx.graph, _trades(ctx)
    plain: list[dict[str, Decimal]] = []  # top-level actions without a handler: always counted in full
    own: dict[str, dict[str, Decimal]] = {}
    spenders: dict[str, list[str]] = {}
    relevant = (tool for tool in ctx.tools_used if is_trading_tool(tool) or is_spending_tool(tool))
    for action, path in ctx.actions_of(relevant):
        mine: dict[str, Decimal] = {}
        for spend in spends_of(action, path, trades):
            mine[spend.asset] = mine.get(spend.asset, Decimal(0)) + spend.amount
            spenders.setdefault(spend.asset, []).append(action.id)
        if not mine:
            continue
        if graph.depth[action.id] == 0 and action.on_error is None:
            plain.append(mine)
        else:
            own[action.id] = mine
    pending: dict[str | None, list[dict[str, Decimal]]] = {None: plain}
    for node_id in _holders(graph, own):
        combined = _combine(graph.nodes[node_id], own.get(node_id, {}), pending.pop(node_id, []))
        pending.setdefault(graph.parent[node_id], []).append(combined)
    return _add(pending[None]), spenders


def _combine(node: NodeBase, mine: dict[str, Decimal], kids: list[dict[str, Decimal]]) -> dict[str, Decimal]:
    if isinstance(node, IfNode):
        return _most(kids)  # one branch runs
    if isinstance(node, ActionNode):
        return _most([mine, *kids])  # the handler runs only when the action failed
    if isinstance(node, LoopNode):
        return {asset: amount * node.max_iterations for asset, amount in _add(kids).items()}
    return _add(kids)


def _add(parts: list[dict[str, Decimal]]) -> dict[str, Decimal]:
    total: dict[str, Decimal] = {}
    for part in parts:
        for asset, amount in part.items():
            total[asset] = total.get(asset, Decimal(0)) + amount
    return total


def _most(parts: list[dict[str, Decimal]]) -> dict[str, Decimal]:
    top: dict[str, Decimal] = {}
    for part in parts:
        for asset, amount in part.items():
            top[asset] = max(top.get(asset, Decimal(0)), amount)
    return top


def _balances(ctx: LintContext) -> dict[str, tuple[Decimal, str]]:
    """Known balances by upper-cased asset, with where each comes from; the policy wins over the context."""
    known: dict[str, tuple[Decimal, str]] = {}
    context = ctx.plan.context.get("balances")
    if isinstance(context, dict):
        for asset, value in context.items():
            amount = number(value)
            if amount is not None:
                known[str(asset).strip().upper()] = (Decimal(str(value).strip()), f"context.balances.{asset}")
    for asset, value in ctx.policy.balances.items():
        known[asset.strip().upper()] = (Decimal(str(value)), f"the policy's balances.{asset}")
    return known


@rule(
    "CONTRA_OVERSPEND",
    "spends-more-than-balance",
    severity=Severity.ERROR,
    summary="The literal amounts a plan spends of an asset add up to more than its known balance.",
)
def spends_more_than_balance(ctx: LintContext) -> Iterator[Finding]:
    """What it does: adds up, per asset, the literal amounts the plan's steps give away (swaps sell,
    transfers, payments, bridges, deposits; see :func:`plankit.lint._static.spends_of` for the names) and
    compares the sum with the known balance: the policy's ``balances`` or else the plan's
    ``context.balances``. A loop multiplies its body by ``max_iterations``; of the two branches of an
    ``if`` (or an action and its ``on_error`` handler) only the larger counts. Amounts given as references
    or percentages are unknown and not counted.

    Why is this bad: the later steps fail half-way through the plan, after the earlier ones have already
    moved funds, leaving the account in a state nobody planned.

    Example (context ``{"balances": {"USDC": 100}}``):
        {"steps": [{"id": "weekly", "type": "loop", "max_iterations": 4,
                    "body": {"id": "buy", "tool": "defi_swap",
                             "args": {"from_token": "USDC", "to_token": "ETH", "amount": 50}}}]}

    Use instead: spend at most the balance (here ``"max_iterations": 2``), or read the amount from a
    balance step at run time.
    """
    totals, spenders = _spend_totals(ctx)
    balances = _balances(ctx)
    for asset, total in totals.items():
        if asset not in balances or total <= balances[asset][0]:
            continue
        balance, source = balances[asset]
        yield Finding(
            f"the plan may spend {_amount(total)} {asset} (by {_names(spenders[asset])}), more than the "
            f"balance of {_amount(balance)} {asset} ({source})",
            path="$.steps",
            hint=f"spend at most {_amount(balance)} {asset} in one run, or take the amount from a balance step",
        )


# ======================================================================================= duplicates
_SCALARS = (str, int, float, bool, type(None))


def _canonical(params: dict[str, Any]) -> Hashable:
    """Params as a comparable value: equal exactly when their canonical JSON is equal (1, 1.0, true and
    "1" all differ; key order does not matter)."""
    # Nearly every step's params are scalars and lists of scalars under string keys: then marshal's
    # version-0 bytes of the sorted items (keys are unique, so values are never compared) tell them apart
    # exactly as repr does, in one C call: type codes keep 1, 1.0 and true apart, floats are written as
    # 17-digit text (every NaN as "nan"), and version 0 never shares repeated strings by reference. Bytes
    # are never equal to the general form (a tuple), which could not be equal anyway.
    if _flat(params):
        return marshal.dumps(sorted(params.items()), 0)
    return tuple(sorted((str(key), _canonical_value(value)) for key, value in params.items()))


_SCALAR_TYPES = frozenset(_SCALARS)
_STR_ONLY = frozenset({str})


def _flat(params: dict[str, Any]) -> bool:
    """True when every key is a string and every value a scalar or a list of scalars (type checks in C)."""
    if not _STR_ONLY.issuperset(map(type, params)):
        return False
    for value in params.values():
        kind = type(value)
        if kind not in _SCALAR_TYPES and not (kind is list and _SCALAR_TYPES.issuperset(map(type, value))):
            return False
    return True


def _canonical_value(value: Any) -> str:
    # Scalars and lists of scalars (nearly every param) are told apart exactly by repr, which is much
    # cheaper than the JSON encoder; dicts need their keys sorted, so they go through the encoder.
    kind = value.__class__
    if kind in _SCALARS or (kind is list and all(item.__class__ in _SCALARS for item in value)):
        return repr(value)
    return _ENCODER.encode(value)


def _quick_key(params: dict[str, Any]) -> tuple[tuple[str, Any], ...] | None:
    """A hashable stand-in for params of strings, integers, booleans, None and lists of those (nearly every
    step's), made without serialising; None for any other params (floats, objects: :func:`_canonical`).

    Only its hash is used, to find candidate duplicates: canonically equal params have equal stand-ins
    (same types, same values), while equal stand-ins may still differ canonically (``1`` and ``true`` hash
    alike), which the comparison of canonical keys on a repeated hash settles."""
    items = []
    for key, value in params.items():
        kind = value.__class__
        if kind is list:
            value = tuple(value)
            if not _QUICK_TYPES.issuperset(map(type, value)):
                return None
        elif kind not in _QUICK_TYPES:
            return None
        items.append((key, value))
    items.sort()  # keys are unique strings: values are never compared
    return tuple(items)


_QUICK_TYPES = frozenset((str, int, bool, type(None)))
_TEXT_OF = itemgetter(4)  # a reference's text
_ID_OF = attrgetter("id")
_NODE_OF = itemgetter(0)

_digest = hash
"""CONTRA_DUPLICATE's hash of a step's key (a name of its own, so a test can make every hash collide)."""

_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str)
"""One encoder for every plan: ``json.dumps`` with options builds a new one per call."""


@rule(
    "CONTRA_DUPLICATE",
    "duplicate-action",
    severity=Severity.WARNING,
    summary="Two steps call the same tool with the same params (outside a loop).",
)
def duplicate_action(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds action steps that call the same tool with the same params as an earlier step
    (params compared as canonical JSON; a value holding a reference compares by its reference text, so
    ``{{a.id}}`` and ``{{b.id}}`` differ). Steps inside a loop (which repeats on purpose) and steps in the
    two branches of one ``if`` are not compared. One finding per duplicate, naming the first.

    Why is this bad: the action happens twice: two payments, two emails, two orders. Planners produce this
    when they restate a step instead of referencing it.

    Example:
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"to": "acct_1", "amount": 20}},
                   {"id": "pay-again", "tool": "payments.transfer", "args": {"to": "acct_1", "amount": 20}}]}

    Use instead: one step; later steps reference its output (``{{pay.result}}``).
    """
    graph = ctx.graph
    looped = _inside_loop(graph) if visits_of(ctx, "loop") else set()
    # Only the hash of each step's key is kept (a dict of every key would hold about 28 MiB at 100,000
    # steps); keys are made again and compared only when a hash repeats: a duplicate, or a collision.
    seen: dict[int, ActionNode | list[tuple[str, Hashable]]] = {}
    # Equal params hold the same template references (same texts, parsed by the graph already): a step with
    # a reference text found nowhere else in the plan (a chain's "{{previous.result}}") repeats no step.
    references = graph.references
    pairs = ctx.actions
    texts = list(map(_TEXT_OF, chain.from_iterable(references.values())))  # in C
    count: Callable[[str | None], int | None] | None = None
    if None not in texts and len(set(texts)) == len(texts):
        # Every reference is a template written once in the plan (a chain's): a step holding any repeats no
        # step, and the steps holding none are picked in C.
        if graph.flat:  # every node is an action, and the graph's references are in their order
            held: Iterator[tuple[Any, ...]] = iter(references.values())
        else:
            held = map(references.__getitem__, map(_ID_OF, map(_NODE_OF, pairs)))
        pairs = list(compress(pairs, map(not_, held)))
    else:
        counted = Counter(texts)
        counted.pop(None, None)  # object references have no text
        count = counted.get
    for action, path in pairs:
        node_id = action.id
        if node_id in looped:
            continue
        if count is not None:
            unique = False
            for ref in references[node_id]:  # a loop, not any(): a generator per step costs more than the check
                if count(ref[4]) == 1:
                    unique = True
                    break
            if unique:
                continue
        params = action.params
        quick = _quick_key(params)
        digest = _digest((action.tool, quick if quick is not None else _canonical(params)))
        bucket = seen.get(digest)
        if bucket is None:
            seen[digest] = action
            continue
        key = (action.tool, _canonical(params))
        if not isinstance(bucket, list):
            bucket = seen[digest] = [(bucket.id, (bucket.tool, _canonical(bucket.params)))]
        same = (other for other, other_key in bucket if other_key == key)
        first = next((other for other in same if not exclusive(graph, other, action.id)), None)
        bucket.append((action.id, key))
        if first is not None:
            yield Finding(
                f"'{action.id}' repeats '{first}': the same tool ({action.tool}) with the same params",
                node_id=action.id,
                path=path,
                hint=f"remove '{action.id}' and reference '{first}' where its output is needed",
            )


# ======================================================================================== slippage
@rule(
    "CONTRA_SLIPPAGE",
    "slippage-conflict",
    severity=Severity.ERROR,
    summary="A slippage setting above the policy's max_slippage, or two settings for one pair that differ.",
)
def slippage_conflict(ctx: LintContext) -> Iterator[Finding]:
    """What it does: reads literal slippage params at any depth of an action's params: ``slippage``,
    ``slippage_percent``, ``slippage_pct``, ``max_slippage``, ``max_slippage_percent`` (in percent: ``0.5``
    or ``"0.5%"``), ``slippage_bps`` and ``max_slippage_bps`` (basis points, divided by 100). It reports a
    setting above the policy's ``max_slippage`` (percent) as an error, and, as a warning, a swap whose
    slippage differs from an earlier swap on the same pair of assets (in either direction) that can run in
    the same execution.

    Why is this bad: high slippage lets a trade fill far from the quoted price (and invites sandwich
    attacks); two different tolerances for one pair in one plan mean one of them is not what the user set.

    Example (policy ``max_slippage: 1``):
        {"steps": [{"id": "sell", "tool": "defi_swap",
                    "args": {"from_token": "ETH", "to_token": "USDC", "slippage_bps": 500}}]}

    Use instead: a tolerance within the policy (``"slippage_bps": 50``), the same one for every swap on a pair.
    """
    limit = ctx.policy.max_slippage
    graph, trades = ctx.graph, _trades(ctx)
    by_pair: dict[frozenset[str], dict[float, list[str]]] = {}
    hits = param_hits(ctx)
    if not hits:
        return  # no action has a slippage param: nothing to check or compare
    for action, path in ctx.actions:
        settings = slippage_settings(action, path, hits.get(action.id, ()))
        for value, where in settings:
            if limit is not None and value > limit:
                yield Finding(
                    f"'{action.id}' allows {_amount(value)}% slippage, above the policy's max_slippage of "
                    f"{_amount(limit)}%",
                    node_id=action.id,
                    path=where,
                    hint=f"set slippage to at most {_amount(limit)}%",
                )
        trade = trades.get(action.id)
        if not settings or trade is None or trade.sold is None or trade.bought is None:
            continue
        value, where = settings[0]
        seen = by_pair.setdefault(frozenset({trade.sold, trade.bought}), {})
        other = _conflicting(graph, seen, value, action.id)
        seen.setdefault(value, []).append(action.id)
        if other is not None:
            yield Finding(
                f"'{action.id}' trades {trade.sold}/{trade.bought} with {_amount(value)}% slippage but "
                f"'{other[0]}' trades the same pair with {_amount(other[1])}%",
                node_id=action.id,
                path=where,
                hint="use one slippage tolerance for the pair",
                severity=Severity.WARNING,
            )


def _conflicting(
    graph: PlanGraph, seen: dict[float, list[str]], value: float, node_id: str
) -> tuple[str, float] | None:
    for other_value, others in seen.items():
        if other_value != value:
            for other in others:
                if not exclusive(graph, other, node_id):
                    return other, other_value
    return None


# =========================================================================================== chains
def _trigger_chain(ctx: LintContext) -> tuple[int, str] | None:
    trigger = ctx.plan.trigger
    if isinstance(trigger, OnChainEventTrigger | BalanceTrigger):
        default = "" if "chain_id" in trigger.model_fields_set else " (the default)"
        return trigger.chain_id, default
    return None


@rule(
    "CONTRA_CHAIN",
    "unsupported-chain",
    severity=Severity.ERROR,
    summary="A step or the trigger uses a chain outside the policy's supported_chains (or no well-known chain).",
)
def unsupported_chain(ctx: LintContext) -> Iterator[Finding]:
    """What it does: reads the chains a plan uses and checks them against the policy's ``supported_chains``
    (chain ids; errors), or, when the policy sets none, against the built-in list of well-known chains below
    (warnings: an id nobody knows is usually a typo). The chains read are:
    literal ``chain_id``/``chainId``/``chain``/``from_chain``/``to_chain`` params (and the ``source``,
    ``src``, ``destination``, ``dest``, ``dst``, ``target`` variants, with or without ``_id``) at any depth,
    and the trigger's ``chain_id`` (on-chain event and balance triggers). A chain is an integer, a decimal or
    ``0x`` hex string, or a name; names map to ids by :data:`plankit.lint._static.CHAIN_IDS` (ethereum 1,
    optimism 10, bsc 56, gnosis 100, polygon 137, fantom 250, zksync 324, mantle 5000, base 8453,
    arbitrum 42161, celo 42220, avalanche 43114, linea 59144, blast 81457, base_sepolia 84532,
    scroll 534352, sepolia 11155111, and a few aliases). A name not in the table is reported too, since it
    can't be checked.

    Why is this bad: the executor has no RPC, wallet or tool support for that chain, so the step fails, or
    funds are bridged somewhere the user can't reach them.

    Example (policy ``supported_chains: [1, 8453]``):
        {"steps": [{"id": "bridge", "tool": "bridge.transfer",
                    "args": {"token": "USDC", "from_chain": "base", "to_chain": "arbitrum"}}]}

    Use instead: a supported chain, or add the chain to ``supported_chains`` once it is supported.
    """
    supported = ctx.policy.supported_chains
    builtin = supported is None
    allowed = set(CHAIN_IDS.values()) if supported is None else set(supported)
    listed = "none" if supported == [] else ", ".join(str(chain) for chain in supported or ())
    trigger_chain = _trigger_chain(ctx)
    if trigger_chain is not None and trigger_chain[0] not in allowed:
        yield Finding(
            f"the trigger watches chain {trigger_chain[0]}{trigger_chain[1]}, which is "
            + ("not a well-known chain id" if builtin else f"not supported (supported: {listed})"),
            path="$.trigger.chain_id",
            hint=_CHAIN_HINT if builtin else "use a supported chain",
            severity=Severity.WARNING if builtin else None,
        )
    hits = param_hits(ctx)
    for action, path in ctx.actions_of({ctx.graph.nodes[node_id].tool for node_id in hits}):  # type: ignore[attr-defined]
        for use in chains_of(action, path, hits.get(action.id, ())):
            if use.chain_id is None:
                message = f"'{action.id}' names chain {use.written!r}, which is not a known chain name or id"
                hint = f"use a chain id, or one of: {', '.join(sorted(CHAIN_IDS))}"
            elif use.chain_id not in allowed:
                shown = use.written if use.written == str(use.chain_id) else f"{use.written!r} ({use.chain_id})"
                if builtin:
                    message, hint = f"'{action.id}' uses chain {shown}, which is not a well-known chain id", _CHAIN_HINT
                else:
                    message = f"'{action.id}' uses chain {shown}, which is not supported (supported: {listed})"
                    hint = "use a supported chain"
            else:
                continue
            severity = Severity.WARNING if builtin else None
            yield Finding(message, node_id=action.id, path=use.path, hint=hint, severity=severity)


_CHAIN_HINT = "check the chain id; list the chains you support in the policy's supported_chains to silence this"
