"""Replanning: when a step fails for good, a planner writes the rest of the plan and the run carries on.

The executor calls :meth:`Replanning.recover` when a failure reaches the top of a plan (after the step's
retries and its ``on_error`` handler). The planner (any :class:`Planner`, e.g. the LLM-backed
:class:`plankit.compile.LlmReplanner`) gets a :class:`ReplanRequest` and returns a :class:`Revision`.

* **Kept verbatim:** the top-level steps that finished (completed, or skipped by their own policy). They
  are not run again; their outputs stay available to references.
* **Replaced:** every other top-level step (the failed one, the ones stopped or never started) gives way
  to the planner's remainder. New steps may not take the id of a step that did anything in this execution
  (``REPLAN_ID_TAKEN``): those records are history, and an approval given for one step never covers
  different work. The one exception: a step that did not finish, carried over unchanged, runs again from
  the start under its own id.
* **Checked like any plan:** the revised plan (kept + new) is linted by the executor itself, whatever the
  planner says; a revision with errors is refused and the execution fails with the original error plus
  the findings.
* **Recorded:** the revised plan is saved under its own id (``<plan>.<execution>.r<n>``) with
  ``revision`` + 1 and a ``meta["replans"]`` entry saying what changed; the execution's ``plan_id`` and
  ``plan_revision`` follow in one transition, so a resumed run continues the revision.
* **Bounded:** at most ``max_replans`` revisions per execution (default 2).
* **Never around a person:** a failure that comes from a denied confirmation is not replanned.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..lint import Diagnostic, Policy, Severity, ValidationResult
from ..plan import ActionNode, NodeBase, Plan, PlanGraph, StepExecution, StepStatus
from ..tools import ToolRegistry
from ._failures import Failure
from ._kinds import decision_key
from ._state import RunState

logger = logging.getLogger("plankit.execute")

DEFAULT_MAX_REPLANS = 2
"""Revisions one execution may go through before a terminal failure fails it."""
REPLAN_ID_TAKEN = "REPLAN_ID_TAKEN"
"""A new step reuses the id of a step that finished or failed in this execution."""
REPLAN_NO_STEPS = "REPLAN_NO_STEPS"
"""The remainder holds no new step."""

_DONE = frozenset({StepStatus.COMPLETED, StepStatus.SKIPPED})
_FINISHED = frozenset({StepStatus.COMPLETED, StepStatus.SKIPPED, StepStatus.FAILED})
_MAX_FINDINGS_IN_ERROR = 8


@dataclass(frozen=True)
class Revision:
    """A planner's answer: the remainder it wrote and, once checked, the revised plan with its findings."""

    remainder: tuple[NodeBase, ...] = ()
    """The new steps (top-level nodes), as the planner wrote them."""
    plan: Plan | None = None
    """The revised plan (kept steps, then the new ones); None when it could not be built."""
    validation: ValidationResult | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    """Errors and warnings on the revised plan, or why no revised plan could be built."""
    added: tuple[str, ...] = ()
    """Ids of the new top-level steps."""
    dropped: tuple[str, ...] = ()
    """Ids of the replaced top-level steps that the revision does not carry over."""
    notes: tuple[str, ...] = ()
    rounds: int = 0
    """Model replies it took (filled in by the planner)."""

    @property
    def valid(self) -> bool:
        """True when the revised plan exists and passed the lint."""
        return self.plan is not None and self.validation is not None and self.validation.valid

    @property
    def errors(self) -> list[Diagnostic]:
        """The error-severity findings."""
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


