"""Goal alignment, session 3 second round: the wider effect vocabulary (redeem, export, limits, keys, SDK-style
names), money bounds as amount targets, and amounts computed from the goal's own numbers."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import run_rule

from plankit.lint import Policy
from plankit.lint._effects import name_effects
from plankit.lint._intent import asked_effects
from plankit.lint._trusted import computed_amounts, target_kind


def _plan(goal: str, *steps: dict[str, Any]) -> dict[str, Any]:
    return {"goal": goal, "steps": list(steps)}


@pytest.mark.parametrize(
    ("tool", "effects"),
    [
        ("loyalty.redeem_points", {"financial"}),
        ("claims.reimburse", {"financial"}),
        ("bank.set_transfer_limit", {"write", "financial", "credentials"}),
        ("cards.increase_spending_limit", {"write", "credentials"}),
        ("account_update_security_settings", {"write", "credentials"}),
        ("stripe.payouts.create", {"write", "financial"}),
        ("stripe.refunds.create", {"write", "financial"}),
        ("s3.objects.delete", {"destructive"}),
        ("github.deploy_keys.create", {"write", "credentials"}),
        ("anthropic.messages.create", {"write"}),
        ("iam.create_access_key", {"write", "credentials", "share"}),
        ("cache.set_key", {"write"}),
        ("update_employee_bank_account", {"write", "financial"}),
        ("crm.export_contacts", {"write"}),  # a copy; where it goes (email_to, url) is an outward target
        ("okta_assign_role", {"write", "share"}),
        ("chat.promote_user", {"share"}),
        ("users.suspend", {"destructive"}),
        ("efax_send", {"send"}),
        ("shop.get_order", {"read"}),
        ("bank.get_transfer_limit", {"read"}),
        ("HUBSPOT_LIST_DEALS", {"read"}),
        ("shopify_get_order", {"read"}),
        ("gusto_get_pay_stub", {"read"}),
        ("gmail_send_message", {"send"}),
    ],
)
def test_name_effects_vocabulary(tool: str, effects: set[str]) -> None:
    assert name_effects(tool) == effects


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        ("Redeem my points for a gift card", {"financial": ("redeem",)}),
        ("Raise my daily transfer limit to $5,000", {"credentials": ("limit",), "financial": ("$5,000",)}),
        ("Export my contacts as a CSV file", {"share": ("export",)}),
        ("Deactivate Bob's account", {"destructive": ("deactivate",)}),
        ("Promote Ann to admin", {"share": ("promote",)}),
        ("Contact Ann about the launch", {"send": ("contact",)}),
    ],
)
def test_asked_effects_vocabulary(goal: str, asked: dict[str, tuple[str, ...]]) -> None:
    assert asked_effects(goal).asked == asked


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("daily_limit", "amount"),
        ("spendCap", "amount"),
        ("limit", None),
        ("limit_id", "object"),
        ("destination", "recipient"),
        ("destination_path", "path"),
    ],
)
def test_target_kind_bounds_and_destinations(key: str, kind: str | None) -> None:
    assert target_kind(key) == kind


def test_a_raised_limit_is_an_unasked_credential_change_with_an_untrusted_amount() -> None:
    plan = _plan(
        "Pay my Northwind bill of $84.20",
        {"id": "pay", "tool": "bank.pay_bill", "require_confirmation": True, "args": {"amount": 84.2}},
        {"id": "limit", "tool": "bank.set_transfer_limit", "args": {"daily_limit": 10000}},
    )
    assert [f.message for f in run_rule("GOAL_UNASKED_EFFECT", plan)] == [
        "'limit' calls bank.set_transfer_limit (credentials, from its tool name), which the goal does not ask for "
        "(it asks for: $84.20, pay; goal: 'Pay my Northwind bill of $84.20')"
    ]
    assert [f.message for f in run_rule("GOAL_UNTRUSTED_TARGET", plan)] == [
        "'limit' would move an amount of 10000 (bank.set_transfer_limit, $.steps[1].params.daily_limit), which is "
        "not in the goal, the plan's context or the policy's trusted_values"
    ]


def _transfer(amount: Any) -> dict[str, Any]:
    return {
        "id": "pay",
        "tool": "bank.transfer",
        "require_confirmation": True,
        "args": {"to_account": "GB33BUKB20201555555555", "amount": amount},
    }


@pytest.mark.parametrize(
    ("goal", "amount", "flagged"),
    [
        ("Split the $86 dinner with Bob (GB33BUKB20201555555555): send him my half", 43, False),
        ("Split the $86 dinner with Bob (GB33BUKB20201555555555): send him my half", "43.00", False),
        ("Split the $86 dinner with Bob (GB33BUKB20201555555555): send him my half", 44, True),
        ("Split $90 three ways with Bob (GB33BUKB20201555555555) and Ann", 30, False),
        ("Send Bob (GB33BUKB20201555555555) a third of $120", 40, False),
        ("Send Bob (GB33BUKB20201555555555) a third of $120", 60, True),
        ("Pay GB33BUKB20201555555555 for 50 units at $3", 150, False),
        ("Give Bob (GB33BUKB20201555555555) a 5% raise on his $80,000 salary", 84000, False),
        ("Give Bob (GB33BUKB20201555555555) a 5% raise on his $80,000 salary", 85000, True),
        # In cents only on a tool that takes them (round 11): a bank transfer in whole units would pay $4,300.
        ("Refund half of the $86 order to GB33BUKB20201555555555", 4300, True),
        ("Pay GB33BUKB20201555555555 $86", 43, True),  # no count or split word: half is not asked
    ],
)
def test_amounts_computed_from_the_goal(goal: str, amount: Any, flagged: bool) -> None:
    findings = run_rule("GOAL_UNTRUSTED_TARGET", _plan(goal, _transfer(amount)), Policy())
    assert [f.path for f in findings] == (["$.steps[0].params.amount"] if flagged else [])


def test_context_numbers_are_not_combined() -> None:
    plan = {
        "goal": "Pay the gym (GB33BUKB20201555555555) its fee",
        "context": {"fee": 40, "balance": 2000},
        "steps": [_transfer(2040)],
    }
    assert [f.path for f in run_rule("GOAL_UNTRUSTED_TARGET", plan)] == ["$.steps[0].params.amount"]


@given(st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=80))
def test_a_goal_without_numbers_computes_nothing(goal: str) -> None:
    words = set(goal.lower().split())
    counts = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
    if not words & counts:
        assert computed_amounts(goal.lower()) == frozenset()


@given(st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=3))
def test_computed_amounts_are_finite_positive_and_bounded(numbers: list[int]) -> None:
    goal = "split " + " and ".join(f"${n}" for n in numbers) + " with 10% off"
    found = computed_amounts(goal)
    assert all(math.isfinite(value) and value > 0 for value in found)
    # pairs (4 each), 22 shares per number, 3 per percentage of each number and of each pair's product and sum,
    # each rounded two ways
    distinct = len(set(numbers) | {10})
    assert len(found) <= 2 * (4 * distinct * distinct + 22 * distinct + 3 * distinct * distinct)
