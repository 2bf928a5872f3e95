"""``plankit serve --engine temporal``: executions created through the API run as Temporal workflows (on a
``temporal_worker`` in its own thread, records mirrored into the server's SQLite file); approve through the
API signals the workflow, cancel cancels it, and the API shows the mirrored records and events. Real
HTTP (httpx against a live server on 127.0.0.1) and a real Temporal dev server."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from temporalio.client import Client, WorkflowExecutionStatus
from tests.server.harness import TOOLS, live_server, sse_events, wait_for
from tests.server.plans import approval_plan

from plankit.engines import temporal_worker
from plankit.store import SqliteStore


@contextmanager
def worker_thread(address: str, db: Path, queue: str) -> Iterator[None]:
    """A Temporal worker for ``queue`` in a thread of its own (its own event loop and store connection)."""
    stop = threading.Event()
    ready = threading.Event()
    failed: list[BaseException] = []

    async def work() -> None:
        client = await Client.connect(address)
        async with SqliteStore(db) as store, temporal_worker(client, store, TOOLS, task_queue=queue):
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.02)

    def run() -> None:
        try:
            asyncio.run(work())
        except BaseException as exc:  # reported by the test, not lost in the thread
            failed.append(exc)
            ready.set()

    thread = threading.Thread(target=run, name="temporal-worker", daemon=True)
    thread.start()
    assert ready.wait(30) and not failed, failed
    try:
        yield
    finally:
        stop.set()
        thread.join(60)
    assert not failed, failed


def _workflow_status(address: str, execution_id: str) -> WorkflowExecutionStatus | None:
    async def describe() -> WorkflowExecutionStatus | None:
        client = await Client.connect(address)
        return (await client.get_workflow_handle(execution_id).describe()).status

    return asyncio.run(describe())


def _final_workflow_status(address: str, execution_id: str) -> WorkflowExecutionStatus | None:
    """The workflow's status once it has closed: its last record is mirrored to the store just before it
    returns, so right after the store shows the end, Temporal may still say RUNNING for a moment."""

    async def closed() -> WorkflowExecutionStatus | None:
        client = await Client.connect(address)
        handle = client.get_workflow_handle(execution_id)
        for _ in range(300):  # a bound (30 s), not a timing
            status = (await handle.describe()).status
            if status is not WorkflowExecutionStatus.RUNNING:
                return status
            await asyncio.sleep(0.1)
        return WorkflowExecutionStatus.RUNNING

    return asyncio.run(closed())


def test_an_api_execution_pauses_is_approved_through_the_api_and_completes_on_temporal(
    temporal_address: str, tmp_path: Path
) -> None:
    queue = "serve-approve"
    with (
        live_server(tmp_path, tools=TOOLS, temporal_address=temporal_address, temporal_task_queue=queue) as server,
        worker_thread(temporal_address, server.db, queue),
    ):
        ann = server.client("ann")
        assert server.client().get("/health").json()["engine"] == "temporal"
        created = ann.post("/api/v1/executions", json={"plan": approval_plan()})
        assert created.status_code == 202, created.text
        execution_id = created.json()["execution_id"]

        paused = wait_for(ann, execution_id, {"paused", "failed"})
        steps = {step["step_id"]: step["status"] for step in paused["steps"]}
        assert (paused["status"], steps) == ("paused", {"greet": "completed", "pay": "awaiting_confirmation"})
        assert _workflow_status(temporal_address, execution_id) is WorkflowExecutionStatus.RUNNING

        approved = ann.post(f"/api/v1/executions/{execution_id}/steps/pay/approve")
        assert (approved.status_code, approved.json()) == (
            200, {"execution_id": execution_id, "step_id": "pay", "approved": True, "by": "ann"}
        )  # fmt: skip
        done = wait_for(ann, execution_id, {"completed", "failed"})
        outputs = {step["step_id"]: (step["status"], step["output"]) for step in done["steps"]}
        assert (done["status"], outputs) == (
            "completed", {"greet": ("completed", {"text": "hi"}), "pay": ("completed", {"text": "hi"})}
        )  # fmt: skip
        assert [(d["step_id"], d["approved"], d["by"]) for d in done["decisions"]] == [("pay", True, "ann")]
        assert _final_workflow_status(temporal_address, execution_id) is WorkflowExecutionStatus.COMPLETED

        events = sse_events(ann.get(f"/api/v1/executions/{execution_id}/events").text)
        execution_events = [event["data"]["status"] for event in events if event["event"] == "execution"]
        assert execution_events == ["pending", "running", "paused", "running", "completed"]
        pay_events = [e["data"]["status"] for e in events if e["event"] == "step" and e["data"]["step_id"] == "pay"]
        assert pay_events == ["awaiting_confirmation", "running", "completed"]


def test_cancel_through_the_api_cancels_the_workflow(temporal_address: str, tmp_path: Path) -> None:
    queue = "serve-cancel"
    nap = {"goal": "wait an hour", "steps": [{"id": "nap", "type": "wait", "duration_ms": 3_600_000}]}
    with (
        live_server(tmp_path, tools=TOOLS, temporal_address=temporal_address, temporal_task_queue=queue) as server,
        worker_thread(temporal_address, server.db, queue),
    ):
        ann = server.client("ann")
        execution_id = ann.post("/api/v1/executions", json={"plan": nap}).json()["execution_id"]
        for _ in range(1000):  # until the wait is recorded (a durable timer on Temporal)
            record = ann.get(f"/api/v1/executions/{execution_id}").json()
            if [step["status"] for step in record["steps"]] == ["waiting"]:
                break
            threading.Event().wait(0.02)
        assert [step["status"] for step in record["steps"]] == ["waiting"]

        cancelled = ann.post(f"/api/v1/executions/{execution_id}/cancel")
        assert cancelled.status_code == 200, cancelled.text
        body = cancelled.json()
        assert (body["status"], body["error"], [s["status"] for s in body["steps"]]) == (
            "cancelled", "cancelled", ["cancelled"]
        )  # fmt: skip
        assert _final_workflow_status(temporal_address, execution_id) is WorkflowExecutionStatus.CANCELED
        again = ann.post(f"/api/v1/executions/{execution_id}/cancel")
        assert (again.status_code, again.json()["error"]["code"]) == (409, "already_finished")

        # A step that failed for good leaves its dead letter, mirrored; retrying it starts a new run of the
        # execution's workflow, from its records: the step's attempts go on (here it fails again, so the dead
        # letter stays, updated).
        failing = {"goal": "fail", "steps": [{"id": "b", "tool": "boom", "args": {"reason": "no"}}]}
        failed_id = ann.post("/api/v1/executions", json={"plan": failing}).json()["execution_id"]
        failed = wait_for(ann, failed_id, {"failed", "completed"})
        assert (failed["status"], failed["error"]) == ("failed", "step 'b' failed: no")
        (letter,) = [e for e in ann.get("/api/v1/dead-letters").json() if e["execution_id"] == failed_id]
        # A server on the same store that doesn't run on Temporal refuses to run it in process, saying where.
        with live_server(tmp_path, tools=TOOLS) as local:
            here = local.client("ann").post(f"/api/v1/dead-letters/{letter['id']}/retry")
        assert (here.status_code, here.json()) == (409, {"error": {
            "code": "execution_on_temporal",
            "message": f"execution {failed_id!r} runs on Temporal; retry its dead letters on a server started with "
                       "--engine temporal, or with `plankit dead-letters retry ID --engine temporal`",
            "details": {"execution_id": failed_id},
        }})  # fmt: skip
        retried = ann.post(f"/api/v1/dead-letters/{letter['id']}/retry")
        assert (retried.status_code, retried.json()) == (202, {"dead_letter_id": letter["id"], "status": "retrying"})
        for _ in range(1000):
            again = ann.get(f"/api/v1/executions/{failed_id}").json()
            if again["status"] == "failed" and again["steps"][0]["attempt_count"] == 2:
                break
            threading.Event().wait(0.02)
        assert (again["status"], again["error"], [(s["status"], s["attempt_count"]) for s in again["steps"]]) == (
            "failed", "step 'b' failed: no", [("failed", 2)]
        )  # fmt: skip
        (letter,) = [e for e in ann.get("/api/v1/dead-letters").json() if e["execution_id"] == failed_id]
        assert letter["attempts"] == 2
        assert _workflow_status(temporal_address, failed_id) is WorkflowExecutionStatus.COMPLETED  # the retry's run
        gone = ann.post("/api/v1/dead-letters/dl:nope:x/retry")
        assert (gone.status_code, gone.json()["error"]["code"]) == (404, "not_found")


def test_serve_on_an_unreachable_temporal_exits_2_saying_where(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from plankit.cli import app

    db = str(tmp_path / "plankit.db")
    result = CliRunner().invoke(app, ["serve", "--db", db, "--engine", "temporal", "--temporal-address", "127.0.0.1:1"])
    assert result.exit_code == 2
    assert "can't reach Temporal at 127.0.0.1:1 (namespace default): " in result.output


def _temporal_schedule(address: str, schedule_id: str) -> dict[str, object] | None:
    """What Temporal holds under ``schedule_id``: its next action time (month, day, hour) and paused state,
    or None when it has none."""
    from temporalio.service import RPCError

    async def describe() -> dict[str, object] | None:
        client = await Client.connect(address)
        try:
            described = await client.get_schedule_handle(schedule_id).describe()
        except RPCError:
            return None
        upcoming = described.info.next_action_times[0]
        return {"next": (upcoming.month, upcoming.day, upcoming.hour), "paused": described.schedule.state.paused}

    return asyncio.run(describe())


def test_api_schedules_become_temporal_schedules_under_engine_temporal(temporal_address: str, tmp_path: Path) -> None:
    queue = "serve-schedules"
    yearly = {"goal": "new year", "trigger": {"type": "cron", "expression": "0 0 1 1 *"},
              "steps": [{"id": "a", "tool": "echo", "args": {"text": "happy new year"}}]}  # fmt: skip
    once = {"goal": "later", "trigger": {"type": "time", "at": "2099-01-01T00:00:00Z"},
            "steps": [{"id": "a", "tool": "echo", "args": {"text": "later"}}]}  # fmt: skip
    with live_server(tmp_path, tools=TOOLS, temporal_address=temporal_address, temporal_task_queue=queue) as server:
        ann = server.client("ann")
        made = ann.post("/api/v1/schedules", json={"plan": yearly})
        assert made.status_code == 201, made.text
        schedule_id = made.json()["id"]
        assert (made.json()["state"], made.json()["due_at"]) == ({"engine": "temporal"}, None)  # Temporal's alone
        assert _temporal_schedule(temporal_address, schedule_id) == {"next": (1, 1, 0), "paused": False}
        # A `time` trigger is not a Temporal Schedule: the server's worker fires it (and starts its workflow).
        later = ann.post("/api/v1/schedules", json={"plan": once}).json()
        assert (later["state"], _temporal_schedule(temporal_address, later["id"])) == ({}, None)

        # A server on the same store that doesn't run on Temporal refuses to change it (Temporal would go on
        # firing it), saying where it can be changed.
        with live_server(tmp_path, tools=TOOLS) as local:
            refused = local.client("ann").post(f"/api/v1/schedules/{schedule_id}/pause")
        assert (refused.status_code, refused.json()["error"]["code"]) == (409, "schedule_on_temporal")
        assert _temporal_schedule(temporal_address, schedule_id) == {"next": (1, 1, 0), "paused": False}

        paused = ann.post(f"/api/v1/schedules/{schedule_id}/pause")
        assert (paused.status_code, paused.json()["status"]) == (200, "paused")
        assert _temporal_schedule(temporal_address, schedule_id) == {"next": (1, 1, 0), "paused": True}
        resumed = ann.post(f"/api/v1/schedules/{schedule_id}/resume")
        assert (resumed.status_code, resumed.json()["status"]) == (200, "active")
        assert _temporal_schedule(temporal_address, schedule_id) == {"next": (1, 1, 0), "paused": False}
        again = ann.post(f"/api/v1/schedules/{schedule_id}/resume")  # idempotent: unpaused again, still active
        assert (again.status_code, again.json()["status"]) == (200, "active")
        assert _temporal_schedule(temporal_address, schedule_id) == {"next": (1, 1, 0), "paused": False}
        paused = ann.post(f"/api/v1/schedules/{schedule_id}/pause")
        again = ann.post(f"/api/v1/schedules/{schedule_id}/pause")
        assert (paused.status_code, again.status_code, again.json()["status"]) == (200, 200, "paused")
        assert _temporal_schedule(temporal_address, schedule_id) == {"next": (1, 1, 0), "paused": True}
        assert ann.delete(f"/api/v1/schedules/{schedule_id}").status_code == 204
        assert _temporal_schedule(temporal_address, schedule_id) is None
        assert ann.get(f"/api/v1/schedules/{schedule_id}").status_code == 404  # removed, as a local one
