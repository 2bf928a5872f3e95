"""References: template strings, reference objects and condition operands."""

from __future__ import annotations

import itertools
import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit.plan import (
    RESERVED_ROOTS,
    CompareCondition,
    CompareOp,
    EnvRef,
    LiteralValue,
    LogicCondition,
    LogicOp,
    Reference,
    RuntimeFn,
    RuntimeRef,
    StepOutputRef,
    condition_references,
    node_references,
    parse_template,
    plan_from_data,
    single_reference,
    value_references,
)
from plankit.plan._refs import _DOLLAR_WHOLE, _MUSTACHE_WHOLE, _TEMPLATE, _string_references


def _ref(root: str, path: str, text: str | None, location: str = "$") -> Reference:
    syntax = "template" if text is not None else "object"
    return Reference(root, path, location, syntax, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{{a.b}}", [_ref("a", "b", "{{a.b}}")]),
        ("${a.b}", [_ref("a", "b", "${a.b}")]),
        # ${{...}} is a literal "$" followed by a {{...}} reference (the seed's "balance is ${{...}}").
        ("${{a.b}}", ["$", _ref("a", "b", "{{a.b}}")]),
        (
            "Your balance is ${{step1.result.balance}}",
            ["Your balance is $", _ref("step1", "result.balance", "{{step1.result.balance}}")],
        ),
        ("{{ a.b[0].c }}", [_ref("a", "b[0].c", "{{ a.b[0].c }}")]),
        ("{{a[2]}}", [_ref("a", "[2]", "{{a[2]}}")]),
        ("{{a}}", [_ref("a", "", "{{a}}")]),
        ("{{step-1.x-y}}", [_ref("step-1", "x-y", "{{step-1.x-y}}")]),
        ("{{s10.out}} {{s1.out}}", [_ref("s10", "out", "{{s10.out}}"), " ", _ref("s1", "out", "{{s1.out}}")]),
        ("{{a}}{{b}}", [_ref("a", "", "{{a}}"), _ref("b", "", "{{b}}")]),
        ("{{{a.b}}}", ["{", _ref("a", "b", "{{a.b}}"), "}"]),
        ("$${a}", ["$", _ref("a", "", "${a}")]),
        ("{{context.user_id}}", [_ref("context", "user_id", "{{context.user_id}}")]),
        ("team@example.com", ["team@example.com"]),
        ("write to a@b.c about {topic}", ["write to a@b.c about {topic}"]),
        ("{{a.b", ["{{a.b"]),  # unterminated braces are text
        ("{{a.b}", ["{{a.b}"]),
        ("${a.b", ["${a.b"]),
        ("{a.b}}", ["{a.b}}"]),
        ("{{a..b}}", ["{{a..b}}"]),
        ("{{a.b c}}", ["{{a.b c}}"]),
        ("{{}}", ["{{}}"]),
        ("${ a }", ["${ a }"]),  # the ${...} form takes no spaces
        ("", []),
    ],
)
def test_parse_template(text: str, expected: list[str | Reference]) -> None:
    assert parse_template(text) == expected


def test_parse_template_puts_the_location_on_every_reference() -> None:
    assert parse_template("x {{a.b}} ${c}", "$.steps[0].params.x") == [
        "x ",
        Reference("a", "b", "$.steps[0].params.x", "template", "{{a.b}}"),
        " ",
        Reference("c", "", "$.steps[0].params.x", "template", "${c}"),
    ]


def test_a_step_id_that_prefixes_another_is_not_found_inside_it() -> None:
    roots = [part.root for part in parse_template("{{s10.x}} ${s100} {{s1}}") if isinstance(part, Reference)]
    assert roots == ["s10", "s100", "s1"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{{a.b}}", _ref("a", "b", "{{a.b}}")),
        ("${a.b}", _ref("a", "b", "${a.b}")),
        ("{{ a.b }}", _ref("a", "b", "{{ a.b }}")),
        ("${{a.b}}", None),
        (" {{a.b}}", None),
        ("{{a.b}} ", None),
        ("{{a}}{{b}}", None),
        ("x", None),
        ("", None),
        ("{{a.b", None),
    ],
)
def test_single_reference(text: str, expected: Reference | None) -> None:
    assert single_reference(text) == expected


def test_reserved_roots_are_not_steps() -> None:
    assert sorted(RESERVED_ROOTS) == ["context", "env", "trigger"]
    assert [ref.is_step for ref in (_ref("env", "K", None), _ref("context", "x", None), _ref("s", "", None))] == [
        False,
        False,
        True,
    ]


