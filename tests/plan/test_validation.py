"""Bad input: every failure is a PlanFormatError whose problems say exactly where and what."""

from __future__ import annotations

import io
import itertools
import json
import math
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from plankit.errors import FormatProblem, PlanFormatError, PlanStatusError
from plankit.plan import (
    LEGAL_TRANSITIONS,
    LoadLimits,
    PlanStatus,
    load_plan,
    loads_plan,
    plan_from_data,
    read_document,
    validate_cron_expression,
    validate_timezone,
)

P = FormatProblem
NOT_A_PLAN = P("$", "not a plan", 'start from {"goal": "...", "steps": [...]}')


def _problems(data: Any) -> list[FormatProblem]:
    with pytest.raises(PlanFormatError) as caught:
        plan_from_data(data)
    return caught.value.problems


def _text_error(text: str, **options: Any) -> PlanFormatError:
    with pytest.raises(PlanFormatError) as caught:
        loads_plan(text, **options)
    return caught.value


def _step(**fields: Any) -> dict[str, Any]:
    return {"steps": [{"id": "a", "tool": "t", **fields}]}


# ------------------------------------------------------------------------------------------------ files
def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    with pytest.raises(PlanFormatError) as caught:
        load_plan(path)
    assert (caught.value.message, caught.value.source, caught.value.problems) == ("no such file", str(path), [])
    assert str(caught.value) == f"{path}: no such file"


def test_directory_and_non_utf8_files(tmp_path: Path) -> None:
    with pytest.raises(PlanFormatError, match="is a directory, not a plan file"):
        load_plan(tmp_path)
    latin = tmp_path / "plan.json"
    latin.write_bytes(b'{"goal": "caf\xe9", "steps": []}')
    with pytest.raises(PlanFormatError) as caught:
        load_plan(latin)
    assert caught.value.message == "not UTF-8 text (byte 13)"  # the é after {"goal": "caf


def test_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"steps": [], "goal": "x" * 200}), encoding="utf-8")
    with pytest.raises(PlanFormatError) as caught:
        load_plan(path, limits=LoadLimits(max_bytes=100))
    assert caught.value.message == "file is larger than the 100 byte limit"


def test_text_over_the_size_limit_counts_utf8_bytes() -> None:
    text = json.dumps({"steps": [], "goal": "é" * 60}, ensure_ascii=False)  # 60 characters, 120 bytes
    assert len(text) < 100
    error = _text_error(text, limits=LoadLimits(max_bytes=100))
    assert error.message == "document is larger than the 100 byte limit"
    assert error.problems == [P("$", "document too large", "split the plan, or raise LoadLimits.max_bytes")]


@pytest.mark.parametrize("char", ["a", "é", "€", "😀"])
def test_text_exactly_at_the_size_limit_loads_and_one_byte_more_does_not(char: str) -> None:
    text = json.dumps({"steps": [], "goal": char * 40}, ensure_ascii=False)
    size = len(text.encode("utf-8"))
    assert loads_plan(text, limits=LoadLimits(max_bytes=size)).goal == char * 40
    error = _text_error(text, limits=LoadLimits(max_bytes=size - 1))
    assert error.message == f"document is larger than the {size - 1} byte limit"


def test_format_follows_the_file_suffix(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text("steps: []\n", encoding="utf-8")  # YAML in a .json file is read as JSON
    with pytest.raises(PlanFormatError) as caught:
        load_plan(path)
    assert (caught.value.message, caught.value.problems) == (
        "unreadable JSON",
        [P("line 1, column 1", "Expecting value")],
    )
    yaml_path = tmp_path / "plan.yml"
    yaml_path.write_text("steps: []\ngoal: g\n", encoding="utf-8")
    assert load_plan(yaml_path).goal == "g"


def test_documents_from_stdin_and_open_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('{"steps": [], "goal": "from stdin"}'))
    assert load_plan("-").goal == "from stdin"
    stream = io.StringIO("steps: []\ngoal: from a stream\n")
    assert read_document(stream) == ({"steps": [], "goal": "from a stream"}, "<stream>")


