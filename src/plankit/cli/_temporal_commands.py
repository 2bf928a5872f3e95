"""``--engine temporal``: run plans on a Temporal cluster, and ``plankit worker`` to serve them.

``plankit worker --engine temporal --tools T [--temporal-address HOST:PORT --namespace NS --task-queue Q]
--db DB`` runs plankit's workflow and activities; ``plankit run PLAN --engine temporal ...`` lints the plan,
starts its workflow and waits until it completes, fails or pauses; ``approve``/``deny`` signal the
workflow, ``cancel`` cancels it. Records are mirrored into ``--db``, so ``executions show`` and
``dead-letters list`` read them as always. Every option has an environment variable (``PLANKIT_ENGINE``,
``PLANKIT_TEMPORAL_ADDRESS``, ``PLANKIT_TEMPORAL_NAMESPACE``, ``PLANKIT_TEMPORAL_TASK_QUEUE``).
"""

from __future__ import annotations

import asyncio
import logging
import signal
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..engines import DEFAULT_TASK_QUEUE, TemporalEngine, temporal_worker
from ..errors import MissingExtraError
from ..execute import Executor
from ..plan import Execution, Plan
from ..store import Store, redact_dsn
from ._common import EXIT_OK, TextOrJson, fail, stderr
from ._model_options import BaseUrlOption, McpConfigOption, McpOption, ModelOption, StepModel, open_tools

if TYPE_CHECKING:
    from temporalio.client import Client


class Engine(str, Enum):
    """``--engine``: where plans run."""

    LOCAL = "local"
    TEMPORAL = "temporal"


EngineOption = Annotated[
    Engine,
    typer.Option("--engine", envvar="PLANKIT_ENGINE", help="local (this process), or temporal (a Temporal cluster)."),
]
AddressOption = Annotated[
    str, typer.Option("--temporal-address", envvar="PLANKIT_TEMPORAL_ADDRESS", help="Temporal frontend HOST:PORT.")
]
NamespaceOption = Annotated[
    str, typer.Option("--namespace", envvar="PLANKIT_TEMPORAL_NAMESPACE", help="Temporal namespace.")
]
TaskQueueOption = Annotated[
    str, typer.Option("--task-queue", envvar="PLANKIT_TEMPORAL_TASK_QUEUE", help="Temporal task queue.")
]
DEFAULT_ADDRESS = "localhost:7233"
_WorkerPolicyOption = Annotated[  # PolicyOption's twin (_run_commands imports this module)
    list[Path] | None,
    typer.Option(
        "--policy", "-p",
        help="Policy file (repeat to merge); each run a Temporal Schedule starts is linted against it first.",
    ),
]  # fmt: skip
__all__ = [
    "DEFAULT_ADDRESS",
    "DEFAULT_TASK_QUEUE",
    "AddressOption",
    "Engine",
    "EngineOption",
    "NamespaceOption",
    "TaskQueueOption",
    "TemporalSettings",
    "has_workers",
    "left_on_temporal",
    "register",
    "retry_on_temporal",
    "run_on_temporal",
    "worker",
]


@dataclass(frozen=True)
class TemporalSettings:
    """Where the Temporal cluster is."""

    address: str = DEFAULT_ADDRESS
    namespace: str = "default"
    task_queue: str = DEFAULT_TASK_QUEUE

    def words(self) -> list[str]:
        """The options that select this cluster, for a printed command."""
        return ["--engine", "temporal", "--temporal-address", self.address, "--namespace", self.namespace,
                "--task-queue", self.task_queue]  # fmt: skip

    async def connect(self) -> Client:
        """A client, or exit 2 with what went wrong (a missing extra, an unreachable cluster)."""
        try:
            from temporalio.client import Client
        except ImportError:
            fail(MissingExtraError("temporalio", "temporal"))
        try:
            return await Client.connect(self.address, namespace=self.namespace)
        except Exception as exc:  # the SDK raises RuntimeError for an unreachable server
            fail(f"can't reach Temporal at {self.address} (namespace {self.namespace}): {exc}")

    async def engine(self, store: Store) -> TemporalEngine:
        """The engine over ``store``."""
        return TemporalEngine(await self.connect(), store, task_queue=self.task_queue)


NO_WORKER_AFTER = 5.0
"""Seconds ``run --engine temporal`` waits for the workflow to end or pause before it checks that some worker
polls the queue (and says so when none does)."""


async def run_on_temporal(settings: TemporalSettings, store: Store, executor: Executor, plan: Plan,
                          execution_id: str | None, started: list[str] | None = None,
                          no_worker_after: float = NO_WORKER_AFTER) -> Execution:  # fmt: skip
    """Start ``plan``'s workflow and wait until it completes, fails, is cancelled or pauses.

    The started execution's id is appended to ``started`` (so Ctrl-C can name it); when the run has not
    ended after ``no_worker_after`` seconds and no worker polls the queue, a line says how to start one.
    """
    engine = await settings.engine(store)
    begun = await engine.start(plan, executor, execution_id=execution_id)  # PlanRefusedError: nothing started
    if started is not None:
        started.append(begun)
    where = f"{settings.address}, queue {settings.task_queue}"
    stderr.print(
        f"execution {begun} runs on Temporal ({where}); it waits for a `plankit worker --engine temporal` on "
        "that queue",
        markup=False,
    )
    waiting = asyncio.ensure_future(engine.wait(begun))
    done, _ = await asyncio.wait({waiting}, timeout=no_worker_after)
    if not done and not await has_workers(engine.client, settings.task_queue):
        stderr.print(
            f"no worker polls queue {settings.task_queue} at {settings.address}: start one with `plankit worker "
            f"--tools TOOLS {' '.join(settings.words())}` (and the same --db); the execution runs when one does",
            markup=False,
        )
    return await waiting


