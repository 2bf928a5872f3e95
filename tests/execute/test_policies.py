"""Failure policies on every node type: abort, skip, retry with backoff, on_error, timeouts, dead letters."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

from plankit import ToolContext, ToolRegistry
from plankit.errors import ErrorType, RateLimitError, ServerError, ToolError, UserError
from plankit.execute import retry_delay
from plankit.plan import ExecutionStatus, RetryPolicy, StepStatus
from plankit.store import Store
from plankit.testing import FakeClock

from .helpers import Journal, by_id, executor, make_plan, run, statuses

RETRY = {"strategy": "retry", "max_attempts": 3, "delay_ms": 1000, "backoff_multiplier": 2}


def test_retry_backs_off_and_succeeds() -> None:
    journal = Journal()
    journal.fail("pay", ServerError("502", status_code=502), ToolError("flaky"))
    clock = FakeClock()
    plan = make_plan([{"id": "pay", "tool": "record", "params": {"step": "pay"}, "on_failure": RETRY}])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry, clock=clock).start(plan)

    execution = run(body)
    record = by_id(execution)["pay"]
    assert (record.status, record.attempt_count, record.error) == (StepStatus.COMPLETED, 3, None)
    assert clock.sleeps == [1.0, 2.0]
    assert [(attempt, key) for _, _, attempt, key in journal.calls] == [
        (1, "exec_1:pay"),
        (2, "exec_1:pay"),
        (3, "exec_1:pay"),
    ]


def test_retry_exhausted_fails_and_writes_a_dead_letter() -> None:
    journal = Journal()
    journal.fail("pay", *(ServerError("503", status_code=503) for _ in range(3)))
    plan = make_plan(
        [
            {"id": "pay", "tool": "record", "params": {"amount": 5, "to": "{{context.user}}"}, "on_failure": RETRY},
            {"id": "after", "tool": "record", "depends_on": ["pay"]},
        ],
        context={"user": "ann"},
    )

    async def body(store: Store) -> Any:
        execution = await executor(store, journal.registry).start(plan)
        return execution, await store.list_dead_letters()

    execution, letters = run(body)
    record = by_id(execution)["pay"]
    assert execution.status is ExecutionStatus.FAILED
    assert execution.error == "step 'pay' failed: 503"
    assert (record.status, record.attempt_count, record.error_type) == (StepStatus.FAILED, 3, ErrorType.SERVER_ERROR)
    assert "after" not in statuses(execution)
    [letter] = letters
    assert (letter.id, letter.node_id, letter.execution_id, letter.plan_id) == ("dl:exec_1:pay", "pay", "exec_1", "p")
    assert (letter.error, letter.error_type, letter.retry_count) == ("503", ErrorType.SERVER_ERROR, 2)
    assert (letter.tool, letter.params) == ("record", {"amount": 5, "to": "ann"})


def test_user_errors_are_never_retried() -> None:
    journal = Journal()
    journal.fail("pay", UserError("amount must be positive"))
    plan = make_plan([{"id": "pay", "tool": "record", "on_failure": RETRY}])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    record = by_id(run(body))["pay"]
    assert (record.status, record.attempt_count, record.error_type) == (StepStatus.FAILED, 1, ErrorType.USER_ERROR)
    assert len(journal.calls) == 1


def test_wrong_params_fail_as_user_error_before_the_tool_runs() -> None:
    registry = ToolRegistry()
    ran: list[int] = []

    @registry.tool("double")
    def double(n: int) -> int:
        ran.append(n)
        return 2 * n

    # The reference hides the type from the linter; the run-time guard checks the resolved call.
    plan = make_plan(
        [
            {"id": "src", "tool": "echo", "params": {"n": "seven"}},
            {"id": "calc", "tool": "double", "params": {"n": "{{src.result.n}}"}, "on_failure": RETRY},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(plan)

    record = by_id(run(body))["calc"]
    assert ran == []
    assert (record.status, record.attempt_count, record.error_type) == (StepStatus.FAILED, 1, ErrorType.USER_ERROR)
    assert (
        record.error
        == "tool call refused by the policy: TOOL_ARGS_INVALID: parameter 'n' should be integer, not string "
        "(tool 'double')"
    )


def test_rate_limits_honour_retry_after() -> None:
    journal = Journal()
    journal.fail("call", RateLimitError("slow down", retry_after=30.0), RateLimitError("again", retry_after=0.5))
    clock = FakeClock()
    plan = make_plan([{"id": "call", "tool": "record", "on_failure": RETRY}])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry, clock=clock).start(plan)

    record = by_id(run(body))["call"]
    assert (record.status, record.attempt_count) == (StepStatus.COMPLETED, 3)
    assert clock.sleeps == [30.0, 2.0]  # the server's 30 s beats the 1 s backoff; 0.5 s is below the 2 s backoff


def test_retry_delay_is_exponential_capped_and_jittered() -> None:
    policy = RetryPolicy(max_attempts=10, delay_ms=1000, backoff_multiplier=3, max_delay_ms=20_000)
    assert [retry_delay(policy, attempt, jitter=0) for attempt in range(1, 7)] == [0, 1, 3, 9, 20, 20]
    assert retry_delay(policy, 2, jitter=0.1, random_value=0.0) == pytest.approx(0.9)
    assert retry_delay(policy, 2, jitter=0.1, random_value=1.0) == pytest.approx(1.1)
    assert retry_delay(policy, 6, jitter=0.5, random_value=1.0) == 20  # the cap holds after jitter
    assert retry_delay(policy, 2, jitter=0, retry_after=45) == 45  # the server's word beats the cap


def test_jitter_comes_from_the_injected_rng() -> None:
    journal = Journal()
    journal.fail("x", ToolError("1"), ToolError("2"))
    clock = FakeClock()
    plan = make_plan([{"id": "x", "tool": "record", "on_failure": RETRY}])
    draws = random.Random(7)
    expected = [1.0 * (1 + 0.1 * (2 * draws.random() - 1)), 2.0 * (1 + 0.1 * (2 * draws.random() - 1))]

    async def body(store: Store) -> Any:
        ex = executor(store, journal.registry, clock=clock, jitter=0.1, rng=random.Random(7))
        return await ex.start(plan)

    run(body)
    assert clock.sleeps == pytest.approx(expected)


def test_skip_carries_on_and_dependants_see_no_output() -> None:
    journal = Journal()
    journal.fail("optional", ToolError("down"))
    plan = make_plan(
        [
            {"id": "optional", "tool": "record", "on_failure": {"strategy": "skip"}},
            {"id": "plain", "tool": "record", "params": {"step": "plain"}, "depends_on": ["optional"]},
            {"id": "needs", "tool": "record", "params": {"x": "{{optional.result}}"}, "depends_on": ["plain"]},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    records = by_id(execution)
    assert statuses(execution) == {"optional": "skipped", "plain": "completed", "needs": "failed"}
    assert (records["optional"].error, records["optional"].error_type) == ("down", ErrorType.TOOL_ERROR)
    assert records["needs"].error == "{{optional.result}}: step 'optional' is skipped, so it has no output"
    assert records["needs"].error_type is ErrorType.USER_ERROR


def test_abort_fails_the_plan_and_cancels_running_siblings() -> None:
    registry = ToolRegistry()
    cancelled: list[str] = []

    @registry.tool("forever")
    async def forever(ctx: ToolContext) -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append(ctx.step_id)
            raise

    @registry.tool("boom")
    async def boom() -> None:
        await asyncio.sleep(0)
        raise ToolError("boom")

    plan = make_plan(
        [
            {"id": "slow", "tool": "forever"},
            {"id": "bad", "tool": "boom"},
            {"id": "late", "tool": "echo", "depends_on": ["bad"]},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.FAILED
    assert execution.error == "step 'bad' failed: boom"
    assert statuses(execution) == {"slow": "cancelled", "bad": "failed"}
    assert cancelled == ["slow"]


def test_on_error_runs_after_retries_are_exhausted() -> None:
    journal = Journal()
    journal.fail("swap", ToolError("no liquidity"), ToolError("no liquidity"))
    plan = make_plan(
        [
            {
                "id": "swap",
                "tool": "record",
                "params": {"step": "swap"},
                "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 10},
                "on_error": {"id": "tell", "tool": "record", "params": {"step": "tell", "why": "{{swap.error}}"}},
            },
            {"id": "next", "tool": "record", "params": {"step": "next"}, "depends_on": ["swap"]},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert statuses(execution) == {"swap": "failed", "tell": "completed", "next": "completed"}
    assert journal.steps() == ["swap", "swap", "tell", "next"]
    assert by_id(execution)["tell"].output == {"step": "tell", "why": "no liquidity"}


def test_a_failing_on_error_handler_fails_the_action() -> None:
    journal = Journal()
    journal.fail("swap", ToolError("no liquidity"))
    journal.fail("tell", ToolError("notifier down"))
    plan = make_plan([{"id": "swap", "tool": "record", "on_error": {"id": "tell", "tool": "record"}}])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.FAILED
    assert execution.error == "step 'swap' failed: no liquidity"
    assert statuses(execution) == {"swap": "failed", "tell": "failed"}


def test_retrying_a_sequence_reruns_only_what_did_not_complete() -> None:
    journal = Journal()
    journal.fail("credit", ServerError("busy", status_code=503))
    plan = make_plan(
        [
            {
                "id": "move",
                "type": "sequence",
                "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 100},
                "steps": [
                    {"id": "debit", "tool": "record", "params": {"step": "debit"}},
                    {"id": "credit", "tool": "record", "params": {"step": "credit"}},
                ],
            }
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    records = by_id(execution)
    assert execution.status is ExecutionStatus.COMPLETED
    assert journal.steps() == ["debit", "credit", "credit"]
    assert (records["move"].attempt_count, records["credit"].attempt_count, records["debit"].attempt_count) == (2, 1, 1)


def test_retrying_a_loop_continues_from_the_failed_iteration() -> None:
    journal = Journal()
    journal.fail("tick", ToolError("glitch"))  # the first call (iteration 0) fails once
    plan = make_plan(
        [
            {
                "id": "again",
                "type": "loop",
                "max_iterations": 3,
                "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 10},
                "body": {"id": "tick", "tool": "record"},
            }
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    ticks = [(r.iteration, r.status.value, r.attempt_count) for r in execution.steps if r.step_id == "tick"]
    assert execution.status is ExecutionStatus.COMPLETED
    assert ticks == [(0, "completed", 1), (1, "completed", 1), (2, "completed", 1)]
    assert [key for _, _, _, key in journal.calls] == [
        "exec_1:tick:0",
        "exec_1:tick:0",
        "exec_1:tick:1",
        "exec_1:tick:2",
    ]
    assert by_id(execution)["again"].attempt_count == 2


def test_parallel_with_partial_failure_blocks_only_the_dependants() -> None:
    journal = Journal()
    journal.fail("b", ToolError("b broke"))
    plan = make_plan(
        [
            {
                "id": "fan",
                "type": "parallel",
                "allow_partial_failure": True,
                "steps": [
                    {"id": "a", "tool": "record", "params": {"step": "a"}},
                    {"id": "b", "tool": "record", "params": {"step": "b"}},
                    {"id": "c", "tool": "record", "params": {"step": "c"}, "depends_on": ["b"]},
                ],
            }
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    records = by_id(execution)
    assert execution.status is ExecutionStatus.COMPLETED
    assert statuses(execution) == {"fan": "completed", "a": "completed", "b": "failed", "c": "skipped"}
    assert records["c"].error == "not run: it depends on 'b', which did not complete"
    assert records["fan"].output == {"a": {"step": "a"}}


def test_parallel_without_partial_failure_fails_and_its_skip_policy_applies() -> None:
    journal = Journal()
    journal.fail("b", ToolError("b broke"))
    plan = make_plan(
        [
            {
                "id": "fan",
                "type": "parallel",
                "on_failure": {"strategy": "skip"},
                "steps": [{"id": "a", "tool": "record"}, {"id": "b", "tool": "record"}],
            },
            {"id": "after", "tool": "record", "params": {"step": "after"}, "depends_on": ["fan"]},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    fan = by_id(execution)["fan"]
    assert execution.status is ExecutionStatus.COMPLETED
    assert (fan.status, fan.error, fan.error_type) == (
        StepStatus.SKIPPED,
        "step 'b' failed: b broke",
        ErrorType.TOOL_ERROR,
    )
    assert by_id(execution)["after"].status is StepStatus.COMPLETED


def test_timeout_cancels_an_async_tool() -> None:
    registry = ToolRegistry()
    seen: list[str] = []

    @registry.tool("hang")
    async def hang(ctx: ToolContext) -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append(f"cancelled attempt {ctx.attempt}")
            raise

    plan = make_plan(
        [
            {
                "id": "h",
                "tool": "hang",
                "timeout_ms": 2000,
                "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 0},
            }
        ]
    )
    clock = FakeClock()

    async def body(store: Store) -> Any:
        return await executor(store, registry, clock=clock).start(plan)

    record = by_id(run(body))["h"]
    assert (record.status, record.attempt_count, record.error_type) == (StepStatus.FAILED, 2, ErrorType.TOOL_ERROR)
    assert record.error == "step 'h' timed out after 2000 ms (the attempt was cancelled)"
    assert seen == ["cancelled attempt 1", "cancelled attempt 2"]
    assert clock.sleeps == [2.0, 0.0, 2.0]


def test_timeout_of_a_sync_tool_abandons_its_thread_and_signals_it() -> None:
    registry = ToolRegistry()
    finished = threading.Event()
    observed: list[bool] = []

    @registry.tool("block")
    def block(ctx: ToolContext) -> str:
        observed.append(ctx.cancelled.wait(timeout=5))
        finished.set()
        return "late"

    plan = make_plan([{"id": "b", "tool": "block", "timeout_ms": 1000}])

    async def body(store: Store) -> Any:
        async with executor(store, registry) as ex:
            return await ex.start(plan)

    record = by_id(run(body))["b"]
    assert finished.wait(timeout=5)
    assert observed == [True]
    assert (record.status, record.error_type, record.output) == (StepStatus.FAILED, ErrorType.TOOL_ERROR, None)


def test_timeout_of_a_composite_cancels_its_children() -> None:
    registry = ToolRegistry()

    @registry.tool("nap")
    async def nap(ctx: ToolContext, seconds: float) -> float:
        await ctx.sleep(seconds)
        return seconds

    plan = make_plan(
        [
            {
                "id": "both",
                "type": "parallel",
                "timeout_ms": 5000,
                "on_failure": {"strategy": "skip"},
                "steps": [
                    {"id": "quick", "tool": "nap", "params": {"seconds": 1}},
                    {"id": "slow", "tool": "nap", "params": {"seconds": 60}},
                ],
            }
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert statuses(execution) == {"both": "skipped", "quick": "completed", "slow": "cancelled"}
    assert by_id(execution)["both"].error == "step 'both' timed out after 5000 ms (the attempt was cancelled)"


def test_unknown_exceptions_are_classified_unknown_and_retried() -> None:
    registry = ToolRegistry()
    calls: list[int] = []

    @registry.tool("oops")
    def oops(ctx: ToolContext) -> int:
        calls.append(ctx.attempt)
        if ctx.attempt == 1:
            raise KeyError("missing")
        return ctx.attempt

    plan = make_plan(
        [{"id": "o", "tool": "oops", "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 0}}]
    )
    seen: list[Any] = []

    async def body(store: Store) -> Any:
        return await executor(store, registry, on_event=seen.append).start(plan)

    record = by_id(run(body))["o"]
    assert (record.status, record.output, calls) == (StepStatus.COMPLETED, 2, [1, 2])
    retrying = [e for e in seen if e.status == "retrying"]
    assert [(e.error, e.error_type) for e in retrying] == [("KeyError: 'missing'", ErrorType.UNKNOWN)]


class _SdkError(Exception):
    """Like an SDK's API error: a status code, and a message that must not matter."""

    def __init__(self, status_code: int):
        super().__init__("rate limit exceeded")  # the words never decide the class
        self.status_code = status_code


