"""Reports: the JSON shape, SARIF 2.1.0 structure, and text grouped by step."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from plankit import __version__
from plankit.cli._lint_commands import ReportFormat, _report
from plankit.lint import RULES, Diagnostic, Severity, Status, ValidationResult
from plankit.lint._report import json_report, plain_text, render_json, render_sarif, render_text, sarif_report

E, W = Severity.ERROR, Severity.WARNING
DIAGNOSTICS = [
    Diagnostic("MAX_STEPS_EXCEEDED", E, "plan has 30 steps; the policy allows 25", hint="split the plan"),
    Diagnostic("TOOL_DENY", E, "tool 'shell.exec' is not allowed", "run", 0, "$.steps[0].tool", "use an allowed tool"),
    Diagnostic("MISSING_HANDLER", W, "no handler", "pay", 1, "$.steps[1]"),
    Diagnostic(
        "RAW_SECRET",
        E,
        "a secret",
        "pay",
        1,
        "$.steps[1].params.key",
        suppressed=True,
        suppression_reason="test key",
    ),
    Diagnostic("REFUND_LIMIT", W, "refund above 250", "pay", 1, "$.steps[1]"),
]
RESULT = ValidationResult.from_diagnostics(DIAGNOSTICS, Status.ERROR, 0.9)


def test_json_report_of_one_plan_is_the_seed_shape() -> None:
    run = {
        "step": 0,
        "code": "TOOL_DENY",
        "msg": "tool 'shell.exec' is not allowed",
        "node_id": "run",
        "path": "$.steps[0].tool",
        "hint": "use an allowed tool",
    }
    steps = {
        "step": None,
        "code": "MAX_STEPS_EXCEEDED",
        "msg": "plan has 30 steps; the policy allows 25",
        "node_id": None,
        "path": None,
        "hint": "split the plan",
    }
    handler = {
        "step": 1,
        "code": "MISSING_HANDLER",
        "msg": "no handler",
        "node_id": "pay",
        "path": "$.steps[1]",
        "hint": None,
    }
    refund = {
        "step": 1,
        "code": "REFUND_LIMIT",
        "msg": "refund above 250",
        "node_id": "pay",
        "path": "$.steps[1]",
        "hint": None,
    }
    assert json_report([("plan.json", RESULT)]) == {
        "status": "ERROR",
        "risk_score": 0.9,
        "valid": False,
        "errors": [steps, run],
        "warnings": [handler, refund],
        "violations": [
            {**steps, "severity": "error"},
            {**run, "severity": "error"},
            {**handler, "severity": "warning"},
            {**refund, "severity": "warning"},
        ],
        "info": [],
        "suppressed": [
            {
                "step": 1,
                "code": "RAW_SECRET",
                "msg": "a secret",
                "node_id": "pay",
                "path": "$.steps[1].params.key",
                "hint": None,
                "severity": "error",
                "reason": "test key",
            },
        ],
    }


def test_json_report_of_several_plans_is_an_array_with_file() -> None:
    passing = ValidationResult.from_diagnostics([], Status.PASS, 0.0)
    report = json.loads(render_json([("a.json", RESULT), ("b.yaml", passing)]))
    assert [(entry["file"], entry["status"], len(entry["errors"])) for entry in report] == [
        ("a.json", "ERROR", 2),
        ("b.yaml", "PASS", 0),
    ]
    assert list(report[1]) == [
        "file",
        "status",
        "risk_score",
        "valid",
        "errors",
        "warnings",
        "violations",
        "info",
        "suppressed",
    ]


def test_json_report_keeps_the_array_shape_when_several_files_were_asked_for() -> None:
    assert json_report([("a.json", RESULT)], several=True) == [{"file": "a.json", **RESULT.to_dict()}]
    assert json_report([], several=True) == []


def test_sarif_has_the_2_1_0_structure() -> None:
    log = json.loads(render_sarif([("plans/refund.json", RESULT)]))
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("plankit", __version__)
    ids = [rule["id"] for rule in driver["rules"]]
    assert ids == [*RULES, "REFUND_LIMIT"]
    tool_deny = driver["rules"][ids.index("TOOL_DENY")]
    assert tool_deny["shortDescription"]["text"] == RULES["TOOL_DENY"].summary
    assert tool_deny["defaultConfiguration"] == {"level": "error"}
    results = run["results"]
    assert [(r["ruleId"], r["level"], r["ruleIndex"]) for r in results] == [
        ("MAX_STEPS_EXCEEDED", "error", ids.index("MAX_STEPS_EXCEEDED")),
        ("TOOL_DENY", "error", ids.index("TOOL_DENY")),
        ("MISSING_HANDLER", "warning", ids.index("MISSING_HANDLER")),
        ("RAW_SECRET", "error", ids.index("RAW_SECRET")),
        ("REFUND_LIMIT", "warning", ids.index("REFUND_LIMIT")),
    ]
    assert results[1]["message"] == {"text": "tool 'shell.exec' is not allowed (use an allowed tool)"}
    assert results[1]["locations"] == [
        {
            "physicalLocation": {"artifactLocation": {"uri": "plans/refund.json"}},
            "logicalLocations": [{"fullyQualifiedName": "$.steps[0].tool", "kind": "member", "name": "run"}],
        }
    ]
    assert results[0]["locations"] == [{"physicalLocation": {"artifactLocation": {"uri": "plans/refund.json"}}}]
    assert results[3]["suppressions"] == [{"kind": "inSource", "justification": "test key"}]
    assert "suppressions" not in results[1]
    assert results[1]["properties"] == {"step": 0, "nodeId": "run", "jsonPath": "$.steps[0].tool"}


def test_sarif_names_stdin_and_merges_files_into_one_run() -> None:
    log = sarif_report([("-", RESULT), ("b.json", RESULT)])
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]]
    assert uris == ["stdin"] * 5 + ["b.json"] * 5


def _text(results: list[tuple[str, ValidationResult]]) -> str:
    buffer = io.StringIO()
    render_text(results, Console(file=buffer, width=200, highlight=False, soft_wrap=True, color_system=None))
    return buffer.getvalue()


def test_text_groups_by_step_with_paths_and_hints() -> None:
    assert _text([("plan.json", RESULT)]) == "\n".join(
        [
            "plan.json  ERROR  risk 0.90",
            "  plan",
            "    error   MAX_STEPS_EXCEEDED  plan has 30 steps; the policy allows 25",
            "            hint: split the plan",
            "  step 0",
            "    error   TOOL_DENY  run: tool 'shell.exec' is not allowed",
            "            at $.steps[0].tool",
            "            hint: use an allowed tool",
            "  step 1",
            "    warning MISSING_HANDLER  pay: no handler",
            "            at $.steps[1]",
            "    warning REFUND_LIMIT  pay: refund above 250",
            "            at $.steps[1]",
            "  suppressed RAW_SECRET at $.steps[1].params.key: a secret (reason: test key)",
            "  2 errors, 2 warnings, 1 suppressed",
            "",
        ]
    )


def test_text_of_several_plans_ends_with_a_summary() -> None:
    passing = ValidationResult.from_diagnostics([], Status.PASS, 0.0)
    text = _text([("a.json", passing), ("b.json", passing), ("c.json", RESULT)])
    assert text.startswith("a.json  PASS  risk 0.00\n  0 errors, 0 warnings, 0 suppressed\n\nb.json  PASS")
    assert text.endswith("\n3 plans: 2 PASS, 0 WARN, 1 ERROR\n")


def test_text_does_not_interpret_markup_in_messages() -> None:
    result = ValidationResult.from_diagnostics([Diagnostic("X", W, "[bold]not markup[/] {{a.b}}")], Status.WARN, 0.1)
    assert "    warning X  [bold]not markup[/] {{a.b}}\n" in _text([("p.json", result)])


def _as_lint_prints(results: list[tuple[str, ValidationResult]]) -> str:
    """What rich prints for ``plankit lint`` to a pipe: its console as ``_lint_commands._console`` makes it."""
    buffer = io.StringIO()
    console = Console(file=buffer, highlight=False, soft_wrap=True)
    console.width = 200
    render_text(results, console)
    return buffer.getvalue()


def test_plain_text_is_the_text_report_without_rich() -> None:
    results = [("a.json", RESULT), ("b.json", ValidationResult.from_diagnostics([], Status.PASS, 0.0))]
    assert plain_text(results) == _as_lint_prints(results) == _text(results)
    assert plain_text([]) == _as_lint_prints([]) == ""


_TEXT = st.text(st.characters(codec="utf-8"), max_size=300)
_DIAGNOSTIC = st.builds(
    Diagnostic,
    st.sampled_from(["TOOL_DENY", "X"]),
    st.sampled_from(list(Severity)),
    _TEXT,
    st.none() | _TEXT,
    st.none() | st.integers(0, 3),
    st.none() | _TEXT,
    st.none() | _TEXT,
    suppressed=st.booleans(),
    suppression_reason=st.none() | _TEXT,
)
_RESULT = st.builds(
    ValidationResult.from_diagnostics,
    st.lists(_DIAGNOSTIC, max_size=5),
    st.sampled_from(list(Status)),
    st.floats(0, 1),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_TEXT, _RESULT), max_size=3))
def test_plain_text_prints_what_rich_prints_or_declines(results: list[tuple[str, ValidationResult]]) -> None:
    # Any text at all: brackets, newlines, wide characters, lines far past 200 columns, tabs, control codes.
    plain = plain_text(results)
    if plain is None:  # rich expands tabs and drops some control codes; it prints those reports itself
        assert set("\t\a\b\v\f\r") & set(_text_of(results))
    else:
        assert plain == _as_lint_prints(results)


def _text_of(results: list[tuple[str, ValidationResult]]) -> str:
    """Every text the report shows: file names and the findings' fields."""
    texts = [name for name, _ in results]
    for _, result in results:
        for d in result.diagnostics:
            texts += [d.message, d.node_id or "", d.path or "", d.hint or "", d.suppression_reason or ""]
    return "".join(texts)


@pytest.mark.parametrize("message", ["tab\there", "bell\a and carriage return\r", "plain [bold]text[/]"])
def test_lint_prints_a_report_rich_would_rewrite_with_rich(message: str, capsys: pytest.CaptureFixture[str]) -> None:
    results = [("p.json", ValidationResult.from_diagnostics([Diagnostic("X", W, message)], Status.WARN, 0.1))]
    _report(results, ReportFormat.TEXT, several=False)
    assert capsys.readouterr().out == _as_lint_prints(results)
