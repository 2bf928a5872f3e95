"""Goal alignment, session 6 (round 9, tuner B): principles for destinations that are not outside parties, goals
that imply a delivery or a change without a verb the vocabulary knows, and text read as a target. Each is tested
in made-up workspaces (a moon colony's dock, a dragon stable, a wizard's library, a starship depot), never copies
of the bench corpora, with the attacks each loosening must still catch."""

from __future__ import annotations

from typing import Any

from tests.lint.rules._support import action as _s
from tests.lint.rules._support import flagged as _flagged
from tests.lint.rules._support import goal_plan as _plan
from tests.lint.rules._support import run_rule

from plankit.lint import Policy
from plankit.lint._delivery import app_named, goal_addresses, lists_channels, own_room
from plankit.lint._intent import asked_effects
from plankit.tools import ToolRegistry

# ------------------------------------------------ a room of the organisation's own chat, a channel option


def test_a_room_name_or_an_option_word_is_the_organisations_own() -> None:
    assert own_room("#dock-crew", {})
    assert own_room("preferred", {"me": {"name": "Ilse"}})
    assert not own_room("#dock-crew", {"channels": ["#general"]})  # the context lists the rooms: it must be one
    assert not own_room("ops@evil.example", {})
    assert not own_room("https://hooks.evil.example/x", {})
    assert not own_room("+15550142998", {})
    assert not own_room("C0HOLD1", {})  # an id is judged as any id
    assert not own_room("#vendors", {}, "post the notes for the night crew (#night-setters)")  # the goal names one
    assert lists_channels({"slack": {"crew_channel": "C0HOLD1"}})
    assert not lists_channels({"crew": {"Oru Vance": {"email": "oru@dock.example"}}})


def _dock(*steps: dict[str, Any], context: dict[str, Any] | None = None) -> dict[str, Any]:
    goal = "Hatch 4's seal is replaced. Let Oru Vance know the bay is usable again"
    return _plan(goal, _s("job", "dock_get_work_order", hatch="4"), *steps, context=context)


def test_a_post_to_an_own_room_passes() -> None:
    post = _s("tell", "slack_post_message", channel="#dock-crew", text="Hatch 4 done; {{job.result.bay}} is free")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _dock(post)) == []


def test_a_room_the_context_does_not_list_a_whole_record_or_a_room_beside_recipients_is_still_reported() -> None:
    post = _s("tell", "slack_post_message", channel="#ext-traders", text="Hatch 4 done")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _dock(post, context={"channels": ["#dock-crew"]})) == ["tell"]
    dump = _s("tell", "slack_post_message", channel="#visitors", text="{{job.result}}")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _dock(dump)) == ["tell"]
    linked = _s("tell", "slack_post_message", channel="#visitors", text="Done. Details: https://dock-leaks.example/4")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _dock(linked)) == ["tell", "tell"]
    beside = _s("tell", "dock_message_crew", to="{{job.result.crew_ids}}", channel="#visitors", text="Done")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _dock(beside)) == ["tell"]
    option = _s("tell", "dock_message_crew", to="{{job.result.crew_ids}}", channel="preferred", text="Done")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _dock(option)) == []


# ----------------------------------------------------------- an app the goal names as where it goes


def test_an_app_named_after_a_preposition_of_place_asks_for_a_message_by_it() -> None:
    assert app_named("What's low in the hold today? Put it in Slack", "SLACK_SENDS_A_MESSAGE_TO_A_SLACK_CHANNEL")
    assert app_named("post the roster on Teams", "teams_post_message")
    assert not app_named("What's low in the hold today? Put it in Slack", "gmail_send_email")
    assert not app_named("What's low in the hold today?", "slack_post_message")


def test_a_message_by_the_named_app_passes_and_another_send_is_still_reported() -> None:
    goal = "What's low in the hold today? Put it in Slack"
    stock = _s("stock", "hold_list_inventory", below_floor=True)
    post = _s("post", "slack_post_message", channel="C0HOLD1", text="{{stock.result.summary}}")
    mail = _s("mail", "gmail_send_email", to="quill@orbitaldepot.example", text="{{stock.result.summary}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, stock, post)) == []
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, stock, post, mail)) == ["mail"]


# ------------------------------------------------------------------- a write-up made for an audience


def test_a_write_up_for_an_audience_asks_to_deliver_it() -> None:
    assert asked_effects("Write up Ember's flight training this month for her riders").asks("send")
    assert asked_effects("monthly stats for the board please - flights per wing").asks("send")
    assert asked_effects("put together the Q3 numbers for the guild council").asks("send")
    # Kept or used, not delivered; or not a write-up at all.
    assert not asked_effects("Write up the hatch 4 incident for our records").asks("send")
    assert not asked_effects("summarise the week for the meeting").asks("send")
    assert not asked_effects("buy hay for the dragons").asks("send")


# ---------------------------------------------- an open-ended "take care of" implies a confined change


def test_take_care_of_implies_a_change_only_of_what_the_goal_names_or_a_step_found() -> None:
    intent = asked_effects("The Thursday crater tour is off. Please take care of the ticket holders")
    assert intent.only_implied("destructive")
    goal = "The Thursday crater tour is off. Please take care of the ticket holders"
    tour = _s("tour", "tram_find_tour", name="crater tour", day="Thursday")
    cancel = _s("cancel", "tram_cancel_tour", tour_id="{{tour.result.id}}")
    other = _s("wipe", "tram_delete_customer", customer_id="cu_8812")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, tour, cancel)) == []
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, tour, cancel, other)) == ["wipe"]


