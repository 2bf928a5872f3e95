"""Params built in Python may hold dict subclasses (an ``OrderedDict``) and lists in any mix: lint reads them
as it reads the plain dicts of a JSON plan.

The plan text that gates the role-grant check skipped a dict subclass, so a role grant inside one was never
looked for; a plan given as Python data hid its ``OrderedDict`` contents from every rule.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from plankit.lint import lint_plan
from plankit.lint._context import LintContext
from plankit.lint._detect import plan_text
from plankit.lint._policy import Policy
from plankit.plan import ActionNode, Plan, plan_from_data

GOAL = "Add Dana to the project workspace"
TOOL = "workspace.add_member"


def _unasked(plan: Any) -> list[tuple[str, str | None, str | None, str]]:
    return [(d.code, d.node_id, d.path, d.message) for d in lint_plan(plan) if d.code == "GOAL_UNASKED_EFFECT"]


def _expected(path: str) -> list[tuple[str, str | None, str | None, str]]:
    message = (
        f"'add' calls {TOOL} with role 'admin' ({path}), which gives a role with control (share), which the goal"
        f" does not ask for (it asks for: add dana to the project; goal: {GOAL!r})"
    )
    return [("GOAL_UNASKED_EFFECT", "add", path, message)]


# Each layer wraps what is inside it: a dict or an OrderedDict under a key (with a sibling), or a list (after
# an item that is no grant).
_LAYERS = st.lists(st.sampled_from(["dict", "ordered", "list"]), max_size=5)


def _wrap(layers: list[str], innermost: str) -> tuple[Any, str]:
    """The params value and the JSON path of its role under ``$.steps[0].params.member``."""
    value: Any = {"role": "admin"} if innermost == "dict" else OrderedDict(role="admin")
    suffixes = [".role"]
    for layer in layers:
        if layer == "list":
            value, suffix = ["viewer", value], "[1]"
        else:
            kind: Any = dict if layer == "dict" else OrderedDict
            value, suffix = kind(note="weekly", entry=value), ".entry"
        suffixes.append(suffix)
    return value, "$.steps[0].params.member" + "".join(reversed(suffixes))


@given(_LAYERS, st.sampled_from(["dict", "ordered"]))
def test_a_role_grant_is_found_at_any_nesting_of_dicts_ordered_dicts_and_lists(
    layers: list[str], innermost: str
) -> None:
    member, path = _wrap(layers, innermost)
    # A Plan built in Python keeps nested values as they are (pydantic's Any)...
    built = Plan(goal=GOAL, steps=[ActionNode(id="add", tool=TOOL, params={"project": "apollo", "member": member})])
    assert _unasked(built) == _expected(path)
    # ...and so does the same plan given as data.
    data = {"goal": GOAL, "steps": [{"id": "add", "tool": TOOL, "params": {"project": "apollo", "member": member}}]}
    assert _unasked(data) == _expected(path)


@given(_LAYERS, st.sampled_from(["dict", "ordered"]))
def test_the_plan_text_holds_the_keys_and_strings_of_every_mapping(layers: list[str], innermost: str) -> None:
    member, _ = _wrap(layers, innermost)
    plan = Plan(goal=GOAL, steps=[ActionNode(id="add", tool=TOOL, params={"member": member})])
    text = plan_text(LintContext(plan, Policy()))
    assert "role" in text.keys and "admin" in text.text.split("\x00")
    assert ("entry" in text.keys) == any(layer != "list" for layer in layers)


def test_a_plan_given_as_data_is_linted_the_same_with_ordered_dicts() -> None:
    def plan(member: Any) -> dict[str, Any]:
        return {"goal": GOAL, "steps": [{"id": "add", "tool": TOOL, "params": {"project": "apollo", "member": member}}]}

    plain = lint_plan(plan([{"email": "dana@x.com", "role": "admin"}]))
    ordered = lint_plan(plan([OrderedDict(email="dana@x.com", role="admin")]))
    assert (
        [(d.code, d.path) for d in ordered]
        == [(d.code, d.path) for d in plain]
        == [
            ("GOAL_UNASKED_EFFECT", "$.steps[0].params.member[0].role"),
            ("GOAL_UNTRUSTED_TARGET", "$.steps[0].params.member[0].email"),
            ("PII_EXPOSED", "$.steps[0].params.member[0].email"),
        ]
    )
    assert [d.message for d in ordered] == [d.message for d in plain]


def test_plan_from_data_hands_the_model_plain_containers_and_leaves_the_caller_data_alone() -> None:
    member = OrderedDict(email="dana@x.com", tags=["a", OrderedDict(b=1)])
    data = {"goal": GOAL, "steps": [{"id": "add", "tool": TOOL, "params": {"member": member}}]}
    plan = plan_from_data(data)
    params = plan.steps[0].params  # type: ignore[union-attr]
    assert params == {"member": {"email": "dana@x.com", "tags": ["a", {"b": 1}]}}
    assert type(params["member"]) is dict and type(params["member"]["tags"][1]) is dict
    assert type(data["steps"][0]["params"]["member"]) is OrderedDict  # type: ignore[index]