@dataclass(frozen=True)
class ReplanRequest:
    """What a planner is told: the plan that failed, what finished, what failed, and how to check a remainder."""

    plan: Plan
    """The revision that failed."""
    execution_id: str
    revision: int
    """The revision number being asked for."""
    failure: Failure
    """How the run failed (the message names the top-level step)."""
    failed: tuple[StepExecution, ...]
    """Records of the steps that failed for good (a failed step inside a composite, then the composite)."""
    completed: tuple[tuple[NodeBase, StepExecution], ...]
    """Top-level steps that finished, with their records: kept verbatim."""
    unfinished: tuple[NodeBase, ...]
    """Top-level steps that neither finished nor failed (stopped, or never started)."""
    reserved_ids: frozenset[str]
    """Ids new steps may not take: every step that did something in this execution (an unfinished step
    carried over unchanged keeps its id)."""
    tools: ToolRegistry
    policy: Policy
    checker: Callable[[Plan], ValidationResult] = field(repr=False)

    @property
    def goal(self) -> str:
        """The plan's goal (its name when it has no goal)."""
        return (self.plan.goal or self.plan.name or "").strip()

    @property
    def failed_step(self) -> str | None:
        """The top-level step whose failure stopped the run."""
        top = set(PlanGraph.of(self.plan).children[None])
        return next((record.step_id for record in reversed(self.failed) if record.step_id in top), None)

    def revise(self, remainder: Plan) -> Revision:
        """Merge ``remainder`` (a plan holding the new steps) behind the kept steps and lint the result."""
        kept = {node.id: node for node, _ in self.completed}
        fresh: list[NodeBase] = []
        notes: list[str] = []
        for node in remainder.steps:
            original = kept.get(node.id)
            if original is not None and _same_work(original, node):
                notes.append(f"step {node.id!r} repeats a completed step: kept as it ran")
            else:
                fresh.append(node)
        unfinished = {node.id: node.model_dump() for node in self.unfinished}
        carried = [node for node in fresh if unfinished.get(node.id) == node.model_dump()]
        notes += [f"step {node.id!r} is carried over unchanged: it runs again from the start" for node in carried]
        problems = self._collisions(remainder, fresh, carried, set(_subtree_ids(kept.values())))
        if not fresh:
            problems.append(
                Diagnostic(REPLAN_NO_STEPS, Severity.ERROR, "the reply holds no new step", path="$.steps",
                           hint="write the steps that still have to run; completed steps run no more")
            )  # fmt: skip
        if problems:
            return Revision(tuple(fresh), diagnostics=tuple(problems), notes=tuple(notes))
        plan = self._merged(fresh)
        validation = self.checker(plan)
        findings = tuple(d for d in validation.diagnostics if not d.suppressed and d.severity is not Severity.INFO)
        added = tuple(node.id for node in fresh)
        dropped = tuple(n.id for n in self.replaced if n.id not in set(added))
        return Revision(tuple(fresh), plan, validation, findings, added, dropped, tuple(notes))

    @property
    def replaced(self) -> list[NodeBase]:
        """The top-level steps the remainder replaces (the failed ones and the unfinished ones), in plan order."""
        kept = {node.id for node, _ in self.completed}
        return [node for node in self.plan.steps if node.id not in kept]

    def _collisions(
        self, remainder: Plan, fresh: list[NodeBase], carried: list[NodeBase], kept_ids: set[str]
    ) -> list[Diagnostic]:
        problems: list[Diagnostic] = []
        taken = self.reserved_ids | kept_ids
        checked = {id(node) for node in fresh} - {id(node) for node in carried}
        for visit in remainder.walk():
            top = remainder.steps[int(visit.path[len("$.steps[") : visit.path.index("]")])]
            if id(top) not in checked or visit.node.id not in taken:
                continue  # an echo of a kept step (dropped), a step carried over unchanged, or a free id
            message = (
                f"step id {visit.node.id!r} is taken: a step of that id already ran in this execution (only a "
                "step that did not finish, carried over unchanged, keeps its id)"
            )
            hint = f"give the new step another id, e.g. {_free_id(visit.node.id, taken)!r}"
            problems.append(Diagnostic(REPLAN_ID_TAKEN, Severity.ERROR, message, visit.node.id, None, visit.path, hint))
        return problems

    def _merged(self, fresh: list[NodeBase]) -> Plan:
        base = self.plan
        history = [*replans_of(base)]
        original = history[0]["from_plan"] if history else base.id
        plan_id = f"{original}.{self.execution_id}.r{self.revision}"
        steps = [node for node, _ in self.completed] + fresh
        return base.model_copy(
            update={"id": plan_id, "revision": self.revision, "steps": steps, "validation": None}
        )


class Planner(Protocol):
    """Writes the remainder of a plan that failed: ``await planner(request)`` returns a :class:`Revision`
    (built with :meth:`ReplanRequest.revise`; the executor checks it again). It may raise when it can't
    reach its model: the execution then fails with the original error and that reason."""

    def __call__(self, request: ReplanRequest) -> Awaitable[Revision]: ...


RevisionHandler = Callable[["RevisionApplied"], None]


@dataclass(frozen=True)
class RevisionApplied:
    """What a revision changed, for a log line or a live view."""

    execution_id: str
    revision: int
    plan_id: str
    failed_step: str | None
    error: str
    kept: tuple[str, ...]
    added: tuple[str, ...]
    dropped: tuple[str, ...]

    def describe(self) -> str:
        """One line: ``replanned (revision 1) after step 'x' failed: kept a; added b, c; dropped d``."""
        after = f" after step {self.failed_step!r} failed" if self.failed_step else ""
        parts = [f"kept {_list(self.kept)}", f"added {_list(self.added)}"]
        if self.dropped:
            parts.append(f"dropped {_list(self.dropped)}")
        return f"replanned (revision {self.revision}){after}: {'; '.join(parts)}"