class _Response:
    status_code = 503


class _WrappedError(Exception):
    response = _Response()


@pytest.mark.parametrize(
    ("error", "error_type", "retryable", "retry_after"),
    [
        (RateLimitError("x", retry_after=3), ErrorType.RATE_LIMIT, True, 3),
        (ServerError("x", status_code=502), ErrorType.SERVER_ERROR, True, None),
        (ToolError("x"), ErrorType.TOOL_ERROR, True, None),
        (UserError("x"), ErrorType.USER_ERROR, False, None),
        (_SdkError(429), ErrorType.RATE_LIMIT, True, None),
        (_SdkError(500), ErrorType.SERVER_ERROR, True, None),
        (_SdkError(422), ErrorType.USER_ERROR, False, None),
        (_WrappedError(), ErrorType.SERVER_ERROR, True, None),
        (TimeoutError(), ErrorType.TOOL_ERROR, True, None),
        (ConnectionRefusedError(), ErrorType.SERVER_ERROR, True, None),
        (ValueError("rate limit"), ErrorType.UNKNOWN, True, None),
    ],
)
def test_classification_is_by_type_and_status_code(
    error: BaseException, error_type: ErrorType, retryable: bool, retry_after: float | None
) -> None:
    from plankit.execute import classify

    failure = classify(error)
    assert (failure.error_type, failure.retryable, failure.retry_after) == (error_type, retryable, retry_after)
