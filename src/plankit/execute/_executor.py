"""The executor: start, resume and cancel durable executions of plans; approve or deny steps.

>>> async with SqliteStore("plankit.db") as store, Executor(store, load_tools("tools.py")) as executor:
...     execution = await executor.start(plan)        # runs until completed, failed or paused
...     await approve(store, execution.execution_id, "pay", by="ann")
...     execution = await executor.resume(execution.execution_id)

Guarantees:

* **Lint first.** ``start`` lints the plan (the given policy, else the built-in default; the registry's
  specs) and raises :class:`~plankit.errors.PlanRefusedError` on any error: nothing runs. So does a plan
  that calls a tool without an implementation, or has ``llm`` steps and no LLM-step runner.
* **Durable.** Every transition is committed before the next action starts. ``resume`` reloads the plan
  and the records: completed steps are not re-run (their outputs feed references again), in-flight steps run
  again with the same idempotency key, waits wait only for the time left, paused steps check their decision.
  Only one executor may run (or resume) a given execution at a time: the store's lease keeps other
  processes out, a registry of the executions in flight here (:mod:`plankit.execute._inflight`) the other
  executors of this process.
* **Confirmations.** A step with ``require_confirmation`` never runs without an approval: without a decision
  the execution is persisted as ``paused`` and ``start``/``resume`` return it; ``approve`` then ``resume``
  runs it; ``deny`` fails it (USER_ERROR) under its failure policy. Inside a loop each iteration needs its
  own approval.
* **Cancel** from any process: :meth:`Executor.cancel` (or ``store.request_cancel``) is seen between
  transitions and, while steps run or wait, by a watcher polling every ``cancel_poll_interval`` seconds of
  real time. In-flight steps are cancelled and recorded ``cancelled``; so is the execution.
* **Interrupts** (the run's task cancelled from outside: Ctrl-C, a shutdown) are recorded: the execution
  is marked ``interrupted`` with steps in flight left in flight, so ``resume`` re-runs exactly those with
  the same idempotency keys; a sync tool that returns within ``interrupt_grace`` seconds has its result
  recorded, so its side effect is not repeated.
* **Dead letters** of steps that failed for good are retried inside their execution
  (:meth:`Executor.retry_dead_letter`): the step runs again, then what depended on it.
* **Failure fails fast.** When a step's failure aborts its scope, its running siblings are cancelled.
* **Sync tools** run in a thread pool of ``thread_pool_size`` threads (default: ``max_concurrency`` when
  given, else 32). A thread can't be interrupted: when its attempt times out or is cancelled the result is
  discarded, ``ctx.cancelled`` is set (a cooperative tool can stop early), and the thread keeps its pool
  slot until the function returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import socket
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from types import TracebackType
from typing import Any, Self

from .._utils import did_you_mean, new_id
from ..errors import LeaseHeldError, PlanRefusedError
from ..feeds import FeedRuntime, feed_findings
from ..lint import Diagnostic, Linter, Policy, Severity, Status, ValidationResult
from ..plan import (
    ActionNode,
    DeadLetterEntry,
    Execution,
    ExecutionStatus,
    LlmNode,
    Plan,
    PlanGraph,
    plan_from_data,
)
from ..store import Store
from ..tools import ToolRegistry
from ._clock import Clock, SystemClock
from ._events import EventHandler
from ._failures import DEFAULT_JITTER
from ._guard import ToolGuard
from ._inflight import in_flight, running
from ._kinds import LlmStepRunner
from ._lifecycle import checkpoint_of, follow_execution, plan_ready_to_run
from ._nodes import NodeRunner
from ._replan import Replanning
from ._requeue import requeue
from ._resolve import Resolver, RuntimeProvider
from ._state import TERMINAL, Outcome, RunAborted, RunState

DEFAULT_THREAD_POOL_SIZE = 32
"""Threads for sync tools when neither ``thread_pool_size`` nor ``max_concurrency`` is given."""

INTERRUPTED_MESSAGE = "interrupted while running; resume continues it (steps in flight run again, same keys)"
"""The error an interrupted execution records."""
DEFAULT_INTERRUPT_GRACE = 5.0
"""Seconds a sync tool may take to finish after an interrupt and still have its result recorded."""

_FINAL = frozenset({ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED})


DEFAULT_LEASE_SECONDS = 30.0
"""How long an execution's lease lasts unless renewed (renewed every third of it while the run goes on)."""

