"""The typer application: one ``plankit`` command, its sub-commands registered from their modules."""

from __future__ import annotations

from typing import Any

import typer
import typer.main

from .._version import __version__
from . import (
    _compile_commands,
    _lint_commands,
    _mcp_commands,
    _plan_commands,
    _run_commands,
    _schedule_commands,
    _serve_commands,
    _template_commands,
)

app = typer.Typer(
    name="plankit",
    help="Compile, lint, schedule, execute and audit LLM-agent plans.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"plankit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", "-V", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Compile, lint, schedule, execute and audit LLM-agent plans."""


_plan_commands.register(app)
# Other command modules register themselves here, one line each:
_lint_commands.register(app)
_compile_commands.register(app)
_template_commands.register(app)
_run_commands.register(app)
_schedule_commands.register(app)
_mcp_commands.register(app)
_serve_commands.register(app)


def command() -> Any:
    """The click command behind ``plankit``, with help that reads well: ``--policy FILE``, ``PLANS...``
    and bare flags, where typer would show ``<list[Path]>``, ``{plans}...`` and ``<bool>``.

    (Typed ``Any``, and the parameters are read by duck typing: typer vendors its own click.)
    """
    built = typer.main.get_command(app)
    stack: list[Any] = [built]
    while stack:
        current = stack.pop()
        stack.extend(getattr(current, "commands", {}).values())
        for param in current.params:
            _readable(param)
        _bare_help_flag(current)
    return built


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


def main() -> None:
    """Entry point of the ``plankit`` console script."""
    command()(prog_name="plankit")
