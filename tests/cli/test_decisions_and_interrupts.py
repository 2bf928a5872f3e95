"""What a new user hit (issue 14) at the command line: decisions that can't be rewritten and are shown,
dead letters retried inside their execution, and Ctrl-C leaving an honest record."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PAYOUT = str(EXAMPLES / "payout.json")
PAYOUT_TOOLS = str(EXAMPLES / "tools.py")
runner = CliRunner()
STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC")


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------------------------------ decisions
def test_a_decision_can_not_be_rewritten_and_is_shown(here: Path) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "E").exit_code == 3
    approved = invoke("approve", "E", "payout", "--by", "ops", "--reason", "invoice checked")
    assert (approved.exit_code, approved.stdout) == (
        0, "approved step 'payout' of execution E by ops"
        "; resume it, or a running scheduler continues it\n"
    )
    assert invoke("resume", "E", "--tools", PAYOUT_TOOLS).exit_code == 0

    denied = invoke("deny", "E", "payout")
    again = invoke("approve", "E", "payout", "--by", "someone-else")
    expected = (
        "error: step 'payout' of execution E was already approved by ops at STAMP (reason: invoice checked); "
        "a decision is final and can't be changed\n"
    )
    assert (denied.exit_code, STAMP.sub("STAMP", denied.stderr)) == (1, expected)
    assert (again.exit_code, STAMP.sub("STAMP", again.stderr)) == (1, expected)

    shown = invoke("executions", "show", "E")
    assert STAMP.sub("STAMP", shown.stdout).splitlines()[-2:] == [
        "decisions:",
        "  payout: approved by ops at STAMP (reason: invoice checked)",
    ]
    record = json.loads(invoke("executions", "show", "E", "--format", "json").stdout)
    [decision] = record["decisions"]
    assert decision.pop("decided_at").endswith("+00:00")
    assert decision == {
        "step_id": "payout", "decision": "approve", "approved": True, "by": "ops", "reason": "invoice checked"
    }
    with sqlite3.connect(here / "plankit.db") as db:  # one row: the first answer, never overwritten
        assert db.execute("SELECT step_id, approved, decided_by, reason FROM decisions").fetchall() == [
            ("payout", 1, "ops", "invoice checked")
        ]
    db.close()


def test_resuming_without_the_tools_is_refused_and_the_approved_step_waits(here: Path) -> None:
    """Forgetting --tools on resume used to run the approved payout with no implementation: it failed for good
    (USER_ERROR, a dead letter) and the execution with it. Now nothing runs and the execution stays paused."""
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "E").exit_code == 3
    assert invoke("approve", "E", "payout", "--by", "ops").exit_code == 0
    bare = invoke("resume", "E")
    assert (bare.exit_code, bare.stderr) == (
        1,
        "refused: the plan has 2 lint errors; nothing ran\n"
        "hint: no tools were given: pass --tools FILE.py (a module whose @plankit.tool functions are the plan's "
        "tools), or --mcp NAME=stdio:COMMAND for an MCP server's tools\n",
    )
    assert [line.strip() for line in bare.stdout.splitlines() if "CONTRA_NO_TOOL" in line] == [
        "error   CONTRA_NO_TOOL  payout: tool 'payments.transfer' has no implementation in this executor",
        "error   CONTRA_NO_TOOL  receipt: tool 'notify.email' has no implementation in this executor",
    ]  # invoice and balance completed: their tools are not needed again
    record = json.loads(invoke("executions", "show", "E", "--format", "json").stdout)
    assert (record["status"], [(s["step_id"], s["status"]) for s in record["steps"]]) == (
        "paused",
        [("invoice", "completed"), ("balance", "completed"), ("payout", "awaiting_confirmation")],
    )
    assert invoke("dead-letters", "list", "--format", "json").stdout.strip() == "[]"
    resumed = invoke("resume", "E", "--tools", PAYOUT_TOOLS, "--format", "json")
    assert (resumed.exit_code, json.loads(resumed.stdout)["status"]) == (0, "completed")


def test_deciding_a_step_that_is_not_awaiting_a_decision_is_refused(here: Path, tmp_path: Path) -> None:
    plan = tmp_path / "two.json"
    plan.write_text(
        json.dumps(
            {
                "id": "two",
                "goal": "two approvals",
                "steps": [
                    {"id": "first", "tool": "echo", "require_confirmation": True, "on_failure": "abort"},
                    {"id": "second", "tool": "echo", "require_confirmation": True, "depends_on": ["first"]},
                ],
            }
        )
    )
    assert invoke("run", str(plan), "--tools", PAYOUT_TOOLS, "--execution-id", "E").exit_code == 3
    early = invoke("approve", "E", "second", "--by", "ops")
    assert (early.exit_code, early.stderr) == (
        1,
        "error: step 'second' of execution E is not awaiting a decision (it is not started yet); "
        "only a step the run paused on can be approved or denied\n",
    )


def test_approve_and_resume_in_one_command(here: Path) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "E").exit_code == 3
    result = invoke("approve", "E", "payout", "--by", "ann", "--resume-with", PAYOUT_TOOLS)
    assert result.exit_code == 0, result.output
    assert result.stderr == "approved step 'payout' of execution E; resuming\n"
    assert result.stdout.splitlines()[-1].startswith("execution E completed: 4 steps in ")


# --------------------------------------------------------------------------------------- dead letters
FLAKY_TOOLS = '''
from pathlib import Path

from plankit.errors import ServerError
from plankit.tools import ToolRegistry

registry = ToolRegistry()


@registry.tool("charge")
def charge(amount: int, marker: str) -> dict:
    """Fail while the marker file exists."""
    if Path(marker).exists():
        raise ServerError("gateway down")
    return {"charged": amount}
'''


def test_dead_letter_retry_continues_the_execution(here: Path, tmp_path: Path) -> None:
    marker = tmp_path / "down"
    marker.write_text("")
    (tmp_path / "flaky.py").write_text(FLAKY_TOOLS)
    plan = tmp_path / "charge.json"
    plan.write_text(
        json.dumps(
            {
                "id": "charge",
                "goal": "charge then confirm",
                "steps": [
                    {"id": "total", "tool": "echo", "params": {"amount": 7}},
                    {
                        "id": "charge",
                        "tool": "charge",
                        "params": {"amount": "{{total.result.amount}}", "marker": str(marker)},
                        "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 1},
                    },
                    {"id": "confirm", "tool": "echo", "params": {"charged": "{{charge.result.charged}}"}},
                ],
            }
        )
    )
    tools = str(tmp_path / "flaky.py")
    assert invoke("run", str(plan), "--tools", tools, "--execution-id", "E").exit_code == 1
    listed = invoke("dead-letters", "list", "--format", "json")
    [letter] = json.loads(listed.stdout)
    assert (letter["id"], letter["attempts"], letter["retry_count"]) == ("dl:E:charge", 2, 1)
    text = invoke("dead-letters", "list")
    assert "dl:E:charge  E          charge  charge  [SERVER_ERROR] after 2 attempts gateway down" in text.stdout

    marker.unlink()
    retried = invoke("dead-letters", "retry", "dl:E:charge", "--tools", tools, "--format", "json")
    assert retried.exit_code == 0, retried.output
    record = json.loads(retried.stdout)
    assert (record["execution_id"], record["status"]) == ("E", "completed")
    assert [(s["step_id"], s["status"], s["attempt_count"], s["output"]) for s in record["steps"]] == [
        ("total", "completed", 1, {"amount": 7}),
        ("charge", "completed", 3, {"charged": 7}),
        ("confirm", "completed", 1, {"charged": 7}),
    ]
    assert invoke("dead-letters", "list").stdout == "no dead letters\n"


# -------------------------------------------------------------------------------------------- Ctrl-C
SLOW_TOOLS = '''
import time
from pathlib import Path

from plankit.tools import ToolRegistry

registry = ToolRegistry()


@registry.tool("transfer")
def transfer(folder: str) -> dict:
    """A sync tool with a side effect that ends a moment after the interrupt."""
    here = Path(folder)
    (here / "started").write_text("")
    while not (here / "release").exists():
        time.sleep(0.01)
    with open(here / "effects", "a") as effects:
        effects.write("transfer\\n")
    return {"transfer_id": "tr_1"}
'''


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_leaves_an_honest_record(tmp_path: Path) -> None:
    (tmp_path / "slow.py").write_text(SLOW_TOOLS)
    plan = tmp_path / "pay.json"
    plan.write_text(
        json.dumps(
            {
                "id": "pay",
                "goal": "pay then notify",
                "context": {"folder": str(tmp_path)},  # the transfer's target is a known one: no lint warning
                "steps": [
                    {"id": "pay", "tool": "transfer", "params": {"folder": str(tmp_path)}},
                    {"id": "notify", "tool": "echo", "params": {"id": "{{pay.result.transfer_id}}"}},
                ],
            }
        )
    )
    db = str(tmp_path / "run.db")
    tools = str(tmp_path / "slow.py")
    command = [sys.executable, "-m", "plankit", "run", str(plan), "--tools", tools, "--db", db]
    process = subprocess.Popen(
        [*command, "--execution-id", "E"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path
    )
    for _ in range(6000):  # the step is running (polls a file; never a wall-clock assertion)
        if (tmp_path / "started").exists() or process.poll() is not None:
            break
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGINT)
    (tmp_path / "release").write_text("")  # the tool finishes its side effect within the grace period
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == (
        f"interrupted: execution E was stopped and is marked interrupted; continue it with: "
        f"plankit resume E --tools {tools} --db {db}\n"
    )
    with sqlite3.connect(db) as connection:
        status, document = connection.execute("SELECT status, document FROM executions WHERE id = 'E'").fetchone()
        steps = [json.loads(row[0]) for row in connection.execute("SELECT document FROM step_executions")]
    connection.close()
    assert (status, json.loads(document)["error"]) == (
        "interrupted",
        "interrupted while running; resume continues it (steps in flight run again, same keys)",
    )
    assert [(step["step_id"], step["status"], step.get("output")) for step in steps] == [
        ("pay", "completed", {"transfer_id": "tr_1"})
    ]
    resumed = subprocess.run(
        [sys.executable, "-m", "plankit", "resume", "E", "--tools", tools, "--db", db],
        capture_output=True, text=True, timeout=60, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert (tmp_path / "effects").read_text() == "transfer\n"  # the side effect happened once


# ------------------------------------------------------------------------------------------- refusals
def test_a_run_refused_by_risk_alone_says_so(here: Path, tmp_path: Path) -> None:
    policy = tmp_path / "strict.yaml"
    policy.write_text("risk_weights: {IMPLICIT_DEPENDENCY: 0.3}\nfail_risk_threshold: 0.5\n")
    plan = tmp_path / "two.json"
    plan.write_text(json.dumps({"id": "two", "goal": "g", "steps": [  # b and c read a without depending on it
        {"id": "a", "tool": "echo", "params": {"text": "a"}}, {"id": "b", "tool": "echo", "params": {"text": "{{a}}"}},
        {"id": "c", "tool": "echo", "params": {"text": "{{a}}!"}},
    ]}))  # fmt: skip
    result = invoke("run", str(plan), "--tools", PAYOUT_TOOLS, "--policy", str(policy))
    assert result.exit_code == 1
    assert result.stderr == (
        "refused: risk 0.51 reached the policy's fail_risk_threshold 0.50, from its warnings (IMPLICIT_DEPENDENCY); "
        "there are no lint errors; nothing ran\n"
    )


def test_a_denied_step_retried_from_its_dead_letter_asks_again(here: Path) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "D").exit_code == 3
    assert invoke("deny", "D", "payout", "--by", "bob", "--reason", "wrong payee").exit_code == 0
    failed = invoke("resume", "D", "--tools", PAYOUT_TOOLS)
    assert failed.exit_code == 1
    assert "  payout: [USER_ERROR] step 'payout' was denied by bob (reason: wrong payee)" in failed.stdout
    asked = invoke("dead-letters", "retry", "dl:D:payout", "--tools", PAYOUT_TOOLS)
    assert asked.exit_code == 3
    assert "execution D paused: 1 step awaiting confirmation" in asked.stdout
    done = invoke("approve", "D", "payout", "--by", "ann", "--resume-with", PAYOUT_TOOLS)
    assert done.exit_code == 0, done.output
    shown = invoke("executions", "show", "D")
    assert STAMP.sub("STAMP", shown.stdout).splitlines()[-3:] == [
        "decisions:",
        "  payout: denied by bob at STAMP (reason: wrong payee)",
        "  payout (dead-letter retry 1): approved by ann at STAMP",
    ]
    assert invoke("dead-letters", "list").stdout == "no dead letters\n"
