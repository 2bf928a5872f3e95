"""``plankit mcp``, in its own process, driven by the official SDK's client over stdio and streamable HTTP."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from plankit.testing import FakeLlmServer

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"
TOOLS = str(EXAMPLES / "tools.py")
PAYOUT = json.loads((EXAMPLES / "payout.json").read_text())


def _args(db: Path, *extra: str) -> list[str]:
    return ["-m", "plankit", "mcp", "--db", str(db), "--tools", TOOLS, *extra]


@asynccontextmanager
async def _stdio(db: Path, *extra: str) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=sys.executable, args=_args(db, *extra))
    async with stdio_client(params, errlog=sys.__stderr__) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@asynccontextmanager
async def _http(url: str) -> AsyncIterator[ClientSession]:
    async with streamable_http_client(url) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@pytest.fixture
def http_url(tmp_path: Path) -> Iterator[str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, *_args(tmp_path / "http.db", "--transport", "http", "--port", str(port))]
    process = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert process.poll() is None, "plankit mcp exited"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


async def _call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    result = await session.call_tool(tool, arguments)
    assert not result.isError, result.content
    return result.structuredContent


def test_over_stdio_lint_run_approve_and_read_the_docs(tmp_path: Path) -> None:
    async def main() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with _stdio(tmp_path / "plankit.db") as session:
            out["tools"] = sorted(tool.name for tool in (await session.list_tools()).tools)
            out["lint"] = await _call(session, "lint_plan", plan=PAYOUT)
            bad = {"steps": [{"id": "a", "tool": "shell.exec", "params": {"cmd": "rm -rf /"}}]}
            out["refused"] = await _call(session, "run_plan", plan=bad)
            started = await _call(session, "run_plan", plan=json.dumps(PAYOUT), wait_seconds=30)
            out["paused"] = started
            eid = started["execution_id"]
            out["approved"] = await _call(session, "approve_step", execution_id=eid, step_id="payout", by="ann",
                                          wait_seconds=30)  # fmt: skip
            out["fetched"] = await _call(session, "get_execution", execution_id=eid)
            out["rules"] = (await _call(session, "list_rules"))["result"]
            doc = await session.read_resource("plankit://rules/BOUND_VIOLATION")  # type: ignore[arg-type]
            out["doc"] = doc.contents[0].text  # type: ignore[union-attr]
            schema = await session.read_resource("plankit://schema/plan")  # type: ignore[arg-type]
            out["schema"] = json.loads(schema.contents[0].text)  # type: ignore[union-attr]
        return out

    out = asyncio.run(main())
    assert out["tools"] == [
        "approve_step", "compile_plan", "deny_step", "get_execution", "lint_plan", "list_rules", "run_plan"
    ]  # fmt: skip
    assert (out["lint"]["status"], out["lint"]["errors"]) == ("PASS", [])
    assert out["refused"]["status"] == "refused"
    assert [error["code"] for error in out["refused"]["lint"]["errors"]] == [
        "TOOL_DENY",
        "CONTRA_NO_TOOL",
        "RAW_SECRET",
    ]
    assert (out["paused"]["status"], out["paused"]["awaiting_approval"]) == ("paused", ["payout"])
    assert out["approved"]["status"] == "completed"
    assert {step["step_id"]: step["status"] for step in out["fetched"]["steps"]}["payout"] == "completed"
    first = {"code": "SCHEMA_INVALID", "name": "schema-invalid", "severity": "error", "level": "error"}
    assert out["rules"][0] == {
        **first, "set_by": "always on", "summary": "The document is not a valid plan.", "risk_weight": 0.5,
        "idle": None,
    }  # fmt: skip
    assert out["doc"].startswith("BOUND_VIOLATION (out-of-bounds-argument, error): ")
    assert "What it does" in out["doc"]
    assert "properties" in out["schema"]


def test_over_streamable_http(http_url: str) -> None:
    async def main() -> tuple[Any, Any, Any]:
        async with _http(http_url) as session:
            plan = {"id": "hello", "steps": [{"id": "say", "tool": "echo", "params": {"text": "hi"}}]}
            lint = await _call(session, "lint_plan", plan=plan)
            run = await _call(session, "run_plan", plan=plan, wait_seconds=30)
            fetched = await _call(session, "get_execution", execution_id=run["execution_id"])
            return lint, run, fetched

    lint, run, fetched = asyncio.run(main())
    assert lint["status"] == "PASS"
    assert run["status"] == "completed"
    assert [(step["step_id"], step["status"], step["output"]) for step in fetched["steps"]] == [
        ("say", "completed", {"text": "hi"})
    ]


def test_compile_plan_uses_the_servers_model(tmp_path: Path) -> None:
    reply = '{"goal": "say hi", "steps": [{"id": "say", "tool": "echo", "params": {"text": "hi"}}]}'
    with FakeLlmServer([reply]) as llm:

        async def main() -> Any:
            model = ["--model", "openai:test", "--base-url", llm.openai_base_url]
            async with _stdio(tmp_path / "plankit.db", *model) as session:
                return await _call(session, "compile_plan", goal="Say hi")

        compiled = asyncio.run(main())
    assert compiled["ok"] is True
    assert compiled["plan"]["steps"] == [{"id": "say", "type": "action", "tool": "echo", "params": {"text": "hi"}}]
    assert compiled["lint"]["status"] == "PASS"


def test_list_rules_gives_each_rules_level_under_the_servers_policy(tmp_path: Path) -> None:
    policy = tmp_path / "team.yaml"
    policy.write_text("goal_alignment: error\nseverity: {TOOL_DENY: warning, RAW_SECRET: off}\n", encoding="utf-8")

    async def main() -> list[dict[str, Any]]:
        async with _stdio(tmp_path / "plankit.db", "--policy", str(policy)) as session:
            rules: list[dict[str, Any]] = (await _call(session, "list_rules"))["result"]
            return rules

    listed = {rule["code"]: rule for rule in asyncio.run(main())}
    picked = ["TOOL_DENY", "RAW_SECRET", "GOAL_UNASKED_EFFECT", "BOUND_VIOLATION", "CONTRA_NO_TOOL"]
    keys = ("severity", "level", "set_by", "idle")
    no_lists = "the policy sets neither allow_tools nor deny_tools"
    assert [(code, *(listed[code][key] for key in keys)) for code in picked] == [
        ("TOOL_DENY", "error", "warning", f"severity in {policy}", no_lists),
        ("RAW_SECRET", "error", "off", f"severity in {policy}", None),
        ("GOAL_UNASKED_EFFECT", "warning", "error", f"goal_alignment: error in {policy}", None),
        ("BOUND_VIOLATION", "error", "error", "built-in", "the policy sets no bounds"),
        ("CONTRA_NO_TOOL", "error", "error", "built-in", None),  # the server has --tools
    ]
