"""Each rule's level under a policy, and which key of which file set it: what ``plankit rules --policy`` shows.

A rule's level is, in order: ``error`` for the always-on codes (no policy changes them); the policy's
``severity`` entry for the code; for the ``GOAL_*`` family, ``goal_alignment`` (``off`` turns them off, ``error``
makes them errors); else the rule's own severity. The risk weight is the one :func:`~plankit.lint.validate_plan`
scores a finding of the code with (see ``_risk``): ``risk_weights``, else the weight of the level the policy
gave, else the code's built-in weight, else the weight of its level. A code that is ``off`` has none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..tools import ToolRegistry
from ._engine_codes import ALWAYS_ON
from ._findings import Severity
from ._gates import GATES
from ._policy import Policy
from ._registry import RULES
from ._risk import DEFAULT_RISK_WEIGHTS, SEVERITY_WEIGHTS


@dataclass(frozen=True, slots=True)
class RuleLevel:
    """One rule's level under a policy."""

    code: str
    level: str
    """``error``, ``warning``, ``info`` or ``off`` (the rule does not run)."""
    set_by: str
    """Where the level comes from: ``built-in``, ``always on``, ``severity in team.yaml``,
    ``goal_alignment: error in org.yaml``..."""
    risk_weight: float | None
    """The weight a finding of this code adds to the risk score; None when the rule is off."""
    idle: str | None = None
    """Why the rule can find nothing under this policy (and these tools) whatever the plan, so the linter leaves
    it out (``the policy sets no require_confirmation``); None when it checks plans, or is off."""

    def as_data(self) -> dict[str, Any]:
        """The rule and its level as JSON data, as ``plankit rules --format json`` and MCP's ``list_rules`` give
        them: code, name, built-in severity, level, set_by, summary, risk_weight, idle."""
        rule = RULES[self.code]
        return {
            "code": rule.code,
            "name": rule.name,
            "severity": rule.severity.value,
            "level": self.level,
            "set_by": self.set_by,
            "summary": rule.summary,
            "risk_weight": self.risk_weight,
            "idle": self.idle,
        }


_IDLE = {
    "TOOL_DENY": "the policy sets neither allow_tools nor deny_tools",
    "CONTRA_NO_TOOL": "it needs tool specs (lint --tools)",
    "TOOL_ARGS_INVALID": "it needs tool specs (lint --tools)",
    "CONFIRMATION_REQUIRED": "the policy sets no require_confirmation",
    "MISSING_HANDLER": "the policy sets no require_handler",
    "RECIPIENT_DENY": "the policy sets neither allow_recipients nor allow_domains",
    "BOUND_VIOLATION": "the policy sets no bounds",
    "MAX_STEPS_EXCEEDED": "the policy sets no max_steps",
}
"""Why each rule that depends on the policy or the tools (a ``configured`` gate, see ``_gates``) may find
nothing; tests/lint/test_cli_rules_levels.py checks that every such rule has its reason here."""


def rule_levels(
    policy: Policy, files: Sequence[tuple[str, Policy]] = (), tools: ToolRegistry | None = None
) -> list[RuleLevel]:
    """Every rule's level under ``policy`` (and ``tools``: the rules that check tool specs need them), in the
    order of :data:`RULES`.

    ``files`` are the policy files ``policy`` was merged from, each with its own policy, in order: a level set
    by a key is attributed to the last file that sets the key (``severity in team.yaml``). Without them, the
    key is named alone (``severity``)."""
    return [_level_of(code, policy, files, tools) for code in RULES]


def _level_of(
    code: str, policy: Policy, files: Sequence[tuple[str, Policy]], tools: ToolRegistry | None
) -> RuleLevel:
    built_in = RULES[code].severity.value
    if code in ALWAYS_ON:
        level, set_by = built_in, "always on"
    elif code in policy.severity:
        level = policy.severity[code]
        set_by = "severity" + _in(files, lambda one: code in one.severity)
    elif code.startswith("GOAL_") and "goal_alignment" in policy.model_fields_set:
        switch = policy.goal_alignment
        level = {"off": "off", "warn": built_in, "error": "error"}[switch]
        set_by = f"goal_alignment: {switch}" + _in(files, lambda one: "goal_alignment" in one.model_fields_set)
    else:
        level, set_by = built_in, "built-in"
    gate = GATES.get(code)
    idle = None
    if level != "off" and gate is not None and gate.configured is not None and not gate.configured(policy, tools):
        idle = _IDLE.get(code, "nothing to check under this policy")
    return RuleLevel(code, level, set_by, _weight(code, level, policy), idle)


def _in(files: Sequence[tuple[str, Policy]], sets: Callable[[Policy], bool]) -> str:
    names = [name for name, one in files if sets(one)]
    return f" in {names[-1]}" if names else ""


def _weight(code: str, level: str, policy: Policy) -> float | None:
    if level == "off":
        return None
    if code in policy.risk_weights:
        return policy.risk_weights[code]
    if code in policy.severity:
        return SEVERITY_WEIGHTS[Severity(level)]
    return DEFAULT_RISK_WEIGHTS.get(code, SEVERITY_WEIGHTS[Severity(level)])


def policy_files(paths: Iterable[str | Path]) -> list[tuple[str, Policy]]:
    """Each YAML or JSON policy file of ``paths`` with its own policy, for :func:`rule_levels`; the built-in
    default policy when there is none (no files, or Rego files only: those add to the default)."""
    files = [(str(path), Policy.load(path)) for path in paths if not str(path).endswith(".rego")]
    return files or [("the built-in default policy", Policy.default())]
