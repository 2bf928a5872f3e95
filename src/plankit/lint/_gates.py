"""Rule gating: which rules can find anything, decided before they run.

Most rules look for something a given plan or policy does not have at all: a loop, a wait, a trading tool,
a ``require_confirmation`` list. Running them anyway costs little each, but there are about forty rules and
a ten-step plan is linted in microseconds, so that little is most of the bill. Every rule declares here, in
:data:`GATES`, when it can be skipped:

* ``configured(policy, tools)``: False when the rule can find nothing under this linter's configuration,
  whatever the plan (no ``require_confirmation`` patterns: ``CONFIRMATION_REQUIRED`` never fires). Decided
  once per :class:`~plankit.lint.Linter`; the rule is then left out of its run list.
* ``applies(ctx)``: False when the rule can find nothing in this plan, decided in constant time (or once per
  distinct tool name) from facts the lint gathers anyway: the node types present
  (:attr:`LintContext.visits_by_type`), the tools used, the graph's ``ordered``, ``dangling``,
  ``containment_cycles`` and ``reserved_roots``, the trigger. The tool facts are one bitmask per plan: each
  tool's bits are decided once per linter, and or-ed once per plan.
* ``simple``: ``applies`` is False on every *simple* plan (:func:`is_simple`: top-level actions only, no
  trigger), most plans. The linter keeps a second run list without these rules, so a simple plan does not
  even ask.

A gate is an optimisation only: a rule run without its gate (as the rule tests do) gives the same findings,
and a gate that says False for a plan where the rule would find something is a bug (tests/lint/test_gates.py
checks that on generated and hand-written plans). A rule missing from :data:`GATES` is a test failure, so a
new rule must say whether it can be gated (``Gate()``: it always runs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..plan import BalanceTrigger, ConditionTrigger, OnChainEventTrigger
from ..tools import ToolRegistry, tool_matches
from ._context import LintContext
from ._params import is_spending_tool, is_trading_tool, param_hits
from ._policy import Policy

Configured = Callable[[Policy, ToolRegistry | None], bool]
Applies = Callable[[LintContext], bool]


@dataclass(frozen=True, slots=True)
class Gate:
    """When a rule can be skipped (both None: it always runs)."""

    configured: Configured | None = None
    """False: the rule finds nothing under this policy and these tools, for any plan."""
    applies: Applies | None = None
    """False: the rule finds nothing in this plan."""
    simple: bool = False
    """True when ``applies`` is False for every *simple* plan (see :func:`is_simple`): the engine then leaves
    the rule out of a simple plan's run without asking (tests/lint/test_gates.py checks the claim)."""


def is_simple(ctx: LintContext) -> bool:
    """True for a plan of at least one step, every step a top-level action without an ``on_error`` handler,
    and no trigger: most plans. Rules about other node types, nesting and triggers can find nothing in it."""
    return ctx.plan.trigger is None and bool(ctx.plan.steps) and ctx.graph.flat


def _has(*kinds: str) -> Applies:
    def applies(ctx: LintContext) -> bool:
        by_type = ctx.visits_by_type
        return any(kind in by_type for kind in kinds)

    return applies


# What a tool's name says to the gates, one bit each, decided once per tool and linter (the policy's allow and
# deny lists and bounds are the linter's): a plan's flags are its tools' flags or-ed together.
_TRADING, _MOVING, _BOUNDED, _REFUSED, _FILE = 1, 2, 4, 8, 16


def _tool_flags(ctx: LintContext) -> int:
    """The flags of the plan's tools, or-ed (once per lint run)."""
    return ctx.memo("tool_flags", _read_tool_flags, ctx)


def _read_tool_flags(ctx: LintContext) -> int:
    flags = 0
    by_tool, policy = ctx.by_tool, ctx.policy
    for tool in ctx.tools_used:
        found = by_tool.get(("flags", tool))
        if found is None:
            found = by_tool["flags", tool] = _flags_of(policy, tool)
        flags |= found
    return flags


def _flags_of(policy: Policy, tool: str) -> int:
    trading = is_trading_tool(tool)
    return (
        (_TRADING if trading else 0)
        | (_MOVING if trading or is_spending_tool(tool) else 0)
        | (_BOUNDED if policy.bounds and _bounded(policy.bounds, tool) else 0)
        | (_REFUSED if _refused(policy, tool) else 0)
        | (_FILE if tool.startswith("file.") else 0)
    )


def _any_tool(flag: int) -> Applies:
    """True when some tool of the plan has ``flag``."""

    def applies(ctx: LintContext) -> bool:
        return bool(_tool_flags(ctx) & flag)

    return applies


def _with_tools(policy: Policy, tools: ToolRegistry | None) -> bool:
    return tools is not None


def _tool_policy(policy: Policy, tools: ToolRegistry | None) -> bool:
    return policy.allow_tools is not None or bool(policy.deny_tools)


