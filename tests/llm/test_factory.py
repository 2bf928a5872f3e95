"""Choosing a client by provider:model, the blocking switch, and missing SDKs."""

from __future__ import annotations

import sys

import pytest

from plankit.errors import MissingExtraError
from plankit.llm import (
    BLOCK_ENV_VAR,
    AnthropicClient,
    LlmConfigError,
    OpenAIClient,
    check_request_allowed,
    is_loopback_url,
    make_llm,
    parse_model_spec,
    requests_blocked,
)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("openai:gpt-4o-mini", ("openai", "gpt-4o-mini")),
        ("OpenAI:gpt-4o", ("openai", "gpt-4o")),
        ("openai:llama3.1:8b", ("openai", "llama3.1:8b")),
        (" anthropic:claude-sonnet-4-5 ", ("anthropic", "claude-sonnet-4-5")),
    ],
)
def test_parse_model_spec(spec: str, expected: tuple[str, str]) -> None:
    assert parse_model_spec(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("gpt-4o", "model 'gpt-4o' is not provider:model (for example 'openai:gpt-4o-mini')"),
        ("openai:", "model 'openai:' is not provider:model (for example 'openai:gpt-4o-mini')"),
        (":gpt", "model ':gpt' is not provider:model (for example 'openai:gpt-4o-mini')"),
        ("opneai:gpt-4o", "unknown provider 'opneai' in 'opneai:gpt-4o'; did you mean 'openai'?"),
        ("mistral:large", "unknown provider 'mistral' in 'mistral:large' (known: anthropic, openai)"),
    ],
)
def test_bad_model_specs(spec: str, message: str) -> None:
    with pytest.raises(LlmConfigError) as caught:
        parse_model_spec(spec)
    assert str(caught.value) == message


def test_make_llm_builds_each_provider() -> None:
    openai_client = make_llm("openai:m", base_url="http://localhost:11434/v1")
    anthropic_client = make_llm("anthropic:c", api_key="k")
    assert isinstance(openai_client, OpenAIClient)
    assert (openai_client.model_spec, openai_client.base_url) == ("openai:m", "http://localhost:11434/v1/")
    assert isinstance(anthropic_client, AnthropicClient)
    assert anthropic_client.model_spec == "anthropic:c"


@pytest.mark.parametrize(("provider", "package"), [("openai", "openai"), ("anthropic", "anthropic")])
def test_a_missing_sdk_names_the_extra(monkeypatch: pytest.MonkeyPatch, provider: str, package: str) -> None:
    monkeypatch.setitem(sys.modules, package, None)  # makes `import package` fail
    with pytest.raises(MissingExtraError) as caught:
        make_llm(f"{provider}:m", api_key="k")
    assert str(caught.value) == f"{package} is not installed; install it with: pip install 'plankit[{provider}]'"


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8080/v1", True),
        ("http://127.5.6.7/v1", True),
        ("http://[::1]:11434/v1", True),
        ("http://localhost:11434/v1", True),
        ("https://api.openai.com/v1", False),
        ("http://10.0.0.2/v1", False),
        ("http://localhost.evil.example/v1", False),
        ("not a url", False),
    ],
)
def test_is_loopback_url(url: str, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback


@pytest.mark.parametrize(("value", "blocked"), [("1", True), ("true", True), ("YES", True), ("0", False), ("", False)])
def test_the_switch(monkeypatch: pytest.MonkeyPatch, value: str, blocked: bool) -> None:
    monkeypatch.setenv(BLOCK_ENV_VAR, value)
    assert requests_blocked() is blocked


def test_requests_are_allowed_when_the_switch_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BLOCK_ENV_VAR)
    check_request_allowed("openai:m", "https://api.openai.com/v1")  # no error
