"""``plankit compile`` end to end: the real typer app and the real openai SDK, over real HTTP, against a
fake OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.llm import BLOCK_ENV_VAR
from plankit.plan import dump_plan, load_plan, loads_plan
from plankit.testing import FakeLlmServer, FakeReply

runner = CliRunner()

TOOLS = {
    "tools": [
        {"name": "db.query", "description": "Read-only SQL", "params_schema": {
            "type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}},
        {"name": "payments.transfer", "description": "Move money"},
        {"name": "shell.run", "description": "Run a command"},
    ]
}  # fmt: skip
POLICY = "allow_tools: ['db.*', 'payments.*']\nbounds:\n  payments.transfer.amount: [1, 1000]\ngoal_alignment: off\n"
LOOKUP = {"id": "lookup", "tool": "db.query", "params": {"q": "select iban from suppliers where id = 7"}}
PAY = {"id": "pay", "tool": "payments.transfer", "params": {"amount": 500, "to": "{{lookup.result.iban}}"},
       "depends_on": ["lookup"], "require_confirmation": True}  # fmt: skip
CLEAN = json.dumps({"goal": "Pay the supplier", "steps": [LOOKUP, PAY]})
FLAWED = json.dumps({"goal": "Pay the supplier", "steps": [LOOKUP, {**PAY, "params": {"amount": 5000, "to": "x"}}]})


@pytest.fixture(autouse=True)
def _block_real_llm_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BLOCK_ENV_VAR, "1")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "PLANKIT_MODEL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[FakeLlmServer]:
    with FakeLlmServer() as fake:
        yield fake


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS), encoding="utf-8")
    policy = tmp_path / "policy.yaml"
    policy.write_text(POLICY, encoding="utf-8")
    return ["--tools", str(tools), "--policy", str(policy)]


def compile_args(server: FakeLlmServer, *extra: str) -> list[str]:
    return ["compile", "Pay the supplier their invoice", "--model", "openai:test", "--base-url",
            server.openai_base_url, *extra]  # fmt: skip


def test_a_clean_plan_on_stdout_and_exit_0(server: FakeLlmServer, files: list[str]) -> None:
    server.add(CLEAN)
    result = runner.invoke(app, compile_args(server, *files))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == dump_plan(loads_plan(CLEAN))
    assert result.stderr == "asking openai:test for a plan...\ndraft: clean\nlint-clean plan after 0 repair rounds\n"
    [request] = server.requests
    assert request.body["model"] == "test"
    assert request.body["response_format"]["type"] == "json_schema"
    assert request.body["response_format"]["json_schema"]["schema"]["required"] == ["steps"]
    system = request.body["messages"][0]["content"]
    assert "- db.query: Read-only SQL" in system
    assert "- The argument payments.transfer.amount must be between 1 and 1000." in system
    assert request.body["messages"][1] == {
        "role": "user",
        "content": "Goal: Pay the supplier their invoice\n\nReply with the plan JSON only.",
    }


def test_findings_go_back_to_the_server_until_the_plan_is_clean(server: FakeLlmServer, files: list[str]) -> None:
    server.add("Here is my plan:\n```json\n" + FLAWED + "\n```", CLEAN)
    result = runner.invoke(app, compile_args(server, *files))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == (
        "asking openai:test for a plan...\n"
        "asking openai:test to repair the draft (1 finding): round 1 of 2...\n"
        "draft: 1 error (read from a code fence (json); ignored text before the JSON)\n"
        "repair 1: clean\n"
        "lint-clean plan after 1 repair round\n"
    )
    repair = server.requests[1].body["messages"]
    assert [message["role"] for message in repair] == ["system", "user", "assistant", "user"]
    assert repair[3]["content"].startswith(
        "Your plan has 1 problem to fix:\n"
        "- [BOUND_VIOLATION] step 'pay' at $.steps[1].params.amount: amount of 'payments.transfer' = 5000 is "
        "above the maximum 1000"
    )


def test_no_clean_plan_exits_1_with_the_last_draft_and_its_findings(server: FakeLlmServer, files: list[str]) -> None:
    server.add(FLAWED, FLAWED, FLAWED)
    result = runner.invoke(app, compile_args(server, *files))
    assert result.exit_code == 1
    assert result.stdout == dump_plan(loads_plan(FLAWED))
    assert result.stderr == (
        "asking openai:test for a plan...\n"
        "asking openai:test to repair the draft (1 finding): round 1 of 2...\n"
        "asking openai:test to repair the draft (1 finding): round 2 of 2...\n"
        "draft: 1 error\n"
        "repair 1: 1 error\n"
        "repair 2: 1 error\n"
        "  error BOUND_VIOLATION step 'pay' at $.steps[1].params.amount: amount of 'payments.transfer' = 5000 is "
        "above the maximum 1000 (hint: policy bound 'payments.transfer.amount' allows [1, 1000])\n"
        "no lint-clean plan after 2 repair rounds; the last draft is printed above, with its findings\n"
    )
    assert len(server.requests) == 3


def test_max_repairs_and_output_file(server: FakeLlmServer, files: list[str], tmp_path: Path) -> None:
    server.add(FLAWED)
    out = tmp_path / "plan.json"
    result = runner.invoke(app, compile_args(server, *files, "--max-repairs", "0", "-o", str(out)))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert load_plan(out) == loads_plan(FLAWED)
    assert result.stderr.endswith(f"the last draft is written to {out}, with its findings\n")
    assert len(server.requests) == 1


def test_json_report(server: FakeLlmServer, files: list[str]) -> None:
    server.add(FLAWED, CLEAN)
    result = runner.invoke(app, compile_args(server, *files, "--format", "json"))
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["ok"], report["repairs"], report["diagnostics"]) == (True, 1, [])
    assert report["plan"] == json.loads(dump_plan(loads_plan(CLEAN)))
    assert [round_["clean"] for round_ in report["rounds"]] == [False, True]
    assert report["rounds"][0]["diagnostics"][0]["code"] == "BOUND_VIOLATION"
    assert len(report["transcript"]) == 5


def test_a_server_without_structured_output_falls_back_to_json_mode(server: FakeLlmServer) -> None:
    server.reject_formats = frozenset({"json_schema"})
    server.add(CLEAN)
    result = runner.invoke(app, compile_args(server))
    assert result.exit_code == 0, result.stderr
    assert [request.body.get("response_format", {}).get("type") for request in server.requests] == [
        "json_schema",
        "json_object",
    ]


def test_no_readable_plan(server: FakeLlmServer) -> None:
    server.add("I cannot do that.", "Still no.", "No.")
    result = runner.invoke(app, compile_args(server))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(
        "asking openai:test for a plan...\n"
        "asking openai:test to repair the draft (1 finding): round 1 of 2...\n"
        "asking openai:test to repair the draft (1 finding): round 2 of 2...\n"
        "draft: 1 error\nrepair 1: 1 error\nrepair 2: 1 error\n  error REPLY_NO_PLAN: "
    )
    assert result.stderr.endswith("no readable plan after 2 repair rounds\n")


def test_the_goal_from_stdin(server: FakeLlmServer) -> None:
    server.add(CLEAN)
    args = ["compile", "-", "-m", "openai:test", "--base-url", server.openai_base_url]
    result = runner.invoke(app, args, input="Pay from stdin\n")
    assert result.exit_code == 0, result.stderr
    assert server.requests[0].body["messages"][1]["content"].startswith("Goal: Pay from stdin\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compile", "goal"], "error: no model: pass --model provider:model (or set PLANKIT_MODEL)"),
        (["compile", "goal", "-m", "gpt-4"], "error: model 'gpt-4' is not provider:model"),
        (["compile", "goal", "-m", "opneai:x"], "error: unknown provider 'opneai' in 'opneai:x'; did you mean"),
        (["compile", "goal", "-m", "openai:x"], "error: openai:x: no API key; set OPENAI_API_KEY"),
        (["compile", " ", "-m", "openai:x", "--base-url", "http://127.0.0.1:9/v1"], "error: the goal is empty"),
        (
            ["compile", "goal", "-m", "openai:x", "--base-url", "http://127.0.0.1:9/v1", "--tools", "missing.json"],
            "error: missing.json: no such file",
        ),
    ],
)
def test_unusable_input_exits_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message)


def test_a_refused_request_exits_2(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(401, "Incorrect API key provided"))
    result = runner.invoke(app, compile_args(server))
    assert result.exit_code == 2
    assert result.stderr == (
        "asking openai:test for a plan...\nerror: openai:test: HTTP 401: Incorrect API key provided\n"
    )


def test_a_refused_connection_fails_at_once_with_exit_2() -> None:
    result = runner.invoke(app, ["compile", "goal", "-m", "openai:x", "--base-url", "http://127.0.0.1:9/v1"])
    assert result.exit_code == 2
    assert result.stderr == (
        "asking openai:x for a plan...\n"
        "error: openai:x: can't reach http://127.0.0.1:9/v1/: connection refused (is the server running, and is "
        "this its address and port?)\n"
    )


def test_an_error_during_a_repair_keeps_the_draft_on_disk_and_exits_1(
    server: FakeLlmServer, files: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plankit-draft.json").write_text("an earlier draft, kept too")
    server.add(FLAWED, FakeReply.error(401, "Incorrect API key provided"))
    result = runner.invoke(app, compile_args(server, *files))
    assert result.exit_code == 1
    assert load_plan(tmp_path / "plankit-draft-2.json") == loads_plan(FLAWED)
    assert result.stderr.endswith(
        "the model failed during repair round 1: openai:test: HTTP 401: Incorrect API key provided; the last "
        "draft is kept in plankit-draft-2.json, with its findings above\n"
    )


def test_the_console_script_as_a_subprocess(server: FakeLlmServer) -> None:
    server.add(CLEAN)
    done = subprocess.run(
        [sys.executable, "-m", "plankit", *compile_args(server)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert loads_plan(done.stdout) == loads_plan(CLEAN)
