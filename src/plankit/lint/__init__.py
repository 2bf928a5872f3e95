"""The linter: rules, policies and the engine that runs them (``plankit lint``)."""

from ._context import LintContext
from ._findings import Diagnostic, Finding, Severity
from ._policy import Policy
from ._registry import RULES, Rule, rule

__all__ = ["RULES", "Diagnostic", "Finding", "LintContext", "Policy", "Rule", "Severity", "rule"]
