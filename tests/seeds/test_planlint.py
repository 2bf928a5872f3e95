"""plan-lint's Plan/PlanStep face, and validate_plan on plan objects of stepchain, corteX and plan-lint."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from plankit.compile.cortex import ExecutionPlan
from plankit.compile.cortex import PlanStep as CortexStep
from plankit.lint import ErrorCode, Status
from plankit.lint import validate_plan as lint_validate_plan
from plankit.seeds import stepchain
from plankit.seeds.planlint import Plan, PlanStep, Policy, validate_plan

POLICY = Policy(allow_tools=["db.query_ro"])


def _refund() -> Plan:
    return Plan(
        goal="Refund order A-1042",
        context={"order": "A-1042"},
        steps=[
            PlanStep(id="lookup", tool="db.query_ro", args={"query": "SELECT * FROM orders WHERE id = 'A-1042'"}),
            PlanStep(id="refund", tool="payments.refund", parameters={"amount": 40}, depends_on=["lookup"]),
        ],
        meta={"author": "agent"},
    )


def test_plan_and_plan_step_build_and_lint_the_same_as_json() -> None:
    plan = _refund()
    assert plan.steps[1].args == {"amount": 40}
    assert plan.steps[0].on_fail == "abort"
    assert plan.to_data() == {
        "goal": "Refund order A-1042",
        "steps": [
            {
                "id": "lookup",
                "tool": "db.query_ro",
                "args": {"query": "SELECT * FROM orders WHERE id = 'A-1042'"},
                "on_fail": "abort",
                "depends_on": [],
            },
            {
                "id": "refund",
                "tool": "payments.refund",
                "args": {"amount": 40},
                "on_fail": "abort",
                "depends_on": ["lookup"],
            },
        ],
        "context": {"order": "A-1042"},
        "meta": {"author": "agent"},
    }
    result = validate_plan(plan, POLICY)
    assert result.to_dict() == validate_plan(plan.to_data(), POLICY).to_dict()
    assert result.status is Status.ERROR
    assert [(e.step, e.code, e.msg) for e in result.errors] == [
        (1, ErrorCode.TOOL_DENY, "tool 'payments.refund' is not in the policy's allow_tools")
    ]


def test_unknown_keys_and_bad_on_fail_are_errors() -> None:
    with pytest.raises(ValidationError, match="depend_on"):
        PlanStep(id="a", tool="x", depend_on=["b"])  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="on_fail"):
        PlanStep(id="a", tool="x", on_fail="retry")  # type: ignore[arg-type]


def test_stepchain_plan_objects_lint() -> None:
    plan = stepchain.Plan(goal="g", steps=[stepchain.Step(id="a", prompt="x"), stepchain.Step(id="b", prompt="y")])
    assert lint_validate_plan(plan).status is Status.PASS
    looped = stepchain.Plan(
        goal="g",
        steps=[
            stepchain.Step(id="a", prompt="x", dependencies=["b"]),
            stepchain.Step(id="b", prompt="y", dependencies=["a"]),
        ],
    )
    result = lint_validate_plan(looped)
    assert [(e.code, e.msg) for e in result.errors] == [
        (ErrorCode.SCHEMA_INVALID, "plankit.seeds.stepchain.Plan: dependency cycle: steps 'a', 'b' wait for each other")
    ]


def test_cortex_plan_objects_lint() -> None:
    plan = ExecutionPlan(plan_id="p1", goal="ship", steps=[CortexStep("s1", "Build it", tools_needed=["shell.exec"])])
    result = lint_validate_plan(plan)
    assert [(e.code, e.msg) for e in result.errors] == [
        (ErrorCode.TOOL_DENY, "tool 'shell.exec' is denied by the policy (deny_tools: 'shell.*')")
    ]


def test_foreign_pydantic_plans_lint_by_their_data() -> None:
    class ForeignStep(BaseModel):  # what plan_lint.types.PlanStep looks like
        id: str
        tool: str
        args: dict[str, object]
        on_fail: str = "abort"

    class ForeignPlan(BaseModel):
        goal: str
        steps: list[ForeignStep]

    plan = ForeignPlan(goal="g", steps=[ForeignStep(id="a", tool="shell.exec", args={})])
    assert [e.code for e in lint_validate_plan(plan).errors] == [ErrorCode.TOOL_DENY]


def test_other_values_are_not_plans() -> None:
    assert [(e.code, e.msg) for e in lint_validate_plan(42).errors] == [(ErrorCode.SCHEMA_INVALID, "not a plan")]


def test_public_names() -> None:
    import plankit.seeds.planlint

    assert plankit.seeds.planlint.__all__ == [
        "ErrorCode",
        "Plan",
        "PlanError",
        "PlanStep",
        "PlanWarning",
        "Policy",
        "Status",
        "ValidationResult",
        "validate_plan",
    ]
