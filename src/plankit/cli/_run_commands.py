"""Commands that run plans: ``run``, ``resume`` and ``dead-letters list|retry``, and the settings, store opening
and output helpers they share with :mod:`._execution_commands` (``approve``, ``deny``, ``cancel``, ``executions``).
``--model provider:model [--base-url URL]`` (or ``PLANKIT_MODEL``) runs ``llm`` steps with that model, and
``--mcp NAME=...`` adds an MCP server's tools (see :mod:`._model_options`). ``run --replan --max-replans N``: a
step that fails for good gets the remaining steps rewritten by the model, linted, and the run goes on (see
:mod:`plankit.execute._replan`).
Every one takes ``--db`` (default ``./plankit.db``) and ``--format text|json``. Exit codes of the commands
that run something (``run``, ``resume``, ``dead-letters retry``): 0 the execution completed, 1 it failed or
was cancelled, or the plan was refused (the lint findings are printed), 2 unusable input, 3 it is paused
until someone approves or denies a step (the commands to do so are printed). ``--db postgresql://...`` (or
``PLANKIT_DB``) selects a PostgreSQL store shared by many workers.

While a plan runs, a terminal shows a live table of its steps (status, attempt, duration); anything else
(a pipe, a file, CI) gets one plain line per transition. ``--format json`` prints only the final execution
record (or, for a refused plan, the lint report).
"""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import sqlite3
import threading
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from .._utils import utcnow
from ..compile import LlmReplanner
from ..errors import ConfigError, LeaseHeldError, MissingExtraError, PlankitError, PlanRefusedError
from ..execute import DEFAULT_MAX_REPLANS, ExecutionEvent, Executor, Replanning, RevisionApplied
from ..feeds import FeedRuntime, Feeds, load_feeds
from ..lint import Policy, Severity, ValidationResult
from ..lint._report import render_findings, render_json, render_text
from ..llm import LlmClient, make_llm
from ..plan import DeadLetterEntry, Execution, ExecutionStatus, StepExecution, StepStatus
from ..store import Store, is_postgres_url, redact_dsn, store_for
from ..tools import ToolRegistry, load_tools
from ._common import (
    EXIT_FAILED,
    EXIT_OK,
    MODEL_ENV_VAR,
    TextOrJson,
    fail,
    load_or_exit,
    print_json,
    require_database,
    stderr,
)
from ._model_options import (
    BaseUrlOption,
    McpConfigOption,
    McpOption,
    ModelOption,
    StepModel,
    open_tools,
    usage_of,
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
    left_on_temporal,
    retry_on_temporal,
    run_on_temporal,
)

EXIT_PAUSED = 3
"""The execution is paused until a step is approved or denied."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (the shell's convention: 128 + SIGINT)."""

DEFAULT_DB = "plankit.db"

DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="PLANKIT_DB",
        help="The store: a SQLite file, or a PostgreSQL URL postgresql://user@host/db (shared by many workers).",
    ),
]
FormatOption = Annotated[
    TextOrJson, typer.Option("--format", "-f", help="text, or json (the final record only).")
]
ToolsOption = Annotated[
    str | None, typer.Option("--tools", help="Tools module (path/to/tools.py or package.module:registry).")
]
PolicyOption = Annotated[
    list[Path] | None, typer.Option("--policy", "-p", help="Policy file; repeat to merge in order. Default: built-in.")
]
FeedsOption = Annotated[
    Path | None,
    typer.Option("--feeds", help="Feeds file (prices, chains) for runtime values and triggers; env PLANKIT_FEEDS."),
]
ResumeOption = Annotated[
    str | None,
    typer.Option(
        "--resume-with", metavar="TOOLS",
        help="After recording the decision, resume the execution with this tools module (as `plankit resume`).",
    ),
]  # fmt: skip
ConcurrencyOption = Annotated[
    int | None, typer.Option("--max-concurrency", min=1, help="Most steps running at once (default: no limit).")
]

_STATUS_STYLES = {
    "completed": "green",
    "failed": "bold red",
    "cancelled": "red",
    "skipped": "dim",
    "running": "cyan",
    "retrying": "yellow",
    "waiting": "blue",
    "awaiting_confirmation": "bold magenta",
    "paused": "bold magenta",
    "interrupted": "yellow",
    "pending": "dim",
}


