"""``CONTRA_OPPOSITE_COND``: conditions that can never be true (or are always true), alone or given the
``if`` nodes around them, decided by the interval reasoning of :mod:`plankit.lint._conditions`.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Generator, Iterator, Sequence
from typing import Any

from ...plan import (
    Condition,
    ConditionTrigger,
    IfNode,
    LoopNode,
    WaitNode,
)
from .._context import LintContext
from .._findings import Finding, Severity
from .._registry import rule
from .._static import (
    Domain,
    Mode,
    OperandKey,
    Region,
    always_true,
    can_be_true,
    condition_keys,
    describe_condition,
    is_volatile,
    region,
    visits_of,
)
from ._coexist import _names


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

    def _sequence(self, kids: Sequence[str]) -> list[tuple[str, Any]]:
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
