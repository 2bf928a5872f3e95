"""Reports of lint results: text for people, JSON for programs, SARIF 2.1.0 for code scanning.

Each renderer takes ``(file name, ValidationResult)`` pairs. JSON is one object for one file and an array of
objects with a ``file`` key for several; SARIF is always one run holding every file's results.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._version import __version__
from ._findings import Diagnostic, Severity
from ._registry import RULES
from ._result import ValidationResult
from ._risk import Status

if TYPE_CHECKING:
    from rich.console import Console

FileResult = tuple[str, ValidationResult]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
_SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_STATUS_STYLES = {Status.PASS: "bold green", Status.WARN: "bold yellow", Status.ERROR: "bold red"}
_SEVERITY_STYLES = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "blue"}


# ---------------------------------------------------------------------------------------------------- json
def json_report(results: Sequence[FileResult], *, several: bool | None = None) -> Any:
    """The JSON report: ``result.to_dict()`` for one file; a list of them, each with ``file``, for several.

    ``several`` says whether several files were asked for (default: more than one result), so that the
    shape does not change when some of them turn out to be unreadable.
    """
    several = len(results) > 1 if several is None else several
    if not several and len(results) == 1:
        return results[0][1].to_dict()
    return [{"file": name, **result.to_dict()} for name, result in results]


def render_json(results: Sequence[FileResult], *, several: bool | None = None) -> str:
    """The JSON report as text (indented, ending in a newline)."""
    return json.dumps(json_report(results, several=several), indent=2, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------------------------------- sarif
def sarif_report(results: Sequence[FileResult]) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one run, every registered rule as a descriptor (plus Rego policies' own codes),
    one result per finding; suppressed findings carry an in-source suppression with its reason."""
    codes = list(RULES)
    extra = {d.code for _, result in results for d in result.diagnostics if d.code not in RULES}
    codes += sorted(extra)
    index = {code: position for position, code in enumerate(codes)}
    sarif_results = [
        _sarif_result(name, diagnostic, index[diagnostic.code])
        for name, result in results
        for diagnostic in result.diagnostics
    ]
    driver = {
        "name": "plankit",
        "version": __version__,
        "informationUri": "https://github.com/plankit/plankit",
        "rules": [_sarif_rule(code) for code in codes],
    }
    run = {"tool": {"driver": driver}, "results": sarif_results}
    return {"version": SARIF_VERSION, "$schema": SARIF_SCHEMA, "runs": [run]}


def render_sarif(results: Sequence[FileResult]) -> str:
    """The SARIF log as text."""
    return json.dumps(sarif_report(results), indent=2, ensure_ascii=False) + "\n"


def _sarif_rule(code: str) -> dict[str, Any]:
    rule = RULES.get(code)
    if rule is None:
        return {"id": code, "shortDescription": {"text": f"Rego policy violation {code}"}}
    return {
        "id": code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.doc or rule.summary},
        "defaultConfiguration": {"level": _SARIF_LEVELS[rule.severity]},
    }


def _sarif_result(name: str, diagnostic: Diagnostic, rule_index: int) -> dict[str, Any]:
    uri = "stdin" if name in ("-", "<stdin>") else Path(name).as_posix()
    location: dict[str, Any] = {"physicalLocation": {"artifactLocation": {"uri": uri}}}
    if diagnostic.path is not None:
        logical = {"fullyQualifiedName": diagnostic.path, "kind": "member"}
        if diagnostic.node_id:
            logical["name"] = diagnostic.node_id
        location["logicalLocations"] = [logical]
    text = diagnostic.message + (f" ({diagnostic.hint})" if diagnostic.hint else "")
    out: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": _SARIF_LEVELS[diagnostic.severity],
        "message": {"text": text},
        "locations": [location],
        "properties": {"step": diagnostic.step, "nodeId": diagnostic.node_id, "jsonPath": diagnostic.path},
    }
    if diagnostic.suppressed:
        out["suppressions"] = [{"kind": "inSource", "justification": diagnostic.suppression_reason or ""}]
    return out


# ---------------------------------------------------------------------------------------------------- text
Line = tuple[str, list[tuple[str, str]]]
"""One line of the text report: its base style and its spans (text, style), as rich's ``Text`` is built."""

_RICH_REWRITES = frozenset("\t\a\b\v\f\r")
"""Characters rich does not print as they are: it expands tabs and drops these control codes."""


