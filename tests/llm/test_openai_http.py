"""The OpenAI client over real HTTP: the official SDK against FakeLlmServer on 127.0.0.1."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

from plankit.errors import RateLimitError, ServerError
from plankit.llm import LlmBlockedError, LlmConfigError, LlmRequestError, Message, OpenAIClient, make_llm
from plankit.plan import RetryPolicy, plan_json_schema
from plankit.testing import FakeLlmServer, FakeReply

from .helpers import RecordingSleep, run

MESSAGES = [Message.system("You plan."), Message.user("Goal: say hi")]
PLAN_REPLY = '{"goal": "say hi", "steps": [{"id": "hi", "tool": "echo", "params": {"text": "hi"}}]}'


@pytest.fixture
def server() -> Iterator[FakeLlmServer]:
    with FakeLlmServer() as fake:
        yield fake


def client_for(server: FakeLlmServer, sleep: RecordingSleep | None = None, **options: object) -> OpenAIClient:
    client = make_llm("openai:test", base_url=server.openai_base_url, sleep=sleep or RecordingSleep(), **options)
    assert isinstance(client, OpenAIClient)
    return client


def complete(client: OpenAIClient, *, schema: dict[str, object] | None = None) -> str:
    async def go() -> str:
        try:
            return await client.complete(MESSAGES, schema=schema)
        finally:
            await client.aclose()

    return run(go())


def formats(server: FakeLlmServer) -> list[str | None]:
    return [(request.body.get("response_format") or {}).get("type") for request in server.requests]


def test_structured_output_sends_the_plan_schema(server: FakeLlmServer) -> None:
    server.add(PLAN_REPLY)
    client = client_for(server)
    assert complete(client, schema=plan_json_schema()) == PLAN_REPLY
    [request] = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer plankit-local"
    assert request.body["model"] == "test"
    assert request.body["messages"] == [
        {"role": "system", "content": "You plan."},
        {"role": "user", "content": "Goal: say hi"},
    ]
    expected_schema = {k: v for k, v in plan_json_schema().items() if k not in ("$schema", "$id")}
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "plan", "schema": expected_schema, "strict": False},
    }
    assert client.output_mode == "json_schema"
    assert client.fallbacks == []
    assert client.last_finish_reason == "stop"


def test_without_a_schema_no_response_format_is_sent(server: FakeLlmServer) -> None:
    server.add("plain words")
    assert complete(client_for(server)) == "plain words"
    assert formats(server) == [None]


def test_json_mode_when_structured_output_is_refused(server: FakeLlmServer) -> None:
    server.reject_formats = frozenset({"json_schema"})
    server.add(PLAN_REPLY, PLAN_REPLY)
    client = client_for(server)

    async def twice() -> list[str]:
        try:
            return [await client.complete(MESSAGES, schema={"type": "object"}) for _ in range(2)]
        finally:
            await client.aclose()

    assert run(twice()) == [PLAN_REPLY, PLAN_REPLY]
    # The refusal costs one request; the client then stays in JSON mode.
    assert formats(server) == ["json_schema", "json_object", "json_object"]
    assert client.output_mode == "json_object"
    assert client.fallbacks == [
        "json_schema refused with HTTP 400 (openai:test: HTTP 400: response format 'json_schema' is not "
        "supported); using json_object"
    ]


def test_plain_text_when_json_mode_is_refused_too(server: FakeLlmServer) -> None:
    server.reject_formats = frozenset({"json_schema", "json_object"})
    server.add("1. say hi")
    client = client_for(server)
    assert complete(client, schema={"type": "object"}) == "1. say hi"
    assert formats(server) == ["json_schema", "json_object", None]
    assert client.output_mode == "text"
    assert len(client.fallbacks) == 2


def test_rate_limit_waits_for_retry_after(server: FakeLlmServer) -> None:
    server.add(FakeReply.rate_limited(retry_after=3), "ok")
    sleep = RecordingSleep()
    assert complete(client_for(server, sleep)) == "ok"
    assert sleep.delays == [3.0]
    assert len(server.requests) == 2


def test_rate_limit_without_retry_after_uses_the_policy_schedule(server: FakeLlmServer) -> None:
    server.add(FakeReply.rate_limited(), FakeReply.rate_limited(), "ok")
    sleep = RecordingSleep()
    assert complete(client_for(server, sleep)) == "ok"
    assert sleep.delays == [1.0, 2.0]


def test_server_error_then_success(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(500, "boom"), "ok")
    sleep = RecordingSleep()
    assert complete(client_for(server, sleep)) == "ok"
    assert sleep.delays == [1.0]
    assert len(server.requests) == 2


def test_persistent_server_errors_give_up_after_the_policy_attempts(server: FakeLlmServer) -> None:
    server.add(*[FakeReply.error(503, "down")] * 4)
    sleep = RecordingSleep()
    with pytest.raises(ServerError) as caught:
        complete(client_for(server, sleep))
    assert str(caught.value) == "openai:test: HTTP 503: down (gave up after 4 attempts)"
    assert caught.value.status_code == 503
    assert sleep.delays == [1.0, 2.0, 4.0]
    assert len(server.requests) == 4


def test_a_custom_retry_policy_is_used(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(502, "bad gateway"), FakeReply.error(502, "bad gateway"))
    sleep = RecordingSleep()
    policy = RetryPolicy(max_attempts=2, delay_ms=250)
    with pytest.raises(ServerError, match=r"gave up after 2 attempts"):
        complete(client_for(server, sleep, retry=policy))
    assert sleep.delays == [0.25]


def test_a_retry_after_beyond_the_policy_cap_is_not_waited_for(server: FakeLlmServer) -> None:
    server.add(FakeReply.rate_limited(retry_after=120))
    sleep = RecordingSleep()
    with pytest.raises(RateLimitError) as caught:
        complete(client_for(server, sleep))
    assert str(caught.value) == (
        "openai:test: HTTP 429: Rate limit reached, slow down (asked to wait 120 s, longer than the retry "
        "policy allows)"
    )
    assert caught.value.retry_after == 120
    assert sleep.delays == []
    assert len(server.requests) == 1


def test_exhausted_quota_is_not_retried(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(429, "You exceeded your current quota", code="insufficient_quota"))
    sleep = RecordingSleep()
    with pytest.raises(LlmRequestError) as caught:
        complete(client_for(server, sleep))
    assert caught.value.status_code == 429
    assert str(caught.value) == "openai:test: HTTP 429: You exceeded your current quota"
    assert sleep.delays == []


def test_authentication_errors_are_raised_without_fallback(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(401, "Incorrect API key provided"))
    client = client_for(server)
    with pytest.raises(LlmRequestError) as caught:
        complete(client, schema={"type": "object"})
    assert caught.value.status_code == 401
    assert formats(server) == ["json_schema"]
    assert client.output_mode == "json_schema"


def test_a_bad_request_in_text_mode_is_the_servers_answer(server: FakeLlmServer) -> None:
    server.add(FakeReply.error(400, "context length exceeded"))
    with pytest.raises(LlmRequestError, match=r"^openai:test: HTTP 400: context length exceeded$"):
        complete(client_for(server))
    assert len(server.requests) == 1


def test_options_and_finish_reason(server: FakeLlmServer) -> None:
    server.add(FakeReply(content='{"goal": "cut', finish_reason="length"))
    client = client_for(server, temperature=0.0, max_tokens=5)
    assert complete(client) == '{"goal": "cut'
    assert server.requests[0].body["temperature"] == 0.0
    assert server.requests[0].body["max_tokens"] == 5
    assert client.last_finish_reason == "length"


def test_a_refused_connection_fails_at_once() -> None:
    with socket.socket() as probe:  # a port nobody listens on: bind, note it, close
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleep = RecordingSleep()
    client = make_llm("openai:test", base_url=f"http://127.0.0.1:{port}/v1", sleep=sleep)
    assert isinstance(client, OpenAIClient)
    with pytest.raises(LlmRequestError) as caught:
        complete(client)
    assert str(caught.value) == (
        f"openai:test: can't reach http://127.0.0.1:{port}/v1/: connection refused (is the server running, and "
        "is this its address and port?)"
    )
    assert sleep.delays == []  # nothing listens there: asking again would not help


def test_a_dropped_connection_is_retried_then_a_server_error() -> None:
    with socket.socket() as listener:  # accepts, then hangs up without a word: worth retrying
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        port = listener.getsockname()[1]
        stop = threading.Event()

        def hang_up() -> None:
            listener.settimeout(0.05)
            while not stop.is_set():
                try:
                    connection, _ = listener.accept()
                except TimeoutError:
                    continue
                connection.close()

        thread = threading.Thread(target=hang_up, daemon=True)
        thread.start()
        try:
            sleep = RecordingSleep()
            client = make_llm("openai:test", base_url=f"http://127.0.0.1:{port}/v1", sleep=sleep)
            with pytest.raises(ServerError, match=rf"^openai:test: can't reach http://127.0.0.1:{port}/v1/: "):
                complete(client)
            assert sleep.delays == [1.0, 2.0, 4.0]
        finally:
            stop.set()
            thread.join()


def test_real_endpoints_are_blocked_in_tests() -> None:
    client = make_llm("openai:gpt-4o-mini", api_key="sk-test")
    assert isinstance(client, OpenAIClient)
    with pytest.raises(LlmBlockedError) as caught:
        complete(client)
    assert str(caught.value) == (
        "openai:gpt-4o-mini: request to https://api.openai.com/v1/ blocked because PLANKIT_BLOCK_LLM is set "
        "(tests use plankit.testing.ScriptedLlm, FunctionLlm or FakeLlmServer on 127.0.0.1)"
    )


def test_the_api_key_comes_from_the_environment(server: FakeLlmServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    server.add("ok")
    complete(client_for(server))
    assert server.requests[0].headers["authorization"] == "Bearer sk-from-env"


def test_no_key_and_no_base_url_is_a_configuration_error() -> None:
    with pytest.raises(LlmConfigError, match=r"^openai:gpt-4o: no API key; set OPENAI_API_KEY"):
        make_llm("openai:gpt-4o")