# ------------------------------------------------------------------------------------------ unreadable
@pytest.mark.parametrize(
    ("text", "message", "problem"),
    [
        (
            '{"steps": [\n  {"id": "a",}\n]}',
            "unreadable JSON",
            P("line 2, column 14", "Expecting property name enclosed in double quotes"),
        ),
        ('{"steps": [\n  {"id": "a"}\n', "unreadable JSON", P("line 3, column 1", "Expecting ',' delimiter")),
        (
            "steps:\n  - id: a\n    tool: [x\n",
            "unreadable YAML",
            P("line 4, column 1", "expected ',' or ']', but got '<stream end>'"),
        ),
        (
            "steps:\n\t- id: a\n",
            "unreadable YAML",
            P(
                "line 2, column 1",
                "found character '\\t' that cannot start any token",
                "YAML indents with spaces only: replace the tab with spaces",
            ),
        ),
        (
            "!!python/object:os.system x",
            "unreadable YAML",
            P(
                "line 1, column 1",
                "could not determine a constructor for the tag 'tag:yaml.org,2002:python/object:os.system'",
            ),
        ),
        (
            "steps: []\nrevision: " + "9" * 5000,
            "unreadable YAML",
            P(
                "$",
                "unreadable value: Exceeds the limit (4300 digits) for integer string conversion: value has 5000"
                " digits; use sys.set_int_max_str_digits() to increase the limit",
            ),
        ),
        (
            "steps: []\ncontext: {a: 2024-02-30}",
            "unreadable YAML",
            P("$", "unreadable value: day is out of range for month"),
        ),
    ],
    ids=[
        "json-trailing-comma",
        "json-unclosed",
        "yaml-unclosed",
        "yaml-tab",
        "yaml-python-tag",
        "yaml-huge-int",
        "yaml-bad-date",
    ],
)
def test_unreadable_text_names_line_and_column(text: str, message: str, problem: FormatProblem) -> None:
    error = _text_error(text)
    assert (error.message, error.problems) == (message, [problem])


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        (
            '{"steps": [], "context": {"x": NaN}}',
            [P("$", "NaN is not a valid JSON number; use a finite number or a string")],
        ),
        (
            '{"steps": [], "context": {"x": Infinity}}',
            [P("$", "Infinity is not a valid JSON number; use a finite number or a string")],
        ),
        (
            '{"steps": [], "context": {"x": -Infinity}}',
            [P("$", "-Infinity is not a valid JSON number; use a finite number or a string")],
        ),
    ],
)
def test_json_nan_and_infinity_are_refused(text: str, problems: list[FormatProblem]) -> None:
    error = _text_error(text)
    assert (error.message, error.problems) == ("unreadable JSON", problems)


def test_yaml_nan_infinity_binary_sets_and_pairs_are_refused_with_paths() -> None:
    text = "steps: []\ncontext:\n  a: .nan\n  b: [-.inf]\n  c: !!binary aGVsbG8=\n  d: !!set {x}\n  e: !!omap [k: 1]\n"
    error = _text_error(text)
    hint = "use a string, number, boolean, null, list or object"
    assert error.message == "the document has values JSON can't hold"
    assert sorted(error.problems, key=lambda problem: problem.path) == [
        P("$.context.a", "nan is not a valid JSON number"),
        P("$.context.b[0]", "-inf is not a valid JSON number"),
        P("$.context.c", "a bytes is not a JSON value", hint),
        P("$.context.d", "a set is not a JSON value", hint),
        P("$.context.e[0]", "a tuple is not a JSON value", hint),
    ]


def test_non_finite_numbers_in_data_are_refused() -> None:
    assert _problems({"steps": [{"id": "a", "tool": "t", "params": {"x": [math.nan]}}]}) == [
        P("$.steps[0].params.x[0]", "nan is not a valid JSON number")
    ]
    assert _problems({"steps": [{"id": "s", "prompt": "p", "timeout": math.inf}]}) == [
        P("$.steps[0].timeout", "inf is not a valid JSON number")
    ]


def test_json_numbers_too_large_for_a_float_are_refused_with_paths(tmp_path: Path) -> None:
    # json reads 1e400 as infinity without complaint; the loader names every such value by its path.
    text = '{"steps": [{"id": "a", "tool": "t", "args": {"n": [1.5, -1e400], "m": 1e999}}], "context": {"x": 2e308}}'
    expected = [
        P("$.context.x", "inf is not a valid JSON number"),
        P("$.steps[0].args.m", "inf is not a valid JSON number"),
        P("$.steps[0].args.n[1]", "-inf is not a valid JSON number"),
    ]
    error = _text_error(text)
    assert error.message == "the document has values JSON can't hold"
    assert sorted(error.problems, key=lambda problem: problem.path) == expected
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PlanFormatError) as caught:
        read_document(path)
    assert caught.value.source == str(path)
    assert sorted(caught.value.problems, key=lambda problem: problem.path) == expected
    finite = loads_plan('{"steps": [], "context": {"x": 1.7e308, "y": -4.9e-324}}')
    assert finite.context == {"x": 1.7e308, "y": -5e-324}


