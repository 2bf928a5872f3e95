"""What each node type does within one attempt: the bodies :class:`~._nodes.NodeRunner` bounds and retries.

Leaves call out (a tool, the LLM-step runner) after their confirmation, if they need one, is granted.
Composites run their children and store, before acting on it, the progress a resumed run must not decide
again: the branch an ``if`` took (its in-flight output is ``{"branch": ...}``) and the iterations a loop
finished (``{"iterations": n}``); a ``wait``'s deadline is stored with its ``waiting`` record.
"""

from __future__ import annotations

import abc
import asyncio
import functools
import itertools
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

from pydantic_core import PydanticSerializationError, to_jsonable_python

from .._toolbox import ToolContext
from ..errors import ErrorType, StepTimeoutError, ToolError, UserError
from ..plan import (
    ActionNode,
    IfNode,
    LlmNode,
    LoopNode,
    NodeBase,
    ParallelNode,
    SequenceNode,
    StepExecution,
    StepStatus,
    WaitNode,
)
from ..tools import ToolRegistry
from ._clock import Clock
from ._failures import Failure, classify
from ._guard import ToolGuard
from ._llm_steps import LlmStepCall, LlmSteps
from ._resolve import Resolver
from ._scheduler import ScopeFailed, run_scope, scope_output
from ._state import OK_NONE, PAUSED, IterationKey, Outcome, RunState, body_key

LlmStepRunner = Callable[[LlmNode, str, ToolContext], Awaitable[Any]]
"""Runs an ``llm`` step: ``runner(node, prompt, ctx)`` with the prompt's references interpolated."""

IN_FLIGHT = frozenset({StepStatus.RUNNING, StepStatus.RETRYING, StepStatus.WAITING, StepStatus.AWAITING_CONFIRMATION})


