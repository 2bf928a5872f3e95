"""Temporal as the execution engine: a plan runs as a Temporal workflow, its actions as activities.

``pip install 'plankit[temporal]'``. The workflow interprets the plan IR with the executor's own node runner
(:class:`plankit.execute._nodes.NodeRunner`), so every rule is the same as in-process: references, ``if``,
``loop``, ``parallel``, failure policies (``abort``, ``skip``, ``retry`` with backoff and jitter), ``on_error``,
timeouts, dead letters. What differs is underneath, and all of it is durable in Temporal's history:

* **time** is the workflow's: ``now()`` is ``workflow.now()``, every sleep (a ``wait``, a retry delay, a
  timeout) is a durable timer; jitter comes from ``workflow.random()``;
* **actions are activities** (``plankit-tool``, one per attempt, ``start_to_close_timeout`` from
  ``timeout_ms``, heartbeats while the tool runs): the node's retry policy is applied by the workflow,
  attempt by attempt, with durable timers, exactly as the in-process executor applies it (USER_ERROR never
  retried, RATE_LIMIT waits for ``retry_after``), so each attempt is visible in Temporal's UI and recorded in
  the store. Temporal's own RetryPolicy retries only a lost worker (a missed heartbeat): the same attempt
  runs again on another worker with the same idempotency key, as a local resume would;
* **llm steps are activities** too (``plankit-llm``, one per attempt): the worker's model (``plankit worker
  --model``) gets the prompt, the step's tools run on the worker; retries and timeouts as for actions;
* **the run-time guard** judges every concrete tool call (an action's resolved params, an llm step's calls) on
  the worker, with the policy the plan was started under (it travels in the workflow's request);
* **replanning** (when the starter's executor has it): a failure that reaches the top sends the plan, its
  records and the failure to the ``plankit-replan`` activity, where the worker's planner writes the rest and
  the revision is linted; the workflow commits it (:meth:`Replanning.apply`) and runs on, as in process;
* **confirmations** wait for the ``decide`` signal (``plankit approve``/``deny`` with ``--engine temporal``),
  not for a ``resume``: the execution is recorded ``paused`` meanwhile; **cancel** is workflow cancellation;
* **records are mirrored** to the store by local activities (``plankit-store``): every transition, dead letter,
  checkpoint and plan status, so ``plankit executions show`` and dead letters work whichever engine ran it.
  Writes are queued and flushed, in order, in one local activity just before the workflow waits on anything
  (an activity, a timer, a signal, its end): a step's start is in the store before its action runs, as in
  process, and a chain costs one local activity per step (the floor under that rule), a start or an end one
  in all, a parallel scope's branches one together (:class:`_MirrorStore`);
* **a dead letter's retry** (:meth:`TemporalEngine.retry_dead_letter`) continues its execution in a new run of
  the workflow (same id), from the mirrored records, as the executor's ``retry_dead_letter`` does in process.

* **plankit's scheduler** can start workflows for the executions its fires create (:class:`TemporalExecutor`);
  an execution on Temporal is leased to ``temporal:<id>`` in the store until its workflow ends, so plankit's own
  workers never run it too.

The workflow runs in Temporal's **sandbox** (:mod:`._temporal_workflow` says which modules it checks and
why): its interpreter is imported afresh for each run, and a call that could differ on replay (a clock, a
random source, the environment, I/O) fails the workflow task instead of reaching the history or being
recorded as a step's failure. ``cron``/``interval`` triggers can be Temporal Schedules instead
(:mod:`plankit.engines.temporal_schedules`). The activities themselves are in :mod:`._temporal_activities`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from .._toolbox import ToolContext
from ..errors import ErrorType, MissingExtraError, RateLimitError, StepFailure
from ..execute import Executor, LlmStepRunner, Planner, Replanning, checkpoint_of, decision_key
from ..execute._failures import Failure
from ..execute._lifecycle import follow_execution, plan_ready_to_run
from ..execute._nodes import NodeRunner
from ..execute._replan import ReplanRequest, Revision, replan_refusal
from ..execute._requeue import requeue
from ..execute._resolve import Resolver
from ..execute._state import TERMINAL, IterationKey, Outcome, RunAborted, RunState
from ..lint import Policy
from ..plan import (
    ActionNode,
    DeadLetterEntry,
    Execution,
    ExecutionCheckpoint,
    ExecutionStatus,
    LlmNode,
    NodeBase,
    Plan,
    PlanGraph,
    PlanStatus,
    StepExecution,
    StepStatus,
)
from ..store import Decision, Store
from ..tools import ToolRegistry
from ._temporal_activities import (
    HEARTBEAT_TIMEOUT,
    WorkerActivities,
    dump,
    failure_details,
    failure_from_details,
    plan_data,
)

if TYPE_CHECKING:
    from temporalio.client import Client, WorkflowHandle
    from temporalio.worker import Worker

WORKFLOW = "plankit-plan"
TOOL_ACTIVITY = "plankit-tool"
LLM_ACTIVITY = "plankit-llm"
REPLAN_ACTIVITY = "plankit-replan"
STORE_ACTIVITY = "plankit-store"
DEFAULT_TASK_QUEUE = "plankit"
BATCHES_PATCH = "plankit-mirror-batches"
"""Temporal's patch marker for batched mirror writes: a workflow started before them (one local activity per
write) replays, and finishes, as it ran; new runs batch. Remove with ``workflow.deprecate_patch`` once no
workflow of a plankit older than this can still be open."""


def _temporalio() -> Any:
    try:
        import temporalio
    except ImportError:
        raise MissingExtraError("temporalio", "temporal") from None
    return temporalio


# ------------------------------------------------------------------------------- inside the workflow
class _WorkflowClock:
    """The executor's clock, on Temporal's time: durable timers, replayed identically. The mirror is
    flushed before a timer starts: the store shows what led to a wait while it lasts."""

    def __init__(self, mirror: _MirrorStore):
        self.mirror = mirror

    def now(self) -> datetime:
        from temporalio import workflow

        return workflow.now()

    async def sleep(self, seconds: float) -> None:
        if seconds > 0:
            await self.mirror.flush()
            await asyncio.sleep(seconds)  # a durable timer inside a workflow


@dataclass
class _Write:
    """One store write waiting for the next flush (a transition's records are dumped when it happens)."""

    method: str
    args: list[Any]
    keys: frozenset[tuple[str, int | None]] = frozenset()
    """For a transition: the step records it writes."""
    new_status: bool = True
    """For a transition: whether its header changes the execution's status (the store logs an event)."""


class _MirrorStore:
    """What the node runner sees as its store. Writes are queued and reach the real store in order, in one
    local activity per **flush**, which happens before the workflow waits on anything: an activity (the
    transition that precedes an action is in the store before the action runs, as in process), a timer, a
    signal, the end of the run. So the store is never behind what the run has done whenever the run waits
    — the only moments an operator can look between two of its steps. Consecutive transitions merge
    into one when neither the records nor the status events they leave in the store's log would differ.
    Decisions come from the workflow's signals; cancellation is the workflow's own."""

    def __init__(self, decisions: dict[str, Decision]):
        self.decisions = decisions
        self.batched = True
        """False when replaying a workflow that plankit before batching started: one local activity per write,
        as it did then (see :data:`BATCHES_PATCH`)."""
        self.queued: list[_Write] = []
        self.status: ExecutionStatus | None = None
        """The execution status of the last transition queued (None: not known, the first always writes)."""
        self._flushing = asyncio.Lock()

    async def flush(self) -> None:
        """Write what is queued, in order, in one local activity (after the one in flight, if any)."""
        from temporalio import workflow

        if not self.queued and not self._flushing.locked():
            return
        await asyncio.sleep(0)  # let sibling branches queue their writes too: one activity for all of them
        async with self._flushing:
            if not self.queued:
                return
            batch, self.queued = self.queued, []
            try:
                await workflow.execute_local_activity(
                    STORE_ACTIVITY, args=["batch", [[write.method, write.args] for write in batch]],
                    start_to_close_timeout=timedelta(seconds=60),
                )  # fmt: skip
            except BaseException:
                self.queued[:0] = batch  # not known to be written: again with the next flush (writes are idempotent)
                raise

    async def _read(self, method: str, *args: Any) -> Any:
        await self.flush()
        return await self._unbatched(method, *args)

    async def _queue(self, method: str, *args: Any) -> None:
        if self.batched:
            self.queued.append(_Write(method, list(args)))
        else:
            await self._unbatched(method, *args)

    async def _unbatched(self, method: str, *args: Any) -> Any:
        from temporalio import workflow

        return await workflow.execute_local_activity(
            STORE_ACTIVITY, args=[method, list(args)], start_to_close_timeout=timedelta(seconds=60)
        )

    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        # Never due for plankit's own workers: the workflow runs it (and its lease says so).
        header = dump(execution.model_copy(update={"wake_at": None}))
        records = [dump(step) for step in steps or []]
        if not self.batched:
            await self._unbatched("record_transition", header, records)
            return
        keys = frozenset((step.step_id, step.iteration) for step in steps or [])
        new_status = execution.status is not self.status
        self.status = execution.status
        last = self.queued[-1] if self.queued else None
        if last is not None and last.method == "record_transition" and not last.new_status and not last.keys & keys:
            # The earlier transition only wrote records (its header said what the store already says): written
            # together, the store holds the same records and logs the same events, in the same order.
            last.args = [header, [*last.args[1], *records]]
            last.keys |= keys
            last.new_status = new_status
            return
        self.queued.append(_Write("record_transition", [header, records], keys, new_status))

    async def release_execution(self, execution_id: str, owner: str) -> None:
        await self._queue("release_execution", execution_id, owner)

    async def add_dead_letter(self, entry: DeadLetterEntry) -> None:
        await self._queue("add_dead_letter", dump(entry))

    async def delete_dead_letter(self, entry_id: str) -> None:
        await self._queue("delete_dead_letter", entry_id)

    async def get_dead_letter(self, entry_id: str) -> DeadLetterEntry | None:
        found = await self._read("get_dead_letter", entry_id)
        return DeadLetterEntry.model_validate(found) if found is not None else None

    async def save_checkpoint(self, checkpoint: ExecutionCheckpoint) -> None:
        await self._queue("save_checkpoint", dump(checkpoint))

    async def save_plan(self, plan: Plan) -> str:
        return str(await self._read("save_plan", plan_data(plan)))  # its id is needed at once

    async def load_plan(self, plan_id: str) -> Plan | None:
        found = await self._read("load_plan", plan_id)
        return Plan.model_validate(found) if found is not None else None

    async def set_plan_status(self, plan_id: str, status: PlanStatus) -> None:
        await self._queue("set_plan_status", plan_id, status.value)

    async def load_decision(self, execution_id: str, step_id: str) -> Decision | None:
        return self.decisions.get(step_id)

    async def cancel_requested(self, execution_id: str) -> bool:
        return False  # a cancel is the workflow's cancellation


class _RemoteFailure(StepFailure):
    """A tool's failure, classified in the activity and carried back as it was classified there."""

    def __init__(self, failure: Failure):
        super().__init__(failure.message)
        self.error_type = failure.error_type
        self.retryable = failure.retryable
        self.status_code = failure.status_code


class _Nondeterministic(RunAborted):
    """Workflow code did what a workflow must not (the sandbox refused it): the workflow task fails, and
    Temporal retries it until a fixed worker runs it. Never a step's failure, which would be recorded."""


async def _strict(body: Awaitable[Outcome]) -> Outcome:
    from temporalio.workflow import NondeterminismError

    try:
        return await body
    except NondeterminismError as exc:
        raise _Nondeterministic(f"the workflow's code is not deterministic: {exc}") from exc


class _TemporalNodeRunner(NodeRunner):
    """The executor's node runner with actions and ``llm`` steps sent to activities."""

    heartbeat_timeout = HEARTBEAT_TIMEOUT
    policy: dict[str, Any] | None = None
    """The run's policy (JSON data) when the guard is on: activities judge each concrete call with it."""

    def _body(
        self, node: NodeBase, record: StepExecution, iteration: IterationKey, ctx: ToolContext | None, resumed: bool
    ) -> Awaitable[Outcome]:
        # A step's body catches every exception as the step's failure; a sandbox violation must not be one.
        return _strict(super()._body(node, record, iteration, ctx, resumed))

    async def _action(self, node: ActionNode, iteration: IterationKey, ctx: ToolContext) -> Outcome:
        params = await self._params(node)
        self.state.params[(node.id, iteration)] = params
        request = self._request(ctx, tool=node.tool, params=params)
        # Literal params are what the plan's lint judged: only a call with resolved values is new to the
        # policy (as in process). The worker applies the guard with the run's policy.
        if self._needs_resolution[node.id] and self.policy is not None:
            request["guard"] = {
                "policy": self.policy, "confirmed": node.require_confirmation,
                "tainted_by": self._sensitive_input(node.id), "metadata": node.metadata,
            }  # fmt: skip
        return Outcome("ok", await self._activity(TOOL_ACTIVITY, request, node.timeout_ms, ctx))

    async def _llm(self, node: LlmNode, iteration: IterationKey, ctx: ToolContext) -> Outcome:
        prompt = self.resolver.text(node.prompt)
        self.state.params[(node.id, iteration)] = {"prompt": prompt}
        inputs: list[list[Any]] = []
        for dep in dict.fromkeys(self.state.graph.predecessors.get(node.id, [])):
            record = self.state.lookup(dep)
            if record is None or record.status is not StepStatus.COMPLETED:
                continue
            upstream = self.state.graph.nodes.get(dep)
            inputs.append([dep, record.output, upstream.tool if isinstance(upstream, ActionNode) else None])
        request = self._request(ctx, node=node.model_dump(mode="json", by_alias=True), prompt=prompt, inputs=inputs)
        if self.policy is not None:
            request["guard"] = {"policy": self.policy}
        return Outcome("ok", await self._activity(LLM_ACTIVITY, request, node.timeout_ms, ctx))

    def _request(self, ctx: ToolContext, **fields: Any) -> dict[str, Any]:
        return {
            "execution_id": ctx.execution_id, "step_id": ctx.step_id, "attempt": ctx.attempt,
            "idempotency_key": ctx.idempotency_key, "iteration": ctx.iteration,
            "deadline": ctx.deadline.isoformat() if ctx.deadline else None, "now": self.clock.now().isoformat(),
            **fields,
        }  # fmt: skip

    async def _activity(self, name: str, request: dict[str, Any], timeout_ms: int | None, ctx: ToolContext) -> Any:
        """One attempt as an activity; its failure comes back as the worker classified it."""
        from temporalio import workflow
        from temporalio.common import RetryPolicy
        from temporalio.exceptions import ActivityError, ApplicationError

        # The node's timeout bounds the attempt (the runner cancels it); Temporal's own timeout is a backstop.
        timeout = timedelta(milliseconds=timeout_ms + 5_000) if timeout_ms else timedelta(days=1)
        await _mirror(self.state).flush()  # every transition before the action is in the store before it runs
        try:
            return await workflow.execute_activity(
                name,
                request,
                start_to_close_timeout=timeout,
                heartbeat_timeout=timedelta(seconds=self.heartbeat_timeout),
                # A step's own failure is non-retryable here: the node's policy decides, attempt by attempt. What
                # Temporal retries is a lost worker (a missed heartbeat): the same attempt, as a resume would.
                retry_policy=RetryPolicy(
                    initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=30), maximum_attempts=0
                ),
                activity_id=f"{ctx.step_id}:{ctx.iteration}:{ctx.attempt}",
            )
        except ActivityError as exc:
            cause = exc.cause
            if isinstance(cause, ApplicationError) and cause.details:
                raise _failure_from(cause.details[0]) from None
            raise _RemoteFailure(Failure(str(cause or exc), ErrorType.TOOL_ERROR, True)) from None


