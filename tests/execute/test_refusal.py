"""The executor refuses what may not run, before anything runs; and its API rejects misuse clearly."""

from __future__ import annotations

from typing import Any

import pytest

from plankit import ToolRegistry
from plankit.errors import PlanRefusedError
from plankit.execute import Executor
from plankit.lint import Policy
from plankit.plan import ExecutionStatus
from plankit.store import Store
from plankit.testing import FakeLlmStepRunner
from plankit.tools import ToolSpec

from .helpers import Journal, executor, make_plan, run


def refusal(plan: Any, tools: ToolRegistry | None = None, **options: Any) -> tuple[PlanRefusedError, list[Any]]:
    async def body(store: Store) -> tuple[PlanRefusedError, list[Any]]:
        with pytest.raises(PlanRefusedError) as caught:
            await executor(store, tools or Journal().registry, **options).start(plan)
        return caught.value, await store.list_executions()

    return run(body)  # type: ignore[no-any-return]


def test_the_default_policy_refuses_an_unconfirmed_payment_and_nothing_runs() -> None:
    journal = Journal()
    registry = journal.registry

    @registry.tool("payments.transfer")
    def transfer(amount: float) -> None:
        journal.calls.append(("payments.transfer", {"amount": amount}, 1, ""))

    plan = make_plan(
        [{"id": "log", "tool": "record"}, {"id": "pay", "tool": "payments.transfer", "params": {"amount": 5}}]
    )
    error, executions = refusal(plan, registry, policy=None)
    assert [(e.code, e.node_id) for e in error.result.errors] == [("CONFIRMATION_REQUIRED", "pay")]
    assert str(error) == (
        "the plan was refused (1 lint error):\n"
        "  CONFIRMATION_REQUIRED pay: tool 'payments.transfer' needs a confirmation by policy, "
        "but the step does not ask for one"
    )
    assert journal.calls == [] and executions == []


def test_denied_and_unknown_tools_are_refused() -> None:
    plan = make_plan([{"id": "rm", "tool": "shell.run"}, {"id": "x", "tool": "recrod"}])
    error, _ = refusal(plan, policy=Policy(deny_tools=["shell.*"]))
    assert [(e.code, e.node_id) for e in error.result.errors] == [
        ("TOOL_DENY", "rm"),
        ("CONTRA_NO_TOOL", "rm"),
        ("CONTRA_NO_TOOL", "x"),
    ]


def test_a_spec_without_a_function_and_an_llm_step_without_a_runner_are_refused() -> None:
    registry = ToolRegistry([ToolSpec(name="crm.lookup")])
    plan = make_plan([{"id": "find", "tool": "crm.lookup"}, {"id": "think", "prompt": "Who is it?"}])
    error, _ = refusal(plan, registry)
    assert [(e.code, e.node_id, e.msg) for e in error.result.errors] == [
        ("CONTRA_NO_TOOL", "find", "tool 'crm.lookup' has no implementation in this executor"),
        ("CONTRA_NO_TOOL", "think", "step 'think' is an llm step, and this executor has no LLM-step runner"),
    ]

    async def body(store: Store) -> Any:
        return executor(store, registry, llm=FakeLlmStepRunner()).check(plan)

    assert [e.node_id for e in run(body).errors] == ["find"]


def test_start_and_resume_reject_misuse() -> None:
    async def body(store: Store) -> None:
        ex = executor(store, Journal().registry)
        done = await ex.start(make_plan([{"id": "a", "tool": "record"}]), "run1")
        assert done.status is ExecutionStatus.COMPLETED
        with pytest.raises(ValueError, match="execution 'run1' already exists; resume it instead"):
            await ex.start(make_plan([{"id": "a", "tool": "record"}]), "run1")
        assert (await ex.resume("run1")).status is ExecutionStatus.COMPLETED  # finished: returned as it is
        with pytest.raises(LookupError, match="no execution 'nope' in the store"):
            await ex.resume("nope")
        with pytest.raises(LookupError, match="no execution 'nope' in the store"):
            await ex.cancel("nope")
        with pytest.raises(LookupError, match="no dead letter 'dl:x'"):
            await ex.retry_dead_letter("dl:x")
        with pytest.raises(ValueError, match="max_concurrency must be at least 1"):
            Executor(store, max_concurrency=0)

    run(body)


def test_builtins_can_be_left_out_and_a_registry_tool_wins() -> None:
    registry = ToolRegistry()

    @registry.tool("echo")
    def my_echo(text: str) -> str:
        return f"mine: {text}"

    plan = make_plan([{"id": "e", "tool": "echo", "params": {"text": "hi"}}])

    async def body(store: Store) -> Any:
        ours = await executor(store, registry).start(plan)
        with pytest.raises(PlanRefusedError):
            await executor(store, ToolRegistry(), builtins=False).start(plan)
        return ours

    assert run(body).steps[0].output == "mine: hi"