class Replanning:
    """The executor's replanning settings: ``planner``, ``max_replans`` per execution, and ``on_revision``
    (called with a :class:`RevisionApplied` once a revision is committed)."""

    def __init__(
        self, planner: Planner, *, max_replans: int = DEFAULT_MAX_REPLANS, on_revision: RevisionHandler | None = None
    ):
        if max_replans < 0:
            raise ValueError("max_replans must be 0 or more")
        self.planner = planner
        self.max_replans = max_replans
        self.on_revision = on_revision

    async def recover(
        self, state: RunState, failure: Failure, *, checker: Callable[[Plan], ValidationResult],
        tools: ToolRegistry, policy: Policy,
    ) -> Failure | None:  # fmt: skip
        """Revise the plan after ``failure``: None when the run may go on with the revision (already committed),
        else the failure to finish with (the original one, with why no revision was made)."""
        await state.flush()  # the failure is durable before the planner takes its time
        refused = await replan_refusal(state, failure, self.max_replans)
        if refused is not None:
            return refused
        proposed = await self.propose(state, failure, checker=checker, tools=tools, policy=policy)
        if isinstance(proposed, Failure):
            return proposed
        await self.apply(state, failure, proposed, tools=tools, policy=policy)
        return None

    async def propose(
        self, state: RunState, failure: Failure, *, checker: Callable[[Plan], ValidationResult],
        tools: ToolRegistry, policy: Policy,
    ) -> Failure | Revision:  # fmt: skip
        """Ask the planner and check its answer: a valid :class:`Revision` (not yet applied), or the failure
        to finish with. Writes nothing (a Temporal worker runs this part as an activity)."""
        request = _request(state, failure, checker, tools, policy)
        try:
            answer = await self.planner(request)
        except Exception as exc:  # a planner that can't reach its model must not hide the step's failure
            return _noted(failure, f"replanning failed: {type(exc).__name__}: {exc}")
        if answer.plan is None and answer.diagnostics:
            revision = answer  # no revised plan at all: the planner's findings say why
        else:
            # Fail closed: the executor checks the remainder itself, whatever the planner concluded.
            revision = replace(request.revise(Plan(steps=list(answer.remainder))), rounds=answer.rounds)
        if not revision.valid or revision.plan is None:
            return _noted(failure, _findings_note(request.revision, revision))
        return revision

    async def apply(
        self, state: RunState, failure: Failure, revision: Revision, *, tools: ToolRegistry, policy: Policy
    ) -> None:
        """Commit a valid revision (see :meth:`propose`): the run continues with its plan."""
        assert revision.plan is not None
        request = _request(state, failure, _unchecked, tools, policy)
        await self._apply(state, request, revision.plan, revision)

    async def _apply(self, state: RunState, request: ReplanRequest, plan: Plan, revision: Revision) -> None:
        entry: dict[str, Any] = {
            "revision": request.revision,
            "from_plan": state.header.plan_id,
            "failed_step": request.failed_step,
            "error": request.failure.message,
            "error_type": request.failure.error_type.value,
            "kept": [node.id for node, _ in request.completed],
            "added": list(revision.added),
            "dropped": list(revision.dropped),
            "at": state.clock.now().isoformat(),
        }
        plan = plan.model_copy(update={"meta": {**plan.meta, "replans": [*replans_of(state.plan), entry]}})
        plan_id = await state.guarded(state.store.save_plan(plan))
        reused = _reset_reused(state, plan, set(_subtree_ids(node for node, _ in request.completed)))
        state.plan = plan
        state.graph = PlanGraph.of(plan)
        state.header.plan_id = plan_id
        state.header.plan_revision = request.revision
        await state.commit(*reused)
        applied = RevisionApplied(
            state.execution_id, request.revision, plan_id, request.failed_step, request.failure.message,
            tuple(entry["kept"]), revision.added, revision.dropped,
        )  # fmt: skip
        logger.info("execution %s: %s", state.execution_id, applied.describe())
        if self.on_revision is not None:
            try:
                self.on_revision(applied)
            except Exception:  # a broken live view must not break the run
                logger.exception("on_revision handler failed for %s", applied)


def replans_of(plan: Plan) -> list[dict[str, Any]]:
    """The revisions a plan went through (``meta["replans"]``), oldest first."""
    history = plan.meta.get("replans")
    return [entry for entry in history if isinstance(entry, dict)] if isinstance(history, list) else []


