"""The dependency graph of a plan, and the analyses on it: order, cycles, critical path, reachability.

Edges join *siblings* only: the top-level steps of the plan, or the children of one composite node.
An edge ``a -> b`` means ``b`` can't start before ``a`` has finished. Edges come from

* ``depends_on`` (explicit),
* references in a node's params, prompt or conditions (implicit), and
* the order of a ``sequence``'s children.

A dependency between nodes in different composites is lifted to the pair of their ancestors that are
siblings, so ``{{a.x}}`` used deep inside step ``B`` makes the top-level step holding ``a`` precede ``B``.
A node that needs its own output, or an enclosing node's, can never run: that is reported as a cycle,
except a loop's ``exit_when`` reading its body and an action's ``on_error`` handler reading the failed action.

Everything here is iterative and O(nodes + edges).
"""

from __future__ import annotations

import itertools
import math
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat as _repeat
from operator import attrgetter
from typing import Literal, NamedTuple

from .._utils import gc_paused
from ._model import NodeVisit, Plan
from ._nodes import ActionNode, LoopNode, NodeBase, WaitNode
from ._refs import (
    _DOLLAR_WHOLE,
    _MUSTACHE_WHOLE,
    RESERVED_ROOTS,
    Reference,
    _string_references,
    _walk,
    node_references,
    value_references,
)

# tuple.__new__ skips the named tuples' Python-level constructors, the dominant cost on large plans.
_new_edge = tuple.__new__
_new_visit = tuple.__new__
_new_reference = tuple.__new__
# The paths of the first top-level steps, made once: every plan's steps have them (a path is its index's).
_KEPT_PATHS = 1024
_STEP_PATHS = [f"$.steps[{index}]" for index in range(_KEPT_PATHS)]
_intern = sys.intern
_DEPENDS_ON = "{}.depends_on[{}]"
_ID_OF = attrgetter("id")
_ON_ERROR_OF = attrgetter("on_error")
_ACTION_ONLY = {ActionNode}
_ABSENT = object()  # the "holder" of an id that is no node: equal to no node's holder, None included
_SHORT = 16  # a node with fewer predecessors is checked for repeats in its list, not a set

EdgeKind = Literal["depends_on", "reference", "sequence"]
_EDGE_KINDS: frozenset[EdgeKind] = frozenset(("depends_on", "reference", "sequence"))
ESTIMATE_KEY = "estimated_duration_ms"
"""The ``metadata`` key holding a node's estimated duration, used by the critical path. Only a finite,
non-negative number counts; any other value is ignored (metadata is free-form)."""


class Edge(NamedTuple):
    """``source`` must finish before ``target`` starts; ``via`` names the node whose field asked for it."""

    source: str
    target: str
    kind: EdgeKind
    via: str
    location: str


class Dangling(NamedTuple):
    """A ``depends_on`` entry or a reference naming a step that does not exist."""

    node_id: str
    missing: str
    location: str
    kind: EdgeKind
    """``depends_on`` or ``reference``."""


@dataclass(frozen=True, slots=True)
class Cycle:
    """A cycle, as the node ids along it (the first id is not repeated at the end)."""

    path: tuple[str, ...]
    kind: Literal["dependency", "containment"]
    """``dependency`` among siblings; ``containment``: a node needs its own or an enclosing node's output."""

    def describe(self) -> str:
        """``a -> b -> a``."""
        return " -> ".join((*self.path, self.path[0]))


@dataclass(frozen=True, slots=True)
class CriticalPath:
    """The longest chain of top-level steps, by estimated duration (or by step count without estimates)."""

    steps: tuple[str, ...]
    length: float
    unit: Literal["ms", "steps"]


