"""Limits and safety: a per-token rate limit, a request body limit, and security headers on every answer.

The body limit and the headers are plain ASGI middleware (no framework needed to read them).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from ._errors import error_body

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]

APP_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)
"""The web UI loads nothing from elsewhere and runs no inline script: plan text can't become code."""
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
"""``/docs`` (Swagger UI) loads its script and styles from a CDN and starts them inline."""


@dataclass
class RateLimiter:
    """A token bucket per key: ``per_minute`` requests a minute, in bursts of up to ``burst``.

    ``clock`` returns monotonic seconds (injectable for tests). :meth:`take` returns 0 when the request may
    go ahead, else the seconds to wait (the ``Retry-After`` of a 429).
    """

    per_minute: int
    burst: int | None = None
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def take(self, key: str) -> float:
        """Spend one request of ``key``'s bucket; 0 when allowed, else seconds until one is available."""
        if self.per_minute <= 0:
            return 0.0
        capacity = float(self.burst or self.per_minute)
        rate = self.per_minute / 60.0
        now = self.clock()
        tokens, last = self._buckets.get(key, (capacity, now))
        tokens = min(capacity, tokens + (now - last) * rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / rate


def retry_after_header(seconds: float) -> str:
    """Whole seconds, rounded up, at least 1."""
    return str(max(1, math.ceil(seconds)))


def security_headers(path: str) -> dict[str, str]:
    """The headers every answer carries (also set on 500s, which are answered outside the middleware)."""
    headers = {
        "content-security-policy": DOCS_CSP if path.startswith("/docs") else APP_CSP,
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin",
    }
    if path.startswith("/api/"):
        headers["cache-control"] = "no-store"
    return headers


class SecurityHeaders:
    """Adds CSP, no-sniff, frame-deny, no-referrer, and ``no-store`` on API answers."""

    def __init__(self, app: Asgi):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = [(name.encode(), value.encode()) for name, value in security_headers(scope.get("path", "")).items()]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuses request bodies over ``max_bytes`` with 413, before the application reads any of it.

    A declared ``Content-Length`` over the limit is refused at once; a body sent without one (chunked) is
    read up to the limit and refused as soon as it passes it.
    """

    def __init__(self, app: Asgi, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        message = f"the request body is larger than {self.max_bytes} bytes; send a smaller plan"
        payload = json.dumps(error_body("body_too_large", message, {"max_bytes": self.max_bytes})).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": payload})
