"""The loader's fast paths give what its general paths give, on generated input.

A document the loader reads itself is its own: its JSON text is held to the limits by what the text says
(no walk of every container when pydantic-core's parser took it and no number can overflow), its params
are searched for ``stepId`` only when the text spells that key, and its steps are normalized in place, an
error being described against the document parsed again. Each of these must give the same plan, or the
same error, as the general path (every container walked, every param searched, the data copied).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic_core import from_json

from plankit.errors import PlanFormatError
from plankit.lint import Linter
from plankit.plan import LoadLimits, Plan, _io, dump_plan, load_plan, loads_plan, parse_document, plan_from_data
from tests.plan.strategies import plan_data
from tests.plan.test_fuzz import _mutated_plans, json_ish

_digits = "0123456789"


@st.composite
def _number_literals(draw: st.DrawFn) -> str:
    """JSON number literals of every size, overflowing ones (``1e400``, 309 digits and a point) included."""
    length = draw(st.integers(0, 330) | st.integers(0, 3))
    whole = (
        "0"
        if length == 0
        else draw(st.sampled_from("123456789")) + draw(st.text(_digits, min_size=length - 1, max_size=length - 1))
    )
    fraction = draw(st.none() | st.text(_digits, min_size=1, max_size=4))
    exponent = draw(
        st.none()
        | st.tuples(st.sampled_from("eE"), st.sampled_from(["", "+", "-"]), st.text(_digits, min_size=1, max_size=4))
    )
    return (
        draw(st.sampled_from(["", "-"]))
        + whole
        + (f".{fraction}" if fraction is not None else "")
        + ("".join(exponent) if exponent is not None else "")
    )


# Keys that are, or spell with an escape, the camelCase reference key; and strings that look like numbers.
_key_texts = st.sampled_from(
    ['"stepId"', '"st\\u0065pId"', '"\\u0073tepId"', '"step_id"', '"type"', '"a"', '"\\u00e9"', '"e100"']
)
_scalar_texts = (
    _number_literals()
    | st.sampled_from(["null", "true", "false", '"step_output"', '"x1e999"', '"00000"', '"\\ud83d"'])
    | _key_texts
)
_json_texts = st.recursive(
    _scalar_texts,
    lambda inner: (
        st.lists(inner, max_size=4).map(lambda items: "[" + ",".join(items) + "]")
        | st.lists(st.tuples(_key_texts, inner), max_size=4).map(
            lambda pairs: "{" + ",".join(f"{key}: {value}" for key, value in pairs) + "}"
        )
    ),
    max_leaves=15,
)
_limits = st.sampled_from(
    [
        LoadLimits(),
        LoadLimits(max_depth=2),
        LoadLimits(max_values=3),
        LoadLimits(max_depth=201),
        LoadLimits(max_depth=200),
    ]
)


@contextmanager
def _general_path() -> Iterator[None]:
    """Every container walked for the limits, every param searched for ``stepId``."""
    with (
        mock.patch.object(_io, "_within_limits_when_parsed", return_value=False),
        mock.patch.object(_io, "_json_text_facts", return_value=(True, True)),
    ):
        yield


def _outcome(read: Any) -> Any:
    """What a read gives: the data (dumped, so 1 and 1.0 stay apart), or the error's message and problems."""
    try:
        value = read()
    except PlanFormatError as error:
        return ("error", error.message, error.problems)
    if isinstance(value, Plan):
        return ("plan", dump_plan(value))
    return ("data", json.dumps(value))


def _walk(value: Any) -> Iterator[Any]:
    stack = [value]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, dict):
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)


@settings(max_examples=400, deadline=None)
@given(_json_texts)
def test_what_the_text_says_holds_for_the_data(text: str) -> None:
    # Only the "no" answers are relied on: no overflow means no infinity; no stepId means no such key.
    may_overflow, may_spell_step_id = _io._json_text_facts(text)
    data = json.loads(text)
    if not may_overflow:
        assert not any(isinstance(item, float) and math.isinf(item) for item in _walk(data))
    if not may_spell_step_id:
        assert not any(isinstance(item, dict) and "stepId" in item for item in _walk(data))


