"""Risk score and status: the documented formula, monotonic, within [0, 1]; weights from the policy."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit.errors import PolicyError
from plankit.lint import (
    DEFAULT_RISK_WEIGHTS,
    RULES,
    SEVERITY_WEIGHTS,
    Diagnostic,
    Policy,
    Severity,
    Status,
    risk_score,
    risk_weight,
    status_of,
)

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

codes = st.sampled_from([*RULES, *DEFAULT_RISK_WEIGHTS, "CUSTOM_REGO_CODE"])
diagnostics = st.builds(
    Diagnostic,
    code=codes,
    severity=st.sampled_from(list(Severity)),
    message=st.just("m"),
    suppressed=st.booleans(),
)
weights = st.dictionaries(st.sampled_from(sorted(RULES)), st.floats(0, 1))


@given(st.lists(diagnostics, max_size=30), diagnostics, weights)
def test_adding_a_finding_never_lowers_risk(found: list[Diagnostic], extra: Diagnostic, w: dict[str, float]) -> None:
    before = risk_score(found, w)
    after = risk_score([*found, extra], w)
    assert 0.0 <= before <= after <= 1.0


@given(st.lists(diagnostics, max_size=200), weights)
def test_risk_stays_within_zero_and_one(found: list[Diagnostic], w: dict[str, float]) -> None:
    assert 0.0 <= risk_score(found, w) <= 1.0


@given(st.lists(diagnostics, max_size=30), st.floats(0, 1))
def test_status_follows_the_documented_rule(found: list[Diagnostic], threshold: float) -> None:
    risk = risk_score(found)
    live = {d.severity for d in found if not d.suppressed}
    expected = Status.ERROR if E in live or risk >= threshold else Status.WARN if W in live else Status.PASS
    assert status_of(found, risk, threshold) is expected


def test_formula_is_one_minus_product_of_complements() -> None:
    found = [Diagnostic("TOOL_DENY", E, "a"), Diagnostic("TOOL_DENY", E, "b"), Diagnostic("T_X", W, "c")]
    # TOOL_DENY defaults to 0.8; a code no rule registers (a Rego code) weighs like REGO_VIOLATION: 0.5
    assert risk_score(found) == round(1 - 0.2 * 0.2 * 0.5, 4) == 0.98
    assert risk_score([]) == 0.0


def test_weights_come_from_policy_then_defaults_then_severity(monkeypatch: pytest.MonkeyPatch) -> None:
    from plankit.lint._registry import Rule

    monkeypatch.setitem(RULES, "T_NEW", Rule("T_NEW", "t-new", W, "s", lambda ctx: [], ""))
    assert risk_weight(Diagnostic("TOOL_DENY", E, "m"), {"TOOL_DENY": 0.25}) == 0.25
    assert risk_weight(Diagnostic("TOOL_DENY", E, "m"), {}) == DEFAULT_RISK_WEIGHTS["TOOL_DENY"] == 0.8
    assert risk_weight(Diagnostic("T_NEW", W, "m"), {}) == SEVERITY_WEIGHTS[W] == 0.1
    assert risk_weight(Diagnostic("T_NEW", E, "m"), {}) == SEVERITY_WEIGHTS[E] == 0.4
    assert risk_weight(Diagnostic("T_NEW", INFO, "m"), {}) == 0.0
    # a Rego policy's own code uses REGO_VIOLATION's weight, overridable by the policy
    assert risk_weight(Diagnostic("REFUND_LIMIT", E, "m"), {}) == 0.5
    assert risk_weight(Diagnostic("REFUND_LIMIT", E, "m"), {"REGO_VIOLATION": 0.9}) == 0.9


def test_suppressed_findings_do_not_count() -> None:
    found = [Diagnostic("RULE_CRASHED", E, "m", suppressed=True)]
    assert risk_score(found) == 0.0
    assert status_of(found, 0.0, 0.8) is Status.PASS


def test_info_only_passes_and_warnings_warn() -> None:
    assert status_of([Diagnostic("X", INFO, "m")], 0.0, 0.8) is Status.PASS
    assert status_of([Diagnostic("X", W, "m")], 0.1, 0.8) is Status.WARN
    assert status_of([Diagnostic("X", W, "m")], 0.8, 0.8) is Status.ERROR


def test_policy_risk_weight_keys_must_be_known_codes() -> None:
    with pytest.raises(PolicyError) as caught:
        Policy.from_data({"risk_weights": {"RULE_CRASHD": 0.5}})
    [problem] = caught.value.problems
    assert (problem.path, problem.message) == (
        "$.risk_weights.RULE_CRASHD",
        "risk weight for unknown code 'RULE_CRASHD'; did you mean 'RULE_CRASHED'?",
    )
    with pytest.raises(PolicyError, match=r"must be between 0 and 1, got 1\.5"):
        Policy.from_data({"risk_weights": {"RULE_CRASHED": 1.5}})
