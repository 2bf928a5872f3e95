"""What the request handlers share: settings, the store, the executor and the in-process worker.

Nothing here imports the web framework: handlers (in ``_routes_*``) call these methods and turn
:class:`~plankit.server._errors.ApiError` into answers.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from .._utils import new_id
from ..engines import DEFAULT_TASK_QUEUE, TemporalEngine, TemporalExecutor
from ..errors import LeaseHeldError, MissingExtraError, PlanFormatError
from ..execute import Clock, Executor, ModelSteps, SystemClock
from ..feeds import FeedRuntime, Feeds
from ..lint import Policy, ValidationResult
from ..llm import LlmClient
from ..plan import DEFAULT_LIMITS, Execution, LoadLimits, Plan, loads_plan, plan_from_data
from ..schedule import Scheduler
from ..store import Store, store_for
from ..tools import ToolRegistry
from ._auth import Principal, Role, verify_token
from ._errors import ApiError, invalid_plan, not_found
from ._limits import RateLimiter, retry_after_header

logger = logging.getLogger("plankit.server")

DEFAULT_MAX_BODY = 1024 * 1024
"""Largest request body, in bytes (1 MiB), unless ``--max-body`` says otherwise."""
DEFAULT_RATE_LIMIT = 600
"""Requests a minute per token, unless ``--rate-limit`` says otherwise (0: no limit)."""


@dataclass
class ServerSettings:
    """How ``plankit serve`` runs. ``store`` overrides ``db`` (tests pass a ready store)."""

    db: str = "plankit.db"
    store: Store | None = None
    tools: ToolRegistry | None = None
    policy: Policy | None = None
    worker: bool = True
    """Run the scheduler's worker in this process (``--no-worker``: leave executions to ``plankit scheduler``)."""
    worker_concurrency: int = 8
    rate_limit: int = DEFAULT_RATE_LIMIT
    rate_burst: int | None = None
    max_body_bytes: int = DEFAULT_MAX_BODY
    plan_limits: LoadLimits = DEFAULT_LIMITS
    cors_origins: list[str] = field(default_factory=list)
    model: str | None = None
    """``provider:model`` for ``POST /compile`` (None: ``$PLANKIT_MODEL``; neither: compiling answers 503)."""
    model_base_url: str | None = None
    """An OpenAI-compatible server for ``model`` (Ollama, vLLM...)."""
    step_llm: LlmClient | None = None
    """The model that answers the ``llm`` steps of executions (``--model``); None: plans with ``llm`` steps are
    refused, saying so. The server closes it when it stops."""
    event_poll_seconds: float = 0.1
    """How often an event stream looks for new transitions."""
    worker_poll_seconds: float = 0.5
    feeds: Feeds | None = None
    """Prices and chains for runtime values and market triggers (``--feeds``)."""
    clock: Clock | None = None
    temporal_address: str | None = None
    """Run executions on this Temporal cluster (``--engine temporal``): executions created here start
    workflows; decisions are signals, cancel is workflow cancellation (None: the in-process worker runs them)."""
    temporal_namespace: str = "default"
    temporal_task_queue: str = DEFAULT_TASK_QUEUE
    rate_clock: Any = None
    """Monotonic seconds for the rate limiter (tests inject one)."""