def test_checked_data_from_read_document_is_not_walked_again(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text('{"goal": "g", "steps": [{"id": "a", "tool": "t", "args": {"n": [1, 2.5]}}]}', encoding="utf-8")
    data, name = read_document(path)
    assert plan_from_data(data, source=name, checked=True).steps[0].params == {"n": [1, 2.5]}  # type: ignore[union-attr]
    # ``checked`` promises read_document's walk: data that never had it (a NaN built in Python) then
    # reaches validation unwalked, which is why only the document readers' output may be passed so.
    unwalked = {"steps": [{"id": "a", "tool": "t", "params": {"x": math.nan}}]}
    assert math.isnan(plan_from_data(unwalked, checked=True).steps[0].params["x"])  # type: ignore[union-attr]
    assert _problems(unwalked) == [P("$.steps[0].params.x", "nan is not a valid JSON number")]


@pytest.mark.parametrize(
    ("text", "path", "kind"),
    [
        ("steps: []\ncontext: {1: x}", "$.context.1", "int"),
        ("steps: []\ncontext: {on: push}", "$.context.True", "bool"),  # YAML 1.1 reads a bare `on` as true
        ("steps: []\ncontext: {~: x}", "$.context.None", "NoneType"),
        ("steps: []\ncontext: {2024-01-01: x}", "$.context.2024-01-01", "date"),
        ("steps:\n- id: a\n  tool: t\n  params: {1.5: x}", "$.steps[0].params.1.5", "float"),
    ],
)
def test_non_string_yaml_keys_are_refused(text: str, path: str, kind: str) -> None:
    error = _text_error(text)
    assert error.message == "the document has values JSON can't hold"
    assert error.problems == [P(path, f"keys must be strings, got {kind}", "quote the key")]


def test_non_string_keys_in_data_are_refused() -> None:
    assert _problems({"steps": [{"id": "a", "tool": "t", 5: 1}]}) == [
        P("$.steps[0].5", "keys must be strings, got int", "quote the key")
    ]


@pytest.mark.parametrize("text", ["", "null", "3", '"a plan"', "true"])
def test_a_document_that_is_not_an_object_or_array(text: str) -> None:
    error = _text_error(text)
    kind = {"": "nothing", "null": "nothing", "3": "int", '"a plan"': "str", "true": "bool"}[text]
    assert (error.message, error.problems) == (
        f"a plan is a JSON object (or an array of steps), got {kind}",
        [NOT_A_PLAN],
    )


# ------------------------------------------------------------------------------------- limits and bombs
def _nested(depth: int) -> str:
    return '{"steps": [], "context": {"x": ' + "[" * depth + "]" * depth + "}}"


def test_nesting_at_the_limit_loads_and_one_deeper_fails() -> None:
    limits = LoadLimits(max_depth=10)
    loads_plan(_nested(8), limits=limits)  # the innermost array is at depth 9
    error = _text_error(_nested(9), limits=limits)
    assert error.message == "document is nested deeper than 10 levels of objects and arrays"
    hint = "a nested step takes two levels (an object in a list): use depends_on instead of nesting"
    assert error.problems == [P("$.context.x" + "[0]" * 8, "too deep", hint)]


def test_default_depth_limit() -> None:
    error = _text_error(_nested(250))
    assert error.message == "document is nested deeper than 220 levels of objects and arrays"
    assert [problem.path for problem in error.problems] == ["$.context.x[0][0]…(212 more)…[0][0][0][0]"]


def test_a_hundred_nested_steps_load_in_either_shape() -> None:
    # The README promises nesting up to 100 levels: 100 sequences around an action, as a tree and flat.
    node: Any = {"type": "action", "id": "leaf", "tool": "echo", "params": {"a": {"b": [1, [2]]}}}
    for index in range(100):
        node = {"type": "sequence", "id": f"s{index}", "steps": [node]}
    assert len(plan_from_data({"name": "deep", "root": node}).nodes_by_id()) == 101
    assert len(plan_from_data({"goal": "g", "steps": [node]}).nodes_by_id()) == 101


def test_nesting_too_deep_for_the_parser_is_a_clean_error() -> None:
    # Far past Python's recursion limit, which both parsers run into before the depth check can.
    assert _text_error("[" * 20_000 + "]" * 20_000).message == "document is nested too deeply to read"
    assert _text_error("a: " + "[" * 600 + "]" * 600, fmt="yaml").message == "document is nested too deeply to read"


def test_deep_data_is_held_to_the_same_limit() -> None:
    data: Any = {"type": "step_output", "stepId": "a"}
    for _ in range(5_000):
        data = {"k": data}
    with pytest.raises(PlanFormatError) as caught:
        plan_from_data({"steps": [{"id": "a", "tool": "t", "params": data}]})
    assert caught.value.message == "document is nested deeper than 220 levels of objects and arrays"


def test_too_many_values() -> None:
    error = _text_error('{"steps": [], "context": {"x": [[], [], [], []]}}', limits=LoadLimits(max_values=5))
    assert error.message == "document holds more than 5 objects and arrays"
    assert [problem.message for problem in error.problems] == ["too many values"]


def _alias_bomb(levels: int) -> str:
    lines = ["steps: []", "context:", '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghijklmnop"
    for previous, name in itertools.pairwise(names[:levels]):
        lines.append(f"  {name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_yaml_alias_bomb_is_refused_quickly() -> None:
    started = time.perf_counter()
    error = _text_error(_alias_bomb(10))  # a billion strings once expanded
    assert time.perf_counter() - started < 1.0
    assert error.message == "document holds more than 10000000 objects and arrays once its aliases are expanded"
    # Reported at the first array that is too big once expanded (i, on line 11).
    assert error.problems == [P("line 11, column 6", "too many values", "YAML aliases expand into copies")]


def test_small_alias_expansions_are_counted_against_the_limit() -> None:
    text = _alias_bomb(3)  # 1 + 9 + 81 arrays below context
    assert loads_plan(text).context["c"][8][8] == ["lol"] * 9
    error = _text_error(text, limits=LoadLimits(max_values=50))
    assert error.message == "document holds more than 50 objects and arrays once its aliases are expanded"


def test_recursive_yaml_alias_is_refused() -> None:
    error = _text_error("steps: []\ncontext: &c {self: *c}\n")
    assert (error.message, error.problems) == (
        "a YAML alias refers to a value that contains it",
        [P("line 2, column 10", "recursive alias", "JSON data can't hold a cycle")],
    )


def test_ordinary_yaml_anchors_and_merges_load() -> None:
    text = (
        "context: {base: &b {x: [1, 2]}}\n"
        "steps:\n- {id: a, tool: t, params: *b}\n- {id: b, tool: t, params: {<<: *b, y: 1}}\n"
    )
    plan = loads_plan(text)
    assert [step.params for step in plan.steps] == [{"x": [1, 2]}, {"x": [1, 2], "y": 1}]  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------------ schema
def test_every_schema_violation_is_listed_at_its_path_in_the_users_spelling() -> None:
    tree = {
        "name": "x",
        "trigger": {"type": "cron", "expression": "* * * *", "timezone": "Mars/Olympus", "maxRunz": 3},
        "root": {
            "type": "sequence",
            "id": "r",
            "steps": [
                {"type": "action", "id": "a", "tool": "t"},
                {
                    "type": "action",
                    "id": "b",
                    "tool": "t",
                    "timeoutMs": -1,
                    "onFailure": {"strategy": "retry", "maxAttempts": 0},
                },
                {"type": "wait", "id": "w"},
                {"type": "wait", "id": "w2", "durationMs": 5, "untilTime": "2025-01-01T00:00:00"},
                {"type": "loop", "id": "l", "body": {"type": "action", "id": "lb", "tool": "t"}},
                {"type": "frobnicate", "id": "f"},
                {"type": "actoin", "id": "f2"},
                {"id": "f3"},
                {"type": "action", "id": "x", "tool": "t", "requireConfirmaton": True},
                {
                    "type": "if",
                    "id": "i",
                    "condition": {
                        "type": "compare",
                        "left": {"type": "step_output", "stepId": "a", "pth": "x"},
                        "op": "gtt",
                        "right": 3,
                    },
                    "then": {"type": "action", "id": "i1", "tool": "t", "onEror": {}},
                },
            ],
        },
    }
    wait_one = "a wait needs exactly one of until, duration_ms, until_time"
    assert _problems(tree) == [
        P(
            "$.trigger.expression",
            "a cron expression has 5 fields (minute hour day-of-month month day-of-week), got 4 in '* * * *'",
        ),
        P("$.trigger.timezone", "unknown IANA timezone 'Mars/Olympus' (use a name such as 'Europe/Paris' or 'UTC')"),
        P("$.trigger.maxRunz", "unknown key 'maxRunz'", "did you mean 'maxRuns'?"),
        P("$.root.steps[1].onFailure.maxAttempts", "Input should be greater than or equal to 1"),
        P("$.root.steps[1].timeoutMs", "Input should be greater than or equal to 1"),
        P("$.root.steps[2]", f"{wait_one} (found: none)"),
        P("$.root.steps[3]", f"{wait_one} (found: duration_ms, until_time)"),
        P("$.root.steps[4].maxIterations", "missing required key 'maxIterations'"),
        P(
            "$.root.steps[5]",
            "unknown type 'frobnicate'",
            "use one of: 'action', 'llm', 'sequence', 'parallel', 'if', 'wait', 'loop'",
        ),
        P("$.root.steps[6]", "unknown type 'actoin'", "did you mean 'action'?"),
        P(
            "$.root.steps[7]",
            "no 'type' key, so it is not clear what this is",
            'add "type" (for a step: action, llm, ...)',
        ),
        P(
            "$.root.steps[8].requireConfirmaton",
            "unknown key 'requireConfirmaton'",
            "did you mean 'requireConfirmation'?",
        ),
        P("$.root.steps[9].condition.left.pth", "unknown key 'pth'", "did you mean 'path'?"),
        P("$.root.steps[9].condition.op", "Input should be 'gt', 'gte', 'lt', 'lte', 'eq' or 'neq'"),
        P("$.root.steps[9].then.onEror", "unknown key 'onEror'", "did you mean 'onError'?"),
    ]


def test_the_error_text_lists_every_problem() -> None:
    with pytest.raises(PlanFormatError) as caught:
        loads_plan('{"stepz": [], "goall": "x"}', source="plan.json")
    assert str(caught.value) == (
        "plan.json: invalid plan (3 problems)\n"
        "  $.steps: missing required key 'steps'\n"
        "  $.stepz: unknown key 'stepz' (did you mean 'steps'?)\n"
        "  $.goall: unknown key 'goall' (did you mean 'goal'?)"
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            {
                "steps": [],
                "trigger": {"type": "price", "token": "ETH", "condition": "above", "threshold": 1, "cooldwn_ms": 1},
            },
            P("$.trigger.cooldwn_ms", "unknown key 'cooldwn_ms'", "did you mean 'cooldown_ms'?"),
        ),
        (
            _step(on_failure={"strategy": "retry", "max_attemps": 2}),
            P("$.steps[0].on_failure.max_attemps", "unknown key 'max_attemps'", "did you mean 'max_attempts'?"),
        ),
        (_step(paramz={}), P("$.steps[0].paramz", "unknown key 'paramz'", "did you mean 'params'?")),
        (
            {"steps": [{"id": "w", "type": "wait", "until": {"type": "compare", "left": 1, "op": "eq", "rigth": 2}}]},
            [
                P("$.steps[0].until.right", "missing required key 'right'"),
                P("$.steps[0].until.rigth", "unknown key 'rigth'", "did you mean 'right'?"),
            ],
        ),
        (
            {"steps": [], "validation": {"valid": True, "isues": []}},
            P("$.validation.isues", "unknown key 'isues'", "did you mean 'issues'?"),
        ),
        ({"steps": [], "zzz": 1}, P("$.zzz", "unknown key 'zzz'")),
    ],
    ids=["trigger", "retry-policy", "node", "condition", "validation", "no-close-match"],
)
def test_unknown_keys_name_the_closest_valid_key(data: dict[str, Any], problem: Any) -> None:
    assert _problems(data) == (problem if isinstance(problem, list) else [problem])


def test_free_form_fields_take_any_keys() -> None:
    free = {"anything": {"goes": [1, {"here": None}]}}
    plan = plan_from_data(
        {"steps": [{"id": "a", "tool": "t", "params": free, "metadata": free}], "context": free, "meta": free}
    )
    assert plan.context == plan.meta == plan.steps[0].metadata == free


def test_duplicate_ids_anywhere_in_the_plan() -> None:
    data = {"steps": [{"id": "a", "tool": "t"}, {"id": "s", "type": "sequence", "steps": [{"id": "a", "tool": "t"}]}]}
    assert _problems(data) == [
        P("$", "duplicate step id 'a' at $.steps[1].steps[0] (first used at $.steps[0]); give every step its own id")
    ]


@pytest.mark.parametrize("reserved", ["context", "env", "trigger"])
def test_reserved_ids(reserved: str) -> None:
    assert _problems({"steps": [{"id": "a", "tool": "t", "on_error": {"id": reserved, "tool": "t"}}]}) == [
        P(
            "$",
            f"step id {reserved!r} at $.steps[0].on_error is reserved for references "
            f"({{{{{reserved}.key}}}}); rename the step",
        )
    ]


@pytest.mark.parametrize("bad_id", ["a.b", "-a", "", "a b", "x" * 129])
def test_invalid_ids(bad_id: str) -> None:
    (problem,) = _problems({"steps": [{"id": bad_id, "tool": "t"}]})
    assert problem.path == "$.steps[0].id"


@pytest.mark.parametrize(
    ("fields", "found"),
    [({}, "none"), ({"duration_ms": 1, "until_time": "2030-01-01T00:00:00Z"}, "duration_ms, until_time"),
     ({"duration_ms": 1, "until": {"left": 1, "op": "eq", "right": 1}}, "until, duration_ms")],
)  # fmt: skip
def test_wait_needs_exactly_one_target(fields: dict[str, Any], found: str) -> None:
    assert _problems({"steps": [{"id": "w", "type": "wait", **fields}]}) == [
        P("$.steps[0]", f"a wait needs exactly one of until, duration_ms, until_time (found: {found})")
    ]


@pytest.mark.parametrize(
    ("iterations", "message"),
    [
        (None, "missing required key 'max_iterations'"),
        (0, "Input should be greater than or equal to 1"),
        (1_000_001, "Input should be less than or equal to 1000000"),
    ],
)
def test_loop_needs_a_bounded_max_iterations(iterations: int | None, message: str) -> None:
    loop: dict[str, Any] = {"id": "l", "type": "loop", "body": {"id": "b", "tool": "t"}}
    if iterations is not None:
        loop["max_iterations"] = iterations
    assert _problems({"steps": [loop]}) == [P("$.steps[0].max_iterations", message)]


def test_not_takes_one_condition() -> None:
    two = [{"left": 1, "op": "eq", "right": 1}] * 2
    assert _problems(
        {"steps": [{"id": "w", "type": "wait", "until": {"type": "logic", "op": "not", "conditions": two}}]}
    ) == [P("$.steps[0].until.conditions", "'not' takes exactly one condition, got 2")]


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        (
            {"max_retries": -1},
            P(
                "$.steps[0].max_retries",
                "max_retries is a whole number of retries, 0 or more, and can't be given with on_failure; got -1",
            ),
        ),
        (
            {"timeout": 0},
            P(
                "$.steps[0].timeout",
                "timeout is in seconds, a number above 0, and can't be given with timeout_ms; got 0",
            ),
        ),
        (
            {"timeout": "30s"},
            P(
                "$.steps[0].timeout",
                "timeout is in seconds, a number above 0, and can't be given with timeout_ms; got '30s'",
            ),
        ),
        (
            {"on_fail": "abort", "on_failure": {"strategy": "skip"}},
            P("$.steps[0].on_fail", "on_fail (abort or continue) can't be given with on_failure; got 'abort'"),
        ),
        (
            {"on_failure": "explode"},
            P(
                "$.steps[0].on_failure",
                "unknown on_failure 'explode'",
                'use abort (stop the plan), skip (go on without this step) or retry, or an object such as'
                ' {"strategy": "retry", "max_attempts": 3, "delay_ms": 1000}',
            ),
        ),
        (
            {"on_failure": "retyr"},
            P("$.steps[0].on_failure", "unknown on_failure 'retyr'", "did you mean 'retry'?"),
        ),
        (
            {"on_failure": {"max_attempts": 3}},
            P(
                "$.steps[0].on_failure",
                "on_failure has no 'strategy' key",
                'use abort (stop the plan), skip (go on without this step) or retry, or an object such as'
                ' {"strategy": "retry", "max_attempts": 3, "delay_ms": 1000}',
            ),
        ),
        (
            {"on_failure": {"stratgy": "retry"}},
            P("$.steps[0].on_failure", "on_failure has no 'strategy' key", "did you mean 'strategy' (not 'stratgy')?"),
        ),
    ],
    ids=[
        "negative-retries",
        "zero-timeout",
        "text-timeout",
        "on_fail-twice",
        "unknown-word",
        "misspelled-word",
        "object-without-strategy",
        "misspelled-strategy-key",
    ],
)
def test_seed_step_fields_with_bad_values(fields: dict[str, Any], problem: FormatProblem) -> None:
    assert _problems({"steps": [{"id": "s", "prompt": "p", **fields}]}) == [problem]