# -------------------------------------------------------------------------------------------- settings
@dataclass
class _RunSettings:
    """What a command that runs steps needs, checked before anything starts (exit 2 when unusable)."""

    db: str
    tools_source: str
    output_format: TextOrJson
    policy_files: list[Path] = field(default_factory=list)
    max_concurrency: int | None = None
    tools: ToolRegistry = field(default_factory=ToolRegistry)
    policy: Policy | None = None
    replan: _ReplanSettings | None = None
    llm: LlmClient | None = None
    feeds_file: Path | None = None
    feeds: Feeds | None = None
    steps: StepModel = field(default_factory=StepModel)
    step_llm: LlmClient | None = None
    temporal: TemporalSettings | None = None
    """Set when the plan runs on Temporal (``--engine temporal``)."""

    def load(self) -> _RunSettings:
        try:
            self.tools = load_tools(self.tools_source) if self.tools_source else ToolRegistry()
            self.policy = Policy.load_all(self.policy_files) if self.policy_files else None
            self.feeds = load_feeds(self.feeds_file)
            if self.replan is not None:
                self.llm = make_llm(self.replan.model, base_url=self.replan.base_url)
        except PlankitError as exc:
            fail(exc)
        self.step_llm = self.steps.client()
        return self

    def executor(self, store: Store, progress: _Progress, tools: ToolRegistry | None = None) -> Executor:
        """An executor with these tools (or ``tools``), policy and concurrency, reporting to ``progress``."""
        replanning = None
        if self.replan is not None and self.llm is not None:
            planner = LlmReplanner(self.llm)
            replanning = Replanning(planner, max_replans=self.replan.max_replans, on_revision=progress.on_revision)
        return Executor(
            store, tools or self.tools, policy=self.policy, max_concurrency=self.max_concurrency,
            on_event=progress.on_event, replanning=replanning, llm=self.steps.runner(self.step_llm),
            runtime=self.runtime(),
        )  # fmt: skip

    def runtime(self) -> FeedRuntime | None:
        """Runtime values from the feeds file, if one was given."""
        return FeedRuntime(self.feeds) if self.feeds is not None else None

    async def aclose(self) -> None:
        """Close the model clients and the feeds."""
        for client in (self.llm, self.step_llm):
            if client is not None:
                await client.aclose()
        if self.feeds is not None:
            await self.feeds.aclose()

    def resume_command(self, execution_id: str) -> str:
        """The exact ``plankit resume`` command that continues with these settings."""
        words = ["plankit", "resume", execution_id]
        if self.tools_source:
            words += ["--tools", self.tools_source]
        for policy in self.policy_files:
            words += ["--policy", str(policy)]
        if self.feeds_file is not None:
            words += ["--feeds", str(self.feeds_file)]
        if self.max_concurrency is not None:
            words += ["--max-concurrency", str(self.max_concurrency)]
        return shlex.join([*words, *self.steps.words(), *db_words(self.db)])


@dataclass(frozen=True)
class _ReplanSettings:
    """``run --replan`` and its model."""

    model: str
    base_url: str | None
    max_replans: int

    @classmethod
    def of(cls, replan: bool, model: str | None, base_url: str | None, max_replans: int) -> _ReplanSettings | None:
        """The settings, or None without ``--replan``; exits 2 when the options don't fit together."""
        if not replan:
            return None  # --model and --base-url then serve the llm steps only
        model = model or os.environ.get(MODEL_ENV_VAR) or None
        if model is None:
            fail(f"--replan needs a model: pass --model provider:model (or set {MODEL_ENV_VAR})")
        return cls(model, base_url, max_replans)


def _open_store(db: str, *, must_exist: bool) -> Store:
    """The store ``--db`` names: a PostgreSQL URL, or a SQLite file (which must exist when ``must_exist``)."""
    if must_exist:
        require_database(db)
    try:
        return store_for(db)
    except ConfigError as exc:  # a URL of another database
        fail(exc)


def db_words(db: str) -> list[str]:
    """``--db DB`` for a printed command (a password in a URL is shown as ``***``)."""
    return ["--db", redact_dsn(db) if is_postgres_url(db) else db]


