"""Commands that schedule plans and run the worker that fires them.

``schedule add|list|show|pause|resume|remove|fire|preview`` and ``scheduler``. Every one takes ``--db``
(default ``./plankit.db``) and ``--format text|json``. Exit codes: 0 success, 1 the plan was refused by
lint (``add``, findings printed) or a fired run failed, 2 unusable input (a missing file or schedule, a
plan without a trigger, a schedule in the wrong state for the command).
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import signal
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from .._utils import utcnow
from ..engines import TemporalExecutor
from ..engines.temporal_schedules import (
    ENGINE_KEY,
    describe_on_temporal,
    fire_on_temporal,
    pause_on_temporal,
    remove_on_temporal,
    resume_on_temporal,
    schedule_on_temporal,
)
from ..errors import LeaseHeldError, PlanRefusedError
from ..execute import DEFAULT_LEASE_SECONDS, Executor
from ..plan import Fire, Plan, Schedule, Trigger
from ..schedule import (
    DEFAULT_FEED_POLL,
    DEFAULT_PARK_AFTER,
    ScheduleError,
    Scheduler,
    add_schedule,
    fire_now,
    get_schedule,
    pause_schedule,
    preview,
    remove_schedule,
    resume_schedule,
    trigger_zone,
)
from ..store import Store, is_postgres_url, redact_dsn
from ._common import EXIT_OK, TextOrJson, fail, load_or_exit, print_json, stderr
from ._model_options import BaseUrlOption, McpConfigOption, McpOption, ModelOption, StepModel, open_tools
from ._run_commands import (
    DEFAULT_DB,
    DbOption,
    FeedsOption,
    FormatOption,
    PolicyOption,
    _open_store,
    _Progress,
    _refused,
    _report,
    _run_async,
    _RunSettings,
    _say_warnings,
    _stdout,
    db_words,
)
from ._temporal_commands import (
    DEFAULT_ADDRESS,
    DEFAULT_TASK_QUEUE,
    AddressOption,
    Engine,
    EngineOption,
    NamespaceOption,
    TaskQueueOption,
    TemporalSettings,
)

schedule_app = typer.Typer(
    help="Schedule plans on their triggers: add, list, show, pause, resume, remove, fire, preview.",
    no_args_is_help=True,
)

OptionalToolsOption = Annotated[
    str | None,
    typer.Option("--tools", help="Tools module (path/to/tools.py or package.module:registry); checked by lint."),
]
IdArgument = Annotated[str, typer.Argument(help="The schedule id (see `plankit schedule list`).")]


def _settings(
    db: str, tools: str | None, policy: list[Path] | None, output_format: TextOrJson, feeds: Path | None = None
) -> _RunSettings:
    """Tools (optional here: without them only the builtins run), policy and feeds, loaded or exit 2."""
    return _RunSettings(db, tools or "", output_format, policy or [], feeds_file=feeds).load()


# ------------------------------------------------------------------------------------------------ add
@schedule_app.command("add")
def schedule_add(
    plan_file: Annotated[str, typer.Argument(help="Plan file with a trigger (JSON or YAML), or - for stdin.")],
    tools: OptionalToolsOption = None,
    policy: PolicyOption = None,
    owner: Annotated[str | None, typer.Option("--owner", help="Who the schedule belongs to.")] = None,
    feeds: FeedsOption = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Lint a plan and store it on its trigger; print the schedule id and the next fire time.

    With ``--engine temporal`` a ``cron`` or ``interval`` trigger becomes a Temporal Schedule (same id) whose
    runs start the plan's workflow; other triggers stay with `plankit scheduler --engine temporal`.
    """
    plan = load_or_exit(plan_file)
    if plan.trigger is None:
        fail(f"{plan_file}: the plan has no trigger; add one (time, interval, cron, ...) or run it with `plankit run`")
    settings = _settings(db, tools, policy, output_format, feeds)

    async def work() -> int:
        async with _open_store(db, must_exist=False) as store:
            executor = Executor(store, settings.tools, policy=settings.policy, runtime=settings.runtime())
            try:
                schedule = await add_schedule(store, executor, plan, owner=owner)
            except PlanRefusedError as exc:
                no_tools = not settings.tools.names()
                return _refused(plan_file, exc, output_format, "nothing was scheduled", no_tools=no_tools)
            finally:
                await settings.aclose()
            on_temporal = engine is Engine.TEMPORAL and schedule.trigger.type in ("cron", "interval")
            if on_temporal:
                temporal = TemporalSettings(temporal_address, namespace, task_queue)
                await schedule_on_temporal(await temporal.engine(store), schedule.id, executor=executor)
            checked = executor.check(plan)
        if output_format is TextOrJson.JSON:
            print_json(
                {"schedule_id": schedule.id, "plan_id": schedule.plan_id, "next_fire_at": _iso(schedule.next_fire_at)}
            )
        else:
            _stdout().print(f"scheduled {schedule.id} (plan {schedule.plan_id}): {describe_trigger(schedule.trigger)}")
            _stdout().print(f"  next fire: {_both(schedule.next_fire_at, schedule.trigger)}")
            if on_temporal:
                _stdout().print(
                    f"  a Temporal Schedule {schedule.id} fires it; a `plankit worker --engine temporal` runs it"
                )
            else:
                words = (
                    TemporalSettings(temporal_address, namespace, task_queue).words()
                    if engine is Engine.TEMPORAL
                    else []
                )
                _stdout().print(
                    "  a worker fires it: "
                    + shlex.join(
                        ["plankit", "scheduler", *db_words(db), *(["--tools", tools] if tools else []), *words]
                    )
                )
        _say_warnings(checked, "is scheduled")  # FEED_MISSING among them: a trigger the feeds can't answer
        return EXIT_OK

    raise typer.Exit(_run_async(work))


