"""Policy files as new users get them wrong: each problem says where (JSON path), what, and how to fix it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from plankit.errors import PolicyError
from plankit.lint import Policy

MAPPING_OF_KEYS = (
    'start from {"allow_tools": ["payments.*"], "deny_tools": ["shell.*"]}; `plankit policy default` shows every key'
)


def _problems(tmp_path: Path, data: Any) -> tuple[str, list[tuple[str, str, str | None]]]:
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PolicyError) as raised:
        Policy.load(path)
    return raised.value.message, [(p.path, p.message, p.hint) for p in raised.value.problems]


def test_a_json_list_of_patterns_is_told_to_go_under_a_key(tmp_path: Path) -> None:
    assert _problems(tmp_path, ["payments.*", "crm.*"]) == (
        "a policy is a mapping of keys, got a list",
        [("$", "not a policy", 'put tool patterns under a key: {"allow_tools": ["payments.*", "crm.*"]}')],
    )
    assert _problems(tmp_path, ["allow_tools", "deny_tools"]) == (
        "a policy is a mapping of keys, got a list",
        [
            (
                "$",
                "not a policy",
                "write the keys at the top level, without '- ' (allow_tools: [...], not - allow_tools)",
            )
        ],
    )
    assert _problems(tmp_path, [{"allow_tools": ["x"]}]) == (
        "a policy is a mapping of keys, got a list",
        [("$", "not a policy", MAPPING_OF_KEYS)],
    )


@pytest.mark.parametrize(("data", "kind"), [("allow all", "a string"), (42, "a number"), (True, "a boolean")])
def test_a_scalar_is_not_a_policy(tmp_path: Path, data: Any, kind: str) -> None:
    assert _problems(tmp_path, data) == (
        f"a policy is a mapping of keys, got {kind}",
        [("$", "not a policy", MAPPING_OF_KEYS)],
    )


def test_a_single_pattern_where_a_list_goes_shows_the_list_to_write(tmp_path: Path) -> None:
    assert _problems(tmp_path, {"allow_tools": "payments.*", "sinks": None, "tool_effects": {"crm.*": "write"}})[1] == [
        ("$.allow_tools", "a list is expected, got the string 'payments.*'", 'write ["payments.*"]'),
        ("$.sinks", "a list is expected, got null", "write [] for none, or leave the key out"),
        ('$.tool_effects["crm.*"]', "a list is expected, got the string 'write'", 'write ["write"]'),
    ]


def test_a_list_where_a_mapping_goes_shows_the_mapping_to_write(tmp_path: Path) -> None:
    assert _problems(tmp_path, {"bounds": [1, 2], "severity": ["TOOL_DENY"], "balances": 3})[1] == [
        ("$.bounds", "a mapping is expected, got a list", 'write {"payments.transfer.amount": [0.01, 1000]}'),
        ("$.balances", "a mapping is expected, got a number", 'write {"ETH": 2.5}'),
        ("$.severity", "a mapping is expected, got a list", 'write {"TOOL_DENY": "warning"}'),
    ]


def test_a_bad_regex_is_reported_at_its_index(tmp_path: Path) -> None:
    assert _problems(tmp_path, {"deny_tokens_regex": [r"\bdrop\b", "(unclosed"]})[1] == [
        (
            "$.deny_tokens_regex[1]",
            "invalid regex '(unclosed': missing ), unterminated subpattern at position 0",
            None,
        )
    ]
