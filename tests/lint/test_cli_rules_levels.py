"""``plankit rules --policy``: each rule's level under a policy (merged like lint's), and the key and file that
set it; in JSON always (under the built-in default without --policy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.lint import RULES, Linter, Policy
from plankit.lint._levels import RuleLevel, rule_levels
from plankit.tools import ToolRegistry

runner = CliRunner()

ORG = (
    "name: org\ngoal_alignment: error\nseverity:\n  PII_EXPOSED: error\n  RAW_SECRET: off\n"
    "risk_weights: {MISSING_HANDLER: 0.3}\n"
)
TEAM = "severity:\n  TOOL_DENY: warning\n  GOAL_TAINTED_TARGET: warning\n  IMPLICIT_DEPENDENCY: info\n"


def _files(tmp_path: Path) -> list[str]:
    (tmp_path / "org.yaml").write_text(ORG, encoding="utf-8")
    (tmp_path / "team.yaml").write_text(TEAM, encoding="utf-8")
    return [str(tmp_path / "org.yaml"), str(tmp_path / "team.yaml")]


def _row(code: str, level: str, set_by: str) -> str:
    rule = RULES[code]
    return f"{code:<23}{rule.name:<31}{level:<9}{set_by:<35}{rule.summary}"


def test_the_table_shows_each_rules_level_under_the_merged_policy_and_what_set_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _files(tmp_path)
    monkeypatch.chdir(tmp_path)  # files named as a user names them: the table keeps its width
    org, team = "org.yaml", "team.yaml"
    result = runner.invoke(app, ["rules", "--policy", org, "--policy", team])
    assert (result.exit_code, result.stderr) == (0, "")
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    footer = lines.index("Nothing to check under this policy, so these never fire:")
    assert lines[footer - 1 :] == [
        "",
        "Nothing to check under this policy, so these never fire:",
        "  TOOL_DENY: the policy sets neither allow_tools nor deny_tools",
        "  CONTRA_NO_TOOL: it needs tool specs (lint --tools)",
        "  TOOL_ARGS_INVALID: it needs tool specs (lint --tools)",
        "  CONFIRMATION_REQUIRED: the policy sets no require_confirmation",
        "  MISSING_HANDLER: the policy sets no require_handler",
        "  RECIPIENT_DENY: the policy sets neither allow_recipients nor allow_domains",
        "  BOUND_VIOLATION: the policy sets no bounds",
        "  MAX_STEPS_EXCEEDED: the policy sets no max_steps",
    ]
    lines = lines[: footer - 1]
    assert len(lines) == len(RULES) + 1
    assert lines[0].split() == ["code", "name", "level", "set", "by", "summary"]
    rows = {line.split()[0]: line for line in lines[1:]}
    shown = ["SCHEMA_INVALID", "TOOL_DENY", "RAW_SECRET", "GOAL_UNASKED_EFFECT", "GOAL_TAINTED_TARGET"]
    assert [rows[code] for code in [*shown, "CONTRA_DUPLICATE"]] == [
        _row("SCHEMA_INVALID", "error", "always on"),
        _row("TOOL_DENY", "warning", "severity in team.yaml"),
        _row("RAW_SECRET", "off", "severity in org.yaml"),
        _row("GOAL_UNASKED_EFFECT", "error", "goal_alignment: error in org.yaml"),
        _row("GOAL_TAINTED_TARGET", "warning", "severity in team.yaml"),
        _row("CONTRA_DUPLICATE", "warning", "built-in"),
    ]


def test_json_gives_level_set_by_and_the_risk_weight_lint_scores_with(tmp_path: Path) -> None:
    org, team = _files(tmp_path)
    result = runner.invoke(app, ["rules", "-p", org, "-p", team, "--format", "json"])
    assert (result.exit_code, result.stderr) == (0, "")
    listed = {entry["code"]: entry for entry in json.loads(result.stdout)}
    assert list(listed) == list(RULES)
    picked = ["RULE_CRASHED", "TOOL_DENY", "MISSING_HANDLER", "RAW_SECRET", "PII_EXPOSED", "GOAL_JUDGE"]
    picked += ["GOAL_UNASKED_EFFECT", "IMPLICIT_DEPENDENCY", "CONTRA_DUPLICATE"]
    keys = ("severity", "level", "set_by", "risk_weight")
    assert [(code, *(listed[code][key] for key in keys)) for code in picked] == [
        ("RULE_CRASHED", "error", "error", "always on", 0.5),
        ("TOOL_DENY", "error", "warning", f"severity in {team}", 0.1),
        ("MISSING_HANDLER", "error", "error", "built-in", 0.3),
        ("RAW_SECRET", "error", "off", f"severity in {org}", None),
        ("PII_EXPOSED", "warning", "error", f"severity in {org}", 0.4),
        ("GOAL_JUDGE", "warning", "error", f"goal_alignment: error in {org}", 0.4),
        ("GOAL_UNASKED_EFFECT", "warning", "error", f"goal_alignment: error in {org}", 0.0),
        ("IMPLICIT_DEPENDENCY", "warning", "info", f"severity in {team}", 0.0),
        ("CONTRA_DUPLICATE", "warning", "warning", "built-in", 0.3),
    ]
    assert listed["TOOL_DENY"] == {
        "code": "TOOL_DENY",
        "name": "denied-tool",
        "severity": "error",
        "level": "warning",
        "set_by": f"severity in {team}",
        "summary": "A step calls a tool the policy does not allow.",
        "risk_weight": 0.1,
        "idle": "the policy sets neither allow_tools nor deny_tools",
    }
    assert [code for code, entry in listed.items() if entry["idle"] is not None] == [
        "TOOL_DENY",
        "CONTRA_NO_TOOL",
        "TOOL_ARGS_INVALID",
        "CONFIRMATION_REQUIRED",
        "MISSING_HANDLER",
        "RECIPIENT_DENY",
        "BOUND_VIOLATION",
        "MAX_STEPS_EXCEEDED",
    ]


def test_what_rules_says_is_what_lint_does(tmp_path: Path) -> None:
    files = _files(tmp_path)
    linter = Linter(files)
    levels = {level.code: level for level in rule_levels(linter.policy)}
    shell = {"steps": [{"id": "ls", "tool": "shell.run", "args": {"cmd": "ls"}}]}
    result = Linter([*files, _deny(tmp_path)]).validate(shell)
    assert [(d.code, d.severity.value) for d in result.diagnostics] == [("TOOL_DENY", levels["TOOL_DENY"].level)]
    assert result.risk_score == levels["TOOL_DENY"].risk_weight
    off = {code for code, level in levels.items() if level.level == "off"}
    assert off == {"RAW_SECRET"} and off.isdisjoint(linter.codes)


def _deny(tmp_path: Path) -> str:
    path = tmp_path / "deny.yaml"
    path.write_text("deny_tools: [shell.*]\n", encoding="utf-8")
    return str(path)


def test_without_a_file_the_key_is_named_alone_and_goal_alignment_not_set_is_built_in() -> None:
    levels = {level.code: level for level in rule_levels(Policy(severity={"TOOL_DENY": "info"}))}
    idle = "the policy sets neither allow_tools nor deny_tools"
    assert levels["TOOL_DENY"] == RuleLevel("TOOL_DENY", "info", "severity", 0.0, idle)
    assert levels["GOAL_UNASKED_EFFECT"] == RuleLevel("GOAL_UNASKED_EFFECT", "warning", "built-in", 0.0)
    off = {level.code: level for level in rule_levels(Policy(goal_alignment="off"))}
    assert off["GOAL_JUDGE"] == RuleLevel("GOAL_JUDGE", "off", "goal_alignment: off", None)


def test_without_policy_the_table_is_unchanged_and_json_says_the_default_policy() -> None:
    table = runner.invoke(app, ["rules"])
    assert table.stdout.splitlines()[0].split() == ["code", "name", "severity", "summary"]
    listed = {entry["code"]: entry for entry in json.loads(runner.invoke(app, ["rules", "-f", "json"]).stdout)}
    assert (listed["TOOL_DENY"]["level"], listed["TOOL_DENY"]["set_by"]) == ("error", "built-in")
    assert (listed["GOAL_UNASKED_EFFECT"]["level"], listed["GOAL_UNASKED_EFFECT"]["set_by"]) == (
        "warning",
        "goal_alignment: warn in the built-in default policy",
    )


def test_one_rules_heading_says_its_level_under_the_policy(tmp_path: Path) -> None:
    org, team = _files(tmp_path)
    doc = runner.invoke(app, ["rules", "tool_deny", "-p", org, "-p", team])
    assert doc.exit_code == 0
    assert doc.stdout.startswith(
        f"TOOL_DENY (denied-tool) · warning (severity in {team}; built-in: error)\n"
        "A step calls a tool the policy does not allow.\n\n"
    )
    built_in = runner.invoke(app, ["rules", "BOUND_VIOLATION", "-p", org])
    assert built_in.stdout.startswith("BOUND_VIOLATION (out-of-bounds-argument) · error\n")


def test_a_bad_or_missing_policy_is_refused_as_lint_refuses_it(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["rules", "--policy", str(tmp_path / "nope.yaml")])
    assert (missing.exit_code, missing.stdout) == (2, "")
    assert missing.stderr == f"error: {tmp_path / 'nope.yaml'}: no such file\n"
    bad = tmp_path / "bad.yaml"
    bad.write_text("severity:\n  TOOL_DENI: warning\n", encoding="utf-8")
    refused = runner.invoke(app, ["rules", "--policy", str(bad)])
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        f"error: {bad}: invalid policy (1 problem)\n"
        "  $.severity.TOOL_DENI: unknown rule code 'TOOL_DENI'; did you mean 'TOOL_DENY'?\n"
    )


def test_every_rule_the_policy_or_tools_can_leave_with_nothing_to_check_says_why() -> None:
    from plankit.lint._gates import GATES
    from plankit.lint._levels import _IDLE

    assert set(_IDLE) == {code for code, gate in GATES.items() if gate.configured is not None}
    # with tools, the tool-spec rules check plans; the rest stay idle under an empty policy
    idle = {level.code: level.idle for level in rule_levels(Policy(), tools=ToolRegistry()) if level.idle}
    assert set(idle) == set(_IDLE) - {"CONTRA_NO_TOOL", "TOOL_ARGS_INVALID"}
    assert rule_levels(Policy(severity={"BOUND_VIOLATION": "off"}))[list(RULES).index("BOUND_VIOLATION")].idle is None
