"""The OpenAI client (``openai:MODEL``), for OpenAI and any OpenAI-compatible server (Ollama, vLLM,
llama.cpp's server, LM Studio) through ``base_url``.

Output modes, best first, when a schema is asked for:

1. ``json_schema``: structured outputs, ``response_format={"type": "json_schema", ...}`` with the schema
   (non-strict, so a schema that is not in OpenAI's strict subset is still accepted);
2. ``json_object``: JSON mode, ``response_format={"type": "json_object"}``;
3. ``text``: no ``response_format`` at all.

A server that answers a request carrying ``response_format`` with HTTP 400, 422 or 501 (how servers say
"unsupported parameter") makes the client step down one mode and send the same request again at once;
the client keeps the lower mode for its later requests. An error in ``text`` mode is the server's answer
and is raised.
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
from ._chat import ChatItem, ChatReply, FunctionTool, openai_messages, openai_reply, openai_tools
from ._retry import DEFAULT_LLM_RETRY, call_with_retries, connection_failure, parse_retry_after

OutputMode = Literal["json_schema", "json_object", "text"]
OUTPUT_MODES: tuple[OutputMode, ...] = ("json_schema", "json_object", "text")
FALLBACK_STATUS = frozenset({400, 422, 501})
"""HTTP statuses that, in answer to a request with ``response_format``, make the client step down."""
LOCAL_API_KEY = "plankit-local"
"""Sent as the API key to a server given by ``base_url`` when no key is set (local servers ignore it)."""


class OpenAIClient(LlmClient):
    """Chat completions through the official ``openai`` SDK (``pip install 'plankit[openai]'``).

    The API key is ``api_key``, else ``OPENAI_API_KEY``; with a ``base_url`` and neither, a placeholder is
    sent. The SDK's own retries are off: :func:`~plankit.llm.call_with_retries` retries 429s, 5xx and
    connection failures under ``retry``, sleeping with ``sleep``.
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
        output_mode: OutputMode = "json_schema",
        temperature: float | None = None,
        max_tokens: int | None = None,
    ):
        openai = _import_openai()
        key = api_key or os.environ.get("OPENAI_API_KEY") or (LOCAL_API_KEY if base_url else None)
        if key is None:
            raise LlmConfigError(
                f"openai:{model}: no API key; set OPENAI_API_KEY, or give --base-url for a local server"
            )
        self.model = model
        self.model_spec = f"openai:{model}"
        self._client = openai.AsyncOpenAI(api_key=key, base_url=base_url, max_retries=0, timeout=timeout)
        self.base_url = str(self._client.base_url)
        self.retry = retry
        self.sleep = sleep
        self.output_mode: OutputMode = output_mode
        """The best mode this server is known to accept; lowered when the server refuses one."""
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.fallbacks: list[str] = []
        """Why the output mode was lowered, one line per step down."""
        self.last_finish_reason: str | None = None
        """``finish_reason`` of the last reply (``length`` means it was cut off)."""

    async def complete(self, messages: Sequence[Message], *, schema: Mapping[str, Any] | None = None) -> str:
        """The reply text; see the module docs for how ``schema`` is sent and when the mode steps down."""
        check_request_allowed(self.model_spec, self.base_url)
        payload = [message.to_dict() for message in messages]
        while True:
            mode: OutputMode = self.output_mode if schema is not None else "text"
            try:
                return await call_with_retries(
                    functools.partial(self._create, payload, schema, mode), self.retry, self.sleep, what=self.model_spec
                )
            except LlmRequestError as exc:
                if mode == "text" or exc.status_code not in FALLBACK_STATUS:
                    raise
                lower = OUTPUT_MODES[OUTPUT_MODES.index(mode) + 1]
                self.fallbacks.append(f"{mode} refused with HTTP {exc.status_code} ({exc}); using {lower}")
                self.output_mode = lower

    async def _create(self, payload: list[dict[str, str]], schema: Mapping[str, Any] | None, mode: OutputMode) -> str:
        openai = _import_openai()
        options: dict[str, Any] = {}
        if mode == "json_schema" and schema is not None:
            body = {key: value for key, value in schema.items() if key not in ("$schema", "$id")}
            options["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "plan", "schema": body, "strict": False},
            }
        elif mode == "json_object":
            options["response_format"] = {"type": "json_object"}
        if self.temperature is not None:
            options["temperature"] = self.temperature
        if self.max_tokens is not None:
            options["max_tokens"] = self.max_tokens
        try:
            completion = await self._client.chat.completions.create(model=self.model, messages=payload, **options)
        except openai.APIStatusError as exc:
            raise _status_error(self.model_spec, exc) from exc
        except openai.APIConnectionError as exc:
            raise connection_failure(self.model_spec, self.base_url, exc) from exc
        return self._reply_text(completion)

    def _reply_text(self, completion: Any) -> str:
        choices = getattr(completion, "choices", None) or []
        if not choices:
            raise LlmRequestError(f"{self.model_spec}: the server sent a reply without choices")
        choice = choices[0]
        self.last_finish_reason = choice.finish_reason
        content = choice.message.content
        if content is None:
            refusal = getattr(choice.message, "refusal", None)
            why = f" (refusal: {refusal})" if refusal else ""
            raise LlmRequestError(f"{self.model_spec}: the model sent no text{why}")
        return str(content)

    async def chat(self, items: Sequence[ChatItem], *, tools: Sequence[FunctionTool] = ()) -> ChatReply:
        """One chat-completions request offering ``tools``; the reply's text and tool calls, id and usage."""
        check_request_allowed(self.model_spec, self.base_url)
        payload = openai_messages(items)
        options: dict[str, Any] = {"tools": openai_tools(tools)} if tools else {}
        if self.temperature is not None:
            options["temperature"] = self.temperature
        if self.max_tokens is not None:
            options["max_tokens"] = self.max_tokens

        async def create() -> ChatReply:
            openai = _import_openai()
            try:
                completion = await self._client.chat.completions.create(model=self.model, messages=payload, **options)
            except openai.APIStatusError as exc:
                raise _status_error(self.model_spec, exc) from exc
            except openai.APIConnectionError as exc:
                raise ServerError(f"can't reach {self.base_url}: {exc}") from exc
            try:
                return openai_reply(completion, self.model_spec)
            except ValueError as exc:
                raise LlmRequestError(str(exc)) from None

        reply = await call_with_retries(create, self.retry, self.sleep, what=self.model_spec)
        self.last_finish_reason = reply.finish_reason
        return reply

    async def aclose(self) -> None:
        """Close the SDK's HTTP connections."""
        await self._client.close()


def _status_error(model_spec: str, exc: Any) -> Exception:
    status = int(exc.status_code)
    message = f"HTTP {status}: {_error_message(exc)}"
    if status == 429 and getattr(exc, "code", None) != "insufficient_quota":
        return RateLimitError(message, retry_after=parse_retry_after(dict(exc.response.headers)))
    if status >= 500 and status != 501:
        return ServerError(message, status_code=status)
    return LlmRequestError(f"{model_spec}: {message}", status_code=status)


def _error_message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return str(getattr(exc, "message", exc))


def _import_openai() -> Any:
    try:
        import openai
    except ImportError:
        raise MissingExtraError("openai", "openai") from None
    return openai
