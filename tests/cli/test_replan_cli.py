"""``plankit run --replan``: end to end through the typer app, a real SQLite file, and the real OpenAI SDK
talking HTTP to a fake OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.llm import BLOCK_ENV_VAR
from plankit.plan import Execution, Plan
from plankit.store import SqliteStore
from plankit.testing import FakeLlmServer

runner = CliRunner()

# Its own registry, so every test's copy of the module registers without clashing. Each call is journaled
# to a file, so the test sees exactly which steps ran, and how often.
TOOLS = '''
from pathlib import Path

from plankit.errors import ToolError
from plankit.tools import ToolRegistry

registry = ToolRegistry()
JOURNAL = Path(__file__).with_name("journal.txt")


def _note(name: str) -> None:
    with JOURNAL.open("a", encoding="utf-8") as journal:
        journal.write(name + "\\n")


@registry.tool("fetch")
def fetch() -> dict:
    """Fetch the amount."""
    _note("fetch")
    return {"amount": 42}


@registry.tool("primary.pay")
def primary_pay(amount: int) -> dict:
    """The primary payment service (down)."""
    _note("primary.pay")
    raise ToolError("the primary service is down")


@registry.tool("backup.pay")
def backup_pay(amount: int) -> dict:
    """The backup payment service."""
    _note("backup.pay")
    return {"paid": amount, "via": "backup"}
'''
PLAN = {
    "id": "pay",
    "goal": "Pay the amount",
    "steps": [
        {"id": "fetch", "tool": "fetch", "params": {}},
        {"id": "pay", "tool": "primary.pay", "params": {"amount": "{{fetch.result.amount}}"}, "depends_on": ["fetch"]},
    ],
}
REMAINDER = {
    "steps": [
        {"id": "pay_backup", "tool": "backup.pay", "params": {"amount": "{{fetch.result.amount}}"},
         "depends_on": ["fetch"]},
    ]
}  # fmt: skip
REPLY = f"Sure! The primary service failed, so:\n\n```json\n{json.dumps(REMAINDER, indent=2)}\n```\n"


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
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.py").write_text(TOOLS, encoding="utf-8")
    (tmp_path / "plan.json").write_text(json.dumps(PLAN), encoding="utf-8")
    return tmp_path


def run_args(server: FakeLlmServer, *extra: str) -> list[str]:
    return ["run", "plan.json", "--tools", "tools.py", "--execution-id", "e1", "--replan", "--model", "openai:test",
            "--base-url", server.openai_base_url, *extra]  # fmt: skip


def stored(db: Path) -> tuple[Execution, Plan]:
    async def load() -> tuple[Execution, Plan]:
        async with SqliteStore(db) as store:
            execution = await store.load_execution("e1")
            assert execution is not None
            plan = await store.load_plan(execution.plan_id)
            assert plan is not None
            return execution, plan

    return asyncio.run(load())


def _lines(text: str) -> list[str]:
    return [re.sub(r"\d+\.\d\d s\b", "X s", line).rstrip() for line in text.splitlines()]


def test_run_replan_end_to_end(server: FakeLlmServer, folder: Path) -> None:
    server.add(REPLY)
    result = runner.invoke(app, run_args(server))
    assert result.exit_code == 0, result.output
    assert _lines(result.stdout) == [
        "execution e1: running",
        "fetch: running (attempt 1)",
        "fetch: completed in X s",
        "pay: running (attempt 1)",
        "pay: failed in X s: [TOOL_ERROR] the primary service is down",
        "replanned (revision 1) after step 'pay' failed: kept fetch; added pay_backup; dropped pay",
        "pay_backup: running (attempt 1)",
        "pay_backup: completed in X s",
        "execution e1: completed",
        "execution e1 completed: 2 steps in X s",
    ]
    assert (folder / "journal.txt").read_text().splitlines() == ["fetch", "primary.pay", "backup.pay"]
    execution, plan = stored(folder / "plankit.db")
    assert execution.plan_revision == 1 and execution.plan_id == "pay.e1.r1"
    assert [(step.step_id, step.status.value, step.output) for step in execution.steps] == [
        ("fetch", "completed", {"amount": 42}),
        ("pay", "failed", None),
        ("pay_backup", "completed", {"paid": 42, "via": "backup"}),
    ]
    assert [step.id for step in plan.steps] == ["fetch", "pay_backup"] and plan.revision == 1
    [request] = server.requests
    assert request.path == "/v1/chat/completions" and request.body["model"] == "test"
    prompt = request.body["messages"][-1]["content"]
    assert '- fetch (tool fetch): result {"amount": 42}' in prompt
    assert "- step pay (tool primary.pay) failed: [TOOL_ERROR] the primary service is down" in prompt
    assert "- backup.pay: The backup payment service." in request.body["messages"][0]["content"]


def test_a_model_that_cannot_fix_its_remainder_fails_the_run_with_the_findings(
    server: FakeLlmServer, folder: Path
) -> None:
    bad = json.dumps({"steps": [{"id": "pay_2", "tool": "wire.transfer", "params": {}, "depends_on": ["fetch"]}]})
    server.add(bad, bad, bad)
    result = runner.invoke(app, [*run_args(server, "--max-replans", "1"), "--format", "json"])
    assert result.exit_code == 1, result.output
    record: dict[str, Any] = json.loads(result.stdout)
    assert record["status"] == "failed" and record["plan_revision"] == 0
    assert record["error"].startswith(
        "step 'pay' failed: the primary service is down; replanning (revision 1) found no lint-clean remainder "
        "after 3 model replies: CONTRA_NO_TOOL pay_2: "
    )
    assert len(server.requests) == 3  # the draft and two repairs
    assert (folder / "journal.txt").read_text().splitlines() == ["fetch", "primary.pay"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--base-url", "http://127.0.0.1:9/v1"], "--base-url needs a model: pass --model provider:model"),
        (["--replan"], "--replan needs a model: pass --model provider:model (or set PLANKIT_MODEL)"),
        (["--replan", "--model", "nonsense"], "model 'nonsense' is not provider:model"),
    ],
)
def test_unusable_replan_options_exit_2(folder: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["run", "plan.json", "--tools", "tools.py", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (folder / "journal.txt").exists()
