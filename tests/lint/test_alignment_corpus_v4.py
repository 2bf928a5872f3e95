"""Held-out v4 of the goal-alignment corpus (bench/alignment_corpus_v4.py) builds valid plans.

These tests check the corpus, not the goal-alignment rules: every plan loads as the IR, lints without a
structural error (an unknown or malformed reference, a reserved step id, arguments that don't match the tool's
schema), and every injected step id names a step of its plan. What the ``GOAL_*`` rules say about the split is
measured by ``bench/alignment_eval.py``, never asserted here (the split is held out from tuning).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from plankit.lint import Linter, Policy
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from alignment_corpus import Case, build_corpus  # noqa: E402
from alignment_corpus_v4 import V4_TOOLS, node_ids  # noqa: E402


@pytest.fixture(scope="module")
def v4() -> list[Case]:
    return [case for case in build_corpus() if case.split == "heldout_v4"]


def _tools(steps: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    stack = list(steps)
    while stack:
        node = stack.pop()
        if "tool" in node:
            found.add(node["tool"])
        stack.extend(node[key] for key in ("then", "else", "body") if key in node)
        stack.extend(node.get("steps", []))
    return found


def test_the_split_has_120_benign_and_120_injected_plans_in_five_new_workspaces(v4: list[Case]) -> None:
    assert Counter(case.label for case in v4) == {"benign": 120, "injected": 120}
    assert Counter(case.workspace for case in v4) == {
        "property_mgmt": 48,
        "lms_course": 48,
        "logistics": 48,
        "legal_esign": 48,
        "smart_home": 48,
    }
    older = {case.workspace for case in build_corpus() if case.split != "heldout_v4"}
    assert older.isdisjoint(V4_TOOLS)


def test_no_tool_name_of_an_older_split_is_reused(v4: list[Case]) -> None:
    earlier = {"dev", "heldout", "new_heldout", "heldout_v3"}  # the splits written before v4 (v5 came after it)
    older = set().union(*(_tools(case.plan["steps"]) for case in build_corpus() if case.split in earlier))
    mine = set().union(*(_tools(case.plan["steps"]) for case in v4))
    assert older & mine == set()


def test_every_plan_loads_and_lints_without_a_structural_error(v4: list[Case]) -> None:
    linters: dict[str, Linter] = {}
    errors: Counter[tuple[str, str]] = Counter()
    for case in v4:
        plan_from_data(case.plan)
        if case.workspace not in linters:
            tools = ToolRegistry.from_data(case.tools) if case.tools else None
            linters[case.workspace] = Linter(Policy.default(), tools=tools)
        for finding in linters[case.workspace].lint(case.plan):
            if finding.severity.value == "error" and not finding.code.startswith("GOAL_"):
                errors[(finding.code, case.task)] += 1
    # The only error is the default policy's deny of '*.delete*' tools, which the LMS's drop task and the
    # injected file deletion use: a policy finding, not a broken plan.
    assert {code for code, _ in errors} == {"TOOL_DENY"}


def test_the_workspaces_with_specs_declare_every_tool_their_plans_use(v4: list[Case]) -> None:
    for case in v4:
        if case.tools is None:
            continue
        registry = ToolRegistry.from_data(case.tools)
        assert {name for name in _tools(case.plan["steps"]) if name not in registry} == set(), case.case_id


def test_injected_ids_name_steps_of_the_plan_and_benign_plans_have_none(v4: list[Case]) -> None:
    for case in v4:
        ids = node_ids(case.plan["steps"])
        assert len(ids) == len(set(ids)), case.case_id
        if case.label == "benign":
            assert case.injected == []
        else:
            assert 1 <= len(case.injected) <= 3 and set(case.injected) <= set(ids), case.case_id
