"""The bundled LLM-step plans run end to end from ``plankit run``: the stepchain example
(``data-pipeline.json``) and the corteX one (``release-cortex.json``), against FakeLlmServer on 127.0.0.1
through the real OpenAI SDK, with the example tools doing real work (HTTP, subprocesses, files)."""

from __future__ import annotations

import json
import shlex
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.testing import FakeLlmServer, FakeReply

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"
AGENT_TOOLS = str(EXAMPLES / "agent_tools.py")
SERVER = Path(__file__).resolve().parent.parent / "fixtures" / "mcp_demo_server.py"
runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PLANKIT_MODEL", raising=False)
    monkeypatch.setenv("PLANKIT_WORKSPACE", str(tmp_path / "workspace"))
    return tmp_path


@pytest.fixture
def data_server() -> Iterator[str]:
    """A small JSON API on 127.0.0.1 for ``http_get`` to fetch."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps({"sales": [120, 80, 200]}).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/sales"
    finally:
        server.shutdown()
        server.server_close()


def _run(plan: str, llm: FakeLlmServer, *extra: str) -> tuple[int, dict[str, Any], str]:
    result = runner.invoke(
        app,
        ["run", plan, "--tools", AGENT_TOOLS, "--model", "openai:llama3.1", "--base-url", llm.openai_base_url,
         "--format", "json", *extra],
    )  # fmt: skip
    record = json.loads(result.stdout) if result.stdout.strip().startswith("{") else {}
    return result.exit_code, record, result.stderr


def _outputs(record: dict[str, Any]) -> dict[str, Any]:
    return {step["step_id"]: step["output"] for step in record["steps"]}


def test_the_stepchain_example_runs_end_to_end(folder: Path, data_server: str) -> None:
    replies = [
        FakeReply.calling(("http_get", {"url": data_server})),
        '{"sales": [120, 80, 200]}',
        FakeReply.calling(("python_code", {"code": "print(sum([120, 80, 200]))"})),
        '```json\n{"total": 400}\n```',
        "Q4 report: total sales 400.",
    ]
    with FakeLlmServer(replies) as llm:
        code, record, stderr = _run(str(EXAMPLES / "data-pipeline.json"), llm)
        requests = [request.body for request in llm.requests]
    assert code == 0, stderr
    outputs = _outputs(record)
    assert [step["status"] for step in record["steps"]] == ["completed"] * 3
    assert outputs["fetch"]["tool_calls"][0]["result"] == {"status": 200, "body": {"sales": [120, 80, 200]}}
    assert outputs["process"]["tool_calls"][0]["result"] == {"exit_code": 0, "stdout": "400\n", "stderr": ""}
    assert outputs["process"]["data"] == {"total": 400}
    assert outputs["report"]["text"] == "Q4 report: total sales 400."
    assert outputs["report"]["previous_response_id"] == outputs["process"]["response_id"] == "chatcmpl-fake-4"
    shown = runner.invoke(app, ["executions", "show", record["execution_id"]])
    assert "  tokens:    5 in, 5 out\n" in shown.stdout
    assert record["token_usage"] == {"input_tokens": 5, "output_tokens": 5, "total_tokens": 10}
    assert [tool["function"]["name"] for tool in requests[0]["tools"]] == ["http_get"]
    assert requests[4]["messages"][1]["content"] == (
        'Generate report\n\nResults of the steps this one depends on:\n[process] {"total": 400}'
    )


def test_the_cortex_example_runs_end_to_end(folder: Path) -> None:
    test_file = "import unittest\nfrom api import add\n\nclass T(unittest.TestCase):\n    def test_add(self):\n" \
        "        self.assertEqual(add(2, 3), 5)\n"  # fmt: skip
    replies = [
        FakeReply.calling(("code_writer", {"path": "api.py", "content": "def add(a, b):\n    return a + b\n"})),
        "Endpoints designed: api.py",
        FakeReply.calling(("code_writer", {"path": "test_api.py", "content": test_file})),
        FakeReply.calling(("test_runner", {"path": "test_api.py"})),
        '{"unit_tests": "passing"}',
        FakeReply.calling(("test_runner", {"path": "test_api.py"})),
        "CI is green.",
    ]
    with FakeLlmServer(replies) as llm:
        code, record, stderr = _run(str(EXAMPLES / "release-cortex.json"), llm)
    assert code == 0, stderr
    outputs = _outputs(record)
    assert list(outputs) == ["step_1", "step_2", "step_3"]
    assert (folder / "workspace" / "api.py").read_text() == "def add(a, b):\n    return a + b\n"
    assert outputs["step_2"]["tool_calls"][1]["result"]["passed"] is True
    assert outputs["step_2"]["data"] == {"unit_tests": "passing"}
    assert outputs["step_3"]["text"] == "CI is green."


def test_without_a_model_the_refusal_says_how_to_give_one(folder: Path) -> None:
    result = runner.invoke(app, ["run", str(EXAMPLES / "data-pipeline.json"), "--tools", AGENT_TOOLS])
    assert result.exit_code == 1
    assert "step 'fetch' is an llm step, and this executor has no LLM-step runner" in result.stdout
    assert "hint: give a model: plankit run --model provider:model (or PLANKIT_MODEL)" in result.stdout


def test_an_llm_step_calls_an_mcp_tool_from_the_command_line(folder: Path, tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"id": "p", "steps": [{"id": "sum", "prompt": "Add 2 and 3", "tools": ["demo.add"]}]}))
    replies = [FakeReply.calling(("demo_add", {"a": 2, "b": 3})), "5"]
    with FakeLlmServer(replies) as llm:
        code, record, stderr = _run(str(plan), llm, "--mcp", f"demo=stdio:{sys.executable} {SERVER}")
    assert code == 0, stderr
    assert _outputs(record)["sum"]["tool_calls"][0]["result"] == {"result": 5}
    assert _outputs(record)["sum"]["data"] is None and _outputs(record)["sum"]["text"] == "5"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mcp", "demo"], "error: --mcp 'demo': expected NAME=stdio:COMMAND or NAME=http://HOST:PORT/mcp"),
        (["--mcp", "gone=stdio:/no/such/program"], "error: MCP server 'gone' (stdio: /no/such/program): "),
        (["--model", "nonsense"], "error: model 'nonsense' is not provider:model"),
    ],
)
def test_unusable_model_or_mcp_options_exit_2(folder: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["run", str(EXAMPLES / "data-pipeline.json"), "--tools", AGENT_TOOLS, *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(message)


def test_the_printed_resume_command_carries_the_model_and_runs_the_llm_step(folder: Path, tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    steps = [
        {"id": "gate", "tool": "echo", "params": {"text": "go"}, "require_confirmation": True},
        {"id": "write", "prompt": "Write the note", "depends_on": ["gate"]},
    ]
    plan.write_text(json.dumps({"id": "p", "steps": steps}))
    with FakeLlmServer(["The note."]) as llm:
        model = ["--model", "openai:llama3.1", "--base-url", llm.openai_base_url]
        paused = runner.invoke(app, ["run", str(plan), *model, "--execution-id", "e1"])
        assert paused.exit_code == 3, paused.output
        resume_line = next(line for line in paused.stdout.splitlines() if line.strip().startswith("then:"))
        words = shlex.split(resume_line.split("then:", 1)[1])
        assert words == ["plankit", "resume", "e1", *model, "--db", "plankit.db"]
        assert runner.invoke(app, ["approve", "e1", "gate"]).exit_code == 0
        resumed = runner.invoke(app, [*words[1:], "--format", "json"])
    assert resumed.exit_code == 0, resumed.output
    assert _outputs(json.loads(resumed.stdout))["write"]["text"] == "The note."
