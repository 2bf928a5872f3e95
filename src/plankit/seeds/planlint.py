"""plan-lint's plan models (``Plan``, ``PlanStep``) as a face over the IR, with its validation names.

Plans build exactly as plan-lint's pages show, and lint the same as the same plan written as JSON::

    from plankit.seeds.planlint import Plan, PlanStep, Policy, validate_plan

    plan = Plan(
        goal="Refund order A-1042",
        steps=[
            PlanStep(id="lookup", tool="db.query_ro", args={"query": "SELECT * FROM orders WHERE id = 'A-1042'"}),
            PlanStep(id="refund", tool="payments.refund", parameters={"amount": 40}, depends_on=["lookup"]),
        ],
    )
    result = validate_plan(plan, Policy(allow_tools=["db.query_ro", "payments.*"]))

``PlanStep`` takes ``args`` (plan-lint's name) or ``parameters``, ``on_fail`` (``abort`` or ``continue``; the
default is plan-lint's ``abort``) and ``depends_on``; ``Plan`` takes ``goal``, ``steps``, ``context`` and
``meta``. Unknown keys are errors (plan-lint drops them silently, so a typo such as ``depend_on`` goes unseen).
:func:`validate_plan` accepts these objects directly, as it accepts stepchain and corteX plan objects.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from ..lint import ErrorCode, PlanError, PlanWarning, Policy, Status, ValidationResult, validate_plan
from ..plan import Plan as IRPlan
from ..plan import plan_from_data

__all__ = [
    "ErrorCode",
    "Plan",
    "PlanError",
    "PlanStep",
    "PlanWarning",
    "Policy",
    "Status",
    "ValidationResult",
    "validate_plan",
]


class PlanStep(BaseModel):
    """One tool call: plan-lint's ``PlanStep``, with ``parameters`` accepted for ``args`` and ``depends_on``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    id: str
    tool: str
    args: dict[str, Any] = Field(default_factory=dict, validation_alias=AliasChoices("args", "parameters"))
    on_fail: Literal["abort", "continue"] = "abort"
    depends_on: list[str] = Field(default_factory=list)


class Plan(BaseModel):
    """A goal and its steps: plan-lint's ``Plan``."""

    model_config = ConfigDict(extra="forbid")

    goal: str
    steps: list[PlanStep]
    context: dict[str, Any] = Field(default_factory=dict)
    meta: dict[str, Any] = Field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        """The plan as plan-lint JSON (what ``plankit lint`` reads from a file)."""
        return self.model_dump(mode="json")

    def to_plankit(self) -> IRPlan:
        """The plan as a plankit IR plan, read exactly as the same JSON would be."""
        return plan_from_data(self.to_data(), source="<plan-lint Plan>")
