"""Running ``llm`` steps with a real model: the prompt goes out with the step's tools, calls come back, run.

>>> executor = Executor(store, tools, llm=ModelSteps(make_llm("openai:llama3.1", base_url=URL)))

:class:`ModelSteps` sends the step's prompt (references interpolated; the outputs of the steps it depends on
and its ``expected_outcome`` / ``output_schema`` added) to the model, offering the step's ``tools`` as
function tools with their JSON schemas from the registry. Each call the model makes runs through the
executor's registry, under the run-time guard (:mod:`._guard`), and its result goes back to the model,
until the model answers without calls (at most ``max_rounds`` requests).

The step's output (what ``{{step.result...}}`` reads)::

    {"text": "...", "data": <the answer parsed as JSON, else null>, "model": "openai:llama3.1",
     "response_id": "chatcmpl-9", "previous_response_id": "chatcmpl-4", "usage": {"input_tokens": ...},
     "tool_calls": [{"id", "tool", "arguments", "result" | "error"}], "rounds": 2, "sensitive": false}

``previous_response_id`` is the ``response_id`` of the last step this one depends on that has one (the
chain stepchain describes). ``sensitive`` is true when the step read sensitive data (a sensitive-source
tool's output, here or in a step it depends on): its sink calls are refused, and steps using it inherit it.

Failures: rate limits and server errors of the provider raise :class:`~plankit.errors.RateLimitError` /
:class:`~plankit.errors.ServerError` and are retried under the step's ``on_failure`` like a tool's; a request
the provider refuses is a :class:`~plankit.errors.UserError`. A tool call that fails with a ``UserError`` or
``ToolError`` (bad arguments, a tool that reported a failure) is sent back to the model as an error, so it
can correct itself, and so are arguments that don't fit the tool's schema; any other call the guard refuses
fails the step.
"""

from __future__ import annotations

import abc
import json
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._toolbox import ToolContext
from ..errors import ToolError, UserError
from ..llm import (
    ChatItem,
    ChatReply,
    FunctionTool,
    LlmClient,
    LlmError,
    LlmRequestError,
    Message,
    ToolCallsTurn,
    ToolResult,
    Usage,
)
from ..plan import LlmNode
from ..tools import ToolSpec
from ._guard import ToolCallRefused

DEFAULT_MAX_ROUNDS = 8
"""Model requests one step may make (each round runs the tool calls of one reply)."""
RESULT_CHARS = 20_000
"""How much of a tool result or a dependency's output goes back into the conversation."""
DEFAULT_SYSTEM = (
    "You carry out one step of a plan. Use the tools offered when they help; when you are done, answer with "
    "the step's result only (JSON when an output schema is given)."
)

CORRECTABLE = frozenset({"TOOL_ARGS_INVALID"})
"""Guard findings sent back to the model to correct (wrong arguments) rather than failing the step."""
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")

CallTool = Callable[[str, Any, "str | None"], Awaitable[Any]]
"""``call_tool(tool, arguments, tainted_by)``: run one tool through the executor's registry, under the guard."""


@dataclass
class LlmStepCall:
    """Everything a step runner gets from the executor for one attempt of an ``llm`` step."""

    node: LlmNode
    prompt: str
    ctx: ToolContext
    tools: tuple[ToolSpec, ...]
    """The step's ``tools``, with their specs from the executor's registry."""
    call_tool: CallTool
    inputs: Mapping[str, Any] = field(default_factory=dict)
    """The outputs of the steps it depends on, by step id."""
    previous_response_id: str | None = None
    tainted_by: str | None = None
    """Where sensitive data among ``inputs`` came from, or None."""
    is_sensitive_source: Callable[[str], bool] = lambda tool: False


class LlmSteps(abc.ABC):
    """An LLM-step runner that uses the step's tools: the executor calls :meth:`run_step`.

    (A plain :data:`~plankit.execute.LlmStepRunner` function gets only ``(node, prompt, ctx)``.)
    """

    @abc.abstractmethod
    async def run_step(self, call: LlmStepCall) -> Any:
        """Run one attempt of the step; return its output."""

    async def __call__(self, node: LlmNode, prompt: str, ctx: ToolContext) -> Any:
        """Run a step with no tools and nothing from other steps (the plain runner interface)."""

        async def no_tools(tool: str, arguments: Any, tainted_by: str | None) -> Any:
            raise UserError(f"step {node.id!r}: no tools are available to this runner")

        return await self.run_step(LlmStepCall(node, prompt, ctx, (), no_tools))


