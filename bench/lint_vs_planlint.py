"""Bench: ``plankit lint`` against the real plan-lint 0.0.3, on the same generated plans, in one run.

    python bench/lint_vs_planlint.py                # both tools at 10 / 100 / 1,000 / 10,000 / 100,000 steps
    python bench/lint_vs_planlint.py --sizes 10 100 --plankit-only 20000
    python bench/lint_vs_planlint.py --sizes 10 --file-run 100000   # only: load + lint of a file, peak memory

plan-lint is installed from PyPI into its own venv (``bench/.venv-planlint``, created on first use and
gitignored) and runs there in a subprocess, timed inside that process. plankit runs in this process. Two
things are timed for each tool, from data already parsed from JSON:

* the lint: plan-lint's ``validate_plan`` on its loaded ``Plan``; plankit's ``Linter.validate`` on a loaded
  plan, both the same plan object again and again and a newly loaded plan object each repeat ("fresh",
  the one the targets are judged on: an agent lints each new plan once);
* load + lint ("e2e", what a caller holding a plan dict pays): plan-lint's ``Plan.model_validate`` then
  ``validate_plan``; plankit's ``plan_from_data`` then ``Linter.validate``.

The policy (plan-lint's ``Policy``, plankit's ``Linter``) is built once per size, untimed. plan-lint gets
``--plan-lint-timeout`` seconds per size (it is quadratic: at 100,000 steps it would run for about an hour);
a size it does not finish is reported as such. ``--file-run`` times what ``plankit lint plan.json`` does in a
fresh process (read the file, load, lint) and its peak memory (max RSS). Both get the same plan (a linear
chain where each step reads the previous step's output through a ``{{id.result}}`` reference) and the same
policy. Each size runs a few times; the best time counts.

The targets printed are issue 13's: the lint faster than plan-lint at every size, at least 3x at 10 steps
and 5x at 100; ``Linter.validate`` under 1 s at 100,000 steps; a file of 100,000 steps read, loaded and
linted in under 2 s and 250 MiB.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from plankit.lint import Linter, Policy, ValidationResult
from plankit.plan import plan_from_data

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-planlint"
PLAN_LINT = "plan-lint==0.0.3"
SIZES = (10, 100, 1_000, 10_000, 100_000)
PLANKIT_ONLY = 100_000
TARGET_RATIOS = {10: 3.0, 100: 5.0}
"""Issue 13's targets: plankit's lint (fresh plan) at least this many times faster than plan-lint's at these
sizes, and faster (more than 1x) at every other size."""
TARGET_100K_SECONDS = 1.0
TARGET_FILE_SECONDS = 2.0
TARGET_FILE_MIB = 250
PLAN_LINT_TIMEOUT = 180.0

POLICY: dict[str, Any] = {
    "allow_tools": ["db.query_ro", "calc.sum", "notify.email"],
    "bounds": {"payments.transfer.amount": [0.01, 1000]},
    "deny_tokens_regex": ["DROP TABLE", "password\\s*="],
    "max_steps": 1_000_000,
    "risk_weights": {"TOOL_DENY": 0.8, "RAW_SECRET": 0.6},
    "fail_risk_threshold": 0.8,
}

# Runs inside plan-lint's venv: build its Plan and Policy, time validate_plan only, print one JSON line.
PLAN_LINT_RUNNER = """
import json, sys, time
from plan_lint.core import validate_plan
from plan_lint.types import Plan, Policy
data = json.load(open(sys.argv[1]))
plan = Plan.model_validate(data)
policy = Policy.model_validate(json.load(open(sys.argv[2])))
best = e2e = float("inf")
for _ in range(int(sys.argv[3])):
    start = time.perf_counter()
    result = validate_plan(plan, policy)
    best = min(best, time.perf_counter() - start)
del plan
for _ in range(int(sys.argv[3])):
    start = time.perf_counter()
    result = validate_plan(Plan.model_validate(data), policy)
    e2e = min(e2e, time.perf_counter() - start)
