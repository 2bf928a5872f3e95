"""One set of semantic tests, run on both engines: the in-process executor and Temporal.

Each case is a plan and the exact record it must end with (execution status and error; per step: status,
attempts, output, error type). The Temporal run uses a real dev server (``tests/_temporal.py``) and a
worker in the test's event loop, with records mirrored into a MemoryStore.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from temporalio.client import Client

from plankit.compile import LlmReplanner
from plankit.engines import TemporalEngine, TemporalExecutor, temporal_worker
from plankit.errors import RateLimitError, ToolError, UserError
from plankit.execute import Executor, ModelSteps, Replanning, replans_of
from plankit.llm import ChatReply, ToolCall
from plankit.plan import Execution, plan_from_data
from plankit.store import MemoryStore, Store
from plankit.testing import ScriptedLlm
from plankit.tools import ToolContext, ToolRegistry

CALLS: dict[str, int] = {}


def registry() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool("add")
    def add(a: int, b: int) -> dict[str, int]:
        """a + b."""
        return {"sum": a + b}

    @tools.tool("flaky")
    def flaky(fails: int, ctx: ToolContext) -> dict[str, Any]:
        """Fail ``fails`` times (per idempotency key), then succeed; report the attempt and key."""
        CALLS[ctx.idempotency_key] = CALLS.get(ctx.idempotency_key, 0) + 1
        if CALLS[ctx.idempotency_key] <= fails:
            raise ToolError(f"failure {CALLS[ctx.idempotency_key]}")
        return {"attempt": ctx.attempt, "key": ctx.idempotency_key}

    @tools.tool("refuse")
    def refuse(why: str) -> None:
        """Always a USER_ERROR (never retried)."""
        raise UserError(why)

    @tools.tool("slow")
    async def slow(seconds: float) -> dict[str, float]:
        """Sleep (cancelled by a timeout)."""
        await asyncio.sleep(seconds)
        return {"slept": seconds}

    @tools.tool("say")
    def say(text: str) -> dict[str, str]:
        """Return ``text`` (data a later step uses through a reference)."""
        return {"text": text}

    @tools.tool("limited")
    def limited(ctx: ToolContext) -> dict[str, int]:
        """Rate limited on the first attempt."""
        if ctx.attempt == 1:
            raise RateLimitError("slow down", retry_after=0.05)
        return {"attempt": ctx.attempt}

    return tools


RETRY = {"strategy": "retry", "max_attempts": 3, "delay_ms": 10}
REFUSED = (
    "tool call refused by the policy: RAW_SECRET: value matches the policy's denied pattern "
    "'\\bdrop\\s+(table|database|schema)\\b' (the policy forbids this text in tool calls)"
)


def _answer(text: str, data: Any, *, rounds: int = 1, tool_calls: list[Any] | None = None) -> dict[str, Any]:
    """An llm step's output, as ModelSteps records it with a ScriptedLlm."""
    return {"text": text, "data": data, "model": "scripted:test", "response_id": None, "previous_response_id": None,
            "usage": {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}, "tool_calls": tool_calls or [],
            "rounds": rounds, "sensitive": False}  # fmt: skip


MODEL_REPLIES: dict[str, Callable[[], list[Any]]] = {
    "an llm step answers, a later step reads its data": lambda: ['{"double": 6}'],
    "an llm step calls its tool, then answers": lambda: [
        ChatReply("", (ToolCall("c1", "add", {"a": 2, "b": 3}),)), "5",
    ],
    "a rate-limited model is retried under the step's policy": lambda: [RateLimitError("slow down", 0.01), "hi"],
    "the guard refuses a model's tool call: the step fails": lambda: [
        ChatReply("", (ToolCall("c1", "echo", {"note": "DROP TABLE users"}),)),
    ],
}
"""What the model says to the llm steps of a case (a fresh script per engine)."""

PLANNER_REPLIES: dict[str, list[str]] = {
    "a step that fails for good is replanned, and the run goes on": [
        '{"steps": [{"id": "fix", "tool": "add", "args": {"a": 10, "b": "{{a.sum}}"}}]}',
    ],
    "a replan that does not lint fails the run with the findings": [
        '{"steps": [{"id": "r", "tool": "add", "args": {"a": 1, "b": 1}}]}',
    ] * 3,
}
"""What the planner's model answers when a case's run fails for good (replanning is on for these cases)."""

