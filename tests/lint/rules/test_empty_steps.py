"""EMPTY_STEPS: a plan, sequence or parallel step with nothing in it is said, not passed silently."""

from __future__ import annotations

from tests.lint.rules._support import fixture_findings

from plankit.lint import RULES, Finding, Severity, validate_plan

PLAN_HINT = "an empty plan usually means the planner failed: compile the goal again"


def test_metadata() -> None:
    rule = RULES["EMPTY_STEPS"]
    assert (rule.name, rule.severity) == ("nothing-to-do", Severity.WARNING)


def test_an_empty_plan_is_one_finding_on_its_steps() -> None:
    assert fixture_findings("EMPTY_STEPS", "bad_empty_plan") == [
        Finding("the plan has no steps: running it does nothing", None, "$.steps", PLAN_HINT)
    ]


def test_each_empty_container_is_named_where_it_is() -> None:
    assert fixture_findings("EMPTY_STEPS", "bad_empty_containers") == [
        Finding(
            "'load' (sequence) has no steps: it does nothing",
            "load",
            "$.steps[0].steps",
            "remove 'load', or give it the steps it was meant to hold",
        ),
        Finding(
            "'nested' (sequence) has no steps: it does nothing",
            "nested",
            "$.steps[1].steps[1].steps",
            "remove 'nested', or give it the steps it was meant to hold",
        ),
    ]


def test_containers_with_steps_pass() -> None:
    assert fixture_findings("EMPTY_STEPS", "good_steps_everywhere") == []


def test_an_empty_plan_warns_through_the_whole_linter() -> None:
    result = validate_plan({"goal": "pay the March invoices", "steps": []})
    assert (result.status.value, [d.code for d in result.warnings], result.errors) == ("WARN", ["EMPTY_STEPS"], [])
