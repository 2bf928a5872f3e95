"""``plankit serve --engine temporal``: an execution created through the API is due at once, so the server's
own worker may claim it before the request starts its workflow. That race must not fail the request: the
worker that holds it starts the workflow. Another process holding it is a 409 naming the holder."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from temporalio.client import Client, WorkflowExecutionStatus
from tests.server.harness import TOOLS
from tests.server.plans import echo_plan

from plankit.plan import Execution, ExecutionStatus, plan_from_data
from plankit.server import ServerSettings
from plankit.server._context import ServerContext
from plankit.server._errors import ApiError
from plankit.store import WAKE_NOW, SqliteStore


async def _pending(store: SqliteStore, execution_id: str) -> None:
    plan_id = await store.save_plan(plan_from_data(echo_plan()))
    await store.record_transition(
        Execution(execution_id=execution_id, plan_id=plan_id, status=ExecutionStatus.PENDING, wake_at=WAKE_NOW)
    )


def test_the_servers_own_worker_claiming_first_is_not_an_error(temporal_address: str, tmp_path: Path) -> None:
    async def body() -> None:
        store = SqliteStore(tmp_path / "plankit.db")
        settings = ServerSettings(store=store, tools=TOOLS, worker=False, temporal_address=temporal_address,
                                  temporal_task_queue="serve-race")  # fmt: skip
        ctx = ServerContext(settings)
        await ctx.open()
        try:
            now = datetime.now(UTC)
            await _pending(store, "race-1")
            # The worker's tick claims what is due, as it would between the request's insert and its start.
            assert await store.claim_due_executions(ctx.executor.worker_id, now + timedelta(seconds=30), now) == [
                "race-1"
            ]
            await ctx.start_execution("race-1")  # no error: the claiming worker starts it
            await ctx.executor.resume("race-1")  # what that worker does next
            client = await Client.connect(temporal_address)
            described = await client.get_workflow_handle("race-1").describe()
            assert described.status is WorkflowExecutionStatus.RUNNING  # started once (no worker polls the queue)

            await _pending(store, "race-2")
            assert await store.claim_execution("race-2", "elsewhere:1:abc", now + timedelta(hours=1), now) is None
            with pytest.raises(ApiError) as refused:
                await ctx.start_execution("race-2")
            assert (refused.value.status, refused.value.code, refused.value.message) == (
                409, "execution_taken", "execution 'race-2' is being run by elsewhere:1:abc"
            )  # fmt: skip
            await client.get_workflow_handle("race-1").terminate("test over")
        finally:
            await ctx.close()

    asyncio.run(body())
