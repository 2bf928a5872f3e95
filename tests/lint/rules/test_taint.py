"""DATA_EXFILTRATION: sensitive values reaching sinks through references, with the exact chains."""

from __future__ import annotations

from typing import Any

from tests.lint.rules._support import fixture_findings as support_fixture_findings
from tests.lint.rules._support import run_rule

from plankit.lint import Finding, Policy
from plankit.tools import ToolRegistry, ToolSpec

HINT = "send only what the recipient needs (redacted or derived values); keep secrets inside the tools"


def fixture_findings(name: str) -> list[Finding]:
    return support_fixture_findings("DATA_EXFILTRATION", name)


def findings(plan: dict[str, Any], tools: ToolRegistry | None = None, **policy: Any) -> list[Finding]:
    return run_rule("DATA_EXFILTRATION", plan, Policy(**policy), tools)


def messages(plan: dict[str, Any], tools: ToolRegistry | None = None, **policy: Any) -> list[str]:
    return [finding.message for finding in findings(plan, tools, **policy)]


def test_good_fixture_has_no_findings() -> None:
    assert fixture_findings("good_clean_flows") == []


def test_bad_fixture() -> None:
    assert fixture_findings("bad_exfiltration") == [
        Finding(
            "sensitive data reaches sink tool 'notify.email': context.api_key -> s2 -> s3 -> s4 -> s5",
            "s5",
            "$.steps[4].params.body",
            HINT,
        ),
        Finding(
            "sensitive data reaches sink tool 'http.post': env.DEPLOY_TOKEN -> s6",
            "s6",
            "$.steps[5].params.headers.X",
            HINT,
        ),
        Finding(
            "sensitive data reaches sink tool 'file.write_text': c1 -> grp -> s8",
            "s8",
            "$.steps[7].params.content",
            HINT,
        ),
        Finding(
            "sensitive data reaches an llm step that may call sink tool 'notify.slack': c1 -> c2 -> s9",
            "s9",
            "$.steps[8].prompt",
            HINT,
        ),
    ]


def chain_plan(length: int) -> dict[str, Any]:
    steps: list[dict[str, Any]] = [{"id": "s0", "tool": "text.copy", "params": {"text": "{{context.api_key}}"}}]
    steps += [
        {"id": f"s{index}", "tool": "text.copy", "params": {"text": f"{{{{s{index - 1}.result}}}}"}}
        for index in range(1, length)
    ]
    steps.append({"id": "out", "tool": "notify.email", "params": {"body": f"{{{{s{length - 1}.result}}}}"}})
    return {"context": {"api_key": "k"}, "steps": steps}


def test_a_chain_of_ten_thousand_steps_is_followed_to_the_end() -> None:
    assert findings(chain_plan(10_000)) == [
        Finding(
            "sensitive data reaches sink tool 'notify.email': context.api_key -> s0 -> s1 -> s2 -> … 9993 more … "
            "-> s9996 -> s9997 -> s9998 -> s9999 -> out",
            "out",
            "$.steps[10000].params.body",
            HINT,
        )
    ]


def test_short_chains_are_shown_whole() -> None:
    # 1 source + 7 steps = 8 entries: exactly the most shown without eliding.
    assert messages(chain_plan(7)) == [
        "sensitive data reaches sink tool 'notify.email': "
        "context.api_key -> s0 -> s1 -> s2 -> s3 -> s4 -> s5 -> s6 -> out"
    ]
    assert messages(chain_plan(8)) == [
        "sensitive data reaches sink tool 'notify.email': context.api_key -> s0 -> s1 -> s2 -> … 1 more … "
        "-> s4 -> s5 -> s6 -> s7 -> out"
    ]


