"""Rego policies, evaluated in process with ``regopy`` (``pip install 'plankit[rego]'``; no ``opa`` binary).

Every file is added as a module to one interpreter (several files may share the ``plankit`` package),
and :data:`QUERY` is asked once per plan. The contract is documented on the ``REGO_VIOLATION`` rule
(``plankit rules REGO_VIOLATION``). Problems in the policy itself are :class:`~plankit.errors.PolicyError`
when the files load (missing file, syntax error, no ``violations`` rule); problems that show up only while
evaluating a plan are reported by the engine as ``RULE_CRASHED``, so they fail the plan.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FormatProblem, MissingExtraError, PolicyError

QUERY = "data.plankit.violations"
"""The Rego rule the engine queries: a set (or array) of ``{code, msg, step}`` objects."""

SEVERITIES = ("error", "warning", "info")

# regopy's errors are s-expressions whose strings carry their length: (error 8:bad.rego|36|1 (errormsg 16:...
_PACKAGE = re.compile(r"^\s*package\s+plankit\s*(#.*)?$", re.MULTILINE)
_RULE_HEAD = re.compile(r"^\s*(default\s+)?violations\b", re.MULTILINE)
_ERROR = re.compile(r"\(error \d+:[^|]*\|(?P<offset>\d+)\|\d+\s*\(errormsg (?P<length>\d+):")


class RegoEvaluationError(Exception):
    """A Rego policy failed while evaluating one plan, or returned something that is not a violation."""


@dataclass(frozen=True, slots=True)
class RegoViolation:
    """One entry of ``data.plankit.violations``, checked."""

    code: str
    msg: str
    step: int | str | None
    severity: str | None
    hint: str | None


class RegoPolicy:
    """Rego files loaded into one regopy interpreter, ready to evaluate plans."""

    def __init__(self, files: Sequence[str | Path]):
        regopy = _import_regopy()
        self.files = [str(file) for file in files]
        self._interpreter = regopy.Interpreter()
        # regopy prints compile errors to stdout by default, which would corrupt JSON reports.
        self._interpreter.log_level = regopy.LogLevel.NONE
        sources = [self._add_module(regopy, file) for file in self.files]
        self._check_defines_query(sources)

    def _add_module(self, regopy: Any, file: str) -> str:
        try:
            source = Path(file).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise PolicyError("no such Rego file", source=file) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise PolicyError(f"can't read the Rego file: {exc}", source=file) from None
        try:
            self._interpreter.add_module(file, source)
        except regopy.RegoError as exc:
            raise PolicyError("Rego syntax error", _syntax_problems(str(exc), source), source=file) from None
        return source

    def _check_defines_query(self, sources: list[str]) -> None:
        # A rule may be undefined for some plans (that means no violations), so this looks at the source:
        # a policy that never defines the rule would otherwise pass every plan without a word.
        if not any(_PACKAGE.search(source) and _RULE_HEAD.search(source) for source in sources):
            raise PolicyError(
                f"no Rego file defines {QUERY}",
                [FormatProblem("$", "no violations rule in package plankit", "see plankit rules REGO_VIOLATION")],
                source=", ".join(self.files),
            )

    def evaluate(self, document: dict[str, Any]) -> list[RegoViolation]:
        """The violations the policy finds in ``document`` (canonical plan JSON with ``context``); an
        undefined rule means none."""
        self._interpreter.set_input(document)
        output = self._interpreter.query(QUERY)
        if not output.ok():
            raise RegoEvaluationError(f"evaluating {QUERY} failed: {output}")
        if str(output) == "undefined" or not output.results:
            return []
        value = output.results[0].expressions[0]
        if not isinstance(value, list):
            raise RegoEvaluationError(
                f"{QUERY} must be a set or an array of objects, got {type(value).__name__} "
                "(write `violations contains v if {...}`)"
            )
        return [_violation(item, index) for index, item in enumerate(value)]


def _violation(item: Any, index: int) -> RegoViolation:
    where = f"{QUERY}[{index}]"
    if not isinstance(item, dict):
        raise RegoEvaluationError(f"{where} is {type(item).__name__}, not an object {{code, msg, step}}")
    code, msg, step = item.get("code"), item.get("msg"), item.get("step")
    if not isinstance(code, str) or not code:
        raise RegoEvaluationError(f"{where} has no string 'code'")
    if not isinstance(msg, str) or not msg:
        raise RegoEvaluationError(f"{where} ({code}) has no string 'msg'")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int | str)):
        raise RegoEvaluationError(f"{where} ({code}) has a 'step' that is neither an index nor a step id")
    severity, hint = item.get("severity"), item.get("hint")
    if severity is not None and severity not in SEVERITIES:
        choices = ", ".join(SEVERITIES)
        raise RegoEvaluationError(f"{where} ({code}) has severity {severity!r}; use one of {choices}")
    if hint is not None and not isinstance(hint, str):
        raise RegoEvaluationError(f"{where} ({code}) has a 'hint' that is not a string")
    return RegoViolation(code, msg, step, severity, hint)


def _syntax_problems(error: str, source: str) -> list[FormatProblem]:
    problems = []
    for match in _ERROR.finditer(error):
        offset = int(match["offset"])
        line = source.count("\n", 0, offset) + 1
        column = offset - (source.rfind("\n", 0, offset) + 1) + 1
        message = error[match.end() : match.end() + int(match["length"])]
        problems.append(FormatProblem(f"line {line}, column {column}", message.strip()))
    return problems or [FormatProblem("$", error.strip())]


def _import_regopy() -> Any:
    try:
        import regopy
    except ImportError:
        raise MissingExtraError("regopy", "rego") from None
    return regopy
