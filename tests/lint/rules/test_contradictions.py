"""The contradiction rules: exact findings on fixture plans, edge cases, and 10,000-step plans."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.lint.rules._support import FIXTURES, fixture_findings, run_rule

import plankit.lint.rules  # noqa: F401  (registers the rules)
from plankit.errors import PlanFormatError
from plankit.lint import RULES, Finding, LintContext, Policy, Severity
from plankit.lint.rules import _contradictions
from plankit.lint.rules._contradictions import exclusive, first_coexisting
from plankit.plan import PlanGraph, load_plan, plan_from_data

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CODES = (
    "CONTRA_BUY_SELL",
    "CONTRA_OVERSPEND",
    "CONTRA_OPPOSITE_COND",
    "CONTRA_TIMING",
    "CONTRA_DUPLICATE",
    "CONTRA_SLIPPAGE",
    "CONTRA_CHAIN",
)
WARNING = Severity.WARNING
ROUND_TRIP_HINT = "keep one of the two trades, or put them in the then/else branches of one if"
UNTIL_HINT = "fix until_time (times are UTC unless they carry an offset)"
CONTRADICT_HINT = "fix the comparisons (they contradict each other), or remove the if"
CONSTANT_HINT = "compare a value known only at run time, or replace the if by its then-branch"


def check(code: str, name: str) -> list[Finding]:
    return fixture_findings(code, name, now=NOW)


def check_data(code: str, data: object, policy: Policy | None = None) -> list[Finding]:
    return run_rule(code, data, policy, now=NOW)


def act(node_id: str, tool: str, **params: object) -> dict[str, object]:
    return {"id": node_id, "type": "action", "tool": tool, "params": params}


def price(token: str = "ETH") -> dict[str, object]:
    return {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": token}]}


def compare(left: object, op: str, right: object) -> dict[str, object]:
    return {"type": "compare", "left": left, "op": op, "right": right}


GOOD = [(code, path.stem) for code in CODES for path in sorted((FIXTURES / code).glob("good_*.json"))]


@pytest.mark.parametrize(("code", "name"), GOOD)
def test_good_fixtures_have_no_findings(code: str, name: str) -> None:
    assert check(code, name) == []


@pytest.mark.parametrize("code", CODES)
def test_every_rule_has_good_and_bad_fixtures_and_documented_sections(code: str) -> None:
    folder = FIXTURES / code
    assert list(folder.glob("good_*.json")) and list(folder.glob("bad_*.json"))
    for section in ("What it does:", "Why is this bad:", "Example", "Use instead:"):
        assert section in RULES[code].doc, (code, section)


def test_registration() -> None:
    found = {code: (RULES[code].name, RULES[code].severity) for code in CODES}
    assert found == {
        "CONTRA_BUY_SELL": ("buy-and-sell-same-asset", Severity.WARNING),
        "CONTRA_OVERSPEND": ("spends-more-than-balance", Severity.ERROR),
        "CONTRA_OPPOSITE_COND": ("opposite-conditions", Severity.ERROR),
        "CONTRA_TIMING": ("impossible-timing", Severity.ERROR),
        "CONTRA_DUPLICATE": ("duplicate-action", Severity.WARNING),
        "CONTRA_SLIPPAGE": ("slippage-conflict", Severity.ERROR),
        "CONTRA_CHAIN": ("unsupported-chain", Severity.ERROR),
    }


# ========================================================================================= structure
def test_exclusive_nodes() -> None:
    plan = plan_from_data(
        {
            "steps": [
                {
                    "id": "gate",
                    "type": "if",
                    "condition": compare(price(), "gt", 1),
                    "then": {"id": "t", "type": "sequence", "steps": [act("t1", "x"), act("t2", "x")]},
                    "else": act("e", "x"),
                },
                {**act("swap", "defi_swap"), "on_error": act("handler", "notify.push")},
                act("after", "x"),
            ]
        }
    )
    graph = PlanGraph.of(plan)
    assert exclusive(graph, "t1", "e") and exclusive(graph, "e", "t2")
    assert exclusive(graph, "swap", "handler") and exclusive(graph, "handler", "swap")
    assert not exclusive(graph, "t1", "t2")
    assert not exclusive(graph, "gate", "t1")
    assert not exclusive(graph, "t1", "after")
    assert not exclusive(graph, "handler", "after")


def test_first_coexisting_skips_pairs_split_by_an_if() -> None:
    plan = plan_from_data(
        {
            "steps": [
                {
                    "id": "g1",
                    "type": "if",
                    "condition": compare(price(), "gt", 1),
                    "then": act("b1", "x"),
                    "else": act("s1", "x"),
                },
                {
                    "id": "g2",
                    "type": "if",
                    "condition": compare(price(), "gt", 2),
                    "then": act("b2", "x"),
                    "else": act("s2", "x"),
                },
            ]
        }
    )
    graph = PlanGraph.of(plan)
    always = lambda left, right: True  # noqa: E731
    assert first_coexisting(graph, [("b1", 0, None), ("s1", 1, None)], always) is None
    assert first_coexisting(graph, [("b1", 0, None), ("s1", 1, None), ("s2", 1, None)], always) == ("b1", "s2")
    never = lambda left, right: False  # noqa: E731
    assert first_coexisting(graph, [("b1", 0, None), ("s2", 1, None)], never) is None


# ========================================================================================== buy/sell
def test_round_trip_swaps() -> None:
    assert check("CONTRA_BUY_SELL", "bad_round_trip") == [
        Finding(
            "'buy' buys ETH with USDC and 'sell' sells ETH for USDC in the same run: a round trip that only pays "
            "fees and slippage",
            "sell",
            "$.steps[1].params.token_in",
            ROUND_TRIP_HINT,
        )
    ]


def test_exchange_sides_and_pairs() -> None:
    assert check("CONTRA_BUY_SELL", "bad_exchange_sides") == [
        Finding(
            "'long' buys BTC with USDT and 'short' sells BTC in the same run: a round trip that only pays fees and "
            "slippage",
            "short",
            "$.steps[0].steps[1].params.symbol",
            ROUND_TRIP_HINT,
        ),
        Finding(
            "'more' buys SOL with USDC and 'less' sells SOL for USDC in the same run: a round trip that only pays "
            "fees and slippage",
            "less",
            "$.steps[0].steps[3].params.token",
            ROUND_TRIP_HINT,
        ),
    ]


def test_a_trade_and_its_own_failure_handler_are_not_a_round_trip() -> None:
    data = {
        "steps": [
            {
                **act("buy", "defi_swap", from_token="USDC", to_token="ETH"),
                "on_error": act("undo", "defi_swap", from_token="ETH", to_token="USDC"),
            }
        ]
    }
    assert check_data("CONTRA_BUY_SELL", data) == []


def test_a_reference_stands_for_one_asset_and_different_references_are_not_assumed_equal() -> None:
    same = {
        "steps": [
            act("buy", "defi_swap", from_token="USDC", to_token="{{pick.token}}"),
            act("sell", "defi_swap", from_token="{{pick.token}}", to_token="USDC"),
        ]
    }
    assert [(f.node_id, f.path) for f in check_data("CONTRA_BUY_SELL", same)] == [
        ("sell", "$.steps[1].params.from_token")
    ]
    routed = {
        "steps": [
            act("buy", "defi_swap", from_token="USDC", to_token="{{pick.token}}"),
            act("sell", "defi_swap", from_token="{{other.token}}", to_token="USDC"),
        ]
    }
    assert check_data("CONTRA_BUY_SELL", routed) == []


# ========================================================================================= overspend
def test_loop_multiplies_spending() -> None:
    assert check("CONTRA_OVERSPEND", "bad_loop_overspend") == [
        Finding(
            "the plan may spend 200 USDC (by 'buy'), more than the balance of 100 USDC (context.balances.usdc)",
            None,
            "$.steps",
            "spend at most 100 USDC in one run, or take the amount from a balance step",
        )
    ]


def test_branches_take_the_larger_and_references_are_not_counted() -> None:
    assert check("CONTRA_OVERSPEND", "bad_branches_and_transfers") == [
        Finding(
            "the plan may spend 1.1 ETH (by 'rent', 'big', 'small'), more than the balance of 1 ETH (the policy's "
            "balances.ETH)",
            None,
            "$.steps",
            "spend at most 1 ETH in one run, or take the amount from a balance step",
        )
    ]


def test_decimal_sums_are_exact_and_the_policy_balance_wins() -> None:
    steps = [act(f"t{i}", "wallet.transfer", token="ETH", amount=0.1) for i in range(3)]
    data = {"steps": steps, "context": {"balances": {"ETH": 0.2}}}
    assert check_data("CONTRA_OVERSPEND", data, Policy(balances={"eth": 0.3})) == []
    assert [f.message for f in check_data("CONTRA_OVERSPEND", data)] == [
        "the plan may spend 0.3 ETH (by 't0', 't1', 't2'), more than the balance of 0.2 ETH (context.balances.ETH)"
    ]


def test_handler_spend_counts_only_when_larger() -> None:
    data = {
        "context": {"balances": {"USDC": 100}},
        "steps": [
            {
                **act("pay", "payments.pay", currency="USDC", amount=60),
                "on_error": act("fallback", "payments.pay", currency="USDC", amount=90),
            },
            act("fee", "payments.pay", currency="USDC", amount=20),
        ],
    }
    assert [f.message for f in check_data("CONTRA_OVERSPEND", data)] == [
        "the plan may spend 110 USDC (by 'pay', 'fallback', 'fee'), more than the balance of 100 USDC "
        "(context.balances.USDC)"
    ]


# ======================================================================================== conditions
def test_unsatisfiable_conditions() -> None:
    assert check("CONTRA_OPPOSITE_COND", "bad_unsatisfiable") == [
        Finding(
            'the trigger\'s condition (price("BTC") >= 70000 and not (price("BTC") > 60000)) can never be true: the '
            "plan never starts",
            None,
            "$.trigger.when",
            "fix the comparisons (they contradict each other)",
        ),
        Finding(
            "the condition of 'check' ({{quote.price}} > 5 and {{quote.price}} < 3) can never be true: its "
            "then-branch 'sell' is unreachable",
            "check",
            "$.steps[0].condition",
            CONTRADICT_HINT,
        ),
        Finding(
            'the condition of \'side\' (env.SIDE == "buy" and env.SIDE == "sell") can never be true: its '
            "then-branch 'trade' is unreachable",
            "side",
            "$.steps[1].condition",
            CONTRADICT_HINT,
        ),
        Finding(
            "wait 'never' waits for a condition that can never be true ({{quote.a}} > {{quote.b}} and {{quote.b}} > "
            "{{quote.a}}): it always times out after 86400000 ms",
            "never",
            "$.steps[2].until",
            "fix the comparisons (they contradict each other)",
        ),
    ]


def test_constant_conditions() -> None:
    assert check("CONTRA_OPPOSITE_COND", "bad_constant") == [
        Finding(
            "the condition of 'always' (1 < 2) is always true: its else-branch 'no' is unreachable",
            "always",
            "$.steps[0].condition",
            CONSTANT_HINT,
            WARNING,
        ),
        Finding(
            'the condition of \'pointless\' (price("ETH") > 1 or "a" == "a") is always true: the if is redundant',
            "pointless",
            "$.steps[1].condition",
            CONSTANT_HINT,
            WARNING,
        ),
        Finding(
            "the condition of 'never-lit' (\"4000\" < 3000) can never be true: its then-branch 'nope' is unreachable",
            "never-lit",
            "$.steps[2].condition",
            CONTRADICT_HINT,
        ),
    ]


def test_nested_ifs_against_their_ancestors() -> None:
    assert check("CONTRA_OPPOSITE_COND", "bad_nested") == [
        Finding(
            "the condition of 'below-3000' (price(\"ETH\") < 3000) contradicts the enclosing if 'above-4000': its "
            "then-branch 'panic' is unreachable",
            "below-3000",
            "$.steps[0].then.steps[0].condition",
            "check the comparison operators and thresholds of the nested conditions",
        ),
        Finding(
            "the condition of 'above-3000' (price(\"ETH\") > 3000) always holds inside the enclosing if "
            "'above-4000': its else-branch 'odd' is unreachable",
            "above-3000",
            "$.steps[0].then.steps[1].condition",
            "remove the inner if (keep its then-branch), or fix the thresholds",
            WARNING,
        ),
        Finding(
            "the condition of 'above-5000' (price(\"ETH\") >= 5000) contradicts the enclosing if 'above-4000': its "
            "then-branch 'moon' is unreachable",
            "above-5000",
            "$.steps[0].else.condition",
            "check the comparison operators and thresholds of the nested conditions",
        ),
    ]


def test_a_missing_value_is_never_silently_true() -> None:
    # "x > 5 or x <= 5" is false when x is missing, so the else branch is reachable: no finding.
    either = {"type": "logic", "op": "or", "conditions": [compare("{{a.x}}", "gt", 5), compare("{{a.x}}", "lte", 5)]}
    # not(x > 5) is not "x is anything but above 5": a missing x makes it unknown too.
    negated = {"type": "logic", "op": "not", "conditions": [compare("{{a.x}}", "gt", 5)]}
    data = {
        "steps": [
            act("a", "x"),
            {"id": "i1", "type": "if", "condition": either, "then": act("t1", "x"), "else": act("e1", "x")},
            {"id": "i2", "type": "if", "condition": negated, "then": act("t2", "x"), "else": act("e2", "x")},
        ]
    }
    assert check_data("CONTRA_OPPOSITE_COND", data) == []


def test_stable_facts_survive_a_wait_but_runtime_ones_do_not() -> None:
    inner = {"id": "inner", "type": "if", "condition": compare("{{q.p}}", "lt", 3), "then": act("t", "x")}
    inner_price = {"id": "inner-p", "type": "if", "condition": compare(price(), "lt", 3), "then": act("tp", "x")}
    data = {
        "steps": [
            act("q", "x"),
            {
                "id": "outer",
                "type": "if",
                "condition": {
                    "type": "logic",
                    "op": "and",
                    "conditions": [compare("{{q.p}}", "gt", 5), compare(price(), "gt", 5)],
                },
                "then": {
                    "id": "seq",
                    "type": "sequence",
                    "steps": [{"id": "w", "type": "wait", "duration_ms": 10}, inner, inner_price],
                },
            },
        ]
    }
    assert [(f.node_id, f.severity) for f in check_data("CONTRA_OPPOSITE_COND", data)] == [("inner", None)]


def test_facts_are_undone_when_a_branch_ends() -> None:
    data = {
        "steps": [
            {
                "id": "seq",
                "type": "sequence",
                "steps": [
                    {"id": "a", "type": "if", "condition": compare("{{q.p}}", "gt", 5), "then": act("t", "x")},
                    {"id": "b", "type": "if", "condition": compare("{{q.p}}", "lt", 3), "then": act("u", "x")},
                ],
            }
        ]
    }
    assert check_data("CONTRA_OPPOSITE_COND", data) == []


def test_nothing_is_reported_inside_an_unreachable_branch_but_its_own_faults() -> None:
    dead = {"type": "logic", "op": "and", "conditions": [compare("{{q.p}}", "gt", 5), compare("{{q.p}}", "lt", 3)]}
    data = {
        "steps": [
            {
                "id": "never",
                "type": "if",
                "condition": dead,
                "then": {
                    "id": "inner",
                    "type": "if",
                    "condition": compare("{{q.p}}", "gt", 100),
                    "then": act("t", "x"),
                },
            }
        ]
    }
    assert [f.node_id for f in check_data("CONTRA_OPPOSITE_COND", data)] == ["never"]


# ============================================================================================= timing
def test_past_times() -> None:
    assert check("CONTRA_TIMING", "bad_past_times") == [
        Finding(
            "the time trigger fires at 2026-01-01T09:00:00Z, which is in the past (now: 2026-06-01T00:00:00Z)",
            None,
            "$.trigger.at",
            "set a future time, or use an immediate trigger",
        ),
        Finding(
            "wait 'too-late' waits until 2025-12-31T00:00:00Z, which is in the past (now: 2026-06-01T00:00:00Z)",
            "too-late",
            "$.steps[0].until_time",
            UNTIL_HINT,
        ),
    ]


def test_interval_window() -> None:
    assert check("CONTRA_TIMING", "bad_interval_window") == [
        Finding(
            "the interval trigger ends (2026-06-15T00:00:00Z) before it starts (2026-07-01T00:00:00Z)",
            None,
            "$.trigger.end_at",
            "swap start_at and end_at, or fix the dates",
        ),
        Finding(
            "wait 'early' waits until 2026-06-20T00:00:00Z, which is before the plan's trigger first fires "
            "(2026-07-01T00:00:00Z)",
            "early",
            "$.steps[0].steps[0].until_time",
            UNTIL_HINT,
        ),
        Finding(
            "wait 'late' waits until 2026-08-01T00:00:00Z, which is after the plan's trigger ends "
            "(2026-06-15T00:00:00Z)",
            "late",
            "$.steps[0].steps[1].until_time",
            UNTIL_HINT,
        ),
    ]


@pytest.mark.parametrize(
    ("trigger", "message", "path"),
    [
        (
            {"type": "cron", "expression": "0 0 30 2 *"},
            "the cron expression '0 0 30 2 *' matches no date in the next 8 years (UTC): the plan never runs",
            "$.trigger.expression",
        ),
        (
            {"type": "cron", "expression": "0 9 31 4,6,9,11 *", "timezone": "Europe/Berlin"},
            "the cron expression '0 9 31 4,6,9,11 *' matches no date in the next 8 years (Europe/Berlin): the plan "
            "never runs",
            "$.trigger.expression",
        ),
        (
            {
                "type": "condition",
                "when": {"left": 1, "op": "lt", "right": 2},
                "pollIntervalMs": 60000,
                "expiresAfterMs": 30000,
            },
            "the condition trigger expires after 30000 ms, before its first poll (60000 ms): its condition is never "
            "checked",
            "$.trigger.expires_after_ms",
        ),
    ],
)
def test_triggers_that_never_fire(trigger: dict[str, object], message: str, path: str) -> None:
    data = {"trigger": trigger, "steps": [act("a", "x")]}
    assert [(f.message, f.path) for f in check_data("CONTRA_TIMING", data)] == [(message, path)]


@pytest.mark.parametrize(
    "trigger",
    [
        {"type": "cron", "expression": "0 0 29 2 *"},  # leap days come
        {"type": "cron", "expression": "0 0 30 2 1"},  # day of month OR day of week: every Monday in February
        {
            "type": "condition",
            "when": {"left": 1, "op": "lt", "right": 2},
            "pollIntervalMs": 1000,
            "expiresAfterMs": 1000,
        },
    ],
)
def test_triggers_that_fire(trigger: dict[str, object]) -> None:
    assert check_data("CONTRA_TIMING", {"trigger": trigger, "steps": [act("a", "x")]}) == []


def test_max_runs_zero_is_refused_when_loaded() -> None:
    with pytest.raises(PlanFormatError) as caught:
        plan_from_data({"trigger": {"type": "interval", "everyMs": 1000, "maxRuns": 0}, "steps": [act("a", "x")]})
    assert [(p.path, p.message) for p in caught.value.problems] == [
        (
            "$.trigger.maxRuns",
            "max_runs 0 means the trigger never fires: give 1 or more, or leave max_runs out for no limit",
        )
    ]


def test_wait_lengths_and_timeouts() -> None:
    assert check("CONTRA_TIMING", "bad_wait_lengths") == [
        Finding(
            "the interval trigger ended at 2026-05-01T00:00:00Z, in the past: it never fires",
            None,
            "$.trigger.end_at",
            "set an end_at in the future, or remove it",
        ),
        Finding(
            "wait 'cool-off' lasts 7200000 ms, longer than its max_wait_ms 3600000: it always times out",
            "cool-off",
            "$.steps[0].duration_ms",
            "raise max_wait_ms to at least duration_ms, or wait less",
        ),
        Finding(
            "'hurry' has timeout_ms 1000, shorter than the 5000 ms its own wait must take: it always times out",
            "hurry",
            "$.steps[1].timeout_ms",
            "raise timeout_ms above 5000, or shorten the wait",
        ),
        Finding(
            "'batch' has timeout_ms 3000, shorter than the 4000 ms the waits inside it must take: it always times out",
            "batch",
            "$.steps[2].timeout_ms",
            "raise timeout_ms above 4000, or shorten the wait",
        ),
    ]


def test_minimum_durations_of_composites() -> None:
    wait = lambda node_id, ms: {"id": node_id, "type": "wait", "duration_ms": ms}  # noqa: E731
    data = {
        "steps": [
            {"id": "par", "type": "parallel", "timeout_ms": 250, "steps": [wait("p1", 100), wait("p2", 300)]},
            {
                "id": "loop",
                "type": "loop",
                "max_iterations": 3,
                "delay_ms": 10,
                "timeout_ms": 319,
                "body": wait("l1", 100),
            },
            {
                "id": "exit",
                "type": "loop",
                "max_iterations": 3,
                "timeout_ms": 150,
                "body": wait("l2", 100),
                "exit_when": compare("{{l2.done}}", "eq", True),
            },
            {
                "id": "branch",
                "type": "if",
                "timeout_ms": 150,
                "condition": compare(price(), "gt", 1),
                "then": wait("b1", 100),
                "else": wait("b2", 200),
            },
            {
                "id": "half",
                "type": "if",
                "timeout_ms": 1,
                "condition": compare(price(), "gt", 1),
                "then": wait("h1", 100),
            },
        ]
    }
    assert [f.message for f in check_data("CONTRA_TIMING", data)] == [
        "'par' has timeout_ms 250, shorter than the 300 ms the waits inside it must take: it always times out",
        "'loop' has timeout_ms 319, shorter than the 320 ms the waits inside it must take: it always times out",
    ]


# ========================================================================================= duplicates
def test_duplicates_name_the_first() -> None:
    assert check("CONTRA_DUPLICATE", "bad_duplicates") == [
        Finding(
            "'pay-again' repeats 'pay': the same tool (payments.transfer) with the same params",
            "pay-again",
            "$.steps[1]",
            "remove 'pay-again' and reference 'pay' where its output is needed",
        ),
        Finding(
            "'pay-third' repeats 'pay': the same tool (payments.transfer) with the same params",
            "pay-third",
            "$.steps[2].steps[0]",
            "remove 'pay-third' and reference 'pay' where its output is needed",
        ),
        Finding(
            "'mail-2' repeats 'mail': the same tool (email.send) with the same params",
            "mail-2",
            "$.steps[4]",
            "remove 'mail-2' and reference 'mail' where its output is needed",
        ),
    ]


def test_a_duplicate_of_two_exclusive_steps_names_the_first_it_can_run_with() -> None:
    data = {
        "steps": [
            {
                "id": "which",
                "type": "if",
                "condition": compare(price(), "gt", 1),
                "then": act("a", "notify.push", message="hi"),
                "else": act("b", "notify.push", message="hi"),
            },
            act("c", "notify.push", message="hi"),
        ]
    }
    assert [f.message for f in check_data("CONTRA_DUPLICATE", data)] == [
        "'c' repeats 'a': the same tool (notify.push) with the same params"
    ]


def test_duplicates_are_found_by_key_when_every_hash_collides(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule keeps only hashes; steps whose hashes are equal are compared by their keys."""
    data = {
        "steps": [
            act("a", "notify.push", message="hi"),
            act("b", "notify.push", message="bye"),
            act("c", "notify.email", message="hi"),
            act("d", "notify.push", message="bye"),
            act("e", "notify.push", message=1),
            act("f", "notify.push", message=1.0),
            act("g", "notify.push", message="hi"),
            act("h", "notify.push", message=1),
        ]
    }
    expected = [
        "'d' repeats 'b': the same tool (notify.push) with the same params",
        "'g' repeats 'a': the same tool (notify.push) with the same params",
        "'h' repeats 'e': the same tool (notify.push) with the same params",
    ]
    assert [f.message for f in check_data("CONTRA_DUPLICATE", data)] == expected
    monkeypatch.setattr(_contradictions, "_digest", lambda key: 7)
    assert [f.message for f in check_data("CONTRA_DUPLICATE", data)] == expected


