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
    assert linter.policy == CONFIRM
    assert linter.policy is not CONFIRM  # its own copy (see the tests below)
    assert linter.tools is tools
    assert "CONFIRMATION_REQUIRED" in linter.codes
    assert [rule.code for rule in linter.rules] == ["CONFIRMATION_REQUIRED"]


# ------------------------------------------------------------------- the policy object given, changed later
SHELL = {"goal": "list", "steps": [{"id": "ls", "tool": "shell.run", "args": {"cmd": "ls"}}]}


def test_changing_the_given_policy_in_place_afterwards_changes_nothing_in_the_linter() -> None:
    # Before: the linter held the caller's object, so `policy.require_confirmation.append(...)` showed in
    # linter.policy while CONFIRMATION_REQUIRED stayed gated out (the plan passed), and clearing deny_tools
    # let a denied tool through on the next call. The linter now lints with its own copy.
    policy = Policy(deny_tools=["shell.*"], goal_alignment="off")
    linter = Linter(policy)
    policy.require_confirmation.append("payments.*")
    policy.deny_tools.clear()
    policy.severity["TOOL_DENY"] = "info"
    policy.bounds["payments.transfer.amount"] = (0.0, 0.5)
    policy.max_steps = 1
    assert linter.policy.model_dump() == Policy(deny_tools=["shell.*"], goal_alignment="off").model_dump()
    assert linter.validate(PAY).status == "PASS"
    assert [(d.code, d.node_id, d.severity.value) for d in linter.lint(SHELL)] == [("TOOL_DENY", "ls", "error")]
    # A new linter takes the policy as it is now.
    assert [(d.code, d.node_id) for d in Linter(policy).lint(PAY)] == [
        ("CONFIRMATION_REQUIRED", "pay"),
        ("BOUND_VIOLATION", "pay"),
    ]


def test_the_linters_copy_shares_no_list_or_mapping_with_the_given_policy() -> None:
    # Every container field, nested lists in mappings too, so that a key added later is covered.
    policy = Policy.from_data(
        {
            "allow_tools": ["a.*"],
            "allow_recipients": ["x@example.com"],
            "allow_domains": ["example.com"],
            "supported_chains": [1],
            "bounds": {"payments.transfer.amount": [0, 5]},
            "risk_weights": {"TOOL_DENY": 0.5},
            "balances": {"ETH": 1.0},
            "tool_effects": {"crm.*": ["write"]},
            "gas_estimates": {"chain.*": 0.01},
            "severity": {"RAW_SECRET": "warning"},
            "deny_tokens_regex": ["secret"],
        }
    )
    copy = Linter(policy).policy
    assert copy == policy and copy.model_fields_set == policy.model_fields_set
    for name in Policy.model_fields:
        value = getattr(policy, name)
        if isinstance(value, list | dict):
            assert getattr(copy, name) is not value, name
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, list):
                    assert getattr(copy, name)[key] is not item, (name, key)
    assert copy.deny_patterns == policy.deny_patterns and copy.deny_patterns is not policy.deny_patterns
