"""Stores: where plans, executions, checkpoints, dead letters and templates are kept.

``MemoryStore`` for tests and one-off runs, ``SqliteStore`` (the default, ``./plankit.db``) for everything
that must survive a crash. Both pass the same test suite.
"""

from ._base import WAKE_NOW, ApiToken, Decision, Lease, Store, StoredEvent
from .memory import MemoryStore
from .sqlite import MIGRATIONS, SCHEMA_VERSION, SqliteStore

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "WAKE_NOW",
    "ApiToken",
    "Decision",
    "Lease",
    "MemoryStore",
    "SqliteStore",
    "Store",
    "StoredEvent",
]