def _failure_from(details: Mapping[str, Any]) -> StepFailure:
    failure = failure_from_details(details)
    if failure.error_type is ErrorType.RATE_LIMIT:
        return RateLimitError(failure.message, failure.retry_after)
    return _RemoteFailure(failure)


async def _run_plan(request: dict[str, Any], decisions: dict[str, Decision], decided: asyncio.Event) -> str:
    """The workflow's body: run the plan; wait for decisions while it is paused; mirror every transition."""
    from temporalio import workflow

    plan = Plan.model_validate(request["plan"])
    mirror = _MirrorStore(decisions)
    mirror.batched = workflow.patched(BATCHES_PATCH)
    store = cast(Store, mirror)
    clock = _WorkflowClock(mirror)
    # The header recorded when the execution was created (a fire's carries its schedule), now started.
    header = Execution.model_validate(request["header"])
    if header.started_at is None:
        header = header.model_copy(update={"started_at": clock.now()})
    if request.get("scheduled"):  # started by a Temporal Schedule: linted by the worker, recorded as a fire
        from .temporal_schedules import begin_scheduled_run

        begun = await begin_scheduled_run(request, header)
        if begun is None:
            return "refused"  # the worker's policy refused the plan: nothing ran (the fire says why)
        header = begun
    # A dead letter's retry continues the execution from its records, the requeued ones written first.
    steps = [StepExecution.model_validate(step) for step in request.get("steps", [])]
    requeued = [(step_id, iteration) for step_id, iteration in request.get("requeued", [])]
    rng = random.Random(workflow.random().random())
    while True:
        state = RunState(store, header, plan, clock, None, steps)
        state.dirty.extend(state.records[key] for key in requeued)
        requeued = []
        await state.set_status(ExecutionStatus.RUNNING)
        try:
            outcome = await _run_with_replanning(state, request, rng)
            if outcome.kind == "paused":
                await state.set_status(ExecutionStatus.PAUSED)
                await _settle(store, state)
                decided.clear()
                await workflow.wait_condition(decided.is_set)
                header, plan, steps = state.header, state.plan, state.steps()
                continue
        except asyncio.CancelledError:  # the workflow was cancelled (running, waiting or paused)
            for record in state.steps():
                if record.status not in TERMINAL:
                    state.mark_cancelled(record)
            await state.set_status(ExecutionStatus.CANCELLED, "cancelled")
            await _settle(store, state)
            raise
        if outcome.kind == "failed":
            assert outcome.failure is not None
            await state.set_status(ExecutionStatus.FAILED, outcome.failure.message)
        else:
            await state.set_status(ExecutionStatus.COMPLETED)
        await _settle(store, state)
        if request.get("scheduled"):  # the plan follows its schedule, as after a fire of plankit's scheduler
            from .temporal_schedules import end_scheduled_run

            await end_scheduled_run(state.header)
        return state.header.status.value


