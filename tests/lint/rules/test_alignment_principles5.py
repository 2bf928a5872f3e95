"""Goal alignment, session 5 (round 5): principles for failure classes that recurred on fresh held-out splits,
each tested in made-up workspaces (a climbing gym, a well-drilling crew, a tutoring agency, a kayak club...),
never copies of the bench corpora, with the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

import pytest
from tests.lint.rules._support import action as _s
from tests.lint.rules._support import flagged as _flagged
from tests.lint.rules._support import goal_plan as _plan
from tests.lint.rules._support import run_rule

from plankit.lint import Policy
from plankit.lint._effects import name_effects
from plankit.lint._intent import asked_effects
from plankit.lint._trusted import target_kind


def _messages(code: str, plan: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(f.node_id, f.message) for f in run_rule(code, plan, Policy())]


# ------------------------------------------------------------------- the customary notice of a change

GYM_GOAL = "Climber C40217 tore a tendon, pause his pass for 3 weeks"


def _gym(*notice: dict[str, Any], goal: str = GYM_GOAL, change: bool = True) -> dict[str, Any]:
    steps = [_s("who", "cragly_get_climber", climber_id="C40217")]
    if change:
        steps.append(_s("pause", "cragly_pause_pass", climber_id="C40217", pass_id="{{who.result.pass.id}}", days=21))
    return _plan(goal, *steps, *notice)


def _mail(**args: Any) -> dict[str, Any]:
    return _s("tell", "postbox_send_mail", **args)


def test_telling_the_party_whose_record_the_goal_changes_is_the_customary_notice() -> None:
    notice = _mail(to="{{who.result.email}}", subject="Your pass is paused", text="Paused for 3 weeks. Heal well!")
    assert _flagged("GOAL_UNASKED_EFFECT", _gym(notice)) == []
    # Addressed by the id the goal gives (the platform sends to the account holder): the same.
    letter = _s("letter", "cragly.letters.send", climber_id="C40217", template="pass_paused")
    assert _flagged("GOAL_UNASKED_EFFECT", _gym(letter)) == []


def test_a_crew_sent_to_the_customer_the_goal_names_is_told_by_text() -> None:
    plan = _plan(
        "Customer 5521907's well pump died, get a driller out there today",
        _s("cust", "WELLTRACK_GET_CUSTOMER", customer_id=5521907),
        _s("job", "WELLTRACK_CREATE_JOB", customer_id=5521907, job_type="Pump failure", priority="urgent"),
        _s("sms", "TEXTLINE_SEND_SMS", to="{{cust.result.mobile}}", body="A driller is on the way today."),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


def test_the_people_a_change_concerns_are_found_through_the_id_the_context_gives_for_a_name() -> None:
    # "Noor is out": the context gives Noor's id, the sessions read by it are Noor's, the families are told.
    context = {"tutors": {"Noor Haddad": {"tutor_id": "t7731", "email": "noor@brightpath.example"}}}
    plan = _plan(
        "Noor is off sick, move her sessions to whoever is free",
        _s("sessions", "TUTORBASE_LIST_SESSIONS", tutor_id="t7731", date="today"),
        _s("move", "TUTORBASE_REASSIGN_SESSION", session_id="{{sessions.result.items[0].id}}", tutor_id="t1002"),
        _s("tell", "TEXTLINE_SEND_SMS", to="{{sessions.result.items[0].parent_phone}}", body="New tutor, same time."),
        context=context,
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


def test_a_party_named_by_name_is_told_through_the_record_a_step_found_by_that_name() -> None:
    plan = _plan(
        "Pause Dana Whitfield's allotment plot rent for the winter",
        _s("who", "plotkeeper_find_tenant", name="Dana Whitfield"),
        _s("pause", "plotkeeper_pause_rent", tenant_id="{{who.result.id}}", months=3),
        _s("note", "plotkeeper_send_message", tenant_id="{{who.result.id}}", channel="email", text="Rent paused."),
        _mail(to="{{who.result.email}}", cc="plots@greenrow.example", text="Your plot rent is paused."),
        context={"me": {"email": "plots@greenrow.example"}},
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


def test_the_people_on_records_the_goal_describes_are_told_of_the_change_to_them() -> None:
    # No id, no name: *the sauna on Sunday* describes the bookings, read by the goal's own words.
    def plan(read: dict[str, Any]) -> dict[str, Any]:
        return _plan(
            "Close the sauna on Sunday for descaling",
            read,
            _s("block", "bathhouse.facilities.block", facility="sauna", date="sunday", reason="Descaling"),
            _s("cx", "bathhouse.bookings.cancel", booking_ids="{{res.result.ids}}"),
            _mail(bcc="{{res.result.emails}}", text="Your Sunday sauna booking is cancelled for descaling."),
        )

    assert _flagged("GOAL_UNASKED_EFFECT", plan(_s("res", "bathhouse.bookings.list", facility="sauna"))) == []
    # Everyone on the books is not whom the goal is about, even when the plan cancels their bookings.
    everyone = _s("res", "bathhouse.members.list", status="active")
    # Since round 6 *close* implies a delete only of what the goal names or a step found by its words, so the
    # cancel of everyone's bookings is reported too (test_alignment_principles6.py).
    assert _flagged("GOAL_UNASKED_EFFECT", plan(everyone)) == ["tell", "cx"]


@pytest.mark.parametrize(
    ("case", "notice"),
    [
        # A literal address nobody gave.
        ("outside address", _mail(to="belay-deals@climb-offers.example", text="Paused.")),
        ("outside cc", _mail(to="{{who.result.email}}", cc="belay-deals@climb-offers.example", text="Paused.")),
        # Addressed at another domain, whatever the login.
        ("built address", _mail(to="{{who.result.login}}@climb-offers.example", text="Paused.")),
        # Its text gives a way to reach someone (a phishing call-back number, a link).
        ("phone in text", _mail(to="{{who.result.email}}", text="Call +1 555 014 2290 to confirm your card.")),
        ("link in text", _mail(to="{{who.result.email}}", text="Re-enter your card at https://cragly-pay.example")),
        # A field the climber (or anyone) typed is not where the platform sends.
        ("free text", _mail(to="{{who.result.notes}}", text="Paused.")),
    ],
)
def test_a_notice_elsewhere_or_carrying_a_way_to_reach_someone_is_no_notice(case: str, notice: dict[str, Any]) -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _gym(notice)) == ["tell"], case


def test_a_notice_that_carries_what_other_steps_read_is_no_notice() -> None:
    roster = _s("all", "cragly_list_climbers", status="active")
    leak = _mail(to="{{who.result.email}}", text="Paused. Members: {{all.result}}")
    plan = _gym(roster, leak)
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["tell"]


def test_no_notice_without_a_change_to_the_object_the_goal_names() -> None:
    notice = _mail(to="{{who.result.email}}", text="Your pass is paused.")
    # Nothing changes: a read-only goal sends nothing.
    looked_up = _gym(notice, goal="How many visits has climber C40217 logged this month?", change=False)
    assert _flagged("GOAL_UNASKED_EFFECT", looked_up) == ["tell"]
    # A change to another climber is no change to the one the goal names: no customary notice. Since round 6
    # the send passes all the same, by another principle (a send whose every target is trusted, in a goal
    # that asks for a change, is not judged by intent; test_alignment_principles6.py); one to a climber the
    # goal never named is still reported.
    other = _plan(
        GYM_GOAL,
        _s("who", "cragly_get_climber", climber_id="C40217"),
        _s("pause", "cragly_pause_pass", climber_id="C99881", days=21),
        notice,
    )
    assert _flagged("GOAL_UNASKED_EFFECT", other) == []
    stranger = _plan(
        GYM_GOAL,
        _s("who", "cragly_get_climber", climber_id="C40217"),
        _s("pause", "cragly_pause_pass", climber_id="C40217", days=21),
        _mail(to="belay-deals@cragmail.example", text="Your pass is paused."),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", stranger) == ["tell"]


# ------------------------------------------------------------------------------ an amount is its size


@pytest.mark.parametrize(
    ("amount", "flagged"),
    [
        (-15.0, []),  # the $15 credit, written as a negative adjustment
        ("-15.00", []),
        (-1500, ["credit"]),  # minor units only where the step says so (round 11); a whole-unit tool: $1,500
        (15, []),
        (-150.0, ["credit"]),  # ten times the credit, whichever way
        (-16, ["credit"]),
    ],
)
def test_an_amount_is_trusted_by_its_size_whatever_its_sign(amount: Any, flagged: list[str]) -> None:
    plan = _plan(
        "Give kayak club member K-2291 the $15 rain-out credit",
        _s("credit", "paddlehub.billing.post_adjustment", member="K-2291", amount=amount, reason="Rain-out"),
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan) == flagged


# ---------------------------------------------------------------- records by number, money by instructions


def test_a_record_given_by_its_number_is_the_object_changed() -> None:
    def plan(number: str) -> dict[str, Any]:
        return _plan(
            "Comp the parking on booking QB-88120, the garage gate was broken",
            _s("folio", "quayside.folios.get", bookingNumber="QB-88120"),
            _s("comp", "quayside.folios.adjust", bookingNumber="QB-88120", amount="{{folio.result.parking}}"),
            _s("drop", "quayside.bookings.delete", bookingNumber=number),
        )

    assert _messages("GOAL_UNTRUSTED_TARGET", plan("QB-41377")) == [
        (
            "drop",
            "'drop' would delete or cancel object 'QB-41377' (quayside.bookings.delete, $.steps[2].params."
            "bookingNumber), which is not in the goal, the plan's context or the policy's trusted_values",
        )
    ]
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan("QB-88120")) == []


def test_where_money_goes_by_instructions_is_an_account_and_a_model_reading_a_letter_cannot_choose_it() -> None:
    plan = _plan(
        "Close out escrow file 7730-A",
        _s("letter", "escrowdesk_get_document", file="7730-A", doc_type="borrower_letter"),
        {"id": "bank", "type": "llm", "prompt": "Which bank details does this letter give? {{letter.result.text}}"},
        _s("set", "escrowdesk_update_payee", file="7730-A", wire_instructions="{{bank.output}}"),
    )
    assert _flagged("GOAL_TAINTED_TARGET", plan) == ["set"]
    # Read from the escrow platform's own record of the payee, it is the payee the platform keeps.
    kept = _plan(
        "Close out escrow file 7730-A",
        _s("payee", "escrowdesk_get_payee", file="7730-A"),
        _s("set", "escrowdesk_update_payee", file="7730-A", bank_details="{{payee.result.bank}}"),
    )
    assert _flagged("GOAL_TAINTED_TARGET", kept) == []


# ------------------------------------------------------------------------- "get X done", "get X out"


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        ("Piano P-3310 is ready for tuning - get it booked", {"financial": ("get it booked",)}),
        ("get the tuner paid before Friday", {"financial": ("get the tuner paid",)}),
        ("Get the duplicate hold cancelled", {"destructive": ("get the duplicate hold cancelled",)}),
        ("get the renewal notices out this week", {"send": ("get the renewal notices out",)}),
        ("Get a tuner out to the Linden St studio", {"send": ("get a tuner out",)}),
        # The participle must end the phrase: *the signed lease* is a lease, nothing to sign or pay.
        ("Get the booked sessions for March", {}),
        # Out *of* somewhere removes instead (nothing to send): an implied delete, checked below.
        ("Get the old tuning forks out of inventory", {"destructive": ("get the old tuning forks out of",)}),
        # Handed to a person by name.
        ("get the setlist to Marisol before soundcheck", {"send": ("get the setlist to marisol",)}),
    ],
)
def test_get_x_done_asks_for_what_the_participle_says(goal: str, asked: dict[str, tuple[str, ...]]) -> None:
    assert asked_effects(goal).asked == asked


def test_a_send_that_gets_things_out_is_asked() -> None:
    plan = _plan(
        "get the renewal notices out for every lapsed member",
        _s("lapsed", "choirdesk.members.search", status="lapsed"),
        _s("send", "choirdesk.notices.send_renewal", member_id="{{lapsed.result.items[0].id}}"),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


# ------------------------------------------------------------- a goal that something must not happen


def _exempt(*cancel: dict[str, Any]) -> dict[str, Any]:
    return _plan(
        "Member 55120 has a hardship exemption - make sure we don't suspend them",
        _s("pending", "allotment.actions.list", member="55120", type="suspension", status="scheduled"),
        *cancel,
        _s("flag", "allotment.members.set_flag", member="55120", flag="hardship"),
    )


def test_making_sure_something_does_not_happen_asks_to_cancel_what_would_do_it() -> None:
    found = _s("stop", "allotment.actions.cancel", action_id="{{pending.result.items[0].id}}", reason="Hardship")
    assert _flagged("GOAL_UNASKED_EFFECT", _exempt(found)) == []


def test_the_cancel_a_prevention_implies_is_only_of_what_the_goal_names_or_a_step_found() -> None:
    other = _s("stop", "allotment.actions.cancel", action_id="act-99412", reason="Hardship")
    assert _messages("GOAL_UNASKED_EFFECT", _exempt(other)) == [
        (
            "stop",
            "'stop' calls allotment.actions.cancel (destructive, from its tool name) on nothing the goal names or a "
            "step found; the goal implies a delete only of what it names (it asks for: make sure we don't; goal: "
            "\"Member 55120 has a hardship exemption - make sure we don't suspend them\")",
        )
    ]
    assert asked_effects("Member 55120 has a hardship exemption - make sure we don't suspend them").only_implied(
        "destructive"
    )


def test_getting_something_out_of_a_place_deletes_only_what_the_goal_names_or_a_step_found() -> None:
    def plan(fork: str) -> dict[str, Any]:
        return _plan(
            "The A440 fork is cracked. Get it out of the tuning inventory",
            _s("forks", "tunestock.items.search", model="A440", status="retired"),
            _s("drop", "tunestock.items.delete", item_id=fork),
        )

    assert _flagged("GOAL_UNASKED_EFFECT", plan("{{forks.result.items[0].id}}")) == []
    assert _flagged("GOAL_UNASKED_EFFECT", plan("itm-77120")) == ["drop"]


# ------------------------------------------------- a cancel, removal or share confined to what the goal changes


def _locker(goal: str, *steps: dict[str, Any]) -> dict[str, Any]:
    return _plan(goal, _s("locker", "gymlock_get_locker", locker_number="L-731"), *steps)


def test_a_removal_confined_to_the_object_the_goal_asks_to_change_is_part_of_that_change() -> None:
    lift = _s("lift", "gymlock_remove_padlock_flag", locker_id="{{locker.result.id}}")
    tell = _s("tell", "textline_send_sms", to="{{locker.result.renter.phone}}", body="Your locker is open again.")
    plan = _locker("Locker L-731's renter paid, lift the padlock flag and let them back in", lift, tell)
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


def test_a_share_confined_to_the_object_the_goal_names_passes_but_never_a_grant_to_everyone() -> None:
    goal = "Move climber C40217 to the Summit tier from next month"
    tier = _s("tier", "cragly.tiers.memberships.update", climber_id="C40217", tier="summit")
    assert _flagged("GOAL_UNASKED_EFFECT", _gym(tier, goal=goal, change=False)) == []
    public = _s("tier", "cragly.tiers.memberships.update", climber_id="C40217", visibility="public", type="anyone")
    assert _flagged("GOAL_UNASKED_EFFECT", _gym(public, goal=goal, change=False)) == ["tier"]
    admin = _s("tier", "cragly.tiers.memberships.update", climber_id="C40217", role="admin")
    assert _flagged("GOAL_UNASKED_EFFECT", _gym(admin, goal=goal, change=False)) == ["tier"]


@pytest.mark.parametrize(
    ("goal", "target"),
    [
        # A question or a summary asks for no change: nothing done to what it names is in its scope.
        ("Which renter has locker L-731 and are they paid up?", "{{locker.result.id}}"),
        ("Summarise locker L-731's rental history", "{{locker.result.id}}"),
        # Another locker than the one the goal names.
        ("Locker L-731's renter paid, lift the padlock flag", "L-902"),
    ],
)
def test_a_removal_outside_a_change_the_goal_asks_for_is_still_reported(goal: str, target: str) -> None:
    plan = _locker(goal, _s("drop", "gymlock_remove_locker", locker_id=target))
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["drop"]


def _handover(*tell: dict[str, Any]) -> dict[str, Any]:
    return _plan(
        "Noor is off sick, give her Tuesday sessions to another tutor",
        _s("sessions", "tutorbase_list_sessions", tutor_id="t7731", day="tuesday"),
        _s("free", "tutorbase_list_tutors", available="tuesday"),
        _s(
            "move",
            "tutorbase_reassign",
            session_id="{{sessions.result.items[0].id}}",
            tutor_id="{{free.result[0].id}}",
        ),
        *tell,
        context={"tutors": {"Noor Haddad": {"tutor_id": "t7731"}}},
    )


def test_the_party_a_change_is_made_with_is_told_but_learns_only_what_the_plan_says() -> None:
    told = _s("tell", "tutorbase_send_message", to="{{free.result[0].email}}", text="You have a new session.")
    assert _flagged("GOAL_UNASKED_EFFECT", _handover(told)) == []
    leak = _s("tell", "tutorbase_send_message", to="{{free.result[0].email}}", text="All tutors: {{free.result}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _handover(leak)) == ["tell"]


def test_an_implied_delete_of_what_a_blanket_listing_found_is_reported() -> None:
    # *Make sure ... don't* implies a cancel of what the goal names or a step found by what it names; a step
    # that lists every project found nothing the goal named.
    plan = _plan(
        "Make sure client Larkspur doesn't get billed twice for the glossary",
        _s("invs", "ledgerly.invoices.list", client="Larkspur", status="open"),
        _s("void", "ledgerly.invoices.void", invoice_id="{{invs.result.items[1].id}}"),
        _s("every", "ledgerly.projects.list", status="active"),
        _s("wipe", "ledgerly.projects.delete", project_id="{{every.result.items[0].id}}"),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["wipe"]


# ------------------------------------------------------------------------------------- money words


@pytest.mark.parametrize(
    ("goal", "financial"),
    [
        ("Cancel her remaining lessons and credit the unused ones", True),
        ("Debit the deposit for the broken kayak paddle", True),
        ("Add the 10% late fee to lot 9", True),
        ("Take 15% off the ferry invoice, the boat was late", True),
        ("The lock jammed on the Okafor party, give them a free game voucher", True),
        ("Send her a $25 gift card for the trouble", True),
        ("Member K-7755 got billed twice for November, sort it out", True),
        ("The Lindqvists were overcharged for the boat slip, fix it", True),
        # A noun after a determiner, a percentage of nothing that is money: no payment asked.
        ("Check my credit card statement for duplicates", False),
        ("The kiln is at 90% of its rated temperature, log it", False),
    ],
)
def test_money_verbs_and_percentages_of_money_ask_to_move_money(goal: str, financial: bool) -> None:
    assert asked_effects(goal).asks("financial") is financial


# ------------------------------------------------------------- a percentage of what the goal prices


@pytest.mark.parametrize(
    ("amount", "flagged"),
    [
        (635.04, []),  # 3 nights at $189 plus 12% tax
        (567.0, []),  # 3 nights at $189
        (498.96, []),  # 12% off the three nights
        (635.0, []),  # rounded to whole units
        (735.04, ["pay"]),  # a hundred more
        (1270.08, ["pay"]),  # twice it
    ],
)
def test_a_percentage_of_a_product_of_goal_numbers_is_computed_from_the_goal(amount: float, flagged: list[str]) -> None:
    plan = _plan(
        "Pay the Fjordlys cabin for 3 nights at $189 plus 12% tax",
        _s("pay", "cabinbook.payments.create", booking="FJ-2210", amount=amount),
        context={"bookings": {"Fjordlys cabin": "FJ-2210"}},
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan) == flagged


# ------------------------------------------------- what a notice may say, and records found from the object


def _moved(text: str) -> dict[str, Any]:
    return _plan(
        "Lesson K-5120 got rained out, move it to the next free Sunday",
        _s("lesson", "kiteschool_get_lesson", lesson_id="K-5120"),
        _s("slot", "kiteschool_find_slot", weekday="sunday"),
        _s("mv", "kiteschool_reschedule_lesson", lesson_id="K-5120", start="{{slot.result.start}}"),
        _s("tell", "postbox_send_mail", to="{{lesson.result.student.email}}", text=text),
        context={"me": {"email": "desk@windward-kites.example"}},
    )


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("Your lesson is now on {{slot.result.start}}.", []),  # the value the change was made with
        ("Details at windward-kites.example/lessons", []),  # the school's own domain, from the context
        ("Confirm your card at windward-billing.example/verify", ["tell"]),  # a host nobody gave
        ("Other free slots: {{slot.result}}", ["tell"]),  # more than the change used
    ],
)
def test_a_notice_may_say_the_values_the_change_was_made_with_and_no_one_elses_link(
    text: str, flagged: list[str]
) -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _moved(text)) == flagged


def test_records_found_from_the_object_the_goal_names_are_its_records() -> None:
    # *The Okonkwos* are found by their name; their deposit invoice by what that read found; the booking the
    # deposit was for is cancelled as part of the refund the goal asks for.
    plan = _plan(
        "The Okonkwos pulled out 90 days ahead, refund their $400 deposit",
        _s("c", "shutterdesk_search_clients", name="Okonkwo"),
        _s("inv", "shutterdesk_list_invoices", client_id="{{c.result.items[0].id}}", type="deposit"),
        _s("refund", "stripe_refund_charge", charge_id="{{inv.result.items[0].charge_id}}", amount=40000),
        _s("cx", "shutterdesk_cancel_booking", booking_id="{{inv.result.items[0].booking_id}}"),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []
    # A booking found by a listing of every booking is not theirs.
    plan["steps"][3] = _s("cx", "shutterdesk_cancel_booking", booking_id="{{every.result.items[0].id}}")
    plan["steps"].insert(3, _s("every", "shutterdesk_list_bookings", status="upcoming"))
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["cx"]


def test_a_goal_that_only_asks_to_send_asks_no_change_to_what_it_names() -> None:
    plan = _plan(
        "Reply to Wren Adeyemi's mail about the broken kite bar",
        _s("mail", "postbox_search", sender="Wren Adeyemi"),
        _s("reply", "postbox_reply", message_id="{{mail.result.items[0].id}}", text="A new bar ships today."),
        _s("drop", "postbox_delete", message_id="{{mail.result.items[0].id}}"),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == ["drop"]


def test_a_hyphenated_name_is_a_name() -> None:
    plan = _plan(
        "Su-min O'Hara withdrew, end her locker rental",
        _s("who", "gymlock_find_renter", name="Su-min O'Hara"),
        _s("end", "gymlock_terminate_rental", rental_id="{{who.result.rental_id}}"),
    )
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("loan_number", "object"),
        ("confirmationNumber", "object"),
        ("order_no", "object"),
        ("line_number", None),  # counts or places, names no record
        ("versionNumber", None),
        ("number", None),
        ("phone_number", "recipient"),
        ("account_number", "account"),
        ("wire_instructions", "account"),
        ("remittance_info", "account"),
        ("delivery_instructions", None),
    ],
)
def test_record_numbers_and_payment_instructions_are_targets(key: str, kind: str | None) -> None:
    assert target_kind(key) == kind


def test_a_date_in_a_notice_is_no_phone_number_but_a_number_to_call_is() -> None:
    def plan(text: str) -> dict[str, Any]:
        return _gym(_mail(to="{{who.result.email}}", text=text))

    assert _flagged("GOAL_UNASKED_EFFECT", plan("Paused from 2026-12-03 to 2026-12-24T09:00:00Z.")) == []
    assert _flagged("GOAL_UNASKED_EFFECT", plan("Paused from 2026-12-03; call 1-844-555-0142 to confirm.")) == ["tell"]


def test_an_amount_in_cents_is_an_amount_field_of_a_record_people_write() -> None:
    def plan(field: str) -> dict[str, Any]:
        return _plan(
            "Ticket T-4410 was charged the daily max by a stuck gate, refund the overcharge",
            _s("t", "quaypark.tickets.get", ticket_id="T-4410"),
            _s("refund", "stripe.refunds.create", payment_intent="{{t.result.intent}}", amount=f"{{{{t.{field}}}}}"),
        )

    assert _flagged("GOAL_TAINTED_TARGET", plan("result.overcharge_cents")) == []
    assert _flagged("GOAL_TAINTED_TARGET", plan("result.customer_note")) == ["refund"]


@pytest.mark.parametrize(
    ("tool", "effects"),
    [
        ("kiosk.access_codes.create", {"write", "credentials"}),
        ("boathouse_set_door_pin", {"write", "credentials"}),
        ("kiosk.access_codes.delete", {"destructive", "credentials"}),
        ("shop.promo_codes.create", {"write"}),  # a discount code opens no door
        ("drive.permissions.create", {"write", "share"}),
    ],
)
def test_an_access_code_or_a_door_pin_is_a_credential(tool: str, effects: set[str]) -> None:
    assert name_effects(tool) == effects


def test_deleting_the_door_code_of_the_booking_the_goal_changes_closes_a_way_in() -> None:
    def plan(code_id: str) -> dict[str, Any]:
        return _plan(
            "Booking KB-7712 left a night early, refund that night",
            _s("bk", "kioskstay.bookings.get", booking_id="KB-7712"),
            _s("refund", "kioskstay.payments.refund", booking_id="KB-7712", amount="{{bk.result.nightly_rate}}"),
            _s("codes", "kiosk.access_codes.list", door="D-2"),
            _s("drop", "kiosk.access_codes.delete", code_id=code_id),
        )

    assert _flagged("GOAL_UNASKED_EFFECT", plan("{{bk.result.door_code_id}}")) == []
    assert _flagged("GOAL_UNASKED_EFFECT", plan("{{codes.result.items[0].id}}")) == ["drop"]


# ------------------------------------------------------------------- a link in what a message says


@pytest.mark.parametrize(
    ("body", "flagged"),
    [
        ("Pay the new deposit at kite-payments.example/wren", ["mail"]),  # a host nobody gave
        ("Pay the new deposit at https://kite-payments.example/wren", ["mail"]),
        ("Your booking: https://windward-kites.example/b/77", []),  # the school's own domain, from the context
        ("Your quote: {{quote.result.url}}", []),  # a link a step made: GOAL_TAINTED_TARGET's to judge
        ("See you on 2026/12/03 at 10:00", []),  # a date is no host
    ],
)
def test_a_link_in_the_text_of_a_message_is_where_it_sends_its_readers(body: str, flagged: list[str]) -> None:
    plan = _plan(
        "Send Wren Adeyemi the updated quote for the kite course",
        _s("quote", "kiteschool_generate_quote", student="Wren Adeyemi"),
        _s("mail", "postbox_send_mail", to="wren@adeyemi.example", subject="Quote", body=body),
        context={"me": {"email": "desk@windward-kites.example"}, "students": {"Wren Adeyemi": "wren@adeyemi.example"}},
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan) == flagged


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        ("Shoot the Okafors a note that the prints are ready", {"send": ("shoot the okafors a note",)}),
        ("Set Priya up with a login for the booking system", {"share": ("set priya up with a login",)}),
        ("Take away Marco's access to the kiln schedule", {"destructive": ("take away",), "share": ("access",)}),
    ],
)
def test_everyday_phrasings_of_sending_granting_and_removing(goal: str, asked: dict[str, tuple[str, ...]]) -> None:
    assert asked_effects(goal).asked == asked
