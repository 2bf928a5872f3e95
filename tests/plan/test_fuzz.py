"""Fuzz the loader: whatever goes in, the only exception that comes out is PlanFormatError."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from plankit.errors import PlanFormatError
from plankit.plan import Plan, dump_plan, loads_plan, plan_from_data
from tests.plan.strategies import plan_data

_keys = st.sampled_from(
    ["steps", "root", "id", "type", "tool", "params", "args", "then", "else", "body", "condition", "until",
     "trigger", "expression", "timezone", "stepId", "step_id", "onFailure", "strategy", "max_retries",
     "timeout", "timeoutMs", "depends_on", "dependencies", "left", "op", "right", "conditions", "value",
     "description", "prompt", "metadata", "status", "validation", "$schema", "max_iterations"]
) | st.text(max_size=6)  # fmt: skip
_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and infinity included: Python data may hold them
    | st.text(max_size=8)
    | st.sampled_from(["action", "llm", "sequence", "parallel", "if", "wait", "loop", "cron", "retry", "not",
                       "{{a.b}}", "${{a}}", "0 9 * * 1", "UTC", "2025-01-01T00:00:00"])
)  # fmt: skip
json_ish = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_keys | st.integers(), inner, max_size=4),
    max_leaves=12,
)


def _loads_or_format_error(text: str, **options: Any) -> Plan | None:
    try:
        return loads_plan(text, **options)
    except PlanFormatError as error:
        assert str(error)  # the error renders
        return None


def _from_data_or_format_error(data: Any) -> Plan | None:
    try:
        return plan_from_data(data)
    except PlanFormatError as error:
        assert str(error)
        return None


@given(json_ish)
def test_arbitrary_data_raises_only_plan_format_errors(data: Any) -> None:
    _from_data_or_format_error(data)
    _from_data_or_format_error({"steps": data})
    _from_data_or_format_error({"root": data, "trigger": data})


def _slots(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in the data, found iteratively."""
    found: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        current = stack.pop()
        keys = list(current) if isinstance(current, dict) else range(len(current))
        for key in keys:
            found.append((current, key))
            if isinstance(current[key], dict | list):
                stack.append(current[key])
    return found


@st.composite
def _mutated_plans(draw: st.DrawFn) -> Any:
    """A valid plan with a few random edits: values replaced, keys dropped, renamed or added."""
    data = copy.deepcopy(draw(plan_data(max_steps=3)))
    for _ in range(draw(st.integers(1, 4))):
        slots = _slots(data)
        if not slots:
            break
        holder, key = draw(st.sampled_from(slots))
        action = draw(st.sampled_from(["replace", "drop", "rename", "add"]))
        if action == "replace":
            holder[key] = draw(json_ish)
        elif action == "drop" and isinstance(holder, dict):
            del holder[key]
        elif action == "rename" and isinstance(holder, dict):
            holder[draw(_keys)] = holder.pop(key)
        elif action == "add" and isinstance(holder, dict):
            holder[draw(_keys)] = draw(json_ish)
    return data


@given(_mutated_plans())
def test_mutated_plans_raise_only_plan_format_errors(data: Any) -> None:
    plan = _from_data_or_format_error(data)
    if plan is not None:  # whatever loads, dumps and loads back the same
        assert loads_plan(dump_plan(plan)) == plan
        assert loads_plan(dump_plan(plan, shape="tree")) == plan
    text = json.dumps(data, allow_nan=True, default=str)
    _loads_or_format_error(text)
    _loads_or_format_error(text, fmt="yaml")


_document_text = st.one_of(
    st.text(max_size=60),
    st.text(st.sampled_from(list("{}[]\":,- \n\t!&*|>#%@`'0123456789.eE+aAtnuflrsy~?<")), max_size=80),
    json_ish.map(lambda value: json.dumps(value, allow_nan=True, default=str)),
)


@given(_document_text)
def test_arbitrary_text_raises_only_plan_format_errors(text: str) -> None:
    _loads_or_format_error(text)
    _loads_or_format_error(text, fmt="json")
    _loads_or_format_error(text, fmt="yaml")


@given(plan_data(max_steps=2, max_depth=1), st.data())
def test_damaged_plan_text_raises_only_plan_format_errors(data: dict[str, Any], draw: st.DataObject) -> None:
    text = dump_plan(plan_from_data(data), shape=draw.draw(st.sampled_from(["flat", "tree"])))
    for _ in range(draw.draw(st.integers(1, 3))):
        at = draw.draw(st.integers(0, len(text)))
        cut = draw.draw(st.integers(0, 3))
        text = text[:at] + draw.draw(st.text(max_size=3)) + text[at + cut :]
    _loads_or_format_error(text)
    _loads_or_format_error(text, fmt="yaml")


def test_fuzz_corpus_regressions() -> None:
    # Inputs that once escaped as other exceptions.
    cases: list[Any] = [
        {"steps": [{"id": "a", "tool": "t", "timeout": math.inf}]},  # OverflowError
        {"steps": [{"id": "a", "type": 5}]},  # TypeError on a non-string type
        {
            "steps": [],
            "trigger": {"type": "cron", "expression": "* * * * *", "timezone": "America"},
        },  # IsADirectoryError
        {"steps": [{"id": "a", "tool": "t", "params": {"x": {"type": "step_output", "stepId": "b"}}}], 1: 2},
    ]
    for case in cases:
        assert _from_data_or_format_error(case) is None
    for text in ["\udcff", "steps: []\ncontext: {a: 2024-13-01}", "steps: []\nrevision: " + "1" * 5000]:
        assert _loads_or_format_error(text) is None