async def _run_with_replanning(state: RunState, request: dict[str, Any], rng: random.Random) -> Outcome:
    """Run the plan; with replanning on, a failure that reaches the top gets a revised plan to continue (as
    the executor's ``_run_plan`` does): the planner runs in an activity, the revision is committed here."""
    replan = request.get("replan")
    while True:
        outcome = await _runner(state, request, rng).run_top()
        if outcome.kind != "failed" or not replan:
            return outcome
        assert outcome.failure is not None
        failure = await _replan(state, outcome.failure, request, int(replan["max_replans"]))
        if failure is not None:
            return Outcome("failed", failure=failure)


def _runner(state: RunState, request: dict[str, Any], rng: random.Random) -> _TemporalNodeRunner:
    resolver = Resolver(
        state.lookup, context=state.plan.context, env=request.get("env", {}), env_allow=request.get("env_allow", []),
        runtime=None, clock=state.clock, trigger=state.header.trigger_data,
    )  # fmt: skip
    runner = _TemporalNodeRunner(
        state, resolver, tools=ToolRegistry(), llm=None, pool=None,  # type: ignore[arg-type]
        slots=None, rng=rng, jitter=float(request.get("jitter", 0.1)),
    )  # fmt: skip
    runner.heartbeat_timeout = float(request.get("heartbeat_timeout", HEARTBEAT_TIMEOUT))
    runner.policy = request.get("policy") if request.get("guard") else None
    return runner