def _run_async(
    work: Callable[[], Coroutine[Any, Any, int]], on_interrupt: Callable[[], str | None] | None = None
) -> int:
    """Run a command's coroutine; store errors (a file that is not a database...) exit 2.

    Ctrl-C, or SIGTERM (``docker stop``, systemd, a CI job's timeout): the executor records the execution as
    interrupted (steps in flight stay in flight); then ``on_interrupt`` says which execution and the exact
    command that continues it.
    """
    try:
        return asyncio.run(_terminable(work))
    except (sqlite3.Error, ConnectionError) as exc:
        fail(f"the database can't be used: {exc}")
    except MissingExtraError as exc:  # --db postgresql://... without plankit[postgres]
        fail(exc)
    except (KeyboardInterrupt, _Terminated):
        # Nothing is lost: every transition so far is committed, and the steps that were running will run
        # again, with the same idempotency keys, on resume.
        message = on_interrupt() if on_interrupt is not None else None
        stderr.print(f"interrupted: {message or 'nothing was running'}", highlight=False, markup=False)
        return EXIT_INTERRUPTED


class _Terminated(Exception):
    """SIGTERM stopped the command (see :func:`_terminable`): handled as Ctrl-C's ``KeyboardInterrupt``."""


async def _terminable(work: Callable[[], Coroutine[Any, Any, int]]) -> int:
    """``work()``, with SIGTERM handled as asyncio.run handles Ctrl-C: the first cancels the command's task (the
    executor records the execution as interrupted) and the run ends in :class:`_Terminated`; a second one
    raises ``KeyboardInterrupt`` at once. Without it, SIGTERM killed the process at once and left the
    execution ``running``, with no word on how to continue it. The handler is our own, not asyncio's SIGINT
    one: that one is missing when SIGINT is ignored (a shell script's ``plankit run ... &``). A SIGTERM that
    is ignored stays ignored, and the previous handler is back when the command ends. A command that handles
    SIGTERM itself (``scheduler``, ``worker``: ``loop.add_signal_handler``) replaces this handler meanwhile."""
    previous = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is not threading.main_thread() or previous is signal.SIG_IGN:
        return await work()
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    assert task is not None  # a coroutine run by asyncio.run runs in a task
    terminated = False

    def on_sigterm(signum: int, frame: object) -> None:
        nonlocal terminated
        if terminated:
            raise KeyboardInterrupt
        terminated = True
        task.cancel()
        loop.call_soon_threadsafe(lambda: None)  # wake the loop (the handler may run while it waits)

    signal.signal(signal.SIGTERM, on_sigterm)
    try:
        return await work()
    except asyncio.CancelledError:
        if terminated:
            raise _Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupted(settings: _RunSettings, progress: _Progress | None) -> str | None:
    """What Ctrl-C left behind: the execution and the command that continues it."""
    if progress is None or progress.execution is None:
        return None
    eid = progress.execution.execution_id
    return f"execution {eid} was stopped and is marked interrupted; continue it with: {settings.resume_command(eid)}"


