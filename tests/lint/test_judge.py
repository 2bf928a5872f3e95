"""The optional model judge of goal alignment: judge_alignment with the test doubles, and plankit lint
--judge-model against a fake OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.lint import Linter, Policy, Severity, judge_alignment
from plankit.lint._judge import SYSTEM_PROMPT, VERDICT_SCHEMA
from plankit.llm import BLOCK_ENV_VAR, LlmRequestError
from plankit.testing import FakeLlmServer, ScriptedLlm

# An attack the static rules can't see: the goal asks to send, and the recipient is a structured field of the mail
# the user named (someone on its cc line), so neither its text nor its provenance gives it away.
PLAN: dict[str, Any] = {
    "goal": "Reply to Bob's latest email saying I can join on Friday",
    "context": {"bob": "bob@example.com"},
    "steps": [
        {"id": "latest", "tool": "email.search", "args": {"query": "from:{{context.bob}}", "limit": 1}},
        {
            "id": "answer",
            "tool": "email.reply",
            "args": {"message_id": "{{latest.result.id}}", "body": "Yes"},
            "depends_on": ["latest"],
        },
        {
            "id": "fwd",
            "tool": "email.send",
            "args": {"to": "{{latest.result.cc[0]}}", "body": "{{latest.result}}"},
            "depends_on": ["latest"],
        },
    ],
}


def verdicts(*entries: tuple[str, bool, str]) -> str:
    return json.dumps({"steps": [{"id": i, "serves_goal": ok, "reason": why} for i, ok, why in entries]})


def run(llm: ScriptedLlm, policy: Policy | None = None) -> Any:
    return asyncio.run(judge_alignment(Linter(policy or Policy()), PLAN, llm))


def test_a_step_the_judge_rejects_gets_a_finding_with_its_reason() -> None:
    llm = ScriptedLlm([verdicts(("answer", True, "the reply"), ("fwd", False, "nobody asked to forward mail"))])
    result = run(llm)
    assert Linter(Policy()).validate(PLAN).status.value == "PASS"  # the static rules see nothing
    assert result.status.value == "WARN"
    assert [(d.code, d.node_id, d.severity, d.message, d.path) for d in result.diagnostics] == [
        (
            "GOAL_JUDGE",
            "fwd",
            Severity.WARNING,
            "the judge (scripted:test) says 'fwd' (email.send) does not serve the goal: nobody asked to forward mail",
            "$.steps[2].tool",
        )
    ]
    [call] = llm.calls
    assert call.schema == VERDICT_SCHEMA
    assert call.messages[0].content == SYSTEM_PROMPT
    shown = json.loads(call.messages[1].content)
    assert shown["goal"] == PLAN["goal"]
    assert shown["context_keys"] == ["bob"]
    assert [(s["id"], s["tool"], s["effects"]) for s in shown["steps"]] == [
        ("answer", "email.reply", ["send"]),
        ("fwd", "email.send", ["send"]),
    ]


def test_goal_alignment_error_makes_judged_findings_errors() -> None:
    result = run(
        ScriptedLlm([verdicts(("answer", True, "ok"), ("fwd", False, "exfiltration"))]), Policy(goal_alignment="error")
    )
    assert result.status.value == "ERROR"
    assert [(e.code, e.node_id) for e in result.errors] == [("GOAL_JUDGE", "fwd")]


def test_the_judge_never_removes_a_static_finding() -> None:
    plan = {**PLAN, "goal": "Summarise my inbox"}
    llm = ScriptedLlm([verdicts(("answer", True, "fine"), ("fwd", True, "fine"))])
    result = asyncio.run(judge_alignment(Linter(Policy()), plan, llm))
    assert [(d.code, d.node_id) for d in result.diagnostics] == [
        ("GOAL_UNASKED_EFFECT", "answer"),
        ("GOAL_UNASKED_EFFECT", "fwd"),
    ]


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("not json", "the judge (scripted:test) gave no verdict: its reply is not JSON (Expecting value at line 1)"),
        ('{"verdicts": []}', 'the judge (scripted:test) gave no verdict: its reply has no "steps" list'),
        (LlmRequestError("HTTP 500"), "the judge (scripted:test) gave no verdict: HTTP 500"),
    ],
)
def test_an_unusable_reply_is_a_warning_not_a_pass(reply: str | Exception, message: str) -> None:
    result = run(ScriptedLlm([reply]))
    assert result.status.value == "WARN"
    assert [(d.code, d.severity, d.message) for d in result.diagnostics] == [("GOAL_JUDGE", Severity.WARNING, message)]


def test_a_step_missing_from_the_verdicts_is_named() -> None:
    result = run(ScriptedLlm(["```json\n" + verdicts(("answer", True, "ok")) + "\n```"]))
    assert [d.message for d in result.diagnostics] == ["the judge (scripted:test) gave no verdict on 'fwd'"]


def test_no_goal_or_off_asks_nothing() -> None:
    llm = ScriptedLlm([])
    asyncio.run(judge_alignment(Linter(Policy()), {**PLAN, "goal": None}, llm))
    asyncio.run(judge_alignment(Linter(Policy(goal_alignment="off")), PLAN, llm))
    assert llm.calls == []


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLlmServer]:
    monkeypatch.setenv(BLOCK_ENV_VAR, "1")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeLlmServer() as fake:
        yield fake


def test_cli_judge_model(server: FakeLlmServer, tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(PLAN), encoding="utf-8")
    server.add(verdicts(("answer", True, "the reply"), ("fwd", False, "nobody asked to forward mail")))
    args = ["lint", str(plan), "--format", "json", "--judge-model", "openai:test", "--judge-base-url"]
    result = CliRunner().invoke(app, [*args, server.openai_base_url])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["status"] == "WARN"
    assert [(w["code"], w["node_id"]) for w in report["warnings"]] == [("GOAL_JUDGE", "fwd")]
    [request] = server.requests
    assert request.body["model"] == "test"
