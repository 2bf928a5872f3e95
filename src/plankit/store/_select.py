"""Choosing a store from what a user typed: a SQLite file, or a PostgreSQL URL."""

from __future__ import annotations

from pathlib import Path

from ._base import Store
from .postgres import PostgresStore
from .sqlite import SqliteStore

POSTGRES_PREFIXES = ("postgresql://", "postgres://")
"""URLs that select :class:`PostgresStore`; anything else is a SQLite file (``:memory:`` too)."""


def is_postgres_url(target: str | Path) -> bool:
    """True when ``target`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_PREFIXES)


def store_for(target: str | Path) -> Store:
    """The store ``target`` names (not opened yet): ``postgresql://user@host/db`` (or ``postgres://``) is a
    :class:`PostgresStore`; a path is a :class:`SqliteStore` file."""
    if is_postgres_url(target):
        return PostgresStore(str(target))
    return SqliteStore(target)
