"""Routes for running: executions (start, list, show, cancel, approve, deny, live events), schedules and
dead letters.

Executions started here are stored ``pending`` and due at once; the worker runs them under their lease
(the in-process one, or any ``plankit scheduler`` on the same store with ``--no-worker``). With
``--engine temporal`` each starts its Temporal workflow at once (a ``plankit worker`` runs it); approve and
deny also signal the workflow, cancel cancels it, and records are read from the store's mirror as always.
No ``from __future__ import annotations``: FastAPI reads the annotations as objects.
"""

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from .._utils import new_id
from ..engines.temporal_schedules import (
    ENGINE_KEY,
    pause_on_temporal,
    remove_on_temporal,
    resume_on_temporal,
    schedule_on_temporal,
)
from ..errors import PlanRefusedError, PlanStatusError
from ..execute import approve, decision_key, deny, holder_is_dead
from ..plan import ActionNode, Execution, ExecutionStatus, Plan, PlanStatus, StepStatus, transition_path
from ..schedule import (
    ScheduleError,
    add_schedule,
    get_schedule,
    pause_schedule,
    preview,
    remove_schedule,
    resume_schedule,
)
from ..store import WAKE_NOW, StoredEvent
from ._auth import Principal
from ._bodies import DecisionRequest, ExecutionRequest, ScheduleRequest
from ._context import ServerContext
from ._errors import ApiError, not_found, refused
from ._routes_plans import lint_plan
from ._views import dead_letter_view, execution_summary, execution_view, schedule_view

if TYPE_CHECKING:
    from fastapi import FastAPI

TEMPORAL_TRIGGERS = ("cron", "interval")
"""Triggers that become Temporal Schedules under ``--engine temporal``; the others stay with the server's worker."""

FINAL = frozenset({ExecutionStatus.COMPLETED.value, ExecutionStatus.FAILED.value, ExecutionStatus.CANCELLED.value})
KEEPALIVE_SECONDS = 15.0


def event_text(event: StoredEvent) -> str:
    """One Server-Sent Event: ``id`` is the store's sequence number (send it back as ``Last-Event-ID``)."""
    data = {
        "seq": event.seq,
        "execution_id": event.execution_id,
        "step_id": event.step_id,
        "iteration": event.iteration,
        "status": event.status,
        "attempt": event.attempt,
        "error": event.error,
    }
    kind = "execution" if event.step_id is None else "step"
    return f"id: {event.seq}\nevent: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


async def event_stream(ctx: ServerContext, execution_id: str, after: int) -> AsyncIterator[str]:
    """Every committed transition after ``after``, as it is committed; ends with the execution."""
    quiet = 0.0
    while not ctx.closing.is_set():
        events = await ctx.store.list_events(execution_id, after)
        finished = False
        for event in events:
            yield event_text(event)
            after = event.seq
            finished = finished or (event.step_id is None and event.status in FINAL)
        if finished:  # the rest of that last transaction, if a page ended inside it
            while rest := await ctx.store.list_events(execution_id, after):
                for event in rest:
                    yield event_text(event)
                    after = event.seq
            return
        if not events:
            execution = await ctx.store.load_execution(execution_id)
            if execution is None or execution.status.value in FINAL:
                for event in await ctx.store.list_events(execution_id, after):  # committed just now
                    yield event_text(event)
                return
            quiet += ctx.settings.event_poll_seconds
            if quiet >= KEEPALIVE_SECONDS:
                quiet = 0.0
                yield ": keep-alive\n\n"
            await asyncio.sleep(ctx.settings.event_poll_seconds)
        else:
            quiet = 0.0


CANCEL_WAIT_SECONDS = 10.0
"""How long a cancel on Temporal waits for the workflow to record the execution cancelled."""


