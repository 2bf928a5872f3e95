"""The plan IR's validation summary (``ValidationInfo``): what a validated plan uses and what it will cost.

Stored with a validated plan (:meth:`plankit.lint.ValidationResult.apply_to`) and shown by ``plankit lint
--format json``:

* ``tools_used``: the distinct tools of the plan's actions and the tools its ``llm`` steps are offered, sorted;
* ``chains_used``: the chain ids its actions name (``chain_id``, ``from_chain``, ... as ``CONTRA_CHAIN`` reads
  them) and its trigger watches, sorted;
* ``estimated_duration_ms``: the longest path through the plan, each leaf weighing its estimate
  (``metadata.estimated_duration_ms``), else its wait (``duration_ms``; ``until_time`` from the plan's start;
  ``max_wait_ms`` for a condition), else its ``timeout_ms`` (an upper bound); a sequence adds its children, a
  parallel or an ``if`` takes the longest, a loop its body times ``max_iterations`` plus delays, an action with
  an ``on_error`` handler its own time plus the handler's. None when no step gives a duration or the top level
  has a dependency cycle;
* ``estimated_gas_eth``: the policy's ``gas_estimates`` (ETH per call, by tool glob) summed over the actions,
  a loop's body counted ``max_iterations`` times; None when the policy gives no estimates.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime

from ..plan import ESTIMATE_KEY, ActionNode, IfNode, LlmNode, LoopNode, ValidationInfo, ValidationIssue, WaitNode
from ._context import LintContext
from ._findings import Diagnostic
from ._params import chains_of, param_hits, plan_start


def summarizer(
    ctx: LintContext, diagnostics: list[Diagnostic], risk: float, valid: bool
) -> Callable[[], ValidationInfo]:
    """:func:`plan_summary` of a linted plan, computed when called. It keeps what the summary reads (the plan,
    policy and clock, the graph, the tools and chain params the rules found), not the rules' indexes: a
    result held after a 100,000-step lint keeps the graph alone."""
    kept = LintContext(ctx.plan, ctx.policy, ctx.tools, ctx.now)
    done = vars(ctx)
    for name in ("graph", "tools_used"):  # cached properties, when the rules computed them
        if name in done:
            vars(kept)[name] = done[name]
    kept.share(ctx, "param_hits")
    return functools.partial(plan_summary, kept, diagnostics, risk, valid)


def plan_summary(ctx: LintContext, diagnostics: list[Diagnostic], risk: float, valid: bool) -> ValidationInfo:
    """The ``ValidationInfo`` of the plan in ``ctx`` given its lint verdict."""
    issues = [
        ValidationIssue(severity=d.severity.value, node_id=d.node_id, code=d.code, message=d.message)
        for d in diagnostics
        if not d.suppressed
    ]
    return ValidationInfo(
        valid=valid,
        issues=issues,
        risk_score=risk,
        estimated_gas_eth=_gas(ctx),
        estimated_duration_ms=_duration(ctx),
        tools_used=_tools(ctx),
        chains_used=_chains(ctx),
    )


def _tools(ctx: LintContext) -> list[str]:
    offered = {tool for visit in ctx.visits if isinstance(visit.node, LlmNode) for tool in visit.node.tools}
    return sorted(ctx.tools_used | offered)


def _chains(ctx: LintContext) -> list[int]:
    hits = param_hits(ctx)  # the chain params CONTRA_CHAIN already read
    found = {
        use.chain_id
        for action, path in (ctx.actions if hits else ())
        if action.id in hits
        for use in chains_of(action, path, hits[action.id])
        if use.chain_id
    }
    chain = getattr(ctx.plan.trigger, "chain_id", None)
    if isinstance(chain, int):
        found.add(chain)
    return sorted(found)


def _gas(ctx: LintContext) -> float | None:
    estimates = ctx.policy.gas_estimates
    if not estimates:
        return None
    graph, per_tool = ctx.graph, {}
    for tool in ctx.tools_used:
        per_tool[tool] = next((gas for pattern, gas in estimates.items() if ctx.matches(tool, [pattern])), 0.0)
    times: dict[str, int] = {}
    total = 0.0
    for node_id, node in graph.nodes.items():  # document order: a parent before its children
        parent = graph.parent[node_id]
        holder = graph.nodes[parent] if parent is not None else None
        times[node_id] = (times[parent] if parent is not None else 1) * (
            holder.max_iterations if isinstance(holder, LoopNode) else 1
        )
        if isinstance(node, ActionNode):
            total += per_tool[node.tool] * times[node_id]
    return total


def _duration(ctx: LintContext) -> int | None:
    graph = ctx.graph
    start = plan_start(ctx.plan, ctx.now)
    weight: dict[str, float] = {}
    known = False
    for node_id in reversed(list(graph.nodes)):  # children before their parents
        node, kids = graph.nodes[node_id], [weight[kid] for kid in graph.children[node_id]]
        estimate = node.metadata.get(ESTIMATE_KEY)
        if isinstance(estimate, int | float) and not isinstance(estimate, bool) and estimate >= 0:
            weight[node_id], known = float(estimate), True
        elif isinstance(node, WaitNode):
            weight[node_id], known = _wait_ms(node, start), True
        elif node.type == "sequence":
            weight[node_id] = sum(kids)
        elif node.type == "parallel" or isinstance(node, IfNode):
            weight[node_id] = max(kids, default=0.0)
        elif isinstance(node, LoopNode):
            weight[node_id] = kids[0] * node.max_iterations + node.delay_ms * (node.max_iterations - 1)
        else:
            own = float(node.timeout_ms or 0)
            known = known or node.timeout_ms is not None
            weight[node_id] = own + max(kids, default=0.0)  # an action's on_error handler runs after it
    order = graph.top_level_order()
    if not known or len(order) != len(graph.children[None]):
        return None
    finish: dict[str, float] = {}
    for node_id in order:
        before = max((finish[p] for p in graph.predecessors[node_id]), default=0.0)
        finish[node_id] = before + weight[node_id]
    return round(max(finish.values(), default=0.0))


def _wait_ms(node: WaitNode, start: datetime) -> float:
    if node.duration_ms is not None:
        return float(min(node.duration_ms, node.max_wait_ms))
    if node.until_time is not None:
        seconds = (node.until_time - start).total_seconds()
        return float(max(0, min(seconds * 1000, node.max_wait_ms)))
    return float(node.max_wait_ms)
