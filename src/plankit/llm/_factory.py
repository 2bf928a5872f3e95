"""Choosing a client by a ``provider:model`` string."""

from __future__ import annotations

import asyncio
from typing import Any

from .._utils import did_you_mean
from ..plan import RetryPolicy
from ._anthropic import AnthropicClient
from ._base import LlmClient, LlmConfigError, Sleep
from ._openai import OpenAIClient
from ._retry import DEFAULT_LLM_RETRY

PROVIDERS = ("anthropic", "openai")
"""The providers :func:`make_llm` knows."""


def parse_model_spec(spec: str) -> tuple[str, str]:
    """``"openai:gpt-4o-mini"`` -> ``("openai", "gpt-4o-mini")``; the model may itself hold colons
    (``openai:llama3.1:8b`` for Ollama). Raises :class:`LlmConfigError` naming what is wrong."""
    provider, colon, model = spec.strip().partition(":")
    provider = provider.strip().lower()
    if not colon or not provider or not model.strip():
        raise LlmConfigError(f"model {spec!r} is not provider:model (for example 'openai:gpt-4o-mini')")
    if provider not in PROVIDERS:
        hint = did_you_mean(provider, PROVIDERS)
        known = ", ".join(PROVIDERS)
        why = f"; {hint}" if hint else f" (known: {known})"
        raise LlmConfigError(f"unknown provider {provider!r} in {spec!r}{why}")
    return provider, model.strip()


def make_llm(
    spec: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    retry: RetryPolicy = DEFAULT_LLM_RETRY,
    sleep: Sleep = asyncio.sleep,
    **options: Any,
) -> LlmClient:
    """A client for ``provider:model``: ``openai:MODEL`` (any OpenAI-compatible server with ``base_url``)
    or ``anthropic:MODEL``. ``options`` go to the client (``timeout``, ``temperature``, ``max_tokens``...).

    Raises :class:`LlmConfigError` for a bad spec or a missing key, and
    :class:`~plankit.errors.MissingExtraError` when the provider's SDK is not installed.
    """
    provider, model = parse_model_spec(spec)
    if provider == "openai":
        return OpenAIClient(model, base_url=base_url, api_key=api_key, retry=retry, sleep=sleep, **options)
    return AnthropicClient(model, base_url=base_url, api_key=api_key, retry=retry, sleep=sleep, **options)
