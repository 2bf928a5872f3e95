"""plankit.testing: the fake clock, the scripted LLM-step runner and predictable ids; and the public names."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

import plankit.execute
import plankit.testing
from plankit import ToolContext
from plankit.errors import ServerError
from plankit.plan import LlmNode
from plankit.testing import DEFAULT_START, FakeClock, FakeLlmStepRunner, Replies, SequentialIds


def test_concurrent_sleepers_share_one_timeline() -> None:
    clock = FakeClock()
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, (clock.now() - DEFAULT_START).total_seconds()))

    async def main() -> None:
        await asyncio.gather(sleeper("ten", 10), sleeper("three", 3), sleeper("ten-again", 10), sleeper("zero", 0))

    asyncio.run(main())
    assert woke == [("zero", 0.0), ("three", 3.0), ("ten", 10.0), ("ten-again", 10.0)]
    assert clock.now() == DEFAULT_START + timedelta(seconds=10)


def test_a_cancelled_sleeper_does_not_move_time() -> None:
    clock = FakeClock()

    async def main() -> None:
        long = asyncio.ensure_future(clock.sleep(3600))
        await asyncio.sleep(0)
        long.cancel()
        await clock.sleep(5)

    asyncio.run(main())
    assert clock.now() == DEFAULT_START + timedelta(seconds=5)


def test_advance_moves_time_by_hand() -> None:
    clock = FakeClock(DEFAULT_START.replace(tzinfo=None))
    assert clock.now().tzinfo is not None
    clock.advance(90)
    assert clock.now() == DEFAULT_START + timedelta(seconds=90)


def _ctx(step: str, attempt: int = 1) -> ToolContext:
    return ToolContext(execution_id="e", step_id=step, attempt=attempt, idempotency_key=f"e:{step}")


def test_the_fake_llm_runner_follows_its_script() -> None:
    async def computed(node: LlmNode, prompt: str, ctx: ToolContext) -> str:
        return f"{node.id}:{len(prompt)}"

    runner = FakeLlmStepRunner(
        {
            "fixed": {"answer": 42},
            "flaky": Replies([ServerError("overloaded", status_code=529), "fine"]),
            "computed": computed,
        }
    )

    async def call(step: str, prompt: str = "hello") -> Any:
        return await runner(LlmNode(id=step, prompt=prompt), prompt, _ctx(step))

    async def main() -> list[Any]:
        out = [await call("fixed"), await call("computed", "four")]
        with pytest.raises(ServerError, match="overloaded"):
            await call("flaky")
        out += [await call("flaky"), await call("flaky")]
        with pytest.raises(LookupError, match="FakeLlmStepRunner has no reply for step 'other'"):
            await call("other")
        return out

    assert asyncio.run(main()) == [{"answer": 42}, "computed:4", "fine", "fine"]
    assert [call.step_id for call in runner.calls] == ["fixed", "computed", "flaky", "flaky", "flaky", "other"]
    assert runner.prompts("computed") == ["four"]
    defaulted = FakeLlmStepRunner(default="ok")
    assert asyncio.run(defaulted(LlmNode(id="x", prompt="p"), "p", _ctx("x"))) == "ok"
    with pytest.raises(ValueError, match="Replies needs at least one reply"):
        Replies([])


def test_sequential_ids() -> None:
    ids = SequentialIds()
    assert [ids("exec_"), ids("exec_"), ids()] == ["exec_1", "exec_2", "3"]


@pytest.mark.parametrize("module", [plankit.execute, plankit.testing])
def test_public_names_are_sorted_and_importable(module: Any) -> None:
    names = module.__all__
    assert names == sorted(names, key=lambda name: (not name.isupper(), name))
    for name in names:
        assert getattr(module, name) is not None


def test_the_execute_api_is_pinned() -> None:
    assert plankit.execute.__all__ == [
        "DEFAULT_JITTER",
        "DEFAULT_LEASE_SECONDS",
        "DEFAULT_MAX_REPLANS",
        "DEFAULT_MAX_ROUNDS",
        "DEFAULT_THREAD_POOL_SIZE",
        "GUARD_CODES",
        "REPLAN_ID_TAKEN",
        "REPLAN_NO_STEPS",
        "Clock",
        "EventHandler",
        "ExecutionEvent",
        "Executor",
        "Failure",
        "LlmStepCall",
        "LlmStepRunner",
        "LlmSteps",
        "ModelSteps",
        "Planner",
        "ReplanRequest",
        "Replanning",
        "Resolver",
        "Revision",
        "RevisionApplied",
        "RuntimeProvider",
        "StaticRuntime",
        "SystemClock",
        "ToolCallRefused",
        "ToolContext",
        "ToolGuard",
        "approve",
        "checkpoint_of",
        "classify",
        "compare",
        "dead_letter_id",
        "decision_key",
        "default_worker_id",
        "deny",
        "holder_is_dead",
        "idempotency_key",
        "parse_answer",
        "replans_of",
        "retry_delay",
        "token_usage",
    ]
