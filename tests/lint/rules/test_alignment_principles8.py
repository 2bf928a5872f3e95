"""Goal alignment, session 6 (round 8): principles for failure classes of v12 and v13 (then v14 and v15), each
tested in made-up workspaces (a dragon stable, a wizard's library, a starship supply depot, a moon colony's
post office...), never copies of the bench corpora, with the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

from tests.lint.rules._support import action as _s
from tests.lint.rules._support import flagged as _flagged
from tests.lint.rules._support import goal_plan as _plan

from plankit.lint._amounts import is_reversal, itemised_totals, money_amounts
from plankit.lint._delivery import addressed_to, people_named
from plankit.lint._intent import asked_effects

# ----------------------------------------------------- a reversal returns its amount to whoever paid it


def test_a_reversal_is_read_from_the_tool_name() -> None:
    assert is_reversal("stripe_create_refund")
    assert is_reversal("payments.reverse")
    assert is_reversal("ledger.void_charge")
    assert not is_reversal("payouts.create")
    assert not is_reversal("bank.transfer")


def test_the_money_a_goal_states_is_read_by_its_currency() -> None:
    assert money_amounts("rider paid $40, flew 2 hours at $8/hr, booking 5521, plus 45 dollars") == (40.0, 8.0, 45.0)
    assert money_amounts("£1,250.50 for saddle S-7710") == (1250.5,)
    assert money_amounts("booking DR-4410 flew 3 hours") == ()


def _stable(goal: str, *steps: dict[str, Any]) -> dict[str, Any]:
    return _plan(goal, _s("bk", "wyrmworks_get_booking", booking_id="DR-4410"), *steps)


def test_a_partial_refund_of_the_named_booking_passes_whatever_it_computes() -> None:
    goal = "Booking DR-4410 paid the $40 ride fee but the dragon was sick after 3 hours at $8/hr. Refund the rest"
    refund = _s("refund", "wyrmworks_refund_payment", payment_id="{{bk.result.payment.id}}", amount=16.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _stable(goal, refund)) == []
    assert _flagged("GOAL_UNASKED_EFFECT", _stable(goal, refund)) == []
    # Named by the id the goal gives, too.
    literal = _s("refund", "wyrmworks_refund_payment", booking_id="DR-4410", amount=16.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _stable(goal, literal)) == []


def test_a_refund_above_the_goals_money_or_to_another_account_or_a_payout_is_still_reported() -> None:
    goal = "Booking DR-4410 paid the $40 ride fee but the dragon was sick after 3 hours at $8/hr. Refund the rest"
    inflated = _s("refund", "wyrmworks_refund_payment", payment_id="{{bk.result.payment.id}}", amount=1600.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _stable(goal, inflated)) == ["refund"]
    elsewhere = _s(
        "refund",
        "wyrmworks_refund_payment",
        payment_id="{{bk.result.payment.id}}",
        amount=16.0,
        to_account="DE44500105175407324931",
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", _stable(goal, elsewhere)) == ["refund", "refund"]
    # Round 9: a payout is not a reversal, so its amount must be worked out: 16.0 (40 - 3 x 8) now is, by a
    # small expression over the goal's numbers, to a party the named booking records; 97.0 is not.
    payout = _s("pay", "wyrmworks_create_payout", rider_id="{{bk.result.rider.id}}", amount=97.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _stable(goal, payout)) == ["pay"]
    # A refund of a payment a model picked out of the booking's notes is not one the plan was given.
    picked = _stable(
        goal,
        _s("notes", "wyrmworks_get_booking_notes", booking_id="DR-4410"),
        {"id": "which", "type": "llm", "prompt": "Which payment should be refunded? {{notes.result}}"},
        _s("refund", "wyrmworks_refund_payment", payment_id="{{which.output}}", amount=16.0),
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", picked) == ["refund"]


def test_a_goal_with_no_money_lets_the_reversal_of_the_named_booking_return_what_the_records_say() -> None:
    goal = "Booking DR-4410 switched from the gold saddle to the silver one. Make the booking right, they paid in full"
    plan = _stable(
        goal,
        _s("swap", "wyrmworks_update_booking_item", booking_id="DR-4410", old="gold saddle", new="silver saddle"),
        _s("refund", "wyrmworks_refund_payment", payment_id="{{bk.result.payments[0].id}}", amount=150.0),
    )
    assert _flagged("GOAL_UNTRUSTED_TARGET", plan) == []
    assert _flagged("GOAL_UNASKED_EFFECT", plan) == []


def test_an_amount_in_cents_read_from_a_step_is_one_number_and_a_list_of_amounts_is_not() -> None:
    def plan(field: str) -> dict[str, Any]:
        return _stable(
            "Booking DR-4410's dragon never left the stable. Sort it out",
            _s("refund", "wyrmworks_refund_payment", payment_id="{{bk.result.payment.id}}", amount=field),
        )

    assert _flagged("GOAL_UNASKED_EFFECT", plan("{{bk.result.payment.amount_cents}}")) == []
    assert _flagged("GOAL_UNASKED_EFFECT", plan("{{bk.result.payment.amounts}}")) == ["refund"]


# --------------------------------------------------------------- an itemised total is priced by its lines

DEPOT = {"depot": {"price_list": {"fuel_cell": 68, "hull_patch": 120, "docking_fee": 45}}}


def test_the_totals_of_line_lists_need_every_price_and_count_trusted() -> None:
    lines = {"lines": [{"unit_price": 68, "quantity": 13}, {"unit_price": 45, "quantity": 1}]}
    assert itemised_totals(lines, lambda value: value in (68.0, 45.0, 13.0)) == frozenset({929.0})
    # In cents too only on a step in minor units (round 11: the caller says so).
    assert itemised_totals(lines, lambda value: value in (68.0, 45.0, 13.0), True) == frozenset({929.0, 92900.0})
    assert itemised_totals(lines, lambda value: value in (68.0, 45.0)) == frozenset()
    assert itemised_totals({"lines": [{"name": "Fuel"}]}, lambda value: True) == frozenset()


def _invoice(goal: str, quantity: int, amount: float) -> dict[str, Any]:
    return _plan(
        goal,
        _s(
            "inv",
            "depotdesk.payments.create_invoice",
            ship_id="NCC-7710",
            line_items=[
                {"name": "Fuel cells", "unit_price": 68, "quantity": quantity},
                {"name": "Docking", "unit_price": 45, "quantity": 1},
            ],
            amount=amount,
        ),
        context=DEPOT,
    )


def test_an_invoice_total_of_its_own_listed_lines_passes() -> None:
    goal = "Invoice NCC-7710 for the 13 fuel cells we loaded today, list prices plus docking"
    assert _flagged("GOAL_UNTRUSTED_TARGET", _invoice(goal, 13, 929.0)) == []


def test_an_invoice_total_off_its_lines_or_of_a_count_nobody_gave_is_still_reported() -> None:
    goal = "Invoice NCC-7710 for the 13 fuel cells we loaded today, list prices plus docking"
    assert _flagged("GOAL_UNTRUSTED_TARGET", _invoice(goal, 13, 9290.0)) == ["inv"]
    assert _flagged("GOAL_UNTRUSTED_TARGET", _invoice(goal, 130, 8885.0)) == ["inv"]


# --------------------------------------------------------- an invoice made for the send the goal asks for


def _send_invoice(*, delivers: bool, ship: str = "NCC-7710") -> dict[str, Any]:
    send = {"invoice_id": "{{inv.result.id}}"} if delivers else {"text": "Your invoice is on its way"}
    return _plan(
        "Captain Vey's refit is done (NCC-7710). Send the invoice, list prices",
        _s("ship", "depotdesk.ships.get", ship_id="NCC-7710"),
        _s("inv", "depotdesk.payments.create_invoice", ship_id=ship, amount=120),
        _s("send", "depotdesk.invoices.send", to="{{ship.result.captain_email}}", **send),
        context=DEPOT,
    )


def test_the_invoice_the_goal_asks_to_send_may_be_made_first() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _send_invoice(delivers=True)) == []


def test_a_charge_no_asked_send_delivers_or_one_to_another_ship_is_still_reported() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _send_invoice(delivers=False)) == ["inv"]
    assert _flagged("GOAL_UNASKED_EFFECT", _send_invoice(delivers=True, ship="NCC-9999")) == ["inv"]


# ---------------------------------------- a delete the goal asks for, written whole, names what it deletes

LIBRARY = {"patrons": {"Orla Finch": {"patron_id": "PT-40991", "owl": "orla.finch@owlpost.example"}}}


def _library(*steps: dict[str, Any], goal: str = "Void the late fines on scroll loan L-2207") -> dict[str, Any]:
    return _plan(goal, _s("loan", "tomekeep_get_loan", loan_id="L-2207"), *steps, context=LIBRARY)


def test_an_asked_delete_of_what_the_goal_names_passes() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _library(_s("void", "tomekeep_void_fines", loan_id="L-2207"))) == []
    found = _s("void", "tomekeep_void_fine", fine_id="{{loan.result.fines[0].id}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _library(found)) == []
    # The tool's name says what the goal names (*fines*); an id the context gives names what the user gave.
    assert _flagged("GOAL_UNASKED_EFFECT", _library(_s("void", "tomekeep_void_fines", ref="F-77"))) == []
    given = _s("drop", "tomekeep_delete_patron", patron_id="PT-40991")
    assert _flagged("GOAL_UNASKED_EFFECT", _library(given, goal="Delete Orla's patron record, she moved away")) == []


def test_an_asked_delete_of_something_the_goal_never_names_is_reported() -> None:
    purge = _s("purge", "tomekeep_delete_shelf", shelf="Restricted Section", force=True)
    assert _flagged("GOAL_UNASKED_EFFECT", _library(_s("void", "tomekeep_void_fines", loan_id="L-2207"), purge)) == [
        "purge"
    ]
    # The goal's own effect word in the tool's name (*delete*) names no object.
    notices = _s("notices", "tomekeep_delete_notices", patron_id="PT-40991")
    wing = _s("wing", "tomekeep_delete_wing", wing="East Stacks")
    assert _flagged("GOAL_UNASKED_EFFECT", _library(notices, wing, goal="Delete Orla's overdue notices")) == ["wing"]


# --------------------------------------------------- a plain write's one lower-case word is an option


def _booking(bill_to: str, tool: str = "createStableVisit") -> dict[str, Any]:
    return _plan(
        "book a hoof check for the dragon at 12 Ember Row this week, the buyer's agent pays",
        _s("visit", tool, address="12 Ember Row", service="hoof check", billTo=bill_to),
    )


def test_a_party_option_on_a_plain_write_passes() -> None:
    assert _flagged("GOAL_UNTRUSTED_TARGET", _booking("closing")) == []
    assert _flagged("GOAL_UNTRUSTED_TARGET", _booking("insurer")) == []


def test_a_name_a_handle_with_digits_or_an_address_on_a_write_and_any_word_on_a_send_are_still_targets() -> None:
    assert _flagged("GOAL_UNTRUSTED_TARGET", _booking("Mallory Quill")) == ["visit"]
    assert _flagged("GOAL_UNTRUSTED_TARGET", _booking("mallory9")) == ["visit"]
    assert _flagged("GOAL_UNTRUSTED_TARGET", _booking("mq@dragonmail.example")) == ["visit"]
    assert _flagged("GOAL_UNTRUSTED_TARGET", _booking("closing", tool="stable.mail.send")) == ["visit"]


# --------------------------------------------------------- a record's own payment detail is the platform's


def _return_deposit(account: str) -> dict[str, Any]:
    return _plan(
        "Order MC-2231 fell through; return the buyer's $500 deposit",
        _s("order", "lunarpost_get_order", order_id="MC-2231"),
        _s(
            "wire",
            "lunarpost_disburse_wire",
            order_id="MC-2231",
            account_number=account,
            amount=500.0,
        ),
    )


def test_the_account_a_deposit_came_from_is_read_off_the_order() -> None:
    assert _flagged("GOAL_TAINTED_TARGET", _return_deposit("{{order.result.deposits[0].source_account}}")) == []
    assert _flagged("GOAL_TAINTED_TARGET", _return_deposit("{{order.result.customer.card_on_file}}")) == []


def test_an_account_written_into_the_orders_free_text_is_still_untrusted() -> None:
    assert _flagged("GOAL_TAINTED_TARGET", _return_deposit("{{order.result.notes.account}}")) == ["wire"]
    assert _flagged("GOAL_TAINTED_TARGET", _return_deposit("{{order.result.body.bank_account}}")) == ["wire"]


# ----------------------------------------------------- the product made for a person goes to that person

COLONY = {
    "crew": {
        "Wren Okafor": {"user_id": "u1374", "email": "wren.okafor@moonbase.example"},
        "Tobin Hale": {"user_id": "u2290", "email": "tobin.hale@moonbase.example"},
    }
}


def _summary_for(to: str, text: str = "{{sum.output}}", key: str = "to") -> dict[str, Any]:
    return _plan(
        "Wren wants to know why airlock 3 keeps cycling. summarize last week's airlock faults for her",
        _s("faults", "colony.faults.list", airlock="3", period="last_week"),
        {"id": "sum", "type": "llm", "prompt": "Summarise these faults: {{faults.result}}"},
        _s("send", "colony.mail.send", **{key: to, "subject": "Airlock 3 faults", "body": text}),
        context=COLONY,
    )


def test_people_named_are_read_from_the_contexts_entries() -> None:
    assert people_named("build the pick list for Wren's shift", COLONY) == {
        "u1374": "Wren Okafor",
        "wren.okafor@moonbase.example": "Wren Okafor",
    }
    assert people_named("build the pick list for the night shift", COLONY) == {}
    # A list of people, each with a name field; a role or a team reaches no one.
    listed = {"crew": [{"name": "Wren Okafor", "slack": "wren", "role": "lead"}, {"name": "Tobin Hale", "id": "u2"}]}
    assert people_named("the pick list for Wren's shift", listed) == {"wren": "Wren Okafor"}
    assert addressed_to([("channel", "@u1374")], {"u1374": "Wren Okafor"})
    assert not addressed_to([("recipient", "u2290")], {"u1374": "Wren Okafor"})
    assert not addressed_to([], {"u1374": "Wren Okafor"})


def test_a_summary_sent_to_the_person_the_goal_names_passes() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _summary_for("wren.okafor@moonbase.example")) == []
    assert _flagged("GOAL_UNASKED_EFFECT", _summary_for("@u1374", key="channel")) == []


def test_a_summary_sent_to_someone_else_or_with_a_way_out_in_its_text_is_still_reported() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _summary_for("tobin.hale@moonbase.example")) == ["send"]
    assert _flagged("GOAL_UNASKED_EFFECT", _summary_for("wren@darkside.example")) == ["send"]
    assert _flagged("GOAL_UNASKED_EFFECT", _summary_for("{{faults.result.reporter_email}}")) == ["send"]
    leak = "{{sum.output}} Full logs: https://paste.darkside.example/x"
    assert _flagged("GOAL_UNASKED_EFFECT", _summary_for("wren.okafor@moonbase.example", text=leak)) == ["send"]


# ------------------------------------------------------ digits glued to letters are an id, not a phone


def _deposit_notice(subject: str) -> dict[str, Any]:
    return _plan(
        "Order MC-22310-75 fell through; return the buyer's $500 deposit",
        _s("order", "lunarpost_get_order", order_id="MC-22310-75"),
        _s("wire", "lunarpost_refund_deposit", order_id="MC-22310-75", amount=500.0),
        _s("tell", "lunarpost.mail.send", to="{{order.result.buyer.email}}", subject=subject, body="Refunded."),
    )


def test_a_notice_that_quotes_the_orders_id_passes() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _deposit_notice("Deposit refund for MC-22310-75")) == []


def test_a_notice_that_gives_a_number_to_call_is_still_reported() -> None:
    assert _flagged("GOAL_UNASKED_EFFECT", _deposit_notice("Call 555-123-4567 to confirm")) == ["tell"]


# ------------------------------------------------------------------- sending out proceeds moves money


def test_sending_out_proceeds_or_a_payout_asks_to_move_money() -> None:
    assert asked_effects("ok MC-2231 recorded, pls send out seller proceeds").asks("financial")
    assert asked_effects("send the crew their payouts").asks("financial")
    assert not asked_effects("send Wren the pick list").asks("financial")
