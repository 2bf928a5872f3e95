"""The worker side of the Temporal engine: the activities plankit's workflow calls.

* ``plankit-tool``: one attempt of an action: the run-time guard first (the policy travels with the request
  when the params held references), then the tool from the worker's registry, with heartbeats;
* ``plankit-llm``: one attempt of an ``llm`` step with the worker's model (``plankit worker --model``): the
  prompt goes out with the step's tools, the model's calls run here under the guard, as
  :class:`plankit.execute.ModelSteps` does in process;
* ``plankit-replan``: the planner (the worker's model) writes the rest of a failed plan and the revision is
  linted here, with the run's policy; the workflow then commits it (:meth:`Replanning.apply`);
* ``plankit-store``: a local activity mirroring the workflow's records into the worker's store, a batch at a
  time (what the workflow queued since it last waited), in order.

A failure is classified here (:func:`plankit.execute._failures.classify`) and goes back to the workflow as a
non-retryable ``ApplicationError`` carrying the classification: the node's own policy retries it, attempt by
attempt, in the workflow.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from .._toolbox import ToolContext
from ..errors import ErrorType, UserError
from ..execute import Executor, LlmStepRunner, Planner, Replanning
from ..execute._failures import Failure, classify
from ..execute._guard import ToolGuard
from ..execute._llm_steps import LlmStepCall, LlmSteps
from ..execute._state import RunState
from ..lint import Policy
from ..plan import DeadLetterEntry, Execution, ExecutionCheckpoint, LlmNode, Plan, PlanStatus, StepExecution
from ..store import Store
from ..tools import ToolRegistry

HEARTBEAT_TIMEOUT = 15.0
"""Seconds without a heartbeat after which Temporal declares a tool's worker lost (it beats three times as
often) and runs the attempt again elsewhere, with the same idempotency key."""

NO_MODEL = "this worker has no model for llm steps: start it with `plankit worker --model provider:model`"


def failure_details(failure: Failure) -> dict[str, Any]:
    """A classified failure as the data an ``ApplicationError`` carries back to the workflow."""
    return {
        "message": failure.message, "error_type": failure.error_type.value, "retryable": failure.retryable,
        "retry_after": failure.retry_after, "status_code": failure.status_code,
    }  # fmt: skip


def failure_from_details(details: Mapping[str, Any]) -> Failure:
    """The failure :func:`failure_details` described."""
    return Failure(
        details["message"], ErrorType(details["error_type"]), details["retryable"], details.get("retry_after"),
        details.get("status_code"),
    )  # fmt: skip


class WorkerActivities:
    """What a worker runs: tools from its registry, ``llm`` steps and replanning with its model, store writes
    into its store. Guards and lint checkers are built once per policy."""

    def __init__(
        self, store: Store, tools: ToolRegistry, llm: LlmStepRunner | None = None, planner: Planner | None = None
    ):
        self.store = store
        self.tools = tools
        self.llm = llm
        self.planner = planner
        self._guards: dict[str, ToolGuard] = {}
        self._checkers: dict[str, Executor] = {}

    # ------------------------------------------------------------------------------------------ actions
    async def tool(self, request: dict[str, Any]) -> Any:
        """One attempt of an action."""
        ctx = _context(request)
        guard = request.get("guard")

        async def call() -> Any:
            return await self._invoke(
                request["tool"], request["params"], ctx, request["step_id"], self._guard(guard),
                confirmed=bool(guard and guard.get("confirmed")), tainted_by=guard and guard.get("tainted_by"),
                metadata=guard and guard.get("metadata"), now=_now(request),
            )  # fmt: skip

        return await _attempt(call, ctx)

    async def llm_step(self, request: dict[str, Any]) -> Any:
        """One attempt of an ``llm`` step with this worker's model (and the step's tools)."""
        ctx = _context(request)
        node = LlmNode.model_validate(request["node"])
        guard = self._guard(request.get("guard"))
        runner = self.llm

        async def call() -> Any:
            if runner is None:
                raise UserError(f"step {node.id!r}: {NO_MODEL}")
            if not isinstance(runner, LlmSteps):
                return await runner(node, request["prompt"], ctx)
            return await runner.run_step(self._llm_call(node, request, ctx, guard))

        return await _attempt(call, ctx)

    def _llm_call(
        self, node: LlmNode, request: dict[str, Any], ctx: ToolContext, guard: ToolGuard | None
    ) -> LlmStepCall:
        """What the executor's ``_llm_call`` builds in process, from the workflow's view of the step's inputs."""
        inputs: dict[str, Any] = {}
        previous: str | None = None
        tainted_by: str | None = None
        for dep, output, tool in request["inputs"]:  # the steps it depends on that completed, in order
            inputs[dep] = output
            if isinstance(output, dict) and isinstance(output.get("response_id"), str):
                previous = output["response_id"]
            sensitive = isinstance(output, dict) and output.get("sensitive") is True
            if tool is not None and guard is not None:
                sensitive = sensitive or guard.is_sensitive_source(tool)
            if sensitive and tainted_by is None:
                tainted_by = dep
        specs = tuple(spec for spec in (self.tools.get(name) for name in node.tools) if spec is not None)
        calls = itertools.count(1)
        now = _now(request)

        async def call_tool(name: str, arguments: Any, tainted: str | None) -> Any:
            key = f"{ctx.idempotency_key}#call{next(calls)}"  # each call its own key; the same on a rerun
            inner = ToolContext(ctx.execution_id, ctx.step_id, ctx.attempt, key, ctx.deadline, ctx.iteration)
            result = await self._invoke(
                name, arguments, inner, node.id, guard, tainted_by=tainted, metadata=node.metadata, now=now
            )
            return jsonable(result)

        sensitive_source = guard.is_sensitive_source if guard is not None else (lambda tool: False)
        return LlmStepCall(
            node, request["prompt"], ctx, specs, call_tool, inputs, previous, tainted_by, sensitive_source
        )

    async def _invoke(
        self, name: str, params: Any, ctx: ToolContext, step_id: str, guard: ToolGuard | None, *,
        confirmed: bool = False, tainted_by: str | None = None, metadata: dict[str, Any] | None = None,
        now: datetime | None = None,
    ) -> Any:  # fmt: skip
        """Run one tool call: the guard judges it first (as in process), then the tool runs."""
        tool = self.tools.implementation(name)
        if tool is None:
            raise UserError(f"tool {name!r} has no implementation on this worker (--tools)")
        if guard is not None:
            guard.enforce(
                name, params, step_id=step_id, confirmed=confirmed, tainted_by=tainted_by, metadata=metadata, now=now
            )
        kwargs = tool.bind(params, ctx)
        if tool.is_async:
            return await tool.function(**kwargs)
        return await asyncio.get_running_loop().run_in_executor(None, functools.partial(tool.function, **kwargs))

    def _guard(self, guard: Mapping[str, Any] | None) -> ToolGuard | None:
        if not guard:
            return None
        policy = guard["policy"]
        key = json.dumps(policy, sort_keys=True)
        if key not in self._guards:
            self._guards[key] = ToolGuard(Policy.model_validate(policy), self.tools)
        return self._guards[key]

    # ------------------------------------------------------------------------------------------ replanning
    async def replan(self, request: dict[str, Any]) -> dict[str, Any]:
        """Ask the planner for the rest of a failed plan and check it: ``{"plan", "added", "dropped"}`` for a
        valid revision, else ``{"failure": ...}`` (the failure to finish with, saying why)."""
        failure = failure_from_details(request["failure"])
        if self.planner is None:
            note = "replanning failed: this worker has no model (start it with `plankit worker --model ...`)"
            return {"failure": failure_details(replace(failure, message=f"{failure.message}; {note}"))}
        plan = Plan.model_validate(request["plan"])
        steps = [StepExecution.model_validate(step) for step in request["steps"]]
        header = Execution.model_validate(request["header"])
        checker = self._checker(request["policy"])
        state = RunState(self.store, header, plan, checker.clock, None, steps)  # read only: nothing is committed
        replanning = Replanning(self.planner, max_replans=int(request["max_replans"]))
        proposed = await replanning.propose(
            state, failure, checker=checker.check, tools=checker.tools, policy=checker.policy
        )
        if isinstance(proposed, Failure):
            return {"failure": failure_details(proposed)}
        assert proposed.plan is not None
        return {"plan": plan_data(proposed.plan), "added": list(proposed.added), "dropped": list(proposed.dropped)}

    def _checker(self, policy: Mapping[str, Any]) -> Executor:
        """An executor used only for its lint (:meth:`Executor.check`): the run's policy, this worker's tools
        and model."""
        key = json.dumps(policy, sort_keys=True)
        if key not in self._checkers:
            self._checkers[key] = Executor(
                self.store, self.tools, policy=Policy.model_validate(policy), llm=self.llm, builtins=False
            )
        return self._checkers[key]

    # ------------------------------------------------------------------------------------------- the store
    async def store_call(self, method: str, args: list[Any]) -> Any:
        """Mirror writes for the workflow, in order (``batch``: ``args`` is a list of ``[method, args]``), or
        read a dead letter or plan."""
        store = self.store
        if method == "batch":
            for inner, inner_args in args:
                await self.store_call(inner, inner_args)
        elif method == "record_transition":
            steps = [StepExecution.model_validate(step) for step in args[1]]
            await store.record_transition(Execution.model_validate(args[0]), steps)
        elif method == "add_dead_letter":
            await store.add_dead_letter(DeadLetterEntry.model_validate(args[0]))
        elif method == "delete_dead_letter":
            await store.delete_dead_letter(args[0])
        elif method == "get_dead_letter":
            entry = await store.get_dead_letter(args[0])
            return dump(entry) if entry is not None else None
        elif method == "save_checkpoint":
            await store.save_checkpoint(ExecutionCheckpoint.model_validate(args[0]))
        elif method == "load_plan":
            plan = await store.load_plan(args[0])
            return plan_data(plan) if plan is not None else None
        elif method == "save_plan":
            return await store.save_plan(Plan.model_validate(args[0]))
        elif method == "set_plan_status":
            await store.set_plan_status(args[0], PlanStatus(args[1]))
        elif method == "release_execution":
            await store.release_execution(args[0], args[1])
        else:
            raise ValueError(f"unknown store call {method!r}")
        return None


