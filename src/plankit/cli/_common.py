"""Helpers shared by the command modules: consoles, output formats, loading plans with exit code 2."""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import typer

from ..errors import PlankitError
from ..plan import Plan, load_plan

if TYPE_CHECKING:
    from rich.console import Console

    from ..store import Store

_T = TypeVar("_T")

MODEL_ENV_VAR = "PLANKIT_MODEL"
"""The environment variable naming the model (``provider:model``) when ``--model`` is not given."""

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
"""Exit codes: 0 success, 1 the plan (or run) failed, 2 unusable input."""


class _OnFirstUse:
    """rich's console on stderr, made when first used: importing rich costs about 12 ms, and most runs of
    ``plankit lint`` never write to stderr."""

    _console: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=True, highlight=False, soft_wrap=True)
        return getattr(self._console, name)


stderr = cast("Console", _OnFirstUse())
"""Where logs and errors go, so stdout carries only the command's output."""


class TextOrJson(str, Enum):
    """``--format`` for commands that print text or JSON."""

    TEXT = "text"
    JSON = "json"


def fail(error: PlankitError | str, code: int = EXIT_USAGE) -> NoReturn:
    """Print an error (with every problem it lists) to stderr and exit."""
    from rich.text import Text

    # Text, not markup: messages hold brackets ("[1, 1000]") and colons ("openai:x:") that rich would eat.
    stderr.print(Text.assemble(("error:", "bold red"), f" {error}"), highlight=False)
    raise typer.Exit(code)


def require_database(db: str, first: str = "run a plan first") -> None:
    """Exit 2 when ``db`` names a SQLite file that does not exist: a command that only reads must not leave an
    empty store behind (a typo'd ``--db``, or the wrong folder, would look like "nothing there")."""
    from pathlib import Path

    from ..errors import ConfigError
    from ..store import is_postgres_url, store_for  # here, not at import: `plankit lint` never loads the stores

    try:
        store_for(db)  # not opened: a URL of another database (mysql://...) is named as such, not as a file
    except ConfigError as exc:
        fail(exc)
    if not is_postgres_url(db) and not Path(db).exists():
        fail(f"{db}: no such database ({first}, or pass --db)")


def with_store(db: str, work: Callable[[Store], Awaitable[_T]]) -> _T:
    """Run ``work`` on the opened store ``db`` (in a new event loop); a store that can't be used (unreadable
    file, server down, a URL of another database, PostgreSQL without its extra) exits 2 saying why."""
    import asyncio
    import sqlite3

    from ..errors import ConfigError, MissingExtraError
    from ..store import is_postgres_url, redact_dsn, store_for

    async def body() -> _T:
        async with store_for(db) as store:
            return await work(store)

    try:
        return asyncio.run(body())
    except (sqlite3.Error, ConnectionError) as exc:
        fail(f"can't use the store {redact_dsn(db) if is_postgres_url(db) else db}: {exc}")
    except (ConfigError, MissingExtraError) as exc:  # mysql://..., or postgresql:// without plankit[postgres]
        fail(exc)


def load_or_exit(path: str) -> Plan:
    """Load a plan, or exit 2 with the loader's message (file, JSON path, what is wrong)."""
    try:
        return load_plan(path)
    except PlankitError as exc:
        fail(exc)


def print_json(data: Any) -> None:
    """Write JSON to stdout, nothing else."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def check_port(host: str, port: int) -> None:
    """Exit 2 naming the address when it can't be listened on (in use, or not this machine's), before anything
    starts: the server would otherwise start, fail to bind and exit with a code of its own."""
    import socket

    if port == 0:
        return  # any free port
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        fail(f"--host {host}: not an address of this machine ({exc.strerror})")
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server sets it
        try:
            probe.bind(address)
        except OSError as exc:
            fail(f"can't listen on {host}:{port}: {exc.strerror}; pass another --port (or stop what uses it)")
