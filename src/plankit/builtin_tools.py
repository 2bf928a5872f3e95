"""Built-in tools, for examples and tests: ``echo``, ``sleep`` and ``http.request``.

The executor adds them to every registry unless told not to (``Executor(..., builtins=False)``); a
registry's own tool of the same name wins.

``http.request`` needs httpx (``pip install 'plankit[http]'``). Its failures are classified by status code:
5xx raises :class:`~plankit.errors.ServerError` (retried), 429 :class:`~plankit.errors.RateLimitError` with
``retry_after`` from the ``Retry-After`` header (seconds or an HTTP date), any other 4xx
:class:`~plankit.errors.UserError` (never retried); a connection that fails or times out is a
``ServerError`` without a status code.
"""

from __future__ import annotations

import functools
import json as jsonlib
import ssl
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

from ._toolbox import ToolContext
from .errors import MissingExtraError, RateLimitError, ServerError, UserError
from .tools import ToolRegistry

BUILTIN_TOOLS = ToolRegistry()
"""The built-in tools."""


@BUILTIN_TOOLS.tool("echo")
def echo(**params: Any) -> dict[str, Any]:
    """Return the params it was given (after references were resolved)."""
    return params


@BUILTIN_TOOLS.tool("sleep")
async def sleep(seconds: float, ctx: ToolContext) -> dict[str, float]:
    """Sleep on the executor's clock (cancellable), then return how long it slept."""
    if seconds < 0:
        raise UserError(f"sleep: seconds must not be negative, got {seconds}")
    await ctx.sleep(seconds)
    return {"slept": seconds}


@BUILTIN_TOOLS.tool("http.request", sink=True)
async def http_request(
    url: str,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    query: dict[str, str] | None = None,
    json: Any = None,
    body: str | None = None,
    timeout_s: float = 30.0,
) -> dict[str, Any]:
    """Send an HTTP request; return ``{status, headers, body}`` (the body parsed as JSON when it is JSON)."""
    try:
        import httpx
    except ImportError:  # pragma: no cover - depends on the environment
        raise MissingExtraError("httpx", "http") from None
    if json is not None and body is not None:
        raise UserError("http.request: give json or body, not both")
    try:
        async with httpx.AsyncClient(timeout=timeout_s, verify=_tls_context()) as client:
            response = await client.request(
                method.upper(), url, headers=headers, params=query, json=json, content=body
            )
    except httpx.InvalidURL as exc:
        raise UserError(f"http.request: invalid URL {url!r}: {exc}") from None
    except httpx.TransportError as exc:  # connect errors and timeouts: the other side may come back
        raise ServerError(f"http.request {method.upper()} {url}: {type(exc).__name__}: {exc}") from None
    _raise_for_status(response.status_code, dict(response.headers), method.upper(), url)
    return {"status": response.status_code, "headers": dict(response.headers), "body": _body(response.text)}


@functools.cache
def _tls_context() -> ssl.SSLContext:
    # Loading the CA bundle costs tens of milliseconds: do it once per process, not once per request.
    # The bundle is certifi's (an httpx dependency), as httpx itself would use.
    import certifi

    return ssl.create_default_context(cafile=certifi.where())


def _raise_for_status(status: int, headers: dict[str, str], method: str, url: str) -> None:
    what = f"http.request {method} {url}: HTTP {status}"
    if status == 429:
        raise RateLimitError(what, retry_after=retry_after_seconds(headers.get("retry-after")))
    if status >= 500:
        raise ServerError(what, status_code=status)
    if status >= 400:
        raise UserError(what)


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """``Retry-After`` as seconds: a number of seconds, or an HTTP date (seconds from ``now``); None if absent
    or unreadable."""
    if value is None:
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def _body(text: str) -> Any:
    try:
        return jsonlib.loads(text)
    except ValueError:
        return text
