"""Workflows for ``test_temporal_sandbox.py``. They live in a module of their own because Temporal's sandbox
imports a workflow's module afresh for each run: whatever they do here, they do inside the sandbox."""

from __future__ import annotations

import sys
import time
from typing import Any

from temporalio import workflow

from plankit.engines import _temporal_workflow
from plankit.engines.temporal import WORKFLOW
from plankit.execute import SystemClock


@workflow.defn(name="sandbox-probe")
class ProbeWorkflow:
    """Reports which plankit modules the sandbox runs: ``{name: id(module)}`` (the same id as outside
    means the module was passed through)."""

    @workflow.run
    async def run(self) -> dict[str, int]:
        return {name: id(module) for name, module in sys.modules.items() if name.split(".")[0] == "plankit"}


@workflow.defn(name=WORKFLOW)
class LeakyClockWorkflow(_temporal_workflow.PlanWorkflow):
    """plankit's workflow (registered under its name, on a queue of its own) reading plankit's own wall
    clock (the executor's ``SystemClock``), as a refactor that forgot the workflow's clock would."""

    @workflow.run
    async def run(self, request: dict[str, Any]) -> str:
        SystemClock().now()
        return await super().run(request)


@workflow.defn(name=WORKFLOW)
class LeakyHelperWorkflow(_temporal_workflow.PlanWorkflow):
    """plankit's workflow with a helper of its interpreter patched (in the sandbox's copy of the engine) to
    read the machine's time while a step builds its activity's request."""

    @workflow.run
    async def run(self, request: dict[str, Any]) -> str:
        from plankit.engines import temporal  # the sandbox's own copy: patching it changes nothing outside

        original = temporal._TemporalNodeRunner._request

        def stamped(runner: Any, ctx: Any, **fields: Any) -> dict[str, Any]:
            return {**original(runner, ctx, **fields), "at": time.time()}

        temporal._TemporalNodeRunner._request = stamped  # type: ignore[method-assign]
        return await super().run(request)
