"""Commands of the linter: ``lint``, ``rules``, and ``policy default`` / ``policy check``.

Exit codes of ``plankit lint``: 0 every plan passed (or only warned), 1 a plan failed (or warned, with
``--strict``), 2 unusable input (an unreadable or invalid plan, an invalid policy, tool spec file or rule
code). An invalid plan's problems are still reported, as ``SCHEMA_INVALID`` findings.
"""

from __future__ import annotations

import contextlib
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .._utils import did_you_mean
from ..errors import PlankitError
from ..lint import DEFAULT_POLICY_YAML, RULES, Linter, Status, ValidationResult
from ..lint._report import plain_text, render_json, render_sarif, render_text
from ..tools import ToolRegistry
from ._common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, TextOrJson, fail, print_json, stderr
from ._model_options import McpConfigOption, McpOption, StepModel, mcp_specs

if TYPE_CHECKING:
    from rich.console import Console

    from ..lint._levels import RuleLevel

PLAN_SUFFIXES = (".json", ".yaml", ".yml")


class ReportFormat(StrEnum):
    """``--format`` of ``plankit lint``."""

    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"


def lint(
    plans: Annotated[
        list[str],
        typer.Argument(
            help="Plan files, directories (their *.json, *.yaml, *.yml), or - for stdin.", show_default=False
        ),
    ],
    policy: Annotated[
        list[Path] | None,
        typer.Option(
            "--policy",
            "-p",
            help="Policy file (YAML, JSON, .rego); repeat to merge in order. Default: built-in.",
        ),
    ] = None,
    tools: Annotated[
        Path | None, typer.Option("--tools", help="Tool specs (JSON or YAML; OpenAI function entries too).")
    ] = None,
    output_format: Annotated[
        ReportFormat, typer.Option("--format", "-f", help="text, json or sarif.")
    ] = ReportFormat.TEXT,
    strict: Annotated[bool, typer.Option("--strict", help="Fail (exit 1) on warnings too.")] = False,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", help="Only these codes (comma-separated; globs like CONTRA_*)."),
    ] = None,
    ignore: Annotated[
        list[str] | None, typer.Option("--ignore", help="Skip these codes (comma-separated; globs allowed).")
    ] = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
    judge_model: Annotated[
        str | None,
        typer.Option("--judge-model", help="Also ask this model (provider:model) whether each step serves the goal."),
    ] = None,
    judge_base_url: Annotated[
        str | None, typer.Option("--judge-base-url", help="OpenAI-compatible server for --judge-model.")
    ] = None,
) -> None:
    """Lint plans against a policy: unsafe tools, bounds, secrets, cycles, contradictions, data leaks.

    Exit 0 every plan passed (or only warned), 1 a plan failed (or warned, with --strict), 2 unusable input (a
    missing or unreadable file, an invalid plan, policy, tool spec file or rule code).
    """
    servers = StepModel.of(None, None, mcp, mcp_config).servers
    # stdout carries the report only: anything a rule or a library prints goes to stderr instead.
    with contextlib.redirect_stdout(sys.stderr):
        try:
            specs: Path | ToolRegistry | None = tools
            if servers:  # the MCP servers' tools (NAME.tool), with the spec file's
                local = ToolRegistry.load(tools) if tools is not None else ToolRegistry()
                specs = local.combined_with(mcp_specs(servers))
            linter = Linter(
                [str(path) for path in policy or []] or None,
                tools=specs,
                select=_codes(select or []) or None,
                ignore=_codes(ignore or []),
            )
            given = [*(policy or []), *([tools] if tools is not None else [])]
            files = _expand(plans, given)
        except PlankitError as exc:
            fail(exc)
        results, unusable = _lint_files(linter, files, judge_model, judge_base_url)
    _report(results, output_format, several=len(files) > 1)
    raise typer.Exit(_exit_code(results, unusable, strict))


def _lint_files(
    linter: Linter, files: list[str], judge_model: str | None = None, judge_base_url: str | None = None
) -> tuple[list[tuple[str, ValidationResult]], bool]:
    """Each readable file's result; and whether some file could not be read (reported on stderr)."""
    results: list[tuple[str, ValidationResult]] = []
    unusable = False
    judge = None
    if judge_model is not None:
        from ..llm import make_llm  # only a judged lint pays for the LLM clients

        try:
            judge = make_llm(judge_model, base_url=judge_base_url)
        except PlankitError as exc:
            fail(exc)
    for name in files:
        try:
            results.append((name, _judged(linter, name, judge) if judge is not None else linter.validate(name)))
        except PlankitError as exc:
            from rich.text import Text

            stderr.print(Text.assemble(("error: ", "bold red"), str(exc)))
            unusable = True
    return results, unusable


