"""plankit's workflow runs in Temporal's sandbox: its interpreter is imported afresh for each run and
checked there, and a non-deterministic call in it fails the workflow task (Temporal retries the task; the
run records nothing it did not do) instead of becoming a step's failure."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from temporalio.client import Client, WorkflowHandle
from temporalio.worker import Worker
from tests.engines.sandbox_workflows import LeakyClockWorkflow, LeakyHelperWorkflow, ProbeWorkflow

from plankit.engines import TemporalEngine, temporal_worker
from plankit.engines._temporal_workflow import CHECKED, passthrough_modules, workflow_runner
from plankit.engines.temporal import _activities
from plankit.errors import ToolError
from plankit.execute import Executor
from plankit.plan import plan_from_data
from plankit.store import MemoryStore
from plankit.tools import ToolRegistry

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "temporal"
ADVICE = (
    " from inside a workflow. If this is code from a module not used in a workflow or known to only be used "
    "deterministically from a workflow, mark the import as pass through."
)
ECHO = {"id": "one", "goal": "echo once", "steps": [{"id": "s", "tool": "echo", "args": {"x": 1}}]}


def test_the_interpreter_is_imported_afresh_and_everything_else_passed_through(temporal_address: str) -> None:
    async def main() -> dict[str, int]:
        client = await Client.connect(temporal_address)
        worker = Worker(client, task_queue="probe", workflows=[ProbeWorkflow], workflow_runner=workflow_runner())
        async with worker:
            result: dict[str, int] = await client.execute_workflow("sandbox-probe", id="probe", task_queue="probe")
            return result

    inside = asyncio.run(main())
    fresh = {name for name, ident in inside.items() if ident != id(sys.modules.get(name))}
    assert fresh == CHECKED
    assert {"plankit.plan", "plankit.errors", "plankit.store"} <= set(inside) - fresh  # passed through
    assert not set(passthrough_modules()) & CHECKED


async def _first_task_failure(handle: WorkflowHandle[Any, Any]) -> str:
    """The message of the workflow's first failed workflow task (waiting for it)."""
    while True:
        async for event in handle.fetch_history_events():
            if event.HasField("workflow_task_failed_event_attributes"):
                return str(event.workflow_task_failed_event_attributes.failure.message)
        await asyncio.sleep(0.05)


def _run_leaky(address: str, workflow: type, queue: str) -> tuple[str, list[tuple[str, str]], str]:
    """Start ECHO on a worker whose plan workflow is ``workflow``; return the first workflow task failure,
    the mirrored step records, and the workflow's status once terminated."""

    async def main() -> tuple[str, list[tuple[str, str]], str]:
        client = await Client.connect(address)
        async with MemoryStore() as store:
            activities = _activities(client, store, ToolRegistry(), None, None)
            worker = Worker(
                client, task_queue=queue, workflows=[workflow], activities=activities,
                workflow_runner=workflow_runner(),
            )  # fmt: skip
            async with worker:
                engine = TemporalEngine(client, store, task_queue=queue)
                execution_id = await engine.start(plan_from_data(ECHO), Executor(store), execution_id=queue)
                handle = engine.handle(execution_id)
                message = await asyncio.wait_for(_first_task_failure(handle), 60)
                await handle.terminate("test over")
                execution = await store.load_execution(execution_id)
                assert execution is not None
                steps = [(step.step_id, step.status.value) for step in execution.steps]
                description = await handle.describe()
                assert description.status is not None
                return message, steps, description.status.name

    return asyncio.run(main())


def test_the_sandbox_refuses_the_executors_wall_clock_in_the_workflow(temporal_address: str) -> None:
    message, steps, status = _run_leaky(temporal_address, LeakyClockWorkflow, "leaky-clock")
    assert message == f"Cannot access datetime.datetime.now.__call__{ADVICE}"
    assert (steps, status) == ([], "TERMINATED")  # nothing ran, nothing was recorded


