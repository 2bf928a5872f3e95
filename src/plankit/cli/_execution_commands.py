"""Commands that look after executions: ``approve``, ``deny``, ``cancel`` and ``executions list|show``.

Split from :mod:`._run_commands` (which runs plans), whose settings, store opening and output helpers they share.
Every one takes ``--db`` and ``--format text|json``; a decision is final (a second one exits 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..errors import DecisionError
from ..execute import Executor, approve, deny
from ..plan import ExecutionStatus, StepStatus
from ._common import EXIT_FAILED, EXIT_OK, TextOrJson, fail, print_json, stderr
from ._model_options import usage_of
from ._run_commands import (
    _STATUS_STYLES,
    DEFAULT_DB,
    DbOption,
    FormatOption,
    PolicyOption,
    ResumeOption,
    _continue,
    _failure,
    _message,
    _open_store,
    _record,
    _run_async,
    _RunSettings,
    _seconds,
    _stdout,
    _step_name,
    _when,
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


# ------------------------------------------------------------------------------------------ decisions
def approve_command(
    execution_id: Annotated[str, typer.Argument(help="The paused execution.")],
    step_id: Annotated[str, typer.Argument(help="The step awaiting confirmation.")],
    by: Annotated[
        str | None, typer.Option("--by", help="Who approves, kept with the decision (default: your login name).")
    ] = None,
    reason: Annotated[str | None, typer.Option("--reason", help="Why (kept with the decision).")] = None,
    resume_with: ResumeOption = None,
    policy: PolicyOption = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Approve a step that awaits confirmation; then `plankit resume` runs it (or pass --resume-with TOOLS).

    On Temporal (``--engine temporal``) the workflow hears the decision and goes on at once.

    A decision is final: approving or denying a step that was already decided exits 1 and says who decided
    what, and when. Exit 0 recorded (with --resume-with: the resumed run's exit code), 1 refused, 2 bad input.
    """
    temporal = TemporalSettings(temporal_address, namespace, task_queue) if engine is Engine.TEMPORAL else None
    _decide(execution_id, step_id, _Answer(True, by, reason), db, output_format, resume_with, policy or [], temporal)