async def _replan(state: RunState, failure: Failure, request: dict[str, Any], max_replans: int) -> Failure | None:
    """One round of replanning: None when the revision is committed and the run goes on, else the failure."""
    from temporalio import workflow
    from temporalio.common import RetryPolicy
    from temporalio.exceptions import ActivityError

    if not _mirror(state).batched:
        await state.flush()  # as plankit did before batching (a replay of its history issues the same commands)
    refused = await replan_refusal(state, failure, max_replans)
    if refused is not None:
        return refused
    await state.flush()  # the failure is durable before the planner takes its time
    await _mirror(state).flush()
    policy = request.get("policy") or {}
    asked = {
        "plan": plan_data(state.plan), "header": dump(state.header), "steps": [dump(step) for step in state.steps()],
        "failure": failure_details(failure), "policy": policy, "max_replans": max_replans,
    }  # fmt: skip
    try:
        answer = await workflow.execute_activity(
            REPLAN_ACTIVITY, asked, start_to_close_timeout=timedelta(minutes=10),
            # The planner's own failures come back as data; what Temporal retries is a lost worker.
            retry_policy=RetryPolicy(maximum_attempts=3), activity_id=f"replan:{state.plan.revision + 1}",
        )  # fmt: skip
    except ActivityError as exc:  # the worker kept failing (a bug, a lost store): the step's failure stands
        return replace(failure, message=f"{failure.message}; replanning failed: {exc.cause or exc}")
    if "failure" in answer:
        return failure_from_details(answer["failure"])
    plan = Plan.model_validate(answer["plan"])
    revision = Revision(plan=plan, added=tuple(answer["added"]), dropped=tuple(answer["dropped"]))
    await Replanning(_no_planner, max_replans=max_replans).apply(
        state, failure, revision, tools=ToolRegistry(), policy=Policy.model_validate(policy)
    )
    return None