def _judged(linter: Linter, name: str, judge: Any) -> ValidationResult:
    import asyncio

    from ..lint import judge_alignment

    return asyncio.run(judge_alignment(linter, name, judge))


def _codes(values: list[str]) -> list[str]:
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def _expand(plans: list[str], given: list[Path]) -> list[str]:
    """The files to lint: named files as they are; a directory's plan files, without the policies and tool
    specs in it (the ``--policy``/``--tools`` files, and any file that is a policy): each skip is said on stderr."""
    files: list[str] = []
    for entry in plans:
        path = Path(entry)
        if entry != "-" and path.is_dir():
            found = sorted(child for child in path.iterdir() if child.suffix.lower() in PLAN_SUFFIXES)
            if not found:
                raise PlankitError(f"{entry}: no *.json, *.yaml or *.yml plan files in this directory")
            before = len(files)
            for child in found:
                skipped = _not_a_plan(child, given)
                if skipped:
                    stderr.print(f"skipped {child}: {skipped}", markup=False, highlight=False)
                else:
                    files.append(str(child))
            if len(files) == before:
                raise PlankitError(f"{entry}: no plan files in this directory (only the policies named above)")
        else:
            files.append(entry)
    return files


_LARGEST_POLICY = 256 * 1024
"""Bytes: a larger file in a directory is taken for a plan without reading it first (policies are small)."""


def _not_a_plan(path: Path, given: list[Path]) -> str | None:
    """Why a file found in a directory is not linted as a plan; None to lint it."""
    resolved = path.resolve()
    if any(resolved == other.resolve() for other in given):
        return "it is the --policy or --tools file"
    from ..lint._engine import policy_keys_of
    from ..plan import read_document

    try:
        if path.stat().st_size > _LARGEST_POLICY:
            return None  # a plan: not read twice
        data, _ = read_document(path)
    except (PlankitError, OSError):
        return None  # linted anyway: the report says what is wrong with it
    if policy_keys_of(data):
        return "a policy, not a plan (to lint with it: --policy " + str(path) + ")"
    return None


def _report(results: list[tuple[str, ValidationResult]], output_format: ReportFormat, several: bool) -> None:
    if not results:
        return
    if output_format is ReportFormat.JSON:
        sys.stdout.write(render_json(results, several=several))
    elif output_format is ReportFormat.SARIF:
        sys.stdout.write(render_sarif(results))
    else:
        plain = plain_text(results) if _uncoloured_stdout() else None
        if plain is not None:
            sys.stdout.write(plain)
        else:
            render_text(results, _console())


def _uncoloured_stdout() -> bool:
    """Whether :func:`_console` would print without colours or styles: stdout is not a terminal (a pipe, a
    file: CI, pre-commit) and no variable says otherwise. The report is then written as plain text without
    importing rich (about 12 ms of ``plankit lint``); when unsure, rich prints it."""
    if sys.platform == "win32" or {"FORCE_COLOR", "TTY_COMPATIBLE"} & set(os.environ):
        return False
    import builtins

    if hasattr(builtins, "get_ipython"):  # Jupyter and friends: rich draws there itself
        return False
    isatty = getattr(sys.stdout, "isatty", None)
    try:
        return isatty is not None and not isatty()
    except ValueError:  # closed
        return False


def _console() -> Console:
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = 200  # piped output: never wrap table cells at rich's default of 80 columns
    return console


def _exit_code(results: list[tuple[str, ValidationResult]], unusable: bool, strict: bool) -> int:
    # An invalid plan is unusable input, as for every other command: its findings are printed, exit 2.
    invalid = any(d.code == "SCHEMA_INVALID" for _, result in results for d in result.diagnostics)
    if unusable or invalid:
        return EXIT_USAGE
    failing = {Status.ERROR, Status.WARN} if strict else {Status.ERROR}
    return EXIT_FAILED if any(result.status in failing for _, result in results) else EXIT_OK


