"""Test doubles for steps: a scripted LLM-step runner and predictable ids."""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .._toolbox import ToolContext
from ..plan import LlmNode


class Replies:
    """Successive replies for one step: the first call gets the first, and so on; the last one repeats.

    An exception instance among them is raised instead of returned.
    """

    def __init__(self, replies: Iterable[Any]):
        self.replies = list(replies)
        if not self.replies:
            raise ValueError("Replies needs at least one reply")
        self.used = 0

    def next(self) -> Any:
        """The next reply."""
        reply = self.replies[min(self.used, len(self.replies) - 1)]
        self.used += 1
        return reply


@dataclass(frozen=True, slots=True)
class LlmCall:
    """One call the fake runner received."""

    step_id: str
    prompt: str
    attempt: int
    idempotency_key: str


class FakeLlmStepRunner:
    """An LLM-step runner that answers from a script, per step id (pass it as ``Executor(llm=...)``).

    A script entry is a reply (returned on every call), a :class:`Replies` (successive replies), an
    exception instance (raised), or a function ``(node, prompt, ctx)`` (sync or async) computing the reply.
    A step without an entry gets ``default`` when one is given, else a ``LookupError``. ``calls`` records
    every call in order.
    """

    _NO_DEFAULT: Any = object()

    def __init__(self, replies: Mapping[str, Any] | None = None, *, default: Any = _NO_DEFAULT):
        self.replies = dict(replies or {})
        self.default = default
        self.calls: list[LlmCall] = []

    async def __call__(self, node: LlmNode, prompt: str, ctx: ToolContext) -> Any:
        self.calls.append(LlmCall(node.id, prompt, ctx.attempt, ctx.idempotency_key))
        if node.id in self.replies:
            reply = self.replies[node.id]
        elif self.default is not self._NO_DEFAULT:
            reply = self.default
        else:
            raise LookupError(f"FakeLlmStepRunner has no reply for step {node.id!r}")
        if isinstance(reply, Replies):
            reply = reply.next()
        if isinstance(reply, BaseException):
            raise reply
        if callable(reply):
            reply = reply(node, prompt, ctx)
            if inspect.isawaitable(reply):
                reply = await reply
        return reply

    def prompts(self, step_id: str) -> list[str]:
        """The prompts a step was called with, in order."""
        return [call.prompt for call in self.calls if call.step_id == step_id]


class SequentialIds:
    """Predictable ids for ``Executor(ids=...)``: ``ids("exec_")`` returns ``exec_1``, then ``exec_2``, ..."""

    def __init__(self, start: int = 1):
        self._counter = itertools.count(start)

    def __call__(self, prefix: str = "") -> str:
        return f"{prefix}{next(self._counter)}"
