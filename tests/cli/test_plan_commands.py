"""``plankit schema | fmt | render | graph``, through the real typer app and once as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plankit import __version__
from plankit.cli import app
from plankit.plan import load_plan, loads_plan, plan_json_schema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()

CYCLIC = {
    "steps": [
        {"id": "a", "tool": "echo", "params": {"x": "{{b.out}}"}},
        {"id": "b", "tool": "echo", "depends_on": ["a"]},
        {"id": "c", "tool": "echo", "depends_on": ["ghost"]},
    ]
}


def write(tmp_path: Path, data: object, name: str = "plan.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_version_and_help() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"plankit {__version__}\n"
    help_text = runner.invoke(app, ["--help"]).stdout
    for command in ("schema", "fmt", "render", "graph"):
        assert command in help_text


def test_schema_prints_the_plan_json_schema() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == plan_json_schema()
    assert json.loads(result.stdout)["required"] == ["steps"]


def test_fmt_prints_canonical_json_of_a_plan_lint_plan() -> None:
    result = runner.invoke(app, ["fmt", str(EXAMPLES / "monthly-statement.json")])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["steps"][1] == {
        "id": "step2",
        "type": "action",
        "depends_on": ["step1"],
        "tool": "notify.email",
        "params": {
            "to": "{{step1.result.email}}",
            "subject": "Your Monthly Statement",
            "body": "Your current balance is ${{step1.result.balance}}",
        },
    }
    assert loads_plan(result.stdout) == load_plan(EXAMPLES / "monthly-statement.json")


def test_fmt_tree_shape_round_trips(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fmt", str(EXAMPLES / "eth-sell-bridge.json"), "--shape", "tree"])
    assert result.exit_code == 0
    tree = json.loads(result.stdout)
    assert tree["root"]["id"] == "main"
    assert tree["userId"] == "user-42"
    sell = tree["root"]["steps"][1]["then"]["steps"][0]
    assert sell["requireConfirmation"] is True
    # Defaults (3 attempts, doubling) are left out of the canonical form.
    assert sell["onFailure"] == {"strategy": "retry", "delayMs": 5000}
    assert sell["params"]["amount"] == {"type": "step_output", "stepId": "balance", "path": "result.half"}
    assert loads_plan(result.stdout) == load_plan(EXAMPLES / "eth-sell-bridge.json")


def test_fmt_reads_stdin_and_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = runner.invoke(
        app, ["fmt", "-", "-o", str(out)], input='{"steps": [{"id": "a", "tool": "echo"}]}'
    )
    assert result.exit_code == 0
    assert json.loads(out.read_text()) == {"steps": [{"id": "a", "type": "action", "tool": "echo"}]}


def test_fmt_bad_plan_exits_2_with_every_problem(tmp_path: Path) -> None:
    path = write(
        tmp_path, {"steps": [{"id": "a", "tol": "x", "type": "action"}, {"id": "b", "type": "wait"}]}
    )
    result = runner.invoke(app, ["fmt", path])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {path}: invalid plan (3 problems)\n"
        "  $.steps[0].tool: missing required key 'tool'\n"
        "  $.steps[0].tol: unknown key 'tol' (did you mean 'tool'?)\n"
        "  $.steps[1]: a wait needs exactly one of until, duration_ms, until_time (found: none)\n"
    )


def test_missing_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    result = runner.invoke(app, ["graph", str(missing)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {missing}: no such file\n"


def test_graph_text_of_research_dag() -> None:
    result = runner.invoke(app, ["graph", str(EXAMPLES / "research-dag.json")])
    assert result.exit_code == 0
    assert result.stdout == (
        "steps: 9\n"
        "order: sources -> sum-news -> sum-papers -> sum-filings -> brief -> save\n"
        "critical path (44100 ms): sources -> sum-papers -> brief -> save\n"
    )


def test_graph_text_counts_one_step_in_the_singular(tmp_path: Path) -> None:
    plan = {"goal": "g", "steps": [{"id": "a", "tool": "x"}, {"id": "b", "tool": "y"}]}
    result = runner.invoke(app, ["graph", write(tmp_path, plan)])
    assert result.stdout == "steps: 2\norder: a -> b\ncritical path (1 step): a\n"


def test_graph_json_reports_cycles_and_dangling_and_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["graph", write(tmp_path, CYCLIC), "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["cycles"] == [{"path": ["a", "b"], "kind": "dependency"}]
    assert report["dangling"] == [
        {"step": "c", "missing": "ghost", "path": "$.steps[2].depends_on[0]", "via": "depends_on"}
    ]
    assert report["order"] == ["c"]
    assert report["critical_path"] is None


def test_graph_text_names_the_cycle(tmp_path: Path) -> None:
    result = runner.invoke(app, ["graph", write(tmp_path, CYCLIC)])
    assert result.exit_code == 1
    assert result.stdout == (
        "steps: 3\n"
        "order: c\n"
        "cycle (dependency): a -> b -> a\n"
        "missing step 'ghost' named by c at $.steps[2].depends_on[0]\n"
    )


def test_render_prints_mermaid() -> None:
    result = runner.invoke(app, ["render", str(EXAMPLES / "refund.json"), "--direction", "LR"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [
        "flowchart LR",
        "  %% Refund order 8812 for customer cus_4821 and tell them",
    ]


def test_render_rejects_unknown_direction() -> None:
    result = runner.invoke(app, ["render", str(EXAMPLES / "refund.json"), "--direction", "UP"])
    assert result.exit_code == 2


@pytest.mark.parametrize("example", [*sorted(p.name for p in EXAMPLES.glob("*.json")), "dca-eth.yaml"])
def test_every_example_formats_and_renders(example: str) -> None:
    path = str(EXAMPLES / example)
    formatted = runner.invoke(app, ["fmt", path])
    assert formatted.exit_code == 0, formatted.stderr
    assert loads_plan(formatted.stdout) == load_plan(path)
    rendered = runner.invoke(app, ["render", path])
    assert rendered.exit_code == 0
    assert rendered.stdout.startswith("flowchart TD\n")


def test_console_script_runs_as_a_subprocess() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "plankit", "graph", str(EXAMPLES / "data-pipeline.json"), "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["order"] == ["fetch", "process", "report"]
