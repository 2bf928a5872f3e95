"""Fixtures of the server tests: a live server per test module (a fresh SQLite file)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import TOOLS, LiveServer, live_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One live server for a module's tests (they use fresh objects; none depends on another's)."""
    with live_server(Path(tmp_path_factory.mktemp("server")), tools=TOOLS) as live:
        yield live