CASES: dict[str, tuple[dict[str, Any], tuple[str, str | None, list[tuple[Any, ...]]]]] = {
    "references flow through a sequence": (
        {"steps": [
            {"id": "a", "tool": "add", "args": {"a": 1, "b": 2}},
            {"id": "b", "tool": "add", "args": {"a": "{{a.sum}}", "b": 10}},
        ]},
        ("completed", None, [("a", None, "completed", 1, {"sum": 3}, None),
                             ("b", None, "completed", 1, {"sum": 13}, None)]),
    ),
    "a retried step keeps its idempotency key": (
        {"steps": [{"id": "f", "tool": "flaky", "args": {"fails": 2}, "on_failure": RETRY}]},
        ("completed", None, [("f", None, "completed", 3, {"attempt": 3, "key": "KEY:f"}, None)]),
    ),
    "a user error is never retried and fails the plan": (
        {"steps": [
            {"id": "r", "tool": "refuse", "args": {"why": "bad input"}, "on_failure": RETRY},
            {"id": "after", "tool": "add", "args": {"a": 1, "b": 1}, "depends_on": ["r"]},
        ]},
        ("failed", "step 'r' failed: bad input", [("r", None, "failed", 1, None, "USER_ERROR")]),
    ),
    "skip lets the plan go on": (
        {"steps": [
            {"id": "r", "tool": "refuse", "args": {"why": "nope"}, "on_failure": "skip"},
            {"id": "b", "tool": "add", "args": {"a": 2, "b": 2}},
        ]},
        ("completed", None, [("r", None, "skipped", 1, None, "USER_ERROR"),
                             ("b", None, "completed", 1, {"sum": 4}, None)]),
    ),
    "on_error handles a failure": (
        {"steps": [
            {"id": "r", "tool": "refuse", "args": {"why": "nope"},
             "on_error": {"id": "fix", "tool": "add", "args": {"a": 0, "b": 0}}},
        ]},
        ("completed", None, [("r", None, "failed", 1, None, "USER_ERROR"),
                             ("fix", None, "completed", 1, {"sum": 0}, None)]),
    ),
    "a rate limit waits and retries": (
        {"steps": [{"id": "l", "tool": "limited", "on_failure": RETRY}]},
        ("completed", None, [("l", None, "completed", 2, {"attempt": 2}, None)]),
    ),
    "a wait is a timer, then the plan goes on": (
        {"steps": [
            {"id": "w", "type": "wait", "duration_ms": 50},
            {"id": "b", "tool": "add", "args": {"a": 5, "b": 5}, "depends_on": ["w"]},
        ]},
        ("completed", None, [("w", None, "completed", 1, None, None),
                             ("b", None, "completed", 1, {"sum": 10}, None)]),
    ),
    "retries run out: failed, with a dead letter": (
        {"steps": [{"id": "f", "tool": "flaky", "args": {"fails": 5},
                    "on_failure": {"strategy": "retry", "max_attempts": 2, "delay_ms": 10}}]},
        ("failed", "step 'f' failed: failure 2", [("f", None, "failed", 2, None, "TOOL_ERROR")]),
    ),
    "a timeout cancels the attempt": (
        {"steps": [{"id": "s", "tool": "slow", "args": {"seconds": 30}, "timeout_ms": 200}]},
        ("failed", "step 's' failed: step 's' timed out after 200 ms (the attempt was cancelled)",
         [("s", None, "failed", 1, None, "TOOL_ERROR")]),
    ),
    "parallel branches, then their outputs": (
        {"steps": [
            {"id": "both", "type": "parallel", "steps": [
                {"id": "x", "tool": "add", "args": {"a": 1, "b": 1}},
                {"id": "y", "tool": "add", "args": {"a": 2, "b": 2}},
            ]},
            {"id": "z", "tool": "add", "args": {"a": "{{x.sum}}", "b": "{{y.sum}}"}, "depends_on": ["both"]},
        ]},
        ("completed", None, [("both", None, "completed", 1, {"x": {"sum": 2}, "y": {"sum": 4}}, None),
                             ("x", None, "completed", 1, {"sum": 2}, None),
                             ("y", None, "completed", 1, {"sum": 4}, None),
                             ("z", None, "completed", 1, {"sum": 6}, None)]),
    ),
    "if takes a branch": (
        {"steps": [{"id": "a", "tool": "add", "args": {"a": 2, "b": 3}},
                   {"id": "check", "type": "if", "depends_on": ["a"],
                    "condition": {"type": "compare", "left": {"type": "step_output", "step_id": "a", "path": "sum"},
                                  "op": "gt", "right": {"type": "literal", "value": 4}},
                    "then": {"id": "big", "tool": "add", "args": {"a": 100, "b": 0}},
                    "else": {"id": "small", "tool": "add", "args": {"a": 0, "b": 0}}}]},
        ("completed", None, [("a", None, "completed", 1, {"sum": 5}, None),
                             ("big", None, "completed", 1, {"sum": 100}, None),
                             ("check", None, "completed", 1, {"sum": 100}, None)]),
    ),
    "a loop runs its body per iteration": (
        {"steps": [{"id": "again", "type": "loop", "max_iterations": 3,
                    "body": {"id": "tick", "tool": "flaky", "args": {"fails": 0}}}]},
        ("completed", None, [("again", None, "completed", 1, {"iterations": 3}, None),
                             ("tick", 0, "completed", 1, {"attempt": 1, "key": "KEY:tick"}, None),
                             ("tick", 1, "completed", 1, {"attempt": 1, "key": "KEY:tick"}, None),
                             ("tick", 2, "completed", 1, {"attempt": 1, "key": "KEY:tick"}, None)]),
    ),
    "an llm step answers, a later step reads its data": (
        {"steps": [
            {"id": "a", "tool": "add", "args": {"a": 1, "b": 2}},
            {"id": "ask", "type": "llm", "prompt": "Double {{a.sum}} as JSON", "depends_on": ["a"]},
            {"id": "b", "tool": "add", "args": {"a": "{{ask.data.double}}", "b": 1}, "depends_on": ["ask"]},
        ]},
        ("completed", None, [("a", None, "completed", 1, {"sum": 3}, None),
                             ("ask", None, "completed", 1, _answer('{"double": 6}', {"double": 6}), None),
                             ("b", None, "completed", 1, {"sum": 7}, None)]),
    ),
    "an llm step calls its tool, then answers": (
        {"steps": [{"id": "ask", "type": "llm", "prompt": "What is 2 + 3?", "tools": ["add"]}]},
        ("completed", None, [("ask", None, "completed", 1, _answer(
            "5", None, rounds=2,
            tool_calls=[{"id": "c1", "tool": "add", "arguments": {"a": 2, "b": 3}, "result": {"sum": 5}}]), None)]),
    ),
    "a rate-limited model is retried under the step's policy": (
        {"steps": [{"id": "ask", "type": "llm", "prompt": "hello", "on_failure": RETRY}]},
        ("completed", None, [("ask", None, "completed", 2, _answer("hi", None), None)]),
    ),
    "the guard refuses a model's tool call: the step fails": (
        {"steps": [{"id": "ask", "type": "llm", "prompt": "clean up", "tools": ["echo"], "on_failure": RETRY}]},
        ("failed", "step 'ask' failed: " + REFUSED,
         [("ask", None, "failed", 1, None, "USER_ERROR")]),
    ),
    "the guard refuses an action's resolved params": (
        {"steps": [
            {"id": "s", "tool": "say", "args": {"text": "drop"}},
            {"id": "e", "tool": "echo", "args": {"note": "{{s.text}} table users"}, "depends_on": ["s"]},
        ]},
        ("failed", "step 'e' failed: " + REFUSED.replace("ask", "e"),
         [("e", None, "failed", 1, None, "USER_ERROR"),
          ("s", None, "completed", 1, {"text": "drop"}, None)]),
    ),
    "a step that fails for good is replanned, and the run goes on": (
        {"steps": [
            {"id": "a", "tool": "add", "args": {"a": 1, "b": 1}},
            {"id": "r", "tool": "refuse", "args": {"why": "no such account"}, "depends_on": ["a"]},
            {"id": "after", "tool": "add", "args": {"a": "{{r.sum}}", "b": 1}, "depends_on": ["r"]},
        ]},
        ("completed", None, [("a", None, "completed", 1, {"sum": 2}, None),
                             ("r", None, "failed", 1, None, "USER_ERROR"),
                             ("fix", None, "completed", 1, {"sum": 12}, None)]),
    ),
    "a replan that does not lint fails the run with the findings": (
        {"steps": [{"id": "r", "tool": "refuse", "args": {"why": "nope"}}]},
        ("failed", "step 'r' failed: nope; replanning (revision 1) found no lint-clean remainder after 3 model "
                   "replies: REPLAN_ID_TAKEN r: step id 'r' is taken: a step of that id already ran in this execution "
                   "(only a step that did not finish, carried over unchanged, keeps its id)",
         [("r", None, "failed", 1, None, "USER_ERROR")]),
    ),
}  # fmt: skip


