"""Bench: the executor's cost per step, against stepchain 0.3.1 and LangGraph, and its makespan on a DAG.

    python bench/executor.py                         # everything: about 20 minutes (mostly the others)
    python bench/executor.py --sizes 100 1000 --skip stepchain langgraph

1. **Per-step overhead**: plans of 100 / 1,000 / 10,000 no-op steps, as a chain (each step depends on the one
   before) and wide (no dependencies at all), run by plankit's ``Executor`` with the in-memory store and with
   SQLite (a file in a temporary folder, WAL, one transaction per transition). Timed: ``Executor.start`` on
   a loaded plan, from the call to the finished execution record, lint included (the executor refuses a
   plan with lint errors, so linting is part of every run; its share is shown in its own column).
2. **The same plans on stepchain 0.3.1** (its ``AsyncExecutor`` with a fake LLM client that answers at once;
   its ``MemoryStore`` and its durable ``JSONLStore``) and on **LangGraph** (a ``StateGraph`` of no-op nodes,
   ``InMemorySaver`` and ``SqliteSaver``). Both need Python >= 3.12; each gets a venv under ``bench/``
   (``.venv-stepchain``, ``.venv-langgraph``, gitignored), created on first use with a Python 3.12 found by
   ``uv python find``, under pyenv, or on PATH. Only their run is timed, inside their own process.
   stepchain's plan model checks cycles recursively and fails past ~1,000 chained steps with the default
   recursion limit; the runner raises the limit so the run can be timed at all (noted in the table).
3. **Makespan ÷ critical path**: a random 1,000-node DAG (seeded) whose steps sleep 10-50 ms; the critical path
   is the longest chain of sleeps; the makespan is the execution's own start-to-finish time.

Targets (issue 13): <= 30 µs/step in memory and <= 150 µs/step with SQLite at 10,000 steps, growing linearly;
makespan ÷ critical path <= 1.05. plankit's rows are the best of three runs, each on a fresh store; the table
shows wall time, and the verdicts show CPU time too (``time.process_time``: on a shared machine the wall time
also counts other processes; with SQLite it also counts waiting for the disk, which is part of the cost).
Every configuration runs in a fresh process with a time limit (``--timeout``, default 300 s); a run over it
shows as ``> 300 s``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from plankit.tools import ToolRegistry

HERE = Path(__file__).resolve().parent
SIZES = (100, 1_000, 10_000)
SHAPES = ("chain", "wide")
TARGET_MEMORY_US = 30.0
TARGET_SQLITE_US = 150.0
TARGET_MAKESPAN = 1.05
DAG_NODES = 1_000
DAG_SEED = 20_260_301

VENVS: dict[str, tuple[Path, list[str], str]] = {
    "stepchain": (HERE / ".venv-stepchain", ["stepchain==0.3.1"], "import stepchain"),
    "langgraph": (
        HERE / ".venv-langgraph",
        ["langgraph==1.2.22", "langgraph-checkpoint-sqlite==3.1.2"],
        "import langgraph.checkpoint.sqlite",
    ),
}

# Runs inside stepchain's venv: argv = steps, shape, store (memory|jsonl), folder. Prints one JSON line.
STEPCHAIN_RUNNER = """
import asyncio, json, logging, sys, time
logging.disable(logging.CRITICAL)
sys.setrecursionlimit(1_000_000)  # its cycle check recurses once per chained step
from stepchain.core.executor import Executor
from stepchain.core.models import Plan, Step, StepStatus
from stepchain.core.scheduler import AsyncExecutor
from stepchain.storage.jsonl import JSONLStore, MemoryStore

class FakeLLM:
    def create_completion(self, prompt, **options):
        return {"content": "ok", "response_id": None}

steps, shape, store_kind, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
plan = Plan(goal="bench", steps=[
    Step(id=f"s{i}", prompt="noop", dependencies=[f"s{i - 1}"] if shape == "chain" and i else [])
    for i in range(steps)
])
store = MemoryStore() if store_kind == "memory" else JSONLStore(folder)
runner = AsyncExecutor(executor=Executor(client=FakeLLM(), store=store), max_concurrent=20)
started = time.perf_counter()
results = asyncio.run(runner.execute_plan(plan, "bench", resume=False))
seconds = time.perf_counter() - started
done = sum(result.status == StepStatus.COMPLETED for result in results)
print(json.dumps({"seconds": seconds, "completed": done}))
"""

# Runs inside LangGraph's venv: argv = steps, shape, store (memory|sqlite), folder. Prints one JSON line.
LANGGRAPH_RUNNER = """
import json, operator, os, sqlite3, sys, time
from typing import Annotated, TypedDict
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import END, START, StateGraph

