"""A value of the wrong kind (a string where a list or a condition goes) says what to write, not pydantic's
"Input should be a valid list"."""

from __future__ import annotations

from typing import Any

import pytest

from plankit.errors import PlanFormatError
from plankit.plan import plan_from_data

CONDITION_HINT = (
    'write an object such as {"type": "compare", "left": {"type": "step_output", "step_id": "check", "path":'
    ' "result.ok"}, "op": "eq", "right": {"type": "literal", "value": true}}'
)


def _problems(data: Any) -> list[tuple[str, str, str | None]]:
    with pytest.raises(PlanFormatError) as raised:
        plan_from_data(data)
    return [(p.path, p.message, p.hint) for p in raised.value.problems]


def test_a_string_where_a_list_goes_shows_the_list() -> None:
    data = {"goal": "g", "steps": [{"id": "a", "tool": "x", "depends_on": "b"}, {"id": "b", "tool": "y"}]}
    assert _problems(data) == [("$.steps[0].depends_on", "a list is expected, got the string 'b'", 'write ["b"]')]


def test_steps_given_as_one_object_are_told_to_be_a_list() -> None:
    assert _problems({"goal": "g", "steps": {"id": "a", "tool": "x"}}) == [
        ("$.steps", "a list is expected, got an object", "put the object in a list: [{...}]")
    ]


@pytest.mark.parametrize("condition", ["true", "price(ETH) > 4000", 1])
def test_a_condition_that_is_not_an_object_shows_one(condition: Any) -> None:
    data = {"goal": "g", "steps": [{"id": "c", "type": "if", "condition": condition, "then": {"id": "a", "tool": "x"}}]}
    kind = f"the string {condition!r}" if isinstance(condition, str) else "a number"
    assert _problems(data) == [("$.steps[0].condition", f"a condition is an object, got {kind}", CONDITION_HINT)]


def test_params_that_are_not_an_object() -> None:
    data = {"goal": "g", "steps": [{"id": "a", "tool": "x", "params": ["to", "ann"]}]}
    assert _problems(data) == [
        ("$.steps[0].params", "an object is expected, got a list", 'write key: value pairs, such as {"to": "ann"}')
    ]
