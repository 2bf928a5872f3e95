"""``plankit schedule add|list|show|pause|resume|remove|fire|preview``, ``plankit scheduler --once`` and ``plankit
run`` refusing a plan with a trigger, through the real typer app on a real SQLite file.

Where the real clock would make an output vary (a fire made now), the history is made with the Python API on a
FakeClock first, so the CLI's outputs are compared exactly.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plankit.cli import app
from plankit.execute import Executor
from plankit.plan import PlanStatus, fire_execution_id, fire_key, plan_from_data
from plankit.schedule import ScheduleError, Scheduler, add_schedule, fire_now, pause_schedule
from plankit.store import SqliteStore
from plankit.testing import FakeClock
from plankit.tools import ToolRegistry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()

# Its own registry (not @plankit.tool), so every test's copy of the module registers without clashing.
TOOLS = '''
from plankit.tools import ToolRegistry

registry = ToolRegistry()


@registry.tool("work")
async def work(label: str) -> dict:
    """Hand the label back."""
    return {"label": label}
'''

registry = ToolRegistry()


@registry.tool("work")
async def work(label: str) -> dict[str, str]:
    """Hand the label back (the in-process twin of TOOLS, for the FakeClock history)."""
    return {"label": label}


FUTURE = {"type": "time", "at": "2031-01-01T00:00:00Z"}
SCHEDULE_ID = re.compile(r"sched_[0-9a-f]{32}")
EXECUTION_ID = re.compile(r"exec_[0-9a-f]{32}")


def _lines(text: str) -> list[str]:
    return [re.sub(r"\d+\.\d\d s\b", "X s", line).rstrip() for line in text.splitlines()]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A working folder with a tools module; ``--db`` defaults to ./plankit.db there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.py").write_text(TOOLS, encoding="utf-8")
    return {"tools": str(tmp_path / "tools.py"), "db": "plankit.db"}


def plan_data(plan_id: str, trigger: dict[str, Any] | None, tool: str = "work") -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": plan_id,
        "goal": "test",
        "steps": [{"id": "a", "tool": tool, "params": {"label": "x"}}],
    }
    if trigger is not None:
        data["trigger"] = trigger
    return data


def write_plan(tmp_path: Path, plan_id: str, trigger: dict[str, Any] | None, tool: str = "work") -> str:
    path = tmp_path / f"{plan_id}.json"
    path.write_text(json.dumps(plan_data(plan_id, trigger, tool)), encoding="utf-8")
    return str(path)


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def add(plan: str, tools: str) -> str:
    """Schedule a plan through the CLI; its schedule id."""
    result = invoke("schedule", "add", plan, "--tools", tools, "--format", "json")
    assert result.exit_code == 0, result.output
    schedule_id: str = json.loads(result.stdout)["schedule_id"]
    return schedule_id


# ----------------------------------------------------------------------------------------------- add
def test_add_prints_the_schedule_and_next_fire(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "later", FUTURE)
    result = invoke("schedule", "add", plan, "--tools", env["tools"])
    assert (result.exit_code, result.stderr) == (0, "")
    schedule_id = SCHEDULE_ID.findall(result.stdout)[0]
    assert _lines(result.stdout) == [
        f"scheduled {schedule_id} (plan later): time(at=2031-01-01 00:00:00+00:00)",
        "  next fire: 2031-01-01 00:00:00 UTC",
        f"  a worker fires it: plankit scheduler --db plankit.db --tools {env['tools']}",
    ]
    as_json = invoke("schedule", "add", plan, "--tools", env["tools"], "--format", "json")
    record = json.loads(as_json.stdout)
    assert as_json.exit_code == 0 and SCHEDULE_ID.fullmatch(record.pop("schedule_id"))
    assert record == {"plan_id": "later", "next_fire_at": "2031-01-01T00:00:00Z"}

    async def stored() -> list[Any]:
        async with SqliteStore("plankit.db") as store:
            return [(p.id, p.status) for p in await store.load_plans()] + [
                (s.id, s.plan_id, s.status.value) for s in await store.list_schedules()
            ]

    [stored_plan, *schedules] = asyncio.run(stored())
    assert stored_plan == ("later", PlanStatus.SCHEDULED)
    assert [s[1:] for s in schedules] == [("later", "active"), ("later", "active")]


def test_add_of_a_cron_plan_shows_the_local_time(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "nightly", {"type": "cron", "expression": "30 2 * * *", "timezone": "Asia/Tokyo"})
    result = invoke("schedule", "add", plan, "--tools", env["tools"])
    assert result.exit_code == 0, result.output
    # The next 02:30 in Tokyo (UTC+9, no DST) is 17:30 UTC of the day before, whatever today is.
    assert re.fullmatch(
        r"  next fire: (\d{4}-\d\d-\d\d) 17:30:00 UTC \(\d{4}-\d\d-\d\d 02:30:00 JST Asia/Tokyo\)",
        _lines(result.stdout)[1],
    )


def test_add_refuses_a_plan_with_lint_errors_and_stores_nothing(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "typo", FUTURE, tool="wrok")
    result = invoke("schedule", "add", plan, "--tools", env["tools"])
    assert result.exit_code == 1
    assert result.stderr == "refused: the plan has 1 lint error; nothing was scheduled\n"
    assert "CONTRA_NO_TOOL  a: tool 'wrok' is not in the tool registry" in result.stdout
    as_json = invoke("schedule", "add", plan, "--tools", env["tools"], "--format", "json")
    report = json.loads(as_json.stdout)
    assert (as_json.exit_code, report["status"]) == (1, "ERROR")
    assert [(e["code"], e["msg"]) for e in report["errors"]] == [
        ("CONTRA_NO_TOOL", "tool 'wrok' is not in the tool registry")
    ]
    assert invoke("schedule", "list").stdout == "no schedules\n"

    async def plans() -> list[Any]:
        async with SqliteStore("plankit.db") as store:
            return await store.load_plans()

    assert asyncio.run(plans()) == []


def test_add_refuses_a_time_trigger_in_the_past(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "past", {"type": "time", "at": "2020-01-01T00:00:00Z"})
    result = invoke("schedule", "add", plan, "--tools", env["tools"], "--format", "json")
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    assert [(e["code"], e["path"]) for e in report["errors"]] == [("CONTRA_TIMING", "$.trigger.at")]
    assert report["errors"][0]["msg"].startswith(
        "the time trigger fires at 2020-01-01T00:00:00Z, which is in the past (now: "
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["schedule", "add", "NOTRIGGER", "--tools", "TOOLS"],
         "error: NOTRIGGER: the plan has no trigger; add one (time, interval, cron, ...) or run it with "
         "`plankit run`\n"),
        (["schedule", "add", "missing.json", "--tools", "TOOLS"], "error: missing.json: no such file\n"),
        (["schedule", "list", "--db", "other.db"],
         "error: other.db: no such database (run a plan first, or pass --db)\n"),
        (["schedule", "show", "nope"], "error: no schedule 'nope'; 'plankit schedule list' shows them\n"),
        (["schedule", "pause", "nope"], "error: no schedule 'nope'; 'plankit schedule list' shows them\n"),
        (["schedule", "resume", "nope"], "error: no schedule 'nope'; 'plankit schedule list' shows them\n"),
        (["schedule", "remove", "nope"], "error: no schedule 'nope'; 'plankit schedule list' shows them\n"),
        (["schedule", "fire", "nope", "--detach"], "error: no schedule 'nope'; 'plankit schedule list' shows them\n"),
        (["schedule", "fire", "nope"],
         "error: `schedule fire` runs the plan here and needs --tools (or pass --detach to leave it to a worker)\n"),
        (["schedule", "preview", "nope"], "error: no schedule 'nope'; 'plankit schedule list' shows them\n"),
        (["schedule", "preview", "NOTRIGGER"], "error: NOTRIGGER: the plan has no trigger\n"),
        (["schedule", "preview", "LATER", "--after", "tomorrow"],
         "error: --after 'tomorrow' is not an ISO 8601 time (e.g. 2026-03-07T12:00:00Z)\n"),
    ],
)  # fmt: skip
def test_unusable_input_exits_2(env: dict[str, str], tmp_path: Path, args: list[str], message: str) -> None:
    add(write_plan(tmp_path, "later", FUTURE), env["tools"])  # so that plankit.db exists
    names = {"TOOLS": env["tools"], "NOTRIGGER": write_plan(tmp_path, "plain", None), "LATER": f"{tmp_path}/later.json"}
    result = invoke(*[names.get(arg, arg) for arg in args])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message.replace("NOTRIGGER", names["NOTRIGGER"]))


# ------------------------------------------------------------------------------------ list and show
async def _history() -> None:
    """Two schedules with a known past, made on a FakeClock in 2020: an hourly interval whose first fire ran
    and whose next two were missed while no worker ran (catch_up one: the latest ran late), and a one-shot
    time trigger no worker reached within its misfire grace."""
    clock = FakeClock(datetime(2020, 1, 1, tzinfo=UTC))
    async with SqliteStore("plankit.db") as store:
        executor = Executor(store, registry, clock=clock)
        hourly = plan_from_data(
            plan_data("hourly", {"type": "interval", "everyMs": 3_600_000, "startAt": "2020-01-01T01:00:00Z"})
        )
        await add_schedule(store, executor, hourly, owner="ann", ids=lambda prefix: prefix + "hourly")
        once = plan_from_data(plan_data("once", {"type": "time", "at": "2020-01-01T02:00:00Z"}))
        await add_schedule(store, executor, once, ids=lambda prefix: prefix + "once")
        worker = Scheduler(store, executor=executor)
        clock.advance(3600)  # 01:00: the first fire runs
        await worker.run_once()
        clock.advance(3.5 * 3600)  # 04:30: 02:00 and 03:00 were missed, 04:00 runs late; `once` is past its grace
        await worker.run_once()
        executor.close()


FIRST = fire_execution_id(fire_key("sched_hourly", datetime(2020, 1, 1, 1, tzinfo=UTC)))
"""The execution of ``sched_hourly``'s 01:00 fire (derived from the fire key: the same on every run)."""
CAUGHT_UP = fire_execution_id(fire_key("sched_hourly", datetime(2020, 1, 1, 4, tzinfo=UTC)))