DEAD_LETTERS = {
    "a user error is never retried and fails the plan": ["r"],
    "skip lets the plan go on": ["r"],
    "on_error handles a failure": ["r"],
    "retries run out: failed, with a dead letter": ["f"],
    "a timeout cancels the attempt": ["s"],
    "the guard refuses a model's tool call: the step fails": ["ask"],
    "the guard refuses an action's resolved params": ["e"],
    "a step that fails for good is replanned, and the run goes on": ["r"],
    "a replan that does not lint fails the run with the findings": ["r"],
}
"""The steps each case leaves dead letters for (none for the others)."""

REVISIONS = {
    "a step that fails for good is replanned, and the run goes on": [1, ["a", "fix"], [{
        "revision": 1, "failed_step": "r", "error": "step 'r' failed: no such account", "error_type": "USER_ERROR",
        "kept": ["a"], "added": ["fix"], "dropped": ["r", "after"],
    }]],
}  # fmt: skip
"""The plan an execution ends on, where a case replans: revision, top-level steps, ``meta["replans"]``."""


def _plan(name: str, body: dict[str, Any]) -> Any:
    return plan_from_data({"id": "plan-" + hashlib.sha256(name.encode()).hexdigest()[:8], "goal": name, **body})


def _shape(execution: Execution) -> tuple[str, str | None, list[tuple[Any, ...]]]:
    steps = sorted(
        (
            (
                s.step_id, s.iteration, s.status.value, s.attempt_count,
                {k: ("KEY:" + s.step_id if k == "key" else v) for k, v in s.output.items()}
                if isinstance(s.output, dict) else s.output,
                s.error_type.value if s.error_type else None,
            )
            for s in execution.steps
        ),
        key=lambda row: [str(part) for part in row[:2]],
    )  # fmt: skip
    return execution.status.value, execution.error, steps


