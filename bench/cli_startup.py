"""Bench: how long ``plankit --help`` and ``plankit lint small.json`` take, start to exit, in fresh processes.

    python bench/cli_startup.py                       # this checkout
    python bench/cli_startup.py --src /tmp/base/src   # another checkout's sources, for a before/after
    python bench/cli_startup.py --python /tmp/user/bin/python   # a venv with a regular `pip install .`

Each command runs ``--runs`` times after one warm-up run; the best wall time and the best CPU time (user +
system, from the child's resource usage) are printed. CPU time is the steadier number on a busy machine. The
target (issue 13) is 200 ms.

The children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped from their environment) and the warm-up
run writes it: an installed plankit has its ``.pyc`` files, and with a stale cache every run would compile the
changed modules again (tens of milliseconds that no user pays).

This checkout's venv has plankit installed in editable mode (a ``.pth`` path entry: about 1 ms at start-up)
and every dev dependency (pydantic scans all installed distributions for plugins). What users get is a regular
install: ``python -m venv /tmp/user && /tmp/user/bin/pip install .`` and ``--python /tmp/user/bin/python``;
the children then run from a temporary folder, so that this checkout is not on their path.

For where the time goes: ``python -X importtime -c "import sys; sys.argv = ['plankit', 'lint', 'small.json'];
from plankit.cli import main; main()" 2> imports.txt``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SMALL_PLAN = {
    "goal": "Refund order A-1042 and email the customer",
    "steps": [
        {"id": "lookup", "tool": "db.query_ro", "args": {"query": "SELECT email FROM orders WHERE id = 'A-1042'"}},
        {
            "id": "refund",
            "tool": "payments.refund",
            "require_confirmation": True,
            "args": {"order": "A-1042", "amount": 40},
            "depends_on": ["lookup"],
        },
    ],
}
RUNNER = "import sys; sys.argv = ['plankit', *sys.argv[1:]]; from plankit.cli import main; main()"
TARGET_SECONDS = 0.2


def measure(args: list[str], src: str | None, runs: int, python: str, cwd: str) -> tuple[float, float]:
    """Best (wall, cpu) seconds of ``plankit ARGS`` over ``runs`` fresh processes."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    if src:
        env["PYTHONPATH"] = src
    command = [python, "-c", RUNNER, *args]
    subprocess.run(command, env=env, cwd=cwd, capture_output=True, check=False)  # warm-up
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, env=env, cwd=cwd, capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", help="a src/ folder to import plankit from instead of this checkout")
    parser.add_argument("--python", help="the interpreter to run plankit with (default: this one)")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    python = args.python or sys.executable
    with tempfile.TemporaryDirectory() as folder:
        plan = Path(folder) / "small.json"
        plan.write_text(json.dumps(SMALL_PLAN), encoding="utf-8")
        cwd = folder if args.python else os.getcwd()
        check = [python, "-c", "import plankit; print(plankit.__file__)"]
        where = subprocess.run(
            check,
            env={**os.environ, **({"PYTHONPATH": args.src} if args.src else {})},
            cwd=cwd,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        print(f"plankit from {where}")
        for command in (["--help"], ["lint", str(plan)]):
            wall, cpu = measure(command, args.src, args.runs, python, cwd)
            shown = " ".join(command).replace(str(plan), "small.json")
            verdict = "met" if min(wall, cpu) <= TARGET_SECONDS else "MISSED"
            print(f"plankit {shown:18} wall {wall * 1e3:6.0f} ms  cpu {cpu * 1e3:6.0f} ms  (target 200 ms: {verdict})")


if __name__ == "__main__":
    main()
