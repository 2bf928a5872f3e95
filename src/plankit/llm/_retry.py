"""Retrying LLM requests: rate limits and server errors wait and try again, under the IR's RetryPolicy.

The schedule is :meth:`plankit.plan.RetryPolicy.delay_ms_before` (the executor's, not a second copy); a
server's ``Retry-After`` wins over it. The SDKs' own retries are switched off, so this is the only layer
that retries, and its sleep is injectable.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TypeVar

from ..errors import RateLimitError, ServerError
from ..plan import RetryPolicy
from ._base import LlmRequestError, Sleep

T = TypeVar("T")

DEFAULT_LLM_RETRY = RetryPolicy(max_attempts=4, delay_ms=1_000, backoff_multiplier=2.0, max_delay_ms=30_000)
"""4 attempts in all, waiting 1 s, 2 s, then 4 s; a ``Retry-After`` longer than 30 s is not waited for."""


async def call_with_retries(
    call: Callable[[], Awaitable[T]], policy: RetryPolicy, sleep: Sleep, *, what: str
) -> T:
    """Run ``call``; on :class:`RateLimitError` or :class:`ServerError` wait and retry under ``policy``.

    Before attempt *n* it waits ``policy.delay_ms_before(n)``, or the error's ``retry_after`` when the
    server gave one. A ``retry_after`` beyond ``policy.max_delay_ms`` ends the retries at once (the caller
    learns now rather than after a wait it did not agree to). When the attempts run out, the last error is
    raised again, of the same class, saying how many attempts were made.
    """
    attempt = 1
    while True:
        try:
            return await call()
        except (RateLimitError, ServerError) as exc:
            delay_ms = _delay_ms(exc, policy, attempt + 1)
            if attempt >= policy.max_attempts or delay_ms is None:
                raise _gave_up(exc, attempt, what, waited_too_long=delay_ms is None) from exc
            attempt += 1
            await sleep(delay_ms / 1000)


def _delay_ms(exc: RateLimitError | ServerError, policy: RetryPolicy, attempt: int) -> float | None:
    retry_after = exc.retry_after if isinstance(exc, RateLimitError) else None
    if retry_after is None or retry_after <= 0:
        return float(policy.delay_ms_before(attempt))
    wait_ms = retry_after * 1000
    if policy.max_delay_ms is not None and wait_ms > policy.max_delay_ms:
        return None
    return wait_ms


def _gave_up(
    exc: RateLimitError | ServerError, attempts: int, what: str, *, waited_too_long: bool
) -> RateLimitError | ServerError:
    noun = "attempt" if attempts == 1 else "attempts"
    if isinstance(exc, RateLimitError):
        reason = (
            f"asked to wait {exc.retry_after:g} s, longer than the retry policy allows"
            if waited_too_long
            else f"gave up after {attempts} {noun}"
        )
        return RateLimitError(f"{what}: {exc} ({reason})", retry_after=exc.retry_after)
    return ServerError(f"{what}: {exc} (gave up after {attempts} {noun})", status_code=exc.status_code)


def connection_failure(model_spec: str, base_url: str, exc: BaseException) -> Exception:
    """What a failed connection becomes: a refused one is final (nothing listens there, and asking again
    won't start it), so it is an :class:`LlmRequestError`; anything else (a reset, a timeout, a DNS hiccup)
    is a :class:`ServerError`, retried."""
    cause: BaseException | None = exc
    seen = 0
    while cause is not None and seen < 20:  # the SDK wraps httpx, which wraps the socket's error
        if isinstance(cause, ConnectionRefusedError):
            return LlmRequestError(
                f"{model_spec}: can't reach {base_url}: connection refused (is the server running, and is "
                "this its address and port?)"
            )
        cause, seen = cause.__cause__ or cause.__context__, seen + 1
    return ServerError(f"can't reach {base_url}: {exc}")


def parse_retry_after(headers: Mapping[str, str], *, now: datetime | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``retry-after`` (seconds or an HTTP date); None if absent
    or unreadable."""
    lowered = {key.lower(): value for key, value in headers.items()}
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        raw = lowered.get(name)
        if raw is None:
            continue
        try:
            seconds = float(raw) / divisor
        except ValueError:
            seconds = _http_date_delay(raw, now) if divisor == 1.0 else math.nan
        if math.isfinite(seconds) and seconds >= 0:
            return seconds
    return None


def _http_date_delay(raw: str, now: datetime | None) -> float:
    try:
        when = parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return math.nan
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
