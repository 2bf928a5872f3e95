"""plankit as an MCP server: lint, compile and run plans, and answer approvals, as MCP tools.

``plankit mcp [--transport stdio|http] [--db DB] [--tools T] [--policy P] [--model M] [--mcp NAME=...]``

Tools:

* ``lint_plan(plan)``: the lint report (status, risk score, findings with code, step, JSON path, hint);
* ``compile_plan(goal)``: a plan for the goal from the server's ``--model``, linted and repaired;
* ``run_plan(plan, wait_seconds=0)``: lint, store and start an execution; returns its id (and its status,
  after waiting up to ``wait_seconds`` for it to finish or pause). Steps that need approval wait for
  ``approve_step``, as from the command line; a plan with lint errors is refused, with its findings;
* ``get_execution(execution_id)``: status, each step's status, output and error, and token usage;
* ``approve_step`` / ``deny_step(execution_id, step_id, by)``: record the decision and resume the run;
* ``list_rules()``: every lint rule's code, name, severity, level under the server's policy (and what set it)
  and summary.

Resources: ``plankit://schema/plan`` (the plan JSON Schema) and ``plankit://rules/{code}`` (a rule's docs).

The policy, tools and model are the server's, fixed when it starts: a client can't loosen the policy. Runs
happen in the server's event loop and are stored in ``--db``; the run-time guard applies to every tool
call, as in ``plankit run``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._utils import new_id
from ..compile import compile_goal
from ..errors import PlankitError
from ..execute import Executor, ModelSteps, approve, deny, token_usage
from ..lint import RULES, Linter, Policy
from ..lint._levels import policy_files, rule_levels
from ..llm import LlmClient, make_llm
from ..plan import Execution, Plan, RetryPolicy, parse_document, plan_from_data, plan_json_schema, plan_to_data
from ..store import SqliteStore
from ..tool_sources import McpServerSpec, McpTools
from ..tools import ToolRegistry, load_tools

DEFAULT_WAIT_LIMIT = 600.0
"""The longest ``run_plan``/``approve_step`` will wait for an execution to settle."""


@dataclass
class ServerSettings:
    """What ``plankit mcp`` serves with: the store, tools, policy, model and MCP tool sources."""

    db: Path = Path("plankit.db")
    tools: str | None = None
    policy_files: list[Path] = field(default_factory=list)
    model: str | None = None
    base_url: str | None = None
    mcp_servers: list[McpServerSpec] = field(default_factory=list)

    def load(self) -> tuple[ToolRegistry, Policy]:
        """The tools and policy (raises :class:`~plankit.errors.PlankitError` when unusable)."""
        tools = load_tools(self.tools) if self.tools else ToolRegistry()
        policy = Policy.load_all(self.policy_files) if self.policy_files else Policy.default()
        return tools, policy


class _Runs:
    """The server's open store, executor and model, and the executions it is driving."""

    def __init__(self, settings: ServerSettings, tools: ToolRegistry, policy: Policy):
        self.settings = settings
        self.tools = tools
        self.policy = policy
        self.store: SqliteStore | None = None
        self.executor: Executor | None = None
        self.llm: LlmClient | None = None
        self.tasks: dict[str, asyncio.Task[Execution]] = {}

    @contextlib.asynccontextmanager
    async def opened(self) -> AsyncIterator[_Runs]:
        async with contextlib.AsyncExitStack() as stack:
            if self.settings.mcp_servers:
                remote = await stack.enter_async_context(McpTools(self.settings.mcp_servers))
                self.tools = self.tools.combined_with(remote)
            if self.settings.model is not None:
                self.llm = make_llm(self.settings.model, base_url=self.settings.base_url)
                stack.push_async_callback(self.llm.aclose)
            self.store = await stack.enter_async_context(SqliteStore(self.settings.db))
            step_llm = None
            if self.llm is not None:
                step_llm = make_llm(
                    self.settings.model or "", base_url=self.settings.base_url, retry=RetryPolicy(max_attempts=1)
                )
                stack.push_async_callback(step_llm.aclose)
            self.executor = Executor(
                self.store, self.tools, policy=self.policy, llm=ModelSteps(step_llm) if step_llm else None
            )
            stack.callback(self.executor.close)
            try:
                yield self
            finally:
                for task in self.tasks.values():
                    task.cancel()  # like a crash: the executions stay resumable
                await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    def running(self) -> tuple[SqliteStore, Executor]:
        assert self.store is not None and self.executor is not None, "the server is not started"
        return self.store, self.executor

    async def start(self, plan: Plan, wait_seconds: float) -> dict[str, Any]:
        _, executor = self.running()
        result = executor.check(plan)
        if not result.valid:
            return {"status": "refused", "message": "the plan has lint errors; nothing ran", "lint": result.to_dict()}
        execution_id = new_id("exec_")
        self.tasks[execution_id] = asyncio.ensure_future(executor.start(plan, execution_id=execution_id))
        return await self.settle(execution_id, wait_seconds)

    async def resume(self, execution_id: str, wait_seconds: float) -> dict[str, Any]:
        _, executor = self.running()
        task = self.tasks.get(execution_id)
        if task is None or task.done():
            self.tasks[execution_id] = asyncio.ensure_future(executor.resume(execution_id))
        return await self.settle(execution_id, wait_seconds)

    async def settle(self, execution_id: str, wait_seconds: float) -> dict[str, Any]:
        """Wait until the execution is stored (and, with ``wait_seconds``, until it ends or pauses)."""
        store, _ = self.running()
        task = self.tasks[execution_id]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(task), timeout=min(max(wait_seconds, 0), DEFAULT_WAIT_LIMIT))
        while not task.done() and await store.load_execution(execution_id) is None:
            await asyncio.sleep(0.01)
        if task.done() and task.exception() is not None:
            error = task.exception()
            return {"execution_id": execution_id, "status": "error", "message": f"{type(error).__name__}: {error}"}
        return await self.describe(execution_id)

    async def describe(self, execution_id: str) -> dict[str, Any]:
        store, _ = self.running()
        execution = await store.load_execution(execution_id)
        if execution is None:
            raise LookupError(f"no execution {execution_id!r}")
        record: dict[str, Any] = execution.model_dump(mode="json")
        waiting = [step.step_id for step in execution.steps if step.status.value == "awaiting_confirmation"]
        if waiting:
            record["awaiting_approval"] = waiting
        if any(isinstance(step.output, dict) and "response_id" in step.output for step in execution.steps):
            record["token_usage"] = token_usage([step.output for step in execution.steps])
        return record


