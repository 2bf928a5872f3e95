"""``plankit run | resume | approve | deny | cancel | executions | dead-letters``, through the real typer app on
a real SQLite file, and the approval flow once more as real subprocesses."""

from __future__ import annotations

import getpass
import io
import json
import re
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from plankit.cli import app
from plankit.cli._common import TextOrJson
from plankit.cli._run_commands import _Progress
from plankit.errors import ErrorType
from plankit.execute import ExecutionEvent

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()

# Its own registry (not @plankit.tool), so every test's copy of the module registers without clashing.
TOOLS = '''
import asyncio
from pathlib import Path

from plankit.errors import ToolError
from plankit.tools import ToolRegistry

registry = ToolRegistry()
ACTIVE = {"now": 0, "max": 0}


@registry.tool("work")
async def work(label: str, ms: int = 0) -> dict:
    """Take ``ms`` milliseconds; report the most calls seen running at once."""
    ACTIVE["now"] += 1
    ACTIVE["max"] = max(ACTIVE["max"], ACTIVE["now"])
    await asyncio.sleep(ms / 1000)
    ACTIVE["now"] -= 1
    return {"label": label, "max_active": ACTIVE["max"]}


@registry.tool("flaky")
def flaky(marker: str) -> dict:
    """Fail while the marker file exists."""
    if Path(marker).exists():
        raise ToolError(f"marker {Path(marker).name} is present")
    return {"ok": True}
'''


def _durations(text: str) -> str:
    """Wall-clock durations vary from run to run; everything else is compared exactly."""
    return re.sub(r"\d+\.\d\d s\b", "X s", text)


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in _durations(text).splitlines()]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A working folder with a tools module; ``--db`` defaults to ./plankit.db there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.py").write_text(TOOLS, encoding="utf-8")
    return {"tools": str(tmp_path / "tools.py"), "db": "plankit.db"}


def write_plan(tmp_path: Path, steps: list[dict[str, Any]], name: str = "plan.json", **extra: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"id": name.removesuffix(".json"), "goal": "test", "steps": steps, **extra}))
    return str(path)


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


PAYOUT = str(EXAMPLES / "payout.json")
PAYOUT_TOOLS = str(EXAMPLES / "tools.py")


# ------------------------------------------------------------------------------------------ approval
def test_payout_pauses_then_approve_and_resume_complete_it(env: dict[str, str]) -> None:
    result = invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex1")
    assert result.exit_code == 3, result.output
    lines = _lines(result.stdout)
    # invoice and balance run side by side: their lines may interleave, the rest is in order.
    assert lines[0] == "execution ex1: running"
    assert sorted(lines[1:5]) == [
        "balance: completed in X s",
        "balance: running (attempt 1)",
        "invoice: completed in X s",
        "invoice: running (attempt 1)",
    ]
    assert lines[5:] == [
        "payout: awaiting confirmation",
        "execution ex1: paused",
        "execution ex1 paused: 1 step awaiting confirmation",
        "  approve:  plankit approve ex1 payout --db plankit.db",
        "  deny:     plankit deny ex1 payout --db plankit.db",
        f"  then:     plankit resume ex1 --tools {PAYOUT_TOOLS} --db plankit.db",
    ]

    approved = invoke("approve", "ex1", "payout", "--by", "ann")
    assert (approved.exit_code, approved.stdout) == (
        0, "approved step 'payout' of execution ex1 by ann"
        "; resume it, or a running scheduler continues it\n",
    )
    resumed = invoke("resume", "ex1", "--tools", PAYOUT_TOOLS)
    assert resumed.exit_code == 0, resumed.output
    assert _lines(resumed.stdout) == [
        "execution ex1: running",
        "payout: running (attempt 1)",
        "payout: completed in X s",
        "receipt: running (attempt 1)",
        "receipt: completed in X s",
        "execution ex1: completed",
        "execution ex1 completed: 4 steps in X s",
    ]
    shown = json.loads(invoke("executions", "show", "ex1", "--format", "json").stdout)
    assert shown["status"] == "completed"
    assert {step["step_id"]: step["output"] for step in shown["steps"]}["payout"] == {
        "transfer_id": "tr_" + __import__("hashlib").sha256(b"ex1:payout").hexdigest()[:12],
        "to": "acme-design",
        "amount": 1250.0,
        "currency": "EUR",
    }


