"""Ctrl-C while `plankit run` sits in a wait, as a user meets it: exit 130, one line per transition (the wait is
not announced again when the interrupt rewrites its record), the exact resume command, and a resume that
finishes the plan without running the first step again."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest


def _waiting(db: Path) -> bool:
    if not db.exists():
        return False
    try:
        with sqlite3.connect(db) as connection:
            rows = connection.execute("SELECT document FROM step_executions").fetchall()
        connection.close()
    except sqlite3.Error:  # not created yet
        return False
    return any(json.loads(row[0])["status"] == "waiting" for row in rows)


def _run_until_waiting(tmp_path: Path, steps: list[dict[str, object]], execution_id: str, **popen: Any) -> tuple[
    subprocess.Popen[str], Path
]:
    """`plankit run` of a plan of ``steps`` in a child process, returned once its wait is recorded."""
    plan = tmp_path / "nap.json"
    plan.write_text(json.dumps({"goal": "nap", "steps": steps}))
    db = tmp_path / "run.db"
    env = {"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"}
    command = [sys.executable, "-m", "plankit", "run", str(plan), "--db", str(db), "--execution-id", execution_id]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env, **popen
    )  # fmt: skip
    for _ in range(6000):  # until the wait is recorded (polls the store; never a wall-clock assertion)
        if _waiting(db) or process.poll() is not None:
            break
        time.sleep(0.01)
    return process, db


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_in_a_wait_then_resume(tmp_path: Path) -> None:
    plan: list[dict[str, object]] = [
        {"id": "hi", "tool": "echo", "args": {"text": "hi"}},
        {"id": "nap", "type": "wait", "duration_ms": 600_000, "depends_on": ["hi"]},
        {"id": "bye", "tool": "echo", "args": {"text": "bye"}, "depends_on": ["nap"]},
    ]
    process, db = _run_until_waiting(tmp_path, plan, "E")
    env = {"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"}
    os.kill(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (
        130,
        f"interrupted: execution E was stopped and is marked interrupted; continue it with: plankit resume E "
        f"--db {db}\n",
    )
    lines = out.splitlines()
    assert [line.split(" in ")[0] for line in lines] == [
        "execution E: running", "hi: running (attempt 1)", "hi: completed", "nap: waiting", "execution E: interrupted",
    ]  # fmt: skip

    # The wait keeps its deadline (ten minutes from when it began): the resume waits on, and Ctrl-C again
    # leaves it as it was; "hi" never runs again.
    resumed = subprocess.Popen(
        [sys.executable, "-m", "plankit", "resume", "E", "--db", str(db), "--format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env,
    )  # fmt: skip
    for _ in range(6000):
        if resumed.poll() is not None:
            break
        with sqlite3.connect(db) as connection:
            status = connection.execute("SELECT status FROM executions WHERE id = 'E'").fetchone()[0]
        connection.close()
        if status == "running":
            break
        time.sleep(0.01)
    os.kill(resumed.pid, signal.SIGINT)
    _, err = resumed.communicate(timeout=60)
    assert resumed.returncode == 130, err
    with sqlite3.connect(db) as connection:
        steps = {
            doc["step_id"]: (doc["status"], doc["attempt_count"])
            for doc in (json.loads(row[0]) for row in connection.execute("SELECT document FROM step_executions"))
        }
    connection.close()
    assert steps == {"hi": ("completed", 1), "nap": ("waiting", 1)}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM to a child process")
def test_sigterm_stops_a_run_as_ctrl_c_does(tmp_path: Path) -> None:
    """`docker stop`, systemd and CI timeouts send SIGTERM: it used to kill `plankit run` at once (exit -15,
    nothing said, the execution left `running`); it now stops the run as Ctrl-C does."""
    _assert_sigterm_interrupts(tmp_path, "T")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM to a child process")
def test_sigterm_stops_a_run_whose_sigint_is_ignored(tmp_path: Path) -> None:
    """A shell script's `plankit run plan.json &` starts it with SIGINT ignored, so asyncio.run installs no
    Ctrl-C handler: SIGTERM still stops the run as Ctrl-C would (it was exit -15, the execution `running`)."""
    _assert_sigterm_interrupts(tmp_path, "B", preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))


def _assert_sigterm_interrupts(tmp_path: Path, execution_id: str, **popen: Any) -> None:
    steps: list[dict[str, object]] = [{"id": "nap", "type": "wait", "duration_ms": 600_000}]
    process, db = _run_until_waiting(tmp_path, steps, execution_id, **popen)
    os.kill(process.pid, signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (
        130,
        f"interrupted: execution {execution_id} was stopped and is marked interrupted; continue it with: plankit "
        f"resume {execution_id} --db {db}\n",
    )
    assert out.splitlines() == [
        f"execution {execution_id}: running", "nap: waiting", f"execution {execution_id}: interrupted"
    ]  # fmt: skip
    with sqlite3.connect(db) as connection:
        status = connection.execute("SELECT status FROM executions WHERE id = ?", (execution_id,)).fetchone()[0]
    connection.close()
    assert status == "interrupted"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signal dispositions")
def test_the_sigterm_handler_is_ours_only_while_the_command_runs_and_an_ignored_sigterm_stays_ignored() -> None:
    from plankit.cli._run_commands import _run_async

    seen: list[object] = []

    async def work() -> int:
        seen.append(signal.getsignal(signal.SIGTERM))
        return 0

    def mine(signum: int, frame: object) -> None:  # pragma: no cover - never delivered
        return None

    before = signal.signal(signal.SIGTERM, mine)
    try:
        assert _run_async(work) == 0
        assert seen[0] is not mine and callable(seen[0])  # the command's own, while it ran
        assert signal.getsignal(signal.SIGTERM) is mine  # and the caller's again after
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        assert _run_async(work) == 0
        assert (seen[1], signal.getsignal(signal.SIGTERM)) == (signal.SIG_IGN, signal.SIG_IGN)
    finally:
        signal.signal(signal.SIGTERM, before)