_TEXTS = ["a", "1", "", "{{s0.x}}", "{{s1.y}}", "id {{s0.x}}", "${s0.x}"]
_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-2, 2), st.floats(-2, 2), st.sampled_from(_TEXTS))
_PARAMS = st.dictionaries(
    st.sampled_from(["x", "y", "z"]),
    st.one_of(
        _SCALAR,
        st.lists(_SCALAR, max_size=3),
        st.dictionaries(st.sampled_from(["p", "q"]), _SCALAR, max_size=2),
        st.just({"type": "step_output", "step_id": "s0", "path": "x"}),
    ),
    max_size=3,
)


_STEP = st.tuples(st.sampled_from(["t.a", "t.b"]), _PARAMS)


@settings(max_examples=300)
@given(  # steps drawn mostly from a small pool, so that repeats (with and without references) are common
    st.lists(_STEP, min_size=1, max_size=3).flatmap(
        lambda pool: st.lists(st.sampled_from(pool) | _STEP, min_size=2, max_size=6)
    )
)
def test_a_step_is_a_duplicate_exactly_when_an_earlier_one_has_the_same_canonical_json(
    steps: list[tuple[str, dict[str, object]]],
) -> None:
    """Against the definition: the same tool, and params whose canonical JSON (sorted keys) is the same
    (1, 1.0, true and "1" differ); whatever shortcut the rule takes to find candidates."""
    import json

    data = {"steps": [{"id": f"s{i}", "tool": tool, "params": params} for i, (tool, params) in enumerate(steps)]}
    canonical = [(tool, json.dumps(params, sort_keys=True)) for tool, params in steps]
    expected = []
    for index, key in enumerate(canonical):
        first = next((earlier for earlier in range(index) if canonical[earlier] == key), None)
        if first is not None:
            expected.append(f"'s{index}' repeats 's{first}': the same tool ({key[0]}) with the same params")
    assert [f.message for f in check_data("CONTRA_DUPLICATE", data)] == expected