# ------------------------------------------------------------------------------------------ list/show
@schedule_app.command("list")
def schedule_list(
    include_all: Annotated[bool, typer.Option("--all", help="Include removed schedules.")] = False,
    owner: Annotated[str | None, typer.Option("--owner", help="Only this owner's schedules.")] = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
) -> None:
    """List schedules, oldest first, with their next fire time."""
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        async with store:
            found = await store.list_schedules(owner, include_removed=include_all)
        if output_format is TextOrJson.JSON:
            print_json([_schedule_record(schedule) for schedule in found])
            return EXIT_OK
        table = Table("schedule", "plan", "trigger", "status", "next fire (UTC)", "runs", box=None, pad_edge=False)
        for schedule in found:
            table.add_row(
                schedule.id, schedule.plan_id, describe_trigger(schedule.trigger), schedule.status.value,
                _utc(schedule.next_fire_at), str(schedule.runs),
            )  # fmt: skip
        _stdout().print(table if found else "no schedules")
        return EXIT_OK

    raise typer.Exit(_run_async(work))


@schedule_app.command("show")
def schedule_show(
    schedule_id: IdArgument,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many past fires, newest first.")] = 50,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
) -> None:
    """Show a schedule: its trigger, next fire, and past fires (with their executions, or why they did not run).

    For a Temporal Schedule, ``--engine temporal`` adds what Temporal says: its next action times, paused or
    not, actions left, times missed past the catch-up window.
    """
    store = _open_store(db, must_exist=True)
    cluster = TemporalSettings(temporal_address, namespace) if engine is Engine.TEMPORAL else None

    async def work() -> int:
        async with store:
            schedule = await store.load_schedule(schedule_id) or await _get(store, schedule_id)  # removed ones too
            fires = await store.list_fires(schedule.id, limit)
            statuses = {}
            for fire in fires:
                if fire.execution_id:
                    execution = await store.load_execution(fire.execution_id)
                    statuses[fire.execution_id] = execution.status.value if execution else "missing"
            temporal = None
            on_temporal = schedule.state.get(ENGINE_KEY) == "temporal"
            if cluster is not None and on_temporal and schedule.status.value != "removed":
                try:
                    temporal = await describe_on_temporal(await cluster.engine(store), schedule.id)
                except LookupError as exc:
                    fail(str(exc.args[0]))
        if output_format is TextOrJson.JSON:
            record = _schedule_record(schedule)
            record["fires"] = [_fire_record(fire, statuses) for fire in fires]
            if temporal is not None:
                record["temporal"] = {**temporal, "next_action_times": [_iso(t) for t in temporal["next_action_times"]]}
            print_json(record)
            return EXIT_OK
        console = _stdout()
        console.print(Text(f"schedule {schedule.id}", style="bold"))
        for label, value in (
            ("plan", schedule.plan_id),
            ("owner", schedule.owner),
            ("trigger", describe_trigger(schedule.trigger)),
            ("status", schedule.status.value),
            ("next fire", _both(schedule.next_fire_at, schedule.trigger)),
            ("runs", str(schedule.runs)),
            ("buffered", schedule.buffered_at and _utc(schedule.buffered_at)),
            ("observed", _observed(schedule)),
            ("armed", None if "armed" not in schedule.state else str(schedule.state["armed"]).lower()),
            ("feed error", schedule.state.get("error") or None),
            ("engine", _temporal_line(temporal) if on_temporal else None),
        ):
            if value is not None:
                console.print(f"  {label + ':':<11}{value}")
        for moment in temporal["next_action_times"] if temporal else []:
            console.print(f"    next: {_both(moment, schedule.trigger)}")
        table = Table("nominal time (UTC)", "fire", "execution", "status / reason", box=None, pad_edge=False)
        for fire in fires:
            outcome = statuses.get(fire.execution_id or "", "") if fire.execution_id else fire.reason or ""
            if fire.execution_id and fire.reason:
                outcome = f"{outcome} ({fire.reason})"
            table.add_row(_utc(fire.nominal_at), fire.status.value, fire.execution_id or "-", outcome)
        console.print(table if fires else "  no fires yet")
        return EXIT_OK

    raise typer.Exit(_run_async(work))


