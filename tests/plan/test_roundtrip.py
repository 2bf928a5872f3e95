"""``load(dump(plan)) == plan`` for every plan, in both shapes and both text formats."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import yaml
from hypothesis import given

from plankit.plan import Plan, PlanStatus, dump_plan, loads_plan, plan_from_data, plan_to_data
from tests.plan.strategies import plan_data


def _yaml_text(plan: Plan, shape: str) -> str:
    # allow_unicode=False: PyYAML's emitter mangles some line-break characters (U+0085) in single-quoted
    # scalars; escaped output sidesteps that bug in the dumper, which is not what is under test here.
    return yaml.safe_dump(plan_to_data(plan, shape=shape), allow_unicode=False)  # type: ignore[arg-type]


@given(plan_data())
def test_round_trip_in_both_shapes_and_both_formats(data: dict[str, Any]) -> None:
    # One generated plan is checked every way: generation dominates the cost, so it is shared.
    before = copy.deepcopy(data)
    plan = plan_from_data(data)
    assert data == before, "loading modified the caller's data"
    assert loads_plan(dump_plan(plan)) == plan, "flat JSON"
    assert loads_plan(dump_plan(plan, shape="tree")) == plan, "tree JSON"
    assert loads_plan(_yaml_text(plan, "flat"), fmt="yaml") == plan, "flat YAML"
    assert loads_plan(_yaml_text(plan, "tree"), fmt="yaml") == plan, "tree YAML"
    text = dump_plan(plan)
    assert dump_plan(loads_plan(text)) == text, "the canonical dump is not a fixed point"


def test_canonical_dump_leaves_defaults_out() -> None:
    plan = plan_from_data({"steps": [{"id": "a", "tool": "t", "on_failure": {"strategy": "retry"}}]})
    assert plan.status is PlanStatus.DRAFT
    assert plan_to_data(plan) == {
        "steps": [{"id": "a", "type": "action", "on_failure": {"strategy": "retry"}, "tool": "t"}]
    }


def test_tree_dump_of_several_top_level_steps_has_a_root_and_loads_back_the_same() -> None:
    plan = plan_from_data({"steps": [{"id": "root", "tool": "t"}, {"id": "b", "tool": "t", "depends_on": ["root"]}]})
    tree = plan_to_data(plan, shape="tree")
    assert tree == {
        "root": {
            "id": "root-2",
            "type": "parallel",
            "steps": [
                {"id": "root", "type": "action", "tool": "t"},
                {"id": "b", "type": "action", "dependsOn": ["root"], "tool": "t"},
            ],
            "metadata": {"topLevelSteps": True},
        }
    }
    assert plan_from_data(tree) == plan


def test_step_id_in_params_of_a_canonical_key_node_is_canonicalised() -> None:
    # A tree action node often has only canonical keys; its stepId references must still be renamed.
    tree = {"root": {"id": "a", "type": "action", "tool": "t", "params": {"x": {"type": "step_output", "stepId": "b"}}}}
    plan = plan_from_data(tree)
    assert plan.steps[0].params == {"x": {"type": "step_output", "step_id": "b"}}  # type: ignore[union-attr]
    assert json.loads(dump_plan(plan, shape="tree"))["root"]["params"] == {"x": {"type": "step_output", "stepId": "b"}}


@pytest.mark.parametrize(
    "value",
    [
        {"type": "step_output", "step_id": "b", "fooBar": 1, "nested": {"camelKey": [{"innerKey": 2}]}},
        {"type": "step_output", "step_id": "b", "stepId": "c"},
        {"type": "env", "key": "K", "stepId": "b", "someKey": 1},
        [{"type": "step_output", "step_id": "b", "camelCase": True}],
    ],
    ids=["extra-camel-keys", "both-spellings", "env-with-stepId", "in-a-list"],
)
def test_reference_looking_params_survive_the_tree_round_trip(value: Any) -> None:
    plan = plan_from_data({"steps": [{"id": "a", "tool": "t", "params": {"v": value}}]})
    assert plan.steps[0].params == {"v": value}  # type: ignore[union-attr]
    assert loads_plan(dump_plan(plan, shape="tree")) == plan


def test_tree_load_renames_step_id_only_and_leaves_the_callers_dict_alone() -> None:
    params = {"v": {"type": "step_output", "stepId": "b", "fooBar": [{"type": "step_output", "stepId": "c"}]}}
    data = {"root": {"id": "a", "type": "action", "tool": "t", "requireConfirmation": True, "params": params}}
    before = copy.deepcopy(data)
    plan = plan_from_data(data)
    assert plan.steps[0].params == {  # type: ignore[union-attr]
        "v": {"type": "step_output", "step_id": "b", "fooBar": [{"type": "step_output", "step_id": "c"}]}
    }
    assert data == before
