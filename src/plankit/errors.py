"""The exception tree of plankit, and how failures are classified.

Every exception plankit raises on purpose derives from :class:`PlankitError`; where a builtin fits,
the class subclasses it too, so ``except ValueError`` keeps working for callers who don't know plankit::

    PlankitError
    ├── PlanFormatError (ValueError)      a plan document that can't be used: unreadable, invalid, too big
    ├── PlanStatusError (ValueError)      an illegal plan status transition
    ├── PolicyError (ValueError)          a policy document that can't be used
    ├── ConfigError (ValueError)          another configuration document (feeds) that can't be used
    ├── MissingExtraError (ImportError)   an optional dependency is not installed
    ├── PlanRefusedError                  the executor refused a plan with lint errors; nothing ran
    ├── LeaseHeldError (RuntimeError)     another live process runs that execution (or decides that schedule)
    ├── DecisionError (ValueError)        an approval or denial that may not be recorded
    │   └── DecisionExistsError           the step was already decided (decisions are write-once)
    └── StepFailure                       a step failed while running; classified by :class:`ErrorType`
        ├── RateLimitError                the tool was rate limited (retried after ``retry_after``)
        ├── ServerError                   a server-side failure (retried)
        ├── ToolError                     the tool itself failed (retried)
        │   └── StepTimeoutError          an attempt ran past its ``timeout_ms`` (retried)
        └── UserError (ValueError)        the input is wrong (never retried)
            └── ResolutionError           a reference or condition could not be evaluated
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = [
    "ConfigError",
    "DecisionError",
    "DecisionExistsError",
    "ErrorType",
    "FormatProblem",
    "LeaseHeldError",
    "MissingExtraError",
    "PlanFormatError",
    "PlanRefusedError",
    "PlanStatusError",
    "PlankitError",
    "PolicyError",
    "RateLimitError",
    "ResolutionError",
    "ServerError",
    "StepFailure",
    "StepTimeoutError",
    "ToolError",
    "UserError",
]


class PlankitError(Exception):
    """Base class of every error plankit raises on purpose."""


@dataclass(frozen=True)
class FormatProblem:
    """One thing wrong with an input document: where (a JSON path such as ``$.steps[2].tool``) and what."""

    path: str
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        text = f"{self.path}: {self.message}"
        return f"{text} ({self.hint})" if self.hint else text


class _DocumentError(PlankitError, ValueError):
    """An input document that can't be used; carries every problem found, not only the first."""

    def __init__(self, message: str, problems: list[FormatProblem] | None = None, source: str | None = None):
        self.message = message
        self.problems: list[FormatProblem] = list(problems or [])
        self.source = source
        super().__init__(self._render())

    def _render(self) -> str:
        head = f"{self.source}: {self.message}" if self.source else self.message
        if not self.problems:
            return head
        return head + "\n" + "\n".join(f"  {problem}" for problem in self.problems)


class PlanFormatError(_DocumentError):
    """A plan document that can't be loaded: missing, unreadable, invalid, too large or too deep."""


class PolicyError(_DocumentError):
    """A policy document that can't be used: unknown keys, invalid patterns, wrong types."""


class ConfigError(_DocumentError):
    """A configuration document (a feeds file) that can't be used: every problem, with its JSON path."""


class PlanStatusError(PlankitError, ValueError):
    """A plan was asked to move to a status that is not reachable from its current one."""


class MissingExtraError(PlankitError, ImportError):
    """An optional dependency is missing; the message says which extra installs it."""

    def __init__(self, package: str, extra: str):
        self.package = package
        self.extra = extra
        super().__init__(f"{package} is not installed; install it with: pip install 'plankit[{extra}]'")


class PlanRefusedError(PlankitError):
    """The executor refused to run a plan: the linter found errors under the policy in force (or the plan
    needs a tool or an LLM runner the executor doesn't have). Nothing ran.

    ``result`` is the linter's :class:`~plankit.lint.ValidationResult` (typed loosely here because the
    exception tree sits below the linter in the layers).
    """

    def __init__(self, message: str, result: Any):
        super().__init__(message)
        self.result = result


class LeaseHeldError(PlankitError, RuntimeError):
    """Another live process holds the lease of an execution: only one may run it at a time.

    ``owner`` names the holder (``host:pid:...``); ``until`` is when its lease ends unless renewed.
    """

    def __init__(self, message: str, owner: str, until: Any):
        super().__init__(message)
        self.owner = owner
        self.until = until
class DecisionError(PlankitError, ValueError):
    """An approval or denial that may not be recorded: the step is not awaiting a decision, for example."""


class DecisionExistsError(DecisionError):
    """The step already has a decision. Decisions are write-once: the first answer is the audit record,
    and a second approve or deny is refused with who decided what, and when."""


class ErrorType(str, Enum):
    """How a step failure is classified, which decides whether it is retried."""

    RATE_LIMIT = "RATE_LIMIT"
    SERVER_ERROR = "SERVER_ERROR"
    TOOL_ERROR = "TOOL_ERROR"
    USER_ERROR = "USER_ERROR"
    UNKNOWN = "UNKNOWN"


class StepFailure(PlankitError):
    """A step failed while running. Tools raise a subclass to say how the failure should be treated."""

    error_type: ErrorType = ErrorType.UNKNOWN
    retryable: bool = True


class RateLimitError(StepFailure):
    """The tool hit a rate limit; ``retry_after`` (seconds) is honoured before the next attempt."""

    error_type = ErrorType.RATE_LIMIT

    def __init__(self, message: str = "rate limited", retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


class ServerError(StepFailure):
    """A server-side failure (an HTTP 5xx, say); retried under the step's policy."""

    error_type = ErrorType.SERVER_ERROR

    def __init__(self, message: str = "server error", status_code: int | None = None):
        super().__init__(message)
        self.status_code = status_code


class ToolError(StepFailure):
    """The tool failed on its own terms; retried under the step's policy."""

    error_type = ErrorType.TOOL_ERROR


class StepTimeoutError(ToolError):
    """An attempt ran longer than the step's ``timeout_ms`` and was cancelled; retried under its policy."""


class UserError(StepFailure, ValueError):
    """The step's input is wrong; retrying can't help, so it is never retried."""

    error_type = ErrorType.USER_ERROR
    retryable = False


class ResolutionError(UserError):
    """A reference that can't be resolved, or a condition that can't be evaluated (a missing or NaN
    operand, a disallowed ``env`` key). The data won't change by retrying, so it is never retried."""
