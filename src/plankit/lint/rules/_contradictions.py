"""Contradiction rules (the ``CONTRA_*`` codes of the seed Plan IR): a plan that works against itself.

Trades, spends, slippage and chains are read from literal params by :mod:`plankit.lint._static` (its
docstrings list the tool and parameter names recognised); conditions are decided there by interval
reasoning. Two nodes "can both run" unless they sit in the two branches of one ``if``, or one is an
action and the other its own ``on_error`` handler.
"""

from __future__ import annotations

import json
import marshal
from collections import ChainMap
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator
from decimal import Decimal
from typing import Any

from ...plan import (
    ActionNode,
    BalanceTrigger,
    Condition,
    ConditionTrigger,
    IfNode,
    LoopNode,
    NodeBase,
    OnChainEventTrigger,
    PlanGraph,
    WaitNode,
)
from .._context import LintContext
from .._findings import Finding, Severity
from .._registry import rule
from .._static import (
    CHAIN_IDS,
    Domain,
    Mode,
    OperandKey,
    Region,
    Trade,
    always_true,
    can_be_true,
    chains_of,
    condition_keys,
    describe_condition,
    is_spending_tool,
    is_trading_tool,
    is_volatile,
    memo,
    number,
    param_hits,
    region,
    slippage_settings,
    spends_of,
    trade_of,
    visits_of,
)

Sides = tuple[dict[Hashable, str], dict[Hashable, str]]


# ======================================================================================= structure
def _branch_point(node: NodeBase) -> bool:
    """True for nodes whose children never all run: an ``if``, or an action with an ``on_error`` handler."""
    return isinstance(node, IfNode) or (isinstance(node, ActionNode) and node.on_error is not None)


def exclusive(graph: PlanGraph, a: str, b: str) -> bool:
    """True when ``a`` and ``b`` never both run in one execution. O(depth of the plan)."""
    depth, parent = graph.depth, graph.parent
    x, y = a, b
    while depth[x] > depth[y]:
        x = parent[x]  # type: ignore[assignment]
    while depth[y] > depth[x]:
        y = parent[y]  # type: ignore[assignment]
    if x == y:  # one holds the other: exclusive only for an action and its own handler
        return isinstance(graph.nodes[x], ActionNode)
    while parent[x] != parent[y]:
        x, y = parent[x], parent[y]  # type: ignore[assignment]
    common = parent[x]
    return common is not None and isinstance(graph.nodes[common], IfNode)


def first_coexisting(
    graph: PlanGraph,
    marks: Iterable[tuple[str, int, Hashable]],
    compatible: Callable[[Hashable, Hashable], bool],
    branches: bool = True,
) -> tuple[str, str] | None:
    """A ``(left, right)`` pair of marked nodes that can both run and whose tags are ``compatible``.

    ``marks`` are ``(node_id, side, tag)`` with side 0 (left) or 1 (right). Bottom-up over the marked nodes
    and their ancestors only: a pair is found at the lowest node holding both ends, unless that node is a
    branch point. Linear in those nodes (times the distinct tags). ``branches=False`` says the plan has no
    branch point at all, so any compatible pair will do.
    """
    own: dict[str, Sides] = {}
    everything: Sides = ({}, {})
    for node_id, side, tag in marks:
        own.setdefault(node_id, ({}, {}))[side].setdefault(tag, node_id)
        everything[side].setdefault(tag, node_id)
    found = _pair_across(everything, everything, compatible)
    if found is None or not branches:
        return found  # no compatible tags at all, or nothing can keep a compatible pair apart
    pending: dict[str | None, list[Sides]] = {}
    for holder in [*_holders(graph, own), None]:
        parts = ([own[holder]] if holder in own else []) + pending.pop(holder, [])[::-1]
        separated = holder is not None and _branch_point(graph.nodes[holder])
        merged = parts[0] if len(parts) == 1 else ({}, {})
        for part in parts if len(parts) > 1 else ():
            found = None if separated else _pair_across(merged, part, compatible)
            if found is not None:
                return found
            _merge_into(merged, part)
        if holder is not None:
            pending.setdefault(graph.parent[holder], []).append(merged)
    return None


