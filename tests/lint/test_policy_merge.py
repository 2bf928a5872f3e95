"""Merging policies (``--policy org.yaml --policy team.yaml``, ``Policy.load_all``, ``Policy.merged_with``): an
org's base policy layered with a team's overlay. Mappings merge per key, lists that forbid or require something
add up (an overlay never drops a deny), everything else is replaced by the overlay's value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from plankit.errors import PolicyError
from plankit.lint import Linter, Policy
from plankit.lint._policy import MERGED_AS_UNION, MERGED_PER_KEY

ORG = """\
name: org
deny_tools: ["shell.*", "*.delete*"]
deny_tokens_regex: ['\\bdrop\\s+table\\b']
require_confirmation: ["payments.*"]
require_handler: ["payments.*"]
sinks: ["email.*", "http.*"]
sensitive_sources: ["hr.*"]
untrusted_outputs: ["web.*"]
untrusted_fields: ["notes"]
allow_tools: ["payments.*", "email.*", "crm.*", "shell.*"]
allow_domains: ["corp.example"]
trusted_values: ["ops@corp.example"]
max_steps: 50
bounds:
  payments.transfer.amount: [0.01, 1000]
  payments.refund.amount: [0.01, 200]
risk_weights: {MISSING_HANDLER: 0.3, IMPLICIT_DEPENDENCY: 0.05}
severity: {PII_EXPOSED: error}
tool_effects: {"crm.*": [write], "archive.*": [destructive]}
balances: {ETH: 2.0, USDC: 100.0}
gas_estimates: {"chain.*": 0.01}
"""

TEAM = """\
name: team
deny_tools: ["crm.purge", "shell.*"]
deny_tokens_regex: ['\\bcurl\\b']
require_confirmation: ["crm.export"]
sinks: ["slack.*"]
untrusted_fields: ["comment", "notes"]
allow_tools: ["crm.*", "email.*"]
trusted_values: ["team@corp.example"]
max_steps: 20
bounds:
  payments.transfer.amount: [0.01, 500]
