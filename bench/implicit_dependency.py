"""Bench: how often IMPLICIT_DEPENDENCY speaks on benign agent plans, and what it does to their status.

    python bench/implicit_dependency.py

Lints every benign plan of bench/alignment_corpus.py (and the examples/) with the built-in default policy, and
prints how many plans get the finding as a warning and as an info note, and the plans' statuses with the rule
and without it (``--ignore IMPLICIT_DEPENDENCY``): the difference is what the rule alone decides.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from alignment_corpus import build_corpus  # noqa: E402

from plankit.lint import Linter  # noqa: E402

CODE = "IMPLICIT_DEPENDENCY"


def main() -> None:
    plans = [case.plan for case in build_corpus() if case.label == "benign"]
    examples = sorted((HERE.parent / "examples").glob("*.json"))
    with_rule, without = Linter(), Linter(ignore=[CODE])
    by_severity: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    statuses_without: Counter[str] = Counter()
    for plan in plans:
        result = with_rule.validate(plan)
        for severity in {d.severity.value for d in result.diagnostics if d.code == CODE}:
            by_severity[severity] += 1
        statuses[result.status.value] += 1
        statuses_without[without.validate(plan).status.value] += 1
    in_examples = sum(1 for path in examples if any(d.code == CODE for d in with_rule.lint(path)))
    print(f"benign corpus plans: {len(plans)}")
    found = ", ".join(f"{n} as {s}" for s, n in sorted(by_severity.items()))
    print(f"  with {CODE}: {found or 'none'}")
    print("  status with the rule:    " + ", ".join(f"{s} {n}" for s, n in sorted(statuses.items())))
    print("  status without the rule: " + ", ".join(f"{s} {n}" for s, n in sorted(statuses_without.items())))
    print(f"examples/*.json with {CODE}: {in_examples} of {len(examples)}")


if __name__ == "__main__":
    main()