# ---------------------------------------------------------------------------------------------- helpers
def _request(
    state: RunState, failure: Failure, checker: Callable[[Plan], ValidationResult], tools: ToolRegistry,
    policy: Policy,
) -> ReplanRequest:  # fmt: skip
    completed: list[tuple[NodeBase, StepExecution]] = []
    unfinished: list[NodeBase] = []
    for node in state.plan.steps:
        record = state.records.get((node.id, None))
        if record is not None and record.status in _DONE:
            completed.append((node, record))
        elif record is None or record.status is not StepStatus.FAILED:
            unfinished.append(node)
    records = state.steps()
    return ReplanRequest(
        plan=state.plan,
        execution_id=state.execution_id,
        revision=state.plan.revision + 1,
        failure=failure,
        failed=tuple(record for record in records if record.status is StepStatus.FAILED),
        completed=tuple(completed),
        unfinished=tuple(unfinished),
        reserved_ids=frozenset(record.step_id for record in records if record.status is not StepStatus.PENDING),
        tools=tools,
        policy=policy,
        checker=checker,
    )


async def replan_refusal(state: RunState, failure: Failure, max_replans: int) -> Failure | None:
    """Why the run may not be replanned (the failure to finish with), or None: the limit of ``max_replans``
    is reached, or a person denied a step."""
    if len(replans_of(state.plan)) >= max_replans:
        return _noted(failure, f"not replanned: the limit of {max_replans} replans is reached")
    denied = await _denied_step(state)
    if denied is not None:
        # A person said no: a model must not find another way round that decision.
        return _noted(failure, f"not replanned: step {denied!r} was denied by a person")
    return None


def _unchecked(plan: Plan) -> ValidationResult:
    raise AssertionError("a revision being applied was checked already")


async def _denied_step(state: RunState) -> str | None:
    """The id of a failed step of this plan whose confirmation was denied, if any."""
    nodes = state.graph.nodes
    for record in state.steps():
        node = nodes.get(record.step_id)
        if record.status is StepStatus.FAILED and isinstance(node, ActionNode) and node.require_confirmation:
            key = decision_key(record.step_id, record.iteration)
            decision = await state.guarded(state.store.load_decision(state.execution_id, key))
            if decision is not None and not decision.approved:
                return record.step_id
    return None


def _reset_reused(state: RunState, plan: Plan, kept: set[str]) -> list[StepExecution]:
    """Records of stopped (or never finished) steps whose ids the revision reuses start over as pending."""
    reset: list[StepExecution] = []
    for visit in plan.walk():
        if visit.node.id in kept:
            continue
        for key in state.keys_by_step.get(visit.node.id, []):
            record = state.records[(visit.node.id, key)]
            if record.status not in _FINISHED and record.status is not StepStatus.PENDING:
                record.status = StepStatus.PENDING
                record.output = record.error = record.error_type = None
                record.attempt_count = 0
                record.started_at = record.completed_at = record.deadline_at = None
                reset.append(record)
    return reset


def _subtree_ids(nodes: Any) -> list[str]:
    found: list[str] = []
    stack: list[NodeBase] = list(nodes)
    while stack:
        node = stack.pop()
        found.append(node.id)
        stack.extend(child for _, child in node.child_slots())
    return found


def _same_work(kept: NodeBase, echoed: NodeBase) -> bool:
    """A reply step that repeats a completed one: same id, same type, same tool (or prompt)."""
    return kept.type == echoed.type and getattr(kept, "tool", None) == getattr(echoed, "tool", None) and getattr(
        kept, "prompt", None
    ) == getattr(echoed, "prompt", None)


def _free_id(node_id: str, taken: frozenset[str] | set[str]) -> str:
    number = 2
    while f"{node_id}_{number}" in taken:
        number += 1
    return f"{node_id}_{number}"


def _noted(failure: Failure, note: str) -> Failure:
    return replace(failure, message=f"{failure.message}; {note}")


def _findings_note(revision_number: int, revision: Revision) -> str:
    errors = revision.errors or list(revision.diagnostics)
    shown = [_finding(d) for d in errors[:_MAX_FINDINGS_IN_ERROR]]
    more = len(errors) - len(shown)
    if more > 0:
        shown.append(f"and {more} more")
    rounds = f" after {revision.rounds} model repl{'ies' if revision.rounds != 1 else 'y'}" if revision.rounds else ""
    if revision.validation is not None and not errors:
        return f"replanning (revision {revision_number}) was refused{rounds}: risk reached the policy's threshold"
    return f"replanning (revision {revision_number}) found no lint-clean remainder{rounds}: {'; '.join(shown)}"


def _finding(diagnostic: Diagnostic) -> str:
    where = f" {diagnostic.node_id}" if diagnostic.node_id else ""
    return f"{diagnostic.code}{where}: {diagnostic.message}"


def _list(ids: tuple[str, ...]) -> str:
    return ", ".join(ids) if ids else "none"