def test_deny_fails_the_step_and_the_execution(env: dict[str, str]) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex2").exit_code == 3
    denied = invoke("deny", "ex2", "payout", "--format", "json")
    assert denied.exit_code == 0
    record = json.loads(denied.stdout)
    assert datetime.fromisoformat(record.pop("decided_at")).tzinfo is not None
    assert record == {
        "execution_id": "ex2", "step_id": "payout", "decision": "deny", "approved": False,
        "by": getpass.getuser(), "reason": None,
    }  # without --by, the audit record names the login that decided
    resumed = invoke("resume", "ex2", "--tools", PAYOUT_TOOLS)
    assert resumed.exit_code == 1, resumed.output
    lines = _lines(resumed.stdout)
    assert lines[-3:] == [
        f"execution ex2 failed: step 'payout' failed: step 'payout' was denied by {getpass.getuser()}",
        f"  payout: [USER_ERROR] step 'payout' was denied by {getpass.getuser()}",
        "  dead letters: plankit dead-letters list --db plankit.db",
    ]
    listed = invoke("dead-letters", "list")
    assert _lines(listed.stdout) == [
        "id             execution  step    tool               error",
        "dl:ex2:payout  ex2        payout  payments.transfer  [USER_ERROR] step 'payout' was denied by "
        + getpass.getuser(),
    ]


def test_running_again_under_the_id_of_a_paused_execution_gives_the_command_that_continues_it(
    env: dict[str, str],
) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "p1").exit_code == 3
    again = invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "p1")
    assert (again.exit_code, again.stderr) == (
        2,
        f"error: execution 'p1' already exists (paused); continue it with: plankit resume p1 --tools {PAYOUT_TOOLS}"
        " --db plankit.db\n",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["approve", "nope", "payout"], "error: no execution 'nope' in the store\n"),
        (["approve", "ex3", "payuot"], "error: step 'payuot' is not in the plan of 'ex3'; did you mean 'payout'?\n"),
        (["deny", "ex3", "invoice"], "error: step 'invoice' does not ask for confirmation\n"),
    ],
)
def test_decisions_on_unknown_things_exit_2(env: dict[str, str], args: list[str], message: str) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex3").exit_code == 3
    result = invoke(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)


def test_cancel_a_paused_execution(env: dict[str, str]) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex4").exit_code == 3
    cancelled = invoke("cancel", "ex4")
    assert (cancelled.exit_code, cancelled.stdout) == (0, "execution ex4 cancelled\n")
    again = invoke("cancel", "ex4", "--format", "json")
    assert json.loads(again.stdout)["status"] == "cancelled"
    # A cancelled execution stays cancelled: resuming it runs nothing and exits 1.
    resumed = invoke("resume", "ex4", "--tools", PAYOUT_TOOLS)
    assert (resumed.exit_code, _lines(resumed.stdout)) == (1, ["execution ex4 cancelled: cancelled"])
    record = json.loads(invoke("executions", "show", "ex4", "--format", "json").stdout)
    assert [(step["step_id"], step["status"]) for step in record["steps"]] == [
        ("invoice", "completed"), ("balance", "completed"), ("payout", "cancelled"),
    ]


def test_cancel_a_finished_execution_changes_nothing(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, [{"id": "a", "tool": "work", "params": {"label": "a"}}])
    assert invoke("run", plan, "--tools", env["tools"], "--execution-id", "done").exit_code == 0
    result = invoke("cancel", "done")
    assert (result.exit_code, result.stdout) == (0, "execution done had already completed; nothing to cancel\n")


