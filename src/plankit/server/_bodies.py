"""Request bodies of the API (pydantic models: they validate requests and document them in OpenAPI)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

PlanData = dict[str, Any] | list[Any] | str
"""A plan in any shape the loader accepts (a flat step DAG, a node tree, a bare list of steps), as JSON data
or as the text of a JSON or YAML document."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LintRequest(_Body):
    """``POST /lint``: a plan, and optionally a policy document (default: the server's policy)."""

    plan: PlanData
    policy: dict[str, Any] | None = None


class CompileRequest(_Body):
    """``POST /compile``: a goal in words, and optionally the tool specs the plan may use."""

    goal: str = Field(min_length=1, max_length=20_000)
    tools: list[dict[str, Any]] | None = None


class PlanRequest(_Body):
    """``POST /plans``: the plan to save."""

    plan: PlanData


class _PlanOrId(_Body):
    plan: PlanData | None = None
    plan_id: str | None = Field(None, min_length=1, max_length=200)

    @model_validator(mode="after")
    def _exactly_one(self) -> _PlanOrId:
        if (self.plan is None) == (self.plan_id is None):
            raise ValueError("send exactly one of 'plan' (a plan document) and 'plan_id' (a saved plan)")
        return self


class ExecutionRequest(_PlanOrId):
    """``POST /executions``: a plan to run, or the id of a saved plan."""


class ScheduleRequest(_PlanOrId):
    """``POST /schedules``: a plan with a trigger, or the id of a saved one."""


class DecisionRequest(_Body):
    """``.../approve`` and ``.../deny``: which iteration, for a step inside a loop (else the one waiting)."""

    iteration: int | None = Field(None, ge=0)


class InstantiateRequest(_Body):
    """``POST /templates/{name}/instantiate``: the parameter values; ``save`` stores the plan too."""

    values: dict[str, Any] = Field(default_factory=dict)
    save: bool = False


class TokenRequest(_Body):
    """``POST /tokens`` (admins): a token for ``user`` with ``role``."""

    user: str = Field(min_length=1, max_length=200, pattern=r"^\S(.*\S)?$")
    role: Literal["viewer", "operator", "admin"] = "operator"