class NodeKinds(abc.ABC):
    """The node-type bodies (a base of :class:`~._nodes.NodeRunner`, which provides ``run``)."""

    state: RunState
    resolver: Resolver
    tools: ToolRegistry
    llm: LlmStepRunner | None
    guard: ToolGuard | None = None
    """Checks every concrete tool call against the policy (set by the executor)."""
    pool: ThreadPoolExecutor
    clock: Clock
    _needs_resolution: dict[str, bool]
    grace: float = 0.0
    """Seconds a sync tool whose attempt was cancelled (not timed out) may take to finish and be recorded."""

    @abc.abstractmethod
    async def run(self, node: NodeBase, iteration: IterationKey) -> Outcome:
        """Run a node (the runner implements it; composite kinds call it for their children)."""

    # ------------------------------------------------------------------------------------------ leaves
    async def _confirmation(
        self, node: ActionNode, record: StepExecution, iteration: IterationKey, attempt: int
    ) -> Outcome | None:
        key = decision_key(node.id, iteration, record.requeued)
        decision = await self.state.guarded(self.state.store.load_decision(self.state.execution_id, key))
        if decision is None:
            if record.status is not StepStatus.AWAITING_CONFIRMATION:
                record.status = StepStatus.AWAITING_CONFIRMATION
                await self.state.commit(record)
            return PAUSED
        if not decision.approved:
            by = f" by {decision.by}" if decision.by else ""
            why = f" (reason: {decision.reason})" if decision.reason else ""
            return Outcome("failed", failure=classify(UserError(f"step {node.id!r} was denied{by}{why}")))
        return None

    async def _action(self, node: ActionNode, iteration: IterationKey, ctx: ToolContext) -> Outcome:
        late_key = (node.id, iteration)
        if self._literal(node):
            # Literal params are exactly what the plan's lint judged under the same policy and specs, before the
            # plan was stored: only a call with resolved values is new to the policy. (A dead letter of this
            # step reads its params from the node, so they are not kept per step.)
            result = await self._invoke(node.tool, node.params, ctx, node.id, guarded=False, late_key=late_key)
        else:
            params = self.state.params[late_key] = await self._params(node)
            result = await self._invoke(
                node.tool, params, ctx, node.id,
                confirmed=node.require_confirmation,  # reaching here, a required confirmation was granted
                metadata=node.metadata, tainted_by=self._sensitive_input(node.id), late_key=late_key,
            )  # fmt: skip
        return OK_NONE if result is None else Outcome("ok", _jsonable(result, node.id))

    async def _invoke(
        self,
        name: str,
        params: Any,
        ctx: ToolContext,
        step_id: str,
        *,
        confirmed: bool = False,
        tainted_by: str | None = None,
        metadata: dict[str, Any] | None = None,
        guarded: bool = True,
        late_key: tuple[str, IterationKey] | None = None,
    ) -> Any:
        """The one place a tool runs: the guard judges the concrete call first (see :mod:`._guard`)."""
        tool = self.tools.implementation(name)
        if tool is None:
            raise UserError(f"tool {name!r} has no implementation in this executor's registry")
        if guarded and self.guard is not None:
            self.guard.enforce(
                name, params, step_id=step_id, confirmed=confirmed, tainted_by=tainted_by, metadata=metadata,
                now=self.clock.now(),
            )  # fmt: skip
        kwargs = tool.bind(params, ctx)
        if tool.is_async:
            return await tool.function(**kwargs)
        ctx.cancelled  # noqa: B018 - created here, on the loop's thread, before the tool's thread can look
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, functools.partial(tool.function, **kwargs))
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            if late_key is not None:
                await self._late_result(late_key, ctx, future)
            raise

    async def _late_result(
        self, key: tuple[str, IterationKey], ctx: ToolContext, future: asyncio.Future[Any]
    ) -> None:
        """The run was cancelled or interrupted while a sync tool ran in its thread, which can't be stopped.
        Give it ``grace`` seconds: a result that arrives in time is recorded, so a resume doesn't do the
        side effect again. (A timed-out attempt has ``ctx.cancelled`` set, and its result stays discarded.)"""
        if ctx.cancelled.is_set() or self.grace <= 0:
            return
        done, _ = await asyncio.wait({future}, timeout=self.grace)
        if done and not future.cancelled() and future.exception() is None:
            self.state.late_results[key] = _jsonable(future.result(), key[0])

    def _literal(self, node: ActionNode) -> bool:
        """True when the action's params hold no references (they are passed as they are)."""
        needs = self._needs_resolution.get(node.id)
        if needs is None:
            needs = self._needs_resolution[node.id] = _has_references(node.params)
        return not needs

    async def _params(self, node: ActionNode) -> dict[str, Any]:
        if self._literal(node):
            return node.params
        resolved = await self.resolver.value(node.params)
        assert isinstance(resolved, dict)
        return resolved

    async def _llm(self, node: LlmNode, iteration: IterationKey, ctx: ToolContext) -> Outcome:
        if self.llm is None:
            raise UserError(f"step {node.id!r} is an llm step, and the executor has no LLM-step runner")
        prompt = self.resolver.text(node.prompt)
        self.state.params[(node.id, iteration)] = {"prompt": prompt}
        if isinstance(self.llm, LlmSteps):
            result = await self.llm.run_step(self._llm_call(node, prompt, ctx))
        else:
            result = await self.llm(node, prompt, ctx)
        return Outcome("ok", _jsonable(result, node.id))

    def _sensitive_input(self, node_id: str) -> str | None:
        """A step this one uses whose output an LLM step marked sensitive (it read sensitive data at run
        time, which the plan's lint could not see), or None."""
        for dep in self.state.graph.predecessors.get(node_id, []):
            record = self.state.lookup(dep)
            output = record.output if record is not None else None
            if isinstance(output, dict) and output.get("sensitive") is True and "response_id" in output:
                return dep
        return None

    def _llm_call(self, node: LlmNode, prompt: str, ctx: ToolContext) -> LlmStepCall:
        """What a tool-using step runner needs: the step's tool specs, its inputs, a way to call tools."""
        inputs: dict[str, Any] = {}
        previous: str | None = None
        tainted_by: str | None = None
        for dep in dict.fromkeys(self.state.graph.predecessors.get(node.id, [])):
            record = self.state.lookup(dep)
            if record is None or record.status is not StepStatus.COMPLETED:
                continue
            inputs[dep] = output = record.output
            if isinstance(output, dict) and isinstance(output.get("response_id"), str):
                previous = output["response_id"]
            upstream = self.state.graph.nodes.get(dep)
            sensitive = isinstance(output, dict) and output.get("sensitive") is True
            if isinstance(upstream, ActionNode) and self.guard is not None:
                sensitive = sensitive or self.guard.is_sensitive_source(upstream.tool)
            if sensitive and tainted_by is None:
                tainted_by = dep
        specs = tuple(spec for spec in (self.tools.get(name) for name in node.tools) if spec is not None)
        calls = itertools.count(1)

        async def call_tool(name: str, arguments: Any, tainted: str | None) -> Any:
            key = f"{ctx.idempotency_key}#call{next(calls)}"  # each call its own key; the same on a rerun
            inner = ToolContext(
                ctx.execution_id, ctx.step_id, ctx.attempt, key, ctx.deadline, ctx.iteration,
                now=self.clock.now, sleep=self.clock.sleep,
            )  # fmt: skip
            result = await self._invoke(name, arguments, inner, node.id, tainted_by=tainted, metadata=node.metadata)
            return _jsonable(result, node.id)

        sensitive_source = self.guard.is_sensitive_source if self.guard is not None else (lambda tool: False)
        return LlmStepCall(node, prompt, ctx, specs, call_tool, inputs, previous, tainted_by, sensitive_source)

    # -------------------------------------------------------------------------------------- composites
    async def _group(self, node: SequenceNode | ParallelNode, iteration: IterationKey) -> Outcome:
        kids = self.state.graph.children[node.id]
        parallel = isinstance(node, ParallelNode)
        limit = node.max_concurrency if isinstance(node, ParallelNode) else None
        tolerate = isinstance(node, ParallelNode) and node.allow_partial_failure
        try:
            outcomes = await run_scope(self.state, self.run, kids, iteration, limit=limit, tolerate_failures=tolerate)
        except ScopeFailed as failed:
            return Outcome("failed", failure=child_failure(failed))
        if any(outcome.kind == "paused" for outcome in outcomes.values()) or len(outcomes) < len(kids):
            return PAUSED
        if tolerate and kids and all(outcome.kind in ("failed", "blocked") for outcome in outcomes.values()):
            message = f"every step of parallel {node.id!r} failed"
            return Outcome("failed", failure=Failure(message, ErrorType.TOOL_ERROR, True))
        return Outcome("ok", scope_output(kids, outcomes, "parallel" if parallel else "sequence"))

    async def _if(self, node: IfNode, record: StepExecution, iteration: IterationKey) -> Outcome:
        memo = record.output if isinstance(record.output, dict) else None
        if memo is None or "branch" not in memo:
            holds = await self.resolver.condition(node.condition)
            branch = "then" if holds else ("else" if node.else_ is not None else None)
            record.output = {"branch": branch}
            await self.state.commit(record)
        else:
            branch = memo["branch"]
        if branch is None:
            return OK_NONE
        child = node.then if branch == "then" else node.else_
        assert child is not None
        outcome = await self.run(child, iteration)
        if outcome.kind == "skipped":
            return OK_NONE
        return _through(child.id, outcome)

    async def _loop(self, node: LoopNode, record: StepExecution, iteration: IterationKey) -> Outcome:
        done = iterations_done(record)
        for index in range(done, node.max_iterations):
            if index > 0 and node.delay_ms:
                await self.state.flush()
                await self.clock.sleep(node.delay_ms / 1000)
            outcome = await self.run(node.body, body_key(iteration, node.max_iterations, index))
            if outcome.kind in ("paused", "failed"):
                return _through(node.body.id, outcome)
            finished = {"iterations": index + 1}
            if node.exit_when is not None and await self.resolver.condition(node.exit_when):
                return Outcome("ok", finished)
            if index + 1 < node.max_iterations:
                record.output = finished  # committed before the next iteration starts
                await self.state.commit(record)
        return Outcome("ok", {"iterations": node.max_iterations})

    def _wait_deadline(self, node: WaitNode, record: StepExecution, now: datetime, resumed: bool) -> Failure | None:
        if resumed and record.status is StepStatus.WAITING and record.deadline_at is not None:
            return None  # a resumed wait keeps its deadline: it waits only for the time left
        if node.duration_ms is not None:
            wanted = node.duration_ms
            record.deadline_at = now + timedelta(milliseconds=wanted)
        elif node.until_time is not None:
            wanted = int((node.until_time - now).total_seconds() * 1000)
            record.deadline_at = node.until_time
        else:
            wanted = 0
            record.deadline_at = now + timedelta(milliseconds=node.max_wait_ms)
        if wanted > node.max_wait_ms:
            message = f"wait {node.id!r} would last {wanted} ms, more than its max_wait_ms ({node.max_wait_ms} ms)"
            return classify(UserError(message))
        return None

    async def _wait(self, node: WaitNode, record: StepExecution) -> Outcome:
        # A long wait parks (when the executor parks): the record stays ``waiting`` with its deadline, the
        # execution ends this run ``waiting``, and a worker resumes it when due; nothing sleeps in memory.
        deadline = record.deadline_at
        assert deadline is not None
        if node.until is None:
            left = (deadline - self.clock.now()).total_seconds()
            if self.state.should_park(left):
                self.state.park(deadline)
                return PAUSED
            await self.clock.sleep(left)
            return OK_NONE
        while True:
            if await self.resolver.condition(node.until):
                return OK_NONE
            left = (deadline - self.clock.now()).total_seconds()
            if left <= 0:
                raise StepTimeoutError(
                    f"wait {node.id!r}: the condition did not hold within max_wait_ms ({node.max_wait_ms} ms)"
                )
            pause = min(node.poll_interval_ms / 1000, left)
            if self.state.should_park(pause):
                self.state.park(self.clock.now() + timedelta(seconds=pause))
                return PAUSED
            await self.state.flush()
            await self.clock.sleep(pause)