logger = logging.getLogger("plankit.execute")


_process_ids: dict[int, str] = {}


def default_worker_id() -> str:
    """``host:pid:random``: names this process in leases, so a refusal can say who holds the work.

    One id per process (a forked child gets its own): leases say which *process* runs an execution, so
    executors of one process share it (a restarted executor in the same process continues its own work).
    Between the executors of one process, the registry in :mod:`plankit.execute._inflight` decides: an
    execution one of them runs is refused to the others until that run stops.
    """
    pid = os.getpid()
    if pid not in _process_ids:
        _process_ids[pid] = f"{socket.gethostname()}:{pid}:{new_id()[:6]}"
    return _process_ids[pid]


class Executor:
    """Runs plans durably against a store. See the module docs for the guarantees.

    ``tools``: the tools plans may call; the built-in tools (``echo``, ``sleep``, ``http.request``) are added
    unless ``builtins=False`` (a registry's own tool of the same name wins). ``policy``: what plans are
    linted against (None: the built-in default). ``clock``, ``ids`` (``ids(prefix)`` returns a new id),
    ``rng`` (jitter) and ``llm`` are injectable for tests. ``runtime`` answers ``price(...)`` and friends;
    ``env`` is where ``env`` references read (default: ``os.environ``; only keys the policy's ``env_allow``
    lists). ``max_concurrency`` caps the leaves (actions, llm steps) running at once across the execution.
    ``on_event`` sees every committed transition. ``replanning``: when a failure reaches the top of a plan,
    ask its planner for the remaining steps and carry on (see :mod:`plankit.execute._replan`). ``guard``:
    apply the policy to every concrete tool call before it runs (see :mod:`plankit.execute._guard`); leave
    it on. ``llm``: a :class:`~plankit.execute.ModelSteps` runs ``llm`` steps with a model and their tools.
    """

    def __init__(
        self,
        store: Store,
        tools: ToolRegistry | None = None,
        *,
        policy: Policy | None = None,
        clock: Clock | None = None,
        ids: Callable[[str], str] | None = None,
        llm: LlmStepRunner | None = None,
        runtime: RuntimeProvider | None = None,
        env: Mapping[str, str] | None = None,
        max_concurrency: int | None = None,
        thread_pool_size: int | None = None,
        on_event: EventHandler | None = None,
        builtins: bool = True,
        jitter: float = DEFAULT_JITTER,
        rng: random.Random | None = None,
        cancel_poll_interval: float = 0.5,
        replanning: Replanning | None = None,
        worker_id: str | None = None,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        park_after: float | None = None,
        guard: bool = True,
        interrupt_grace: float = DEFAULT_INTERRUPT_GRACE,
        wake_on_interrupt: bool = False,
    ):
        if max_concurrency is not None and max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        self.store = store
        self.tools = _with_builtins(tools or ToolRegistry()) if builtins else (tools or ToolRegistry())
        self.policy = policy if policy is not None else Policy.default()
        self.clock: Clock = clock or SystemClock()
        self.ids = ids or new_id
        self.llm = llm
        self.runtime = runtime
        self.env: Mapping[str, str] = env if env is not None else os.environ
        self.max_concurrency = max_concurrency
        self.thread_pool_size = thread_pool_size or max_concurrency or DEFAULT_THREAD_POOL_SIZE
        self.on_event = on_event
        self.jitter = jitter
        self.rng = rng or random.Random()
        self.cancel_poll_interval = cancel_poll_interval
        self.replanning = replanning
        self.worker_id = worker_id or default_worker_id()
        self.lease_seconds = lease_seconds
        self.park_after = park_after
        self.interrupt_grace = interrupt_grace
        self.wake_on_interrupt = wake_on_interrupt
        self._linter = Linter(self.policy, tools=self.tools)
        self.guard = ToolGuard(self.policy, self.tools) if guard else None
        self._pool: ThreadPoolExecutor | None = None
        self._active: dict[str, tuple[RunState, asyncio.Event]] = {}

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Shut the thread pool down (threads still running a sync tool finish on their own)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    # ---------------------------------------------------------------------------------------- running
    def check(self, plan: Plan | Mapping[str, Any], *, now: datetime | None = None) -> ValidationResult:
        """Lint ``plan`` as :meth:`start` would (policy, specs, implementations, LLM runner), without running.

        ``now`` (default: the clock's) is the moment trigger timing is judged at.
        """
        loaded = plan if isinstance(plan, Plan) else plan_from_data(plan)
        return self._check(loaded, PlanGraph.of(loaded), now)

    def _check(self, loaded: Plan, graph: PlanGraph, now: datetime | None = None) -> ValidationResult:
        """:meth:`check` on a loaded plan and its graph (the one graph the lint and the run share)."""
        result = self._linter.validate(loaded, now=now or self.clock.now(), graph=graph)
        missing = self._missing(graph)
        if missing:
            diagnostics = [*result.diagnostics, *missing]
            result = ValidationResult.from_diagnostics(diagnostics, Status.ERROR, result.risk_score)
        feeds = self.runtime.feeds if isinstance(self.runtime, FeedRuntime) else None
        unfed = feed_findings(loaded, feeds, runtime_known=self.runtime is None or feeds is not None, graph=graph)
        if unfed:
            status = Status.WARN if result.status is Status.PASS else result.status
            summarize = result.summarize if result.valid else None  # still valid: the lint's summary holds
            result = ValidationResult.from_diagnostics([*result.diagnostics, *unfed], status, result.risk_score)
            result.summarize = summarize
        return result

    async def start(self, plan: Plan | Mapping[str, Any], execution_id: str | None = None) -> Execution:
        """Lint, store and run ``plan``; return the execution once it is completed, failed or paused.

        Raises :class:`~plankit.errors.PlanRefusedError` when the plan may not run (nothing ran),
        :class:`~plankit.errors.LeaseHeldError` when an executor of this process is running ``execution_id``,
        and ``ValueError`` when ``execution_id`` is already taken.
        """
        loaded = plan if isinstance(plan, Plan) else plan_from_data(plan)
        # One graph per start: the lint's is the run's. The copies of the plan made below (validated, running,
        # with its id) are shallow: they hold the very nodes the graph indexes.
        graph = PlanGraph.of(loaded)
        result = self._check(loaded, graph)
        if not result.valid:
            raise PlanRefusedError(_refusal(result, self.policy.fail_risk_threshold), result)
        new_id = execution_id or self.ids("exec_")
        with running(self.store, new_id, self.worker_id, self):  # before the check: two starts of one id race
            return await self._start(loaded, graph, result, new_id, given=execution_id is not None)

    async def _start(
        self, loaded: Plan, graph: PlanGraph, result: ValidationResult, execution_id: str, *, given: bool
    ) -> Execution:
        if given and await self.store.load_execution(execution_id) is not None:
            raise ValueError(f"execution {execution_id!r} already exists; resume it instead")
        if result.validation is not None:
            loaded = result.apply_to(loaded)  # the verdict is stored with the plan (the seed's ValidationResult)
        loaded = plan_ready_to_run(loaded)
        plan_id = await self.store.save_plan(loaded)
        if loaded.id != plan_id:
            loaded = loaded.model_copy(update={"id": plan_id})
        header = Execution(
            execution_id=execution_id,
            plan_id=plan_id,
            owner=loaded.owner,
            status=ExecutionStatus.RUNNING,
            started_at=self.clock.now(),
            plan_revision=loaded.revision,
        )
        state = RunState(self.store, header, loaded, self.clock, self.on_event, graph=graph)
        await state.set_status(ExecutionStatus.RUNNING)
        await self._claim(header.execution_id)  # a new id: free, unless someone raced for the same id
        return await self._execute(state)

    async def resume(self, execution_id: str) -> Execution:
        """Continue an interrupted or paused execution; a finished one is returned as it is.

        Raises ``LookupError`` for an unknown execution (or a missing plan), and
        :class:`~plankit.errors.LeaseHeldError` when another process, or an executor of this one (this executor
        included), is running it right now.
        """
        with running(self.store, execution_id, self.worker_id, self):
            return await self._resume(execution_id)

    async def _resume(self, execution_id: str) -> Execution:
        # Claim first, then read: records read before the claim could be stale by then (another process may
        # have run the execution further, or finished it, and let go in between).
        await self._claim(execution_id)
        try:
            execution = await self.store.load_execution(execution_id)
            if execution is None:
                raise LookupError(f"no execution {execution_id!r} in the store")
            if execution.status in _FINAL:
                await self._release(execution_id)
                return execution
            plan = await self.store.load_plan(execution.plan_id)
            if plan is None:
                raise LookupError(f"the plan {execution.plan_id!r} of execution {execution_id!r} is not in the store")
            header = execution.model_copy(update={"steps": []})
            state = RunState(self.store, header, plan, self.clock, self.on_event, execution.steps)
            if await self.store.cancel_requested(execution_id):
                cancelled = await self._finish_cancelled(state)
                await self._release(execution_id)
                return cancelled
            missing = self._missing(plan, done=_finished(execution))
            if missing:
                result = ValidationResult.from_diagnostics(missing, Status.ERROR, 1.0)
                raise PlanRefusedError(_refusal(result, self.policy.fail_risk_threshold), result)
            state.header.completed_at = None
            if state.header.started_at is None:  # created pending by a fire: it starts now
                state.header.started_at = self.clock.now()
            await state.set_status(ExecutionStatus.RUNNING)
            await follow_execution(self.store, plan, state.header)
        except BaseException:
            await self._release(execution_id)
            raise
        return await self._execute(state)

    def is_running(self, execution_id: str) -> bool:
        """Whether this executor, or another of this process with the same worker id, is running the
        execution now (what ``start``, ``resume`` and ``retry_dead_letter`` would be refused for)."""
        return in_flight(self.store, execution_id, self.worker_id)

    async def cancel(self, execution_id: str) -> Execution:
        """Ask the execution to stop, wherever it runs; return its record.

        Running here: it is stopped and marked cancelled before this returns. Paused (or pending): marked
        cancelled now. Running in another process: that process stops it at its next transition or watcher
        poll (a crashed one is marked cancelled when it is resumed).
        """
        await self.store.request_cancel(execution_id)
        active = self._active.get(execution_id)
        if active is not None:
            state, finished = active
            state.stop()
            await finished.wait()
        else:
            execution = await self.store.load_execution(execution_id)
            if execution is None:
                raise LookupError(f"no execution {execution_id!r} in the store")
            if execution.status in (
                ExecutionStatus.PENDING, ExecutionStatus.PAUSED, ExecutionStatus.WAITING, ExecutionStatus.INTERRUPTED
            ):
                plan = await self.store.load_plan(execution.plan_id)
                if plan is not None:
                    header = execution.model_copy(update={"steps": []})
                    state = RunState(self.store, header, plan, self.clock, None, execution.steps)
                    await self._finish_cancelled(state)
        found = await self.store.load_execution(execution_id)
        assert found is not None
        return found

    async def retry_dead_letter(self, entry_id: str) -> Execution:
        """Send a dead letter's step back into its execution and continue that execution.

        The step runs again in place, with its references resolved from the execution's outputs; then the
        steps that depended on it run, so the execution can complete. Its attempt count goes on from where
        it stopped (the failure policy's budget is fresh); a step that needs confirmation asks again (the
        earlier decision stays on record). When the step completes, its dead letter is deleted; when it
        fails again, the dead letter is updated. Raises ``LookupError`` for an unknown dead letter or a
        gone execution or step, ``ValueError`` when the execution was cancelled or the step isn't failed,
        :class:`~plankit.errors.LeaseHeldError` when the execution is running (here or in another process).
        """
        entry = await self.store.get_dead_letter(entry_id)
        if entry is None:
            raise LookupError(f"no dead letter {entry_id!r}")
        with running(self.store, entry.execution_id, self.worker_id, self):
            return await self._retry(entry)

    async def _retry(self, entry: DeadLetterEntry) -> Execution:
        await self._claim(entry.execution_id)  # as resume does: a live holder (or Temporal) is named, never raced
        try:
            state = await self._requeued(entry)
        except BaseException:
            # Refused (gone, cancelled, tools missing) before anything ran: the lease goes back, or every
            # other process would be told for a lease's length that this one is running the execution.
            await self._release(entry.execution_id)
            raise
        return await self._execute(state)

    async def _requeued(self, entry: DeadLetterEntry) -> RunState:
        """The run state of the dead letter's execution with its step sent back, marked running."""
        entry_id = entry.id
        execution = await self.store.load_execution(entry.execution_id)
        if execution is None:
            raise LookupError(f"dead letter {entry_id!r}: its execution {entry.execution_id!r} is not in the store")
        if execution.status is ExecutionStatus.CANCELLED:
            raise ValueError(f"dead letter {entry_id!r}: execution {entry.execution_id} was cancelled; start it anew")
        plan = await self.store.load_plan(execution.plan_id)
        if plan is None:
            raise LookupError(f"the plan {execution.plan_id!r} of execution {entry.execution_id!r} is not in the store")
        graph = PlanGraph.of(plan)
        changed = requeue(entry, execution, graph)
        missing = self._missing(graph, done=_finished(execution))
        if missing:
            result = ValidationResult.from_diagnostics(missing, Status.ERROR, 1.0)
            raise PlanRefusedError(_refusal(result, self.policy.fail_risk_threshold), result)
        header = execution.model_copy(update={"steps": [], "completed_at": None})
        state = RunState(self.store, header, plan, self.clock, self.on_event, execution.steps, graph=graph)
        state.dirty.extend(changed)
        await state.set_status(ExecutionStatus.RUNNING)
        return state

    # --------------------------------------------------------------------------------------- internals
    async def _execute(self, state: RunState) -> Execution:
        state.park_after = self.park_after
        state.wake_on_interrupt = self.wake_on_interrupt
        finished = asyncio.Event()
        self._active[state.execution_id] = (state, finished)
        inner = asyncio.ensure_future(self._run_plan(state))
        state.task = inner
        watcher = asyncio.ensure_future(self._watch(state, inner))
        try:
            outcome = await inner
        except asyncio.CancelledError:
            if state.lease_lost:  # another process has the execution now: write nothing more from here
                raise LeaseHeldError(
                    f"lost the lease of execution {state.execution_id!r}; another process continues it", "", None
                ) from None
            current = asyncio.current_task()
            if not state.stopping or (current is not None and current.cancelling()):
                # Stopped from outside (Ctrl-C, a shutdown): recorded as interrupted, steps in flight kept in
                # flight, so resume re-runs exactly those with the same idempotency keys.
                await self._finish_interrupted(state)
                raise
            return await self._finish_cancelled(state)
        except RunAborted as aborted:
            raise aborted.__cause__ or aborted from None
        finally:
            watcher.cancel()
            self._active.pop(state.execution_id, None)
            finished.set()
        try:
            return await self._finish(state, outcome)
        finally:
            await self._release(state.execution_id)

    async def _run_plan(self, state: RunState) -> Outcome:
        """Run the plan; with replanning, a failure that reaches the top gets a revised plan to continue."""
        while True:
            outcome = await self._runner(state).run_top()
            if outcome.kind != "failed" or self.replanning is None:
                return outcome
            assert outcome.failure is not None
            failure = await self.replanning.recover(
                state, outcome.failure, checker=self.check, tools=self.tools, policy=self.policy
            )
            if failure is not None:
                return Outcome("failed", failure=failure)

    def _runner(self, state: RunState) -> NodeRunner:
        runner = NodeRunner(
            state,
            Resolver(
                state.lookup,
                context=state.plan.context,
                env=self.env,
                env_allow=self.policy.env_allow,
                runtime=self.runtime,
                clock=self.clock,
                trigger=state.header.trigger_data,
            ),
            tools=self.tools,
            llm=self.llm,
            pool=self._thread_pool(),
            slots=asyncio.Semaphore(self.max_concurrency) if self.max_concurrency else None,
            rng=self.rng,
            jitter=self.jitter,
        )
        runner.guard = self.guard
        runner.grace = self.interrupt_grace
        return runner

    async def _finish(self, state: RunState, outcome: Outcome) -> Execution:
        if outcome.kind == "paused":
            await state.set_status(ExecutionStatus.WAITING if state.parked_until else ExecutionStatus.PAUSED)
        elif outcome.kind == "failed":
            assert outcome.failure is not None
            await state.set_status(ExecutionStatus.FAILED, outcome.failure.message)
        else:
            await state.set_status(ExecutionStatus.COMPLETED)
        return await self._settled(state)

    async def _settled(self, state: RunState) -> Execution:
        """The run stopped here (finished, paused, parked or cancelled): the plan follows, a checkpoint is written."""
        execution = state.snapshot()
        await follow_execution(self.store, state.plan, execution)
        await self.store.save_checkpoint(checkpoint_of(execution, self.clock.now()))
        return execution

    async def _finish_interrupted(self, state: RunState) -> None:
        state.still_in_flight()
        # If the store is gone too, the record says running, and resume handles that just the same.
        with contextlib.suppress(RunAborted):
            await state.set_status(ExecutionStatus.INTERRUPTED, INTERRUPTED_MESSAGE)

    async def _finish_cancelled(self, state: RunState) -> Execution:
        for record in state.steps():
            if record.status not in TERMINAL:
                state.mark_cancelled(record)
        await state.set_status(ExecutionStatus.CANCELLED, "cancelled")
        return await self._settled(state)

    async def _watch(self, state: RunState, run: asyncio.Future[Any]) -> None:
        """While steps run or wait: poll for a cancel requested by another process, and renew the lease.

        A lease that can't be renewed (this process stalled past it, and another took the execution
        over) stops the run at once, as a crash would: nothing more is written from here.
        """
        renewed = self.clock.now()
        while True:
            await asyncio.sleep(self.cancel_poll_interval)
            if await self.store.cancel_requested(state.execution_id):
                state.stop()
                return
            now = self.clock.now()
            if (now - renewed).total_seconds() >= self.lease_seconds / 3:
                renewed = now
                if not await self.store.renew_execution(state.execution_id, self.worker_id, self._lease_end()):
                    logger.error("lost the lease of execution %s; stopping it here", state.execution_id)
                    state.lease_lost = True
                    run.cancel()
                    return

    def _lease_end(self) -> datetime:
        return self.clock.now() + timedelta(seconds=self.lease_seconds)

    async def _claim(self, execution_id: str) -> None:
        """Take the execution's lease, or raise :class:`LeaseHeldError` naming the live process that has it."""
        holder = await self.store.claim_execution(execution_id, self.worker_id, self._lease_end(), self.clock.now())
        if holder is not None and holder_is_dead(holder.owner):
            # The holder was a process on this machine that no longer exists (killed, crashed): its lease
            # is void. Claiming "as of" its end only succeeds if nobody renewed it meanwhile.
            holder = await self.store.claim_execution(execution_id, self.worker_id, self._lease_end(), holder.until)
        if holder is not None:
            raise LeaseHeldError(
                f"execution {execution_id!r} is being run by {holder.owner} (its lease runs until "
                f"{holder.until.isoformat(timespec='seconds')}); wait for it to finish, or stop that process: "
                "once its lease expires the execution can be resumed",
                holder.owner,
                holder.until,
            )

    async def _release(self, execution_id: str) -> None:
        try:
            await self.store.release_execution(execution_id, self.worker_id)
        except Exception:  # the lease then simply expires
            logger.exception("could not release the lease of execution %s", execution_id)

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.thread_pool_size, thread_name_prefix="plankit-tool")
        return self._pool

    def _missing(self, plan: Plan | PlanGraph, *, done: frozenset[str] | None = None) -> list[Diagnostic]:
        """What the plan needs and this executor lacks: tool implementations, an LLM-step runner.

        ``done``: continuing an execution (resume, dead-letter retry), which is not linted again; these steps
        finished (see :func:`_still_to_run`). A tool the registry does not know at all is then missing too, for
        the steps still to run: run, such a step would fail for good ("no implementation"), an approved payment
        included, for want of ``--tools`` on the command line. Refused, the execution stays as it was.
        """
        visits = plan.visits if isinstance(plan, PlanGraph) else list(plan.walk())
        # Most plans call a few tools many times and have no llm steps: the registry is asked once per tool
        # name, and the steps are walked for the findings' places only when something is missing.
        tools = {visit.node.tool for visit in visits if isinstance(visit.node, ActionNode)}
        registry = self.tools
        unimplemented = {tool for tool in tools if tool in registry and registry.implementation(tool) is None}
        to_run = None
        if done is not None:
            to_run = _still_to_run(plan if isinstance(plan, PlanGraph) else PlanGraph.of(plan), done)
            left = {v.node.tool for v in visits if isinstance(v.node, ActionNode) and v.node.id in to_run}
            unimplemented |= {tool for tool in left if tool not in registry}
        if not unimplemented and not any(isinstance(visit.node, LlmNode) for visit in visits):
            return []
        found: list[Diagnostic] = []
        for visit in visits:
            node, node_id, where = visit.node, visit.node.id, visit.path
            # On a start, an unknown tool is the linter's CONTRA_NO_TOOL already; this finds specs without a
            # function (and, continuing an execution, unknown tools of the steps still to run).
            still = to_run is None or node_id in to_run
            if isinstance(node, ActionNode) and node.tool in unimplemented and still:
                known = [spec.name for spec in self.tools if self.tools.implementation(spec.name) is not None]
                hint = did_you_mean(node.tool, known) or "register it with @plankit.tool, or load a tools module"
                message = f"tool {node.tool!r} has no implementation in this executor"
                found.append(_error("CONTRA_NO_TOOL", message, node_id, where, hint))
            elif isinstance(node, LlmNode) and self.llm is None:
                message = f"step {node_id!r} is an llm step, and this executor has no LLM-step runner"
                hint = "give a model: plankit run --model provider:model (or PLANKIT_MODEL); in Python, llm=..."
                found.append(_error("CONTRA_NO_TOOL", message, node_id, where, hint))
            if isinstance(node, LlmNode):
                for index, name in enumerate(node.tools):
                    if name in self.tools and not self.tools.implementation(name):
                        message = f"tool {name!r} of llm step {node_id!r} has no implementation in this executor"
                        path = f"{where}.tools[{index}]"
                        found.append(_error("CONTRA_NO_TOOL", message, node_id, path, "load a tools module"))
        return found