def test_cycles_terminate_and_still_taint() -> None:
    plan = {
        "context": {"password": "p"},
        "steps": [
            {"id": "a", "tool": "x", "params": {"v": "{{b.result}}", "w": "{{context.password}}"}},
            {"id": "b", "tool": "x", "params": {"v": "{{a.result}}"}},
            {"id": "out", "tool": "http.post", "params": {"body": "{{b.result}}"}},
        ],
    }
    assert messages(plan) == ["sensitive data reaches sink tool 'http.post': context.password -> a -> b -> out"]


def test_conditions_and_composites_carry_taint() -> None:
    plan = {
        "steps": [
            {
                "id": "gate",
                "type": "if",
                "condition": {"left": {"type": "env", "key": "LIMIT"}, "op": "gt", "right": 1},
                "then": {"id": "inner", "tool": "noop"},
            },
            {"id": "out", "tool": "notify.slack", "params": {"text": "{{gate.result}}"}},
        ]
    }
    assert messages(plan) == ["sensitive data reaches sink tool 'notify.slack': env.LIMIT -> gate -> out"]


def test_nested_and_whole_context_references() -> None:
    plan = {
        "context": {"month": "May", "ssn": "000-00-0000"},
        "steps": [
            {"id": "a", "tool": "notify.email", "params": {"body": "{{context.creds.api_key}}"}},
            {"id": "b", "tool": "notify.email", "params": {"body": "{{context}}"}},
            {"id": "c", "tool": "notify.email", "params": {"body": "{{context.month}} {{context.user.name}}"}},
        ],
    }
    assert [(f.node_id, f.message) for f in findings(plan)] == [
        ("a", "sensitive data reaches sink tool 'notify.email': context.creds.api_key -> a"),
        ("b", "sensitive data reaches sink tool 'notify.email': context.ssn -> b"),
    ]


def test_sources_and_sinks_from_tool_specs() -> None:
    tools = ToolRegistry([ToolSpec(name="vault.read", sensitive_source=True), ToolSpec(name="chat.post", sink=True)])
    plan = {
        "steps": [
            {"id": "v", "tool": "vault.read", "params": {"path": "db"}},
            {"id": "post", "tool": "chat.post", "params": {"text": {"type": "step_output", "step_id": "v"}}},
        ]
    }
    assert findings(plan, tools) == [
        Finding("sensitive data reaches sink tool 'chat.post': v -> post", "post", "$.steps[1].params.text", HINT)
    ]
    assert findings(plan) == []


def test_one_finding_per_sink_at_its_first_tainted_reference() -> None:
    plan = {
        "context": {"token": "t"},
        "steps": [
            {
                "id": "mail",
                "tool": "notify.email",
                "params": {"a": "{{context.month}}", "b": "{{env.A}}", "c": "{{context.token}}"},
            }
        ],
    }
    assert findings(plan) == [
        Finding("sensitive data reaches sink tool 'notify.email': env.A -> mail", "mail", "$.steps[0].params.b", HINT)
    ]


def test_a_sink_that_only_holds_a_tainted_handler_is_not_reported() -> None:
    plan = {
        "steps": [
            {
                "id": "send",
                "tool": "notify.email",
                "params": {"body": "hello"},
                "on_error": {"id": "log", "tool": "log.write", "params": {"text": "{{env.SECRET}}"}},
            }
        ]
    }
    assert findings(plan) == []


def test_listed_env_keys_without_secret_names_are_configuration() -> None:
    plan = {
        "steps": [
            {"id": "get", "tool": "http.get", "params": {"url": "{{env.PUBLIC_API_URL}}/status"}},
            {"id": "post", "tool": "http.post", "params": {"auth": "Bearer {{env.API_TOKEN}}"}},
            {"id": "put", "tool": "http.put", "params": {"body": "{{env.REGION}}"}},
        ]
    }
    assert messages(plan, env_allow=["PUBLIC_*", "API_TOKEN"]) == [
        "sensitive data reaches sink tool 'http.post': env.API_TOKEN -> post",
        "sensitive data reaches sink tool 'http.put': env.REGION -> put",
    ]