async def _no_planner(request: ReplanRequest) -> Revision:
    raise AssertionError("on Temporal the planner runs in the worker's activity")


async def _settle(store: Store, state: RunState) -> None:
    """The plan's status, the checkpoint and (at the end) the lease, flushed with the last transition."""
    execution = state.snapshot()
    await follow_execution(store, state.plan, execution)
    await store.save_checkpoint(checkpoint_of(execution, state.clock.now()))
    # A completed or failed execution stays leased to Temporal: its dead letters (failed or skipped steps) are
    # retried in a new run of its workflow, and the lease is how a plankit executor on the same store (a
    # `dead-letters retry` without --engine temporal, a local `plankit serve`) knows not to run them itself.
    # A workflow of a plankit before batched writes released it at any end, one local activity per write: it
    # replays as it ran.
    ended = execution.status in (ExecutionStatus.COMPLETED, ExecutionStatus.FAILED)
    if execution.status is ExecutionStatus.CANCELLED or (ended and not _mirror(state).batched):
        await store.release_execution(execution.execution_id, lease_owner(execution.execution_id))
    await _mirror(state).flush()


def _mirror(state: RunState) -> _MirrorStore:
    return cast(_MirrorStore, state.store)


def lease_owner(execution_id: str) -> str:
    """Who holds the lease of an execution that runs on Temporal (until it ends): plankit's own workers
    leave it alone, and ``plankit resume`` names it."""
    return f"temporal:{execution_id}"


FOREVER = datetime(9999, 1, 1, tzinfo=UTC)