async def has_workers(client: Client, task_queue: str) -> bool:
    """True when some worker polls ``task_queue`` for workflow tasks (Temporal's own view of its pollers)."""
    from temporalio.api.enums.v1 import TaskQueueType
    from temporalio.api.taskqueue.v1 import TaskQueue
    from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest

    request = DescribeTaskQueueRequest(
        namespace=client.namespace,
        task_queue=TaskQueue(name=task_queue),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    )
    described = await client.workflow_service.describe_task_queue(request)
    return len(described.pollers) > 0


def left_on_temporal(settings: TemporalSettings, started: list[str], db_words: list[str]) -> str | None:
    """What Ctrl-C during ``run --engine temporal`` leaves: the workflow goes on; how to follow or stop it."""
    if not started:
        return None
    eid = started[0]
    db = " ".join(db_words)
    cluster = f"--engine temporal --temporal-address {settings.address} --namespace {settings.namespace}"
    return (
        f"stopped waiting; execution {eid} goes on on Temporal (a worker on queue {settings.task_queue} runs it): "
        f"follow it with `plankit executions show {eid} {db}`, stop it with `plankit cancel {eid} {cluster} {db}`"
    )


async def retry_on_temporal(settings: TemporalSettings, executor: Executor, entry_id: str) -> Execution:
    """Retry a dead letter's step in a new run of its execution's workflow; wait until it ends or pauses."""
    engine = await settings.engine(executor.store)
    entry = await executor.store.get_dead_letter(entry_id)
    before = await executor.store.load_execution(entry.execution_id) if entry is not None else None
    started = await engine.retry_dead_letter(entry_id, executor)  # LookupError/ValueError: nothing started
    stderr.print(
        f"execution {started} continues on Temporal ({settings.address}, queue {settings.task_queue}); it waits "
        "for a `plankit worker --engine temporal` on that queue",
        markup=False,
    )
    return await engine.wait(started, ended_before=before.completed_at if before is not None else None)


def worker(
    tools: Annotated[str, typer.Option("--tools", help="Tools module the workflows' actions call.")] = "",
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    mcp: McpOption = None,
    mcp_config: McpConfigOption = None,
    engine: EngineOption = Engine.TEMPORAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
    db: Annotated[
        str, typer.Option("--db", envvar="PLANKIT_DB", help="Where records are mirrored (SQLite file or postgresql://).")
    ] = "plankit.db",
    policy: _WorkerPolicyOption = None,
) -> None:
    """Run a Temporal worker for plankit's workflows and activities, until SIGTERM/Ctrl-C.

    --model (or PLANKIT_MODEL) runs the workflows' llm steps; it also rewrites the rest of a plan started
    with --replan when a step fails for good. --mcp/--mcp-config add MCP servers' tools (NAME.tool), connected
    for as long as the worker runs. A run started by a Temporal Schedule is linted first with ``--policy`` and
    the worker's tools (fail closed: a plan that no longer passes runs nothing, and its fire is recorded
    ``refused`` with the findings).
    """
    from ..compile import LlmReplanner
    from ._run_commands import _open_store, _ReplanSettings, _run_async, _RunSettings

    if engine is not Engine.TEMPORAL:
        fail("`plankit worker` serves a Temporal cluster: pass --engine temporal (locally, run `plankit scheduler`)")
    steps = StepModel.of(model, base_url, mcp, mcp_config)
    # With a model, the planner gets its own client, with the client's own retries (as `run --replan` has it);
    # whether an execution replans, and how often, is said by whoever started it.
    replan = _ReplanSettings.of(True, steps.model, base_url, 0) if steps.model is not None else None
    settings = _RunSettings(db, tools, TextOrJson.TEXT, policy or [], steps=steps, replan=replan).load()
    planner = LlmReplanner(settings.llm) if settings.llm is not None else None
    temporal = TemporalSettings(temporal_address, namespace, task_queue)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    async def work() -> int:
        async with _open_store(db, must_exist=False) as store:
            client = await temporal.connect()
            llm = steps.runner(settings.step_llm)
            loop = asyncio.get_running_loop()
            stop = asyncio.Event()
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, stop.set)
            where = f"{temporal_address} namespace {namespace} queue {task_queue}, records in {redact_dsn(db)}"
            if steps.model is not None:
                where += f", llm steps and replanning with {steps.model}"
            async with open_tools(settings.tools, steps.servers) as registry:
                if steps.servers:
                    where += f", MCP servers {', '.join(server.name for server in steps.servers)}"
                running = temporal_worker(
                    client, store, registry, task_queue=task_queue, llm=llm, planner=planner, policy=settings.policy
                )
                stderr.print(f"plankit worker on {where}: working (Ctrl-C or SIGTERM to stop)", markup=False)
                async with running:
                    await stop.wait()
            stderr.print("worker stopped; Temporal hands its work to other workers", markup=False)
        await settings.aclose()
        return EXIT_OK

    raise typer.Exit(_run_async(work))


def register(app: typer.Typer) -> None:
    """Add ``worker`` to the ``plankit`` app."""
    app.command("worker")(worker)