class State(TypedDict):
    done: Annotated[int, operator.add]

def noop(state):
    return {"done": 1}

steps, shape, store_kind, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
graph = StateGraph(State)
for i in range(steps):
    graph.add_node(f"s{i}", noop)
    if shape == "wide" or i == 0:
        graph.add_edge(START, f"s{i}")
    else:
        graph.add_edge(f"s{i - 1}", f"s{i}")
    if shape == "wide" or i == steps - 1:
        graph.add_edge(f"s{i}", END)
if store_kind == "memory":
    saver = InMemorySaver()
else:
    saver = SqliteSaver(sqlite3.connect(os.path.join(folder, "langgraph.db"), check_same_thread=False))
app = graph.compile(checkpointer=saver)
config = {"configurable": {"thread_id": "bench"}, "recursion_limit": steps + 10}
started = time.perf_counter()
out = app.invoke({"done": 0}, config)
seconds = time.perf_counter() - started
print(json.dumps({"seconds": seconds, "completed": out["done"]}))
"""

# Runs in this venv, one configuration per process: argv = steps (or "dag"), shape, store, folder.
PLANKIT_RUNNER = """
import asyncio, json, sys
sys.path.insert(0, sys.argv[5])
from executor import run_dag, run_plankit
steps, shape, store, folder = sys.argv[1:5]
work = run_dag(store, folder) if steps == "dag" else run_plankit(int(steps), shape, store, folder)
print(json.dumps(asyncio.run(work)))
"""


# --------------------------------------------------------------------------------------- other venvs
def find_python312() -> str | None:
    """A Python >= 3.12 interpreter: uv's, pyenv's, or one on PATH."""
    if shutil.which("uv"):
        found = subprocess.run(["uv", "python", "find", ">=3.12"], capture_output=True, text=True, check=False)
        if found.returncode == 0 and found.stdout.strip():
            return found.stdout.strip()
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for version in sorted(pyenv_root.glob("3.1[2-9]*"), reverse=True):
        if (version / "bin" / "python3").exists():
            return str(version / "bin" / "python3")
    for name in ("python3.13", "python3.12"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def ensure_venv(name: str) -> Path | None:
    """The venv's python with the packages installed (created on first use), or None with a message."""
    folder, packages, probe = VENVS[name]
    python = folder / "bin" / "python"
    if not python.exists():
        base = find_python312()
        if base is None:
            print(f"{name}: no Python >= 3.12 found (try: pip install uv && uv python install 3.12)", file=sys.stderr)
            return None
        print(f"creating {folder} with {base} ...", file=sys.stderr)
        subprocess.run([base, "-m", "venv", str(folder)], check=True)
    if subprocess.run([str(python), "-c", probe], capture_output=True, check=False).returncode != 0:
        print(f"installing {' '.join(packages)} into {folder} ...", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *packages], check=True)
    return python


