"""``POST /compile`` through the configured model: a real OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plankit.testing import FakeLlmServer

from .harness import live_server

PLAN = {"goal": "greet", "steps": [{"id": "hello", "tool": "echo", "args": {"text": "hi"}}]}


@pytest.fixture(autouse=True)
def _no_model_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.delenv("PLANKIT_MODEL", raising=False)


def test_a_goal_becomes_a_lint_clean_plan(tmp_path: Path) -> None:
    with (
        FakeLlmServer([json.dumps(PLAN)]) as fake,
        live_server(tmp_path, model="openai:test", model_base_url=fake.openai_base_url) as server,
    ):
        response = server.client("ann").post("/api/v1/compile", json={"goal": "Say hi"})
        assert response.status_code == 200, response.text
        body = response.json()
        assert (body["ok"], body["repairs"], body["diagnostics"]) == (True, 0, [])
        assert body["plan"]["steps"] == [{"id": "hello", "type": "action", "tool": "echo", "params": {"text": "hi"}}]
        [request] = fake.requests
        assert request.body["messages"][1]["content"] == "Goal: Say hi\n\nReply with the plan JSON only."
        assert server.client("vic").post("/api/v1/compile", json={"goal": "x"}).status_code == 403


def test_without_a_model_compiling_is_503(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        response = server.client("ann").post("/api/v1/compile", json={"goal": "Say hi"})
        assert (response.status_code, response.json()["error"]["code"]) == (503, "no_model")