def test_sub_millisecond_stepchain_timeout_still_times_out() -> None:
    assert plan_from_data({"steps": [{"id": "s", "prompt": "p", "timeout": 0.0001}]}).steps[0].timeout_ms == 1


# ----------------------------------------------------------------------------------------------- triggers
@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("* * * *", "a cron expression has 5 fields (minute hour day-of-month month day-of-week), got 4 in '* * * *'"),
        (
            "0 0 * * * *",
            "a cron expression has 5 fields (minute hour day-of-month month day-of-week), got 6 in '0 0 * * * *'",
        ),
        ("@daily", "a cron expression has 5 fields (minute hour day-of-month month day-of-week), got 1 in '@daily'"),
        ("61 * * * *", "invalid cron expression '61 * * * *': the minute field '61' is not valid "
         "(use 0-59, *, a list 1,15, a range 9-17 or a step */5)"),
        ("* 24 * * *", "invalid cron expression '* 24 * * *': the hour field '24' is not valid "
         "(use 0-23, *, a list 1,15, a range 9-17 or a step */5)"),
        ("* * 0 * *", "invalid cron expression '* * 0 * *': the day-of-month field '0' is not valid "
         "(use 1-31, *, a list 1,15, a range 9-17 or a step */5)"),
        ("* * * 13 *", "invalid cron expression '* * * 13 *': the month field '13' is not valid "
         "(use 1-12 or jan-dec, *, a list 1,15, a range 9-17 or a step */5)"),
        ("* * * * 8", "invalid cron expression '* * * * 8': the day-of-week field '8' is not valid "
         "(use 0-7 or sun-sat (0 and 7 are Sunday), *, a list 1,15, a range 9-17 or a step */5)"),
        ("*/0 * * * *", "invalid cron expression '*/0 * * * *': the minute field '*/0' is not valid "
         "(use 0-59, *, a list 1,15, a range 9-17 or a step */5)"),
        ("a b c d e", "invalid cron expression 'a b c d e': the minute field 'a' is not valid "
         "(use 0-59, *, a list 1,15, a range 9-17 or a step */5)"),
    ],
)
def test_invalid_cron_expressions(expression: str, message: str) -> None:
    with pytest.raises(ValueError, match="cron expression") as caught:
        validate_cron_expression(expression)
    assert str(caught.value) == message
    assert _problems({"steps": [], "trigger": {"type": "cron", "expression": expression}}) == [
        P("$.trigger.expression", message)
    ]