def test_a_completed_schedule_can_be_neither_paused_nor_resumed(env: dict[str, str]) -> None:
    asyncio.run(_history())  # sched_once is completed: it will never fire again
    for command, wanted in (("pause", "active"), ("resume", "paused")):
        result = invoke("schedule", command, "sched_once")
        message = f"error: schedule 'sched_once' is completed, not {wanted}\n"
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)


def test_list_shows_schedules_oldest_first(env: dict[str, str]) -> None:
    asyncio.run(_history())
    result = invoke("schedule", "list")
    assert result.exit_code == 0
    assert _lines(result.stdout) == [
        "schedule      plan    trigger                                                         status     "
        "next fire (UTC)      runs",
        "sched_hourly  hourly  interval(every_ms=3600000, start_at=2020-01-01 01:00:00+00:00)  active     "
        "2020-01-01 05:00:00  2",
        "sched_once    once    time(at=2020-01-01 02:00:00+00:00)                              completed  "
        "-                    0",
    ]
    listed = json.loads(invoke("schedule", "list", "--owner", "ann", "--format", "json").stdout)
    assert [(s["id"], s["owner"], s["status"], s["next_fire_at"]) for s in listed] == [
        ("sched_hourly", "ann", "active", "2020-01-01T05:00:00Z")
    ]


