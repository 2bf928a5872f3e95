"""``cron`` and ``interval`` triggers as Temporal Schedules (``pip install 'plankit[temporal]'``).

A plankit schedule (added with :func:`plankit.schedule.add_schedule`) whose trigger is ``cron`` or
``interval`` can be handed to Temporal: :func:`schedule_on_temporal` creates, or updates in place, the Temporal
Schedule whose id is the plankit schedule's id, and whose action starts the plan's workflow
(:class:`~plankit.engines.temporal.PlanWorkflow`, the request :class:`TemporalEngine` sends). Each run is an
execution of its own, whose id is the workflow's (``<schedule id>-<time>``), mirrored to the store with the
schedule's id. The stored schedule is kept, with ``state["engine"] = "temporal"`` and nothing due, so
plankit's own workers leave it to Temporal. Other triggers stay with plankit's scheduler
(:class:`~plankit.engines.TemporalExecutor` starts a workflow for each fire).

The trigger maps exactly:

* ``cron``: ``expression`` and ``timezone`` → ``ScheduleSpec(cron_expressions=..., time_zone_name=...)`` (an
  expression restricting both day fields becomes two, as plankit ORs them and Temporal would AND them);
* ``interval``: ``every_ms`` → ``ScheduleIntervalSpec(every, offset)``, the offset putting the fire times on
  plankit's ``anchor + k * every_ms`` grid; ``start_at``/``end_at`` → the spec's ``start_at``/``end_at``;
* ``max_runs`` → ``ScheduleState(limited_actions=True, remaining_actions=max_runs - runs so far)``;
* ``overlap``: ``skip`` → ``SKIP``, ``buffer_one`` → ``BUFFER_ONE``, ``allow`` → ``ALLOW_ALL``;
* ``catch_up`` → the policy's ``catchup_window`` (:func:`catchup_window`): ``none`` → the smallest window the
  server accepts (:data:`MIN_CATCHUP_WINDOW`, 10 s), ``one``/``all`` → ``misfire_grace_ms`` (at least that).

Each run a Schedule starts begins as a fire of plankit's scheduler does (:func:`begin_scheduled_run`, in the
workflow, then the local activity :data:`FIRE_ACTIVITY` on the worker, :class:`ScheduledRuns`): the worker lints
the plan with its own policy and tools (``temporal_worker(..., policy=...)``, ``plankit worker --policy``); a plan
that no longer passes runs nothing: its fire is recorded ``refused`` with the findings, and the workflow returns
``"refused"``. The fire is recorded under plankit's key (``schedule@nominal time``; Temporal gives the nominal
time to the second, and the trigger's own time within that second is the fire's), with the workflow as its
execution (created ``pending``, leased to ``temporal:<id>`` so plankit's workers keep off it); the schedule's
``runs`` counts it, ``next_fire_at`` is Temporal's next action time (plankit's own timing if Temporal can't be
asked) and ``max_runs`` reached completes it; the plan is ``running`` while a run runs, then back to ``scheduled``
while more runs come, else it ends as its last run did (:data:`END_ACTIVITY`). A run triggered by hand
(:func:`fire_on_temporal`: Temporal's trigger, whatever the overlap policy) is recorded ``...!manual`` and does
not count toward ``max_runs`` (Temporal does not count it either). Records are written under the stored
schedule's lease, as pause/resume/remove are.

What differs from plankit's scheduler:

* after downtime Temporal starts **every** missed time inside the catch-up window (plankit's ``one`` starts only
  the latest, however late; ``all`` has no window), and drops the times past it without a ``missed`` record
  (:func:`describe_on_temporal` counts them);
* ``none`` still starts a time up to 10 s late (plankit: up to ``misfire_grace_ms``);
* a time skipped by the overlap policy is counted by Temporal, not recorded as a ``skipped`` fire;
* a run triggered by hand within the same second as a fire time is taken for that fire (Temporal names both
  alike);
* daylight-saving edge cases of a zoned cron are decided by Temporal's own cron evaluation;
* the plan that runs is the one handed over (``schedule_on_temporal`` again updates it); lint is of that plan.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from .._utils import utcnow
from ..execute import Executor
from ..plan import (
    CronTrigger,
    Execution,
    ExecutionStatus,
    Fire,
    FireStatus,
    IntervalTrigger,
    Plan,
    PlanStatus,
    Schedule,
    ScheduleStatus,
    fire_key,
    transition_path,
)
from ..schedule import next_fire_after
from ..schedule._manage import MANUAL_SUFFIX
from ..schedule._manage import _holding as holding
from ..store import Store
from .temporal import FOREVER, WORKFLOW, TemporalEngine, _temporalio, lease_owner, run_options

if TYPE_CHECKING:
    from temporalio.client import Client, ScheduleHandle
    from temporalio.client import Schedule as TemporalSchedule

ENGINE_KEY = "engine"
"""The key in ``Schedule.state`` saying which engine fires the schedule (``"temporal"``)."""
FIRE_ACTIVITY = "plankit-schedule-fire"
"""The local activity that begins each run a Temporal Schedule starts: lint with the worker's policy, then
record the fire in the store."""
END_ACTIVITY = "plankit-schedule-run-ended"
"""The local activity that settles the plan's status once such a run has ended."""
MIN_CATCHUP_WINDOW = timedelta(seconds=10)
"""The smallest catch-up window a Temporal server accepts (a smaller one is raised to it)."""
SCHEDULED_START = "TemporalScheduledStartTime"
"""The search attribute where Temporal puts the nominal time of a run a Schedule started."""
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_CLAIM_ATTEMPTS = 50
_CLAIM_PAUSE = 0.1
_HOLD = timedelta(seconds=10)
_FINAL = frozenset({ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED})
_OVERLAP = {"skip": "SKIP", "buffer_one": "BUFFER_ONE", "allow": "ALLOW_ALL"}