def rules(
    code: Annotated[str | None, typer.Argument(help="Show this rule's documentation.", show_default=False)] = None,
    policy: Annotated[
        list[Path] | None,
        typer.Option(
            "--policy",
            "-p",
            help="Show each rule's level under this policy and what set it; repeat to merge in order, as for lint.",
        ),
    ] = None,
    output_format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")] = TextOrJson.TEXT,
) -> None:
    """List the lint rules (code, name, severity, summary), or document one.

    With --policy, each rule's level under that policy (error, warning, info, or off: the rule does not run) and
    the key and file that set it. JSON always has both (`level`, `set_by`; without --policy, under the built-in
    default policy).
    """
    levels = _levels(policy or [])
    if code is not None:
        _rule_doc(code.strip().upper(), output_format, levels, shown=bool(policy))
        return
    if output_format is TextOrJson.JSON:
        print_json([levels[rule_code].as_data() for rule_code in RULES])
        return
    from rich.table import Table  # only the rule list draws a table

    if not policy:
        table = Table("code", "name", "severity", "summary", box=None, pad_edge=False)
        for rule in RULES.values():
            table.add_row(rule.code, rule.name, rule.severity.value, rule.summary)
    else:
        table = Table("code", "name", "level", "set by", "summary", box=None, pad_edge=False)
        for rule in RULES.values():
            level = levels[rule.code]
            table.add_row(rule.code, rule.name, level.level, level.set_by, rule.summary)
    console = _console()
    console.print(table)
    idle = [level for level in levels.values() if level.idle is not None]
    if policy and idle:  # a level that reads "error" but can never fire would mislead a reviewer
        console.print("\nNothing to check under this policy, so these never fire:", markup=False)
        for level in idle:
            console.print(f"  {level.code}: {level.idle}", markup=False, highlight=False)


def _levels(paths: list[Path]) -> dict[str, RuleLevel]:
    """Each rule's level under the policy of these files (merged in order), or under the built-in default."""
    from ..lint._levels import policy_files, rule_levels

    try:
        # Loaded as lint loads it (Rego files compiled too), so a policy lint refuses is refused here.
        merged = Linter([str(path) for path in paths] or None).policy
        files = policy_files(paths)
    except PlankitError as exc:
        fail(exc)
    return {level.code: level for level in rule_levels(merged, files)}


def _rule_doc(code: str, output_format: TextOrJson, levels: dict[str, RuleLevel], *, shown: bool) -> None:
    rule = RULES.get(code)
    if rule is None:
        hint = did_you_mean(code, RULES) or "run `plankit rules` for the list"
        fail(f"unknown rule code {code!r}; {hint}")
    if output_format is TextOrJson.JSON:
        print_json({**levels[code].as_data(), "doc": rule.doc})
        return
    from rich.text import Text

    console = _console()
    level = levels[code]
    heading = f"{rule.code} ({rule.name}) · {rule.severity.value}"
    if shown and level.set_by not in ("built-in", "always on"):
        heading = f"{rule.code} ({rule.name}) · {level.level} ({level.set_by}; built-in: {rule.severity.value})"
    console.print(Text(heading, style="bold"))
    console.print(rule.summary)
    console.print()
    console.print(rule.doc, markup=False)


policy_app = typer.Typer(help="Lint policies: print the built-in default, check policy files.", no_args_is_help=True)


@policy_app.command("default")
def policy_default(
    output_format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text (YAML) or json.")] = TextOrJson.TEXT,
) -> None:
    """Print the built-in default policy (YAML, or JSON), the one `plankit lint` uses without --policy."""
    if output_format is TextOrJson.JSON:
        import yaml

        print_json(yaml.safe_load(DEFAULT_POLICY_YAML))
        return
    sys.stdout.write(DEFAULT_POLICY_YAML)


@policy_app.command("check")
def policy_check(
    files: Annotated[list[Path], typer.Argument(help="Policy files (YAML, JSON, .rego), merged in order.")],
    output_format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text (YAML) or json.")] = TextOrJson.TEXT,
) -> None:
    """Check policy files (strictly: unknown keys, bad regexes, Rego syntax) and print the merged policy."""
    try:
        linter = Linter([str(file) for file in files])
    except PlankitError as exc:
        fail(exc)
    if output_format is TextOrJson.JSON:
        print_json(linter.policy.model_dump(mode="json", include=linter.policy.model_fields_set))
    else:
        sys.stdout.write(linter.policy.to_yaml())


def register(app: typer.Typer) -> None:
    """Add ``lint``, ``rules`` and ``policy`` to the ``plankit`` application."""
    app.command()(lint)
    app.command()(rules)
    app.add_typer(policy_app, name="policy")