risk_weights: {MISSING_HANDLER: 0.5}
severity: {IMPLICIT_DEPENDENCY: warning}
tool_effects: {"crm.*": [write, send]}
balances: {ETH: 1.5}
"""


def _files(tmp_path: Path) -> tuple[Path, Path]:
    org, team = tmp_path / "org.yaml", tmp_path / "team.yaml"
    org.write_text(ORG, encoding="utf-8")
    team.write_text(TEAM, encoding="utf-8")
    return org, team


def test_an_overlay_merges_mappings_per_key_adds_to_deny_lists_and_replaces_the_rest(tmp_path: Path) -> None:
    merged = Policy.load_all(_files(tmp_path))
    assert merged.model_dump(mode="json", include=merged.model_fields_set) == {
        "name": "team",
        # added up, the org's first, each entry once
        "deny_tools": ["shell.*", "*.delete*", "crm.purge"],
        "deny_tokens_regex": [r"\bdrop\s+table\b", r"\bcurl\b"],
        "require_confirmation": ["payments.*", "crm.export"],
        "require_handler": ["payments.*"],
        "sinks": ["email.*", "http.*", "slack.*"],
        "sensitive_sources": ["hr.*"],
        "untrusted_outputs": ["web.*"],
        "untrusted_fields": ["notes", "comment"],
        # replaced by the team's
        "allow_tools": ["crm.*", "email.*"],
        "allow_domains": ["corp.example"],
        "trusted_values": ["team@corp.example"],
        "max_steps": 20,
        # per key: the team's value for the keys it names, the org's for the rest
        "bounds": {"payments.transfer.amount": [0.01, 500.0], "payments.refund.amount": [0.01, 200.0]},
        "risk_weights": {"MISSING_HANDLER": 0.5, "IMPLICIT_DEPENDENCY": 0.05},
        "severity": {"PII_EXPOSED": "error", "IMPLICIT_DEPENDENCY": "warning"},
        "tool_effects": {"crm.*": ["write", "send"], "archive.*": ["destructive"]},
        "balances": {"ETH": 1.5, "USDC": 100.0},
        "gas_estimates": {"chain.*": 0.01},
    }


def test_the_python_api_merges_the_same_way(tmp_path: Path) -> None:
    org, team = _files(tmp_path)
    by_files = Policy.load_all([org, team])
    by_objects = Policy.load(org).merged_with(Policy.load(team))
    assert by_objects == by_files
    assert by_objects.model_fields_set == by_files.model_fields_set
    assert Linter([str(org), str(team)]).policy == by_files


def test_what_the_merged_policy_catches(tmp_path: Path) -> None:
    # Before: the team's deny_tools and bounds replaced the org's, so a CRM delete and a 300 refund passed. The
    # team's allow_tools replaces the org's (it names no payments tool), so the refund is not allowed.
    plan = {
        "goal": "tidy up",
        "steps": [
            {"id": "forget", "tool": "crm.delete_contact", "args": {"id": 7}},
            {"id": "purge", "tool": "crm.purge", "args": {"older_than": 30}},
            {
                "id": "refund",
                "tool": "payments.refund",
                "args": {"amount": 300},
                "require_confirmation": True,
                "on_failure": "abort",
            },
        ],
    }
    linter = Linter([str(path) for path in _files(tmp_path)], select=["TOOL_DENY", "BOUND_VIOLATION"])
    assert [(d.code, d.node_id, d.message) for d in linter.lint(plan)] == [
        ("TOOL_DENY", "forget", "tool 'crm.delete_contact' is denied by the policy (deny_tools: '*.delete*')"),
        ("TOOL_DENY", "purge", "tool 'crm.purge' is denied by the policy (deny_tools: 'crm.purge')"),
        ("TOOL_DENY", "refund", "tool 'payments.refund' is not in the policy's allow_tools"),
        ("BOUND_VIOLATION", "refund", "amount of 'payments.refund' = 300 is above the maximum 200"),
    ]


def test_a_key_set_on_one_side_only_is_taken_as_it_is() -> None:
    base = Policy(deny_tools=["a.*"], bounds={"x.y": (0, 1)})
    assert base.merged_with(Policy(max_steps=3)).model_dump(include={"deny_tools", "bounds", "max_steps"}) == {
        "deny_tools": ["a.*"],
        "bounds": {"x.y": (0, 1)},
        "max_steps": 3,
    }
    assert Policy().merged_with(base).deny_tools == ["a.*"]
    # an overlay that sets a deny list empty keeps the base's (it can't drop one)
    assert base.merged_with(Policy(deny_tools=[])).deny_tools == ["a.*"]


REPLACED = {
    "name",
    "allow_tools",
    "allow_recipients",
    "allow_domains",
    "env_allow",
    "supported_chains",
    "read_only_tools",
    "builtin_sinks",
    "trusted_values",
    "trusted_outputs",
    "max_steps",
    "max_loop_iterations",
    "max_wait_ms",
    "max_parallel",
    "max_slippage",
    "fail_risk_threshold",
    "goal_alignment",
}


def test_every_policy_key_has_a_merge_decision() -> None:
    # A key added to Policy must be put in one of the three on purpose (and in docs/linting.md).
    assert set(Policy.model_fields) == MERGED_PER_KEY | MERGED_AS_UNION | REPLACED
    assert not MERGED_PER_KEY & MERGED_AS_UNION and not (MERGED_PER_KEY | MERGED_AS_UNION) & REPLACED
    for key in MERGED_PER_KEY:
        assert isinstance(getattr(Policy(), key), dict), key
    for key in MERGED_AS_UNION:
        assert isinstance(getattr(Policy(), key), list), key


_TOOLS = ["shell.*", "crm.purge", "*.delete*", "payments.*", "db.drop*"]
_BOUNDS = ["payments.transfer.amount", "payments.refund.amount", "swap.exec.amount"]


@given(
    st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "deny_tools": st.lists(st.sampled_from(_TOOLS), max_size=3),
                "bounds": st.dictionaries(st.sampled_from(_BOUNDS), st.tuples(st.just(0.0), st.integers(1, 9))),
            },
        ),
        min_size=1,
        max_size=5,
    )
)
def test_no_layer_drops_a_deny_and_bounds_fold_per_key(layers: list[dict[str, Any]]) -> None:
    merged = Policy()
    denied: list[str] = []
    bounds: dict[str, tuple[float, float]] = {}
    for layer in layers:
        merged = merged.merged_with(Policy.from_data(layer))
        denied += [tool for tool in layer.get("deny_tools", []) if tool not in denied]
        bounds.update(layer.get("bounds", {}))
    assert merged.deny_tools == denied
    assert merged.bounds == {key: (float(low), float(high)) for key, (low, high) in bounds.items()}


LOOSENING = """\
name: team
severity: {TOOL_DENY: "off"}
bounds:
  payments.refund.amount: [0.01, 100000]
