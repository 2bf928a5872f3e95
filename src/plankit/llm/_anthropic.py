"""The Anthropic client (``anthropic:MODEL``), through the official ``anthropic`` SDK.

System messages go to the ``system`` parameter, the rest to ``messages``. With a schema the request carries
``output_config={"format": {"type": "json_schema", "schema": ...}}`` (structured outputs); a 400, 422 or 501
answer makes the client drop it and send the request again as plain text, and keep plain text afterwards.
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..errors import MissingExtraError, RateLimitError, ServerError
from ..plan import RetryPolicy
from ._base import LlmClient, LlmConfigError, LlmRequestError, Message, Sleep, check_request_allowed
from ._chat import ChatItem, ChatReply, FunctionTool, anthropic_messages, anthropic_reply, anthropic_tools
from ._openai import FALLBACK_STATUS, LOCAL_API_KEY
from ._retry import DEFAULT_LLM_RETRY, call_with_retries, connection_failure, parse_retry_after

AnthropicMode = Literal["json_schema", "text"]


class AnthropicClient(LlmClient):
    """Messages through the official ``anthropic`` SDK (``pip install 'plankit[anthropic]'``).

    The API key is ``api_key``, else ``ANTHROPIC_API_KEY``; with a ``base_url`` and neither, a placeholder
    is sent. Retries as :class:`~plankit.llm.OpenAIClient` does (429, 5xx, 529 overloaded, connection).
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        retry: RetryPolicy = DEFAULT_LLM_RETRY,
        sleep: Sleep = asyncio.sleep,
        timeout: float = 120.0,
        output_mode: AnthropicMode = "json_schema",
        max_tokens: int = 8192,
        temperature: float | None = None,
    ):
        anthropic = _import_anthropic()
        key = api_key or os.environ.get("ANTHROPIC_API_KEY") or (LOCAL_API_KEY if base_url else None)
        if key is None:
            raise LlmConfigError(f"anthropic:{model}: no API key; set ANTHROPIC_API_KEY")
        self.model = model
        self.model_spec = f"anthropic:{model}"
        self._client = anthropic.AsyncAnthropic(api_key=key, base_url=base_url, max_retries=0, timeout=timeout)
        self.base_url = str(self._client.base_url)
        self.retry = retry
        self.sleep = sleep
        self.output_mode: AnthropicMode = output_mode
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.fallbacks: list[str] = []
        self.last_finish_reason: str | None = None
        """``stop_reason`` of the last reply (``max_tokens`` means it was cut off)."""

    async def complete(self, messages: Sequence[Message], *, schema: Mapping[str, Any] | None = None) -> str:
        """The reply text (every text block, joined)."""
        check_request_allowed(self.model_spec, self.base_url)
        system = "\n\n".join(message.content for message in messages if message.role == "system")
        turns = [message.to_dict() for message in messages if message.role != "system"]
        while True:
            mode: AnthropicMode = self.output_mode if schema is not None else "text"
            try:
                return await call_with_retries(
                    functools.partial(self._create, system, turns, schema, mode),
                    self.retry,
                    self.sleep,
                    what=self.model_spec,
                )
            except LlmRequestError as exc:
                if mode == "text" or exc.status_code not in FALLBACK_STATUS:
                    raise
                self.fallbacks.append(f"json_schema refused with HTTP {exc.status_code} ({exc}); using text")
                self.output_mode = "text"

    async def _create(
        self, system: str, turns: list[dict[str, str]], schema: Mapping[str, Any] | None, mode: AnthropicMode
    ) -> str:
        anthropic = _import_anthropic()
        options: dict[str, Any] = {}
        if system:
            options["system"] = system
        if self.temperature is not None:
            options["temperature"] = self.temperature
        if mode == "json_schema" and schema is not None:
            body = {key: value for key, value in schema.items() if key not in ("$schema", "$id")}
            # extra_body rather than the typed parameter, so SDK versions that predate it still send it
            options["extra_body"] = {"output_config": {"format": {"type": "json_schema", "schema": body}}}
        try:
            reply = await self._client.messages.create(
                model=self.model, max_tokens=self.max_tokens, messages=turns, **options
            )
        except anthropic.APIStatusError as exc:
            raise _status_error(self.model_spec, exc) from exc
        except anthropic.APIConnectionError as exc:
            raise connection_failure(self.model_spec, self.base_url, exc) from exc
        self.last_finish_reason = getattr(reply, "stop_reason", None)
        texts = [block.text for block in getattr(reply, "content", []) if getattr(block, "type", None) == "text"]
        if not texts:
            raise LlmRequestError(f"{self.model_spec}: the model sent no text (stop_reason {self.last_finish_reason})")
        return "".join(texts)

    async def chat(self, items: Sequence[ChatItem], *, tools: Sequence[FunctionTool] = ()) -> ChatReply:
        """One messages request offering ``tools``; the reply's text and ``tool_use`` calls, id and usage."""
        check_request_allowed(self.model_spec, self.base_url)
        system, turns = anthropic_messages(items)
        options: dict[str, Any] = {"tools": anthropic_tools(tools)} if tools else {}
        if system:
            options["system"] = system
        if self.temperature is not None:
            options["temperature"] = self.temperature

        async def create() -> ChatReply:
            anthropic = _import_anthropic()
            try:
                message = await self._client.messages.create(
                    model=self.model, max_tokens=self.max_tokens, messages=turns, **options
                )
            except anthropic.APIStatusError as exc:
                raise _status_error(self.model_spec, exc) from exc
            except anthropic.APIConnectionError as exc:
                raise ServerError(f"can't reach {self.base_url}: {exc}") from exc
            return anthropic_reply(message)

        reply = await call_with_retries(create, self.retry, self.sleep, what=self.model_spec)
        self.last_finish_reason = reply.finish_reason
        return reply

    async def aclose(self) -> None:
        """Close the SDK's HTTP connections."""
        await self._client.close()


def _status_error(model_spec: str, exc: Any) -> Exception:
    status = int(exc.status_code)
    body = getattr(exc, "body", None)
    inner = body.get("error") if isinstance(body, dict) else None
    detail = inner.get("message") if isinstance(inner, dict) else None
    message = f"HTTP {status}: {detail if isinstance(detail, str) else getattr(exc, 'message', exc)}"
    if status == 429:
        return RateLimitError(message, retry_after=parse_retry_after(dict(exc.response.headers)))
    if status >= 500 and status != 501:
        return ServerError(message, status_code=status)
    return LlmRequestError(f"{model_spec}: {message}", status_code=status)


def _import_anthropic() -> Any:
    try:
        import anthropic
    except ImportError:
        raise MissingExtraError("anthropic", "anthropic") from None
    return anthropic