class ModelSteps(LlmSteps):
    """Runs ``llm`` steps with ``client`` (see the module docs). ``system``: the instructions sent first."""

    def __init__(self, client: LlmClient, *, max_rounds: int = DEFAULT_MAX_ROUNDS, system: str = DEFAULT_SYSTEM):
        if max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        self.client = client
        self.max_rounds = max_rounds
        self.system = system

    async def run_step(self, call: LlmStepCall) -> Any:
        """Talk to the model until it answers without tool calls; run its calls in between."""
        node = call.node
        wire = wire_names([spec.name for spec in call.tools])
        by_wire = {wired: name for name, wired in wire.items()}
        offered = [FunctionTool(wire[spec.name], spec.description, spec.params_schema) for spec in call.tools]
        items: list[ChatItem] = [Message.system(self.system), Message.user(_user_message(call))]
        usage = Usage()
        transcript: list[dict[str, Any]] = []
        tainted_by = call.tainted_by
        for round_number in range(1, self.max_rounds + 1):
            reply = await self._ask(node, items, offered)
            usage = usage + reply.usage
            if not reply.tool_calls:
                return _output(self.client, reply, call, usage, transcript, round_number, tainted_by)
            items.append(ToolCallsTurn(reply.tool_calls, reply.text))
            for tool_call in reply.tool_calls:
                name = by_wire.get(tool_call.name, tool_call.name)
                entry: dict[str, Any] = {"id": tool_call.id, "tool": name, "arguments": tool_call.arguments}
                transcript.append(entry)
                if tool_call.name not in by_wire:
                    available = ", ".join(sorted(by_wire)) or "none"
                    entry["error"] = f"tool {tool_call.name!r} is not offered to this step (offered: {available})"
                    items.append(ToolResult(tool_call.id, tool_call.name, entry["error"], is_error=True))
                    continue
                try:
                    result = await call.call_tool(name, tool_call.arguments, tainted_by)
                except ToolCallRefused as exc:
                    if exc.code not in CORRECTABLE:  # the policy refused it: the step fails, nothing ran
                        raise ToolCallRefused(exc.diagnostic, exc.tool) from None
                    entry["error"] = str(exc)
                    items.append(ToolResult(tool_call.id, tool_call.name, str(exc), is_error=True))
                    continue
                except (UserError, ToolError) as exc:
                    entry["error"] = str(exc)
                    items.append(ToolResult(tool_call.id, tool_call.name, str(exc), is_error=True))
                    continue
                entry["result"] = result
                if tainted_by is None and call.is_sensitive_source(name):
                    tainted_by = name
                items.append(ToolResult(tool_call.id, tool_call.name, _text(result)))
        raise UserError(
            f"step {node.id!r}: the model still asked for tools after {self.max_rounds} rounds "
            "(answer in fewer rounds, or raise max_rounds)"
        )

    async def _ask(self, node: LlmNode, items: Sequence[ChatItem], offered: Sequence[FunctionTool]) -> ChatReply:
        try:
            return await self.client.chat(items, tools=offered)
        except LlmRequestError as exc:
            raise UserError(f"step {node.id!r}: the model refused the request: {exc}") from None
        except LlmError as exc:  # a client that can't be used (no tools support, blocked): not retryable
            raise UserError(f"step {node.id!r}: {exc}") from None


def wire_names(names: Sequence[str]) -> dict[str, str]:
    """Tool names as the providers accept them (``^[A-Za-z0-9_-]{1,64}$``): ``crm.lookup`` is offered as
    ``crm_lookup``; a clash or an overlong name gets a numbered suffix. Calls are mapped back."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        base = _UNSAFE.sub("_", name)[:60] or "tool"
        wired, number = base, 1
        while wired in taken:
            number += 1
            wired = f"{base[:56]}_{number}"
        taken.add(wired)
        out[name] = wired
    return out


def _user_message(call: LlmStepCall) -> str:
    node = call.node
    parts = [call.prompt]
    if node.expected_outcome:
        parts.append(f"Expected outcome: {node.expected_outcome}")
    if node.output_schema is not None:
        parts.append("Answer with JSON matching this schema:\n" + json.dumps(node.output_schema, sort_keys=True))
    if call.inputs:
        shown = "\n".join(f"[{step}] {_text(_answer_of(output))}" for step, output in call.inputs.items())
        parts.append(f"Results of the steps this one depends on:\n{shown}")
    return "\n\n".join(parts)


def _answer_of(output: Any) -> Any:
    """What another step produced: an LLM step's data (or text), else the output itself."""
    if isinstance(output, dict) and "text" in output and "response_id" in output:
        return output["data"] if output.get("data") is not None else output["text"]
    return output


def _text(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= RESULT_CHARS else text[:RESULT_CHARS] + f"... ({len(text) - RESULT_CHARS} more chars)"


def parse_answer(text: str) -> Any:
    """The answer as JSON data (a fenced ```json block is unwrapped), or None when it is not JSON."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0].strip()
    if not stripped or stripped[0] not in "[{":
        return None
    try:
        return json.loads(stripped)
    except ValueError:
        return None


def _output(
    client: LlmClient,
    reply: ChatReply,
    call: LlmStepCall,
    usage: Usage,
    transcript: list[dict[str, Any]],
    rounds: int,
    tainted_by: str | None,
) -> dict[str, Any]:
    data = parse_answer(reply.text)
    if call.node.output_schema is not None and data is None:
        raise ToolError(f"step {call.node.id!r}: the model's answer is not JSON, and the step has an output_schema")
    return {
        "text": reply.text,
        "data": data,
        "model": client.model_spec,
        "response_id": reply.response_id,
        "previous_response_id": call.previous_response_id,
        "usage": usage.to_dict(),
        "tool_calls": transcript,
        "rounds": rounds,
        "sensitive": tainted_by is not None,
    }


def token_usage(outputs: Sequence[Any]) -> dict[str, int]:
    """Tokens used by the ``llm`` steps among ``outputs`` (step outputs), summed."""
    total = Usage()
    for output in outputs:
        usage = output.get("usage") if isinstance(output, dict) and "response_id" in output else None
        if isinstance(usage, dict):
            total = total + Usage(int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)))
    return total.to_dict()