_template_text = st.text(
    st.sampled_from(list("{}$.[]_- ab1sx@")) | st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40
)


@given(_template_text)
def test_joining_the_parsed_segments_gives_back_the_text(text: str) -> None:
    parts = parse_template(text)
    assert "".join(part if isinstance(part, str) else str(part.text) for part in parts) == text
    # Text segments are never empty and never adjacent (each run of text is one segment).
    for before, after in itertools.pairwise(parts):
        assert not (isinstance(before, str) and isinstance(after, str))
    assert all(part != "" for part in parts)


@given(_template_text)
def test_every_parsed_reference_is_a_single_reference_on_its_own(text: str) -> None:
    for part in parse_template(text):
        if isinstance(part, Reference):
            assert part.text is not None
            assert single_reference(part.text) == part


# ------------------------------------------------------------------------------------- value_references
_keys = st.text(string.ascii_lowercase, min_size=1, max_size=5).filter(lambda key: key != "type")
_ids = st.sampled_from(["s1", "s10", "fetch-data", "context", "env"])
_paths = st.sampled_from(["", "x", "result.balance", "items[0].id", "a-b"])
_plain = st.none() | st.booleans() | st.integers() | st.text(string.ascii_letters + " @.$}", max_size=8)


@st.composite
def _value_with_references(draw: st.DrawFn, where: str = "$.p", depth: int = 3) -> tuple[Any, list[Reference]]:
    """A parameter value and, by construction, the references in it (in document order)."""
    leaf_kinds = ["plain", "template", "object", "env", "literal"]
    kind = draw(st.sampled_from(leaf_kinds + (["list", "dict", "runtime"] if depth else [])))
    if kind == "plain":
        return draw(_plain), []
    if kind == "template":
        pieces = draw(st.lists(st.tuples(_ids, _paths, st.sampled_from(["{{%s}}", "${%s}", "{{ %s }}"])), max_size=3))
        refs = [
            Reference(root, path, where, "template", form % ".".join(filter(None, (root, path))))
            for root, path, form in pieces
        ]
        return "".join(f"text {ref.text} " for ref in refs) + "end", refs
    if kind == "object":
        root, path = draw(_ids.filter(lambda root: root not in RESERVED_ROOTS)), draw(_paths)
        return {"type": "step_output", "step_id": root, "path": path}, [Reference(root, path, where, "object")]
    if kind == "env":
        key = draw(_keys)
        return {"type": "env", "key": key}, [Reference("env", key, where, "object")]
    if kind == "literal":  # a literal is a value, even when it looks like a template
        return {"type": "literal", "value": "{{s1.x}}"}, []
    if kind == "runtime":
        args = [draw(_value_with_references(f"{where}.args[{i}]", depth - 1)) for i in range(draw(st.integers(0, 2)))]
        return {"type": "runtime", "fn": "price", "args": [a for a, _ in args]}, [r for _, refs in args for r in refs]
    if kind == "list":
        items = [draw(_value_with_references(f"{where}[{i}]", depth - 1)) for i in range(draw(st.integers(0, 3)))]
        return [item for item, _ in items], [ref for _, refs in items for ref in refs]
    keys = draw(st.lists(_keys, unique=True, max_size=3))
    members = [(key, draw(_value_with_references(f"{where}.{key}", depth - 1))) for key in keys]
    return {key: item for key, (item, _) in members}, [ref for _, (_, refs) in members for ref in refs]


@given(_value_with_references())
def test_value_references_finds_every_reference_in_document_order(case: tuple[Any, list[Reference]]) -> None:
    value, expected = case
    assert list(value_references(value, "$.p")) == expected


def test_value_references_reads_both_step_id_spellings_and_nested_runtime_arguments() -> None:
    params = {
        "a": {"type": "step_output", "stepId": "s7"},
        "b": {"type": "runtime", "fn": "balance", "args": [{"type": "literal", "value": "ETH"}, "{{s8.wallet}}"]},
        "c": {"type": "step_output", "step_id": 5},  # not a reference object: its id is not a string
    }
    assert list(value_references(params, "$.p")) == [
        Reference("s7", "", "$.p.a", "object"),
        Reference("s8", "wallet", "$.p.b.args[1]", "template", "{{s8.wallet}}"),
    ]