def temporal_schedule(schedule: Schedule, request: dict[str, Any], task_queue: str) -> TemporalSchedule:
    """The Temporal Schedule for a plankit ``schedule`` with a ``cron`` or ``interval`` trigger, starting
    the plan's workflow with ``request`` (raises ``ValueError`` for any other trigger)."""
    _temporalio()
    from temporalio.client import (
        Schedule as TemporalSchedule,
    )
    from temporalio.client import (
        ScheduleActionStartWorkflow,
        ScheduleIntervalSpec,
        ScheduleOverlapPolicy,
        SchedulePolicy,
        ScheduleSpec,
        ScheduleState,
    )

    trigger = schedule.trigger
    if isinstance(trigger, CronTrigger):
        spec = ScheduleSpec(cron_expressions=cron_expressions(trigger.expression), time_zone_name=trigger.timezone)
    elif isinstance(trigger, IntervalTrigger):
        every = timedelta(milliseconds=trigger.every_ms)
        offset = (schedule.anchor_at - _EPOCH) % every  # Temporal counts from the epoch, plankit from the anchor
        spec = ScheduleSpec(
            intervals=[ScheduleIntervalSpec(every=every, offset=offset)],
            start_at=trigger.start_at,
            end_at=trigger.end_at,
        )
    else:
        raise ValueError(
            f"schedule {schedule.id!r} has a {trigger.type} trigger; only cron and interval triggers become "
            "Temporal Schedules (the others stay with plankit's scheduler: 'plankit worker --engine temporal')"
        )
    remaining = None if trigger.max_runs is None else max(trigger.max_runs - schedule.runs, 0)
    return TemporalSchedule(
        action=ScheduleActionStartWorkflow(WORKFLOW, request, id=schedule.id, task_queue=task_queue),
        spec=spec,
        policy=SchedulePolicy(
            overlap=ScheduleOverlapPolicy[_OVERLAP[trigger.overlap]],
            catchup_window=catchup_window(trigger),
        ),
        state=ScheduleState(
            paused=schedule.status is ScheduleStatus.PAUSED,
            limited_actions=remaining is not None,
            remaining_actions=remaining or 0,
        ),
    )


