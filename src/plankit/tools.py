"""Tool specs: what a tool is called, what arguments it takes, and how it handles data.

The linter uses specs to check plans (unknown tools, missing or mistyped arguments, data sources and
sinks); the planner puts them in prompts; the executor (later) binds them to Python functions.

Spec files (``plankit lint --tools FILE``, JSON or YAML) hold a list of specs or ``{"tools": [...]}``; each
entry is a plankit spec (``name``, ``description``, ``params_schema``, ``sensitive_source``, ``sink``,
``read_only``), an OpenAI function-calling entry
(``{"type": "function", "function": {"name", "description", "parameters"}}``), or a bare function
(``{"name", "description", "parameters"}``, or Anthropic's ``input_schema``).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from pydantic import Field, ValidationError

from ._utils import did_you_mean
from .errors import FormatProblem, PlanFormatError, PolicyError
from .plan import IRModel, read_document

_SCHEMA_SYNONYMS = ("parameters", "input_schema")
"""Other names of ``params_schema`` (OpenAI functions, Anthropic tools)."""
_OPENAI_FUNCTION_KEYS = frozenset({"name", "description", "parameters", "strict"})


class ToolSpecError(PolicyError):
    """A tool spec file that can't be used. Specs are part of what a plan is checked against, so this is a
    :class:`~plankit.errors.PolicyError` (``plankit lint`` exits with 2)."""


class ToolSpec(IRModel):
    """One tool: its name, a description, a JSON Schema of its arguments, and its data-handling traits."""

    name: str = Field(min_length=1, max_length=200)
    description: str = ""
    params_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object"})
    """JSON Schema of the ``params`` object (``properties``, ``required``, ``additionalProperties``)."""
    sensitive_source: bool = False
    """Its output is sensitive (credentials, personal data): it must not reach a sink."""
    sink: bool = False
    """It sends data out of the system (email, HTTP, files)."""
    read_only: bool = False
    """It must not change anything (a read-only query tool)."""


class ToolRegistry:
    """A set of tool specs, looked up by exact name."""

    def __init__(self, specs: Iterable[ToolSpec] = ()):
        self._specs: dict[str, ToolSpec] = {}
        for spec in specs:
            self.add(spec)

    @classmethod
    def from_data(cls, data: Any, *, source: str = "<tools>") -> ToolRegistry:
        """Specs from parsed data (see the module docs for the accepted shapes); every problem is reported
        in one :class:`ToolSpecError`, each with its JSON path."""
        entries, base = _entries(data, source)
        registry = cls()
        problems: list[FormatProblem] = []
        for index, entry in enumerate(entries):
            where = f"{base}[{index}]"
            spec = _spec(entry, where, problems)
            if spec is None:
                continue
            if spec.name in registry:
                problems.append(FormatProblem(f"{where}.name", f"tool {spec.name!r} is specified twice"))
            else:
                registry.add(spec)
        if problems:
            noun = "problem" if len(problems) == 1 else "problems"
            raise ToolSpecError(f"invalid tool specs ({len(problems)} {noun})", problems, source=source)
        return registry

    @classmethod
    def load(cls, source: str | Path | IO[str]) -> ToolRegistry:
        """Load specs from a JSON or YAML file (or ``-`` for stdin)."""
        try:
            data, name = read_document(source)
        except PlanFormatError as exc:
            raise ToolSpecError(exc.message, exc.problems, source=exc.source) from None
        return cls.from_data(data, source=name)

    def add(self, spec: ToolSpec) -> None:
        """Add a spec; a second spec with the same name is an error."""
        if spec.name in self._specs:
            raise ValueError(f"tool {spec.name!r} is registered twice")
        self._specs[spec.name] = spec

    def get(self, name: str) -> ToolSpec | None:
        """The spec called ``name``, or None."""
        return self._specs.get(name)

    def names(self) -> list[str]:
        """Every registered tool name, sorted."""
        return sorted(self._specs)

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __iter__(self) -> Iterator[ToolSpec]:
        return iter(self._specs.values())

    def __len__(self) -> int:
        return len(self._specs)


def tool_matches(tool: str, patterns: Iterable[str]) -> bool:
    """True when ``tool`` matches any glob pattern (``payments.*``, ``file.write*``), case-sensitively."""
    return any(fnmatch.fnmatchcase(tool, pattern) for pattern in patterns)


def load_tools(source: str | Path | IO[str]) -> ToolRegistry:
    """Load a tool spec file (JSON or YAML); see :meth:`ToolRegistry.load`."""
    return ToolRegistry.load(source)


def _entries(data: Any, source: str) -> tuple[list[Any], str]:
    if isinstance(data, dict) and set(data) == {"tools"} and isinstance(data["tools"], list):
        return data["tools"], "$.tools"
    if isinstance(data, list):
        return data, "$"
    found = "nothing" if data is None else type(data).__name__
    raise ToolSpecError(
        f'a tool spec file holds a list of specs or {{"tools": [...]}}, got {found}',
        [FormatProblem("$", "not a list of tool specs", 'start from {"tools": [{"name": "db.query"}]}')],
        source=source,
    )


def _spec(entry: Any, where: str, problems: list[FormatProblem]) -> ToolSpec | None:
    if not isinstance(entry, dict):
        problems.append(FormatProblem(where, f"a tool spec is an object, got {type(entry).__name__}"))
        return None
    fields, where = _plain_fields(entry, where, problems)
    if fields is None:
        return None
    try:
        return ToolSpec.model_validate(fields)
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            loc = "".join(f"[{item}]" if isinstance(item, int) else f".{item}" for item in error["loc"])
            if error["type"] == "extra_forbidden":
                key = str(error["loc"][-1])
                known = [*ToolSpec.model_fields, *_SCHEMA_SYNONYMS]
                hint = did_you_mean(key, known)
                problems.append(FormatProblem(f"{where}{loc}", f"unknown key {key!r}", hint))
            elif error["type"] == "missing":
                problems.append(FormatProblem(f"{where}{loc}", f"missing required key {error['loc'][-1]!r}"))
            else:
                problems.append(FormatProblem(f"{where}{loc}", str(error["msg"])))
        return None


def _plain_fields(
    entry: dict[str, Any], where: str, problems: list[FormatProblem]
) -> tuple[dict[str, Any] | None, str]:
    """The entry as ToolSpec fields: OpenAI's wrapper unpacked, schema synonyms renamed."""
    if entry.get("type") == "function":
        function = entry.get("function")
        if not isinstance(function, dict) or set(entry) - {"type", "function"}:
            problems.append(FormatProblem(where, 'an OpenAI tool is {"type": "function", "function": {...}}'))
            return None, where
        unknown = sorted(set(function) - _OPENAI_FUNCTION_KEYS)
        if unknown:
            hint = did_you_mean(unknown[0], _OPENAI_FUNCTION_KEYS)
            where = f"{where}.function.{unknown[0]}"
            problems.append(FormatProblem(where, f"unknown key {unknown[0]!r}", hint))
            return None, where
        entry = {key: value for key, value in function.items() if key != "strict"}
        where = f"{where}.function"
    fields = dict(entry)
    for synonym in _SCHEMA_SYNONYMS:
        if synonym in fields:
            if "params_schema" in fields:
                problems.append(FormatProblem(f"{where}.{synonym}", "give the schema once (params_schema)"))
                return None, where
            fields["params_schema"] = fields.pop(synonym)
    schema = fields.get("params_schema")
    if schema is not None and not _schema_shape_ok(schema, f"{where}.params_schema", problems):
        return None, where
    return fields, where


def _schema_shape_ok(schema: Any, where: str, problems: list[FormatProblem]) -> bool:
    """The parts of a JSON Schema the linter reads must have the right shape."""
    before = len(problems)
    if not isinstance(schema, dict):
        problems.append(FormatProblem(where, f"a parameter schema is an object, got {type(schema).__name__}"))
        return False
    if "type" in schema and schema["type"] != "object":
        problems.append(FormatProblem(f"{where}.type", f"parameters are an object, not {schema['type']!r}"))
    properties = schema.get("properties", {})
    if not isinstance(properties, dict) or not all(isinstance(v, dict) for v in properties.values()):
        problems.append(FormatProblem(f"{where}.properties", "properties map each name to a schema object"))
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(name, str) for name in required):
        problems.append(FormatProblem(f"{where}.required", "required is a list of parameter names"))
    return len(problems) == before
