"""Ctrl-C in `plankit scheduler`, as a user meets it: the first stops taking work and says how long running
executions get and how to stop at once; the second interrupts them at once (before, it did nothing and the
user waited out --grace); the execution stays resumable, and the worker exits 0."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _rows(db: Path, query: str) -> list[tuple[str, ...]]:
    try:
        with sqlite3.connect(db) as connection:
            rows = connection.execute(query).fetchall()
        connection.close()
    except sqlite3.Error:  # not created yet
        return []
    return rows


def _waiting(db: Path) -> bool:
    return any(json.loads(row[0])["status"] == "waiting" for row in _rows(db, "SELECT document FROM step_executions"))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_twice_interrupts_running_executions_at_once(tmp_path: Path) -> None:
    plan = {
        "goal": "nap then say hi",
        "trigger": {"type": "interval", "every_ms": 3_600_000},
        # shorter than --park-after (30 s), so the wait holds a slot in this worker instead of being parked
        "steps": [
            {"id": "nap", "type": "wait", "duration_ms": 20_000},
            {"id": "hi", "tool": "echo", "args": {"text": "hi"}, "depends_on": ["nap"]},
        ],
    }
    (tmp_path / "nap.json").write_text(json.dumps(plan), encoding="utf-8")
    env = {"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"}
    plankit = [sys.executable, "-m", "plankit"]
    added = subprocess.run(
        [*plankit, "schedule", "add", "nap.json"], cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert added.returncode == 0, added.stderr
    worker = subprocess.Popen(
        [*plankit, "scheduler", "--grace", "600", "--poll", "0.05"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    db = tmp_path / "plankit.db"
    for _ in range(6000):  # until the fire's wait is recorded (polls the store; never a wall-clock assertion)
        if _waiting(db) or worker.poll() is not None:
            break
        time.sleep(0.01)
    assert worker.stderr is not None
    os.killpg(worker.pid, signal.SIGINT)
    said: list[str] = []
    while not said or not said[-1].startswith("stopping:"):  # the first Ctrl-C's answer
        line = worker.stderr.readline()
        assert line, "".join(said)
        if not line[:1].isdigit():  # log lines start with their time
            said.append(line.rstrip("\n"))
    os.killpg(worker.pid, signal.SIGINT)
    out, rest = worker.communicate(timeout=120)  # a guard against a hang: --grace is 600 s
    said += [line for line in rest.splitlines() if not line[:1].isdigit()]
    assert (worker.returncode, out) == (0, "")
    assert said[1:] == [
        "stopping: 1 running execution(s) get up to 600 s to finish (--grace); press Ctrl-C again to interrupt them"
        " now (any worker resumes them)",
        "stopping now: interrupting the running executions",
        "scheduler stopped; unfinished executions are resumable by any worker",
    ]
    assert said[0].startswith("scheduler ") and said[0].endswith(" on plankit.db: working (Ctrl-C or SIGTERM to stop)")
    assert [row[0] for row in _rows(db, "SELECT status FROM executions")] == ["interrupted"]
