"""A throwaway PostgreSQL server for the tests: initdb + pg_ctl on 127.0.0.1, a private port and socket dir.

Debian's ``postgresql`` package puts the binaries in ``/usr/lib/postgresql/<version>/bin``; initdb and
pg_ctl refuse to run as root, so as root they run as the ``postgres`` user. ``PLANKIT_TEST_POSTGRES=<dsn>``
uses an existing server instead (every test gets a schema of its own, so it may be shared).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class PostgresServer:
    """A running server: its DSN, and how to stop it."""

    dsn: str
    data: Path | None = None
    bindir: Path | None = None
    root: Path | None = None

    def stop(self) -> None:
        if self.data is not None and self.bindir is not None:
            _run([str(self.bindir / "pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate", "-w"], check=False)
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)


def find_bindir() -> Path | None:
    """Where initdb and pg_ctl are, newest version first; None when PostgreSQL is not installed."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    for directory in candidates:
        if Path(directory, "initdb").exists() and Path(directory, "pg_ctl").exists():
            return Path(directory)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _run(command: list[str], check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_as_server_user(command), capture_output=True, text=True, check=check, timeout=120)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server() -> PostgresServer:
    """Start a server (or use ``PLANKIT_TEST_POSTGRES``); skip, loudly, only where PostgreSQL is absent.

    In CI (``CI`` set) a missing server is a failure: CI installs ``postgresql`` and must run these tests.
    """
    existing = os.environ.get("PLANKIT_TEST_POSTGRES")
    if existing:
        return PostgresServer(existing)
    bindir = find_bindir()
    if bindir is None or (os.geteuid() == 0 and shutil.which("runuser") is None):
        reason = "PostgreSQL is not installed (apt-get install postgresql), so the PostgreSQL store is NOT TESTED"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    root = Path(tempfile.mkdtemp(prefix="plankit-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = _free_port()
    try:
        _run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
              "--locale=C", "--no-sync"])  # fmt: skip
        options = (
            f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c max_connections=300"
        )
        _run([str(bindir / "pg_ctl"), "start", "-D", str(data), "-o", options, "-l", str(root / "log"), "-w"])
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"could not start PostgreSQL: {exc.stderr or exc.stdout}") from exc
    return PostgresServer(f"postgresql://postgres@127.0.0.1:{port}/postgres", data, bindir, root)


_schemas = itertools.count()


def new_schema() -> str:
    """A schema name no other test uses: each PostgreSQL test gets an empty database of its own."""
    return f"t{os.getpid()}_{next(_schemas)}"


_shared: list[PostgresServer] = []


def shared_dsn() -> str:
    """The session's server, started on first use (skips, or fails in CI, where PostgreSQL is absent)."""
    if not _shared:
        _shared.append(start_server())
    return _shared[0].dsn


def stop_shared() -> None:
    """Stop the session's server (``pytest_sessionfinish``)."""
    while _shared:
        _shared.pop().stop()


def new_database(dsn: str) -> str:
    """Create an empty database on the server of ``dsn``; its DSN (for code that takes a URL: the CLI, workers)."""
    import psycopg

    name = f"db_{new_schema()}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return dsn.rsplit("/", 1)[0] + f"/{name}"