# -------------------------------------------------------------------------------------------- running
def test_json_format_prints_the_final_record_only(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(
        tmp_path,
        [
            {"id": "a", "tool": "work", "params": {"label": "first"}},
            {"id": "b", "tool": "work", "params": {"label": "{{a.result.label}} then second"}, "depends_on": ["a"]},
        ],
    )
    result = invoke("run", plan, "--tools", env["tools"], "--format", "json", "--execution-id", "j1")
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert (record["execution_id"], record["plan_id"], record["status"], record["error"]) == (
        "j1", "plan", "completed", None,
    )
    assert [(s["step_id"], s["status"], s["attempt_count"], s["output"]["label"]) for s in record["steps"]] == [
        ("a", "completed", 1, "first"),
        ("b", "completed", 1, "first then second"),
    ]
    assert [s["idempotency_key"] for s in record["steps"]] == ["j1:a", "j1:b"]


def test_max_concurrency_caps_the_steps_running_at_once(env: dict[str, str], tmp_path: Path) -> None:
    steps = [{"id": f"w{i}", "tool": "work", "params": {"label": str(i), "ms": 20}} for i in range(3)]
    plan = write_plan(tmp_path, steps, name="wide.json")
    capped = invoke("run", plan, "--tools", env["tools"], "--max-concurrency", "1", "--format", "json")
    assert [step["output"]["max_active"] for step in json.loads(capped.stdout)["steps"]] == [1, 1, 1]
    (tmp_path / "tools2.py").write_text(TOOLS, encoding="utf-8")  # a fresh module: fresh counters
    free = invoke("run", plan, "--tools", str(tmp_path / "tools2.py"), "--format", "json")
    assert max(step["output"]["max_active"] for step in json.loads(free.stdout)["steps"]) == 3
    bad = invoke("run", plan, "--tools", env["tools"], "--max-concurrency", "0")
    assert bad.exit_code == 2


def test_failure_dead_letter_and_retry(env: dict[str, str], tmp_path: Path) -> None:
    marker = tmp_path / "broken"
    marker.touch()
    plan = write_plan(
        tmp_path,
        [
            {"id": "ok", "tool": "work", "params": {"label": "x"}},
            {
                "id": "call",
                "tool": "flaky",
                "params": {"marker": str(marker)},
                "depends_on": ["ok"],
                "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 1},
            },
        ],
    )
    result = invoke("run", plan, "--tools", env["tools"], "--execution-id", "f1")
    assert result.exit_code == 1, result.output
    assert _lines(result.stdout) == [
        "execution f1: running",
        "ok: running (attempt 1)",
        "ok: completed in X s",
        "call: running (attempt 1)",
        "call: retrying (attempt 1) after [TOOL_ERROR] marker broken is present",
        "call: running (attempt 2)",
        "call: failed after 2 attempts in X s: [TOOL_ERROR] marker broken is present",
        "execution f1: failed",
        "execution f1 failed: step 'call' failed: marker broken is present",
        "  call: [TOOL_ERROR] after 2 attempts marker broken is present",
        "  dead letters: plankit dead-letters list --db plankit.db",
    ]
    entries = json.loads(invoke("dead-letters", "list", "--format", "json").stdout)
    assert [(e["id"], e["node_id"], e["error_type"], e["retry_count"], e["params"]) for e in entries] == [
        ("dl:f1:call", "call", "TOOL_ERROR", 1, {"marker": str(marker)}),
    ]
    still_broken = invoke("dead-letters", "retry", "dl:f1:call", "--tools", env["tools"], "--format", "json")
    retry = json.loads(still_broken.stdout)
    # The retry continues execution f1 itself: attempts 3 and 4 (a fresh budget of 2), then the dead letter
    # is updated in place.
    assert (still_broken.exit_code, retry["execution_id"], retry["status"]) == (1, "f1", "failed")
    entries = json.loads(invoke("dead-letters", "list", "--format", "json").stdout)
    assert [(e["id"], e["attempts"], e["retry_count"]) for e in entries] == [("dl:f1:call", 4, 3)]
    marker.unlink()
    fixed = invoke("dead-letters", "retry", "dl:f1:call", "--tools", env["tools"])
    assert fixed.exit_code == 0, fixed.output
    assert _lines(fixed.stdout)[-1] == "execution f1 completed: 2 steps in X s"
    assert invoke("dead-letters", "list").stdout == "no dead letters\n"
    missing = invoke("dead-letters", "retry", "dl:f1:call", "--tools", env["tools"])
    assert (missing.exit_code, missing.stderr) == (2, "error: no dead letter 'dl:f1:call'\n")


def test_refused_plan_prints_the_findings_and_runs_nothing(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, [{"id": "pay", "tool": "payments.transfer", "params": {"to": "x", "amount": 1,
                                                                                         "currency": "EUR"}}])
    result = invoke("run", plan, "--tools", PAYOUT_TOOLS)
    assert result.exit_code == 1
    assert result.stderr == "refused: the plan has 1 lint error; nothing ran\n"
    assert "CONFIRMATION_REQUIRED" in result.stdout and f"{plan}  ERROR" in result.stdout
    as_json = invoke("run", plan, "--tools", PAYOUT_TOOLS, "--format", "json")
    report = json.loads(as_json.stdout)
    assert (as_json.exit_code, report["status"]) == (1, "ERROR")
    assert [error["code"] for error in report["errors"]] == ["CONFIRMATION_REQUIRED"]
    assert json.loads(invoke("executions", "list", "--format", "json").stdout) == []


def test_a_tool_without_implementation_is_refused(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, [{"id": "a", "tool": "wrok", "params": {}}])
    result = invoke("run", plan, "--tools", env["tools"], "--format", "json")
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    assert [(e["code"], e["msg"]) for e in report["errors"] if e["code"] == "CONTRA_NO_TOOL"] == [
        ("CONTRA_NO_TOOL", "tool 'wrok' is not in the tool registry"),
    ]


def test_a_run_without_tools_says_to_pass_them(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, [{"id": "a", "tool": "work", "params": {"label": "x"}}])
    forgot = invoke("run", plan)
    assert forgot.exit_code == 1
    assert forgot.stderr == (
        "refused: the plan has 1 lint error; nothing ran\n"
        "hint: no tools were given: pass --tools FILE.py (a module whose @plankit.tool functions are the plan's "
        "tools), or --mcp NAME=stdio:COMMAND for an MCP server's tools\n"
    )
    # With tools given, a missing one is a typo or an unregistered tool: the lint finding's own hint says so.
    typo = invoke("run", write_plan(tmp_path, [{"id": "a", "tool": "wrok", "params": {}}], "typo.json"),
                  "--tools", env["tools"])  # fmt: skip
    assert (typo.exit_code, typo.stderr) == (1, "refused: the plan has 1 lint error; nothing ran\n")
    scheduled = write_plan(tmp_path, [{"id": "a", "tool": "work", "params": {"label": "x"}}], "later.json",
                           trigger={"type": "time", "at": "2099-01-01T00:00:00Z"})  # fmt: skip
    added = invoke("schedule", "add", scheduled)
    assert added.exit_code == 1
    assert added.stderr.splitlines()[:2] == [
        "refused: the plan has 1 lint error; nothing was scheduled",
        "hint: no tools were given: pass --tools FILE.py (a module whose @plankit.tool functions are the plan's "
        "tools), or --mcp NAME=stdio:COMMAND for an MCP server's tools",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "missing.json", "--tools", "TOOLS"], "error: missing.json: no such file\n"),
        (["run", "PLAN", "--tools", "nothing.py"],
         "error: nothing.py: no such tools file\n  $: nothing.py does not exist\n"),
        (["resume", "nope", "--tools", "TOOLS"], "error: no execution 'nope' in the store\n"),
        (["executions", "show", "nope"], "error: no execution 'nope' in plankit.db\n"),
        (["cancel", "nope"], "error: no execution 'nope' in the store\n"),
        (["approve", "e1", "a", "--db", "elsewhere.db"],
         "error: elsewhere.db: no such database (run a plan first, or pass --db)\n"),
        (["executions", "list", "--db", "other.db"],
         "error: other.db: no such database (run a plan first, or pass --db)\n"),
        (["run", "PLAN", "--tools", "TOOLS", "--execution-id", "e1"],
         "error: execution 'e1' already exists and is completed; give another --execution-id, or leave it out for a"
         " new one\n"),
    ],
)
def test_unusable_input_exits_2(env: dict[str, str], tmp_path: Path, args: list[str], message: str) -> None:
    plan = write_plan(tmp_path, [{"id": "a", "tool": "work", "params": {"label": "a"}}])
    assert invoke("run", plan, "--tools", env["tools"], "--execution-id", "e1").exit_code == 0
    args = [plan if arg == "PLAN" else env["tools"] if arg == "TOOLS" else arg for arg in args]
    result = invoke(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)


