"""LLM test doubles: scripted and function-backed clients, and a real HTTP server that speaks the OpenAI
chat-completions and Anthropic messages APIs on 127.0.0.1.

>>> llm = ScriptedLlm(['{"steps": [{"id": "a", "tool": "echo"}]}'])
>>> with FakeLlmServer(["hello"]) as server:
...     client = make_llm("openai:test", base_url=server.openai_base_url)  # the real SDK, real HTTP
"""

from __future__ import annotations

import inspect
import itertools
import json
import threading
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

from ..llm import ChatItem, ChatReply, FunctionTool, LlmClient, LlmError, Message


@dataclass(frozen=True, slots=True)
class ChatCall:
    """One request a test double received."""

    messages: tuple[Message, ...]
    schema: Mapping[str, Any] | None


class ScriptedLlm(LlmClient):
    """Answers with ``replies`` in order; a reply that is an exception is raised instead.

    Every call is recorded in :attr:`calls`. Asking for more replies than were scripted raises
    :class:`~plankit.llm.LlmError` saying so (a test that needs more should script more).
    """

    def __init__(self, replies: Iterable[str | ChatReply | BaseException], *, model_spec: str = "scripted:test"):
        self._replies: deque[str | ChatReply | BaseException] = deque(replies)
        self._given = len(self._replies)
        self.calls: list[ChatCall] = []
        self.conversations: list[tuple[ChatItem, ...]] = []
        self.offered: list[tuple[FunctionTool, ...]] = []
        self.model_spec = model_spec

    @property
    def remaining(self) -> int:
        """Replies not yet used."""
        return len(self._replies)

    async def complete(self, messages: Sequence[Message], *, schema: Mapping[str, Any] | None = None) -> str:
        """The next scripted reply."""
        self.calls.append(ChatCall(tuple(messages), schema))
        reply = self._next()
        return reply.text if isinstance(reply, ChatReply) else reply

    async def chat(self, items: Sequence[ChatItem], *, tools: Sequence[FunctionTool] = ()) -> ChatReply:
        """The next scripted reply (a :class:`~plankit.llm.ChatReply` may hold tool calls); the conversation
        so far is in :attr:`conversations`, the tools offered in :attr:`offered`."""
        self.conversations.append(tuple(items))
        self.offered.append(tuple(tools))
        self.calls.append(ChatCall(tuple(item for item in items if isinstance(item, Message)), None))
        reply = self._next()
        return reply if isinstance(reply, ChatReply) else ChatReply(reply)

    def _next(self) -> str | ChatReply:
        if not self._replies:
            raise LlmError(f"ScriptedLlm has no reply left for call {len(self.calls)} (it was given {self._given})")
        reply = self._replies.popleft()
        if isinstance(reply, BaseException):
            raise reply
        return reply


Handler = Callable[[list[Message], Mapping[str, Any] | None], str | Awaitable[str]]
"""``handler(messages, schema)`` returning the reply (or an awaitable of it)."""


class FunctionLlm(LlmClient):
    """Answers by calling ``handler(messages, schema)`` (sync or async); every call is recorded."""

    def __init__(self, handler: Handler, *, model_spec: str = "function:test"):
        self.handler = handler
        self.calls: list[ChatCall] = []
        self.model_spec = model_spec

    async def complete(self, messages: Sequence[Message], *, schema: Mapping[str, Any] | None = None) -> str:
        """Whatever the handler returns."""
        self.calls.append(ChatCall(tuple(messages), schema))
        reply = self.handler(list(messages), schema)
        if inspect.isawaitable(reply):
            reply = await reply
        return str(reply)


@dataclass(frozen=True)
class FakeToolCall:
    """A tool call :class:`FakeLlmServer` answers with: the tool, its arguments (an object, or raw text
    sent as it is), and an id (default ``call_<request>_<index>``)."""

    name: str
    arguments: Mapping[str, Any] | str = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class FakeReply:
    """What :class:`FakeLlmServer` sends for one request: reply text, tool calls, or an error status and body."""

    content: str | None = None
    status: int = 200
    message: str | None = None
    """The error message (error replies)."""
    code: str | None = None
    """The error code (OpenAI's ``error.code``, such as ``insufficient_quota``)."""
    headers: Mapping[str, str] = field(default_factory=dict)
    finish_reason: str = "stop"
    """``stop`` or ``length`` (sent as Anthropic's ``end_turn`` / ``max_tokens``); ``tool_calls`` with calls."""
    tool_calls: tuple[FakeToolCall, ...] = ()
    usage: tuple[int, int] = (1, 1)
    """Input and output tokens reported."""

    @classmethod
    def calling(
        cls, *calls: FakeToolCall | tuple[str, Mapping[str, Any] | str], content: str | None = None
    ) -> FakeReply:
        """A reply asking for tool calls: ``FakeReply.calling(("http_get", {"url": "..."}))``."""
        made = tuple(call if isinstance(call, FakeToolCall) else FakeToolCall(call[0], call[1]) for call in calls)
        return cls(content=content, tool_calls=made, finish_reason="tool_calls")

    @classmethod
    def error(
        cls, status: int, message: str, headers: Mapping[str, str] | None = None, *, code: str | None = None
    ) -> FakeReply:
        """An error answer with the API's error body."""
        return cls(status=status, message=message, code=code, headers=dict(headers or {}))

    @classmethod
    def rate_limited(cls, retry_after: float | None = None) -> FakeReply:
        """HTTP 429, with ``retry-after`` (seconds) when given."""
        headers = {"retry-after": f"{retry_after:g}"} if retry_after is not None else {}
        return cls.error(429, "Rate limit reached, slow down", headers)


