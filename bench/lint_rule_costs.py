"""Bench: what one ``Linter.validate`` call costs, piece by piece, on the plan of ``lint_vs_planlint.py``.

    python bench/lint_rule_costs.py                 # 10 steps
    python bench/lint_rule_costs.py --steps 100 --calls 2000

Runs the engine's rule loop (``Linter._lint``) by hand, timing each rule's gate (``gate:CODE``) and each
rule's check (``CODE``) apart, plus the graph build and what surrounds the loop. Each call lints a plan
loaded (untimed) just before it, as an agent does. A rule that is the first to ask for something shared (the
plan's text, the tool roles, ``step_of``) pays for it: the table is in run order's terms, as a real call
pays. Times are CPU (``time.process_time_ns``) summed over ``--calls`` calls, best of ``--rounds`` rounds per
piece, and reported per call; the few-hundred-nanosecond cost of reading the clock is subtracted.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lint_vs_planlint import POLICY, make_plan

from plankit._utils import utcnow
from plankit.lint import Linter, Policy
from plankit.lint._context import LintContext
from plankit.lint._engine import _diagnostic
from plankit.lint._gates import is_simple
from plankit.lint._result import ValidationResult
from plankit.lint._risk import risk_score, status_of
from plankit.lint._summary import summarizer
from plankit.plan import plan_from_data
from plankit.plan._graph import PlanGraph

_clock = time.process_time_ns


def _clock_cost() -> float:
    best = float("inf")
    for _ in range(5):
        start = _clock()
        for _ in range(10_000):
            _clock()
        best = min(best, (_clock() - start) / 10_000)
    return best


def one_round(linter: Linter, data: dict[str, Any], calls: int, now: datetime) -> dict[str, int]:
    """Nanoseconds per piece, summed over ``calls`` lints, each of a plan loaded from ``data`` just before."""
    spent: dict[str, int] = defaultdict(int)
    for _ in range(calls):
        plan = plan_from_data(data)  # loaded untimed, right before its lint (as an agent does)
        t0 = _clock()
        ctx = LintContext(plan, linter.policy, linter.tools, now, linter._by_tool)
        t1 = _clock()
        vars(ctx)["graph"] = PlanGraph.of(ctx.plan)
        t2 = _clock()
        spent["(context)"] += t1 - t0
        spent["(graph)"] += t2 - t1
        t0 = _clock()
        checks = linter._simple_checks if is_simple(ctx) else linter._checks
        spent["(simple plan?)"] += _clock() - t0
        diagnostics = []
        for rule, applies in checks:
            if applies is not None:
                t0 = _clock()
                ok = applies(ctx)
                spent["gate:" + rule.code] += _clock() - t0
                if not ok:
                    continue
            t0 = _clock()
            for finding in rule.check(ctx):
                diagnostics.append(_diagnostic(rule.code, finding.severity or rule.severity, finding, ctx))
            spent[rule.code] += _clock() - t0
        t0 = _clock()
        diagnostics = linter._suppress(ctx, diagnostics)
        diagnostics.sort(key=lambda d: -1 if d.step is None else d.step)
        risk = risk_score(diagnostics, linter.policy.risk_weights)
        status = status_of(diagnostics, risk, linter.policy.fail_risk_threshold)
        result = ValidationResult.from_diagnostics(diagnostics, status, risk)
        result.summarize = summarizer(ctx, diagnostics, risk, result.valid)
        spent["(suppress, sort, risk, result)"] += _clock() - t0
        t0 = _clock()
        del ctx, result  # what validate frees on return, and its caller when it drops the result (the graph)
        spent["(freeing the context and the result)"] += _clock() - t0
    return spent


def main() -> None:
    """Print the per-piece table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--calls", type=int, default=0, help="calls per round (default: about 20,000 steps' worth)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    now = utcnow()
    calls = args.calls or max(1, 20_000 // args.steps)
    data = make_plan(args.steps)
    linter = Linter(Policy.from_data(POLICY))
    tick = _clock_cost()
    best: dict[str, float] = {}
    counts: dict[str, int] = defaultdict(int)
    whole = float("inf")
    gc.disable()
    try:
        for _ in range(args.rounds):
            spent = one_round(linter, data, calls, now)
            for name, ns in spent.items():
                best[name] = min(best.get(name, float("inf")), ns / calls)
                counts[name] += 1
            total = 0
            for _ in range(calls):
                plan = plan_from_data(data)
                start = _clock()
                linter.validate(plan)
                total += _clock() - start
            whole = min(whole, total / calls - tick)
            gc.collect()
    finally:
        gc.enable()
    rows = sorted(((ns - tick, name) for name, ns in best.items()), reverse=True)
    total = sum(ns for ns, _ in rows)
    print(f"{args.steps:,} steps, {calls:,} calls x {args.rounds} rounds, CPU per call (clock read {tick:.0f} ns):")
    print(f"  Linter.validate, fresh plan each call: {whole / 1e3:8.1f} µs")
    print(f"  sum of the pieces below:               {total / 1e3:8.1f} µs")
    for ns, name in rows:
        print(f"  {name:34} {ns / 1e3:8.2f} µs")


if __name__ == "__main__":
    main()
