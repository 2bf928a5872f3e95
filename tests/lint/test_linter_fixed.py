"""A Linter's configuration is fixed when it is made: which rules run is decided then (see lint/_gates.py), so
assigning a new policy, tool registry, code set or rule list afterwards must fail loudly rather than lint
under the old decisions (a rule gated out under the old policy would never run under the new one)."""

from __future__ import annotations

import pytest

from plankit.lint import Linter, Policy
from plankit.tools import ToolRegistry

PAY = {"goal": "pay", "steps": [{"id": "pay", "tool": "payments.transfer", "args": {"to": "a", "amount": 1}}]}
CONFIRM = Policy(require_confirmation=["payments.*"], goal_alignment="off")


def _message(name: str) -> str:
    return (
        f"Linter.{name} can't be changed: the rules that run were chosen for this linter's policy, tools and codes"
        " when it was made; make a new Linter(policy, tools=..., select=..., ignore=...)"
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("policy", CONFIRM),
        ("tools", ToolRegistry()),
        ("codes", frozenset({"CONFIRMATION_REQUIRED"})),
        ("rules", []),
    ],
)
def test_configuration_cannot_be_reassigned(name: str, value: object) -> None:
    linter = Linter(Policy(goal_alignment="off"))
    with pytest.raises(AttributeError) as caught:
        setattr(linter, name, value)
    assert str(caught.value) == _message(name)


def test_a_refused_reassignment_changes_nothing_and_a_new_linter_lints_under_the_new_policy() -> None:
    # Before: `linter.policy = CONFIRM` was accepted, linter.policy said require_confirmation, and the plan
    # still passed: CONFIRMATION_REQUIRED had been gated out for the empty list of the first policy.
    linter = Linter(Policy(goal_alignment="off"))
    with pytest.raises(AttributeError):
        linter.policy = CONFIRM
    assert linter.policy.require_confirmation == []
    assert linter.validate(PAY).status == "PASS"

    fresh = Linter(CONFIRM)
    assert [(d.code, d.node_id, d.message) for d in fresh.lint(PAY)] == [
        (
            "CONFIRMATION_REQUIRED",
            "pay",
            "tool 'payments.transfer' needs a confirmation by policy, but the step does not ask for one",
        )
    ]
    assert fresh.validate(PAY).status == "ERROR"


def test_reading_the_configuration_still_works() -> None:
    tools = ToolRegistry()
    linter = Linter(CONFIRM, tools=tools, select=["CONFIRMATION_REQUIRED"])
    assert linter.policy is CONFIRM
    assert linter.tools is tools
    assert "CONFIRMATION_REQUIRED" in linter.codes
    assert [rule.code for rule in linter.rules] == ["CONFIRMATION_REQUIRED"]
