"""Test doubles, as public API: run plans deterministically and fast, in virtual time, without a model.

>>> from plankit.testing import FakeClock, FakeLlmStepRunner, MemoryStore, SequentialIds
>>> executor = Executor(MemoryStore(), tools, clock=FakeClock(), ids=SequentialIds(),
...                     llm=FakeLlmStepRunner({"summarise": "three bullet points"}))
"""

from ..feeds import StaticChainFeed, StaticPriceFeed
from ..store import MemoryStore
from ._clock import DEFAULT_START, FakeClock
from ._llm import ChatCall, FakeLlmServer, FakeReply, FakeToolCall, FunctionLlm, RecordedRequest, ScriptedLlm
from ._steps import FakeLlmStepRunner, LlmCall, Replies, SequentialIds

__all__ = [
    "DEFAULT_START",
    "ChatCall",
    "FakeClock",
    "FakeLlmServer",
    "FakeLlmStepRunner",
    "FakeReply",
    "FakeToolCall",
    "FunctionLlm",
    "LlmCall",
    "MemoryStore",
    "RecordedRequest",
    "Replies",
    "ScriptedLlm",
    "SequentialIds",
    "StaticChainFeed",
    "StaticPriceFeed",
]