@settings(max_examples=400, deadline=None)
@given(_json_texts, _limits)
def test_json_read_without_the_walk_reads_as_with_it(text: str, limits: LoadLimits) -> None:
    fast = _outcome(lambda: parse_document(text, fmt="json", limits=limits))
    with _general_path():
        general = _outcome(lambda: parse_document(text, fmt="json", limits=limits))
    assert fast == general


@pytest.mark.parametrize("depth", [198, 199, 200, 201, 202, 203, 221])
@pytest.mark.parametrize("max_depth", [199, 200, 201, 202, 220])
@pytest.mark.parametrize(("opener", "inner", "closer"), [("[", "1", "]"), ("[", "", "]"), ('{"a": ', "{}", "}")])
def test_nesting_near_the_parsers_limit_is_judged_as_by_the_walk(
    depth: int, max_depth: int, opener: str, inner: str, closer: str
) -> None:
    text = opener * depth + inner + closer * depth
    limits = LoadLimits(max_depth=max_depth)
    fast = _outcome(lambda: parse_document(text, fmt="json", limits=limits))
    with _general_path():
        assert fast == _outcome(lambda: parse_document(text, fmt="json", limits=limits))


def test_the_parser_refuses_nesting_past_the_depth_the_loader_relies_on() -> None:
    # _io skips the depth walk for what pydantic-core parsed, relying on it refusing deeper nesting.
    depth = _io._JITER_MAX_NESTING
    assert from_json("[" * depth + "]" * depth) is not None
    for text in ("[" * (depth + 1) + "]" * (depth + 1), '{"a":' * (depth + 1) + "1" + "}" * (depth + 1)):
        with pytest.raises(ValueError, match="recursion limit"):
            from_json(text)


def test_an_overflow_spelled_every_way_is_refused() -> None:
    for number in ("1e400", "1E+400", "-2.5e0309", "1" + "0" * 310 + ".5", "1" + "0" * 210 + "e99"):
        with pytest.raises(PlanFormatError) as caught:
            loads_plan('{"steps": [{"id": "a", "tool": "t", "args": {"n": [' + number + "]}}]}")
        assert [problem.path for problem in caught.value.problems] == ["$.steps[0].args.n[0]"]


def _shapes(data: dict[str, Any]) -> list[str]:
    """The document as JSON text as written, and in the flat and the tree shape when it loads."""
    try:
        plan = plan_from_data(data)
    except PlanFormatError:
        return [json.dumps(data, default=str)]
    flat = dump_plan(plan)
    # Reference objects in params spelled as tree documents spell them (``stepId``), found by a search.
    return [json.dumps(data, default=str), flat, dump_plan(plan, shape="tree"), flat.replace('"step_id"', '"stepId"')]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(plan_data(max_steps=3), _mutated_plans(), json_ish.map(lambda value: {"steps": value})))
def test_a_document_loaded_in_place_loads_as_its_data_does(data: Any) -> None:
    for text in _shapes(data):
        try:
            parsed = parse_document(text)
        except PlanFormatError:
            continue  # unreadable text is the parser's business, above
        general = _outcome(lambda parsed=parsed: plan_from_data(parsed))  # type: ignore[misc]
        assert _outcome(lambda text=text: loads_plan(text)) == general  # type: ignore[misc]
        assert json.dumps(parsed) == json.dumps(parse_document(text))  # the caller's data was not touched


def test_lint_of_a_bad_file_reports_as_lint_of_its_data(tmp_path: Path) -> None:
    document = {
        "steps": [
            {"id": "a", "tool": "t", "args": {}, "on_fail": "abort"},
            {"step_id": "a", "tool": "t", "bogus": 1},
            {"id": "b c", "tool": ""},
        ]
    }
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    from_file = Linter().validate(path)
    assert [(d.code, d.path, d.message) for d in from_file.diagnostics] == [
        ("SCHEMA_INVALID", "$.steps[1].bogus", "unknown key 'bogus'"),
        ("DUPLICATE_ID", "$.steps[1].step_id", "step id 'a' is already used at $.steps[0]"),
        ("SCHEMA_INVALID", "$.steps[2].id", "String should match pattern '^[A-Za-z0-9_][A-Za-z0-9_\\-]*$'"),
        ("SCHEMA_INVALID", "$.steps[2].tool", "String should have at least 1 character"),
    ]
    assert [(d.code, d.path, d.message) for d in Linter().validate(document).diagnostics] == [
        (d.code, d.path, d.message) for d in from_file.diagnostics
    ]
    with pytest.raises(PlanFormatError) as caught:
        load_plan(path)
    assert [(problem.path, problem.message) for problem in caught.value.problems] == [
        (d.path, d.message) for d in from_file.diagnostics if d.code == "SCHEMA_INVALID"
    ]


