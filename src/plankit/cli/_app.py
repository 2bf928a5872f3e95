"""The typer application: one ``plankit`` command, its sub-commands registered from their modules."""

from __future__ import annotations

import typer

from .._version import __version__
from . import (
    _compile_commands,
    _lint_commands,
    _mcp_commands,
    _plan_commands,
    _run_commands,
    _schedule_commands,
    _template_commands,
)

app = typer.Typer(
    name="plankit",
    help="Compile, lint, schedule, execute and audit LLM-agent plans.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"plankit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
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


def main() -> None:
    """Entry point of the ``plankit`` console script."""
    app()
