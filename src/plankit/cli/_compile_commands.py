"""``plankit compile``: a goal in, a lint-clean plan out, through any LLM.

Exit codes: 0 a lint-clean plan, 1 the model could not produce one within the repair rounds (the last
readable draft is still printed, with its findings) or failed after a draft was made (the draft is kept on
disk: ``--output``, else ``./plankit-draft.json``), 2 unusable input (an empty goal, a bad ``--model``, an
unreadable policy or tool file, a missing SDK, or a model that can't be reached for the first draft). A
refused connection fails at once (nothing listens there); progress goes to stderr while the model works.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.status import Status
from rich.text import Text

from ..compile import DEFAULT_MAX_REPAIRS, CompileResult, compile_goal
from ..errors import PlankitError
from ..lint import Diagnostic
from ..llm import make_llm
from ..plan import dump_plan
from ._common import EXIT_FAILED, EXIT_OK, MODEL_ENV_VAR, TextOrJson, fail, print_json, stderr


def compile_command(
    goal: Annotated[
        str, typer.Argument(help="What the plan should achieve (- reads it from stdin).", show_default=False)
    ],
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            "-m",
            envvar=MODEL_ENV_VAR,
            help="provider:model, e.g. openai:gpt-4o-mini or anthropic:claude-sonnet-4-5 (env PLANKIT_MODEL).",
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option("--base-url", help="An OpenAI-compatible server, e.g. http://localhost:11434/v1 (Ollama)."),
    ] = None,
    tools: Annotated[
        Path | None, typer.Option("--tools", help="Tool specs (JSON or YAML; OpenAI function entries too).")
    ] = None,
    policy: Annotated[
        list[Path] | None,
        typer.Option("--policy", "-p", help="Policy file (YAML, JSON, .rego); repeat to merge. Default: built-in."),
    ] = None,
    max_repairs: Annotated[
        int, typer.Option("--max-repairs", min=0, help="Rounds of sending lint findings back to the model.")
    ] = DEFAULT_MAX_REPAIRS,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the plan here instead of stdout.")
    ] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="text: the plan JSON; json: a report with rounds.")
    ] = TextOrJson.TEXT,
) -> None:
    """Turn a goal into a plan with an LLM; lint it and send the findings back until it is clean."""
    if goal == "-":
        goal = sys.stdin.read()
    if model is None:
        fail(f"no model: pass --model provider:model (or set {MODEL_ENV_VAR}), e.g. --model openai:gpt-4o-mini")
    try:
        with _Waiting() as waiting:
            result = asyncio.run(_compile(goal, model, base_url, tools, policy or [], max_repairs, waiting.say))
    except PlankitError as exc:
        fail(exc)
    if result.error is not None and output is None and result.rounds:
        output = _keep_draft(result)  # the model failed mid-way: the draft must not be lost with it
    if output is not None and result.plan is not None:
        output.write_text(dump_plan(result.plan), encoding="utf-8")
    if output_format is TextOrJson.JSON:
        print_json(result.to_dict())
    else:
        _report_text(result, output)
    raise typer.Exit(EXIT_OK if result.ok else EXIT_FAILED)


async def _compile(
    goal: str,
    model: str,
    base_url: str | None,
    tools: Path | None,
    policy: list[Path],
    max_repairs: int,
    on_progress: Callable[[str], None],
) -> CompileResult:
    llm = make_llm(model, base_url=base_url)
    try:
        return await compile_goal(
            goal, llm, tools=tools, policy=[str(path) for path in policy] or None, max_repairs=max_repairs,
            on_progress=on_progress,
        )  # fmt: skip
    finally:
        await llm.aclose()


class _Waiting:
    """Progress on stderr while the model works: a spinner on a terminal, one line per request otherwise."""

    def __init__(self) -> None:
        self.status: Status | None = None

    def __enter__(self) -> _Waiting:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.status is not None:
            self.status.stop()

    def say(self, text: str) -> None:
        """Show what is awaited now."""
        if not stderr.is_terminal:
            stderr.print(f"{text}...", markup=False)
        elif self.status is None:
            self.status = stderr.status(Text(text))
            self.status.start()
        else:
            self.status.update(Text(text))


def _keep_draft(result: CompileResult) -> Path:
    """A file in the working folder that keeps the last draft (or, with none readable, the last reply)."""
    suffix = ".json" if result.plan is not None else ".txt"
    number = 1
    while (path := Path(f"plankit-draft{'' if number == 1 else f'-{number}'}{suffix}")).exists():
        number += 1
    if result.plan is None:
        path.write_text(result.rounds[-1].reply, encoding="utf-8")
    return path


def _report_text(result: CompileResult, output: Path | None) -> None:
    """The plan on stdout (unless written to a file); rounds and findings on stderr."""
    for round_ in result.rounds:
        errors = len(round_.errors)
        verdict = "clean" if round_.clean else f"{errors} error{'s' if errors != 1 else ''}"
        label = "draft" if round_.number == 0 else f"repair {round_.number}"
        notes = f" ({'; '.join(round_.extraction.notes)})" if round_.extraction and round_.extraction.notes else ""
        stderr.print(f"{label}: {verdict}{notes}", markup=False)
    for diagnostic in result.diagnostics:
        stderr.print(f"  {_diagnostic_line(diagnostic)}", markup=False)
    if result.plan is not None and output is None:
        sys.stdout.write(dump_plan(result.plan))
    rounds = f"{result.repairs} repair round{'s' if result.repairs != 1 else ''}"
    if result.error is not None:
        kept = f"kept in {output}" if output is not None else "lost"
        stderr.print(f"{result.error}; the last draft is {kept}, with its findings above", markup=False)
    elif result.ok:
        stderr.print(f"lint-clean plan after {rounds}" + (f", written to {output}" if output else ""), markup=False)
    elif result.plan is not None:
        where = f"written to {output}" if output else "printed above"
        stderr.print(f"no lint-clean plan after {rounds}; the last draft is {where}, with its findings", markup=False)
    else:
        stderr.print(f"no readable plan after {rounds}", markup=False)


def _diagnostic_line(diagnostic: Diagnostic) -> str:
    where = " ".join(
        part
        for part in (
            f"step {diagnostic.node_id!r}" if diagnostic.node_id else "",
            f"at {diagnostic.path}" if diagnostic.path else "",
        )
        if part
    )
    hint = f" (hint: {diagnostic.hint})" if diagnostic.hint else ""
    return f"{diagnostic.severity.value} {diagnostic.code}{' ' + where if where else ''}: {diagnostic.message}{hint}"


def register(app: typer.Typer) -> None:
    """Add ``compile`` to the ``plankit`` application."""
    app.command("compile")(compile_command)
