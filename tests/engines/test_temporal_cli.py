"""The command line on Temporal, as an operator runs it: a ``plankit worker`` process, then ``run``,
``approve`` and ``executions show`` with ``--engine temporal``, records in PostgreSQL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests._postgres import new_database
from typer.testing import CliRunner

from plankit.cli import app
from plankit.testing import FakeLlmServer, FakeReply

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PAYOUT = str(EXAMPLES / "payout.json")
PAYOUT_TOOLS = str(EXAMPLES / "tools.py")
runner = CliRunner()


def test_run_approve_and_show_on_temporal(temporal_address: str, postgres_dsn: str, tmp_path: Path) -> None:
    db = new_database(postgres_dsn)
    engine = ["--engine", "temporal", "--temporal-address", temporal_address, "--task-queue", "cli-test"]
    env = {**os.environ, "PLANKIT_DB": db}
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "plankit", "worker", "--tools", PAYOUT_TOOLS, *engine],
            env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        result = runner.invoke(app, ["run", PAYOUT, "--tools", PAYOUT_TOOLS, "--execution-id", "ex1", *engine],
                               env={"PLANKIT_DB": db})  # fmt: skip
        assert result.exit_code == 3, result.output + log.read_text()
        cluster = f"--engine temporal --temporal-address {temporal_address} --namespace default --task-queue cli-test"
        assert result.stdout.splitlines()[-4:] == [
            "execution ex1 paused: 1 step awaiting confirmation",
            f"  approve:  plankit approve ex1 payout --db {db} {cluster}",
            f"  deny:     plankit deny ex1 payout --db {db} {cluster}",
            "  then:     the workflow continues on its own once decided",
        ]
        approved = runner.invoke(app, ["approve", "ex1", "payout", "--by", "ann", *engine], env={"PLANKIT_DB": db})
        assert approved.exit_code == 0, approved.output
        for _ in range(600):  # the worker goes on by itself; up to a minute
            shown = json.loads(runner.invoke(app, ["executions", "show", "ex1", "--format", "json"],
                                             env={"PLANKIT_DB": db}).stdout)  # fmt: skip
            if shown["status"] == "completed":
                break
            time.sleep(0.1)
        assert shown["status"] == "completed", log.read_text()
        assert sorted(step["step_id"] for step in shown["steps"]) == ["balance", "invoice", "payout", "receipt"]

        # A schedule's fire, decided by `plankit scheduler --engine temporal`, runs as a workflow on the worker.
        fired = tmp_path / "fired.json"
        fired.write_text(json.dumps({"id": "fired", "goal": "g", "trigger": {"type": "immediate"},
                                     "steps": [{"id": "hello", "tool": "echo", "args": {"text": "hi"}}]}))  # fmt: skip
        added = runner.invoke(app, ["schedule", "add", str(fired)], env={"PLANKIT_DB": db})
        assert added.exit_code == 0, added.output
        once = runner.invoke(app, ["scheduler", "--once", *engine, "--format", "json"], env={"PLANKIT_DB": db})
        assert (once.exit_code, json.loads(once.stdout)) == (0, {"schedules_decided": 1, "executions_run": 1})
        for _ in range(600):
            listed = json.loads(runner.invoke(app, ["executions", "list", "--plan", "fired", "--format", "json"],
                                              env={"PLANKIT_DB": db}).stdout)  # fmt: skip
            if [e["status"] for e in listed] == ["completed"]:
                break
            time.sleep(0.1)
        assert [e["status"] for e in listed] == ["completed"], log.read_text()
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
    assert worker.returncode == 0
    assert "plankit worker on" in log.read_text()


def test_a_worker_runs_llm_steps_and_replans_with_its_model(temporal_address: str, tmp_path: Path) -> None:
    """`plankit worker --model --base-url`: the worker's model (over real HTTP) answers the llm step, calls its
    tool, and rewrites the rest of the plan when a step fails for good (`run --replan`)."""
    db = str(tmp_path / "plankit.db")
    replies = [
        FakeReply.calling(("echo", {"text": "hello"})),
        '{"greeting": "hello"}',
        '{"steps": [{"id": "fixed", "tool": "echo", "args": {"said": "{{ask.data.greeting}}"}}]}',
    ]
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"id": "ask-plan", "goal": "greet", "steps": [
        {"id": "ask", "type": "llm", "prompt": "Greet as JSON", "tools": ["echo"]},
        {"id": "broken", "tool": "sleep", "args": {"seconds": -1}, "depends_on": ["ask"]},
    ]}))  # fmt: skip
    with FakeLlmServer(replies) as server:
        model = ["--model", "openai:test", "--base-url", server.openai_base_url]
        engine = ["--engine", "temporal", "--temporal-address", temporal_address, "--task-queue", "cli-llm"]
        log = tmp_path / "worker.log"
        with log.open("wb") as out:
            worker = subprocess.Popen(
                [sys.executable, "-m", "plankit", "worker", "--tools", PAYOUT_TOOLS, "--db", db, *model, *engine],
                stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip
        try:
            result = runner.invoke(app, ["run", str(plan), "--db", db, "--execution-id", "ex-llm", "--replan",
                                         "--format", "json", *model, *engine])  # fmt: skip
            assert result.exit_code == 0, result.output + log.read_text()
            record = json.loads(result.stdout)
        finally:
            worker.send_signal(signal.SIGTERM)
            worker.wait(timeout=60)
        requests = [request.path for request in server.requests]
    steps = {step["step_id"]: step for step in record["steps"]}
    assert (record["status"], record["plan_revision"], sorted(steps)) == ("completed", 1, ["ask", "broken", "fixed"])
    assert steps["ask"]["output"]["data"] == {"greeting": "hello"}
    assert steps["ask"]["output"]["tool_calls"][0]["result"] == {"text": "hello"}
    broken = (steps["broken"]["status"], steps["broken"]["error"])
    assert broken == ("failed", "sleep: seconds must not be negative, got -1.0")
    assert steps["fixed"]["output"] == {"said": "hello"}
    assert record["token_usage"] == {"input_tokens": 2, "output_tokens": 2, "total_tokens": 4}
    assert requests == ["/v1/chat/completions"] * 3
    assert worker.returncode == 0
    assert "llm steps and replanning with openai:test" in log.read_text()


FLAKY_TOOLS = '''
from pathlib import Path

from plankit.errors import ToolError
from plankit.tools import ToolRegistry

registry = ToolRegistry()


@registry.tool("once_broken")
def once_broken(marker: str) -> dict:
    """Fails until the marker file exists (the operator "fixes" it between the run and the retry)."""
    if not Path(marker).exists():
        raise ToolError("the service is down")
    return {"fixed": True}
'''


def test_a_dead_letter_is_retried_on_temporal_from_the_cli(temporal_address: str, tmp_path: Path) -> None:
    db, tools, marker = str(tmp_path / "p.db"), tmp_path / "flaky_tools.py", tmp_path / "fixed"
    tools.write_text(FLAKY_TOOLS)
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"id": "flaky", "goal": "g", "steps": [
        {"id": "call", "tool": "once_broken", "args": {"marker": str(marker)}},
        {"id": "after", "tool": "echo", "args": {"fixed": "{{call.fixed}}"}, "depends_on": ["call"]},
    ]}))  # fmt: skip
    engine = ["--engine", "temporal", "--temporal-address", temporal_address, "--task-queue", "cli-retry"]
    env = {"PLANKIT_DB": db}
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "plankit", "worker", "--tools", str(tools), *engine],
            env={**os.environ, **env}, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        run = ["run", str(plan), "--tools", str(tools), "--execution-id", "ex2", *engine]
        failed = runner.invoke(app, run, env=env)
        assert failed.exit_code == 1, failed.output + log.read_text()
        letters = json.loads(runner.invoke(app, ["dead-letters", "list", "--format", "json"], env=env).stdout)
        assert [(entry["id"], entry["node_id"]) for entry in letters] == [("dl:ex2:call", "call")]

        # Without --engine temporal: refused, nothing runs in this process (its tools, its machine), and the
        # message gives the command that retries it on Temporal.
        local = runner.invoke(app, ["dead-letters", "retry", "dl:ex2:call", "--tools", str(tools)], env=env)
        assert (local.exit_code, local.stderr) == (2, (
            "error: execution 'ex2' runs on Temporal (as workflow ex2), so nothing ran here; retry it there, in a "
            "new run of its workflow: plankit dead-letters retry dl:ex2:call --engine temporal --temporal-address "
            f"localhost:7233 --namespace default --task-queue plankit --db {db}; follow it with: plankit executions "
            f"show ex2 --db {db}\n"
        ))  # fmt: skip

        marker.touch()
        retried = runner.invoke(
            app, ["dead-letters", "retry", "dl:ex2:call", "--tools", str(tools), "--format", "json", *engine], env=env
        )
        assert retried.exit_code == 0, retried.output + log.read_text()
        shown = json.loads(runner.invoke(app, ["executions", "show", "ex2", "--format", "json"], env=env).stdout)
        assert (shown["status"], [(s["step_id"], s["status"], s["attempt_count"]) for s in shown["steps"]]) == (
            "completed", [("call", "completed", 2), ("after", "completed", 1)]
        )  # fmt: skip
        assert json.loads(runner.invoke(app, ["dead-letters", "list", "--format", "json"], env=env).stdout) == []
        # Once the execution completed, there is nothing left to retry: said plainly, nothing started.
        again = runner.invoke(app, ["dead-letters", "retry", "dl:ex2:call", *engine], env=env)
        assert (again.exit_code, again.stderr.strip()) == (2, "error: no dead letter 'dl:ex2:call'")
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)


MCP_SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_demo_server.py"


def test_a_worker_calls_the_tools_of_its_mcp_servers(temporal_address: str, tmp_path: Path) -> None:
    db, outbox = str(tmp_path / "p.db"), tmp_path / "outbox.jsonl"
    mcp = ["--mcp", f"demo=stdio:{sys.executable} {MCP_SERVER}"]
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"id": "mcp", "goal": "g", "steps": [
        {"id": "sum", "tool": "demo.add", "args": {"a": 2, "b": 3}},
        {"id": "tell", "tool": "demo.send", "args": {"to": "ann", "body": "total {{sum.result.result}}"},
         "depends_on": ["sum"]},
    ]}))  # fmt: skip
    # (`sum.result` is the whole output: the MCP result is under its own "result" key.)
    # The worker's server gets its environment from its config (a stdio server gets the SDK's safe default).
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"demo": {
        "command": sys.executable, "args": [str(MCP_SERVER)], "env": {"DEMO_OUTBOX": str(outbox)},
    }}}))  # fmt: skip
    engine = ["--engine", "temporal", "--temporal-address", temporal_address, "--task-queue", "cli-mcp"]
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "plankit", "worker", "--mcp-config", str(config), *engine],
            env={**os.environ, "PLANKIT_DB": db}, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        # The client lints with the same servers' tools; the worker, with its own connections, calls them.
        run = ["run", str(plan), *mcp, "--execution-id", "ex3", "--format", "json", *engine]
        result = runner.invoke(app, run, env={"PLANKIT_DB": db})
        assert result.exit_code == 0, result.output + log.read_text()
        shown = json.loads(runner.invoke(app, ["executions", "show", "ex3", "--format", "json"],
                                         env={"PLANKIT_DB": db}).stdout)  # fmt: skip
        assert [(s["step_id"], s["status"], s["output"]) for s in shown["steps"]] == [
            ("sum", "completed", {"result": 5}), ("tell", "completed", {"result": "sent to ann"}),
        ]
        assert [json.loads(line) for line in outbox.read_text().splitlines()] == [{"to": "ann", "body": "total 5"}]
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
    assert worker.returncode == 0
    assert "MCP servers demo" in log.read_text()
