"""Chat with function tools: the conversation items, the reply, and how each provider's API spells them.

An LLM step offers the model its tools and runs the calls the model makes::

    reply = await client.chat([Message.user("Fetch the data")], tools=[FunctionTool("http_get", "", schema)])
    reply.tool_calls   # (ToolCall(id="call_1", name="http_get", arguments={"url": ...}),)

The conversation is provider-neutral: :class:`~plankit.llm.Message` for text turns, :class:`ToolCallsTurn`
for an assistant turn that called tools, :class:`ToolResult` for what a call returned. The converters below
turn it into OpenAI chat-completions messages or Anthropic content blocks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._base import Message


@dataclass(frozen=True, slots=True)
class FunctionTool:
    """A tool offered to the model: its name, description and the JSON Schema of its arguments."""

    name: str
    description: str
    parameters: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A call the model asked for. ``arguments`` is the parsed object; ``raw_arguments`` the text it sent."""

    id: str
    name: str
    arguments: Any
    raw_arguments: str = ""


@dataclass(frozen=True, slots=True)
class ToolCallsTurn:
    """An assistant turn that asked for tool calls (with any text it said alongside)."""

    calls: tuple[ToolCall, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ToolResult:
    """What one tool call returned (or why it failed), sent back to the model."""

    call_id: str
    name: str
    content: str
    is_error: bool = False


ChatItem = Message | ToolCallsTurn | ToolResult
"""One item of a conversation with tools."""


@dataclass(frozen=True, slots=True)
class Usage:
    """Tokens one request used (zeros when the server did not say)."""

    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens."""
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)

    def to_dict(self) -> dict[str, int]:
        """``{"input_tokens", "output_tokens", "total_tokens"}``."""
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "total_tokens": self.total_tokens,
        }


@dataclass(frozen=True, slots=True)
class ChatReply:
    """The model's answer to one request: text, tool calls (none when it is done), its id and usage."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    response_id: str | None = None
    usage: Usage = field(default_factory=Usage)
    finish_reason: str | None = None


def parse_arguments(raw: Any) -> Any:
    """A tool call's arguments as an object: JSON text is parsed; text that is not JSON is kept as text, so
    the guard and the tool report it instead of it being lost."""
    if isinstance(raw, str):
        try:
            return json.loads(raw) if raw.strip() else {}
        except ValueError:
            return raw
    return raw if raw is not None else {}


# ------------------------------------------------------------------------------------------------ OpenAI
def openai_messages(items: Sequence[ChatItem]) -> list[dict[str, Any]]:
    """The conversation as chat-completions messages."""
    out: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, Message):
            out.append(item.to_dict())
        elif isinstance(item, ToolCallsTurn):
            calls = [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.raw_arguments or json.dumps(call.arguments)},
                }
                for call in item.calls
            ]
            out.append({"role": "assistant", "content": item.text or None, "tool_calls": calls})
        else:
            out.append({"role": "tool", "tool_call_id": item.call_id, "content": item.content})
    return out


def openai_tools(tools: Sequence[FunctionTool]) -> list[dict[str, Any]]:
    """The tools as chat-completions ``tools``."""
    return [
        {
            "type": "function",
            "function": {"name": t.name, "description": t.description, "parameters": dict(t.parameters)},
        }
        for t in tools
    ]


def openai_reply(completion: Any, model_spec: str) -> ChatReply:
    """A chat-completions response as a :class:`ChatReply`; raises ``ValueError`` without choices."""
    choices = getattr(completion, "choices", None) or []
    if not choices:
        raise ValueError(f"{model_spec}: the server sent a reply without choices")
    choice = choices[0]
    message = choice.message
    calls = tuple(
        ToolCall(call.id, call.function.name, parse_arguments(call.function.arguments), call.function.arguments or "")
        for call in (getattr(message, "tool_calls", None) or [])
    )
    usage = getattr(completion, "usage", None)
    counted = Usage(int(getattr(usage, "prompt_tokens", 0) or 0), int(getattr(usage, "completion_tokens", 0) or 0))
    return ChatReply(message.content or "", calls, getattr(completion, "id", None), counted, choice.finish_reason)


# --------------------------------------------------------------------------------------------- Anthropic
def anthropic_messages(items: Sequence[ChatItem]) -> tuple[str, list[dict[str, Any]]]:
    """The conversation as Anthropic ``(system, messages)``; consecutive tool results share one user turn."""
    system = "\n\n".join(item.content for item in items if isinstance(item, Message) and item.role == "system")
    out: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, Message):
            if item.role != "system":
                out.append(item.to_dict())
        elif isinstance(item, ToolCallsTurn):
            blocks: list[dict[str, Any]] = [{"type": "text", "text": item.text}] if item.text else []
            blocks += [{"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments} for c in item.calls]
            out.append({"role": "assistant", "content": blocks})
        else:
            block: dict[str, Any] = {"type": "tool_result", "tool_use_id": item.call_id, "content": item.content}
            if item.is_error:
                block["is_error"] = True
            if out and out[-1]["role"] == "user" and isinstance(out[-1]["content"], list):
                out[-1]["content"].append(block)
            else:
                out.append({"role": "user", "content": [block]})
    return system, out


def anthropic_tools(tools: Sequence[FunctionTool]) -> list[dict[str, Any]]:
    """The tools as Anthropic ``tools``."""
    return [{"name": t.name, "description": t.description, "input_schema": dict(t.parameters)} for t in tools]


def anthropic_reply(message: Any) -> ChatReply:
    """An Anthropic message as a :class:`ChatReply`."""
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in getattr(message, "content", None) or []:
        kind = getattr(block, "type", None)
        if kind == "text":
            texts.append(block.text)
        elif kind == "tool_use":
            calls.append(ToolCall(block.id, block.name, block.input, json.dumps(block.input)))
    usage = getattr(message, "usage", None)
    counted = Usage(int(getattr(usage, "input_tokens", 0) or 0), int(getattr(usage, "output_tokens", 0) or 0))
    return ChatReply("".join(texts), tuple(calls), getattr(message, "id", None), counted, message.stop_reason)