def test_valid_cron_expressions_are_normalised() -> None:
    assert validate_cron_expression("0  9 * *   1-5") == "0 9 * * 1-5"
    assert validate_cron_expression("0 9 * * 7") == "0 9 * * 7"  # 7 is Sunday, like 0


@pytest.mark.parametrize("name", ["Mars/Olympus", "America", "", "../etc/passwd", "Europe/Pariss", "A" * 300])
def test_unknown_timezones(name: str) -> None:
    message = f"unknown IANA timezone {name!r} (use a name such as 'Europe/Paris' or 'UTC')"
    with pytest.raises(ValueError) as caught:
        validate_timezone(name)
    assert str(caught.value) == message
    trigger = {"type": "cron", "expression": "0 9 * * 1", "timezone": name}
    assert _problems({"steps": [], "trigger": trigger}) == [P("$.trigger.timezone", message)]


def test_onchain_trigger_checks_address_signature_and_topics() -> None:
    trigger = {
        "type": "onchain_event",
        "chainId": 0,
        "contractAddress": "0x12",
        "eventSignature": "Transfer(address,",
        "topicFilters": ["0x1", None, None, None],
    }
    assert _problems({"steps": [], "trigger": trigger}) == [
        P("$.trigger.chainId", "Input should be greater than or equal to 1"),
        P("$.trigger.contractAddress", "contract_address must be 0x followed by 40 hex digits, got '0x12'"),
        P(
            "$.trigger.eventSignature",
            "event_signature must look like 'Transfer(address,address,uint256)', got 'Transfer(address,'",
        ),
        P("$.trigger.topicFilters", "List should have at most 3 items after validation, not 4"),
    ]


