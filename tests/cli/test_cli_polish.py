"""What a new user meets first, through the real console entry point (a subprocess, as a shell runs it):
help that reads as prose, and usage errors that say what is wrong in plain words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from plankit.cli._app import _reflowed

ENV = {"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"}
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _plankit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "plankit", *args], capture_output=True, text=True, env=ENV, timeout=60, check=False
    )


def _boxed(text: str) -> list[str]:
    """The lines of rich's error box, without its frame."""
    return [line.strip("│ ").rstrip() for line in text.splitlines() if line.startswith("│")]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["lint", "PLAN", "--format", "yaml"],
         "Invalid value for '--format' / '-f': 'yaml' is not one of 'text', 'json', 'sarif'."),
        (["fmt", "PLAN", "--shape", "x"], "Invalid value for '--shape': 'x' is not one of 'flat', 'tree'."),
    ],
)  # fmt: skip
def test_a_bad_choice_says_so_without_pydantics_prefix(args: list[str], message: str) -> None:
    # Before: "Invalid value for '--format' / '-f': Value error, 'yaml' is not one of ..." (typer's pydantic).
    result = _plankit(*[str(EXAMPLES / "refund.json") if arg == "PLAN" else arg for arg in args])
    assert (result.returncode, result.stdout, _boxed(result.stderr)) == (2, "", [message])


def test_lint_help_states_the_exit_codes_in_whole_lines() -> None:
    result = _plankit("lint", "--help")
    assert result.returncode == 0
    assert (
        " Exit 0 every plan passed (or only warned), 1 a plan failed (or warned, with --strict), 2 unusable input (a "
        "missing or unreadable file, an invalid plan, policy, tool spec file or rule code)."
    ) in [line.rstrip() for line in result.stdout.splitlines()]


def test_help_paragraphs_are_reflowed_and_code_is_shown_in_single_backticks() -> None:
    text = "Summary line.\n\n    With ``--engine temporal`` a run\n    goes to Temporal.\n\n    \b\n    kept\n    as is"
    assert _reflowed(text) == "Summary line.\n\nWith `--engine temporal` a run goes to Temporal.\n\n\b\nkept\nas is"
    shown = [line.rstrip() for line in _plankit("approve", "--help").stdout.splitlines()]
    assert " On Temporal (`--engine temporal`) the workflow hears the decision and goes on at once." in shown


@pytest.mark.parametrize(
    ("option", "kind"),
    [("--policy", "a policy file"), ("--tools", "a tool spec file"), ("--mcp-config", "an MCP config file")],
)
def test_a_directory_given_for_a_file_is_named_for_what_was_expected(option: str, kind: str) -> None:
    # Before: "is a directory, not a plan file" whatever the option was.
    result = _plankit("lint", str(EXAMPLES / "refund.json"), option, str(EXAMPLES))
    message = f"error: {EXAMPLES}: is a directory, not {kind}\n"
    assert (result.returncode, result.stdout, result.stderr) == (2, "", message)
