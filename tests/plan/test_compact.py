"""Plans are held compactly: tagged models share their fields-set, nodes share one abort policy.

A 100k-step plan is a few hundred thousand small models, so what each of them carries adds up (the loader
bench, ``bench/lint_vs_planlint.py --file-run``, measures it). Sharing must never be visible: changing one
model must not change another.
"""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import given, settings
from pydantic import ValidationError

from plankit.plan import AbortPolicy, ActionNode, Plan, dump_plan, loads_plan, plan_from_data, plan_json_schema
from plankit.plan._nodes import ABORT
from tests.plan.strategies import plans


def _two_steps() -> Plan:
    return plan_from_data({"steps": [{"id": "a", "tool": "t"}, {"id": "b", "tool": "t"}]})


def test_nodes_given_the_same_fields_share_one_fields_set() -> None:
    plan = plan_from_data({"steps": [{"id": f"s{index}", "tool": "t", "args": {"n": index}} for index in range(500)]})
    assert {id(step.model_fields_set) for step in plan.steps} == {id(plan.steps[0].model_fields_set)}
    assert plan.steps[0].model_fields_set == {"id", "type", "tool", "params"}


def test_nested_nodes_and_nodes_made_alone_share_too() -> None:
    inner = [{"id": f"n{index}", "tool": "t"} for index in range(3)]
    data = {"steps": [{"id": "seq", "type": "sequence", "steps": inner}, {"id": "a", "tool": "t"}]}
    plan = plan_from_data(data)
    nodes = [visit.node for visit in plan.walk() if visit.node.type == "action"]
    assert len(nodes) == 4 and len({id(node.model_fields_set) for node in nodes}) == 1
    # Other fields in between (the last shared set handed out is not the one these need) share all the same.
    made = [ActionNode(id="x", tool="t"), ActionNode(id="x", tool="t", label="l"), ActionNode(id="y", tool="t")]
    assert made[0].model_fields_set is made[2].model_fields_set is not made[1].model_fields_set
    made[0].label = "changed"
    labelled = {"id", "tool", "label"}
    assert [node.model_fields_set for node in made] == [labelled, labelled, {"id", "tool"}]
    assert made[0].model_fields_set is not made[1].model_fields_set
    assert nodes[0].model_fields_set == {"id", "type", "tool"}


def test_assigning_to_a_node_changes_only_that_nodes_fields_set() -> None:
    plan = _two_steps()
    a, b = plan.steps
    a.label = "first"
    assert a.model_fields_set == {"id", "type", "tool", "label"}
    assert b.model_fields_set == {"id", "type", "tool"}
    assert _two_steps().steps[0].model_fields_set == {"id", "type", "tool"}  # the shared set is untouched
    assert a.model_dump(exclude_unset=True) == {"id": "a", "type": "action", "tool": "t", "label": "first"}
    assert b.model_dump(exclude_unset=True) == {"id": "b", "type": "action", "tool": "t"}


def test_copies_and_pickles_get_their_own_fields_set() -> None:
    a = _two_steps().steps[0]
    updated = a.model_copy(update={"label": "x"})
    assert (updated.model_fields_set, a.model_fields_set) == ({"id", "type", "tool", "label"}, {"id", "type", "tool"})
    deep = copy.deepcopy(a)
    deep.timeout_ms = 5
    assert (deep.model_fields_set, a.model_fields_set) == ({"id", "type", "tool", "timeout_ms"}, {"id", "type", "tool"})
    thawed = pickle.loads(pickle.dumps(a))
    thawed.label = "y"
    assert (thawed.model_fields_set, a.model_fields_set) == ({"id", "type", "tool", "label"}, {"id", "type", "tool"})


@settings(max_examples=40, deadline=None)
@given(plans())
def test_changing_any_node_never_changes_another(plan: Plan) -> None:
    visits = list(plan.walk())
    for index, visit in enumerate(visits):
        before = [frozenset(other.node.model_fields_set) for other in visits]
        visit.node.label = f"changed {index}"
        after = [frozenset(other.node.model_fields_set) for other in visits]
        assert after[index] == before[index] | {"label"}
        assert after[:index] + after[index + 1 :] == before[:index] + before[index + 1 :]


def test_every_abort_policy_given_as_data_is_the_one_frozen_abort() -> None:
    plan = loads_plan(
        '{"steps": [{"id": "a", "tool": "t", "on_fail": "abort"}, {"id": "b", "tool": "t", "on_fail": "fail"},'
        ' {"id": "c", "prompt": "p", "on_failure": {"strategy": "abort"}},'
        ' {"id": "d", "tool": "t", "onFailure": "abort"}]}'
    )
    assert [step.on_failure for step in plan.steps] == [ABORT] * 4
    assert all(step.on_failure is ABORT for step in plan.steps)
    assert ABORT.model_fields_set == {"strategy"}
    with pytest.raises(ValidationError, match="frozen"):
        ABORT.strategy = "abort"
    # Still written out, and read back, as before.
    assert '"on_failure": {\n        "strategy": "abort"\n      }' in dump_plan(plan)
    assert loads_plan(dump_plan(plan)) == plan


def test_an_abort_policy_object_is_kept_and_a_bad_abort_is_still_reported() -> None:
    own = AbortPolicy()
    node = ActionNode(id="a", tool="t", on_failure=own)
    assert node.on_failure is own
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        ActionNode.model_validate({"id": "a", "tool": "t", "on_failure": {"strategy": "abort", "why": "x"}})


def test_the_schema_does_not_show_how_plans_are_held() -> None:
    definitions = plan_json_schema()["$defs"]
    assert definitions["AbortPolicy"]["description"] == "On failure, fail the enclosing plan (the default)."
    assert "readOnly" not in json.dumps(definitions["AbortPolicy"])