def catchup_window(trigger: CronTrigger | IntervalTrigger) -> timedelta:
    """Temporal's catch-up window for a trigger's ``catch_up``: ``none`` → the smallest window the server
    accepts (:data:`MIN_CATCHUP_WINDOW`), ``one``/``all`` → ``misfire_grace_ms`` (at least that minimum).

    Temporal starts *every* missed time inside the window; plankit's ``one`` starts only the latest.
    """
    if trigger.catch_up == "none":
        return MIN_CATCHUP_WINDOW
    return max(timedelta(milliseconds=trigger.misfire_grace_ms), MIN_CATCHUP_WINDOW)


def cron_expressions(expression: str) -> list[str]:
    """The Temporal cron expressions matching what plankit's cron matches.

    When both day-of-month and day-of-week are restricted, plankit (as Vixie cron) fires on either, while a
    Temporal calendar needs every field to match: the expression becomes two, one per day field, whose union
    is the same set of times.
    """
    minute, hour, day_of_month, month, day_of_week = expression.split()
    if day_of_month == "*" or day_of_week == "*":
        return [expression]
    return [f"{minute} {hour} {day_of_month} {month} *", f"{minute} {hour} * {month} {day_of_week}"]


async def schedule_on_temporal(
    engine: TemporalEngine, schedule_id: str, *, env: dict[str, str] | None = None, jitter: float = 0.1,
    executor: Executor | None = None,
) -> ScheduleHandle:  # fmt: skip
    """Create, or update in place, the Temporal Schedule of the stored plankit schedule ``schedule_id``
    (same id), and leave the stored schedule to Temporal. Idempotent.

    ``env`` is what the plan's ``{{env.*}}`` references may read (already filtered by the policy's
    ``env_allow``, as :class:`TemporalEngine` does). With ``executor``, its runs take env, jitter, policy (the
    run-time guard's), llm-step and replanning settings from it instead, as :meth:`TemporalEngine.start` does.
    Raises ``LookupError`` for an unknown schedule or plan, ``ValueError`` for a trigger other than
    ``cron``/``interval``.
    """
    _temporalio()
    from temporalio.client import ScheduleAlreadyRunningError, ScheduleUpdate, ScheduleUpdateInput

    store = engine.store
    schedule = await store.load_schedule(schedule_id)
    if schedule is None or schedule.status is ScheduleStatus.REMOVED:
        raise LookupError(f"no schedule {schedule_id!r}; 'plankit schedule list' shows them")
    plan = await store.load_plan(schedule.plan_id)
    if plan is None:
        raise LookupError(f"the plan {schedule.plan_id!r} of schedule {schedule_id!r} is not in the store")
    header = Execution(
        execution_id=schedule.id, plan_id=schedule.plan_id, owner=schedule.owner, status=ExecutionStatus.RUNNING,
        plan_revision=plan.revision, schedule_id=schedule.id,
    )  # fmt: skip
    options = (
        run_options(executor) if executor is not None
        else {"env": dict(env or {}), "env_allow": sorted(env or {}), "jitter": jitter}
    )  # fmt: skip
    request = {
        "plan": plan.model_dump(mode="json", by_alias=True, exclude_defaults=True),
        "header": header.model_dump(mode="json"), "scheduled": True, "heartbeat_timeout": engine.heartbeat_timeout,
        **options,
    }  # fmt: skip
    wanted = temporal_schedule(schedule, request, engine.task_queue)
    handle = engine.client.get_schedule_handle(schedule.id)
    try:
        await engine.client.create_schedule(schedule.id, wanted)
    except ScheduleAlreadyRunningError:  # handed over before: bring it up to date (spec, policy, state, plan)

        def replace(_: ScheduleUpdateInput) -> ScheduleUpdate:
            return ScheduleUpdate(schedule=wanted)

        await handle.update(replace)
    # plankit's workers find schedules by due_at: with none, this one is Temporal's alone.
    schedule.state[ENGINE_KEY] = "temporal"
    schedule.due_at = None
    schedule.next_fire_at = await next_action_time(engine.client, schedule.id) or schedule.next_fire_at
    await store.save_schedule(schedule)
    return handle