def test_a_file_that_is_not_a_database_exits_2(env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "junk.db").write_bytes(b"this is not sqlite" * 100)
    result = invoke("executions", "list", "--db", "junk.db")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: junk.db: is not a SQLite database; give --db the database plankit made (plankit.db by default), or a"
        " new file\n",
    )


# ----------------------------------------------------------------------------------------- inspecting
def test_executions_list_and_filters(env: dict[str, str], tmp_path: Path) -> None:
    good = write_plan(tmp_path, [{"id": "a", "tool": "work", "params": {"label": "a"}}], name="good.json")
    assert invoke("run", good, "--tools", env["tools"], "--execution-id", "g1").exit_code == 0
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "p1").exit_code == 3
    listed = invoke("executions", "list")
    rows = [re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "YYYY-MM-DD hh:mm:ss", line) for line in _lines(listed.stdout)]
    assert rows == [
        "execution  plan             status     started              completed",
        "p1         payout-inv-1042  paused     YYYY-MM-DD hh:mm:ss  -",
        "g1         good             completed  YYYY-MM-DD hh:mm:ss  YYYY-MM-DD hh:mm:ss",
    ]
    paused = json.loads(invoke("executions", "list", "--status", "paused", "--format", "json").stdout)
    assert [execution["execution_id"] for execution in paused] == ["p1"]
    by_plan = json.loads(invoke("executions", "list", "--plan", "good", "--format", "json").stdout)
    assert [execution["execution_id"] for execution in by_plan] == ["g1"]
    assert "steps" not in by_plan[0]  # the list has no step records: no empty "steps" that reads as none ran
    assert invoke("executions", "list", "--status", "nonsense").exit_code == 2
    none = invoke("executions", "list", "--plan", "nothing")
    assert none.stdout == "no executions\n"