async def _attempt(call: Callable[[], Awaitable[Any]], ctx: ToolContext) -> Any:
    """Run one attempt with heartbeats (a dead worker is noticed, a cancel gets through); a failure goes back
    classified, as a non-retryable ``ApplicationError``."""
    from temporalio import activity
    from temporalio.exceptions import ApplicationError

    try:
        running: asyncio.Future[Any] = asyncio.ensure_future(call())
        beat = (activity.info().heartbeat_timeout or timedelta(seconds=HEARTBEAT_TIMEOUT)).total_seconds() / 3
        try:
            while True:
                done, _ = await asyncio.wait({running}, timeout=beat)
                if done:
                    break
                activity.heartbeat()
        except asyncio.CancelledError:
            ctx.cancelled.set()
            running.cancel()
            raise
        return jsonable(running.result())
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        failure = classify(exc)
        details = failure_details(failure)
        raise ApplicationError(failure.message, details, type=failure.error_type.value, non_retryable=True) from exc


def _context(request: Mapping[str, Any]) -> ToolContext:
    deadline = request.get("deadline")
    return ToolContext(
        request["execution_id"], request["step_id"], request["attempt"], request["idempotency_key"],
        datetime.fromisoformat(deadline) if deadline else None, request.get("iteration"),
    )  # fmt: skip


def _now(request: Mapping[str, Any]) -> datetime | None:
    now = request.get("now")
    return datetime.fromisoformat(now) if now else None


def dump(model: Any) -> Any:
    """A record as JSON data (defaults left out: they come back on validation)."""
    return model.model_dump(mode="json", exclude_defaults=True)


def plan_data(plan: Plan) -> Any:
    """A plan as JSON data that loads back into the same plan."""
    return plan.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def jsonable(value: Any) -> Any:
    """A tool's result as plain JSON data (what the workflow records)."""
    return json.loads(json.dumps(value, default=str))
