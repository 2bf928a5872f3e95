"""The worker: fires due schedules and runs due executions, sharing the work with any other workers on
the same store through leases.

One tick does two kinds of indexed claims (nothing is scanned): schedules whose ``due_at`` has come, and
executions whose ``wake_at`` has come. Each claim takes the leases of several due rows in one atomic step
(``Store.claim_due_schedules``/``claim_due_executions``) and reads them under those leases, so workers
sharing a store split the due work between them instead of all reading the same list and racing for each
row. A claimed schedule is decided (:mod:`._fires`) and committed in one transaction with the executions
its fires start, named after the fire keys: a worker that dies anywhere in between leaves either nothing
(the schedule is still due once its lease expires; the next decision makes the same keys) or everything
(the executions are due; any worker runs them). Executions run under their own leases through
:class:`~plankit.execute.Executor`; a long ``wait`` parks the execution (``waiting``) and frees the slot,
and a decided confirmation makes a paused execution due again.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..errors import LeaseHeldError, PlanRefusedError
from ..execute import DEFAULT_LEASE_SECONDS, Clock, Executor, Resolver, SystemClock
from ..feeds import FeedError, FeedRuntime, Feeds
from ..lint import Policy
from ..plan import (
    Execution,
    ExecutionStatus,
    Fire,
    FireStatus,
    Plan,
    PlanStatus,
    PriceTrigger,
    Schedule,
    ScheduleStatus,
    fire_execution_id,
    fire_key,
    transition_path,
)
from ..store import Store
from ..tools import ToolRegistry
from ._fires import decide
from ._logs import LogReads
from ._manage import pending_execution
from ._observe import DEFAULT_FEED_POLL, next_slot, observe, poll_interval
from ._price_index import PriceIndex

logger = logging.getLogger("plankit.schedule")

DEFAULT_PARK_AFTER = 30.0
"""Waits with more seconds left than this park their execution instead of holding a worker slot."""


PRICE_RELOAD = timedelta(seconds=60)
"""How often the price watch rebuilds its index from the store (to follow other workers' changes)."""

CLAIM_CHUNK = 10
"""How many due schedules a worker claims at a time (then decides them, then claims again)."""

REFUSAL_PAUSE = timedelta(minutes=5)
"""How long a worker leaves alone an execution it could not run (then it tries again: tools may have changed)."""
MAX_REFUSED = 1_000

_FINAL = frozenset({ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED})


@dataclass
class TickReport:
    """What one tick did."""

    decided: list[str] = field(default_factory=list)
    """Ids of the schedules this worker decided."""
    started: list[str] = field(default_factory=list)
    """Ids of the executions this worker began (or continued)."""

    @property
    def idle(self) -> bool:
        """True when the tick found nothing to do."""
        return not self.decided and not self.started


class Scheduler:
    """A worker over one store: ``await scheduler.run()`` until :meth:`stop`, or ``await run_once()``.

    ``concurrency`` executions run at a time; ``clock`` is injectable (``plankit.testing.FakeClock``).
    Pass ``executor`` to control how plans run (tools, policy, LLM runner); it must use the same store.
    """

    def __init__(
        self,
        store: Store,
        tools: ToolRegistry | None = None,
        *,
        policy: Policy | None = None,
        clock: Clock | None = None,
        executor: Executor | None = None,
        concurrency: int = 4,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        park_after: float = DEFAULT_PARK_AFTER,
        poll_interval: float = 1.0,
        batch: int = 100,
        worker_id: str | None = None,
        feeds: Feeds | None = None,
        feed_poll: timedelta = DEFAULT_FEED_POLL,
    ):
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.store = store
        self.clock: Clock = clock or (executor.clock if executor is not None else SystemClock())
        self.feeds = feeds
        self.feed_poll = feed_poll
        self.executor = executor or Executor(
            store,
            tools,
            policy=policy,
            clock=self.clock,
            worker_id=worker_id,
            lease_seconds=lease_seconds,
            park_after=park_after,
            runtime=FeedRuntime(feeds) if feeds is not None else None,
            wake_on_interrupt=True,
        )
        self.worker_id = self.executor.worker_id
        self.lease = timedelta(seconds=lease_seconds)
        self._execution_lease = timedelta(seconds=self.executor.lease_seconds)
        self.concurrency = concurrency
        self.poll_interval = poll_interval
        self.batch = batch
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._refused: dict[str, datetime] = {}
        """Executions this worker can't run (a tool it lacks), until when it leaves them to workers that can;
        kept at most MAX_REFUSED (the oldest go first), so a tick's look-up stays small."""
        self._log_reads = LogReads()
        self._prices = PriceIndex()
        self._prices_loaded_at: datetime | None = None
        self._next_price_tick: datetime | None = None
        self._stopping = asyncio.Event()
        self._hurry = asyncio.Event()
        self._wakeup = asyncio.Event()

    # --------------------------------------------------------------------------------------- running
    async def tick(self) -> TickReport:
        """Decide every due schedule (up to ``batch``) and start due executions into free slots."""
        report = TickReport()
        self._log_reads = LogReads()  # on-chain triggers decided in this tick share their log reads
        if self._watching_prices():
            await self._watch_prices(self.clock.now())
        await self._decide_due(report)
        now = self.clock.now()
        self._forget_refusals(now)
        free = self.concurrency - len(self._tasks)
        if free > 0 and not self._stopping.is_set():
            # Claimed in one step, as many as there are free slots: workers sharing the store never race for
            # the same execution (each claim skips the others'), and an execution is claimed before it is read.
            # Executions this worker runs or can't run (refused) are left to the others.
            claimed = await self.store.claim_due_executions(
                self.worker_id, now + self._execution_lease, now, free, exclude=[*self._tasks, *self._refused]
            )
            for execution_id in claimed:
                self._tasks[execution_id] = asyncio.ensure_future(self._run_execution(execution_id))
                report.started.append(execution_id)
        return report

    async def run_once(self) -> list[TickReport]:
        """Do everything due now, wait for it to finish (or park, or pause), and return (``--once``).

        It ends: every round either finds work that then ends (an execution completes, fails, parks until a
        later time or pauses for a person) or finds none.
        """
        reports: list[TickReport] = []
        while True:
            report = await self.tick()
            reports.append(report)
            if self._tasks:
                await asyncio.wait(set(self._tasks.values()), return_when=asyncio.FIRST_COMPLETED)
            elif report.idle:
                return reports

    async def run(self, grace_seconds: float = 30.0) -> None:
        """Work until :meth:`stop`; then let running executions finish within ``grace_seconds`` (real
        seconds), and cancel the rest, which stay resumable by any worker (their leases are given up)."""
        # A store that can tell (PostgreSQL's NOTIFY) wakes the loop when other processes make work due.
        self.store.add_work_listener(self._wakeup.set)
        try:
            await self._loop()
        finally:
            self.store.remove_work_listener(self._wakeup.set)
        await self._drain(grace_seconds)

    async def _loop(self) -> None:
        while not self._stopping.is_set():
            self._wakeup.clear()
            await self.tick()
            sleeper = asyncio.ensure_future(self.clock.sleep(self.poll_interval))
            waker = asyncio.ensure_future(self._wakeup.wait())
            stopper = asyncio.ensure_future(self._stopping.wait())
            await asyncio.wait({sleeper, waker, stopper}, return_when=asyncio.FIRST_COMPLETED)
            for waiter in (sleeper, waker, stopper):
                waiter.cancel()

    def stop(self) -> None:
        """Stop taking work (safe to call from a signal handler on the loop)."""
        self._stopping.set()

    def hurry(self) -> None:
        """After :meth:`stop`, cancel the running executions now instead of at the end of the grace period
        (a second Ctrl-C); they stay resumable by any worker. Safe to call from a signal handler."""
        self._hurry.set()

    @property
    def running(self) -> int:
        """How many executions this worker is running now."""
        return sum(1 for task in self._tasks.values() if not task.done())

    def wake(self) -> None:
        """Look for due work now instead of at the next poll (new work was just stored by this process)."""
        self._wakeup.set()

    async def _drain(self, grace_seconds: float) -> None:
        running = set(self._tasks.values())
        if not running:
            return
        logger.info("waiting up to %g s for %d running execution(s)", grace_seconds, len(running))
        # Until they all finish, the grace period ends or hurry() is called. (Cancelling the waiter of
        # asyncio.wait leaves the executions running: only the ones still pending below are cancelled.)
        finished = asyncio.ensure_future(asyncio.wait(running))
        hurried = asyncio.ensure_future(self._hurry.wait())
        await asyncio.wait({finished, hurried}, timeout=grace_seconds, return_when=asyncio.FIRST_COMPLETED)
        finished.cancel()
        hurried.cancel()
        pending = {task for task in running if not task.done()}
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending)

    # ------------------------------------------------------------------------------------ schedules
    async def _decide_due(self, report: TickReport) -> None:
        """Claim due schedules a few at a time (up to ``batch`` in all) and decide each one.

        A small claim at a time, not the whole batch: each claim's leases count from when it is made, so a
        long batch can't outlive them, and workers sharing the store split a burst of due schedules between
        them instead of one taking it all.
        """
        taken = 0
        while taken < self.batch and not self._stopping.is_set():
            now = self.clock.now()
            wanted = min(CLAIM_CHUNK, self.batch - taken)
            claimed = await self.store.claim_due_schedules(self.worker_id, now + self.lease, now, wanted)
            taken += len(claimed)
            for index, schedule in enumerate(claimed):
                if self._stopping.is_set():  # give the rest back untouched: another worker decides them
                    for left in claimed[index:]:
                        await self.store.commit_fire(left, [])
                    return
                # Each decision reads the clock anew, and lets the loop run in between: lease renewals of running
                # executions and a stop request must not wait for a whole batch.
                if await self._decide(schedule, self.clock.now()):
                    report.decided.append(schedule.id)
                await asyncio.sleep(0)
            if len(claimed) < wanted:
                return

    async def _decide(self, current: Schedule, now: datetime) -> bool:
        """Decide a schedule this worker claimed (read under its lease) and commit the decision, which lets the
        lease go; False when there was nothing to record (a fire already on record, a refusal)."""
        if current.trigger.type not in ("time", "interval", "cron", "immediate"):
            return await self._decide_market(current, now)
        previous_running = await self._running(current.last_execution_id)
        decision = decide(current, now, previous_running=previous_running)
        executions = await self._executions_for(decision.schedule, decision.started, now)
        if not await self.store.commit_fire(decision.schedule, decision.fires, executions):
            return False
        await self._plan_follows(decision.schedule, executions)
        return True

    async def _decide_market(self, schedule: Schedule, now: datetime) -> bool:
        """Observe a market or chain trigger once; record its fires (with the data the plan sees) and state."""
        plan = await self.store.load_plan(schedule.plan_id)
        if plan is None:
            schedule.status = ScheduleStatus.COMPLETED
            schedule.due_at = None
            await self.store.commit_fire(schedule, [])
            return False
        slot = schedule.due_at or now
        observed = await observe(schedule, plan, self.feeds, self._resolver(plan), now, self._log_reads)
        updated = schedule.model_copy(update={"state": observed.state, "status": observed.status})
        fires = []
        for suffix, data in observed.fires:
            key = f"{schedule.id}@{suffix}" if suffix else fire_key(schedule.id, slot)
            fire = Fire(key=key, schedule_id=schedule.id, nominal_at=slot, status=FireStatus.STARTED, recorded_at=now,
                        execution_id=fire_execution_id(key), reason=_describe(data))  # fmt: skip
            fires.append((fire, data))
            updated.runs += 1
            updated.last_fire_at = slot
            updated.last_execution_id = fire.execution_id
        watched = self._watching_prices() and isinstance(schedule.trigger, PriceTrigger)
        active = observed.status is ScheduleStatus.ACTIVE
        # A price trigger a price watch follows is looked at when a price reaches its region, not on a timer.
        every = poll_interval(schedule, self.feed_poll)
        updated.due_at = next_slot(slot, every, now) if active and not watched else None
        updated.next_fire_at = None
        records = [fire for fire, _ in fires]
        executions = await self._executions_for(updated, records, now)
        by_id = {fire.execution_id: data for fire, data in fires}
        for execution in executions:
            execution.trigger_data = by_id.get(execution.execution_id)
        if not await self.store.commit_fire(updated, records, executions) and records:
            # A fire already on record (a log that a reorg put into a later block, say): keep the new ones and
            # the new state, so the trigger moves on instead of meeting the same log at every poll.
            known = {fire.key for fire in await self.store.list_fires(schedule.id, limit=100_000)}
            records = [fire for fire in records if fire.key not in known]
            executions = [e for e in executions if e.execution_id in {fire.execution_id for fire in records}]
            if not await self.store.commit_fire(updated, records, executions):
                return False
        if watched and active:
            self._prices.put(schedule.id, schedule.trigger, updated.state, now)  # type: ignore[arg-type]
        elif watched:
            self._prices.remove(schedule.id)
        await self._plan_follows(updated, executions)
        return True

    # ------------------------------------------------------------------------------------ price watch
    def _watching_prices(self) -> bool:
        return self.feeds is not None and self.feeds.price is not None

    async def _watch_prices(self, now: datetime) -> int:
        """One price tick: each watched token's price once, then only the triggers it could change.

        The index is (re)built from the store every PRICE_RELOAD, so triggers that other workers changed or
        added are followed here too.
        """
        if self._prices_loaded_at is None or now - self._prices_loaded_at >= PRICE_RELOAD:
            await self._load_prices(now)
        if self._next_price_tick is not None and now < self._next_price_tick:
            return 0
        self._next_price_tick = now + self.feed_poll
        assert self.feeds is not None and self.feeds.price is not None
        decided = 0
        for token in self._prices.tokens():
            try:
                price = (await self.feeds.price.price(token)).value
            except FeedError as exc:
                logger.warning("price of %s: %s", token, exc)
                continue
            for schedule_id in self._prices.candidates(token, price, now):
                decided += await self._decide_watched(schedule_id, now)
        return decided

    async def _decide_watched(self, schedule_id: str, now: datetime) -> int:
        """Decide a price trigger the watch selected: claimed first, then read (a copy read before the claim
        could miss what another worker just committed, and writing it back would undo that)."""
        try:
            holder = await self.store.claim_schedule(schedule_id, self.worker_id, now + self.lease, now)
        except LookupError:  # removed from the store meanwhile
            self._prices.remove(schedule_id)
            return 0
        if holder is not None:
            return 0
        schedule = await self.store.load_schedule(schedule_id)
        if schedule is None or schedule.status is not ScheduleStatus.ACTIVE:
            if schedule is not None:
                await self.store.commit_fire(schedule, [])  # let go, changing nothing
            self._prices.remove(schedule_id)
            return 0
        schedule.due_at = now  # its poll slot is this tick
        return int(await self._decide_market(schedule, now))

    async def _load_prices(self, now: datetime) -> None:
        self._prices = PriceIndex()
        for schedule in await self.store.list_schedules():
            if schedule.status is ScheduleStatus.ACTIVE and isinstance(schedule.trigger, PriceTrigger):
                self._prices.put(schedule.id, schedule.trigger, schedule.state, now)
        self._prices_loaded_at = now

    def _resolver(self, plan: Plan) -> Resolver:
        """Evaluates a condition trigger the way the executor evaluates a step's condition (same feeds)."""
        return Resolver(
            lambda _step: None, context=plan.context, env=self.executor.env,
            env_allow=self.executor.policy.env_allow, runtime=self.executor.runtime, clock=self.clock,
        )  # fmt: skip

    async def _executions_for(self, schedule: Schedule, started: list[Any], now: datetime) -> list[Execution]:
        """The pending executions of the started fires, after linting the plan again with this worker's policy
        and tools (fail closed: a plan that no longer passes is refused, and nothing runs)."""
        if not started:
            return []
        plan = await self.store.load_plan(schedule.plan_id)
        reason = None
        if plan is None:
            reason = f"the plan {schedule.plan_id!r} is gone"
        else:
            # The trigger's timing was judged when the schedule was added (its ``at`` is in the past now that
            # it fires, an interval may be at its ``end_at``): judge it as of then; the steps as they are now.
            result = self.executor.check(plan, now=schedule.created_at)
            if not result.valid:
                codes = ", ".join(sorted({f"{d.code} {d.node_id or ''}".strip() for d in result.errors})) or "risk"
                reason = f"the plan no longer passes lint under this worker's policy ({codes})"
        if reason is not None:
            for fire in started:
                fire.status = FireStatus.REFUSED
                fire.reason = reason
                fire.execution_id = None
            return []
        assert plan is not None
        executions = [pending_execution(schedule, plan, fire, now) for fire in started]
        for execution, fire in zip(executions, started, strict=True):
            execution.trigger_data = {"type": schedule.trigger.type, "nominal_at": fire.nominal_at.isoformat()}
        return executions

    async def _running(self, execution_id: str | None) -> bool:
        if execution_id is None:
            return False
        execution = await self.store.load_execution(execution_id)
        return execution is not None and execution.status not in _FINAL

    async def _plan_follows(self, schedule: Schedule, executions: list[Execution]) -> None:
        if executions:
            await self._move_plan(schedule.plan_id, PlanStatus.RUNNING)
        elif schedule.status is ScheduleStatus.COMPLETED:
            last = await self.store.load_execution(schedule.last_execution_id) if schedule.last_execution_id else None
            if last is None:  # a one-shot that never ran (missed, refused): it did not do its job
                await self._move_plan(schedule.plan_id, PlanStatus.FAILED)

    async def _move_plan(self, plan_id: str, target: PlanStatus) -> None:
        plan = await self.store.load_plan(plan_id)
        if plan is None:
            return
        path = transition_path(plan.status, target)
        if path:
            await self.store.set_plan_status(plan_id, target)

    # ----------------------------------------------------------------------------------- executions
    async def _run_execution(self, execution_id: str) -> None:
        try:
            execution = await self.executor.resume(execution_id)
            await self._after(execution)
        except LeaseHeldError:
            pass  # another worker got it first
        except (PlanRefusedError, LookupError) as exc:
            self._refuse(execution_id)
            logger.error("execution %s can't run on this worker: %s", execution_id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._refuse(execution_id)
            logger.exception("execution %s stopped with an error", execution_id)
        finally:
            self._tasks.pop(execution_id, None)
            self._wakeup.set()

    def _refuse(self, execution_id: str) -> None:
        self._refused[execution_id] = self.clock.now() + REFUSAL_PAUSE
        while len(self._refused) > MAX_REFUSED:
            del self._refused[next(iter(self._refused))]

    def _forget_refusals(self, now: datetime) -> None:
        for execution_id in [eid for eid, until in self._refused.items() if until <= now]:
            del self._refused[execution_id]

    async def _after(self, execution: Execution) -> None:
        """A scheduled execution ended: its plan goes back to ``scheduled`` if more fires come, else it
        ends as its last execution did."""
        if execution.schedule_id is None or execution.status not in _FINAL:
            return
        schedule = await self.store.load_schedule(execution.schedule_id)
        more = schedule is not None and schedule.status in (ScheduleStatus.ACTIVE, ScheduleStatus.PAUSED)
        others = await self.store.list_executions(plan_id=execution.plan_id)
        if any(other.status not in _FINAL for other in others if other.execution_id != execution.execution_id):
            return  # another execution of the plan is still under way: the last one to end settles the plan
        if more:
            await self._move_plan(execution.plan_id, PlanStatus.SCHEDULED)
        else:
            await self._move_plan(execution.plan_id, PlanStatus(execution.status.value))


def _describe(data: dict[str, Any]) -> str:
    """A fire's reason line: what the trigger saw."""
    kind = data.get("type")
    if kind == "price":
        return f"{data['token']} at {data['price']} ({data['condition']} {data['threshold']})"
    if kind == "balance":
        return f"balance of {data['token']} {data['balance']} ({data['threshold']})"
    if kind == "onchain_event":
        return f"log {data['tx_hash']}#{data['log_index']} in block {data['block_number']}"
    return "the condition became true"