async def pause_on_temporal(engine: TemporalEngine, schedule_id: str, note: str = "paused by plankit") -> Schedule:
    """Pause the Temporal Schedule and record the plankit schedule ``paused`` (running executions go on).
    Idempotent: a paused one is paused again on Temporal (which is a no-op there), changing nothing."""
    async with _held(engine, schedule_id, ScheduleStatus.ACTIVE, ScheduleStatus.PAUSED) as schedule:
        await engine.client.get_schedule_handle(schedule_id).pause(note=note)
        schedule.status = ScheduleStatus.PAUSED
    return schedule


async def resume_on_temporal(engine: TemporalEngine, schedule_id: str, note: str = "resumed by plankit") -> Schedule:
    """Unpause the Temporal Schedule and record the plankit schedule ``active`` again. Idempotent: an active
    one is unpaused again on Temporal (a no-op there)."""
    async with _held(engine, schedule_id, ScheduleStatus.PAUSED, ScheduleStatus.ACTIVE) as schedule:
        await engine.client.get_schedule_handle(schedule_id).unpause(note=note)
        schedule.status = ScheduleStatus.ACTIVE
        # Times that passed while paused are not run (as with plankit's resume): the next is Temporal's next.
        schedule.next_fire_at = await next_action_time(engine.client, schedule_id) or schedule.next_fire_at
    return schedule


async def remove_on_temporal(engine: TemporalEngine, schedule_id: str) -> Schedule:
    """Delete the Temporal Schedule and record the plankit schedule ``removed`` (kept for the record)."""
    async with _held(engine, schedule_id, None) as schedule:
        await engine.client.get_schedule_handle(schedule_id).delete()
        schedule.status = ScheduleStatus.REMOVED
        schedule.due_at = None
    return schedule


async def fire_on_temporal(engine: TemporalEngine, schedule_id: str, *, timeout: float = 10.0) -> str:
    """One run now, by hand: Temporal's trigger, whatever the overlap policy (the user asked; as with
    ``plankit schedule fire``, it does not count toward ``max_runs``). Returns the id of the workflow it
    started, which is its execution's id; the worker records the fire (``...!manual``) when the run begins.
    Raises ``LookupError`` for a schedule Temporal does not hold, ``TimeoutError`` if no run shows up."""
    from temporalio.client import ScheduleOverlapPolicy

    await _stored(engine, schedule_id, None)
    handle = engine.client.get_schedule_handle(schedule_id)
    before = {action.action.workflow_id for action in (await handle.describe()).info.recent_actions}  # type: ignore[attr-defined]
    await handle.trigger(overlap=ScheduleOverlapPolicy.ALLOW_ALL)
    async with asyncio.timeout(timeout):
        while True:
            recent = (await handle.describe()).info.recent_actions
            new = [action for action in recent if action.action.workflow_id not in before]  # type: ignore[attr-defined]
            if new:
                return str(max(new, key=lambda action: action.scheduled_at).action.workflow_id)  # type: ignore[attr-defined]
            await asyncio.sleep(0.1)


async def describe_on_temporal(engine: TemporalEngine, schedule_id: str, count: int = 5) -> dict[str, Any]:
    """What Temporal says of the schedule: its next action times (at most ``count``), whether it is paused,
    the actions left under ``max_runs`` (None: unlimited), runs started, and times missed past the
    catch-up window. Raises ``LookupError`` when Temporal does not hold it."""
    from temporalio.service import RPCError

    try:
        described = await engine.client.get_schedule_handle(schedule_id).describe()
    except RPCError as exc:
        raise LookupError(f"Temporal has no schedule {schedule_id!r} ({exc.message})") from None
    state, info = described.schedule.state, described.info
    return {
        "next_action_times": [moment.astimezone(UTC) for moment in info.next_action_times[:count]],
        "paused": state.paused, "note": state.note or None,
        "remaining_actions": state.remaining_actions if state.limited_actions else None,
        "actions": info.num_actions, "missed_catchup_window": info.num_actions_missed_catchup_window,
        "skipped_overlap": info.num_actions_skipped_overlap,
    }  # fmt: skip


