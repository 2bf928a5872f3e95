"""Every node type, run by the executor: exact statuses, outputs, attempts and timings (virtual time)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from plankit import ToolContext, ToolRegistry
from plankit.errors import ErrorType, PlanRefusedError, UserError
from plankit.execute import ExecutionEvent, StaticRuntime
from plankit.plan import ExecutionStatus, StepStatus
from plankit.store import Store
from plankit.testing import DEFAULT_START, FakeClock, FakeLlmStepRunner

from .helpers import Journal, by_id, executor, make_plan, run, statuses


def test_actions_pass_typed_and_interpolated_references() -> None:
    journal = Journal()
    plan = make_plan(
        [
            {"id": "a", "tool": "record", "params": {"amount": 12.5, "to": {"email": "x@example.com"}}},
            {
                "id": "b",
                "tool": "record",
                "params": {
                    "typed": "{{a.result.amount}}",
                    "whole": "{{a.result}}",
                    "text": "Your balance is ${{a.result.amount}}",
                    "dollar": "${a.result.to.email}",
                    "object": {"type": "step_output", "step_id": "a", "path": "result.to"},
                },
            },
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert by_id(execution)["b"].output == {
        "typed": 12.5,
        "whole": {"amount": 12.5, "to": {"email": "x@example.com"}},
        "text": "Your balance is $12.5",
        "dollar": "x@example.com",
        "object": {"email": "x@example.com"},
    }
    assert [(tool, key, attempt) for tool, _, attempt, key in journal.calls] == [
        ("record", "exec_1:a", 1),
        ("record", "exec_1:b", 1),
    ]


def test_step_records_have_the_stepchain_fields() -> None:
    registry = ToolRegistry()

    @registry.tool("slow")
    async def slow(ctx: ToolContext) -> str:
        await ctx.sleep(2.5)
        return "done"

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(make_plan([{"id": "s", "tool": "slow"}]))

    record = by_id(run(body))["s"]
    assert (record.step_id, record.status, record.output, record.error, record.error_type) == (
        "s",
        StepStatus.COMPLETED,
        "done",
        None,
        None,
    )
    assert (record.attempt_count, record.iteration, record.idempotency_key) == (1, None, "exec_1:s")
    assert (record.started_at, record.completed_at) == (DEFAULT_START, DEFAULT_START + timedelta(seconds=2.5))
    assert record.duration_seconds == 2.5


def test_sync_tools_run_in_the_thread_pool() -> None:
    import threading

    journal = Journal()
    threads: list[str] = []
    registry = journal.registry

    @registry.tool("where")
    def where() -> str:
        threads.append(threading.current_thread().name)
        return "ok"

    plan = make_plan([{"id": "a", "tool": "sync.record", "params": {"x": 1}}, {"id": "b", "tool": "where"}])

    async def body(store: Store) -> Any:
        async with executor(store, registry, thread_pool_size=2) as ex:
            assert ex.thread_pool_size == 2
            return await ex.start(plan)

    execution = run(body)
    assert statuses(execution) == {"a": "completed", "b": "completed"}
    assert by_id(execution)["a"].output == {"x": 1}
    assert threads[0].startswith("plankit-tool")


def test_parallel_children_overlap() -> None:
    # Each tool sets its own event and waits for the other's: they finish only if they run at the same time.
    registry = ToolRegistry()
    events = {"left": asyncio.Event(), "right": asyncio.Event()}

    @registry.tool("meet")
    async def meet(me: str, other: str) -> str:
        events[me].set()
        await asyncio.wait_for(events[other].wait(), timeout=5)
        return me

    plan = make_plan(
        [
            {
                "id": "both",
                "type": "parallel",
                "steps": [
                    {"id": "l", "tool": "meet", "params": {"me": "left", "other": "right"}},
                    {"id": "r", "tool": "meet", "params": {"me": "right", "other": "left"}},
                ],
            }
        ]
    )

    async def body(store: Store) -> Any:
        for event in events.values():
            event.clear()
        return await executor(store, registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert by_id(execution)["both"].output == {"l": "left", "r": "right"}


def test_independent_top_level_steps_overlap_too() -> None:
    registry = ToolRegistry()
    events = {"a": asyncio.Event(), "b": asyncio.Event()}

    @registry.tool("meet")
    async def meet(me: str, other: str) -> str:
        events[me].set()
        await asyncio.wait_for(events[other].wait(), timeout=5)
        return me

    plan = make_plan(
        [
            {"id": "a", "tool": "meet", "params": {"me": "a", "other": "b"}},
            {"id": "b", "tool": "meet", "params": {"me": "b", "other": "a"}},
            {"id": "c", "tool": "echo", "params": {"got": ["{{a.result}}", "{{b.result}}"]}},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(plan)

    execution = run(body)
    assert by_id(execution)["c"].output == {"got": ["a", "b"]}


def test_a_wide_scope_has_every_child_in_flight_at_once() -> None:
    # 300 children (several of the scheduler's start batches): each waits until all 300 have started, so the
    # run completes only if starting them in batches still leaves every one of them in flight together.
    registry = ToolRegistry()
    started: list[str] = []
    everyone = asyncio.Event()

    @registry.tool("gather")
    async def gather(me: str) -> str:
        started.append(me)
        if len(started) == 300:
            everyone.set()
        await asyncio.wait_for(everyone.wait(), timeout=5)
        return me

    plan = make_plan([{"id": f"k{index}", "tool": "gather", "params": {"me": f"k{index}"}} for index in range(300)])

    async def body(store: Store) -> Any:
        everyone.clear()
        return await executor(store, registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert started == [f"k{index}" for index in range(300)]  # started in plan order
    assert by_id(execution)["k299"].output == "k299"


def test_a_failure_in_a_later_start_batch_fails_a_wide_scope() -> None:
    journal = Journal()
    journal.fail("k100", UserError("bad input"))
    plan = make_plan([{"id": f"k{index}", "tool": "record", "params": {"step": f"k{index}"}} for index in range(200)])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.FAILED
    records = by_id(execution)
    assert records["k100"].status is StepStatus.FAILED
    assert records["k100"].error == "bad input"
    assert records["k0"].status is StepStatus.COMPLETED
    # Nothing is left in flight: every child that started ended completed, failed or cancelled.
    assert {record.status for record in execution.steps} <= {
        StepStatus.COMPLETED, StepStatus.FAILED, StepStatus.CANCELLED
    }  # fmt: skip


def _concurrency_registry(seen: list[int]) -> ToolRegistry:
    registry = ToolRegistry()
    state = {"now": 0}

    @registry.tool("busy")
    async def busy(ctx: ToolContext) -> None:
        state["now"] += 1
        seen.append(state["now"])
        await ctx.sleep(1)
        state["now"] -= 1

    return registry


def test_parallel_max_concurrency_limits_children() -> None:
    seen: list[int] = []
    kids = [{"id": f"k{index}", "tool": "busy"} for index in range(5)]
    plan = make_plan([{"id": "p", "type": "parallel", "max_concurrency": 2, "steps": kids}])
    clock = FakeClock()

    async def body(store: Store) -> Any:
        return await executor(store, _concurrency_registry(seen), clock=clock).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert max(seen) == 2
    assert clock.now() - DEFAULT_START == timedelta(seconds=3)  # 5 one-second steps, two at a time


def test_global_max_concurrency_limits_leaves() -> None:
    seen: list[int] = []
    plan = make_plan([{"id": f"k{index}", "tool": "busy"} for index in range(4)])

    async def body(store: Store) -> Any:
        return await executor(store, _concurrency_registry(seen), max_concurrency=3).start(plan)

    assert run(body).status is ExecutionStatus.COMPLETED
    assert max(seen) == 3


def test_sequence_runs_in_order_and_outputs_its_last_child() -> None:
    journal = Journal()
    plan = make_plan(
        [
            {
                "id": "seq",
                "type": "sequence",
                "steps": [
                    {"id": "one", "tool": "record", "params": {"step": "one"}},
                    {"id": "two", "tool": "record", "params": {"step": "two", "prev": "{{one.result.step}}"}},
                ],
            },
            {"id": "after", "tool": "echo", "params": {"seq": "{{seq.result}}"}},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    assert journal.steps() == ["one", "two"]
    assert by_id(execution)["after"].output == {"seq": {"step": "two", "prev": "one"}}


def _if_plan(price: float, with_else: bool = True) -> Any:
    node: dict[str, Any] = {
        "id": "check",
        "type": "if",
        "condition": {
            "type": "compare",
            "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
            "op": "gt",
            "right": {"type": "literal", "value": price},
        },
        "then": {"id": "sell", "tool": "record", "params": {"step": "sell"}},
    }
    if with_else:
        node["else"] = {"id": "hold", "tool": "record", "params": {"step": "hold"}}
    return make_plan([node])


def test_if_takes_then_or_else_and_records_the_branch() -> None:
    for threshold, taken, output in ((3000.0, "sell", {"step": "sell"}), (5000.0, "hold", {"step": "hold"})):
        journal = Journal()

        async def body(store: Store, journal: Journal = journal, threshold: float = threshold) -> Any:
            ex = executor(store, journal.registry, runtime=StaticRuntime(prices={"ETH": 4000.0}))
            return await ex.start(_if_plan(threshold))

        execution = run(body)
        assert journal.steps() == [taken]
        assert statuses(execution) == {"check": "completed", taken: "completed"}
        assert by_id(execution)["check"].output == output


def test_if_without_else_completes_with_no_output() -> None:
    journal = Journal()

    async def body(store: Store) -> Any:
        ex = executor(store, journal.registry, runtime=StaticRuntime(prices={"ETH": 4000.0}))
        return await ex.start(_if_plan(5000.0, with_else=False))

    execution = run(body)
    assert journal.calls == []
    assert statuses(execution) == {"check": "completed"}
    assert by_id(execution)["check"].output is None


def test_condition_with_a_missing_operand_fails_the_step() -> None:
    journal = Journal()

    async def body(store: Store) -> Any:
        ex = executor(store, journal.registry, runtime=StaticRuntime(prices={"BTC": 1.0}))
        return await ex.start(_if_plan(3000.0))

    execution = run(body)
    check = by_id(execution)["check"]
    assert execution.status is ExecutionStatus.FAILED
    assert (check.status, check.error_type) == (StepStatus.FAILED, ErrorType.USER_ERROR)
    assert check.error == "price('ETH') is not known to this runtime"
    assert journal.calls == []


def test_condition_with_a_nan_operand_fails_instead_of_deciding() -> None:
    journal = Journal()

    async def body(store: Store) -> Any:
        ex = executor(store, journal.registry, runtime=StaticRuntime(prices={"ETH": float("nan")}))
        return await ex.start(_if_plan(3000.0))

    execution = run(body)
    check = by_id(execution)["check"]
    assert (check.status, check.error_type) == (StepStatus.FAILED, ErrorType.USER_ERROR)
    assert check.error == "the left operand is NaN; it can't be compared"
    assert journal.calls == []


def test_wait_for_a_duration_and_until_a_time() -> None:
    clock = FakeClock()
    plan = make_plan(
        [
            {"id": "pause", "type": "wait", "duration_ms": 90_000},
            {
                "id": "until",
                "type": "wait",
                "until_time": (DEFAULT_START + timedelta(hours=1)).isoformat(),
                "depends_on": ["pause"],
            },
            {"id": "go", "tool": "echo", "params": {"at": "now"}, "depends_on": ["until"]},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), clock=clock).start(plan)

    execution = run(body)
    records = by_id(execution)
    assert statuses(execution) == {"pause": "completed", "until": "completed", "go": "completed"}
    assert records["pause"].deadline_at == DEFAULT_START + timedelta(seconds=90)
    assert records["until"].completed_at == DEFAULT_START + timedelta(hours=1)
    assert clock.now() == DEFAULT_START + timedelta(hours=1)


class RisingPrice:
    """A runtime whose ETH price rises by 100 every virtual minute from 3,000."""

    def __init__(self, clock: FakeClock):
        self.clock = clock
        self.calls = 0

    def __call__(self, fn: str, args: list[Any]) -> float:
        self.calls += 1
        minutes = int((self.clock.now() - DEFAULT_START).total_seconds() // 60)
        return 3000.0 + 100 * minutes


def _until_plan(target: float, max_wait_ms: int, **extra: Any) -> Any:
    return make_plan(
        [
            {
                "id": "wait",
                "type": "wait",
                "until": {
                    "type": "compare",
                    "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
                    "op": "gte",
                    "right": {"type": "literal", "value": target},
                },
                "poll_interval_ms": 60_000,
                "max_wait_ms": max_wait_ms,
                **extra,
            }
        ]
    )


def test_wait_until_polls_its_condition() -> None:
    clock = FakeClock()
    runtime = RisingPrice(clock)

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), clock=clock, runtime=runtime).start(_until_plan(3300, 3_600_000))

    execution = run(body)
    assert statuses(execution) == {"wait": "completed"}
    assert clock.now() == DEFAULT_START + timedelta(minutes=3)
    assert runtime.calls == 4  # at 0, 1, 2 and 3 minutes


def test_wait_past_max_wait_fails_and_is_not_swallowed() -> None:
    clock = FakeClock()

    async def body(store: Store) -> Any:
        ex = executor(store, ToolRegistry(), clock=clock, runtime=RisingPrice(clock))
        return await ex.start(_until_plan(9999, 150_000))

    execution = run(body)
    record = by_id(execution)["wait"]
    assert execution.status is ExecutionStatus.FAILED
    assert (record.status, record.error_type) == (StepStatus.FAILED, ErrorType.TOOL_ERROR)
    assert record.error == "wait 'wait': the condition did not hold within max_wait_ms (150000 ms)"
    assert clock.now() == DEFAULT_START + timedelta(milliseconds=150_000)


def test_wait_past_max_wait_under_skip_is_skipped() -> None:
    clock = FakeClock()
    plan = _until_plan(9999, 150_000, on_failure={"strategy": "skip"})

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), clock=clock, runtime=RisingPrice(clock)).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert by_id(execution)["wait"].status is StepStatus.SKIPPED


def test_wait_longer_than_max_wait_is_refused_by_lint_and_fails_at_once_at_run_time() -> None:
    wait = {"id": "w", "type": "wait", "duration_ms": 5000, "max_wait_ms": 1000}

    async def refused(store: Store) -> Any:
        with pytest.raises(PlanRefusedError) as caught:
            await executor(store, ToolRegistry()).start(make_plan([wait]))
        return caught.value

    error = run(refused)
    assert [e.code for e in error.result.errors] == ["CONTRA_TIMING"]
    # Suppressed in lint (with a reason), the executor still fails it rather than wait past its bound.
    ignore = [{"code": "CONTRA_TIMING", "reason": "testing the run-time check"}]
    plan = make_plan([{**wait, "metadata": {"lint_ignore": ignore}}])

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry()).start(plan)

    record = by_id(run(body))["w"]
    assert (record.status, record.error_type) == (StepStatus.FAILED, ErrorType.USER_ERROR)
    assert record.error == "wait 'w' would last 5000 ms, more than its max_wait_ms (1000 ms)"


def test_loop_records_each_iteration_and_stops_at_max_iterations() -> None:
    journal = Journal()
    plan = make_plan([{"id": "again", "type": "loop", "max_iterations": 3, "body": {"id": "tick", "tool": "record"}}])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    ticks = [record for record in execution.steps if record.step_id == "tick"]
    assert [(r.iteration, r.status.value, r.idempotency_key) for r in ticks] == [
        (0, "completed", "exec_1:tick:0"),
        (1, "completed", "exec_1:tick:1"),
        (2, "completed", "exec_1:tick:2"),
    ]
    assert by_id(execution)["again"].output == {"iterations": 3}
    assert [key for _, _, _, key in journal.calls] == ["exec_1:tick:0", "exec_1:tick:1", "exec_1:tick:2"]


def test_loop_exit_when_is_checked_after_each_iteration() -> None:
    registry = ToolRegistry()
    counter = {"n": 0}

    @registry.tool("count")
    def count() -> dict[str, int]:
        counter["n"] += 1
        return {"n": counter["n"]}

    plan = make_plan(
        [
            {
                "id": "repeat",
                "type": "loop",
                "max_iterations": 10,
                "delay_ms": 500,
                "exit_when": {
                    "type": "compare",
                    "left": {"type": "step_output", "step_id": "count", "path": "result.n"},
                    "op": "gte",
                    "right": {"type": "literal", "value": 4},
                },
                "body": {"id": "count", "tool": "count"},
            }
        ]
    )
    clock = FakeClock()

    async def body(store: Store) -> Any:
        return await executor(store, registry, clock=clock).start(plan)

    execution = run(body)
    assert counter["n"] == 4
    assert by_id(execution)["repeat"].output == {"iterations": 4}
    assert clock.now() == DEFAULT_START + timedelta(milliseconds=1500)  # three pauses between four iterations


def test_nested_loops_give_every_pair_its_own_record() -> None:
    journal = Journal()
    inner = {"id": "inner", "type": "loop", "max_iterations": 2, "body": {"id": "cell", "tool": "record"}}
    plan = make_plan([{"id": "outer", "type": "loop", "max_iterations": 3, "body": inner}])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry).start(plan)

    execution = run(body)
    cells = [record.iteration for record in execution.steps if record.step_id == "cell"]
    inners = [record.iteration for record in execution.steps if record.step_id == "inner"]
    assert cells == [0, 1, 2, 3, 4, 5]
    assert inners == [0, 1, 2]
    assert len(journal.calls) == 6


def test_llm_steps_go_through_the_runner_with_references_interpolated() -> None:
    llm = FakeLlmStepRunner({"summary": {"bullets": 3}})
    plan = make_plan(
        [
            {"id": "fetch", "tool": "echo", "params": {"text": "sales up 4%"}},
            {"id": "summary", "prompt": "Summarise: {{fetch.result.text}}"},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), llm=llm).start(plan)

    execution = run(body)
    assert by_id(execution)["summary"].output == {"bullets": 3}
    assert llm.prompts("summary") == ["Summarise: sales up 4%"]
    assert llm.calls[0].idempotency_key == "exec_1:summary"


def test_events_follow_every_committed_transition() -> None:
    seen: list[ExecutionEvent] = []
    plan = make_plan([{"id": "a", "tool": "echo"}, {"id": "b", "tool": "echo", "depends_on": ["a"]}])

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), on_event=seen.append).start(plan)

    run(body)
    assert [(e.step_id, e.status, e.attempt) for e in seen] == [
        (None, "running", 0),
        ("a", "running", 1),
        ("a", "completed", 1),
        ("b", "running", 1),
        ("b", "completed", 1),
        (None, "completed", 0),
    ]
    assert {e.execution_id for e in seen} == {"exec_1"}
    assert seen[2].started_at == DEFAULT_START and seen[2].duration_seconds == 0.0


def test_a_broken_event_handler_does_not_break_the_run(caplog: Any) -> None:
    def handler(event: ExecutionEvent) -> None:
        raise RuntimeError("view crashed")

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), on_event=handler).start(make_plan([{"id": "a", "tool": "echo"}]))

    assert run(body).status is ExecutionStatus.COMPLETED
    assert "on_event handler failed" in caplog.text
