"""``ExecutionPlan.to_plan`` / ``from_plan``: the corteX view and the IR convert both ways without loss."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit.compile import ExecutionPlan, PlanningEngine, PlanStep, PlanStepStatus
from plankit.errors import PlanFormatError
from plankit.plan import dump_plan, load_plan, loads_plan, plan_from_data, plan_to_data

SEEDS = Path(__file__).resolve().parents[1] / "fixtures" / "seeds"
S = PlanStepStatus


def test_seed_document_loads_into_the_same_execution_plan() -> None:
    plan = ExecutionPlan.from_plan(load_plan(SEEDS / "cortex_execution_plan.json"))
    assert plan == ExecutionPlan(
        plan_id="plan-7f3a",
        goal="Build a REST API with auth and testing",
        created_at=1735689600.0,
        revised_count=1,
        steps=[
            PlanStep(
                "design",
                "Design the REST endpoints and the auth flow",
                "An endpoint list and an auth sequence diagram",
                ["code_writer"],
                [],
                S.COMPLETED,
                0,
                2,
                "5 endpoints, JWT auth",
                None,
            ),
            PlanStep(
                "implement",
                "Implement the endpoints and JWT auth",
                "Working API code",
                ["code_writer"],
                ["design"],
                S.FAILED,
                1,
                2,
                None,
                "compile error in auth.py",
            ),
            PlanStep(
                "test",
                "Write and run the API tests",
                "All tests pass",
                ["code_writer", "test_runner"],
                ["implement"],
            ),
        ],
    )
    canonical = json.loads((SEEDS / "cortex_execution_plan.canonical.json").read_text(encoding="utf-8"))
    assert plan_to_data(plan.to_plan()) == canonical
    blocked = PlanningEngine().plan_state(plan)
    assert (blocked.state, blocked.reason) == ("blocked", "step 'implement' failed: compile error in auth.py")


def test_to_plan_exact_data() -> None:
    plan = ExecutionPlan(
        "p1",
        "Ship it",
        [
            PlanStep("a", "Do A", tools_needed=["t"], max_retries=0, status=S.RUNNING),
            PlanStep("b", "Do B", "B done", dependencies=["a"], max_retries=4, retry_count=1, result="r"),
        ],
        created_at=1700000000.25,
        revised_count=3,
    )
    assert plan_to_data(plan.to_plan()) == {
        "id": "p1",
        "goal": "Ship it",
        "created_at": "2023-11-14T22:13:20.250000Z",
        "revision": 3,
        "steps": [
            {
                "id": "a",
                "type": "llm",
                "metadata": {"status": "running", "retry_count": 0, "result": None, "error": None},
                "prompt": "Do A",
                "tools": ["t"],
                "expected_outcome": "",
            },
            {
                "id": "b",
                "type": "llm",
                "depends_on": ["a"],
                "on_failure": {"strategy": "retry", "max_attempts": 5},
                "metadata": {"status": "pending", "retry_count": 1, "result": "r", "error": None},
                "prompt": "Do B",
                "expected_outcome": "B done",
            },
        ],
    }


def test_a_time_finer_than_microseconds_is_kept_in_meta() -> None:
    created = 1700000000.1234567
    ir = ExecutionPlan("p", "g", [], created_at=created).to_plan()
    assert ir.meta == {"cortex": {"created_at": created}}
    assert ExecutionPlan.from_plan(loads_plan(dump_plan(ir))).created_at == created


def test_to_plan_refuses_what_the_ir_cannot_hold() -> None:
    with pytest.raises(PlanFormatError) as caught:
        ExecutionPlan("p", "g", [PlanStep("a b", ""), PlanStep("ok", "x", max_retries=-1)]).to_plan()
    assert [(p.path, p.message) for p in caught.value.problems] == [
        ("$.steps[0].id", "String should match pattern '^[A-Za-z0-9_][A-Za-z0-9_\\-]*$'"),
        ("$.steps[0].prompt", "String should have at least 1 character"),
        ("$.steps[1].on_failure.max_attempts", "Input should be greater than or equal to 1"),
    ]
    with pytest.raises(PlanFormatError, match="duplicate step id 'a'"):
        ExecutionPlan("p", "g", [PlanStep("a", "x"), PlanStep("a", "y")]).to_plan()


def test_from_plan_actions_composites_and_bad_state() -> None:
    ir = plan_from_data(
        {
            "id": "p",
            "goal": "g",
            "steps": [
                {"id": "pay", "tool": "payments.transfer", "label": "Pay the invoice"},
                {"id": "note", "tool": "notify.email", "on_failure": "skip", "depends_on": ["pay"]},
            ],
        }
    )
    plan = ExecutionPlan.from_plan(ir)
    assert plan.steps == [
        PlanStep("pay", "Pay the invoice", "", ["payments.transfer"], [], max_retries=0),
        PlanStep("note", "Call notify.email", "", ["notify.email"], ["pay"], max_retries=0),
    ]
    tree = plan_from_data({"id": "t", "steps": [{"id": "seq", "steps": [{"id": "x", "tool": "t"}]}]})
    with pytest.raises(PlanFormatError, match=r"\$\.steps\[0\]: step 'seq' is a sequence node \(flatten the plan"):
        ExecutionPlan.from_plan(tree)
    bad = plan_from_data({"id": "p", "steps": [{"id": "a", "prompt": "x", "metadata": {"status": "done"}}]})
    with pytest.raises(PlanFormatError, match=r"\$\.steps\[0\]\.metadata\.status: unknown status 'done'"):
        ExecutionPlan.from_plan(bad)
    negative = plan_from_data({"id": "p", "steps": [{"id": "a", "prompt": "x", "metadata": {"retry_count": -1}}]})
    with pytest.raises(PlanFormatError, match=r"retry_count: expected a count of 0 or more, got -1"):
        ExecutionPlan.from_plan(negative)


def test_from_plan_defaults_and_loose_state() -> None:
    ir = plan_from_data(
        {
            "name": "named",
            "created_at": "2025-01-01T00:00:00Z",
            "steps": [{"id": "a", "prompt": "x", "metadata": {"status": "COMPLETED", "result": {"n": 1}}}],
        }
    )
    plan = ExecutionPlan.from_plan(ir)
    assert plan.plan_id.startswith("plan_") and len(plan.plan_id) == 37
    assert (plan.goal, plan.created_at) == ("named", 1735689600.0)
    assert (plan.steps[0].status, plan.steps[0].result, plan.steps[0].retry_count) == (S.COMPLETED, '{"n": 1}', 0)


# -------------------------------------------------------------------------------------------- round trip
_ids = st.text(string.ascii_letters + string.digits + "_-", min_size=1, max_size=10).filter(
    lambda text: text[0] != "-" and text not in ("context", "env")
)
_texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)


@st.composite
def execution_plans(draw: st.DrawFn) -> ExecutionPlan:
    step_ids = draw(st.lists(_ids, unique=True, max_size=6))
    known = [*step_ids, "missing_step"]
    steps = [
        PlanStep(
            step_id=step_id,
            description=draw(_texts.filter(bool)),
            expected_outcome=draw(_texts),
            tools_needed=draw(st.lists(_texts, max_size=3)),
            dependencies=draw(st.lists(st.sampled_from(known), max_size=3)),
            status=draw(st.sampled_from(list(PlanStepStatus))),
            retry_count=draw(st.integers(0, 10)),
            max_retries=draw(st.integers(0, 99)),
            result=draw(st.none() | _texts),
            error=draw(st.none() | _texts),
        )
        for step_id in step_ids
    ]
    return ExecutionPlan(
        plan_id=draw(_ids),
        goal=draw(_texts),
        steps=steps,
        created_at=draw(st.floats(0, 4e9, allow_nan=False)),
        revised_count=draw(st.integers(0, 50)),
    )


@given(execution_plans())
def test_round_trip_through_the_ir_and_its_json(plan: ExecutionPlan) -> None:
    ir = plan.to_plan()
    assert ExecutionPlan.from_plan(ir) == plan
    assert ExecutionPlan.from_plan(loads_plan(dump_plan(ir))) == plan