async def cancel_on_temporal(ctx: ServerContext, execution_id: str) -> Execution:
    """Cancel the execution's workflow; return its record once the workflow has recorded it cancelled (or as
    it is after :data:`CANCEL_WAIT_SECONDS`: a busy worker records it a little later)."""
    assert ctx.engine is not None
    try:
        await ctx.engine.cancel(execution_id)
    except Exception as exc:  # no such workflow (never started), or Temporal unreachable
        execution = await ctx.store.load_execution(execution_id)
        if execution is not None and execution.status is ExecutionStatus.PENDING:
            return await ctx.executor.cancel(execution_id)  # its workflow never started: cancelled here
        raise ApiError(
            503, "engine_unavailable", f"could not cancel the workflow of execution {execution_id!r}: {exc}"
        ) from None
    with contextlib.suppress(TimeoutError):
        return await asyncio.wait_for(ctx.engine.wait(execution_id, until_final=True), CANCEL_WAIT_SECONDS)
    execution = await ctx.store.load_execution(execution_id)
    assert execution is not None
    return execution


def _ready_to_run(plan: Plan) -> Plan:
    path = transition_path(plan.status, PlanStatus.RUNNING)
    if path is None:
        raise ApiError(
            409, "plan_not_runnable", f"plan {plan.id!r} is {plan.status.value} and can't run again; save a copy of it"
        )
    for status in path:
        plan.status = status
    return plan