def _tool_refused(ctx: LintContext) -> bool:
    # An llm step offers tools of its own: those are checked by the rule itself.
    return "llm" in ctx.visits_by_type or bool(_tool_flags(ctx) & _REFUSED)


def _refused(policy: Policy, tool: str) -> bool:
    if any(tool_matches(tool, [pattern]) for pattern in policy.deny_tools):
        return True
    return policy.allow_tools is not None and not tool_matches(tool, policy.allow_tools)


def _bounded(bounds: dict[str, tuple[float, float]], tool: str) -> bool:
    from .rules._data import _bounds_by_tool  # the rules import the gates' users, not the other way round

    return bool(_bounds_by_tool(bounds, {tool}))


def _has_cycle(ctx: LintContext) -> bool:
    graph = ctx.graph
    return not graph.ordered or bool(graph.containment_cycles)


def _unknown_reference(ctx: LintContext) -> bool:
    graph = ctx.graph
    return bool(graph.dangling) or "trigger" in graph.reserved_roots


def _env_reference(ctx: LintContext) -> bool:
    return "env" in ctx.graph.reserved_roots or isinstance(ctx.plan.trigger, ConditionTrigger)


def _timing(ctx: LintContext) -> bool:
    return ctx.plan.trigger is not None or "wait" in ctx.visits_by_type


def _conditions(ctx: LintContext) -> bool:
    by_type = ctx.visits_by_type
    return isinstance(ctx.plan.trigger, ConditionTrigger) or "if" in by_type or "wait" in by_type


def _chains(ctx: LintContext) -> bool:
    return isinstance(ctx.plan.trigger, OnChainEventTrigger | BalanceTrigger) or bool(param_hits(ctx))


def _two_actions(ctx: LintContext) -> bool:
    return len(ctx.actions) > 1


_groups = _has("sequence", "parallel")


def _empty(ctx: LintContext) -> bool:
    return not ctx.plan.steps or _groups(ctx)


GATES: dict[str, Gate] = {
    # access
    "TOOL_DENY": Gate(_tool_policy, _tool_refused),
    "CONTRA_NO_TOOL": Gate(_with_tools),
    "TOOL_ARGS_INVALID": Gate(_with_tools),
    "CONFIRMATION_REQUIRED": Gate(lambda policy, _: bool(policy.require_confirmation)),
    "MISSING_HANDLER": Gate(lambda policy, _: bool(policy.require_handler)),
    "ENV_DENY": Gate(applies=_env_reference),
    "RECIPIENT_DENY": Gate(lambda policy, _: policy.allow_recipients is not None or policy.allow_domains is not None),
    # goal alignment (their cost is their module's to cut)
    "GOAL_UNASKED_EFFECT": Gate(),
    "GOAL_UNTRUSTED_TARGET": Gate(),
    "GOAL_TAINTED_TARGET": Gate(),
    # contradictions
    "CONTRA_BUY_SELL": Gate(applies=_any_tool(_TRADING)),
    "CONTRA_OVERSPEND": Gate(applies=_any_tool(_MOVING)),
    "CONTRA_DUPLICATE": Gate(applies=_two_actions),
    "CONTRA_SLIPPAGE": Gate(applies=lambda ctx: bool(param_hits(ctx))),
    "CONTRA_CHAIN": Gate(applies=_chains),
    "CONTRA_OPPOSITE_COND": Gate(applies=_conditions, simple=True),
    # data
    "BOUND_VIOLATION": Gate(lambda policy, _: bool(policy.bounds), _any_tool(_BOUNDED)),
    "RAW_SECRET": Gate(),
    "PII_EXPOSED": Gate(),
    "SQL_WRITE_READ_ONLY": Gate(),
    "SQL_INTERPOLATION": Gate(),
    "PATH_TRAVERSAL": Gate(applies=_any_tool(_FILE)),
    "DATA_EXFILTRATION": Gate(),
    "MALFORMED_REFERENCE": Gate(),
    # structure
    "LOOP_DETECTED": Gate(applies=_has_cycle),
    "CONTRA_CIRCULAR": Gate(applies=_has_cycle),
    "UNKNOWN_REFERENCE": Gate(applies=_unknown_reference),
    "IMPLICIT_DEPENDENCY": Gate(applies=lambda ctx: ctx.graph.undeclared),
    "MAX_STEPS_EXCEEDED": Gate(lambda policy, _: policy.max_steps is not None),
    "LIMIT_EXCEEDED": Gate(applies=_has("loop", "wait", "parallel"), simple=True),
    "CONTRA_INFINITE": Gate(applies=_has("loop", "wait"), simple=True),
    "CONTRA_TIMING": Gate(applies=_timing, simple=True),
    "EMPTY_STEPS": Gate(applies=_empty, simple=True),
}
"""Every rule's gate by code (the engine's own codes excepted)."""
