"""Rego policies through the real regopy: violations join the findings; broken policies fail closed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from plankit.errors import MissingExtraError, PolicyError
from plankit.lint import Diagnostic, Policy, Severity, Status, lint_plan, validate_plan

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAN = {
    "steps": [
        {"id": "look", "tool": "db.query_ro", "args": {"query": "SELECT 1"}},
        {
            "id": "group",
            "type": "sequence",
            "steps": [{"id": "pay", "tool": "payments.refund", "params": {"amount": 900}}],
        },
    ]
}
HEADER = "package plankit\n\nimport rego.v1\n\n"


def _rego(tmp_path: Path, body: str, name: str = "p.rego") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _only_rego(plan: object, *files: Path) -> list[Diagnostic]:
    return lint_plan(plan, Policy(rego=[str(f) for f in files]), select=["REGO_VIOLATION"])


def test_violations_join_with_the_policys_code_step_and_hint(tmp_path: Path) -> None:
    file = _rego(
        tmp_path,
        """violations contains v if {
    some i, step in input.steps
    step.tool == "db.query_ro"
    v := {"code": "NO_DB", "msg": sprintf("%s reads the db", [step.id]), "step": i, "hint": "use the cache"}
}
violations contains {"code": "BIG_REFUND", "msg": "refund too big", "step": "pay", "severity": "warning"} if {
    input.steps[1].steps[0].params.amount > 500
}
violations contains {"code": "NO_TICKET", "msg": "no ticket", "step": null} if not input.context.ticket
""",
    )
    assert _only_rego(PLAN, file) == [
        Diagnostic("NO_TICKET", Severity.ERROR, "no ticket"),
        Diagnostic("NO_DB", Severity.ERROR, "look reads the db", "look", 0, "$.steps[0]", "use the cache"),
        Diagnostic("BIG_REFUND", Severity.WARNING, "refund too big", "pay", 1, "$.steps[1].steps[0]"),
    ]


def test_several_files_share_the_package_and_the_example_policy_finds_the_missing_ticket() -> None:
    result = validate_plan(
        EXAMPLES / "refund.json",
        [EXAMPLES / "policies" / "support.rego"],
        select=["REGO_VIOLATION"],
    )
    assert result.status is Status.ERROR
    assert [(e.code, e.step, e.node_id, e.msg) for e in result.errors] == [
        (
            "AUDIT_TICKET_MISSING",
            1,
            "refund",
            "step refund moves money but the plan's context has no ticket_id",
        ),
    ]
    assert result.risk_score == 0.5  # a Rego code weighs like REGO_VIOLATION


def test_policy_rego_key_is_relative_to_the_policy_file(tmp_path: Path) -> None:
    _rego(tmp_path, 'violations contains {"code": "ALWAYS", "msg": "m", "step": 0} if true\n', "always.rego")
    policy_file = tmp_path / "policy.yaml"
    policy_file.write_text("rego: [always.rego]\n", encoding="utf-8")
    codes = [d.code for d in lint_plan(PLAN, policy_file, select=["REGO_VIOLATION"])]
    assert codes == ["ALWAYS"]


def test_input_always_has_context_and_canonical_params(tmp_path: Path) -> None:
    seen = 'sprintf("%v %v", [input.context, input.steps[0].params])'
    body = f'violations contains {{"code": "SEEN", "msg": {seen}}} if true'
    [diagnostic] = _only_rego({"steps": [{"id": "a", "tool": "x", "args": {"q": 1}}]}, _rego(tmp_path, body))
    assert diagnostic.message == '{} {"q": 1}'


def test_syntax_error_is_a_policy_error_with_line_and_column_and_prints_nothing(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    file = _rego(tmp_path, "violations contains v if {\n")
    with pytest.raises(PolicyError) as caught:
        _only_rego(PLAN, file)
    assert caught.value.message == "Rego syntax error"
    assert caught.value.source == str(file)
    assert [str(p) for p in caught.value.problems] == [
        "line 5, column 26: this is unclosed",
        "line 1, column 1: this is unclosed",
    ]
    assert capfd.readouterr().out == ""


def test_missing_file_and_missing_rule_are_policy_errors(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="no such Rego file"):
        _only_rego(PLAN, tmp_path / "missing.rego")
    other = tmp_path / "other.rego"
    other.write_text("package other\n\nviolations := []\n", encoding="utf-8")
    with pytest.raises(PolicyError, match=r"no Rego file defines data\.plankit\.violations"):
        _only_rego(PLAN, other)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('violations := [{"msg": "m"}]\n', "data.plankit.violations[0] has no string 'code'"),
        ('violations := [{"code": "X"}]\n', "data.plankit.violations[0] (X) has no string 'msg'"),
        ('violations := ["text"]\n', "data.plankit.violations[0] is str, not an object {code, msg, step}"),
        (
            'violations := {"a": 1}\n',
            "data.plankit.violations must be a set or an array of objects, got dict "
            "(write `violations contains v if {...}`)",
        ),
        (
            'violations := [{"code": "X", "msg": "m", "step": 7}]\n',
            "X: step 7 is not a step index of this plan",
        ),
        (
            'violations := [{"code": "X", "msg": "m", "step": "nope"}]\n',
            "X: step 'nope' is not a step id of this plan",
        ),
        (
            'violations := [{"code": "X", "msg": "m", "step": true}]\n',
            "data.plankit.violations[0] (X) has a 'step' that is neither an index nor a step id",
        ),
        (
            'violations := [{"code": "X", "msg": "m", "severity": "fatal"}]\n',
            "data.plankit.violations[0] (X) has severity 'fatal'; use one of error, warning, info",
        ),
    ],
)
def test_unusable_output_fails_the_plan_as_rule_crashed(tmp_path: Path, body: str, message: str) -> None:
    file = _rego(tmp_path, body)
    result = validate_plan(PLAN, Policy(rego=[str(file)]), select=["REGO_VIOLATION"])
    assert result.status is Status.ERROR
    assert [(d.code, d.message) for d in result.diagnostics] == [
        ("RULE_CRASHED", f"Rego policy ({file}) crashed: {message}"),
    ]


def test_an_undefined_rule_is_no_violation_but_an_evaluation_error_fails_the_plan(tmp_path: Path) -> None:
    file = _rego(tmp_path, "x := 1 if input.context.a\nx := 2 if input.context.b\nviolations := [] if x\n")
    assert _only_rego({"steps": [{"id": "a", "tool": "t"}]}, file) == []  # x and so violations undefined
    conflicting = {"steps": [{"id": "a", "tool": "t"}], "context": {"a": True, "b": True}}
    [diagnostic] = _only_rego(conflicting, file)  # x is both 1 and 2: a runtime conflict
    assert diagnostic.code == "RULE_CRASHED"
    assert diagnostic.message.startswith(f"Rego policy ({file}) crashed: evaluating data.plankit.violations failed")


def test_ignoring_rego_violation_skips_the_rego_files(tmp_path: Path) -> None:
    broken = _rego(tmp_path, "violations contains v if {\n")
    result = validate_plan(PLAN, Policy(rego=[str(broken)]), ignore=["REGO_VIOLATION"], select=["REGO_VIOLATION"])
    assert result.diagnostics == []


def test_missing_regopy_is_a_missing_extra_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "regopy", None)
    with pytest.raises(MissingExtraError) as caught:
        _only_rego(PLAN, _rego(tmp_path, "violations := []\n"))
    assert str(caught.value) == "regopy is not installed; install it with: pip install 'plankit[rego]'"
