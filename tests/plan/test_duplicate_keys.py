"""A key written twice in one object is refused, in JSON and YAML plans and policies alike.

JSON and YAML parsers keep the last value silently, and not every reader does the same: a reviewer who reads
`"tool": "db.read"` and a linter that reads the later `"tool": "shell.exec"` would approve different plans, and a
policy's second `deny_tools: []` emptied the first without a word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from plankit.errors import PlanFormatError, PolicyError
from plankit.lint import Policy
from plankit.plan import load_plan, loads_plan

HINT = "write each key once; readers disagree on which value wins, so a reviewer and plankit could see different plans"


def _problem(text: str, fmt: str | None = None) -> tuple[str, str, str | None, str]:
    with pytest.raises(PlanFormatError) as raised:
        loads_plan(text) if fmt is None else loads_plan(text, fmt=fmt)  # type: ignore[arg-type]
    [problem] = raised.value.problems
    return raised.value.message, problem.path, problem.message, problem.hint or ""


def test_a_json_key_written_twice_is_refused_with_where() -> None:
    text = '{"goal": "g", "steps": [{"id": "a", "tool": "db.read", "tool": "shell.exec"}]}'
    assert _problem(text) == ("unreadable JSON", "line 1, column 63", "duplicate key 'tool'", HINT)


def test_a_yaml_key_written_twice_is_refused_with_where() -> None:
    text = "goal: g\nsteps:\n  - id: a\n    tool: db.read\n    tool: shell.exec\n"
    assert _problem(text) == ("unreadable YAML", "line 5, column 5", "duplicate key 'tool'", HINT)


def test_the_same_key_in_different_objects_is_fine() -> None:
    text = '{"goal": "g", "steps": [{"id": "a", "tool": "x"}, {"id": "b", "tool": "x", "params": {"id": 1}}]}'
    assert [step.id for step in loads_plan(text).steps] == ["a", "b"]
    assert [step.id for step in loads_plan("steps:\n  - {id: a, tool: x}\n  - {id: b, tool: x}\n").steps] == ["a", "b"]


def test_json_that_only_the_fallback_parser_reads_is_checked_too() -> None:
    # A lone surrogate escape is refused by the fast parser; json reads it, and the duplicate is still found.
    text = '{"goal": "\\ud800", "steps": [], "steps": []}'
    assert _problem(text)[1:3] == ("$", "duplicate key 'steps'")


def test_a_policy_that_writes_deny_tools_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "policy.yaml"
    path.write_text('deny_tools: ["shell.*"]\ndeny_tools: []\n', encoding="utf-8")
    with pytest.raises(PolicyError) as raised:
        Policy.load(path)
    assert [(p.path, p.message) for p in raised.value.problems] == [("line 2, column 1", "duplicate key 'deny_tools'")]


def test_a_plan_file_with_a_duplicate_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text('{"goal": "g", "goal": "h", "steps": []}', encoding="utf-8")
    with pytest.raises(PlanFormatError, match="duplicate key 'goal'"):
        load_plan(path)