print(json.dumps({"seconds": best, "e2e": e2e, "status": str(result.status.value), "errors": len(result.errors)}))
"""


def make_plan(steps: int) -> dict[str, Any]:
    """A linear chain in the flat shape both tools read: step i reads step i-1's output by reference.

    Ids have a fixed width (``s000007``), so no id is a substring of another: plan-lint's substring cycle
    search would otherwise report a false cycle at ``s11`` (it holds ``s1``) and stop early.
    """
    first = {"query": "SELECT id FROM accounts WHERE owner = $1", "args": ["u1"]}
    out: list[dict[str, Any]] = [{"id": _id(0), "tool": "db.query_ro", "args": first}]
    for index in range(1, steps):
        previous = _id(index - 1)
        if index % 10 == 0:
            tool, args = "notify.email", {"to": f"{{{{{previous}.result.email}}}}", "subject": f"batch {index}"}
        elif index % 2:
            tool, args = "calc.sum", {"values": [f"{{{{{previous}.result.total}}}}", index]}
        else:
            query = "SELECT id, total, email FROM accounts WHERE parent = $1"
            tool, args = "db.query_ro", {"query": query, "args": [f"${{{previous}.result.id}}"]}
        out.append({"id": _id(index), "tool": tool, "args": args, "on_fail": "abort", "depends_on": [previous]})
    goal = f"query the accounts of a {steps}-step chain, sum their totals and email their owners"
    return {"goal": goal, "steps": out, "context": {"user_id": "u1"}, "meta": {"bench": True}}


def _id(index: int) -> str:
    return f"s{index:06d}"


def ensure_plan_lint() -> Path:
    """The venv's python, with plan-lint installed (created and installed on first use)."""
    python = VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        print(f"creating {VENV} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    probe = subprocess.run([str(python), "-c", "import plan_lint"], capture_output=True, check=False)
    if probe.returncode != 0:
        print(f"installing {PLAN_LINT} from PyPI into {VENV} ...", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PLAN_LINT], check=True)
    return python


