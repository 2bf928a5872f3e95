"""The lazy command table of ``plankit.cli._app``: true to the commands, and really lazy."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

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


_MARKER = "--- modules ---"


def _modules_after(code: str, **env: str) -> set[str]:
    """The modules loaded once ``code`` ran, in a fresh interpreter (what it prints itself is skipped), with
    ``env`` added to the environment."""
    script = f"import sys\n{code}\nprint({_MARKER!r})\nprint('\\n'.join(sorted(sys.modules)))"
    environ = {name: value for name, value in os.environ.items() if name not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    command = [sys.executable, "-c", script]
    out = subprocess.run(command, capture_output=True, text=True, check=True, env={**environ, **env}).stdout
    return set(out.rpartition(_MARKER)[2].split())


def _cli(*args: str) -> str:
    """Code that runs ``plankit ARGS`` in-process and goes on (the command exits through SystemExit)."""
    argv = ["plankit", *args]
    return f"from plankit.cli import main\nsys.argv = {argv!r}\ntry:\n    main()\nexcept SystemExit:\n    pass"


def test_help_imports_no_subcommand_and_no_plan_model() -> None:
    loaded = _modules_after(_cli("--help"))
    assert not {name for name in loaded if name.startswith(("plankit.plan", "plankit.lint", "plankit.cli._"))} - {
        "plankit.cli._app"
    }
    assert "pydantic" not in loaded


def test_lint_imports_neither_the_executor_nor_the_compiler() -> None:
    loaded = _modules_after(_cli("rules"))
    assert "plankit.lint" in loaded
    assert not {name for name in loaded if name.startswith(("plankit.execute", "plankit.compile", "plankit.store"))}


SMALL_PLAN = {
    "goal": "Refund order A-1042",
    "steps": [
        {"id": "lookup", "tool": "db.query_ro", "args": {"query": "SELECT email FROM orders WHERE id = 'A-1042'"}},
        {"id": "refund", "tool": "payments.refund", "require_confirmation": True, "args": {"order": "A-1042"}},
    ],
}
NOT_FOR_LINT = (
    # packages of plankit that linting never uses
    "plankit.compile",
    "plankit.engines",
    "plankit.execute",
    "plankit.feeds",
    "plankit.llm",
    "plankit.mcp",
    "plankit.render",
    "plankit.schedule",
    "plankit.seeds",
    "plankit.server",
    "plankit.store",
    "plankit.testing",
    # the execution and schedule records of the plan IR
    "plankit.plan._records",
    "plankit.plan._schedules",
)
"""What ``plankit lint small.json`` must not import (a name, or a package and everything under it)."""
NOT_FOR_LINT_LIBRARIES = {"asyncio", "croniter", "httpx", "mcp", "rich.table", "sqlite3", "yaml"}
"""Libraries it must not import: no event loop, no cron parser, no HTTP client or database, and yaml only
when a document (plan, policy or tool specs) is YAML."""


def _unwanted(loaded: set[str]) -> set[str]:
    return {name for name in loaded if name.startswith(NOT_FOR_LINT)} | (loaded & NOT_FOR_LINT_LIBRARIES)


def _rich(loaded: set[str]) -> set[str]:
    return {name for name in loaded if name == "rich" or name.startswith("rich.")}


def test_lint_of_a_small_json_plan_imports_only_what_linting_needs(tmp_path: Path) -> None:
    plan = tmp_path / "small.json"
    plan.write_text(json.dumps(SMALL_PLAN), encoding="utf-8")
    for output_format in ("text", "json"):
        loaded = _modules_after(_cli("lint", str(plan), "--format", output_format))
        assert {"plankit.lint.rules._access", "plankit.lint._report", "plankit.plan._io"} <= loaded  # it did lint
        assert _unwanted(loaded) == set(), output_format
        assert _rich(loaded) == set(), output_format  # the report goes to a pipe: plain text, no rich


def test_lint_uses_rich_for_a_terminal_or_when_colour_is_forced(tmp_path: Path) -> None:
    plan = tmp_path / "small.json"
    plan.write_text(json.dumps(SMALL_PLAN), encoding="utf-8")
    assert "rich.console" in _modules_after(_cli("lint", str(plan)), FORCE_COLOR="1")
    assert "rich.console" in _modules_after(_cli("lint", str(plan)), TTY_COMPATIBLE="1")
    assert _rich(_modules_after(_cli("lint", str(plan)), NO_COLOR="1")) == set()
    # A file that cannot be read is reported on stderr, through rich.
    assert "rich.console" in _modules_after(_cli("lint", str(plan), str(tmp_path / "missing.json")))


def test_lint_of_a_yaml_plan_imports_yaml_and_a_cron_trigger_croniter(tmp_path: Path) -> None:
    # The other side of the test above: these imports moved into the functions that need them.
    plan = tmp_path / "small.yaml"
    plan.write_text(
        "goal: Refund order A-1042\n"
        "trigger: {type: cron, expression: '0 9 * * 1'}\n"
        "steps:\n  - {id: lookup, tool: db.query_ro, args: {query: SELECT 1}}\n",
        encoding="utf-8",
    )
    loaded = _modules_after(_cli("lint", str(plan)))
    assert _unwanted(loaded) == {"yaml", "croniter"}


def _gc_state_after(code: str) -> list[str]:
    """What ``code`` leaves of the garbage collector, in a fresh interpreter: enabled?, objects frozen?"""
    script = f"import gc, sys\n{code}\nprint({_MARKER!r})\nprint(gc.isenabled(), gc.get_freeze_count() > 0)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return out.rpartition(_MARKER)[2].split()


def test_importing_the_console_script_loads_neither_typer_nor_the_app() -> None:
    loaded = _modules_after("from plankit.cli import main")
    assert {name for name in loaded if name.startswith(("typer", "click", "rich", "plankit.cli._"))} == set()


def test_the_console_script_freezes_what_start_up_made_and_leaves_the_collector_on(tmp_path: Path) -> None:
    plan = tmp_path / "small.json"
    plan.write_text(json.dumps(SMALL_PLAN), encoding="utf-8")
    for args in (("lint", str(plan)), ("--help",), ("rules", "TOOL_DENY")):
        assert _gc_state_after(_cli(*args)) == ["True", "True"], args


def test_the_collector_is_back_on_before_the_command_runs(tmp_path: Path) -> None:
    # Only the imports run with the collector paused: the command itself (a long `plankit serve`) collects.
    plan = tmp_path / "small.json"
    plan.write_text(json.dumps(SMALL_PLAN), encoding="utf-8")
    spy = (
        "import plankit.lint\n"
        "real = plankit.lint.Linter.validate\n"
        "def validate(self, *args, **kwargs):\n"
        "    print('collector on while linting:', gc.isenabled(), file=sys.stderr)\n"
        "    print('frozen while linting:', gc.get_freeze_count(), file=sys.stderr)\n"
        "    return real(self, *args, **kwargs)\n"
        "plankit.lint.Linter.validate = validate\n"
    )
    after = "\nprint('frozen at the end:', gc.get_freeze_count(), file=sys.stderr)"
    script = f"import gc, sys\n{spy}{_cli('lint', str(plan))}{after}"
    err = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stderr
    assert "collector on while linting: True" in err
    # What the command made is not frozen: it is collected, and finalized at exit, as usual.
    frozen = [line.rpartition(" ")[2] for line in err.splitlines() if line.startswith("frozen ")]
    while_linting, at_the_end = (int(count) for count in frozen)  # frozen objects may still be freed
    assert 0 < at_the_end <= while_linting


def test_in_process_use_of_the_app_leaves_the_collector_alone() -> None:
    frozen = gc.get_freeze_count()
    runner = CliRunner()
    assert runner.invoke(app, ["rules", "TOOL_DENY"]).exit_code == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