def test_show_lists_fires_with_executions_and_missed_fires_with_reasons(env: dict[str, str]) -> None:
    asyncio.run(_history())
    result = invoke("schedule", "show", "sched_hourly")
    assert result.exit_code == 0
    assert _lines(result.stdout) == [
        "schedule sched_hourly",
        "  plan:      hourly",
        "  owner:     ann",
        "  trigger:   interval(every_ms=3600000, start_at=2020-01-01 01:00:00+00:00)",
        "  status:    active",
        "  next fire: 2020-01-01 05:00:00 UTC",
        "  runs:      2",
        "nominal time (UTC)   fire     execution                              status / reason",
        f"2020-01-01 04:00:00  started  {CAUGHT_UP}  completed (catch-up of missed fires)",
        "2020-01-01 02:00:00  missed   -                                      2 fires missed; downtime: catch_up=one "
        "ran only the latest, 2020-01-01T04:00:00+00:00",
        f"2020-01-01 01:00:00  started  {FIRST}  completed",
    ]
    once = invoke("schedule", "show", "sched_once")
    assert _lines(once.stdout) == [
        "schedule sched_once",
        "  plan:      once",
        "  trigger:   time(at=2020-01-01 02:00:00+00:00)",
        "  status:    completed",
        "  next fire: none (it will not fire again)",
        "  runs:      0",
        "nominal time (UTC)   fire    execution  status / reason",
        "2020-01-01 02:00:00  missed  -          no worker ran within the misfire grace (1 h)",
    ]


