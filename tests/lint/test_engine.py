"""The lint engine: loading, running rules, crashes, suppression, selection, step indexes.

These tests install their own rules (``monkeypatch.setitem(RULES, ...)``) and ``select`` only them, so they
test the engine and not the built-in rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from plankit.errors import PlanFormatError, PolicyError
from plankit.lint import (
    RULES,
    Diagnostic,
    ErrorCode,
    Finding,
    LintContext,
    Linter,
    PlanError,
    PlanWarning,
    Policy,
    Severity,
    Status,
    ValidationResult,
    enabled_codes,
    lint_plan,
    validate_plan,
)
from plankit.lint._registry import Rule
from plankit.plan import ActionNode, loads_plan

E, W = Severity.ERROR, Severity.WARNING

PLAN = {
    "goal": "refund and tell",
    "steps": [
        {"id": "look", "tool": "db.query_ro", "args": {"query": "SELECT 1"}},
        {
            "id": "branch",
            "type": "if",
            "condition": {"left": 1, "op": "gt", "right": 0},
            "then": {"id": "pay", "tool": "payments.refund", "params": {"amount": 5}},
        },
        {"id": "tell", "tool": "notify.email", "args": {"to": "a@example.com"}},
    ],
}


def _install(monkeypatch: pytest.MonkeyPatch, code: str, check: object, severity: Severity = E) -> None:
    rule = Rule(code, code.lower().replace("_", "-"), severity, f"test rule {code}", check, "docs")  # type: ignore[arg-type]
    monkeypatch.setitem(RULES, code, rule)


def _flag_tools(ctx: LintContext) -> Iterator[Finding]:
    """Flags every action: node id, path and a hint."""
    for node, path in ctx.actions:
        yield Finding(f"uses {node.tool}", node_id=node.id, path=f"{path}.tool", hint="fix it")


def _plan_level(ctx: LintContext) -> Iterator[Finding]:
    yield Finding("plan-level note", severity=W)


@pytest.fixture
def flagging(monkeypatch: pytest.MonkeyPatch) -> str:
    _install(monkeypatch, "T_FLAG", _flag_tools)
    return "T_FLAG"


def test_findings_get_code_severity_and_top_level_step_index(flagging: str) -> None:
    result = lint_plan(PLAN, select=[flagging])
    assert result == [
        Diagnostic("T_FLAG", E, "uses db.query_ro", "look", 0, "$.steps[0].tool", "fix it"),
        Diagnostic("T_FLAG", E, "uses payments.refund", "pay", 1, "$.steps[1].then.tool", "fix it"),
        Diagnostic("T_FLAG", E, "uses notify.email", "tell", 2, "$.steps[2].tool", "fix it"),
    ]


def test_validate_plan_builds_the_seed_result(flagging: str) -> None:
    result = validate_plan(PLAN, select=[flagging])
    assert isinstance(result, ValidationResult)
    assert result.status is Status.ERROR
    assert result.valid is False
    # three findings of the fallback error weight 0.4: 1 - 0.6**3
    assert result.risk_score == 0.784
    assert result.errors == [
        PlanError(0, "T_FLAG", "uses db.query_ro", "look", "$.steps[0].tool", "fix it"),
        PlanError(1, "T_FLAG", "uses payments.refund", "pay", "$.steps[1].then.tool", "fix it"),
        PlanError(2, "T_FLAG", "uses notify.email", "tell", "$.steps[2].tool", "fix it"),
    ]
    assert result.warnings == []
    assert [(v.rule, v.message) for v in result.violations] == [
        ("T_FLAG", "uses db.query_ro"),
        ("T_FLAG", "uses payments.refund"),
        ("T_FLAG", "uses notify.email"),
    ]


def test_plan_level_findings_have_no_step_and_come_first(monkeypatch: pytest.MonkeyPatch, flagging: str) -> None:
    _install(monkeypatch, "T_PLAN", _plan_level, severity=E)
    result = validate_plan(PLAN, select=["T_PLAN", flagging])
    assert [(d.code, d.step, d.severity) for d in result.diagnostics] == [
        ("T_PLAN", None, W),  # the finding's own severity overrides the rule's
        ("T_FLAG", 0, E),
        ("T_FLAG", 1, E),
        ("T_FLAG", 2, E),
    ]
    assert result.warnings == [PlanWarning(None, "T_PLAN", "plan-level note")]


def test_only_warnings_is_warn_and_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, "T_PLAN", _plan_level)
    result = validate_plan(PLAN, select=["T_PLAN"])
    assert (result.status, result.valid, result.risk_score) == (Status.WARN, True, 0.1)


def test_no_findings_is_pass(flagging: str) -> None:
    result = validate_plan({"steps": [{"id": "w", "type": "wait", "duration_ms": 5}]}, select=[flagging])
    assert (result.status, result.valid, result.risk_score, result.diagnostics) == (
        Status.PASS,
        True,
        0.0,
        [],
    )


def test_risk_at_threshold_is_error_even_with_only_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, "T_PLAN", _plan_level)
    policy = Policy(fail_risk_threshold=0.1)
    result = validate_plan(PLAN, policy, select=["T_PLAN"])
    assert (result.status, result.risk_score, len(result.warnings)) == (Status.ERROR, 0.1, 1)


def test_a_crashing_rule_is_an_error_naming_it_and_keeps_earlier_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def half_then_crash(ctx: LintContext) -> Iterator[Finding]:
        yield Finding("before the crash", node_id="look")
        raise KeyError("boom")

    _install(monkeypatch, "T_CRASH", half_then_crash, severity=W)
    result = validate_plan(PLAN, select=["T_CRASH"])
    assert result.status is Status.ERROR
    assert result.diagnostics == [
        Diagnostic(
            "RULE_CRASHED",
            E,
            "rule T_CRASH (t-crash) crashed: KeyError: 'boom'",
            hint="this is a bug in the rule; the plan was not fully checked",
        ),
        Diagnostic("T_CRASH", W, "before the crash", "look", 0),
    ]


def test_a_rule_yielding_a_non_finding_is_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, "T_BAD", lambda ctx: ["not a finding"])
    [diagnostic] = lint_plan(PLAN, select=["T_BAD"])
    assert (diagnostic.code, diagnostic.message) == (
        "RULE_CRASHED",
        "rule T_BAD (t-bad) crashed: TypeError: yielded str, not a Finding",
    )


def test_rule_crashed_cannot_be_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, "T_CRASH", lambda ctx: 1 / 0)
    codes = [d.code for d in lint_plan(PLAN, select=["T_CRASH"], ignore=["RULE_CRASHED"])]
    assert codes == ["RULE_CRASHED"]


def test_rules_get_the_policy_tools_and_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str | None, object, datetime]] = []

    def spy(ctx: LintContext) -> Iterator[Finding]:
        seen.append((ctx.policy.name, ctx.tools, ctx.now))
        yield from ()

    _install(monkeypatch, "T_SPY", spy)
    moment = datetime(2030, 1, 2, tzinfo=UTC)
    validate_plan(PLAN, Policy(name="mine"), select=["T_SPY"], now=moment)
    validate_plan(PLAN, select=["T_SPY"], now=moment)
    assert seen == [("mine", None, moment), ("plankit-default", None, moment)]


# ------------------------------------------------------------------------------------------ inputs
def test_plan_dict_path_and_plan_object_give_the_same_result(flagging: str, tmp_path: Path) -> None:
    file = tmp_path / "plan.json"
    file.write_text(json.dumps(PLAN), encoding="utf-8")
    from_dict = validate_plan(PLAN, select=[flagging])
    assert validate_plan(file, select=[flagging]) == from_dict
    assert validate_plan(str(file), select=[flagging]) == from_dict
    assert validate_plan(loads_plan(json.dumps(PLAN)), select=[flagging]) == from_dict


def test_a_bare_array_of_steps_is_a_plan(flagging: str) -> None:
    result = lint_plan([{"id": "a", "tool": "x.y"}], select=[flagging])
    assert result == [Diagnostic("T_FLAG", E, "uses x.y", "a", 0, "$.steps[0].tool", "fix it")]


def test_unreadable_file_raises_plan_format_error(tmp_path: Path) -> None:
    with pytest.raises(PlanFormatError, match="no such file"):
        validate_plan(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"steps": [', encoding="utf-8")
    with pytest.raises(PlanFormatError, match="unreadable JSON"):
        validate_plan(broken)


def test_invalid_plan_gives_one_schema_invalid_per_problem(flagging: str) -> None:
    data = {
        "steps": [
            {"id": "a", "tool": "db.query", "parms": {"q": 1}},
            {"id": "b", "tool": "x", "timeout_ms": -5},
        ]
    }
    result = validate_plan(data, select=[flagging])
    assert result.status is Status.ERROR
    assert [(d.code, d.step, d.node_id, d.path, d.message, d.hint) for d in result.diagnostics] == [
        ("SCHEMA_INVALID", 0, "a", "$.steps[0].parms", "unknown key 'parms'", "did you mean 'params'?"),
        (
            "SCHEMA_INVALID",
            1,
            "b",
            "$.steps[1].timeout_ms",
            "Input should be greater than or equal to 1",
            None,
        ),
    ]


def test_not_a_plan_at_all_is_schema_invalid() -> None:
    [diagnostic] = lint_plan({"goal": "no steps"})
    assert (diagnostic.code, diagnostic.path, diagnostic.step, diagnostic.message) == (
        "SCHEMA_INVALID",
        "$.steps",
        None,
        "missing required key 'steps'",
    )


def test_schema_problems_in_a_tree_plan_point_into_root() -> None:
    data = {"root": {"type": "sequence", "id": "main", "steps": [{"id": "a", "tool": "x", "bogus": 1}]}}
    [diagnostic] = lint_plan(data)
    assert (diagnostic.code, diagnostic.path, diagnostic.step, diagnostic.node_id) == (
        "SCHEMA_INVALID",
        "$.root.steps[0].bogus",
        0,
        "a",  # the node the problem is in, not the root (tests/lint/test_schema_error_nodes.py)
    )


def test_every_duplicate_id_is_reported_nested_ones_too() -> None:
    data = {
        "steps": [
            {"id": "a", "tool": "x"},
            {"id": "a", "tool": "y"},
            {
                "type": "sequence",
                "id": "seq",
                "steps": [{"step_id": "a", "tool": "z"}, {"id": "seq", "tool": "w"}],
            },
        ]
    }
    result = validate_plan(data)
    hint = "give every step its own id, and update depends_on and references to match"
    assert result.diagnostics == [
        Diagnostic("DUPLICATE_ID", E, "step id 'a' is already used at $.steps[0]", "a", 1, "$.steps[1].id", hint),
        Diagnostic(
            "DUPLICATE_ID",
            E,
            "step id 'a' is already used at $.steps[0]",
            "a",
            2,
            "$.steps[2].steps[0].step_id",  # the key as the document spells it
            hint,
        ),
        Diagnostic(
            "DUPLICATE_ID",
            E,
            "step id 'seq' is already used at $.steps[2]",
            "seq",
            2,
            "$.steps[2].steps[1].id",
            hint,
        ),
    ]
    assert result.status is Status.ERROR


# ----------------------------------------------------------------------------------------- suppression
def test_lint_ignore_suppresses_that_code_on_that_node_only(flagging: str) -> None:
    data = json.loads(json.dumps(PLAN))
    data["steps"][0]["metadata"] = {"lint_ignore": [{"code": "T_FLAG", "reason": "read-only lookup is fine"}]}
    data["steps"][2]["metadata"] = {"lint_ignore": [{"code": "OTHER", "reason": "unrelated"}]}
    result = validate_plan(data, select=[flagging])
    assert [(d.node_id, d.suppressed, d.suppression_reason) for d in result.diagnostics] == [
        ("look", True, "read-only lookup is fine"),
        ("pay", False, None),
        ("tell", False, None),
    ]
    assert [e.node_id for e in result.errors] == ["pay", "tell"]
    assert result.suppressed == [result.diagnostics[0]]
    assert result.risk_score == 0.64  # two counted findings at 0.4


def test_all_findings_suppressed_passes(flagging: str) -> None:
    data = {"steps": [{"id": "a", "tool": "x", "metadata": {"lint_ignore": [{"code": "t_flag", "reason": "ok"}]}}]}
    result = validate_plan(data, select=[flagging])
    assert (result.status, result.risk_score, len(result.suppressed), result.errors) == (
        Status.PASS,
        0.0,
        1,
        [],
    )


def test_plan_level_findings_are_suppressed_from_meta(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, "T_PLAN", _plan_level)
    data = {
        "steps": [{"id": "a", "tool": "x"}],
        "meta": {"lint_ignore": [{"code": "T_PLAN", "reason": "known"}]},
    }
    result = validate_plan(data, select=["T_PLAN"])
    assert (result.status, [d.suppressed for d in result.diagnostics]) == (Status.PASS, [True])


def test_malformed_lint_ignore_suppresses_nothing_and_is_reported(flagging: str) -> None:
    data = {
        "steps": [
            {"id": "a", "tool": "x", "metadata": {"lint_ignore": [{"code": "T_FLAG"}, "T_FLAG"]}},
            {"id": "b", "tool": "y", "metadata": {"lint_ignore": "T_FLAG"}},
        ]
    }
    hint = 'write [{"code": "RAW_SECRET", "reason": "why this finding does not apply"}]'
    entry = "a lint_ignore entry needs a 'code' and a non-empty 'reason'"
    result = validate_plan(data, select=[flagging, "INVALID_SUPPRESSION"])
    assert result.diagnostics == [
        Diagnostic("T_FLAG", E, "uses x", "a", 0, "$.steps[0].tool", "fix it"),
        Diagnostic("INVALID_SUPPRESSION", W, entry, "a", 0, "$.steps[0].metadata.lint_ignore[0]", hint),
        Diagnostic("INVALID_SUPPRESSION", W, entry, "a", 0, "$.steps[0].metadata.lint_ignore[1]", hint),
        Diagnostic("T_FLAG", E, "uses y", "b", 1, "$.steps[1].tool", "fix it"),
        Diagnostic(
            "INVALID_SUPPRESSION",
            W,
            "lint_ignore must be a list of {code, reason}",
            "b",
            1,
            "$.steps[1].metadata.lint_ignore",
            hint,
        ),
    ]


def test_rule_crashed_is_never_suppressed(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, "T_CRASH", lambda ctx: 1 / 0)
    data = {
        "steps": [{"id": "a", "tool": "x"}],
        "meta": {"lint_ignore": [{"code": "RULE_CRASHED", "reason": "x"}]},
    }
    result = validate_plan(data, select=["T_CRASH"])
    assert (result.status, [d.suppressed for d in result.diagnostics]) == (Status.ERROR, [False])


# ------------------------------------------------------------------------------------------- selection
def test_select_and_ignore_choose_rules(monkeypatch: pytest.MonkeyPatch, flagging: str) -> None:
    _install(monkeypatch, "T_PLAN", _plan_level)
    assert {d.code for d in lint_plan(PLAN, select=["T_*"])} == {"T_FLAG", "T_PLAN"}
    assert {d.code for d in lint_plan(PLAN, select=["t_*"], ignore=["T_FLAG"])} == {"T_PLAN"}
    assert {d.code for d in lint_plan(PLAN, select=[" t_flag "])} == {"T_FLAG"}


def test_enabled_codes_always_keeps_the_fail_closed_codes() -> None:
    assert enabled_codes(["REGO_VIOLATION"], None) == {
        "REGO_VIOLATION",
        "SCHEMA_INVALID",
        "DUPLICATE_ID",
        "RULE_CRASHED",
    }
    assert {"SCHEMA_INVALID", "DUPLICATE_ID", "RULE_CRASHED"} <= enabled_codes(None, ["*"])


def test_unknown_selected_code_is_a_policy_error_with_a_suggestion() -> None:
    with pytest.raises(PolicyError) as caught:
        Linter(select=["RULE_CRASHD"])
    assert (
        str(caught.value) == "unknown rule code 'RULE_CRASHD'\n  --select: no such code (did you mean 'RULE_CRASHED'?)"
    )
    with pytest.raises(PolicyError, match="--ignore: no such code"):
        Linter(ignore=["NOPE_*"])


# ----------------------------------------------------------------------------------------------- faces
def test_error_code_holds_every_registered_code_as_strings() -> None:
    assert [member.value for member in ErrorCode] == list(RULES)
    assert ErrorCode("SCHEMA_INVALID") == "SCHEMA_INVALID"


def test_violation_codes_are_error_code_members_for_built_in_codes() -> None:
    [error] = validate_plan({"steps": [{"id": "a", "tool": "x"}, {"id": "a", "tool": "x"}]}).errors
    assert error.code is ErrorCode("DUPLICATE_ID")


def test_linter_reuses_its_configuration(flagging: str) -> None:
    linter = Linter(select=[flagging])
    first = linter.validate(PLAN)
    second = linter.validate({"steps": [{"id": "z", "tool": "q"}]})
    assert [e.node_id for e in first.errors] == ["look", "pay", "tell"]
    assert [e.node_id for e in second.errors] == ["z"]


def test_context_step_of_maps_nested_nodes_to_their_top_level_index() -> None:
    plan = loads_plan(json.dumps(PLAN))
    ctx = LintContext(plan, Policy())
    assert ctx.step_of == {"look": 0, "branch": 1, "pay": 1, "tell": 2}
    assert isinstance(plan.steps[0], ActionNode)


def test_public_names_are_pinned() -> None:
    import plankit.lint

    assert plankit.lint.__all__ == [
        "ALWAYS_ON",
        "DEFAULT_POLICY_YAML",
        "DEFAULT_RISK_WEIGHTS",
        "ENGINE_CODES",
        "REGO_QUERY",
        "RULES",
        "SEVERITY_WEIGHTS",
        "Diagnostic",
        "ErrorCode",
        "Finding",
        "LintContext",
        "Linter",
        "PlanError",
        "PlanWarning",
        "Policy",
        "Rule",
        "Severity",
        "Status",
        "ValidationResult",
        "enabled_codes",
        "judge_alignment",
        "lint_plan",
        "risk_score",
        "risk_weight",
        "rule",
        "status_of",
        "validate_plan",
    ]
    assert all(hasattr(plankit.lint, name) for name in plankit.lint.__all__)


def test_the_seed_codes_keep_their_names() -> None:
    seed = ["SCHEMA_INVALID", "TOOL_DENY", "BOUND_VIOLATION", "RAW_SECRET", "LOOP_DETECTED", "MAX_STEPS_EXCEEDED"]
    for name in [*seed, "MISSING_HANDLER"]:
        assert ErrorCode[name] == name
    assert [status.value for status in Status] == ["PASS", "WARN", "ERROR"]
