"""The crash test: a durable plan, killed with SIGKILL at seeded points over and over, loses nothing and
applies no effect twice.

A worker process (``crash_worker.py``) runs each "life" of the execution in a forked child on a real SQLite
file; the child is killed with SIGKILL inside a tool (before or right after its side effect) or on a timer
(in a commit, a wait, a backoff...), at points drawn from a seeded RNG; the next life resumes it. The plan
has 94 nodes: a fan-out of 8 parallel steps, a chain of 40 with flaky steps that need retries and a
durable wait, one payment that needs approval (approved) and one that is denied, then a tail of 40 (8 side
by side, then a chain).

The property checked, exactly:

* **At-least-once calls, exactly-once effects by key.** The tool journals every call with its idempotency
  key. A step killed after its effect but before the executor committed it is called again on resume with
  the *same* key; an idempotent receiver (here: the first successful call per key wins) applies it once.
  So: every step has exactly one key across all its calls and lives; every completed step has exactly one
  applied effect; and the applied effects equal those of an uninterrupted run.
* **Nothing needing confirmation runs without approval**: no call of the denied step, ever; no call of the
  approved one before its approval was recorded.
* **The final outputs equal an uninterrupted run's.**
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from plankit.execute import approve, deny
from plankit.plan import Execution, StepStatus
from plankit.store import SqliteStore

WORKER = Path(__file__).with_name("crash_worker.py")
SEED = 20260301
KILLS = 24
CHAIN = 40
TAIL = 40
APPROVE = {"pay"}
DENY = {"refund"}

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the crash worker forks its lives")


def _post(step_id: str, amount: int, inputs: list[str], **extra: Any) -> dict[str, Any]:
    params = {"label": step_id, "amount": amount, "inputs": inputs, **extra}
    return {"id": step_id, "tool": "ledger.post", "params": params}


def _retry(node: dict[str, Any], fail_attempts: int) -> dict[str, Any]:
    node["params"]["fail_attempts"] = fail_attempts
    node["on_failure"] = {"strategy": "retry", "max_attempts": fail_attempts + 1, "delay_ms": 20}
    return node


def crash_plan() -> dict[str, Any]:
    """94 nodes, 92 of them tool calls (91 run: the denied one never does)."""
    steps: list[dict[str, Any]] = [_post("open", 1, [])]
    fan = [_post(f"f{i}", 10 + i, ["{{open.result.total}}"], ms=15) for i in range(8)]
    _retry(fan[2], 1)
    steps.append({"id": "fan", "type": "parallel", "steps": fan, "depends_on": ["open"]})
    previous = [f"{{{{f{i}.result.total}}}}" for i in range(8)]
    for i in range(CHAIN):
        node = _post(f"c{i}", 100 + i, previous, ms=10)
        node["depends_on"] = ["fan"] if i == 0 else [f"c{i - 1}"]
        if i in (3, 8, 21, 30):
            _retry(node, 2 if i % 2 else 1)
        if i == 6:
            node["depends_on"].append("cool")
        steps.append(node)
        if i == 5:
            steps.append({"id": "cool", "type": "wait", "duration_ms": 300, "depends_on": ["c5"]})
        previous = [f"{{{{c{i}.result.total}}}}"]
    for step_id, amount in (("pay", 5000), ("refund", 7000)):
        payment = {"id": step_id, "tool": "payments.transfer", "require_confirmation": True}
        payment["params"] = {"label": step_id, "amount": amount, "inputs": [f"{{{{c{CHAIN - 1}.result.total}}}}"]}
        payment["depends_on"] = [f"c{CHAIN - 1}"]
        steps.append(payment)
    steps[-1]["on_failure"] = {"strategy": "skip", "reason": "denied refunds are dropped"}
    for i in range(TAIL):
        node = _post(f"t{i}", 1000 + i, ["{{pay.result.total}}"], ms=10)
        node["depends_on"] = ["pay"] if i <= 7 else [f"t{i - 1}"]
        steps.append(node)
    steps.append(
        {
            "id": "close",
            "tool": "ledger.post",
            "params": {"label": "close", "amount": 0},
            "depends_on": [f"t{i}" for i in range(TAIL)],
        }
    )
    return {"id": "crash-plan", "goal": "survive SIGKILL", "steps": steps}


def kill_schedule(rng: random.Random) -> list[dict[str, Any]]:
    """Where each life dies: in a tool (before/after its effect, on call 1-2) or on a timer (0-40 ms)."""
    schedule: list[dict[str, Any]] = []
    for _ in range(4 * KILLS):
        kind = rng.choice(["before", "after", "after", "timer"])
        if kind == "timer":
            schedule.append({"kind": "timer", "delay": round(rng.uniform(0.0, 0.04), 3)})
        else:
            schedule.append({"kind": "tool", "call": rng.randint(1, 2), "phase": kind})
    return schedule


class Worker:
    """The crash worker process: one request line in, one answer line out, per life."""

    def __init__(self, plan_file: Path):
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), str(plan_file)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def life(self, db: Path, journal: Path, kill: dict[str, Any] | None) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"db": str(db), "journal": str(journal), "kill": kill}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the crash worker died"
        return json.loads(answer)  # type: ignore[no-any-return]

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.process.stdout.close()


async def _decide(db: Path, journal: Path) -> list[str]:
    """Answer every pending confirmation; journal each approval before it is recorded."""
    async with SqliteStore(db) as store:
        execution = await store.load_execution("crash")
        assert execution is not None
        waiting = [step.step_id for step in execution.steps if step.status is StepStatus.AWAITING_CONFIRMATION]
        for step_id in waiting:
            with journal.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps({"approved": step_id in APPROVE, "step": step_id}) + "\n")
            await (approve if step_id in APPROVE else deny)(store, "crash", step_id, by="test")
    return waiting


def drive(worker: Worker, db: Path, journal: Path, schedule: list[dict[str, Any]]) -> tuple[int, int, list[str]]:
    """Lives until the execution completes: returns (kills, lives, the steps that waited for a decision)."""
    kills = lives = 0
    decided: list[str] = []
    pending = iter(schedule)
    while lives < 200:
        lives += 1
        kill = next(pending, None) if kills < KILLS else None
        answer = worker.life(db, journal, kill)
        if answer.get("signal") is not None:
            assert answer["signal"] == 9, answer
            kills += 1
        elif answer["exit"] == 3:
            decided += asyncio.run(_decide(db, journal))
        elif answer["exit"] == 0:
            return kills, lives, decided
        else:
            pytest.fail(f"life {lives} ended with {answer}: see the worker's stderr above")
    pytest.fail("the execution did not complete in 200 lives")


def load(db: Path) -> Execution:
    async def read() -> Execution:
        async with SqliteStore(db) as store:
            found = await store.load_execution("crash")
            assert found is not None
            return found

    return asyncio.run(read())


def read_journal(journal: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]


def applied_effects(entries: list[dict[str, Any]]) -> dict[str, tuple[str, str, int]]:
    """What an idempotent receiver applies: the first successful call per key."""
    effects: dict[str, tuple[str, str, int]] = {}
    for entry in entries:
        if entry.get("ok"):
            effects.setdefault(entry["key"], (entry["step"], entry["label"], entry["amount"]))
    return effects


def test_sigkill_at_seeded_points_loses_nothing_and_applies_every_effect_once(tmp_path: Path) -> None:
    plan_file = tmp_path / "plan.json"
    plan = crash_plan()
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    worker = Worker(plan_file)
    try:
        ref_kills, ref_lives, ref_decided = drive(worker, tmp_path / "ref.db", tmp_path / "ref.jsonl", [])
        schedule = kill_schedule(random.Random(SEED))
        kills, lives, decided = drive(worker, tmp_path / "crash.db", tmp_path / "crash.jsonl", schedule)
    finally:
        worker.close()
    assert (ref_kills, ref_lives, sorted(ref_decided)) == (0, 2, ["pay", "refund"])
    assert kills == KILLS and kills >= 20
    assert lives >= kills + 2  # at least one life paused for the decisions and one completed
    assert sorted(set(decided)) == ["pay", "refund"]

    reference, crashed = load(tmp_path / "ref.db"), load(tmp_path / "crash.db")
    outputs = {(s.step_id, s.status.value): s.output for s in reference.steps}
    assert {(s.step_id, s.status.value): s.output for s in crashed.steps} == outputs
    assert (reference.status.value, crashed.status.value) == ("completed", "completed")
    completed = {step_id for step_id, status in outputs if status == "completed"}
    assert len(completed) == 93  # 91 tool calls, the parallel and the wait
    assert {step_id for step_id, status in outputs if status == "skipped"} == {"refund"}

    entries = read_journal(tmp_path / "crash.jsonl")
    calls = [entry for entry in entries if "key" in entry]
    keys_per_step: dict[str, set[str]] = defaultdict(set)
    for entry in calls:
        keys_per_step[entry["step"]].add(entry["key"])
    assert all(keys == {f"crash:{step}"} for step, keys in keys_per_step.items())  # one key per step, ever
    effects = applied_effects(entries)
    tool_steps = completed - {"fan", "cool"}
    assert {step for step, _, _ in effects.values()} == tool_steps  # each completed call applied, once by key
    assert effects == applied_effects(read_journal(tmp_path / "ref.jsonl"))
    # At-least-once: kills right after an effect made the resumed run call again with the same key.
    repeated = sum(1 for entry in calls if entry["ok"]) - len(effects)
    after_kills = sum(1 for kill in schedule[:KILLS] if kill.get("phase") == "after")
    assert repeated >= 1 and after_kills >= 1
    # Confirmations: nothing denied ever ran; the approved payment only ran after its approval.
    assert not [entry for entry in calls if entry["step"] == "refund"]
    approval = next(i for i, entry in enumerate(entries) if entry.get("approved") is True)
    first_pay = next(i for i, entry in enumerate(entries) if entry.get("step") == "pay" and "key" in entry)
    assert approval < first_pay