async def _stored(
    engine: TemporalEngine, schedule_id: str, status: ScheduleStatus | None, *also: ScheduleStatus
) -> Schedule:
    """The stored schedule, which must be ``status`` (or one of ``also``; None: any)."""
    schedule = await engine.store.load_schedule(schedule_id)
    if schedule is None or schedule.status is ScheduleStatus.REMOVED:
        raise LookupError(f"no schedule {schedule_id!r}; 'plankit schedule list' shows them")
    if schedule.state.get(ENGINE_KEY) != "temporal":
        raise LookupError(f"schedule {schedule_id!r} is run by plankit's scheduler, not Temporal")
    if status is not None and schedule.status is not status and schedule.status not in also:
        raise LookupError(f"schedule {schedule_id!r} is {schedule.status.value}, not {status.value}")
    return schedule


@asynccontextmanager
async def _held(
    engine: TemporalEngine, schedule_id: str, status: ScheduleStatus | None, *also: ScheduleStatus
) -> AsyncIterator[Schedule]:
    """The stored schedule under its lease while Temporal is changed, then saved with the change: a run's fire
    record (written under the same lease) can't interleave and write back the old status."""
    await _stored(engine, schedule_id, status, *also)  # a clear message before waiting for anything
    async with holding(engine.store, schedule_id, utcnow()) as schedule:
        await _stored(engine, schedule_id, status, *also)  # still so, now that it is held
        yield schedule
        await engine.store.save_schedule(schedule)  # the new status stands: the releasing commit keeps it
        await engine.store.commit_fire(schedule, [])


# ------------------------------------------------------------------------- each run a Schedule starts
async def begin_scheduled_run(request: dict[str, Any], header: Execution) -> Execution | None:
    """In the workflow, before anything runs: have the worker lint the plan with its own policy and tools and
    record the fire (:data:`FIRE_ACTIVITY`). Returns the run's header (the workflow's id as execution id,
    the trigger's data), or None when the worker refused the plan: nothing runs, the fire says why."""
    from temporalio import workflow
    from temporalio.common import SearchAttributeKey

    info = workflow.info()
    nominal = info.typed_search_attributes.get(SearchAttributeKey.for_datetime(SCHEDULED_START))
    verdict = await workflow.execute_local_activity(
        FIRE_ACTIVITY,
        args=[header.schedule_id, info.workflow_id, (nominal or info.start_time).isoformat(), request["plan"]],
        start_to_close_timeout=timedelta(seconds=60),
    )
    if verdict["refused"] is not None:
        workflow.logger.warning("run %s refused: %s", info.workflow_id, verdict["refused"])
        return None
    update = {"execution_id": info.workflow_id, "trigger_data": verdict["trigger_data"]}
    return header.model_copy(update=update)


async def end_scheduled_run(header: Execution) -> None:
    """In the workflow, once the run has ended: its plan goes back to ``scheduled`` if more runs come, else ends
    as this run did (as after a fire of plankit's scheduler)."""
    from temporalio import workflow

    args = [header.schedule_id, header.execution_id, header.plan_id, header.status.value]
    await workflow.execute_local_activity(END_ACTIVITY, args=args, start_to_close_timeout=timedelta(seconds=60))