def test_condition_references_walks_logic_compare_and_runtime_arguments() -> None:
    condition = LogicCondition(
        op=LogicOp.AND,
        conditions=[
            CompareCondition(left=StepOutputRef(step_id="a", path="x"), op=CompareOp.GT, right=LiteralValue(value=1)),
            LogicCondition(
                op=LogicOp.NOT,
                conditions=[
                    CompareCondition(
                        left=RuntimeRef(fn=RuntimeFn.BALANCE, args=[EnvRef(key="WALLET"), StepOutputRef(step_id="b")]),
                        op=CompareOp.LTE,
                        right=StepOutputRef(step_id="c", path="limit"),
                    )
                ],
            ),
        ],
    )
    assert list(condition_references(condition, "$.c")) == [
        Reference("a", "x", "$.c.conditions[0].left", "object"),
        Reference("env", "WALLET", "$.c.conditions[1].conditions[0].left.args[0]", "object"),
        Reference("b", "", "$.c.conditions[1].conditions[0].left.args[1]", "object"),
        Reference("c", "limit", "$.c.conditions[1].conditions[0].right", "object"),
    ]


def test_node_references_reads_only_the_nodes_own_fields() -> None:
    compare = {"type": "compare", "left": "{{a.x}}", "op": "eq", "right": 1}
    plan = plan_from_data(
        {
            "steps": [
                {"id": "a", "tool": "t", "params": {"q": ["{{z.y}}"]}},
                {"id": "l", "prompt": "summarise ${a.text} for {{context.user}}"},
                {
                    "id": "i",
                    "type": "if",
                    "condition": compare,
                    "then": {"id": "t", "tool": "t", "params": {"v": "{{a}}"}},
                },
                {"id": "w", "type": "wait", "until": compare},
                {"id": "w2", "type": "wait", "duration_ms": 5},
                {
                    "id": "lp",
                    "type": "loop",
                    "max_iterations": 2,
                    "exit_when": compare,
                    "body": {"id": "b", "tool": "t"},
                },
                {"id": "lp2", "type": "loop", "max_iterations": 2, "body": {"id": "b2", "tool": "t"}},
                {"id": "sq", "type": "sequence", "steps": [{"id": "c", "tool": "t", "params": {"v": "{{a}}"}}]},
            ]
        }
    )
    found = {visit.node.id: list(node_references(visit.node, visit.path)) for visit in plan.walk()}
    step_a = _ref("a", "x", None)
    assert found == {
        "a": [Reference("z", "y", "$.steps[0].params.q[0]", "template", "{{z.y}}")],
        "l": [
            Reference("a", "text", "$.steps[1].prompt", "template", "${a.text}"),
            Reference("context", "user", "$.steps[1].prompt", "template", "{{context.user}}"),
        ],
        "i": [step_a._replace(location="$.steps[2].condition.left")],
        "t": [Reference("a", "", "$.steps[2].then.params.v", "template", "{{a}}")],
        "w": [step_a._replace(location="$.steps[3].until.left")],
        "w2": [],
        "lp": [step_a._replace(location="$.steps[5].exit_when.left")],
        "b": [],
        "lp2": [],
        "b2": [],
        "sq": [],
        "c": [Reference("a", "", "$.steps[7].steps[0].params.v", "template", "{{a}}")],
    }


_reference_shaped = st.builds(
    lambda opening, root, tail, closing: opening + root + tail + closing,
    st.sampled_from(["{{", "{{ ", "{{\t", "${", "${{", "$ {", "{"]),
    st.sampled_from(["a", "s-1", "_x", "-a", "", "a b", "é", "context"]),
    st.text(st.sampled_from(list(".[]0123456789ab-_ ")), max_size=12),
    st.sampled_from(["}}", " }}", "}", "}}}", "} }", "\u2003}}", ""]),
)


@given(_reference_shaped | _template_text)
def test_the_whole_reference_patterns_agree_with_the_template_pattern(text: str) -> None:
    """``_string_references`` reads a string that is exactly one reference with one of two possessive
    patterns, chosen by its first character: they must match exactly what ``_TEMPLATE`` matches whole, with
    the same root and path, and the references found must be ``parse_template``'s."""
    whole = _TEMPLATE.fullmatch(text)
    first = text[:1]
    mine = _MUSTACHE_WHOLE(text) if first == "{" else _DOLLAR_WHOLE(text) if first == "$" else None
    if whole is None:
        assert mine is None
    else:
        mroot, mpath, droot, dpath = whole.groups()
        assert mine is not None
        assert mine.groups() == ((mroot, mpath) if mroot is not None else (droot, dpath))
    found: list[Reference] = []
    if "{" in text:
        _string_references(text, "$.x", found)
    assert found == [part for part in parse_template(text, "$.x") if isinstance(part, Reference)]
