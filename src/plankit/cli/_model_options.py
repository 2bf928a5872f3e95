"""Options shared by the commands that run plans: the model of ``llm`` steps and MCP servers as tool sources.

``run``, ``resume``, ``dead-letters retry`` (and the scheduler) take the same options, parsed by the same
helpers here::

    --model provider:model     the model of llm steps (env PLANKIT_MODEL), as for `plankit compile`
    --base-url URL             an OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio)
    --mcp NAME=stdio:COMMAND   an MCP server's tools as NAME.tool (repeatable; or NAME=http://HOST:PORT/mcp)
    --mcp-config FILE          servers from a JSON/YAML file in the common {"mcpServers": {...}} shape

Option values are checked before anything runs (exit 2 naming what is wrong); MCP sessions are opened in
the command's event loop, for as long as the run lasts, by :func:`open_tools`.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import PlankitError
from ..plan import RetryPolicy
from ..tool_sources import McpServerSpec, McpTools, load_mcp_config
from ..tools import ToolRegistry
from ._common import MODEL_ENV_VAR, fail

if TYPE_CHECKING:  # the executor and the LLM clients load only when a command uses a model (lint stays light)
    from ..execute import ModelSteps
    from ..llm import LlmClient
    from ..plan import Execution

STEP_RETRY = RetryPolicy(max_attempts=1)
"""An LLM step's client makes one attempt per request: the step's ``on_failure`` retries rate limits and
server errors, as it does a tool's."""

ModelOption = Annotated[
    str | None,
    typer.Option("--model", help=f"provider:model for llm steps, e.g. openai:llama3.1 (env {MODEL_ENV_VAR})."),
]
BaseUrlOption = Annotated[
    str | None, typer.Option("--base-url", help="OpenAI-compatible server for --model (Ollama, vLLM...).")
]
McpOption = Annotated[
    list[str] | None,
    typer.Option("--mcp", help="MCP server whose tools become NAME.tool: NAME=stdio:COMMAND or NAME=http://HOST/mcp."),
]
McpConfigOption = Annotated[
    Path | None, typer.Option("--mcp-config", help='MCP servers from a file: {"mcpServers": {NAME: {...}}}.')
]


@dataclass
class StepModel:
    """The model ``llm`` steps talk to, and the MCP servers whose tools the run may call."""

    model: str | None = None
    base_url: str | None = None
    servers: list[McpServerSpec] = field(default_factory=list)

    @classmethod
    def of(
        cls, model: str | None, base_url: str | None, mcp: list[str] | None = None, mcp_config: Path | None = None
    ) -> StepModel:
        """Parse the options (``PLANKIT_MODEL`` when ``--model`` is absent); exit 2 on a bad value."""
        chosen = model or os.environ.get(MODEL_ENV_VAR) or None
        if base_url is not None and chosen is None:
            fail(f"--base-url needs a model: pass --model provider:model (or set {MODEL_ENV_VAR})")
        try:
            servers = [McpServerSpec.parse(text) for text in mcp or []]
            if mcp_config is not None:
                servers += load_mcp_config(mcp_config)
        except PlankitError as exc:
            fail(exc)
        return cls(chosen, base_url, servers)

    def client(self) -> LlmClient | None:
        """A client for the steps (None without a model); exit 2 when it can't be built."""
        if self.model is None:
            return None
        try:
            from ..llm import make_llm

            return make_llm(self.model, base_url=self.base_url, retry=STEP_RETRY)
        except PlankitError as exc:
            fail(exc)

    def runner(self, client: LlmClient | None) -> ModelSteps | None:
        """The LLM-step runner over ``client``."""
        from ..execute import ModelSteps

        return ModelSteps(client) if client is not None else None

    def words(self) -> list[str]:
        """These options as command-line words (for the ``plankit resume`` command printed after a pause)."""
        out: list[str] = []
        if self.model is not None:
            out += ["--model", self.model]
        if self.base_url is not None:
            out += ["--base-url", self.base_url]
        for server in self.servers:
            target = f"stdio:{server.describe()[len('stdio: ') :]}" if server.transport == "stdio" else server.url
            out += ["--mcp", f"{server.name}={target}"]
        return out


def usage_of(execution: Execution) -> dict[str, int] | None:
    """Tokens the execution's ``llm`` steps used, summed; None when it has none."""
    outputs = [step.output for step in execution.steps]
    if not any(isinstance(output, dict) and "response_id" in output for output in outputs):
        return None
    from ..execute import token_usage

    return token_usage(outputs)


def mcp_specs(servers: list[McpServerSpec]) -> ToolRegistry:
    """The specs of the servers' tools, for linting: connect, list, disconnect (exit 2 when one can't be
    reached). The specs keep no implementation."""

    async def collect() -> ToolRegistry:
        async with McpTools(servers) as remote:
            return ToolRegistry(list(remote))

    import asyncio  # here: `plankit lint` without --mcp never loads asyncio

    try:
        return asyncio.run(collect())
    except PlankitError as exc:
        fail(exc)


@asynccontextmanager
async def open_tools(base: ToolRegistry, servers: list[McpServerSpec]) -> AsyncIterator[ToolRegistry]:
    """``base`` plus the tools of ``servers`` (connected for the length of the block); exit 2 when a server
    can't be started or reached."""
    if not servers:
        yield base
        return
    sources = McpTools(servers)
    try:
        remote = await sources.__aenter__()
    except PlankitError as exc:
        fail(exc)
    try:
        yield base.combined_with(remote)
    finally:
        await sources.__aexit__(None, None, None)