"""


def test_an_overlay_loosens_what_it_names_and_the_base_alone_still_catches_it(tmp_path: Path) -> None:
    # The merge keeps an overlay from dropping a deny entry, a bound or a level by accident; it is no boundary
    # against one that names them: a level set to off, a bound it widens. docs/linting.md says so, and that an
    # org enforces its policy whatever a team writes by linting with the org's file alone as its own gate.
    org = tmp_path / "org.yaml"
    org.write_text(ORG, encoding="utf-8")
    team = tmp_path / "team.yaml"
    team.write_text(LOOSENING, encoding="utf-8")
    plan = {
        "goal": "tidy up",
        "steps": [
            {"id": "forget", "tool": "crm.delete_contact", "args": {"id": 7}},
            {
                "id": "refund",
                "tool": "payments.refund",
                "args": {"amount": 300},
                "require_confirmation": True,
                "on_failure": "abort",
            },
        ],
    }
    codes = ["TOOL_DENY", "BOUND_VIOLATION"]
    assert Linter([str(org), str(team)], select=codes).lint(plan) == []
    assert [(d.code, d.node_id, d.severity.value) for d in Linter([str(org)], select=codes).lint(plan)] == [
        ("TOOL_DENY", "forget", "error"),
        ("BOUND_VIOLATION", "refund", "error"),
    ]


_LAYER = st.fixed_dictionaries(
    {},
    optional={
        "deny_tools": st.lists(st.sampled_from(_TOOLS), max_size=3),
        "allow_tools": st.lists(st.sampled_from(_TOOLS), max_size=3),
        "rego": st.lists(st.sampled_from(["a.rego", "b.rego"]), max_size=2),
        "bounds": st.dictionaries(st.sampled_from(_BOUNDS), st.tuples(st.just(0), st.integers(1, 9)), max_size=2),
        "severity": st.dictionaries(
            st.sampled_from(["TOOL_DENY", "BOUND_VIOLATION", "GOAL_UNASKED_EFFECT"]),
            st.sampled_from(["error", "warning", "info", "off"]),
            max_size=2,
        ),
        "goal_alignment": st.sampled_from(["off", "warn", "error"]),
        "tool_effects": st.dictionaries(
            st.sampled_from(["crm.*", "t.x"]), st.lists(st.sampled_from(["read", "send"]), min_size=1), max_size=2
        ),
        "max_steps": st.integers(1, 9),
    },
)


def _merged(*layers: Policy) -> Policy | None:
    try:
        merged = layers[0]
        for layer in layers[1:]:
            merged = merged.merged_with(layer)
    except PolicyError:
        return None
    return merged


@given(_LAYER, _LAYER, _LAYER)
def test_merging_is_associative_so_files_can_be_grouped_any_way(
    a: dict[str, Any], b: dict[str, Any], c: dict[str, Any]
) -> None:
    # org + (team + project) is (org + team) + project: a team may pre-merge its own files (policy check a b).
    try:
        first, second, third = Policy.from_data(a), Policy.from_data(b), Policy.from_data(c)
    except PolicyError:
        return  # a GOAL_* level with goal_alignment off in one layer: not a policy
    left, later = _merged(first, second, third), _merged(second, third)
    if left is None or later is None:
        return  # the layers contradict each other: an error either way
    right = _merged(first, later)
    assert right is not None
    assert (left.model_dump(), left.model_fields_set) == (right.model_dump(), right.model_fields_set)
