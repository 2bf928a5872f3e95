"""A command that used the Temporal client exits with its own code: the client's Rust threads could abort the
interpreter's teardown (exit 134, "Fatal Python error: PyGILState_Release", temporalio/sdk-python#300), about
one run in three here with an unreachable cluster, through the installed ``plankit`` script (``python -m
plankit`` happened not to show it). Real processes, several runs each."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("temporalio")

UNREACHABLE = "127.0.0.1:1"
SCRIPT = Path(sys.executable).parent / "plankit"  # the console script pip installed beside this interpreter
EXPECTED = f"error: can't reach Temporal at {UNREACHABLE} (namespace default): "


@pytest.mark.parametrize(
    "words",
    [["worker"], ["scheduler", "--engine", "temporal", "--once"], ["serve", "--engine", "temporal", "--port", "0"]],
    ids=lambda words: words[0],
)
def test_an_unreachable_cluster_exits_2_every_time(words: list[str], tmp_path: Path) -> None:
    if not SCRIPT.exists():
        pytest.skip(f"no plankit script beside {sys.executable} (pip install -e . makes one)")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb", "COLUMNS": "200"}
    for _ in range(6):
        result = subprocess.run(
            [str(SCRIPT), *words, "--temporal-address", UNREACHABLE, "--db", "p.db"],
            capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path, env=env,
        )  # fmt: skip
        last = result.stderr.splitlines()[-1] if result.stderr else ""
        assert (result.returncode, last.startswith(EXPECTED), result.stdout) == (2, True, ""), result.stderr
        assert "Fatal Python error" not in result.stderr
