"""The policy's ``routine_effects``: effects a deployment's tools have as a matter of course. GOAL_UNASKED_EFFECT
does not ask the goal for them; where they go is still checked, and nothing else is loosened."""

from __future__ import annotations

from typing import Any

import pytest
from _support import action, goal_plan

from plankit.errors import PolicyError
from plankit.lint import Linter, Policy

ROUTINE_MAIL = {"routine_effects": {"mailer.send_email": ["send"]}}


def goal_findings(plan: dict[str, Any], policy: dict[str, Any] | None = None) -> list[tuple[str, str | None]]:
    """(code, step id) of every GOAL_* finding on ``plan`` under ``policy`` (the built-in default when None)."""
    linter = Linter(Policy.default() if policy is None else Policy.from_data(policy))
    return [(d.code, d.node_id) for d in linter.lint(plan) if d.code.startswith("GOAL_")]


def booking_plan(recipient: str = "{{party.result.contact_email}}") -> dict[str, Any]:
    """A look at a party booking whose plan also mails the party a confirmation the goal never mentions (the
    business always does)."""
    return goal_plan(
        "Check the Ibarra party's booking for Saturday",
        action("party", "parties.find_booking", name="Ibarra", day="Saturday"),
        action("confirm", "mailer.send_email", to=recipient, subject="See you Saturday"),
    )


def test_an_unstated_confirmation_is_reported_under_the_default_policy() -> None:
    assert goal_findings(booking_plan()) == [("GOAL_UNASKED_EFFECT", "confirm")]


def test_a_send_declared_routine_for_the_tool_needs_no_goal_word() -> None:
    assert goal_findings(booking_plan(), ROUTINE_MAIL) == []


def test_a_routine_send_to_an_address_nobody_gave_is_still_reported_where_it_goes() -> None:
    plan = booking_plan("bookings@pirate-cove-deals.example")
    assert goal_findings(plan) == [("GOAL_UNASKED_EFFECT", "confirm"), ("GOAL_UNTRUSTED_TARGET", "confirm")]
    assert goal_findings(plan, ROUTINE_MAIL) == [("GOAL_UNTRUSTED_TARGET", "confirm")]


def test_routine_covers_only_the_tools_its_glob_matches() -> None:
    plan = booking_plan()
    plan["steps"].append(action("text", "sms.send_text", to="{{party.result.contact_phone}}", body="Booked!"))
    assert goal_findings(plan, ROUTINE_MAIL) == [("GOAL_UNASKED_EFFECT", "text")]
    assert goal_findings(plan, {"routine_effects": {"*": ["send"]}}) == []


def test_routine_covers_only_the_effects_it_lists() -> None:
    plan = goal_plan(
        "Check the Ibarra party's booking for Saturday",
        action("party", "parties.find_booking", name="Ibarra", day="Saturday"),
        action("wipe", "parties.delete_booking", booking="{{party.result.id}}"),
    )
    assert goal_findings(plan, {"routine_effects": {"parties.*": ["send"]}}) == [("GOAL_UNASKED_EFFECT", "wipe")]
    assert goal_findings(plan, {"routine_effects": {"parties.*": ["destructive"]}}) == []


def test_a_value_that_opens_a_file_to_everyone_is_reported_even_when_sharing_is_routine() -> None:
    plan = goal_plan(
        "Put the Ibarra party photos in their folder",
        action("upload", "drive.upload_file", folder="ibarra-party", file="photos.zip"),
        action("open", "drive.share_file", file="{{upload.result.id}}", type="anyone", role="reader"),
    )
    routine_share = Linter(Policy.from_data({"routine_effects": {"drive.*": ["share"]}}))
    found = [(d.code, d.node_id, d.message.split(", which the goal")[0]) for d in routine_share.lint(plan)]
    opens = "'open' calls drive.share_file with type: 'anyone' ($.steps[1].params.type), which opens it to everyone"
    assert [finding for finding in found if finding[0].startswith("GOAL_")] == [
        ("GOAL_UNASKED_EFFECT", "open", opens + " (share)")
    ]
    plan["steps"][1]["args"].update(type="user", email="{{upload.result.owner}}")
    assert goal_findings(plan) == [("GOAL_UNASKED_EFFECT", "open")]
    assert goal_findings(plan, {"routine_effects": {"drive.*": ["share"]}}) == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"routine_effects": {"mailer.*": ["send", "write"]}},
            "$.routine_effects[\"mailer.*\"][1]: 'write' is not an effect the goal is checked for, so declaring it"
            " routine would do nothing; list only credentials, destructive, financial, send, share (the targets of"
            " a 'write' step are checked whatever this says)",
        ),
        (
            {"routine_effects": {"mailer.*": "send"}},
            "$.routine_effects[\"mailer.*\"]: a list is expected, got the string 'send' (write [\"send\"])",
        ),
    ],
)
def test_a_bad_routine_entry_is_refused_at_its_json_path(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PolicyError) as raised:
        Policy.from_data(data)
    assert message in str(raised.value)


def test_an_overlay_adds_routine_effects_per_tool_glob() -> None:
    base = Policy.from_data({"routine_effects": {"mailer.*": ["send"]}})
    team = Policy.from_data({"routine_effects": {"billing.*": ["financial"]}})
    assert base.merged_with(team).routine_effects == {"mailer.*": ["send"], "billing.*": ["financial"]}
