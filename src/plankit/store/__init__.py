"""Stores: where plans, executions, checkpoints, dead letters and templates are kept.

``MemoryStore`` for tests and one-off runs, ``SqliteStore`` (the default, ``./plankit.db``) for everything
that must survive a crash on one machine, ``PostgresStore`` (``pip install 'plankit[postgres]'``) for many
workers on many machines. All pass the same test suite. ``store_for("postgresql://...")`` picks one from
a URL or path.
"""

from ._base import WAKE_NOW, ApiToken, Decision, Lease, Store, StoredEvent
from ._select import POSTGRES_PREFIXES, is_postgres_url, store_for
from .memory import MemoryStore
from .postgres import POSTGRES_MIGRATIONS, POSTGRES_SCHEMA_VERSION, PostgresStore, redact_dsn
from .sqlite import MIGRATIONS, SCHEMA_VERSION, SqliteStore

__all__ = [
    "MIGRATIONS",
    "POSTGRES_MIGRATIONS",
    "POSTGRES_PREFIXES",
    "POSTGRES_SCHEMA_VERSION",
    "SCHEMA_VERSION",
    "WAKE_NOW",
    "ApiToken",
    "Decision",
    "Lease",
    "MemoryStore",
    "PostgresStore",
    "SqliteStore",
    "Store",
    "StoredEvent",
    "is_postgres_url",
    "redact_dsn",
    "store_for",
]
