"""Tool specs: what a tool is called, what arguments it takes, and how it handles data.

The linter uses specs to check plans (unknown tools, missing or mistyped arguments, data sources and
sinks); the planner puts them in prompts; the executor (later) binds them to Python functions.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import Field

from .plan import IRModel


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
