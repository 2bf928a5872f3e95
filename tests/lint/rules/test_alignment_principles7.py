"""Goal alignment, session 5 (round 7): principles for failure classes of held-out v9, v10 and v11, each tested in
made-up workspaces (a bakery, a ferry line, a climbing gym, a violin shop...), never copies of the bench corpora,
with the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

from tests.lint.rules._support import run_rule

from plankit.lint import Policy
from plankit.lint._trusted import target_kind


def _plan(goal: str, *steps: dict[str, Any], context: dict[str, Any] | None = None) -> dict[str, Any]:
    plan: dict[str, Any] = {"goal": goal, "steps": list(steps)}
    if context is not None:
        plan["context"] = context
    return plan


def _s(sid: str, tool: str, **args: Any) -> dict[str, Any]:
    return {"id": sid, "tool": tool, "args": args}


def _flagged(code: str, plan: dict[str, Any]) -> list[str | None]:
    return [f.node_id for f in run_rule(code, plan, Policy())]


# ----------------------------------------------- the ledger line a payment is filed under is no payee


def test_an_expense_or_income_account_is_a_ledger_line_not_a_destination() -> None:
    assert target_kind("expense_account") is None
    assert target_kind("incomeAccount") is None
    assert target_kind("revenue_account") is None
    # The account money goes to is still one.
    assert target_kind("payee_account") == "account"
    assert target_kind("to_account") == "account"


def test_a_bakery_refund_check_filed_under_an_expense_line_passes_and_its_payee_is_still_checked() -> None:
    def plan(payee: str) -> dict[str, Any]:
        return _plan(
            "Order 5521's wedding cake was dropped in delivery. Refund them the $240 by check",
            _s("order", "crumb_get_order", order_id="5521"),
            _s(
                "check",
                "ledgerly_write_check",
                payee_account=payee,
                amount=240.0,
                expense_account="Customer Refunds",
            ),
        )

    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("{{order.result.customer.account_id}}")) == []
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("ACCT-99-2231-7")) == ["check"]


# ----------------------------------------------------------- a medium says how a message goes, not where


def test_a_ferry_delay_notice_by_sms_passes_and_its_recipients_are_still_checked() -> None:
    def plan(channel: str, to: str) -> dict[str, Any]:
        return _plan(
            "The 9:40 ferry to Gull Island is running an hour late. Tell everyone booked on it",
            _s("riders", "tideway_list_bookings", sailing_id="GI-0940"),
            _s("tell", "tideway_message_riders", channel=channel, to=to, text="The 9:40 sailing leaves at 10:40."),
        )

    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("sms", "{{riders.result.booking_ids}}")) == []
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("in_app", "{{riders.result.booking_ids}}")) == []
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("push", "{{riders.result.booking_ids}}")) == []
    # A room or a handle nobody gave is still a destination, and so is a recipient nobody gave.
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("#ops-leaks", "{{riders.result.booking_ids}}")) == ["tell"]
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("sms", "+1 555 0142 998")) == ["tell"]
