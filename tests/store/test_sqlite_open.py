"""Opening a SQLite store while other processes open the same new file: nobody gets "database is locked".

Two connections switching a new database to WAL at once can deadlock on its locks; SQLite then answers one
of them "database is locked" at once, whatever the busy timeout (seen as `plankit run` twice at once on a new
`plankit.db`: one of them exited 2). The store lets the other finish and tries again.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from plankit.store import SqliteStore
from plankit.store import sqlite as sqlite_module


class _LockedAtFirst:
    """A connection whose first ``times`` WAL switches fail as a lock deadlock does."""

    def __init__(self, real: sqlite3.Connection, times: int):
        self.real, self.left, self.switches = real, times, 0

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "PRAGMA journal_mode=WAL":
            self.switches += 1
            if self.left > 0:
                self.left -= 1
                raise sqlite3.OperationalError("database is locked")
        return self.real.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def test_a_wal_switch_refused_by_a_deadlock_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[_LockedAtFirst] = []
    connect = sqlite3.connect

    def locked_connect(*args: Any, **kwargs: Any) -> Any:
        made.append(_LockedAtFirst(connect(*args, **kwargs), times=3))
        return made[-1]

    monkeypatch.setattr(sqlite_module.sqlite3, "connect", locked_connect)

    async def body() -> str:
        async with SqliteStore(tmp_path / "p.db") as store:
            return str(store.db.execute("PRAGMA journal_mode").fetchone()[0])

    assert asyncio.run(body()) == "wal"
    assert [connection.switches for connection in made] == [4]  # three refusals, then the switch


def test_a_lock_that_outlasts_the_timeout_is_reported(tmp_path: Path) -> None:
    class AlwaysLocked(_LockedAtFirst):
        pass

    connection = AlwaysLocked(sqlite3.connect(tmp_path / "p.db"), times=10**9)
    with pytest.raises(sqlite3.OperationalError, match="database is locked"):
        asyncio.run(sqlite_module._use_wal(connection, timeout=0.05))  # type: ignore[arg-type]
    assert connection.switches >= 2  # it did try again before giving up


def test_another_error_is_not_retried(tmp_path: Path) -> None:
    class Broken(_LockedAtFirst):
        def execute(self, sql: str, *args: Any) -> Any:
            self.switches += 1
            raise sqlite3.OperationalError("disk I/O error")

    connection = Broken(sqlite3.connect(tmp_path / "p.db"), times=0)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        asyncio.run(sqlite_module._use_wal(connection))  # type: ignore[arg-type]
    assert connection.switches == 1


OPEN = """
import asyncio, sys
from plankit.store import SqliteStore
async def main():
    async with SqliteStore(sys.argv[1]) as store:
        await store.list_schedules()
asyncio.run(main())
"""


def test_processes_opening_one_new_database_at_once_all_succeed(tmp_path: Path) -> None:
    for round_ in range(3):
        path = tmp_path / f"new-{round_}.db"
        processes = [
            subprocess.Popen([sys.executable, "-c", OPEN, str(path)], stderr=subprocess.PIPE) for _ in range(6)
        ]
        errors = [process.communicate(timeout=120)[1].decode() for process in processes]
        assert [(process.returncode, error) for process, error in zip(processes, errors, strict=True)] == [
            (0, "")
        ] * 6