def test_executions_show_text(env: dict[str, str]) -> None:
    assert invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "s1").exit_code == 3
    shown = invoke("executions", "show", "s1")
    lines = [re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "YYYY-MM-DD hh:mm:ss", line) for line in _lines(shown.stdout)]
    assert lines == [
        "execution s1",
        "  plan:      payout-inv-1042",
        "  status:    paused",
        "  started:   YYYY-MM-DD hh:mm:ss",
        "step     status                 attempts  duration  error",
        "invoice  completed              1         X s",
        "balance  completed              1         X s",
        "payout   awaiting_confirmation  0         -",
    ]


@pytest.mark.parametrize(
    "command",
    [
        ["run"], ["resume"], ["approve"], ["deny"], ["cancel"], ["executions", "list"], ["executions", "show"],
        ["dead-letters", "list"], ["dead-letters", "retry"],
    ],
)
def test_every_command_has_help_with_db_and_format(command: list[str]) -> None:
    result = invoke(*command, "--help")
    assert result.exit_code == 0
    assert "--db" in result.stdout and "--format" in result.stdout


# -------------------------------------------------------------------------------------------- the view
T0 = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)


def _event(step: str | None, status: str, seconds: float | None = None, **fields: Any) -> ExecutionEvent:
    completed = None if seconds is None else T0 + timedelta(seconds=seconds)
    return ExecutionEvent("e1", step, status, T0, started_at=T0, completed_at=completed, **fields)


def test_live_view_on_a_terminal_is_a_table() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=60, color_system=None, highlight=False)
    progress = _Progress(console, TextOrJson.TEXT)
    assert progress.live is not None
    with progress:
        progress.on_event(_event(None, "running"))
        progress.on_event(_event("fetch", "completed", 1.5, attempt=1))
        progress.on_event(_event("pay", "retrying", attempt=2, error="503", error_type=ErrorType.SERVER_ERROR))
        progress.on_event(_event("poll", "waiting", iteration=3))
    console.print(progress)  # the last frame, printed once more in full to read it back
    frame = buffer.getvalue().split("execution e1")[-1]
    rows = [line.rstrip() for line in frame.splitlines()]
    assert rows[0] == "  running"
    assert rows[1].split() == ["step", "status", "attempt", "duration"]
    assert rows[2].split() == ["fetch", "completed", "1", "1.50", "s"]
    assert rows[3].split()[:3] == ["pay", "retrying", "2"]  # still running: its duration keeps growing
    assert rows[4].split()[:3] == ["poll[3]", "waiting", "-"]


