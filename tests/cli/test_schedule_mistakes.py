"""A schedule with a cron expression that can't be: `plankit schedule add` (and preview) exit 2 naming the field
that is wrong and what it accepts, at its JSON path, and store nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def plankit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "plankit", *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd,
        env={"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"},
    )  # fmt: skip


@pytest.mark.parametrize("command", [["schedule", "add"], ["schedule", "preview"]], ids=lambda words: words[1])
def test_a_cron_field_out_of_range_is_named(command: list[str], tmp_path: Path) -> None:
    plan = tmp_path / "hourly.json"
    plan.write_text(json.dumps({"goal": "hi", "trigger": {"type": "cron", "expression": "0 24 * * *"},
                                "steps": [{"id": "a", "tool": "echo", "args": {"text": "hi"}}]}))  # fmt: skip
    result = plankit(*command, str(plan), cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", (
        f"error: {plan}: invalid plan (1 problem)\n"
        "  $.trigger.expression: invalid cron expression '0 24 * * *': the hour field '24' is not valid "
        "(use 0-23, *, a list 1,15, a range 9-17 or a step */5)\n"
    ))  # fmt: skip
    assert sorted(path.name for path in tmp_path.iterdir()) == ["hourly.json"]  # no store made


def test_a_scheduler_on_a_database_that_does_not_exist_says_so(tmp_path: Path) -> None:
    first = plankit("scheduler", "--once", "--db", "typo.db", cwd=tmp_path)
    assert (first.returncode, first.stdout, first.stderr) == (
        0,
        "decided 0 schedule(s), ran 0 execution(s)\n",
        "typo.db: no such database yet; starting with an empty one (is this the --db that `plankit schedule add` "
        "used?)\n",
    )
    again = plankit("scheduler", "--once", "--db", "typo.db", cwd=tmp_path)  # it exists now: nothing to say
    assert (again.returncode, again.stdout, again.stderr) == (0, "decided 0 schedule(s), ran 0 execution(s)\n", "")
