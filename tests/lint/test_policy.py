"""Policies: strict loading, the built-in default, merging several files in order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from plankit.errors import PolicyError
from plankit.lint import DEFAULT_POLICY_YAML, Policy, Status, validate_plan
from plankit.lint._policy import _DEFAULT_POLICY_DATA

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_unknown_key_names_the_closest_valid_key(tmp_path: Path) -> None:
    with pytest.raises(PolicyError) as caught:
        Policy.load(_write(tmp_path, "p.yaml", "allow_tool: [db.query]\nmax_step: 3\n"))
    assert str(caught.value) == (
        f"{tmp_path / 'p.yaml'}: invalid policy (2 problems)\n"
        "  $.allow_tool: unknown policy key 'allow_tool' (did you mean 'allow_tools'?)\n"
        "  $.max_step: unknown policy key 'max_step' (did you mean 'max_steps'?)"
    )


def test_invalid_regex_names_the_pattern() -> None:
    with pytest.raises(PolicyError) as caught:
        Policy.from_data({"deny_tokens_regex": ["ok", "(unclosed"]})
    [problem] = caught.value.problems
    assert problem.path == "$.deny_tokens_regex[1]"
    assert problem.message.startswith("invalid regex '(unclosed': missing ), unterminated subpattern")


def test_a_policy_that_is_not_a_mapping_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="a policy is a mapping of keys, got a list"):
        Policy.load(_write(tmp_path, "p.yaml", "- allow_tools\n"))
    with pytest.raises(PolicyError, match="no such file"):
        Policy.load(tmp_path / "missing.yaml")


def test_default_policy_is_the_documented_yaml() -> None:
    default = Policy.default()
    assert default.model_dump(include=default.model_fields_set) == Policy.model_validate(
        yaml.safe_load(DEFAULT_POLICY_YAML)
    ).model_dump(include=default.model_fields_set)
    assert default.name == "plankit-default"
    assert "shell.*" in default.deny_tools and "*.delete*" in default.deny_tools
    assert "payments.*" in default.require_confirmation
    assert (default.max_steps, default.max_loop_iterations, default.fail_risk_threshold) == (1000, 10000, 0.8)
    assert Policy.default() is not default  # callers may change their copy


def test_default_policy_data_is_exactly_the_documented_yaml() -> None:
    # The default is also written out as data so that `plankit lint` never imports yaml; the two must agree.
    assert yaml.safe_load(DEFAULT_POLICY_YAML) == _DEFAULT_POLICY_DATA, (
        "DEFAULT_POLICY_YAML and _DEFAULT_POLICY_DATA (lint/_policy.py) differ: change both together"
    )
    assert Policy.default().model_fields_set == set(_DEFAULT_POLICY_DATA)


@pytest.mark.parametrize(
    ("text", "hit"),
    [
        ("DROP TABLE users;", True),
        ("drop   database prod", True),
        ("TRUNCATE TABLE audit", True),
        ("rm -rf /", True),
        ("rm -fr ~/data", True),
        ("SELECT dropped_at FROM t", False),
        ("SELECT created_at FROM t", False),
        ("rm file.txt", False),
    ],
)
def test_default_policy_denies_destructive_tokens(text: str, hit: bool) -> None:
    assert any(pattern.search(text) for pattern in Policy.default().deny_patterns) is hit


def test_no_policy_means_the_default_and_it_is_not_silent_about_destruction() -> None:
    plan = {
        "steps": [
            {"id": "wipe", "tool": "shell.exec", "args": {"cmd": "ls"}},
            {"id": "pay", "tool": "payments.transfer", "args": {"amount": 5}},
            {"id": "gone", "tool": "db.delete_user", "args": {"id": 1}},
        ]
    }
    result = validate_plan(plan)
    assert result.status is Status.ERROR
    found = {(e.code, e.node_id) for e in result.errors}
    assert {("TOOL_DENY", "wipe"), ("TOOL_DENY", "gone"), ("CONFIRMATION_REQUIRED", "pay")} <= found


def test_several_files_merge_in_order_and_rego_lists_add_up(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.yaml", "allow_tools: [db.*]\nmax_steps: 5\nrego: [one.rego]\n")
    second = _write(tmp_path, "b.json", '{"max_steps": 9, "deny_tools": ["db.drop*"], "rego": ["two.rego"]}')
    merged = Policy.load_all([first, second])
    assert merged.allow_tools == ["db.*"]
    assert merged.max_steps == 9
    assert merged.deny_tools == ["db.drop*"]
    assert merged.rego == [str(tmp_path / "one.rego"), str(tmp_path / "two.rego")]
    assert merged.model_fields_set == {"allow_tools", "max_steps", "deny_tools", "rego"}


def test_files_replace_the_default_but_rego_alone_adds_to_it(tmp_path: Path) -> None:
    only_yaml = Policy.load_all([_write(tmp_path, "a.yaml", "max_steps: 5\n")])
    assert (only_yaml.deny_tools, only_yaml.max_steps) == ([], 5)
    only_rego = Policy.load_all(["extra.rego"])
    assert only_rego.deny_tools == Policy.default().deny_tools
    assert only_rego.rego == ["extra.rego"]


def test_merge_keeps_explicit_keys_of_both_sides() -> None:
    base = Policy(max_steps=3, allow_tools=["a"])
    assert base.merged_with(Policy(allow_tools=["b"])).model_dump(include={"max_steps", "allow_tools"}) == {
        "max_steps": 3,
        "allow_tools": ["b"],
    }


def test_to_yaml_round_trips() -> None:
    policy = Policy.from_data({"allow_tools": ["db.*"], "bounds": {"payments.transfer.amount": [0.01, 1000]}})
    assert policy.to_yaml() == "allow_tools:\n- db.*\nbounds:\n  payments.transfer.amount:\n  - 0.01\n  - 1000.0\n"
    assert Policy.from_data(yaml.safe_load(policy.to_yaml())) == policy


def test_bundled_example_policy_loads() -> None:
    policy = Policy.load(EXAMPLES / "policy.yaml")
    assert policy.name == "support-payments"
    assert policy.bounds["payments.refund.amount"] == (0.01, 500)
    assert policy.risk_weights == {"TOOL_DENY": 0.9, "BOUND_VIOLATION": 0.8, "MISSING_HANDLER": 0.3}


def test_every_bad_bound_and_risk_weight_is_reported_at_its_own_path() -> None:
    # Before: one problem at "$.bounds" or "$.risk_weights" (the first bad entry only), with a
    # pydantic "Input should be a valid tuple" for a bound that is not a pair.
    data = {
        "bounds": {"amount": [0, 5], "payments.refund.amount": [9, 1], "payments.x.y": "ten", "p.z": [1]},
        "risk_weights": {"TOOL_DENI": 0.5, "TOOL_DENY": 1.5, "RAW_SECRET": "lots"},
    }
    with pytest.raises(PolicyError) as caught:
        Policy.from_data(data, source="team.yaml")
    assert str(caught.value) == (
        "team.yaml: invalid policy (7 problems)\n"
        "  $.bounds.amount: bound 'amount' must be 'tool.argument' (for example 'payments.transfer.amount')\n"
        '  $.bounds["payments.refund.amount"]: the minimum 9 is above the maximum 1; write [min, max]\n'
        '  $.bounds["payments.x.y"]: a bound is [min, max], two numbers; got \'ten\'\n'
        '  $.bounds["p.z"]: a bound is [min, max], two numbers; got [1]\n'
        "  $.risk_weights.TOOL_DENI: risk weight for unknown code 'TOOL_DENI'; did you mean 'TOOL_DENY'?\n"
        "  $.risk_weights.TOOL_DENY: a risk weight must be between 0 and 1, got 1.5\n"
        "  $.risk_weights.RAW_SECRET: Input should be a valid number, unable to parse string as a number"
    )


def test_a_bound_with_one_bad_half_is_shown_whole_and_once() -> None:
    # Before: "got 'x'" (the bad half alone, read as if the bound were 'x'), and a bound with two bad halves was
    # two identical problems.
    data = {"bounds": {"p.x": [1, "x"], "p.y": [None, None]}}
    with pytest.raises(PolicyError) as caught:
        Policy.from_data(data, source="team.yaml")
    assert str(caught.value) == (
        "team.yaml: invalid policy (2 problems)\n"
        "  $.bounds[\"p.x\"]: a bound is [min, max], two numbers; got [1, 'x']\n"
        '  $.bounds["p.y"]: a bound is [min, max], two numbers; got [None, None]'
    )


def test_policy_check_prints_only_the_keys_a_file_sets(tmp_path: Path) -> None:
    # Before: `rego: []` was printed for every file (loading it assigned rego, which marks the key as set).
    path = _write(tmp_path, "p.yaml", "max_steps: 5\n")
    assert Policy.load(path).model_fields_set == {"max_steps"}
    assert Policy.load(path).to_yaml() == "max_steps: 5\n"


@pytest.mark.parametrize("text", ["", "# deny nothing yet\n"])
def test_an_empty_policy_file_is_refused(tmp_path: Path, text: str) -> None:
    # Before: an empty (or truncated, or all-comments) file was a policy with no rules, and every plan passed.
    path = _write(tmp_path, "empty.yaml", text)
    with pytest.raises(PolicyError) as caught:
        Policy.load(path)
    assert str(caught.value) == (
        f"{path}: the policy file is empty, so it would allow every tool; write {{}} for a policy with no rules on"
        " purpose, or leave out --policy for the built-in default"
    )
    assert Policy.load(_write(tmp_path, "none.yaml", "{}\n")).model_fields_set == set()


def test_a_plan_given_as_the_policy_says_so(tmp_path: Path) -> None:
    path = _write(tmp_path, "plan.json", '{"goal": "g", "steps": [{"id": "a", "tool": "t"}]}')
    with pytest.raises(PolicyError) as caught:
        Policy.load(path)
    assert str(caught.value) == (
        f"{path}: invalid policy (2 problems); it looks like a plan (it has 'steps'), not a policy: lint it with"
        f" `plankit lint {path}`\n"
        "  $.goal: unknown policy key 'goal'\n"
        "  $.steps: unknown policy key 'steps' (did you mean 'max_steps'?)"
    )


_KEYS = st.sampled_from([*Policy.model_fields, "steps", "bogus", ""])
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(),
    st.text(max_size=6),
    st.sampled_from(["off", "warn", "error", "info", "TOOL_DENY", "p.x", "*", "(?P<", "[", ".*"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.one_of(st.text(max_size=5), st.sampled_from(["TOOL_DENY", "p.x.y", "a b"])), inner, max_size=3
        ),
    ),
    max_leaves=8,
)


@given(st.dictionaries(_KEYS, _VALUES, max_size=4))
def test_any_policy_data_is_a_policy_or_a_policy_error_and_a_policy_round_trips(data: dict[str, Any]) -> None:
    # Every problem of bad data is a PolicyError (never a crash in the message code), and a policy's own keys
    # read back as the same policy: merging (merged_with) dumps and reads them again.
    try:
        policy = Policy.from_data(data, source="team.yaml")
    except PolicyError as exc:
        assert str(exc).startswith("team.yaml: ")
        return
    again = Policy.from_data(policy.model_dump(include=policy.model_fields_set))
    assert (again, again.model_fields_set) == (policy, policy.model_fields_set)