class PlanWorkflow:
    """One execution of one plan, as a Temporal workflow (registered by :func:`temporal_worker`)."""

    def __init__(self) -> None:
        self.decisions: dict[str, Decision] = {}
        self.decided = asyncio.Event()

    async def run(self, request: dict[str, Any]) -> str:
        """Run the plan of ``request`` (see :meth:`TemporalEngine.start`); returns the final status."""
        return await _run_plan(request, self.decisions, self.decided)

    def decide(self, step_key: str, approved: bool, by: str | None = None) -> None:
        """The ``decide`` signal: an approval or denial of a step awaiting confirmation."""
        self.decisions[step_key] = Decision(step_key, approved, by)
        self.decided.set()


@functools.cache
def _workflow_class() -> type:
    # Decorated in its own module, which needs temporalio (importing this one does not), and which the
    # sandbox imports afresh for each run.
    _temporalio()
    from ._temporal_workflow import PlanWorkflow as Decorated

    return Decorated


# ------------------------------------------------------------------------------------- public API
@dataclass
class TemporalEngine:
    """Runs plans on a Temporal cluster, keeping their records in ``store``.

    >>> client = await Client.connect("localhost:7233", namespace="default")
    >>> engine = TemporalEngine(client, store, task_queue="plankit")
    >>> execution_id = await engine.start(plan, executor)   # linted by the executor first
    >>> await engine.approve(execution_id, "pay", by="ann")
    """

    client: Client
    store: Store
    task_queue: str = DEFAULT_TASK_QUEUE
    heartbeat_timeout: float = HEARTBEAT_TIMEOUT
    """Seconds without a heartbeat before a tool's attempt is given to another worker."""

    async def start(self, plan: Plan, executor: Executor, execution_id: str | None = None) -> str:
        """Lint ``plan`` (raising ``PlanRefusedError``), store it, and start its workflow; returns the
        execution id, which is also the workflow id."""
        from ..errors import PlanRefusedError

        result = executor.check(plan)
        if not result.valid:
            codes = ", ".join(sorted({d.code for d in result.errors}))
            raise PlanRefusedError(f"the plan was refused ({codes})", result)
        ready = plan_ready_to_run(plan)
        plan_id = await self.store.save_plan(ready)
        ready = ready.model_copy(update={"id": plan_id})
        execution_id = execution_id or executor.ids("exec_")
        header = Execution(
            execution_id=execution_id, plan_id=plan_id, owner=ready.owner, status=ExecutionStatus.PENDING,
            plan_revision=ready.revision,
        )  # fmt: skip
        if await self.store.load_execution(execution_id) is not None:
            raise ValueError(f"execution {execution_id!r} already exists")
        await self.store.record_transition(header)
        await self._launch(header, ready, executor)
        return execution_id

    async def start_pending(self, execution_id: str, executor: Executor) -> None:
        """Start the workflow of an execution created ``pending`` (by a fire of plankit's scheduler).

        Idempotent: an execution already leased to Temporal, or whose workflow exists, is left as it is.
        Raises ``LookupError`` for an unknown execution or plan, and ``LeaseHeldError`` when a plankit
        worker runs it.
        """
        execution = await self.store.load_execution(execution_id)
        if execution is None:
            raise LookupError(f"no execution {execution_id!r} in the store")
        plan = await self.store.load_plan(execution.plan_id)
        if plan is None:
            raise LookupError(f"the plan {execution.plan_id!r} of execution {execution_id!r} is not in the store")
        if execution.status is ExecutionStatus.PENDING:
            await self._launch(execution.model_copy(update={"steps": []}), plan, executor)

    async def retry_dead_letter(self, entry_id: str, executor: Executor) -> str:
        """Send a dead letter's step back into its execution, as :meth:`Executor.retry_dead_letter` does in
        process, and continue that execution in a new run of its workflow (same id; the run starts from the
        mirrored records: what completed stays completed). Returns the execution id.

        Raises ``LookupError`` for an unknown dead letter or a gone execution, plan or step, and
        ``ValueError`` when the step isn't failed or the execution is cancelled or has not ended (its
        workflow is still open: a paused execution waits for its decision).
        """
        entry = await self.store.get_dead_letter(entry_id)
        if entry is None:
            raise LookupError(f"no dead letter {entry_id!r}")
        execution = await self.store.load_execution(entry.execution_id)
        if execution is None:
            raise LookupError(f"dead letter {entry_id!r}: its execution {entry.execution_id!r} is not in the store")
        if execution.status is ExecutionStatus.CANCELLED:
            raise ValueError(f"dead letter {entry_id!r}: execution {entry.execution_id} was cancelled; start it anew")
        if execution.status not in (ExecutionStatus.FAILED, ExecutionStatus.COMPLETED):
            raise ValueError(
                f"dead letter {entry_id!r}: execution {entry.execution_id} is {execution.status.value} on Temporal "
                "(its workflow is still open); retry its dead letters once it has ended, or cancel it first"
            )
        plan = await self.store.load_plan(execution.plan_id)
        if plan is None:
            raise LookupError(f"the plan {execution.plan_id!r} of execution {entry.execution_id!r} is not in the store")
        # The store shows the end a moment before the workflow run closes: a new run (same id) can start only
        # then; started earlier, it would be refused as "already started" and the retry silently lost.
        await self._until_closed(entry.execution_id)
        changed = requeue(entry, execution, PlanGraph.of(plan))
        header = execution.model_copy(update={"steps": [], "completed_at": None, "error": None})
        await self._launch(
            header, plan, executor, steps=[dump(step) for step in execution.steps],
            requeued=[[record.step_id, record.iteration] for record in changed],
        )  # fmt: skip
        return execution.execution_id

    async def _until_closed(self, execution_id: str, timeout: float = 60.0) -> None:
        """Wait until the execution's workflow run is closed on Temporal (or there is none); raise
        ``RuntimeError`` when it is still open after ``timeout`` seconds."""
        from temporalio.client import WorkflowExecutionStatus
        from temporalio.service import RPCError, RPCStatusCode

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                status = (await self.handle(execution_id).describe()).status
            except RPCError as exc:
                if exc.status is RPCStatusCode.NOT_FOUND:
                    return  # never ran on this cluster (or its history is gone): nothing to wait for
                raise
            if status is not WorkflowExecutionStatus.RUNNING:
                return
            if loop.time() > deadline:
                raise RuntimeError(
                    f"execution {execution_id!r}: its workflow is still open on Temporal after {timeout:.0f} s; "
                    "retry once it has closed"
                )
            await asyncio.sleep(0.05)

    async def _launch(self, header: Execution, plan: Plan, executor: Executor, **more: Any) -> None:
        from temporalio.exceptions import WorkflowAlreadyStartedError

        from ..errors import LeaseHeldError

        # Leased to Temporal before the workflow starts, for as long as it runs: no plankit worker sharing the
        # store takes the execution (a decision would otherwise make it due for them).
        execution_id = header.execution_id
        holder = await self.store.claim_execution(execution_id, lease_owner(execution_id), FOREVER, datetime.now(UTC))
        if holder is not None:
            message = f"execution {execution_id!r} is being run by {holder.owner}"
            raise LeaseHeldError(message, holder.owner, holder.until)
        request = {
            "plan": plan.model_dump(mode="json", by_alias=True, exclude_defaults=True),
            "header": header.model_copy(update={"status": ExecutionStatus.RUNNING}).model_dump(mode="json"),
            "execution_id": execution_id, "heartbeat_timeout": self.heartbeat_timeout, **run_options(executor),
            **more,
        }  # fmt: skip
        with contextlib.suppress(WorkflowAlreadyStartedError):  # started before (a worker died right after)
            await self.client.start_workflow(WORKFLOW, request, id=execution_id, task_queue=self.task_queue)

    def handle(self, execution_id: str) -> WorkflowHandle[Any, Any]:
        """The workflow of an execution."""
        return self.client.get_workflow_handle(execution_id)

    async def wait(
        self, execution_id: str, poll: float = 0.1, *, until_final: bool = False, ended_before: datetime | None = None
    ) -> Execution:
        """The execution once it is completed, failed, cancelled or (unless ``until_final``) paused, read from
        the mirrored records; ``ended_before``: not the end of an earlier run that ended then."""
        settled = {ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED}
        if not until_final:
            settled.add(ExecutionStatus.PAUSED)
        while True:
            execution = await self.store.load_execution(execution_id)
            fresh = ended_before is None or (execution is not None and execution.completed_at != ended_before)
            if execution is not None and execution.status in settled and fresh:
                return execution
            await asyncio.sleep(poll)

    async def decide(
        self, execution_id: str, step_id: str, approved: bool, by: str | None = None, iteration: int | None = None
    ) -> None:
        """Record a decision in the store and signal it to the workflow, which continues at once."""
        decision = Decision(decision_key(step_id, iteration), approved, by)
        await self.store.record_decision(execution_id, decision)
        await self.signal(execution_id, decision)

    async def signal(self, execution_id: str, decision: Decision) -> None:
        """Send a decision already recorded in the store (``plankit.execute.approve`` checked it) to the workflow."""
        await self.handle(execution_id).signal("decide", args=[decision.step_id, decision.approved, decision.by])

    async def cancel(self, execution_id: str) -> None:
        """Cancel the workflow; it records the execution ``cancelled``."""
        await self.store.request_cancel(execution_id)
        await self.handle(execution_id).cancel()


