"""The bulk prefilters that let rules skip the per-string scans: the NUL-joined plan text, the formats and
patterns it rules out, and the per-tool action index. A prefilter may only ever let a scan run: these tests
pin that it never hides a finding (anchored patterns, a match in one string among many, nested keys)."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from plankit.lint import RULES, Finding, LintContext, Policy
from plankit.lint._detect import (
    PII_FORMATS,
    SECRET_FORMATS,
    action_keys,
    could_match,
    find_pii,
    find_secrets,
    literal_text,
    plan_text,
    present_formats,
    template_text,
)
from plankit.lint.rules._contradictions import _canonical, _canonical_value
from plankit.plan import plan_from_data


def context_of(plan: dict[str, Any], **policy: Any) -> LintContext:
    return LintContext(plan_from_data(plan), Policy(**policy))


def findings(code: str, plan: dict[str, Any], **policy: Any) -> list[Finding]:
    return list(RULES[code].check(context_of(plan, **policy)))


def chain(count: int, **extra: Any) -> dict[str, Any]:
    """``count`` steps with the same query, each reading the one before; ``extra`` params on the last."""
    steps: list[dict[str, Any]] = []
    for index in range(count):
        params: dict[str, Any] = {"query": "SELECT id FROM t WHERE id = $1", "args": [f"{{{{s{index - 1}.id}}}}"]}
        if index == count - 1:
            params.update(extra)
        steps.append({"id": f"s{index}", "tool": "db.query_ro", "params": params})
    return {"goal": "g", "steps": steps, "context": {"region": "{{env.REGION}}"}}


def test_plan_text_holds_each_distinct_string_once_without_single_references() -> None:
    plan = chain(3, note={"deep": ["x {{s0.id}} y", {"inner_key": "z"}]})
    text = plan_text(context_of(plan))
    assert text.text.split("\x00") == [
        "{{env.REGION}}",  # the context keeps its single references: the secret rule scans them
        "SELECT id FROM t WHERE id = $1",
        "x {{s0.id}} y",
        "z",
    ]
    assert text.keys == frozenset({"region", "query", "args", "note", "deep", "inner_key"})


def test_action_keys_are_the_plan_text_keys_of_the_action_params_only() -> None:
    plan = chain(3, note={"deep": ["x {{s0.id}} y", {"inner_key": "z"}]})
    plan["context"]["to"] = "a@example.com"
    ctx = context_of(plan)
    assert action_keys(ctx) == frozenset({"query", "args", "note", "deep", "inner_key"})
    assert plan_text(ctx).keys == action_keys(ctx) | {"region", "to"}
    shared = context_of(plan)  # a plan text shared in from another run of the same plan: read on their own
    shared.share(ctx, "plan_text")
    assert action_keys(shared) == action_keys(ctx)


def test_nested_params_says_whether_some_params_hold_a_container_below_their_top_level() -> None:
    from plankit.lint._detect import nested_params

    assert nested_params(context_of(chain(3))) is False  # lists of scalars are not containers of keys
    assert nested_params(context_of(chain(3, note={"deep": 1}))) is True
    assert nested_params(context_of(chain(3, note=["a", ["b"]]))) is True
    assert nested_params(context_of(chain(3, note=[{"k": 1}]))) is True
    read, shared = context_of(chain(3)), context_of(chain(3))
    plan_text(read)
    shared.share(read, "plan_text")  # the plan text shared in, not read here: maybe
    assert nested_params(shared) is True


def test_literal_text_equals_template_text_string_by_string() -> None:
    strings = ["a {{s1.x}} b", "${s2.y[0]}", "${{s3.z}}", "plain", "{{ s4 }}{{s5.v}}"]
    assert literal_text("\x00".join(strings), " ") == "\x00".join(template_text(s, " ") for s in strings)


def test_could_match_never_rules_out_a_pattern_that_sees_string_edges() -> None:
    joined = "xSELECT 1\x00total price"
    for source in ("^SELECT", "price$", r"\ASELECT", "(?!x)SELECT", "(?<!x)SELECT", "(?>SEL)ECT"):
        assert could_match(re.compile(source), joined) is True
    assert could_match(re.compile("DROP TABLE", re.IGNORECASE), joined) is False
    assert could_match(re.compile(r"\bprice\b"), joined) is True
    assert could_match(re.compile(r"\b1\b"), joined) is True


_PIECES = st.sampled_from(
    ["4111 1111 1111 1111", "+1 415 555 0100", "a@example.com", "DE89370400440532013000", "AKIA" + "A" * 16,
     "password=hunter22", "Bearer abcdefghijklmnop1234", "sk-" + "a1" * 12, " ", "-", "7", "x", ".", "@", "/"]
)
_STRINGS = st.lists(st.lists(_PIECES, max_size=4).map("".join), min_size=1, max_size=6)


@given(_STRINGS)
def test_present_formats_keep_every_format_found_in_any_one_string(strings: list[str]) -> None:
    joined = "\x00".join(strings)
    secret_formats = present_formats(SECRET_FORMATS, joined)
    pii_formats = present_formats(PII_FORMATS, joined)
    for text in strings:
        assert find_secrets(text, "note", secret_formats) == find_secrets(text, "note")
        assert find_pii(text, pii_formats) == find_pii(text)


def test_an_anchored_deny_pattern_still_reports_the_one_string_it_matches() -> None:
    found = findings("RAW_SECRET", chain(40, comment="DROP it"), deny_tokens_regex=["^drop"])
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s39", "$.steps[39].params.comment", "value matches the policy's denied pattern '^drop'")
    ]


def test_a_secret_in_one_string_among_many_repeated_ones_is_found() -> None:
    found = findings("RAW_SECRET", chain(50, headers={"auth": "Bearer abcdefghijklmnop1234"}))
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s49", "$.steps[49].params.headers.auth", "raw secret: bearer token 'Bear…' (27 chars)")
    ]


def test_a_secret_looking_nested_key_still_gets_its_literal_checked() -> None:
    found = findings("RAW_SECRET", chain(5, config={"db": {"password": "hunter2"}}))
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s4", "$.steps[4].params.config.db.password", "raw secret: literal password '…' (7 chars)")
    ]


def test_no_pii_format_in_the_plan_means_no_pii_finding_and_one_means_its_finding() -> None:
    assert findings("PII_EXPOSED", chain(30)) == []
    found = findings("PII_EXPOSED", chain(30, note="call +1 415 555 0100"))
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s29", "$.steps[29].params.note", "phone number '…0100' in the plan")
    ]


def test_slippage_nested_deep_in_one_action_is_still_read() -> None:
    plan = chain(4, route={"legs": [{"slippage_bps": 300}]})
    found = findings("CONTRA_SLIPPAGE", plan, max_slippage=1)
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s3", "$.steps[3].params.route.legs[0].slippage_bps", "'s3' allows 3% slippage, above the policy's "
         "max_slippage of 1%")
    ]


def test_actions_of_keeps_document_order_across_tools() -> None:
    plan = {
        "steps": [
            {"id": "a", "tool": "x.one"},
            {"id": "b", "type": "sequence", "steps": [{"id": "c", "tool": "y.two"}, {"id": "d", "tool": "x.one"}]},
            {"id": "e", "tool": "z.three"},
        ]
    }
    ctx = context_of(plan)
    assert ctx.tools_used == frozenset({"x.one", "y.two", "z.three"})
    assert [(node.id, path) for node, path in ctx.actions_of(["x.one", "y.two"])] == [
        ("a", "$.steps[0]"),
        ("c", "$.steps[1].steps[0]"),
        ("d", "$.steps[1].steps[1]"),
    ]
    assert ctx.actions_of([]) == []
    assert ctx.actions_of(["x.one", "y.two", "z.three", "unused"]) is ctx.actions


def test_a_write_hidden_in_a_literal_object_among_clean_queries_is_found() -> None:
    plan = chain(20)
    plan["steps"][7]["params"]["query"] = {"type": "literal", "value": "SELECT 1; delete FROM t"}
    found = findings("SQL_WRITE_READ_ONLY", plan)
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s7", "$.steps[7].params.query.value", "read-only tool 'db.query_ro' is given a write: DELETE (statement 2)")
    ]
    assert findings("SQL_WRITE_READ_ONLY", chain(20)) == []


def test_interpolation_in_one_query_among_plain_ones_is_found() -> None:
    plan = chain(20)
    plan["steps"][12]["params"]["query"] = "SELECT id FROM t WHERE id = {{s11.id}}"
    found = findings("SQL_INTERPOLATION", plan)
    assert [(f.node_id, f.path, f.message) for f in found] == [
        ("s12", "$.steps[12].params.query", "SQL text interpolates {{s11.id}}")
    ]
    assert findings("SQL_INTERPOLATION", chain(20)) == []


_FLAT_VALUES = st.sampled_from([1, 1.0, True, "1", None, 0.0, -0.0, float("nan"), "a", "", 10**30, 0.1, False, 0])
_FLAT = st.dictionaries(
    st.sampled_from(["a", "b", "c"]),
    st.one_of(_FLAT_VALUES, st.lists(_FLAT_VALUES, max_size=3)),
    max_size=3,
)


@given(_FLAT, _FLAT)
def test_flat_params_compare_exactly_as_their_canonical_text(left: dict[str, Any], right: dict[str, Any]) -> None:
    def text(params: dict[str, Any]) -> Any:
        return tuple(sorted((key, _canonical_value(value)) for key, value in params.items()))

    assert (_canonical(left) == _canonical(right)) == (text(left) == text(right))
    assert _canonical(dict(reversed(left.items()))) == _canonical(left)


_ROLE_LEAVES = st.sampled_from(["admin", "Owner", "TeacherEnrollment", "viewer", "a admin", "ROLE_ADMIN", "x", 3, None])
_ROLE_KEYS_DRAWN = st.sampled_from(["role", "accessLevel", "type", "user_roles", "name", "note", "members", "q"])
_ROLE_PARAMS = st.recursive(
    _ROLE_LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_ROLE_KEYS_DRAWN, inner, max_size=3),
    max_leaves=8,
)


@given(st.dictionaries(_ROLE_KEYS_DRAWN, _ROLE_PARAMS, min_size=1, max_size=3))
def test_the_role_key_prefilter_never_hides_a_role_grant(params: dict[str, Any]) -> None:
    from plankit.lint._documents import may_elevate, may_name_role, role_grant

    text = plan_text(context_of({"goal": "g", "steps": [{"id": "a", "tool": "t", "params": params}]}))
    if role_grant(params, "$.steps[0].params") is not None:
        assert may_elevate(text.text) and may_name_role(text.keys)
    assert may_name_role(frozenset({"accessLevel"})) and not may_name_role(frozenset({"name", "query"}))


_KEYS_DRAWN = st.sampled_from(["to", "Cc", "user_id", "query", "note", "values", "deep", "x-to"])
_NESTED_PARAMS = st.recursive(
    st.sampled_from(["a@b.example", "{{s0.id}}", 4, None, True]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS_DRAWN, inner, max_size=3),
    max_leaves=8,
)


def _all_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {str(key) for key in value}.union(*map(_all_keys, value.values()))
    if isinstance(value, list):
        return set().union(*map(_all_keys, value))
    return set()


_TOOLS_DRAWN = st.sampled_from(["mail.send", "calc.sum", "db.query"])


@given(
    st.lists(st.tuples(_TOOLS_DRAWN, st.dictionaries(_KEYS_DRAWN, _NESTED_PARAMS, max_size=3)), min_size=1, max_size=5),
    st.frozensets(st.sampled_from(["to", "cc", "userid", "note", "xto", "absent"])),
)
@example([("mail.send", {"Cc": "a@b.example"}), ("calc.sum", {"values": ["a", 4]})], frozenset({"cc"}))
@example([("mail.send", {"note": [{"x-to": "a"}]}), ("calc.sum", {"to": "b"})], frozenset({"xto"}))
def test_named_tools_keeps_every_tool_with_an_action_walk_params_finds_a_name_in(
    steps: list[tuple[str, dict[str, Any]]], names: frozenset[str]
) -> None:
    from plankit.lint._params import named_tools, norm_key, walk_params

    plan = {"goal": "g", "steps": [{"id": f"s{i}", "tool": tool, "params": p} for i, (tool, p) in enumerate(steps)]}
    ctx = context_of(plan)
    tools = sorted({tool for tool, _ in steps})
    kept = named_tools(ctx, tools, names)
    # Exactly the tools with a key of ``names`` anywhere in their actions' params, in the order asked...
    assert kept == [
        tool for tool in tools if any(norm_key(key) in names for _, p in steps if _ == tool for key in _all_keys(p))
    ]
    # ... so every tool an action of which walk_params finds a name in.
    for node, path in ctx.actions:
        if next(walk_params(node.params, path, names), None) is not None:
            assert node.tool in kept
    assert named_tools(ctx, reversed(tools), names) == [t for t in reversed(tools) if t in kept]  # kept per run


_JSON_LEAVES = st.sampled_from(["a", "{{s0.id}}", "b c", 1, 2.5, None, True])
_JSON = st.recursive(
    _JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS_DRAWN, inner, max_size=3),
    max_leaves=10,
)
_SKIPPED = st.frozensets(st.sampled_from(["a", "{{s0.id}}"]))


@given(st.lists(st.dictionaries(_KEYS_DRAWN, _JSON, max_size=4), max_size=4), _SKIPPED)
def test_the_params_reading_finds_the_strings_and_keys_of_the_general_reading(
    params: list[dict[str, Any]], skipped: frozenset[str]
) -> None:
    from collections import Counter

    from plankit.lint._detect import _read_params, _read_strings

    texts: list[str] = []
    keys: set[Any] = set()
    _read_params(params, texts, keys, skipped)
    expected_texts: list[str] = []
    expected_keys: set[Any] = set()
    _read_strings(list(params), expected_texts, expected_keys, skipped)
    assert Counter(texts) == Counter(expected_texts)
    assert keys == expected_keys
