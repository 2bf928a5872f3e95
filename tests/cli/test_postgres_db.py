"""``--db postgresql://...`` and ``PLANKIT_DB``: every command works on a PostgreSQL store as on a SQLite file."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from tests._postgres import new_database
from typer.testing import CliRunner

from plankit.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PAYOUT = str(EXAMPLES / "payout.json")
PAYOUT_TOOLS = str(EXAMPLES / "tools.py")
runner = CliRunner()


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env=env)


def test_the_approval_flow_on_postgresql_via_db_and_plankit_db(postgres_dsn: str, tmp_path: Path) -> None:
    db = new_database(postgres_dsn)
    result = invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex1", "--db", db)
    assert result.exit_code == 3, result.output
    assert result.stdout.splitlines()[-3:] == [
        f"  approve:  plankit approve ex1 payout --db {db}",
        f"  deny:     plankit deny ex1 payout --db {db}",
        f"  then:     plankit resume ex1 --tools {PAYOUT_TOOLS} --db {db}",
    ]
    env = {"PLANKIT_DB": db}  # the rest without --db
    approved = invoke("approve", "ex1", "payout", "--by", "ann", env=env)
    assert (approved.exit_code, approved.stdout) == (
        0, "approved step 'payout' of execution ex1 by ann; resume it, or a running scheduler continues it\n",
    )  # fmt: skip
    resumed = invoke("resume", "ex1", "--tools", PAYOUT_TOOLS, env=env)
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout.splitlines()[-1].startswith("execution ex1 completed: 4 steps in ")
    shown = json.loads(invoke("executions", "show", "ex1", "--format", "json", env=env).stdout)
    # invoice and balance run side by side: either may be written first.
    assert (shown["status"], sorted(step["step_id"] for step in shown["steps"])) == (
        "completed", ["balance", "invoice", "payout", "receipt"],
    )  # fmt: skip
    assert {step["step_id"]: step["output"] for step in shown["steps"]}["payout"]["transfer_id"] == (
        "tr_" + hashlib.sha256(b"ex1:payout").hexdigest()[:12]
    )
    listed = json.loads(invoke("executions", "list", "--format", "json", env=env).stdout)
    assert [(e["execution_id"], e["status"]) for e in listed] == [("ex1", "completed")]


def test_a_password_in_the_url_is_never_printed(postgres_dsn: str) -> None:
    db = new_database(postgres_dsn).replace("postgres@", "postgres:hunter2@")  # trust auth ignores it
    result = invoke("run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex1", "--db", db)
    assert result.exit_code == 3, result.output
    shown = db.replace(":hunter2@", ":***@")
    assert f"  approve:  plankit approve ex1 payout --db '{shown}'" in result.stdout.splitlines()  # quoted: a *
    assert "hunter2" not in result.output


@pytest.mark.parametrize("command", [["executions", "list"], ["schedule", "list"], ["template", "list"]])
def test_an_unreachable_database_is_a_clear_error(command: list[str]) -> None:
    db = "postgresql://ann:s3cret@127.0.0.1:1/plankit?connect_timeout=1"
    result = invoke(*command, "--db", db)
    assert result.exit_code == 2, result.output
    assert "can't connect to PostgreSQL at postgresql://ann:***@127.0.0.1:1/plankit?connect_timeout=1" in " ".join(
        result.output.split()
    )
    assert "s3cret" not in result.output