def _node_dicts(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every node of a canonical plan document, nested ones included."""
    found: list[dict[str, Any]] = []
    stack = list(data["steps"])
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(node.get("steps", []) if node.get("type") in ("sequence", "parallel") else [])
        stack.extend(node[key] for key in ("then", "else", "body", "on_error") if isinstance(node.get(key), dict))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan_data(max_steps=4, max_depth=2), st.data())
def test_ids_are_refused_exactly_when_a_walk_finds_them_reused_or_reserved(
    data: dict[str, Any], draw: st.DataObject
) -> None:
    nodes = _node_dicts(data)
    for node in nodes:  # ids from a small pool, so that reuse (nested too) and reserved roots come often
        node["id"] = draw.draw(st.sampled_from(["a", "b", "c", "d", "e", "f", "env", "context"]))
    ids = [node["id"] for node in nodes]
    try:
        plan_from_data(data)
    except PlanFormatError as error:
        messages = [problem.message for problem in error.problems]
        assert any("duplicate step id" in message or "is reserved" in message for message in messages)
        assert len(set(ids)) < len(ids) or {"env", "context"} & set(ids)
    else:
        assert len(set(ids)) == len(ids) and not {"env", "context"} & set(ids)


class _Float(float):
    pass


class _Dict(dict):  # type: ignore[type-arg]
    pass


class _List(list):  # type: ignore[type-arg]
    pass


class _Key(str):
    pass


_odd_scalars = (
    st.floats()  # NaN and infinities
    | st.sampled_from([1e308, -1e308, 5e-324])  # floats whose sum overflows
    | st.builds(_Float, st.floats())
    | st.dates()
    | st.datetimes()
    | st.binary(max_size=3)
    | st.frozensets(st.integers(), max_size=2)
    | st.integers()
    | st.booleans()
    | st.none()
    | st.text(max_size=4)
)
_odd_keys = st.text(max_size=3) | st.integers() | st.builds(_Key, st.text(max_size=3)) | st.tuples(st.integers())
_odd_data = st.recursive(
    _odd_scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(_List)
        | st.dictionaries(_odd_keys, inner, max_size=4)
        | st.dictionaries(st.text(max_size=3), inner, max_size=3).map(_Dict)
    ),
    max_leaves=20,
)


_plain_looking_data = st.recursive(  # plain JSON shapes, with NaN, infinities and overflowing sums among the floats
    st.floats() | st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308]) | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.lists(_plain_looking_data, max_size=3),
        st.dictionaries(st.text(max_size=3), _plain_looking_data, max_size=3),
        st.lists(_odd_data, max_size=3),
        st.dictionaries(_odd_keys, _odd_data, max_size=3),
    ),
    _limits,
)
def test_data_judged_plain_at_a_glance_passes_the_full_walk(data: Any, limits: LoadLimits) -> None:
    # plan_from_data skips the full walk when the quick look says the data is plain and within the limits.
    if _io._plainly_within_limits(data, limits):
        _io.check_limits(data, limits=limits, dates_to_text=False, json_only=False)


_step_id_keys = st.sampled_from(["stepId", "step_id", "stepid", "type", "a", ""])
_step_id_data = st.recursive(  # plain JSON shapes whose keys are often stepId or near it
    st.integers() | st.text(max_size=3) | st.just("stepId"),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_step_id_keys | st.text(max_size=3), inner, max_size=3),
    max_leaves=15,
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(_step_id_data, max_size=3), st.dictionaries(_step_id_keys, _step_id_data, max_size=3)))
def test_the_glance_says_exactly_whether_an_object_has_a_step_id_key(data: Any) -> None:
    # plan_from_data lets normalization skip its search of the params for stepId when the glance found none.
    found = _io._plain_step_id_keys(data, LoadLimits())
    assert found is (any(isinstance(item, dict) and "stepId" in item for item in _walk(data)))
    assert _io._plain_step_id_keys({"steps": [], "x": [math.nan], "stepId": 1}, LoadLimits()) is None


def test_plan_data_with_a_camel_case_reference_deep_in_params_is_renamed() -> None:
    step = {"id": "b", "tool": "t", "params": {"x": [{"y": {"type": "step_output", "stepId": "a", "path": "p"}}]}}
    plan = plan_from_data({"steps": [{"id": "a", "tool": "t"}, step]})
    assert plan.steps[1].params == {"x": [{"y": {"type": "step_output", "step_id": "a", "path": "p"}}]}  # type: ignore[union-attr]
    plain = plan_from_data({"steps": [{"id": "a", "tool": "t"}, {"id": "b", "tool": "t", "params": {"stepId": "a"}}]})
    assert plain.steps[1].params == {"stepId": "a"}  # type: ignore[union-attr]  # not a reference object: kept


@settings(max_examples=100, deadline=None)
@given(plan_data(max_steps=4))
def test_plain_plans_are_judged_plain_at_a_glance(data: dict[str, Any]) -> None:
    assert _io._plainly_within_limits(data, LoadLimits())
    assert not _io._plainly_within_limits({"steps": [], "x": [[[1.0, math.nan]]]}, LoadLimits())
    assert not _io._plainly_within_limits({"steps": [], 1: 2}, LoadLimits())
    # Two finite floats whose sum overflows are still plain (a sum of the level's floats judged them not plain).
    assert _io._plainly_within_limits({"steps": [], "meta": {"": [1.35e308]}, "context": {"": [4.5e307]}}, LoadLimits())
    assert not _io._plainly_within_limits({"steps": [{"a": _Float(1.0)}]}, LoadLimits())
    assert not _io._plainly_within_limits([[[]]], LoadLimits(max_depth=2))


def test_a_document_gives_its_plan_twice_and_its_data_as_written(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text('[{"id": "a", "type": "action", "tool": "t", "on_failure": "skip"}]', encoding="utf-8")
    document = _io.read_plan_document(path)
    first, second = document.plan(), document.plan()
    assert first == second and first is not second
    assert first.steps[0].on_failure is not None and first.steps[0].on_failure.strategy == "skip"
    # The data was reshaped in place for the plan; the document as written is parsed again.
    assert document.original() == [{"id": "a", "type": "action", "tool": "t", "on_failure": "skip"}]
    assert (document.name, document.fmt) == (str(path), "json")


@pytest.mark.parametrize(
    "text",
    [
        "steps:\n  - &n {id: a, tool: t, on_failure: abort, params: {x: {type: step_output, stepId: b, path: p}}}\n"
        "  - *n\n",
        'steps:\n  - {id: w, type: wait, until: &c {left: "{{a.x}}", op: gt, right: 3}}\n'
        "  - {id: w2, type: wait, until: *c}\n  - {id: a, tool: t}\n",
        "steps:\n  - id: i\n    condition: {left: 1, op: eq, right: 1}\n"
        "    then: &n {id: a, tool: t, on_failure: skip}\n    else: *n\n",
        "steps:\n  - {id: s, type: sequence, steps: &l [{id: a, tool: t}]}\n  - {id: p, type: parallel, steps: *l}\n",
    ],
)
def test_yaml_aliases_load_in_place_as_their_data_does(text: str) -> None:
    # An alias makes one dict appear twice in the data: reshaped in place, it is met twice.
    general = _outcome(lambda: plan_from_data(parse_document(text, fmt="yaml")))
    assert _outcome(lambda: loads_plan(text, fmt="yaml")) == general


def test_a_yaml_alias_in_params_shows_the_step_as_written() -> None:
    # A step aliased into another step's params: reshaping the step in place (adding its type, turning
    # "retry" into the loader's shared failure dict) would show through the alias and reach the tool.
    text = (
        'steps:\n  - &n {id: a, tool: http.get, on_failure: retry, params: {url: "https://x.test"}}\n'
        "  - {id: b, tool: audit.log, params: {copy: *n}}\n"
    )
    plan = loads_plan(text, fmt="yaml")
    assert plan.steps[1].params == {  # type: ignore[union-attr]
        "copy": {"id": "a", "tool": "http.get", "on_failure": "retry", "params": {"url": "https://x.test"}}
    }
    assert plan.steps[0].on_failure.strategy == "retry"  # type: ignore[union-attr]
