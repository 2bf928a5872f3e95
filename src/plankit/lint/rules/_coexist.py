"""Which nodes of a plan can both run, shared by the contradiction rules.

Two nodes "can both run" unless they sit in the two branches of one ``if``, or one is an action and the
other its own ``on_error`` handler. Also the per-run reading of the plan's trades, and message helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from decimal import Decimal

from ...plan import (
    ActionNode,
    IfNode,
    LoopNode,
    NodeBase,
    PlanGraph,
)
from .._context import LintContext
from .._static import (
    Trade,
    is_trading_tool,
    memo,
    trade_of,
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
    if not involved:
        return []  # without asking for the graph's positions, built on first use
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
