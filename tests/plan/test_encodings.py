"""Files as editors save them: a UTF-8 byte order mark (Windows Notepad, PowerShell's `Out-File -Encoding
utf8`) is read past; UTF-16 and other encodings are refused with what to do, not a decoder's words."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from plankit.errors import PlanFormatError, PolicyError
from plankit.lint import Policy
from plankit.plan import load_plan

PLAN = '{"goal": "g", "steps": [{"id": "a", "tool": "db.read"}]}'


def test_a_utf8_bom_is_read_past_in_json_and_yaml(tmp_path: Path) -> None:
    (tmp_path / "plan.json").write_text(PLAN, encoding="utf-8-sig")
    assert [step.id for step in load_plan(tmp_path / "plan.json").steps] == ["a"]
    (tmp_path / "plan.yaml").write_text("goal: g\nsteps:\n  - {id: a, tool: db.read}\n", encoding="utf-8-sig")
    assert [step.id for step in load_plan(tmp_path / "plan.yaml").steps] == ["a"]
    (tmp_path / "policy.yaml").write_text('deny_tools: ["db.*"]\n', encoding="utf-8-sig")
    assert Policy.load(tmp_path / "policy.yaml").deny_tools == ["db.*"]
    assert [step.id for step in load_plan(io.StringIO("\ufeff" + PLAN)).steps] == ["a"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_named_with_the_fix(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "plan.json"
    path.write_text(("\ufeff" if encoding != "utf-16" else "") + PLAN, encoding=encoding)
    with pytest.raises(PlanFormatError) as raised:
        load_plan(path)
    assert (raised.value.message, [(p.path, p.message, p.hint) for p in raised.value.problems]) == (
        "not UTF-8 text: it is UTF-16",
        [("$", "UTF-16 text", "save the file as UTF-8: plans and policies are UTF-8 JSON or YAML")],
    )


def test_other_bytes_say_where_and_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "policy.yaml"
    path.write_bytes('deny_tools: ["caf\u00e9"]\n'.encode("latin-1"))
    with pytest.raises(PolicyError) as raised:
        Policy.load(path)
    assert (raised.value.message, [(p.path, p.message, p.hint) for p in raised.value.problems]) == (
        "not UTF-8 text (byte 17)",
        [("line 1, column 18", "not UTF-8", "save the file as UTF-8: plans and policies are UTF-8 JSON or YAML")],
    )
