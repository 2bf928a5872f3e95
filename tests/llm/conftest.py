"""Every test here runs with real LLM requests blocked (only 127.0.0.1 is reachable) and without the
developer's API keys or base URLs leaking in from the environment."""

from __future__ import annotations

import pytest

from plankit.llm import BLOCK_ENV_VAR


@pytest.fixture(autouse=True)
def _block_real_llm_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BLOCK_ENV_VAR, "1")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