# =========================================================================================== slippage
def test_slippage() -> None:
    assert check("CONTRA_SLIPPAGE", "bad_slippage") == [
        Finding(
            "'dump' allows 5% slippage, above the policy's max_slippage of 1%",
            "dump",
            "$.steps[0].params.slippage_bps",
            "set slippage to at most 1%",
        ),
        Finding(
            "'sell' trades USDC/ETH with 0.3% slippage but 'dump' trades the same pair with 5%",
            "sell",
            "$.steps[1].params.slippage",
            "use one slippage tolerance for the pair",
            WARNING,
        ),
        Finding(
            "'route' allows 2% slippage, above the policy's max_slippage of 1%",
            "route",
            "$.steps[2].params.route.max_slippage",
            "set slippage to at most 1%",
        ),
    ]


def test_slippage_without_a_policy_limit_only_compares_pairs() -> None:
    plan = load_plan(FIXTURES / "CONTRA_SLIPPAGE" / "bad_slippage.json")
    found = list(RULES["CONTRA_SLIPPAGE"].check(LintContext(plan, Policy(), now=NOW)))
    assert [(f.node_id, f.severity) for f in found] == [("sell", WARNING)]


# ============================================================================================= chains
def test_chains() -> None:
    assert check("CONTRA_CHAIN", "bad_chains") == [
        Finding(
            "the trigger watches chain 10, which is not supported (supported: 1, 8453)",
            None,
            "$.trigger.chain_id",
            "use a supported chain",
        ),
        Finding(
            "'bridge' uses chain 'arbitrum' (42161), which is not supported (supported: 1, 8453)",
            "bridge",
            "$.steps[0].params.to_chain",
            "use a supported chain",
        ),
        Finding(
            "'poly' uses chain 137, which is not supported (supported: 1, 8453)",
            "poly",
            "$.steps[1].params.chainId",
            "use a supported chain",
        ),
        Finding(
            "'mystery' names chain 'solana', which is not a known chain name or id",
            "mystery",
            "$.steps[2].params.chain",
            "use a chain id, or one of: arbitrum, arbitrum_one, avalanche, avax, base, base_sepolia, blast, bnb, bsc, "
            "celo, eth, ethereum, fantom, gnosis, linea, mainnet, mantle, matic, op, optimism, polygon, scroll, "
            "sepolia, zksync",
        ),
    ]