# ---------------------------------------------------------------------------------------------- helpers
def decision_key(step_id: str, iteration: IterationKey, requeued: int = 0) -> str:
    """The step key a confirmation is stored under: the step id, plus ``#iteration`` inside loops, plus
    ``@retry-n`` once the step was requeued from its dead letter (the earlier decision stays on record)."""
    key = step_id if iteration is None else f"{step_id}#{iteration}"
    return key if not requeued else f"{key}@retry-{requeued}"


def child_failure(failed: ScopeFailed) -> Failure:
    """A composite's failure, caused by one of its children's."""
    return _named(failed.child, failed.failure or Failure("failed", ErrorType.UNKNOWN, True))


def _named(child: str, inner: Failure) -> Failure:
    message = f"step {child!r} failed: {inner.message}"
    return Failure(message, inner.error_type, inner.retryable, inner.retry_after, inner.status_code)


def _through(child: str, outcome: Outcome) -> Outcome:
    """A child's outcome as its ``if`` or loop reports it (a failure names the child)."""
    if outcome.kind == "failed" and outcome.failure is not None:
        return Outcome("failed", failure=_named(child, outcome.failure))
    return outcome


def iterations_done(record: StepExecution) -> int:
    """How many iterations an in-flight loop has finished (its stored progress)."""
    output = record.output
    if record.status in IN_FLIGHT and isinstance(output, dict) and isinstance(output.get("iterations"), int):
        return int(output["iterations"])
    return 0


def _has_references(value: Any) -> bool:
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            if "{" in current:
                return True
        elif isinstance(current, dict):
            if "type" in current:
                return True
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return False


def _jsonable(value: Any, step_id: str) -> Any:
    try:
        return to_jsonable_python(value)
    except PydanticSerializationError as exc:
        raise ToolError(f"step {step_id!r} returned a value that can't be stored as JSON: {exc}") from None