def run_options(executor: Executor) -> dict[str, Any]:
    """What a workflow's request takes from the executor that starts it: the ``env`` its references may read
    (only keys the policy allows), jitter, the policy (the worker lints replans and, with the guard on, judges
    each concrete tool call with it) and whether and how often to replan."""
    replanning = executor.replanning
    return {
        "env": {key: value for key, value in executor.env.items() if key in executor.policy.env_allow},
        "env_allow": list(executor.policy.env_allow), "jitter": executor.jitter,
        "policy": executor.policy.model_dump(mode="json", exclude_defaults=True), "guard": executor.guard is not None,
        "replan": {"max_replans": replanning.max_replans} if replanning is not None else None,
    }  # fmt: skip


class TemporalExecutor(Executor):
    """An :class:`~plankit.execute.Executor` whose executions run on Temporal, for plankit's scheduler:
    ``Scheduler(store, executor=TemporalExecutor(store, tools, engine=engine))`` decides fires as always
    (leases, keys, lint at fire time) and starts a workflow for each execution they create."""

    def __init__(self, store: Store, tools: ToolRegistry | None = None, *, engine: TemporalEngine, **options: Any):
        super().__init__(store, tools, **options)
        self.engine = engine

    async def start(self, plan: Plan | Mapping[str, Any], execution_id: str | None = None) -> Execution:
        """Start the plan's workflow; return the execution once it completes, fails, is cancelled or pauses."""
        from ..plan import plan_from_data

        loaded = plan if isinstance(plan, Plan) else plan_from_data(plan)
        return await self.engine.wait(await self.engine.start(loaded, self, execution_id))

    async def retry_dead_letter(self, entry_id: str) -> Execution:
        """Retry a dead letter's step in a new run of its execution's workflow
        (:meth:`TemporalEngine.retry_dead_letter`); return the execution once it ends or pauses again."""
        entry = await self.store.get_dead_letter(entry_id)
        before = await self.store.load_execution(entry.execution_id) if entry is not None else None
        execution_id = await self.engine.retry_dead_letter(entry_id, self)
        ended = before.completed_at if before is not None else None
        return await self.engine.wait(execution_id, ended_before=ended)

    async def resume(self, execution_id: str) -> Execution:
        """Start the workflow of a pending execution (a fire's); return its record as it is now."""
        # The scheduler claimed the execution for this worker: hand the lease to Temporal's holder (giving up
        # one's own lease is a no-op when there is none).
        await self.store.release_execution(execution_id, self.worker_id)
        await self.engine.start_pending(execution_id, self)
        found = await self.store.load_execution(execution_id)
        assert found is not None
        return found


