"""The rule registry: each rule is one function with a stable code, a kebab-case name and docs.

A rule's docstring is its documentation (``plankit rules CODE`` prints it) and follows the sections
*What it does*, *Why is this bad*, *Example*, *Use instead*.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ._findings import Finding, Severity

Check = Callable[[Any], Iterable[Finding]]
"""A rule's check: called with the :class:`~plankit.lint.LintContext` of one plan. Typed loosely on purpose: the
registry must not import the context (the context needs the policy, the policy needs the registry's codes)."""


@dataclass(frozen=True)
class Rule:
    """A registered check."""

    code: str
    name: str
    severity: Severity
    summary: str
    check: Check
    doc: str


RULES: dict[str, Rule] = {}
"""Every registered rule by code, in registration order."""


def rule(code: str, name: str, *, severity: Severity, summary: str) -> Callable[[Check], Check]:
    """Register a check function under a stable ``code``; its docstring documents it."""

    def register(check: Check) -> Check:
        if code in RULES:
            raise ValueError(f"rule code {code!r} is registered twice")
        RULES[code] = Rule(code, name, severity, summary, check, inspect.cleandoc(check.__doc__ or ""))
        return check

    return register
