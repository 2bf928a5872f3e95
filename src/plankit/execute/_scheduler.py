"""Running one scope (the plan's top-level steps, or a sequence's or parallel's children) as a DAG.

In-degree counters over the plan graph's sibling edges: a child starts as soon as its last dependency has
finished; finishing one child touches only its own successors (no rescans), so a scope of n children and
e edges costs O(n + e). Children run as asyncio tasks; each appends how it ended to the scope's list of
finished children as its last act, so waiting for "whichever finishes next" is O(1) however wide the scope
is.

* A failure fails the scope at once (running siblings are cancelled and marked so), unless the scope
  tolerates failures (``parallel`` with ``allow_partial_failure``): then the dependants of the failed child
  are *blocked* (recorded ``skipped``, with the reason) and everything else goes on.
* A skipped child counts as finished: its dependants run (and see no output).
* A child paused for a confirmation holds its dependants back; the rest of the scope runs as far as it
  can, then the scope reports ``paused``.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from typing import Any

from ..plan import NodeBase, StepStatus
from ._failures import Failure
from ._state import BLOCKED, PAUSED, IterationKey, Outcome, RunState

RunNode = Callable[[NodeBase, IterationKey], Awaitable[Outcome]]

START_BATCH = 64
"""Children started before a wide scope yields once to let them run (none waits for a later one to start)."""


async def run_scope(
    state: RunState,
    run_node: RunNode,
    child_ids: Sequence[str],
    iteration: IterationKey,
    *,
    limit: int | None = None,
    tolerate_failures: bool = False,
) -> dict[str, Outcome]:
    """Run the children; return the outcome of each child that ended (paused ones included).

    Raises :class:`ScopeFailed` when a child fails and failures are not tolerated.
    """
    graph = state.graph
    predecessors, successors = graph.predecessors, graph.successors
    waiting = {child: len(predecessors[child]) for child in child_ids}
    ready = deque(child for child in child_ids if waiting[child] == 0)
    outcomes: dict[str, Outcome] = {}
    running: dict[str, asyncio.Task[None]] = {}
    loop = asyncio.get_running_loop()
    # Children report how they ended themselves, as their last act: no done-callback to schedule and no queue
    # per child, and a batch's results are in as soon as its children have run.
    finished: deque[tuple[str, Outcome | None, BaseException | None]] = deque()
    wake: list[asyncio.Future[None]] = []  # the scope's waiter, while it waits for a child

    async def run_child(child: str) -> None:
        try:
            outcome = await run_node(graph.nodes[child], iteration)
        except (Exception, asyncio.CancelledError) as exc:  # an executor bug, a store failure: raised in the scope
            finished.append((child, None, exc))
            if wake and not wake[0].done():
                wake[0].set_result(None)
            if isinstance(exc, Exception):
                return  # retrieved here and raised by take: no task is left with an unretrieved exception
            raise  # a cancelled child ends cancelled
        finished.append((child, outcome, None))
        if wake and not wake[0].done():
            wake[0].set_result(None)

    def settle(child: str, outcome: Outcome) -> None:
        outcomes[child] = outcome
        if outcome.kind == "failed" and not tolerate_failures:
            raise ScopeFailed(child, outcome.failure)
        if outcome.kind != "paused":
            _release(child, successors, waiting, ready)

    def take() -> None:
        child, outcome, exc = finished.popleft()
        del running[child]
        if exc is not None:
            raise exc
        assert outcome is not None
        settle(child, outcome)

    try:
        while True:
            started = 0
            while ready and (limit is None or len(running) < limit):
                child = ready.popleft()
                # Only a scope that tolerates failures goes on after one (any other has raised ScopeFailed).
                blocker = _failed_dependency(child, predecessors[child], outcomes) if tolerate_failures else None
                if blocker is not None:
                    outcomes[child] = await _block(state, graph.nodes[child], iteration, blocker)
                    _release(child, successors, waiting, ready)
                    continue
                if not ready and not running:
                    # The only child that can run now (a chain): run it inline, without a task's overhead.
                    settle(child, await run_node(graph.nodes[child], iteration))
                    continue
                running[child] = loop.create_task(run_child(child))
                started += 1
                if started % START_BATCH == 0 and ready:
                    # A wide scope: let the children started so far run up to their first wait (quick ones
                    # finish) before starting the next batch, so thousands of tasks are not all pending at once.
                    await asyncio.sleep(0)
                    while finished:
                        take()
            if not running:
                return outcomes
            if not finished:
                await state.flush()  # nothing finished yet: make what did durable before waiting
            if not finished:
                wake.append(loop.create_future())
                try:
                    await wake[0]
                finally:
                    wake.clear()
            take()
    finally:
        if running:
            await _cancel_all(state, running)


class ScopeFailed(Exception):
    """A child failed and the scope doesn't tolerate it (internal: turned into a failed Outcome)."""

    def __init__(self, child: str, failure: Failure | None):
        super().__init__(child)
        self.child = child
        self.failure = failure


def _release(child: str, successors: Mapping[str, Sequence[str]], waiting: dict[str, int], ready: deque[str]) -> None:
    for successor in successors[child]:
        if successor in waiting:
            waiting[successor] -= 1
            if waiting[successor] == 0:
                ready.append(successor)


def _failed_dependency(child: str, predecessors: Sequence[str], outcomes: dict[str, Outcome]) -> str | None:
    for predecessor in predecessors:
        outcome = outcomes.get(predecessor)
        if outcome is not None and outcome.kind in ("failed", "blocked"):
            return predecessor
    return None


async def _block(state: RunState, node: NodeBase, iteration: IterationKey, blocker: str) -> Outcome:
    record = state.record_for(node, iteration, leaf=False)
    if record.status is not StepStatus.SKIPPED:
        record.status = StepStatus.SKIPPED
        record.error = f"not run: it depends on {blocker!r}, which did not complete"
        record.completed_at = state.clock.now()
        await state.commit(record)
    return BLOCKED


async def _cancel_all(state: RunState, running: dict[str, asyncio.Task[None]]) -> None:
    for task in running.values():
        task.cancel()
    # Let every child handle its cancellation (each marks its own record) before the scope reports.
    await settled(running.values())
    running.clear()


async def settled(futures: Collection[asyncio.Future[Any]], *, first: bool = False) -> None:
    """Wait until every one of ``futures`` is done (or, with ``first``, any one), without raising what they
    raised: ``asyncio.wait`` without its result sets, whose order can differ from one run to the next (so
    Temporal's workflow sandbox warns on ``asyncio.wait``; the executor's interpreter runs there too)."""
    pending = [future for future in futures if not future.done()]
    if not pending or (first and len(pending) < len(futures)):
        return
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    left = len(pending)

    def done(_: asyncio.Future[Any]) -> None:
        nonlocal left
        left -= 1
        if (first or left == 0) and not waiter.done():
            waiter.set_result(None)

    for future in pending:
        future.add_done_callback(done)
    try:
        await waiter
    finally:
        for future in pending:
            future.remove_done_callback(done)


def scope_output(child_ids: Sequence[str], outcomes: dict[str, Outcome], shape: str) -> Any:
    """A sequence's output is its last child's; a parallel's maps each completed child to its output."""
    if shape == "sequence":
        last = outcomes.get(child_ids[-1]) if child_ids else None
        return last.output if last is not None and last.kind == "ok" else None
    return {child: outcomes[child].output for child in child_ids if outcomes.get(child, PAUSED).kind == "ok"}