def test_show_as_json(env: dict[str, str]) -> None:
    asyncio.run(_history())
    result = invoke("schedule", "show", "sched_hourly", "--limit", "2", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "id": "sched_hourly",
        "plan_id": "hourly",
        "owner": "ann",
        "trigger": {"type": "interval", "every_ms": 3600000, "start_at": "2020-01-01T01:00:00Z"},
        "status": "active",
        "created_at": "2020-01-01T00:00:00Z",
        "next_fire_at": "2020-01-01T05:00:00Z",
        "due_at": "2020-01-01T05:00:00Z",
        "anchor_at": "2020-01-01T01:00:00Z",
        "runs": 2,
        "last_fire_at": "2020-01-01T04:00:00Z",
        "last_execution_id": CAUGHT_UP,
        "fires": [
            {
                "key": "sched_hourly@2020-01-01T04:00:00.000000Z",
                "schedule_id": "sched_hourly",
                "nominal_at": "2020-01-01T04:00:00Z",
                "status": "started",
                "recorded_at": "2020-01-01T04:30:00Z",
                "execution_id": CAUGHT_UP,
                "reason": "catch-up of missed fires",
                "execution_status": "completed",
            },
            {
                "key": "sched_hourly@2020-01-01T02:00:00.000000Z",
                "schedule_id": "sched_hourly",
                "nominal_at": "2020-01-01T02:00:00Z",
                "status": "missed",
                "recorded_at": "2020-01-01T04:30:00Z",
                "reason": "2 fires missed; downtime: catch_up=one ran only the latest, 2020-01-01T04:00:00+00:00",
                "missed_until": "2020-01-01T03:00:00Z",
                "missed_count": 2,
            },
        ],
    }


# ---------------------------------------------------------------------------- pause, resume, remove
def test_pause_resume_remove_and_wrong_states(env: dict[str, str], tmp_path: Path) -> None:
    schedule_id = add(write_plan(tmp_path, "later", FUTURE), env["tools"])

    def run(*args: str) -> tuple[int, str, str]:
        result = invoke("schedule", *args, schedule_id)
        return result.exit_code, result.stdout, result.stderr

    # Idempotent, as scripts expect: resuming an active schedule or pausing a paused one succeeds, saying so.
    next_fire = "next fire: 2031-01-01 00:00:00 UTC"
    assert run("resume") == (0, f"schedule {schedule_id} is already active; {next_fire}\n", "")
    assert run("pause") == (0, f"schedule {schedule_id} paused\n", "")
    assert run("pause") == (0, f"schedule {schedule_id} is already paused\n", "")
    assert json.loads(invoke("schedule", "show", schedule_id, "--format", "json").stdout)["status"] == "paused"
    assert run("resume") == (0, f"schedule {schedule_id} resumed; {next_fire}\n", "")
    assert run("resume") == (0, f"schedule {schedule_id} is already active; {next_fire}\n", "")
    for _ in range(2):  # the record of a paused schedule, whether this pause changed it or not
        paused = invoke("schedule", "pause", schedule_id, "--format", "json")
        assert paused.exit_code == 0
        assert {key: json.loads(paused.stdout)[key] for key in ("id", "status", "next_fire_at", "due_at")} == {
            "id": schedule_id,
            "status": "paused",
            "next_fire_at": "2031-01-01T00:00:00Z",
            "due_at": "2031-01-01T00:00:00Z",
        }
    assert run("remove") == (0, f"schedule {schedule_id} removed\n", "")
    gone = f"error: no schedule '{schedule_id}'; 'plankit schedule list' shows them\n"
    for command in ("remove", "pause", "resume"):
        assert run(command) == (2, "", gone)
    kept = json.loads(invoke("schedule", "show", schedule_id, "--format", "json").stdout)  # kept for the record
    assert (kept["status"], kept["fires"]) == ("removed", [])
    assert invoke("schedule", "list").stdout == "no schedules\n"
    listed = json.loads(invoke("schedule", "list", "--all", "--format", "json").stdout)
    assert [(s["id"], s["status"], s.get("due_at")) for s in listed] == [(schedule_id, "removed", None)]


