"""``plankit serve`` as a real process: it starts, answers, runs an execution on its worker, and stops on SIGINT."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .harness import make_tokens, wait_for


def test_serve_runs_and_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    tokens, _ = make_tokens(db)
    command = [sys.executable, "-m", "plankit", "serve", "--db", str(db), "--port", "0", "--rate-limit", "0"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        port = None
        deadline = time.monotonic() + 30
        while port is None and time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line:
                break
            found = re.search(r"Uvicorn running on http://127\.0\.0\.1:(\d+)", line)
            port = int(found.group(1)) if found else None
        assert port is not None, "plankit serve did not say where it listens"
        headers = {"Authorization": f"Bearer {tokens['ann']}"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=30) as client:
            assert client.get("/health").json()["worker"] is True
            plan = {"goal": "hi", "steps": [{"id": "a", "tool": "echo", "args": {"text": "hi"}}]}
            execution_id = client.post("/api/v1/executions", json={"plan": plan}).json()["execution_id"]
            assert wait_for(client, execution_id, {"completed", "failed"})["status"] == "completed"
            assert "server" not in client.get("/health").headers
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 0
        rest = process.stderr.read()
        assert "Application shutdown complete." in rest
        assert tokens["ann"] not in rest
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