def _model(name: str) -> ModelSteps | None:
    replies = MODEL_REPLIES.get(name)
    return ModelSteps(ScriptedLlm(replies())) if replies is not None else None


def _planner(name: str) -> LlmReplanner | None:
    replies = PLANNER_REPLIES.get(name)
    return LlmReplanner(ScriptedLlm(replies), max_repairs=2) if replies is not None else None


def _executor(store: Store, name: str) -> Executor:
    planner = _planner(name)
    return Executor(
        store, registry(), jitter=0, llm=_model(name) or ModelSteps(ScriptedLlm([])),
        replanning=Replanning(planner) if planner is not None else None,
    )  # fmt: skip


async def _in_process(plan: Any, store: Store, name: str) -> Execution:
    async with _executor(store, name) as executor:
        return await executor.start(plan, execution_id="e1")


def _temporal(address: str) -> Callable[[Any, Store, str], Awaitable[Execution]]:
    async def run(plan: Any, store: Store, name: str) -> Execution:
        client = await Client.connect(address)
        queue = f"q-{plan.id}"
        worker = temporal_worker(client, store, registry(), task_queue=queue, llm=_model(name), planner=_planner(name))
        async with worker:
            engine = TemporalEngine(client, store, task_queue=queue)
            # The client's executor lints the plan and says whether to replan; the model is the worker's.
            execution_id = await engine.start(plan, _executor(store, name), execution_id=f"e1-{plan.id}")
            return await asyncio.wait_for(engine.wait(execution_id), 60)

    return run


