"""Data rules: BOUND_VIOLATION, RAW_SECRET, PII_EXPOSED, SQL_WRITE_READ_ONLY, SQL_INTERPOLATION and
PATH_TRAVERSAL, each on its good and bad fixture plans with the exact findings."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import fixture_findings, run_rule

from plankit.lint import RULES, Finding, LintContext, Policy
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry, ToolSpec


def findings(code: str, plan: dict[str, Any], tools: ToolRegistry | None = None, **policy: Any) -> list[Finding]:
    return run_rule(code, plan, Policy(**policy), tools)


def step(tool: str, **params: Any) -> dict[str, Any]:
    return {"steps": [{"id": "a", "tool": tool, "params": params}]}


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("BOUND_VIOLATION", "good_within_bounds"),
        ("RAW_SECRET", "good_no_secrets"),
        ("PII_EXPOSED", "good_no_personal_data"),
        ("SQL_WRITE_READ_ONLY", "good_reads"),
        ("SQL_INTERPOLATION", "good_bound_parameters"),
        ("PATH_TRAVERSAL", "good_paths"),
    ],
)
def test_good_fixtures_have_no_findings(code: str, name: str) -> None:
    assert fixture_findings(code, name) == []


# ------------------------------------------------------------------------------------- BOUND_VIOLATION
def test_bounds_bad_fixture() -> None:
    def allows(key: str, low: str, high: str) -> str:
        return f"policy bound {key!r} allows [{low}, {high}]"

    amount = allows("payments.transfer.amount", "0.01", "1000")
    daily = allows("payments.transfer.limits.daily", "0", "5000")
    fee = allows("payments.*.fee", "0", "5")
    assert fixture_findings("BOUND_VIOLATION", "bad_out_of_bounds") == [
        Finding(
            "amount of 'payments.transfer' = 5000 is above the maximum 1000", "pay", "$.steps[0].params.amount", amount
        ),
        Finding(
            "limits.daily of 'payments.transfer' = 9999 is above the maximum 5000",
            "pay",
            "$.steps[0].params.limits.daily",
            daily,
        ),
        Finding("fee of 'payments.transfer' = 6 is above the maximum 5", "pay", "$.steps[0].params.fee", fee),
        Finding(
            "amount of 'payments.transfer' = 0.001 is below the minimum 0.01",
            "tiny",
            "$.steps[1].params.amount",
            amount,
        ),
        Finding("amount of 'payments.transfer' is not a number ('a lot')", "words", "$.steps[2].params.amount", amount),
        Finding(
            "limits.daily of 'payments.transfer' is not a number (true)",
            "words",
            "$.steps[2].params.limits.daily",
            daily,
        ),
        Finding(
            "transfers.amount of 'payments.batch' = 500 is above the maximum 100",
            "batch",
            "$.steps[3].params.transfers[1].amount",
            allows("payments.batch.transfers.amount", "1", "100"),
        ),
        Finding("fee of 'payments.batch' = -1 is below the minimum 0", "batch", "$.steps[3].params.fee", fee),
        Finding(
            "amount of 'payments.transfer' is not a number (null)", "pay3", "$.steps[4].steps[0].params.amount", amount
        ),
    ]


def test_bound_tool_is_the_longest_prefix_naming_a_tool_of_the_plan() -> None:
    plan = {
        "steps": [
            {"id": "a", "tool": "payments.transfer", "params": {"limits": {"daily": 50}}},
            {"id": "b", "tool": "payments.transfer.limits", "params": {"daily": 50}},
        ]
    }
    found = findings("BOUND_VIOLATION", plan, bounds={"payments.transfer.limits.daily": [0, 10]})
    # Only the longer tool gets the bound: its argument is `daily`, not `limits.daily`.
    assert [(f.node_id, f.message) for f in found] == [
        ("b", "daily of 'payments.transfer.limits' = 50 is above the maximum 10")
    ]


def test_bound_numeric_strings_and_non_numbers() -> None:
    bounds = {"pay.send.amount": [1, 10]}
    cases = {
        "5": [],
        "1e1": [],
        " 7 ": [],
        "11": ["= 11 is above the maximum 10"],
        "1e999": ["is not a finite number ('1e999')"],
        "nan": ["is not a number ('nan')"],
        "1_000": ["is not a number ('1_000')"],
        "{{x.y}}0": [],
        "{{x.y}}": [],
    }
    for value, expected in cases.items():
        found = findings("BOUND_VIOLATION", step("pay.send", amount=value), bounds=bounds)
        assert [f.message.removeprefix("amount of 'pay.send' ") for f in found] == expected, value


def test_bound_without_matching_tool_does_nothing() -> None:
    assert findings("BOUND_VIOLATION", step("pay.other", amount=10**9), bounds={"pay.send.amount": [1, 10]}) == []


# ------------------------------------------------------------------------------------------ RAW_SECRET
def test_raw_secret_bad_fixture() -> None:
    hint = "don't write credentials into plans: let the tool hold them, or reference them ({{env.NAME}})"
    assert fixture_findings("RAW_SECRET", "bad_secrets") == [
        Finding("raw secret: AWS access key 'AKIA…' (20 chars)", "s3", "$.steps[0].params.access_key", hint),
        Finding("raw secret: GitHub token 'ghp_…' (40 chars)", "gh", "$.steps[1].prompt", hint),
        Finding("raw secret: literal password '…' (7 chars)", "db", "$.steps[2].params.password", hint),
        Finding("raw secret: password in a URL 'post…' (26 chars)", "db", "$.steps[2].params.dsn", hint),
        Finding("raw secret: bearer token 'Bear…' (99 chars)", "api", "$.steps[3].params.headers.Authorization", hint),
        Finding(
            "raw secret: high-entropy value in a secret-looking key '9fK2…' (24 chars)",
            "api",
            "$.steps[3].params.client_secret",
            hint,
        ),
        Finding("value matches the policy's denied pattern 'drop\\s+table'", "api", "$.steps[3].params.note", hint),
        Finding("raw secret: private key block '----…' (35 chars)", "key", "$.steps[4].params.content", hint),
        Finding("raw secret: API secret key 'sk-p…' (39 chars)", None, "$.context.openai_api_key", hint),
    ]


def test_raw_secret_never_echoes_the_secret() -> None:
    secret = "AKIAIOSFODNN7EXAMPLE"
    found = findings("RAW_SECRET", step("aws.put", key_material=f"id={secret}"))
    assert len(found) == 1 and secret not in found[0].message and secret[4:] not in found[0].message


def test_deny_tokens_match_literal_text_not_references() -> None:
    plan = step("t", a="{{context.password}}", b="password: {{context.pw}}", c="PassWord")
    found = findings("RAW_SECRET", plan, deny_tokens_regex=["password"])
    assert [f.path for f in found] == ["$.steps[0].params.b", "$.steps[0].params.c"]


# ----------------------------------------------------------------------------------------- PII_EXPOSED
def test_pii_bad_fixture() -> None:
    hint = "don't write personal data into plans: reference it ({{context.key}}, {{step.result}}) instead"
    assert fixture_findings("PII_EXPOSED", "bad_personal_data") == [
        Finding("email address 'j…@example.com' in the plan", "ask", "$.steps[0].prompt", hint),
        Finding("email address 'j…@example.org' in the plan", "note", "$.steps[1].params.email", hint),
        Finding("phone number '…0958' in the plan", "note", "$.steps[1].params.notes[0]", hint),
        Finding("phone number '…2671' in the plan", "note", "$.steps[1].params.notes[0]", hint),
        Finding("card number '…1111' in the plan", "pay", "$.steps[2].params.card", hint),
        Finding("IBAN 'DE…3000' in the plan", "pay", "$.steps[2].params.iban", hint),
        Finding("card number '…0004' in the plan", "mail", "$.steps[3].params.body", hint),
        Finding("IBAN 'GB…5432' in the plan", "mail", "$.steps[3].params.body", hint),
    ]


def test_pii_recipient_of_a_sink_is_expected_but_not_of_other_tools() -> None:
    assert findings("PII_EXPOSED", step("notify.email", to="ann@example.com")) == []
    assert [f.path for f in findings("PII_EXPOSED", step("crm.note", to="ann@example.com"))] == ["$.steps[0].params.to"]


# --------------------------------------------------------------------------------- SQL_WRITE_READ_ONLY
def test_sql_write_bad_fixture() -> None:
    hint = "run writes through a write tool that is reviewed as such, or remove them"
    assert fixture_findings("SQL_WRITE_READ_ONLY", "bad_writes") == [
        Finding(
            "read-only tool 'db.query_ro' is given a write: DROP (statement 2)", "q1", "$.steps[0].params.query", hint
        ),
        Finding(
            "read-only tool 'db.query_ro' is given a write: DELETE (statement 1)", "q2", "$.steps[1].params.query", hint
        ),
        Finding(
            "read-only tool 'warehouse.query_ro' is given a write: DELETE, INSERT (statement 1)",
            "q3",
            "$.steps[2].params.statements[1]",
            hint,
        ),
        Finding(
            "read-only tool 'db.query_ro' is given a write: UPDATE (statement 2)", "q4", "$.steps[3].params.query", hint
        ),
        Finding(
            "read-only tool 'db.query_ro' is given a write: GRANT (statement 3)", "q4", "$.steps[3].params.query", hint
        ),
    ]


def test_sql_write_read_only_from_tool_spec() -> None:
    tools = ToolRegistry([ToolSpec(name="reports.sql", read_only=True)])
    plan = step("reports.sql", sql="TRUNCATE logs")
    assert [f.message for f in findings("SQL_WRITE_READ_ONLY", plan, tools)] == [
        "read-only tool 'reports.sql' is given a write: TRUNCATE (statement 1)"
    ]
    assert findings("SQL_WRITE_READ_ONLY", plan) == []


def test_sql_write_references_in_the_query_are_not_keywords() -> None:
    plan = {"steps": [{"id": "delete", "tool": "x"}, step("db.query_ro", query="SELECT {{delete.result}}")["steps"][0]]}
    assert findings("SQL_WRITE_READ_ONLY", plan) == []


# ----------------------------------------------------------------------------------- SQL_INTERPOLATION
def test_sql_interpolation_bad_fixture() -> None:
    hint = "use placeholders ($1, $2, ...) in the query and pass the values in args"
    assert fixture_findings("SQL_INTERPOLATION", "bad_interpolated") == [
        Finding("SQL text interpolates {{s1.result.id}}", "q", "$.steps[1].params.query", hint),
        Finding(
            "SQL text interpolates ${s1.result.name}, {{s1.a}}, {{s1.b}} and 1 more", "r", "$.steps[2].params.sql", hint
        ),
        Finding("SQL text interpolates {{context.user_id}}", "f", "$.steps[3].params.query", hint),
    ]


# -------------------------------------------------------------------------------------- PATH_TRAVERSAL
def test_path_traversal_bad_fixture() -> None:
    hint = "use a relative path inside the tool's workspace, without '..'"
    assert fixture_findings("PATH_TRAVERSAL", "bad_paths") == [
        Finding(
            "path 'reports/../../etc/passwd' climbs out of its directory with '..'", "r", "$.steps[0].params.path", hint
        ),
        Finding("path '/etc/shadow' reaches the system directory '/etc'", "r2", "$.steps[1].params.filename", hint),
        Finding(
            "path '~/.ssh/id_rsa' reaches the credentials directory '.ssh'", "r2", "$.steps[1].params.backup_path", hint
        ),
        Finding(
            "path 'data/%2e%2e/secret' climbs out of its directory with '..'",
            "w",
            "$.steps[2].params.output_path",
            hint,
        ),
        Finding("path 'report.txt\\x00.png' contains a NUL byte", "n", "$.steps[3].params.path", hint),
        Finding(
            "path '{{r.result.dir}}/../x' climbs out of its directory with '..'", "c", "$.steps[4].params.src", hint
        ),
        Finding(
            "path '/proc/self/environ' reaches the system directory '/proc'", "c", "$.steps[4].params.paths[1]", hint
        ),
    ]


def test_pii_addresses_inside_a_sink_payload_are_data() -> None:
    plan = step("http.post", to="ops@example.com", body={"user": {"email": "ann@example.com"}})
    assert [f.path for f in findings("PII_EXPOSED", plan)] == ["$.steps[0].params.body.user.email"]


# ------------------------------------------------------------------------------------------------ fuzz
MY_CODES = [
    "TOOL_DENY", "CONTRA_NO_TOOL", "TOOL_ARGS_INVALID", "CONFIRMATION_REQUIRED", "MISSING_HANDLER", "ENV_DENY",
    "RECIPIENT_DENY", "BOUND_VIOLATION", "RAW_SECRET", "PII_EXPOSED", "SQL_WRITE_READ_ONLY", "SQL_INTERPOLATION",
    "PATH_TRAVERSAL", "DATA_EXFILTRATION",
]  # fmt: skip
FUZZ_POLICY = Policy(
    allow_tools=["notify.*", "db.*", "file.*", "http.*", "payments.*"],
    deny_tools=["http.delete"],
    bounds={"payments.transfer.amount": (0, 100), "payments.*.limits.daily": (0, 5), "db.query_ro.args": (0, 1)},
    deny_tokens_regex=["drop\\s+table"],
    require_confirmation=["payments.*"],
    require_handler=["payments.*", "file.*"],
    sensitive_sources=["crm.*"],
    allow_recipients=["*@example.com"],
    allow_domains=["example.org"],
    env_allow=["PUBLIC_*"],
)
FUZZ_TOOLS = ToolRegistry(
    [
        ToolSpec(
            name="notify.email",
            params_schema={
                "type": "object",
                "properties": {"to": {"type": ["string", 3]}, "body": {"enum": "oops"}, "cc": {"items": {}}},
                "required": ["to", 7],
                "additionalProperties": False,
            },
        ),
        ToolSpec(name="db.query_ro", params_schema={"properties": {"query": {"type": "string"}}}, read_only=True),
    ]
)
scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
texts = st.text(max_size=30) | st.sampled_from(
    [
        "{{s0.result}}",
        "x {{s1.result.a}} y",
        "${env.TOKEN}",
        "{{context.api_key}}",
        "{{context}}",
        "{{env}}",
        "SELECT 1; DROP TABLE t",
        "../../etc/passwd",
        "http://[::1/x",
        "Bearer abcdefghijklmnopqrstu123",
        "ann@example.com, Bob <bob@evil.test>",
        "4111 1111 1111 1111",
        "1e999",
    ]
)
references = st.sampled_from(
    [
        {"type": "step_output", "step_id": "s0", "path": "result"},
        {"type": "env", "key": "SECRET_TOKEN"},
        {"type": "literal", "value": "x"},
        {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
    ]
)
values = st.recursive(
    scalars | texts | references,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["amount", "daily", "to", "x"]), inner),
    max_leaves=8,
)
param_keys = st.sampled_from(["to", "cc", "query", "sql", "path", "amount", "url", "body", "api_key", "limits", "args"])
tools = st.sampled_from(
    ["notify.email", "db.query_ro", "file.read", "http.post", "http.delete", "payments.transfer", "crm.get", "x"]
)


@st.composite
def fuzz_plans(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(min_value=1, max_value=5))
    steps: list[dict[str, Any]] = []
    for index in range(count):
        if draw(st.booleans()):
            params = draw(st.dictionaries(param_keys, values, max_size=4))
            steps.append({"id": f"s{index}", "tool": draw(tools), "params": params})
        else:
            steps.append(
                {"id": f"s{index}", "prompt": draw(texts.filter(bool)), "tools": draw(st.lists(tools, max_size=2))}
            )
    if draw(st.booleans()):
        steps = [{"id": "group", "type": "sequence", "steps": steps, "on_failure": {"strategy": "skip"}}]
    return {"context": {"api_key": "k", "month": "May"}, "steps": steps}


@given(fuzz_plans())
def test_rules_never_raise_on_generated_plans(data: dict[str, Any]) -> None:
    ctx = LintContext(plan_from_data(data), FUZZ_POLICY, FUZZ_TOOLS)
    for code in MY_CODES:
        for finding in RULES[code].check(ctx):
            assert finding.message and (finding.path is None or finding.path.startswith("$"))
