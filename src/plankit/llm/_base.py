"""The client interface every LLM backend implements, its errors, and the switch that blocks real requests.

A client turns a list of chat messages into the model's reply text::

    reply = await client.complete([Message.system("..."), Message.user("...")], schema=plan_json_schema())

``schema`` asks for structured output (a JSON document matching it) where the backend supports that; a
client that can't enforce it still returns text, which callers parse tolerantly.
"""

from __future__ import annotations

import ipaddress
import os
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from ..errors import PlankitError

if TYPE_CHECKING:
    from ._chat import ChatItem, ChatReply, FunctionTool

Role = Literal["system", "user", "assistant"]
Sleep = Callable[[float], Awaitable[None]]
"""An async sleep taking seconds (``asyncio.sleep`` by default; tests inject a recorder)."""

BLOCK_ENV_VAR = "PLANKIT_BLOCK_LLM"
"""When this environment variable is ``1``/``true``/``yes``, real clients refuse every request to a host
that is not a loopback address, so a test suite can never reach a paid API by accident while fake
servers on 127.0.0.1 keep working."""


class LlmError(PlankitError):
    """An LLM request could not be made or was refused. Transient failures that outlast the retries are
    raised as :class:`~plankit.errors.RateLimitError` or :class:`~plankit.errors.ServerError` instead."""


class LlmConfigError(LlmError, ValueError):
    """A client can't be built: an unknown provider, a malformed ``provider:model``, a missing API key."""


class LlmBlockedError(LlmError):
    """A real request was attempted while :data:`BLOCK_ENV_VAR` blocks them."""


class LlmRequestError(LlmError):
    """The server refused the request (an HTTP 4xx other than 429, an empty or refused reply).

    Retrying the same request can't help, so it is never retried.
    """

    def __init__(self, message: str, status_code: int | None = None):
        super().__init__(message)
        self.status_code = status_code


@dataclass(frozen=True, slots=True)
class Message:
    """One chat message."""

    role: Role
    content: str

    @classmethod
    def system(cls, content: str) -> Message:
        """A system message (instructions)."""
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> Message:
        """A user message."""
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str) -> Message:
        """An assistant message (an earlier reply of the model)."""
        return cls("assistant", content)

    def to_dict(self) -> dict[str, str]:
        """``{"role", "content"}``, the shape chat APIs take."""
        return {"role": self.role, "content": self.content}


class LlmClient(ABC):
    """An async chat model. Implementations: :class:`~plankit.llm.OpenAIClient`,
    :class:`~plankit.llm.AnthropicClient`, and the doubles in :mod:`plankit.testing`."""

    model_spec: str = "unknown"
    """``provider:model``, for messages and transcripts."""

    @abstractmethod
    async def complete(self, messages: Sequence[Message], *, schema: Mapping[str, Any] | None = None) -> str:
        """The model's reply to ``messages``. With ``schema``, ask for a JSON document matching it
        (structured output) where the backend can; the reply is text either way."""

    async def chat(self, items: Sequence[ChatItem], *, tools: Sequence[FunctionTool] = ()) -> ChatReply:
        """One request of a conversation with function tools (see :mod:`plankit.llm._chat`): a
        :class:`~plankit.llm.ChatReply` with the text and any tool calls.

        This default serves clients that only complete text: a conversation of plain messages without tools
        goes to :meth:`complete`; anything else raises :class:`LlmConfigError`.
        """
        from ._chat import ChatReply

        if tools or not all(isinstance(item, Message) for item in items):
            raise LlmConfigError(f"{self.model_spec}: this client can't offer tools to the model")
        return ChatReply(await self.complete([item for item in items if isinstance(item, Message)]))

    async def aclose(self) -> None:  # noqa: B027  (a no-op default: most clients hold nothing)
        """Release connections; the client can't be used afterwards."""


def requests_blocked() -> bool:
    """True when :data:`BLOCK_ENV_VAR` is set to a true value."""
    return os.environ.get(BLOCK_ENV_VAR, "").strip().lower() in ("1", "true", "yes", "on")


def is_loopback_url(url: str) -> bool:
    """True when ``url``'s host is ``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_request_allowed(model_spec: str, base_url: str) -> None:
    """Raise :class:`LlmBlockedError` when requests are blocked and ``base_url`` is not on this machine."""
    if requests_blocked() and not is_loopback_url(base_url):
        raise LlmBlockedError(
            f"{model_spec}: request to {base_url} blocked because {BLOCK_ENV_VAR} is set "
            "(tests use plankit.testing.ScriptedLlm, FunctionLlm or FakeLlmServer on 127.0.0.1)"
        )