# ---------------------------------------------------------------------------------------------- running
def run(
    plan_file: Annotated[str, typer.Argument(help="Plan file (JSON or YAML, any supported shape), or - for stdin.")],
    tools: ToolsOption = None,
    policy: PolicyOption = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    max_concurrency: ConcurrencyOption = None,
    execution_id: Annotated[
        str | None, typer.Option("--execution-id", help="Id for the new execution (default: a fresh one).")
    ] = None,
    replan: Annotated[
        bool, typer.Option("--replan", help="When a step fails for good, have --model rewrite the remaining steps.")
    ] = False,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    max_replans: Annotated[
        int, typer.Option("--max-replans", min=0, help="Most revisions of one execution with --replan.")
    ] = DEFAULT_MAX_REPLANS,
    now: Annotated[
        bool, typer.Option("--now", help="Run a plan that has a (non-immediate) trigger once now, ignoring it.")
    ] = False,
    feeds: FeedsOption = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Lint and run a plan durably; exit 0 completed, 1 failed or refused, 2 bad input, 3 paused for approval.

    llm steps talk to --model (or PLANKIT_MODEL); --replan has it rewrite the rest of a failed plan.

    Ctrl-C (or SIGTERM) stops the run, marks the execution interrupted, prints the `plankit resume` command that
    continues it, and exits 130.
    """
    plan = load_or_exit(plan_file)
    if plan.trigger is not None and plan.trigger.type != "immediate" and not now:
        fail(
            f"{plan_file}: the plan has a {plan.trigger.type} trigger, so it should not run now; schedule it with "
            f"`plankit schedule add {plan_file}` (a worker fires it: `plankit scheduler`), or pass --now to run it "
            "once now, ignoring the trigger"
        )
    replanning = _ReplanSettings.of(replan, model, base_url, max_replans)
    steps = StepModel.of(model, base_url, mcp, mcp_config)
    settings = _RunSettings(
        db, tools or "", output_format, policy or [], max_concurrency, replan=replanning, steps=steps,
        feeds_file=feeds,
    ).load()

    if engine is Engine.TEMPORAL:
        settings.temporal = TemporalSettings(temporal_address, namespace, task_queue)
    progress = _Progress(_stdout(), settings.output_format)
    on_temporal: list[str] = []  # the execution started there, for Ctrl-C to name

    async def work() -> int:
        try:
            async with (
                open_tools(settings.tools, steps.servers) as registry,
                _open_store(db, must_exist=False) as store,
                settings.executor(store, progress, registry) as executor,
            ):
                _say_warnings(executor.check(plan))  # before the progress display takes the terminal
                with progress:
                    try:
                        if settings.temporal is not None:
                            execution = await run_on_temporal(
                                settings.temporal, store, executor, plan, execution_id, started=on_temporal
                            )
                        else:
                            execution = await executor.start(plan, execution_id=execution_id)
                    except PlanRefusedError as exc:
                        return _refused(plan_file, exc, settings.output_format, no_tools=not registry.names())
                    except ValueError as exc:  # the execution id is taken
                        fail(await _taken(store, execution_id, settings) or str(exc))
        finally:
            await settings.aclose()
        return _report(execution, settings)

    def interrupted() -> str | None:
        if settings.temporal is not None:  # Ctrl-C stops the waiting here, never the workflow
            return left_on_temporal(settings.temporal, on_temporal, db_words(settings.db))
        return _interrupted(settings, progress)

    raise typer.Exit(_run_async(work, interrupted))


def resume(
    execution_id: Annotated[str, typer.Argument(help="The execution to continue.")],
    tools: ToolsOption = None,
    policy: PolicyOption = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    max_concurrency: ConcurrencyOption = None,
    feeds: FeedsOption = None,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
) -> None:
    """Continue an interrupted or paused execution: completed steps are not run again."""
    steps = StepModel.of(model, base_url, mcp, mcp_config)
    settings = _RunSettings(
        db, tools or "", output_format, policy or [], max_concurrency, steps=steps, feeds_file=feeds
    ).load()
    raise typer.Exit(_continue(settings, db, execution_id, lambda executor: executor.resume(execution_id)))


_NO_TOOLS_HINT = (
    "no tools were given: pass --tools FILE.py (a module whose @plankit.tool functions are the plan's tools), "
    "or --mcp NAME=stdio:COMMAND for an MCP server's tools"
)


def _refused(
    name: str, exc: PlanRefusedError, output_format: TextOrJson, outcome: str = "nothing ran", *, no_tools: bool = False
) -> int:
    """Print why lint refused the plan (the report, and the likely fix when no tools were given); exit 1."""
    if output_format is TextOrJson.JSON:
        print_json_text(render_json([(name, exc.result)]))
    else:
        errors = len(exc.result.errors)
        why = (
            f"the plan has {_plural(errors, 'lint error')}"
            if errors
            else str(exc).removeprefix("the plan was refused: ")
        )
        stderr.print(Text.assemble(("refused: ", "bold red"), f"{why}; {outcome}"))
        render_text([(name, exc.result)], _stdout())
        # A first run without --tools fails on every step with CONTRA_NO_TOOL: say what is missing.
        if no_tools and any(error.code == "CONTRA_NO_TOOL" for error in exc.result.errors):
            stderr.print(Text.assemble(("hint: ", "bold"), _NO_TOOLS_HINT))
    return EXIT_FAILED


async def _taken(store: Store, execution_id: str | None, settings: _RunSettings) -> str | None:
    """What to do about an --execution-id that is taken: continue it, or pick another id if it is over."""
    existing = await store.load_execution(execution_id) if execution_id else None
    if existing is None or execution_id is None:
        return None
    status = existing.status.value
    if existing.status in (ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED):
        return (
            f"execution {execution_id!r} already exists and is {status}; give another --execution-id, or leave it"
            " out for a new one"
        )
    command = settings.resume_command(execution_id)
    return f"execution {execution_id!r} already exists ({status}); continue it with: {command}"


def _say_warnings(result: ValidationResult, outcome: str = "runs") -> None:
    """Print a plan's lint warnings before it runs (to stderr: stdout is the run's progress or its JSON record).
    A plan that will be refused says nothing here: the refusal prints the whole report."""
    warnings = [d for d in result.diagnostics if d.severity is Severity.WARNING and not d.suppressed]
    if not warnings or not result.valid:
        return
    stderr.print(
        f"lint: {_plural(len(warnings), 'warning')}; the plan {outcome} anyway (to stop plans like this one, make the"
        " codes errors in the policy: severity, or goal_alignment: error for GOAL_* codes)",
        markup=False, highlight=False,
    )  # fmt: skip
    render_findings(warnings, stderr)


def print_json_text(text: str) -> None:
    """Write already rendered JSON to stdout."""
    typer.echo(text.rstrip("\n"))


def _report(execution: Execution, settings: _RunSettings) -> int:
    """Print the outcome (summary and next commands, or the JSON record); return the exit code."""
    code = _exit_code(execution.status)
    usage = usage_of(execution)
    if settings.output_format is TextOrJson.JSON:
        record = _record(execution)
        if usage is not None:
            record["token_usage"] = usage
        print_json(record)
        return code
    console = _stdout()
    eid = execution.execution_id
    status = execution.status
    if status is ExecutionStatus.COMPLETED:
        done = sum(1 for step in execution.steps if step.status is StepStatus.COMPLETED)
        console.print(f"execution {eid} completed: {_plural(done, 'step')} in {_span(execution)}")
    elif status is ExecutionStatus.PAUSED:
        waiting = [step for step in execution.steps if step.status is StepStatus.AWAITING_CONFIRMATION]
        console.print(f"execution {eid} paused: {_plural(len(waiting), 'step')} awaiting confirmation")
        db = db_words(settings.db) + (settings.temporal.words() if settings.temporal else [])
        for step in waiting:
            console.print(f"  approve:  {shlex.join(['plankit', 'approve', eid, step.step_id, *db])}")
            console.print(f"  deny:     {shlex.join(['plankit', 'deny', eid, step.step_id, *db])}")
        if settings.temporal is None:
            console.print(f"  then:     {settings.resume_command(eid)}")
        else:
            console.print("  then:     the workflow continues on its own once decided")
    else:
        console.print(f"execution {eid} {status.value}: {execution.error or 'no error recorded'}")
        failed = [step for step in execution.steps if step.status is StepStatus.FAILED]
        for step in failed:
            console.print(f"  {_step_name(step)}: {_failure(step)}")
        if failed:
            listing = shlex.join(["plankit", "dead-letters", "list", *db_words(settings.db)])
            console.print(f"  dead letters: {listing}")
    if usage is not None:
        console.print(f"  llm tokens: {usage['input_tokens']} in, {usage['output_tokens']} out")
    return code


def _exit_code(status: ExecutionStatus) -> int:
    if status is ExecutionStatus.COMPLETED:
        return EXIT_OK
    if status is ExecutionStatus.INTERRUPTED:
        return EXIT_INTERRUPTED
    return EXIT_PAUSED if status is ExecutionStatus.PAUSED else EXIT_FAILED


# ------------------------------------------------------------------------------------------- progress
class _Progress:
    """Shows an execution's transitions as they are committed: a live table on a terminal, lines otherwise.

    The live table redraws on rich's own timer (8 times a second), not per event, so a 10,000-step plan
    costs no more than a small one; past ``max_rows`` steps it shows the unfinished ones and counts the rest.
    """

    def __init__(self, console: Console, output_format: TextOrJson, max_rows: int = 30):
        self.console = console
        self.quiet = output_format is TextOrJson.JSON
        self.live = None if self.quiet or not console.is_terminal else Live(self, console=console, refresh_per_second=8)
        self.max_rows = max_rows
        self.rows: dict[tuple[str, int | None], ExecutionEvent] = {}
        self.execution: ExecutionEvent | None = None

    def __enter__(self) -> _Progress:
        if self.live is not None:
            self.live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live is not None:
            self.live.stop()

    def on_event(self, event: ExecutionEvent) -> None:
        """The executor's ``on_event`` hook."""
        if event.step_id is None:
            before, self.execution = self.execution, event
        else:
            key = (event.step_id, event.iteration)
            before, self.rows[key] = self.rows.get(key), event
        # A step re-committed as it was (a wait's record rewritten when Ctrl-C stops the run) says nothing new.
        same = before is not None and _event_line(before) == _event_line(event)
        if self.live is None and not self.quiet and not same:
            self.console.print(_event_line(event), markup=False, highlight=False)

    def on_revision(self, applied: RevisionApplied) -> None:
        """The replanning hook: say what the revision changed (above the live table, on a terminal)."""
        if not self.quiet:
            self.console.print(applied.describe(), markup=False, highlight=False)

    def __rich__(self) -> Group:
        rows = list(self.rows.items())  # one C-level copy: the redraw runs on rich's thread
        hidden = 0
        if len(rows) > self.max_rows:
            active = [row for row in rows if row[1].status not in _FINISHED]
            hidden = len(rows) - len(active[: self.max_rows])
            rows = active[: self.max_rows]
        table = Table("step", "status", "attempt", "duration", box=None, pad_edge=False)
        now = utcnow()
        for (step_id, iteration), event in rows:
            name = step_id if iteration is None else f"{step_id}[{iteration}]"
            status = Text(event.status, style=_STATUS_STYLES.get(event.status, ""))
            attempt = str(event.attempt) if event.attempt else "-"
            table.add_row(name, status, attempt, _duration(event.started_at, event.completed_at, now))
        head = Text("execution ")
        if self.execution is not None:
            head.append(self.execution.execution_id, style="bold")
            head.append("  ")
            head.append(self.execution.status, style=_STATUS_STYLES.get(self.execution.status, ""))
        parts: list[Text | Table] = [head, table]
        if hidden:
            parts.append(Text(f"... and {hidden} more steps ({_tally(self.rows.values())})", style="dim"))
        return Group(*parts)


