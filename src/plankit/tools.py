"""Tool specs and tool registries: what a tool is called, what arguments it takes, how it handles data, and
(for tools registered from Python) the function that runs it.

The linter uses specs to check plans (unknown tools, missing or mistyped arguments, data sources and
sinks); the planner puts them in prompts; the executor calls the registered functions::

    import plankit

    @plankit.tool("payments.transfer", sink=True)
    async def transfer(to: str, amount: float, ctx: plankit.ToolContext) -> dict:
        ...  # ctx.idempotency_key is the same on every retry and after a crash

A registry holds specs with or without a function: a spec file gives specs only (enough to lint), a tools
module gives both (enough to run). ``load_tools`` reads either.

Spec files (``plankit lint --tools FILE``, JSON or YAML) hold a list of specs or ``{"tools": [...]}``; each
entry is a plankit spec (``name``, ``description``, ``params_schema``, ``sensitive_source``, ``sink``,
``read_only``, ``effects``), an OpenAI function-calling entry
(``{"type": "function", "function": {"name", "description", "parameters"}}``), or a bare function
(``{"name", "description", "parameters"}``, or Anthropic's ``input_schema``), or an MCP tool as a server's
``tools/list`` returns it (``inputSchema``; the whole answer can be pasted: ``{"tools": [...], "nextCursor": ...}``
or the JSON-RPC response around it). MCP ``annotations`` (``readOnlyHint``, ``destructiveHint``,
``openWorldHint``) are hints (``hinted_effects``): a read-only hint never removes an effect its name gives.
The MCP keys plankit has no use for (``title``, ``outputSchema``, ``icons``, ``_meta``) are accepted and
ignored.

**Effects** say what a tool does to the world, for the goal-alignment lint rules: ``read``, ``write``,
``send`` (mail, messages, posts), ``financial`` (moves money), ``destructive`` (deletes, cancels, revokes),
``credentials`` (passwords, keys, second factors), ``share`` (grants access, publishes), ``external`` (talks to
arbitrary hosts). A tool without declared effects is classified by the policy's ``tool_effects`` or, failing
that, by the words of its name.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib
import importlib.util
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Literal, TypeVar

from pydantic import Field, ValidationError

from ._toolbox import Tool, ToolContext, ToolFunction
from ._utils import did_you_mean, validator_message
from .errors import FormatProblem, PlanFormatError, PolicyError
from .plan import IRModel, read_document

__all__ = [
    "DEFAULT_REGISTRY",
    "EFFECTS",
    "Effect",
    "Tool",
    "ToolContext",
    "ToolRegistry",
    "ToolSpec",
    "ToolSpecError",
    "annotated_effects",
    "load_tools",
    "tool",
    "tool_matches",
]

_SCHEMA_SYNONYMS = ("parameters", "input_schema", "inputSchema")
"""Other names of ``params_schema`` (OpenAI functions, Anthropic tools, MCP tools)."""
_MCP_IGNORED_KEYS = ("title", "outputSchema", "icons", "_meta")
"""Keys of an MCP tool that say nothing the linter uses (a display title, the result's schema, metadata)."""
_OPENAI_FUNCTION_KEYS = frozenset({"name", "description", "parameters", "strict"})
_MODULE_ATTR = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
F = TypeVar("F", bound=ToolFunction)

Effect = Literal["read", "write", "send", "financial", "destructive", "credentials", "share", "external"]
"""What a tool does to the world (see the module docs)."""
EFFECTS: tuple[str, ...] = ("read", "write", "send", "financial", "destructive", "credentials", "share", "external")
"""Every :data:`Effect`, in the order they are documented."""


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
    effects: list[Effect] | None = None
    """What it does to the world (``["send"]``, ``["financial"]``); None: unknown, classified by the policy's
    ``tool_effects`` or by its name."""
    hinted_effects: list[Effect] | None = None
    """What an MCP server's ``annotations`` say it does: hints from the server, not declarations (MCP calls
    them untrusted). A read-only hint adds to what the tool's name says and never takes an effect away; a hint
    that the tool changes things says what kind of change, as ``effects`` would."""


class ToolRegistry:
    """A set of tool specs, looked up by exact name, and the functions of the tools registered from Python."""

    def __init__(self, specs: Iterable[ToolSpec] = ()):
        self._specs: dict[str, ToolSpec] = {}
        self._tools: dict[str, Tool] = {}
        for spec in specs:
            self.add(spec)

    def tool(
        self,
        name: str | None = None,
        *,
        description: str | None = None,
        sink: bool = False,
        sensitive_source: bool = False,
        read_only: bool = False,
        effects: Iterable[Effect] | None = None,
    ) -> Callable[[F], F]:
        """Decorator: register a sync or async function as the tool ``name`` (default: the function's name).

        The spec is derived: the description is the docstring's first paragraph, the params schema comes
        from the type hints. ``effects`` declares what the tool does (see :data:`Effect`). The function is
        returned unchanged.
        """

        def decorate(function: F) -> F:
            self.register(
                function,
                name,
                description=description,
                sink=sink,
                sensitive_source=sensitive_source,
                read_only=read_only,
                effects=effects,
            )
            return function

        return decorate

    def register(
        self,
        function: ToolFunction,
        name: str | None = None,
        *,
        description: str | None = None,
        sink: bool = False,
        sensitive_source: bool = False,
        read_only: bool = False,
        effects: Iterable[Effect] | None = None,
    ) -> Tool:
        """Register ``function`` as a tool and add its derived spec (see :meth:`tool`).

        Registering a name again is an error, unless it is the same function again (its module was
        imported a second time), which replaces the first registration.
        """
        tool_name: str = name or str(getattr(function, "__name__", ""))
        existing = self._tools.get(tool_name)
        if existing is not None and _same_function(existing.function, function):
            del self._specs[tool_name]
        elif tool_name in self._specs:
            raise ValueError(f"tool {tool_name!r} is registered twice")
        bound = Tool(tool_name, function, description=description)
        spec = ToolSpec(
            name=tool_name,
            description=bound.description,
            params_schema=bound.params_schema,
            sink=sink,
            sensitive_source=sensitive_source,
            read_only=read_only,
            effects=list(effects) if effects is not None else None,
        )
        self.add(spec)
        self._tools[tool_name] = bound
        return bound

    def register_spec(self, spec: ToolSpec, function: ToolFunction) -> Tool:
        """Add ``spec`` with ``function`` as its implementation, for tools whose schema is given rather than
        derived from type hints (remote tools, such as an MCP server's). ``function`` takes the arguments
        as keywords (``**arguments``), and the context as ``ctx`` if it asks for it."""
        self.add(spec)
        bound = Tool(spec.name, function, description=spec.description)
        self._tools[spec.name] = bound
        return bound

    def implementation(self, name: str) -> Tool | None:
        """The function bound to ``name``, or None (unknown, or known from a spec file only)."""
        return self._tools.get(name)

    def combined_with(self, other: ToolRegistry) -> ToolRegistry:
        """A new registry with this one's tools and ``other``'s; ``other`` wins where both have a name."""
        combined = ToolRegistry()
        for registry in (self, other):
            for spec in registry:
                combined._specs[spec.name] = spec
                combined._tools.pop(spec.name, None)
                tool = registry.implementation(spec.name)
                if tool is not None:
                    combined._tools[spec.name] = tool
        return combined

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
            data, name = read_document(source, kind="a tool spec file")
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


DEFAULT_REGISTRY = ToolRegistry()
"""The registry :func:`tool` adds to (``@plankit.tool``)."""


def tool(
    name: str | None = None,
    *,
    description: str | None = None,
    sink: bool = False,
    sensitive_source: bool = False,
    read_only: bool = False,
    effects: Iterable[Effect] | None = None,
) -> Callable[[F], F]:
    """Decorator: register a function as a tool in :data:`DEFAULT_REGISTRY` (see :meth:`ToolRegistry.tool`).

    >>> @tool("greet")
    ... def greet(name: str) -> str:
    ...     return f"hello {name}"
    """
    return DEFAULT_REGISTRY.tool(
        name,
        description=description,
        sink=sink,
        sensitive_source=sensitive_source,
        read_only=read_only,
        effects=effects,
    )


def load_tools(source: str | Path | IO[str]) -> ToolRegistry:
    """Load tools from a Python tools module or a spec file.

    * ``path/to/tools.py``: the file is imported (once per process); the result holds the tools it registered
      with ``@plankit.tool``, or, when the module defines one :class:`ToolRegistry` (``registry =
      ToolRegistry()`` with ``@registry.tool(...)``), that registry;
    * ``package.module:attr``: the module is imported and ``attr`` must be a :class:`ToolRegistry`;
    * anything else is a spec file (JSON or YAML, ``-`` for stdin): specs only, see
      :meth:`ToolRegistry.load`.

    Raises :class:`ToolSpecError` when the module can't be imported or holds no registry.
    """
    if isinstance(source, str | Path):
        text = str(source)
        if text.endswith(".py"):
            return _registry_of(_import_file(Path(text)), text)
        if _MODULE_ATTR.match(text) and not Path(text).exists():
            module_name, attr = text.split(":")
            module = _import_module(module_name, text)
            found = getattr(module, attr, None)
            if not isinstance(found, ToolRegistry):
                kind = "nothing" if found is None else type(found).__name__
                raise ToolSpecError(f"{text} is {kind}, not a ToolRegistry", source=text)
            return found
    return ToolRegistry.load(source)


def _same_function(a: ToolFunction, b: ToolFunction) -> bool:
    return (getattr(a, "__module__", None), getattr(a, "__qualname__", None)) == (
        getattr(b, "__module__", None),
        getattr(b, "__qualname__", None),
    )


def _import_module(name: str, source: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except Exception as exc:  # user code: report what went wrong, don't crash the CLI
        message = f"could not import tools module {name!r}: {type(exc).__name__}: {exc}"
        raise ToolSpecError(message, source=source) from exc


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise ToolSpecError("no such tools file", [FormatProblem("$", f"{path} does not exist")], source=str(path))
    resolved = path.resolve()
    # One module per file, named after its path, so importing the same file twice reuses the first import.
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:12]
    stem = re.sub(r"\W", "_", path.stem)
    name = f"plankit_tools_{stem}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has a loader
        raise ToolSpecError("can't import this file", source=str(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # user code
        del sys.modules[name]
        raise ToolSpecError(f"could not import tools file: {type(exc).__name__}: {exc}", source=str(path)) from exc
    return module


def _registry_of(module: ModuleType, source: str) -> ToolRegistry:
    registries = [value for value in vars(module).values() if isinstance(value, ToolRegistry)]
    registries = [registry for registry in registries if registry is not DEFAULT_REGISTRY]
    if len(registries) > 1:
        raise ToolSpecError(
            "the tools module defines more than one ToolRegistry; name one with 'module:attr'", source=source
        )
    if registries:
        return registries[0]
    found = ToolRegistry()
    for spec in DEFAULT_REGISTRY:
        bound = DEFAULT_REGISTRY.implementation(spec.name)
        if bound is not None and getattr(bound.function, "__module__", None) == module.__name__:
            found._specs[spec.name] = spec
            found._tools[spec.name] = bound
    if not found:
        raise ToolSpecError("the tools module registers no tools (use @plankit.tool)", source=source)
    return found


def _entries(data: Any, source: str) -> tuple[list[Any], str]:
    where = "$"
    if isinstance(data, dict) and {"jsonrpc", "result"} <= set(data) and isinstance(data["result"], dict):
        # A JSON-RPC response to tools/list, saved as the server sent it.
        data, where = data["result"], "$.result"
    if isinstance(data, dict) and set(data) - {"nextCursor", "_meta"} == {"tools"} and isinstance(data["tools"], list):
        if data.get("nextCursor"):
            # One page of a longer listing: the tools of the other pages would read as unknown tools.
            raise ToolSpecError(
                "this tools/list answer is one page of several (nextCursor is set): the other pages' tools "
                "would be missing",
                [
                    FormatProblem(
                        f"{where}.nextCursor",
                        "more tools on later pages",
                        'ask for every page and save their tools in one list: {"tools": [...]}',
                    )
                ],
                source=source,
            )
        return data["tools"], f"{where}.tools"
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
                problems.append(FormatProblem(f"{where}{loc}", validator_message(str(error["msg"]))))
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
    for key in _MCP_IGNORED_KEYS:
        fields.pop(key, None)
    for synonym in _SCHEMA_SYNONYMS:
        if synonym in fields:
            if "params_schema" in fields:
                problems.append(FormatProblem(f"{where}.{synonym}", "give the schema once (params_schema)"))
                return None, where
            fields["params_schema"] = fields.pop(synonym)
    annotations = fields.pop("annotations", None)
    if annotations is not None:
        if not isinstance(annotations, dict):
            problems.append(FormatProblem(f"{where}.annotations", "MCP annotations are an object"))
            return None, where
        fields.setdefault("hinted_effects", annotated_effects(annotations))
    schema = fields.get("params_schema")
    if schema is not None and not _schema_shape_ok(schema, f"{where}.params_schema", problems):
        return None, where
    return fields, where


def annotated_effects(annotations: Mapping[str, Any]) -> list[Effect] | None:
    """The effects MCP tool annotations hint at (only what they say for sure): read-only tools read;
    destructive ones destroy; open-world ones reach external hosts. None when they say nothing."""
    effects: list[Effect]
    if annotations.get("readOnlyHint") is True:
        effects = ["read"]
    elif annotations.get("destructiveHint") is True:
        effects = ["write", "destructive"]
    elif annotations.get("readOnlyHint") is False:
        # MCP's default for an unset destructiveHint is true, but servers leave it unset on plain writes as
        # often as on deletes: unset says nothing for sure, and the tool's name still counts (lint/_effects.py).
        effects = ["write"]
    else:
        return None
    return effects + (["external"] if annotations.get("openWorldHint") is True else [])


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
