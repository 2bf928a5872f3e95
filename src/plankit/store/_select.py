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
    _check_sqlite_path(Path(target))
    return SqliteStore(target)


_SQLITE_HEADER = b"SQLite format 3\x00"


def _check_sqlite_path(path: Path) -> None:
    """Raise :class:`~plankit.errors.ConfigError` for a path SQLite can't open as a database, naming the path and
    the fix (SQLite itself says only "unable to open database file" or "file is not a database")."""
    if str(path) == ":memory:":
        return
    if path.is_dir():
        raise ConfigError(f"{path}: is a directory, not a database file; give --db a file (a new one is created)")
    if not path.exists():
        if not path.parent.is_dir():
            raise ConfigError(
                f"{path}: the folder {path.parent} does not exist; create it, or give --db a file in an existing folder"
            )
        return
    try:
        with path.open("rb") as file:
            head = file.read(len(_SQLITE_HEADER))
    except OSError:
        return  # unreadable: SQLite's own error says so
    if head and head != _SQLITE_HEADER:
        raise ConfigError(
            f"{path}: is not a SQLite database; give --db the database plankit made (plankit.db by default), or a"
            " new file"
        )
