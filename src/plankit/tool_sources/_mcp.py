"""MCP servers as tool sources: each tool of a connected server becomes the plan tool ``NAME.tool``.

>>> servers = [McpServerSpec.parse("files=stdio:python files_server.py"),
...            McpServerSpec.parse("search=http://127.0.0.1:8931/mcp")]
>>> async with McpTools(servers) as registry:      # sessions stay open inside the block
...     executor = Executor(store, load_tools("tools.py").combined_with(registry))

The tools' specs carry the server's input schemas (so lint checks arguments, ``TOOL_ARGS_INVALID``, and
unknown tools, ``CONTRA_NO_TOOL``), ``read_only`` from the server's ``readOnlyHint``; calling one sends
``tools/call`` over the open session. A result's structured content is the step output when the server sends
one, else its text (parsed when it is JSON; several text blocks give a list). A result marked ``isError`` is
a :class:`~plankit.errors.ToolError`; a server that can't be reached or dies is a
:class:`~plankit.errors.ServerError` (both retried under the step's policy).

A stdio server is started with the SDK's default environment (``PATH``, ``HOME`` and the like, not your
secrets) plus the ``env`` its config gives. Uses the official ``mcp`` SDK (``pip install 'plankit[mcp]'``),
imported only here.
"""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TextIO

from ..errors import FormatProblem, MissingExtraError, PlankitError, ServerError, ToolError
from ..plan import read_document
from ..tools import ToolRegistry, ToolSpec, annotated_effects

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
DEFAULT_CALL_TIMEOUT = 300.0
"""Seconds one ``tools/call`` may take before it fails (a step's own ``timeout_ms`` still applies)."""


class McpSourceError(PlankitError, ValueError):
    """An MCP server spec or config that can't be used, or a server that can't be started or reached."""


@dataclass(frozen=True)
class McpServerSpec:
    """One MCP server: its name (the tools' prefix) and how to reach it (a command over stdio, or a URL)."""

    name: str
    transport: Literal["stdio", "http"]
    command: tuple[str, ...] = ()
    url: str | None = None
    env: Mapping[str, str] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> McpServerSpec:
        """``NAME=stdio:COMMAND ARGS...`` (split as a shell would) or ``NAME=http://HOST:PORT/mcp``."""
        name, equals, target = text.partition("=")
        name = name.strip()
        if not equals or not _NAME.match(name):
            raise McpSourceError(
                f"--mcp {text!r}: expected NAME=stdio:COMMAND or NAME=http://HOST:PORT/mcp "
                "(NAME: letters, digits, _ and -, starting with a letter)"
            )
        target = target.strip()
        if target.startswith("stdio:"):
            try:
                command = tuple(shlex.split(target[len("stdio:") :]))
            except ValueError as exc:
                raise McpSourceError(f"--mcp {text!r}: can't split the command: {exc}") from None
            if not command:
                raise McpSourceError(f"--mcp {text!r}: stdio: needs a command, e.g. {name}=stdio:python server.py")
            return cls(name, "stdio", command=command)
        if target.startswith(("http://", "https://")):
            return cls(name, "http", url=target)
        raise McpSourceError(f"--mcp {text!r}: the target must start with stdio: or http(s)://")

    def describe(self) -> str:
        """``stdio: python server.py`` or the URL, for messages."""
        return f"stdio: {shlex.join(self.command)}" if self.transport == "stdio" else str(self.url)


def load_mcp_config(source: str | Path) -> list[McpServerSpec]:
    """Servers from a JSON or YAML file in the common ``mcpServers`` shape::

    {"mcpServers": {"files": {"command": "python", "args": ["server.py"], "env": {"ROOT": "/data"}},
                    "search": {"url": "http://127.0.0.1:8931/mcp", "headers": {"Authorization": "..."}}}}
    """
    data, name = read_document(source, kind="an MCP config file")
    servers = data.get("mcpServers") if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        raise McpSourceError(
            f'{name}: an MCP config is {{"mcpServers": {{NAME: {{"command": ...}} | {{"url": ...}}}}}}'
        )
    found: list[McpServerSpec] = []
    problems: list[FormatProblem] = []
    for key, entry in servers.items():
        where = f"$.mcpServers.{key}"
        if not _NAME.match(str(key)):
            problems.append(FormatProblem(where, "a server name has letters, digits, _ and -, starting with a letter"))
        elif isinstance(entry, dict) and isinstance(entry.get("command"), str):
            args = entry.get("args", [])
            env = entry.get("env")
            if not isinstance(args, list) or not all(isinstance(arg, str) for arg in args):
                problems.append(FormatProblem(f"{where}.args", "args is a list of strings"))
            elif env is not None and not isinstance(env, dict):
                problems.append(FormatProblem(f"{where}.env", "env maps names to values"))
            else:
                env_map = {str(k): str(v) for k, v in env.items()} if env else None
                found.append(McpServerSpec(str(key), "stdio", command=(entry["command"], *args), env=env_map))
        elif isinstance(entry, dict) and isinstance(entry.get("url"), str):
            headers = {str(k): str(v) for k, v in (entry.get("headers") or {}).items()}
            found.append(McpServerSpec(str(key), "http", url=entry["url"], headers=headers))
        else:
            problems.append(FormatProblem(where, 'a server has "command" (stdio) or "url" (streamable HTTP)'))
    if problems:
        detail = "; ".join(f"{problem.path}: {problem.message}" for problem in problems)
        raise McpSourceError(f"{name}: invalid MCP config: {detail}")
    return found


