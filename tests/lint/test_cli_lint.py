"""``plankit lint``, ``plankit rules`` and ``plankit policy``: through CliRunner and the real console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.lint import DEFAULT_POLICY_YAML, RULES, Policy, validate_plan

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REFUND = str(EXAMPLES / "refund.json")
POLICY = str(EXAMPLES / "policy.yaml")
SUPPORT_REGO = str(EXAMPLES / "policies" / "support.rego")
runner = CliRunner()


def _write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_refund_example_with_the_bundled_policy_shows_a_finding_as_json() -> None:
    result = runner.invoke(app, ["lint", REFUND, "--policy", POLICY, "--format", "json"])
    assert result.exit_code == 1, result.stderr  # a requirement of the policy (require_handler) is an error
    report = json.loads(result.stdout)
    assert report == validate_plan(REFUND, Policy.load(POLICY)).to_dict()  # one engine for API and CLI
    assert (report["status"], report["valid"], report["warnings"]) == ("ERROR", False, [])
    [warning] = report["errors"]
    assert {key: warning[key] for key in ("step", "code", "node_id", "path")} == {
        "step": 1,
        "code": "MISSING_HANDLER",
        "node_id": "refund",
        "path": "$.steps[1]",
    }
    assert result.stderr == ""


def test_strict_fails_on_warnings(tmp_path: Path) -> None:
    # b reads a's output, written after it, without depending on it: IMPLICIT_DEPENDENCY, a warning.
    plan = _write(tmp_path, "warned.json", {"steps": [{"id": "b", "tool": "db.query_ro", "args": {"q": "{{a.rows}}"}},
                                                      {"id": "a", "tool": "db.query_ro", "args": {"q": "x"}}]})
    assert runner.invoke(app, ["lint", plan, "-f", "json"]).exit_code == 0
    result = runner.invoke(app, ["lint", plan, "--strict", "-f", "json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["status"] == "WARN"


def test_rego_policy_joins_and_fails_the_plan() -> None:
    result = runner.invoke(app, ["lint", REFUND, "-p", POLICY, "-p", SUPPORT_REGO, "-f", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [(e["code"], e["step"], e["node_id"]) for e in report["errors"]] == [
        ("MISSING_HANDLER", 1, "refund"),
        ("AUDIT_TICKET_MISSING", 1, "refund"),
    ]
    assert report["status"] == "ERROR"


def test_text_report_is_grouped_by_step_without_colour_when_piped() -> None:
    result = runner.invoke(app, ["lint", REFUND, "-p", POLICY, "-p", SUPPORT_REGO])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"{REFUND}  ERROR  risk 0.65"
    assert lines[1] == "  step 1"
    assert lines[2].startswith("    error   MISSING_HANDLER  refund: ")
    assert (
        "    error   AUDIT_TICKET_MISSING  refund: step refund moves money but the plan's context has no ticket_id"
        in lines
    )
    assert "            hint: add context.ticket_id: the support ticket this plan answers" in lines
    assert lines[-1] == "  2 errors, 0 warnings, 0 suppressed"
    assert "\x1b[" not in result.stdout


def test_stdin_directories_and_several_files(tmp_path: Path) -> None:
    plan = {"steps": [{"id": "a", "tool": "db.query_ro", "args": {"query": "SELECT 1"}}]}
    folder = tmp_path / "plans"
    folder.mkdir()
    _write(folder, "one.json", plan)
    _write(folder, "two.yaml", "steps:\n  - id: b\n    tool: shell.exec\n")
    _write(folder, "notes.txt", "not a plan")
    result = runner.invoke(app, ["lint", str(folder), "-", "-f", "json"], input=json.dumps(plan))
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [(entry["file"], entry["status"]) for entry in report] == [
        (str(folder / "one.json"), "PASS"),
        (str(folder / "two.yaml"), "ERROR"),
        ("-", "PASS"),
    ]
    assert [e["code"] for e in report[1]["errors"]] == ["TOOL_DENY"]


def test_a_directory_walk_skips_its_policies_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    plan = _write(folder, "plan.json", {"steps": [{"id": "a", "tool": "db.query_ro", "args": {"query": "SELECT 1"}}]})
    policy = _write(folder, "policy.yaml", "allow_tools: [db.query_ro]\ndeny_tools: [shell.*]\n")
    other = _write(folder, "strict.json", {"allow_tools": ["db.*"], "max_steps": 5})
    result = runner.invoke(app, ["lint", str(folder), "--policy", policy, "-f", "json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == validate_plan(plan, Policy.load(policy)).to_dict()  # plan.json's report only
    assert result.stderr.splitlines() == [
        f"skipped {policy}: it is the --policy or --tools file",
        f"skipped {other}: a policy, not a plan (to lint with it: --policy {other})",
    ]
    # Named on the command line, a policy is linted as asked, and the report says what it is.
    named = runner.invoke(app, ["lint", other, "-f", "json"])
    assert named.exit_code == 2
    [error] = json.loads(named.stdout)["errors"]
    assert error["msg"] == "this is a policy, not a plan (it has allow_tools, max_steps and no steps)"


def test_a_directory_of_policies_only_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "policy.json", {"allow_tools": ["db.*"], "max_steps": 5})
    result = runner.invoke(app, ["lint", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{tmp_path}: no plan files in this directory (only the policies named above)" in result.stderr


def test_invalid_plan_is_schema_invalid_and_exit_2(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.json", {"steps": [{"id": "a", "tool": "x", "parms": {}}]})
    result = runner.invoke(app, ["lint", path, "-f", "json"])
    assert result.exit_code == 2  # unusable input, as for fmt and run
    assert json.loads(result.stdout)["errors"] == [
        {
            "step": 0,
            "code": "SCHEMA_INVALID",
            "msg": "unknown key 'parms'",
            "node_id": "a",
            "path": "$.steps[0].parms",
            "hint": "did you mean 'params'?",
        }
    ]


def test_unreadable_plan_exits_2_with_the_error_on_stderr(tmp_path: Path) -> None:
    good = _write(tmp_path, "good.json", {"steps": [{"id": "a", "tool": "db.query_ro"}]})
    broken = _write(tmp_path, "broken.json", '{"steps": [')
    result = runner.invoke(app, ["lint", broken, "-f", "json"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {broken}: unreadable JSON\n  line 1, column 12: Expecting value")
    missing = str(tmp_path / "missing.json")
    both = runner.invoke(app, ["lint", good, missing, "-f", "json"])
    assert both.exit_code == 2  # the readable plan is still reported, in the several-files shape
    assert [(entry["file"], entry["status"]) for entry in json.loads(both.stdout)] == [(good, "PASS")]
    assert both.stderr == f"error: {missing}: no such file\n"


def test_a_number_too_large_for_json_is_unreadable_input_with_its_path(tmp_path: Path) -> None:
    # Caught while reading, like NaN: the file is walked once for the limits, not again to validate it.
    path = _write(tmp_path, "big.json", '{"steps": [{"id": "a", "tool": "db.query_ro", "args": {"n": 1e400}}]}')
    result = runner.invoke(app, ["lint", path, "-f", "json"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {path}: the document has values JSON can't hold\n  $.steps[0].args.n: inf is not a valid JSON number\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "{policy}"], "invalid policy (1 problem)"),
        (["--tools", "{tools}"], "invalid tool specs (1 problem)"),
        (
            ["--select", "TOOL_DENI"],
            "unknown rule code 'TOOL_DENI'\n  --select: no such code (did you mean 'TOOL_DENY'?)",
        ),
        (["--ignore", "NOPE"], "unknown rule code 'NOPE'"),
        (["--policy", "{rego}"], "Rego syntax error"),
    ],
)
def test_unusable_policy_tools_or_codes_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    files = {
        "policy": _write(tmp_path, "p.yaml", "allow_tool: [x]\n"),
        "tools": _write(tmp_path, "t.json", [{"nam": "x", "name": "y"}]),
        "rego": _write(tmp_path, "p.rego", "package plankit\nviolations contains v if {\n"),
    }
    result = runner.invoke(app, ["lint", REFUND, *[arg.format(**files) for arg in args], "-f", "json"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert message in result.stderr


def test_tools_file_feeds_the_tool_rules(tmp_path: Path) -> None:
    tools = _write(tmp_path, "tools.json", {"tools": [{"type": "function", "function": {"name": "db.query_ro"}}]})
    result = runner.invoke(app, ["lint", REFUND, "--tools", tools, "--select", "CONTRA_NO_TOOL", "-f", "json"])
    assert result.exit_code == 1
    assert [(e["code"], e["node_id"]) for e in json.loads(result.stdout)["errors"]] == [
        ("CONTRA_NO_TOOL", "refund"),
        ("CONTRA_NO_TOOL", "tell"),
    ]


def test_select_and_ignore_take_comma_separated_codes_and_globs(tmp_path: Path) -> None:
    plan = _write(tmp_path, "p.json", {"steps": [{"id": "a", "tool": "shell.exec"}, {"id": "b", "tool": "payments.x"}]})
    everything = json.loads(runner.invoke(app, ["lint", plan, "-f", "json"]).stdout)
    assert {e["code"] for e in everything["errors"]} == {"TOOL_DENY", "CONFIRMATION_REQUIRED"}
    only = json.loads(runner.invoke(app, ["lint", plan, "-f", "json", "--select", "TOOL_*,RAW_SECRET"]).stdout)
    assert {e["code"] for e in only["errors"]} == {"TOOL_DENY"}
    rest = json.loads(runner.invoke(app, ["lint", plan, "-f", "json", "--ignore", "TOOL_DENY"]).stdout)
    assert {e["code"] for e in rest["errors"]} == {"CONFIRMATION_REQUIRED"}


def test_sarif_output() -> None:
    result = runner.invoke(app, ["lint", REFUND, "-p", POLICY, "-f", "sarif"])
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0"
    [sarif_result] = log["runs"][0]["results"]
    assert (sarif_result["ruleId"], sarif_result["level"]) == ("MISSING_HANDLER", "error")
    assert sarif_result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == Path(REFUND).as_posix()


def test_rules_lists_every_rule() -> None:
    result = runner.invoke(app, ["rules", "--format", "json"])
    assert result.exit_code == 0
    listed = json.loads(result.stdout)
    assert [entry["code"] for entry in listed] == list(RULES)
    assert listed[0] == {
        "code": "SCHEMA_INVALID",
        "name": "schema-invalid",
        "severity": "error",
        "level": "error",
        "set_by": "always on",
        "summary": "The document is not a valid plan.",
        "risk_weight": 0.5,
        "idle": None,
    }
    table = runner.invoke(app, ["rules"])
    assert table.exit_code == 0
    assert table.stdout.splitlines()[0].split() == ["code", "name", "severity", "summary"]
    assert len(table.stdout.splitlines()) == len(RULES) + 1


def test_rules_code_prints_the_docs_and_unknown_codes_suggest() -> None:
    result = runner.invoke(app, ["rules", "rule_crashed"])
    assert result.exit_code == 0
    assert result.stdout.startswith("RULE_CRASHED (rule-crashed) · error\nA check failed; the plan is unchecked.\n\n")
    assert "Why is this bad:" in result.stdout
    unknown = runner.invoke(app, ["rules", "TOOL_DNY"])
    assert (unknown.exit_code, unknown.stdout) == (2, "")
    assert unknown.stderr == "error: unknown rule code 'TOOL_DNY'; did you mean 'TOOL_DENY'?\n"


def test_policy_default_and_check(tmp_path: Path) -> None:
    default = runner.invoke(app, ["policy", "default"])
    assert (default.exit_code, default.stdout) == (0, DEFAULT_POLICY_YAML)
    extra = _write(tmp_path, "extra.yaml", "max_steps: 3\n")
    checked = runner.invoke(app, ["policy", "check", POLICY, extra, "-f", "json"])
    assert checked.exit_code == 0
    merged = json.loads(checked.stdout)
    assert (merged["name"], merged["max_steps"]) == ("support-payments", 3)
    bad = runner.invoke(app, ["policy", "check", _write(tmp_path, "bad.yaml", "deny_tokens_regex: ['(']\n")])
    assert bad.exit_code == 2
    assert "invalid regex '('" in bad.stderr


@pytest.mark.skipif(shutil.which("plankit") is None, reason="the plankit console script is not installed")
def test_the_console_script_runs_for_real(tmp_path: Path) -> None:
    ok = subprocess.run(
        ["plankit", "lint", REFUND, "--policy", POLICY, "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (ok.returncode, ok.stderr) == (1, "")
    assert json.loads(ok.stdout)["errors"][0]["code"] == "MISSING_HANDLER"
    missing = subprocess.run(
        ["plankit", "lint", str(tmp_path / "nope.json")], capture_output=True, text=True, check=False
    )
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == f"error: {tmp_path / 'nope.json'}: no such file\n"


def test_module_entry_point_matches_the_console_script() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from plankit.cli import main; main()", "rules", "-f", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert [entry["code"] for entry in json.loads(done.stdout)] == list(RULES)


def test_a_policy_given_as_a_plan_says_so_once() -> None:
    result = runner.invoke(app, ["lint", POLICY, "--format", "json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 2
    assert [(e["code"], e["path"], e["msg"], e["hint"]) for e in report["errors"]] == [
        (
            "SCHEMA_INVALID",
            "$",
            "this is a policy, not a plan (it has allow_tools, deny_tools, bounds, deny_tokens_regex, ... and no "
            "steps)",
            "lint plans with it: plankit lint PLAN --policy THIS_FILE",
        )
    ]
    # A plan that merely lacks its steps is still told what is missing, key by key.
    not_a_policy = validate_plan({"goal": "g", "allow_tools": ["x"]})
    assert [e.msg for e in not_a_policy.errors] == ["missing required key 'steps'", "unknown key 'allow_tools'"]
