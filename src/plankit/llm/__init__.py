"""LLM clients: one small async interface, OpenAI (and OpenAI-compatible servers) and Anthropic behind it.

>>> from plankit.llm import make_llm, Message
>>> client = make_llm("openai:llama3.1", base_url="http://localhost:11434/v1")  # Ollama
>>> # reply = await client.complete([Message.user("Say hi")])

Errors: a request the server refuses raises :class:`LlmRequestError`; rate limits and server errors are
retried under a :class:`~plankit.plan.RetryPolicy` and, when they persist, raised as
:class:`~plankit.errors.RateLimitError` / :class:`~plankit.errors.ServerError`. With ``PLANKIT_BLOCK_LLM=1``
the real clients refuse every request to a host that is not on this machine (:class:`LlmBlockedError`).
Test doubles live in :mod:`plankit.testing` (``ScriptedLlm``, ``FunctionLlm``, ``FakeLlmServer``).
"""

from ._anthropic import AnthropicClient
from ._base import (
    BLOCK_ENV_VAR,
    LlmBlockedError,
    LlmClient,
    LlmConfigError,
    LlmError,
    LlmRequestError,
    Message,
    Role,
    Sleep,
    check_request_allowed,
    is_loopback_url,
    requests_blocked,
)
from ._chat import ChatItem, ChatReply, FunctionTool, ToolCall, ToolCallsTurn, ToolResult, Usage
from ._factory import PROVIDERS, make_llm, parse_model_spec
from ._openai import FALLBACK_STATUS, OUTPUT_MODES, OpenAIClient, OutputMode
from ._retry import DEFAULT_LLM_RETRY, call_with_retries, parse_retry_after

__all__ = [
    "BLOCK_ENV_VAR",
    "DEFAULT_LLM_RETRY",
    "FALLBACK_STATUS",
    "OUTPUT_MODES",
    "PROVIDERS",
    "AnthropicClient",
    "ChatItem",
    "ChatReply",
    "FunctionTool",
    "LlmBlockedError",
    "LlmClient",
    "LlmConfigError",
    "LlmError",
    "LlmRequestError",
    "Message",
    "OpenAIClient",
    "OutputMode",
    "Role",
    "Sleep",
    "ToolCall",
    "ToolCallsTurn",
    "ToolResult",
    "Usage",
    "call_with_retries",
    "check_request_allowed",
    "is_loopback_url",
    "make_llm",
    "parse_model_spec",
    "parse_retry_after",
    "requests_blocked",
]
