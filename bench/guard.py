"""Bench: what the run-time guard costs per tool call (plankit.execute.ToolGuard).

    python bench/guard.py

The guard lints each concrete call as a one-step plan under the rules that judge one call. It runs for
calls whose params were resolved at run time and for every call an LLM step makes; an action with literal
params was judged by the plan's lint already and is not checked again. Prints µs per call for an allowed
call and a refused one, under the built-in policy and a policy with bounds, recipients and deny patterns.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from plankit.execute import ToolGuard
from plankit.lint import Policy
from plankit.tools import ToolRegistry

CALLS = 5_000


def _registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool("notify.email", sink=True)
    def email(to: str, subject: str, body: str) -> str:
        """Send an email."""
        return "sent"

    @registry.tool("payments.refund")
    def refund(order: str, amount: float) -> str:
        """Refund an order."""
        return "ok"

    return registry


def _per_call(check: Callable[[], Any]) -> float:
    check()  # warm up (compiled patterns, memo tables)
    start = time.perf_counter()
    for _ in range(CALLS):
        check()
    return (time.perf_counter() - start) / CALLS * 1e6


def main() -> None:
    strict = Policy(
        bounds={"payments.refund.amount": (0, 500)},
        allow_recipients=["*@shop.example"],
        deny_tokens_regex=[r"\bdrop\s+table\b"],
    )
    email = {"to": "ann@shop.example", "subject": "Your refund", "body": "We refunded order A-1042. " * 8}
    cases = [
        ("default policy", Policy.default(), "notify.email", email),
        ("strict, allowed", strict, "payments.refund", {"order": "A-1042", "amount": 120.0}),
        ("strict, refused (bound)", strict, "payments.refund", {"order": "A-1042", "amount": 5000.0}),
        ("strict, refused (recipient)", strict, "notify.email", {**email, "to": "x@elsewhere.example"}),
    ]
    print(f"µs per guarded call ({CALLS:,} calls each)")
    for label, policy, tool, params in cases:
        guard = ToolGuard(policy, _registry())
        verdict = guard.check(tool, params, step_id="s1")
        cost = _per_call(lambda g=guard, t=tool, p=params: g.check(t, p, step_id="s1"))
        print(f"  {label:<30} {cost:8.1f}   {verdict.code if verdict else 'allowed'}")


if __name__ == "__main__":
    main()
