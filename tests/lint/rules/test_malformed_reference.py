"""MALFORMED_REFERENCE: ``{{...}}`` that does not parse as a reference is an error, naming why; every valid
spelling of a reference (and text that only looks close) passes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.lint.rules._support import fixture_findings, run_rule

from plankit.lint import RULES, Finding, Severity
from plankit.plan import parse_template

CODE = "MALFORMED_REFERENCE"
HINT = (
    "write one value per reference, {{step.path}} or {{step.items[0].field}}; for every item of a list, use a loop "
    "over it or pass the whole list ({{step.items}})"
)


def _finding(node: str, path: str, written: str, why: str) -> Finding:
    message = f"'{node}' has {written!r}, which looks like a reference but is not one ({why}): the tool would get"
    message += " this text as is"
    return Finding(message, node_id=node, path=path, hint=HINT, severity=None)


def test_good_references_pass() -> None:
    assert fixture_findings(CODE, "good_references") == []


def test_each_malformed_reference_is_named_with_why() -> None:
    one_value = "a wildcard [*] is not a reference: a reference reads one value"
    only_path = "a reference is a step id and a path only, without spaces, filters or calls inside"
    empty_part = "a path part is empty: a trailing or double dot"
    assert fixture_findings(CODE, "bad_not_references") == [
        _finding("mail", "$.steps[1].params.to", "{{list.result.items[*].email}}", one_value),
        _finding("mail", "$.steps[1].params.cc[0]", "{{}}", "it is empty"),
        _finding("mail", "$.steps[1].params.body", "{{ list.result.name | title }}", only_path),
        _finding("mail", "$.steps[1].params.body", "{{list.result.}}", empty_part),
        _finding("sum", "$.steps[2].prompt", "{{list.result..notes}}", empty_part),
    ]


def test_the_rule_is_an_error() -> None:
    plan = {"goal": "g", "steps": [{"id": "a", "tool": "t", "args": {"x": "{{a b}}"}}]}
    (finding,) = run_rule(CODE, plan)
    assert (finding.node_id, finding.path) == ("a", "$.steps[0].params.x")
    assert RULES[CODE].severity is Severity.ERROR


_IDS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True)
_PATHS = st.lists(st.one_of(_IDS.map(lambda name: f".{name}"), st.integers(0, 99).map(lambda i: f"[{i}]")), max_size=4)


@given(root=_IDS, path=_PATHS, before=st.text(alphabet="ab $:", max_size=5), after=st.text(alphabet="ab :", max_size=5))
def test_a_valid_reference_is_never_flagged(root: str, path: list[str], before: str, after: str) -> None:
    text = f"{before}{{{{{root}{''.join(path)}}}}}{after}"
    assert any(not isinstance(part, str) for part in parse_template(text))
    plan = {"goal": "g", "steps": [{"id": "a", "tool": "t", "args": {"x": text}}]}
    assert run_rule(CODE, plan) == []


@pytest.mark.parametrize("inside", ["a.b[*]", "a.", "a..b", " ", "a b", "a.b|c", "f(a)", "a[x]"])
def test_text_that_cannot_be_a_reference_is_flagged(inside: str) -> None:
    plan = {"goal": "g", "steps": [{"id": "a", "tool": "t", "args": {"x": f"say {{{{{inside}}}}} now"}}]}
    assert [finding.path for finding in run_rule(CODE, plan)] == ["$.steps[0].params.x"]


def test_a_reference_never_closed_is_flagged_with_how_to_close_it() -> None:
    # Before: "{{lookup.result.amount" passed this rule, and the refund went out with the text as its amount.
    plan = {
        "goal": "g",
        "steps": [
            {"id": "lookup", "tool": "db.query_ro", "args": {"q": "x"}},
            {"id": "pay", "tool": "t", "args": {"amount": "{{lookup.result.amount", "memo": "for {{lookup.id}} {{x"}},
        ],
    }
    close = "close it with }}, as in {{step.path}}"

    def message(written: str) -> str:
        return (
            f"'pay' has {written!r}, which looks like a reference but is not one (its }}}} is missing): the tool would"
            " get this text as is"
        )

    assert [(f.node_id, f.path, f.message, f.hint) for f in run_rule(CODE, plan)] == [
        ("pay", "$.steps[1].params.amount", message("{{lookup.result.amount"), close),
        ("pay", "$.steps[1].params.memo", message("{{x"), close),
    ]
    long = "{{" + "a" * 80
    (finding,) = run_rule(CODE, {"goal": "g", "steps": [{"id": "a", "tool": "t", "args": {"x": long}}]})
    assert finding.message.startswith(f"'a' has {'{{' + 'a' * 55 + '...'!r}, ")


@given(text=st.text(alphabet="ab{}. ", max_size=12))
def test_flagged_exactly_when_some_brace_pair_is_not_a_reference(text: str) -> None:
    plan = {"goal": "g", "steps": [{"id": "a", "tool": "t", "args": {"x": text}}]}
    literal = "".join(part for part in parse_template(text) if isinstance(part, str))
    assert bool(run_rule(CODE, plan)) == ("{{" in literal)
