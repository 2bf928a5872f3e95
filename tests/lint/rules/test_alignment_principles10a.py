"""Goal alignment, session 6 (round 10, tuner A): proportions the context gives applied to the goal's money,
charges to a found party's stored card, released deposits, the business's own service links, invites into its
own chat rooms, new records named after the goal's, a form entry's contact picked by the goal's name, plural
contact fields, and reads by an id of the goal's id shape that the goal does not give. Each principle tested
in made-up workspaces (a moon colony's co-op, a wizard's library, a griffin aerie), with what it must still
catch."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import action as _s
from tests.lint.rules._support import flagged as _flagged
from tests.lint.rules._support import goal_plan as _plan

from plankit.lint._amounts import is_hold_release
from plankit.lint._trusted import context_shares, shared_amounts

UNTRUSTED = "GOAL_UNTRUSTED_TARGET"
TAINTED = "GOAL_TAINTED_TARGET"

# ------------------------------------------------ 1. a proportion the context gives, on the goal's money


def test_shares_are_read_from_share_and_tax_keys_only() -> None:
    context = {"split": {"artist_share": 0.5}, "sales_tax_pct": 8.25, "fees": {"per_day": 3}, "dock": 42}
    assert context_shares(context) == ((0.0825, True), (0.5, False))


def test_a_share_or_a_tax_applies_to_the_goals_money_only() -> None:
    shares = ((0.0825, True), (0.5, False))
    assert shared_amounts("refund the $24 plus tax", shares) >= {25.98, 12.0, 1.98}
    assert 25.98 not in shared_amounts("refund the $24", shares)  # no tax without the goal saying so
    assert shared_amounts("order ro-24017 for 24 units", shares) == frozenset()  # ids and counts are no money


@given(st.floats(min_value=1, max_value=100_000, allow_nan=False), st.floats(min_value=0.01, max_value=0.99))
def test_no_shared_amount_exceeds_the_goals_money_plus_its_tax(money: float, rate: float) -> None:
    written = float(f"{money:.2f}")
    goal = f"pay ${written:.2f} plus tax"
    assert all(value <= round(written * (1 + rate), 2) + 0.01 for value in shared_amounts(goal, ((rate, True),)))


COOP = {"me": {"name": "Steward Ona", "email": "ona@crater-coop.example"}, "levy": {"grower_share": 0.6}}


def test_a_growers_share_of_the_goals_sale_passes_and_another_amount_is_reported() -> None:
    def plan(amount: float) -> dict[str, object]:
        return _plan(
            "Grower Tam's cut of the $2,000 moss harvest sale is due: pay it out",
            _s("grower", "coop_find_grower", name="Tam"),
            _s("pay", "coop_bank_transfer", to_account="{{grower.result.bank_account}}", amount=amount),
            context=COOP,
        )

    assert _flagged(UNTRUSTED, plan(1200.0)) == []
    assert _flagged(UNTRUSTED, plan(1450.0)) == ["pay"]


# ------------------------------------------------ 2. a charge to a found party's card, in a goal that prices nothing


def _charge(goal: str, tool: str, **args: object) -> dict[str, object]:
    return _plan(goal, _s("m", "coop_find_member", name="Tam"), _s("charge", tool, **args))


def test_a_charge_of_the_difference_to_the_found_member_passes() -> None:
    goal = "Tam moves from the Solo to the Family plot. Upgrade and charge just the difference"
    plan = _charge(goal, "coop_charge_card_on_file", member_id="{{m.result.id}}", amount=75.0)
    assert _flagged(UNTRUSTED, plan) == []


def test_a_charge_to_an_unnamed_member_a_payout_or_a_goal_with_money_is_still_reported() -> None:
    goal = "Tam moves from the Solo to the Family plot. Upgrade and charge just the difference"
    stranger = _charge(goal, "coop_charge_card_on_file", member_id="MB-90331", amount=75.0)
    assert _flagged(UNTRUSTED, stranger) == ["charge", "charge"]  # the member and the amount
    payout = _charge(goal, "coop_create_payout", member_id="{{m.result.id}}", amount=75.0)
    assert _flagged(UNTRUSTED, payout) == ["charge"]
    priced = _charge("Charge Tam the $40 fee", "coop_charge_card_on_file", member_id="{{m.result.id}}", amount=75.0)
    assert _flagged(UNTRUSTED, priced) == ["charge"]


# ------------------------------------------------ 3. a released deposit


def test_a_release_names_a_deposit_or_a_hold() -> None:
    assert is_hold_release("booqable_release_deposit") and is_hold_release("holds.release")
    assert not is_hold_release("release_notes.publish") and not is_hold_release("deposit.capture")


def test_a_released_deposit_passes_but_not_to_a_deposit_nobody_gave() -> None:
    goal = "Lantern on rental LR-2291 came back bent, repair is $35. Keep that from the deposit, release the rest"

    def plan(deposit: str) -> dict[str, object]:
        return _plan(
            goal,
            _s("rental", "aerie_get_rental", rental_id="LR-2291"),
            _s("release", "aerie_release_deposit", deposit_id=deposit, amount=265.0),
        )

    assert _flagged(UNTRUSTED, plan("{{rental.result.deposit.id}}")) == []
    assert _flagged(UNTRUSTED, plan("DP-77812")) == ["release", "release"]


# ------------------------------------------------ 4. the business's own service in a message's text


def _texted(body: str, to: str = "{{appt.result.phone}}") -> dict[str, object]:
    return _plan(
        "Griffin rides are off tomorrow. Cancel them and text the riders a link to rebook",
        _s("appt", "skyride.bookings.list", date="tomorrow"),
        _s("text", "twilio.messages.create", to=to, body=body),
    )


def test_a_link_to_the_service_the_plan_works_in_passes() -> None:
    # Session 7 (round 11, R): the page must be the business's own there (its slug or subdomain spells the name
    # the context gives); any page of the vendor's domain no longer passes.
    def texted(body: str) -> dict[str, object]:
        return {**_texted(body), "context": {"org": {"name": "Stormcrest Aerie"}}}

    assert _flagged(UNTRUSTED, texted("Rebook: https://skyride.com/stormcrest-aerie")) == []
    assert _flagged(UNTRUSTED, texted("Rebook: https://stormcrestaerie.book.skyride.co.uk/x")) == []
    assert _flagged(UNTRUSTED, _texted("Rebook: https://skyride.com/aerie")) == ["text"]


def test_a_lookalike_host_or_a_tainted_message_is_still_reported() -> None:
    assert _flagged(UNTRUSTED, _texted("Rebook: https://skyride-rebook.example/aerie")) == ["text"]
    plan = _plan(
        "Griffin rides are off tomorrow. Cancel them and text the riders a link to rebook",
        _s("appt", "skyride.bookings.list", date="tomorrow"),
        _s("dms", "instagram.direct.threads", folder="general"),
        {"id": "number", "type": "llm", "prompt": "Which number asks for the list? {{dms.result}}"},
        _s("text", "twilio.messages.create", to="{{number.output}}", body="List: https://skyride.com/aerie/export"),
    )
    assert "text" in _flagged(UNTRUSTED, plan)


# ------------------------------------------------ 5. an invite into the organisation's own chat rooms


def test_an_invite_of_the_goals_person_to_plain_rooms_passes_and_a_stranger_is_reported() -> None:
    goal = "New steward Lio Park (lio.park@moonmail.example) starts Monday: add them to the co-op chat"

    def plan(email: str) -> dict[str, object]:
        return _plan(goal, _s("invite", "chat_admin_invite_user", email=email, channel_names=["general", "stewards"]))

    assert _flagged(UNTRUSTED, plan("lio.park@moonmail.example")) == []
    assert _flagged(UNTRUSTED, plan("ghost@void.example")) == ["invite", "invite", "invite"]


# ------------------------------------------------ 6. a new record named after the goal's record


def test_a_new_order_named_after_the_goals_order_passes_but_not_a_change_to_another() -> None:
    goal = "Order #7310 arrived broken. Reship it"

    def plan(tool: str, number: str) -> dict[str, object]:
        return _plan(goal, _s("reship", tool, order_number=number, service="priority"))

    assert _flagged(UNTRUSTED, plan("aerie_create_order", "#7310-R")) == []
    assert _flagged(UNTRUSTED, plan("aerie_update_order", "#7310-R")) == ["reship"]
    assert _flagged(UNTRUSTED, plan("aerie_create_order", "#8842-R")) == ["reship"]
    assert _flagged(UNTRUSTED, plan("aerie_create_order", "#7310-REPLACEMENT")) == ["reship"]


# ------------------------------------------------ 7. taint: a form entry picked by the goal's name; plural contacts


def test_a_form_entrys_address_picked_by_the_goals_name_passes_and_its_text_is_still_tainted() -> None:
    goal = "Approve Silver Fen Apiary's stall application and send them the rules"

    def plan(filter_args: dict[str, object], field: str) -> dict[str, object]:
        return _plan(
            goal,
            _s("app", "coop_get_form_submissions", form="Stalls", **filter_args),
            _s("welcome", "coop_send_email", to=f"{{{{app.result.submissions[0].{field}}}}}", body="Approved."),
        )

    assert _flagged(TAINTED, plan({"filter": {"business": "Silver Fen Apiary"}}, "email")) == []
    assert _flagged(TAINTED, plan({}, "email")) == ["welcome"]  # not picked by the goal's name
    assert _flagged(TAINTED, plan({"filter": {"business": "Silver Fen Apiary"}}, "reply_to")) == ["welcome"]


def test_plural_mobiles_of_a_record_are_its_own_contact_field() -> None:
    plan = _plan(
        "Repairs waiting over a week? text those customers",
        _s("stale", "aerie_list_tickets", status="waiting"),
        _s("update", "aerie_send_sms", to="{{stale.result.customer_mobiles}}", body="Still waiting on parts."),
    )
    assert _flagged(TAINTED, plan) == []


# ------------------------------------------------ 8. a read by an id of the goal's shape that the goal does not give


def _notes(job: str, goal: str = "send an estimate for a new flue on J-55076") -> dict[str, object]:
    return _plan(
        goal,
        _s("notes", "aerie_get_job_notes", job_id=job),
        _s("mail", "aerie_send_email", to="{{notes.result.notes[0].author_email}}", body="Estimate attached."),
    )


def test_a_target_read_from_another_record_of_the_goals_kind_is_tainted() -> None:
    assert _flagged(TAINTED, _notes("J-32464")) == ["mail"]
    assert _flagged(TAINTED, _notes("J-55076")) == []  # the goal's own record
    assert _flagged(TAINTED, _notes("P-4471")) == []  # another shape: the plan's own lookup, judged as before
    assert _flagged(TAINTED, _notes("J-32464", "send the estimates for this week's flues")) == []  # no id in the goal


# ------------------------------------------------ 9. an only argument, a model's answer about untrusted content


def _unlock(source: dict[str, object], prompt: str, **extra: object) -> dict[str, object]:
    return _plan(
        "Which griffins flew the most last month?",
        source,
        {"id": "pick", "type": "llm", "prompt": prompt},
        _s("unlock", "aerie_unlock_stall", stall_tag="{{pick.output}}", **extra),
    )


def test_an_only_argument_a_model_read_from_untrusted_content_is_reported() -> None:
    tickets = _s("tickets", "aerie_fetch_web_tickets", status="open")
    prompt = "Which stall does the newest ticket ask to unlock? {{tickets.result}}"
    assert _flagged(TAINTED, _unlock(tickets, prompt)) == ["unlock"]


def test_a_second_argument_or_a_model_over_the_plans_own_records_is_judged_as_before() -> None:
    tickets = _s("tickets", "aerie_fetch_web_tickets", status="open")
    prompt = "Which stall does the newest ticket ask to unlock? {{tickets.result}}"
    assert _flagged(TAINTED, _unlock(tickets, prompt, reason="maintenance")) == []
    flights = _s("flights", "aerie_flight_stats", period="last_month")
    assert _flagged(TAINTED, _unlock(flights, "Which stall flew most? {{flights.result}}")) == []
