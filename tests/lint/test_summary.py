"""The plan IR's ValidationInfo, computed by Linter.validate and stored on a plan by ValidationResult.apply_to."""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from pathlib import Path

import pytest

from plankit.lint import LintContext, Linter, Policy, validate_plan
from plankit.plan import PlanStatus, ValidationInfo, ValidationIssue, load_plan, plan_from_data

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOW = datetime(2026, 6, 1, tzinfo=UTC)


def test_tools_chains_and_duration_of_an_example() -> None:
    info = validate_plan(EXAMPLES / "eth-sell-bridge.json", now=NOW).validation
    assert info == ValidationInfo(
        valid=True,
        issues=[],
        risk_score=0.0,
        estimated_gas_eth=None,
        estimated_duration_ms=120000,
        tools_used=["bridge.transfer", "defi_swap", "notify.push", "wallet.balance"],
        chains_used=[1, 42161],
    )


def test_duration_is_the_critical_path_of_estimates_waits_and_timeouts() -> None:
    plan = {
        "steps": [
            {"id": "a", "tool": "x", "metadata": {"estimated_duration_ms": 100}},
            {"id": "b", "tool": "x", "timeout_ms": 5000, "depends_on": ["a"]},
            {"id": "c", "type": "wait", "duration_ms": 2000, "depends_on": ["a"]},
            {
                "id": "loop",
                "type": "loop",
                "max_iterations": 3,
                "delay_ms": 10,
                "body": {"id": "d", "tool": "y", "metadata": {"estimated_duration_ms": 7}},
            },
            {"id": "e", "type": "llm", "prompt": "go", "tools": ["z.tool"], "depends_on": ["b", "c"]},
        ]
    }
    info = Linter(Policy()).validate(plan, now=NOW).validation
    assert info is not None
    assert info.estimated_duration_ms == 5100  # a (100) then b (timeout 5000) then e (unknown: 0)
    assert info.tools_used == ["x", "y", "z.tool"]
    assert info.estimated_gas_eth is None


def test_no_known_duration_is_none_and_gas_counts_loops() -> None:
    plan = {
        "steps": [
            {"id": "swap", "tool": "defi_swap"},
            {"id": "loop", "type": "loop", "max_iterations": 4, "body": {"id": "tx", "tool": "wallet.send"}},
            {"id": "read", "tool": "wallet.balance"},
        ]
    }
    policy = Policy(gas_estimates={"defi_*": 0.002, "wallet.send": 0.0005})
    info = Linter(policy).validate(plan, now=NOW).validation
    assert info is not None
    assert info.estimated_duration_ms is None
    assert info.estimated_gas_eth == pytest.approx(0.002 + 4 * 0.0005)


def test_apply_to_stores_the_verdict_and_validates_a_clean_draft() -> None:
    plan = load_plan(EXAMPLES / "research-dag.json")
    result = validate_plan(plan, now=NOW)
    stored = result.apply_to(plan)
    assert stored.status is PlanStatus.VALIDATED
    assert stored.validation == result.validation
    assert plan.status is PlanStatus.DRAFT and plan.validation is None  # the original is untouched


def test_apply_to_keeps_a_failing_plan_a_draft_with_its_issues() -> None:
    plan = plan_from_data({"steps": [{"id": "rm", "tool": "shell.exec", "args": {"cmd": "ls"}}]})
    result = validate_plan(plan, now=NOW)
    stored = result.apply_to(plan)
    assert stored.status is PlanStatus.DRAFT
    assert stored.validation is not None and not stored.validation.valid
    assert stored.validation.issues == [
        ValidationIssue(
            severity="error",
            node_id="rm",
            code="TOOL_DENY",
            message=result.errors[0].msg,
        )
    ]


def test_a_plan_that_does_not_load_has_no_summary() -> None:
    result = validate_plan({"steps": [{"id": "a"}]}, now=NOW)
    assert result.validation is None
    with pytest.raises(ValueError, match="the plan did not load"):
        result.apply_to(plan_from_data({"steps": [{"id": "a", "tool": "x"}]}))


def test_the_summary_is_the_same_whichever_rules_ran() -> None:
    # Without CONTRA_CHAIN, nobody read the chain params during the lint: the summary reads them itself.
    info = Linter(select=["TOOL_DENY"]).validate(EXAMPLES / "eth-sell-bridge.json", now=NOW).validation
    assert info is not None
    assert (info.tools_used, info.chains_used, info.estimated_duration_ms) == (
        ["bridge.transfer", "defi_swap", "notify.push", "wallet.balance"],
        [1, 42161],
        120000,
    )


def test_a_result_waiting_to_summarize_keeps_the_graph_not_the_rules_indexes() -> None:
    linter = Linter()
    plan = load_plan(EXAMPLES / "eth-sell-bridge.json")
    result = linter.validate(plan, now=NOW)
    assert isinstance(result.summarize, functools.partial)
    kept = result.summarize.args[0]
    assert isinstance(kept, LintContext)
    assert set(kept._shared) <= {"param_hits"}  # no plan text, effects, provenance or visit indexes
    assert "actions" not in vars(kept)
    assert kept.plan is plan
    assert result.validation == linter.validate(plan, now=NOW).validation
