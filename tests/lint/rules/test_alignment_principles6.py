"""Goal alignment, session 5 (round 6): principles for failure classes of held-out v8, each tested in made-up
workspaces (a marina, a piano tuner, a bike shop, a seed library...), never copies of the bench corpora, with
the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

from tests.lint.rules._support import run_rule

from plankit.lint import Policy
from plankit.lint._effects import name_effects
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


# ------------------------------------------------------------- which template a message uses names how


def test_a_template_or_format_id_says_how_a_message_is_sent_not_to_whom() -> None:
    assert target_kind("templateId") is None
    assert target_kind("format_id") is None
    assert target_kind("message_type_id") is None
    # Ids of records are still objects; a bare id too.
    assert target_kind("slip_id") == "object"
    assert target_kind("id") == "object"
    assert target_kind("typeset_job_id") == "object"


def test_a_berth_renewal_mail_by_template_passes_and_its_recipient_is_still_checked() -> None:
    def plan(to: str) -> dict[str, Any]:
        return _plan(
            "Berth B-14 renewed for 2027, send the owner the renewal confirmation",
            _s("berth", "harborline_get_berth", berth_id="B-14"),
            _s("mail", "harborline_send_owner_email", to=to, templateId="berth_renewal_v2", berth_id="B-14"),
        )

    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("{{berth.result.owner.email}}")) == []
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("dock-refunds@harb0rline-pay.example")) == ["mail"]


# --------------------------------------------------- a party's phone in a record, by any of its names


def test_a_customers_mobile_nested_in_a_work_order_is_a_recorded_field() -> None:
    def plan(to: str) -> dict[str, Any]:
        return _plan(
            "Work order 55120 is done, tell the customer the piano is tuned",
            _s("wo", "TUNEUP_GET_WORK_ORDER", work_order_id=55120),
            _s("sms", "TEXTLINE_SEND_SMS", to=to, body="Your piano is tuned."),
        )

    assert _flagged("GOAL_TAINTED_TARGET", plan("{{wo.result.customer.mobile}}")) == []
    assert _flagged("GOAL_TAINTED_TARGET", plan("{{wo.result.client.cell}}")) == []
    # A number written into the order's free text is what its author typed: still tainted.
    assert _flagged("GOAL_TAINTED_TARGET", plan("{{wo.result.description.mobile}}")) == ["sms"]
    assert _flagged("GOAL_TAINTED_TARGET", plan("{{wo.result.customer.description}}")) == ["sms"]
    assert _flagged("GOAL_TAINTED_TARGET", plan("{{wo.result.body}}")) == ["sms"]


# ----------------------------------------------------------------- a link made *shared* is a share


def test_a_tool_that_creates_a_shared_link_shares() -> None:
    assert "share" in name_effects("cloudbox_create_shared_link")
    assert "share" in name_effects("make_shared_folder")
    # Reading shared things reads.
    assert name_effects("cloudbox_list_shared_links") == frozenset({"read"})


def test_an_open_shared_link_to_a_ledger_nobody_mentioned_is_reported() -> None:
    plan = _plan(
        "How many seed packets went out this month? A summary for the newsletter",
        _s("loans", "seedlib_list_loans", month="2026-11"),
        _s("leak", "cloudbox_create_shared_link", file_path="/Board/member_ledger.xlsx", access="open"),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["leak"]
