"""Fuzz the plan and policy loaders from the file up, as users meet them: any bytes in a file (broken UTF-8,
a BOM, UTF-16, NUL bytes, half a document) give a Plan or a Policy, or the one documented error with a message;
`plankit lint` exits 0, 1 or 2 and prints no traceback.

tests/plan/test_fuzz.py fuzzes plan text and parsed data; tests/lint/test_policy_merge.py parsed policy data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from plankit.cli import app
from plankit.errors import PlanFormatError, PolicyError
from plankit.lint import Policy, validate_plan
from plankit.plan import Plan, load_plan

runner = CliRunner()

_PLAN_KEYS = ["goal", "steps", "root", "id", "tool", "params", "args", "type", "then", "condition", "trigger"]
_POLICY_KEYS = [
    "allow_tools", "deny_tools", "bounds", "sinks", "builtin_sinks", "severity", "risk_weights", "tool_effects",
    "goal_alignment", "max_steps", "deny_tokens_regex", "rego", "trusted_values",
]  # fmt: skip
_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
_values = st.recursive(
    _scalars | st.sampled_from(["payments.*", "(unclosed", "warn", "off", "TOOL_DENY", "[0, 1]", "{{a.b}}"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(_PLAN_KEYS + _POLICY_KEYS) | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=10,
)
_encodings = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "latin-1"])


@st.composite
def _file_bytes(draw: st.DrawFn) -> bytes:
    """Bytes a user could have in a plan or policy file: raw junk, or a JSON/YAML document in some encoding,
    maybe cut short or with a byte flipped."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=80))
    value = draw(_values)
    text = json.dumps(value, allow_nan=True) if draw(st.booleans()) else _yamlish(value)
    try:
        data = text.encode(draw(_encodings))
    except UnicodeEncodeError:
        data = text.encode("utf-8", "surrogatepass")
    if data and draw(st.booleans()):
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + draw(st.binary(max_size=2)) + data[at + draw(st.integers(0, 2)) :]
    return data


def _yamlish(value: Any) -> str:
    import yaml

    try:
        return str(yaml.safe_dump(value, allow_unicode=True))
    except yaml.YAMLError:
        return json.dumps(value, allow_nan=True)


_suffixes = st.sampled_from([".json", ".yaml", ".yml", ".txt", ""])
_fuzz = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)


@_fuzz
@given(_file_bytes(), _suffixes)
def test_any_plan_file_loads_or_says_why(tmp_path: Path, data: bytes, suffix: str) -> None:
    path = tmp_path / f"plan{suffix}"
    path.write_bytes(data)
    try:
        assert isinstance(load_plan(path), Plan)
    except PlanFormatError as error:
        assert str(error).startswith(str(path)) and error.message
    try:
        result = validate_plan(path)  # an invalid plan is findings; an unreadable file is the loader's error
        assert result.status.value in ("PASS", "WARN", "ERROR")
    except PlanFormatError as error:
        assert error.message


@_fuzz
@given(_file_bytes(), _suffixes)
def test_any_policy_file_loads_or_says_why(tmp_path: Path, data: bytes, suffix: str) -> None:
    path = tmp_path / f"policy{suffix}"
    path.write_bytes(data)
    try:
        assert isinstance(Policy.load(path), Policy)
    except PolicyError as error:
        assert str(error).startswith(str(path)) and error.message


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(_file_bytes(), _file_bytes())
def test_plankit_lint_exits_with_a_documented_code_and_no_traceback(tmp_path: Path, plan: bytes, policy: bytes) -> None:
    (tmp_path / "plan.json").write_bytes(plan)
    (tmp_path / "policy.yaml").write_bytes(policy)
    for args in (
        ["lint", str(tmp_path / "plan.json")],
        ["lint", str(tmp_path / "plan.json"), "-p", str(tmp_path / "policy.yaml")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code in (0, 1, 2), (args, result.output, result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            assert (
                result.stderr.startswith("error: ")
                or "SCHEMA_INVALID" in result.stdout
                or "DUPLICATE_ID" in result.stdout
            ), (
                result.stdout,
                result.stderr,
            )