# --------------------------------------------------------------------------------- pause/resume/remove
def _state_command(name: str, help_text: str, local: Any, remote: Any, verb: str) -> None:
    """Register ``schedule pause|resume|remove``: the same options, a different change (here or on Temporal)."""

    def command(
        schedule_id: IdArgument,
        db: DbOption = DEFAULT_DB,
        output_format: FormatOption = TextOrJson.TEXT,
        engine: EngineOption = Engine.LOCAL,
        temporal_address: AddressOption = DEFAULT_ADDRESS,
        namespace: NamespaceOption = "default",
    ) -> None:
        action = _engine_action(local, remote, engine, TemporalSettings(temporal_address, namespace), schedule_id)
        _change(schedule_id, db, output_format, action, verb)

    command.__doc__ = help_text
    schedule_app.command(name)(command)


_state_command(
    "pause",
    "Stop firing until `schedule resume` (fire times that pass meanwhile are not caught up).",
    pause_schedule, pause_on_temporal, "paused",
)  # fmt: skip
_state_command(
    "resume", "Fire again, from the next fire time after now.", resume_schedule, resume_on_temporal, "resumed"
)
_state_command(
    "remove",
    "Stop a schedule for good (its fires stay on record; running executions go on).",
    remove_schedule, remove_on_temporal, "removed",
)  # fmt: skip


def _engine_action(local: Any, remote: Any, engine: Engine, temporal: TemporalSettings, schedule_id: str) -> Any:
    """What ``pause``/``resume``/``remove`` do: on Temporal (and in the store) for a schedule handed to it."""

    async def on_temporal(store: Store) -> Schedule:
        try:
            schedule: Schedule = await remote(await temporal.engine(store), schedule_id)
        except LookupError as exc:
            raise ScheduleError(str(exc.args[0])) from None
        return schedule

    async def here(store: Store) -> Schedule:
        found = await store.load_schedule(schedule_id)
        if found is not None and found.state.get(ENGINE_KEY) == "temporal":
            raise ScheduleError(f"schedule {schedule_id!r} is a Temporal Schedule; pass --engine temporal")
        schedule: Schedule = await local(store, schedule_id)
        return schedule

    return on_temporal if engine is Engine.TEMPORAL else here


_STATE = {"paused": "paused", "resumed": "active", "removed": "removed"}
"""The state a change leaves a schedule in, by the change's verb."""


def _change(schedule_id: str, db: str, output_format: TextOrJson, action: Any, verb: str) -> None:
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        async with store:
            before = await store.load_schedule(schedule_id)
            try:
                schedule: Schedule = await action(store)
            except ScheduleError as exc:
                fail(str(exc.args[0]))
        if output_format is TextOrJson.JSON:
            print_json(_schedule_record(schedule))
        else:
            local = verb == "resumed" and schedule.state.get(ENGINE_KEY) != "temporal"  # Temporal knows its times
            nxt = f"; next fire: {_both(schedule.next_fire_at, schedule.trigger)}" if local else ""
            # Pausing a paused schedule (resuming an active one) succeeds and says so: scripts may repeat it.
            said = verb if before is None or before.status is not schedule.status else f"is already {_STATE[verb]}"
            _stdout().print(f"schedule {schedule.id} {said}{nxt}")
        return EXIT_OK

    raise typer.Exit(_run_async(work))