def build_server(settings: ServerSettings, *, host: str = "127.0.0.1", port: int = 8000) -> Any:
    """The FastMCP server (``pip install 'plankit[mcp]'``); raises ``PlankitError`` for unusable settings."""
    try:
        from mcp.server.fastmcp import FastMCP
    except ImportError:
        from ..errors import MissingExtraError

        raise MissingExtraError("mcp", "mcp") from None
    tools, policy = settings.load()
    runs = _Runs(settings, tools, policy)

    @contextlib.asynccontextmanager
    async def lifespan(_: Any) -> AsyncIterator[None]:
        async with runs.opened():
            yield

    server = FastMCP(
        "plankit",
        instructions="Lint, compile and run LLM-agent plans safely (plankit). Start with lint_plan.",
        host=host,
        port=port,
        lifespan=lifespan,
        log_level="WARNING",
    )

    @server.tool()
    def lint_plan(plan: dict[str, Any] | list[Any] | str) -> dict[str, Any]:
        """Lint a plan (a JSON object, or JSON/YAML text) against the server's policy and tools: status
        (pass, warn, error), risk score, and every finding with its code, step, JSON path and hint."""
        _, executor = runs.running()
        result = Linter(runs.policy, tools=executor.tools).validate(_plan_data(plan))  # the built-in tools too
        return result.to_dict()

    @server.tool()
    async def compile_plan(goal: str) -> dict[str, Any]:
        """Turn a goal into a plan with the server's model, linted against its policy and repaired."""
        if runs.llm is None:
            raise ValueError("this server has no model: start it with plankit mcp --model provider:model")
        _, executor = runs.running()
        result = await compile_goal(goal, runs.llm, tools=executor.tools, policy=runs.policy)
        final = result.final
        plan = result.plan
        return {
            "ok": result.ok,
            "plan": plan_to_data(plan) if plan is not None else None,
            "lint": final.validation.to_dict() if final is not None and final.validation is not None else None,
        }

    @server.tool()
    async def run_plan(plan: dict[str, Any] | list[Any] | str, wait_seconds: float = 0.0) -> dict[str, Any]:
        """Lint and start a plan; returns the execution id and status (waiting up to wait_seconds for it to
        finish or pause). Steps needing approval pause until approve_step; a plan with lint errors is refused."""
        try:
            loaded = plan_from_data(_plan_data(plan))
        except PlankitError as exc:
            return {"status": "refused", "message": str(exc)}
        return await runs.start(loaded, wait_seconds)

    @server.tool()
    async def get_execution(execution_id: str) -> dict[str, Any]:
        """An execution: status, each step's status, output and error, steps awaiting approval, token usage."""
        return await runs.describe(execution_id)

    @server.tool()
    async def approve_step(execution_id: str, step_id: str, by: str, wait_seconds: float = 0.0) -> dict[str, Any]:
        """Approve a step awaiting confirmation and resume the execution."""
        store, _ = runs.running()
        await approve(store, execution_id, step_id, by=by)
        return await runs.resume(execution_id, wait_seconds)

    @server.tool()
    async def deny_step(execution_id: str, step_id: str, by: str, wait_seconds: float = 0.0) -> dict[str, Any]:
        """Deny a step awaiting confirmation (it fails, under its failure policy) and resume the execution."""
        store, _ = runs.running()
        await deny(store, execution_id, step_id, by=by)
        return await runs.resume(execution_id, wait_seconds)

    levels = rule_levels(policy, policy_files(settings.policy_files), tools)

    @server.tool()
    def list_rules() -> list[dict[str, Any]]:
        """Every lint rule: code, name, built-in severity, its level under the server's policy (error, warning,
        info, or off: it does not run) and what set it, summary, the risk weight lint scores a finding with, and
        ``idle``: why it can find nothing under this policy and these tools, if so (docs: resources
        plankit://rules/{code})."""
        return [level.as_data() for level in levels]

    @server.resource("plankit://schema/plan", mime_type="application/schema+json")
    def plan_schema() -> str:
        """The JSON Schema of plankit plans."""
        return json.dumps(plan_json_schema(), indent=2)

    @server.resource("plankit://rules/{code}", mime_type="text/plain")
    def rule_doc(code: str) -> str:
        """A lint rule's documentation: what it does, why it matters, an example, what to do instead."""
        found = RULES.get(code.upper())
        if found is None:
            raise ValueError(f"no rule {code!r}; list_rules names them all")
        return f"{found.code} ({found.name}, {found.severity.value}): {found.summary}\n\n{found.doc}"

    return server


def _plan_data(plan: dict[str, Any] | list[Any] | str) -> Any:
    """A plan given as data, or as JSON/YAML text."""
    return parse_document(plan, source="<plan>") if isinstance(plan, str) else plan


def serve(settings: ServerSettings, transport: str, *, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve until the client disconnects (stdio) or the process is stopped (http)."""
    server = build_server(settings, host=host, port=port)
    server.run("streamable-http" if transport == "http" else "stdio")
