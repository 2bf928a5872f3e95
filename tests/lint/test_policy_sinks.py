"""``sinks`` adds to the built-in sinks (``notify.*``, ``http.*``, ``email.*``, ``file.write*``), in one file
and in a merge; only ``builtin_sinks: false``, an explicit key, drops them.

Before, a file that set ``sinks: [crm.export]`` replaced the built-ins, and so did a team's overlay on an org
policy that set no sinks: a plan mailing a secret out passed DATA_EXFILTRATION without anyone saying so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from plankit.errors import PolicyError
from plankit.lint import Linter, Policy
from plankit.lint._policy import DEFAULT_SINKS

BUILT_IN = ["notify.*", "http.*", "email.*", "file.write*"]

# A secret from the context goes out by email, then by a CRM export.
PLAN: dict[str, Any] = {
    "goal": "send the weekly report",
    "context": {"api_key": "k-123"},
    "steps": [
        {"id": "mail", "tool": "email.send", "args": {"to": "ops@corp.example", "body": "{{context.api_key}}"}},
        {"id": "export", "tool": "crm.export", "args": {"note": "{{context.api_key}}"}},
    ],
}


def _leaks(*policies: Path | Policy) -> list[tuple[str, str | None]]:
    source: Any = policies[0] if len(policies) == 1 and isinstance(policies[0], Policy) else [str(p) for p in policies]
    linter = Linter(source, select=["DATA_EXFILTRATION"])
    return [(d.code, d.node_id) for d in linter.lint(PLAN)]


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_built_in_sinks_are_the_documented_ones() -> None:
    assert DEFAULT_SINKS == BUILT_IN
    assert Policy().sinks == BUILT_IN


def test_sinks_in_a_file_add_to_the_built_in_ones(tmp_path: Path) -> None:
    team = _file(tmp_path, "team.yaml", 'sinks: ["crm.export"]\n')
    assert Policy.load(team).sinks == [*BUILT_IN, "crm.export"]
    assert _leaks(team) == [("DATA_EXFILTRATION", "mail"), ("DATA_EXFILTRATION", "export")]


def test_an_overlay_that_sets_sinks_keeps_the_built_in_ones(tmp_path: Path) -> None:
    org = _file(tmp_path, "org.yaml", 'deny_tools: ["shell.*"]\n')
    team = _file(tmp_path, "team.yaml", 'sinks: ["crm.export"]\n')
    assert Policy.load_all([org, team]).sinks == [*BUILT_IN, "crm.export"]
    assert _leaks(org, team) == [("DATA_EXFILTRATION", "mail"), ("DATA_EXFILTRATION", "export")]


def test_builtin_sinks_false_drops_them_and_says_so_in_the_file(tmp_path: Path) -> None:
    own = _file(tmp_path, "own.yaml", 'builtin_sinks: false\nsinks: ["crm.export"]\n')
    assert Policy.load(own).sinks == ["crm.export"]
    assert _leaks(own) == [("DATA_EXFILTRATION", "export")]
    none = _file(tmp_path, "none.yaml", "builtin_sinks: false\n")
    assert Policy.load(none).sinks == []
    assert _leaks(none) == []


def test_in_a_merge_builtin_sinks_is_one_value_the_later_file_names(tmp_path: Path) -> None:
    org = _file(tmp_path, "org.yaml", 'builtin_sinks: false\nsinks: ["crm.export"]\n')
    team = _file(tmp_path, "team.yaml", 'sinks: ["slack.*"]\n')
    assert Policy.load_all([org, team]).sinks == ["crm.export", "slack.*"]  # the team did not bring them back
    back = _file(tmp_path, "back.yaml", "builtin_sinks: true\n")
    assert Policy.load_all([org, team, back]).sinks == [*BUILT_IN, "crm.export", "slack.*"]
    # An overlay may drop them by naming the key, as it may turn goal_alignment off (docs/linting.md).
    drop = _file(tmp_path, "drop.yaml", "builtin_sinks: false\n")
    assert Policy.load_all([team, drop]).sinks == ["slack.*"]


def test_a_dump_shows_the_sinks_as_written_and_loads_back_the_same(tmp_path: Path) -> None:
    written = _file(tmp_path, "p.yaml", 'sinks: ["email.*", "crm.export"]\n')
    policy = Policy.load(written)
    assert policy.sinks == ["notify.*", "http.*", "file.write*", "email.*", "crm.export"]
    assert yaml.safe_load(policy.to_yaml()) == {"sinks": ["email.*", "crm.export"]}
    again = _file(tmp_path, "again.yaml", policy.to_yaml())
    assert Policy.load(again) == policy
    dropped = Policy(builtin_sinks=False, sinks=["crm.export"])
    assert yaml.safe_load(dropped.to_yaml()) == {"builtin_sinks": False, "sinks": ["crm.export"]}
    assert Policy.model_validate(dropped.model_dump(mode="json", exclude_defaults=True)) == dropped


def test_python_policies_follow_the_same_rule() -> None:
    assert Policy(sinks=["crm.export"]).sinks == [*BUILT_IN, "crm.export"]
    assert Policy(sinks=["crm.export"], builtin_sinks=False).sinks == ["crm.export"]
    assert _leaks(Policy(sinks=["crm.export"])) == [("DATA_EXFILTRATION", "mail"), ("DATA_EXFILTRATION", "export")]


def test_a_misspelled_key_names_builtin_sinks(tmp_path: Path) -> None:
    typo = _file(tmp_path, "typo.yaml", "builtin_sink: false\n")
    with pytest.raises(PolicyError) as raised:
        Policy.load(typo)
    assert [(p.path, p.message, p.hint) for p in raised.value.problems] == [
        ("$.builtin_sink", "unknown policy key 'builtin_sink'", "did you mean 'builtin_sinks'?")
    ]
