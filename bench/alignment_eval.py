"""Bench: how well the goal-alignment rules tell benign plans from plans with injected steps.

    python bench/alignment_eval.py            # the corpus of bench/alignment_corpus.py, default policy
    python bench/alignment_eval.py --show 5   # also print the first misses and false alarms
    python bench/alignment_eval.py --policy routine.yaml   # with a deployment's policy merged over the default

A benign plan *passes* when no ``GOAL_*`` finding is reported on it. An injected plan is *caught* when a
``GOAL_*`` finding names one of its injected steps. Each plan is linted with the built-in default policy (and the
workspace's tool specs where it has them), exactly as ``plankit lint`` would. Each split is reported separately,
with the misses by attack kind and the false alarms by task: ``dev`` (what the rules were developed on), the old
held-out quarter of session 2, the held-out split of session 3's first round and held-out v3 (five workspaces; all
seen while rules were written, so all tuning data now), and three splits written in session 4 by engineers who do
not tune, each before the rule changes it could shape: v4 (five new workspaces; tuning data since session 4's
second round), v5 (five more domains; tuning data since the third round), v6 (five more; tuning data since the
fourth round), v7 (five more; tuning data since session 5's round 5), v8 (session 5; tuning data since session 5's
round 6) and v9, v10, v11 (session 5; tuning data since session 5's round 7), v12 to v15 (session 5, written after
round 6; tuning data since session 6's round 8), and v16 to v37 (session 6: twenty-two splits, each written by an
engineer who did not tune, before any rule change it could shape; v16 to v19 tuning data since session 6's round
9, v20 to v27 since its round 10, v28 to v32 since session 7's round 11, v33 to v37 never tuned on), and v38 to
v43 (session 7: six splits written the same way, never tuned on). Any other split the corpus holds (a new held-out
one) is reported too, under its own name; ``--splits`` naming only the tuning splits leaves the others out, which
is how the rules are tuned without looking at them. The run closes with what the other rules alone say about the
injected plans (the state before the ``GOAL_*`` rules existed) and a summary table, one row per split, then two
pooled rows: every reported split never tuned on (its label does not say "tuning data"), and every tuning split.

Targets (issue 13): benign pass >= 95% and injected-step recall >= 95%.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from alignment_corpus import Case, build_corpus

from plankit.lint import Diagnostic, Linter, Policy, status_of
from plankit.tools import ToolRegistry

SPLITS = {
    "dev": "dev (tuning data)",
    "heldout": "old held-out (session 2; tuning data since session 3)",
    "new_heldout": "new held-out (session 3, first round; tuning data)",
    "heldout_v3": "held-out v3 (session 3, second round; five workspaces; tuning data since session 4)",
    "heldout_v4": "held-out v4 (session 4; five new workspaces, written by an engineer who did not tune, before "
    "any rule change of session 4; tuning data since session 4's second round)",
    "heldout_v5": "held-out v5 (session 4; written by someone who did not tune, in five domains no other split or "
    "tuning set used; tuning data since session 4's third round)",
    "heldout_v6": "held-out v6 (session 4, third round; written by someone who did not tune, in five domains nobody "
    "used; tuning data since session 4's fourth round)",
    "heldout_v7": "held-out v7 (session 4, fourth round; written by someone who did not tune, in five domains nobody "
    "used, before any rule change it could shape; tuning data since session 5's round 5)",
    "heldout_v8": "held-out v8 (session 5; written by someone who did not tune, in five domains nobody used, before "
    "any rule change it could shape; tuning data since session 5's round 6)",
    "heldout_v9": "held-out v9 (session 5; written by someone who did not tune, in five domains nobody used, before "
    "any rule change it could shape; tuning data since session 5's round 7)",
    "heldout_v10": "held-out v10 (session 5; written by someone who did not tune, in five domains nobody used, before "
    "any rule change it could shape; tuning data since session 5's round 7)",
    "heldout_v11": "held-out v11 (session 5; written by someone who did not tune, in five domains nobody used, before "
    "any rule change it could shape; tuning data since session 5's round 7)",
    "heldout_v12": "held-out v12 (session 5, after round 6; written by someone who did not tune, in five domains "
    "nobody used, before any rule change it could shape; tuning data since session 6's round 8)",
    "heldout_v13": "held-out v13 (session 5, after round 6; written by someone who did not tune, in five domains "
    "nobody used, before any rule change it could shape; tuning data since session 6's round 8)",
    "heldout_v14": "held-out v14 (session 5, after round 6; written by someone who did not tune, in five domains "
    "nobody used, before any rule change it could shape; tuning data since session 6's round 8)",
    "heldout_v15": "held-out v15 (session 5, after round 6; written by someone who did not tune, in five domains "
    "nobody used, before any rule change it could shape; tuning data since session 6's round 8)",
    "heldout_v16": "held-out v16 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 9)",
    "heldout_v17": "held-out v17 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 9)",
    "heldout_v18": "held-out v18 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 9)",
    "heldout_v19": "held-out v19 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 9)",
    "heldout_v20": "held-out v20 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v21": "held-out v21 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v22": "held-out v22 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v23": "held-out v23 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v24": "held-out v24 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v25": "held-out v25 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v26": "held-out v26 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v27": "held-out v27 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 6's round 10)",
    "heldout_v28": "held-out v28 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 7's round 11)",
    "heldout_v29": "held-out v29 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 7's round 11)",
    "heldout_v30": "held-out v30 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 7's round 11)",
    "heldout_v31": "held-out v31 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 7's round 11)",
    "heldout_v32": "held-out v32 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape; tuning data since session 7's round 11)",
    "heldout_v33": "held-out v33 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v34": "held-out v34 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v35": "held-out v35 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v36": "held-out v36 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v37": "held-out v37 (session 6; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v38": "held-out v38 (session 7; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v39": "held-out v39 (session 7; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v40": "held-out v40 (session 7; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v41": "held-out v41 (session 7; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v42": "held-out v42 (session 7; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
    "heldout_v43": "held-out v43 (session 7; written by someone who did not tune, in five domains nobody used, "
    "before any rule change it could shape)",
}
"""Labels of the known splits; any other split the corpus holds (a new held-out one) is reported too, under its
own name, after these."""


def _linters(overlay: Path | None = None) -> dict[str, Linter]:
    """One linter per workspace: the built-in default policy (with ``overlay`` merged over it, when given) and the
    workspace's tool specs."""
    policy = Policy.default() if overlay is None else Policy.default().merged_with(Policy.load(overlay))
    linters: dict[str, Linter] = {}
    for case in build_corpus():
        if case.workspace not in linters:
            tools = ToolRegistry.from_data(case.tools) if case.tools else None
            linters[case.workspace] = Linter(policy, tools=tools)
    return linters


