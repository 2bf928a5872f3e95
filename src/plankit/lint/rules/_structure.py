"""Graph, limit and timing rules: dependency cycles, unknown and implicit references, plan size, the limits
on loops, waits and parallel fan-out, and times that contradict each other.

**Cycles: ``LOOP_DETECTED`` or ``CONTRA_CIRCULAR``.** The plan graph (:class:`plankit.plan.PlanGraph`)
reports one cycle per strongly connected group of sibling steps, plus every step that needs its own or an
enclosing step's output. Each is reported exactly once, under one of two codes:

* ``LOOP_DETECTED`` (plan-lint's code) when the group holds a cycle made of explicit ordering only:
  ``depends_on`` entries and the order of a ``sequence``;
* ``CONTRA_CIRCULAR`` when a reference (in params, a prompt or a condition) is needed to close the cycle,
  and for every containment cycle (a step using its own output, or the output of a step it contains or
  that contains it).

Everything here is iterative and O(steps + edges).
"""

from __future__ import annotations

import difflib
import re
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Literal

from ..._utils import did_you_mean
from ...plan import (
    RESERVED_ROOTS,
    TRIGGER_DATA_KEYS,
    Cycle,
    Edge,
    IfNode,
    IntervalTrigger,
    LoopNode,
    ParallelNode,
    PlanGraph,
    TimeTrigger,
    WaitNode,
)
from .._context import LintContext
from .._findings import Finding, Severity
from .._registry import rule
from .._static import can_be_true, describe_condition, plan_start, visits_of
from .._trigger_checks import trigger_findings

EXPLICIT_KINDS: frozenset[Literal["depends_on", "sequence"]] = frozenset({"depends_on", "sequence"})
"""Edge kinds that order steps explicitly."""

DEFAULT_MAX_LOOP_ITERATIONS = 1_000
"""``CONTRA_INFINITE``: the iteration count above which a loop without ``exit_when`` is reported when the
policy sets no ``max_loop_iterations``."""

UNBOUNDED_WAIT_MS = 30 * 24 * 60 * 60 * 1000
"""``CONTRA_INFINITE``: a ``wait`` on a condition whose ``max_wait_ms`` is this (30 days) or more has no
meaningful bound."""

SUGGESTION_BUDGET = 2_000_000
"""``UNKNOWN_REFERENCE``: how many id comparisons "did you mean" hints may cost in one plan; past it, hints
name no suggestion (so a plan with thousands of broken references stays linear)."""


