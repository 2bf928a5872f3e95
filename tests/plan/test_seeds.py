"""Every seed system's plan shape loads into the one IR, with the exact canonical form pinned.

Inputs are the seed pages' own examples (``tests/fixtures/seeds/<name>.json``); the expected canonical dump
of each is ``<name>.canonical.json`` (and ``<name>.tree.json`` for the tree shape). The golden files were
reviewed by hand against the seed pages: change them only when the canonical form changes on purpose.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from plankit.plan import (
    AbortPolicy,
    ActionNode,
    BalanceTrigger,
    CompareCondition,
    CompareOp,
    ConditionTrigger,
    CronTrigger,
    IfNode,
    ImmediateTrigger,
    IntervalTrigger,
    LiteralValue,
    LlmNode,
    LoopNode,
    OnChainEventTrigger,
    ParallelNode,
    PlanGraph,
    PlanStatus,
    PriceTrigger,
    Reference,
    RetryPolicy,
    RuntimeFn,
    RuntimeRef,
    SequenceNode,
    SkipPolicy,
    StepOutputRef,
    TimeTrigger,
    WaitNode,
    _normalize,
    dump_plan,
    load_plan,
    loads_plan,
    plan_from_data,
)

SEEDS = Path(__file__).resolve().parent.parent / "fixtures" / "seeds"
NAMES = sorted(path.name.removesuffix(".json") for path in SEEDS.glob("*.json") if path.name.count(".") == 1)


def test_every_seed_fixture_is_listed() -> None:
    assert NAMES == [
        "cortex_execution_plan",
        "planlint_monthly_statement",
        "planlint_on_fail",
        "planlint_refund",
        "stepchain_data_pipeline",
        "stepchain_step",
        "tree_cron_plan",
    ]


@pytest.mark.parametrize("name", NAMES)
def test_seed_dumps_to_its_golden_canonical_form(name: str) -> None:
    plan = load_plan(SEEDS / f"{name}.json")
    assert dump_plan(plan) == (SEEDS / f"{name}.canonical.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_golden_canonical_form_loads_back_to_the_same_plan(name: str) -> None:
    plan = load_plan(SEEDS / f"{name}.json")
    assert load_plan(SEEDS / f"{name}.canonical.json") == plan
    assert loads_plan(dump_plan(plan, shape="tree")) == plan


def test_tree_plan_dumps_to_its_golden_tree_form() -> None:
    plan = load_plan(SEEDS / "tree_cron_plan.json")
    assert dump_plan(plan, shape="tree") == (SEEDS / "tree_cron_plan.tree.json").read_text(encoding="utf-8")


def test_yaml_spelling_of_a_seed_loads_to_the_same_plan(tmp_path: Path) -> None:
    data = json.loads((SEEDS / "planlint_monthly_statement.json").read_text(encoding="utf-8"))
    path = tmp_path / "statement.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert load_plan(path) == load_plan(SEEDS / "planlint_monthly_statement.json")


# ------------------------------------------------------------------------------------------- plan-lint
def test_monthly_statement_parameters_and_references() -> None:
    plan = load_plan(SEEDS / "planlint_monthly_statement.json")
    first, second = plan.steps
    assert isinstance(first, ActionNode) and isinstance(second, ActionNode)
    assert (first.tool, second.tool) == ("db.query_ro", "notify.email")
    assert first.params == {
        "query": "SELECT balance, email FROM accounts WHERE user_id = $1",
        "args": ["user-123"],
    }
    assert second.depends_on == ["step1"]
    assert second.on_failure is None
    assert plan.context == {"user_id": "user-123", "month": "January 2025"}
    assert plan.meta == {"planner": "gpt-4o", "created_at": "2025-01-01T00:00:00Z"}
    graph = PlanGraph.of(plan)
    assert graph.references["step2"] == (
        Reference("step1", "result.email", "$.steps[1].params.to", "template", "{{step1.result.email}}"),
        # "${{...}}" is a literal "$" followed by the reference.
        Reference("step1", "result.balance", "$.steps[1].params.body", "template", "{{step1.result.balance}}"),
    )
    assert [(edge.source, edge.target, edge.kind) for edge in graph.edges] == [
        ("step1", "step2", "depends_on"),
        ("step1", "step2", "reference"),
        ("step1", "step2", "reference"),
    ]


def test_refund_plan_args_and_on_fail_abort() -> None:
    plan = load_plan(SEEDS / "planlint_refund.json")
    assert plan.goal == "Process customer refund"
    assert plan.steps == [
        ActionNode(id="step1", tool="db.query", params={"query": "SELECT * FROM users"}, on_failure=AbortPolicy()),
        ActionNode(
            id="step2", tool="notify.email", params={"to": "user@example.com", "body": "Your refund is processed"}
        ),
    ]
    assert plan.context == {"user_id": "123"}
    # An e-mail address is not a reference, whatever the step ids are.
    assert PlanGraph.of(plan).edges == []


def test_plan_lint_on_fail_continue_becomes_skip() -> None:
    plan = load_plan(SEEDS / "planlint_on_fail.json")
    assert [step.on_failure for step in plan.steps] == [AbortPolicy(), SkipPolicy()]
    assert plan.steps[1].depends_on == ["step0"]
    assert plan.steps[0].params == {"query": "SELECT email FROM users WHERE id = $1", "args": ["user-456"]}  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------- stepchain
def test_data_pipeline_steps_are_llm_nodes_in_dependency_order() -> None:
    plan = load_plan(SEEDS / "stepchain_data_pipeline.json")
    assert plan.id == "data-pipeline"
    assert plan.meta == {"project": "Q4 Analysis"}
    assert plan.steps == [
        LlmNode(id="fetch", prompt="Fetch data from API"),
        LlmNode(id="process", prompt="Process the data", depends_on=["fetch"]),
        LlmNode(id="report", prompt="Generate report", depends_on=["process"]),
    ]
    assert PlanGraph.of(plan).topological_order() == ["fetch", "process", "report"]


def test_stepchain_retries_timeout_tools_and_metadata() -> None:
    plan = load_plan(SEEDS / "stepchain_step.json")
    assert plan.meta == {"owner_team": "analytics"}
    assert plan.steps == [
        LlmNode(id="fetch_data", prompt="Fetch the sales data"),  # max_retries 0: no retry policy
        LlmNode(
            id="analyze_data",
            prompt="Analyze the sales data and identify trends",
            tools=["python_code", "data_visualization"],
            depends_on=["fetch_data"],
            on_failure=RetryPolicy(max_attempts=4),  # max_retries 3 = 4 attempts in all
            timeout_ms=30_000,  # timeout is in seconds
            metadata={"priority": "high"},
        ),
        LlmNode(id="summarize", prompt="Summarize the trends", depends_on=["analyze_data"], timeout_ms=1_500),
    ]


# ---------------------------------------------------------------------------------------------- corteX
def test_cortex_plan_ids_descriptions_and_runtime_state() -> None:
    plan = load_plan(SEEDS / "cortex_execution_plan.json")
    assert plan.id == "plan-7f3a"
    assert plan.revision == 1
    assert plan.created_at == datetime(2025, 1, 1, tzinfo=UTC)
    design, implement, test = plan.steps
    assert design == LlmNode(
        id="design",
        prompt="Design the REST endpoints and the auth flow",
        expected_outcome="An endpoint list and an auth sequence diagram",
        tools=["code_writer"],
        on_failure=RetryPolicy(max_attempts=3),
        metadata={"status": "completed", "retry_count": 0, "result": "5 endpoints, JWT auth", "error": None},
    )
    assert implement.depends_on == ["design"]
    assert implement.metadata == {
        "status": "failed",
        "retry_count": 1,
        "result": None,
        "error": "compile error in auth.py",
    }
    assert test.tools == ["code_writer", "test_runner"]  # type: ignore[union-attr]
    assert test.depends_on == ["implement"]


# ------------------------------------------------------------------------------------------------ tree
def test_tree_plan_top_level_fields_and_cron_trigger() -> None:
    plan = load_plan(SEEDS / "tree_cron_plan.json")
    assert (plan.id, plan.owner, plan.status) == ("plan-dca-eth", "user-42", PlanStatus.VALIDATED)
    assert plan.created_at == datetime(2026, 1, 1, tzinfo=UTC)  # createdAt in epoch milliseconds
    assert plan.trigger == CronTrigger(expression="0 9 * * 1", timezone="America/New_York", max_runs=52)
    assert plan.tags == ["dca", "eth", "scheduled"]
    assert plan.natural_language is not None and plan.natural_language.startswith("Every Monday")
    assert [step.id for step in plan.steps] == ["main"]


def test_tree_plan_nodes_in_camel_case() -> None:
    plan = load_plan(SEEDS / "tree_cron_plan.json")
    main = plan.steps[0]
    assert isinstance(main, SequenceNode) and main.on_failure == AbortPolicy()
    quotes, cheap, wait_gas, settle, bridge = main.steps
    assert isinstance(quotes, ParallelNode) and quotes.allow_partial_failure is True
    assert quotes.steps[0].timeout_ms == 5000
    assert isinstance(cheap, IfNode)
    assert cheap.condition == CompareCondition(
        left=StepOutputRef(step_id="eth_price", path="usd"),
        op=CompareOp.LT,
        right=LiteralValue(value=4000),
        label="ETH < $4000",
    )
    buy_double = cheap.then
    assert isinstance(buy_double, ActionNode) and buy_double.require_confirmation is True
    assert buy_double.on_failure == RetryPolicy(max_attempts=3, delay_ms=2000, backoff_multiplier=2)
    # stepId inside params is spelled the canonical way; the other param keys are user data, kept as written.
    assert buy_double.params["maxPrice"] == {"type": "step_output", "step_id": "eth_price", "path": "usd"}
    assert buy_double.params["amountUsd"] == 200
    assert buy_double.on_error is not None and buy_double.on_error.id == "notify_fail"
    assert cheap.else_ is not None and cheap.else_.id == "buy"
    assert isinstance(wait_gas, LoopNode)
    assert (wait_gas.max_iterations, wait_gas.delay_ms, wait_gas.body.id) == (24, 300_000, "check_gas")
    assert wait_gas.exit_when is not None and wait_gas.exit_when.left == StepOutputRef(step_id="check_gas", path="gwei")  # type: ignore[union-attr]
    assert isinstance(settle, WaitNode)
    assert (settle.until_time, settle.poll_interval_ms, settle.max_wait_ms) == (
        datetime(2026, 1, 5, 15, tzinfo=UTC),
        30_000,
        3_600_000,
    )
    assert bridge.on_failure == SkipPolicy(reason="bridging can wait for next week")
    assert bridge.timeout_ms == 600_000


def test_tree_plan_graph_lifts_references_and_allows_its_self_reads() -> None:
    graph = PlanGraph.of(load_plan(SEEDS / "tree_cron_plan.json"))
    # exit_when reading the loop body and the on_error handler reading its action are both legal.
    assert graph.cycles() == []
    assert graph.dangling == []
    assert sorted({(edge.source, edge.target, edge.kind) for edge in graph.edges}) == [
        ("cheap", "bridge", "reference"),  # ${buy.amountOut}: buy is inside cheap
        ("cheap", "wait_gas", "sequence"),
        ("quotes", "cheap", "reference"),  # the condition reads eth_price, inside quotes
        ("quotes", "cheap", "sequence"),
        ("settle", "bridge", "sequence"),
        ("wait_gas", "settle", "sequence"),
    ]
    assert graph.topological_order() == [
        "main",
        "quotes",
        "eth_price",
        "gas",
        "cheap",
        "buy_double",
        "notify_fail",
        "buy",
        "wait_gas",
        "check_gas",
        "settle",
        "bridge",
    ]


_CAMEL_TRIGGERS = [
    ({"type": "time", "at": "2026-03-06T17:00:00Z"}, TimeTrigger(at=datetime(2026, 3, 6, 17, tzinfo=UTC))),
    (
        {
            "type": "interval",
            "everyMs": 3_600_000,
            "startAt": "2026-01-01T00:00:00Z",
            "endAt": "2026-02-01T00:00:00Z",
            "maxRuns": 10,
        },
        IntervalTrigger(
            every_ms=3_600_000,
            start_at=datetime(2026, 1, 1, tzinfo=UTC),
            end_at=datetime(2026, 2, 1, tzinfo=UTC),
            max_runs=10,
        ),
    ),
    (
        {
            "type": "condition",
            "pollIntervalMs": 30_000,
            "expiresAfterMs": 86_400_000,
            "recurring": True,
            "when": {
                "type": "compare",
                "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
                "op": "gt",
                "right": {"type": "literal", "value": 4000},
            },
        },
        ConditionTrigger(
            when=CompareCondition(
                left=RuntimeRef(fn=RuntimeFn.PRICE, args=[LiteralValue(value="ETH")]),
                op=CompareOp.GT,
                right=LiteralValue(value=4000),
            ),
            poll_interval_ms=30_000,
            expires_after_ms=86_400_000,
            recurring=True,
        ),
    ),
    ({"type": "immediate"}, ImmediateTrigger()),
    (
        {"type": "cron", "expression": "0 9 * * 1", "timezone": "Europe/Paris", "maxRuns": 4},
        CronTrigger(expression="0 9 * * 1", timezone="Europe/Paris", max_runs=4),
    ),
    (
        {
            "type": "price",
            "token": "ETH",
            "condition": "crosses",
            "threshold": 4000,
            "hysteresisPercent": 2.5,
            "cooldownMs": 60_000,
            "recurring": True,
        },
        PriceTrigger(
            token="ETH", condition="crosses", threshold=4000, hysteresis_percent=2.5, cooldown_ms=60_000, recurring=True
        ),
    ),
    (
        {
            "type": "onchain_event",
            "chainId": 1,
            "contractAddress": "0x" + "ab" * 20,
            "eventSignature": "Transfer(address,address,uint256)",
            "topicFilters": [None, "0x" + "0" * 64],
            "recurring": True,
        },
        OnChainEventTrigger(
            chain_id=1,
            contract_address="0x" + "ab" * 20,
            event_signature="Transfer(address,address,uint256)",
            topic_filters=[None, "0x" + "0" * 64],
            recurring=True,
        ),
    ),
    (
        {"type": "balance", "token": "USDC", "chainId": 10, "condition": "below", "threshold": 50, "recurring": True},
        BalanceTrigger(token="USDC", chain_id=10, condition="below", threshold=50, recurring=True),
    ),
]


@pytest.mark.parametrize(("trigger", "expected"), _CAMEL_TRIGGERS, ids=[t["type"] for t, _ in _CAMEL_TRIGGERS])
def test_every_trigger_loads_from_camel_case(trigger: dict[str, object], expected: object) -> None:
    plan = plan_from_data({"name": "t", "trigger": trigger, "root": {"type": "action", "id": "a", "tool": "x"}})
    assert plan.trigger == expected
    assert loads_plan(dump_plan(plan, shape="tree")) == plan


def test_trigger_defaults_follow_the_typescript_seed() -> None:
    plan = plan_from_data(
        {"steps": [], "trigger": {"type": "price", "token": "ETH", "condition": "above", "threshold": 1}}
    )
    assert plan.trigger == PriceTrigger(
        token="ETH", condition="above", threshold=1, hysteresis_percent=1.0, cooldown_ms=300_000, recurring=False
    )
    assert plan_from_data({"steps": [], "trigger": {"type": "cron", "expression": "* * * * *"}}).trigger == CronTrigger(
        expression="* * * * *", timezone="UTC"
    )
    balance = plan_from_data(
        {"steps": [], "trigger": {"type": "balance", "token": "X", "condition": "above", "threshold": 0}}
    )
    assert balance.trigger == BalanceTrigger(token="X", chain_id=8453, condition="above", threshold=0)
    wait = plan_from_data({"steps": [{"type": "wait", "id": "w", "durationMs": 5}]}).steps[0]
    assert (wait.poll_interval_ms, wait.max_wait_ms) == (60_000, 86_400_000)  # type: ignore[union-attr]


def test_bare_array_of_steps_is_a_plan() -> None:
    plan = loads_plan('[{"id": "a", "tool": "echo"}, {"id": "b", "tool": "echo", "depends_on": ["a"]}]')
    assert plan.steps == [ActionNode(id="a", tool="echo"), ActionNode(id="b", tool="echo", depends_on=["a"])]


def test_bare_condition_operands_are_typed() -> None:
    plan = plan_from_data(
        {
            "steps": [
                {"id": "a", "tool": "price"},
                {"id": "w", "type": "wait", "until": {"left": "{{a.usd}}", "op": "gte", "right": 4000}},
                {
                    "id": "v",
                    "type": "wait",
                    "until": {"type": "compare", "left": "${env.LIMIT}", "op": "lt", "right": "x"},
                },
            ]
        }
    )
    assert plan.steps[1].until == CompareCondition(  # type: ignore[union-attr]
        left=StepOutputRef(step_id="a", path="usd"), op=CompareOp.GTE, right=LiteralValue(value=4000)
    )
    assert plan.steps[2].until.left.model_dump() == {"type": "env", "key": "LIMIT"}  # type: ignore[union-attr]


_NODE_SPELLINGS = ["id", "step_id", "stepId", "tool", "args", "parameters", "params", "on_fail", "onFailure",
                   "on_failure", "depends_on", "dependencies", "dependsOn", "max_retries", "timeout", "timeoutMs",
                   "description", "prompt", "tools_needed", "else_", "retry_count", "status", "expected_outcome",
                   "type", "steps", "condition", "then", "body", "until", "duration_ms", "label", "metadata"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_NODE_SPELLINGS), unique=True, min_size=1, max_size=8), st.data())
def test_nodes_renamed_by_their_key_layout_match_the_key_by_key_renaming(
    keys: list[str], data: st.DataObject
) -> None:
    # The loader remembers how each layout of node keys is renamed; the result must be the general path's.
    values = data.draw(st.lists(st.sampled_from([1, 0, -1, 2.5, "abort", "x", None]), min_size=len(keys),
                                max_size=len(keys)))
    raw = dict(zip(keys, values, strict=True))
    remembered = [_normalize._normalize_node(raw), _normalize._normalize_node(raw)]  # learn, then use
    saved = dict(_normalize._NODE_KEYS)
    _normalize._NODE_KEYS.clear()
    try:
        _normalize._NODE_KEYS_CACHED = 0  # nothing remembered: every key renamed one by one
        general = _normalize._normalize_node(raw)
    finally:
        _normalize._NODE_KEYS_CACHED = 1024
        _normalize._NODE_KEYS.update(saved)
    assert [list(node.items()) for node in remembered] == [list(general.items())] * 2