_FINISHED = frozenset({"completed", "failed", "cancelled", "skipped"})


def _tally(events: Iterable[ExecutionEvent]) -> str:
    counts = Counter(event.status for event in list(events))
    return ", ".join(f"{count} {status.replace('_', ' ')}" for status, count in sorted(counts.items()))


def _event_line(event: ExecutionEvent) -> str:
    if event.step_id is None:
        return f"execution {event.execution_id}: {event.status}"
    name = event.step_id if event.iteration is None else f"{event.step_id}[{event.iteration}]"
    status = event.status.replace("_", " ")
    if event.status in ("running", "retrying"):
        detail = f" (attempt {event.attempt})" if event.attempt else ""
        if event.error:
            detail += f" after [{event.error_type.value if event.error_type else 'UNKNOWN'}] {event.error}"
        return f"{name}: {status}{detail}"
    if event.status in ("completed", "failed", "cancelled", "skipped") and event.completed_at is not None:
        took = f" in {_seconds(event.duration_seconds)}" if event.duration_seconds is not None else ""
        tries = f" after {event.attempt} attempts" if event.attempt > 1 else ""
        error = f": [{event.error_type.value if event.error_type else 'UNKNOWN'}] {event.error}" if event.error else ""
        return f"{name}: {status}{tries}{took}{error}"
    return f"{name}: {status}"


