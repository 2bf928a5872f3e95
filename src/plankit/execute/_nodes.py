"""Running one node: attempts under its failure policy, timeouts, on_error, dead letters.

Every node type goes through :meth:`NodeRunner.run`: restore a finished record (resume, or a composite's
retry keeping what completed), else attempt it under ``on_failure`` (abort, skip, retry with backoff and
jitter), bounded by ``timeout_ms``. What each node type does in an attempt is in :mod:`._kinds`.
Composites fail when a child's failure reaches them, so their own ``on_failure`` applies too: a retried
composite runs again everything inside it that did not complete (completed work is kept).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from .._toolbox import ToolContext
from ..errors import ErrorType, StepTimeoutError
from ..plan import (
    ActionNode,
    DeadLetterEntry,
    IfNode,
    LlmNode,
    LoopNode,
    NodeBase,
    ParallelNode,
    RetryPolicy,
    SequenceNode,
    SkipPolicy,
    StepExecution,
    StepStatus,
    WaitNode,
)
from ..tools import ToolRegistry
from ._failures import Failure, classify, retry_delay
from ._kinds import IN_FLIGHT, LlmStepRunner, NodeKinds, child_failure, iterations_done
from ._resolve import Resolver
from ._scheduler import ScopeFailed, run_scope, settled
from ._state import (
    OK_NONE,
    PAUSED,
    SKIPPED,
    TERMINAL,
    IterationKey,
    Outcome,
    RunAborted,
    RunState,
    body_key,
    failure_of,
    set_fields,
)


class NodeRunner(NodeKinds):
    """Runs the nodes of one execution."""

    def __init__(
        self,
        state: RunState,
        resolver: Resolver,
        *,
        tools: ToolRegistry,
        llm: LlmStepRunner | None,
        pool: ThreadPoolExecutor,
        slots: asyncio.Semaphore | None,
        rng: random.Random,
        jitter: float,
    ):
        self.state = state
        self.resolver = resolver
        self.tools = tools
        self.llm = llm
        self.pool = pool
        self.slots = slots
        self.rng = rng
        self.jitter = jitter
        self.clock = state.clock
        self._needs_resolution: dict[str, bool] = {}

    # ------------------------------------------------------------------------------------------ driver
    async def run(self, node: NodeBase, iteration: IterationKey) -> Outcome:
        """Run ``node`` (or restore how it ended) and report its outcome to its parent: its attempts under its
        failure policy (in this one coroutine: it runs for every step)."""
        state = self.state
        leaf = isinstance(node, _LEAVES)
        record = state.record_for(node, iteration, leaf)
        if record.status in TERMINAL:
            return await self._restored(node, record, iteration)
        policy = node.on_failure
        resumed = record.status in IN_FLIGHT and record.attempt_count >= 1
        # Attempts are counted across requeues from a dead letter; the policy's budget is per round.
        before = record.attempts_before
        attempt = record.attempt_count if resumed else before + 1
        try:
            while True:
                if self.slots is None and not (isinstance(node, ActionNode) and node.require_confirmation):
                    outcome = await self._attempt_body(node, record, iteration, attempt, resumed, leaf)  # most steps
                else:
                    outcome = await self._attempt(node, record, iteration, attempt, resumed, leaf)
                if outcome.kind != "failed":
                    return outcome
                failure = outcome.failure
                assert failure is not None
                if not (
                    isinstance(policy, RetryPolicy) and failure.retryable and attempt - before < policy.max_attempts
                ):
                    return await self._give_up(node, record, iteration, failure)
                attempt += 1
                resumed = False
                delay = retry_delay(
                    policy,
                    attempt - before,
                    jitter=self.jitter,
                    random_value=self.rng.random(),
                    retry_after=failure.retry_after,
                )
                _fail_record(record, failure, StepStatus.RETRYING, None)
                reset = [] if leaf else self._reset_inside(node, record, iteration)
                await state.commit(record, *reset)
                await self.clock.sleep(delay)
        except asyncio.CancelledError:
            state.mark_cancelled(record)
            raise

    async def run_top(self) -> Outcome:
        """Run the plan's top-level steps."""
        roots = self.state.graph.children[None]
        try:
            outcomes = await run_scope(self.state, self.run, roots, None)
        except ScopeFailed as failed:
            return Outcome("failed", failure=child_failure(failed))
        if len(outcomes) < len(roots) or any(outcome.kind == "paused" for outcome in outcomes.values()):
            return PAUSED
        return OK_NONE

    async def _restored(self, node: NodeBase, record: StepExecution, iteration: IterationKey) -> Outcome:
        if record.status is StepStatus.COMPLETED:
            return Outcome("ok", record.output)
        if record.status is StepStatus.SKIPPED:
            return SKIPPED
        failure = failure_of(record)
        if isinstance(node, ActionNode | LlmNode):
            await self._ensure_dead_letter(node, record, iteration)
        if isinstance(node, ActionNode) and node.on_error is not None:
            return await self._handle(node, record, iteration, failure)
        return Outcome("failed", failure=failure)

    async def _attempt(
        self, node: NodeBase, record: StepExecution, iteration: IterationKey, attempt: int, resumed: bool, leaf: bool
    ) -> Outcome:
        if isinstance(node, ActionNode) and node.require_confirmation:
            verdict = await self._confirmation(node, record, iteration, attempt)
            if verdict is not None:
                return verdict
        if self.slots is not None and leaf:
            async with self.slots:
                return await self._attempt_body(node, record, iteration, attempt, resumed, leaf)
        return await self._attempt_body(node, record, iteration, attempt, resumed, leaf)

    async def _attempt_body(
        self, node: NodeBase, record: StepExecution, iteration: IterationKey, attempt: int, resumed: bool, leaf: bool
    ) -> Outcome:
        now = self.clock.now()
        started = record.started_at or now
        if isinstance(node, WaitNode):
            set_fields(record, attempt_count=attempt, started_at=started, error=None, error_type=None)
            failure = self._wait_deadline(node, record, now, resumed)
            if failure is not None:
                return Outcome("failed", failure=failure)
            record.status = StepStatus.WAITING
        elif node.timeout_ms is not None:
            set_fields(
                record, attempt_count=attempt, started_at=started, error=None, error_type=None,
                status=StepStatus.RUNNING, deadline_at=now + timedelta(milliseconds=node.timeout_ms),
            )  # fmt: skip
        else:
            set_fields(
                record, attempt_count=attempt, started_at=started, error=None, error_type=None,
                status=StepStatus.RUNNING,
            )  # fmt: skip
        await self.state.commit(record)
        ctx = self._context(node, record, iteration, attempt) if leaf else None
        try:
            body = self._body(node, record, iteration, ctx, resumed)
            outcome = await (body if node.timeout_ms is None else self._bounded(node, body, ctx))
        except asyncio.CancelledError:
            if ctx is not None:
                ctx.cancelled.set()
            late = self.state.late_results.pop((node.id, iteration), _NOTHING)
            if late is not _NOTHING:  # a sync tool finished within the grace period: its result counts
                record.status = StepStatus.COMPLETED
                record.output = late
                record.completed_at = self.clock.now()
                self.state.defer(record)
            raise
        except RunAborted:
            raise
        except Exception as exc:  # every failure of a step is classified, never lost
            return Outcome("failed", failure=classify(exc))
        if outcome.kind == "ok":
            set_fields(record, status=StepStatus.COMPLETED, output=outcome.output, completed_at=self.clock.now())
            # Written with the next transition (at the latest before anything waits): a step's completion
            # and its dependant's start share one transaction, and still precede the dependant's action.
            self.state.defer(record)
            if record.requeued and leaf:
                # A step retried from its dead letter made it: the completion first, then the dead letter goes.
                await self.state.flush()
                entry_id = dead_letter_id(self.state.execution_id, node.id, iteration)
                await self.state.guarded(self.state.store.delete_dead_letter(entry_id))
        return outcome

    async def _bounded(self, node: NodeBase, body: Awaitable[Outcome], ctx: ToolContext | None) -> Outcome:
        """Run one attempt, cancelling it when ``timeout_ms`` passes (on the executor's clock)."""
        assert node.timeout_ms is not None
        task = asyncio.ensure_future(body)
        timer = asyncio.ensure_future(self.clock.sleep(node.timeout_ms / 1000))
        try:
            await settled((task, timer), first=True)
        except asyncio.CancelledError:
            task.cancel()
            timer.cancel()
            await settled((task,))  # let the attempt handle its cancellation before this one ends
            raise
        if task.done():
            timer.cancel()
            return task.result()
        if ctx is not None:
            ctx.cancelled.set()
        task.cancel()
        await settled((task,))
        if self.state.dirty:
            await self.state.commit()
        raise StepTimeoutError(f"step {node.id!r} timed out after {node.timeout_ms} ms (the attempt was cancelled)")

    def _body(
        self, node: NodeBase, record: StepExecution, iteration: IterationKey, ctx: ToolContext | None, resumed: bool
    ) -> Awaitable[Outcome]:
        if isinstance(node, ActionNode):
            assert ctx is not None
            return self._action(node, iteration, ctx)
        if isinstance(node, LlmNode):
            assert ctx is not None
            return self._llm(node, iteration, ctx)
        if isinstance(node, SequenceNode | ParallelNode):
            return self._group(node, iteration)
        if isinstance(node, IfNode):
            return self._if(node, record, iteration)
        if isinstance(node, LoopNode):
            return self._loop(node, record, iteration)
        assert isinstance(node, WaitNode)
        return self._wait(node, record)

    def _context(self, node: NodeBase, record: StepExecution, iteration: IterationKey, attempt: int) -> ToolContext:
        return ToolContext(
            execution_id=self.state.execution_id,
            step_id=node.id,
            attempt=attempt,
            idempotency_key=record.idempotency_key or "",
            deadline=record.deadline_at if node.timeout_ms is not None else None,
            iteration=iteration,
            now=self.clock.now,
            sleep=self.clock.sleep,
        )

    # ---------------------------------------------------------------------------------------- failures
    async def _give_up(
        self, node: NodeBase, record: StepExecution, iteration: IterationKey, failure: Failure
    ) -> Outcome:
        """Retries are exhausted (or the failure can't be retried): on_error, then skip or fail."""
        leaf = isinstance(node, ActionNode | LlmNode)
        handler = node.on_error if isinstance(node, ActionNode) else None
        skip = isinstance(node.on_failure, SkipPolicy) and handler is None
        _fail_record(record, failure, StepStatus.SKIPPED if skip else StepStatus.FAILED, self.clock.now())
        await self.state.commit(record)
        if leaf:
            await self._dead_letter(node, record, iteration)
        if skip:
            return SKIPPED
        if isinstance(node, ActionNode) and handler is not None:
            return await self._handle(node, record, iteration, failure)
        return Outcome("failed", failure=failure)

    async def _handle(
        self, node: ActionNode, record: StepExecution, iteration: IterationKey, failure: Failure
    ) -> Outcome:
        """Run the action's ``on_error`` handler; the action counts as handled when the handler completes."""
        assert node.on_error is not None
        handled = await self.run(node.on_error, iteration)
        if handled.kind in ("ok", "paused"):
            return OK_NONE if handled.kind == "ok" else PAUSED
        if isinstance(node.on_failure, SkipPolicy):
            if record.status is not StepStatus.SKIPPED:
                record.status = StepStatus.SKIPPED
                await self.state.commit(record)
            return SKIPPED
        return Outcome("failed", failure=failure)

    async def _dead_letter(self, node: NodeBase, record: StepExecution, iteration: IterationKey) -> None:
        state = self.state
        params = state.params.get((node.id, iteration))
        if params is None:
            params = dict(node.params) if isinstance(node, ActionNode) else {"prompt": getattr(node, "prompt", "")}
        entry = DeadLetterEntry(
            id=dead_letter_id(state.execution_id, node.id, iteration),
            plan_id=state.header.plan_id,
            node_id=node.id,
            execution_id=state.execution_id,
            owner=state.header.owner,
            error=record.error or "failed",
            error_type=record.error_type or ErrorType.UNKNOWN,
            retry_count=max(record.attempt_count - 1, 0),
            attempts=record.attempt_count,
            tool=node.tool if isinstance(node, ActionNode) else None,
            params=params if isinstance(params, dict) else {"value": params},
            timestamp=self.clock.now(),
        )
        await state.guarded(state.store.add_dead_letter(entry))

    async def _ensure_dead_letter(self, node: NodeBase, record: StepExecution, iteration: IterationKey) -> None:
        # A crash between the failed record and its dead letter must not lose the dead letter.
        entry_id = dead_letter_id(self.state.execution_id, node.id, iteration)
        if await self.state.guarded(self.state.store.get_dead_letter(entry_id)) is None:
            await self._dead_letter(node, record, iteration)

    def _reset_inside(self, node: NodeBase, record: StepExecution, iteration: IterationKey) -> list[StepExecution]:
        """Before a composite's next attempt: everything inside it (this iteration) that did not complete
        goes back to pending, so the attempt runs it again; completed work is kept."""
        graph, records = self.state.graph, self.state.records
        target = iteration
        if isinstance(node, LoopNode):
            done = iterations_done(record)
            target = body_key(iteration, node.max_iterations, done)
        else:
            record.output = None  # an if decides its branch again
        reset: list[StepExecution] = []
        stack = list(graph.children[node.id])
        while stack:
            inner = stack.pop()
            stack.extend(graph.children[inner])
            radix = _radix_between(self.state, node, inner)
            for key in self.state.keys_by_step.get(inner, []):
                if iteration is None and not isinstance(node, LoopNode):
                    belongs = True
                else:
                    belongs = key is not None and target is not None and key // radix == target
                found = records[(inner, key)]
                if belongs and found.status is not StepStatus.COMPLETED and found.status is not StepStatus.PENDING:
                    _reset_record(found)
                    reset.append(found)
        return reset