# ---------------------------------------------------------------------------------------------- fire
def test_fire_detach_records_a_pending_execution_for_a_worker(env: dict[str, str], tmp_path: Path) -> None:
    schedule_id = add(write_plan(tmp_path, "later", FUTURE), env["tools"])
    result = invoke("schedule", "fire", schedule_id, "--detach")
    assert (result.exit_code, result.stderr) == (0, "")
    execution_id = EXECUTION_ID.findall(result.stdout)[0]
    assert result.stdout == f"fired {schedule_id}: execution {execution_id} (a worker runs it)\n"
    as_json = json.loads(invoke("schedule", "fire", schedule_id, "--detach", "--format", "json").stdout)
    assert (as_json["schedule_id"], as_json["status"], as_json["reason"]) == (schedule_id, "started", "fired by hand")
    assert as_json["key"].startswith(f"{schedule_id}@") and EXECUTION_ID.fullmatch(as_json["execution_id"])

    shown = json.loads(invoke("schedule", "show", schedule_id, "--format", "json").stdout)
    assert [(f["execution_id"], f["execution_status"]) for f in shown["fires"]] == [
        (as_json["execution_id"], "pending"),
        (execution_id, "pending"),
    ]
    listed = json.loads(invoke("executions", "list", "--format", "json").stdout)
    assert {(e["execution_id"], e["status"], e["schedule_id"]) for e in listed} == {
        (execution_id, "pending", schedule_id),
        (as_json["execution_id"], "pending", schedule_id),
    }
    # The schedule itself is unchanged: still waiting for its own time.
    assert (shown["status"], shown["next_fire_at"]) == ("active", "2031-01-01T00:00:00Z")


def test_fire_with_tools_runs_it_here(env: dict[str, str], tmp_path: Path) -> None:
    schedule_id = add(write_plan(tmp_path, "later", FUTURE), env["tools"])
    result = invoke("schedule", "fire", schedule_id, "--tools", env["tools"])
    assert (result.exit_code, result.stderr) == (0, "")
    execution_id = EXECUTION_ID.findall(result.stdout)[0]
    assert _lines(result.stdout) == [
        f"execution {execution_id}: running",
        "a: running (attempt 1)",
        "a: completed in X s",
        f"execution {execution_id}: completed",
        f"execution {execution_id} completed: 1 step in X s",
    ]
    as_json = invoke("schedule", "fire", schedule_id, "--tools", env["tools"], "--format", "json")
    record = json.loads(as_json.stdout)
    assert as_json.exit_code == 0
    assert (record["status"], record["schedule_id"], record["plan_id"]) == ("completed", schedule_id, "later")
    assert [(s["step_id"], s["status"], s["output"]) for s in record["steps"]] == [("a", "completed", {"label": "x"})]
    shown = json.loads(invoke("schedule", "show", schedule_id, "--format", "json").stdout)
    assert [(f["execution_id"], f["execution_status"]) for f in shown["fires"]] == [
        (record["execution_id"], "completed"),
        (execution_id, "completed"),
    ]


# ------------------------------------------------------------------------------------------- preview
def test_preview_a_new_york_cron_across_the_march_change(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "nightly", {"type": "cron", "expression": "30 2 * * *", "timezone": "America/New_York"})
    result = invoke("schedule", "preview", plan, "--count", "4", "--after", "2027-03-12T00:00:00Z")
    assert (result.exit_code, result.stderr) == (0, "")
    # 2027-03-14 has no 02:30 in New York (02:00 EST jumps to 03:00 EDT): it fires once, at 03:00 EDT.
    assert _lines(result.stdout) == [
        "UTC                  local (America/New_York)",
        "2027-03-12 07:30:00  2027-03-12 02:30:00 EST",
        "2027-03-13 07:30:00  2027-03-13 02:30:00 EST",
        "2027-03-14 07:00:00  2027-03-14 03:00:00 EDT",
        "2027-03-15 06:30:00  2027-03-15 02:30:00 EDT",
    ]
    as_json = invoke("schedule", "preview", plan, "-n", "2", "--after", "2027-03-13T12:00:00Z", "--format", "json")
    assert json.loads(as_json.stdout) == [
        {"at": "2027-03-14T07:00:00Z", "local": "2027-03-14T03:00:00-04:00"},
        {"at": "2027-03-15T06:30:00Z", "local": "2027-03-15T02:30:00-04:00"},
    ]
    assert not Path("plankit.db").exists()  # nothing stored