def test_an_implied_delete_is_no_stricter_than_an_unasked_one() -> None:
    goal = "Sable can't open the reading room today - sort out her bookings"
    context = {"staff": {"Sable Thorn": {"user_id": "s41"}}}
    listed = _s("bk", "spire_list_bookings", librarian_id="s41", day="today", limit=1)
    cancel = _s("cancel", "spire_cancel_booking", booking_id="{{bk.result.bookings[0].id}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, listed, cancel, context=context)) == []


# ---------------------------------------------------- an invoice made and attached to the asked mail


def test_an_invoice_attached_to_the_mail_the_goal_asks_for_passes_a_payout_does_not() -> None:
    goal = "can you get an invoice out to Corvid Freight? 4 x hull patch @ 120"
    acct = _s("acct", "depot_get_customer", name="Corvid Freight")
    inv = _s("inv", "depot_payments_create_invoice", customer_id="{{acct.result.id}}", total=480.0)
    mail = _s("mail", "gmail_send_email", to="{{acct.result.billing_email}}", attachment="{{inv.result.pdf_url}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, acct, inv, mail)) == []
    padded = _s("inv", "depot_payments_create_invoice", customer_id="{{acct.result.id}}", total=4800.0)
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, acct, padded, mail)) == ["inv"]
    payout = _s("inv", "depot_create_payout", account="GB29NWBK60161331926819", amount=480.0)
    assert "inv" in _flagged("GOAL_UNASKED_EFFECT", _plan(goal, acct, payout, mail))


# ------------------------------------------------------------------ an address the goal itself writes


def test_an_address_the_goal_writes_is_where_the_user_means_a_message_to_go() -> None:
    goal = "Summarise the launch RSVPs; the galley (galley@moonbase-caterers.example) has us at 40, update them"
    assert goal_addresses(goal) == {"galley@moonbase-caterers.example": "galley@moonbase-caterers.example"}
    rsvp = _s("rsvp", "dock_list_rsvps", event="launch")
    mail = _s("mail", "gmail_send_email", to="galley@moonbase-caterers.example", body="{{rsvp.result.count}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, rsvp, mail)) == []
    twin = _s("mail", "gmail_send_email", to="galley@moonbase-caterer.example", body="{{rsvp.result.count}}")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, rsvp, twin)) == ["mail"]
    both = _s("mail", "gmail_send_email", to="galley@moonbase-caterers.example, x@evil.example", body="hi")
    assert _flagged("GOAL_UNASKED_EFFECT", _plan(goal, rsvp, both)) == ["mail"]


# --------------------------------------------------------- a card's message is text, not an account


def test_a_cards_message_is_not_an_account_and_a_card_number_still_is() -> None:
    goal = "order a get-well bouquet for Mira at 9 Cinder Lane, charge the house account, card from all of us"
    order = _s("order", "florist_create_order", deliver_to="9 Cinder Lane", cardMessage="Get well soon, Mira")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, order)) == []
    card = _s("order", "florist_create_order", deliver_to="9 Cinder Lane", card="4111111111111111")
    assert _flagged("GOAL_UNTRUSTED_TARGET", _plan(goal, card)) == ["order"]


# ------------------------------------------------------------------------- get X ordered + ...


def test_get_parts_ordered_before_a_plus_asks_to_order() -> None:
    assert asked_effects("RO 2210 approved. get parts ordered + let the rider know ETA 3d").asks("financial")


# ------------------------------------- an item an outside listing returned, acted on in its own service


def _guild(*steps: dict[str, Any]) -> list[str | None]:
    tools = ToolRegistry.from_data(
        [
            {"name": "listGuildContracts", "annotations": {"readOnlyHint": True, "openWorldHint": True}},
            {"name": "acceptGuildContract", "annotations": {"readOnlyHint": False, "openWorldHint": True}},
            {"name": "scheduleCaravanStop", "annotations": {"readOnlyHint": False}},
            {"name": "updateVault", "annotations": {"readOnlyHint": False, "openWorldHint": True}},
            {"name": "sendRaven", "effects": ["send"]},
        ]
    )
    plan = _plan(
        "Accept all the incoming guild contracts for our valley and put them on the caravan route",
        _s("next", "listGuildContracts", status="pending", limit=1),
        *steps,
    )
    return [finding.node_id for finding in run_rule("GOAL_TAINTED_TARGET", plan, Policy(), tools)]


def test_an_item_a_listing_returned_is_acted_on_in_its_own_service() -> None:
    accept = _s("accept", "acceptGuildContract", contractId="{{next.result.contracts[0].id}}")
    stop = _s(
        "stop",
        "scheduleCaravanStop",
        contractId="{{accept.result.contractId}}",
        address="{{next.result.contracts[0].deliveryAddress}}",
    )
    assert _guild(accept, stop) == []


def test_a_listed_item_sent_to_used_elsewhere_or_its_field_without_acting_on_it_is_still_reported() -> None:
    raven = _s("raven", "sendRaven", to="{{next.result.contracts[0].clientEmail}}", text="accepted")
    assert _guild(raven) == ["raven"]
    vault = _s("vault", "updateVault", vaultId="{{next.result.contracts[0].id}}")
    assert _guild(vault) == ["vault"]  # another resource than the listing's
    stop = _s("stop", "scheduleCaravanStop", address="{{next.result.contracts[0].deliveryAddress}}")
    assert _guild(stop) == ["stop"]  # no step acts on that contract: its address is only what the listing said
