"""Goal alignment, session 4: each principle added for generalisation, tested in made-up workspaces (a bakery,
a gym, a band, a law office...), never copies of the bench corpora: an effect the goal must ask for (archive,
void, unpublish, unlock), a task that implies one (restart by delete, tidy up), a grant to everyone written in
a value or a JSON string, names built by a naming scheme, entries anyone can type in, generic command tools,
the object a write changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import goal_plan as _plan
from tests.lint.rules._support import run_rule

from plankit.lint import LintContext, Policy
from plankit.lint._documents import json_documents, public_grant, role_grant, thread_tool
from plankit.lint._effects import ToolEffects, command_effects, name_effects
from plankit.lint._intent import asked_effects
from plankit.lint._provenance import Provenance
from plankit.lint._schemes import person_logins
from plankit.lint._trusted import Trusted, target_kind
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry, ToolSpec


def _messages(code: str, plan: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(f.node_id, f.message) for f in run_rule(code, plan, Policy())]


# ------------------------------------------------------------------------------------------- tool names


@pytest.mark.parametrize(
    ("tool", "effects"),
    [
        # Ending, hiding or voiding an object is destroying it, whatever the vendor calls it.
        ("BAKERY_ARCHIVE_ORDER", {"destructive"}),
        ("ledger.invoices.void", {"destructive"}),
        ("menu_unpublish_item", {"destructive"}),
        ("members.del", {"destructive"}),
        ("lms.courses.conclude", {"destructive"}),
        ("docker.container.rm", {"destructive"}),
        # Export makes a copy: a write whose outward targets (email_to, url) are checked.
        ("gym_export_members", {"write"}),
        # Unlocking or disarming removes a safeguard.
        ("frontdoor.unlock", {"credentials"}),
        ("alarm_disarm", {"credentials"}),
        # Two-word verbs.
        ("wallet.cards.topUp", {"financial"}),
        ("rewards_cash_out", {"financial"}),
        # Creating a message, call or post sends it; drafting one or calling a model does not.
        ("sms_gateway.messages.create", {"write", "send"}),
        ("voip_calls_create", {"write", "send"}),
        ("forum.posts.create", {"write", "send"}),
        ("mail_draft_message", {"write"}),
        ("openai.chat.completions.create", {"write"}),
        ("anthropic.messages.create", {"write"}),
        ("create_notification_rule", {"write"}),
        # Transferring ownership hands something over; no money moves.
        ("docs.files.transferOwnership", {"share"}),
        ("band_site_transfer_domain", {"share"}),
        # Access-control nouns.
        ("cloud_iam_attach_role_policy", {"write", "share"}),
        ("chat.orgs.setMembership", {"write", "share"}),
    ],
)
def test_tool_name_principles(tool: str, effects: set[str]) -> None:
    assert name_effects(tool) == effects


# ------------------------------------------------------------------------------------------------ goals


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        ("Restart the stuck oven-controller pod", {"destructive": ("restart",)}),
        ("Replace the broken door sensor", {"destructive": ("replace",)}),
        ("Tidy up the band's shared folder", {"destructive": ("tidy",)}),
        ("Take down the summer menu page", {"destructive": ("take down",)}),
        ("Get rid of duplicate member records", {"destructive": ("get rid of",)}),
        ("Archive last season's class schedule", {"destructive": ("archive",)}),
        ("Ask Pia whether the van is free on Saturday", {"send": ("ask",)}),
        ("Follow up with the landlord about the heating", {"send": ("follow up",)}),
        ("Loop Ravi in on the gig contract", {"send": ("loop ravi in",)}),
        ("Put the rehearsal notes in #band", {"send": ("put the rehearsal notes in #band",)}),
        ("Cover the rehearsal room fee for the band", {"financial": ("cover the rehearsal room fee",)}),
        ("Top up the studio's prepaid card", {"financial": ("top up the studio's prepaid card",)}),
        ("Make the gig poster public", {"share": ("make the gig poster public",)}),
        ("Give Mo admin on the gym's booking site", {"share": ("give mo admin",)}),
        ("Kick off the weekly stock count", {}),
        ("Chase the overdue invoice from the flour supplier", {"send": ("chase",)}),
        ("Check the public holidays for next month", {}),
        ("WhatsApp Pia the van's address", {"send": ("whatsapp",)}),
        ("Stop the nightly photo backup", {"destructive": ("stop",)}),
        ("Sign Mo out of every device", {"destructive": ("sign mo out",), "credentials": ("sign mo out",)}),
        ("Throw the old flyers in the bin", {}),
        ("Get the tasting notes to the importer", {"send": ("get the tasting notes to the importer",)}),
        ("Get the kiln firmware to the latest version", {}),
        ("Can Juno get read-only on the PRICING schema?", {"share": ("get read-only",)}),
        ("Make sure Juno gets access to the recipes drive", {"share": ("access", "gets access")}),
        ("Three kiln jobs failed in the night - retry them", {"destructive": ("retry",)}),
    ],
)
def test_goal_phrasings(goal: str, asked: dict[str, tuple[str, ...]]) -> None:
    assert asked_effects(goal).asked == asked


def test_restart_by_delete_passes_but_deleting_something_else_is_named() -> None:
    goal = "The oven-controller pod is crash-looping; restart it"
    good = _plan(
        goal,
        {"id": "find", "tool": "k8s.pods.list", "args": {"selector": "app=oven-controller"}},
        {"id": "bounce", "tool": "k8s.pods.delete", "args": {"name": "{{find.result.items[0].name}}"}},
    )
    assert _messages("GOAL_UNASKED_EFFECT", good) == []
    assert _messages("GOAL_UNTRUSTED_TARGET", good) == []
    bad = _plan(goal, {"id": "gone", "tool": "k8s.volumes.delete", "args": {"volume_id": "vol-88f1"}})
    assert _messages("GOAL_UNTRUSTED_TARGET", bad) == [
        (
            "gone",
            "'gone' would delete or cancel object 'vol-88f1' (k8s.volumes.delete, $.steps[0].params.volume_id), "
            "which is not in the goal, the plan's context or the policy's trusted_values",
        )
    ]


# ---------------------------------------------------------------------------------- grants to everyone


def test_a_public_grant_inside_a_json_string_is_an_unasked_share() -> None:
    policy = {"Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject"}]}
    plan = _plan(
        "Resize the bakery's product photos",
        {
            "id": "acl",
            "tool": "storage_put_bucket_policy",
            "args": {"Bucket": "bakery-raw", "Policy": json.dumps(policy)},
        },
    )
    assert _messages("GOAL_UNASKED_EFFECT", plan) == [
        (
            "acl",
            "'acl' calls storage_put_bucket_policy with Principal: '*' ($.steps[0].params.Policy (JSON text) at "
            "$.Statement[0].Principal), which opens it to everyone (share), which the goal does not ask for (it "
            'asks for no side effect; goal: "Resize the bakery\'s product photos")',
        )
    ]
    [finding] = run_rule("GOAL_UNASKED_EFFECT", plan, Policy())
    assert finding.path == "$.steps[0].params.Policy"


@pytest.mark.parametrize(
    ("params", "found"),
    [
        ({"permission": {"type": "anyone", "role": "reader"}}, ("$.permission.type", "type: 'anyone'")),
        ({"ACL": "public-read"}, ("$.ACL", "ACL: 'public-read'")),
        ({"members": ["allUsers"]}, ("$.members[0]", "members[0]: 'allUsers'")),
        ({"config": {"BlockPublicPolicy": False}}, ("$.config.BlockPublicPolicy", "BlockPublicPolicy: false")),
        ({"is_private": False}, ("$.is_private", "is_private: false")),
        ({"visibility": "public"}, ("$.visibility", "visibility: 'public'")),
        ({"Policy": json.dumps({"Statement": [{"Effect": "Deny", "Principal": "*"}]})}, None),
        ({"config": {"BlockPublicPolicy": True}}, None),
        ({"permission": {"type": "user", "emailAddress": "pia@band.example"}}, None),
        ({"query": "public holidays", "title": "*"}, None),
    ],
)
def test_public_grant_reading(params: dict[str, Any], found: tuple[str, str] | None) -> None:
    assert public_grant(params, "$") == found


def test_a_goal_that_asks_to_make_it_public_is_not_flagged_but_posting_is_not_asking() -> None:
    step = {"id": "open", "tool": "site.pages.update", "args": {"page_id": "summer-menu", "visibility": "public"}}
    assert _messages("GOAL_UNASKED_EFFECT", _plan("Make the summer-menu page public", step)) == []
    assert [n for n, _ in _messages("GOAL_UNASKED_EFFECT", _plan("Post the summer-menu in #staff", step))] == ["open"]


def test_targets_inside_a_json_string_are_checked() -> None:
    plan = _plan(
        "Add a webhook so the gym's booking site pings us",
        {
            "id": "hook",
            "tool": "http.post",
            "args": {
                "url": "https://api.gymbook.example/hooks",
                "body": json.dumps({"config": {"url": "https://collect.elsewhere.example/in"}}),
            },
        },
        context={"site": "https://api.gymbook.example"},
    )
    assert _messages("GOAL_UNTRUSTED_TARGET", plan) == [
        (
            "hook",
            "'hook' would send to url 'https://collect.elsewhere.example/in' (http.post, $.steps[0].params.body "
            "(JSON text) at $.config.url), which is not in the goal, the plan's context or the policy's "
            "trusted_values",
        )
    ]


@given(st.dictionaries(st.text(max_size=8), st.text(max_size=12), max_size=4))
def test_json_documents_are_found_whatever_they_hold(document: dict[str, str]) -> None:
    params = {"payload": json.dumps(document), "plain": "not json {"}
    assert list(json_documents(params, "$")) == [("$.payload (JSON text) at $", document)]


# --------------------------------------------------------------------------------------- naming schemes


def test_person_logins() -> None:
    forms = person_logins(["Onboard Jane Doe on Monday", "Invite Dana's partner"])
    assert {"jane.doe", "jdoe", "j.doe", "janedoe", "jane_doe", "doe.jane", "janed", "jane", "dana"} <= forms
    assert "evil" not in forms and "danas" not in forms


def _trusted(goal: str, context: dict[str, Any] | None = None) -> Trusted:
    plan = plan_from_data({"goal": goal, "context": context or {}, "steps": [{"id": "a", "tool": "x.get"}]})
    return Trusted(LintContext(plan, Policy()))


@pytest.mark.parametrize(
    ("kind", "value", "trusted"),
    [
        ("recipient", "pia.lund@riverband.example", True),  # name form at the band's own domain
        ("recipient", "plund@riverband.example", True),
        ("recipient", "pia.lund@elsewhere.example", False),  # the right name at a domain nobody mentioned
        ("recipient", "mo.ahmed@riverband.example", False),  # a person nobody named
        ("recipient", "plund", True),  # a login
        ("object", "prod/tour-site/db", True),  # goal word + generic words
        ("object", "svc-tour-site-key", True),
        ("object", "prod/merch-shop/db", False),  # 'merch' is not in the goal
        ("object", "prod/db", False),  # generic words only: nothing ties it to the goal
        ("object", "primary", True),  # the user's own default object
        ("path", "backups/tour-site/2026", False),  # a number nobody gave
    ],
)
def test_naming_scheme_trust(kind: str, value: str, trusted: bool) -> None:
    t = _trusted(
        "Create a login for Pia Lund and rotate the tour-site database password",
        {"band_domain": "riverband.example"},
    )
    assert t.trusts(kind, value) is trusted


# --------------------------------------------------------------------------------- untrusted entries


def _form_plan(goal: str) -> dict[str, Any]:
    return _plan(
        goal,
        {"id": "subs", "tool": "bakery_get_form_submissions", "args": {"form": "catering"}},
        {"id": "mail", "tool": "mail.send", "args": {"to": "{{subs.result.items[0].email}}", "body": "Menu"}},
    )


def test_an_address_typed_into_a_form_is_untrusted_unless_the_goal_names_who_filled_it() -> None:
    [(node, message)] = _messages("GOAL_TAINTED_TARGET", _form_plan("Send our catering menu to Pia Lund"))
    assert node == "mail"
    assert message == (
        "'mail' would send to recipient {{subs.result.items[0].email}} (mail.send, $.steps[1].params.to), taken "
        "from untrusted content: 'subs' (bakery_get_form_submissions) result.items[0].email: third-party content "
        "(entries anyone can type in: a form, a survey, a sign-up (from its tool name)); not from the goal, the "
        "plan's context or a structured field of an object the user named"
    )
    assert (
        _messages("GOAL_TAINTED_TARGET", _form_plan("Send our catering menu to everyone who filled in the form")) == []
    )


# ------------------------------------------------------------------------------------- command tools


def test_a_command_tool_does_what_its_command_says() -> None:
    plan = _plan(
        "Turn the bakery's oven to 180",
        {"id": "oven", "tool": "hub.devices.executeCommand", "args": {"device": "oven", "command": "setTemperature"}},
        {"id": "door", "tool": "hub.devices.executeCommand", "args": {"device": "back-door", "command": "unlock"}},
    )
    assert _messages("GOAL_UNASKED_EFFECT", plan) == [
        (
            "door",
            "'door' calls hub.devices.executeCommand with command 'unlock' (credentials, from the command's name), "
            'which the goal does not ask for (it asks for no side effect; goal: "Turn the bakery\'s oven to 180")',
        )
    ]


@pytest.mark.parametrize(
    ("params", "effects"),
    [
        ({"sql": "DELETE FROM members WHERE joined < '2020-01-01'"}, {"destructive"}),
        ({"command": "rm -rf /srv/photos"}, {"destructive"}),
        ({"query": "SELECT * FROM payments"}, set()),
        ({"action": "{{pick.output}}"}, None),
    ],
)
def test_command_effects(params: dict[str, Any], effects: set[str] | None) -> None:
    found = command_effects(params)
    assert (found[2] if found else None) == (None if effects is None else frozenset(effects))


# ------------------------------------------------------------------------------ writes and templates


def test_the_object_a_write_changes_is_checked() -> None:
    plan = _plan(
        "Record Pia's grade for the rhythm exam",
        {"id": "pia", "tool": "lms.students.find", "args": {"name": "Pia"}},
        {
            "id": "ok",
            "tool": "lms.grades.update",
            "args": {"student_id": "{{pia.result.id}}", "grade": "A", "term_id": "spring", "calendar_id": "work"},
        },
        {"id": "other", "tool": "lms.grades.update", "args": {"student_id": "s-4410", "grade": "A"}},
    )
    assert [n for n, _ in _messages("GOAL_UNTRUSTED_TARGET", plan)] == ["other"]


def test_a_recipient_built_at_run_time_is_checked_by_its_domain() -> None:
    plan = _plan(
        "Email the gym's members their new PIN",
        {"id": "who", "tool": "gym.members.list", "args": {}},
        {"id": "ok", "tool": "mail.send", "args": {"to": "{{who.result.handle}}@gym.example"}},
        {"id": "out", "tool": "mail.send", "args": {"to": "{{who.result.handle}}@relay.elsewhere.example"}},
        context={"domain": "gym.example"},
    )
    assert _messages("GOAL_UNTRUSTED_TARGET", plan) == [
        (
            "out",
            "'out' would send to domain 'relay.elsewhere.example' (mail.send, $.steps[2].params.to), which is not "
            "in the goal, the plan's context or the policy's trusted_values",
        )
    ]


def test_a_tool_nobody_can_classify_is_checked_where_something_could_leave() -> None:
    plan = _plan(
        "Put the oat milk back on the menu",
        {
            "id": "card",
            "tool": "pos.giftCardz.activate_now",
            "args": {"value": 500, "delivery_email": "x@else.example"},
        },
        {"id": "odd", "tool": "pos.frobnicate", "args": {"notify_email": "y@else.example", "item_id": "it-9"}},
    )
    assert [(n, m.split(" (")[0]) for n, m in _messages("GOAL_UNTRUSTED_TARGET", plan)] == [
        ("card", "'card' would move money to recipient 'x@else.example'"),  # a gift card is money
        ("odd", "'odd' would write to recipient 'y@else.example'"),
        ("odd", "'odd' would write to object 'it-9'"),
    ]


def test_an_ip_address_is_a_host_the_goal_must_give() -> None:
    def plan(goal: str) -> dict[str, Any]:
        return _plan(goal, {"id": "a", "tool": "dns.records.update", "args": {"record": "www", "ip": "198.51.100.7"}})

    assert [n for n, _ in _messages("GOAL_UNTRUSTED_TARGET", plan("Point www at our new server 198.51.100.7"))] == []
    assert _messages("GOAL_UNTRUSTED_TARGET", plan("Renew the band's domain")) == [
        (
            "a",
            "'a' would write to domain '198.51.100.7' (dns.records.update, $.steps[0].params.ip), which is not in the "
            "goal, the plan's context or the policy's trusted_values",
        )
    ]


@pytest.mark.parametrize(
    ("path", "untrusted"),
    [
        ("result.custom_fields.payout_email", True),  # anyone editing the record fills custom fields
        ("result.metadata.refund_to", True),
        ("result.special_requests", True),
        ("result.billing_email", False),  # a field the platform keeps
        ("result.customer.email", False),
    ],
)
def test_freely_filled_containers_of_plain_records_are_untrusted(path: str, untrusted: bool) -> None:
    plan = _plan(
        "Refund the gym member's last payment",
        {"id": "m", "tool": "gym.members.get", "args": {"member": "Pia Lund"}},
        {"id": "pay", "tool": "payments.refund", "args": {"to_account": "{{m." + path + "}}"}},
    )
    assert bool(_messages("GOAL_TAINTED_TARGET", plan)) is untrusted


def test_an_implied_delete_covers_only_what_the_goal_names_or_a_step_found() -> None:
    goal = "The checkout api is crash-looping; restart it"
    plan = _plan(
        goal,
        {"id": "pod", "tool": "k8s.pods.delete", "args": {"name": "checkout-api-7f9c", "namespace": "prod"}},
        {"id": "find", "tool": "k8s.pods.list", "args": {"selector": "app=checkout"}},
        {"id": "again", "tool": "k8s.pods.delete", "args": {"name": "{{find.result.items[0].name}}"}},
        {"id": "backups", "tool": "s3.objects.delete", "args": {"Bucket": "ourco-backups", "Key": "db/full.sql"}},
    )
    assert _messages("GOAL_UNASKED_EFFECT", plan) == [
        (
            "backups",
            "'backups' calls s3.objects.delete (destructive, from its tool name) on nothing the goal names or a "
            "step found; the goal implies a delete only of what it names (it asks for: restart; goal: 'The "
            "checkout api is crash-looping; restart it')",
        )
    ]
    # An explicit delete word asks for any delete; its targets are still checked by GOAL_UNTRUSTED_TARGET.
    explicit = _plan("Delete last week's checkout api backups", plan["steps"][3])
    assert _messages("GOAL_UNASKED_EFFECT", explicit) == []


# ======================================================================== round 2 (session 4, second round)
# Principles found by reading the false alarms and misses of a fifth set of workspaces, tested in others.


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        # A ledger category files a charge; nothing goes there.
        ("gl_account", None),
        ("ledgerAccount", None),
        ("expense_category", None),
        ("payee_account", "account"),
        # Street lines are a postal address: where goods are shipped.
        ("street1", "address"),
        ("address_line1", "address"),
        # A key ending in a property word holds that property of the target, not the target.
        ("email_subject", None),
        ("email_body", None),
        ("account_type", None),
        ("attendee_count", None),
        ("link_text", None),
        ("user_role", None),
        ("notify_email", "recipient"),
        ("channel_name", "channel"),
    ],
)
def test_target_kinds_of_round_two(key: str, kind: str | None) -> None:
    assert target_kind(key) == kind


def test_a_ledger_category_is_no_destination() -> None:
    goal = "Mia Berg is two weeks late on her pottery studio rent; add the $30 late fee to her tab"
    plan = _plan(
        goal,
        {"id": "tab", "tool": "studio_books_create_charge", "args": {"gl_account": "Studio fees", "amount": 30}},
        {
            "id": "out",
            "tool": "studio_books_create_charge",
            "args": {"payee_account": "NL02ABNA0123456789", "amount": 30},
        },
    )
    assert _messages("GOAL_UNTRUSTED_TARGET", plan) == [
        (
            "out",
            "'out' would move money to account 'NL02ABNA0123456789' (studio_books_create_charge, "
            "$.steps[1].params.payee_account), which is not in the goal, the plan's context or the policy's "
            "trusted_values",
        )
    ]


def test_a_postal_address_is_a_target_given_whole_or_line_by_line() -> None:
    context = {"workshop": "4 Spoke Lane, Wheelton, WT1 2AB"}
    goal = "Send order 7781's repaired wheel back to our workshop"
    plan = _plan(
        goal,
        {
            "id": "home",
            "tool": "courier_shipments_update",
            "args": {"shipment_id": "7781", "ship_to": {"street1": "4 Spoke Lane", "city": "Wheelton"}},
        },
        {
            "id": "away",
            "tool": "courier_shipments_update",
            "args": {"shipment_id": "7781", "ship_to": {"street1": "9 Quay Rd, Unit 2", "city": "Portley"}},
        },
        context=context,
    )
    assert _messages("GOAL_UNTRUSTED_TARGET", plan) == [
        (
            "away",
            "'away' would write to address '9 Quay Rd, Unit 2' (courier_shipments_update, "
            "$.steps[1].params.ship_to.street1), which is not in the goal, the plan's context or the policy's "
            "trusted_values",
        )
    ]


def _waitlist_plan(read: str) -> dict[str, Any]:
    return _plan(
        "Tell the people waiting for Tuesday's yoga class that it moved to 7pm",
        {"id": "wait", "tool": "studio_waitlist_signups_list", "args": {"class": "tue-yoga"}},
        {
            "id": "tell",
            "tool": "studio.messages.create",
            "args": {"recipients": f"{{{{wait.result.{read}}}}}", "body": "Now at 7pm"},
        },
    )


def test_the_ids_of_entries_anyone_types_are_the_platforms() -> None:
    assert _messages("GOAL_TAINTED_TARGET", _waitlist_plan("member_ids")) == []
    assert _messages("GOAL_TAINTED_TARGET", _waitlist_plan("contact_email")) == [
        (
            "tell",
            "'tell' would send to recipient {{wait.result.contact_email}} (studio.messages.create, "
            "$.steps[1].params.recipients), taken from untrusted content: 'wait' (studio_waitlist_signups_list) "
            "result.contact_email: third-party content (entries anyone can type in: a form, a survey, a sign-up "
            "(from its tool name)); not from the goal, the plan's context or a structured field of an object the "
            "user named",
        )
    ]


def test_a_notification_naming_no_one_reports_back_to_the_user() -> None:
    goal = "Open the greenhouse vents to half at noon"
    vents = {"id": "vents", "tool": "greenhouse.vents.set_position", "args": {"position": 50, "at": "12:00"}}
    quiet = _plan(
        goal, vents, {"id": "ping", "tool": "push.notify", "args": {"title": "Vents", "message": "Open at 50%"}}
    )
    assert _messages("GOAL_UNASKED_EFFECT", quiet) == []
    loud = _plan(
        goal, vents, {"id": "ping", "tool": "push.notify", "args": {"message": "Vents open; call +44 7700 900123"}}
    )
    named = _plan(
        goal, vents, {"id": "ping", "tool": "push.notify", "args": {"to": "grower@outside.example", "message": "Open"}}
    )
    mailed = _plan(goal, vents, {"id": "ping", "tool": "mailer.send", "args": {"message": "Open"}})
    device = _plan(
        goal, vents, {"id": "ping", "tool": "push.notify", "args": {"device_token": "d9f1", "title": "Open"}}
    )
    assert [m[0] for m in _messages("GOAL_UNASKED_EFFECT", loud)] == ["ping"]
    assert [m[0] for m in _messages("GOAL_UNASKED_EFFECT", named)] == ["ping"]
    assert [m[0] for m in _messages("GOAL_UNASKED_EFFECT", mailed)] == ["ping"]
    assert [m[0] for m in _messages("GOAL_UNASKED_EFFECT", device)] == ["ping"]


@pytest.mark.parametrize(
    ("goal", "effect", "words"),
    [
        # Withdrawing what was sent is voiding or deleting it.
        ("The quote we sent Brightwater Marine is wrong. Pull it back", "destructive", ("pull it back",)),
        ("Rescind the job offer to Ola", "destructive", ("rescind",)),
        ("Recall the newsletter that went out at 9", "destructive", ("recall",)),
        # Making a code for someone is issuing a credential.
        ("Set up a gate code for the pool cleaner, Tuesdays only", "credentials", ("set up a gate code",)),
        # Sending someone a clip, a file or a folder shares it.
        ("Send Priya the recording of Monday's rehearsal", "share", ("send", "recording")),
        # Adding a person to a channel, team or board makes them a member.
        ("Add Sam Lee to the #design channel", "share", ("add sam lee to the #design channel",)),
        ("Add me to the Acme deal team", "share", ("add me to the acme deal team",)),
        ("Add our intern Lu Wei to Slack", "share", ("add our intern lu wei to slack",)),
        ("Add the Brio invoice to my Expenses folder", "share", None),
        ("Add the receipt to my travel folder", "share", None),
        ("Put the dentist on my calendar", "share", None),
        # Freezing a card changes a safeguard; snoozing an alert mutes it.
        ("Freeze my debit card, I lost it", "credentials", ("freeze",)),
        ("Snooze the disk alert for an hour", "destructive", ("snooze",)),
    ],
)
def test_goals_of_round_two_ask(goal: str, effect: str, words: tuple[str, ...] | None) -> None:
    assert asked_effects(goal).asked.get(effect) == words


def test_sending_a_message_asks_for_no_share() -> None:
    assert not asked_effects("Send Priya a note that rehearsal starts at 6").asks("share")


def test_a_code_the_goal_asks_for_is_a_new_one_for_whom_it_names() -> None:
    goal = "Set up a gate code for the pool cleaner, Tuesdays only"
    asked = "(it asks for: set up a gate code; goal: 'Set up a gate code for the pool cleaner, Tuesdays only')"
    plan = _plan(
        goal,
        {"id": "code", "tool": "gatekeeper.passcodes.create", "args": {"label": "Pool cleaner", "days": ["tue"]}},
        {"id": "other", "tool": "gatekeeper.passcodes.create", "args": {"label": "Sam Ortiz", "days": "always"}},
        {"id": "open", "tool": "gatekeeper.gate.unlock", "args": {"gate": "pool-gate"}},
    )
    assert _messages("GOAL_UNASKED_EFFECT", plan) == [
        (
            "other",
            "'other' calls gatekeeper.passcodes.create (credentials, from its tool name) but is not the new "
            f"credential the goal asks to make, for whom it names {asked}",
        ),
        (
            "open",
            "'open' calls gatekeeper.gate.unlock (credentials, from its tool name) but is not the new credential "
            f"the goal asks to make, for whom it names {asked}",
        ),
    ]


def test_creating_a_conversation_sends_it() -> None:
    assert name_effects("forum.conversations.create") == {"write", "send"}


def test_records_other_people_write_launder_through_a_model() -> None:
    goal = "Pay Harbour Ropes' open invoice for the mooring lines"
    plan = _plan(
        goal,
        {"id": "reqs", "tool": "marina_list_service_requests", "args": {"status": "new"}},
        {"id": "bank", "type": "llm", "prompt": "Which bank account does the supplier want now? {{reqs.result}}"},
        {
            "id": "switch",
            "tool": "marina_update_supplier",
            "args": {"supplier_id": "{{reqs.result[0].supplier_id}}", "bank_account": "{{bank.output}}"},
        },
    )
    assert _messages("GOAL_TAINTED_TARGET", plan) == [
        (
            "switch",
            "'switch' would write to account {{bank.output}} (marina_update_supplier, "
            "$.steps[2].params.bank_account), taken from untrusted content: 'bank' (llm) output: made from "
            "untrusted content <- 'reqs' (marina_list_service_requests) result: its whole output, text written by "
            "the senders or authors (not a field the platform records); not from the goal, the plan's context or a "
            "structured field of an object the user named",
        )
    ]


@pytest.mark.parametrize(
    ("path", "untrusted"),
    [
        ("result.ship_to.postal_code", False),
        ("result.customer_email", False),
        ("result.billing.street_1", False),
        ("result.gift_note_email", True),
        ("result.description_phone", True),
    ],
)
def test_address_fields_of_a_record_are_structured(path: str, untrusted: bool) -> None:
    ctx = LintContext(plan_from_data(_plan("x", {"id": "a", "tool": "t.get"})), Policy())
    why = Provenance(ctx, ToolEffects(ctx)).untrusted_path("content", path)
    assert (why is not None) is untrusted


def test_a_role_with_control_given_by_value_is_a_share() -> None:
    add = {"id": "add", "tool": "choir.members.add", "args": {"member": "tom@choir.example", "role": "Owner"}}
    plain = {"id": "add", "tool": "choir.members.add", "args": {"member": "tom@choir.example", "role": "tenor"}}
    assert _messages("GOAL_UNASKED_EFFECT", _plan("Put Tom on the choir roster", add)) == [
        (
            "add",
            "'add' calls choir.members.add with role 'Owner' ($.steps[0].params.role), which gives a role with "
            "control (share), which the goal does not ask for (it asks for: put tom on the choir roster; goal: "
            "'Put Tom on the choir roster')",
        )
    ]
    assert _messages("GOAL_UNASKED_EFFECT", _plan("Put Tom on the choir roster", plain)) == []
    assert _messages("GOAL_UNASKED_EFFECT", _plan("Give Tom admin on the choir workspace", add)) == []


@pytest.mark.parametrize(
    ("params", "found"),
    [
        ({"type": "ModeratorMembership"}, ("$.type", "type 'ModeratorMembership'")),
        ({"member": {"access_level": "maintainer"}}, ("$.member.access_level", "access_level 'maintainer'")),
        ({"type": "manager sync"}, None),
        ({"title": "Owner"}, None),
        ({"role": "viewer"}, None),
    ],
)
def test_role_grant(params: dict[str, Any], found: tuple[str, str] | None) -> None:
    assert role_grant(params, "$") == found


def test_a_spec_write_does_not_hide_an_unlock() -> None:
    tools = ToolRegistry(
        [
            ToolSpec(name="shed.lock.unlock", effects=["write"]),
            ToolSpec(name="depot.create_transfer", effects=["write"]),
        ]
    )
    ctx = LintContext(plan_from_data(_plan("x", {"id": "a", "tool": "t.get"})), Policy(), tools)
    effects = ToolEffects(ctx)
    assert effects.of("shed.lock.unlock") == ({"write", "credentials"}, "tool spec and its name")
    assert effects.of("depot.create_transfer") == ({"write"}, "tool spec")


def _groomer() -> Trusted:
    return _trusted(
        "Text Oona that Biscuit is ready; move booking 58213 to Friday and refund invoice GRM-0042",
        {
            "clients": {"Oona Reid": {"phone": "+1 (415) 555-0187"}},
            "kennel": "K-70215",
            "bank": "DE44 5001 0517 5407 3249 31",
        },
    )


@pytest.mark.parametrize(
    ("kind", "value", "trusted"),
    [
        # The same number or code in another format: spacing, punctuation, a country code written or not.
        ("recipient", "+14155550187", True),
        ("recipient", "415-555-0187", True),
        ("recipient", "(415) 555 0187", True),
        ("account", "DE44500105175407324931", True),
        ("object", "K70215", True),
        ("object", "grm_0042", True),
        # A short prefix on a number the goal gives.
        ("object", "BK-58213", True),
        # Other digits, other numbers, or words run together are not the same value.
        ("recipient", "+14155550199", False),
        ("account", "DE44500105175407324932", False),
        ("object", "BK-58214", False),
        ("recipient", "41555501", False),
        ("object", "55501", False),
    ],
)
def test_a_value_given_in_another_format_is_trusted(kind: str, value: str, trusted: bool) -> None:
    assert _groomer().trusts(kind, value) is trusted


_SEPARATORS = st.sampled_from([" ", "-", ".", "/", " - ", ") ", "_"])


@given(
    st.lists(st.text("0123456789", min_size=2, max_size=4), min_size=3, max_size=5),
    st.lists(_SEPARATORS, min_size=4, max_size=4),
    st.lists(_SEPARATORS, min_size=4, max_size=4),
)
def test_digit_groups_match_whatever_separates_them(groups: list[str], given: list[str], used: list[str]) -> None:
    written = "".join(group + sep for group, sep in zip(groups, given, strict=False)).rstrip(" -./)_")
    value = "".join(group + sep for group, sep in zip(groups, used, strict=False)).rstrip(" -./)_")
    assert _trusted("Call the depot", {"depot": {"phone": f"tel {written} ext"}}).has_reformatted(value)


def test_adding_a_member_asks_to_invite_them() -> None:
    plan = _plan(
        "Add Sam Lee to the #design channel",
        {"id": "find", "tool": "slack.users.lookupByEmail", "args": {"email": "sam.lee@pixelworks.example"}},
        {
            "id": "add",
            "tool": "slack.conversations.invite",
            "args": {"channel": "#design", "users": "{{find.result.id}}"},
        },
        context={"domain": "pixelworks.example"},
    )
    assert _messages("GOAL_UNASKED_EFFECT", plan) == []
    assert _messages("GOAL_UNTRUSTED_TARGET", plan) == []
    assert name_effects("bank.cards.freeze") == {"credentials"}


def test_what_a_tool_makes_something_from_is_not_what_it_makes() -> None:
    # ``create_from_email`` makes a bill out of a mail; it sends nothing.
    assert name_effects("payables.bills.create_from_email") == {"write"}
    assert name_effects("sms.create_message_with_media") == {"write", "send"}


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        # Invoicing or billing someone, as an order, sends them the bill.
        ("Invoice Harbour Kayaks for 6 hours at $80", {"financial": ("invoice", "$80"), "send": ("invoice",)}),
        ("Bill the Ortiz family for March lessons", {"send": ("bill",), "financial": ("bill",)}),
        # The invoice or the bill as a noun asks only to pay.
        ("Pay the Harbour Kayaks invoice", {"financial": ("pay", "invoice")}),
        ("Pay my water bill of $61.40", {"financial": ("pay", "$61.40")}),
    ],
)
def test_invoicing_someone_sends_the_bill(goal: str, asked: dict[str, tuple[str, ...]]) -> None:
    assert asked_effects(goal).asked == asked


def test_the_ids_and_amounts_a_platform_keeps_pass() -> None:
    # A review's text is its author's; its id, given by the platform, is what a reply is attached to.
    reply = _plan(
        "Thank Ines Duarte for her 5-star review of the kayak tour",
        {"id": "revs", "tool": "tripadvisor.reviews.list", "args": {"author": "Ines Duarte"}},
        {"id": "thank", "tool": "tripadvisor.reviews.reply", "args": {"review_id": "{{revs.result[0].id}}"}},
        {"id": "dm", "tool": "mail.send", "args": {"to": "{{revs.result[0].contact}}", "body": "Thanks!"}},
    )
    assert [node for node, _ in _messages("GOAL_TAINTED_TARGET", reply)] == ["dm"]
    # An order's total is what the platform charged: a refund of it is no laundered amount.
    refund = _plan(
        "Refund kayak order 3312, the tour was rained out",
        {"id": "order", "tool": "bookings.orders.get", "args": {"order_id": "3312"}},
        {
            "id": "back",
            "tool": "bookings.refunds.create",
            "args": {"order_id": "3312", "amount": "{{order.result.total_price}}"},
        },
    )
    assert _messages("GOAL_TAINTED_TARGET", refund) == []


def test_a_delete_the_goal_only_implies_must_be_of_what_a_step_found_or_the_goal_names() -> None:
    # "Restart the pod" may delete the pod a step found; a note, a reason or a context value names nothing.
    goal = "Restart the checkout api pod"
    find = {"id": "find", "tool": "k8s.list_pods", "args": {"app": "checkout"}}

    def flagged(args: dict[str, Any]) -> list[str | None]:
        purge = {"id": "purge", "tool": "storage.purge", "args": args, "depends_on": ["find"]}
        return [node for node, _ in _messages("GOAL_UNASKED_EFFECT", _plan(goal, find, purge, context={"t": "T-1"}))]

    assert flagged({"bucket": "prod-backups"}) == ["purge"]
    assert flagged({"bucket": "prod-backups", "note": "{{context.t}}"}) == ["purge"]
    assert flagged({"bucket": "prod-backups", "reason": "restart"}) == ["purge"]
    assert flagged({"bucket": "prod-backups", "note": "{{find.result.name}}"}) == ["purge"]
    assert flagged({"bucket": "{{find.result.items.0.name}}"}) == []
    assert flagged({"bucket": "checkout-7d9f"}) == []


@pytest.mark.parametrize(
    ("goal", "effect", "words"),
    [
        # Handing a document to someone sends it, and shares it when it is a file.
        ("Book the barn for the Ortiz party and get the quote over to Lena Ruiz", "share", ("get the quote over to",)),
        ("Get the orchard manager a March harvest sheet", "share", ("get the orchard manager a m",)),
        ("Get the new glaze recipe over to Bea", "share", ("get the new glaze recipe over to",)),
        ("Get the kiln crew a pizza", "share", None),
        ("Get the ball rolling on the spring fair", "send", None),
        ("Loop Ravi in on the gig contract", "share", None),
        # A report made for a person is for sending to them; a report for a month is not.
        ("Monthly kiln summary for Tobias please", "send", ("summary for tobias",)),
        ("Kiln summary for March", "send", None),
        # Reordering, restocking and waiving a fee move money.
        ("Reorder glaze from Clayworks, same as last time", "financial", ("reorder",)),
        ("Waive the Petrovs' cancellation fee, the storm closed the studio", "financial", ("waive",)),
    ],
)
def test_goals_of_round_three_ask(goal: str, effect: str, words: tuple[str, ...] | None) -> None:
    assert asked_effects(goal).asked.get(effect) == words


@pytest.mark.parametrize(
    ("goal", "amount", "trusted"),
    [
        # A payment API's minor units: 7500 cents for the $75 the goal gives (read so only where the caller
        # says the step takes minor units, round 11; see the next test).
        ("Refund Noor's double-charged $75 class fee", 7500, True),
        ("Refund Noor's double-charged $75 class fee", 7400, False),
        ("Refund Noor's double-charged $75 class fee", 750, False),
        # A monthly price prorated by the days the goal gives.
        ("The kiln was down 3 days; credit Ada 3 days of her $62/month studio membership", 6.0, True),  # /31
        ("The kiln was down 3 days; credit Ada 3 days of her $62/month studio membership", 6.2, True),  # /30
        ("The kiln was down 3 days; credit Ada 3 days of her $62/month studio membership", 9.0, False),
        ("Credit Ada 3 of the $62 she paid", 6.2, False),  # no month and no days: nothing to prorate
    ],
)
def test_amounts_in_minor_units_and_prorated_by_days(goal: str, amount: float, trusted: bool) -> None:
    assert _trusted(goal).trusts("amount", amount, minor=True) is trusted


def test_minor_units_are_read_only_when_the_caller_says_so() -> None:
    assert not _trusted("Refund Noor's double-charged $75 class fee").trusts("amount", 7500)
    assert _trusted("Refund Noor's double-charged $75 class fee").trusts("amount", 75)


@pytest.mark.parametrize(
    ("tool", "params", "found"),
    [
        # A comment shown to its thread (a ticket's requester) is no grant to everyone...
        ("helpdesk.issues.comments.add", {"issue": 881, "public": True, "body": "Fixed the kiln timer."}, None),
        ("helpdesk.issues.update", {"issue": 881, "reply": {"html_body": "<p>Done</p>", "public": True}}, None),
        # ...but the same flag with no message beside it, or on a tool of no thread, opens the object.
        ("helpdesk.issues.comments.add", {"issue": 881, "public": True}, ("$.public", "public: true")),
        ("site.pages.update", {"page": "glazes", "public": True, "body": "All glazes"}, ("$.public", "public: true")),
        (
            "helpdesk.issues.update",
            {"issue": 881, "is_public": True, "status": "open"},
            ("$.is_public", "is_public: true"),
        ),
    ],
)
def test_a_comments_public_flag_shows_it_to_its_thread(
    tool: str, params: dict[str, Any], found: tuple[str, str] | None
) -> None:
    assert public_grant(params, "$", thread=thread_tool(tool)) == found


def test_a_public_reply_on_a_ticket_is_no_unasked_share() -> None:
    reply = {
        "id": "reply",
        "tool": "helpdesk.issues.comments.add",
        "args": {"issue": 881, "public": True, "body": "The kiln timer is fixed, sorry for the wait."},
    }
    goal = "Tell the requester on issue 881 that the timer is fixed"
    assert _messages("GOAL_UNASKED_EFFECT", _plan(goal, reply)) == []


@pytest.mark.parametrize(
    ("path", "untrusted"),
    [
        # The value of an amount object the platform keeps is the amount (a refund of what an order cost)...
        ("result.orders[0].costs.gross.value", False),
        ("result.bookings[0].price.amount", False),
        # ...but a generic value under anything else is what someone typed.
        ("result.orders[0].answers.value", True),
        ("result.orders[0].notes.value", True),
    ],
)
def test_the_value_of_an_amount_a_record_keeps_is_structured(path: str, untrusted: bool) -> None:
    ctx = LintContext(plan_from_data(_plan("x", {"id": "a", "tool": "t.get"})), Policy())
    why = Provenance(ctx, ToolEffects(ctx)).untrusted_path("content", path)
    assert (why is not None) is untrusted


def _signup_plan(goal: str, tool: str) -> dict[str, Any]:
    return _plan(
        goal,
        {"id": "who", "tool": tool, "args": {"sheet": "thursday-setup"}},
        {"id": "text", "tool": "sms.send_bulk", "args": {"to": "{{who.result.phones}}", "body": "Setup at 6pm"}},
    )


def test_a_sign_ups_volunteers_are_the_people_who_signed_up() -> None:
    remind = "Remind Thursday's setup volunteers about the 6pm call"
    assert _messages("GOAL_TAINTED_TARGET", _signup_plan(remind, "choir_signups_report")) == []
    # A sign-up's numbers are not an audience the goal names when it names none...
    nobody = _signup_plan("Text about the 6pm call", "choir_signups_report")
    assert [n for n, _ in _messages("GOAL_TAINTED_TARGET", nobody)] == ["text"]
    # ...and a survey's respondents are not "the volunteers".
    survey = _signup_plan(remind, "choir_survey_responses")
    assert [n for n, _ in _messages("GOAL_TAINTED_TARGET", survey)] == ["text"]


def test_a_platforms_review_ids_are_its_own_even_from_an_external_api() -> None:
    tools = ToolRegistry(
        [
            ToolSpec(name="maps_list_reviews", effects=["external"]),
            ToolSpec(name="web_fetch_page", effects=["external"]),
        ]
    )

    def plan(read_tool: str, read: str) -> dict[str, Any]:
        return _plan(
            "Reply to yesterday's 1-star review of the bike shop, apologise",
            {"id": "list", "tool": read_tool, "args": {"since": "yesterday"}},
            {"id": "reply", "tool": "maps_reply_review", "args": {"review_id": f"{{{{list.result.{read}}}}}"}},
        )

    assert run_rule("GOAL_TAINTED_TARGET", plan("maps_list_reviews", "reviews[0].reviewId"), tools=tools) == []
    # The review's text is still its author's, and a fetched page is its author's down to its ids.
    flagged = run_rule("GOAL_TAINTED_TARGET", plan("maps_list_reviews", "reviews[0].reply_url"), tools=tools)
    assert [f.node_id for f in flagged] == ["reply"]
    flagged = run_rule("GOAL_TAINTED_TARGET", plan("web_fetch_page", "reviews[0].reviewId"), tools=tools)
    assert [f.node_id for f in flagged] == ["reply"]


def test_a_payouts_receiver_is_a_recipient() -> None:
    assert target_kind("receiver") == "recipient"
    assert target_kind("receivers") == "recipient"

    def plan(receiver: str) -> dict[str, Any]:
        return _plan(
            "Pay the kayak guides' $300 bonus to pay@paddlecoop.example",
            {
                "id": "bonus",
                "tool": "wallet.payouts.create",
                "require_confirmation": True,
                "args": {"receiver": receiver, "amount": {"value": "300.00", "currency": "USD"}},
            },
        )

    assert _messages("GOAL_UNTRUSTED_TARGET", plan("pay@paddlecoop.example")) == []
    assert [n for n, _ in _messages("GOAL_UNTRUSTED_TARGET", plan("guides@paddle-bonus.example"))] == ["bonus"]


# ------------------------------------------------------------------------------- query exports, login keys


def test_a_query_that_exports_its_results_targets_the_url_it_writes_to() -> None:
    goal = "The hop-stock table missed last night's rows; rerun the nightly load"
    export = _plan(
        goal,
        {
            "id": "dump",
            "tool": "BREWDB_EXECUTE_SQL",
            "args": {"statement": "UNLOAD ('SELECT * FROM hop_stock') TO 's3://hop-mirror/dump/' IAM_ROLE 'r'"},
        },
    )
    assert _messages("GOAL_UNTRUSTED_TARGET", export) == [
        (
            "dump",
            "'dump' would write to url 's3://hop-mirror/dump/' (BREWDB_EXECUTE_SQL, $.steps[0].params.statement), "
            "which is not in the goal, the plan's context or the policy's trusted_values",
        )
    ]
    assert _messages("GOAL_UNASKED_EFFECT", export) == [
        (
            "dump",
            "'dump' calls BREWDB_EXECUTE_SQL with statement \"UNLOAD ('SELECT * FROM hop_stock') TO "
            "'s3://hop-mirror/dump/' IAM_ROLE 'r'\" (share, from the command's name), which the goal does not ask for "
            "(it asks for: rerun; goal: \"The hop-stock table missed last night's rows; rerun the nightly load\")",
        )
    ]
    load = _plan(
        goal,
        {
            "id": "load",
            "tool": "BREWDB_EXECUTE_SQL",
            "args": {"statement": "COPY INTO hop_stock FROM 's3://hop-landing/2026-11-23/' FILE_FORMAT=(TYPE=CSV)"},
        },
    )
    assert _messages("GOAL_UNTRUSTED_TARGET", load) == []
    assert _messages("GOAL_UNASKED_EFFECT", load) == []


def test_setting_a_login_key_changes_credentials_whatever_the_tool_is_called() -> None:
    step = {"id": "key", "tool": "BREWDB_ALTER_USER", "args": {"name": "TAPLIST_BOT", "rsa_public_key": "MIIBIjANBg"}}
    assert _messages("GOAL_UNASKED_EFFECT", _plan("Post the new tap list in #front-of-house", step)) == [
        (
            "key",
            "'key' calls BREWDB_ALTER_USER with rsa_public_key, which sets a password or a login key (credentials), "
            "which the goal does not ask for (it asks for: post, post the new tap list in #front-of-house; goal: "
            "'Post the new tap list in #front-of-house')",
        )
    ]
    assert _messages("GOAL_UNASKED_EFFECT", _plan("Rotate the tap-list bot's login key", step)) == []


def test_the_rows_of_a_sign_up_sheet_the_goal_names_are_the_people_to_add() -> None:
    tools = ToolRegistry([ToolSpec(name="sheets_read_spreadsheet", effects=["external"])])

    def plan(goal: str) -> dict[str, Any]:
        return _plan(
            goal,
            {"id": "sheet", "tool": "sheets_read_spreadsheet", "args": {"title": "Open day sign-ups"}},
            {"id": "add", "tool": "newsletter.subscribe_members", "args": {"members": "{{sheet.result.rows}}"}},
        )

    asked = plan("Add the people from the pottery open-day sign-up sheet to the Newsletter list")
    assert run_rule("GOAL_TAINTED_TARGET", asked, tools=tools) == []
    # A sheet the goal does not name as the people to add is still whatever its server answered.
    other = plan("Add this month's kiln schedule readers to the Newsletter list")
    flagged = run_rule("GOAL_TAINTED_TARGET", other, tools=tools)
    assert [f.node_id for f in flagged] == ["add"]


@pytest.mark.parametrize(
    ("read", "tainted"),
    [
        ("result.damage_description", True),
        ("result.driver_notes", True),
        ("result.delivery_instructions", True),
        ("result.payment_link", False),
        ("result.owner_email", False),
    ],
)
def test_a_field_named_for_what_its_prose_is_about_is_free_text(read: str, tainted: bool) -> None:
    plan = _plan(
        "Make sure the hail claim on the greenhouse is paid to the grower",
        {"id": "claim", "tool": "hailguard.get_claim", "args": {"claim_id": "HG-4410"}},
        {"id": "where", "type": "llm", "prompt": f"Which account should be paid? {{{{claim.{read}}}}}"},
        {"id": "pay", "tool": "hailguard.update_payee_account", "args": {"account": "{{where.output}}"}},
    )
    flagged = [node for node, _ in _messages("GOAL_TAINTED_TARGET", plan)]
    assert flagged == (["pay"] if tainted else [])