def test_preview_a_new_york_cron_across_the_november_change(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "early", {"type": "cron", "expression": "30 1 * * *", "timezone": "America/New_York"})
    # 2027-11-07 has 01:30 twice (EDT, then EST an hour later): it fires once, at the first.
    result = invoke("schedule", "preview", plan, "-n", "3", "--after", "2027-11-06T00:00:00")
    assert _lines(result.stdout) == [
        "UTC                  local (America/New_York)",
        "2027-11-06 05:30:00  2027-11-06 01:30:00 EDT",
        "2027-11-07 05:30:00  2027-11-07 01:30:00 EDT",
        "2027-11-08 06:30:00  2027-11-08 01:30:00 EST",
    ]


def test_preview_of_a_stored_schedule_counts_from_its_anchor(env: dict[str, str]) -> None:
    asyncio.run(_history())
    result = invoke("schedule", "preview", "sched_hourly", "-n", "2", "--after", "2020-01-01T04:30:00Z")
    assert _lines(result.stdout) == [
        "UTC                  local (UTC)",
        "2020-01-01 05:00:00  2020-01-01 05:00:00 UTC",
        "2020-01-01 06:00:00  2020-01-01 06:00:00 UTC",
    ]
    never = invoke("schedule", "preview", "sched_once", "--after", "2020-01-01T04:30:00Z")
    assert (never.exit_code, never.stdout) == (0, "it never fires after that time\n")


def test_preview_refuses_a_market_trigger(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "eth", {"type": "price", "token": "ETH", "condition": "above", "threshold": 5000})
    result = invoke("schedule", "preview", plan)
    assert (result.exit_code, result.stderr) == (
        2,
        "error: a price trigger fires on market or chain data, not on the clock: it has no fire times\n",
    )


# ------------------------------------------------------------------------------------------ scheduler
def test_scheduler_once_runs_an_immediate_plan_to_completion(env: dict[str, str], tmp_path: Path) -> None:
    schedule_id = add(write_plan(tmp_path, "now", {"type": "immediate"}), env["tools"])
    result = invoke("scheduler", "--once", "--tools", env["tools"])
    assert (result.exit_code, result.stdout) == (0, "decided 1 schedule(s), ran 1 execution(s)\n")
    again = invoke("scheduler", "--once", "--tools", env["tools"], "--format", "json")
    assert (again.exit_code, json.loads(again.stdout)) == (0, {"schedules_decided": 0, "executions_run": 0})

    executions = json.loads(invoke("executions", "list", "--format", "json").stdout)
    assert [(e["plan_id"], e["status"], e["schedule_id"]) for e in executions] == [("now", "completed", schedule_id)]
    shown = invoke("executions", "show", executions[0]["execution_id"], "--format", "json")
    assert [(s["step_id"], s["status"], s["output"]) for s in json.loads(shown.stdout)["steps"]] == [
        ("a", "completed", {"label": "x"})
    ]
    schedule = json.loads(invoke("schedule", "show", schedule_id, "--format", "json").stdout)
    assert (schedule["status"], schedule["next_fire_at"], schedule["runs"]) == ("completed", None, 1)
    assert [(f["status"], f["execution_id"], f["execution_status"]) for f in schedule["fires"]] == [
        ("started", executions[0]["execution_id"], "completed")
    ]


def test_scheduler_once_continues_an_approved_execution(env: dict[str, str]) -> None:
    tools = str(EXAMPLES / "tools.py")
    assert invoke("run", str(EXAMPLES / "payout.json"), "--tools", tools, "--execution-id", "ex1").exit_code == 3
    assert invoke("approve", "ex1", "payout", "--by", "ann").exit_code == 0
    result = invoke("scheduler", "--once", "--tools", tools)
    assert (result.exit_code, result.stdout) == (0, "decided 0 schedule(s), ran 1 execution(s)\n")
    shown = json.loads(invoke("executions", "show", "ex1", "--format", "json").stdout)
    assert shown["status"] == "completed"
    assert [s["step_id"] for s in shown["steps"] if s["status"] == "completed"][-2:] == ["payout", "receipt"]