def test_price_and_balance_thresholds() -> None:
    price = {"type": "price", "token": "ETH", "condition": "above", "threshold": 0}
    assert _problems({"steps": [], "trigger": price}) == [P("$.trigger.threshold", "Input should be greater than 0")]
    balance = {"type": "balance", "token": "ETH", "condition": "crosses", "threshold": -1}
    assert _problems({"steps": [], "trigger": balance}) == [
        P("$.trigger.condition", "Input should be 'above' or 'below'"),
        P("$.trigger.threshold", "Input should be greater than or equal to 0"),
    ]


def test_unknown_trigger_type() -> None:
    assert _problems({"steps": [], "trigger": {"type": "cronn", "expression": "* * * * *"}}) == [
        P("$.trigger", "unknown type 'cronn'", "did you mean 'cron'?")
    ]


# ---------------------------------------------------------------------------------------------- datetimes
def test_naive_datetimes_are_taken_as_utc() -> None:
    plan = plan_from_data(
        {
            "created_at": "2025-01-01T09:00:00",
            "trigger": {"type": "interval", "every_ms": 1000, "start_at": "2025-01-02T00:00:00"},
            "steps": [{"id": "w", "type": "wait", "until_time": "2025-01-03T12:30:00"}],
        }
    )
    assert plan.created_at == datetime(2025, 1, 1, 9, tzinfo=UTC)
    assert plan.created_at.tzinfo is UTC
    assert plan.trigger.start_at == datetime(2025, 1, 2, tzinfo=UTC)  # type: ignore[union-attr]
    assert plan.steps[0].until_time == datetime(2025, 1, 3, 12, 30, tzinfo=UTC)  # type: ignore[union-attr]


