"""Reading and writing plan documents: JSON or YAML, from a file, a string or stdin; limits; clear errors.

Every failure is a :class:`~plankit.errors.PlanFormatError` listing *every* problem found, each with the
JSON path of the offending value in the document as the user wrote it.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import IO, Any, Literal

import yaml
from pydantic import ValidationError

from .._utils import gc_paused
from ..errors import FormatProblem, PlanFormatError
from ._errors import describe_validation_errors
from ._model import Plan
from ._normalize import normalize_plan

Shape = Literal["flat", "tree"]
DocumentFormat = Literal["json", "yaml"]


@dataclass(frozen=True)
class LoadLimits:
    """Upper bounds on what the loader accepts, so a hostile or runaway document fails fast and clearly."""

    max_bytes: int = 64 * 1024 * 1024
    """Largest document, in bytes (64 MiB)."""
    max_depth: int = 100
    """Deepest nesting of JSON objects and arrays."""
    max_values: int = 10_000_000
    """Most objects and arrays in one document (also stops YAML alias bombs)."""


DEFAULT_LIMITS = LoadLimits()


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a valid JSON number; use a finite number or a string")


def parse_document(
    text: str,
    *,
    fmt: DocumentFormat | None = None,
    source: str = "<string>",
    limits: LoadLimits = DEFAULT_LIMITS,
) -> Any:
    """Parse JSON or YAML text into plain data, enforcing the limits. ``fmt=None`` picks by content."""
    if len(text.encode("utf-8", errors="surrogatepass")) > limits.max_bytes:
        raise PlanFormatError(
            f"document is larger than the {limits.max_bytes} byte limit",
            source=source,
            problems=[
                FormatProblem("$", "document too large", "split the plan, or raise LoadLimits.max_bytes")
            ],
        )
    if fmt is None:
        fmt = "json" if text.lstrip().startswith(("{", "[")) else "yaml"
    try:
        if fmt == "json":
            # JSON can't hold dates, NaN (rejected while parsing) or non-string keys: only size matters.
            data = _parse_json(text)
            check_shape_limits(data, source=source, limits=limits)
            return data
        data = _parse_yaml(text)
    except RecursionError:
        raise PlanFormatError(
            "document is nested too deeply to read",
            source=source,
            problems=[FormatProblem("$", f"nesting deeper than {limits.max_depth} levels")],
        ) from None
    except _SyntaxProblem as problem:
        raise PlanFormatError(f"unreadable {fmt.upper()}", [problem.problem], source=source) from None
    return check_limits(data, source=source, limits=limits)


class _SyntaxProblem(Exception):
    def __init__(self, problem: FormatProblem):
        super().__init__(str(problem))
        self.problem = problem


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise _SyntaxProblem(FormatProblem(where, exc.msg)) from None
    except ValueError as exc:
        raise _SyntaxProblem(FormatProblem("$", str(exc))) from None


def _parse_yaml(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "$"
        raise _SyntaxProblem(FormatProblem(where, str(exc.problem or exc))) from None
    except yaml.YAMLError as exc:
        raise _SyntaxProblem(FormatProblem("$", str(exc))) from None


_Where = tuple[Any, ...]  # a linked path: (parent, key), built into text only when a problem is reported


def _path_text(where: _Where | None) -> str:
    keys: list[Any] = []
    while where is not None:
        where, key = where
        keys.append(key)
    return "$" + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in reversed(keys))


def check_shape_limits(data: Any, *, source: str = "<data>", limits: LoadLimits = DEFAULT_LIMITS) -> None:
    """Enforce the depth and size limits, level by level: only containers are visited, so this is cheap
    enough for 100k-step plans. The path of an offending value is looked up only when there is one."""
    level = [data] if isinstance(data, dict | list) else []
    depth = count = 0
    while level:
        count += len(level)
        if depth >= limits.max_depth or count > limits.max_values:
            check_limits(data, source=source, limits=limits)  # the slow walk names the path
            raise PlanFormatError("document exceeds the load limits", source=source)
        following: list[Any] = []
        for value in level:
            items = value.values() if value.__class__ is dict else value
            following.extend([item for item in items if item.__class__ is dict or item.__class__ is list])
        level = following
        depth += 1


def check_limits(data: Any, *, source: str = "<data>", limits: LoadLimits = DEFAULT_LIMITS) -> Any:
    """Walk parsed data once (iteratively): enforce depth and size, reject non-string keys, and turn
    YAML's dates into ISO strings, in place. Returns the data."""
    problems: list[FormatProblem] = []
    stack: list[tuple[Any, int, _Where | None]] = [(data, 0, None)] if isinstance(data, dict | list) else []
    count = 0
    while stack:
        value, depth, where = stack.pop()
        count += 1
        if depth >= limits.max_depth or count > limits.max_values:
            too_deep = depth >= limits.max_depth
            raise PlanFormatError(
                f"document is nested deeper than {limits.max_depth} levels"
                if too_deep
                else f"document holds more than {limits.max_values} objects and arrays",
                source=source,
                problems=[
                    FormatProblem(
                        _path_text(where),
                        "too deep" if too_deep else "too many values",
                        "use depends_on instead of nesting"
                        if too_deep
                        else "YAML aliases expand into copies",
                    )
                ],
            )
        items = enumerate(value) if isinstance(value, list) else value.items()
        for key, item in items:
            if not isinstance(key, str | int) or (isinstance(key, int) and isinstance(value, dict)):
                problems.append(
                    FormatProblem(
                        _path_text((where, str(key))),
                        f"keys must be strings, got {type(key).__name__}",
                        "quote the key",
                    )
                )
            elif isinstance(item, dict | list):
                stack.append((item, depth + 1, (where, key)))
            elif isinstance(item, datetime | date):
                value[key] = item.isoformat()
            elif isinstance(item, float) and not math.isfinite(item):
                problems.append(FormatProblem(_path_text((where, key)), f"{item} is not a valid JSON number"))
    if problems:
        raise PlanFormatError("the document has values JSON can't hold", problems, source=source)
    return data


