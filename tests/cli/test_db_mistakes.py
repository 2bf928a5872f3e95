"""`--db` mistakes a new user makes, met as they meet them (a real `plankit` process): a URL of another
database, SQLAlchemy's sqlite:/// spelling, and a postgresql:// URL without plankit[postgres]. Each exits 2
with one line saying what is wrong and how to fix it, never a traceback, and leaves no file behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from plankit.errors import ConfigError
from plankit.store import store_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
OTHER = (
    "error: mysql:// is not a database plankit can use: give a SQLite file path or a postgresql://user@host/db URL\n"
)
NO_PSYCOPG = "error: psycopg is not installed; install it with: pip install 'plankit[postgres]'\n"


def plankit(*args: str, cwd: Path, pythonpath: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"COLUMNS": "200", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb"}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    return subprocess.run(
        [sys.executable, "-m", "plankit", *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd,
        env=env,
    )  # fmt: skip


COMMANDS = [
    ["run", str(EXAMPLES / "payout.json"), "--tools", str(EXAMPLES / "tools.py")],
    ["executions", "list"],
    ["schedule", "list"],
    ["dead-letters", "list"],
    ["template", "list"],
    ["token", "create", "--user", "ann"],
    ["serve", "--port", "0"],
]


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words[:2]))
def test_a_url_of_another_database_is_named_as_such(words: list[str], tmp_path: Path) -> None:
    result = plankit(*words, "--db", "mysql://ann@db/plankit", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (2, OTHER)
    assert list(tmp_path.iterdir()) == []  # no file called "mysql:"


def test_sqlalchemy_spelling_of_sqlite_names_the_file_to_give(tmp_path: Path) -> None:
    result = plankit("executions", "list", "--db", "sqlite:///runs.db", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2,
        "error: sqlite:// is not a database plankit can use: give a SQLite file path or a postgresql://user@host/db "
        "URL (for SQLite give the file itself: --db runs.db)\n",
    )


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words[:2]))
def test_postgres_without_the_extra_says_which_extra(words: list[str], tmp_path: Path) -> None:
    # A psycopg that can't be imported, as on a machine where plankit was installed without [postgres].
    blocked = tmp_path / "blocked" / "psycopg"
    blocked.mkdir(parents=True)
    (blocked / "__init__.py").write_text("raise ImportError('no psycopg here')\n")
    work = tmp_path / "work"
    work.mkdir()
    result = plankit(*words, "--db", "postgresql://ann@127.0.0.1:1/plankit", cwd=work, pythonpath=str(blocked.parent))
    assert (result.returncode, result.stderr) == (2, NO_PSYCOPG)


def test_store_for_refuses_other_urls_and_keeps_paths(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^mysql:// is not a database plankit can use"):
        store_for("mysql://x")
    (tmp_path / "plans").mkdir()
    assert type(store_for(str(tmp_path / "plans" / "plankit.db"))).__name__ == "SqliteStore"
    assert type(store_for(":memory:")).__name__ == "SqliteStore"


# A path that can't be a SQLite database said only "the database can't be used: unable to open database file"
# (or "file is not a database"), naming neither the file nor the fix.
@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words[:2]))
def test_a_directory_given_as_db_is_named(words: list[str], tmp_path: Path) -> None:
    (tmp_path / "runs").mkdir()
    result = plankit(*words, "--db", "runs", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2,
        "error: runs: is a directory, not a database file; give --db a file (a new one is created)\n",
    )


def test_a_db_in_a_missing_folder_names_the_folder(tmp_path: Path) -> None:
    for words in (COMMANDS[0], ["scheduler", "--once"]):
        result = plankit(*words, "--db", "nowhere/runs.db", cwd=tmp_path)
        assert (result.returncode, result.stderr) == (
            2,
            "error: nowhere/runs.db: the folder nowhere does not exist; create it, or give --db a file in an existing"
            " folder\n",
        )
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_not_a_database_is_named(tmp_path: Path) -> None:
    (tmp_path / "plan.json").write_text('{"steps": []}', encoding="utf-8")
    for words in (COMMANDS[0], ["executions", "list"], ["template", "list"]):
        result = plankit(*words, "--db", "plan.json", cwd=tmp_path)
        assert (result.returncode, result.stderr) == (
            2,
            "error: plan.json: is not a SQLite database; give --db the database plankit made (plankit.db by"
            " default), or a new file\n",
        )
    assert (tmp_path / "plan.json").read_text(encoding="utf-8") == '{"steps": []}'


def test_store_for_refuses_what_sqlite_cannot_open(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a directory"):
        store_for(tmp_path)
    with pytest.raises(ConfigError, match="does not exist"):
        store_for(tmp_path / "missing" / "x.db")
    store_for(tmp_path / "new.db")  # a new file in an existing folder is fine: it is created on open
    store_for(":memory:")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    store_for(empty)  # an empty file is an empty database to SQLite
