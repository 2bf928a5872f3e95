"""Retries under the IR's RetryPolicy, and Retry-After parsing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from plankit.errors import RateLimitError, ServerError, ToolError
from plankit.llm import DEFAULT_LLM_RETRY, call_with_retries, parse_retry_after
from plankit.plan import RetryPolicy

from .helpers import RecordingSleep, run


class Flaky:
    """Raises the scripted errors in order, then returns "ok"."""

    def __init__(self, *errors: Exception):
        self.errors = list(errors)
        self.calls = 0

    async def __call__(self) -> str:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return "ok"


def test_the_default_schedule_is_the_retry_policys() -> None:
    assert [DEFAULT_LLM_RETRY.delay_ms_before(n) for n in range(1, 5)] == [0, 1000, 2000, 4000]
    flaky = Flaky(ServerError("a"), ServerError("b"), ServerError("c"))
    sleep = RecordingSleep()
    assert run(call_with_retries(flaky, DEFAULT_LLM_RETRY, sleep, what="m")) == "ok"
    assert flaky.calls == 4
    assert sleep.delays == [1.0, 2.0, 4.0]


def test_backoff_is_capped_by_max_delay() -> None:
    policy = RetryPolicy(max_attempts=5, delay_ms=1000, backoff_multiplier=10, max_delay_ms=5000)
    flaky = Flaky(*[ServerError("x")] * 4)
    sleep = RecordingSleep()
    run(call_with_retries(flaky, policy, sleep, what="m"))
    assert sleep.delays == [1.0, 5.0, 5.0, 5.0]


def test_retry_after_wins_over_the_schedule_and_zero_means_the_schedule() -> None:
    flaky = Flaky(RateLimitError("slow", retry_after=0.5), RateLimitError("slow", retry_after=0))
    sleep = RecordingSleep()
    run(call_with_retries(flaky, DEFAULT_LLM_RETRY, sleep, what="m"))
    assert sleep.delays == [0.5, 2.0]


def test_giving_up_keeps_the_error_class_and_says_how_many_attempts() -> None:
    policy = RetryPolicy(max_attempts=2, delay_ms=10)
    with pytest.raises(RateLimitError) as caught:
        run(call_with_retries(Flaky(*[RateLimitError("429", retry_after=1)] * 2), policy, RecordingSleep(), what="m"))
    assert str(caught.value) == "m: 429 (gave up after 2 attempts)"
    assert caught.value.retry_after == 1
    with pytest.raises(ServerError) as server_error:
        one = RetryPolicy(max_attempts=1)
        run(call_with_retries(Flaky(ServerError("500", status_code=500)), one, RecordingSleep(), what="m"))
    assert str(server_error.value) == "m: 500 (gave up after 1 attempt)"
    assert server_error.value.status_code == 500


def test_other_errors_are_not_retried() -> None:
    flaky = Flaky(ToolError("nope"))
    sleep = RecordingSleep()
    with pytest.raises(ToolError, match=r"^nope$"):
        run(call_with_retries(flaky, DEFAULT_LLM_RETRY, sleep, what="m"))
    assert flaky.calls == 1
    assert sleep.delays == []


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after": "7"}, 7.0),
        ({"Retry-After": "1.5"}, 1.5),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),
        ({"retry-after": "Wed, 01 Jan 2025 00:00:30 GMT"}, 30.0),
        ({"retry-after": "Wed, 01 Jan 2025 00:00:00 GMT"}, 0.0),
        ({"retry-after": "soon"}, None),
        ({"retry-after": "-3"}, None),
        ({"retry-after": "nan"}, None),
        ({}, None),
    ],
)
def test_parse_retry_after(headers: dict[str, str], seconds: float | None) -> None:
    now = datetime(2025, 1, 1, tzinfo=UTC)
    assert parse_retry_after(headers, now=now) == seconds
