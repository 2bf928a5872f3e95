"""An in-memory store: fast, for tests and one-off runs. Nothing survives the process."""

from __future__ import annotations

from .._utils import new_id, utcnow
from ..plan import (
    DeadLetterEntry,
    Execution,
    ExecutionCheckpoint,
    ExecutionStatus,
    Plan,
    PlanTemplate,
    StepExecution,
)
from ._base import Decision, Store, already_decided


def _stamped(decision: Decision) -> Decision:
    """A copy of ``decision`` with its time of recording, when it came without one."""
    return Decision(
        decision.step_id, decision.approved, decision.by, decided_at=decision.decided_at or utcnow(),
        reason=decision.reason,
    )  # fmt: skip


def _step_key(step: StepExecution) -> tuple[str, int]:
    return step.step_id, -1 if step.iteration is None else step.iteration


class MemoryStore(Store):
    """Keeps everything in dictionaries. Stored models are copies, so callers can't change them by accident."""

    def __init__(self) -> None:
        self._plans: dict[str, Plan] = {}
        self._executions: dict[str, Execution] = {}
        self._steps: dict[str, dict[tuple[str, int], StepExecution]] = {}
        self._checkpoints: dict[str, ExecutionCheckpoint] = {}
        self._dead_letters: dict[str, DeadLetterEntry] = {}
        self._templates: dict[str, PlanTemplate] = {}
        self._decisions: dict[tuple[str, str], Decision] = {}
        self._cancelled: set[str] = set()

    async def save_plan(self, plan: Plan) -> str:
        plan_id = plan.id or new_id("plan_")
        self._plans[plan_id] = plan.model_copy(update={"id": plan_id}, deep=True)
        return plan_id

    async def load_plan(self, plan_id: str) -> Plan | None:
        plan = self._plans.get(plan_id)
        return plan.model_copy(deep=True) if plan is not None else None

    async def load_plans(self, owner: str | None = None) -> list[Plan]:
        return [p.model_copy(deep=True) for p in self._plans.values() if owner is None or p.owner == owner]

    async def delete_plan(self, plan_id: str) -> bool:
        return self._plans.pop(plan_id, None) is not None

    async def record_transition(self, execution: Execution, steps: list[StepExecution] | None = None) -> None:
        self._executions[execution.execution_id] = execution.model_copy(update={"steps": []})
        records = self._steps.setdefault(execution.execution_id, {})
        for step in steps or []:
            # A shallow copy: step outputs are JSON data the executor never mutates after recording, and a
            # deep copy per transition was most of this store's cost.
            records[_step_key(step)] = step.model_copy()

    async def load_execution(self, execution_id: str) -> Execution | None:
        execution = self._executions.get(execution_id)
        if execution is None:
            return None
        steps = [step.model_copy(deep=True) for step in self._steps.get(execution_id, {}).values()]
        return execution.model_copy(update={"steps": steps}, deep=True)

    async def list_executions(
        self, plan_id: str | None = None, status: ExecutionStatus | None = None, limit: int = 100
    ) -> list[Execution]:
        found = [
            execution.model_copy(deep=True)
            for execution in reversed(self._executions.values())
            if (plan_id is None or execution.plan_id == plan_id)
            and (status is None or execution.status == status)
        ]
        return found[:limit]

    async def save_checkpoint(self, checkpoint: ExecutionCheckpoint) -> None:
        self._checkpoints[checkpoint.execution_id] = checkpoint.model_copy(deep=True)

    async def load_checkpoint(self, execution_id: str) -> ExecutionCheckpoint | None:
        checkpoint = self._checkpoints.get(execution_id)
        return checkpoint.model_copy(deep=True) if checkpoint is not None else None

    async def add_dead_letter(self, entry: DeadLetterEntry) -> None:
        self._dead_letters[entry.id] = entry.model_copy(deep=True)

    async def list_dead_letters(self, plan_id: str | None = None) -> list[DeadLetterEntry]:
        return [e.model_copy(deep=True) for e in self._dead_letters.values() if plan_id in (None, e.plan_id)]

    async def get_dead_letter(self, entry_id: str) -> DeadLetterEntry | None:
        entry = self._dead_letters.get(entry_id)
        return entry.model_copy(deep=True) if entry is not None else None

    async def delete_dead_letter(self, entry_id: str) -> bool:
        return self._dead_letters.pop(entry_id, None) is not None

    async def save_template(self, template: PlanTemplate) -> None:
        for existing_id, existing in list(self._templates.items()):
            if existing.name == template.name and existing_id != template.id:
                del self._templates[existing_id]
        self._templates[template.id] = template.model_copy(deep=True)

    async def load_template(self, name_or_id: str) -> PlanTemplate | None:
        template = self._templates.get(name_or_id) or next(
            (t for t in self._templates.values() if t.name == name_or_id), None
        )
        return template.model_copy(deep=True) if template is not None else None

    async def list_templates(self) -> list[PlanTemplate]:
        return sorted((t.model_copy(deep=True) for t in self._templates.values()), key=lambda t: t.name)

    async def delete_template(self, name_or_id: str) -> bool:
        template = await self.load_template(name_or_id)
        return template is not None and self._templates.pop(template.id, None) is not None

    async def record_decision(self, execution_id: str, decision: Decision) -> Decision:
        existing = self._decisions.get((execution_id, decision.step_id))
        if existing is not None:
            raise already_decided(execution_id, existing)
        stored = _stamped(decision)
        self._decisions[(execution_id, decision.step_id)] = stored
        return stored

    async def load_decision(self, execution_id: str, step_id: str) -> Decision | None:
        return self._decisions.get((execution_id, step_id))

    async def list_decisions(self, execution_id: str) -> list[Decision]:
        # Dicts keep insertion order, and a decision is never replaced: this is the order they were made.
        return [decision for (eid, _), decision in self._decisions.items() if eid == execution_id]

    async def request_cancel(self, execution_id: str) -> None:
        self._cancelled.add(execution_id)

    async def cancel_requested(self, execution_id: str) -> bool:
        return execution_id in self._cancelled