def test_live_view_of_a_big_plan_shows_the_unfinished_steps_and_counts_the_rest() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100, color_system=None)
    progress = _Progress(console, TextOrJson.TEXT, max_rows=2)
    for index in range(3):
        progress.on_event(_event(f"s{index}", "completed", 0.5, attempt=1))
    progress.on_event(_event("s3", "running", attempt=1))
    progress.on_event(_event("s4", "awaiting_confirmation"))
    console.print(progress)
    lines = [line.rstrip() for line in buffer.getvalue().splitlines()]
    assert lines[0] == "execution"
    assert [line.split()[:2] for line in lines[2:4]] == [["s3", "running"], ["s4", "awaiting_confirmation"]]
    assert lines[4] == "... and 3 more steps (1 awaiting confirmation, 3 completed, 1 running)"


def test_plain_lines_when_not_a_terminal_and_nothing_for_json() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=False, width=200)
    progress = _Progress(console, TextOrJson.TEXT)
    assert progress.live is None
    progress.on_event(_event("pay", "retrying", attempt=2, error="503", error_type=ErrorType.SERVER_ERROR))
    progress.on_event(_event("pay", "failed", 0.25, attempt=3, error="503", error_type=ErrorType.SERVER_ERROR))
    progress.on_event(_event("loop", "skipped", 0.0, iteration=1))
    assert buffer.getvalue().splitlines() == [
        "pay: retrying (attempt 2) after [SERVER_ERROR] 503",
        "pay: failed after 3 attempts in 0.25 s: [SERVER_ERROR] 503",
        "loop[1]: skipped in 0.00 s",
    ]
    quiet_buffer = io.StringIO()
    quiet = _Progress(Console(file=quiet_buffer, force_terminal=True), TextOrJson.JSON)
    quiet.on_event(_event("pay", "running", attempt=1))
    assert (quiet.live, quiet_buffer.getvalue()) == (None, "")


# ------------------------------------------------------------------------------------ real processes
def test_approval_flow_in_real_processes(tmp_path: Path) -> None:
    db = str(tmp_path / "flow.db")

    def plankit(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "plankit", *args, "--db", db], capture_output=True, text=True, timeout=60,
            cwd=tmp_path, check=False,
        )

    first = plankit("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "proc1")
    assert first.returncode == 3, first.stderr
    assert _lines(first.stdout)[-3:] == [
        f"  approve:  plankit approve proc1 payout --db {db}",
        f"  deny:     plankit deny proc1 payout --db {db}",
        f"  then:     plankit resume proc1 --tools {PAYOUT_TOOLS} --db {db}",
    ]
    early = plankit("resume", "proc1", "--tools", PAYOUT_TOOLS)
    assert early.returncode == 3  # nobody has answered yet: still paused, and payout did not run
    approved = plankit("approve", "proc1", "payout", "--by", "ann")
    assert (approved.returncode, approved.stdout) == (
        0, "approved step 'payout' of execution proc1 by ann"
        "; resume it, or a running scheduler continues it\n",
    )
    done = plankit("resume", "proc1", "--tools", PAYOUT_TOOLS, "--format", "json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["status"] == "completed"
    assert [(step["step_id"], step["status"], step["attempt_count"]) for step in record["steps"]] == [
        ("invoice", "completed", 1), ("balance", "completed", 1), ("payout", "completed", 1),
        ("receipt", "completed", 1),
    ]
    with sqlite3.connect(db) as connection:  # the decision is in the file, with who made it
        assert connection.execute("SELECT step_id, approved, decided_by FROM decisions").fetchall() == [
            ("payout", 1, "ann"),
        ]