class ScheduledRuns:
    """The worker's side of :func:`begin_scheduled_run`: fire-time lint and the fire record.

    ``checker`` lints as the worker would run (its policy and tools); ``client`` (optional) is asked for the
    Temporal Schedule's next action time, the truth ``schedule show`` and ``list`` print.
    """

    def __init__(self, store: Store, checker: Executor, client: Client | None = None):
        self.store = store
        self.checker = checker
        self.client = client

    async def begin(
        self,
        schedule_id: str,
        workflow_id: str,
        nominal_at: str,
        plan_data: dict[str, Any],
        now: datetime | None = None,
    ) -> dict[str, Any]:
        """Lint the plan and record the fire (key ``schedule@nominal``, the workflow as its execution) with
        the schedule's ``runs``, ``next_fire_at`` and status; idempotent (a retried call records nothing
        twice). Returns ``{"refused": reason or None, "trigger_data": {...}}``."""
        now = now or utcnow()
        nominal = datetime.fromisoformat(nominal_at)
        plan = Plan.model_validate(plan_data)
        found = await self.store.load_schedule(schedule_id)
        data = {"type": plan.trigger.type if plan.trigger else "manual", "nominal_at": nominal.isoformat()}
        reason = self._refusal(plan, found.created_at if found is not None else None)
        if found is None:  # this worker's store does not hold the schedule: lint still decides, nothing to record
            return {"refused": reason, "trigger_data": data}
        trigger = found.trigger
        # Temporal gives the nominal time to the second. A time of the trigger's own within that second is a
        # scheduled run (and its exact time is the fire's, so the key is the one plankit's scheduler would
        # use); any other run was triggered by hand, at that moment.
        exact = next_fire_after(trigger, nominal - timedelta(microseconds=1), anchor=found.anchor_at)
        scheduled = exact is not None and exact - nominal < timedelta(seconds=1)
        if scheduled:
            assert exact is not None
            nominal = exact
            data["nominal_at"] = nominal.isoformat()
        key = fire_key(schedule_id, nominal) + ("" if scheduled else MANUAL_SUFFIX)
        following = await self._next_action(schedule_id, nominal)
        schedule = await self._claim(schedule_id, workflow_id, now)
        fire = Fire(
            key=key, schedule_id=schedule_id, nominal_at=nominal, recorded_at=now,
            status=FireStatus.REFUSED if reason else FireStatus.STARTED,
            execution_id=None if reason else workflow_id,
            reason=reason or (None if scheduled else "fired by hand (Temporal trigger)"),
        )  # fmt: skip
        if scheduled:  # as plankit counts: a refused fire used up a run too (and Temporal's remaining actions)
            schedule.runs += 1
            schedule.last_fire_at = nominal
        if not reason:
            schedule.last_execution_id = workflow_id
        max_runs = getattr(trigger, "max_runs", None)
        schedule.next_fire_at = following or next_fire_after(
            trigger, max(nominal, now), anchor=schedule.anchor_at, runs=schedule.runs
        )
        if max_runs is not None and schedule.runs >= max_runs:
            schedule.next_fire_at = None
        if schedule.next_fire_at is None and schedule.status is ScheduleStatus.ACTIVE:
            schedule.status = ScheduleStatus.COMPLETED
        schedule.due_at = None  # Temporal's alone, still
        executions = [] if reason else [self._pending(schedule, plan, workflow_id, data)]
        if not await self.store.commit_fire(schedule, [fire], executions):
            # Recorded before (this activity ran and its answer was lost): answer as then.
            fresh = await self.store.load_schedule(schedule_id)
            if fresh is not None:
                await self.store.commit_fire(fresh, [])  # let go, changing nothing
            earlier = next((f for f in await self.store.list_fires(schedule_id, 1000) if f.key == key), None)
            reason = earlier.reason if earlier is not None and earlier.status is FireStatus.REFUSED else None
        if reason is None:
            # Leased to Temporal until the workflow ends (as TemporalEngine does), so no plankit worker runs it.
            await self.store.claim_execution(workflow_id, lease_owner(workflow_id), FOREVER, now)
            await self._move_plan(schedule.plan_id, PlanStatus.RUNNING)
        elif schedule.status is ScheduleStatus.COMPLETED and schedule.last_execution_id is None:
            await self._move_plan(schedule.plan_id, PlanStatus.FAILED)  # its only run(s) refused: it did not do its job
        return {"refused": reason, "trigger_data": data}

    async def end(self, schedule_id: str, execution_id: str, plan_id: str, status: str) -> None:
        """The run ``execution_id`` ended with ``status``: the plan goes back to ``scheduled`` while the schedule
        has more runs to come, else it ends as its last run did (another run still under way settles it)."""
        schedule = await self.store.load_schedule(schedule_id)
        more = schedule is not None and schedule.status in (ScheduleStatus.ACTIVE, ScheduleStatus.PAUSED)
        others = await self.store.list_executions(plan_id=plan_id)
        if any(other.status not in _FINAL for other in others if other.execution_id != execution_id):
            return
        await self._move_plan(plan_id, PlanStatus.SCHEDULED if more else PlanStatus(status))

    async def _move_plan(self, plan_id: str, target: PlanStatus) -> None:
        plan = await self.store.load_plan(plan_id)
        if plan is not None and transition_path(plan.status, target):
            await self.store.set_plan_status(plan_id, target)

    def _refusal(self, plan: Plan, created_at: datetime | None) -> str | None:
        # The trigger's timing was judged when the schedule was added: judge it as of then; the steps as now.
        result = self.checker.check(plan, now=created_at)
        if result.valid:
            return None
        findings = "; ".join(
            f"{d.code} {d.node_id}: {d.message}" if d.node_id else f"{d.code}: {d.message}" for d in result.errors
        )
        return f"the plan no longer passes lint under this worker's policy: {findings or 'risk over the threshold'}"

    async def _next_action(self, schedule_id: str, nominal: datetime) -> datetime | None:
        return None if self.client is None else await next_action_time(self.client, schedule_id, nominal)

    async def _claim(self, schedule_id: str, workflow_id: str, now: datetime) -> Schedule:
        """The schedule, fresh, under its lease (a pause or a concurrent run's record can't interleave)."""
        holder = None
        for _ in range(_CLAIM_ATTEMPTS):
            holder = await self.store.claim_schedule(schedule_id, lease_owner(workflow_id), now + _HOLD, now)
            if holder is None:
                schedule = await self.store.load_schedule(schedule_id)
                assert schedule is not None
                return schedule
            await asyncio.sleep(_CLAIM_PAUSE)
        assert holder is not None
        raise RuntimeError(f"schedule {schedule_id!r} is held by {holder.owner}; the fire is recorded on retry")

    @staticmethod
    def _pending(schedule: Schedule, plan: Plan, execution_id: str, data: dict[str, Any]) -> Execution:
        return Execution(
            execution_id=execution_id, plan_id=schedule.plan_id, owner=schedule.owner, status=ExecutionStatus.PENDING,
            plan_revision=plan.revision, schedule_id=schedule.id, trigger_data=data,
        )  # fmt: skip


