"""The seed's result types (plan-lint's names and fields), built from the engine's diagnostics.

``ValidationResult(status, risk_score, errors, warnings)`` with ``valid`` and ``violations``;
``PlanError(step, code, msg)`` and ``PlanWarning(step, code, msg)``, plus the node id, JSON path and hint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from ..plan import Plan, PlanStatus, ValidationInfo
from . import rules as _rules  # noqa: F401  (every rule must be registered before ErrorCode is built)
from ._findings import Diagnostic, Severity
from ._registry import RULES
from ._risk import Status


def _error_code_enum() -> type[StrEnum]:
    # Built from the registry, so every registered code is a member; the seed's seven keep their names.
    return StrEnum("ErrorCode", [(code, code) for code in RULES], module=__name__)  # type: ignore[return-value]


ErrorCode = _error_code_enum()
"""Every registered code as a string enum (``ErrorCode.TOOL_DENY == "TOOL_DENY"``)."""


@dataclass(frozen=True, slots=True)
class _Violation:
    step: int | None
    """Index of the top-level step holding the finding; None for plan-level findings."""
    code: str
    """An :data:`ErrorCode` member for built-in codes; a Rego policy's own code otherwise."""
    msg: str
    node_id: str | None = None
    path: str | None = None
    """JSON path in the canonical plan (``$.steps[1].params.amount``)."""
    hint: str | None = None

    @property
    def rule(self) -> str:
        """The code (plan-lint's ``violation.rule``)."""
        return self.code

    @property
    def message(self) -> str:
        """The message (plan-lint's ``violation.message``)."""
        return self.msg

    def to_dict(self) -> dict[str, Any]:
        """``{step, code, msg, node_id, path, hint}`` as plain JSON data."""
        return {
            "step": self.step,
            "code": str(self.code),
            "msg": self.msg,
            "node_id": self.node_id,
            "path": self.path,
            "hint": self.hint,
        }

    @classmethod
    def of(cls, diagnostic: Diagnostic) -> Self:
        """The seed-shaped view of a diagnostic."""
        # Rules registered after import (plugins, tests) and Rego policies' codes stay plain strings.
        code: str = ErrorCode.__members__.get(diagnostic.code, diagnostic.code)
        return cls(diagnostic.step, code, diagnostic.message, diagnostic.node_id, diagnostic.path, diagnostic.hint)


@dataclass(frozen=True, slots=True)
class PlanError(_Violation):
    """An error-severity finding: the plan must not run as it is."""


@dataclass(frozen=True, slots=True)
class PlanWarning(_Violation):
    """A warning: the plan may run, but someone should look (``--strict`` fails it)."""


@dataclass
class ValidationResult:
    """The verdict on one plan: status, risk score, and what was found.

    ``errors`` and ``warnings`` hold unsuppressed findings; ``info`` holds notes that never affect the status;
    ``diagnostics`` holds everything, suppressed findings included (``suppressed`` lists those).
    """

    status: Status
    risk_score: float
    errors: list[PlanError] = field(default_factory=list)
    warnings: list[PlanWarning] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    summarize: Callable[[], ValidationInfo] | None = field(default=None, repr=False, compare=False)
    """Computes :attr:`validation` on first use (most callers never read it, and at 100,000 steps it costs about a
    sixth of the lint). Until then the result keeps the plan's graph alive (not the rules' indexes)."""
    _validation: ValidationInfo | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def validation(self) -> ValidationInfo | None:
        """The plan IR's summary (tools and chains used, estimated duration and gas, the issues), for a plan
        that loaded; None when it did not. See :meth:`apply_to`."""
        if self._validation is None and self.summarize is not None:
            self._validation, self.summarize = self.summarize(), None
        return self._validation

    def apply_to(self, plan: Plan) -> Plan:
        """A copy of ``plan`` carrying this verdict: its ``validation`` set, and a ``draft`` plan that passed
        moved to ``validated`` (a plan that failed stays as it is, and can never be validated by this)."""
        if self.validation is None:
            raise ValueError("this result has no validation summary: the plan did not load")
        update: dict[str, Any] = {"validation": self.validation}
        if self.valid and plan.status is PlanStatus.DRAFT:
            update["status"] = PlanStatus.VALIDATED
        return plan.model_copy(update=update)

    @property
    def valid(self) -> bool:
        """True unless the status is ``ERROR`` (a plan with only warnings is valid)."""
        return self.status is not Status.ERROR

    @property
    def violations(self) -> list[PlanError | PlanWarning]:
        """Errors, then warnings."""
        return [*self.errors, *self.warnings]

    @property
    def info(self) -> list[Diagnostic]:
        """Unsuppressed info notes."""
        return [d for d in self.diagnostics if d.severity is Severity.INFO and not d.suppressed]

    @property
    def suppressed(self) -> list[Diagnostic]:
        """Findings silenced by a ``lint_ignore`` entry (reported, never counted)."""
        return [d for d in self.diagnostics if d.suppressed]

    @classmethod
    def from_diagnostics(cls, diagnostics: list[Diagnostic], status: Status, risk: float) -> ValidationResult:
        """Sort diagnostics into the seed's lists."""
        if not diagnostics:  # most plans: nothing to sort
            return cls(status, risk, [], [], [])
        live = [d for d in diagnostics if not d.suppressed]
        errors = [PlanError.of(d) for d in live if d.severity is Severity.ERROR]
        warnings = [PlanWarning.of(d) for d in live if d.severity is Severity.WARNING]
        return cls(status, risk, errors, warnings, list(diagnostics))

    def to_dict(self) -> dict[str, Any]:
        """The JSON report of this result (``plankit lint --format json`` prints exactly this)."""
        return {
            "status": self.status.value,
            "risk_score": self.risk_score,
            "valid": self.valid,
            "errors": [error.to_dict() for error in self.errors],
            "warnings": [warning.to_dict() for warning in self.warnings],
            "violations": [
                {**v.to_dict(), "severity": "error" if isinstance(v, PlanError) else "warning"} for v in self.violations
            ],
            "info": [_diagnostic_dict(d) for d in self.info],
            "suppressed": [
                {**_diagnostic_dict(d), "severity": d.severity.value, "reason": d.suppression_reason}
                for d in self.suppressed
            ],
        }


def _diagnostic_dict(diagnostic: Diagnostic) -> dict[str, Any]:
    return {
        "step": diagnostic.step,
        "code": diagnostic.code,
        "msg": diagnostic.message,
        "node_id": diagnostic.node_id,
        "path": diagnostic.path,
        "hint": diagnostic.hint,
    }