def _duration(started: datetime | None, completed: datetime | None, now: datetime) -> str:
    if started is None:
        return "-"
    return _seconds(((completed or now) - started).total_seconds())


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def _span(execution: Execution) -> str:
    if execution.started_at is None or execution.completed_at is None:
        return "-"
    return _seconds((execution.completed_at - execution.started_at).total_seconds())


def _step_name(step: StepExecution) -> str:
    return step.step_id if step.iteration is None else f"{step.step_id}[{step.iteration}]"


def _failure(step: StepExecution) -> str:
    kind = step.error_type.value if step.error_type else "UNKNOWN"
    attempts = f" after {step.attempt_count} attempts" if step.attempt_count > 1 else ""
    return f"[{kind}]{attempts} {step.error or 'failed'}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _stdout() -> Console:
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = 200  # piped output: never wrap table cells at rich's default of 80 columns
    return console


def _record(model: Execution | DeadLetterEntry) -> Any:
    return model.model_dump(mode="json")


# --------------------------------------------------------------------------------------- dead letters
dead_letters_app = typer.Typer(help="Steps that failed for good: list them, retry one.", no_args_is_help=True)


@dead_letters_app.command("list")
def dead_letters_list(
    plan_id: Annotated[str | None, typer.Option("--plan", help="Only dead letters of this plan.")] = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
) -> None:
    """List dead letters, oldest first."""
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        async with store:
            entries = await store.list_dead_letters(plan_id)
        if output_format is TextOrJson.JSON:
            print_json([_record(entry) for entry in entries])
            return EXIT_OK
        table = Table("id", "execution", "step", "tool", "error", box=None, pad_edge=False)
        for entry in entries:
            attempts = f" after {entry.attempts} attempts" if entry.attempts > 1 else ""
            error = f"[{entry.error_type.value}]{attempts} {entry.error}"
            table.add_row(entry.id, entry.execution_id, entry.node_id, entry.tool or "-", error)
        _stdout().print(table if entries else "no dead letters")
        return EXIT_OK

    raise typer.Exit(_run_async(work))


