"""Fuzz the whole engine (every registered rule included): no input makes validate_plan raise.

Valid plans are generated from a vocabulary of real tools, references, conditions and composite nodes;
arbitrary JSON and plan-shaped junk check the load path.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plankit.errors import PlanFormatError
from plankit.lint import Policy, Status, ValidationResult, validate_plan

NOW = datetime(2026, 1, 1, tzinfo=UTC)
IDS = [f"s{i}" for i in range(12)]
TOOLS = [
    "db.query_ro",
    "db.query",
    "payments.transfer",
    "payments.refund",
    "notify.email",
    "http.post",
    "file.write",
    "file.read",
    "shell.exec",
    "dex.swap",
    "bridge.send",
    "llm.ask",
]
STRINGS = [
    "SELECT created_at FROM t",
    "DROP TABLE users",
    "rm -rf /",
    "{{s1.result}}",
    "${s2.result.email}",
    "${{s3.result.balance}}",
    "team@example.com",
    "4111 1111 1111 1111",
    "../../etc/passwd",
    "AKIAIOSFODNN7EXAMPLE",
    "d41d8cd98f00b204e9800998ecf8427e",
    "{{context.api_key}}",
    "{{env.TOKEN}}",
    "",
]

json_scalars = (
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False, allow_infinity=False)
)
json_values = st.recursive(
    json_scalars | st.text(max_size=20) | st.sampled_from(STRINGS),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
params = st.dictionaries(
    st.sampled_from(["amount", "to", "query", "body", "path", "asset", "chain_id", "slippage", "args"]),
    st.one_of(st.sampled_from(STRINGS), st.integers(-5, 5000), st.floats(-1, 1e6, allow_nan=False), json_values),
    max_size=4,
)


def _ref_or_literal(draw: Any) -> Any:
    return draw(
        st.one_of(
            st.builds(lambda s: {"type": "step_output", "step_id": s, "path": "result.x"}, st.sampled_from(IDS)),
            st.builds(lambda v: {"type": "literal", "value": v}, st.integers(-10, 5000)),
            st.builds(lambda fn: {"type": "runtime", "fn": fn, "args": []}, st.sampled_from(["price", "timestamp"])),
        )
    )


@st.composite
def conditions(draw: Any) -> dict[str, Any]:
    op = draw(st.sampled_from(["gt", "gte", "lt", "lte", "eq", "neq"]))
    compare = {"type": "compare", "left": _ref_or_literal(draw), "op": op, "right": _ref_or_literal(draw)}
    if draw(st.booleans()):
        return compare
    other = {"type": "compare", "left": _ref_or_literal(draw), "op": "lt", "right": _ref_or_literal(draw)}
    return {"type": "logic", "op": draw(st.sampled_from(["and", "or"])), "conditions": [compare, other]}


@st.composite
def nodes(draw: Any, ids: list[str], depth: int = 0) -> dict[str, Any]:
    node_id = ids.pop()
    kind = draw(
        st.sampled_from(["action"] * 4 + (["if", "loop", "parallel", "wait"] if depth < 2 and len(ids) > 3 else []))
    )
    common: dict[str, Any] = {"id": node_id}
    if draw(st.booleans()):
        common["depends_on"] = draw(st.lists(st.sampled_from(IDS), max_size=2, unique=True))
    if kind == "action":
        node = {**common, "type": "action", "tool": draw(st.sampled_from(TOOLS)), "params": draw(params)}
        if draw(st.booleans()):
            node["require_confirmation"] = True
        if draw(st.booleans()):
            node["on_failure"] = draw(st.sampled_from([{"strategy": "skip"}, {"strategy": "retry", "max_attempts": 2}]))
        return node
    if kind == "if":
        return {**common, "type": "if", "condition": draw(conditions()), "then": draw(nodes(ids, depth + 1))}
    if kind == "loop":
        loop = {
            **common,
            "type": "loop",
            "body": draw(nodes(ids, depth + 1)),
            "max_iterations": draw(st.integers(1, 10**6)),
        }
        if draw(st.booleans()):
            loop["exit_when"] = draw(conditions())
        return loop
    if kind == "parallel":
        return {**common, "type": "parallel", "steps": [draw(nodes(ids, depth + 1)) for _ in range(2)]}
    wait = draw(
        st.sampled_from(
            [
                {"duration_ms": 1000},
                {"until_time": "2020-01-01T00:00:00Z"},
                {
                    "until": {
                        "type": "compare",
                        "left": {"type": "runtime", "fn": "price", "args": []},
                        "op": "gt",
                        "right": {"type": "literal", "value": 4000},
                    }
                },
            ]
        )
    )
    return {**common, "type": "wait", **wait, "max_wait_ms": draw(st.integers(1, 10**9))}


@st.composite
def plans(draw: Any) -> dict[str, Any]:
    ids = list(reversed(IDS))
    count = draw(st.integers(1, 6))
    steps = [draw(nodes(ids)) for _ in range(count) if len(ids) > 0]
    context = draw(
        st.dictionaries(st.sampled_from(["api_key", "user_id", "password", "balance"]), json_values, max_size=3)
    )
    return {"goal": "fuzz", "steps": steps, "context": context}


policies = st.sampled_from(
    [
        None,
        Policy(),
        Policy.from_data(
            {
                "allow_tools": ["db.*", "notify.*", "payments.*"],
                "bounds": {"payments.transfer.amount": [0.01, 1000]},
                "deny_tokens_regex": ["DROP TABLE"],
                "max_steps": 3,
                "require_handler": ["payments.*"],
                "require_confirmation": ["payments.*"],
                "allow_domains": ["example.com"],
                "max_slippage": 0.5,
                "supported_chains": [1],
                "balances": {"ETH": 1.0},
                "max_loop_iterations": 100,
                "max_wait_ms": 1000,
            }
        ),
    ]
)


def _check(result: ValidationResult) -> None:
    assert result.status in set(Status)
    assert 0.0 <= result.risk_score <= 1.0
    assert result.valid == (result.status is not Status.ERROR)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans(), policies)
def test_generated_plans_never_raise(plan: dict[str, Any], policy: Policy | None) -> None:
    result = validate_plan(plan, policy, now=NOW)
    _check(result)
    crashes = [d.message for d in result.diagnostics if d.code == "RULE_CRASHED"]
    assert crashes == []  # a built-in rule must not crash on a plan the IR accepts


@settings(max_examples=150, deadline=None)
@given(json_values.filter(lambda value: not isinstance(value, str)))
def test_arbitrary_json_never_raises(data: Any) -> None:
    # A top-level string is a file path to validate_plan, not a document: that case is tested below.
    _check(validate_plan(data, now=NOW))


def test_a_string_is_a_path_and_a_bad_one_is_a_format_error(tmp_path: Any) -> None:
    with pytest.raises(PlanFormatError, match="is a directory, not a plan file"):
        validate_plan(str(tmp_path))
    with pytest.raises(PlanFormatError, match="no such file"):
        validate_plan(str(tmp_path / "missing.json"))


plan_shaped = st.fixed_dictionaries(
    {
        "steps": st.lists(
            st.dictionaries(
                st.sampled_from(
                    [
                        "id",
                        "step_id",
                        "tool",
                        "args",
                        "parameters",
                        "depends_on",
                        "on_fail",
                        "type",
                        "steps",
                        "then",
                        "body",
                        "metadata",
                        "max_iterations",
                        "prompt",
                    ]
                ),
                json_values,
                max_size=6,
            ),
            max_size=5,
        )
    },
    optional={"goal": json_values, "context": json_values, "meta": json_values, "root": json_values},
)


@settings(max_examples=200, deadline=None)
@given(plan_shaped)
def test_plan_shaped_junk_never_raises(data: dict[str, Any]) -> None:
    try:
        _check(validate_plan(data, now=NOW))
    except PlanFormatError:  # pragma: no cover - only an unreadable document may raise, and data is read
        raise AssertionError("validate_plan raised on already-parsed data") from None
