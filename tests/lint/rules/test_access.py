"""Access rules: TOOL_DENY, CONTRA_NO_TOOL, TOOL_ARGS_INVALID, CONFIRMATION_REQUIRED, MISSING_HANDLER,
ENV_DENY and RECIPIENT_DENY, each on its good and bad fixture plans with the exact findings."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml
from tests.lint.rules._support import fixture_findings, run_rule

from plankit.lint import RULES, Finding, LintContext, Policy
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry, ToolSpec


def findings(code: str, plan: dict[str, Any], tools: ToolRegistry | None = None, **policy: Any) -> list[Finding]:
    return run_rule(code, plan, Policy(**policy), tools)


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("TOOL_DENY", "good_allowed_tools"),
        ("CONTRA_NO_TOOL", "good_registered_tools"),
        ("TOOL_ARGS_INVALID", "good_valid_arguments"),
        ("CONFIRMATION_REQUIRED", "good_confirmed"),
        ("MISSING_HANDLER", "good_handled"),
        ("ENV_DENY", "good_allowed_env"),
        ("RECIPIENT_DENY", "good_allowed_recipients"),
    ],
)
def test_good_fixtures_have_no_findings(code: str, name: str) -> None:
    assert fixture_findings(code, name) == []


# ------------------------------------------------------------------------------------------- TOOL_DENY
def test_tool_deny_bad_fixture() -> None:
    hint = "add it to allow_tools, or use an allowed tool"
    assert fixture_findings("TOOL_DENY", "bad_denied_tools") == [
        Finding("tool 'payments.transfer' is not in the policy's allow_tools", "pay", "$.steps[0].tool", hint),
        Finding(
            "tool 'notify.sms' is denied by the policy (deny_tools: 'notify.sms')",
            "sms",
            "$.steps[1].tool",
            "remove the step, or do this with a tool the policy allows",
        ),
        Finding("tool 'shell.exec' is not in the policy's allow_tools", "agent", "$.steps[2].tools[1]", hint),
        Finding(
            "tool 'db.query_r' is not in the policy's allow_tools",
            "look",
            "$.steps[3].steps[0].tool",
            "did you mean 'db.query_ro'?",
        ),
    ]


def test_tool_deny_deny_wins_over_allow_and_globs_match() -> None:
    plan = {"steps": [{"id": "a", "tool": "payments.refund"}, {"id": "b", "tool": "payments.transfer"}]}
    found = findings("TOOL_DENY", plan, allow_tools=["payments.*"], deny_tools=["*.transfer"])
    assert [(f.node_id, f.message) for f in found] == [
        ("b", "tool 'payments.transfer' is denied by the policy (deny_tools: '*.transfer')")
    ]


def test_tool_deny_is_silent_without_allow_or_deny_lists() -> None:
    assert findings("TOOL_DENY", {"steps": [{"id": "a", "tool": "anything.goes"}]}) == []


# -------------------------------------------------------------------------------------- CONTRA_NO_TOOL
def test_unknown_tool_bad_fixture() -> None:
    assert fixture_findings("CONTRA_NO_TOOL", "bad_unknown_tools") == [
        Finding(
            "tool 'notify.emial' is not in the tool registry", "m", "$.steps[1].tool", "did you mean 'notify.email'?"
        ),
        Finding(
            "tool 'web.search' is not in the tool registry",
            "ask",
            "$.steps[2].tools[0]",
            "register the tool, or use one of the registered tools",
        ),
        Finding(
            "tool 'notify.mail' is not in the tool registry",
            "m3",
            "$.steps[3].else.tool",
            "did you mean 'notify.email'?",
        ),
    ]


def test_unknown_tool_needs_a_registry() -> None:
    assert findings("CONTRA_NO_TOOL", {"steps": [{"id": "a", "tool": "made.up"}]}) == []


# ----------------------------------------------------------------------------------- TOOL_ARGS_INVALID
def test_tool_args_bad_fixture() -> None:
    email = "(tool 'notify.email')"
    assert fixture_findings("TOOL_ARGS_INVALID", "bad_invalid_arguments") == [
        Finding(
            "missing required parameter 'query' (tool 'db.query_ro')",
            "s1",
            "$.steps[0].params",
            "add 'query' to params",
        ),
        Finding(f"unknown parameter 'subjct' {email}", "s2", "$.steps[1].params.subjct", "did you mean 'subject'?"),
        Finding(f"parameter 'to' should be string, not integer {email}", "s2", "$.steps[1].params.to"),
        Finding(
            f"parameter 'priority' must be one of 'low', 'normal', 'high' {email}", "s2", "$.steps[1].params.priority"
        ),
        Finding(f"parameter 'retries' should be integer, not boolean {email}", "s2", "$.steps[1].params.retries"),
        Finding(
            f"missing required parameter 'attachments[0].name' {email}",
            "s2",
            "$.steps[1].params.attachments[0]",
            "add 'name' to attachments[0]",
        ),
        Finding(
            f"parameter 'attachments[0].size' should be integer, not string {email}",
            "s2",
            "$.steps[1].params.attachments[0].size",
        ),
        Finding(
            f"unknown parameter 'attachments[1].mime' {email}",
            "s2",
            "$.steps[1].params.attachments[1].mime",
            "known parameters: name, size",
        ),
        Finding(f"parameter 'body' should be string, not integer {email}", "s2", "$.steps[1].params.body"),
        Finding(f"missing required parameter 'body' {email}", "s3", "$.steps[2].params", "add 'body' to params"),
    ]


def test_tool_args_json_types() -> None:
    spec = ToolSpec(
        name="t",
        params_schema={
            "type": "object",
            "properties": {
                "n": {"type": "number"},
                "i": {"type": "integer"},
                "either": {"type": ["string", "null"]},
                "level": {"enum": [1, 2]},
            },
        },
    )
    tools = ToolRegistry([spec])
    good = {"n": 1, "i": 3.0, "either": None, "level": 2.0}
    assert findings("TOOL_ARGS_INVALID", {"steps": [{"id": "a", "tool": "t", "params": good}]}, tools) == []
    bad = {"n": "1", "i": 2.5, "either": 3, "level": True}
    assert [
        f.message for f in findings("TOOL_ARGS_INVALID", {"steps": [{"id": "a", "tool": "t", "params": bad}]}, tools)
    ] == [
        "parameter 'n' should be number, not string (tool 't')",
        "parameter 'i' should be integer, not number (tool 't')",
        "parameter 'either' should be string or null, not integer (tool 't')",
        "parameter 'level' must be one of 1, 2 (tool 't')",
    ]


def test_a_parameter_given_to_a_tool_that_takes_none_says_so() -> None:
    # The hint was "known parameters: " with nothing after it.
    spec = ToolSpec(name="work.fast", params_schema={"type": "object", "properties": {}, "additionalProperties": False})
    plan = {"steps": [{"id": "a", "tool": "work.fast", "params": {"x": 1}}]}
    assert findings("TOOL_ARGS_INVALID", plan, ToolRegistry([spec])) == [
        Finding(
            "unknown parameter 'x' (tool 'work.fast')",
            "a",
            "$.steps[0].params.x",
            "the tool takes no parameters: remove 'x'",
        )
    ]


def test_tool_args_skips_tools_without_spec_and_plans_without_registry() -> None:
    plan = {"steps": [{"id": "a", "tool": "unknown.tool", "params": {"x": 1}}]}
    assert findings("TOOL_ARGS_INVALID", plan, ToolRegistry([ToolSpec(name="other")])) == []
    assert findings("TOOL_ARGS_INVALID", plan) == []


# ------------------------------------------------------------------------------- CONFIRMATION_REQUIRED
def test_confirmation_bad_fixture() -> None:
    hint = 'set "require_confirmation": true'
    assert fixture_findings("CONFIRMATION_REQUIRED", "bad_unconfirmed") == [
        Finding(
            "tool 'payments.transfer' needs a confirmation by policy, but the step does not ask for one",
            "pay",
            "$.steps[0].steps[0].require_confirmation",
            hint,
        ),
        Finding(
            "tool 'exchange.withdraw' needs a confirmation by policy, but the step does not ask for one",
            "out",
            "$.steps[0].steps[1].then.require_confirmation",
            hint,
        ),
    ]


# ------------------------------------------------------------------------------------- MISSING_HANDLER
def test_missing_handler_bad_fixture() -> None:
    hint = "add on_failure (retry, skip, abort) or an on_error step, here or on an enclosing node"

    def message(tool: str) -> str:
        return f"tool {tool!r} needs an error handler by policy, but the step has neither on_error nor on_failure"

    assert fixture_findings("MISSING_HANDLER", "bad_unhandled") == [
        Finding(message("payments.transfer"), "pay", "$.steps[0]", hint),
        Finding(message("deploy.service"), "d1", "$.steps[2].steps[0]", hint),
        Finding(message("deploy.rollback"), "undo", "$.steps[2].steps[1].on_error", hint),
    ]


# -------------------------------------------------------------------------------------------- ENV_DENY
def test_env_deny_bad_fixture() -> None:
    def unlisted(key: str) -> str:
        return f"environment variable {key!r} is not in the policy's env_allow"

    def add(key: str) -> str:
        return f"add {key!r} to env_allow if plans may read it"

    assert fixture_findings("ENV_DENY", "bad_unlisted_env") == [
        Finding(unlisted("PUBLIC_API_ULR"), "get", "$.steps[0].params.url", "did you mean 'PUBLIC_API_URL'?"),
        Finding(
            unlisted("AWS_SECRET_ACCESS_KEY"),
            "get",
            "$.steps[0].params.headers.Authorization",
            add("AWS_SECRET_ACCESS_KEY"),
        ),
        Finding(unlisted("HOME"), "gate", "$.steps[1].condition.left", add("HOME")),
        Finding(
            "the whole environment is referenced",
            "dump",
            "$.steps[1].then.params.text",
            "reference one allowed key, such as {{env.NAME}}",
        ),
        Finding(unlisted("THRESHOLD"), None, "$.trigger.when.left", add("THRESHOLD")),
    ]


def test_env_deny_default_policy_allows_no_env() -> None:
    plan = {"steps": [{"id": "a", "tool": "t", "params": {"x": "{{env.HOME}}"}}]}
    assert [f.message for f in findings("ENV_DENY", plan)] == [
        "environment variable 'HOME' is not in the policy's env_allow"
    ]


# -------------------------------------------------------------------------------------- RECIPIENT_DENY
def test_recipient_deny_bad_fixture() -> None:
    hint = "send to an allowed recipient, or add it to allow_recipients / allow_domains"

    def denied(what: str, value: str, tool: str) -> str:
        return f"{what} {value!r} of sink tool {tool!r} is not allowed by the policy"

    assert fixture_findings("RECIPIENT_DENY", "bad_denied_recipients") == [
        Finding(denied("recipient", "boss@evil.test", "notify.email"), "m", "$.steps[1].params.to", hint),
        Finding(denied("recipient", "ann@example.org", "notify.email"), "m", "$.steps[1].params.cc", hint),
        Finding(denied("recipient", "{{…}}@gmail.com", "email.send"), "m2", "$.steps[2].params.to", hint),
        Finding(
            denied("recipient", "leak@example.com.evil.test", "email.send"), "m2", "$.steps[2].params.bcc[1]", hint
        ),
        Finding(denied("host", "evil.test", "http.post"), "h", "$.steps[3].params.url", hint),
        Finding(denied("host", "notexample.com", "http.get"), "h2", "$.steps[4].params.endpoint", hint),
    ]


def test_recipient_deny_is_silent_without_allow_lists() -> None:
    plan = {"steps": [{"id": "m", "tool": "notify.email", "params": {"to": "anyone@anywhere.test"}}]}
    assert findings("RECIPIENT_DENY", plan) == []


def test_recipient_deny_uses_spec_sinks_and_recipient_globs() -> None:
    tools = ToolRegistry([ToolSpec(name="crm.message", sink=True)])
    plan = {
        "steps": [
            {"id": "a", "tool": "crm.message", "params": {"recipients": ["x@partner.test", "y@other.test"]}},
            {"id": "b", "tool": "crm.other", "params": {"to": "y@other.test"}},
        ]
    }
    found = findings("RECIPIENT_DENY", plan, tools, allow_recipients=["*@PARTNER.test"])
    assert [(f.node_id, f.path, f.message) for f in found] == [
        (
            "a",
            "$.steps[0].params.recipients[1]",
            "recipient 'y@other.test' of sink tool 'crm.message' is not allowed by the policy",
        )
    ]


# -------------------------------------------------------------------------------------------- the docs
MY_CODES = [
    "TOOL_DENY", "CONTRA_NO_TOOL", "TOOL_ARGS_INVALID", "CONFIRMATION_REQUIRED", "MISSING_HANDLER", "ENV_DENY",
    "RECIPIENT_DENY", "BOUND_VIOLATION", "RAW_SECRET", "PII_EXPOSED", "SQL_WRITE_READ_ONLY", "SQL_INTERPOLATION",
    "PATH_TRAVERSAL", "DATA_EXFILTRATION",
]  # fmt: skip
DOC_TOOLS = ToolRegistry(
    [
        ToolSpec(
            name="notify.email",
            params_schema={
                "type": "object",
                "properties": {"to": {"type": "string"}, "subject": {"type": "string"}, "body": {"type": "string"}},
                "required": ["to"],
                "additionalProperties": False,
            },
        )
    ]
)


def doc_block(doc: str, heading: str) -> tuple[str, str]:
    """The heading's line and the indented JSON block that follows it in a rule's docs."""
    lines = doc.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith(heading))
    rest = lines[start + 1 :]
    first = next(index for index, line in enumerate(rest) if line.startswith("    "))
    block = []
    for line in rest[first:]:
        if not line.startswith("    "):
            break
        block.append(line)
    return lines[start], "\n".join(block)


@pytest.mark.parametrize("code", MY_CODES)
def test_documented_example_is_flagged_and_its_fix_is_not(code: str) -> None:
    doc = RULES[code].doc
    for section in ("What it does:", "Why is this bad:", "Example:", "Use instead:"):
        assert section in doc
    heading, bad = doc_block(doc, "Example:")
    _, good = doc_block(doc, "Use instead:")
    given = re.search(r"with ``(.+?)``", heading)
    settings = yaml.safe_load(given.group(1)) if given else None
    policy = Policy.from_data(settings if isinstance(settings, dict) else {})
    tools = DOC_TOOLS if code in ("CONTRA_NO_TOOL", "TOOL_ARGS_INVALID") else None

    def run(text: str) -> list[Finding]:
        return list(RULES[code].check(LintContext(plan_from_data(json.loads(text)), policy, tools)))

    assert run(bad) != []
    assert run(good) == []
