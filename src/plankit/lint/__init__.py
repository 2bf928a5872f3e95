"""The linter: rules, policies and the engine that runs them (``plankit lint``).

The seed API (plan-lint's names)::

    from plankit.lint import validate_plan, Policy, PlanError, PlanWarning, ErrorCode, Status
    from plankit.lint import ValidationResult

    result = validate_plan("examples/refund.json", Policy.load("examples/policy.yaml"))
    if not result.valid:
        for violation in result.violations:
            print(violation.step, violation.rule, violation.message)
"""

from typing import TYPE_CHECKING, Any

from ._context import LintContext
from ._engine import Linter, enabled_codes, lint_plan, validate_plan
from ._engine_codes import ALWAYS_ON, ENGINE_CODES
from ._findings import Diagnostic, Finding, Severity
from ._policy import DEFAULT_POLICY_YAML, Policy
from ._registry import RULES, Rule, rule
from ._rego import QUERY as REGO_QUERY
from ._result import ErrorCode, PlanError, PlanWarning, ValidationResult
from ._risk import DEFAULT_RISK_WEIGHTS, SEVERITY_WEIGHTS, Status, risk_score, risk_weight, status_of

if TYPE_CHECKING:
    from ._judge import judge_alignment

__all__ = [
    "ALWAYS_ON",
    "DEFAULT_POLICY_YAML",
    "DEFAULT_RISK_WEIGHTS",
    "ENGINE_CODES",
    "REGO_QUERY",
    "RULES",
    "SEVERITY_WEIGHTS",
    "Diagnostic",
    "ErrorCode",
    "Finding",
    "LintContext",
    "Linter",
    "PlanError",
    "PlanWarning",
    "Policy",
    "Rule",
    "Severity",
    "Status",
    "ValidationResult",
    "enabled_codes",
    "judge_alignment",
    "lint_plan",
    "risk_score",
    "risk_weight",
    "rule",
    "status_of",
    "validate_plan",
]


def __getattr__(name: str) -> Any:
    # The judge needs the LLM clients; linting without it should not import them.
    if name == "judge_alignment":
        from ._judge import judge_alignment

        return judge_alignment
    raise AttributeError(f"module 'plankit.lint' has no attribute {name!r}")
