"""JSON documents are read by pydantic-core's parser, with Python's json deciding whatever it refuses.

Both must give the same data for every JSON text, the same messages for broken text, and the same
limits; the fast parser also shares one string object between repeats of a short string.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plankit.errors import FormatProblem, PlanFormatError
from plankit.plan import loads_plan, parse_document

_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**400), 10**400)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([1.7976931348623157e308, 5e-324, -0.0, 0.1, 1e22, 2**53 + 1.0])
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_values, st.booleans(), st.sampled_from([None, 2]))
def test_any_json_text_reads_as_pythons_json_reads_it(value: Any, ascii_only: bool, indent: int | None) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    read = parse_document(text, fmt="json")
    # Dumped again, so that 1 and 1.0 (equal in Python) and -0.0 and 0.0 stay apart.
    assert json.dumps(read) == json.dumps(json.loads(text))


def test_repeats_of_a_short_string_are_one_object() -> None:
    data = parse_document('{"steps": [{"tool": "calc.sum"}, {"tool": "calc.sum"}]}', fmt="json")
    first, second = data["steps"]
    assert first["tool"] == "calc.sum"
    assert first["tool"] is second["tool"]


def test_what_the_fast_parser_refuses_python_json_still_reads() -> None:
    # A lone surrogate escape, and nesting between the fast parser's 200 levels and the 220 limit.
    assert parse_document('{"s": "\\ud83d", "k": [1]}') == {"s": "\ud83d", "k": [1]}
    deep = '{"steps": [], "context": {"x": ' + "[" * 210 + "]" * 210 + "}}"
    assert loads_plan(deep).context["x"] == json.loads(deep)["context"]["x"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"steps": [1,]}', FormatProblem("line 1, column 14", "Expecting value")),
        ('{"steps": []} x', FormatProblem("line 1, column 15", "Extra data")),
        ('{"steps": ["a\tb"]}', FormatProblem("line 1, column 14", "Invalid control character at")),
        ("\ufeff{}", FormatProblem("line 1, column 1", "Unexpected UTF-8 BOM (decode using utf-8-sig)")),
    ],
)
def test_broken_text_gets_pythons_json_messages(text: str, problem: FormatProblem) -> None:
    with pytest.raises(PlanFormatError) as caught:
        parse_document(text, fmt="json")
    assert (caught.value.message, caught.value.problems) == ("unreadable JSON", [problem])


def test_an_overflowing_number_is_named_whichever_parser_read_it() -> None:
    for text in ('{"a": [1e400]}', '{"s": "\\ud83d", "a": [1e400]}'):
        with pytest.raises(PlanFormatError) as caught:
            parse_document(text, fmt="json")
        assert caught.value.problems == [FormatProblem("$.a[0]", "inf is not a valid JSON number")]
