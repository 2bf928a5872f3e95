"""The lazy command table of ``plankit.cli._app``: true to the commands, and really lazy."""

from __future__ import annotations

import subprocess
import sys

import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from plankit.cli import app
from plankit.cli._app import LAZY_COMMANDS, load_command


def test_every_lazy_entry_names_its_module_and_its_commands_own_help() -> None:
    for name, (module, help_text) in LAZY_COMMANDS.items():
        command = load_command(name)
        assert command.name == name
        assert command.get_short_help_str(limit=300) == help_text, name
        callback_module = command.callback.__module__ if command.callback is not None else None
        if not isinstance(command, TyperGroup):
            assert callback_module == f"plankit.cli.{module}", name


def test_help_lists_every_command_in_table_order() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    assert group.list_commands(None) == list(LAZY_COMMANDS)  # type: ignore[arg-type]


def test_a_lazy_command_runs_and_a_typo_gets_a_suggestion() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["rules", "TOOL_DENY"])
    assert result.exit_code == 0
    assert result.stdout.startswith("TOOL_DENY")
    result = runner.invoke(app, ["lnt"])
    assert result.exit_code == 2
    assert "No such command 'lnt'. Did you mean 'lint'?" in result.stderr


def _modules_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_help_imports_no_subcommand_and_no_plan_model() -> None:
    loaded = _modules_after(
        "from plankit.cli import main\nsys.argv = ['plankit', '--help']\ntry:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert not {name for name in loaded if name.startswith(("plankit.plan", "plankit.lint", "plankit.cli._"))} - {
        "plankit.cli._app"
    }
    assert "pydantic" not in loaded


def test_lint_imports_neither_the_executor_nor_the_compiler() -> None:
    loaded = _modules_after(
        "from plankit.cli import main\nsys.argv = ['plankit', 'rules']\ntry:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert "plankit.lint" in loaded
    assert not {name for name in loaded if name.startswith(("plankit.execute", "plankit.compile", "plankit.store"))}