def test_a_nondeterministic_helper_inside_a_step_fails_the_workflow_task_not_the_step(temporal_address: str) -> None:
    message, steps, status = _run_leaky(temporal_address, LeakyHelperWorkflow, "leaky-helper")
    assert message == f"the workflow's code is not deterministic: Cannot access time.time.__call__{ADVICE}"
    # Not a step failure: nothing is recorded (the step's start is written just before its action, which
    # never ran), and Temporal retries the task until a fixed worker runs it.
    assert (steps, status) == ([], "TERMINATED")


REPLAYED = {
    "id": "replayed", "goal": "everything that makes history: parallel branches, a retry's timer, a wait, a signal",
    "steps": [
        {"id": "a", "tool": "echo", "args": {"x": 1}},
        {"id": "both", "type": "parallel", "depends_on": ["a"], "steps": [
            {"id": "b", "tool": "flaky", "args": {}, "on_failure": {"strategy": "retry", "max_attempts": 2,
                                                                      "delay_ms": 20}},
            {"id": "c", "tool": "echo", "args": {"y": "{{a.x}}"}},
        ]},
        {"id": "nap", "type": "wait", "duration_ms": 30, "depends_on": ["both"]},
        {"id": "pay", "tool": "echo", "args": {"z": 3}, "require_confirmation": True, "depends_on": ["nap"]},
    ],
}  # fmt: skip


def test_a_recorded_history_replays_on_the_sandboxed_workflow(temporal_address: str) -> None:
    """What a worker does after a restart or a cache eviction: replay the history with the current code. Any
    command the code would issue differently (a non-deterministic interpreter) fails the replay."""
    from temporalio.worker import Replayer

    from plankit.engines.temporal import _workflow_class

    tools = ToolRegistry()
    failed: list[int] = []

    @tools.tool("flaky")
    def flaky() -> dict[str, int]:
        """Fails on its first call."""
        if not failed:
            failed.append(1)
            raise ToolError("first call fails")
        return {"ok": 1}

    async def main() -> tuple[str, list[tuple[str, str, int]], bool]:
        client = await Client.connect(temporal_address)
        async with MemoryStore() as store, temporal_worker(client, store, tools, task_queue="replayed"):
            engine = TemporalEngine(client, store, task_queue="replayed")
            execution_id = await engine.start(plan_from_data(REPLAYED), Executor(store, tools), "replayed")
            await asyncio.wait_for(engine.wait(execution_id), 60)
            await engine.decide(execution_id, "pay", True, by="ann")
            done = await asyncio.wait_for(engine.wait(execution_id, until_final=True), 60)
            history = await engine.handle(execution_id).fetch_history()
        replayed = await Replayer(workflows=[_workflow_class()], workflow_runner=workflow_runner()).replay_workflow(
            history, raise_on_replay_failure=False
        )
        steps = [(step.step_id, step.status.value, step.attempt_count) for step in done.steps]
        return done.status.value, steps, replayed.replay_failure is None

    status, steps, replayed = asyncio.run(main())
    assert (status, sorted(steps)) == ("completed", [
        ("a", "completed", 1), ("b", "completed", 2), ("both", "completed", 1), ("c", "completed", 1),
        ("nap", "completed", 1), ("pay", "completed", 1),
    ])  # fmt: skip
    assert replayed


def test_a_workflow_started_by_the_previous_plankit_replays_and_finishes_as_it_ran() -> None:
    """``history-s2.json`` was recorded with plankit before mirror writes were batched (one local activity per
    write): the same plan (plus a last step that fails) started, paused, approved and ended. An upgraded worker
    must replay it command for command (Temporal's patch marker selects the old way), or every workflow open
    during an upgrade would be stuck."""
    from temporalio.client import WorkflowHistory
    from temporalio.worker import Replayer

    from plankit.engines.temporal import _workflow_class

    history = WorkflowHistory.from_json("old-history", (FIXTURES / "history-s2.json").read_text(encoding="utf-8"))

    async def main() -> Any:
        replayer = Replayer(workflows=[_workflow_class()], workflow_runner=workflow_runner())
        return (await replayer.replay_workflow(history, raise_on_replay_failure=False)).replay_failure

    assert asyncio.run(main()) is None
