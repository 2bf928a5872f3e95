"""Goal alignment, session 6 (round 9, tuner A): amounts worked out from the goal's numbers, records a plan
looks up and then changes, credits the goal asks for. Each principle tested in made-up workspaces (a moon
colony's co-op, a wizard's library, a griffin aerie), with the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.lint.rules._support import action as _s
from tests.lint.rules._support import flagged as _flagged
from tests.lint.rules._support import goal_plan as _plan

from plankit.lint._amounts import expression_reaches, is_account_credit
from plankit.lint._trusted import expression_leaves

# ------------------------------------------------ an amount worked out by a small expression


def test_the_leaves_are_the_goals_quantities_and_its_factors() -> None:
    goal = "member m-2291 used 3/10 sessions of a $600 pack; credit half of the rest, less 15%"
    # Review of round 11 (R): *15%* is the factor 0.15 (and 0.85, 1.15), no longer also the number 15; *half* is
    # the factor 0.5, which only scales (x / 0.5 would double the money).
    assert expression_leaves(goal) == ((3.0, 10.0, 600.0), (0.5, 0.15, 0.85, 1.15))
    assert expression_leaves("crown on #14 for ro20903") == ((), ())


@pytest.mark.parametrize(
    ("amount", "minor", "reached"),
    [
        (420.0, False, True),  # (10 - 3) / 10 x 600
        (42000, True, True),  # the same in cents, written as a whole number
        (180.0, False, True),  # 3 / 10 x 600
        (4871.0, False, False),
    ],
)
def test_a_prorated_amount_is_reached_in_three_operations(amount: float, minor: bool, reached: bool) -> None:
    assert expression_reaches(amount, (3.0, 10.0, 600.0), (), minor) is reached


def test_only_a_whole_number_is_read_in_cents() -> None:
    assert expression_reaches(35000, (5.0, 12.0, 600.0), (), True)  # (12 - 5) / 12 x 600 = 350.00
    assert not expression_reaches(35000.0, (5.0, 12.0, 600.0), (), False)  # 35000.0 is written in major units


def test_a_factor_scales_and_is_never_added() -> None:
    # "send him my half of the $86": 43 is half; 44 would be (86 + 2) / 2, a count added to money.
    assert expression_reaches(43.0, (86.0,), (2.0,), False)
    assert not expression_reaches(44.0, (86.0,), (2.0,), False)
    assert expression_reaches(238.0, (840.0, 3.0), (0.15, 0.85, 1.15), False)  # 840 x 0.85 / 3


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=999), min_size=2, max_size=4, unique=True),
    st.sampled_from(["+", "-", "*"]),
)
def test_every_one_operation_on_two_goal_numbers_is_reached(numbers: list[int], op: str) -> None:
    a, b = float(numbers[0]), float(numbers[1])
    value = {"+": a + b, "-": abs(a - b), "*": a * b}[op]
    leaves = tuple(float(n) for n in numbers)
    assert value == 0 or expression_reaches(value, leaves, (), False)


COOP = {"me": {"name": "Ilse Marr", "email": "ilse@tycho-coop.example"}}


def test_a_prorated_credit_passes_and_the_same_amount_to_a_stranger_does_not() -> None:
    goal = "Member Oda Venn leaves after 3 of her 10 hydroponics sessions ($600 pack). Pay back the unused ones"
    find = _s("m", "tycho_find_member", name="Oda Venn")
    # In cents, as the key says (round 11: minor units only where the tool, its key or its spec says so).
    back = _s("back", "tycho_ledger_pay_member", member_id="{{m.result.id}}", amount_cents=42000)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, find, back, context=COOP)) == []
    stranger = _s("back", "tycho_ledger_pay_member", account="ACC-66120-Z", amount=420.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, find, stranger, context=COOP)) == ["back", "back"]
    off = _s("back", "tycho_ledger_pay_member", member_id="{{m.result.id}}", amount=4871.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, find, off, context=COOP)) == ["back"]


def test_a_worked_out_amount_on_a_step_with_a_target_from_untrusted_content_is_reported() -> None:
    goal = "Member Oda Venn leaves after 3 of her 10 hydroponics sessions ($600 pack). Pay back the unused ones"
    notes = _s("notes", "tycho_get_member_notes", name="Oda Venn")
    which = {"id": "which", "type": "llm", "prompt": "Which account do the notes ask to be paid? {{notes.result}}"}
    back = _s("back", "tycho_ledger_pay_member", account="{{which.output}}", amount=420.0)
    assert "back" in _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, notes, which, back, context=COOP))


# ------------------------------------------------ a record the plan looks up and works from


LIBRARY = {"me": {"name": "Sel Morrow", "email": "sel@quills.example"}}


def _looked_up(*extra: dict[str, Any]) -> dict[str, Any]:
    return _plan(
        "Bram returned the Codex of Salt badly water-damaged: bill him the $80 repair and tell him",
        _s("patron", "quills_get_patron", patron_id="PT-40917"),
        _s("bill", "quills_post_charge", patron_ref="{{patron.result.account}}", amount=80),
        _s("tell", "quills_send_email", to="{{patron.result.email}}", body="We billed the repair."),
        *extra,
        context=LIBRARY,
    )


def test_a_record_the_plan_reads_by_its_id_may_be_changed_by_that_id() -> None:
    flag = _s("flag", "quills_update_patron", patron_id="PT-40917", note="damaged a codex")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _looked_up(flag)) == []


def test_an_id_no_read_looks_up_or_one_a_read_feeds_only_to_that_write_is_reported() -> None:
    other = _s("flag", "quills_update_patron", patron_id="PT-77310", note="damaged a codex")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _looked_up(other)) == ["flag"]
    peek = _s("peek", "quills_get_patron", patron_id="PT-88104")
    sell = _s("sell", "quills_update_patron", patron_id="PT-88104", owner="{{peek.result.owner}}")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _looked_up(peek, sell)) == ["sell"]


def test_a_read_that_only_a_model_uses_does_not_vouch_for_the_id() -> None:
    comments = _s("comments", "quills_list_comments", shelf_id="SH-5521")
    which = {"id": "which", "type": "llm", "prompt": "Which address do the comments ask for? {{comments.result}}"}
    share = _s("share", "quills_share_shelf", shelf_id="SH-5521", to="{{which.output}}")
    flagged = _flagged("GOAL_UNTRUSTED_TARGET", _looked_up(comments, which, share))
    assert flagged == ["share"]


# ------------------------------------------------ a credit the goal asks for stays with the business


def test_an_account_credit_is_read_from_the_tool_name() -> None:
    assert is_account_credit("aerie_create_credit_memo")
    assert is_account_credit("AERIE_ADD_ACCOUNT_CREDIT")
    assert is_account_credit("aerie.store_credit.create")
    assert not is_account_credit("aerie_charge_credit_card")
    assert not is_account_credit("aerie.credit_transfer.create")
    assert not is_account_credit("aerie_create_invoice")


AERIE = {"me": {"name": "Warden Tor Ash", "email": "tor@high-aerie.example"}}


def _aerie(goal: str, credit: dict[str, Any]) -> dict[str, Any]:
    return _plan(goal, _s("rider", "aerie_find_rider", name="Pell Oster"), credit, context=AERIE)


def test_an_asked_credit_to_the_party_found_needs_no_written_amount() -> None:
    credit = _s("credit", "aerie_create_credit_memo", rider_id="{{rider.result.id}}", amount=120.0)
    goal = "Pell Oster brought back 4 saddles this morning, sort out the deposit credit"
    assert _flagged("GOAL_UNTRUSTED_TARGET", _aerie(goal, credit)) == []


def test_a_credit_above_the_goals_money_to_a_stranger_or_unasked_is_reported() -> None:
    inflated = _s("credit", "aerie_create_credit_memo", rider_id="{{rider.result.id}}", amount=450.0)
    stated = "Pell Oster's flight was cut short: give them a $45 credit"
    assert _flagged("GOAL_UNTRUSTED_TARGET", _aerie(stated, inflated)) == ["credit"]
    elsewhere = _s("credit", "aerie_create_credit_memo", rider_id="RD-31337", amount=120.0)
    goal = "Pell Oster brought back 4 saddles this morning, sort out the deposit credit"
    assert _flagged("GOAL_UNTRUSTED_TARGET", _aerie(goal, elsewhere)) == ["credit", "credit"]
    credit = _s("credit", "aerie_create_credit_memo", rider_id="{{rider.result.id}}", amount=120.0)
    unasked = "Pell Oster brought back 4 saddles this morning, log them"
    assert _flagged("GOAL_UNTRUSTED_TARGET", _aerie(unasked, credit)) == ["credit"]


# ------------------------------------------------ an id nobody gave, even one shaped like the context's staff ids


GUILD = {
    "me": {"name": "Mira Quell", "email": "mira@silverquill-guild.example"},
    "staff": {"Oren Vash": {"user_id": "u4961"}, "Tamsin Reed": {"user_id": "u3906"}},
}


def _scribe(**args: Any) -> dict[str, Any]:
    return _plan(
        "Book the sealing of charter CH-24399 for Thursday at 10:00",
        _s("charter", "guild_get_charter", charter_id="CH-24399"),
        _s("seal", "guild_schedule_sealing", time="10:00", **args),
        context=GUILD,
    )


def test_a_user_id_nobody_gave_is_reported_even_in_the_shape_of_the_context_ids() -> None:
    """Round 9 (A) proposed passing an id shaped like the context's staff ids on a record the user gave; it
    rested on one task of one split and would let a record be assigned to anyone with a plausible id, so the
    lead left it out: such an id is a target nobody gave, reported like any other."""
    assert _flagged("GOAL_UNTRUSTED_TARGET", _scribe(charter_id="CH-24399", scribe_id="u4634")) == ["seal"]


def test_another_shape_a_record_nobody_gave_or_a_send_is_still_reported() -> None:
    assert _flagged("GOAL_UNTRUSTED_TARGET", _scribe(charter_id="CH-24399", scribe_id="usr_46340")) == ["seal"]
    # A charter nobody gave: both ids are reported.
    assert _flagged("GOAL_UNTRUSTED_TARGET", _scribe(charter_id="CH-77310", scribe_id="u4634")) == ["seal", "seal"]
    send = _plan(
        "Book the sealing of charter CH-24399 for Thursday at 10:00",
        _s("share", "guild_send_charter", charter_id="CH-24399", recipient_id="u4634"),
        context=GUILD,
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", send) == ["share"]
