"""The executor's fast paths record exactly what the general paths do.

* ``new_record`` builds a pending step record without validation: it equals the validated model, field by field,
  with the same fields set.
* The memory store keeps records as field values and its event log flat: a run stored in memory reads back
  exactly as the same run stored in SQLite (whose path serialises every model): the records, the events, the
  checkpoint and the dead letters.
* Children of a wide scope report how they ended themselves: a store failure inside one of them still stops the
  run with the store's error, and no task is left with an exception nobody retrieved.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit import ToolContext, ToolRegistry
from plankit.errors import ServerError, UserError
from plankit.execute import checkpoint_of
from plankit.execute._state import new_record
from plankit.plan import Execution, ExecutionCheckpoint, ExecutionStatus, StepExecution, StepStatus
from plankit.store import MemoryStore, SqliteStore, Store
from plankit.testing import DEFAULT_START

from .helpers import executor, make_plan


@given(
    step_id=st.text(min_size=1, max_size=12),
    iteration=st.none() | st.integers(min_value=0, max_value=10**9),
    key=st.none() | st.text(max_size=20),
)
def test_a_fast_pending_record_is_the_validated_one(step_id: str, iteration: int | None, key: str | None) -> None:
    fast = new_record(step_id, iteration, key)
    validated = StepExecution(step_id=step_id, status=StepStatus.PENDING, iteration=iteration, idempotency_key=key)
    assert fast == validated
    assert list(vars(fast).items()) == list(vars(validated).items())
    assert fast.model_fields_set == validated.model_fields_set == {"step_id", "status", "iteration", "idempotency_key"}
    assert fast.model_dump_json() == validated.model_dump_json()
    assert fast.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True)
    assert (fast.__pydantic_extra__, fast.__pydantic_private__) == (None, None)
    assert StepExecution.model_validate(fast.model_dump()) == fast


def test_fast_records_do_not_share_their_fields_set() -> None:
    first, second = new_record("a", None, "e:a"), new_record("b", None, "e:b")
    first.status = StepStatus.RUNNING
    assert "status" in first.model_fields_set
    assert second.model_fields_set == {"step_id", "status", "iteration", "idempotency_key"}
    assert second.status is StepStatus.PENDING


@pytest.mark.parametrize("status", [ExecutionStatus.COMPLETED, ExecutionStatus.PAUSED])
def test_a_checkpoint_is_the_validated_one(status: ExecutionStatus) -> None:
    steps = [
        StepExecution(step_id="a", status=StepStatus.COMPLETED, output={"n": 1}, attempt_count=1),
        StepExecution(step_id="b", status=StepStatus.COMPLETED, iteration=0, output=None, attempt_count=1),
        StepExecution(step_id="c", status=StepStatus.AWAITING_CONFIRMATION, attempt_count=1),
        StepExecution(step_id="d", status=StepStatus.COMPLETED, output=[1, "x"], attempt_count=2),
    ]
    execution = Execution(execution_id="e1", plan_id="p", owner="ann", status=status, steps=steps)
    fast = checkpoint_of(execution, DEFAULT_START)
    validated = ExecutionCheckpoint(
        execution_id="e1", plan_id="p", owner="ann", current_node_id="c",
        step_results=[("a", {"n": 1}), ("b", None), ("d", [1, "x"])], steps=steps,
        status="paused" if status is ExecutionStatus.PAUSED else "running",
        started_at=DEFAULT_START, updated_at=DEFAULT_START,
    )  # fmt: skip
    assert fast == validated
    assert list(vars(fast).items()) == list(vars(validated).items())
    assert fast.model_fields_set == validated.model_fields_set
    assert fast.model_dump_json() == validated.model_dump_json()
    assert fast.steps is not execution.steps  # its own list of the records


# A run touching every kind of record: a chain, a wide parallel, a loop (iteration keys), a retried step, a
# skipped one, and a step that fails for good (its dead letter) inside a parallel that tolerates it.
MIXED_PLAN: list[dict[str, Any]] = [
    {"id": "first", "tool": "record", "params": {"step": "first", "n": 1}},
    {
        "id": "wide",
        "type": "parallel",
        "depends_on": ["first"],
        "allow_partial_failure": True,
        "steps": [
            *({"id": f"w{index}", "tool": "record", "params": {"step": f"w{index}"}} for index in range(70)),
            {
                "id": "flaky",
                "tool": "record",
                "params": {"step": "flaky"},
                "on_failure": {"strategy": "retry", "max_attempts": 3, "delay_ms": 10},
            },
            {"id": "broken", "tool": "record", "params": {"step": "broken", "amount": 5}},
            {"id": "after_broken", "tool": "record", "params": {"step": "after"}, "depends_on": ["broken"]},
            {"id": "optional", "tool": "record", "params": {"step": "optional"}, "on_failure": {"strategy": "skip"}},
        ],
    },
    {
        "id": "loop",
        "type": "loop",
        "depends_on": ["wide"],
        "max_iterations": 3,
        "body": {"id": "body", "tool": "record", "params": {"step": "body", "seen": "{{first.n}}"}},
    },
    {"id": "last", "tool": "record", "params": {"step": "last", "got": "{{first.step}}"}, "depends_on": ["loop"]},
]


def _registry() -> tuple[ToolRegistry, dict[str, list[BaseException]]]:
    registry = ToolRegistry()
    failures: dict[str, list[BaseException]] = {}

    @registry.tool("record")
    async def record(ctx: ToolContext, **params: Any) -> Any:
        """Echo the params; raise the next scripted failure of the step first, if any."""
        script = failures.get(ctx.step_id)
        if script:
            raise script.pop(0)
        return None if params.get("step", "").startswith("w") else params

    return registry, failures


async def _stored_run(store: Store) -> dict[str, Any]:
    registry, failures = _registry()
    failures["flaky"] = [ServerError("busy", status_code=503), ServerError("busy", status_code=503)]
    failures["broken"] = [UserError("no such account")]
    failures["optional"] = [UserError("not today")]
    async with store:
        execution = await executor(store, registry).start(make_plan(MIXED_PLAN))
        loaded = await store.load_execution(execution.execution_id)
        events = await store.list_events(execution.execution_id)
        checkpoint = await store.load_checkpoint(execution.execution_id)
        letters = await store.list_dead_letters()
    assert loaded is not None and checkpoint is not None
    return {
        "returned": execution.model_dump(),
        "loaded": loaded.model_dump(),
        "events": [(e.execution_id, e.step_id, e.iteration, e.status, e.attempt, e.error) for e in events],
        "seqs_grow": [e.seq for e in events] == sorted({e.seq for e in events}),
        "checkpoint": checkpoint.model_dump(),
        "letters": [letter.model_dump() for letter in letters],
    }


def test_a_run_in_memory_reads_back_as_the_same_run_in_sqlite(tmp_path: Path) -> None:
    in_memory = asyncio.run(_stored_run(MemoryStore()))
    in_sqlite = asyncio.run(_stored_run(SqliteStore(tmp_path / "plankit.db")))
    assert in_memory == in_sqlite
    loaded = Execution.model_validate(in_memory["loaded"])
    assert loaded.status.value == "completed"
    by_key = {(step.step_id, step.iteration): step for step in loaded.steps}
    assert by_key[("flaky", None)].attempt_count == 3
    assert by_key[("broken", None)].status is StepStatus.FAILED
    assert by_key[("after_broken", None)].status is StepStatus.SKIPPED
    assert by_key[("optional", None)].status is StepStatus.SKIPPED
    assert [by_key[("body", index)].output for index in range(3)] == [{"step": "body", "seen": 1}] * 3
    assert by_key[("w3", None)].idempotency_key == "exec_1:w3"
    assert in_memory["seqs_grow"]
    # Every transition of a step is an event: the retried step's three starts and two retries, then its end.
    assert [e[3:5] for e in in_memory["events"] if e[1] == "flaky"] == [
        ("running", 1), ("retrying", 1), ("running", 2), ("retrying", 2), ("running", 3), ("completed", 3)
    ]  # fmt: skip
    # The dead letters of steps with literal params hold them (read from the node: no copy kept per step).
    assert [(letter["node_id"], letter["params"], letter["error"]) for letter in in_memory["letters"]] == [
        ("broken", {"step": "broken", "amount": 5}, "no such account"),
        ("optional", {"step": "optional"}, "not today"),
    ]
    # The checkpoint holds every record and the results of the completed ones.
    assert len(in_memory["checkpoint"]["steps"]) == len(loaded.steps)
    assert ("last", {"step": "last", "got": "first"}) in in_memory["checkpoint"]["step_results"]


class _FailingAfter(MemoryStore):
    """A store whose ``record_transition`` fails from its ``fail_at``-th call on."""

    def __init__(self, fail_at: int) -> None:
        super().__init__()
        self.calls = 0
        self.fail_at = fail_at

    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        self.calls += 1
        if self.calls >= self.fail_at:
            raise OSError("disk full")
        await super().record_transition(execution, steps)


def test_a_store_failure_inside_a_wide_scope_stops_the_run_with_the_stores_error() -> None:
    registry, _ = _registry()
    plan = make_plan([{"id": f"k{index}", "tool": "record", "params": {"step": f"k{index}"}} for index in range(150)])
    unretrieved: list[dict[str, Any]] = []

    async def body() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: unretrieved.append(context))
        async with _FailingAfter(fail_at=100) as store:
            with pytest.raises(OSError, match="disk full"):
                await executor(store, registry).start(plan)
            await asyncio.sleep(0)

    asyncio.run(body())
    import gc

    gc.collect()  # a task whose exception nobody retrieved says so when it is collected
    assert unretrieved == []
