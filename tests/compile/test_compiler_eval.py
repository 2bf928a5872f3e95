"""The planner evaluation (bench/planner_eval.py) runs, and its numbers are what the scripted models imply."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "planner_eval.py"


def test_the_evaluation_prints_the_share_of_clean_plans_per_round() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--seed", "7"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    table = done.stdout.splitlines()[2:10]
    assert table == [
        "model         clean after 0   after 1   after 2",
        "careful                100%      100%      100%",
        "diligent                 0%       75%      100%",
        "partial                  0%        0%      100%",
        "truncating               0%        0%       83%",
        "list-writer              0%        0%      100%",
        "stubborn                 0%        0%        0%",
        "all                     17%       29%       81%",
    ]
