"""Property: turn any values of any valid plan into parameters, instantiate with those values, get the plan back."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.plan.strategies import plan_data

from plankit.compile import build_template, find_placeholders, instantiate
from plankit.plan import TemplateParam, plan_from_data, plan_to_data

# Tags pick the model and ids are graph structure: a placeholder there can't be checked with sample values.
_STRUCTURAL = frozenset({"type", "strategy", "id", "step_id", "depends_on", "fn", "op", "$schema", "validation"})


def _leaves(data: Any) -> list[tuple[Any, Any]]:
    """(holder, key) of every non-null scalar outside structural keys, iteratively."""
    found: list[tuple[Any, Any]] = []
    stack: list[Any] = [data]
    while stack:
        current = stack.pop()
        items = list(current.items()) if isinstance(current, dict) else list(enumerate(current))
        for key, value in items:
            if key in _STRUCTURAL:
                continue
            if isinstance(value, dict | list):
                stack.append(value)
            elif value is not None and not (isinstance(value, str) and "{" in value):
                found.append((current, key))
    return found


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return "number" if isinstance(value, float) else "string"


@settings(max_examples=25)  # plan generation dominates the cost; 25 plans already cover every node type
@given(plan_data(), st.data())
def test_parameterized_plan_instantiates_back_to_the_plan(data: dict[str, Any], draw: st.DataObject) -> None:
    expected = plan_to_data(plan_from_data(data))
    leaves = _leaves(data)
    chosen = draw.draw(st.sets(st.integers(0, max(len(leaves) - 1, 0)), max_size=8)) if leaves else set()
    values: dict[str, Any] = {}
    params: dict[str, TemplateParam] = {}
    for number, index in enumerate(sorted(chosen)):
        holder, key = leaves[index]
        name = f"p{number}"
        values[name] = holder[key]
        params[name] = TemplateParam.model_validate({"type": _kind(holder[key]), "required": True})
        holder[key] = f"{{{{param.{name}}}}}" if number % 2 else {"type": "param", "name": name}
    template = build_template(data, "prop", params, template_id="t")
    assert sorted(find_placeholders(template.plan)) == sorted(params)
    plan = plan_to_data(instantiate(template, values))
    assert plan.pop("meta")["template"] == {"id": "t", "name": "prop", "values": values}
    expected.pop("meta", None)
    assert plan == expected
