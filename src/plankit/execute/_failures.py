"""How a failure is classified, and how long to wait before the next attempt.

Classification looks at the exception's *type* and, for HTTP-like errors, its *status code*; never at the
message text (a message can say "rate limit" in any language, or in none):

* a :class:`~plankit.errors.StepFailure` subclass carries its own type (``RateLimitError`` its
  ``retry_after``); USER_ERROR is never retried;
* an exception with an int ``status_code`` (or ``.response.status_code``), as SDK errors have: 429 is
  RATE_LIMIT, 5xx SERVER_ERROR, other 4xx USER_ERROR (not retried);
* ``TimeoutError`` is TOOL_ERROR, ``ConnectionError`` SERVER_ERROR;
* anything else is UNKNOWN, retried under the step's policy.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ErrorType, RateLimitError, StepFailure
from ..plan import RetryPolicy

DEFAULT_JITTER = 0.1
"""Retry delays vary by up to ±10 % so that many steps retrying together don't hit a service in lockstep."""


@dataclass(frozen=True, slots=True)
class Failure:
    """A classified failure."""

    message: str
    error_type: ErrorType
    retryable: bool
    retry_after: float | None = None
    """Seconds the service asked us to wait (``Retry-After``), for RATE_LIMIT."""
    status_code: int | None = None


def classify(exc: BaseException) -> Failure:
    """Classify an exception raised by a tool, an LLM runner or the executor itself."""
    message = str(exc) or type(exc).__name__
    if isinstance(exc, StepFailure):
        error_type = exc.error_type
        retry_after = exc.retry_after if isinstance(exc, RateLimitError) else None
        status = getattr(exc, "status_code", None)
        return Failure(message, error_type, exc.retryable, retry_after, status if isinstance(status, int) else None)
    status = _status_code(exc)
    if status is not None:
        return _by_status(message, status)
    if isinstance(exc, TimeoutError):
        return Failure(message, ErrorType.TOOL_ERROR, True)
    if isinstance(exc, ConnectionError):
        return Failure(message, ErrorType.SERVER_ERROR, True)
    return Failure(f"{type(exc).__name__}: {message}", ErrorType.UNKNOWN, True)


def _status_code(exc: BaseException) -> int | None:
    for holder in (exc, getattr(exc, "response", None)):
        code = getattr(holder, "status_code", None)
        if isinstance(code, int) and not isinstance(code, bool) and 100 <= code <= 599:
            return code
    return None


def _by_status(message: str, status: int) -> Failure:
    if status == 429:
        return Failure(message, ErrorType.RATE_LIMIT, True, status_code=status)
    if status >= 500:
        return Failure(message, ErrorType.SERVER_ERROR, True, status_code=status)
    if status >= 400:
        return Failure(message, ErrorType.USER_ERROR, False, status_code=status)
    return Failure(message, ErrorType.UNKNOWN, True, status_code=status)


def retry_delay(
    policy: RetryPolicy,
    attempt: int,
    *,
    jitter: float = DEFAULT_JITTER,
    random_value: float = 0.5,
    retry_after: float | None = None,
) -> float:
    """Seconds to wait before ``attempt`` (2 is the first retry): a pure function.

    The policy's exponential schedule (``delay_ms * backoff_multiplier ** (attempt - 2)``, capped at
    ``max_delay_ms``) is scaled by ``1 + jitter * (2 * random_value - 1)`` (``random_value`` in [0, 1):
    0.5 means no jitter) and capped again. A ``retry_after`` from a rate-limited service is a floor: the
    server's word beats the cap.
    """
    base = policy.delay_ms_before(attempt) / 1000.0
    delay = base * (1.0 + jitter * (2.0 * random_value - 1.0))
    if policy.max_delay_ms is not None:
        delay = min(delay, policy.max_delay_ms / 1000.0)
    delay = max(delay, 0.0)
    if retry_after is not None and retry_after > delay:
        delay = float(retry_after)
    return delay