def test_yaml_timestamps_and_explicit_offsets() -> None:
    plan = loads_plan(
        "created_at: 2025-01-01 09:00:00\ntrigger: {type: time, at: '2025-06-01T10:00:00+02:00'}\nsteps: []\n"
    )
    assert plan.created_at == datetime(2025, 1, 1, 9, tzinfo=UTC)
    assert plan.trigger.at == datetime(2025, 6, 1, 8, tzinfo=UTC)  # type: ignore[union-attr]
    assert plan.trigger.at.utcoffset() == timedelta(hours=2)  # type: ignore[union-attr]
    assert plan.trigger.at.tzinfo == timezone(timedelta(hours=2))  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------------ status
def test_legal_transitions_are_pinned() -> None:
    s = PlanStatus
    assert {state.value: sorted(next_.value for next_ in nexts) for state, nexts in LEGAL_TRANSITIONS.items()} == {
        s.DRAFT.value: ["cancelled", "validated"],
        s.VALIDATED.value: ["cancelled", "draft", "running", "scheduled"],
        s.SCHEDULED.value: ["cancelled", "paused", "running"],
        s.RUNNING.value: ["cancelled", "completed", "failed", "paused", "scheduled"],
        s.PAUSED.value: ["cancelled", "running", "scheduled"],
        s.COMPLETED.value: [],
        s.FAILED.value: ["draft"],
        s.CANCELLED.value: [],
    }


