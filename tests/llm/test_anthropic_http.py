"""The Anthropic client over real HTTP: the official SDK against FakeLlmServer on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from plankit.errors import ServerError
from plankit.llm import AnthropicClient, LlmBlockedError, LlmConfigError, Message, make_llm
from plankit.testing import FakeLlmServer, FakeReply

from .helpers import RecordingSleep, run

MESSAGES = [
    Message.system("You plan."),
    Message.system("Tools: echo."),
    Message.user("Goal: say hi"),
    Message.assistant("{}"),
    Message.user("Fix it."),
]


@pytest.fixture
def server() -> Iterator[FakeLlmServer]:
    with FakeLlmServer() as fake:
        yield fake


def complete(client: AnthropicClient, *, schema: dict[str, object] | None = None) -> str:
    async def go() -> str:
        try:
            return await client.complete(MESSAGES, schema=schema)
        finally:
            await client.aclose()

    return run(go())


def client_for(server: FakeLlmServer, sleep: RecordingSleep | None = None) -> AnthropicClient:
    client = make_llm("anthropic:claude-test", base_url=server.url, sleep=sleep or RecordingSleep(), max_tokens=1000)
    assert isinstance(client, AnthropicClient)
    return client


def test_system_messages_go_to_the_system_parameter_and_the_schema_to_output_config(server: FakeLlmServer) -> None:
    server.add('{"steps": []}')
    client = client_for(server)
    assert complete(client, schema={"$schema": "x", "type": "object"}) == '{"steps": []}'
    [request] = server.requests
    assert request.path == "/v1/messages"
    # SDK versions differ on the header (x-api-key, or a bearer token); either way the key is sent.
    assert "plankit-local" in request.headers.get("x-api-key", request.headers.get("authorization", ""))
    assert request.body["model"] == "claude-test"
    assert request.body["max_tokens"] == 1000
    assert request.body["system"] == "You plan.\n\nTools: echo."
    assert request.body["messages"] == [
        {"role": "user", "content": "Goal: say hi"},
        {"role": "assistant", "content": "{}"},
        {"role": "user", "content": "Fix it."},
    ]
    assert request.body["output_config"] == {"format": {"type": "json_schema", "schema": {"type": "object"}}}
    assert client.last_finish_reason == "end_turn"


def test_plain_text_when_structured_output_is_refused(server: FakeLlmServer) -> None:
    server.reject_formats = frozenset({"json_schema"})
    server.add("1. say hi")
    client = client_for(server)
    assert complete(client, schema={"type": "object"}) == "1. say hi"
    assert ["output_config" in request.body for request in server.requests] == [True, False]
    assert client.output_mode == "text"
    assert client.fallbacks == [
        "json_schema refused with HTTP 400 (anthropic:claude-test: HTTP 400: response format 'json_schema' is "
        "not supported); using text"
    ]


def test_overloaded_and_rate_limited_are_retried(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(529, "Overloaded"), FakeReply.rate_limited(retry_after=2), "done")
    sleep = RecordingSleep()
    assert complete(client_for(server, sleep)) == "done"
    assert sleep.delays == [1.0, 2.0]


def test_persistent_server_errors_are_raised(server: FakeLlmServer) -> None:
    server.add(*[FakeReply.error(500, "internal")] * 4)
    with pytest.raises(ServerError, match=r"^anthropic:claude-test: HTTP 500: internal \(gave up after 4 attempts\)$"):
        complete(client_for(server))


def test_a_cut_off_reply_is_reported(server: FakeLlmServer) -> None:
    server.add(FakeReply(content='{"steps": [', finish_reason="length"))
    client = client_for(server)
    assert complete(client) == '{"steps": ['
    assert client.last_finish_reason == "max_tokens"


def test_real_endpoint_is_blocked_and_a_key_is_needed() -> None:
    with pytest.raises(LlmConfigError, match=r"^anthropic:claude: no API key; set ANTHROPIC_API_KEY$"):
        make_llm("anthropic:claude")
    client = make_llm("anthropic:claude", api_key="sk-ant-test")
    assert isinstance(client, AnthropicClient)
    with pytest.raises(LlmBlockedError, match=r"^anthropic:claude: request to https://api.anthropic.com blocked"):
        complete(client)