async def next_action_time(client: Client, schedule_id: str, after: datetime | None = None) -> datetime | None:
    """The Temporal Schedule's next action time (after ``after``, when given); None when it has none or
    can't be asked (deleted meanwhile, the cluster unreachable: the caller falls back on plankit's timing)."""
    try:
        described = await client.get_schedule_handle(schedule_id).describe()
    except Exception:
        return None
    times = described.info.next_action_times
    return next((moment.astimezone(UTC) for moment in times if after is None or moment > after), None)


def scheduled_runs_activities(runs: ScheduledRuns) -> list[Any]:
    """:data:`FIRE_ACTIVITY` and :data:`END_ACTIVITY` for a worker (registered by
    :func:`~plankit.engines.temporal_worker`)."""
    from temporalio import activity

    @activity.defn(name=FIRE_ACTIVITY)
    async def begin(schedule_id: str, workflow_id: str, nominal_at: str, plan: dict[str, Any]) -> dict[str, Any]:
        return await runs.begin(schedule_id, workflow_id, nominal_at, plan)

    @activity.defn(name=END_ACTIVITY)
    async def end(schedule_id: str, execution_id: str, plan_id: str, status: str) -> None:
        await runs.end(schedule_id, execution_id, plan_id, status)

    return [begin, end]