# ----------------------------------------------------------------------------------------------- run
def test_run_refuses_a_plan_with_a_trigger_unless_now(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "later", FUTURE)
    refused = invoke("run", plan, "--tools", env["tools"])
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr.replace("\n", " ") == (
        f"error: {plan}: the plan has a time trigger, so it should not run now; schedule it with `plankit schedule "
        f"add {plan}` (a worker fires it: `plankit scheduler`), or pass --now to run it once now, ignoring the "
        "trigger "
    )
    assert not Path("plankit.db").exists()  # nothing ran, nothing was stored

    ran = invoke("run", plan, "--tools", env["tools"], "--now", "--execution-id", "e1")
    assert (ran.exit_code, ran.stderr) == (0, "")
    assert _lines(ran.stdout) == [
        "execution e1: running",
        "a: running (attempt 1)",
        "a: completed in X s",
        "execution e1: completed",
        "execution e1 completed: 1 step in X s",
    ]


def test_run_of_an_immediate_trigger_needs_no_now(env: dict[str, str], tmp_path: Path) -> None:
    plan = write_plan(tmp_path, "now", {"type": "immediate"})
    ran = invoke("run", plan, "--tools", env["tools"], "--execution-id", "e1", "--format", "json")
    assert (ran.exit_code, json.loads(ran.stdout)["status"]) == (0, "completed")


# ------------------------------------------------------------------------- a command racing a worker
class _RacyStore(SqliteStore):
    """Runs ``race`` (a worker's fire) right after the next ``load_schedule`` has read the schedule: what a
    `schedule pause` or `schedule fire` in one process sees when a worker in another fires in between."""

    race: Any = None

    async def load_schedule(self, schedule_id: str) -> Any:
        read = await super().load_schedule(schedule_id)
        if self.race is not None:
            race, self.race = self.race, None
            await race()
        return read


# Found by these tests: a command that read the schedule, then wrote the whole document back, could roll back a
# fire a worker committed in between and stall the schedule. Commands now hold the schedule's lease while they
# change it (plankit.schedule._manage._holding).


def test_a_fire_by_hand_racing_a_worker_does_not_stop_the_schedule(env: dict[str, str]) -> None:
    async def body() -> tuple[Any, list[tuple[str, str]]]:
        clock = FakeClock(datetime(2030, 1, 1, tzinfo=UTC))
        async with _RacyStore("plankit.db") as store:
            executor = Executor(store, registry, clock=clock)
            hourly = plan_from_data(
                plan_data("hourly", {"type": "interval", "everyMs": 3_600_000, "startAt": "2030-01-01T01:00:00Z"})
            )
            await add_schedule(store, executor, hourly, ids=lambda prefix: prefix + "hourly")
            worker = Scheduler(store, executor=executor)
            clock.advance(3630)  # 01:00:30: the 01:00 fire is due, and someone fires it by hand too

            async def worker_fires() -> None:
                await worker.run_once()

            store.race = worker_fires
            manual = await fire_now(store, "sched_hourly", clock.now())
            await executor.resume(manual.execution_id or "")  # `schedule fire` runs it at once
            clock.advance(3600)  # 02:00:30
            await worker.run_once()
            schedule = await store.load_schedule("sched_hourly")
            fires = [
                (f.nominal_at.strftime("%H:%M:%S"), f.status.value) for f in await store.list_fires("sched_hourly")
            ]
            executor.close()
            return schedule, fires

    schedule, fires = asyncio.run(body())
    assert fires == [("02:00:00", "started"), ("01:00:30", "started"), ("01:00:00", "started")]
    assert schedule is not None and schedule.next_fire_at == datetime(2030, 1, 1, 3, tzinfo=UTC)


def test_a_pause_racing_a_worker_keeps_the_fire_it_committed(env: dict[str, str]) -> None:
    async def body() -> Any:
        clock = FakeClock(datetime(2030, 1, 1, tzinfo=UTC))
        async with _RacyStore("plankit.db") as store:
            executor = Executor(store, registry, clock=clock)
            once = plan_from_data(plan_data("once", {"type": "time", "at": "2030-01-01T01:00:00Z"}))
            await add_schedule(store, executor, once, ids=lambda prefix: prefix + "once")
            worker = Scheduler(store, executor=executor)
            clock.advance(3600)  # 01:00: the worker fires it while the user pauses it

            async def worker_fires() -> None:
                await worker.run_once()

            store.race = worker_fires
            with contextlib.suppress(ScheduleError):  # refusing to pause a schedule that just completed is fine
                await pause_schedule(store, "sched_once")
            executor.close()
            return await store.load_schedule("sched_once")

    schedule = asyncio.run(body())
    # It fired once (runs 1) and will never fire again; the pause committed meanwhile may stay on record.
    assert schedule is not None and (schedule.runs, schedule.next_fire_at) == (1, None)
