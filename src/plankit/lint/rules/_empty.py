"""EMPTY_STEPS: a plan, sequence or parallel step with no steps in it. Nothing would run there, which is
rarely what an agent meant: an empty plan is the usual shape of a planner that gave up or lost its output."""

from __future__ import annotations

from collections.abc import Iterator

from ...plan import ParallelNode, SequenceNode
from .._context import LintContext
from .._findings import Finding, Severity
from .._registry import rule


@rule(
    "EMPTY_STEPS",
    "nothing-to-do",
    severity=Severity.WARNING,
    summary="The plan, or a sequence or parallel step in it, has no steps: nothing would run there.",
)
def empty_steps(ctx: LintContext) -> Iterator[Finding]:
    """What it does: reports a plan whose ``steps`` list is empty, and each ``sequence`` or ``parallel`` step
    with an empty ``steps`` list.

    Why is this bad: running it "succeeds" without doing anything, so a planner that failed (an empty answer,
    a truncated reply, steps put under the wrong key) looks like a plan that worked. A reviewer approving it
    approves nothing; a scheduled empty plan fires forever to no effect.

    Example:
        {"goal": "pay the March invoices", "steps": []}

    Use instead: compile the goal again, or remove the empty container step.
    """
    if not ctx.plan.steps:
        yield Finding("the plan has no steps: running it does nothing", path="$.steps",
                      hint="an empty plan usually means the planner failed: compile the goal again")  # fmt: skip
        return
    for kind in ("sequence", "parallel"):
        for node, path, *_ in ctx.visits_by_type.get(kind, ()):
            assert isinstance(node, SequenceNode | ParallelNode)
            if not node.steps:
                yield Finding(
                    f"'{node.id}' ({kind}) has no steps: it does nothing",
                    node_id=node.id,
                    path=f"{path}.steps",
                    hint=f"remove '{node.id}', or give it the steps it was meant to hold",
                )
