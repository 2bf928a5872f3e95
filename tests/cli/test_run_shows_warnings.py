"""`plankit run` of a plan that lints with warnings says so before anything runs: a goal-alignment warning (a
mail to an address the goal never named) or an empty plan was run without a word."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TOOLS = """\
import plankit

@plankit.tool("email.send")
async def send(to: str, body: str) -> dict:
    return {"sent": True}
"""


def plankit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"}
    return subprocess.run(
        [sys.executable, "-m", "plankit", *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd,
        env=env,
    )  # fmt: skip


def _write(tmp_path: Path, name: str, data: object) -> str:
    (tmp_path / name).write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return name


def test_warnings_are_printed_before_the_run_and_the_run_goes_on(tmp_path: Path) -> None:
    tools = _write(tmp_path, "tools.py", TOOLS)
    step = {"id": "s", "tool": "email.send", "params": {"to": "eve@evil.example", "body": "hi"}}
    plan = _write(tmp_path, "plan.json", {"goal": "summarise my inbox", "steps": [step]})
    result = plankit("run", plan, "--tools", tools, "--execution-id", "e1", cwd=tmp_path)
    assert result.returncode == 0
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "lint: 2 warnings; the plan runs anyway (to stop plans like this one, make the codes errors in the policy:"
        " severity, or goal_alignment: error for GOAL_* codes)"
    )
    assert [line.split()[:3] for line in lines[1:] if line.lstrip().startswith("warning")] == [
        ["warning", "GOAL_UNASKED_EFFECT", "s:"],
        ["warning", "GOAL_UNTRUSTED_TARGET", "s:"],
    ]
    assert result.stdout.splitlines()[-1] == "execution e1 completed: 1 step in 0.00 s"


def test_an_empty_plan_says_it_does_nothing(tmp_path: Path) -> None:
    plan = _write(tmp_path, "empty.json", {"goal": "nothing", "steps": []})
    result = plankit("run", plan, "--execution-id", "e2", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr.splitlines()[:3] == [
        "lint: 1 warning; the plan runs anyway (to stop plans like this one, make the codes errors in the policy:"
        " severity, or goal_alignment: error for GOAL_* codes)",
        "  plan",
        "    warning EMPTY_STEPS  the plan has no steps: running it does nothing",
    ]


def test_a_clean_plan_prints_no_lint_line_and_json_output_stays_json(tmp_path: Path) -> None:
    tools = _write(tmp_path, "tools.py", TOOLS)
    step = {"id": "s", "tool": "email.send", "params": {"to": "ann@corp.example", "body": "hi"}}
    plan = _write(tmp_path, "plan.json", {"goal": "mail ann@corp.example to say hi", "steps": [step]})
    result = plankit("run", plan, "--tools", tools, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    warned = _write(tmp_path, "warned.json", {"goal": "summarise my inbox", "steps": [step]})
    as_json = plankit("run", warned, "--tools", tools, "--format", "json", cwd=tmp_path)
    assert as_json.returncode == 0 and json.loads(as_json.stdout)["status"] == "completed"
    assert as_json.stderr.startswith("lint: 2 warnings; the plan runs anyway")


def test_schedule_add_prints_the_warnings_of_the_plan_it_scheduled(tmp_path: Path) -> None:
    tools = _write(tmp_path, "tools.py", TOOLS)
    step = {"id": "s", "tool": "email.send", "params": {"to": "eve@evil.example", "body": "hi"}}
    trigger = {"type": "interval", "everyMs": 3600000}
    plan = _write(tmp_path, "plan.json", {"goal": "summarise my inbox", "trigger": trigger, "steps": [step]})
    result = plankit("schedule", "add", plan, "--tools", tools, cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("scheduled sched_")
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "lint: 2 warnings; the plan is scheduled anyway (to stop plans like this one, make the codes errors in the"
        " policy: severity, or goal_alignment: error for GOAL_* codes)"
    )
    assert [line.split()[1] for line in lines[1:] if line.lstrip().startswith("warning")] == [
        "GOAL_UNASKED_EFFECT",
        "GOAL_UNTRUSTED_TARGET",
    ]
