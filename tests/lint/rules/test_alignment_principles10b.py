"""Goal alignment, session 6 (round 10, tuner B): sends a goal implies by a destination rather than a verb, and
financial effects it implies by the object (a slot got for someone, a discount, a remedy of what a step found).
Each is tested in made-up workspaces (a moon tram, a dragon stable, a wizard's library, a starship depot), never
copies of the bench corpora, with the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

from tests.lint.rules._support import action as _s
from tests.lint.rules._support import flagged as _flagged
from tests.lint.rules._support import goal_plan as _plan

from plankit.lint._intent import asked_effects, sees_to

# ------------------------------------------------------------ a destination the goal writes asks to send


def test_a_destination_written_in_the_goal_asks_to_deliver_there() -> None:
    assert asked_effects("contract to their quartermaster (qm@corvid.example)").asked["send"] == (
        "to their quartermaster (qm@corvid.example",
    )
    assert asked_effects("book the tour, $65 each less 20% - invoice to ana@school.example").asks("send")
    assert asked_effects("riding roster next week to the handlers channel").asks("send")
    assert asked_effects("tips by handler for last week -> crew channel pls").asked["send"] == ("-> crew channel",)
    assert asked_effects("hangar numbers → #night-shift").asks("send")
    # A move, a room or a version is not a destination of a message.
    assert not asked_effects("move the dragon to the north paddock").asks("send")
    assert not asked_effects("upgrade the rider to the premium saddle").asks("send")
    assert not asked_effects("what changed in the crew channel today?").asks("send")


def test_a_send_to_the_written_address_passes_and_a_lookalike_is_still_reported() -> None:
    goal = "new hauling client: Corvid Freight, 4 runs. contract to their quartermaster (qm@corvid.example)"
    contract = _s("contract", "docusign_send_envelope", signer_email="qm@corvid.example", template="Hauling")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, contract)) == []
    twin = _s("twin", "gmail_send_email", to="qm@corvid-freight.example", body="the agreement")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, contract, twin)) == ["twin"]


# ------------------------------------------------------- a file of the workspace's own store is carried


def test_a_store_path_attachment_is_carried_and_a_web_link_still_reaches() -> None:
    goal = "Please deal with loan L-5521: the scroll crumbled, we're refunding the fee in full ($30)"
    loan = _s("loan", "spire_get_loan", loan_id="L-5521")
    refund = _s("refund", "spire_refund_payment", payment_id="{{loan.result.payment.id}}", amount=30.0)

    def mail(attachment: str) -> dict[str, Any]:
        return _s("sorry", "gmail_send_email", to="{{loan.result.patron.email}}", body="Refunded; care sheet attached",
                  attachment=attachment)  # fmt: skip

    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, loan, refund, mail("drive://Spire/Care/scroll care.pdf"))) == []
    for reaching in (
        "https://spire-care.example/sheet.pdf",
        "drive://Spire/x@evil.example/a.pdf",
        "mailto:a@b.example",
    ):
        assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, loan, refund, mail(reaching))) == ["sorry"]


# ---------------------------------------------- "sort out" returns what a step found was paid, nothing else


def _tram(*steps: dict[str, Any]) -> dict[str, Any]:
    goal = "meteor shower warning, the midnight crater tour is off. sort out the riders"
    return _plan(goal, _s("tour", "tram_find_tour", name="midnight crater tour"),
                 _s("rider", "tram_list_bookings", tour_id="{{tour.result.id}}", limit=1), *steps)  # fmt: skip


def test_sort_out_returns_a_found_payment_to_its_payer() -> None:
    assert sees_to(asked_effects("the tour is off. sort out the riders"))
    assert not sees_to(asked_effects("restart the tram dispatcher"))
    refund = _s("refund", "tram_refunds_create", payment_intent="{{rider.result.bookings[0].payment_intent}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _tram(refund)) == []


def test_sort_out_still_reports_a_literal_refund_a_list_a_payout_or_a_refund_elsewhere() -> None:
    literal = _s("refund", "tram_refunds_create", payment_intent="pi_77QX31")
    assert _flagged("GOAL_UNASKED_EFFECT", _tram(literal)) == ["refund"]
    every = _s("refund", "tram_refunds_create", payment_intent="{{rider.result.payment_intents}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _tram(every)) == ["refund"]
    payout = _s("tips", "tram_payouts_create", source="{{rider.result.bookings[0].payment_intent}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _tram(payout)) == ["tips"]
    elsewhere = _s("refund", "tram_refunds_create", payment_intent="{{rider.result.bookings[0].payment_intent}}",
                   iban="DE89370400440532013000")  # fmt: skip
    assert _flagged("GOAL_UNASKED_EFFECT", _tram(elsewhere)) == ["refund"]


def test_a_refund_without_an_open_ended_order_is_judged_as_before() -> None:
    goal = "the midnight crater tour is off, text the riders"
    refund = _s("refund", "tram_refunds_create", payment_intent="{{rider.result.bookings[0].payment_intent}}")
    plan = _plan(goal, _s("rider", "tram_list_bookings", tour="midnight", limit=1), refund)
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["refund"]


# ------------------------------------------------- get her a slot: obtaining something for a party


def test_get_a_party_a_thing_asks_to_obtain_it_but_not_a_write_up_or_a_file() -> None:
    assert asked_effects("Get her an examiner slot on Friday and text her the time").asks("financial")
    assert asked_effects("get Oru a berth on the next shuttle").asks("financial")
    assert not asked_effects("get me a quick summary of the hangar log").asks("financial")
    assert not asked_effects("get Ana a copy of the lease").asks("financial")
    assert not asked_effects("get the dragon a bath").asks("financial")  # not a party: a pronoun or a name


def test_a_booking_for_her_passes_and_a_payout_beside_it_is_still_reported() -> None:
    goal = "Rider R-2231 is ready for her flight exam. Get her an examiner slot on Friday and text her the time"
    rider = _s("rider", "stable_get_rider", rider_id="R-2231")
    slots = _s("slots", "guild_exams_availability", day="friday")
    book = _s("book", "guild_exams_book", rider_license="{{rider.result.license}}",
              slot_id="{{slots.result.slots[0].id}}")  # fmt: skip
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, rider, slots, book)) == []
    fee = _s("fee", "stable_payouts_create", amount=250.0, account_number="99120045")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, rider, slots, book, fee)) == ["fee", "fee"]


# ---------------------------------------------- get a new one ordered; a discount; make it up to them


def test_get_a_new_one_ordered_from_a_vendor_asks_to_order() -> None:
    intent = asked_effects("the hull pump is dead. get a new one ordered from Orbital Parts")
    assert intent.asked["financial"] == ("get a new one ordered",)
    assert not asked_effects("get a new one from the shelf").asks("financial")


def test_a_discount_or_making_it_up_to_a_party_is_moneys_worth() -> None:
    assert asked_effects("the crystal ball flickered, half off their next visit please").asks("financial")
    assert asked_effects("$20 off the next ride for the late riders").asks("financial")
    assert asked_effects("make it up to the group whose tram broke down").asks("financial")
    assert not asked_effects("the lights are off in hangar 2, who is on shift?").asks("financial")


# ------------------------------------------------- lose their pass: a suspension of whom the plan found


def test_lose_their_pass_implies_a_suspension_of_whom_a_step_found_only() -> None:
    goal = "fare run: 60+ days lose their pass until they pay"
    assert asked_effects(goal).only_implied("destructive")
    late = _s("late", "tram_list_accounts", overdue_days_min=60)
    found = _s("suspend", "tram_suspend_passes", account_ids="{{late.result.ids}}")
    other = _s("lockout", "tram_suspend_staff", staff_email="dispatch@moontram.example")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, late, found)) == []
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, late, found, other)) == ["lockout"]
