"""Bench: CPU cost per step of each goal-alignment rule, on plans where every step is a side effect with targets.

    python bench/alignment_cost.py                 # sizes 10, 100, 1000, 10000
    python bench/alignment_cost.py --sizes 10 100

Each plan mixes the cases the rules work hardest on: a transfer whose account comes from the context and whose
amount is computed from the goal (half of "$86"), a mail search and a mail to the sender it found (a
step-output reference), and a limit change nobody asked for (the "flagged" plan: a quarter of its steps are
reported); the "clean" plan has a second transfer instead, so it measures the checks alone. What every rule
of a lint run shares (graph, references, actions, plan text) is built first; each rule is then run alone on a
fresh context and timed with ``time.process_time`` (CPU, not wall clock: the machine is shared), best of
``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from plankit.lint import LintContext, Policy
from plankit.lint._detect import plan_text
from plankit.lint._registry import RULES
from plankit.plan import plan_from_data

CODES = ("GOAL_UNASKED_EFFECT", "GOAL_UNTRUSTED_TARGET", "GOAL_TAINTED_TARGET")
IBAN = "GB33BUKB20201555555555"


def make_plan(size: int, clean: bool = False) -> dict[str, Any]:
    """``clean``: the limit change becomes a second transfer, so nothing is reported (the cost of checking
    alone, without building findings)."""
    steps: list[dict[str, Any]] = []
    for index in range(size):
        kind = index % 4 if not clean or index % 4 != 3 else 0
        if kind == 0:
            step = {"tool": "bank.transfer", "args": {"to_account": IBAN, "amount": 43}}
        elif kind == 1:
            step = {"tool": "email.search", "args": {"query": "from:bob"}}
        elif kind == 2:
            step = {"tool": "email.send", "args": {"to": f"{{{{s{index - 1}.result.messages[0].from}}}}"}}
        else:
            step = {"tool": "bank.set_transfer_limit", "args": {"daily_limit": 10000 + index}}
        steps.append({"id": f"s{index}", "require_confirmation": True, **step})
    return {
        "goal": "Split the $86 dinner with Bob and send him my half, then mail him",
        "context": {"payees": {"Bob": IBAN}},
        "steps": steps,
    }


def measure(size: int, repeat: int, clean: bool) -> dict[str, float]:
    plan = plan_from_data(make_plan(size, clean))
    policy = Policy.default()
    out: dict[str, float] = {}
    for code in CODES:
        best = float("inf")
        for _ in range(repeat):
            ctx = LintContext(plan, policy)
            # What every rule of a lint run shares is built before timing: it is not one rule's cost.
            _ = ctx.graph.references, ctx.actions, ctx.tools_used, plan_text(ctx)
            start = time.process_time()
            list(RULES[code].check(ctx))
            best = min(best, time.process_time() - start)
        out[code] = best / size * 1e6
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("| plan | steps | " + " | ".join(f"{code} µs/step" for code in CODES) + " |")
    print("|---|---|" + "---|" * len(CODES))
    for clean in (True, False):
        for size in args.sizes:
            row = measure(size, args.repeat, clean)
            name = "clean" if clean else "flagged"
            print(f"| {name} | {size} | " + " | ".join(f"{row[code]:.2f}" for code in CODES) + " |")


if __name__ == "__main__":
    main()
