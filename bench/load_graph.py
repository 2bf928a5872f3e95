"""Benchmark: load + graph analysis of generated plans with 1k, 10k and 100k steps.

Each plan is a DAG of action steps: every step references one or two earlier steps in its params (a
template string and a reference object) and names one in ``depends_on``. Timed: ``loads_plan`` on the
JSON text (parse, normalize, validate), then ``PlanGraph.of`` with topological order, cycle search and
critical path. Prints µs per step for each phase; the target is 100k steps in under 2 s, growing linearly.

Run: ``python bench/load_graph.py [--sizes 1000,10000,100000] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from plankit.plan import PlanGraph, loads_plan


def generate_plan(steps: int, seed: int = 7) -> str:
    """A realistic flat plan of ``steps`` actions as JSON text (deterministic for a seed)."""
    rng = random.Random(seed)
    items: list[dict[str, Any]] = []
    for index in range(steps):
        step: dict[str, Any] = {"id": f"s{index}", "tool": rng.choice(["http.get", "db.query_ro", "echo"])}
        params: dict[str, Any] = {"limit": rng.randint(1, 100), "label": f"step number {index}"}
        if index:
            previous = rng.randrange(max(0, index - 50), index)
            params["input"] = f"{{{{s{previous}.result.value}}}}"
            params["from"] = {"type": "step_output", "step_id": f"s{index - 1}", "path": "result"}
            step["depends_on"] = [f"s{index - 1}"]
        step["params"] = params
        items.append(step)
    return json.dumps({"goal": f"generated plan of {steps} steps", "steps": items})


def measure(text: str, steps: int, repeat: int) -> tuple[float, float]:
    """Best-of-``repeat`` seconds for loading and for analysing."""
    best_load = best_graph = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        plan = loads_plan(text)
        loaded = time.perf_counter()
        graph = PlanGraph.of(plan)
        order = graph.top_level_order()
        cycles = graph.cycles()
        critical = graph.critical_path()
        done = time.perf_counter()
        assert len(order) == steps and not cycles and critical is not None
        best_load, best_graph = min(best_load, loaded - started), min(best_graph, done - loaded)
    return best_load, best_graph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    print(
        f"{'steps':>8} {'load s':>9} {'graph s':>9} {'total s':>9} "
        f"{'load µs/step':>13} {'graph µs/step':>14} {'total µs/step':>14}"
    )
    per_step: list[float] = []
    for size in sizes:
        load, analyse = measure(generate_plan(size), size, args.repeat)
        total = load + analyse
        per_step.append(total / size * 1e6)
        print(
            f"{size:>8} {load:>9.3f} {analyse:>9.3f} {total:>9.3f} {load / size * 1e6:>13.1f} "
            f"{analyse / size * 1e6:>14.1f} {total / size * 1e6:>14.1f}"
        )
    if len(per_step) > 1:
        print(
            f"growth: µs/step at {sizes[-1]} ÷ µs/step at {sizes[0]} = {per_step[-1] / per_step[0]:.2f} "
            "(1.0 is perfectly linear)"
        )


if __name__ == "__main__":
    main()