@dataclass(frozen=True)
class RecordedRequest:
    """A request :class:`FakeLlmServer` received: path, headers (lower-cased names) and the JSON body."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: Any


class FakeLlmServer:
    """A real HTTP server on 127.0.0.1 (a thread) speaking ``POST /v1/chat/completions`` (OpenAI) and
    ``POST /v1/messages`` (Anthropic), for testing clients over real HTTP with the real SDKs.

    Each request takes the next scripted reply (a string is the reply text); when none is left, ``handler``
    (given the request) answers; with neither, the answer is HTTP 410. A request whose output format is in
    ``reject_formats`` (``json_schema``, ``json_object``) is answered HTTP 400 without using a reply, as a
    server without structured outputs does. Every request is in :attr:`requests`.
    """

    def __init__(
        self,
        replies: Iterable[str | FakeReply] = (),
        *,
        handler: Callable[[RecordedRequest], str | FakeReply] | None = None,
        reject_formats: Collection[str] = (),
    ):
        self._replies: deque[FakeReply] = deque(_as_reply(reply) for reply in replies)
        self.handler = handler
        self.reject_formats = frozenset(reject_formats)
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def add(self, *replies: str | FakeReply) -> None:
        """Script more replies."""
        with self._lock:
            self._replies.extend(_as_reply(reply) for reply in replies)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT`` (Anthropic's base URL)."""
        if self._server is None:
            raise RuntimeError("FakeLlmServer is not started")
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def openai_base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1`` (OpenAI's base URL)."""
        return f"{self.url}/v1"

    def start(self) -> FakeLlmServer:
        """Listen on a free port and serve in a daemon thread."""
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_class(self))
        server.daemon_threads = True
        self._server = server
        # A short poll interval: stop() waits for the serving loop to notice, and tests stop servers often.
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.01}, name="FakeLlmServer", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = self._thread = None

    def __enter__(self) -> FakeLlmServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    def respond(self, request: RecordedRequest) -> tuple[int, dict[str, str], bytes]:
        """The status, headers and body answering ``request`` (called on the server's threads)."""
        with self._lock:
            self.requests.append(request)
            rejected = _requested_format(request) in self.reject_formats
            reply = None if rejected or not self._replies else self._replies.popleft()
        if rejected:
            reply = FakeReply.error(400, f"response format {_requested_format(request)!r} is not supported")
        elif reply is None and self.handler is not None:
            reply = _as_reply(self.handler(request))
        elif reply is None:
            reply = FakeReply.error(410, "FakeLlmServer: no scripted reply left")
        anthropic = request.path.rstrip("/").endswith("/messages")
        body = _reply_body(reply, request, next(self._ids), anthropic=anthropic)
        return reply.status, {"content-type": "application/json", **reply.headers}, json.dumps(body).encode()


def _as_reply(reply: str | FakeReply) -> FakeReply:
    return reply if isinstance(reply, FakeReply) else FakeReply(content=reply)


def _requested_format(request: RecordedRequest) -> str | None:
    body = request.body if isinstance(request.body, dict) else {}
    for holder in (body.get("response_format"), (body.get("output_config") or {}).get("format")):
        if isinstance(holder, dict) and isinstance(holder.get("type"), str):
            return str(holder["type"])
    return None


def _reply_body(reply: FakeReply, request: RecordedRequest, number: int, *, anthropic: bool) -> dict[str, Any]:
    model = request.body.get("model", "fake") if isinstance(request.body, dict) else "fake"
    if reply.status >= 400:
        message = reply.message or f"HTTP {reply.status}"
        if anthropic:
            return {"type": "error", "error": {"type": "api_error", "message": message}}
        return {"error": {"message": message, "type": "invalid_request_error", "param": None, "code": reply.code}}
    calls = [(call.id or f"call_{number}_{index}", call) for index, call in enumerate(reply.tool_calls)]
    tokens_in, tokens_out = reply.usage
    if anthropic:
        blocks: list[dict[str, Any]] = [{"type": "text", "text": reply.content}] if reply.content or not calls else []
        blocks += [
            {"type": "tool_use", "id": ident, "name": call.name, "input": _arguments_object(call.arguments)}
            for ident, call in calls
        ]
        stop = {"length": "max_tokens", "tool_calls": "tool_use"}.get(reply.finish_reason, "end_turn")
        return {
            "id": f"msg_fake_{number}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": blocks,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": tokens_in, "output_tokens": tokens_out},
        }
    answer: dict[str, Any] = {"role": "assistant", "content": reply.content}
    if calls:
        answer["tool_calls"] = [
            {"id": ident, "type": "function", "function": {"name": c.name, "arguments": _arguments_text(c.arguments)}}
            for ident, c in calls
        ]
    return {
        "id": f"chatcmpl-fake-{number}",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": answer,
                "finish_reason": reply.finish_reason,
            }
        ],
        "usage": {"prompt_tokens": tokens_in, "completion_tokens": tokens_out, "total_tokens": tokens_in + tokens_out},
    }


def _arguments_text(arguments: Mapping[str, Any] | str) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(dict(arguments))


def _arguments_object(arguments: Mapping[str, Any] | str) -> Any:
    if isinstance(arguments, str):
        try:
            return json.loads(arguments)
        except ValueError:
            return {"_raw": arguments}
    return dict(arguments)


def _handler_class(fake: FakeLlmServer) -> type[BaseHTTPRequestHandler]:
    class _Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            headers = {key.lower(): value for key, value in self.headers.items()}
            status, reply_headers, payload = fake.respond(RecordedRequest("POST", self.path, headers, body))
            self.send_response(status)
            for key, value in reply_headers.items():
                self.send_header(key, value)
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: tests read :attr:`FakeLlmServer.requests` instead of a log."""

    return _Handler
