"""Regressions for every plan-lint failure listed in the seed README, through the full engine.

plan-lint: bounds on dotted tool names never apply; cycle detection is a substring search (false cycles from
an email address or from ``s1`` inside ``s10``, missed real cycles); unknown policy keys and invalid regexes
are skipped; risk weights never match; WARN can never happen; JSON output is corrupted by printed warnings;
an error inside a check passes silently.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.errors import PolicyError
from plankit.lint import RULES, Finding, LintContext, Policy, Status, validate_plan
from plankit.lint._findings import Severity
from plankit.lint._registry import Rule

CYCLE_CODES = {"LOOP_DETECTED", "CONTRA_CIRCULAR"}
OPEN = Policy()  # no allow list, no deny list: only the structure of the plan matters


def _codes(plan: Any, policy: Policy = OPEN) -> list[str]:
    return [d.code for d in validate_plan(plan, policy).diagnostics]


def _step(step_id: str, tool: str = "db.query_ro", **params: Any) -> dict[str, Any]:
    return {"id": step_id, "tool": tool, "args": params}


def test_bounds_on_dotted_tool_names_apply() -> None:
    policy = Policy.from_data(
        {"bounds": {"payments.transfer.amount": [0.01, 1000], "payments.transfer.fee.max": [0, 5]}}
    )
    plan = {"steps": [_step("pay", "payments.transfer", amount=5000, fee={"max": 9}, to="acct_1")]}
    result = validate_plan(plan, policy)
    bounds = [(d.code, d.node_id, d.step, d.path) for d in result.diagnostics if d.code == "BOUND_VIOLATION"]
    assert bounds == [
        ("BOUND_VIOLATION", "pay", 0, "$.steps[0].params.amount"),
        ("BOUND_VIOLATION", "pay", 0, "$.steps[0].params.fee.max"),
    ]
    assert result.status is Status.ERROR
    within = {"steps": [_step("pay", "payments.transfer", amount=10, fee={"max": 1})]}
    assert "BOUND_VIOLATION" not in _codes(within, policy)


def test_an_email_containing_two_step_ids_is_not_a_cycle() -> None:
    # plan-lint finds "a" and "m" inside "team@example.com" in each other's args and reports a cycle
    plan = {
        "steps": [
            _step("a", "notify.email", to="team@example.com"),
            _step("m", "notify.email", to="team@example.com"),
        ]
    }
    assert not CYCLE_CODES & set(_codes(plan))


def test_s1_inside_s10_is_not_a_reference() -> None:
    plan = {
        "steps": [
            _step("s1", label="batch s10 starts after this"),
            {**_step("s10", total="{{s1.result.count}}"), "depends_on": ["s1"]},
        ]
    }
    assert not CYCLE_CODES & set(_codes(plan))


def test_fan_in_is_not_a_cycle() -> None:
    plan = {
        "steps": [
            _step("a"),
            _step("b"),
            {**_step("c", "notify.email", body="{{a.result}} and {{b.result}}"), "depends_on": ["a", "b"]},
        ]
    }
    assert not CYCLE_CODES & set(_codes(plan))


def test_a_real_two_cycle_through_references_is_found_once() -> None:
    plan = {"steps": [_step("a", x="{{b.result}}"), _step("b", y="${a.result}")]}
    result = validate_plan(plan, OPEN)
    cycles = [d for d in result.diagnostics if d.code in CYCLE_CODES]
    assert [(d.code, d.node_id, d.path) for d in cycles] == [("CONTRA_CIRCULAR", "b", "$.steps[1].params.y")]
    assert "a -> b -> a" in cycles[0].message
    assert result.status is Status.ERROR


def test_a_cycle_through_depends_on_only_is_loop_detected() -> None:
    plan = {"steps": [{**_step("a"), "depends_on": ["b"]}, {**_step("b"), "depends_on": ["a"]}]}
    result = validate_plan(plan, OPEN)
    cycles = [d for d in result.diagnostics if d.code in CYCLE_CODES]
    assert [(d.code, d.node_id, d.path) for d in cycles] == [("LOOP_DETECTED", "a", "$.steps[0].depends_on[0]")]
    assert "a -> b -> a" in cycles[0].message
    assert result.status is Status.ERROR


def test_a_crashing_rule_yields_error_not_a_silent_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(ctx: LintContext) -> Iterator[Finding]:
        raise ValueError("bad bound")

    monkeypatch.setitem(RULES, "T_BROKEN", Rule("T_BROKEN", "t-broken", Severity.WARNING, "s", broken, ""))
    result = validate_plan({"steps": [_step("a")]}, OPEN)
    assert result.status is Status.ERROR
    assert [(e.code, e.msg) for e in result.errors] == [
        ("RULE_CRASHED", "rule T_BROKEN (t-broken) crashed: ValueError: bad bound")
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"alow_tools": ["x"]}, "unknown policy key 'alow_tools' (did you mean 'allow_tools'?)"),
        ({"deny_tokens_regex": ["[unclosed"]}, "invalid regex '[unclosed'"),
        ({"risk_weights": {"TOOL_DENIED": 0.5}}, "risk weight for unknown code 'TOOL_DENIED'"),
    ],
)
def test_unknown_policy_keys_invalid_regexes_and_unknown_weights_are_errors(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PolicyError) as caught:
        Policy.from_data(data)
    assert message in str(caught.value)


def test_risk_weights_apply() -> None:
    plan = {"steps": [_step("a", "shell.exec")]}
    deny = {"deny_tools": ["shell.*"]}
    assert validate_plan(plan, Policy.from_data(deny)).risk_score == 0.8  # TOOL_DENY's documented default
    weighted = validate_plan(plan, Policy.from_data({**deny, "risk_weights": {"TOOL_DENY": 0.25}}))
    assert weighted.risk_score == 0.25


def test_warn_happens() -> None:
    plan = {"steps": [_step("b", q="{{a.rows}}"), _step("a", q="x")]}  # b reads a, written after, not depending on it
    result = validate_plan(plan, Policy.from_data({"fail_risk_threshold": 0.9}))
    assert [w.code for w in result.warnings] == ["IMPLICIT_DEPENDENCY"]
    assert (result.status, result.valid, result.errors) == (Status.WARN, True, [])


def test_a_requirement_of_the_policy_is_an_error() -> None:
    policy = Policy.from_data({"require_handler": ["payments.*"]})
    plan = {"steps": [{**_step("pay", "payments.refund", amount=5), "require_confirmation": True}]}
    result = validate_plan(plan, policy)
    assert [e.code for e in result.errors] == ["MISSING_HANDLER"]
    assert (result.status, result.valid) == (Status.ERROR, False)


def test_json_output_is_not_corrupted_by_printing(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    def chatty(ctx: LintContext) -> Iterator[Finding]:
        print("Warning: something a rule printed")
        yield Finding("chatty finding", severity=Severity.WARNING)

    monkeypatch.setitem(RULES, "T_CHATTY", Rule("T_CHATTY", "t-chatty", Severity.WARNING, "s", chatty, ""))
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"steps": [_step("a")]}), encoding="utf-8")
    result = CliRunner().invoke(app, ["lint", str(plan), "--select", "T_CHATTY", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["warnings"][0]["msg"] == "chatty finding"
    assert result.stderr == "Warning: something a rule printed\n"
