"""Rule gating (plankit.lint._gates): every rule declares a gate, and a gate never hides a finding."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from tests.plan.strategies import plan_data, plans

from plankit.lint import RULES, LintContext, Linter, Policy
from plankit.lint._engine_codes import ENGINE_CODES
from plankit.lint._gates import GATES, is_simple
from plankit.plan import Plan, load_plan, plan_from_data
from plankit.tools import ToolRegistry, ToolSpec, load_tools

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lint"
NOW = datetime(2026, 1, 1, tzinfo=UTC)
RICH_POLICY = Policy(
    allow_tools=["notify.*", "db.*", "file.*", "http.*", "payments.*", "t*"],
    deny_tools=["http.delete"],
    bounds={"payments.transfer.amount": (0, 100), "t*.x": (0, 1), "a.b": (0, 1)},
    require_confirmation=["payments.*", "a*"],
    require_handler=["payments.*", "b*"],
    allow_recipients=["*@example.com"],
    allow_domains=["example.org"],
    env_allow=["PUBLIC_*"],
    max_steps=3,
    max_loop_iterations=5,
    max_wait_ms=10,
    max_parallel=1,
    max_slippage=0.5,
    supported_chains=[1],
)
RICH_TOOLS = ToolRegistry([ToolSpec(name="notify.email", params_schema={"required": ["to"]})])


def test_every_rule_declares_a_gate() -> None:
    """A new rule must say in GATES whether it can be skipped (``Gate()``: never)."""
    assert set(GATES) == set(RULES) - ENGINE_CODES


def _never_hides(plan: Plan, policy: Policy, tools: ToolRegistry | None) -> None:
    """Every rule a gate would skip finds nothing when run anyway."""
    by_tool: dict[tuple[str, str], Any] = {}
    for code, gate in GATES.items():
        ctx = LintContext(plan, policy, tools, NOW, by_tool)
        configured = gate.configured is None or gate.configured(policy, tools)
        if configured and (gate.applies is None or gate.applies(ctx)):
            continue
        found = list(RULES[code].check(LintContext(plan, policy, tools, NOW)))
        assert found == [], f"{code} is gated out but finds {found}"


def _fixture_cases() -> list[tuple[str, str]]:
    return [
        (folder.name, path.name) for folder in sorted(FIXTURES.iterdir()) for path in sorted(folder.glob("*_*.json"))
    ]


@pytest.mark.parametrize(("folder", "name"), _fixture_cases())
def test_no_gate_hides_a_finding_of_the_rule_fixtures(folder: str, name: str) -> None:
    policy_file, tools_file = FIXTURES / folder / "policy.json", FIXTURES / folder / "tools.json"
    policy = Policy.load(policy_file) if policy_file.exists() else Policy()
    tools = load_tools(tools_file) if tools_file.exists() else None
    plan = load_plan(FIXTURES / folder / name)
    _never_hides(plan, policy, tools)
    _never_hides(plan, RICH_POLICY, RICH_TOOLS)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_no_gate_hides_a_finding_on_generated_plans(plan: Plan) -> None:
    _never_hides(plan, Policy(), None)
    _never_hides(plan, RICH_POLICY, RICH_TOOLS)


def _simple_claims_hold(plan: Plan) -> bool:
    """A gate marked ``simple`` says no on a simple plan (the engine skips it there without asking); and the
    rule, run anyway, finds nothing. Returns whether the plan was simple."""
    for policy, tools in ((Policy(), None), (RICH_POLICY, RICH_TOOLS)):
        ctx = LintContext(plan, policy, tools, NOW)
        if not is_simple(ctx):
            return False
        for code, gate in GATES.items():
            if gate.simple:
                assert gate.applies is not None and not gate.applies(ctx), code
                assert list(RULES[code].check(LintContext(plan, policy, tools, NOW))) == [], code
    return True


def _simple_plan_data(data: dict[str, Any]) -> dict[str, Any]:
    """Leaf-only plan data made simple: its actions alone, no trigger."""
    data = {key: value for key, value in data.items() if key != "trigger"}
    data["steps"] = [step for step in data["steps"] if step["type"] == "action"]
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan_data(max_steps=5, max_depth=0).map(_simple_plan_data))
def test_a_simple_gate_says_no_on_every_simple_plan(data: dict[str, Any]) -> None:
    plan = plan_from_data(data)
    assert _simple_claims_hold(plan) == bool(plan.steps)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_simple_means_flat_with_steps_and_no_trigger(plan: Plan) -> None:
    flat = all(step.type == "action" and step.on_error is None for step in plan.steps)  # type: ignore[attr-defined]
    assert _simple_claims_hold(plan) == (flat and bool(plan.steps) and plan.trigger is None)


@pytest.mark.parametrize(("folder", "name"), _fixture_cases())
def test_the_simple_gates_hold_on_the_rule_fixtures(folder: str, name: str) -> None:
    _simple_claims_hold(load_plan(FIXTURES / folder / name))


def test_the_engine_skips_the_simple_gates_on_a_simple_plan_only() -> None:
    linter = Linter(RICH_POLICY)
    simple = {"steps": [{"id": "a", "tool": "notify.email", "args": {"to": "x@example.com"}}]}
    timed = {**simple, "trigger": {"type": "time", "at": "2020-01-01T00:00:00Z"}}
    assert [d.code for d in linter.lint(simple, now=NOW)] == []
    assert [d.code for d in linter.lint(timed, now=NOW)] == ["CONTRA_TIMING"]
    skipped = {rule.code for rule, _ in linter._checks} - {rule.code for rule, _ in linter._simple_checks}
    assert skipped == {code for code, gate in GATES.items() if gate.simple}


def test_a_gated_rule_still_fires_when_the_plan_has_its_feature() -> None:
    """Through the engine: the same linter skips a rule on a plan without the feature, and reports it on one
    with it (the per-tool verdicts the linter keeps do not leak from one plan to the next)."""
    linter = Linter(RICH_POLICY)
    plain = {"steps": [{"id": "a", "tool": "notify.email", "args": {"to": "x@example.com"}}]}
    loop = {"steps": [{"id": "l", "type": "loop", "max_iterations": 50, "body": {"id": "b", "tool": "notify.email"}}]}
    cycle = {"steps": [{"id": "a", "tool": "t", "depends_on": ["b"]}, {"id": "b", "tool": "t", "depends_on": ["a"]}]}
    refused = {"steps": [{"id": "a", "tool": "wire.send"}]}
    codes = lambda data: [d.code for d in linter.lint(data, now=NOW)]  # noqa: E731
    assert "LIMIT_EXCEEDED" not in codes(plain)
    assert "LIMIT_EXCEEDED" in codes(loop)
    assert "LOOP_DETECTED" not in codes(plain)
    assert "LOOP_DETECTED" in codes(cycle)
    assert "TOOL_DENY" not in codes(plain)
    assert "TOOL_DENY" in codes(refused)
    assert "TOOL_DENY" not in codes(plain)


def test_gated_and_ungated_runs_agree_on_the_examples() -> None:
    """Every rule, gated as the engine runs it and ungated, on the example plans: the same diagnostics."""
    examples = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))
    assert examples
    for path in examples:
        data = json.loads(path.read_text(encoding="utf-8"))
        linter = Linter(RICH_POLICY, tools=RICH_TOOLS)
        gated = linter.lint(data, now=NOW)
        linter._checks = [(rule, None) for rule in linter.rules]
        assert linter.lint(data, now=NOW) == gated, path.name


FEATURES: list[tuple[str, dict[str, Any]]] = [
    (
        "CONTRA_INFINITE",
        {
            "steps": [
                {
                    "id": "w",
                    "type": "wait",
                    "until": {"left": "{{context.x}}", "op": "eq", "right": 1},
                    "max_wait_ms": 40 * 24 * 3600 * 1000,
                }
            ]
        },
    ),
    (
        "LIMIT_EXCEEDED",
        {"steps": [{"id": "p", "type": "parallel", "steps": [{"id": f"c{i}", "tool": "t"} for i in range(3)]}]},
    ),
    ("CONTRA_TIMING", {"trigger": {"type": "time", "at": "2020-01-01T00:00:00Z"}, "steps": [{"id": "a", "tool": "t"}]}),
    ("CONTRA_TIMING", {"steps": [{"id": "w", "type": "wait", "duration_ms": 50, "max_wait_ms": 10}]}),
    (
        "CONTRA_OPPOSITE_COND",
        {
            "trigger": {
                "type": "condition",
                "when": {
                    "type": "logic",
                    "op": "and",
                    "conditions": [
                        {
                            "type": "compare",
                            "left": {"type": "runtime", "fn": "price", "args": []},
                            "op": "gt",
                            "right": 5,
                        },
                        {
                            "type": "compare",
                            "left": {"type": "runtime", "fn": "price", "args": []},
                            "op": "lt",
                            "right": 3,
                        },
                    ],
                },
            },
            "steps": [{"id": "a", "tool": "t"}],
        },
    ),
    ("UNKNOWN_REFERENCE", {"steps": [{"id": "a", "tool": "t", "params": {"p": "{{trigger.price}}"}}]}),
    ("UNKNOWN_REFERENCE", {"steps": [{"id": "a", "tool": "t", "depends_on": ["nope"]}]}),
    ("ENV_DENY", {"steps": [{"id": "a", "tool": "t", "params": {"k": "{{env.SECRET}}"}}]}),
    ("CONTRA_CIRCULAR", {"steps": [{"id": "a", "tool": "t", "params": {"k": "{{a.x}}"}}]}),
    (
        "CONTRA_CIRCULAR",
        {
            "steps": [
                {"id": "a", "tool": "t", "params": {"k": "{{b.x}}"}},
                {"id": "b", "tool": "t", "params": {"k": "{{a.x}}"}},
            ]
        },
    ),
    (
        "LOOP_DETECTED",
        {"steps": [{"id": "a", "tool": "t", "depends_on": ["a2"]}, {"id": "a2", "tool": "t", "depends_on": ["a"]}]},
    ),
    ("PATH_TRAVERSAL", {"steps": [{"id": "a", "tool": "file.read", "params": {"path": "../../etc/passwd"}}]}),
    (
        "CONTRA_BUY_SELL",
        {
            "steps": [
                {"id": "a", "tool": "dex.swap", "params": {"from_token": "ETH", "to_token": "USDC", "amount": 1}},
                {"id": "b", "tool": "dex.swap", "params": {"from_token": "USDC", "to_token": "ETH", "amount": 1}},
            ]
        },
    ),
    (
        "CONTRA_OVERSPEND",
        {
            "context": {"balances": {"USDC": 5}},
            "steps": [{"id": "a", "tool": "payments.transfer", "params": {"asset": "USDC", "amount": 50}}],
        },
    ),
    (
        "CONTRA_DUPLICATE",
        {"steps": [{"id": "a", "tool": "t", "params": {"x": 1}}, {"id": "b", "tool": "t", "params": {"x": 1}}]},
    ),
    ("BOUND_VIOLATION", {"steps": [{"id": "a", "tool": "payments.transfer", "params": {"amount": 500}}]}),
    (
        "CONTRA_SLIPPAGE",
        {"steps": [{"id": "a", "tool": "dex.swap", "params": {"sell": "ETH", "buy": "USDC", "slippage": 5}}]},
    ),
    ("CONTRA_CHAIN", {"steps": [{"id": "a", "tool": "bridge.transfer", "params": {"token": "USDC", "to_chain": 56}}]}),
    (
        "CONTRA_CHAIN",
        {
            "trigger": {
                "type": "onchain_event",
                "chain_id": 999,
                "contract_address": "0x" + "ab" * 20,
                "event_signature": "Transfer(address,address,uint256)",
            },
            "steps": [{"id": "a", "tool": "t"}],
        },
    ),
    ("TOOL_DENY", {"steps": [{"id": "a", "type": "llm", "prompt": "hi", "tools": ["http.delete"]}]}),
]


@pytest.mark.parametrize(("code", "data"), FEATURES)
def test_a_plan_with_the_feature_gets_the_finding(code: str, data: dict[str, Any]) -> None:
    policy = RICH_POLICY.model_copy(update={"max_steps": None})
    assert code in [d.code for d in Linter(policy, tools=RICH_TOOLS).lint(data, now=NOW)]
    _never_hides(plan_from_data(data), Policy(), None)
    _never_hides(plan_from_data(data), RICH_POLICY, RICH_TOOLS)