def render_text(results: Sequence[FileResult], console: Console) -> None:
    """Print each file's findings grouped by step (plan-level first), with JSON paths and hints."""
    from rich.text import Text  # only a report drawn by rich pays for it (plain_text does not)

    for style, spans in _text_lines(results):
        if not spans:
            console.print()
            continue
        line = Text(style=style)
        for text, span_style in spans:
            line.append(text, style=span_style or None)
        console.print(line)


def plain_text(results: Sequence[FileResult]) -> str | None:
    """The text report without styles: exactly what :func:`render_text` prints to a rich console that has no
    colours (``soft_wrap=True``, as ``plankit lint`` makes it for output that is not a terminal). ``None`` when
    some text holds a tab or a control code that rich would rewrite: print with rich then.

    ``plankit lint`` in CI and in pre-commit hooks writes to a pipe; this way it need not import rich.
    """
    lines = ["".join(text for text, _ in spans) for _, spans in _text_lines(results)]
    out = "\n".join(lines) + "\n" if lines else ""
    return None if _RICH_REWRITES.intersection(out) else out


def _text_lines(results: Sequence[FileResult]) -> list[Line]:
    lines: list[Line] = []
    for position, (name, result) in enumerate(results):
        if position:
            lines.append(("", []))
        lines.extend(_file_lines(name, result))
    if len(results) > 1:
        counts = {status: sum(1 for _, r in results if r.status is status) for status in Status}
        summary = ", ".join(f"{counts[status]} {status.value}" for status in Status)
        lines.append(("bold", [(f"{len(results)} plans: {summary}", "")]))
    return lines


def _file_lines(name: str, result: ValidationResult) -> list[Line]:
    head = [(f"{name}  ", ""), (result.status.value, _STATUS_STYLES[result.status])]
    lines: list[Line] = [("", [*head, (f"  risk {result.risk_score:.2f}", "")])]
    shown = sorted(result.diagnostics, key=lambda d: (d.suppressed, -1 if d.step is None else d.step))
    lines.extend(_grouped_lines([d for d in shown if not d.suppressed]))
    for diagnostic in (d for d in shown if d.suppressed):
        where = f"{diagnostic.code} at {diagnostic.path or _step_title(diagnostic.step)}: "
        reason = f"{diagnostic.message} (reason: {diagnostic.suppression_reason})"
        lines.append(("dim", [("  suppressed ", ""), (where, ""), (reason, "")]))
    lines.append(("dim", [(f"  {_counts(result)}", "")]))
    return lines


def _grouped_lines(diagnostics: Sequence[Diagnostic]) -> list[Line]:
    """Findings under a title per step (``plan``, ``step 2``), in the order given."""
    lines: list[Line] = []
    for step, group in groupby(diagnostics, key=lambda d: d.step):
        lines.append(("bold", [(f"  {_step_title(step)}", "")]))
        for diagnostic in group:
            lines.extend(_diagnostic_lines(diagnostic))
    return lines


def render_findings(diagnostics: Sequence[Diagnostic], console: Console) -> None:
    """Print findings grouped by step, as :func:`render_text` does, without a file's heading and counts."""
    from rich.text import Text

    ordered = sorted(diagnostics, key=lambda d: -1 if d.step is None else d.step)
    for style, spans in _grouped_lines(ordered):
        console.print(Text.assemble(*[(text, span_style or "") for text, span_style in spans], style=style))


def _step_title(step: int | None) -> str:
    return "plan" if step is None else f"step {step}"


def _diagnostic_lines(diagnostic: Diagnostic) -> list[Line]:
    spans = [("    ", ""), (f"{diagnostic.severity.value:<8}", _SEVERITY_STYLES[diagnostic.severity])]
    spans.append((f"{diagnostic.code}  ", "bold"))
    if diagnostic.node_id:
        spans.append((f"{diagnostic.node_id}: ", "bold"))
    spans.append((diagnostic.message, ""))
    lines: list[Line] = [("", spans)]
    if diagnostic.path:
        lines.append(("dim", [(f"            at {diagnostic.path}", "")]))
    if diagnostic.hint:
        lines.append(("cyan", [(f"            hint: {diagnostic.hint}", "")]))
    return lines


def _counts(result: ValidationResult) -> str:
    parts = [
        _plural(len(result.errors), "error"),
        _plural(len(result.warnings), "warning"),
        _plural(len(result.suppressed), "suppressed", "suppressed"),
    ]
    if result.info:
        parts.insert(2, _plural(len(result.info), "note"))
    return ", ".join(parts)


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"