def holder_is_dead(owner: str) -> bool:
    """True when a lease ``owner`` (see :func:`default_worker_id`) is a process of this host that is gone."""
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, owned by someone else
        return False
    return False


def _with_builtins(tools: ToolRegistry) -> ToolRegistry:
    from ..builtin_tools import BUILTIN_TOOLS

    return BUILTIN_TOOLS.combined_with(tools)


def _error(code: str, message: str, node_id: str, path: str, hint: str) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, node_id, None, path, hint)


def _finished(execution: Execution) -> frozenset[str]:
    """The steps of ``execution`` that finished: completed, skipped or failed for good (outside loops: a
    loop's body runs again per iteration). A dead-letter retry reopens its steps before this is asked."""
    return frozenset(step.step_id for step in execution.steps if step.status in TERMINAL and step.iteration is None)


def _still_to_run(graph: PlanGraph, finished: frozenset[str]) -> frozenset[str]:
    """The steps that may still run: not finished, and inside no finished composite (the branch a finished
    ``if`` did not take has no record, and never runs)."""
    to_run: set[str] = set()
    for node_id in graph.nodes:
        current: str | None = node_id
        while current is not None and current not in finished:
            current = graph.parent[current]
        if current is None:
            to_run.add(node_id)
    return frozenset(to_run)


def _refusal(result: ValidationResult, threshold: float) -> str:
    """Why a plan may not run: its lint errors, or (with none) the risk its findings add up to."""
    if not result.errors:
        codes = ", ".join(sorted({d.code for d in result.diagnostics})) or "no findings"
        return (
            f"the plan was refused: risk {result.risk_score:.2f} reached the policy's fail_risk_threshold "
            f"{threshold:.2f}, from its warnings ({codes}); there are no lint errors"
        )
    lines = [f"the plan was refused ({len(result.errors)} lint error{'s' if len(result.errors) != 1 else ''}):"]
    lines += [f"  {error.code}{f' {error.node_id}' if error.node_id else ''}: {error.msg}" for error in result.errors]
    return "\n".join(lines)