def test_without_supported_chains_the_builtin_list_applies_as_warnings() -> None:
    plan = load_plan(FIXTURES / "CONTRA_CHAIN" / "bad_chains.json")
    found = list(RULES["CONTRA_CHAIN"].check(LintContext(plan, Policy(), now=NOW)))
    assert [(f.node_id, f.message, f.severity) for f in found] == [
        ("mystery", "'mystery' names chain 'solana', which is not a known chain name or id", Severity.WARNING)
    ]
    data = {
        "trigger": {"type": "balance", "token": "ETH", "chain_id": 999999, "condition": "above", "threshold": 1},
        "steps": [act("a", "bridge.transfer", to_chain_id=424242), act("b", "bridge.transfer", chain=8453)],
    }
    assert [(f.node_id, f.message, f.path, f.hint, f.severity) for f in check_data("CONTRA_CHAIN", data)] == [
        (
            None,
            "the trigger watches chain 999999, which is not a well-known chain id",
            "$.trigger.chain_id",
            "check the chain id; list the chains you support in the policy's supported_chains to silence this",
            Severity.WARNING,
        ),
        (
            "a",
            "'a' uses chain 424242, which is not a well-known chain id",
            "$.steps[0].params.to_chain_id",
            "check the chain id; list the chains you support in the policy's supported_chains to silence this",
            Severity.WARNING,
        ),
    ]