# ----------------------------------------------------------------------------------------------- fire
@schedule_app.command("fire")
def schedule_fire(
    schedule_id: IdArgument,
    tools: OptionalToolsOption = None,
    policy: PolicyOption = None,
    detach: Annotated[bool, typer.Option("--detach", help="Only record the fire; a running worker runs it.")] = False,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
) -> None:
    """Fire a schedule once now, by hand, and run it here (needs --tools), or leave it to a worker (--detach).

    A Temporal Schedule (``--engine temporal``) is fired by Temporal's trigger; a `plankit worker` runs it.
    """
    if engine is Engine.TEMPORAL:
        _fire_on_temporal(schedule_id, db, output_format, TemporalSettings(temporal_address, namespace))
    if not detach and not tools:
        fail("`schedule fire` runs the plan here and needs --tools (or pass --detach to leave it to a worker)")
    settings = _settings(db, tools, policy, output_format)
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        progress = _Progress(_stdout(), output_format)
        async with store, settings.executor(store, progress) as executor:
            try:
                fire = await fire_now(store, schedule_id, executor.clock.now())
            except ScheduleError as exc:
                fail(str(exc.args[0]))
            assert fire.execution_id is not None
            if detach:
                if output_format is TextOrJson.JSON:
                    print_json(_fire_record(fire, {}))
                else:
                    _stdout().print(f"fired {schedule_id}: execution {fire.execution_id} (a worker runs it)")
                return EXIT_OK
            with progress:
                try:
                    execution = await executor.resume(fire.execution_id)
                except LeaseHeldError as exc:
                    fail(str(exc))
                except PlanRefusedError as exc:
                    return _refused(schedule_id, exc, output_format)
        return _report(execution, settings)

    raise typer.Exit(_run_async(work))


def _fire_on_temporal(schedule_id: str, db: str, output_format: TextOrJson, temporal: TemporalSettings) -> None:
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        async with store:
            try:
                execution_id = await fire_on_temporal(await temporal.engine(store), schedule_id)
            except LookupError as exc:
                fail(str(exc.args[0]))
            except TimeoutError:
                fail(f"Temporal took the trigger of {schedule_id!r} but started no run within 10 s; see its UI")
        if output_format is TextOrJson.JSON:
            print_json({"schedule_id": schedule_id, "execution_id": execution_id})
        else:
            _stdout().print(
                f"fired {schedule_id} on Temporal: execution {execution_id} (a `plankit worker --engine temporal` "
                f"runs it; `plankit executions show {execution_id}`)"
            )
        return EXIT_OK

    raise typer.Exit(_run_async(work))


# -------------------------------------------------------------------------------------------- preview
@schedule_app.command("preview")
def schedule_preview(
    plan_or_id: Annotated[str, typer.Argument(help="A plan file with a trigger, or a schedule id.")],
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=10_000, help="How many fire times.")] = 10,
    after: Annotated[
        str | None, typer.Option("--after", help="Start from this ISO 8601 time (default: now; naive = UTC).")
    ] = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
) -> None:
    """Print the next fire times, in UTC and in the trigger's own time zone; nothing is stored."""
    start = _parse_after(after)

    async def work() -> int:
        trigger, anchor = await _trigger_of(plan_or_id, db, start)
        if trigger.type not in ("time", "interval", "cron", "immediate"):
            fail(f"a {trigger.type} trigger fires on market or chain data, not on the clock: it has no fire times")
        times = preview(trigger, after=start, count=count, anchor=anchor)
        if output_format is TextOrJson.JSON:
            print_json([{"at": _iso(item.at), "local": item.local.isoformat()} for item in times])
            return EXIT_OK
        zone = trigger_zone(trigger).key
        table = Table("UTC", f"local ({zone})", box=None, pad_edge=False)
        for item in times:
            table.add_row(_utc(item.at), item.local.strftime("%Y-%m-%d %H:%M:%S %Z"))
        _stdout().print(table if times else "it never fires after that time")
        return EXIT_OK

    raise typer.Exit(_run_async(work))


