"""`plankit dead-letters retry` takes the execution's lease as `resume` does: while another live process holds
it, nothing runs and the holder is named (before, the retry ran beside it)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from plankit.store import SqliteStore

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOOLS = str(EXAMPLES / "tools.py")


def plankit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "plankit", *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd,
        env={"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"},
    )  # fmt: skip


def test_a_retry_waits_for_the_live_holder_of_the_execution(tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"goal": "read invoice INV-9", "steps": [
        {"id": "get", "tool": "invoices.get", "args": {"invoice_id": "INV-9"}},
    ]}))  # fmt: skip
    failed = plankit("run", str(plan), "--tools", TOOLS, "--execution-id", "ex1", cwd=tmp_path)
    assert failed.returncode == 1, failed.stderr
    until = datetime.now(UTC) + timedelta(hours=1)

    async def hold() -> None:  # another machine's worker took the execution meanwhile
        async with SqliteStore(tmp_path / "plankit.db") as store:
            assert await store.claim_execution("ex1", "elsewhere:7:abc", until, datetime.now(UTC)) is None

    asyncio.run(hold())
    retried = plankit("dead-letters", "retry", "dl:ex1:get", "--tools", TOOLS, cwd=tmp_path)
    assert (retried.returncode, retried.stdout) == (2, "")
    assert retried.stderr.startswith(
        "error: execution 'ex1' is being run by elsewhere:7:abc (its lease runs until "
        f"{until.isoformat(timespec='seconds')}); wait for it to finish"
    ), retried.stderr
    shown = json.loads(plankit("executions", "show", "ex1", "--format", "json", cwd=tmp_path).stdout)
    assert [(s["step_id"], s["status"], s["attempt_count"]) for s in shown["steps"]] == [("get", "failed", 1)]
