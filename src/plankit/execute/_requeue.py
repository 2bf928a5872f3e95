"""Sending a dead letter's step back into its execution (``dead-letters retry``).

The failed step's record goes back to ``pending`` (its attempt count kept, its failure policy's budget
fresh, ``requeued`` one higher so a confirmation is asked again), its enclosing composites go back to
``running`` (so they pick up where they stood: an ``if`` keeps its branch, a loop goes on from the step's
iteration, completed work is restored), and the dependants that a tolerant ``parallel`` had blocked on it
go back to ``pending``. Everything that completed stays completed and feeds references as before; resuming the
execution then runs the step and whatever was waiting on it.
"""

from __future__ import annotations

from ..plan import DeadLetterEntry, Execution, LoopNode, PlanGraph, StepExecution, StepStatus
from ._nodes import dead_letter_id
from ._state import IterationKey

_BLOCKED_PREFIX = "not run: it depends on "


def requeue(entry: DeadLetterEntry, execution: Execution, graph: PlanGraph) -> list[StepExecution]:
    """Reset the records of ``execution`` (in place) so that resuming it retries ``entry``'s step;
    return the changed records. Raises ``LookupError`` or ``ValueError`` when that can't be done."""
    eid = execution.execution_id
    if entry.node_id not in graph.nodes:
        raise LookupError(
            f"dead letter {entry.id!r}: step {entry.node_id!r} is no longer in the plan of execution {eid}"
        )
    records = {(record.step_id, record.iteration): record for record in execution.steps}
    record = next(
        (r for r in execution.steps if r.step_id == entry.node_id and dead_letter_id(eid, r.step_id, r.iteration)
         == entry.id),
        None,
    )  # fmt: skip
    if record is None:
        raise LookupError(f"dead letter {entry.id!r}: execution {eid} has no record of step {entry.node_id!r}")
    if record.status not in (StepStatus.FAILED, StepStatus.SKIPPED):
        raise ValueError(
            f"dead letter {entry.id!r}: step {entry.node_id!r} of execution {eid} is {record.status.value}, "
            "not failed; there is nothing to retry"
        )
    changed = [_requeued(record)]
    ancestors = _ancestors(graph, entry.node_id, record.iteration)
    for node_id, key, index in ancestors:
        found = records.get((node_id, key))
        if found is None or found.status not in _REOPEN:
            continue
        # Resumed as in flight, it continues where it stood: a sequence or parallel restores its completed
        # children, an if keeps its branch, a loop goes on from the iteration that holds the step.
        found.status = StepStatus.RUNNING
        found.error = found.error_type = found.completed_at = None
        found.attempt_count = max(found.attempt_count, 1)
        if index is not None:
            found.output = {"iterations": index}
        changed.append(found)
    for node_id, key in [(entry.node_id, record.iteration), *((n, k) for n, k, _ in ancestors)]:
        changed += _unblock(graph, records, node_id, key)
    return changed


_REOPEN = frozenset({StepStatus.FAILED, StepStatus.SKIPPED, StepStatus.CANCELLED, StepStatus.COMPLETED})
"""Enclosing composites in these states run again (a tolerant parallel may have completed without the step)."""


def _requeued(record: StepExecution) -> StepExecution:
    record.attempts_before = record.attempt_count
    record.requeued += 1
    record.status = StepStatus.PENDING
    record.output = record.error = record.error_type = None
    record.started_at = record.completed_at = record.deadline_at = None
    return record


def _ancestors(
    graph: PlanGraph, node_id: str, iteration: IterationKey
) -> list[tuple[str, IterationKey, int | None]]:
    """The enclosing composites of a node, innermost first, each with the iteration key of its record and,
    for a loop, the index of the iteration that holds the node."""
    found: list[tuple[str, IterationKey, int | None]] = []
    key, current = iteration, graph.parent[node_id]
    while current is not None:
        node = graph.nodes[current]
        index = None
        if isinstance(node, LoopNode):
            # A body's key is body_key(loop key, max_iterations, index); the loop's own key is the outer one.
            index = (key or 0) % node.max_iterations
            key = None if key is None or not _inside_loop(graph, current) else key // node.max_iterations
        found.append((current, key, index))
        current = graph.parent[current]
    return found


def _inside_loop(graph: PlanGraph, node_id: str) -> bool:
    current = graph.parent[node_id]
    while current is not None:
        if isinstance(graph.nodes[current], LoopNode):
            return True
        current = graph.parent[current]
    return False


def _unblock(
    graph: PlanGraph, records: dict[tuple[str, IterationKey], StepExecution], node_id: str, key: IterationKey
) -> list[StepExecution]:
    """Dependants that a tolerant parallel recorded as blocked by ``node_id`` (transitively): pending again."""
    changed: list[StepExecution] = []
    stack = list(graph.successors[node_id])
    seen: set[str] = set()
    while stack:
        successor = stack.pop()
        if successor in seen:
            continue
        seen.add(successor)
        found = records.get((successor, key))
        if found is not None and found.status is StepStatus.SKIPPED and (found.error or "").startswith(_BLOCKED_PREFIX):
            found.status = StepStatus.PENDING
            found.error = found.completed_at = None
            changed.append(found)
            stack.extend(graph.successors[successor])
    return changed
