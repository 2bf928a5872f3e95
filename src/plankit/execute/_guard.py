"""The run-time guard: the policy applied to every concrete tool call, just before the tool runs.

Lint checks a plan as written; a referenced value is only known when its step runs, and an ``llm`` step
chooses its tool calls at run time. So before any tool runs (an action with its params resolved, or a call an
LLM step's model asked for) the call is linted as a one-step plan, with the run's policy and tool specs,
under the rules that judge a single call (:data:`GUARD_CODES`): denied tools and deny-token patterns,
bounds, allowed recipients and domains, argument schemas, confirmations, SQL and path checks, and Rego.
A call an LLM step makes after reading sensitive data (the output of a sensitive-source tool, in this step or
a step it depends on) is refused when its tool is a sink (``DATA_EXFILTRATION``).

A violation raises :class:`ToolCallRefused` (a :class:`~plankit.errors.UserError`: never retried) whose
message starts with the rule's code; the step fails with it, and nothing runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..errors import UserError
from ..lint import Diagnostic, Linter, Policy, Severity
from ..plan import ActionNode, Plan
from ..tools import ToolRegistry, tool_matches

GUARD_CODES = frozenset(
    {
        "TOOL_DENY",
        "TOOL_ARGS_INVALID",
        "CONFIRMATION_REQUIRED",
        "RECIPIENT_DENY",
        "BOUND_VIOLATION",
        "CONTRA_SLIPPAGE",
        "CONTRA_CHAIN",
        "SQL_WRITE_READ_ONLY",
        "PATH_TRAVERSAL",
        "REGO_VIOLATION",
        "RULE_CRASHED",
    }
)
"""The lint rules that judge one concrete call. Rules about a plan's shape (graph, loops, timing) were
settled when the plan was linted; ``RAW_SECRET`` is left out because a resolved ``env`` reference is
meant to carry a credential to its tool; the policy's ``deny_tokens_regex`` (which lint reports under
that code) is applied here directly."""


class ToolCallRefused(UserError):
    """The policy refused a tool call at run time; ``diagnostic`` is the finding (code, message, hint)."""

    def __init__(self, diagnostic: Diagnostic, tool: str):
        hint = f" ({diagnostic.hint})" if diagnostic.hint else ""
        super().__init__(f"tool call refused by the policy: {diagnostic.code}: {diagnostic.message}{hint}")
        self.diagnostic = diagnostic
        self.code = diagnostic.code
        self.tool = tool


class ToolGuard:
    """Checks concrete tool calls against ``policy`` and the specs in ``tools``."""

    def __init__(self, policy: Policy, tools: ToolRegistry):
        self.policy = policy
        self.tools = tools
        self._linter = Linter(policy, tools=tools, select=GUARD_CODES)

    def is_sensitive_source(self, tool: str) -> bool:
        """True when the tool's output is sensitive (``policy.sensitive_sources`` or its spec)."""
        spec = self.tools.get(tool)
        return tool_matches(tool, self.policy.sensitive_sources) or (spec is not None and spec.sensitive_source)

    def is_sink(self, tool: str) -> bool:
        """True when the tool sends data out (``policy.sinks`` or its spec)."""
        spec = self.tools.get(tool)
        return tool_matches(tool, self.policy.sinks) or (spec is not None and spec.sink)

    def check(
        self,
        tool: str,
        params: Any,
        *,
        step_id: str,
        confirmed: bool = False,
        tainted_by: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        now: datetime | None = None,
    ) -> Diagnostic | None:
        """The first error the policy finds in calling ``tool`` with ``params`` (None: the call may run).

        ``confirmed``: a person approved this step. ``tainted_by``: where sensitive data the caller has
        seen came from (a sink call is then refused). ``metadata``: the step's, so its ``lint_ignore``
        entries apply at run time as they did to the plan.
        """
        if not isinstance(params, Mapping):
            message = f"the arguments of {tool!r} are {type(params).__name__}, not an object"
            return _finding("TOOL_ARGS_INVALID", message, step_id, "pass the arguments as a JSON object")
        if tainted_by is not None and self.is_sink(tool):
            message = f"sensitive data reaches sink tool {tool!r}: {tainted_by} -> {step_id}"
            hint = "a step that reads sensitive data may not send anything out; split the work"
            return _finding("DATA_EXFILTRATION", message, step_id, hint)
        denied = self._denied_token(params, step_id)
        if denied is not None:
            return denied
        node = ActionNode(
            id=step_id, tool=tool, params=dict(params), require_confirmation=confirmed, metadata=dict(metadata or {})
        )
        plan = Plan(id="guard", steps=[node])
        for diagnostic in self._linter.lint(plan, now=now):
            if diagnostic.severity is Severity.ERROR and not diagnostic.suppressed:
                return diagnostic
        return None

    def _denied_token(self, params: Mapping[str, Any], step_id: str) -> Diagnostic | None:
        """``deny_tokens_regex`` over every string in the concrete arguments (lint reports these as
        ``RAW_SECRET``, a rule otherwise left out here; see :data:`GUARD_CODES`)."""
        if not self.policy.deny_patterns:
            return None
        stack: list[Any] = [params]
        while stack:
            value = stack.pop()
            if isinstance(value, str):
                for pattern in self.policy.deny_patterns:
                    if pattern.search(value):
                        message = f"value matches the policy's denied pattern '{pattern.pattern}'"
                        return _finding("RAW_SECRET", message, step_id, "the policy forbids this text in tool calls")
            elif isinstance(value, Mapping):
                stack.extend(value.values())
            elif isinstance(value, list | tuple):
                stack.extend(value)
        return None

    def enforce(self, tool: str, params: Any, *, step_id: str, **options: Any) -> None:
        """Raise :class:`ToolCallRefused` when :meth:`check` finds an error."""
        found = self.check(tool, params, step_id=step_id, **options)
        if found is not None:
            raise ToolCallRefused(found, tool)


def _finding(code: str, message: str, step_id: str, hint: str) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, step_id, None, "$", hint)
