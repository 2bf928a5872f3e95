"""``plankit mcp``: serve plankit's lint, compile and run as MCP tools (see :mod:`plankit.mcp`).

stdio (the default) is for an agent that starts plankit itself (Claude Desktop, Cursor, an SDK client);
``--transport http`` serves streamable HTTP at ``http://HOST:PORT/mcp`` (127.0.0.1:8000 by default).
Exit code 2 for unusable options (a bad policy or tools file, a bad --model, a missing ``mcp`` SDK).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from ..errors import PlankitError
from ._common import check_port, fail
from ._model_options import BaseUrlOption, McpConfigOption, McpOption, ModelOption, StepModel


class Transport(str, Enum):
    """How ``plankit mcp`` talks to its client."""

    STDIO = "stdio"
    HTTP = "http"


def mcp_command(
    transport: Annotated[Transport, typer.Option("--transport", help="stdio, or http (streamable HTTP).")] = (
        Transport.STDIO
    ),
    db: Annotated[Path, typer.Option("--db", help="The SQLite database of plans and executions.")] = Path("plankit.db"),
    tools: Annotated[str | None, typer.Option("--tools", help="Tools module or spec file the plans may use.")] = None,
    policy: Annotated[
        list[Path] | None, typer.Option("--policy", "-p", help="Policy file; repeat to merge. Default: built-in.")
    ] = None,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (http).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on (http).")] = 8000,
) -> None:
    """Serve lint_plan, compile_plan, run_plan, get_execution, approve_step, deny_step and list_rules over MCP."""
    from ..mcp import ServerSettings, serve

    if transport is Transport.HTTP:
        check_port(host, port)  # exit 2 naming the address, not uvicorn's bind error and exit 3
    steps = StepModel.of(model, base_url, mcp, mcp_config)
    settings = ServerSettings(db, tools, policy or [], steps.model, steps.base_url, steps.servers)
    try:
        serve(settings, transport.value, host=host, port=port)
    except PlankitError as exc:
        fail(exc)


def register(app: typer.Typer) -> None:
    """Add ``mcp`` to the ``plankit`` app."""
    app.command("mcp")(mcp_command)
