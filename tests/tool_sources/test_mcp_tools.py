"""MCP servers as tool sources: a server written with the SDK, in its own process, over stdio and over
streamable HTTP on 127.0.0.1; its tools are linted, run by actions and by LLM steps, under the guard."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit.errors import ErrorType
from plankit.execute import Executor, ModelSteps
from plankit.lint import Linter, Policy
from plankit.llm import make_llm
from plankit.plan import RetryPolicy, StepStatus, plan_from_data
from plankit.testing import FakeClock, FakeLlmServer, FakeReply, MemoryStore, SequentialIds
from plankit.tool_sources import McpServerSpec, McpSourceError, McpTools, load_mcp_config

SERVER = Path(__file__).resolve().parent.parent / "fixtures" / "mcp_demo_server.py"


@pytest.fixture
def outbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "outbox.jsonl"
    monkeypatch.setenv("DEMO_OUTBOX", str(path))  # inherited by the server processes
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def http_server(outbox: Path) -> Iterator[str]:
    """The demo server over streamable HTTP, in its own process; yields its URL."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, str(SERVER), "--http", str(port)], stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):  # until it listens (a fresh interpreter importing the SDK takes a moment)
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None:
                raise RuntimeError("the demo MCP server exited")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _stdio() -> McpServerSpec:
    # A stdio server gets only the SDK's safe default environment, plus what the spec passes.
    command = (sys.executable, str(SERVER))
    return McpServerSpec("demo", "stdio", command, env={"DEMO_OUTBOX": os.environ.get("DEMO_OUTBOX", "")})


def _run(plan: dict[str, Any], spec: McpServerSpec, **options: Any) -> Any:
    async def main() -> Any:
        async with McpTools([spec]) as registry:
            options.setdefault("clock", FakeClock())
            executor = Executor(MemoryStore(), registry, ids=SequentialIds(), jitter=0.0, **options)
            return await executor.start(plan_from_data(plan))

    return asyncio.run(main())


def test_stdio_tools_become_plan_tools_with_their_schemas(outbox: Path) -> None:
    assert McpServerSpec.parse(f"demo=stdio:{sys.executable} {SERVER}").command == (sys.executable, str(SERVER))

    async def main() -> Any:
        async with McpTools([_stdio()]) as registry:
            return registry.names(), registry.get("demo.add")

    names, add = asyncio.run(main())
    assert names == ["demo.add", "demo.explode", "demo.send"]
    assert add is not None
    assert (add.description, add.read_only, add.hinted_effects) == ("Add two integers.", True, ["read"])
    assert add.params_schema["required"] == ["a", "b"]
    assert add.params_schema["properties"]["a"]["type"] == "integer"


def test_stdio_actions_run_and_lint_checks_the_arguments(outbox: Path) -> None:
    plan = {
        "id": "p",
        "steps": [
            {"id": "sum", "tool": "demo.add", "params": {"a": 2, "b": 3}},
            {"id": "mail", "tool": "demo.send", "params": {"to": "ops@shop.example", "body": "total {{sum.result}}"}},
            {"id": "boom", "tool": "demo.explode", "params": {"reason": "on purpose"}, "on_failure": "skip"},
        ],
    }
    execution = _run(plan, _stdio(), policy=Policy())
    records = {record.step_id: record for record in execution.steps}
    assert records["sum"].output == {"result": 5}
    assert records["mail"].output == {"result": "sent to ops@shop.example"}
    assert [json.loads(line) for line in outbox.read_text().splitlines()] == [
        {"to": "ops@shop.example", "body": 'total {"result": 5}'}
    ]
    assert (records["boom"].status, records["boom"].error_type) == (StepStatus.SKIPPED, ErrorType.TOOL_ERROR)
    assert records["boom"].error == "demo.explode: Error executing tool explode: exploded: on purpose"

    async def lint() -> list[tuple[str, str | None]]:
        async with McpTools([_stdio()]) as registry:
            bad = {"steps": [{"id": "x", "tool": "demo.add", "params": {"a": "two", "b": 1}},
                             {"id": "y", "tool": "demo.nope", "params": {}}]}  # fmt: skip
            return [(d.code, d.node_id) for d in Linter(Policy(), tools=registry).lint(plan_from_data(bad))]

    assert asyncio.run(lint()) == [("TOOL_ARGS_INVALID", "x"), ("CONTRA_NO_TOOL", "y")]