def _holders(graph: PlanGraph, node_ids: Iterable[str]) -> list[str]:
    """The given nodes and all their ancestors, children before parents (reverse document order)."""
    involved: set[str] = set()
    for node_id in node_ids:
        current: str | None = node_id
        while current is not None and current not in involved:
            involved.add(current)
            current = graph.parent[current]
    return sorted(involved, key=graph.position.__getitem__, reverse=True)


def _merge_into(merged: Sides, part: Sides) -> None:
    for side in (0, 1):
        mine = merged[side]
        for tag, witness in part[side].items():
            if tag not in mine:
                mine[tag] = witness


def _pair_across(
    earlier: Sides, later: Sides, compatible: Callable[[Hashable, Hashable], bool]
) -> tuple[str, str] | None:
    if not ((earlier[0] and later[1]) or (later[0] and earlier[1])):
        return None  # the common case: nothing to pair yet
    for lefts, rights in ((earlier[0], later[1]), (later[0], earlier[1])):
        for left_tag, left in lefts.items():
            for right_tag, right in rights.items():
                if compatible(left_tag, right_tag):
                    return left, right
    return None


def _trades(ctx: LintContext) -> dict[str, Trade]:
    """Every trade of the plan by action id, in plan order (read once per lint run)."""

    def read() -> dict[str, Trade]:
        trading = ctx.actions_of(tool for tool in ctx.tools_used if is_trading_tool(tool))
        found = ((action.id, trade_of(action, path)) for action, path in trading)
        return {node_id: trade for node_id, trade in found if trade is not None}

    return memo(ctx, "trades", read)




def _inside_loop(graph: PlanGraph) -> set[str]:
    held: set[str] = set()
    for node_id in graph.nodes:  # document order: a parent comes before its children
        parent = graph.parent[node_id]
        if parent is not None and (parent in held or isinstance(graph.nodes[parent], LoopNode)):
            held.add(node_id)
    return held


def _names(ids: list[str], shown: int = 3) -> str:
    text = ", ".join(f"'{node_id}'" for node_id in ids[:shown])
    return text + (f" and {len(ids) - shown} more" if len(ids) > shown else "")


def _amount(value: Decimal | float) -> str:
    text = f"{value:,f}" if isinstance(value, Decimal) else f"{value:,}"
    return text.rstrip("0").rstrip(".") if "." in text else text


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