def temporal_worker(
    client: Client, store: Store, tools: ToolRegistry, task_queue: str = DEFAULT_TASK_QUEUE, *,
    llm: LlmStepRunner | None = None, planner: Planner | None = None, policy: Policy | None = None,
) -> Worker:  # fmt: skip
    """A Temporal worker running plankit's workflow and activities (``async with worker: ...`` or
    ``await worker.run()``); ``tools`` are the tools it can call, ``store`` where records are mirrored.

    ``llm`` runs ``llm`` steps (a :class:`~plankit.execute.ModelSteps` over a client, as the executor's
    ``llm``); ``planner`` writes the rest of a failed plan for executions started with replanning on (e.g.
    :class:`plankit.compile.LlmReplanner`). Without them such steps and replans fail with a message saying so.
    ``policy`` is what a run a Temporal Schedule starts is linted against first (None: the built-in default).
    """
    _temporalio()
    from temporalio.worker import Worker

    from ._temporal_workflow import workflow_runner

    return Worker(
        client, task_queue=task_queue, workflows=[_workflow_class()],
        activities=_activities(client, store, tools, llm, planner, policy), workflow_runner=workflow_runner(),
    )  # fmt: skip


def _activities(
    client: Client, store: Store, tools: ToolRegistry, llm: LlmStepRunner | None, planner: Planner | None,
    policy: Policy | None = None,
) -> list[Callable[..., Any]]:
    """The activities a worker registers, over one :class:`WorkerActivities` (and the scheduled runs' own)."""
    from temporalio import activity

    from ..builtin_tools import BUILTIN_TOOLS
    from .temporal_schedules import ScheduledRuns, scheduled_runs_activities

    # The builtins, as the executor has them.
    activities = WorkerActivities(store, BUILTIN_TOOLS.combined_with(tools), llm=llm, planner=planner)

    @activity.defn(name=TOOL_ACTIVITY)
    async def tool(request: dict[str, Any]) -> Any:
        return await activities.tool(request)

    @activity.defn(name=LLM_ACTIVITY)
    async def llm_step(request: dict[str, Any]) -> Any:
        return await activities.llm_step(request)

    @activity.defn(name=REPLAN_ACTIVITY)
    async def replan(request: dict[str, Any]) -> Any:
        return await activities.replan(request)

    @activity.defn(name=STORE_ACTIVITY)
    async def store_call(method: str, args: list[Any]) -> Any:
        return await activities.store_call(method, args)

    # A scheduled run is linted as plankit's scheduler lints a fire: with this worker's policy, tools and model.
    fires = scheduled_runs_activities(ScheduledRuns(store, Executor(store, tools, policy=policy, llm=llm), client))
    return [tool, llm_step, replan, store_call, *fires]