@pytest.fixture(params=["in-process", "temporal"])
def engine(request: pytest.FixtureRequest) -> Callable[[Any, Store, str], Awaitable[Execution]]:
    if request.param == "temporal":
        return _temporal(request.getfixturevalue("temporal_address"))
    return _in_process


@pytest.mark.parametrize("name", list(CASES))
def test_the_same_plan_ends_the_same_on_both_engines(
    engine: Callable[[Any, Store, str], Awaitable[Execution]], name: str
) -> None:
    body, expected = CASES[name]
    CALLS.clear()

    async def main() -> tuple[Execution, list[str], list[Any]]:
        async with MemoryStore() as store:
            execution = await engine(_plan(name, body), store, name)
            plan = await store.load_plan(execution.plan_id)
            assert plan is not None
            revision = [plan.revision, [step.id for step in plan.steps], [
                {k: v for k, v in entry.items() if k not in ("at", "from_plan")} for entry in replans_of(plan)
            ]]  # fmt: skip
            return execution, [entry.node_id for entry in await store.list_dead_letters()], revision

    execution, dead_letters, revision = asyncio.run(main())
    assert revision == REVISIONS.get(name, [0, [step["id"] for step in body["steps"]], []])
    status, error, steps = expected
    assert _shape(execution) == (status, error, sorted(steps, key=lambda row: [str(p) for p in row[:2]]))
    assert dead_letters == DEAD_LETTERS.get(name, [])


RETRIED = {
    "id": "retried", "goal": "fail once, then be retried from the dead letter",
    "steps": [
        {"id": "a", "tool": "say", "args": {"text": "hi"}},
        {"id": "b", "tool": "flaky", "args": {"fails": 1}, "depends_on": ["a"]},
        {"id": "c", "tool": "say", "args": {"text": "{{b.key}}"}, "depends_on": ["b"]},
    ],
}  # fmt: skip


@pytest.mark.parametrize("where", ["in-process", "temporal"])
def test_a_dead_letter_retried_continues_its_execution_the_same_on_both_engines(
    where: str, request: pytest.FixtureRequest
) -> None:
    """``dead-letters retry``: the failed step runs again in its execution (its attempt count goes on), what
    completed stays completed, its dependants run, and the dead letter is gone."""
    CALLS.clear()

    async def main() -> tuple[Any, Any, list[str]]:
        async with MemoryStore() as store:
            if where == "in-process":
                async with _executor(store, "retried") as executor:
                    failed = await executor.start(plan_from_data(RETRIED), execution_id="e1")
                    (letter,) = await store.list_dead_letters()
                    done = await executor.retry_dead_letter(letter.id)
            else:
                client = await Client.connect(request.getfixturevalue("temporal_address"))
                async with temporal_worker(client, store, registry(), task_queue="q-retried"):
                    engine = TemporalEngine(client, store, task_queue="q-retried")
                    executor = TemporalExecutor(store, registry(), engine=engine, jitter=0)
                    failed = await asyncio.wait_for(executor.start(plan_from_data(RETRIED), "e1"), 60)
                    (letter,) = await store.list_dead_letters()
                    done = await asyncio.wait_for(executor.retry_dead_letter(letter.id), 60)
            return _shape(failed), _shape(done), [entry.id for entry in await store.list_dead_letters()]

    failed, done, letters = asyncio.run(main())
    assert failed == ("failed", "step 'b' failed: failure 1", [
        ("a", None, "completed", 1, {"text": "hi"}, None), ("b", None, "failed", 1, None, "TOOL_ERROR"),
    ])  # fmt: skip
    assert done == ("completed", None, [
        ("a", None, "completed", 1, {"text": "hi"}, None),
        ("b", None, "completed", 2, {"attempt": 2, "key": "KEY:b"}, None),
        ("c", None, "completed", 1, {"text": "e1:b"}, None),
    ])  # fmt: skip
    assert letters == []
