"""``plankit template save | list | show | instantiate | delete`` against a real SQLite file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app

runner = CliRunner()

PLAN = {
    "goal": "Buy on a schedule",
    "trigger": {"type": "cron", "expression": "0 9 * * 1"},
    "steps": [
        {
            "id": "buy",
            "tool": "dex.swap",
            "require_confirmation": True,
            "on_failure": {"strategy": "retry", "max_attempts": 2},
            "params": {"amount": "{{param.amount}}", "side": {"type": "param", "name": "side"}},
        },
        {"id": "tell", "tool": "notify.email", "depends_on": ["buy"], "params": {"body": "done: {{buy.result}}"}},
    ],
}
SPECS = ["--param", "amount:number:required:How much: in USD", "--param", "side:enum(buy|sell):default=buy"]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, Any]:
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(PLAN), encoding="utf-8")
    return {"plan": str(plan), "db": str(tmp_path / "store.db"), "tmp": tmp_path}


def run(env: dict[str, Any], *args: str) -> Any:
    return runner.invoke(app, ["template", *args, "--db", env["db"]])


def saved(env: dict[str, Any]) -> str:
    result = run(env, "save", env["plan"], "--name", "dca", *SPECS, "--description", "Weekly buy")
    assert result.exit_code == 0, result.stderr
    match = re.fullmatch(r"saved template 'dca' \((tmpl_[0-9a-f]{32})\); parameters: amount, side\n", result.stdout)
    assert match is not None, result.stdout
    return match.group(1)


def test_save_list_show(env: dict[str, Any]) -> None:
    template_id = saved(env)
    listed = run(env, "list")
    assert (listed.exit_code, listed.stderr) == (0, "")
    assert listed.stdout == (
        "dca - Weekly buy\n  amount:number:required:How much: in USD\n  side:enum(buy|sell):default=buy\n"
    )
    as_json = json.loads(run(env, "list", "--format", "json").stdout)
    assert len(as_json) == 1 and as_json[0]["id"] == template_id
    shown = json.loads(run(env, "show", "dca").stdout)
    assert shown == as_json[0]
    assert shown["params"] == {
        "amount": {"type": "number", "required": True, "description": "How much: in USD"},
        "side": {"type": "enum", "default": "buy", "choices": ["buy", "sell"]},
    }
    assert shown["plan"]["steps"][0]["params"] == {
        "amount": {"type": "param", "name": "amount"},
        "side": {"type": "param", "name": "side"},
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", shown["created_at"])


def test_instantiate_to_stdout_and_to_a_file(env: dict[str, Any]) -> None:
    template_id = saved(env)
    result = run(env, "instantiate", "dca", "--set", "amount=50", "--plan-id", "weekly-1")
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {
        "id": "weekly-1",
        "goal": "Buy on a schedule",
        "trigger": {"type": "cron", "expression": "0 9 * * 1"},
        "steps": [
            {
                "id": "buy",
                "type": "action",
                "on_failure": {"strategy": "retry", "max_attempts": 2},
                "tool": "dex.swap",
                "params": {"amount": 50, "side": "buy"},
                "require_confirmation": True,
            },
            {
                "id": "tell",
                "type": "action",
                "depends_on": ["buy"],
                "tool": "notify.email",
                "params": {"body": "done: {{buy.result}}"},
            },
        ],
        "meta": {"template": {"id": template_id, "name": "dca", "values": {"amount": 50, "side": "buy"}}},
    }
    out = env["tmp"] / "out.json"
    written = run(env, "instantiate", template_id, "-s", "amount=12.5", "-s", "side=sell", "-o", str(out))
    assert (written.exit_code, written.stdout, written.stderr) == (0, "", f"wrote {out}\n")
    assert json.loads(out.read_text(encoding="utf-8"))["steps"][0]["params"] == {"amount": 12.5, "side": "sell"}


@pytest.mark.parametrize(
    ("args", "stderr"),
    [
        ([], "error: can't instantiate template 'dca'\n  missing required parameter 'amount' (a number)\n"),
        (["--set", "amount=lots"], "error: can't instantiate template 'dca'\n"
                                   "  parameter 'amount' expects a number, got 'lots'\n"),
        (["--set", "amount=1", "--set", "side=hold", "--set", "amout=2"],
         "error: can't instantiate template 'dca'\n  unknown parameter 'amout' (did you mean 'amount'?)\n"
         "  parameter 'side' expects one of buy, sell, got 'hold'\n"),
        (["--set", "amount"], "error: --set 'amount': expected NAME=VALUE\n"),
        (["--set", "amount=1", "--set", "amount=2"], "error: --set 'amount=2': parameter 'amount' is set twice\n"),
    ],
)  # fmt: skip
def test_instantiate_errors_exit_2_naming_the_parameter(env: dict[str, Any], args: list[str], stderr: str) -> None:
    saved(env)
    result = run(env, "instantiate", "dca", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", stderr)


def test_a_value_the_plan_cannot_take_exits_2_naming_the_parameter(env: dict[str, Any]) -> None:
    plan = env["tmp"] / "wait.json"
    plan.write_text(json.dumps({"steps": [{"id": "w", "type": "wait", "duration_ms": "{{param.ms}}"}]}))
    assert run(env, "save", str(plan), "--name", "pause", "--param", "ms:integer:default=1000").exit_code == 0
    result = run(env, "instantiate", "pause", "--set", "ms=-1")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: template 'pause' gives an invalid plan with these values\n"
        "  parameter 'ms' = -1 at $.steps[0].duration_ms: Input should be greater than or equal to 0\n",
    )
    assert json.loads(run(env, "instantiate", "pause").stdout)["steps"][0]["duration_ms"] == 1000


def test_unknown_template_and_duplicate_name(env: dict[str, Any]) -> None:
    saved(env)
    missing = run(env, "instantiate", "dcb")
    assert (missing.exit_code, missing.stderr) == (2, "error: no template named 'dcb'; did you mean 'dca'?\n")
    again = run(env, "save", env["plan"], "--name", "dca", *SPECS)
    assert (again.exit_code, again.stderr) == (
        2,
        "error: a template named 'dca' exists already (pass replace=True, or --replace on the command line)\n",
    )
    replaced = run(env, "save", env["plan"], "--name", "dca", *SPECS, "--replace")
    assert replaced.exit_code == 0
    assert run(env, "list").stdout.startswith("dca\n")  # the description went with the replaced template


@pytest.mark.parametrize(
    ("args", "stderr"),
    [
        (["--param", "amount:number"], "error: can't make template 'dca'\n"
                                       "  undeclared parameter 'side' at $.steps[0].params.side\n"),
        ([*SPECS, "--param", "extra:string"], "error: can't make template 'dca'\n"
                                              "  parameter 'extra' is declared but the plan never uses it "
                                              "(put \"{{param.extra}}\" where its value goes)\n"),
        ([*SPECS, "--param", "side:string"], "error: --param 'side:string': parameter 'side' is declared twice\n"),
        (["--param", "amount:num"], "error: --param 'amount:num': unknown type 'num' (did you mean 'enum'?)\n"),
        (["--param", "amount:integer:default=x"], "error: parameter 'amount' expects an integer, got 'x'\n"),
    ],
)  # fmt: skip
def test_save_errors_exit_2(env: dict[str, Any], args: list[str], stderr: str) -> None:
    result = run(env, "save", env["plan"], "--name", "dca", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", stderr)
    # Nothing was saved: an option refused before the store was opened leaves no store behind at all.
    nothing = "no templates saved\n" if Path(env["db"]).exists() else (
        f"error: {env['db']}: no such database (save a template first, or pass --db)\n"
    )  # fmt: skip
    assert run(env, "list").stderr == nothing


def test_save_rejects_an_unreadable_plan_and_text_placeholders(env: dict[str, Any]) -> None:
    broken = env["tmp"] / "broken.json"
    broken.write_text("{", encoding="utf-8")
    unreadable = run(env, "save", str(broken), "--name", "x")
    assert unreadable.exit_code == 2
    assert unreadable.stderr.startswith(f"error: {broken}: unreadable JSON\n")
    text = env["tmp"] / "text.json"
    text.write_text(json.dumps({"steps": [{"id": "a", "tool": "t", "params": {"m": "Pay {{param.n}}"}}]}))
    refused = run(env, "save", str(text), "--name", "x", "--param", "n:number")
    assert (refused.exit_code, refused.stderr) == (
        2,
        "error: the template has 1 malformed placeholder\n  $.steps[0].params.m: a placeholder must be the whole "
        "value, not part of the text 'Pay {{param.n}}' (templates substitute values, never text)\n",
    )


def test_delete_and_empty_list(env: dict[str, Any]) -> None:
    saved(env)
    deleted = run(env, "delete", "dca")
    assert (deleted.exit_code, deleted.stdout) == (0, "deleted template 'dca'\n")
    gone = run(env, "delete", "dca")
    assert (gone.exit_code, gone.stderr) == (2, "error: no template named 'dca'\n")
    empty = run(env, "list")
    assert (empty.exit_code, empty.stdout, empty.stderr) == (0, "", "no templates saved\n")
    assert json.loads(run(env, "list", "-f", "json").stdout) == []


def test_a_store_that_cannot_be_opened_exits_2(env: dict[str, Any]) -> None:
    missing = str(env["tmp"] / "no" / "such" / "dir.db")
    listed = runner.invoke(app, ["template", "list", "--db", missing])
    folder = env["tmp"] / "no" / "such"
    expected = (
        f"error: {missing}: the folder {folder} does not exist; create it, or give --db a file in an existing folder\n"
    )
    assert (listed.exit_code, listed.stderr) == (2, expected)
    result = runner.invoke(app, ["template", "save", env["plan"], "--name", "dca", *SPECS, "--db", missing])
    assert (result.exit_code, result.stderr) == (2, expected)
