"""The shared strategies really produce every node type, every trigger and every failure policy."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings

from plankit.plan import NODE_TYPES, plan_from_data
from tests.plan.strategies import plan_data, trigger_data

TRIGGERS = {"time", "interval", "condition", "immediate", "cron", "price", "onchain_event", "balance"}

# Each test runs an inner property that only collects what it sees: nothing fails inside, so nothing shrinks.


def test_generated_plans_cover_every_node_type_and_failure_policy() -> None:
    seen: set[str] = set()

    @settings(max_examples=25)
    @given(plan_data())
    def collect(data: dict[str, Any]) -> None:
        for visit in plan_from_data(data).walk():
            seen.add(visit.node.type)
            if visit.node.on_failure is not None:
                seen.add(visit.node.on_failure.strategy)

    collect()
    assert (set(NODE_TYPES) | {"abort", "skip", "retry"}) - seen == set()


def test_generated_triggers_cover_every_type() -> None:
    seen: set[str] = set()

    @settings(max_examples=100)
    @given(trigger_data(["a", "b"]))
    def collect(trigger: dict[str, Any]) -> None:
        plan = plan_from_data({"steps": [], "trigger": trigger})
        assert plan.trigger is not None
        seen.add(plan.trigger.type)

    collect()
    assert TRIGGERS - seen == set()
