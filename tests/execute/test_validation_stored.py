"""A started plan is stored with the lint's verdict (the plan IR's ValidationInfo), read back from the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from plankit import ToolRegistry
from plankit.lint import Status
from plankit.plan import ExecutionStatus, PlanStatus, ValidationInfo
from plankit.store import MemoryStore, SqliteStore, Store

from .helpers import executor, make_plan, run

STEPS: list[dict[str, Any]] = [
    {"id": "a", "tool": "echo", "params": {"text": "hi"}, "timeout_ms": 2000},
    {"id": "w", "type": "wait", "duration_ms": 1500, "depends_on": ["a"]},
    {"id": "b", "tool": "echo", "params": {"text": "{{a.result}}"}, "depends_on": ["w"]},
]


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_the_stored_plan_of_a_run_carries_its_validation(kind: str, tmp_path: Path) -> None:
    plan = make_plan(STEPS, goal="echo a greeting")
    store: Store = MemoryStore() if kind == "memory" else SqliteStore(tmp_path / "plankit.db")

    async def body(store: Store) -> Any:
        ex = executor(store, ToolRegistry())
        checked = ex.check(plan).apply_to(plan)
        execution = await ex.start(plan)
        return checked, execution, await store.load_plan(execution.plan_id)

    checked, execution, stored = run(body, store)
    assert checked.status is PlanStatus.VALIDATED  # a clean draft is validated on its way to running
    assert execution.status is ExecutionStatus.COMPLETED
    assert stored is not None
    assert stored.status is PlanStatus.COMPLETED
    assert stored.validation == ValidationInfo(
        valid=True,
        issues=[],
        risk_score=0.0,
        estimated_duration_ms=3500,  # a's timeout, then the wait: the critical path
        tools_used=["echo"],
        chains_used=[],
    )
    assert plan.validation is None and plan.status is PlanStatus.DRAFT  # the caller's plan is untouched


def test_feed_warnings_keep_the_validation_summary() -> None:
    # A runtime call with no feeds configured is a FEED_MISSING warning added after the lint: the result stays
    # valid, and keeps the lint's summary for the stored plan.
    price = {"type": "runtime", "fn": "price", "args": ["ETH"]}
    plan = make_plan([{"id": "p", "tool": "echo", "params": {"eth": price}}])

    async def body(store: Store) -> Any:
        return executor(store, ToolRegistry()).check(plan)

    result = run(body)
    assert result.status is Status.WARN
    assert [warning.code for warning in result.warnings] == ["FEED_MISSING"]
    assert result.validation is not None
    assert result.validation.valid and result.validation.tools_used == ["echo"]
