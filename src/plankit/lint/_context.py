"""What a rule sees: the plan, its graph, the policy, the tool specs and the clock."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from itertools import compress
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .._utils import utcnow
from ..plan import ActionNode, NodeVisit, Plan, PlanGraph
from ..tools import ToolRegistry, tool_matches

if TYPE_CHECKING:  # only an annotation here: importing the policy would close _context -> _policy -> _registry
    from ._policy import Policy

_T = TypeVar("_T")
_NODE_AND_PATH = itemgetter(0, 1)
_NODE_OF = itemgetter(0)
_TOOL_OF = attrgetter("tool")
_MISSING: Any = object()


class _Once(Generic[_T]):
    """``functools.cached_property`` without its lock: Python 3.11's takes an RLock on every first read, a
    microsecond each, and a lint context is made and read by one thread. Filling ``vars(ctx)[name]`` by hand
    works the same (the engine hands in a graph that way)."""

    def __init__(self, compute: Callable[[Any], _T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


if TYPE_CHECKING:
    from functools import cached_property
else:
    cached_property = _Once


@dataclass
class LintContext:
    """Everything a rule may look at. Build once per plan; rules must not modify it."""

    plan: Plan
    policy: Policy
    tools: ToolRegistry | None = None
    now: datetime = field(default_factory=utcnow)
    by_tool: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)
    """Verdicts that depend only on the policy, the tool specs and a tool *name*, keyed ``(what, tool)``:
    the :class:`~plankit.lint.Linter` hands every plan it lints the same dict, so each tool is decided once
    per linter (nothing derived from a plan's content is kept across plans). See :meth:`per_tool`."""
    _shared: dict[str, Any] = field(default_factory=dict, init=False, repr=False)

    def memo(self, name: str, compute: Callable[..., _T], *args: Any) -> _T:
        """``compute(*args)`` once per lint run, so several rules share one reading of the plan."""
        # get, not try/except KeyError: every memo is missed once per run, and a raised KeyError costs more
        # than the lookup.
        found = self._shared.get(name, _MISSING)
        if found is _MISSING:
            found = self._shared[name] = compute(*args)
        return found  # type: ignore[no-any-return]

    def per_tool(self, what: str, tool: str, decide: Callable[[str], _T]) -> _T:
        """``decide(tool)``, kept in :attr:`by_tool` under ``(what, tool)``: ``decide`` must read nothing but
        the tool's name, the policy and the tool specs."""
        key = (what, tool)
        found = self.by_tool.get(key, _MISSING)
        if found is _MISSING:
            found = self.by_tool[key] = decide(tool)
        return found  # type: ignore[no-any-return]

    def share(self, other: LintContext, name: str) -> None:
        """Take ``other``'s :meth:`memo` of ``name``, if it has one (both must be of the same plan)."""
        if name in other._shared:
            self._shared[name] = other._shared[name]

    @cached_property
    def graph(self) -> PlanGraph:
        """The plan's dependency graph (built once, shared by every rule)."""
        return PlanGraph.of(self.plan)

    @cached_property
    def visits(self) -> list[NodeVisit]:
        """Every node in document order, with its JSON path (the graph's walk, shared)."""
        return self.graph.visits

    @cached_property
    def visits_by_type(self) -> dict[str, list[NodeVisit]]:
        """The node visits by node ``type``, each list in document order (one pass over the visits)."""
        visits = self.visits
        if self.graph.flat:  # most plans: every node a top-level action, known from the graph's index
            return {"action": visits} if visits else {}
        by_type: dict[str, list[NodeVisit]] = {}
        for visit in visits:
            by_type.setdefault(visit[0].type, []).append(visit)
        return by_type

    @cached_property
    def step_of(self) -> dict[str, int]:
        """The index of the top-level step holding each node (a top-level step holds itself)."""
        if self.graph.flat:  # every node is a top-level step, in order
            return dict(zip(self.graph.nodes, range(len(self.visits)), strict=True))
        index_of: dict[str, int] = {}
        current = -1
        for node, _, _, depth in self.visits:  # pre-order: every top-level step comes before what it holds
            if depth == 0:
                current += 1
            index_of[node.id] = current
        return index_of

    @cached_property
    def actions(self) -> list[tuple[ActionNode, str]]:
        """Every action node with its JSON path."""
        if self.graph.flat:  # a flat plan of actions: no type test per node, and the pairs are made in C
            return list(map(_NODE_AND_PATH, self.visits))
        return [(visit.node, visit.path) for visit in self.visits if isinstance(visit.node, ActionNode)]

    @cached_property
    def tools_used(self) -> frozenset[str]:
        """The distinct tools of the plan's actions: rules about tools decide once per tool, not per step."""
        return frozenset(self._action_tools)

    @cached_property
    def _action_tools(self) -> list[str]:
        """Each action's tool, in the order of :attr:`actions` (read in C)."""
        return list(map(_TOOL_OF, map(_NODE_OF, self.actions)))

    def actions_of(self, tools: Iterable[str]) -> list[tuple[ActionNode, str]]:
        """The actions calling one of ``tools``, in document order, with their JSON paths."""
        wanted = set(tools)
        if not wanted:
            return []
        if wanted >= self.tools_used:
            return self.actions
        # The actions whose tool is wanted, picked in C (rules ask this several times per plan).
        return list(compress(self.actions, map(wanted.__contains__, self._action_tools)))

    def matches(self, tool: str, patterns: Iterable[str] | None) -> bool:
        """True when ``tool`` matches one of the glob ``patterns``."""
        return patterns is not None and tool_matches(tool, patterns)