def test_a_balance_trigger_on_its_default_chain_says_so() -> None:
    data = {
        "trigger": {"type": "balance", "token": "USDC", "condition": "below", "threshold": 1},
        "steps": [act("a", "x")],
    }
    assert [f.message for f in check_data("CONTRA_CHAIN", data, Policy(supported_chains=[1]))] == [
        "the trigger watches chain 8453 (the default), which is not supported (supported: 1)"
    ]


# ================================================================================== 10,000-step plans
def test_a_10000_step_plan_runs_every_contradiction_rule() -> None:
    steps: list[dict[str, object]] = []
    for index in range(10_000):
        swap = act(f"s{index}", "defi_swap", from_token="USDC", to_token="ETH", amount=1, slippage=0.5, chain_id=1)
        swap["params"]["nonce"] = index  # type: ignore[index]
        if index:
            swap["depends_on"] = [f"s{index - 1}"]
        steps.append(swap)
    steps.append(act("back", "defi_swap", from_token="ETH", to_token="USDC", slippage=0.5))
    data = {"steps": steps, "context": {"balances": {"USDC": 9_999.5}}}
    ctx = LintContext(plan_from_data(data), Policy(max_slippage=1, supported_chains=[1]), now=NOW)
    found = {code: [f.message for f in RULES[code].check(ctx)] for code in CODES}
    assert found == {
        "CONTRA_BUY_SELL": [
            "'s0' buys ETH with USDC and 'back' sells ETH for USDC in the same run: a round trip that only pays "
            "fees and slippage"
        ],
        "CONTRA_OVERSPEND": [
            "the plan may spend 10,000 USDC (by 's0', 's1', 's2' and 9997 more), more than the balance of 9,999.5 "
            "USDC (context.balances.USDC)"
        ],
        "CONTRA_OPPOSITE_COND": [],
        "CONTRA_TIMING": [],
        "CONTRA_DUPLICATE": [],
        "CONTRA_SLIPPAGE": [],
        "CONTRA_CHAIN": [],
    }