def deny_command(
    execution_id: Annotated[str, typer.Argument(help="The paused execution.")],
    step_id: Annotated[str, typer.Argument(help="The step awaiting confirmation.")],
    by: Annotated[
        str | None, typer.Option("--by", help="Who denies, kept with the decision (default: your login name).")
    ] = None,
    reason: Annotated[str | None, typer.Option("--reason", help="Why (kept with the decision).")] = None,
    resume_with: ResumeOption = None,
    policy: PolicyOption = None,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Deny a step that awaits confirmation: when resumed, it fails (USER_ERROR) under its failure policy.

    A decision is final, as for `plankit approve`.
    """
    temporal = TemporalSettings(temporal_address, namespace, task_queue) if engine is Engine.TEMPORAL else None
    _decide(execution_id, step_id, _Answer(False, by, reason), db, output_format, resume_with, policy or [], temporal)


def _login_name() -> str | None:
    """Who runs this command, as the operating system knows them (None when it can't say)."""
    import getpass

    try:
        return getpass.getuser() or None
    except (OSError, KeyError):  # no USER/LOGNAME and no passwd entry (a bare container)
        return None


@dataclass(frozen=True)
class _Answer:
    approved: bool
    by: str | None
    reason: str | None


def _decide(
    execution_id: str,
    step_id: str,
    answer: _Answer,
    db: str,
    output_format: TextOrJson,
    resume_with: str | None,
    policy: list[Path],
    temporal: TemporalSettings | None = None,
) -> None:
    store = _open_store(db, must_exist=True)
    settings = _RunSettings(db, resume_with, output_format, policy).load() if resume_with is not None else None
    if answer.by is None:  # the audit record says who, also when --by is left out
        answer = _Answer(answer.approved, _login_name(), answer.reason)

    async def work() -> int:
        async with store:
            try:
                decide = approve if answer.approved else deny
                decision = await decide(store, execution_id, step_id, by=answer.by, reason=answer.reason)
            except DecisionError as exc:  # decided already, or not awaiting a decision: refused, exit 1
                fail(str(exc), EXIT_FAILED)
            except (LookupError, ValueError) as exc:
                fail(_message(exc))
            if temporal is not None:  # recorded (and checked) above; the workflow hears it now
                await (await temporal.engine(store)).signal(execution_id, decision)
        if settings is not None:
            stderr.print(f"{decision.verb} step {step_id!r} of execution {execution_id}; resuming", markup=False)
            return EXIT_OK
        if output_format is TextOrJson.JSON:
            print_json({"execution_id": execution_id, **decision.as_record()})
        else:
            _stdout().print(
                f"{decision.verb} step {step_id!r} of execution {execution_id}"
                f"{f' by {answer.by}' if answer.by else ''}; resume it, or a running scheduler continues it"
            )
        return EXIT_OK

    code = _run_async(work)
    if settings is None or code != EXIT_OK:
        raise typer.Exit(code)
    raise typer.Exit(_continue(settings, db, execution_id, lambda executor: executor.resume(execution_id)))


def cancel(
    execution_id: Annotated[str, typer.Argument(help="The execution to stop.")],
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Cancel an execution: a paused one at once; one running in another process at its next transition."""
    store = _open_store(db, must_exist=True)
    temporal = TemporalSettings(temporal_address, namespace, task_queue) if engine is Engine.TEMPORAL else None

    async def work() -> int:
        async with store, Executor(store, builtins=False) as executor:
            try:
                if temporal is not None:  # workflow cancellation: the workflow records ``cancelled`` itself
                    on_temporal = await temporal.engine(store)
                    await on_temporal.cancel(execution_id)
                    execution = await on_temporal.wait(execution_id, until_final=True)
                else:
                    execution = await executor.cancel(execution_id)
            except LookupError as exc:
                fail(_message(exc))
        if output_format is TextOrJson.JSON:
            print_json(_record(execution))
        elif execution.status is ExecutionStatus.CANCELLED:
            _stdout().print(f"execution {execution_id} cancelled")
        elif execution.status in (ExecutionStatus.COMPLETED, ExecutionStatus.FAILED):
            _stdout().print(f"execution {execution_id} had already {execution.status.value}; nothing to cancel")
        else:
            _stdout().print(
                f"cancel requested: the process running {execution_id} stops it at its next transition "
                "(if none runs it, it is marked cancelled when resumed)"
            )
        return EXIT_OK

    raise typer.Exit(_run_async(work))


# ----------------------------------------------------------------------------------------- executions
executions_app = typer.Typer(help="List and inspect executions.", no_args_is_help=True)


@executions_app.command("list")
def executions_list(
    plan_id: Annotated[str | None, typer.Option("--plan", help="Only executions of this plan.")] = None,
    status: Annotated[ExecutionStatus | None, typer.Option("--status", help="Only executions in this status.")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many, newest first.")] = 100,
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
) -> None:
    """List executions, newest first."""
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        async with store:
            found = await store.list_executions(plan_id, status, limit)
        if output_format is TextOrJson.JSON:
            # The store lists executions without their step records: leave the key out rather than print an
            # empty list that reads as "no steps" (the API's list does the same; ``show`` has the steps).
            print_json([execution.model_dump(mode="json", exclude={"steps"}) for execution in found])
            return EXIT_OK
        table = Table("execution", "plan", "status", "started", "completed", box=None, pad_edge=False)
        for execution in found:
            status_text = Text(execution.status.value, style=_STATUS_STYLES.get(execution.status.value, ""))
            table.add_row(
                execution.execution_id, execution.plan_id, status_text, _when(execution.started_at),
                _when(execution.completed_at),
            )
        _stdout().print(table if found else "no executions")
        return EXIT_OK

    raise typer.Exit(_run_async(work))


@executions_app.command("show")
def executions_show(
    execution_id: Annotated[str, typer.Argument(help="The execution to show.")],
    db: DbOption = DEFAULT_DB,
    output_format: FormatOption = TextOrJson.TEXT,
) -> None:
    """Show one execution and its step records."""
    store = _open_store(db, must_exist=True)

    async def work() -> int:
        async with store:
            execution = await store.load_execution(execution_id)
            decisions = await store.list_decisions(execution_id)
        if execution is None:
            fail(f"no execution {execution_id!r} in {db}")
        usage = usage_of(execution)
        if output_format is TextOrJson.JSON:
            record = {**_record(execution), "decisions": [decision.as_record() for decision in decisions]}
            if usage is not None:
                record["token_usage"] = usage
            print_json(record)
            return EXIT_OK
        console = _stdout()
        console.print(Text(f"execution {execution.execution_id}", style="bold"))
        tokens = f"{usage['input_tokens']} in, {usage['output_tokens']} out" if usage is not None else None
        for label, value in (
            ("plan", execution.plan_id),
            ("status", execution.status.value),
            ("started", execution.started_at and _when(execution.started_at)),
            ("completed", execution.completed_at and _when(execution.completed_at)),
            ("error", execution.error),
            ("tokens", tokens),
        ):
            if value is not None:
                console.print(f"  {label + ':':<11}{value}")
        table = Table("step", "status", "attempts", "duration", "error", box=None, pad_edge=False)
        for step in execution.steps:
            status_text = Text(step.status.value, style=_STATUS_STYLES.get(step.status.value, ""))
            error = _failure(step) if step.status is StepStatus.FAILED else step.error or ""
            duration = _seconds(step.duration_seconds)
            table.add_row(_step_name(step), status_text, str(step.attempt_count), duration, error)
        console.print(table)
        if decisions:
            console.print("decisions:")
            for decision in decisions:
                label = re.sub(r"@retry-(\d+)$", r" (dead-letter retry \1)", decision.step_id)
                console.print(f"  {label}: {decision.describe()}", markup=False)
        return EXIT_OK

    raise typer.Exit(_run_async(work))




def register(app: typer.Typer) -> None:
    """Add ``approve``, ``deny``, ``cancel`` and ``executions`` to the ``plankit`` app."""
    app.command("approve")(approve_command)
    app.command("deny")(deny_command)
    app.command("cancel")(cancel)
    app.add_typer(executions_app, name="executions")
