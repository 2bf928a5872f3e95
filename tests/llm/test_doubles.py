"""The test doubles of plankit.testing: ScriptedLlm and FunctionLlm."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from plankit.errors import RateLimitError
from plankit.llm import LlmError, Message
from plankit.testing import ChatCall, FunctionLlm, ScriptedLlm

from .helpers import run

HELLO = [Message.user("hello")]


def test_scripted_replies_in_order_and_records_calls() -> None:
    llm = ScriptedLlm(["one", "two"])
    assert run(llm.complete(HELLO)) == "one"
    assert run(llm.complete(HELLO, schema={"type": "object"})) == "two"
    assert llm.calls == [ChatCall(tuple(HELLO), None), ChatCall(tuple(HELLO), {"type": "object"})]
    assert llm.remaining == 0


def test_scripted_raises_scripted_exceptions() -> None:
    llm = ScriptedLlm([RateLimitError("slow down", retry_after=1), "after"])
    with pytest.raises(RateLimitError, match=r"^slow down$"):
        run(llm.complete(HELLO))
    assert run(llm.complete(HELLO)) == "after"


def test_scripted_says_when_it_runs_out() -> None:
    llm = ScriptedLlm(["only"])
    run(llm.complete(HELLO))
    with pytest.raises(LlmError) as caught:
        run(llm.complete(HELLO))
    assert str(caught.value) == "ScriptedLlm has no reply left for call 2 (it was given 1)"


def test_function_llm_with_sync_and_async_handlers() -> None:
    def sync_handler(messages: list[Message], schema: Mapping[str, Any] | None) -> str:
        return f"{len(messages)} message(s), schema={schema is not None}"

    async def async_handler(messages: list[Message], schema: Mapping[str, Any] | None) -> str:
        return messages[-1].content.upper()

    sync_llm = FunctionLlm(sync_handler)
    assert run(sync_llm.complete(HELLO, schema={})) == "1 message(s), schema=True"
    assert sync_llm.calls == [ChatCall(tuple(HELLO), {})]
    assert run(FunctionLlm(async_handler).complete(HELLO)) == "HELLO"


def test_messages() -> None:
    assert Message.system("s").to_dict() == {"role": "system", "content": "s"}
    assert Message.assistant("a") == Message("assistant", "a")