@dead_letters_app.command("retry")
def dead_letters_retry(
    entry_id: Annotated[str, typer.Argument(help="The dead letter to retry.")],
    tools: ToolsOption = None,
    policy: PolicyOption = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Retry a dead letter's step inside its execution, then run what depended on it; on success it is removed.

    The step's references are resolved from that execution's outputs; a step that needs confirmation asks
    again. With --engine temporal the execution continues in a new run of its workflow, on a worker.
    Exit codes as for `plankit resume`.
    """
    steps = StepModel.of(model, base_url, mcp, mcp_config)
    settings = _RunSettings(db, tools or "", output_format, policy or [], steps=steps).load()
    temporal = TemporalSettings(temporal_address, namespace, task_queue)
    if engine is Engine.TEMPORAL:
        settings.temporal = temporal
        raise typer.Exit(
            _continue(settings, db, entry_id, lambda executor: retry_on_temporal(temporal, executor, entry_id))
        )
    there = shlex.join(["plankit", "dead-letters", "retry", entry_id, *temporal.words(), *db_words(db)])
    raise typer.Exit(
        _continue(
            settings, db, entry_id, lambda executor: executor.retry_dead_letter(entry_id),
            on_temporal=f"retry it there, in a new run of its workflow: {there}",
        )
    )  # fmt: skip


def _continue(
    settings: _RunSettings, db: str, subject: str, action: Callable[[Executor], Awaitable[Execution]],
    *, on_temporal: str | None = None,
) -> int:
    """Run ``action`` on an executor over an existing store, with the live view; the command's exit code.

    ``on_temporal``: what to do instead when the execution is Temporal's (leased to its workflow).
    """
    store = _open_store(db, must_exist=True)
    progress = _Progress(_stdout(), settings.output_format)

    async def work() -> int:
        progress = _Progress(_stdout(), settings.output_format)
        try:
            async with (
                open_tools(settings.tools, settings.steps.servers) as registry,
                store,
                settings.executor(store, progress, registry) as executor,
            ):
                with progress:
                    try:
                        execution = await action(executor)
                    except LeaseHeldError as exc:
                        fail(_held(exc, settings.db, on_temporal))
                    except LookupError as exc:
                        fail(_message(exc))
                    except (ValueError, RuntimeError) as exc:  # a dead letter that can't be retried
                        fail(_message(exc), EXIT_FAILED)
                    except PlanRefusedError as exc:
                        return _refused(subject, exc, settings.output_format, no_tools=not registry.names())
        finally:
            await settings.aclose()
        return _report(execution, settings)

    return _run_async(work, lambda: _interrupted(settings, progress))


def _held(exc: LeaseHeldError, db: str, on_temporal: str | None) -> str:
    """Why nothing ran: another process holds the execution, or it is Temporal's (its records here are mirrored
    from its workflow, so running it in this process would run it twice, with tools of the wrong machine)."""
    if not exc.owner.startswith("temporal:"):
        return str(exc)
    eid = exc.owner.removeprefix("temporal:")
    show = shlex.join(["plankit", "executions", "show", eid, *db_words(db)])
    return (
        f"execution {eid!r} runs on Temporal (as workflow {eid}), so nothing ran here; "
        + (on_temporal or "approve, deny and cancel it with --engine temporal")
        + f"; follow it with: {show}"
    )


def _message(exc: Exception) -> str:
    # str() of a KeyError is the repr of its argument (quoted); the message itself reads better.
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def _when(moment: datetime | None) -> str:
    return "-" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S")


def register(app: typer.Typer) -> None:
    """Add ``run``, ``resume`` and ``dead-letters`` to the ``plankit`` app (decisions, cancel and executions are
    in :mod:`._execution_commands`)."""
    app.command("run")(run)
    app.command("resume")(resume)
    app.add_typer(dead_letters_app, name="dead-letters")
