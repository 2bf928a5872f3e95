"""The risk score and the verdict.

**Risk.** Each unsuppressed finding carries a weight ``w`` in [0, 1]: the policy's ``risk_weights[code]``,
else :data:`DEFAULT_RISK_WEIGHTS` for the code, else :data:`SEVERITY_WEIGHTS` for the finding's severity
(Rego violations whose code is not built-in use the weight of ``REGO_VIOLATION``). A code the policy's
``severity`` gives a level weighs that level's :data:`SEVERITY_WEIGHTS` instead of its default weight (the
:class:`~plankit.lint.Linter` passes those in ``overrides``; ``risk_weights`` still win). The score treats findings
as independent chances that the plan does harm::

    risk = 1 - Π (1 - w)        (0 with no findings; rounded to 4 decimals)

so it stays within [0, 1], never falls when a finding is added, reaches 1 only through a finding of
weight 1, and many small findings add up (ten warnings at 0.1 make 0.6513).

**Status.** ``ERROR`` when there is an unsuppressed error finding or ``risk >= fail_risk_threshold``;
``WARN`` when there are unsuppressed warnings; ``PASS`` otherwise. Info findings and suppressed findings
never change the status.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from ._engine_codes import REGO_VIOLATION
from ._findings import Diagnostic, Severity
from ._registry import RULES

DEFAULT_RISK_WEIGHTS: Mapping[str, float] = {
    "SCHEMA_INVALID": 0.5,
    "DUPLICATE_ID": 0.5,
    "RULE_CRASHED": 0.5,
    "INVALID_SUPPRESSION": 0.05,
    "REGO_VIOLATION": 0.5,
    "TOOL_DENY": 0.8,
    "BOUND_VIOLATION": 0.6,
    "RAW_SECRET": 0.6,
    "LOOP_DETECTED": 0.5,
    "MAX_STEPS_EXCEEDED": 0.3,
    "MISSING_HANDLER": 0.2,
    "DATA_EXFILTRATION": 0.9,
    "CONTRA_BUY_SELL": 0.5,
    "CONTRA_OVERSPEND": 0.7,
    "CONTRA_OPPOSITE_COND": 0.4,
    "CONTRA_TIMING": 0.4,
    "CONTRA_CIRCULAR": 0.5,
    "CONTRA_DUPLICATE": 0.3,
    "CONTRA_SLIPPAGE": 0.5,
    "CONTRA_CHAIN": 0.5,
    "CONTRA_NO_TOOL": 0.4,
    "CONTRA_INFINITE": 0.5,
    # Goal alignment judges intent from words: its findings show (warnings, or errors under
    # ``goal_alignment: error``) but never tip a plan over the risk threshold by their number alone.
    "GOAL_UNASKED_EFFECT": 0.0,
    "GOAL_UNTRUSTED_TARGET": 0.0,
    "GOAL_TAINTED_TARGET": 0.0,
}
"""Default weight per code (a policy's ``risk_weights`` overrides any of them)."""

SEVERITY_WEIGHTS: Mapping[Severity, float] = {Severity.ERROR: 0.4, Severity.WARNING: 0.1, Severity.INFO: 0.0}
"""The weight of a finding whose code has no weight of its own."""


class Status(StrEnum):
    """The verdict on a plan."""

    PASS = "PASS"
    """No error and no warning (info notes allowed), and the risk is below the threshold."""
    WARN = "WARN"
    """Only warnings, and the risk is below the threshold: the plan may run (``--strict`` fails it)."""
    ERROR = "ERROR"
    """At least one error, or the risk reached ``fail_risk_threshold``: the plan must not run."""


def risk_weight(diagnostic: Diagnostic, overrides: Mapping[str, float]) -> float:
    """The weight of one finding (see the module docs for the order of lookups)."""
    code = diagnostic.code
    if code not in RULES and code not in overrides and code not in DEFAULT_RISK_WEIGHTS:
        code = REGO_VIOLATION  # a Rego policy's own code
    if code in overrides:
        return overrides[code]
    if code in DEFAULT_RISK_WEIGHTS:
        return DEFAULT_RISK_WEIGHTS[code]
    return SEVERITY_WEIGHTS[diagnostic.severity]


def risk_score(diagnostics: Iterable[Diagnostic], overrides: Mapping[str, float] | None = None) -> float:
    """``1 - Π(1 - w)`` over the unsuppressed findings, rounded to 4 decimals; always within [0, 1]."""
    weights = overrides or {}
    safe = 1.0
    for diagnostic in diagnostics:
        if not diagnostic.suppressed:
            safe *= 1.0 - min(1.0, max(0.0, risk_weight(diagnostic, weights)))
    return round(min(1.0, max(0.0, 1.0 - safe)), 4)


def status_of(diagnostics: Iterable[Diagnostic], risk: float, threshold: float) -> Status:
    """The verdict for these findings and this risk score (see the module docs)."""
    severities = {diagnostic.severity for diagnostic in diagnostics if not diagnostic.suppressed}
    if Severity.ERROR in severities or risk >= threshold:
        return Status.ERROR
    if Severity.WARNING in severities:
        return Status.WARN
    return Status.PASS