def time_plan_lint(
    python: Path, plan_file: Path, policy_file: Path, repeats: int, timeout: float
) -> dict[str, Any] | None:
    """plan-lint's best validate time on the plan, measured inside its own process; None after ``timeout``."""
    try:
        done = subprocess.run(
            [str(python), "-c", PLAN_LINT_RUNNER, str(plan_file), str(policy_file), str(repeats)],
            capture_output=True,
            text=True,
            check=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None
    # plan-lint may print warnings of its own; the measurement is the last line.
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def time_plankit(data: dict[str, Any], repeats: int) -> tuple[float, float, float, float, ValidationResult]:
    """(load seconds, best validate seconds, best validate seconds on a fresh plan, best load + validate
    seconds, result) for plankit, in this process.

    The first best is ``validate`` called again and again on one plan object; the second lints a freshly
    loaded plan object (same data, not yet linted) on each repeat, loading untimed. They agree unless
    something is cached on the plan object between calls: the fresh column is there to show that nothing is.
    The third times ``plan_from_data`` and ``validate`` together.
    """
    start = time.perf_counter()
    plan = plan_from_data(data)
    load = time.perf_counter() - start
    linter = Linter(Policy.from_data(POLICY))
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = linter.validate(plan)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    del plan
    fresh = float("inf")
    for _ in range(repeats):
        result = None  # the previous plan goes before the next is loaded (100,000-step plans are big)
        plan = plan_from_data(data)
        start = time.perf_counter()
        result = linter.validate(plan)
        fresh = min(fresh, time.perf_counter() - start)
        del plan
    e2e = float("inf")
    for _ in range(repeats):
        result = None
        start = time.perf_counter()
        result = linter.validate(plan_from_data(data))
        e2e = min(e2e, time.perf_counter() - start)
    assert result is not None
    return load, best, fresh, e2e, result


FILE_RUNNER = """
import json, resource, sys, time
start = time.perf_counter()
from plankit.lint import Linter, Policy
imported, cpu = time.perf_counter(), time.process_time()
linter = Linter(Policy.from_data(json.load(open(sys.argv[2]))))
result = linter.validate(sys.argv[1])
done, cpu = time.perf_counter(), time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"import": imported - start, "load_lint": done - imported, "cpu": cpu, "peak_mib": peak,
                  "status": result.status.value}))
"""


def file_run(steps: int) -> None:
    """What ``plankit lint plan.json`` costs on a plan of ``steps`` steps, in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        plan_file, policy_file = Path(folder) / "plan.json", Path(folder) / "policy.json"
        plan_file.write_text(json.dumps(make_plan(steps)), encoding="utf-8")
        policy_file.write_text(json.dumps(POLICY), encoding="utf-8")
        runs = [
            json.loads(
                subprocess.run(
                    [sys.executable, "-c", FILE_RUNNER, str(plan_file), str(policy_file)],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            for _ in range(3)
        ]
    best = min(runs, key=lambda run: run["load_lint"])
    size = plan_file.stat().st_size if plan_file.exists() else 0
    print(
        f"file run, {steps:,} steps: read + load + lint {best['load_lint']:.3f} s, CPU "
        f"{min(run['cpu'] for run in runs):.3f} s (best of 3; import "
        f"{best['import']:.3f} s), peak memory {max(run['peak_mib'] for run in runs):.0f} MiB, {best['status']}"
        + (f", file {size / 2**20:.1f} MiB" if size else "")
    )
    met_time = "met" if best["load_lint"] < TARGET_FILE_SECONDS else "MISSED"
    met_mem = "met" if max(run["peak_mib"] for run in runs) < TARGET_FILE_MIB else "MISSED"
    print(f"target load + lint < {TARGET_FILE_SECONDS:.0f} s: {met_time}; peak < {TARGET_FILE_MIB} MiB: {met_mem}")


def profile(steps: int) -> None:
    """plankit's cost per rule (and for the shared graph) on one plan, slowest first."""
    from plankit._utils import gc_paused
    from plankit.lint import LintContext
    from plankit.lint._engine import _run

    plan = plan_from_data(make_plan(steps))
    linter = Linter(Policy.from_data(POLICY))
    ctx = LintContext(plan, linter.policy)
    costs: dict[str, float] = {}
    with gc_paused():
        start = time.perf_counter()
        _ = ctx.graph, ctx.visits, ctx.step_of
        costs["(graph, visits, step index)"] = time.perf_counter() - start
        for rule in linter.rules:
            start = time.perf_counter()
            _run(rule, ctx)
            costs[rule.code] = time.perf_counter() - start
    total = sum(costs.values())
    print(f"plankit on {steps:,} steps: {total:.3f} s in all, {total / steps * 1e6:.1f} µs/step")
    for name, seconds in sorted(costs.items(), key=lambda item: -item[1]):
        print(f"  {name:30} {seconds * 1e3:9.1f} ms  {seconds / steps * 1e6:6.2f} µs/step")


def _repeats(steps: int) -> int:
    return 5 if steps <= 1_000 else 3 if steps <= 10_000 else 2


def _row(cells: list[str]) -> str:
    widths = [8, 12, 9, 11, 9, 9, 13, 9, 13, 11, 9, 12, 18]
    return "  ".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True))