async def _trigger_of(plan_or_id: str, db: str, now: datetime) -> tuple[Trigger, datetime | None]:
    if Path(plan_or_id).exists() or plan_or_id == "-" or plan_or_id.endswith((".json", ".yaml", ".yml")):
        plan: Plan = load_or_exit(plan_or_id)
        if plan.trigger is None:
            fail(f"{plan_or_id}: the plan has no trigger")
        return plan.trigger, None
    store = _open_store(db, must_exist=True)
    async with store:
        schedule = await _get(store, plan_or_id)
    return schedule.trigger, schedule.anchor_at


def _parse_after(text: str | None) -> datetime:
    if text is None:
        return utcnow()
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        fail(f"--after {text!r} is not an ISO 8601 time (e.g. 2026-03-07T12:00:00Z)")
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# ------------------------------------------------------------------------------------------ scheduler
def scheduler(
    tools: OptionalToolsOption = None,
    policy: PolicyOption = None,
    db: DbOption = DEFAULT_DB,
    concurrency: Annotated[int, typer.Option("--concurrency", "-c", min=1, help="Most executions at once.")] = 4,
    once: Annotated[
        bool, typer.Option("--once", help="Do everything due now, then exit (for system cron, tests).")
    ] = False,
    park_after: Annotated[
        float, typer.Option("--park-after", min=0, help="Park waits longer than this many seconds (freeing the slot).")
    ] = DEFAULT_PARK_AFTER,
    grace: Annotated[
        float, typer.Option("--grace", min=0, help="On SIGTERM/Ctrl-C, seconds running steps get to finish.")
    ] = 30.0,
    poll: Annotated[float, typer.Option("--poll", min=0.01, help="Seconds between looks at the store.")] = 1.0,
    feeds: FeedsOption = None,
    feed_poll: Annotated[
        float, typer.Option("--feed-poll", min=0.01, help="Seconds between observations of price/balance/log triggers.")
    ] = DEFAULT_FEED_POLL.total_seconds(),
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
    lease: Annotated[
        float,
        typer.Option("--lease", min=1, help="Seconds after which a dead worker's executions are taken over."),
    ] = DEFAULT_LEASE_SECONDS,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Fire due schedules and run (or continue) due executions; runs until SIGTERM/Ctrl-C, or once with --once.

    With ``--engine temporal`` the executions of fires run as Temporal workflows (served by `plankit worker`).
    """
    steps = StepModel.of(model, base_url, mcp, mcp_config)
    settings = _RunSettings(db, tools or "", output_format, policy or [], steps=steps, feeds_file=feeds).load()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    temporal = TemporalSettings(temporal_address, namespace, task_queue) if engine is Engine.TEMPORAL else None
    opened = _open_store(db, must_exist=False)  # a --db SQLite can't use exits 2 here, before any warning
    if not is_postgres_url(db) and db != ":memory:" and not Path(db).exists():
        # A worker may start before anything is scheduled, but a typo'd --db would otherwise idle silently.
        stderr.print(
            f"{db}: no such database yet; starting with an empty one (is this the --db that `plankit schedule add` "
            "used?)",
            markup=False, highlight=False,
        )  # fmt: skip

    async def work() -> int:
        quiet = _Progress(_stdout(), TextOrJson.JSON)  # the worker logs lines; no live table
        try:
            async with (
                open_tools(settings.tools, steps.servers) as registry,
                opened as store,
                settings.executor(store, quiet, registry) as local,
            ):
                executor = local
                if temporal is not None:  # fires are decided here; their executions start as workflows
                    executor = TemporalExecutor(
                        store, registry, engine=await temporal.engine(store), policy=settings.policy,
                        runtime=settings.runtime(), llm=local.llm, replanning=local.replanning,
                    )  # fmt: skip
                executor.park_after = park_after
                executor.wake_on_interrupt = True  # stopped work goes back to the pool for any worker
                executor.on_event = _log_event
                executor.lease_seconds = lease
                worker = Scheduler(
                    store, executor=executor, concurrency=concurrency, poll_interval=poll, feeds=settings.feeds,
                    feed_poll=timedelta(seconds=feed_poll), lease_seconds=lease,
                )  # fmt: skip
                return await (_once(worker, output_format) if once else _forever(worker, db, grace))
        finally:
            await settings.aclose()

    raise typer.Exit(_run_async(work))


async def _once(worker: Scheduler, output_format: TextOrJson) -> int:
    reports = await worker.run_once()
    decided = sum(len(report.decided) for report in reports)
    started = sum(len(report.started) for report in reports)
    if output_format is TextOrJson.JSON:
        print_json({"schedules_decided": decided, "executions_run": started})
    else:
        _stdout().print(f"decided {decided} schedule(s), ran {started} execution(s)")
    return EXIT_OK


async def _forever(worker: Scheduler, db: str, grace: float) -> int:
    loop = asyncio.get_running_loop()
    signals: list[int] = []

    def on_signal() -> None:
        # The first Ctrl-C (or SIGTERM) stops taking work and lets running executions finish within --grace;
        # a second one doesn't make the user wait: they are interrupted at once, resumable by any worker.
        signals.append(1)
        if len(signals) == 1:
            worker.stop()
            running = worker.running
            if running:
                stderr.print(
                    f"stopping: {running} running execution(s) get up to {grace:g} s to finish (--grace); press "
                    "Ctrl-C again to interrupt them now (any worker resumes them)",
                    markup=False, highlight=False,
                )  # fmt: skip
        elif len(signals) == 2:
            worker.hurry()
            stderr.print("stopping now: interrupting the running executions", markup=False, highlight=False)

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, on_signal)
    where = redact_dsn(db)
    stderr.print(f"scheduler {worker.worker_id} on {where}: working (Ctrl-C or SIGTERM to stop)", markup=False)
    await worker.run(grace_seconds=grace)
    stderr.print("scheduler stopped; unfinished executions are resumable by any worker", highlight=False)
    return EXIT_OK


def _log_event(event: Any) -> None:
    if event.step_id is None:
        logging.getLogger("plankit.scheduler").info("execution %s %s", event.execution_id, event.status)


# ------------------------------------------------------------------------------------------- helpers
async def _get(store: Store, schedule_id: str) -> Schedule:
    try:
        return await get_schedule(store, schedule_id)
    except ScheduleError as exc:
        fail(str(exc.args[0]))


def _temporal_line(temporal: dict[str, Any] | None) -> str:
    """What ``schedule show`` says of a Temporal Schedule (Temporal's own view when it was asked)."""
    if temporal is None:
        return "a Temporal Schedule fires it (pass --engine temporal for Temporal's next action times)"
    left = "" if temporal["remaining_actions"] is None else f", {temporal['remaining_actions']} left"
    paused = f"paused ({temporal['note']})" if temporal["paused"] else "active"
    return (
        f"temporal: {paused}, {temporal['actions']} run(s){left}, {temporal['missed_catchup_window']} missed past "
        f"the catch-up window, {temporal['skipped_overlap']} skipped for overlap"
    )


def _observed(schedule: Schedule) -> str | None:
    """A market or chain trigger's last observation, as ``plankit schedule show`` prints it."""
    state = schedule.state
    if "last_block" in state:
        return f"block {state['last_block']} processed"
    if "last" in state or "truth" in state:
        seen = state.get("last", state.get("truth"))
        return f"{seen} at {state.get('last_at', '?')}"
    return None


def describe_trigger(trigger: Trigger) -> str:
    """A short human description of a trigger."""
    data = trigger.model_dump(exclude_defaults=True)
    data.pop("type", None)
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return f"{trigger.type}({details})" if details else trigger.type


def _schedule_record(schedule: Schedule) -> dict[str, Any]:
    data: dict[str, Any] = schedule.model_dump(mode="json", exclude_defaults=True)
    data["status"] = schedule.status.value
    data["next_fire_at"] = _iso(schedule.next_fire_at)
    return data


def _fire_record(fire: Fire, statuses: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = fire.model_dump(mode="json", exclude_defaults=True)
    data["status"] = fire.status.value
    if fire.execution_id is not None:
        data["execution_status"] = statuses.get(fire.execution_id)
    return data


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _utc(moment: datetime | None) -> str:
    return "-" if moment is None else moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def _both(moment: datetime | None, trigger: Trigger) -> str:
    if trigger.type not in ("time", "interval", "cron", "immediate"):
        return "when its data says so (a worker with --feeds observes it)"
    if moment is None:
        return "none (it will not fire again)"
    zone = trigger_zone(trigger)
    local = moment.astimezone(zone)
    if zone.key == "UTC":
        return f"{_utc(moment)} UTC"
    return f"{_utc(moment)} UTC ({local.strftime('%Y-%m-%d %H:%M:%S %Z')} {zone.key})"


def register(app: typer.Typer) -> None:
    """Add ``schedule`` and ``scheduler`` to the ``plankit`` app."""
    app.add_typer(schedule_app, name="schedule")
    app.command("scheduler")(scheduler)
