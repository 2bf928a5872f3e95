"""A schema problem inside a composite node names the innermost node it is in, with its exact JSON path.

Flat plans always did this for their top-level steps; tree-shaped plans (a ``root`` node) and steps nested in
``sequence``/``parallel``/``if``/``loop`` nodes named the top node instead.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st
from tests.plan.strategies import plan_data

from plankit.lint import lint_plan
from plankit.plan import dump_plan, plan_from_data

_CHILD_KEYS = ("then", "else", "body", "on_error", "onError")


def _schema_findings(data: Any) -> list[tuple[str, int | None, str | None, str, str]]:
    return [(d.code, d.step, d.node_id, d.path or "", d.message) for d in lint_plan(data)]


def _tree(bad: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": "nested",
        "root": {
            "type": "sequence",
            "id": "top",
            "steps": [
                {"type": "action", "id": "read", "tool": "x.read", "params": {}},
                {
                    "type": "if",
                    "id": "check",
                    "condition": {
                        "type": "compare",
                        "left": {"type": "literal", "value": 1},
                        "op": "eq",
                        "right": {"type": "literal", "value": 1},
                    },
                    "then": {
                        "type": "sequence",
                        "id": "inner",
                        "steps": [
                            {"type": "action", "id": "b", "tool": "x.read", "params": {}},
                            {"type": "action", "id": "c", "tool": "x.read", "params": {}},
                            bad,
                        ],
                    },
                },
            ],
        },
    }


def test_a_bad_step_deep_in_a_tree_plan_is_named_with_its_own_id_and_path() -> None:
    data = _tree({"type": "action", "id": "bad", "tool": "x.read", "params": 5})
    assert _schema_findings(data) == [
        ("SCHEMA_INVALID", 0, "bad", "$.root.steps[1].then.steps[2].params", "an object is expected, got a number")
    ]


def test_a_bad_step_nested_in_a_flat_plan_is_named_with_its_own_id_and_path() -> None:
    data = {
        "goal": "g",
        "steps": [{"id": "first", "tool": "x.read"}, _tree({"id": "bad", "tool": "x", "parms": {}})["root"]],
    }
    assert _schema_findings(data) == [
        ("SCHEMA_INVALID", 1, "bad", "$.steps[1].steps[1].then.steps[2].parms", "unknown key 'parms'")
    ]


def test_a_handler_and_a_loop_body_are_nodes_too_in_camel_case() -> None:
    handler = {"type": "action", "id": "undo", "tool": "x.undo", "timeoutMs": -1}
    loop = {
        "type": "loop",
        "id": "again",
        "maxIterations": 3,
        "body": {"type": "action", "id": "each", "tool": "x.read", "onError": handler},
    }
    assert _schema_findings({"name": "n", "root": loop}) == [
        (
            "SCHEMA_INVALID",
            0,
            "undo",
            "$.root.body.onError.timeoutMs",
            "Input should be greater than or equal to 1",
        )
    ]


def test_a_node_without_an_id_is_placed_in_the_nearest_node_that_has_one() -> None:
    data = _tree({"type": "action", "tool": "x.read"})
    assert _schema_findings(data) == [
        ("SCHEMA_INVALID", 0, "inner", "$.root.steps[1].then.steps[2].id", "missing required key 'id'")
    ]


def test_an_id_inside_params_is_not_taken_for_a_node_id() -> None:
    data = _tree({"type": "action", "id": "pay", "tool": "x.pay", "params": {"order": {"id": "A-1", "n": 1e400}}})
    [finding] = _schema_findings(data)
    assert finding[:4] == ("SCHEMA_INVALID", 0, "pay", "$.root.steps[1].then.steps[2].params.order.n")


def test_corteX_step_ids_name_nested_steps() -> None:
    data = {"plan_id": "p", "steps": [{"step_id": "one", "description": "d", "tools_needed": ["x"], "bogus": 1}]}
    assert [f[:4] for f in _schema_findings(data)] == [("SCHEMA_INVALID", 0, "one", "$.steps[0].bogus")]


def _nodes(data: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Every node of a dumped plan document with its JSON path, in document order."""
    tops = [(data["root"], "$.root")] if "root" in data else [(s, f"$.steps[{i}]") for i, s in enumerate(data["steps"])]
    out: list[tuple[dict[str, Any], str]] = []
    stack = list(reversed(tops))
    while stack:
        node, path = stack.pop()
        out.append((node, path))
        kids = [(child, f"{path}.steps[{i}]") for i, child in enumerate(node.get("steps", []))]
        kids += [(node[key], f"{path}.{key}") for key in _CHILD_KEYS if isinstance(node.get(key), dict)]
        stack.extend(reversed(kids))
    return out


@given(plan_data(max_steps=3), st.sampled_from(["flat", "tree"]), st.data())
def test_an_unknown_key_on_any_node_is_reported_at_that_node(
    data: dict[str, Any], shape: str, draw: st.DataObject
) -> None:
    document = json.loads(dump_plan(plan_from_data(data), shape=shape))
    document.pop("validation", None)  # a stored verdict is not what this test is about
    nodes = _nodes(document)
    assume(nodes)
    index = draw.draw(st.integers(0, len(nodes) - 1))
    broken = copy.deepcopy(document)
    node, path = _nodes(broken)[index]
    node["bogusKey"] = 1
    top = 0
    wrapper = document.get("root", {}).get("metadata") == {"topLevelSteps": True}  # several top-level steps
    for head in ["$.steps["] + (["$.root.steps["] if wrapper else []):
        if path.startswith(head):
            top = int(path[len(head) :].split("]")[0])
    assert [f[:4] for f in _schema_findings(broken)] == [("SCHEMA_INVALID", top, node["id"], f"{path}.bogusKey")]


def test_a_duplicate_id_in_a_tree_plan_is_reported_at_its_path_in_the_document() -> None:
    data = _tree({"type": "action", "id": "c", "tool": "x.read"})
    assert [(d.code, d.step, d.node_id, d.path, d.message) for d in lint_plan(data)] == [
        (
            "DUPLICATE_ID",
            0,
            "c",
            "$.root.steps[1].then.steps[2].id",
            "step id 'c' is already used at $.root.steps[1].then.steps[1]",
        )
    ]


def test_a_duplicate_in_several_top_level_steps_of_a_tree_plan_names_its_top_level_step() -> None:
    steps = [
        {"type": "action", "id": "a", "tool": "x"},
        {"type": "sequence", "id": "b", "steps": [{"type": "action", "stepId": "a", "tool": "y"}]},
    ]
    data = {
        "name": "n",
        "root": {"id": "root", "type": "parallel", "steps": steps, "metadata": {"topLevelSteps": True}},
    }
    assert [(d.code, d.step, d.node_id, d.path, d.message) for d in lint_plan(data)] == [
        ("DUPLICATE_ID", 1, "a", "$.root.steps[1].steps[0].stepId", "step id 'a' is already used at $.root.steps[0]")
    ]