def test_http_tools_called_by_an_llm_step_under_the_guard(http_server: str, outbox: Path) -> None:
    policy = Policy(allow_recipients=["*@shop.example"], sinks=["demo.send"])
    replies = [
        FakeReply.calling(("demo_add", {"a": 20, "b": 22})),
        FakeReply.calling(("demo_send", {"to": "boss@shop.example", "body": "42"})),
        "Sent the total.",
        FakeReply.calling(("demo_send", {"to": "thief@elsewhere.example", "body": "42"})),
    ]
    plan = {
        "id": "p",
        "steps": [
            {"id": "ok", "type": "llm", "prompt": "Add and send", "tools": ["demo.add", "demo.send"]},
            {"id": "bad", "type": "llm", "prompt": "Send elsewhere", "tools": ["demo.send"], "depends_on": ["ok"]},
        ],
    }
    with FakeLlmServer(replies) as llm_server:
        client = make_llm("openai:m", base_url=llm_server.openai_base_url, retry=RetryPolicy(max_attempts=1))
        execution = _run(plan, McpServerSpec.parse(f"demo={http_server}"), policy=policy, llm=ModelSteps(client))
    records = {record.step_id: record for record in execution.steps}
    assert records["ok"].output["text"] == "Sent the total."
    assert [call["result"] for call in records["ok"].output["tool_calls"]] == [
        {"result": 42},
        {"result": "sent to boss@shop.example"},
    ]
    assert (records["bad"].status, records["bad"].error_type) == (StepStatus.FAILED, ErrorType.USER_ERROR)
    assert records["bad"].error is not None
    assert records["bad"].error.startswith("tool call refused by the policy: RECIPIENT_DENY: ")
    assert [json.loads(line)["to"] for line in outbox.read_text().splitlines()] == ["boss@shop.example"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("demo", "--mcp 'demo': expected NAME=stdio:COMMAND or NAME=http://HOST:PORT/mcp"),
        ("1x=stdio:python", "--mcp '1x=stdio:python': expected NAME=stdio:COMMAND"),
        ("demo=stdio:", "--mcp 'demo=stdio:': stdio: needs a command, e.g. demo=stdio:python server.py"),
        ("demo=ftp://x", "--mcp 'demo=ftp://x': the target must start with stdio: or http(s)://"),
    ],
)
def test_bad_specs_say_what_to_write(text: str, message: str) -> None:
    with pytest.raises(McpSourceError) as caught:
        McpServerSpec.parse(text)
    assert str(caught.value).startswith(message)


def test_parse_and_config(tmp_path: Path) -> None:
    assert McpServerSpec.parse("fs=stdio:npx -y 'my server'") == McpServerSpec(
        "fs", "stdio", ("npx", "-y", "my server")
    )
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "fs": {"command": "python", "args": ["s.py"], "env": {"ROOT": "/d"}},
                    "web": {"url": "http://127.0.0.1:9/mcp"},
                }
            }
        )
    )
    assert load_mcp_config(config) == [
        McpServerSpec("fs", "stdio", ("python", "s.py"), env={"ROOT": "/d"}),
        McpServerSpec("web", "http", url="http://127.0.0.1:9/mcp"),
    ]
    config.write_text(json.dumps({"mcpServers": {"fs": {"cmd": "python"}}}))
    with pytest.raises(McpSourceError, match=r'\$\.mcpServers\.fs: a server has "command" \(stdio\) or "url"'):
        load_mcp_config(config)


def test_a_server_that_cannot_start_is_a_clear_error() -> None:
    missing = McpServerSpec("gone", "stdio", (os.path.join("no", "such", "program"),))

    async def main() -> None:
        async with McpTools([missing]):
            pass

    with pytest.raises(McpSourceError, match=r"^MCP server 'gone' \(stdio: no/such/program\): "):
        asyncio.run(main())


@given(
    st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,10}", fullmatch=True),
    st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1), min_size=1, max_size=5),
)
def test_stdio_commands_split_as_a_shell_would(name: str, command: list[str]) -> None:
    spec = McpServerSpec.parse(f"{name}=stdio:{shlex.join(command)}")
    assert (spec.name, spec.transport, spec.command) == (name, "stdio", tuple(command))


def test_plankit_lint_checks_mcp_tools(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from plankit.cli import app

    plan = tmp_path / "plan.json"
    steps = [{"id": "x", "tool": "demo.add", "params": {"a": "two", "b": 1}}, {"id": "y", "tool": "demo.adds"}]
    plan.write_text(json.dumps({"id": "p", "steps": steps}))
    spec = f"demo=stdio:{sys.executable} {SERVER}"
    result = CliRunner().invoke(app, ["lint", str(plan), "--mcp", spec, "--format", "json"])
    assert result.exit_code == 1, result.output
    found = [(error["code"], error["node_id"]) for error in json.loads(result.stdout)["errors"]]
    assert found == [("TOOL_ARGS_INVALID", "x"), ("CONTRA_NO_TOOL", "y")]
