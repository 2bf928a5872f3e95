"""``plankit run --engine temporal`` as a user meets it before starting a worker: it says that no worker polls
the queue, Ctrl-C stops the waiting (never the workflow) and names the commands to follow or cancel it, and a
worker started later runs the execution to its end."""

from __future__ import annotations

import json
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from plankit.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()
QUEUE = "run-wait-test"


def _read_until(process: subprocess.Popen[bytes], needle: str, timeout: float = 60.0) -> str:
    """The process's stderr up to and including the first line holding ``needle`` (a bound, not a timing)."""
    assert process.stderr is not None
    seen = ""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stderr, selectors.EVENT_READ)
        deadline = time.monotonic() + timeout
        while needle not in seen:
            if time.monotonic() > deadline or process.poll() is not None:
                raise AssertionError(f"never saw {needle!r}; stderr so far:\n{seen}")
            if selector.select(timeout=0.5):
                seen += process.stderr.readline().decode()
    return seen


def test_without_a_worker_run_says_so_and_ctrl_c_leaves_the_workflow(temporal_address: str, tmp_path: Path) -> None:
    db = str(tmp_path / "plankit.db")
    plan = tmp_path / "hello.json"
    plan.write_text(json.dumps({"id": "hello", "goal": "say hi", "steps": [
        {"id": "a", "tool": "echo", "args": {"text": "hi"}}]}))  # fmt: skip
    cluster = ["--engine", "temporal", "--temporal-address", temporal_address, "--task-queue", QUEUE]
    run = subprocess.Popen(
        [sys.executable, "-m", "plankit", "run", str(plan), "--execution-id", "w1", "--db", db, *cluster],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        said = _read_until(run, "no worker polls queue")
        run.send_signal(signal.SIGINT)
        _, rest = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    words = f"--engine temporal --temporal-address {temporal_address} --namespace default"
    assert said.splitlines() == [
        f"execution w1 runs on Temporal ({temporal_address}, queue {QUEUE}); it waits for a `plankit worker "
        "--engine temporal` on that queue",
        f"no worker polls queue {QUEUE} at {temporal_address}: start one with `plankit worker --tools TOOLS "
        f"{words} --task-queue {QUEUE}` (and the same --db); the execution runs when one does",
    ]
    assert run.returncode == 130
    assert rest.decode().splitlines() == [
        f"interrupted: stopped waiting; execution w1 goes on on Temporal (a worker on queue {QUEUE} runs it): "
        f"follow it with `plankit executions show w1 --db {db}`, stop it with `plankit cancel w1 {words} --db {db}`"
    ]
    shown = runner.invoke(app, ["executions", "show", "w1", "--db", db, "--format", "json"])
    assert json.loads(shown.stdout)["status"] == "pending"

    # The workflow was left on Temporal: a worker started now runs it to its end.
    worker = subprocess.Popen(
        [sys.executable, "-m", "plankit", "worker", "--tools", str(EXAMPLES / "tools.py"), "--db", db, *cluster],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(600):  # up to a minute
            record = json.loads(runner.invoke(app, ["executions", "show", "w1", "--db", db, "--format", "json"]).stdout)
            if record["status"] == "completed":
                break
            time.sleep(0.1)
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
    assert (record["status"], [(s["step_id"], s["output"]) for s in record["steps"]]) == (
        "completed", [("a", {"text": "hi"})]
    )  # fmt: skip