# ================================================================================================ fuzz
TOOLS = ["defi_swap", "exchange.buy", "exchange.sell", "trade", "wallet.transfer", "bridge.transfer", "notify.push"]
PARAM_NAMES = [
    "from_token",
    "to_token",
    "token",
    "side",
    "quote",
    "amount",
    "slippage",
    "slippage_bps",
    "chain_id",
    "to",
]
param_values = st.sampled_from(
    ["ETH", "USDC", "buy", "sell", "base", "0x1", "{{s0.out}}", "50%", 1, 0.5, 500, None, True]
)


@st.composite
def fuzz_plans(draw: st.DrawFn) -> dict[str, object]:
    """Flat plans of actions wrapped, now and then, in an if, a loop, a sequence or a wait."""
    steps: list[dict[str, object]] = []
    for index in range(draw(st.integers(1, 6))):
        params = draw(st.dictionaries(st.sampled_from(PARAM_NAMES), param_values, max_size=5))
        node: dict[str, object] = {
            "id": f"s{index}",
            "type": "action",
            "tool": draw(st.sampled_from(TOOLS)),
            "params": params,
        }
        wrapper = draw(st.sampled_from(["none", "if", "loop", "sequence", "wait"]))
        if wrapper == "if":
            condition = compare(price(), draw(st.sampled_from(["gt", "lt", "eq"])), draw(st.integers(0, 3)))
            node = {"id": f"w{index}", "type": "if", "condition": condition, "then": node}
        elif wrapper == "loop":
            node = {"id": f"w{index}", "type": "loop", "max_iterations": draw(st.integers(1, 3000)), "body": node}
        elif wrapper == "sequence":
            pause = {"id": f"p{index}", "type": "wait", "duration_ms": draw(st.integers(0, 10)), "timeout_ms": 5}
            node = {"id": f"w{index}", "type": "sequence", "steps": [pause, node]}
        if draw(st.booleans()) and index:
            node["depends_on"] = [f"s{draw(st.integers(0, index))}" if wrapper == "none" else f"w{index - 1}"]
        steps.append(node)
    return {"steps": steps, "context": {"balances": {"ETH": 1, "USDC": "100"}}}


ALL_CODES = (
    *CODES,
    "LOOP_DETECTED",
    "CONTRA_CIRCULAR",
    "UNKNOWN_REFERENCE",
    "IMPLICIT_DEPENDENCY",
    "LIMIT_EXCEEDED",
    "CONTRA_INFINITE",
)


@given(fuzz_plans())
def test_rules_never_crash_and_point_at_real_nodes(data: dict[str, object]) -> None:
    plan = plan_from_data(data)
    policy = Policy(max_slippage=1, supported_chains=[1], balances={"usdc": 10}, max_loop_iterations=100, max_wait_ms=5)
    ctx = LintContext(plan, policy, now=NOW)
    ids = set(plan.nodes_by_id())
    for code in ALL_CODES:
        for finding in RULES[code].check(ctx):
            assert finding.message and (finding.path or "$").startswith("$")
            assert finding.node_id is None or finding.node_id in ids, (code, finding)
