"""The typer application: one ``plankit`` command, its sub-commands registered from their modules.

Sub-command modules are imported lazily: ``plankit --help`` lists every command from :data:`LAZY_COMMANDS`
(name, module, one-line help) without importing any of them, and ``plankit lint`` imports only the lint
commands (not the executor, the store, the compiler or the LLM clients). A module that is not in the table is
registered eagerly with one ``register(app)`` line, as before. ``tests/cli/test_lazy_cli.py`` keeps the table
true to the commands' own help.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import os
import sys
from typing import Any

import typer
from typer import _click
from typer.core import TyperCommand, TyperGroup

from .._version import __version__

LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "schema": ("_plan_commands", "Print the JSON Schema of the canonical plan format."),
    "fmt": ("_plan_commands", "Print a plan in canonical JSON (any accepted shape in, one canonical form out)."),
    "render": ("_plan_commands", "Print a plan as a Mermaid flowchart (paste into any Mermaid viewer)."),
    "graph": (
        "_plan_commands",
        "Print the dependency analysis of a plan: order, cycles, critical path, dangling references.",
    ),
    "lint": (
        "_lint_commands",
        "Lint plans against a policy: unsafe tools, bounds, secrets, cycles, contradictions, data leaks.",
    ),
    "rules": ("_lint_commands", "List the lint rules (code, name, severity, summary), or document one."),
    "policy": ("_lint_commands", "Lint policies: print the built-in default, check policy files."),
    "compile": (
        "_compile_commands",
        "Turn a goal into a plan with an LLM; lint it and send the findings back until it is clean.",
    ),
    "template": (
        "_template_commands",
        "Save plans as templates with typed parameters, list them, and instantiate them with values.",
    ),
    "run": (
        "_run_commands",
        "Lint and run a plan durably; exit 0 completed, 1 failed or refused, 2 bad input, 3 paused for approval.",
    ),
    "resume": ("_run_commands", "Continue an interrupted or paused execution: completed steps are not run again."),
    "approve": (
        "_execution_commands",
        "Approve a step that awaits confirmation; then `plankit resume` runs it (or pass --resume-with TOOLS).",
    ),
    "deny": (
        "_execution_commands",
        "Deny a step that awaits confirmation: when resumed, it fails (USER_ERROR) under its failure policy.",
    ),
    "cancel": (
        "_execution_commands",
        "Cancel an execution: a paused one at once; one running in another process at its next transition.",
    ),
    "executions": ("_execution_commands", "List and inspect executions."),
    "dead-letters": ("_run_commands", "Steps that failed for good: list them, retry one."),
    "schedule": (
        "_schedule_commands",
        "Schedule plans on their triggers: add, list, show, pause, resume, remove, fire, preview.",
    ),
    "scheduler": (
        "_schedule_commands",
        "Fire due schedules and run (or continue) due executions; runs until SIGTERM/Ctrl-C, or once with --once.",
    ),
    "mcp": (
        "_mcp_commands",
        "Serve lint_plan, compile_plan, run_plan, get_execution, approve_step, deny_step and list_rules over MCP.",
    ),
    "serve": (
        "_serve_commands",
        "Serve the HTTP API (/api/v1, /docs) and the web UI (/), and run the worker in the same process.",
    ),
    "token": ("_serve_commands", "API tokens of 'plankit serve': create, list, revoke."),
    "worker": (
        "_temporal_commands",
        "Run a Temporal worker for plankit's workflows and activities, until SIGTERM/Ctrl-C.",
    ),
}
"""Sub-commands loaded on first use: name -> (module in ``plankit.cli``, the command's one-line help)."""

_LOADED: dict[str, _click.Command] = {}
_resume_gc = False
"""Set by :func:`run` for the console script: the collector is paused until the command's modules are loaded."""


def load_command(name: str) -> _click.Command:
    """The real click command ``name``, importing its module (once) and registering it on a scratch app."""
    if name not in _LOADED:
        module = importlib.import_module(f"{__package__}.{LAZY_COMMANDS[name][0]}")
        scratch = typer.Typer()
        module.register(scratch)
        built = typer.main.get_command(scratch)
        commands = built.commands if isinstance(built, TyperGroup) else {str(built.name): built}
        for command_name, command in commands.items():
            if command_name in LAZY_COMMANDS:
                _make_readable(command)
                _LOADED[command_name] = command
    resume_gc()
    return _LOADED[name]


def resume_gc() -> None:
    """If :func:`run` was told the collector is paused: freeze what exists (start-up's modules, classes and
    schemas, which live as long as the process) and turn the collector back on. Later collections, and the
    interpreter's at exit, then leave those objects alone. Only once; what the command makes is collected
    as usual."""
    global _resume_gc
    if _resume_gc:
        _resume_gc = False
        gc.freeze()
        gc.enable()


class _LazyCommand(TyperCommand):
    """Stands for a sub-command in help listings; parsing its arguments loads the real command."""

    def __init__(self, name: str, help_text: str):
        super().__init__(name, help=help_text, short_help=help_text)

    def make_context(
        self, info_name: str | None, args: list[str], parent: _click.Context | None = None, **extra: Any
    ) -> _click.Context:
        return load_command(str(self.name)).make_context(info_name, args, parent, **extra)


class _LazyGroup(TyperGroup):
    """The root group: eagerly registered commands first, then the lazy ones, in table order."""

    def __init__(self, **attrs: Any):
        super().__init__(**attrs)
        for name, (_, help_text) in LAZY_COMMANDS.items():
            self.commands.setdefault(name, _LazyCommand(name, help_text))


app = typer.Typer(
    name="plankit",
    help="Compile, lint, schedule, execute and audit LLM-agent plans.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=_LazyGroup,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"plankit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Compile, lint, schedule, execute and audit LLM-agent plans."""


# Command modules not in LAZY_COMMANDS register themselves here, one line each (imported eagerly).


def command() -> Any:
    """The click command behind ``plankit``, with help that reads well: ``--policy FILE``, ``PLANS...``
    and bare flags, where typer would show ``<list[Path]>``, ``{plans}...`` and ``<bool>``.

    (Typed ``Any``, and the parameters are read by duck typing: typer vendors its own click.)
    """
    built = typer.main.get_command(app)
    _make_readable(built)
    return built


def _make_readable(root: Any) -> None:
    """Readable help for ``root`` and every command under it (lazy commands get it when they load)."""
    stack: list[Any] = [root]
    while stack:
        current = stack.pop()
        stack.extend(getattr(current, "commands", {}).values())
        for param in current.params:
            _readable(param)
            _plain_errors(param)
        _bare_help_flag(current)
        if isinstance(getattr(current, "help", None), str):
            current.help = _reflowed(current.help)


def _reflowed(text: str) -> str:
    """A docstring as help: each paragraph one line for rich to wrap (typer keeps the docstring's line breaks,
    which then cut lines in the middle), and code as the rest of the help shows it (`x`, not reST ``x``)."""
    paragraphs = inspect.cleandoc(text).replace("``", "`").split("\n\n")
    return "\n\n".join(
        p if p.startswith("\b") else " ".join(line.strip() for line in p.splitlines()) for p in paragraphs
    )


def _bare_help_flag(command: Any) -> None:
    """``--help`` is made per context; show it without a type label too."""
    make = getattr(command, "get_help_option", None)
    if make is None:
        return

    def help_option(ctx: Any) -> Any:
        option = make(ctx)
        if option is not None and option.metavar is None:
            option.metavar = ""
        return option

    command.get_help_option = help_option


def _plain_errors(param: Any) -> None:
    """A bad value's message without the "Value error, " typer keeps from pydantic (``--format yaml``: "Value
    error, 'yaml' is not one of 'text', 'json', 'sarif'.")."""
    process = param.process_value

    def process_value(ctx: Any, value: Any) -> Any:
        try:
            return process(ctx, value)
        except _click.exceptions.BadParameter as exc:
            from .._utils import validator_message

            exc.message = validator_message(exc.message)
            raise

    param.process_value = process_value


def _readable(param: Any) -> None:
    if param.metavar is not None:
        return
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        param.metavar = ""
        return
    described = getattr(param, "type_descriptor", None)  # typer >= 0.20; older typer has click's param.type
    kind = getattr(param, "type", None)
    if described.is_choice if described is not None else getattr(kind, "choices", None):
        return  # "text|json" says it all
    shown = str(described.annotation if described is not None else type(kind).__name__)
    name = "FILE" if "Path" in shown else (param.name or "value").upper()
    param.metavar = name
    if param.param_type_name == "argument":
        # Arguments: "PLANS..." on the usage line (typer writes "{plans}..."), no type label beside them.
        usage = f"{name}..." if param.nargs != 1 else name
        param._usage_display_name = lambda: usage if param.required else f"[{usage}]"
        param.display_type_rich = lambda ctx: None


def run(*, resume_gc_on_load: bool = False) -> None:
    """Run ``plankit`` on ``sys.argv`` (it exits through ``SystemExit``). With ``resume_gc_on_load``, the caller
    has paused the garbage collector: loading the command freezes what exists and resumes it
    (:func:`plankit.cli.main`)."""
    global _resume_gc
    _resume_gc = resume_gc_on_load
    try:
        command()(prog_name="plankit")
    except SystemExit as exc:
        if "temporalio.client" not in sys.modules:
            raise
        # The Temporal client's Rust threads can abort the interpreter's teardown ("PyGILState_Release ...
        # finalizing", exit 134 instead of the command's code; temporalio/sdk-python#300). The command is done
        # and its stores are closed: flush and leave without the teardown.
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if not isinstance(exc.code, int | None):
            print(exc.code, file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
