"""The executor runs a step after every step it references, with no ``depends_on`` written: the claim behind
IMPLICIT_DEPENDENCY being a note (info), not a warning, when two top-level steps are joined by a reference to
the one written first (lint/rules/_structure.py). Checked in every layout where the lint says so: a reference
from inside a loop body, an ``if``'s condition or branch, a ``parallel`` or ``sequence`` child, and into a step
nested in a composite. The used step sleeps (virtual time), so a user not ordered after it would run first."""

from __future__ import annotations

from typing import Any

import pytest

from plankit import ToolContext, ToolRegistry
from plankit.lint import Policy, Severity, validate_plan
from plankit.plan import ExecutionStatus
from plankit.store import Store

from .helpers import executor, make_plan, run

SLOW: dict[str, Any] = {"id": "a", "tool": "slow", "params": {"step": "a"}}
A_IS_ONE = {
    "type": "compare", "left": {"type": "step_output", "step_id": "a", "path": "result.v"}, "op": "eq",
    "right": {"type": "literal", "value": 1},
}  # fmt: skip


def _use(step_id: str, got: Any = "{{a.result.v}}") -> dict[str, Any]:
    return {"id": step_id, "tool": "use", "params": {"step": step_id, "got": got}}


LAYOUTS: dict[str, tuple[list[dict[str, Any]], list[str], list[str]]] = {
    # name: (steps, the notes' node ids, the calls in order)
    "flat": ([SLOW, _use("b")], ["b"], ["a started", "a ended", "b got 1"]),
    "loop body": (
        [SLOW, {"id": "b", "type": "loop", "max_iterations": 1, "body": _use("body")}],
        ["body"],
        ["a started", "a ended", "body got 1"],
    ),
    "if condition": (
        [SLOW, {"id": "b", "type": "if", "condition": A_IS_ONE, "then": _use("then", "x")}],
        ["b"],
        ["a started", "a ended", "then got x"],
    ),
    "parallel child": (
        [SLOW, {"id": "b", "type": "parallel", "steps": [_use("p1"), _use("p2", "x")]}],
        ["p1"],
        ["a started", "a ended", "p1 got 1", "p2 got x"],
    ),
    "sequence child": (
        [SLOW, {"id": "b", "type": "sequence", "steps": [_use("s1", "x"), _use("s2")]}],
        ["s2"],
        ["a started", "a ended", "s1 got x", "s2 got 1"],
    ),
    "into a nested step": (
        [{"id": "s", "type": "sequence", "steps": [SLOW]}, _use("b")],
        ["b"],
        ["a started", "a ended", "b got 1"],
    ),
}


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_a_step_runs_after_the_steps_it_references_without_depends_on(layout: str) -> None:
    steps, noted, order = LAYOUTS[layout]
    plan = make_plan(steps)
    notes = validate_plan(plan, Policy(goal_alignment="off")).info
    assert [(note.code, note.node_id, note.severity) for note in notes] == [
        ("IMPLICIT_DEPENDENCY", node_id, Severity.INFO.value) for node_id in noted
    ]
    calls: list[str] = []
    registry = ToolRegistry()

    @registry.tool("slow")
    async def slow(step: str, ctx: ToolContext) -> dict[str, Any]:
        calls.append(f"{step} started")
        await ctx.sleep(5)  # virtual time: the loop runs whatever else is ready meanwhile
        calls.append(f"{step} ended")
        return {"v": 1}

    @registry.tool("use")
    async def use(step: str, got: Any) -> dict[str, Any]:
        calls.append(f"{step} got {got}")
        return {}

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(plan)

    assert run(body).status is ExecutionStatus.COMPLETED
    assert calls == order