# ==================================================================================== conditions
class _ConditionWalk:
    """Walks the node tree once, carrying what enclosing ``if`` branches established about operands.

    Facts are kept in a :class:`ChainMap` of stable facts (step outputs, env) and volatile ones (runtime
    values: prices, balances, gas, time), with an undo log, so entering and leaving a branch costs only the
    keys its condition mentions. After a wait, time has passed: volatile facts are dropped for what follows
    in the same sequence (and for a loop whose body waits).
    """

    def __init__(self, ctx: LintContext):
        self.graph = ctx.graph
        self.facts: ChainMap[OperandKey, Domain] = ChainMap({}, {})
        self.origin: dict[OperandKey, str] = {}
        self.log: list[tuple[Any, ...]] = []
        self.scopes: list[tuple[int, bool]] = []
        self.dead = 0
        self.waits = self._has_wait()

    def _has_wait(self) -> set[str]:
        found: set[str] = set()
        for node_id in reversed(list(self.graph.nodes)):
            node = self.graph.nodes[node_id]
            if isinstance(node, WaitNode) or any(kid in found for kid in self.graph.children[node_id]):
                found.add(node_id)
        return found

    def run(self) -> Iterator[Finding]:
        events: list[tuple[str, Any]] = [("visit", top) for top in reversed(self.graph.children[None])]
        while events:
            kind, payload = events.pop()
            if kind == "visit":
                yield from self._visit(payload, events)
            elif kind == "enter":
                self._enter(*payload)
            else:
                self._leave()

    def _visit(self, node_id: str, events: list[tuple[str, Any]]) -> Iterator[Finding]:
        node = self.graph.nodes[node_id]
        kids = self.graph.children[node_id]
        if isinstance(node, IfNode):
            then_region, else_region = yield from self._check_if(node)
            planned = [("enter", (then_region, node.id)), ("visit", node.then.id), ("leave", None)]
            if node.else_ is not None:
                planned += [("enter", (else_region, node.id)), ("visit", node.else_.id), ("leave", None)]
        elif isinstance(node, WaitNode) and node.until is not None and not can_be_true(node.until):
            yield _never_ends(node, self.graph.paths[node_id])
            planned = []
        elif isinstance(node, LoopNode) and node_id in self.waits:
            planned = [("enter", ("forget", node.id)), ("visit", kids[0]), ("leave", None)]
        elif node.type == "sequence":
            planned = self._sequence(kids)
        else:
            planned = [("visit", kid) for kid in kids]
        events.extend(reversed(planned))

    def _sequence(self, kids: list[str]) -> list[tuple[str, Any]]:
        planned: list[tuple[str, Any]] = []
        forgets = 0
        for index, kid in enumerate(kids):
            planned.append(("visit", kid))
            if kid in self.waits and index < len(kids) - 1:
                planned.append(("enter", ("forget", kid)))
                forgets += 1
        return planned + [("leave", None)] * forgets

    def _check_if(self, node: IfNode) -> Generator[Finding, None, tuple[Region, Region]]:
        # A generator that also returns the two branch regions: (then, else); None marks a dead branch.
        path = f"{self.graph.paths[node.id]}.condition"
        condition = node.condition
        if not can_be_true(condition):
            yield _unsatisfiable(node, path)
            return None, region(condition, Mode.NOT_TRUE, self.facts)
        if always_true(condition):
            yield _constant(node, path)
            return region(condition, Mode.TRUE, self.facts), None
        then_region = region(condition, Mode.TRUE, self.facts)
        else_region = region(condition, Mode.NOT_TRUE, self.facts)
        if self.dead:
            return then_region, else_region
        if then_region is None:
            yield _contradicts(node, path, self._origins(condition))
        elif else_region is None and node.else_ is not None:
            yield _implied(node, path, self._origins(condition))
        return then_region, else_region

    def _origins(self, condition: Condition) -> list[str]:
        found = {self.origin[key] for key in condition_keys(condition) if key in self.facts}
        return sorted(found, key=self.graph.position.__getitem__)

    def _enter(self, region_or_forget: Region | str, origin: str) -> None:
        self.scopes.append((len(self.log), region_or_forget is None))
        if region_or_forget is None:
            self.dead += 1
        elif region_or_forget == "forget":
            self.log.append(("volatile", self.facts.maps[1]))
            self.facts.maps[1] = {}
        else:
            assert isinstance(region_or_forget, dict)
            for key, domain in region_or_forget.items():
                target = self.facts.maps[1] if is_volatile(key) else self.facts.maps[0]
                self.log.append(("set", target, key, target.get(key), self.origin.get(key)))
                target[key] = domain
                self.origin[key] = origin

    def _leave(self) -> None:
        mark, was_dead = self.scopes.pop()
        self.dead -= was_dead
        while len(self.log) > mark:
            entry = self.log.pop()
            if entry[0] == "volatile":
                self.facts.maps[1] = entry[1]
                continue
            _, target, key, old, old_origin = entry
            if old is None:
                target.pop(key, None)
            else:
                target[key] = old
            if old_origin is None:
                self.origin.pop(key, None)
            else:
                self.origin[key] = old_origin


def _unsatisfiable(node: IfNode, path: str) -> Finding:
    return Finding(
        f"the condition of '{node.id}' ({describe_condition(node.condition)}) can never be true: "
        f"its then-branch '{node.then.id}' is unreachable",
        node_id=node.id,
        path=path,
        hint="fix the comparisons (they contradict each other), or remove the if",
    )


def _constant(node: IfNode, path: str) -> Finding:
    shown = describe_condition(node.condition)
    unreachable = (
        f"its else-branch '{node.else_.id}' is unreachable" if node.else_ is not None else "the if is redundant"
    )
    return Finding(
        f"the condition of '{node.id}' ({shown}) is always true: {unreachable}",
        node_id=node.id,
        path=path,
        hint="compare a value known only at run time, or replace the if by its then-branch",
        severity=Severity.WARNING,
    )


