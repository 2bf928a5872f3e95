"""100 executions started at once through the API: every one completes, once; none is lost or doubled."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .harness import live_server, sse_events, wait_for
from .plans import echo_plan

COUNT = 100


def test_a_hundred_executions_at_once_each_complete_once(tmp_path: Path) -> None:
    with live_server(tmp_path, worker_concurrency=8) as server:
        tokens = server.tokens

        def start(index: int) -> str:
            import httpx

            with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {tokens['ann']}"}) as client:
                response = client.post("/api/v1/executions", json={"plan": echo_plan(f"run {index}", steps=3)})
                assert response.status_code == 202, response.text
                execution_id: str = response.json()["execution_id"]
                return execution_id

        with ThreadPoolExecutor(max_workers=20) as pool:
            ids = list(pool.map(start, range(COUNT)))
        assert len(set(ids)) == COUNT

        ann = server.client("ann")
        for execution_id in ids:
            done = wait_for(ann, execution_id, {"completed", "failed", "cancelled"}, timeout=120)
            assert done["status"] == "completed"
            assert [(s["step_id"], s["status"], s["attempt_count"]) for s in done["steps"]] == [
                ("s0", "completed", 1),
                ("s1", "completed", 1),
                ("s2", "completed", 1),
            ]
        listed = ann.get("/api/v1/executions", params={"limit": 1000}).json()
        assert sorted(e["execution_id"] for e in listed) == sorted(ids)
        # Once each: one start and one completion per execution and per step in the event log.
        for execution_id in ids:
            events = sse_events(ann.get(f"/api/v1/executions/{execution_id}/events").text)
            seen = [(e["data"]["step_id"], e["data"]["status"]) for e in events]
            assert seen == [
                (None, "pending"),
                (None, "running"),
                ("s0", "running"),
                ("s0", "completed"),
                ("s1", "running"),
                ("s1", "completed"),
                ("s2", "running"),
                ("s2", "completed"),
                (None, "completed"),
            ]
