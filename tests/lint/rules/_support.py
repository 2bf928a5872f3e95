"""Running one lint rule in isolation, on a fixture folder or on plan data (shared by the rule tests).

A fixture folder ``tests/fixtures/lint/<CODE>/`` holds ``good_*.json`` and ``bad_*.json`` plans, and optionally the
``policy.json`` and ``tools.json`` they are checked with.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from plankit.lint import RULES, Finding, LintContext, Linter, Policy
from plankit.plan import load_plan, plan_from_data
from plankit.tools import ToolRegistry, load_tools

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint"


def fixture_policy(folder: str) -> Policy:
    """The folder's ``policy.json``, or the empty policy."""
    path = FIXTURES / folder / "policy.json"
    return Policy.load(path) if path.exists() else Policy()


def fixture_tools(folder: str) -> ToolRegistry | None:
    """The folder's ``tools.json``, or None (no tool specs)."""
    path = FIXTURES / folder / "tools.json"
    return load_tools(path) if path.exists() else None


def run_rule(
    code: str, plan: Any, policy: Policy | None = None, tools: ToolRegistry | None = None, now: datetime | None = None
) -> list[Finding]:
    """The findings of rule ``code`` on a plan (a :class:`Plan` or plan data)."""
    loaded = plan if not isinstance(plan, dict | list) else plan_from_data(plan)
    ctx = LintContext(loaded, policy or Policy(), tools)
    if now is not None:
        ctx.now = now
    return list(RULES[code].check(ctx))


def fixture_findings(code: str, name: str, folder: str | None = None, now: datetime | None = None) -> list[Finding]:
    """Rule ``code`` on fixture ``name`` from its own folder (or ``folder``), with that folder's policy and tools."""
    folder = folder or code
    plan = load_plan(FIXTURES / folder / f"{name}.json")
    return run_rule(code, plan, fixture_policy(folder), fixture_tools(folder), now)


def goal_plan(goal: str, *steps: dict[str, Any], context: dict[str, Any] | None = None) -> dict[str, Any]:
    """Plan data with a goal, the given steps and, when given, a context (the goal-alignment tests' plans)."""
    plan: dict[str, Any] = {"goal": goal, "steps": list(steps)}
    if context is not None:
        plan["context"] = context
    return plan


def action(step_id: str, tool: str, **args: Any) -> dict[str, Any]:
    """One action step's data: ``{"id": ..., "tool": ..., "args": {...}}``."""
    return {"id": step_id, "tool": tool, "args": args}


def flagged(code: str, plan: dict[str, Any]) -> list[str | None]:
    """The step ids rule ``code`` reports on ``plan`` under the empty policy, in order."""
    return [finding.node_id for finding in run_rule(code, plan, Policy())]


StressCase = tuple[str, str, dict[str, Any], list[dict[str, Any]], set[str]]
"""One stress-set case: (name, goal, context, steps, the step ids the GOAL_* rules must name)."""


def llm_step(step_id: str, prompt: str) -> dict[str, Any]:
    """One ``llm`` step's data."""
    return {"id": step_id, "type": "llm", "prompt": prompt}


def goal_flagged(goal: str, context: dict[str, Any], steps: list[dict[str, Any]]) -> set[str]:
    """The step ids any ``GOAL_*`` rule names on a plan of ``goal``, ``context`` and ``steps``, linted as
    ``plankit lint`` would under the built-in default policy; the plan must be valid (a schema or reference error
    fails the test instead of passing it silently)."""
    diagnostics = Linter(Policy.default()).lint({"goal": goal, "context": context, "steps": steps})
    assert not [d.message for d in diagnostics if d.code in ("SCHEMA_INVALID", "MALFORMED_REFERENCE")]
    return {d.node_id for d in diagnostics if d.code.startswith("GOAL_") and d.node_id}


def stress_params(table: list[StressCase], known_limits: dict[str, str]) -> list[Any]:
    """``table``'s cases as pytest params named by their first field; a case named in ``known_limits`` is a strict
    xfail with that reason (a change that fixes it must move it out)."""
    return [
        pytest.param(*case, id=case[0], marks=[pytest.mark.xfail(reason=known_limits[case[0]], strict=True)])
        if case[0] in known_limits
        else pytest.param(*case, id=case[0])
        for case in table
    ]