_PAIRS = list(itertools.product(PlanStatus, PlanStatus))


@pytest.mark.parametrize("how", ["transition_to", "assignment"])
@pytest.mark.parametrize(("current", "target"), _PAIRS, ids=[f"{a.value}-{b.value}" for a, b in _PAIRS])
def test_every_status_pair(current: PlanStatus, target: PlanStatus, how: str) -> None:
    plan = plan_from_data({"steps": [], "status": current.value})

    def move() -> None:
        if how == "transition_to":
            plan.transition_to(target)
        else:
            plan.status = target

    if target == current or target in LEGAL_TRANSITIONS[current]:
        move()
        assert plan.status is target
        return
    with pytest.raises(PlanStatusError) as caught:
        move()
    allowed = ", ".join(sorted(state.value for state in LEGAL_TRANSITIONS[current])) or "none (final)"
    assert str(caught.value) == f"a {current.value} plan can't become {target.value}; allowed next: {allowed}"
    assert plan.status is current


def test_status_given_as_text_is_stored_as_the_enum() -> None:
    plan = plan_from_data({"steps": []})
    plan.status = "validated"  # type: ignore[assignment]
    assert plan.status is PlanStatus.VALIDATED
    plan.transition_to("running")
    assert plan.status is PlanStatus.RUNNING
    with pytest.raises(PlanStatusError, match="a running plan can't become draft"):
        plan.status = "draft"  # type: ignore[assignment]
    with pytest.raises(ValueError, match="'finished' is not a valid PlanStatus"):
        plan.transition_to("finished")


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        (
            {"steps": [{"id": "a", "tol": "db.query"}]},
            [P("$.steps[0].tol", "unknown key 'tol'", "did you mean 'tool'?")],
        ),
        (
            {"steps": [{"id": "a", "promt": "summarise"}]},
            [P("$.steps[0].promt", "unknown key 'promt'", "did you mean 'prompt'?")],
        ),
        (
            {"name": "n", "trigger": {"type": "price", "token": "ETH", "threshold": 4000},
             "root": {"type": "action", "id": "a", "tool": "echo"}},
            [P("$.trigger.condition", "missing required key 'condition'")],
        ),
        (
            {"name": "n", "trigger": {"type": "price", "tokne": "ETH", "condition": "above", "threshold": 4000},
             "root": {"type": "action", "id": "a", "tool": "echo"}},
            [P("$.trigger.token", "missing required key 'token'"),
             P("$.trigger.tokne", "unknown key 'tokne'", "did you mean 'token'?")],
        ),
        (
            {"name": "n", "trigger": {"type": "condition", "condition": {"type": "compare", "left": 1, "op": "gt",
                                                                           "right": 0}},
             "root": {"type": "action", "id": "a", "tool": "echo"}},
            [P("$.trigger.when", "missing required key 'when'"),
             P("$.trigger.condition", "unknown key 'condition'", "did you mean 'when'?")],
        ),
        (
            {"name": "n", "trigger": {"type": "cron", "expr": "0 9 * * 1"},
             "root": {"type": "action", "id": "a", "tool": "echo"}},
            [P("$.trigger.expression", "missing required key 'expression'"),
             P("$.trigger.expr", "unknown key 'expr'", "did you mean 'expression'?")],
        ),
        (
            {"name": "n", "trigger": {"type": "price", "token": "ETH", "condition": "abve", "threshold": 4000},
             "root": {"type": "action", "id": "a", "tool": "echo"}},
            [P("$.trigger.condition", "Input should be 'above', 'below' or 'crosses'", "did you mean 'above'?")],
        ),
    ],
    ids=["tol", "promt", "price-without-condition", "trigger-key-typo", "condition-trigger-when", "cron-expr",
         "price-condition-value"],
)
def test_messages_point_at_the_real_problem(data: dict[str, Any], problems: list[FormatProblem]) -> None:
    with pytest.raises(PlanFormatError) as caught:
        plan_from_data(data)
    assert caught.value.problems == problems