class ServerContext:
    """The live parts of a running server."""

    def __init__(self, settings: ServerSettings):
        self.settings = settings
        self.store: Store = settings.store or store_for(settings.db)  # a SQLite file or postgresql://
        self.clock: Clock = settings.clock or SystemClock()
        self.limiter = RateLimiter(settings.rate_limit, settings.rate_burst)
        if settings.rate_clock is not None:
            self.limiter.clock = settings.rate_clock
        runtime = FeedRuntime(settings.feeds) if settings.feeds is not None else None
        steps = ModelSteps(settings.step_llm) if settings.step_llm is not None else None
        self.executor = Executor(
            self.store, settings.tools, policy=settings.policy, clock=self.clock, runtime=runtime, llm=steps,
            wake_on_interrupt=True,
        )  # fmt: skip
        self.engine: TemporalEngine | None = None
        """Set in :meth:`open` when executions run on Temporal."""
        self.scheduler: Scheduler | None = None
        self._worker: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self.verdicts: dict[str, ValidationResult] = {}
        """Lint verdicts of the plans list, by plan document (oldest dropped first)."""
        self.closing = asyncio.Event()

    async def open(self) -> None:
        """Open the store and start the worker (unless disabled)."""
        await self.store.open()
        if self.settings.temporal_address is not None:
            await self._use_temporal(self.settings.temporal_address)
        if self.settings.worker:
            self.scheduler = Scheduler(
                self.store,
                executor=self.executor,
                concurrency=self.settings.worker_concurrency,
                poll_interval=self.settings.worker_poll_seconds,
                feeds=self.settings.feeds,
            )
            self._worker = asyncio.ensure_future(self.scheduler.run(grace_seconds=10.0))

    async def _use_temporal(self, address: str) -> None:
        """Executions run on Temporal: the worker here only decides fires and starts workflows for them."""
        try:
            from temporalio.client import Client
        except ImportError:
            raise MissingExtraError("temporalio", "temporal") from None
        settings = self.settings
        try:
            client = await Client.connect(address, namespace=settings.temporal_namespace)
        except Exception as exc:  # the SDK raises RuntimeError for an unreachable server
            await self.store.close()
            raise ConnectionError(
                f"can't reach Temporal at {address} (namespace {settings.temporal_namespace}): {exc}"
            ) from None
        self.engine = TemporalEngine(client, self.store, task_queue=settings.temporal_task_queue)
        local = self.executor
        # The worker's model answers llm steps there; the runner here lets such plans through lint at the start.
        self.executor = TemporalExecutor(
            self.store, local.tools, engine=self.engine, builtins=False, policy=local.policy, clock=self.clock,
            runtime=local.runtime, llm=local.llm, wake_on_interrupt=True,
        )  # fmt: skip
        local.close()

    async def start_execution(self, execution_id: str) -> None:
        """A pending execution was stored: on Temporal, start its workflow now (else the worker picks it up)."""
        if self.engine is None:
            self.wake_worker()
            return
        try:
            await self.engine.start_pending(execution_id, self.executor)
        except LeaseHeldError as exc:
            if exc.owner == self.executor.worker_id:
                return  # this server's own worker claimed it first (it was due): that worker starts the workflow
            raise ApiError(
                409, "execution_taken", f"execution {execution_id!r} is being run by {exc.owner}",
                {"execution_id": execution_id, "holder": exc.owner},
            ) from None  # fmt: skip
        except Exception as exc:  # Temporal unreachable: the execution stays pending and due
            logger.error("could not start the workflow of execution %s: %s", execution_id, exc)
            where = f"{self.settings.temporal_address} (queue {self.settings.temporal_task_queue})"
            retry = "this server's worker starts it when it can" if self.scheduler is not None else (
                "a `plankit scheduler --engine temporal` on this store starts it when it can"
            )  # fmt: skip
            raise ApiError(
                503, "engine_unavailable",
                f"execution {execution_id!r} is stored, but its workflow could not be started on Temporal at "
                f"{where}: {exc}; {retry}",
                {"execution_id": execution_id},
            ) from None

    async def close(self) -> None:
        """Stop the worker (running executions get a grace period, then stay resumable) and the store."""
        self.closing.set()
        for task in list(self._background):
            task.cancel()
        if self._background:
            await asyncio.wait(self._background)
        if self.scheduler is not None and self._worker is not None:
            self.scheduler.stop()
            await self._worker
        self.executor.close()
        if self.settings.feeds is not None:
            await self.settings.feeds.aclose()
        if self.settings.step_llm is not None:
            await self.settings.step_llm.aclose()
        await self.store.close()

    def wake_worker(self) -> None:
        """New work was stored: let the worker look now."""
        if self.scheduler is not None:
            self.scheduler.wake()

    def spawn(self, work: Coroutine[Any, Any, Any], what: str) -> None:
        """Run ``work`` in the background (kept referenced; a failure is logged, never lost silently)."""
        task = asyncio.ensure_future(work)
        self._background.add(task)

        def done(finished: asyncio.Task[Any]) -> None:
            self._background.discard(finished)
            if not finished.cancelled() and finished.exception() is not None:
                logger.error("%s failed: %s", what, finished.exception())

        task.add_done_callback(done)

    # ---------------------------------------------------------------------------------------- auth
    async def authenticate(self, authorization: str | None, needed: Role) -> Principal:
        """The principal of a ``Bearer`` header with at least the ``needed`` role; 401, 403 or 429 otherwise."""
        scheme, _, presented = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not presented.strip():
            raise ApiError(
                401,
                "unauthorized",
                "send an API token: 'Authorization: Bearer TOKEN' (make one with 'plankit token create')",
                headers={"WWW-Authenticate": "Bearer"},
            )
        principal = await verify_token(self.store, presented.strip())
        if principal is None:
            raise ApiError(
                401, "unauthorized", "the API token is unknown or revoked", headers={"WWW-Authenticate": "Bearer"}
            )
        wait = self.limiter.take(principal.token_id)
        if wait > 0:
            raise ApiError(
                429,
                "rate_limited",
                f"too many requests with this token; retry in {retry_after_header(wait)} s",
                {"limit_per_minute": self.settings.rate_limit},
                headers={"Retry-After": retry_after_header(wait)},
            )
        if principal.role.rank < needed.rank:
            raise ApiError(
                403,
                "forbidden",
                f"this needs the {needed.value} role; the token of {principal.user!r} is {principal.role.value}",
            )
        return principal

    # ------------------------------------------------------------------------------------- objects
    def read_plan(self, data: Any, owner: str) -> Plan:
        """A plan from request data or text (any accepted shape, within the loader's limits), owned by ``owner``,
        under a fresh id: a client never names (or overwrites) a stored plan."""
        try:
            if isinstance(data, str):
                plan = loads_plan(data, source="request", limits=self.settings.plan_limits)
            else:
                plan = plan_from_data(data, source="request", limits=self.settings.plan_limits)
        except PlanFormatError as exc:
            raise invalid_plan(exc) from None
        return plan.model_copy(update={"id": new_id("plan_"), "owner": owner})

    async def plan(self, plan_id: str, who: Principal) -> Plan:
        """A stored plan the principal may see; 404 otherwise (a missing one and another's look the same)."""
        plan = await self.store.load_plan(plan_id)
        if plan is None or not who.may_see(plan.owner):
            raise not_found("plan", plan_id)
        return plan

    async def execution(self, execution_id: str, who: Principal) -> Execution:
        """An execution (with its step records) the principal may see; 404 otherwise."""
        execution = await self.store.load_execution(execution_id)
        if execution is None or not who.may_see(execution.owner):
            raise not_found("execution", execution_id)
        return execution