def plan_from_data(data: Any, *, source: str = "<data>") -> Plan:
    """Validate already-parsed data of any accepted shape into a :class:`Plan`."""
    if not isinstance(data, dict | list):
        kind = "nothing" if data is None else type(data).__name__
        raise PlanFormatError(
            f"a plan is a JSON object (or an array of steps), got {kind}",
            source=source,
            problems=[FormatProblem("$", "not a plan", 'start from {"goal": "...", "steps": [...]}')],
        )
    try:
        with gc_paused():
            normalized = normalize_plan(data)
            return Plan.model_validate(normalized)
    except ValidationError as exc:
        problems = describe_validation_errors(exc, data, normalized)
        noun = "problem" if len(problems) == 1 else "problems"
        raise PlanFormatError(f"invalid plan ({len(problems)} {noun})", problems, source=source) from None
    except RecursionError:
        raise PlanFormatError("plan is nested too deeply", source=source) from None


def loads_plan(
    text: str,
    *,
    fmt: DocumentFormat | None = None,
    source: str = "<string>",
    limits: LoadLimits = DEFAULT_LIMITS,
) -> Plan:
    """Load a plan from JSON or YAML text."""
    with gc_paused():
        return plan_from_data(parse_document(text, fmt=fmt, source=source, limits=limits), source=source)


def read_document(source: str | Path | IO[str], *, limits: LoadLimits = DEFAULT_LIMITS) -> tuple[Any, str]:
    """Read and parse a document from a path, ``-`` (stdin) or an open text file; returns (data, name)."""
    if isinstance(source, str | Path) and str(source) == "-":
        return parse_document(sys.stdin.read(), source="<stdin>", limits=limits), "<stdin>"
    if not isinstance(source, str | Path):
        name = getattr(source, "name", "<stream>")
        return parse_document(source.read(), source=str(name), limits=limits), str(name)
    path = Path(source)
    name = str(path)
    try:
        if path.stat().st_size > limits.max_bytes:
            raise PlanFormatError(f"file is larger than the {limits.max_bytes} byte limit", source=name)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PlanFormatError("no such file", source=name) from None
    except IsADirectoryError:
        raise PlanFormatError("is a directory, not a plan file", source=name) from None
    except UnicodeDecodeError as exc:
        raise PlanFormatError(f"not UTF-8 text (byte {exc.start})", source=name) from None
    except OSError as exc:
        raise PlanFormatError(f"can't read the file: {exc.strerror}", source=name) from None
    suffix = path.suffix.lower()
    fmt: DocumentFormat | None = (
        "json" if suffix == ".json" else "yaml" if suffix in (".yaml", ".yml") else None
    )
    return parse_document(text, fmt=fmt, source=name, limits=limits), name


def load_plan(source: str | Path | IO[str], *, limits: LoadLimits = DEFAULT_LIMITS) -> Plan:
    """Load a plan from a file path, ``-`` for stdin, or an open text file (JSON or YAML, any shape)."""
    with gc_paused():
        data, name = read_document(source, limits=limits)
        return plan_from_data(data, source=name)


def plan_to_data(plan: Plan, *, shape: Shape = "flat") -> dict[str, Any]:
    """The plan as plain JSON data: the canonical flat form, or the tree (camelCase) form."""
    data: dict[str, Any] = plan.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if shape == "tree":
        from ._tree import to_tree_shape

        return to_tree_shape(data)
    return data


def dump_plan(plan: Plan, *, shape: Shape = "flat", indent: int | None = 2) -> str:
    """The plan as JSON text (canonical: defaults left out, keys in model order), ending in a newline."""
    return json.dumps(plan_to_data(plan, shape=shape), indent=indent, ensure_ascii=False) + "\n"
