"""`plankit mcp --transport http` on a port in use exits 2 naming it, before anything starts (uvicorn logged its
bind error and exited 3), as `plankit serve` does. A real process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")


def test_mcp_http_on_a_port_in_use_exits_2_naming_it(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "plankit", "mcp", "--transport", "http", "--port", str(port), "--db", "p.db"],
            capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb", "COLUMNS": "200"},
        )  # fmt: skip
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        f"error: can't listen on 127.0.0.1:{port}: Address already in use; pass another --port (or stop what uses "
        "it)\n",
    )
    assert not (tmp_path / "p.db").exists()