def _contradicts(node: IfNode, path: str, origins: list[str]) -> Finding:
    return Finding(
        f"the condition of '{node.id}' ({describe_condition(node.condition)}) contradicts the enclosing "
        f"if {_names(origins)}: its then-branch '{node.then.id}' is unreachable",
        node_id=node.id,
        path=path,
        hint="check the comparison operators and thresholds of the nested conditions",
    )


def _implied(node: IfNode, path: str, origins: list[str]) -> Finding:
    assert node.else_ is not None
    return Finding(
        f"the condition of '{node.id}' ({describe_condition(node.condition)}) always holds inside the "
        f"enclosing if {_names(origins)}: its else-branch '{node.else_.id}' is unreachable",
        node_id=node.id,
        path=path,
        hint="remove the inner if (keep its then-branch), or fix the thresholds",
        severity=Severity.WARNING,
    )


def _never_ends(node: WaitNode, path: str) -> Finding:
    assert node.until is not None
    return Finding(
        f"wait '{node.id}' waits for a condition that can never be true ({describe_condition(node.until)}): "
        f"it always times out after {node.max_wait_ms} ms",
        node_id=node.id,
        path=f"{path}.until",
        hint="fix the comparisons (they contradict each other)",
    )


@rule(
    "CONTRA_OPPOSITE_COND",
    "opposite-conditions",
    severity=Severity.ERROR,
    summary="A condition can never be true (or is always true), alone or given the ifs around it.",
)
def opposite_conditions(ctx: LintContext) -> Iterator[Finding]:
    """What it does: decides conditions by interval reasoning over their comparisons on the same operand
    (the same step output and path, the same runtime call with the same arguments, the same env key, or the
    same pair of operands), through ``not``, ``and`` and ``or``; comparisons between two literals are
    evaluated. It reports, as errors:

    * an ``if``, a ``wait`` or a condition trigger whose condition can never be true (``x > 5 and x < 3``);
    * an ``if`` nested in a branch of another whose condition contradicts it (``if price < 3000`` inside
      the then-branch of ``if price > 4000``): its then-branch is unreachable;

    and, as warnings, an ``if`` whose condition is always true (its else-branch is unreachable), alone or
    given the enclosing ifs. A missing or NaN operand is never taken as true, so a condition on a run-time
    value is never "always true". Values are assumed not to change between an ``if`` and the ifs nested in
    it, except runtime values (prices, balances, gas, time) after a wait.

    Why is this bad: an unreachable branch is work the planner meant to happen that never will (or a guard
    that never guards), and usually a swapped operator or threshold.

    Example:
        {"steps": [{"id": "check", "type": "if", "then": {"id": "sell", "tool": "defi_swap"},
                    "condition": {"type": "logic", "op": "and", "conditions": [
                        {"left": "{{quote.price}}", "op": "gt", "right": 5},
                        {"left": "{{quote.price}}", "op": "lt", "right": 3}]}}]}

    Use instead: conditions that can hold: ``price > 3 and price < 5``.
    """
    trigger = ctx.plan.trigger
    if isinstance(trigger, ConditionTrigger) and not can_be_true(trigger.when):
        yield Finding(
            f"the trigger's condition ({describe_condition(trigger.when)}) can never be true: the plan never starts",
            path="$.trigger.when",
            hint="fix the comparisons (they contradict each other)",
        )
    if visits_of(ctx, "if", "wait"):
        yield from _ConditionWalk(ctx).run()


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
    seen: dict[tuple[str, Hashable], list[str]] = {}
    for action, path in ctx.actions:
        if action.id in looped:
            continue
        key = (action.tool, _canonical(action.params))
        earlier = seen.get(key)
        if earlier is None:
            seen[key] = [action.id]
            continue
        first = next((other for other in earlier if not exclusive(graph, other, action.id)), None)
        earlier.append(action.id)
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
    for action, path in ctx.actions:
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
