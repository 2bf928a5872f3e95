"""What ``Executor.start`` does once per plan: one PlanGraph shared by the lint and the run, no deep copy."""

from __future__ import annotations

from typing import Any

import pytest

from plankit import ToolRegistry
from plankit.lint import Linter
from plankit.plan import ExecutionStatus, Plan, PlanGraph
from plankit.store import Store

from .helpers import executor, make_plan, run, statuses

# Literal params only: a call with referenced values is linted again as a one-step plan by the run-time guard
# (see plankit.execute._guard), which builds that plan's own graph.
STEPS: list[dict[str, Any]] = [
    {"id": "a", "tool": "echo", "params": {"text": "hi"}},
    {"id": "b", "tool": "echo", "params": {"text": "there"}, "depends_on": ["a"]},
    {
        "id": "p",
        "type": "parallel",
        "depends_on": ["b"],
        "steps": [{"id": "c", "tool": "echo"}, {"id": "d", "tool": "echo"}],
    },
]


def test_start_builds_one_graph_and_never_deep_copies_the_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    graphs: list[Plan] = []
    deep_copies: list[str | None] = []
    build, copy = PlanGraph.of.__func__, Plan.model_copy

    def counted_build(cls: type[PlanGraph], plan: Plan) -> PlanGraph:
        graphs.append(plan)
        return build(cls, plan)

    def watched_copy(self: Plan, *, update: dict[str, Any] | None = None, deep: bool = False) -> Plan:
        if deep:
            deep_copies.append(self.id)
        return copy(self, update=update, deep=deep)

    monkeypatch.setattr(PlanGraph, "of", classmethod(counted_build))
    monkeypatch.setattr(Plan, "model_copy", watched_copy)
    plan = make_plan(STEPS)

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry()).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert statuses(execution) == dict.fromkeys(["a", "b", "c", "d", "p"], "completed")
    assert graphs == [plan]  # one graph, of the caller's plan (the run's copies share its nodes)
    assert deep_copies == []


def test_the_lint_uses_a_given_graph_of_the_same_plan_only() -> None:
    plan, other = make_plan(STEPS), make_plan(STEPS)
    linter = Linter()
    plain = linter.validate(plan).to_dict()
    assert linter.validate(plan, graph=PlanGraph.of(plan)).to_dict() == plain
    # A graph of another plan object is not trusted: the lint builds its own, and the verdict is the same.
    assert linter.validate(plan, graph=PlanGraph.of(other)).to_dict() == plain
