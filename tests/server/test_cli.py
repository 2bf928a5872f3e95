"""``plankit token create|list|revoke``: the token is printed once, stored as a hash, and revoked at once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from plankit.cli import app
from plankit.server import Principal, Role, hash_secret, verify_token
from plankit.store import SqliteStore

runner = CliRunner()


def _verify(db: Path, token: str) -> Principal | None:
    async def body() -> Principal | None:
        async with SqliteStore(db) as store:
            return await verify_token(store, token)

    return asyncio.run(body())


def test_create_list_revoke(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    created = runner.invoke(app, ["token", "create", "--user", "ann", "--role", "admin", "--db", str(db), "-f", "json"])
    assert created.exit_code == 0, created.output
    record = json.loads(created.stdout)
    assert (record["user"], record["role"]) == ("ann", "admin")
    token = record["token"]
    assert token.startswith(f"pk_{record['id']}_")
    assert _verify(db, token) == Principal("ann", Role.ADMIN, record["id"])

    with sqlite3.connect(db) as connection:
        stored = connection.execute("SELECT secret_hash FROM api_tokens").fetchall()
        dumped = "\n".join(connection.iterdump())
    connection.close()
    secret = token.split("_", 2)[2]
    assert stored == [(hash_secret(secret),)]
    assert secret not in dumped

    listed = runner.invoke(app, ["token", "list", "--db", str(db), "-f", "json"])
    rows = json.loads(listed.stdout)
    assert [(r["id"], r["user"], r["role"], r["revoked_at"]) for r in rows] == [(record["id"], "ann", "admin", None)]
    assert "token" not in rows[0]

    revoked = runner.invoke(app, ["token", "revoke", record["id"], "--db", str(db)])
    assert (revoked.exit_code, revoked.stdout) == (0, f"revoked {record['id']}\n")
    assert _verify(db, token) is None
    again = runner.invoke(app, ["token", "revoke", record["id"], "--db", str(db)])
    assert again.exit_code == 2
    assert f"no active token {record['id']!r}" in again.output


def test_text_output_prints_only_the_token_on_stdout(tmp_path: Path) -> None:
    db = tmp_path / "plankit.db"
    created = runner.invoke(app, ["token", "create", "--user", "bob", "--db", str(db)])
    assert created.exit_code == 0
    assert created.stdout.count("\n") == 1 and created.stdout.startswith("pk_")
    assert _verify(db, created.stdout.strip()) is not None


def test_a_wrong_role_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["token", "create", "--user", "x", "--role", "god", "--db", str(tmp_path / "p.db")])
    assert result.exit_code == 2
    assert "unknown role 'god'; use viewer, operator or admin" in result.output


def test_serve_on_a_port_in_use_exits_2_naming_it(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "p.db")])
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: can't listen on 127.0.0.1:{port}: Address already in use; pass another --port (or stop what uses "
        "it)\n",
    )
    assert not (tmp_path / "p.db").exists()  # nothing started


def test_serve_on_a_host_that_is_not_an_address_exits_2() -> None:
    result = runner.invoke(app, ["serve", "--host", "no-such-host.invalid"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --host no-such-host.invalid: not an address of this machine (")


def test_token_list_without_a_store_or_without_tokens_says_so(tmp_path: Path) -> None:
    db = str(tmp_path / "p.db")
    missing = runner.invoke(app, ["token", "list", "--db", db])
    expected = f"error: {db}: no such database (create a token first, or pass --db)\n"
    assert (missing.exit_code, missing.stderr) == (2, expected)
    assert not Path(db).exists()  # a listing leaves no empty store behind
    created = runner.invoke(app, ["token", "create", "--user", "ann", "--db", db, "--format", "json"])
    token_id = json.loads(created.stdout)["id"]
    assert runner.invoke(app, ["token", "revoke", token_id, "--db", db]).exit_code == 0
    listed = runner.invoke(app, ["token", "list", "--db", db])
    assert listed.exit_code == 0
    assert listed.stdout.splitlines()[0].startswith(f"{token_id}  ann  operator  created ")
    assert listed.stdout.splitlines()[0].split("  ")[-1].startswith("revoked ")


def test_token_list_of_a_store_with_none(tmp_path: Path) -> None:
    db = tmp_path / "p.db"

    async def empty() -> None:
        async with SqliteStore(db):
            pass

    asyncio.run(empty())
    listed = runner.invoke(app, ["token", "list", "--db", str(db)])
    expected = "no tokens (make one: plankit token create --user NAME --role operator)\n"
    assert (listed.exit_code, listed.stdout) == (0, expected)
