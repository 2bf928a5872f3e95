"""The plan itself: a DAG of top-level nodes, with its trigger, status and bookkeeping."""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Any, Literal, NamedTuple, Self

from pydantic import Field, model_validator

from ..errors import PlanStatusError
from ._base import IRModel, UtcDatetime
from ._nodes import Node, NodeBase
from ._refs import RESERVED_ROOTS
from ._triggers import Trigger


class PlanStatus(str, Enum):
    """Where a plan is in its life."""

    DRAFT = "draft"
    VALIDATED = "validated"
    SCHEDULED = "scheduled"
    RUNNING = "running"
    PAUSED = "paused"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"


_S = PlanStatus
LEGAL_TRANSITIONS: dict[PlanStatus, frozenset[PlanStatus]] = {
    _S.DRAFT: frozenset({_S.VALIDATED, _S.CANCELLED}),
    # A validated plan may be edited again (back to draft), scheduled on a trigger, or run at once.
    _S.VALIDATED: frozenset({_S.DRAFT, _S.SCHEDULED, _S.RUNNING, _S.CANCELLED}),
    _S.SCHEDULED: frozenset({_S.RUNNING, _S.PAUSED, _S.CANCELLED}),
    # A recurring trigger sends a finished run back to scheduled for its next firing.
    _S.RUNNING: frozenset({_S.PAUSED, _S.COMPLETED, _S.FAILED, _S.CANCELLED, _S.SCHEDULED}),
    _S.PAUSED: frozenset({_S.RUNNING, _S.SCHEDULED, _S.CANCELLED}),
    _S.COMPLETED: frozenset(),
    # A failed plan can be edited and validated again; it can never run without passing validation.
    _S.FAILED: frozenset({_S.DRAFT}),
    _S.CANCELLED: frozenset(),
}
"""Which status may follow which. Running a plan always goes through ``validated``."""


def transition_path(current: PlanStatus, target: PlanStatus) -> list[PlanStatus] | None:
    """The shortest legal sequence of statuses leading from ``current`` to ``target`` (empty when they are
    the same), or None when ``target`` can't be reached (from a final status, say)."""
    if current == target:
        return []
    paths: dict[PlanStatus, list[PlanStatus]] = {current: []}
    frontier = [current]
    while frontier:
        following: list[PlanStatus] = []
        for status in frontier:
            for nxt in sorted(LEGAL_TRANSITIONS[status], key=lambda s: s.value):
                if nxt not in paths:
                    paths[nxt] = [*paths[status], nxt]
                    if nxt == target:
                        return paths[nxt]
                    following.append(nxt)
        frontier = following
    return None


class ValidationIssue(IRModel):
    """One finding recorded on a plan by the linter."""

    severity: Literal["error", "warning", "info"]
    node_id: str | None = None
    code: str
    message: str


class ValidationInfo(IRModel):
    """The linter's verdict, stored with the plan."""

    valid: bool
    issues: list[ValidationIssue] = Field(default_factory=list)
    risk_score: float | None = Field(None, ge=0, le=1)
    estimated_gas_eth: float | None = None
    estimated_duration_ms: int | None = None
    tools_used: list[str] = Field(default_factory=list)
    chains_used: list[int] = Field(default_factory=list)


class NodeVisit(NamedTuple):
    """A node met while walking a plan: where it is and what holds it (a named tuple: plans can be huge)."""

    node: NodeBase
    path: str
    """JSON path of the node, such as ``$.steps[1].then``."""
    parent: NodeBase | None
    depth: int
    """0 for top-level steps."""


_LEAF_TYPES = frozenset({"action", "llm", "wait"})
"""Node types that hold no other node (an action may, through ``on_error``)."""

_new_visit = tuple.__new__  # skips the named tuple's Python-level constructor (hot on large plans)


class Plan(IRModel):
    """A plan: a goal, a trigger, and a DAG of top-level nodes (each of which may be composite).

    Status changes go through :meth:`transition_to` (direct assignment is checked the same way).
    """

    schema_uri: str | None = Field(None, alias="$schema")
    id: str | None = None
    name: str | None = None
    goal: str | None = None
    owner: str | None = None
    created_at: UtcDatetime | None = None
    status: PlanStatus = PlanStatus.DRAFT
    revision: int = Field(0, ge=0)
    trigger: Trigger | None = None
    steps: list[Node]
    context: dict[str, Any] = Field(default_factory=dict)
    meta: dict[str, Any] = Field(default_factory=dict)
    tags: list[str] = Field(default_factory=list)
    natural_language: str | None = None
    validation: ValidationInfo | None = None

    @model_validator(mode="after")
    def _unique_ids(self) -> Self:
        # A cheap pass first (no paths, comprehensions over the top-level steps, which are most of a large
        # plan); the full walk with paths runs only to describe a problem.
        steps = self.steps
        ids = [node.id for node in steps]
        stack = [node for node in steps if node.type not in _LEAF_TYPES or getattr(node, "on_error", None) is not None]
        while stack:
            for _, child in stack.pop().child_slots():
                ids.append(child.id)
                if child.type not in _LEAF_TYPES or getattr(child, "on_error", None) is not None:
                    stack.append(child)
        if len(set(ids)) == len(ids) and RESERVED_ROOTS.isdisjoint(ids):
            return self
        first_seen: dict[str, str] = {}
        for visit in self.walk():
            if visit.node.id in RESERVED_ROOTS:
                raise ValueError(
                    f"step id {visit.node.id!r} at {visit.path} is reserved for references "
                    f"({{{{{visit.node.id}.key}}}}); rename the step"
                )
            earlier = first_seen.setdefault(visit.node.id, visit.path)
            if earlier != visit.path:
                raise ValueError(
                    f"duplicate step id {visit.node.id!r} at {visit.path} (first used at {earlier}); "
                    "give every step its own id"
                )
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "status":
            value = PlanStatus(value)  # stored as the enum, so a later transition check can read it
            self._check_transition(value)
        super().__setattr__(name, value)

    def _check_transition(self, target: PlanStatus) -> None:
        current = self.status
        if target != current and target not in LEGAL_TRANSITIONS[current]:
            allowed = ", ".join(sorted(s.value for s in LEGAL_TRANSITIONS[current])) or "none (final)"
            raise PlanStatusError(
                f"a {current.value} plan can't become {target.value}; allowed next: {allowed}"
            )

    def transition_to(self, target: PlanStatus | str) -> None:
        """Move to ``target``, or raise :class:`PlanStatusError` if that transition is not legal."""
        self.status = PlanStatus(target)

    def walk(self) -> Iterator[NodeVisit]:
        """Every node in document order (pre-order), iteratively, with its JSON path and depth."""
        stack: list[tuple[NodeBase, str, NodeBase | None, int]] = [
            (step, f"$.steps[{index}]", None, 0) for index, step in reversed(list(enumerate(self.steps)))
        ]
        while stack:
            node, path, parent, depth = stack.pop()
            yield _new_visit(NodeVisit, (node, path, parent, depth))
            for suffix, child in reversed(node.child_slots()):
                stack.append((child, f"{path}.{suffix}", node, depth + 1))

    def nodes_by_id(self) -> dict[str, NodeBase]:
        """Every node of the plan by id."""
        return {visit.node.id: visit.node for visit in self.walk()}

    def tools(self) -> list[str]:
        """The distinct tools the plan's action nodes call, sorted."""
        return sorted({visit.node.tool for visit in self.walk() if visit.node.type == "action"})  # type: ignore[attr-defined]
