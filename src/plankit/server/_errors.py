"""API errors: every failure answers ``{"error": {"code", "message", "details"}}`` with a fitting status.

``details`` carries what the CLI would print: the loader's problems (JSON path, message, hint), the lint
report of a refused plan, the fields a request got wrong.
"""

from __future__ import annotations

from typing import Any

from ..errors import PlanFormatError, PlanRefusedError


class ApiError(Exception):
    """An error answer: HTTP ``status``, a stable machine ``code``, a sentence for people, and ``details``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Any = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        """The JSON body of the answer."""
        return error_body(self.code, self.message, self.details)


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    """``{"error": {"code", "message", "details"}}``."""
    return {"error": {"code": code, "message": message, "details": details}}


def not_found(kind: str, object_id: str) -> ApiError:
    """The same answer for a missing object and for another user's (no existence leak)."""
    return ApiError(404, "not_found", f"no {kind} {object_id!r}")


def invalid_plan(exc: PlanFormatError) -> ApiError:
    """A plan document that can't be used: every problem, with its JSON path."""
    problems = [{"path": p.path, "message": p.message, "hint": p.hint} for p in exc.problems]
    return ApiError(422, "invalid_plan", exc.message, {"problems": problems})


def refused(exc: PlanRefusedError) -> ApiError:
    """A plan the linter refused: the message and the lint report (as ``plankit lint --format json``)."""
    report = exc.result.to_dict() if exc.result is not None else None
    return ApiError(422, "plan_refused", str(exc), {"report": report})