# ============================================================================================ cycles
def _strong_components(nodes: Iterable[str], successors: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """Groups of two or more nodes that all reach each other (Tarjan's algorithm, with explicit stacks)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = []
        _open(root, index, low, stack, on_stack, work, successors)
        while work:
            node, pending = work[-1]
            child = next(pending, None)
            if child is not None:
                if child not in index:
                    _open(child, index, low, stack, on_stack, work, successors)
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = _close(node, stack, on_stack)
                if len(group) > 1:
                    groups.append(group)
    return groups


def _open(
    node: str,
    index: dict[str, int],
    low: dict[str, int],
    stack: list[str],
    on_stack: set[str],
    work: list[tuple[str, Iterator[str]]],
    successors: Mapping[str, Sequence[str]],
) -> None:
    index[node] = low[node] = len(index)
    stack.append(node)
    on_stack.add(node)
    work.append((node, iter(successors.get(node, ()))))


def _close(node: str, stack: list[str], on_stack: set[str]) -> list[str]:
    group: list[str] = []
    while True:
        member = stack.pop()
        on_stack.discard(member)
        group.append(member)
        if member == node:
            return group


def _cycle_through(start: str, members: set[str], successors: Mapping[str, Sequence[str]]) -> list[str]:
    """A shortest cycle from ``start`` back to itself inside ``members`` (breadth-first)."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for nxt in successors.get(current, ()):
            if nxt == start:
                path = [current]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return path[::-1]
            if nxt in members and nxt not in came_from:
                came_from[nxt] = current
                queue.append(nxt)
    return [start]  # pragma: no cover - members are strongly connected, so the search always closes


def _explicit_successors(graph: PlanGraph) -> dict[str, list[str]]:
    successors: dict[str, dict[str, None]] = {}
    for edge in graph.iter_edges(EXPLICIT_KINDS):
        successors.setdefault(edge.source, {})[edge.target] = None
    return {source: list(targets) for source, targets in successors.items()}


def _first_edges(graph: PlanGraph) -> tuple[dict[tuple[str, str], Edge], dict[tuple[str, str], Edge]]:
    """The first explicit and the first reference edge between each ordered pair of siblings."""
    explicit: dict[tuple[str, str], Edge] = {}
    reference: dict[tuple[str, str], Edge] = {}
    for edge in graph.iter_edges():
        target = explicit if edge.kind != "reference" else reference
        pair = (edge.source, edge.target)
        if pair not in target:
            target[pair] = edge
    return explicit, reference


def _classified_cycles(ctx: LintContext) -> Iterator[tuple[str, Finding]]:
    """Every cycle once, as ``(code, finding)``, in plan order (dependency groups, then containment)."""
    graph = ctx.graph
    # The graph's own cycle search is shared by every user of the graph; members are found only when needed.
    has_groups = any(cycle.kind == "dependency" for cycle in graph.cycles())
    groups = _strong_components(graph.nodes, graph.successors) if has_groups else []
    if groups:
        explicit_successors = _explicit_successors(graph)
        explicit_groups = _strong_components(explicit_successors, explicit_successors)
        yield from _group_findings(graph, groups, explicit_groups, explicit_successors)
    seen: set[tuple[str, ...]] = set()
    for cycle in graph.containment_cycles:
        if cycle.path not in seen:
            seen.add(cycle.path)
            yield "CONTRA_CIRCULAR", _containment_finding(graph, cycle)


def _group_findings(
    graph: PlanGraph,
    groups: list[list[str]],
    explicit_groups: list[list[str]],
    explicit_successors: dict[str, list[str]],
) -> Iterator[tuple[str, Finding]]:
    position = graph.position
    group_of = {member: number for number, group in enumerate(groups) for member in group}
    explicit_in: dict[int, list[str]] = {}
    for explicit in sorted(explicit_groups, key=lambda g: min(position[m] for m in g)):
        explicit_in.setdefault(group_of[explicit[0]], explicit)
    explicit_edges, reference_edges = _first_edges(graph)
    for number, group in sorted(enumerate(groups), key=lambda item: min(position[m] for m in item[1])):
        members = set(group)
        if number in explicit_in:
            inner = explicit_in[number]
            start = min(inner, key=position.__getitem__)
            path = _cycle_through(start, set(inner), explicit_successors)
            yield "LOOP_DETECTED", _loop_finding(graph, path, members, explicit_edges)
        else:
            start = min(group, key=position.__getitem__)
            path = _cycle_through(start, members, graph.successors)
            yield "CONTRA_CIRCULAR", _circular_finding(graph, path, members, reference_edges, explicit_edges)


def _others(graph: PlanGraph, path: list[str], members: set[str]) -> str:
    rest = sorted(members - set(path), key=graph.position.__getitem__)
    if not rest:
        return ""
    shown = ", ".join(repr(member) for member in rest[:5]) + (f" and {len(rest) - 5} more" if len(rest) > 5 else "")
    return f"; also caught in the same circle: {shown}"


def _loop_finding(graph: PlanGraph, path: list[str], members: set[str], edges: dict[tuple[str, str], Edge]) -> Finding:
    closing = edges[(path[-1], path[0])]
    text = Cycle(tuple(path), "dependency").describe()
    return Finding(
        f"steps wait for each other in a loop: {text}{_others(graph, path, members)}",
        node_id=path[0],
        path=closing.location,
        hint="drop one of these depends_on entries (or reorder the sequence) so the steps can run in order",
    )


def _circular_finding(
    graph: PlanGraph,
    path: list[str],
    members: set[str],
    references: dict[tuple[str, str], Edge],
    explicit: dict[tuple[str, str], Edge],
) -> Finding:
    pairs = list(zip(path, [*path[1:], path[0]], strict=True))
    # Without an explicit cycle in the group, at least one link of the path is a reference alone.
    closing = next(references[pair] for pair in pairs if pair in references and pair not in explicit)
    text = Cycle(tuple(path), "dependency").describe()
    return Finding(
        f"circular dependency {text}: it closes through a reference in '{closing.via}' "
        f"to the output of '{closing.source}'{_others(graph, path, members)}",
        node_id=closing.via,
        path=closing.location,
        hint="a step can only use outputs of steps that finish before it; remove the reference or the "
        "dependency that makes them wait for each other",
    )


def _containment_finding(graph: PlanGraph, cycle: Cycle) -> Finding:
    needer = cycle.path[0]
    needed = cycle.path[-1]
    if len(cycle.path) == 1:
        why = f"'{needer}' needs its own output"
    elif graph.contains(needed, needer):
        why = f"'{needer}' needs the output of '{needed}', which contains it"
    else:
        why = f"'{needer}' needs the output of '{needed}', which it contains"
    return Finding(
        f"circular dependency {cycle.describe()}: {why}, so it can never run",
        node_id=needer,
        path=_need_location(graph, needer, needed),
        hint="use the output of a step that finishes before this one starts",
    )


def _need_location(graph: PlanGraph, needer: str, needed: str) -> str:
    node = graph.nodes[needer]
    if needed in node.depends_on:
        return f"{graph.paths[needer]}.depends_on[{node.depends_on.index(needed)}]"
    return next((ref.location for ref in graph.references[needer] if ref.root == needed), graph.paths[needer])


@rule(
    "LOOP_DETECTED",
    "dependency-loop",
    severity=Severity.ERROR,
    summary="Steps wait for each other in a circle of depends_on entries or sequence order.",
)
def dependency_loop(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds steps whose explicit ordering (``depends_on`` entries and the order of a
    ``sequence``) goes round in a circle, and names the circle (``a -> b -> a``). One finding per group of
    steps caught in a circle. A circle that needs a reference to close is ``CONTRA_CIRCULAR`` instead.

    Why is this bad: each step in the circle waits for another one in it, so none of them can ever start.
    The plan deadlocks (or, with a naive executor, runs in an arbitrary order).

    Example:
        {"steps": [{"id": "a", "tool": "x", "depends_on": ["b"]},
                   {"id": "b", "tool": "y", "depends_on": ["a"]}]}

    Use instead: decide which step goes first and drop the other ``depends_on`` entry:
        {"steps": [{"id": "a", "tool": "x"}, {"id": "b", "tool": "y", "depends_on": ["a"]}]}
    """
    for code, finding in _classified_cycles(ctx):
        if code == "LOOP_DETECTED":
            yield finding


@rule(
    "CONTRA_CIRCULAR",
    "circular-reference",
    severity=Severity.ERROR,
    summary="Steps need each other's output (through references in params, prompts or conditions).",
)
def circular_reference(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds circles of steps that need each other's output, where at least one link is a
    reference (``{{b.result}}`` in params or a prompt, a ``step_output`` operand in a condition). Also a step
    that uses its own output, or the output of a step that contains it or that it contains. One finding per
    circle, naming it (``a -> b -> a``). Circles made only of ``depends_on`` and sequence order are
    ``LOOP_DETECTED``; a group holding such a circle is reported there, not here.

    Why is this bad: a step can only read outputs of steps that have finished before it starts. In a circle
    every step waits for another, so none can run; the reference can never be resolved.

    Example:
        {"steps": [{"id": "a", "tool": "x", "args": {"v": "{{b.result}}"}},
                   {"id": "b", "tool": "y", "args": {"v": "{{a.result}}"}}]}

    Use instead: break the circle: one of the steps must work without the other's output:
        {"steps": [{"id": "a", "tool": "x"},
                   {"id": "b", "tool": "y", "args": {"v": "{{a.result}}"}, "depends_on": ["a"]}]}
    """
    for code, finding in _classified_cycles(ctx):
        if code == "CONTRA_CIRCULAR":
            yield finding


# ======================================================================================== references
class _Suggester:
    """Closest-id hints within :data:`SUGGESTION_BUDGET` comparisons per plan."""

    def __init__(self, ids: Iterable[str]):
        self.source = ids
        self.ids: list[str] | None = None
        self.spent = 0
        self.cache: dict[str, str | None] = {}

    def hint(self, missing: str) -> str:
        if self.ids is None:
            self.ids = sorted(set(self.source))  # only plans with a broken reference pay for this
        if missing not in self.cache:
            match: str | None = None
            if self.spent + len(self.ids) <= SUGGESTION_BUDGET:
                self.spent += len(self.ids)
                found = difflib.get_close_matches(missing, self.ids, n=1, cutoff=0.6)
                match = found[0] if found else None
            self.cache[missing] = match
        match = self.cache[missing]
        if match is None:
            return f"no step has the id '{missing}'; fix the spelling or add the step"
        return f"did you mean '{match}'?"


@rule(
    "UNKNOWN_REFERENCE",
    "reference-to-unknown-step",
    severity=Severity.ERROR,
    summary="A depends_on entry or a reference names a step that does not exist.",
)
def unknown_reference(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds ``depends_on`` entries and references (``{{id.path}}``, ``${id.path}``,
    ``step_output`` objects and condition operands) naming a step id that is not in the plan, and suggests
    the closest existing id. ``{{context.x}}`` and ``{{env.X}}`` are not step references; ``{{trigger.x}}``
    must name data the plan's trigger gives (``price`` for a price trigger, ``tx_hash`` for an on-chain event...).

    Why is this bad: the reference can never be resolved, so the step fails at run time (or, worse, runs
    with an empty value); a ``depends_on`` on a missing step either blocks forever or is silently ignored.

    Example:
        {"steps": [{"id": "fetch_user", "tool": "db.query_ro"},
                   {"id": "mail", "tool": "email.send", "args": {"to": "{{fetch_usr.email}}"}}]}

    Use instead: name an existing step: ``"{{fetch_user.email}}"``.
    """
    graph = ctx.graph
    suggester = _Suggester(graph.nodes)
    for dangling in graph.dangling:
        what = "depends on" if dangling.kind == "depends_on" else "references"
        yield Finding(
            f"'{dangling.node_id}' {what} unknown step '{dangling.missing}'",
            node_id=dangling.node_id,
            path=dangling.location,
            hint=suggester.hint(dangling.missing),
        )
    yield from _unknown_trigger_data(ctx)


def _unknown_trigger_data(ctx: LintContext) -> Iterator[Finding]:
    """``{{trigger.key}}`` references that the plan's trigger does not give (or a plan without a trigger)."""
    trigger = ctx.plan.trigger
    keys = TRIGGER_DATA_KEYS.get(trigger.type, frozenset()) if trigger is not None else frozenset()
    for node_id, refs in ctx.graph.references.items():
        for ref in refs:
            if ref.root != "trigger":
                continue
            key = re.split(r"[.\[]", ref.path, maxsplit=1)[0] if ref.path else ""
            if trigger is None:
                message = f"'{node_id}' references the trigger's data, and the plan has no trigger"
                yield Finding(
                    message, node_id=node_id, path=ref.location, hint="add a trigger, or remove the reference"
                )
            elif key and key not in keys:
                hint = did_you_mean(key, keys) or f"a {trigger.type} trigger gives: {', '.join(sorted(keys))}"
                message = f"'{node_id}' references trigger data '{key}', which a {trigger.type} trigger does not give"
                yield Finding(message, node_id=node_id, path=ref.location, hint=hint)


def _explicit_reach(graph: PlanGraph, bit: dict[str, int], targets: set[str]) -> dict[str, int]:
    """For each of ``targets``, the union of the ``bit`` of every source upstream of it through explicit
    edges.

    Nodes are visited in topological order of the explicit edges (Kahn); only the frontier's sets are held,
    so memory follows the width of the plan, not its length. Nodes on or after an explicit loop are never
    reached (that loop is ``LOOP_DETECTED``'s finding).
    """
    successors = _explicit_successors(graph)
    waiting = dict.fromkeys(graph.nodes, 0)
    for following in successors.values():
        for target in following:
            waiting[target] += 1
    upstream = {node: 0 for node, count in waiting.items() if count == 0}
    ready = deque(upstream)
    reach: dict[str, int] = {}
    while ready:
        node = ready.popleft()
        mine = upstream.pop(node)
        if node in targets:
            reach[node] = mine
        passed = mine | bit.get(node, 0)
        for target in successors.get(node, ()):
            upstream[target] = upstream.get(target, 0) | passed
            waiting[target] -= 1
            if waiting[target] == 0:
                ready.append(target)
    return reach


def _undeclared_references(graph: PlanGraph) -> list[Edge]:
    """The first reference edge between each pair of siblings that no explicit edge joins directly."""
    explicit: set[tuple[str, str]] | None = None
    found: dict[tuple[str, str], Edge] = {}
    nodes, parent = graph.nodes, graph.parent
    for node_id, refs in graph.references.items():  # the order of the graph's reference edges
        depends_on = nodes[node_id].depends_on if refs else ()
        for ref in refs:
            root = ref[0]
            # The common case is decided without making the edge: a sibling the step depends on.
            if root in depends_on and root != node_id and root in nodes and parent[root] == parent[node_id]:
                continue
            if root not in RESERVED_ROOTS:
                edge = graph.edge_of(root, node_id, "reference", ref[2])
                if edge is not None:
                    explicit = _undeclared(graph, edge, found, explicit)
    return list(found.values())


def _undeclared(
    graph: PlanGraph, edge: Edge, found: dict[tuple[str, str], Edge], explicit: set[tuple[str, str]] | None
) -> set[tuple[str, str]] | None:
    """Add ``edge`` to ``found`` unless an explicit edge joins its pair; the explicit pairs, once read."""
    pair = (edge.source, edge.target)
    # Most references are declared on the step itself; the full set of explicit edges is built only for
    # the others (sequence order, depends_on lifted from inner steps).
    if pair in found or edge.source in graph.nodes[edge.target].depends_on:
        return explicit
    if explicit is None:
        explicit = {(e.source, e.target) for e in graph.iter_edges(EXPLICIT_KINDS)}
    if pair not in explicit:
        found[pair] = edge
    return explicit


def _referenced_root(graph: PlanGraph, edge: Edge) -> str:
    for ref in graph.references[edge.via]:
        if ref.location == edge.location and (ref.root == edge.source or graph.contains(edge.source, ref.root)):
            return ref.root
    return edge.source  # pragma: no cover - every reference edge comes from one of the node's references


@rule(
    "IMPLICIT_DEPENDENCY",
    "reference-without-dependency",
    severity=Severity.WARNING,
    summary="A step uses another step's output without depending on it (depends_on or sequence order).",
)
def reference_without_dependency(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds references to a step that is not an explicit dependency: not upstream through
    ``depends_on`` entries or the order of a ``sequence``. That covers a reference with no ``depends_on``
    and a forward reference (to a step written later). As the plan graph does, a reference deep inside a
    composite step is lifted to the pair of sibling steps holding the two ends, and the hint says which
    ``depends_on`` to add on which of those. A reference that closes a circle is reported by the cycle
    rules instead.

    Why is this bad: the order then rests on the reference alone. Tools and people reading ``depends_on``
    (plan-lint, other executors, reviewers) see two independent steps and may run them in any order or in
    parallel, so the reference resolves to nothing. plankit itself always orders a step after the steps it
    references, so when the two are top-level steps and the used one is written first (the usual agent plan,
    read top down) the finding is an ``info`` note, which changes neither the status nor the risk; a forward
    reference, or one between steps of a ``parallel`` (declared independent), stays a warning. To silence the
    note: add the ``depends_on``, or ``--ignore IMPLICIT_DEPENDENCY``.

    Example:
        {"steps": [{"id": "quote", "tool": "fx.quote"},
                   {"id": "pay", "tool": "payments.transfer", "args": {"amount": "{{quote.total}}"}}]}

    Use instead: say it: ``{"id": "pay", ..., "depends_on": ["quote"]}``.
    """
    graph = ctx.graph
    has_groups = any(cycle.kind == "dependency" for cycle in graph.cycles())
    groups = _strong_components(graph.nodes, graph.successors) if has_groups else []
    group_of = {member: number for number, group in enumerate(groups) for member in group}
    queries = [
        edge
        for edge in _undeclared_references(graph)
        if edge.source not in group_of or group_of[edge.source] != group_of.get(edge.target)
    ]
    if not queries:
        return
    sources = sorted({edge.source for edge in queries}, key=graph.position.__getitem__)
    bits = {source: 1 << number for number, source in enumerate(sources)}
    reach = _explicit_reach(graph, bits, {edge.target for edge in queries})
    for edge in queries:
        if edge.target in reach and not reach[edge.target] & bits[edge.source]:
            yield _implicit_finding(graph, edge)


def _implicit_finding(graph: PlanGraph, edge: Edge) -> Finding:
    root = _referenced_root(graph, edge)
    user = f"'{edge.via}'" if edge.via == edge.target else f"'{edge.via}' (inside '{edge.target}')"
    used = f"'{root}'" if root == edge.source else f"'{root}' (inside '{edge.source}')"
    later = (
        " (a forward reference: it comes later in the plan)" if graph.position[root] > graph.position[edge.via] else ""
    )
    hint = f"add \"{edge.source}\" to the depends_on of step '{edge.target}'"
    # Two top-level steps, the used one written first: plankit runs them in that order (a reference is an
    # edge of its graph) and so does anyone reading the plan top down; only an executor that orders by
    # depends_on alone would not. A note, then: agents write plans this way (about half the benign plans of
    # bench/alignment_corpus.py), and as a warning it buried the warnings that matter.
    noted = graph.parent[edge.target] is None and graph.position[edge.source] < graph.position[edge.target]
    return Finding(
        f"{user} uses the output of {used}{later}, but '{edge.target}' does not depend on '{edge.source}'",
        node_id=edge.via,
        path=edge.location,
        hint=f"{hint} if the plan also runs where only depends_on orders steps (plankit orders by the reference)"
        if noted
        else hint,
        severity=Severity.INFO if noted else None,
    )


# ============================================================================================= limits
@rule(
    "MAX_STEPS_EXCEEDED",
    "too-many-steps",
    severity=Severity.ERROR,
    summary="The plan has more steps (nested ones included) than the policy's max_steps.",
)
def too_many_steps(ctx: LintContext) -> Iterator[Finding]:
    """What it does: counts every node of the plan, nested ones included (the steps of sequences and
    parallels, both branches of an ``if``, loop bodies, ``on_error`` handlers), and reports when the count
    is above the policy's ``max_steps``.

    Why is this bad: a plan far larger than the task needs is usually a runaway planner; a cap keeps review,
    cost and blast radius bounded. Counting only top-level steps would let one ``sequence`` hide any number.

    Example (policy ``max_steps: 2``):
        {"steps": [{"id": "all", "type": "sequence", "steps": [{"id": "a", "tool": "x"},
                                                                {"id": "b", "tool": "x"}]}]}

    Use instead: split the plan, or raise ``max_steps`` if the size is intended.
    """
    limit = ctx.policy.max_steps
    count = len(ctx.visits)
    if limit is not None and count > limit:
        yield Finding(
            f"the plan has {count} steps (nested ones included); the policy allows at most {limit}",
            path="$.steps",
            hint=f"split the plan or remove {count - limit} steps",
        )


def _wait_length(node: WaitNode, start: datetime) -> tuple[int, str]:
    """How long a wait may last (from the plan's ``start`` at the earliest), in ms, and the field saying so."""
    if node.duration_ms is not None:
        return min(node.duration_ms, node.max_wait_ms), "duration_ms"
    if node.until_time is not None:
        remaining = int((node.until_time - start).total_seconds() * 1000)
        return max(0, min(remaining, node.max_wait_ms)), "until_time"
    return node.max_wait_ms, "max_wait_ms"


@rule(
    "LIMIT_EXCEEDED",
    "limit-exceeded",
    severity=Severity.ERROR,
    summary="A loop, wait or parallel node goes beyond the policy's iteration, wait or concurrency limit.",
)
def limit_exceeded(ctx: LintContext) -> Iterator[Finding]:
    """What it does: checks nodes against the policy's limits, when it sets them:

    * ``max_loop_iterations``: a loop's ``max_iterations`` above it;
    * ``max_wait_ms``: how long a wait may last above it: its ``duration_ms``, the time until its
      ``until_time`` (from when the plan starts: now, or its trigger's future start time), or its
      ``max_wait_ms`` (default 24 h) for a wait on a condition;
    * ``max_parallel``: a parallel node with more children than this and no ``max_concurrency``, or with a
      ``max_concurrency`` above it.

    Why is this bad: these limits keep a plan's run time and load bounded; a plan beyond them holds
    resources (or rate limits, or funds) for longer or wider than the operator allowed.

    Example (policy ``max_loop_iterations: 100``):
        {"steps": [{"id": "poll", "type": "loop", "max_iterations": 5000,
                    "body": {"id": "check", "tool": "orders.status"}}]}

    Use instead: stay within the limit (``"max_iterations": 100``), or set ``max_concurrency`` on a wide
    parallel node.
    """
    policy = ctx.policy
    for visit in visits_of(ctx, "loop", "wait", "parallel"):
        node, path = visit.node, visit.path
        if isinstance(node, LoopNode) and policy.max_loop_iterations is not None:
            if node.max_iterations > policy.max_loop_iterations:
                yield Finding(
                    f"loop '{node.id}' may run {node.max_iterations} times; the policy allows "
                    f"{policy.max_loop_iterations}",
                    node_id=node.id,
                    path=f"{path}.max_iterations",
                    hint=f"set max_iterations to at most {policy.max_loop_iterations}",
                )
        elif isinstance(node, WaitNode) and policy.max_wait_ms is not None:
            length, field = _wait_length(node, plan_start(ctx.plan, ctx.now))
            if length > policy.max_wait_ms:
                yield Finding(
                    f"wait '{node.id}' may last {length} ms (by its {field}); "
                    f"the policy allows {policy.max_wait_ms} ms",
                    node_id=node.id,
                    path=f"{path}.{field}",
                    hint=f"wait at most {policy.max_wait_ms} ms (set max_wait_ms or shorten the wait)",
                )
        elif isinstance(node, ParallelNode) and policy.max_parallel is not None:
            yield from _parallel_limit(node, path, policy.max_parallel)


def _parallel_limit(node: ParallelNode, path: str, limit: int) -> Iterator[Finding]:
    if node.max_concurrency is not None and node.max_concurrency > limit:
        yield Finding(
            f"parallel '{node.id}' runs up to {node.max_concurrency} steps at once; the policy allows {limit}",
            node_id=node.id,
            path=f"{path}.max_concurrency",
            hint=f"set max_concurrency to at most {limit}",
        )
    elif node.max_concurrency is None and len(node.steps) > limit:
        yield Finding(
            f"parallel '{node.id}' runs {len(node.steps)} steps at once with no max_concurrency; the policy "
            f"allows {limit}",
            node_id=node.id,
            path=f"{path}.steps",
            hint=f"set max_concurrency to at most {limit}",
        )


@rule(
    "CONTRA_INFINITE",
    "unbounded-loop-or-wait",
    severity=Severity.ERROR,
    summary="A loop with no way out before a huge iteration count, or a wait on a condition with no bound.",
)
def unbounded_loop_or_wait(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds loops and waits that run (practically) forever:

    * a loop without ``exit_when`` whose ``max_iterations`` is above the policy's ``max_loop_iterations``
      (or above 1,000 when the policy sets none);
    * a loop whose ``exit_when`` can never be true (decided by interval reasoning over its comparisons,
      such as ``x > 5 and x < 3``), so it always runs all its iterations;
    * a wait on a condition (``until``) whose ``max_wait_ms`` is 30 days or more: no finite bound.

    A loop above the policy's ``max_loop_iterations`` is also ``LIMIT_EXCEEDED``: that code says the policy
    forbids it, this one that nothing ends the loop earlier.

    Why is this bad: the plan holds its slot, its funds or its rate limit for ever; a loop that can't exit
    early repeats its side effects every time.

    Example:
        {"steps": [{"id": "retry", "type": "loop", "max_iterations": 1000000,
                    "body": {"id": "buy", "tool": "exchange.buy", "args": {"token": "ETH"}}}]}

    Use instead: give the loop an ``exit_when`` that can become true and a small ``max_iterations``; give a
    wait a ``max_wait_ms`` of hours, not months.
    """
    limit = ctx.policy.max_loop_iterations or DEFAULT_MAX_LOOP_ITERATIONS
    for visit in visits_of(ctx, "loop", "wait"):
        node, path = visit.node, visit.path
        if isinstance(node, LoopNode):
            yield from _endless_loop(node, path, limit)
        elif isinstance(node, WaitNode) and node.until is not None and node.max_wait_ms >= UNBOUNDED_WAIT_MS:
            yield Finding(
                f"wait '{node.id}' waits for a condition with max_wait_ms {node.max_wait_ms} "
                f"(30 days or more): no finite bound",
                node_id=node.id,
                path=f"{path}.max_wait_ms",
                hint="set max_wait_ms to how long the plan can really wait (the default is 24 hours)",
            )


def _endless_loop(node: LoopNode, path: str, limit: int) -> Iterator[Finding]:
    if node.exit_when is None and node.max_iterations > limit:
        yield Finding(
            f"loop '{node.id}' has no exit_when and repeats {node.max_iterations} times (limit {limit})",
            node_id=node.id,
            path=f"{path}.max_iterations",
            hint=f"add an exit_when condition, or lower max_iterations to at most {limit}",
        )
    elif node.exit_when is not None and not can_be_true(node.exit_when):
        yield Finding(
            f"loop '{node.id}' can never exit early: exit_when ({describe_condition(node.exit_when)}) "
            f"can never be true, so it always repeats {node.max_iterations} times",
            node_id=node.id,
            path=f"{path}.exit_when",
            hint="fix the exit condition (its comparisons contradict each other)",
        )


# ========================================================================================== timing
def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _trigger_window(ctx: LintContext) -> tuple[datetime | None, datetime | None]:
    """When the plan's trigger first fires (if fixed) and when it stops firing (if it ends)."""
    trigger = ctx.plan.trigger
    if isinstance(trigger, TimeTrigger):
        return trigger.at, None
    if isinstance(trigger, IntervalTrigger):
        return trigger.start_at, trigger.end_at
    return None, None


def _trigger_timing(ctx: LintContext) -> Iterator[Finding]:
    yield from trigger_findings(ctx.plan.trigger, ctx.now)


def _wait_timing(
    node: WaitNode, path: str, now: datetime, window: tuple[datetime | None, datetime | None]
) -> Iterator[Finding]:
    if node.duration_ms is not None and node.duration_ms > node.max_wait_ms:
        yield Finding(
            f"wait '{node.id}' lasts {node.duration_ms} ms, longer than its max_wait_ms {node.max_wait_ms}: "
            "it always times out",
            node_id=node.id,
            path=f"{path}.duration_ms",
            hint="raise max_wait_ms to at least duration_ms, or wait less",
        )
    if node.until_time is None:
        return
    start, end = window
    when = _iso(node.until_time)
    problem = None
    if node.until_time < now:
        problem = f"is in the past (now: {_iso(now)})"
    elif start is not None and node.until_time < start:
        problem = f"is before the plan's trigger first fires ({_iso(start)})"
    elif end is not None and node.until_time > end:
        problem = f"is after the plan's trigger ends ({_iso(end)})"
    if problem is not None:
        yield Finding(
            f"wait '{node.id}' waits until {when}, which {problem}",
            node_id=node.id,
            path=f"{path}.until_time",
            hint="fix until_time (times are UTC unless they carry an offset)",
        )


def _minimum_ms(ctx: LintContext) -> dict[str, int]:
    """The least time each node must take, from its waits alone (bottom-up)."""
    graph, start = ctx.graph, plan_start(ctx.plan, ctx.now)
    least: dict[str, int] = {}
    for node_id in reversed(list(graph.nodes)):
        node, kids = graph.nodes[node_id], [least[kid] for kid in graph.children[node_id]]
        if isinstance(node, WaitNode):
            least[node_id] = _wait_minimum(node, start)
        elif node.type == "sequence":
            least[node_id] = sum(kids)
        elif node.type == "parallel":
            least[node_id] = max(kids, default=0)
        elif isinstance(node, IfNode):
            least[node_id] = min(kids) if node.else_ is not None else 0
        elif isinstance(node, LoopNode):
            runs = node.max_iterations if node.exit_when is None else 1
            least[node_id] = kids[0] * runs + node.delay_ms * (runs - 1)
        else:
            least[node_id] = 0  # an action may succeed at once; its handler runs only on failure
    return least


def _wait_minimum(node: WaitNode, start: datetime) -> int:
    if node.duration_ms is not None:
        return min(node.duration_ms, node.max_wait_ms)
    if node.until_time is not None:
        return max(0, min(int((node.until_time - start).total_seconds() * 1000), node.max_wait_ms))
    return 0


@rule(
    "CONTRA_TIMING",
    "impossible-timing",
    severity=Severity.ERROR,
    summary="Times that can't work: a past time, a wait longer than its max, a timeout shorter than a wait.",
)
def impossible_timing(ctx: LintContext) -> Iterator[Finding]:
    """What it does: checks times against each other and against now:

    * a time trigger in the past; an interval trigger whose ``end_at`` is before its ``start_at`` (or in the
      past: it never fires); a cron expression that matches no date (``0 0 30 2 *``); a condition trigger
      that expires (``expires_after_ms``) before its first poll (``poll_interval_ms``);
    * a wait ``until_time`` in the past, before the trigger first fires, or after the trigger's ``end_at``;
    * a wait whose ``duration_ms`` is longer than its own ``max_wait_ms``;
    * a node whose ``timeout_ms`` is shorter than the time its waits must take: its own ``duration_ms`` (or
      the time until its ``until_time``, from the plan's earliest start), or for a composite the waits
      inside it (a sequence adds them up, a parallel takes the longest, an ``if`` the shorter branch, a
      loop without ``exit_when`` all its iterations and delays).

    Why is this bad: such a plan can't run as written: it fires never, or the step always times out.

    Example:
        {"steps": [{"id": "cool-off", "type": "wait", "duration_ms": 7200000, "timeout_ms": 60000}]}

    Use instead: consistent times: a timeout longer than the wait, a future ``until_time``.
    """
    yield from _trigger_timing(ctx)
    window = _trigger_window(ctx)
    if not visits_of(ctx, "wait"):
        return  # without waits, nothing takes time: no wait or timeout can be wrong
    least = _minimum_ms(ctx)
    for visit in ctx.visits:
        node, path = visit.node, visit.path
        if isinstance(node, WaitNode):
            yield from _wait_timing(node, path, ctx.now, window)
        if node.timeout_ms is not None and least[node.id] > node.timeout_ms:
            what = "its own wait" if isinstance(node, WaitNode) else "the waits inside it"
            yield Finding(
                f"'{node.id}' has timeout_ms {node.timeout_ms}, shorter than the {least[node.id]} ms {what} "
                "must take: it always times out",
                node_id=node.id,
                path=f"{path}.timeout_ms",
                hint=f"raise timeout_ms above {least[node.id]}, or shorten the wait",
            )
