"""The ``http.request`` built-in against a real HTTP server on 127.0.0.1: exact classifications."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from plankit import ToolRegistry
from plankit.builtin_tools import retry_after_seconds
from plankit.errors import ErrorType
from plankit.plan import ExecutionStatus, StepStatus
from plankit.store import Store
from plankit.testing import FakeClock

from .helpers import by_id, executor, make_plan, run


class _Handler(BaseHTTPRequestHandler):
    hits: ClassVar[dict[str, int]] = {}

    def do_GET(self) -> None:
        self._answer()

    def do_POST(self) -> None:
        self._answer()

    def _answer(self) -> None:
        count = self.hits[self.path] = self.hits.get(self.path, 0) + 1
        if self.path == "/ok" or (self.path == "/flaky" and count > 1):
            length = int(self.headers.get("Content-Length") or 0)
            sent = json.loads(self.rfile.read(length)) if length else None
            self._send(200, {"ok": True, "method": self.command, "sent": sent})
        elif self.path in ("/limited", "/flaky"):
            self._send(429, {"error": "slow down"}, {"Retry-After": "7"})
        elif self.path == "/down":
            self._send(503, {"error": "maintenance"})
        elif self.path == "/text":
            self._send(200, None, body=b"plain words")
        else:
            self._send(404, {"error": "no such thing"})

    def _send(self, status: int, payload: Any, headers: dict[str, str] | None = None, body: bytes = b"") -> None:
        data = json.dumps(payload).encode() if payload is not None else body
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if payload is not None else "text/plain")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        return


@pytest.fixture
def server() -> Iterator[str]:
    _Handler.hits = {}
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def _step(step_id: str, url: str, **params: Any) -> dict[str, Any]:
    return {"id": step_id, "tool": "http.request", "params": {"url": url, **params}, "on_failure": {"strategy": "skip"}}


def test_http_request_classifies_by_status_code(server: str) -> None:
    plan = make_plan(
        [
            _step("ok", f"{server}/ok", method="POST", json={"amount": 3}),
            _step("limited", f"{server}/limited"),
            _step("down", f"{server}/down"),
            _step("missing", f"{server}/missing"),
            _step("text", f"{server}/text"),
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry()).start(plan)

    execution = run(body)
    records = by_id(execution)
    assert execution.status is ExecutionStatus.COMPLETED
    ok = records["ok"]
    assert (ok.status, ok.output["status"], ok.output["body"]) == (
        StepStatus.COMPLETED,
        200,
        {"ok": True, "method": "POST", "sent": {"amount": 3}},
    )
    assert records["text"].output["body"] == "plain words"
    expected = {
        "limited": (ErrorType.RATE_LIMIT, f"http.request GET {server}/limited: HTTP 429"),
        "down": (ErrorType.SERVER_ERROR, f"http.request GET {server}/down: HTTP 503"),
        "missing": (ErrorType.USER_ERROR, f"http.request GET {server}/missing: HTTP 404"),
    }
    for step_id, (error_type, error) in expected.items():
        record = records[step_id]
        assert (record.status, record.error_type, record.error) == (StepStatus.SKIPPED, error_type, error)


def test_http_429_is_retried_after_the_servers_retry_after(server: str) -> None:
    clock = FakeClock()
    retry = {"strategy": "retry", "max_attempts": 3, "delay_ms": 100}
    plan = make_plan(
        [{"id": "call", "tool": "http.request", "params": {"url": f"{server}/flaky"}, "on_failure": retry}]
    )

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), clock=clock).start(plan)

    record = by_id(run(body))["call"]
    assert (record.status, record.attempt_count, record.output["status"]) == (StepStatus.COMPLETED, 2, 200)
    assert clock.sleeps == [7.0]
    assert _Handler.hits["/flaky"] == 2


def test_http_404_is_not_retried_and_a_refused_connection_is_a_server_error(server: str) -> None:
    retry = {"strategy": "retry", "max_attempts": 3, "delay_ms": 0}
    plan = make_plan(
        [
            {"id": "missing", "tool": "http.request", "params": {"url": f"{server}/missing"}, "on_failure": retry},
            {
                "id": "closed",
                "tool": "http.request",
                "params": {"url": "http://127.0.0.1:9/", "timeout_s": 2},
                "on_failure": {"strategy": "skip"},
            },
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry()).start(plan)

    execution = run(body)
    missing, closed = by_id(execution)["missing"], by_id(execution)["closed"]
    assert (missing.status, missing.attempt_count, missing.error_type) == (StepStatus.FAILED, 1, ErrorType.USER_ERROR)
    assert _Handler.hits["/missing"] == 1
    assert (closed.error_type, closed.error.startswith("http.request GET http://127.0.0.1:9/: Connect")) == (
        ErrorType.SERVER_ERROR,
        True,
    )


def test_retry_after_reads_seconds_and_http_dates() -> None:
    now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    assert retry_after_seconds("7", now) == 7.0
    assert retry_after_seconds("Thu, 01 Jan 2026 12:00:30 GMT", now) == 30.0
    assert retry_after_seconds("Thu, 01 Jan 2026 11:00:00 GMT", now) == 0.0
    assert retry_after_seconds("soon", now) is None
    assert retry_after_seconds(None, now) is None