# ---------------------------------------------------------------------------------------------- helpers
_NOTHING = object()
_LEAVES = (ActionNode, LlmNode)


def dead_letter_id(execution_id: str, step_id: str, iteration: IterationKey) -> str:
    """Dead letters have stable ids, so writing one twice (after a crash) replaces it."""
    suffix = "" if iteration is None else f":{iteration}"
    return f"dl:{execution_id}:{step_id}{suffix}"


def _fail_record(record: StepExecution, failure: Failure, status: StepStatus, completed: Any) -> None:
    record.status = status
    record.error = failure.message
    record.error_type = failure.error_type
    record.completed_at = completed


def _reset_record(record: StepExecution) -> None:
    record.status = StepStatus.PENDING
    record.output = None
    record.error = None
    record.error_type = None
    record.attempt_count = 0
    record.attempts_before = 0
    record.started_at = None
    record.completed_at = None
    record.deadline_at = None


def _radix_between(state: RunState, outer: NodeBase, inner: str) -> int:
    """The product of ``max_iterations`` of the loops strictly between ``outer``'s body and ``inner``."""
    radix = 1
    current = state.graph.parent[inner]
    while current is not None and current != outer.id:
        node = state.graph.nodes[current]
        if isinstance(node, LoopNode):
            radix *= node.max_iterations
        current = state.graph.parent[current]
    return radix
