"""The shared store fixture: every contract test runs on the memory store, SQLite and a real PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tests._postgres import new_schema

from plankit.store import MemoryStore, PostgresStore, SqliteStore, Store


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], Store]:
    """Opens the backend under test; reopening gives the same data (PostgreSQL: a schema of the test's own on
    the session's server; SQLite: one file; memory: a new store, as a process restart would)."""
    if request.param == "postgres":
        dsn, schema = request.getfixturevalue("postgres_dsn"), new_schema()
        return lambda: PostgresStore(dsn, schema=schema)
    return lambda: MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "plankit.db")
