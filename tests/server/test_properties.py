"""Property-based requests over every operation of the OpenAPI schema: whatever the body, path ids and
query values, the server never answers 500, and every error has the ``{"error": {code, message, details}}``
shape."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import LiveServer

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False)  # JSON has neither
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
PLANISH = st.fixed_dictionaries(
    {
        "goal": st.text(max_size=20),
        "steps": st.lists(
            st.fixed_dictionaries(
                {"id": st.text(max_size=6), "tool": st.sampled_from(["echo", "sleep", "nope", ""]), "args": JSON}
            ),
            max_size=3,
        ),
    }
)
BODY = st.one_of(
    JSON,
    st.fixed_dictionaries({"plan": st.one_of(PLANISH, JSON)}),
    st.fixed_dictionaries({"plan_id": st.text(max_size=30)}),
    st.fixed_dictionaries({"values": JSON, "save": st.booleans()}),
    st.fixed_dictionaries({"iteration": st.integers(-5, 5)}),
)
SEGMENT = st.text(alphabet=st.characters(codec="ascii", exclude_categories=("Cc",)), min_size=1, max_size=20)


def _operations(server: LiveServer) -> list[tuple[str, str]]:
    schema = server.client().get("/openapi.json").json()
    return sorted(
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if not path.endswith("/events")  # a stream: exercised in test_api
    )


def _check(response: Any) -> None:
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"}
        assert set(body["error"]) == {"code", "message", "details"}
        assert isinstance(body["error"]["code"], str) and isinstance(body["error"]["message"], str)


@pytest.mark.parametrize("user", ["root", "vic"])
def test_no_request_from_the_schema_gets_a_500(server: LiveServer, user: str) -> None:
    operations = _operations(server)
    assert ("POST", "/api/v1/executions") in operations and ("GET", "/api/v1/schedules/{schedule_id}") in operations
    client = server.client(user)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(
        operation=st.sampled_from(operations),
        body=BODY,
        segment=SEGMENT,
        limit=st.one_of(st.none(), st.integers(-3, 2000), st.text(max_size=4)),
    )
    def run(operation: tuple[str, str], body: Any, segment: str, limit: Any) -> None:
        method, template = operation
        path = re.sub(r"\{[^}]+\}", lambda _: segment.replace("/", "_").replace("?", "_").replace("#", "_"), template)
        params = {"limit": str(limit)} if limit is not None else None
        if method in ("POST", "PUT", "PATCH"):
            _check(client.request(method, path, json=body, params=params))
        else:
            _check(client.request(method, path, params=params))

    run()


def test_bodies_that_are_not_json_objects(server: LiveServer) -> None:
    client = server.client("root")
    for content in (b"", b"[]", b"null", b"\xff\xfe", b"[" * 5000 + b"]" * 5000, b'{"plan": ' * 3000):
        _check(client.post("/api/v1/lint", content=content, headers={"content-type": "application/json"}))
        _check(client.post("/api/v1/executions", content=content, headers={"content-type": "application/json"}))