class McpTools:
    """Connects to MCP servers for the length of an ``async with`` block, which yields their tools as a
    :class:`~plankit.tools.ToolRegistry`. Enter and leave it in the same task (the SDK's rule)."""

    def __init__(self, servers: Sequence[McpServerSpec], *, call_timeout: float = DEFAULT_CALL_TIMEOUT):
        names = [server.name for server in servers]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise McpSourceError(f"MCP server name {duplicates[0]!r} is given twice")
        self.servers = list(servers)
        self.call_timeout = call_timeout
        self.registry = ToolRegistry()
        self._stack = contextlib.AsyncExitStack()

    async def __aenter__(self) -> ToolRegistry:
        try:
            for server in self.servers:
                await self._connect(server)
        except BaseException:
            await self._stack.aclose()
            raise
        return self.registry

    async def __aexit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._stack.aclose()

    async def _connect(self, server: McpServerSpec) -> None:
        mcp = _import_mcp()
        try:
            if server.transport == "stdio":
                from mcp.client.stdio import StdioServerParameters, stdio_client

                params = StdioServerParameters(
                    command=server.command[0], args=list(server.command[1:]), env=dict(server.env or {}) or None
                )
                read, write = await self._stack.enter_async_context(stdio_client(params, errlog=_errlog()))
            else:
                import httpx
                from mcp.client.streamable_http import streamable_http_client

                assert server.url is not None
                timeout = httpx.Timeout(30.0, read=self.call_timeout)
                http = await self._stack.enter_async_context(
                    httpx.AsyncClient(headers=dict(server.headers), timeout=timeout, follow_redirects=True)
                )
                read, write, _ = await self._stack.enter_async_context(
                    streamable_http_client(server.url, http_client=http)
                )
            session = await self._stack.enter_async_context(mcp.ClientSession(read, write))
            await session.initialize()
            tools = await _list_tools(session)
        except Exception as exc:  # the SDK raises many kinds (OSError, McpError, httpx errors, groups)
            raise McpSourceError(f"MCP server {server.name!r} ({server.describe()}): {_reason(exc)}") from exc
        for tool in tools:
            self._add(server, session, tool)

    def _add(self, server: McpServerSpec, session: Any, tool: Any) -> None:
        name = f"{server.name}.{tool.name}"
        annotations = getattr(tool, "annotations", None)
        spec = ToolSpec(
            name=name,
            description=tool.description or "",
            params_schema=dict(tool.inputSchema or {"type": "object"}),
            read_only=bool(getattr(annotations, "readOnlyHint", False)),
            hinted_effects=annotated_effects(annotations.model_dump()) if annotations is not None else None,
        )
        timeout = timedelta(seconds=self.call_timeout)
        remote = tool.name

        async def call(**arguments: Any) -> Any:
            try:
                result = await session.call_tool(remote, arguments, read_timeout_seconds=timeout)
            except Exception as exc:
                raise ServerError(f"MCP server {server.name!r}: calling {remote!r} failed: {_reason(exc)}") from exc
            return _result_value(name, result)

        self.registry.register_spec(spec, call)


async def _list_tools(session: Any) -> list[Any]:
    tools: list[Any] = []
    cursor: str | None = None
    while True:
        page = await session.list_tools(cursor)
        tools.extend(page.tools)
        cursor = page.nextCursor
        if not cursor:
            return tools


def _result_value(name: str, result: Any) -> Any:
    texts = [block.text for block in result.content if getattr(block, "type", None) == "text"]
    if result.isError:
        raise ToolError(f"{name}: {' '.join(texts) or 'the server reported an error'}")
    if result.structuredContent is not None:
        return result.structuredContent
    values = [_maybe_json(text) for text in texts]
    if not values:
        return None
    return values[0] if len(values) == 1 else values


def _maybe_json(text: str) -> Any:
    stripped = text.strip()
    if stripped[:1] in ("{", "[", '"') or stripped in ("true", "false", "null") or stripped[:1].isdigit():
        try:
            return json.loads(stripped)
        except ValueError:
            return text
    return text


def _errlog() -> TextIO:
    """Where a stdio server's stderr goes: ours, when it is a real file (a captured stream, as under test
    runners, has no descriptor to hand to a process), else the process's original stderr."""
    try:
        sys.stderr.fileno()
        return sys.stderr
    except (AttributeError, OSError, ValueError):
        return sys.__stderr__ or sys.stderr


def _reason(exc: BaseException) -> str:
    """The innermost useful message (task groups wrap the real error)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _import_mcp() -> Any:
    try:
        import mcp
    except ImportError:
        raise MissingExtraError("mcp", "mcp") from None
    return mcp