def _goal(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code.startswith("GOAL_")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--show", type=int, default=0, help="print this many misses and false alarms")
    parser.add_argument(
        "--splits",
        default="",
        help="comma-separated splits to report (default: every split of the corpus)",
    )
    parser.add_argument(
        "--policy",
        type=Path,
        default=None,
        help="a policy file merged over the default for every workspace (a deployment's own settings, such as "
        "routine_effects; the issue's targets are measured without one)",
    )
    args = parser.parse_args()
    corpus = build_corpus()
    present = [split for split in SPLITS if any(case.split == split for case in corpus)]
    present += sorted({case.split for case in corpus} - set(present))
    wanted = [split for split in args.splits.split(",") if split] or present
    unknown = sorted(set(wanted) - set(present))
    if unknown:
        parser.error(f"unknown split(s) {', '.join(unknown)}: choose from {', '.join(present)}")
    cases = [case for case in corpus if case.split in wanted]
    linters = _linters(args.policy)
    results: dict[str, list[tuple[Case, list[Diagnostic]]]] = {split: [] for split in present if split in wanted}
    for case in cases:
        results[case.split].append((case, linters[case.workspace].lint(case.plan)))
    kinds = sorted({case.workspace for case in cases})
    print(
        f"corpus: {len(cases)} plans ({sum(c.label == 'benign' for c in cases)} benign, "
        f"{sum(c.label == 'injected' for c in cases)} injected) in {len(kinds)} workspaces: {', '.join(kinds)}"
    )
    summary = [_report(split, rows, args.show) for split, rows in results.items()]
    _before([row for rows in results.values() for row in rows])
    print("\n| split | benign | injected | benign pass | recall | misses by attack kind | false alarms by task |")
    print("|---|---|---|---|---|---|---|")
    for row in summary:
        print("| " + " | ".join(row) + " |")
    for name, pooled in _pools(results).items():
        print("| " + " | ".join(_pooled_row(name, pooled)) + " |")


def _report(split: str, rows: list[tuple[Case, list[Diagnostic]]], show: int) -> tuple[str, ...]:
    """Print one split's numbers; return its row of the closing summary table."""
    benign = [(c, d) for c, d in rows if c.label == "benign"]
    injected = [(c, d) for c, d in rows if c.label == "injected"]
    false_alarms = [(c, d) for c, d in benign if _goal(d)]
    caught = [(c, d) for c, d in injected if any(x.node_id in c.injected for x in _goal(d))]
    flagged = [(c, d) for c, d in injected if _goal(d)]
    misses = [(c, d) for c, d in injected if not any(x.node_id in c.injected for x in _goal(d))]
    passed = 100 * (1 - len(false_alarms) / len(benign)) if benign else float("nan")
    recall = 100 * len(caught) / len(injected) if injected else float("nan")
    print(f"\n== {SPLITS.get(split, split)}: {len(benign)} benign, {len(injected)} injected")
    print(f"benign pass          {passed:6.1f}%  ({len(false_alarms)} false alarms)")
    print(f"injected-step recall {recall:6.1f}%  ({len(misses)} misses)")
    print(f"plan flagged at all  {100 * len(flagged) / max(1, len(injected)):6.1f}%")
    by_space = Counter(c.workspace for c, _ in caught)
    totals = Counter(c.workspace for c, _ in injected)
    print("recall by workspace: " + ", ".join(f"{k} {by_space[k]}/{totals[k]}" for k in sorted(totals)))
    rule_hits = Counter(x.code for c, d in injected for x in _goal(d) if x.node_id in c.injected)
    print("findings on injected steps by rule: " + ", ".join(f"{k} {v}" for k, v in sorted(rule_hits.items())))
    if misses:
        print(
            "misses by attack kind: "
            + ", ".join(f"{k} {v}" for k, v in Counter(c.attack for c, _ in misses).most_common())
        )
    if false_alarms:
        print(
            "false alarms by task: "
            + ", ".join(f"{k} {v}" for k, v in Counter(c.task for c, _ in false_alarms).most_common())
        )
    for case, diagnostics in (misses[:show] + false_alarms[:show]) if show else []:
        print(f"  {case.case_id} ({case.attack or case.task}): goal {case.plan['goal']!r}")
        for d in _goal(diagnostics):
            print(f"    {d.code} {d.node_id}: {d.message}")
    by_kind = Counter(c.attack for c, _ in misses).most_common()
    by_task = Counter(c.task for c, _ in false_alarms).most_common()
    return (
        split,
        str(len(benign)),
        str(len(injected)),
        f"{passed:.1f}%",
        f"{recall:.1f}%",
        ", ".join(f"{k} {v}" for k, v in by_kind) or "–",
        ", ".join(f"{k} {v}" for k, v in by_task) or "–",
    )


def _pools(results: dict[str, list[tuple[Case, list[Diagnostic]]]]) -> dict[str, list[tuple[Case, list[Diagnostic]]]]:
    """The reported splits pooled in two: those never tuned on (their label does not say "tuning data") and
    the rest. A pool of no split, or of only one, is left out: its row would repeat one above."""
    untouched = [split for split in results if "tuning data" not in SPLITS.get(split, "")]
    tuned = [split for split in results if split not in untouched]
    pools = {
        f"pooled, never tuned on ({', '.join(untouched)})": untouched,
        f"pooled, tuning data ({len(tuned)} splits)": tuned,
    }
    return {
        name: [row for split in splits for row in results[split]] for name, splits in pools.items() if len(splits) > 1
    }


def _pooled_row(name: str, rows: list[tuple[Case, list[Diagnostic]]]) -> tuple[str, ...]:
    """One summary row for a pool of splits: counts, benign pass and recall over all of its plans."""
    benign = [d for c, d in rows if c.label == "benign"]
    injected = [(c, d) for c, d in rows if c.label == "injected"]
    passed = 100 * sum(not _goal(d) for d in benign) / max(1, len(benign))
    caught = sum(any(x.node_id in c.injected for x in _goal(d)) for c, d in injected)
    recall = 100 * caught / max(1, len(injected))
    return (f"**{name}**", str(len(benign)), str(len(injected)), f"**{passed:.1f}%**", f"**{recall:.1f}%**", "", "")


def _before(rows: list[tuple[Case, list[Diagnostic]]]) -> None:
    policy = Policy.default()
    statuses: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    for case, diagnostics in rows:
        if case.label != "injected":
            continue
        others = [d for d in diagnostics if not d.code.startswith("GOAL_") and not d.suppressed]
        statuses[status_of(others, 0.0, policy.fail_risk_threshold).value] += 1
        codes.update({d.code for d in others if d.node_id in case.injected})
    print(
        "\nwithout the GOAL_* rules, the injected plans lint as: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()))
    )
    print("other rules' findings on injected steps (plans): " + ", ".join(f"{k} {v}" for k, v in codes.most_common()))


if __name__ == "__main__":
    main()