def main() -> None:
    """Run the bench and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="sizes run by both tools")
    parser.add_argument("--plankit-only", type=int, nargs="*", default=[PLANKIT_ONLY], help="sizes for plankit alone")
    parser.add_argument("--profile", type=int, metavar="STEPS", help="only print plankit's cost per rule at STEPS")
    parser.add_argument("--file-run", type=int, metavar="STEPS", help="only time a fresh-process lint of a file")
    parser.add_argument("--plan-lint-timeout", type=float, default=PLAN_LINT_TIMEOUT, help="seconds per size")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile)
        return
    if args.file_run:
        file_run(args.file_run)
        return
    python = ensure_plan_lint()
    header = ["steps", "plan-lint s", "µs/step", "plankit s", "µs/step", "speed-up", "fresh µs/step", "speed-up"]
    header += ["e2e plan-lint", "e2e plankit", "speed-up", "plankit load", "statuses"]
    print("lint: validate only; fresh: a newly loaded plan each repeat; e2e: load + lint from parsed data (µs/step)")
    print(_row(header))
    ratios: dict[int, float] = {}
    fresh_ratios: dict[int, float] = {}
    e2e_ratios: dict[int, float] = {}
    unfinished: dict[int, float] = {}
    plankit_times: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        policy_file = Path(folder) / "policy.json"
        policy_file.write_text(json.dumps(POLICY), encoding="utf-8")
        only = [size for size in args.plankit_only if size not in args.sizes]
        for steps in [*args.sizes, *only]:
            data = make_plan(steps)
            load, seconds, fresh, e2e, result = time_plankit(data, _repeats(steps))
            plankit_times[steps] = seconds
            cells = [f"{steps:,}", "-", "-", f"{seconds:.4f}", f"{seconds / steps * 1e6:.1f}", "-"]
            cells += [f"{fresh / steps * 1e6:.1f}", "-", "-", f"{e2e / steps * 1e6:.1f}", "-", f"{load:.3f} s"]
            status = f"- / {result.status.value}"
            if steps in args.sizes:
                plan_file = Path(folder) / f"plan-{steps}.json"
                plan_file.write_text(json.dumps(data), encoding="utf-8")
                timeout = args.plan_lint_timeout
                theirs = time_plan_lint(python, plan_file, policy_file, max(1, _repeats(steps) - 2), timeout)
                if theirs is None:
                    cells[1:3] = [f"> {timeout:.0f}", f"> {timeout / steps * 1e6:.0f}"]
                    cells[5] = f"> {timeout / seconds:.0f}x"
                    cells[7] = f"> {timeout / fresh:.0f}x"
                    cells[8] = f"> {timeout / steps * 1e6:.0f}"
                    cells[10] = f"> {timeout / e2e:.0f}x"
                    unfinished[steps] = timeout / fresh
                    status = f"unfinished / {result.status.value}"
                else:
                    ratios[steps] = theirs["seconds"] / seconds
                    cells[1:3] = [f"{theirs['seconds']:.4f}", f"{theirs['seconds'] / steps * 1e6:.1f}"]
                    cells[5] = f"{ratios[steps]:.1f}x"
                    fresh_ratios[steps] = theirs["seconds"] / fresh
                    cells[7] = f"{fresh_ratios[steps]:.1f}x"
                    e2e_ratios[steps] = theirs["e2e"] / e2e
                    cells[8] = f"{theirs['e2e'] / steps * 1e6:.1f}"
                    cells[10] = f"{e2e_ratios[steps]:.1f}x"
                    status = f"{theirs['status']} / {result.status.value}"
            print(_row([*cells, status]), flush=True)
    _verdict(ratios, plankit_times, fresh_ratios, e2e_ratios, unfinished)


def _verdict(
    ratios: dict[int, float],
    plankit_times: dict[int, float],
    fresh_ratios: dict[int, float],
    e2e_ratios: dict[int, float],
    unfinished: dict[int, float],
) -> None:
    """Print issue 13's targets, each judged on the fresh-plan lint (the same-plan and e2e figures beside)."""
    print()
    if fresh_ratios or unfinished:
        slowest = min(fresh_ratios, key=fresh_ratios.__getitem__) if fresh_ratios else None
        met = "met" if all(ratio > 1 for ratio in fresh_ratios.values()) else "MISSED"
        sizes = ", ".join(f"{size:,}" for size in sorted([*fresh_ratios, *unfinished]))
        worst = f"; slowest {fresh_ratios[slowest]:.1f}x at {slowest:,} steps" if slowest is not None else ""
        print(f"target faster than plan-lint at every size ({sizes} steps): {met}{worst}")
    for size, target in TARGET_RATIOS.items():
        if size in fresh_ratios:
            met = "met" if fresh_ratios[size] >= target else "MISSED"
            print(
                f"target >= {target:g}x faster than plan-lint at {size:,} steps: {fresh_ratios[size]:.1f}x ({met};"
                f" same plan each repeat {ratios[size]:.1f}x, load + lint {e2e_ratios[size]:.1f}x)"
            )
    if PLANKIT_ONLY in plankit_times:
        seconds = plankit_times[PLANKIT_ONLY]
        met = "met" if seconds < TARGET_100K_SECONDS else "MISSED"
        print(f"target 100,000 steps in < {TARGET_100K_SECONDS:.0f} s: {seconds:.3f} s ({met})")
    sizes = sorted(plankit_times)
    if len(sizes) >= 2:
        small, big = sizes[-2], sizes[-1]
        growth = (plankit_times[big] / big) / (plankit_times[small] / small)
        print(f"plankit µs/step from {small:,} to {big:,} steps: x{growth:.2f} (1.0 is linear)")


if __name__ == "__main__":
    main()
