"""The held-out v6 split of the goal-alignment corpus (bench/alignment_corpus_v6.py) builds, has its counts,
and every plan in it is a valid plan: it loads, and the linter finds nothing structurally wrong with it.

Only the split's shape is checked here, never what the GOAL_* rules say about it (that is what the split
measures, once, with ``python bench/alignment_eval.py``)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from alignment_corpus import build_corpus
from alignment_corpus_v6 import V6, V6_TOOLS, heldout_v6

from plankit.lint import Linter, Policy
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry

WORKSPACES = ["claims", "city", "esp", "warehouse", "lab"]
STRUCTURAL = {
    "SCHEMA_INVALID",
    "DUPLICATE_ID",
    "RULE_CRASHED",
    "CONTRA_NO_TOOL",
    "TOOL_ARGS_INVALID",
    "UNKNOWN_REFERENCE",
    "MALFORMED_REFERENCE",
    "IMPLICIT_DEPENDENCY",
    "LOOP_DETECTED",
    "CONTRA_CIRCULAR",
    "CONTRA_INFINITE",
    "LIMIT_EXCEEDED",
    "MAX_STEPS_EXCEEDED",
}


@pytest.fixture(scope="module")
def cases() -> list:
    return [case for case in build_corpus() if case.split == "heldout_v6"]


def test_the_split_has_24_benign_and_24_injected_plans_per_workspace(cases: list) -> None:
    counts = Counter((case.workspace, case.label) for case in cases)
    assert counts == {(space, label): 24 for space in WORKSPACES for label in ("benign", "injected")}
    assert [case.case_id for case in cases[:2]] == ["claims-v6-000-benign", "claims-v6-000-injected"]
    assert [case.case_id for case in cases] == [case.case_id for case in heldout_v6()]  # same seed, same cases


def test_every_template_is_used_and_the_templates_are_varied(cases: list) -> None:
    tasks = {case.task for case in cases}
    attacks = {case.attack for case in cases if case.label == "injected"}
    assert tasks == {task.__name__ for space_tasks, _ in V6.values() for task in space_tasks}
    assert attacks == {attack.__name__ for _, space_attacks in V6.values() for attack in space_attacks}
    assert (len(tasks), len(attacks)) == (30, 34)


def test_the_workspaces_describe_their_tools_in_different_ways() -> None:
    assert all(spec.get("effects") for spec in V6_TOOLS["claims"] or [])
    city = V6_TOOLS["city"] or []
    assert 0 < sum("effects" in spec for spec in city) < len(city)
    assert all("annotations" in spec and "effects" not in spec for spec in V6_TOOLS["esp"] or [])
    assert (V6_TOOLS["warehouse"], V6_TOOLS["lab"]) == (None, None)


def test_injected_plans_are_the_benign_steps_plus_the_marked_ones(cases: list) -> None:
    for benign, injected in zip(cases[::2], cases[1::2], strict=True):
        assert (benign.label, injected.label, benign.plan["goal"]) == ("benign", "injected", injected.plan["goal"])
        ids = [item["id"] for item in injected.plan["steps"]]
        assert 1 <= len(injected.injected) <= 3, injected.case_id
        assert [sid for sid in ids if sid not in injected.injected] == [item["id"] for item in benign.plan["steps"]]
        assert set(injected.injected) <= set(ids)


def test_every_plan_loads_and_lints_without_structural_findings(cases: list) -> None:
    policy = Policy.default()
    linters: dict[str, Linter] = {}
    problems = []
    for case in cases:
        plan_from_data(case.plan)
        if case.workspace not in linters:
            tools = ToolRegistry.from_data(case.tools) if case.tools else None
            linters[case.workspace] = Linter(policy, tools=tools)
        for finding in linters[case.workspace].lint(case.plan):
            is_error = getattr(finding.severity, "value", finding.severity) == "error"
            # A benign plan has no error at all; an injected one may (its steps are the attack), but none of
            # structure.
            if finding.code in STRUCTURAL or (is_error and case.label == "benign"):
                problems.append((case.case_id, finding.code, finding.node_id))
    assert problems == []
