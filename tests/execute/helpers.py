"""Helpers for the executor tests: a recording tool registry, a permissive policy, one-call runners."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from plankit import ToolContext, ToolRegistry
from plankit.execute import Executor
from plankit.lint import Policy
from plankit.plan import Execution, Plan, StepExecution, plan_from_data
from plankit.store import Store
from plankit.testing import FakeClock, MemoryStore, SequentialIds

OPEN_POLICY = Policy()
"""No rules beyond the always-on ones: the executor tests are about running, not linting."""


def make_plan(steps: list[dict[str, Any]], **top: Any) -> Plan:
    """A plan from canonical step dicts."""
    return plan_from_data({"id": "p", **top, "steps": steps})


def by_id(execution: Execution) -> dict[str, StepExecution]:
    """Step records by step id (the last iteration wins)."""
    return {record.step_id: record for record in execution.steps}


def statuses(execution: Execution) -> dict[str, str]:
    """``{step_id: status}`` (for steps outside loops)."""
    return {record.step_id: record.status.value for record in execution.steps}


class Journal:
    """Tools that record what they did: ``calls`` holds (tool, params, attempt, idempotency key)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any], int, str]] = []
        self.registry = ToolRegistry()
        self.failures: dict[str, list[BaseException]] = {}
        registry = self.registry

        @registry.tool("record")
        async def record(ctx: ToolContext, **params: Any) -> dict[str, Any]:
            """Record the call; raise the next scripted failure for this step, if any."""
            self.calls.append(("record", params, ctx.attempt, ctx.idempotency_key))
            script = self.failures.get(ctx.step_id)
            if script:
                raise script.pop(0)
            return params

        @registry.tool("sync.record")
        def sync_record(ctx: ToolContext, **params: Any) -> dict[str, Any]:
            """The same, as a sync tool (runs in the thread pool)."""
            self.calls.append(("sync.record", params, ctx.attempt, ctx.idempotency_key))
            return params

    def fail(self, step_id: str, *errors: BaseException) -> None:
        """Make the next calls of ``step_id`` raise these errors, in order."""
        self.failures[step_id] = list(errors)

    def steps(self) -> list[str]:
        """The ``step`` param of every call, in order (plans pass their own id as ``step``)."""
        return [str(params.get("step")) for _, params, _, _ in self.calls]


def executor(store: Store, tools: ToolRegistry, **options: Any) -> Executor:
    """An executor with a fake clock, sequential ids, no jitter and a permissive policy, unless overridden."""
    options.setdefault("policy", OPEN_POLICY)
    options.setdefault("clock", FakeClock())
    options.setdefault("ids", SequentialIds())
    options.setdefault("jitter", 0.0)
    return Executor(store, tools, **options)


def run(body: Callable[[Store], Awaitable[Any]], store: Store | None = None) -> Any:
    """Run ``body(store)`` in a fresh event loop with an open store (a MemoryStore by default)."""

    async def main() -> Any:
        async with store or MemoryStore() as opened:
            return await body(opened)

    return asyncio.run(main())
