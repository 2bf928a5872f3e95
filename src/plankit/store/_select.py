"""Choosing a store from what a user typed: a SQLite file, or a PostgreSQL URL."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import ConfigError
from ._base import Store
from .postgres import PostgresStore
from .sqlite import SqliteStore

POSTGRES_PREFIXES = ("postgresql://", "postgres://")
"""URLs that select :class:`PostgresStore`; anything else is a SQLite file (``:memory:`` too)."""


def is_postgres_url(target: str | Path) -> bool:
    """True when ``target`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_PREFIXES)


_URL = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://")


def store_for(target: str | Path) -> Store:
    """The store ``target`` names (not opened yet): ``postgresql://user@host/db`` (or ``postgres://``) is a
    :class:`PostgresStore`; a path is a :class:`SqliteStore` file. Any other URL (``mysql://``,
    ``sqlite:///x.db``) raises :class:`~plankit.errors.ConfigError`: it would otherwise become a file of that
    name, or fail as "unable to open database file"."""
    if is_postgres_url(target):
        return PostgresStore(str(target))
    url = _URL.match(target) if isinstance(target, str) else None
    if url is not None:
        # SQLAlchemy's spelling, sqlite:///relative.db or sqlite:////absolute.db: name the path it means.
        path = str(target).removeprefix("sqlite:///") if url["scheme"] == "sqlite" else ""
        hint = f" (for SQLite give the file itself: --db {path})" if path else ""
        raise ConfigError(
            f"{url['scheme']}:// is not a database plankit can use: give a SQLite file path or a "
            f"postgresql://user@host/db URL{hint}"
        )
    return SqliteStore(target)