def run_child(command: list[str], timeout: float) -> dict[str, Any]:
    """Run one timed configuration in its own process; its last stdout line is the JSON result."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        return {"error": lines[-1] if lines else f"exit {done.returncode}"}
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


# ------------------------------------------------------------------------------------------- plankit
def bench_plan(steps: int, shape: str) -> dict[str, Any]:
    """``steps`` no-op actions, chained or side by side."""
    nodes: list[dict[str, Any]] = []
    for index in range(steps):
        node: dict[str, Any] = {"id": f"s{index}", "tool": "noop", "params": {"i": index}}
        if shape == "chain" and index:
            node["depends_on"] = [f"s{index - 1}"]
        nodes.append(node)
    return {"id": f"bench-{shape}-{steps}", "goal": "bench", "steps": nodes}


def random_dag(nodes: int, seed: int) -> tuple[dict[str, Any], float]:
    """A random DAG of sleeping steps (10-50 ms), each depending on 0-3 of the 40 steps before it, and the
    length of its critical path in seconds."""
    rng = random.Random(seed)
    finish: list[float] = []
    steps: list[dict[str, Any]] = []
    for index in range(nodes):
        window = list(range(max(0, index - 40), index))
        deps = rng.sample(window, min(len(window), rng.randint(0, 3)))
        ms = rng.randint(10, 50)
        finish.append(ms / 1000 + max((finish[dep] for dep in deps), default=0.0))
        node: dict[str, Any] = {"id": f"n{index}", "tool": "nap", "params": {"ms": ms, "i": index}}
        if deps:
            node["depends_on"] = [f"n{dep}" for dep in sorted(deps)]
        steps.append(node)
    return {"id": "bench-dag", "goal": "makespan", "steps": steps}, max(finish)


def _registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool("noop")
    async def noop(i: int) -> None:
        """Do nothing (``i`` makes each step's params distinct, as in any real plan)."""

    @registry.tool("nap")
    async def nap(ms: int, i: int) -> int:
        """Sleep ``ms`` milliseconds."""
        await asyncio.sleep(ms / 1000)
        return ms

    return registry


def _policy() -> Any:
    from plankit.lint import Policy

    # The built-in policy, with room for the bench's sizes (its max_steps is 1,000).
    return Policy.default().model_copy(update={"max_steps": 1_000_000, "max_parallel": 1_000_000})


async def run_plankit(steps: int, shape: str, store_kind: str, folder: str) -> dict[str, Any]:
    """Best of three ``Executor.start`` runs on a fresh store each (wall and CPU time); the lint share measured
    on its own."""
    from plankit.execute import Executor
    from plankit.plan import StepStatus, plan_from_data
    from plankit.store import MemoryStore, SqliteStore, Store

    plan = plan_from_data(bench_plan(steps, shape))
    registry, policy = _registry(), _policy()
    best: dict[str, Any] = {"seconds": float("inf")}
    for attempt in range(3):
        store: Store = MemoryStore() if store_kind == "memory" else SqliteStore(Path(folder) / f"run{attempt}.db")
        async with store, Executor(store, registry, policy=policy) as executor:
            started = time.perf_counter()
            executor.check(plan)
            lint = time.perf_counter() - started
            started, cpu = time.perf_counter(), time.process_time()
            execution = await executor.start(plan)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        if seconds < best["seconds"]:
            done = sum(1 for step in execution.steps if step.status is StepStatus.COMPLETED)
            best = {**best, "seconds": seconds, "lint_seconds": lint, "completed": done}
        best["cpu_seconds"] = min(cpu, best.get("cpu_seconds", cpu))  # the best of each, on a shared machine
    return best


async def run_dag(store_kind: str, folder: str) -> dict[str, Any]:
    """Makespan of the random DAG: the execution's own start-to-finish time (lint is before its start)."""
    from plankit.execute import Executor
    from plankit.store import MemoryStore, SqliteStore, Store

    data, critical = random_dag(DAG_NODES, DAG_SEED)
    store: Store = MemoryStore() if store_kind == "memory" else SqliteStore(Path(folder) / "dag.db")
    async with store, Executor(store, _registry(), policy=_policy()) as executor:
        execution = await executor.start(data)
    assert execution.started_at is not None and execution.completed_at is not None
    makespan = (execution.completed_at - execution.started_at).total_seconds()
    return {"critical": critical, "makespan": makespan, "status": execution.status.value}


# ---------------------------------------------------------------------------------------------- table
SYSTEMS: list[tuple[str, str, str]] = [
    ("plankit", "memory", "MemoryStore"),
    ("plankit", "sqlite", "SqliteStore"),
    ("stepchain", "memory", "MemoryStore"),
    ("stepchain", "jsonl", "JSONLStore"),
    ("langgraph", "memory", "InMemorySaver"),
    ("langgraph", "sqlite", "SqliteSaver"),
]
LABELS = {"plankit": "plankit", "stepchain": "stepchain 0.3.1", "langgraph": "LangGraph 1.2.22"}


def _measure(system: str, python: str, steps: int, shape: str, store: str, timeout: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        if system == "plankit":
            command = [python, "-c", PLANKIT_RUNNER, str(steps), shape, store, folder, str(HERE)]
        else:
            runner = STEPCHAIN_RUNNER if system == "stepchain" else LANGGRAPH_RUNNER
            command = [python, "-c", runner, str(steps), shape, store, folder]
        return run_child(command, timeout)


def _cell(result: dict[str, Any], steps: int, key: str = "seconds") -> str:
    if "timeout" in result:
        return f"> {result['timeout']:.0f} s"
    if "error" in result:
        return "error"
    if result.get("completed", steps) != steps:
        return f"{result['completed']}/{steps} ran"
    return f"{result[key] / steps * 1e6:,.1f}"


def _line(cells: list[str]) -> str:
    widths = [17, 14, 6] + [10] * (len(cells) - 3)
    parts = [cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(cells, widths, strict=True))]
    return "  ".join(parts)


def per_step_table(sizes: list[int], skip: set[str], timeout: float) -> dict[tuple[str, str, str, int], Any]:
    """Print µs per step for every system, store, shape and size; return the raw results."""
    pythons = {"plankit": sys.executable}
    for system in ("stepchain", "langgraph"):
        found = None if system in skip else ensure_venv(system)
        if found is not None:
            pythons[system] = str(found)
    print("µs per step (no-op steps; wall time of the run ÷ steps)")
    print(_line(["system", "store", "shape", *[f"{size:,}" for size in sizes]]))
    results: dict[tuple[str, str, str, int], Any] = {}
    for system, store, label in SYSTEMS:
        if system not in pythons:
            continue
        for shape in SHAPES:
            cells = [LABELS[system], label, shape]
            for size in sizes:
                result = _measure(system, pythons[system], size, shape, store, timeout)
                results[(system, store, shape, size)] = result
                cells.append(_cell(result, size))
            print(_line(cells), flush=True)
    lint = [_cell(results[("plankit", "memory", shape, size)], size, "lint_seconds") for shape in SHAPES
            for size in sizes[-1:]]
    print(f"of which plankit's lint (the executor lints every plan first), at {sizes[-1]:,}: "
          f"chain {lint[0]}, wide {lint[1]} µs/step")
    return results


def makespan_table(timeout: float) -> dict[str, float]:
    """Print makespan ÷ critical path on the random DAG, in memory and with SQLite; return the ratios."""
    print()
    print(f"makespan on a random {DAG_NODES:,}-node DAG of 10-50 ms sleeps (seed {DAG_SEED}); lint not included")
    print(f"{'store':<12}  {'critical path':>13}  {'makespan':>9}  {'ratio':>6}")
    ratios: dict[str, float] = {}
    for store, label in (("memory", "MemoryStore"), ("sqlite", "SqliteStore")):
        with tempfile.TemporaryDirectory() as folder:
            result = run_child([sys.executable, "-c", PLANKIT_RUNNER, "dag", "-", store, folder, str(HERE)], timeout)
        if "makespan" not in result:
            print(f"{label:<12}  {json.dumps(result)}")
            continue
        ratios[store] = result["makespan"] / result["critical"]
        print(f"{label:<12}  {result['critical']:>11.3f} s  {result['makespan']:>7.3f} s  {ratios[store]:>6.3f}")
    return ratios


def verdicts(results: dict[tuple[str, str, str, int], Any], sizes: list[int], ratios: dict[str, float]) -> None:
    """Each target, met or MISSED, and how far µs/step grows from the smallest to the largest size."""
    print()
    for store, target in (("memory", TARGET_MEMORY_US), ("sqlite", TARGET_SQLITE_US)):
        for shape in SHAPES:
            first, last = (results.get(("plankit", store, shape, size), {}) for size in (sizes[0], sizes[-1]))
            if "seconds" not in first or "seconds" not in last:
                continue
            per_step = last["seconds"] / sizes[-1] * 1e6
            cpu = last["cpu_seconds"] / sizes[-1] * 1e6
            growth = per_step / (first["seconds"] / sizes[0] * 1e6)
            verdict = "met" if per_step <= target else "MISSED"
            cpu_verdict = "met" if cpu <= target else "MISSED"
            print(
                f"plankit {store:<6} {shape:<5} at {sizes[-1]:,}: {per_step:,.1f} µs/step wall ({verdict}), "
                f"{cpu:,.1f} µs/step CPU ({cpu_verdict}), target <= {target:.0f}; "
                f"µs/step at {sizes[-1]:,} ÷ at {sizes[0]:,} = {growth:.2f} (1.0 is linear)"
            )
    for store, ratio in ratios.items():
        verdict = "met" if ratio <= TARGET_MAKESPAN else "MISSED"
        print(f"makespan ÷ critical path ({store}): {ratio:.3f}, target <= {TARGET_MAKESPAN} ({verdict})")


def main() -> None:
    """Run the bench and print the tables."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--skip", nargs="*", default=[], choices=["stepchain", "langgraph", "dag"])
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds one configuration may take")
    args = parser.parse_args()
    results = per_step_table(args.sizes, set(args.skip), args.timeout)
    ratios = {} if "dag" in args.skip else makespan_table(args.timeout)
    verdicts(results, args.sizes, ratios)


if __name__ == "__main__":
    main()
