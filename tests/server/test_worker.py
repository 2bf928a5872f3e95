"""Who runs what: the in-process worker fires schedules; with ``--no-worker`` executions wait for a separate
worker on the same store; an event stream delivers transitions live while the execution goes on."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx

from plankit.schedule import Scheduler
from plankit.store import SqliteStore
from plankit.testing import ScriptedLlm

from .harness import TOOLS, live_server, sse_events, wait_for
from .plans import approval_plan, echo_plan


def test_without_a_worker_a_separate_one_runs_the_execution(tmp_path: Path) -> None:
    with live_server(tmp_path, worker=False) as server:
        ann = server.client("ann")
        assert server.client().get("/health").json()["worker"] is False
        execution_id = ann.post("/api/v1/executions", json={"plan": echo_plan()}).json()["execution_id"]
        assert ann.get(f"/api/v1/executions/{execution_id}").json()["status"] == "pending"

        async def work() -> list[str]:
            async with SqliteStore(server.db) as store:
                reports = await Scheduler(store, TOOLS).run_once()
                return [e for report in reports for e in report.started]

        assert asyncio.run(work()) == [execution_id]
        assert wait_for(ann, execution_id, {"completed"})["status"] == "completed"


def test_an_immediate_schedule_fires_on_the_in_process_worker(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        ann = server.client("ann")
        plan = {**echo_plan("now"), "trigger": {"type": "immediate"}}
        schedule = ann.post("/api/v1/schedules", json={"plan": plan})
        assert schedule.status_code == 201, schedule.text
        schedule_id = schedule.json()["id"]
        for _ in range(500):
            fires = ann.get(f"/api/v1/schedules/{schedule_id}").json()["fires"]
            if fires and fires[0]["execution_id"]:
                break
            threading.Event().wait(0.02)
        assert [(f["status"], f["schedule_id"]) for f in fires] == [("started", schedule_id)]
        done = wait_for(ann, fires[0]["execution_id"], {"completed", "failed"})
        assert (done["status"], done["schedule_id"], done["owner"]) == ("completed", schedule_id, "ann")


def test_events_arrive_live_while_the_execution_waits_for_approval(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        ann = server.client("ann")
        execution_id = ann.post("/api/v1/executions", json={"plan": approval_plan()}).json()["execution_id"]
        wait_for(ann, execution_id, {"paused"})
        received: list[dict[str, Any]] = []
        paused_seen = threading.Event()

        def listen() -> None:
            headers = {"Authorization": f"Bearer {server.tokens['ann']}"}
            url = f"{server.url}/api/v1/executions/{execution_id}/events"
            with httpx.stream("GET", url, headers=headers, timeout=30) as response:
                text = ""
                for chunk in response.iter_text():
                    text += chunk
                    received[:] = sse_events(text)
                    if any(e["data"]["status"] == "paused" for e in received):
                        paused_seen.set()

        listener = threading.Thread(target=listen)
        listener.start()
        assert paused_seen.wait(20)
        assert ann.post(f"/api/v1/executions/{execution_id}/steps/pay/approve").status_code == 200
        listener.join(30)
        assert not listener.is_alive()  # the stream ended with the execution
        assert [(e["data"]["step_id"], e["data"]["status"]) for e in received] == [
            (None, "pending"),
            (None, "running"),
            ("greet", "running"),
            ("greet", "completed"),
            ("pay", "awaiting_confirmation"),
            (None, "paused"),
            (None, "running"),
            ("pay", "running"),
            ("pay", "completed"),
            (None, "completed"),
        ]


def _llm_plan() -> dict[str, Any]:
    return {
        "goal": "greet the team",
        "steps": [
            {"id": "draft", "type": "llm", "prompt": "Write a one-line greeting for the team."},
            {"id": "say", "tool": "echo", "args": {"text": "{{draft.result.text}}"}, "depends_on": ["draft"]},
        ],
    }


def test_llm_steps_run_with_the_servers_model(tmp_path: Path) -> None:
    llm = ScriptedLlm(["Hello, team!"])
    with live_server(tmp_path, step_llm=llm) as server:
        ann = server.client("ann")
        created = ann.post("/api/v1/executions", json={"plan": _llm_plan()})
        assert created.status_code == 202, created.text
        done = wait_for(ann, created.json()["execution_id"], {"completed", "failed"})
        assert done["status"] == "completed", done
        outputs = {step["step_id"]: step["output"] for step in done["steps"]}
        assert outputs["draft"]["text"] == "Hello, team!"
        assert outputs["say"] == {"text": "Hello, team!"}
    assert llm.remaining == 0
    assert [message.content for message in llm.calls[0].messages][-1].startswith(
        "Write a one-line greeting for the team."
    )


def test_without_a_model_a_plan_with_llm_steps_is_refused_saying_so(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        refused = server.client("ann").post("/api/v1/executions", json={"plan": _llm_plan()})
        assert refused.status_code == 422, refused.text
        error = refused.json()["error"]
        assert error["code"] == "plan_refused"
        assert [(e["code"], e["node_id"], e["msg"]) for e in error["details"]["report"]["errors"]] == [
            ("CONTRA_NO_TOOL", "draft", "step 'draft' is an llm step, and this executor has no LLM-step runner")
        ]
