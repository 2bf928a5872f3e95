"""A real plankit server on 127.0.0.1 (uvicorn in a thread, a SQLite file) and clients for it."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from plankit.errors import UserError
from plankit.server import Role, ServerSettings, create_app, create_token
from plankit.store import SqliteStore
from plankit.testing import FakeClock
from plankit.tools import ToolRegistry

TOOLS = ToolRegistry()
"""The test server's own tools (beside the built-in echo, sleep and http.request)."""


@TOOLS.tool("boom")
def boom(reason: str = "boom") -> None:
    """Always fails with a user error (never retried): a dead letter at once."""
    raise UserError(reason)


GATES: dict[str, threading.Event] = {}
"""Events the ``gate`` tool waits for, by name (a test sets one to let its step finish)."""


@TOOLS.tool("gate")
async def gate(name: str) -> str:
    """Waits until the test sets ``GATES[name]``: a step that is still running while the test looks."""
    event = GATES.setdefault(name, threading.Event())
    while not event.is_set():
        await asyncio.sleep(0.01)
    return name


USERS = {"ann": Role.OPERATOR, "bob": Role.OPERATOR, "vic": Role.VIEWER, "root": Role.ADMIN}
"""The users every test server has, each with one token."""


@dataclass
class LiveServer:
    """A running server: its URL, the database file, and one token per user in :data:`USERS`."""

    url: str
    db: Path
    tokens: dict[str, str] = field(default_factory=dict)
    token_ids: dict[str, str] = field(default_factory=dict)
    _clients: dict[tuple[Any, ...], httpx.Client] = field(default_factory=dict)

    def client(self, user: str | None = None, headers: dict[str, str] | None = None) -> httpx.Client:
        """An HTTP client for the server, signed in as ``user`` (anonymous when None); closed with the server."""
        key = (user, tuple(sorted((headers or {}).items())))
        if key not in self._clients:
            sent = {"Authorization": f"Bearer {self.tokens[user]}"} if user else {}
            sent.update(headers or {})
            self._clients[key] = httpx.Client(base_url=self.url, headers=sent, timeout=30.0)
        return self._clients[key]

    def close_clients(self) -> None:
        """Close every client handed out."""
        for client in self._clients.values():
            client.close()
        self._clients.clear()


def make_tokens(db: Path) -> tuple[dict[str, str], dict[str, str]]:
    """One token per user of :data:`USERS`, stored in ``db``."""

    async def body() -> tuple[dict[str, str], dict[str, str]]:
        tokens, ids = {}, {}
        async with SqliteStore(db) as store:
            for user, role in USERS.items():
                record, token = await create_token(store, user, role, FakeClock().now())
                tokens[user], ids[user] = token, record.id
        return tokens, ids

    return asyncio.run(body())


@contextmanager
def live_server(tmp_path: Path, **settings: Any) -> Iterator[LiveServer]:
    """Serve a fresh database on a free port of 127.0.0.1 until the block ends."""
    db = tmp_path / "plankit.db"
    tokens, ids = make_tokens(db)
    settings.setdefault("worker_poll_seconds", 0.05)
    settings.setdefault("rate_limit", 0)  # tests poll freely; test_limits sets one
    settings.setdefault("event_poll_seconds", 0.02)
    app = create_app(ServerSettings(db=str(db), **settings))
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="plankit-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    live = LiveServer(f"http://127.0.0.1:{port}", db, tokens, ids)
    try:
        yield live
    finally:
        live.close_clients()
        server.should_exit = True
        thread.join(30)


def wait_for(client: httpx.Client, execution_id: str, statuses: set[str], timeout: float = 20.0) -> dict[str, Any]:
    """Poll an execution until its status is one of ``statuses`` (a generous bound: it fails, not hangs)."""
    deadline = time.monotonic() + timeout
    while True:
        data: dict[str, Any] = client.get(f"/api/v1/executions/{execution_id}").json()
        if data["status"] in statuses:
            return data
        if time.monotonic() > deadline:
            raise AssertionError(f"execution {execution_id} stayed {data['status']}, expected one of {statuses}")
        time.sleep(0.02)


def sse_events(text: str) -> list[dict[str, Any]]:
    """The events of a Server-Sent Events body: ``{"id", "event", "data"}`` each (comments dropped)."""
    import json

    found = []
    for block in text.strip().split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            if line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields[name] = value
        if fields:
            fields["data"] = json.loads(fields["data"])
            found.append(fields)
    return found