class PlanGraph:
    """The analysed dependency graph of one plan. Build it with :meth:`of`.

    Built eagerly: ``nodes``, ``parent``, ``visits``, ``references``, ``successors``, ``predecessors``,
    ``dangling`` and ``containment_cycles``. Built on first use (a 100k-step lint never needs most of them,
    and each id-keyed dict costs about 5 MiB there): ``paths``, ``position``, ``depth``, ``children`` and
    ``edges``. :meth:`iter_edges` gives the edges without holding them.
    """

    plan: Plan
    nodes: dict[str, NodeBase]
    """Every node by id, in document (pre-)order."""
    parent: dict[str, str | None]
    """The id of the composite holding each node; None for a top-level step."""
    visits: list[NodeVisit]
    """Every node in document (pre-)order with its path, holder and depth, as :meth:`Plan.walk` gives them."""
    references: dict[str, tuple[Reference, ...]]
    """Each node's own references (params, prompt, conditions), in document order."""
    successors: dict[str, Sequence[str]]
    """The sibling-level nodes that wait for each node (each once, in the order the edges were found).
    Read-only: a node without any has the shared empty tuple, one with one a tuple of one, others a list."""
    predecessors: dict[str, Sequence[str]]
    """The sibling-level nodes each node waits for (each once; read-only, as ``successors``)."""
    dangling: list[Dangling]
    containment_cycles: list[Cycle]
    reserved_roots: set[str]
    """The reserved roots (``context``, ``env``, ``trigger``) some reference of the plan names."""
    flat: bool
    """True when every step is a top-level action without an ``on_error`` handler (no other node type, no
    nesting): most plans. Rules use it to skip per-node type tests."""
    undeclared: bool
    """False when every reference of the plan names a sibling that its node also lists in ``depends_on`` (or
    a reserved root): then no reference is undeclared. True otherwise (it may still be declared some other
    way: a sequence's order, a ``depends_on`` lifted from an inner step)."""
    ordered: bool
    """True when every edge goes forward in document order (each need names a node written before the one
    needing it): then document order is a topological order, and no sibling group is a cycle. Containment
    cycles are separate (``containment_cycles``)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.nodes = {}
        self.parent = {}
        self.visits = []
        self.references = {}
        self.successors = {}
        self.predecessors = {}
        self.dangling = []
        self.containment_cycles = []
        self.reserved_roots = set()
        self.ordered = True
        self.undeclared = False
        self.flat = True
        self._containment_seen: set[Cycle] = set()
        self._known: dict[str, set[str]] = {}  # the predecessors of nodes that have many, while building

    def __repr__(self) -> str:
        return f"PlanGraph({len(self.nodes)} nodes)"

    @classmethod
    def of(cls, plan: Plan) -> PlanGraph:
        """Index the plan's nodes and build its edges."""
        return cls._built(plan, fast=True)

    @classmethod
    def _built(cls, plan: Plan, fast: bool) -> PlanGraph:
        # ``fast``: a flat plan (most plans) takes the flat paths. The general paths give the same graph for
        # it, and the tests compare the two on generated plans.
        graph = cls(plan)
        with gc_paused():
            if fast and _is_flat(plan.steps):
                graph._index_flat()
                graph._build_flat()
            else:
                graph._index()
                graph._build_edges()
        graph._known = {}
        return graph

    # ----------------------------------------------------------------------------------- built on demand
    @cached_property
    def paths(self) -> dict[str, str]:
        """Each node's JSON path, such as ``$.steps[1].then``."""
        return {visit[0].id: visit[1] for visit in self.visits}

    @cached_property
    def position(self) -> dict[str, int]:
        """Each node's place in document (pre-)order."""
        return dict(zip(self.nodes, range(len(self.nodes)), strict=True))

    @cached_property
    def depth(self) -> dict[str, int]:
        """Each node's nesting depth: 0 for top-level steps."""
        return {visit[0].id: visit[3] for visit in self.visits}

    @cached_property
    def children(self) -> dict[str | None, tuple[str, ...]]:
        """The ids of the nodes each node holds directly (``None``: the top-level steps), in document order.
        A leaf has the shared empty tuple."""
        children: dict[str | None, tuple[str, ...]] = dict.fromkeys(self.nodes, ())
        children.update(self._members)
        children.setdefault(None, ())
        return children

    @cached_property
    def edges(self) -> list[Edge]:
        """Every edge, in the order they were found: per node in document order, its ``depends_on`` entries,
        then its references, then (for a sequence) its children's order. A need repeated in several fields
        is an edge per field (``successors`` and ``predecessors`` hold each pair once)."""
        return list(self.iter_edges())

    @cached_property
    def _members(self) -> dict[str | None, tuple[str, ...]]:
        """``children`` without the leaves: the scopes that have members (the top level when not empty)."""
        groups: dict[str | None, list[str]] = {}
        for node_id, parent_id in self.parent.items():
            members = groups.get(parent_id)
            if members is None:
                groups[parent_id] = [node_id]
            else:
                members.append(node_id)
        return {parent_id: tuple(members) for parent_id, members in groups.items()}

    # ----------------------------------------------------------------------------------------- building
    def _index(self) -> None:
        nodes, parent, visits = self.nodes, self.parent, self.visits
        flat = True
        for index, step in enumerate(self.plan.steps):
            # Top-level steps directly (most plans are flat); a composite's subtree through a stack.
            visit = _new_visit(NodeVisit, (step, f"$.steps[{index}]", None, 0))
            visits.append(visit)
            step_id = step.id
            nodes[step_id] = step
            parent[step_id] = None
            # An action without a handler holds nothing: known without the method call (most steps).
            if step.__class__ is not ActionNode or step.on_error is not None:
                flat = False
                if step.child_slots():
                    self._index_inside(visit)
        self.flat = flat
        self.successors = dict.fromkeys(nodes, ())
        self.predecessors = dict.fromkeys(nodes, ())

    def _index_flat(self) -> None:
        """``_index`` for a flat plan: every step is a top-level action without a handler."""
        steps = self.plan.steps
        paths = _STEP_PATHS
        if len(steps) > _KEPT_PATHS:
            paths = paths + [f"$.steps[{index}]" for index in range(_KEPT_PATHS, len(steps))]
        # Built by C-level iteration (map and zip): no Python frame per step.
        self.visits = list(map(_new_visit, _repeat(NodeVisit), zip(steps, paths, _repeat(None), _repeat(0))))
        nodes = self.nodes = dict(zip(map(_ID_OF, steps), steps, strict=True))
        self.parent = dict.fromkeys(nodes)
        self.references = dict.fromkeys(nodes, ())  # sized once; a node with references gets its own tuple
        self.successors = dict.fromkeys(nodes, ())
        self.predecessors = dict.fromkeys(nodes, ())

    def _index_inside(self, top: NodeVisit) -> None:
        """Index what a top-level composite holds, in document (pre-)order."""
        nodes, parent, visits = self.nodes, self.parent, self.visits
        stack = [
            _new_visit(NodeVisit, (child, f"{top[1]}.{suffix}", top[0], 1)) for suffix, child in top[0].child_slots()
        ]
        stack.reverse()
        while stack:
            visit = stack.pop()
            node, path, holder, level = visit
            visits.append(visit)
            nodes[node.id] = node
            parent[node.id] = holder.id if holder is not None else None
            for suffix, child in reversed(node.child_slots()):
                stack.append(_new_visit(NodeVisit, (child, f"{path}.{suffix}", node, level + 1)))

    def _build_edges(self) -> None:
        """Fill ``successors``, ``predecessors``, ``references``, ``dangling`` and the containment cycles.

        The edges themselves are not kept: :meth:`iter_edges` finds them again, in the same order, from what
        this keeps (the nodes' ``depends_on`` and ``references``).
        """
        parent, references, pair = self.parent, self.references, self._pair
        successors, predecessors = self.successors, self.predecessors
        holder_of = parent.get  # one lookup tells both that a step exists and whether it is a sibling
        # The nodes seen so far: a need naming one of them goes forward in document order (a lifted need too:
        # sibling subtrees do not interleave). One that does not clears ``ordered`` (then Kahn decides).
        seen: set[str] = set()
        ordered = True
        for node, path, _, _ in self.visits:
            node_id = node.id
            seen.add(node_id)
            own_parent = parent[node_id]
            # Each need is either between siblings (the common case in flat plans, inlined here: no lifting)
            # or left to _need.
            depends_on = node.depends_on
            for index, dep in enumerate(depends_on):
                if ordered and dep not in seen:
                    ordered = False
                if holder_of(dep, _ABSENT) == own_parent and dep != node_id:
                    if predecessors[node_id] or successors[dep]:
                        pair(dep, node_id)
                    else:  # the first edge of both ends (most edges of a chain): nothing to compare
                        predecessors[node_id], successors[dep] = (dep,), (node_id,)
                else:
                    self._need(dep, node_id, own_parent, "depends_on", _DEPENDS_ON.format(path, index))
            if node.type == "sequence":
                self._sequence(node)
            found = node_references(node, path)
            if not found:
                references[node_id] = ()  # shared: most nodes of a big plan reference nothing, or one step
                continue
            refs = references[node_id] = tuple(found)
            for ref in refs:
                root = ref[0]
                if root in RESERVED_ROOTS:
                    self.reserved_roots.add(root)
                    continue
                if ordered and root not in seen:
                    ordered = False
                if holder_of(root, _ABSENT) == own_parent and root != node_id:
                    if root not in depends_on:  # else joined above already
                        pair(root, node_id)
                        self.undeclared = True
                else:
                    self._need(root, node_id, own_parent, "reference", ref[2])
                    self.undeclared = True
        self.ordered = ordered

    def _build_flat(self) -> None:
        """``_build_edges`` for a flat plan. Every node is a top-level action, so every step is a sibling of
        every other (no lifting, no containment but a node needing itself), and its only references are in
        its ``params`` (read here without ``node_references``' dispatch)."""
        nodes, references, pair = self.nodes, self.references, self._pair
        successors, predecessors, reserved = self.successors, self.predecessors, self.reserved_roots
        _mustache, _dollar = _MUSTACHE_WHOLE, _DOLLAR_WHOLE
        # A reference's path below its root, interned once per distinct text (``.result.total`` repeats).
        tails: dict[str, str] = {"": ""}
        tail_of = tails.get
        seen: set[str] = set()
        see = seen.add
        ordered = True
        undeclared = False
        found: list[Reference] = []
        add = found.append
        for node, path, _, _ in self.visits:
            node_id = node.id
            see(node_id)
            depends_on = node.depends_on
            if depends_on:
                for index, dep in enumerate(depends_on):
                    if dep not in seen:
                        ordered = False
                    if dep in nodes and dep != node_id:
                        if predecessors[node_id] or successors[dep]:
                            pair(dep, node_id)
                        else:  # the first edge of both ends (most edges of a chain): nothing to compare
                            predecessors[node_id], successors[dep] = (dep,), (node_id,)
                    else:  # dangling, or the node needing itself
                        self._need(dep, node_id, None, "depends_on", _DEPENDS_ON.format(path, index))
            params = node.params  # type: ignore[attr-defined]  # an ActionNode: the plan is flat
            if not params:
                continue
            if "type" in params:
                found.extend(value_references(params, f"{path}.params"))
            else:
                # _dict_references, inlined (``node_references`` of an action): a location string is made only
                # for a value that holds a reference.
                for key, item in params.items():
                    item_class = item.__class__
                    if item_class is str:
                        if "{" in item:
                            # _string_references, inlined for a string that is exactly one reference (most).
                            first = item[0]
                            whole = _mustache(item) if first == "{" else _dollar(item) if first == "$" else None
                            if whole is None:
                                _string_references(item, f"{path}.params.{key}", found)
                            else:
                                root, tail = whole.groups()
                                short = tail_of(tail)
                                if short is None:
                                    short = tails[tail] = _intern(tail[1:]) if tail[0] == "." else tail
                                add(_new_reference(Reference, (root, short, f"{path}.params.{key}", "template", item)))
                    elif item_class is list:
                        for position, entry in enumerate(item):
                            entry_class = entry.__class__
                            if entry_class is str:
                                if "{" in entry:
                                    first = entry[0]
                                    whole = (
                                        _mustache(entry) if first == "{" else _dollar(entry) if first == "$" else None
                                    )
                                    where = f"{path}.params.{key}[{position}]"
                                    if whole is None:
                                        _string_references(entry, where, found)
                                    else:
                                        root, tail = whole.groups()
                                        short = tail_of(tail)
                                        if short is None:
                                            short = tails[tail] = _intern(tail[1:]) if tail[0] == "." else tail
                                        add(_new_reference(Reference, (root, short, where, "template", entry)))
                            elif entry_class is dict or entry_class is list:
                                _walk(entry, f"{path}.params.{key}[{position}]", found)
                    elif item_class is dict:
                        _walk(item, f"{path}.params.{key}", found)
            if not found:
                continue
            refs = references[node_id] = tuple(found)
            found.clear()  # one scratch list for every node
            for ref in refs:
                root = ref[0]
                if root in RESERVED_ROOTS:
                    reserved.add(root)
                    continue
                if root not in seen:
                    ordered = False
                if root in nodes and root != node_id:
                    if root not in depends_on:  # else joined above already
                        pair(root, node_id)
                        undeclared = True
                else:
                    self._need(root, node_id, None, "reference", ref[2])
                    undeclared = True
        self.ordered = ordered
        self.undeclared = undeclared

    def _sequence(self, node: NodeBase) -> None:
        kids = [child.id for _, child in node.child_slots()]
        for before, after in itertools.pairwise(kids):
            self._pair(before, after)

    def _need(
        self,
        needed: str,
        needer: str,
        needer_parent: str | None,
        kind: EdgeKind,
        location: str,
    ) -> None:
        """Record that ``needer`` needs ``needed`` finished first (``location``: where it says so)."""
        if needed in self.nodes and needed != needer and self.parent[needed] == needer_parent:
            self._pair(needed, needer)  # already siblings: no lifting
            return
        if needed not in self.nodes:
            self.dangling.append(Dangling(needer, needed, location, kind))
            return
        if needed == needer:
            self._containment(Cycle((needer,), "containment"))
            return
        source, target = self._lift(needed, needer)
        if source != target:
            self._pair(source, target)
        elif not self._allowed_containment(needed, needer):
            # One contains the other, and nothing makes that legal: it can never run.
            self._containment(Cycle((needer, needed), "containment"))

    def _pair(self, source: str, target: str) -> None:
        """Join ``source -> target`` in ``successors`` and ``predecessors``, once per pair."""
        # A node's first neighbour gets a list of one (no room to grow: most nodes have one). Repeats are
        # found in the target's short list, or in a set once it is long (no set of every pair is kept).
        # A node's first neighbour is a tuple of one (one allocation, no spare room: most nodes have one); the
        # second makes it a list.
        before = self.predecessors[target]
        if not before:
            self.predecessors[target] = (source,)
        else:
            if len(before) < _SHORT:
                if source in before:
                    return
            else:
                known = self._known.get(target)
                if known is None:
                    known = self._known[target] = set(before)
                if source in known:
                    return
                known.add(source)
            if before.__class__ is tuple:
                self.predecessors[target] = [*before, source]
            else:
                before.append(source)  # type: ignore[attr-defined]  # a list past one
        after = self.successors[source]
        if not after:
            self.successors[source] = (target,)
        elif after.__class__ is tuple:
            self.successors[source] = [*after, target]
        else:
            after.append(target)  # type: ignore[attr-defined]

    def _containment(self, cycle: Cycle) -> None:
        # A node may name the same enclosing node in several fields: that is one cycle, reported once.
        if cycle not in self._containment_seen:
            self._containment_seen.add(cycle)
            self.containment_cycles.append(cycle)

    def _lift(self, a: str, b: str) -> tuple[str, str]:
        """The ancestors-or-selves of ``a`` and ``b`` that are siblings; (x, x) if one contains the other."""
        depth = self.depth
        while depth[a] > depth[b]:
            a = self.parent[a]  # type: ignore[assignment]
        while depth[b] > depth[a]:
            b = self.parent[b]  # type: ignore[assignment]
        while self.parent[a] != self.parent[b]:
            a = self.parent[a]  # type: ignore[assignment]
            b = self.parent[b]  # type: ignore[assignment]
        return a, b

    def _allowed_containment(self, needed: str, needer: str) -> bool:
        # A loop's exit_when reads its body's last iteration.
        needer_node = self.nodes[needer]
        if isinstance(needer_node, LoopNode) and self.contains(needer, needed):
            return True
        # An on_error handler may read the failed action (its error).
        return self.contains(needed, needer) and self._inside_on_error(needed, needer)

    def _inside_on_error(self, action_id: str, node_id: str) -> bool:
        handler = getattr(self.nodes[action_id], "on_error", None)
        if handler is None:
            return False
        return self.contains(handler.id, node_id) or handler.id == node_id

    # ------------------------------------------------------------------------------------------- edges
    def iter_edges(self, kinds: Iterable[EdgeKind] | None = None) -> Iterator[Edge]:
        """The edges (of the given kinds), in the order of :attr:`edges`, made as they are asked for.

        A rule that reads the edges once should use this: at 100,000 steps the list costs about 20 MiB.
        """
        wanted = _EDGE_KINDS if kinds is None else frozenset(kinds)
        explicit, referenced, ordered = "depends_on" in wanted, "reference" in wanted, "sequence" in wanted
        nodes, parent, references = self.nodes, self.parent, self.references
        for node, path, _, _ in self.visits:
            node_id = node.id
            own_parent = parent[node_id]
            if explicit:
                for index, dep in enumerate(node.depends_on):
                    location = _DEPENDS_ON.format(path, index)
                    if dep in nodes and dep != node_id and parent[dep] == own_parent:
                        yield _new_edge(Edge, (dep, node_id, "depends_on", node_id, location))
                    else:
                        edge = self.edge_of(dep, node_id, "depends_on", location)
                        if edge is not None:
                            yield edge
            if referenced:
                for ref in references[node_id]:
                    root = ref[0]
                    if root in RESERVED_ROOTS:
                        continue
                    if root in nodes and root != node_id and parent[root] == own_parent:
                        yield _new_edge(Edge, (root, node_id, "reference", node_id, ref[2]))
                    else:
                        edge = self.edge_of(root, node_id, "reference", ref[2])
                        if edge is not None:
                            yield edge
            if ordered and node.type == "sequence":
                for (_, before), (suffix, after) in itertools.pairwise(node.child_slots()):
                    yield Edge(before.id, after.id, "sequence", node_id, f"{path}.{suffix}")

    def edge_of(self, needed: str, needer: str, kind: EdgeKind, location: str) -> Edge | None:
        """The edge made by ``needer`` needing ``needed`` (a ``depends_on`` entry or a reference written at
        ``location``), lifted to the siblings holding them; None when there is none: ``needed`` is missing
        (dangling), or one of them holds the other (a containment)."""
        if needed not in self.nodes or needed == needer:
            return None
        source, target = self._lift(needed, needer)
        return Edge(source, target, kind, needer, location) if source != target else None

    # ------------------------------------------------------------------------------------------ queries
    def contains(self, ancestor: str, node: str) -> bool:
        """True when ``node`` is strictly inside ``ancestor``."""
        current = self.parent.get(node)
        while current is not None:
            if current == ancestor:
                return True
            current = self.parent[current]
        return False

    def cycles(self) -> list[Cycle]:
        """Every cycle: one per strongly connected group of siblings (with one concrete path through it),
        plus every node that needs its own or an enclosing node's output."""
        with gc_paused():
            found = [Cycle(tuple(self._cycle_path(c)), "dependency") for c in self._strong_components]
        found.sort(key=lambda cycle: self.position[cycle.path[0]])
        return found + self.containment_cycles

    def topological_order(self) -> list[str]:
        """Every node id in an order that respects all edges; a composite comes before its children, and a
        node that depends on a composite comes after everything inside it. Nodes on cycles are left out."""
        order: list[str] = []
        members = self._members
        stack: list[Iterator[str]] = [iter(self._scope_order(None))]
        while stack:
            node_id = next(stack[-1], None)
            if node_id is None:
                stack.pop()
                continue
            order.append(node_id)
            if node_id in members:
                stack.append(iter(self._scope_order(node_id)))
        return order

    def top_level_order(self) -> list[str]:
        """The top-level steps in dependency order (ties keep document order)."""
        return list(self._scope_order(None))

    def critical_path(self) -> CriticalPath | None:
        """The longest chain of top-level steps. Composite nodes weigh what their own longest inner chain
        weighs (a loop: its body times ``max_iterations``). None when the plan has a dependency cycle."""
        if self._strong_components:
            return None
        with_estimates = any(_estimate(node) is not None for node in self.nodes.values() if node.metadata)
        leaf_weight = 0.0 if with_estimates else 1.0
        weight: dict[str, float] = {}
        members = self._members
        with gc_paused():
            for node_id in reversed(list(self.nodes)):  # children come after their parent in document order
                node = self.nodes[node_id]
                if node_id not in members and not node.metadata and node.type != "wait":
                    weight[node_id] = leaf_weight  # the common case, without a method call
                else:
                    weight[node_id] = self._node_weight(node_id, weight, with_estimates)
            chain, length = self._longest_chain(None, weight)
        return CriticalPath(tuple(chain), length, "ms" if with_estimates else "steps")

    def upstream(self, node_ids: Iterable[str], kinds: Iterable[EdgeKind] | None = None) -> set[str]:
        """Every sibling-level node that must finish before the given ones (transitively)."""
        return self._reach(node_ids, reverse=True, kinds=kinds)

    def downstream(self, node_ids: Iterable[str], kinds: Iterable[EdgeKind] | None = None) -> set[str]:
        """Every sibling-level node that waits for the given ones (transitively)."""
        return self._reach(node_ids, reverse=False, kinds=kinds)

    # --------------------------------------------------------------------------------------- internals
    @cached_property
    def _scope_orders(self) -> dict[str | None, list[str]]:
        with gc_paused():
            return {parent: self._kahn(members) for parent, members in self._members.items()}

    def _scope_order(self, parent: str | None) -> list[str]:
        """Kahn's order of one scope's members (nodes on a cycle are missing from it); computed once."""
        return self._scope_orders.get(parent, [])

    def _kahn(self, members: tuple[str, ...]) -> list[str]:
        indegree = {member: len(self.predecessors[member]) for member in members}
        ready = deque(member for member in members if indegree[member] == 0)
        order: list[str] = []
        while ready:
            current = ready.popleft()
            order.append(current)
            for successor in self.successors[current]:
                indegree[successor] -= 1
                if indegree[successor] == 0:
                    ready.append(successor)
        return order

    @cached_property
    def _strong_components(self) -> list[list[str]]:
        # Kahn's orders already tell whether any cycle exists; Tarjan runs only when one does. A graph whose
        # edges all go forward in document order has none (and needs no Kahn to say so).
        if self.ordered:
            return []
        if all(len(self._scope_orders[parent]) == len(self._members[parent]) for parent in self._scope_orders):
            return []
        with gc_paused():
            return list(self._components())

    def _components(self) -> Iterable[list[str]]:
        """Strongly connected components with more than one node (Tarjan's algorithm, iteratively)."""
        index_of: dict[str, int] = {}
        low: dict[str, int] = {}
        on_stack: set[str] = set()
        stack: list[str] = []
        counter = 0
        for start in self.nodes:
            if start in index_of:
                continue
            work: list[tuple[str, int]] = [(start, 0)]
            while work:
                node, next_child = work.pop()
                if next_child == 0:
                    index_of[node] = low[node] = counter
                    counter += 1
                    stack.append(node)
                    on_stack.add(node)
                successors = self.successors[node]
                if next_child < len(successors):
                    work.append((node, next_child + 1))
                    child = successors[next_child]
                    if child not in index_of:
                        work.append((child, 0))
                    elif child in on_stack:
                        low[node] = min(low[node], index_of[child])
                    continue
                if low[node] == index_of[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        yield component
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])

    def _cycle_path(self, component: list[str]) -> list[str]:
        """A simple cycle through a strongly connected component, starting at its first node in the plan."""
        members = set(component)
        start = min(component, key=self.position.__getitem__)
        came_from: dict[str, str] = {}
        queue = deque([start])
        while queue:
            current = queue.popleft()
            for successor in self.successors[current]:
                if successor == start:
                    path = [current]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return list(reversed(path))
                if successor in members and successor not in came_from:
                    came_from[successor] = current
                    queue.append(successor)
        return [start]  # pragma: no cover - a strongly connected component always closes

    def _node_weight(self, node_id: str, weight: dict[str, float], with_estimates: bool) -> float:
        node = self.nodes[node_id]
        estimate = _estimate(node)
        if estimate is not None:
            return estimate
        kids = self._members.get(node_id, ())
        if not kids:
            if with_estimates:
                return float(node.duration_ms or 0) if isinstance(node, WaitNode) else 0.0
            return 1.0
        if node.type in ("sequence", "parallel"):
            return self._longest_chain(node_id, weight)[1]
        if isinstance(node, LoopNode):
            body = weight[node.body.id]
            pause = node.delay_ms * (node.max_iterations - 1) if with_estimates else 0
            return body * node.max_iterations + pause
        # if / action with on_error: the heavier branch.
        own = 0.0 if with_estimates or node.type == "if" else 1.0
        return own + max(weight[kid] for kid in kids)

    def _longest_chain(self, parent: str | None, weight: dict[str, float]) -> tuple[list[str], float]:
        best: dict[str, float] = {}
        came_from: dict[str, str | None] = {}
        predecessors = self.predecessors
        for node_id in self._scope_order(parent):
            prior = max(predecessors[node_id], key=best.__getitem__, default=None)
            best[node_id] = weight[node_id] + (best[prior] if prior is not None else 0.0)
            came_from[node_id] = prior
        if not best:
            return [], 0.0
        end: str | None = max(best, key=best.__getitem__)
        total = best[end]  # type: ignore[index]
        chain: list[str] = []
        while end is not None:
            chain.append(end)
            end = came_from[end]
        return list(reversed(chain)), total

    def _reach(self, node_ids: Iterable[str], reverse: bool, kinds: Iterable[EdgeKind] | None) -> set[str]:
        neighbours: Mapping[str, Sequence[str]]
        if kinds is None:
            neighbours = self.predecessors if reverse else self.successors
        else:
            some: dict[str, list[str]] = {node_id: [] for node_id in self.nodes}
            for edge in self.iter_edges(kinds):
                if reverse:
                    some[edge.target].append(edge.source)
                else:
                    some[edge.source].append(edge.target)
            neighbours = some
        found: set[str] = set()
        queue = deque(node_ids)
        while queue:
            current = queue.popleft()
            for neighbour in neighbours[current]:
                if neighbour not in found:
                    found.add(neighbour)
                    queue.append(neighbour)
        return found


def _is_flat(steps: Sequence[NodeBase]) -> bool:
    """True when every step is an action without an ``on_error`` handler (then it holds no other node)."""
    # In C (map, set, any): the class of every step first, then (all actions) their handlers.
    return not steps or (set(map(type, steps)) == _ACTION_ONLY and not any(map(_ON_ERROR_OF, steps)))


def _estimate(node: NodeBase) -> float | None:
    """The node's estimated duration in ms, when its metadata holds a usable one."""
    value = node.metadata.get(ESTIMATE_KEY)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
        return None
    return float(value)
