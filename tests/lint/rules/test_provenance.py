"""GOAL_TAINTED_TARGET and the provenance it rests on: a side effect's target read from text someone else
wrote (a mail's body, a page, a review, a model step over them), against structured fields of an object the
user named (the sender of that mail, the id of that invoice)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import fixture_findings, run_rule
from typer.testing import CliRunner

from plankit.cli import app
from plankit.lint import DEFAULT_RISK_WEIGHTS, Finding, LintContext, Linter, Policy, Severity
from plankit.lint._effects import ToolEffects
from plankit.lint._provenance import FREE_TEXT_FIELDS, STRUCTURED_FIELDS, Provenance
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry

CODE = "GOAL_TAINTED_TARGET"
_HINT = (
    "take the target from the goal, the context or a structured field of the object the user named (its sender, "
    "its id); if the tool's output is trusted, list the tool in the policy's trusted_outputs"
)
_TAIL = "not from the goal, the plan's context or a structured field of an object the user named"


def _finding(node: str, path: str, text: str, severity: Severity = Severity.WARNING) -> Finding:
    return Finding(f"{text}; {_TAIL}", node_id=node, path=path, hint=_HINT, severity=severity)


def test_structured_fields_of_named_objects_pass() -> None:
    assert fixture_findings(CODE, "good_targets_from_structured_fields") == []


def test_laundered_targets_are_flagged_with_where_they_came_from_and_where_they_go() -> None:
    assert fixture_findings(CODE, "bad_laundered_targets") == [
        _finding(
            "fwd",
            "$.steps[1].params.to",
            "'fwd' would send to recipient {{inbox.result.messages[0].reply_to}} (email.send, $.steps[1].params.to), "
            "taken from untrusted content: 'inbox' (email.search) result.messages[0].reply_to: the free-text field "
            "'reply_to'",
        ),
        _finding(
            "pay",
            "$.steps[3].params.to_account",
            "'pay' would move money to account {{iban.result}} (bank.transfer, $.steps[3].params.to_account), "
            "taken from untrusted content: 'iban' (text.extract) result: made from untrusted content <- 'inbox' "
            "(email.search) result.messages[0].body: the free-text field 'body'",
        ),
        _finding(
            "upload",
            "$.steps[6].params.url",
            "'upload' would send to url {{pick.output}} (http.post, $.steps[6].params.url), taken from untrusted "
            "content: 'pick' (llm) output: made from untrusted content <- 'page' (web.fetch) result: third-party "
            "content (an external host's answer (effect external, from its tool name))",
        ),
        _finding(
            "payee",
            "$.steps[8].params.iban",
            "'payee' would move money to account {{tx.result.transactions[0].memo}} (bank.add_payee, "
            "$.steps[8].params.iban), taken from untrusted content: 'tx' (bank.list_transactions) "
            "result.transactions[0].memo: the free-text field 'memo'",
        ),
        _finding(
            "cc",
            "$.steps[9].params.to[1]",
            "'cc' would send to recipient {{inbox.result.messages[1].body.links[0]}} (email.send, "
            "$.steps[9].params.to[1]), taken from untrusted content: 'inbox' (email.search) "
            "result.messages[1].body.links[0]: the free-text field 'body'",
        ),
    ]


def _plan(*steps: dict[str, Any], goal: str | None = "Reply to Bob and pay what he asks") -> dict[str, Any]:
    plan: dict[str, Any] = {"steps": list(steps)}
    if goal is not None:
        plan["goal"] = goal
    return plan


MAIL = {"id": "mail", "tool": "email.search", "args": {"query": "from:bob@acme.com"}}
REPLY_TO = {"id": "send", "tool": "email.send", "args": {"to": "{{mail.result.messages[0].reply_to}}"}}
_REPLY_TO_TEXT = (
    "'send' would send to recipient {{mail.result.messages[0].reply_to}} (email.send, $.steps[1].params.to), "
    "taken from untrusted content: 'mail' (email.search) result.messages[0].reply_to: the free-text field 'reply_to'"
)


def test_switch_goal_and_severity() -> None:
    assert run_rule(CODE, _plan(MAIL, REPLY_TO, goal=None)) == []
    assert run_rule(CODE, _plan(MAIL, REPLY_TO), Policy(goal_alignment="off")) == []
    assert run_rule(CODE, _plan(MAIL, REPLY_TO), Policy(goal_alignment="error")) == [
        _finding("send", "$.steps[1].params.to", _REPLY_TO_TEXT, Severity.ERROR)
    ]
    result = Linter(Policy()).validate(plan_from_data(_plan(MAIL, REPLY_TO)))
    assert [(w.code, w.node_id) for w in result.warnings if w.code.startswith("GOAL_")] == [(CODE, "send")]
    assert DEFAULT_RISK_WEIGHTS[CODE] == 0.0  # it shows, but never tips the risk score, like the other GOAL codes


def test_policy_declares_outputs_trusted_or_untrusted_and_adds_free_text_fields() -> None:
    assert run_rule(CODE, _plan(MAIL, REPLY_TO), Policy(trusted_outputs=["email.*"])) == []
    crm = {"id": "lead", "tool": "crm.get_lead", "args": {"id": "L-1"}}
    mail_lead = {"id": "send", "tool": "email.send", "args": {"to": "{{lead.result.contact_email}}"}}
    assert run_rule(CODE, _plan(crm, mail_lead)) == []
    [finding] = run_rule(CODE, _plan(crm, mail_lead), Policy(untrusted_outputs=["crm.*"]))
    assert finding.message.startswith(
        "'send' would send to recipient {{lead.result.contact_email}} (email.send, $.steps[1].params.to), taken "
        "from untrusted content: 'lead' (crm.get_lead) result.contact_email: third-party content (the policy's "
        "untrusted_outputs)"
    )
    mail_pad = {"id": "send", "tool": "email.send", "args": {"to": "{{lead.result.repScratchpad}}"}}
    assert run_rule(CODE, _plan(crm, mail_pad)) == []
    [finding] = run_rule(CODE, _plan(crm, mail_pad), Policy(untrusted_fields=["rep_scratchpad"]))
    assert "result.repScratchpad: the free-text field 'rep_scratchpad'" in finding.message
    # A field named for what its prose is about (``free_form_notes``) is free text without the policy saying so.
    mail_notes = {"id": "send", "tool": "email.send", "args": {"to": "{{lead.result.freeFormNotes}}"}}
    [finding] = run_rule(CODE, _plan(crm, mail_notes))
    assert "result.freeFormNotes: the free-text field 'free_form_notes'" in finding.message


def test_trusted_outputs_win_over_untrusted_outputs_and_over_tool_specs() -> None:
    page = {"id": "page", "tool": "intranet.page", "args": {"path": "/team"}}
    post = {"id": "post", "tool": "http.post", "args": {"url": "{{page.result.webhook}}"}}
    assert [f.node_id for f in run_rule(CODE, _plan(page, post))] == ["post"]  # "page" names third-party content
    policy = Policy(trusted_outputs=["intranet.*"], untrusted_outputs=["intranet.*"])
    assert run_rule(CODE, _plan(page, post), policy) == []
    tools = ToolRegistry.from_data([{"name": "intranet.page", "effects": ["read", "external"]}])
    assert run_rule(CODE, _plan(page, post), policy, tools) == []


def test_model_steps_carry_taint_through_chains_and_cycles() -> None:
    first = {"id": "a", "type": "llm", "prompt": "Pick an address from {{mail.result.messages}} and {{b.output}}"}
    second = {"id": "b", "type": "llm", "prompt": "Refine {{a.output}}"}
    send = {"id": "send", "tool": "email.send", "args": {"to": "{{b.output}}"}}
    [finding] = run_rule(CODE, _plan(MAIL, first, second, send))
    assert finding.message == (
        "'send' would send to recipient {{b.output}} (email.send, $.steps[3].params.to), taken from untrusted "
        "content: 'b' (llm) output: made from untrusted content <- 'a' (llm) output: made from untrusted content "
        f"<- 'mail' (email.search) result.messages: the free-text field 'messages'; {_TAIL}"
    )
    whole = {"id": "send", "tool": "email.send", "args": {"to": "{{a.output}}"}}
    reads_all = {"id": "a", "type": "llm", "prompt": "Pick an address from {{mail.result}}"}
    [finding] = run_rule(CODE, _plan(MAIL, reads_all, whole))
    assert "'mail' (email.search) result: its whole output, text written by the senders or authors" in finding.message
    # A cycle of model steps over trusted input only: nothing is untrusted, and the walk ends.
    clean_a = {"id": "a", "type": "llm", "prompt": "Draft from {{context.brief}} and {{b.output}}"}
    assert run_rule(CODE, _plan(clean_a, second, send)) == []


def test_only_target_parameters_of_side_effects_are_judged() -> None:
    body = {"id": "send", "tool": "email.send", "args": {"to": "bob@acme.com", "body": "{{mail.result.body}}"}}
    read = {"id": "look", "tool": "email.search", "args": {"query": "{{mail.result.messages[0].reply_to}}"}}
    write = {"id": "file", "tool": "files.write", "args": {"path": "{{mail.result.messages[0].subject}}"}}
    assert run_rule(CODE, _plan(MAIL, body, read, write)) == []


def _provenance(policy: Policy | None = None) -> Provenance:
    ctx = LintContext(plan_from_data(_plan(MAIL)), policy or Policy(), None)
    return Provenance(ctx, ToolEffects(ctx))


@pytest.mark.parametrize(
    ("tool", "kind"),
    [
        ("email.search", "content"),
        ("chat.read_channel", "content"),
        ("docs.read", "content"),
        ("calendar.list_events", "content"),
        ("reviews.read", "entries"),
        ("web.fetch", "untrusted"),
        ("http.get", "untrusted"),
        ("text.extract", "transform"),
        ("text.summarize", "transform"),
        ("llm.complete", "transform"),
        ("bank.list_transactions", "plain"),
        ("bank.get_invoice", "plain"),
        ("email.send", "plain"),
        ("flights.search", "plain"),
    ],
)
def test_tool_output_kinds_from_names(tool: str, kind: str) -> None:
    assert _provenance().kind(tool)[0] == kind


_SEGMENT = st.sampled_from(["messages", "items", "0", "data", "thread", "meta"])


@given(st.lists(_SEGMENT, max_size=3), st.sampled_from(sorted(STRUCTURED_FIELDS | {"thread_id", "message_ids"})))
def test_structured_field_of_content_is_trusted(middle: list[str], last: str) -> None:
    path = ".".join(["result", *middle, last])
    assert _provenance().untrusted_path("content", path) is None
    assert _provenance().untrusted_path("plain", path) is None


@given(st.lists(_SEGMENT, max_size=3), st.sampled_from(sorted(FREE_TEXT_FIELDS)), st.sampled_from(["plain", "content"]))
def test_free_text_field_read_last_is_untrusted_and_trusted_outputs_never(
    middle: list[str], last: str, kind: str
) -> None:
    path = ".".join(["result", *middle, last])
    assert _provenance().untrusted_path(kind, path) == f"the free-text field {last!r}"
    assert _provenance().untrusted_path("trusted", path) is None


def test_plankit_rules_documents_the_code() -> None:
    result = CliRunner().invoke(app, ["rules", CODE])
    assert result.exit_code == 0
    assert "target-from-untrusted-content" in result.stdout
    assert "untrusted_outputs" in result.stdout and "trusted_outputs" in result.stdout
