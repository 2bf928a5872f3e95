"""Test doubles as public API: fake LLMs (and a fake LLM server), for deterministic, fast tests."""

from ._llm import FakeLlmServer, FakeReply, FunctionLlm, LlmCall, RecordedRequest, ScriptedLlm

__all__ = [
    "FakeLlmServer",
    "FakeReply",
    "FunctionLlm",
    "LlmCall",
    "RecordedRequest",
    "ScriptedLlm",
]
