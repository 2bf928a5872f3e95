"""The API over a real uvicorn on 127.0.0.1, through httpx: auth, roles, ownership, errors, runs, events."""

from __future__ import annotations

from typing import Any

from plankit import __version__

from .harness import LiveServer, sse_events, wait_for
from .plans import approval_plan, cron_plan, echo_plan, refused_plan

IMPLICIT = {
    "step": 1,
    "code": "IMPLICIT_DEPENDENCY",
    "msg": "'pay' uses the output of 'greet', but 'pay' does not depend on 'greet'",
    "node_id": "pay",
    "path": "$.steps[1].params.text",
    "hint": "add \"greet\" to the depends_on of step 'pay' if the plan also runs where only depends_on orders steps "
    "(plankit orders by the reference)",
}
"""A note (info): pay reads greet, written before it, without depending on it; plankit orders them anyway."""


def _error(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


# ------------------------------------------------------------------------------------------------ auth
def test_health_needs_no_token(server: LiveServer) -> None:
    response = server.client().get("/health")
    health = {"status": "ok", "version": __version__, "worker": True, "engine": "local"}
    assert (response.status_code, response.json()) == (200, health)


def test_no_token_and_a_wrong_token_get_401(server: LiveServer) -> None:
    anonymous = server.client().get("/api/v1/plans")
    assert anonymous.status_code == 401
    assert anonymous.headers["www-authenticate"] == "Bearer"
    assert anonymous.json() == _error(
        "unauthorized", "send an API token: 'Authorization: Bearer TOKEN' (make one with 'plankit token create')"
    )
    wrong = server.tokens["ann"][:-4] + "AAAA"
    for token in (wrong, "pk_nosuchid_secret", "garbage"):
        response = server.client(headers={"Authorization": f"Bearer {token}"}).get("/api/v1/plans")
        assert (response.status_code, response.json()) == (
            401,
            _error("unauthorized", "the API token is unknown or revoked"),
        )


def test_me_names_the_token(server: LiveServer) -> None:
    assert server.client("vic").get("/api/v1/me").json() == {
        "user": "vic",
        "role": "viewer",
        "token_id": server.token_ids["vic"],
    }


def test_a_viewer_reads_but_may_not_run(server: LiveServer) -> None:
    vic = server.client("vic")
    assert vic.get("/api/v1/plans").status_code == 200
    response = vic.post("/api/v1/executions", json={"plan": echo_plan()})
    assert (response.status_code, response.json()) == (
        403,
        _error("forbidden", "this needs the operator role; the token of 'vic' is viewer"),
    )


# ------------------------------------------------------------------------------------------ ownership
def test_another_users_plan_is_404_like_a_missing_one(server: LiveServer) -> None:
    saved = server.client("ann").post("/api/v1/plans", json={"plan": echo_plan("ann's plan")}).json()
    plan_id = saved["id"]
    other = server.client("bob").get(f"/api/v1/plans/{plan_id}")
    assert (other.status_code, other.json()) == (404, _error("not_found", f"no plan {plan_id!r}"))
    missing = server.client("bob").get("/api/v1/plans/plan_nope")
    assert (missing.status_code, missing.json()) == (404, _error("not_found", "no plan 'plan_nope'"))
    assert plan_id not in [p["id"] for p in server.client("bob").get("/api/v1/plans").json()]
    assert server.client("root").get(f"/api/v1/plans/{plan_id}").json()["owner"] == "ann"
    assert server.client("bob").delete(f"/api/v1/plans/{plan_id}").status_code == 404
    assert server.client("ann").delete(f"/api/v1/plans/{plan_id}").status_code == 204
    assert server.client("ann").get(f"/api/v1/plans/{plan_id}").status_code == 404


# ----------------------------------------------------------------------------------------- lint, plans
def test_lint_answers_the_cli_json_report(server: LiveServer) -> None:
    report = server.client("vic").post("/api/v1/lint", json={"plan": approval_plan()}).json()
    assert report == {
        "status": "PASS",
        "risk_score": 0.0,
        "valid": True,
        "errors": [],
        "warnings": [],
        "violations": [],
        "info": [IMPLICIT],
        "suppressed": [],
    }


def test_lint_with_a_policy_from_the_request(server: LiveServer) -> None:
    policy = {"deny_tools": ["echo"]}
    report = server.client("vic").post("/api/v1/lint", json={"plan": echo_plan(steps=1), "policy": policy}).json()
    assert [(e["code"], e["node_id"]) for e in report["errors"]] == [("TOOL_DENY", "s0")]
    bad = server.client("vic").post("/api/v1/lint", json={"plan": echo_plan(), "policy": {"no_such_key": 1}})
    assert (bad.status_code, bad.json()["error"]["code"]) == (422, "invalid_policy")
    rego = server.client("vic").post("/api/v1/lint", json={"plan": echo_plan(), "policy": {"rego": ["x.rego"]}})
    assert (rego.status_code, rego.json()["error"]["message"]) == (
        422,
        "a request's policy can't use 'rego'; start the server with it",
    )


def test_an_unusable_plan_gets_the_loaders_problems(server: LiveServer) -> None:
    response = server.client("ann").post("/api/v1/lint", json={"plan": {"steps": [{"id": "a"}]}})
    assert (response.status_code, response.json()) == (
        422,
        _error(
            "invalid_plan",
            "invalid plan (1 problem)",
            {
                "problems": [
                    {
                        "path": "$.steps[0]",
                        "message": "no 'type' key, so it is not clear what this is",
                        "hint": 'add "type" (for a step: action, llm, ...)',
                    }
                ]
            },
        ),
    )


def test_a_malformed_request_names_the_field(server: LiveServer) -> None:
    response = server.client("ann").post("/api/v1/executions", json={"plan": echo_plan(), "plan_id": "x"})
    body = response.json()
    assert response.status_code == 422
    assert body["error"]["code"] == "invalid_request"
    assert body["error"]["details"]["problems"] == [
        {
            "path": "$",
            "message": "send exactly one of 'plan' (a plan document) and 'plan_id' (a saved plan)",
            "type": "value_error",
        }
    ]
    typo = server.client("ann").post("/api/v1/executions", json={"plna": echo_plan()})
    assert (typo.status_code, typo.json()["error"]) == (422, {
        "code": "invalid_request",
        "message": "the request is not valid: $.plna: unknown key 'plna' (did you mean 'plan'?)",
        "details": {"problems": [
            {"path": "$.plna", "message": "unknown key 'plna' (did you mean 'plan'?)", "type": "extra_forbidden"},
        ]},
    })  # fmt: skip
    trailing_comma = b'{"plan": {"goal": "x",\n  "steps": [],}}'
    not_json = server.client("ann").post(
        "/api/v1/lint", content=trailing_comma, headers={"content-type": "application/json"}
    )
    assert (not_json.status_code, not_json.json()["error"]) == (422, {
        "code": "invalid_request",
        "message": "the request is not valid: $: the body is not valid JSON: line 2, column 15: Expecting property "
                   "name enclosed in double quotes",
        "details": {"problems": [{"path": "$", "type": "json_invalid", "message": "the body is not valid JSON: line 2, "
                                  "column 15: Expecting property name enclosed in double quotes"}]},
    })  # fmt: skip


def test_a_body_with_a_key_written_twice_is_refused(server: LiveServer) -> None:
    # JSON parsers keep one of the values silently: the plan a reviewer reads and the one plankit lints could
    # differ ("tool": "db.read", then "tool": "shell.exec"). Files are refused the same way (plan loading).
    twice = b'{"plan": {"goal": "x",\n  "steps": [{"id": "a", "tool": "db.read", "tool": "shell.exec"}]}}'
    response = server.client("ann").post("/api/v1/lint", content=twice, headers={"content-type": "application/json"})
    assert (response.status_code, response.json()["error"]) == (422, {
        "code": "invalid_request",
        "message": "the request is not valid: line 2, column 51: duplicate key 'tool'",
        "details": {"problems": [
            {"path": "line 2, column 51", "message": "duplicate key 'tool'", "type": "duplicate_key"},
        ]},
    })  # fmt: skip


def test_saving_lints_and_keeps_status(server: LiveServer) -> None:
    saved = server.client("ann").post("/api/v1/plans", json={"plan": approval_plan()})
    assert saved.status_code == 201
    body = saved.json()
    assert (body["status"], body["owner"], body["lint"]) == (
        "validated",
        "ann",
        {"status": "PASS", "risk_score": 0.0, "errors": 0, "warnings": 0},
    )
    nodes = {node["id"]: node for node in body["graph"]["nodes"]}
    assert nodes["pay"]["findings"] == [
        {"code": "IMPLICIT_DEPENDENCY", "severity": "info", "message": IMPLICIT["msg"]}
    ]
    assert nodes["greet"]["label"] == "<script>alert(1)</script>"
    assert (nodes["greet"]["column"], nodes["pay"]["column"]) == (0, 1)
    assert body["graph"]["edges"] == [{"source": "greet", "target": "pay", "kind": "reference"}]
    listed = [p for p in server.client("ann").get("/api/v1/plans").json() if p["id"] == body["id"]]
    assert listed == [{k: body[k] for k in ("id", "name", "goal", "owner", "status", "steps", "trigger", "lint")}]


# ------------------------------------------------------------------------------------------ executions
def test_an_execution_runs_on_the_worker_and_its_events_stream(server: LiveServer) -> None:
    ann = server.client("ann")
    started = ann.post("/api/v1/executions", json={"plan": echo_plan("hello", steps=2)})
    assert started.status_code == 202
    execution_id = started.json()["execution_id"]
    assert started.json()["status"] == "pending"
    done = wait_for(ann, execution_id, {"completed", "failed"})
    assert done["status"] == "completed"
    assert [(s["step_id"], s["status"], s["output"]) for s in done["steps"]] == [
        ("s0", "completed", {"text": "hello"}),
        ("s1", "completed", {"text": "hello"}),
    ]
    stream = ann.get(f"/api/v1/executions/{execution_id}/events")
    assert stream.headers["content-type"].startswith("text/event-stream")
    events = sse_events(stream.text)
    assert [(e["event"], e["data"]["step_id"], e["data"]["status"]) for e in events] == [
        ("execution", None, "pending"),
        ("execution", None, "running"),
        ("step", "s0", "running"),
        ("step", "s0", "completed"),
        ("step", "s1", "running"),
        ("step", "s1", "completed"),
        ("execution", None, "completed"),
    ]
    ids = [int(e["id"]) for e in events]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    resumed = sse_events(
        ann.get(f"/api/v1/executions/{execution_id}/events", headers={"Last-Event-ID": str(ids[3])}).text
    )
    assert [int(e["id"]) for e in resumed] == ids[4:]
    assert server.client("bob").get(f"/api/v1/executions/{execution_id}/events").status_code == 404


def test_a_refused_plan_runs_nothing_and_says_why(server: LiveServer) -> None:
    response = server.client("ann").post("/api/v1/executions", json={"plan": refused_plan()})
    body = response.json()
    assert (response.status_code, body["error"]["code"]) == (422, "plan_refused")
    assert body["error"]["message"] == "the plan was refused; nothing runs"
    assert [(e["code"], e["node_id"]) for e in body["error"]["details"]["report"]["errors"]] == [("LOOP_DETECTED", "a")]


def test_approve_a_paused_step_once_and_it_completes(server: LiveServer) -> None:
    ann = server.client("ann")
    execution_id = ann.post("/api/v1/executions", json={"plan": approval_plan()}).json()["execution_id"]
    paused = wait_for(ann, execution_id, {"paused"})
    assert paused["awaiting"] == [{"step_id": "pay", "iteration": None}]
    url = f"/api/v1/executions/{execution_id}/steps/pay/approve"
    assert server.client("vic").post(url).status_code == 403
    assert server.client("bob").post(url).status_code == 404
    approved = ann.post(url)
    assert (approved.status_code, approved.json()) == (
        200,
        {"execution_id": execution_id, "step_id": "pay", "approved": True, "by": "ann"},
    )
    again = ann.post(f"/api/v1/executions/{execution_id}/steps/pay/deny")
    assert again.status_code == 409
    assert again.json()["error"]["code"] in ("already_decided", "not_awaiting")
    done = wait_for(ann, execution_id, {"completed", "failed"})
    assert [(s["step_id"], s["status"]) for s in done["steps"]] == [("greet", "completed"), ("pay", "completed")]
    assert [{k: d[k] for k in ("step_id", "iteration", "approved", "by")} for d in done["decisions"]] == [
        {"step_id": "pay", "iteration": None, "approved": True, "by": "ann"}
    ]


def test_deny_fails_the_step(server: LiveServer) -> None:
    ann = server.client("ann")
    execution_id = ann.post("/api/v1/executions", json={"plan": approval_plan()}).json()["execution_id"]
    wait_for(ann, execution_id, {"paused"})
    assert ann.post(f"/api/v1/executions/{execution_id}/steps/pay/deny").json()["approved"] is False
    done = wait_for(ann, execution_id, {"completed", "failed"})
    assert done["status"] == "failed"
    assert [(s["step_id"], s["status"], s["error_type"]) for s in done["steps"]][-1] == ("pay", "failed", "USER_ERROR")


def test_approving_a_step_that_is_not_waiting_is_409(server: LiveServer) -> None:
    ann = server.client("ann")
    execution_id = ann.post("/api/v1/executions", json={"plan": echo_plan()}).json()["execution_id"]
    wait_for(ann, execution_id, {"completed"})
    response = ann.post(f"/api/v1/executions/{execution_id}/steps/s0/approve")
    assert (response.status_code, response.json()) == (
        409,
        _error("not_awaiting", f"step 's0' of execution {execution_id!r} is not waiting for an approval"),
    )


def test_cancel_a_running_execution(server: LiveServer) -> None:
    ann = server.client("ann")
    plan = {"goal": "nap", "steps": [{"id": "nap", "tool": "sleep", "args": {"seconds": 20}}]}
    execution_id = ann.post("/api/v1/executions", json={"plan": plan}).json()["execution_id"]
    wait_for(ann, execution_id, {"running"})
    assert server.client("bob").post(f"/api/v1/executions/{execution_id}/cancel").status_code == 404
    cancelled = ann.post(f"/api/v1/executions/{execution_id}/cancel")
    assert (cancelled.status_code, cancelled.json()["status"]) == (200, "cancelled")
    again = ann.post(f"/api/v1/executions/{execution_id}/cancel")
    assert (again.status_code, again.json()) == (
        409,
        _error("already_finished", f"execution {execution_id!r} is cancelled"),
    )


def test_a_finished_plan_is_not_run_again_by_id(server: LiveServer) -> None:
    ann = server.client("ann")
    plan_id = ann.post("/api/v1/plans", json={"plan": echo_plan()}).json()["id"]
    execution_id = ann.post("/api/v1/executions", json={"plan_id": plan_id}).json()["execution_id"]
    wait_for(ann, execution_id, {"completed"})
    assert ann.get(f"/api/v1/plans/{plan_id}").json()["status"] == "completed"
    again = ann.post("/api/v1/executions", json={"plan_id": plan_id})
    assert (again.status_code, again.json()) == (
        409,
        _error("plan_not_runnable", f"plan {plan_id!r} is completed and can't run again; save a copy of it"),
    )


def test_executions_list_only_your_own(server: LiveServer) -> None:
    bob = server.client("bob")
    execution_id = bob.post("/api/v1/executions", json={"plan": echo_plan("bob's")}).json()["execution_id"]
    wait_for(bob, execution_id, {"completed"})
    assert execution_id in [e["execution_id"] for e in bob.get("/api/v1/executions").json()]
    assert execution_id not in [e["execution_id"] for e in server.client("ann").get("/api/v1/executions").json()]
    assert execution_id in [e["execution_id"] for e in server.client("root").get("/api/v1/executions").json()]
    assert server.client("ann").get(f"/api/v1/executions/{execution_id}").status_code == 404


# ------------------------------------------------------------------------------------------ schedules
def test_schedules_with_next_fire_times(server: LiveServer) -> None:
    ann = server.client("ann")
    created = ann.post("/api/v1/schedules", json={"plan": cron_plan()})
    assert created.status_code == 201
    schedule = created.json()
    assert schedule["status"] == "active"
    assert [fire["local"][11:19] for fire in schedule["next_fires"]] == ["09:00:00"] * 5
    schedule_id = schedule["id"]
    assert server.client("bob").get(f"/api/v1/schedules/{schedule_id}").status_code == 404
    shown = ann.get(f"/api/v1/schedules/{schedule_id}").json()
    assert (len(shown["next_fires"]), shown["fires"]) == (10, [])
    # Pause and resume are idempotent: a second one answers 200 with the schedule, unchanged.
    paused = ann.post(f"/api/v1/schedules/{schedule_id}/pause")
    assert (paused.status_code, paused.json()["status"], paused.json()["next_fires"]) == (200, "paused", [])
    again = ann.post(f"/api/v1/schedules/{schedule_id}/pause")
    assert (again.status_code, again.json()) == (200, paused.json())
    resumed = ann.post(f"/api/v1/schedules/{schedule_id}/resume")
    assert (resumed.status_code, resumed.json()["status"], len(resumed.json()["next_fires"])) == (200, "active", 3)
    again = ann.post(f"/api/v1/schedules/{schedule_id}/resume")
    assert (again.status_code, again.json()) == (200, resumed.json())
    assert ann.delete(f"/api/v1/schedules/{schedule_id}").status_code == 204
    assert ann.get(f"/api/v1/schedules/{schedule_id}").status_code == 404
    no_trigger = ann.post("/api/v1/schedules", json={"plan": echo_plan()})
    assert (no_trigger.status_code, no_trigger.json()["error"]) == (422, {
        "code": "no_trigger", "details": None,
        "message": "the plan has no trigger; add one (time, interval, cron, ...), or run it now with POST "
                   "/api/v1/executions",
    })  # fmt: skip


# ------------------------------------------------------------------------------------- dead letters
def test_a_failed_step_is_a_dead_letter_its_owner_can_retry(server: LiveServer) -> None:
    ann = server.client("ann")
    plan = {"goal": "fail", "steps": [{"id": "explode", "tool": "boom", "args": {"reason": "no funds"}}]}
    execution_id = ann.post("/api/v1/executions", json={"plan": plan}).json()["execution_id"]
    wait_for(ann, execution_id, {"failed"})
    letters = [d for d in ann.get("/api/v1/dead-letters").json() if d["execution_id"] == execution_id]
    assert [(d["node_id"], d["error"], d["error_type"], d["owner"]) for d in letters] == [
        ("explode", "no funds", "USER_ERROR", "ann")
    ]
    entry_id = letters[0]["id"]
    assert entry_id not in [d["id"] for d in server.client("bob").get("/api/v1/dead-letters").json()]
    assert server.client("bob").post(f"/api/v1/dead-letters/{entry_id}/retry").status_code == 404
    retried = ann.post(f"/api/v1/dead-letters/{entry_id}/retry")
    assert (retried.status_code, retried.json()) == (202, {"dead_letter_id": entry_id, "status": "retrying"})


def test_a_dead_letter_of_an_execution_still_running_here_is_a_409_not_a_background_failure(
    server: LiveServer,
) -> None:
    import threading
    import time

    from tests.server.harness import GATES

    ann = server.client("ann")
    GATES["held"] = threading.Event()
    plan = {
        "goal": "fail one, hold the other",
        "steps": [
            {"id": "explode", "tool": "boom", "args": {"reason": "no funds"}, "on_failure": "skip"},
            {"id": "hold", "tool": "gate", "args": {"name": "held"}},
        ],
    }
    execution_id = ann.post("/api/v1/executions", json={"plan": plan}).json()["execution_id"]
    try:
        letters: list[dict[str, object]] = []
        for _ in range(2000):
            letters = [d for d in ann.get("/api/v1/dead-letters").json() if d["execution_id"] == execution_id]
            if letters:
                break
            time.sleep(0.01)
        [entry] = letters
        retried = ann.post(f"/api/v1/dead-letters/{entry['id']}/retry")
        assert (retried.status_code, retried.json()["error"]["code"], retried.json()["error"]["message"]) == (
            409, "execution_taken", f"execution {execution_id!r} is being run by this server now"
        )  # fmt: skip
    finally:
        GATES["held"].set()
    assert wait_for(ann, execution_id, {"completed"})["status"] == "completed"


# ------------------------------------------------------------------------------------- templates
def test_templates_are_filled_in_for_their_owner(server: LiveServer) -> None:
    import asyncio

    from plankit.compile import build_template
    from plankit.store import SqliteStore

    async def save() -> None:
        plan = {
            "goal": "greet",
            "steps": [{"id": "hi", "tool": "echo", "args": {"text": {"type": "param", "name": "who"}}}],
        }
        template = build_template(plan, "greeting", {"who": {"type": "string", "required": True}}, created_by="ann")
        async with SqliteStore(server.db) as store:
            await store.save_template(template)

    asyncio.run(save())
    assert [t["name"] for t in server.client("ann").get("/api/v1/templates").json()] == ["greeting"]
    assert server.client("bob").get("/api/v1/templates").json() == []
    filled = server.client("ann").post("/api/v1/templates/greeting/instantiate", json={"values": {"who": "Ada"}})
    assert filled.status_code == 200
    assert filled.json()["plan"]["steps"][0]["params"] == {"text": "Ada"}
    missing = server.client("ann").post("/api/v1/templates/greeting/instantiate", json={"values": {}})
    assert (missing.status_code, missing.json()["error"]["code"]) == (422, "invalid_values")
    assert server.client("bob").post("/api/v1/templates/greeting/instantiate", json={}).status_code == 404


# ------------------------------------------------------------------------------------ limits, headers
def test_security_headers_on_every_answer(server: LiveServer) -> None:
    for path in ("/health", "/", "/api/v1/plans"):
        headers = server.client().get(path).headers
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["content-security-policy"].startswith("default-src 'self'; script-src 'self';")
        assert "access-control-allow-origin" not in headers
    assert server.client().get("/api/v1/plans").headers["cache-control"] == "no-store"


def test_a_body_over_the_limit_is_413(server: LiveServer) -> None:
    huge = {"plan": {"goal": "x" * (1024 * 1024 + 10), "steps": []}}
    response = server.client("ann").post("/api/v1/lint", json=huge)
    assert (response.status_code, response.json()) == (
        413,
        _error(
            "body_too_large",
            "the request body is larger than 1048576 bytes; send a smaller plan",
            {"max_bytes": 1048576},
        ),
    )


def test_a_deeply_nested_plan_meets_the_loaders_limit(server: LiveServer) -> None:
    nested: Any = "x"
    for _ in range(300):
        nested = [nested]
    response = server.client("ann").post("/api/v1/lint", json={"plan": {"goal": "deep", "steps": [], "meta": nested}})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "invalid_plan"


def test_openapi_and_docs_are_served(server: LiveServer) -> None:
    schema = server.client().get("/openapi.json").json()
    assert {"/api/v1/plans", "/api/v1/executions/{execution_id}/events", "/api/v1/schedules"} <= set(schema["paths"])
    assert server.client().get("/docs").status_code == 200


def test_a_plan_may_be_sent_as_yaml_text(server: LiveServer) -> None:
    text = "goal: greet\nsteps:\n  - id: hello\n    tool: echo\n    args: {text: hi}\n"
    saved = server.client("ann").post("/api/v1/plans", json={"plan": text})
    assert saved.status_code == 201
    assert saved.json()["plan"]["steps"] == [
        {"id": "hello", "type": "action", "tool": "echo", "params": {"text": "hi"}}
    ]
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    bomb = "\n".join(lines) + "\n"
    refused = server.client("ann").post("/api/v1/lint", json={"plan": bomb})
    assert (refused.status_code, refused.json()["error"]["code"]) == (422, "invalid_plan")
    assert refused.json()["error"]["message"] == (
        "document holds more than 10000000 objects and arrays once its aliases are expanded"
    )