def add_run_routes(app: "FastAPI", ctx: ServerContext, role: Any) -> None:
    """Register ``/api/v1/executions``, ``/schedules`` and ``/dead-letters`` on ``app``."""
    from fastapi import Depends, Header, Query, Response
    from fastapi.responses import StreamingResponse

    viewer, operator = role["viewer"], role["operator"]

    async def plan_of(body: ExecutionRequest | ScheduleRequest, who: Principal) -> Plan:
        if body.plan is not None:
            return ctx.read_plan(body.plan, who.user)
        assert body.plan_id is not None
        return await ctx.plan(body.plan_id, who)

    # ------------------------------------------------------------------------------------ executions
    @app.post("/api/v1/executions", tags=["executions"], status_code=202, summary="Start running a plan")
    async def start(body: ExecutionRequest, who: Principal = Depends(operator)) -> dict[str, Any]:
        plan = await plan_of(body, who)
        result = lint_plan(ctx, plan)
        if not result.valid:
            raise refused(PlanRefusedError("the plan was refused; nothing runs", result))
        plan = _ready_to_run(plan)
        plan_id = await ctx.store.save_plan(plan)
        execution = Execution(
            execution_id=new_id("exec_"),
            plan_id=plan_id,
            owner=plan.owner,
            status=ExecutionStatus.PENDING,
            plan_revision=plan.revision,
            wake_at=WAKE_NOW,
        )
        await ctx.store.record_transition(execution)
        await ctx.start_execution(execution.execution_id)
        return {"execution_id": execution.execution_id, "plan_id": plan_id, "status": execution.status.value}

    @app.get("/api/v1/executions", tags=["executions"], summary="Executions, newest first (without step records)")
    async def list_executions(
        who: Principal = Depends(viewer),
        plan_id: str | None = Query(None, max_length=200),
        status: ExecutionStatus | None = None,
        limit: int = Query(100, ge=1, le=1000),
    ) -> list[dict[str, Any]]:
        # Executions carry their owner in the document only: read a wider window and keep the principal's.
        found = await ctx.store.list_executions(plan_id, status, limit if who.sees_all else limit * 10)
        return [execution_summary(e) for e in found if who.may_see(e.owner)][:limit]

    @app.get("/api/v1/executions/{execution_id}", tags=["executions"], summary="An execution and its steps")
    async def show_execution(execution_id: str, who: Principal = Depends(viewer)) -> dict[str, Any]:
        execution = await ctx.execution(execution_id, who)
        data = execution_view(execution)
        data["decisions"] = await decisions_of(execution)
        return data

    async def decisions_of(execution: Execution) -> list[dict[str, Any]]:
        """Who approved or denied which step (the audit trail of the execution's confirmations)."""
        plan = await ctx.store.load_plan(execution.plan_id)
        nodes = plan.nodes_by_id() if plan is not None else {}
        found = []
        for record in execution.steps:
            node = nodes.get(record.step_id)
            if not (isinstance(node, ActionNode) and node.require_confirmation):
                continue
            decision = await ctx.store.load_decision(
                execution.execution_id, decision_key(record.step_id, record.iteration)
            )
            if decision is not None:
                at = getattr(decision, "decided_at", None)
                found.append(
                    {
                        "step_id": record.step_id,
                        "iteration": record.iteration,
                        "approved": decision.approved,
                        "by": decision.by,
                        "decided_at": at.isoformat() if at is not None else None,
                    }
                )
        return found

    @app.post("/api/v1/executions/{execution_id}/cancel", tags=["executions"], summary="Cancel an execution")
    async def cancel(execution_id: str, who: Principal = Depends(operator)) -> dict[str, Any]:
        execution = await ctx.execution(execution_id, who)
        if execution.status.value in FINAL:
            raise ApiError(409, "already_finished", f"execution {execution_id!r} is {execution.status.value}")
        if ctx.engine is not None:
            return execution_view(await cancel_on_temporal(ctx, execution_id))
        return execution_view(await ctx.executor.cancel(execution_id))

    async def decide(execution_id: str, step_id: str, body: DecisionRequest | None, who: Principal, ok: bool) -> Any:
        execution = await ctx.execution(execution_id, who)
        iteration = body.iteration if body is not None else None
        waiting = [
            r.iteration
            for r in execution.steps
            if r.step_id == step_id
            and r.status is StepStatus.AWAITING_CONFIRMATION
            and (iteration is None or r.iteration == iteration)
        ]
        if not waiting:
            raise ApiError(
                409, "not_awaiting", f"step {step_id!r} of execution {execution_id!r} is not waiting for an approval"
            )
        if len(waiting) > 1:
            raise ApiError(422, "iteration_needed", f"several iterations of {step_id!r} wait; send 'iteration'")
        key = decision_key(step_id, waiting[0])
        if await ctx.store.load_decision(execution_id, key) is not None:
            raise ApiError(409, "already_decided", f"step {key!r} of execution {execution_id!r} was already decided")
        try:
            decision = await (approve if ok else deny)(ctx.store, execution_id, step_id, who.user, waiting[0])
        except ValueError as exc:
            raise ApiError(409, "not_confirmable", str(exc)) from None
        if ctx.engine is not None:  # the workflow waits for the decide signal, and goes on at once
            await ctx.engine.signal(execution_id, decision)
        ctx.wake_worker()
        return {
            "execution_id": execution_id,
            "step_id": decision.step_id,
            "approved": decision.approved,
            "by": who.user,
        }

    @app.post("/api/v1/executions/{execution_id}/steps/{step_id}/approve", tags=["executions"], summary="Approve")
    async def approve_step(
        execution_id: str, step_id: str, body: DecisionRequest | None = None, who: Principal = Depends(operator)
    ) -> dict[str, Any]:
        result: dict[str, Any] = await decide(execution_id, step_id, body, who, True)
        return result

    @app.post("/api/v1/executions/{execution_id}/steps/{step_id}/deny", tags=["executions"], summary="Deny")
    async def deny_step(
        execution_id: str, step_id: str, body: DecisionRequest | None = None, who: Principal = Depends(operator)
    ) -> dict[str, Any]:
        result: dict[str, Any] = await decide(execution_id, step_id, body, who, False)
        return result

    @app.get(
        "/api/v1/executions/{execution_id}/events",
        tags=["executions"],
        summary="Server-Sent Events: one per committed transition; resume with Last-Event-ID",
        response_class=StreamingResponse,
    )
    async def events(
        execution_id: str,
        who: Principal = Depends(viewer),
        last_event_id: str | None = Header(None, max_length=30),
        after: int | None = Query(None, ge=0),
    ) -> StreamingResponse:
        await ctx.execution(execution_id, who)
        start = after or 0
        if last_event_id is not None:
            if not last_event_id.strip().isdigit():
                raise ApiError(422, "invalid_request", "Last-Event-ID must be the id of an event (a number)")
            start = int(last_event_id.strip())
        return StreamingResponse(
            event_stream(ctx, execution_id, start),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    # ------------------------------------------------------------------------------------- schedules
    async def schedule_of(schedule_id: str, who: Principal) -> Any:
        try:
            schedule = await get_schedule(ctx.store, schedule_id)
        except ScheduleError:
            raise not_found("schedule", schedule_id) from None
        if not who.may_see(schedule.owner):
            raise not_found("schedule", schedule_id)
        return schedule

    def with_fires(schedule: Any, count: int) -> dict[str, Any]:
        upcoming = []
        if schedule.status.value == "active" and schedule.next_fire_at is not None:
            after = ctx.clock.now()
            upcoming = preview(schedule.trigger, after=after, count=count, anchor=schedule.anchor_at)
        return schedule_view(schedule, upcoming)

    @app.post("/api/v1/schedules", tags=["schedules"], status_code=201, summary="Schedule a plan by its trigger")
    async def add(body: ScheduleRequest, who: Principal = Depends(operator)) -> dict[str, Any]:
        plan = await plan_of(body, who)
        try:
            schedule = await add_schedule(ctx.store, ctx.executor, plan, owner=plan.owner)
        except PlanRefusedError as exc:
            raise refused(exc) from None
        except PlanStatusError as exc:
            raise ApiError(409, "plan_not_schedulable", str(exc)) from None
        except ValueError:  # add_schedule's message names the command line; here the API's way is meant
            raise ApiError(
                422, "no_trigger",
                "the plan has no trigger; add one (time, interval, cron, ...), or run it now with POST "
                "/api/v1/executions",
            ) from None  # fmt: skip
        if ctx.engine is not None and schedule.trigger.type in TEMPORAL_TRIGGERS:
            schedule = await on_temporal(schedule)
        else:
            ctx.wake_worker()
        return with_fires(schedule, 5)

    async def on_temporal(schedule: Any) -> Any:
        """Hand a cron/interval schedule to Temporal as a Temporal Schedule (as `schedule add --engine temporal`
        does), or take it back out of the store and answer 503: never a schedule half on one engine."""
        assert ctx.engine is not None
        try:
            await schedule_on_temporal(ctx.engine, schedule.id, executor=ctx.executor)
        except Exception as exc:  # Temporal unreachable, or refused the schedule
            await remove_schedule(ctx.store, schedule.id)
            raise ApiError(
                503, "engine_unavailable",
                f"the Temporal Schedule could not be created ({exc}); nothing was scheduled, try again",
                {"schedule_id": schedule.id},
            ) from None  # fmt: skip
        return await get_schedule(ctx.store, schedule.id)

    async def change(schedule_id: str, local: Any, remote: Any, who: Principal) -> Any:
        """Pause, resume or remove: on Temporal too for a Temporal Schedule; only a server that runs on
        Temporal can change one (a change in the store alone would leave Temporal firing it)."""
        schedule = await schedule_of(schedule_id, who)
        if schedule.state.get(ENGINE_KEY) != "temporal":
            return await local()
        if ctx.engine is None:
            raise ApiError(
                409, "schedule_on_temporal",
                f"schedule {schedule_id!r} is a Temporal Schedule; change it through a server started with "
                "--engine temporal, or with `plankit schedule ... --engine temporal`",
                {"schedule_id": schedule_id},
            )  # fmt: skip
        try:
            return await remote(ctx.engine, schedule_id)
        except LookupError as exc:
            raise ApiError(409, "wrong_state", str(exc.args[0])) from None

    @app.get("/api/v1/schedules", tags=["schedules"], summary="Schedules with their next fire times")
    async def list_schedules(who: Principal = Depends(viewer)) -> list[dict[str, Any]]:
        found = await ctx.store.list_schedules(None if who.sees_all else who.user)
        return [with_fires(schedule, 3) for schedule in found]

    @app.get("/api/v1/schedules/{schedule_id}", tags=["schedules"], summary="A schedule, next fires, recent fires")
    async def show_schedule(schedule_id: str, who: Principal = Depends(viewer)) -> dict[str, Any]:
        schedule = await schedule_of(schedule_id, who)
        data = with_fires(schedule, 10)
        data["fires"] = [f.model_dump(mode="json") for f in await ctx.store.list_fires(schedule.id, 20)]
        return data

    @app.post("/api/v1/schedules/{schedule_id}/pause", tags=["schedules"], summary="Pause a schedule")
    async def pause(schedule_id: str, who: Principal = Depends(operator)) -> dict[str, Any]:
        try:
            paused = await change(schedule_id, lambda: pause_schedule(ctx.store, schedule_id), pause_on_temporal, who)
        except ScheduleError as exc:
            raise ApiError(409, "wrong_state", str(exc)) from None
        return with_fires(paused, 3)

    @app.post("/api/v1/schedules/{schedule_id}/resume", tags=["schedules"], summary="Resume a paused schedule")
    async def resume(schedule_id: str, who: Principal = Depends(operator)) -> dict[str, Any]:
        try:
            local = lambda: resume_schedule(ctx.store, schedule_id, ctx.clock.now())  # noqa: E731
            schedule = await change(schedule_id, local, resume_on_temporal, who)
        except ScheduleError as exc:
            raise ApiError(409, "wrong_state", str(exc)) from None
        ctx.wake_worker()
        return with_fires(schedule, 3)

    @app.delete("/api/v1/schedules/{schedule_id}", tags=["schedules"], status_code=204, summary="Remove a schedule")
    async def remove(schedule_id: str, who: Principal = Depends(operator)) -> Response:
        await change(schedule_id, lambda: remove_schedule(ctx.store, schedule_id), remove_on_temporal, who)
        return Response(status_code=204)

    # ---------------------------------------------------------------------------------- dead letters
    @app.get("/api/v1/dead-letters", tags=["dead letters"], summary="Steps that failed for good")
    async def list_dead_letters(who: Principal = Depends(viewer)) -> list[dict[str, Any]]:
        return [dead_letter_view(e) for e in await ctx.store.list_dead_letters() if who.may_see(e.owner)]

    @app.post(
        "/api/v1/dead-letters/{entry_id}/retry", tags=["dead letters"], status_code=202, summary="Run the step again"
    )
    async def retry(entry_id: str, who: Principal = Depends(operator)) -> dict[str, Any]:
        entry = await ctx.store.get_dead_letter(entry_id)
        if entry is None or not who.may_see(entry.owner):
            raise not_found("dead letter", entry_id)
        if ctx.engine is not None:  # a new run of the execution's workflow, from its records
            try:
                await ctx.engine.retry_dead_letter(entry_id, ctx.executor)
            except LookupError as exc:
                raise ApiError(404, "not_found", str(exc)) from None
            except ValueError as exc:
                raise ApiError(409, "wrong_state", str(exc)) from None
            return {"dead_letter_id": entry_id, "status": "retrying"}
        # The execution's lease, taken here (the retry, by this executor, takes it again as its own): who else
        # holds it is answered now, instead of failing in the background after a 202.
        if ctx.executor.is_running(entry.execution_id):
            raise ApiError(
                409, "execution_taken", f"execution {entry.execution_id!r} is being run by this server now",
                {"execution_id": entry.execution_id, "holder": ctx.executor.worker_id},
            )  # fmt: skip
        now = ctx.clock.now()
        until = now + timedelta(seconds=ctx.executor.lease_seconds)
        holder = await ctx.store.claim_execution(entry.execution_id, ctx.executor.worker_id, until, now)
        if holder is not None and holder.owner.startswith("temporal:"):
            raise ApiError(
                409, "execution_on_temporal",
                f"execution {entry.execution_id!r} runs on Temporal; retry its dead letters on a server started "
                "with --engine temporal, or with `plankit dead-letters retry ID --engine temporal`",
                {"execution_id": entry.execution_id},
            )  # fmt: skip
        if holder is not None and not holder_is_dead(holder.owner):  # a dead holder's lease: the retry takes it
            raise ApiError(
                409, "execution_taken", f"execution {entry.execution_id!r} is being run by {holder.owner}",
                {"execution_id": entry.execution_id, "holder": holder.owner},
            )  # fmt: skip
        ctx.spawn(ctx.executor.retry_dead_letter(entry_id), f"retry of dead letter {entry_id}")
        return {"dead_letter_id": entry_id, "status": "retrying"}
