"""Routes for plans: lint, compile, save, list, show, delete; and templates.

No ``from __future__ import annotations`` here: FastAPI reads the handlers' annotations as objects, and
the framework is imported inside :func:`add_plan_routes` only (it is an optional dependency).
"""

import os
from typing import TYPE_CHECKING, Any

from ..compile import TemplateError, compile_goal, instantiate
from ..errors import PlankitError, PolicyError
from ..lint import Linter, Policy, Status, ValidationResult
from ..llm import make_llm
from ..plan import Plan, PlanStatus, plan_to_data, transition_path
from ..tools import ToolRegistry
from ._auth import Principal
from ._bodies import CompileRequest, InstantiateRequest, LintRequest, PlanRequest
from ._context import ServerContext
from ._errors import ApiError, not_found
from ._views import plan_detail, plan_summary, template_view

if TYPE_CHECKING:
    from fastapi import FastAPI

MODEL_ENV_VAR = "PLANKIT_MODEL"
VERDICT_CACHE = 2048
"""Plan documents whose lint verdict the plans list keeps."""


def lint_plan(ctx: ServerContext, plan: Plan, policy: Policy | None = None) -> ValidationResult:
    """The plan's verdict under ``policy`` (default: the server's), with the server's tools."""
    if policy is None:
        return ctx.executor.check(plan)
    return Linter(policy, tools=ctx.executor.tools).validate(plan, now=ctx.clock.now())


def listed_verdict(ctx: ServerContext, plan: Plan) -> ValidationResult:
    """The verdict shown in the plans list: linted once per plan document (a bounded cache), not per request."""
    key = plan.model_dump_json(exclude={"status"})
    found = ctx.verdicts.get(key)
    if found is None:
        found = lint_plan(ctx, plan)
        if len(ctx.verdicts) >= VERDICT_CACHE:
            ctx.verdicts.pop(next(iter(ctx.verdicts)))
        ctx.verdicts[key] = found
    return found


def add_plan_routes(app: "FastAPI", ctx: ServerContext, role: Any) -> None:
    """Register ``/api/v1/lint``, ``/compile``, ``/plans`` and ``/templates`` on ``app``."""
    from fastapi import Depends, Query, Response

    viewer, operator = role["viewer"], role["operator"]

    @app.post("/api/v1/lint", tags=["plans"], summary="Lint a plan (the report of 'plankit lint --format json')")
    async def lint(body: LintRequest, who: Principal = Depends(viewer)) -> dict[str, Any]:
        plan = ctx.read_plan(body.plan, who.user)
        policy = None
        if body.policy is not None:
            if body.policy.get("rego"):
                # Rego names policy files and runs their code: only the server's own --policy may do that.
                raise ApiError(422, "invalid_policy", "a request's policy can't use 'rego'; start the server with it")
            try:
                policy = Policy.from_data(body.policy, source="request policy")
            except PolicyError as exc:
                raise ApiError(422, "invalid_policy", str(exc)) from None
        return lint_plan(ctx, plan, policy).to_dict()

    @app.post("/api/v1/compile", tags=["plans"], summary="Compile a goal into a plan with the configured model")
    async def compile_plan(body: CompileRequest, who: Principal = Depends(operator)) -> dict[str, Any]:
        model = ctx.settings.model or os.environ.get(MODEL_ENV_VAR)
        if not model:
            raise ApiError(503, "no_model", f"this server has no model; start it with --model or set {MODEL_ENV_VAR}")
        try:
            tools = ToolRegistry.from_data(body.tools, source="request tools") if body.tools else ctx.executor.tools
            llm = make_llm(model, base_url=ctx.settings.model_base_url)
        except PlankitError as exc:
            raise ApiError(422, "invalid_request", str(exc)) from None
        try:
            result = await compile_goal(body.goal, llm, tools=tools, policy=ctx.executor.policy)
        except PlankitError as exc:
            raise ApiError(422, "compile_failed", str(exc)) from None
        except Exception as exc:  # the model could not be reached
            raise ApiError(502, "model_unavailable", f"the model did not answer: {type(exc).__name__}") from None
        finally:
            await llm.aclose()
        return result.to_dict()

    @app.post("/api/v1/plans", tags=["plans"], status_code=201, summary="Save a plan (linted; findings returned)")
    async def save_plan(body: PlanRequest, who: Principal = Depends(operator)) -> dict[str, Any]:
        plan = ctx.read_plan(body.plan, who.user)
        result = lint_plan(ctx, plan)
        if plan.status is PlanStatus.DRAFT and result.status is not Status.ERROR:
            path = transition_path(plan.status, PlanStatus.VALIDATED) or []
            for status in path:
                plan.status = status
        await ctx.store.save_plan(plan)
        return plan_detail(plan, result)

    @app.get("/api/v1/plans", tags=["plans"], summary="Plans (yours; an admin's: everyone's), oldest first")
    async def list_plans(
        who: Principal = Depends(viewer), limit: int = Query(100, ge=1, le=1000)
    ) -> list[dict[str, Any]]:
        plans = await ctx.store.load_plans(None if who.sees_all else who.user)
        return [plan_summary(plan, listed_verdict(ctx, plan)) for plan in plans[-limit:]]

    @app.get("/api/v1/plans/{plan_id}", tags=["plans"], summary="A plan, its lint report and its graph")
    async def show_plan(plan_id: str, who: Principal = Depends(viewer)) -> dict[str, Any]:
        plan = await ctx.plan(plan_id, who)
        return plan_detail(plan, lint_plan(ctx, plan))

    @app.delete("/api/v1/plans/{plan_id}", tags=["plans"], status_code=204, summary="Delete a plan")
    async def delete_plan(plan_id: str, who: Principal = Depends(operator)) -> Response:
        plan = await ctx.plan(plan_id, who)
        if plan.status in (PlanStatus.RUNNING, PlanStatus.SCHEDULED, PlanStatus.PAUSED):
            raise ApiError(
                409,
                "plan_in_use",
                f"plan {plan_id!r} is {plan.status.value}; cancel its run or remove its schedule first",
            )
        await ctx.store.delete_plan(plan_id)
        return Response(status_code=204)

    # ------------------------------------------------------------------------------------- templates
    @app.get("/api/v1/templates", tags=["templates"], summary="Templates (yours; an admin's: everyone's)")
    async def list_templates(who: Principal = Depends(viewer)) -> list[dict[str, Any]]:
        return [template_view(t) for t in await ctx.store.list_templates() if who.may_see(t.created_by)]

    @app.post("/api/v1/templates/{name}/instantiate", tags=["templates"], summary="Fill a template in")
    async def instantiate_template(
        name: str, body: InstantiateRequest, who: Principal = Depends(viewer)
    ) -> dict[str, Any]:
        template = await ctx.store.load_template(name)
        if template is None or not who.may_see(template.created_by):
            raise not_found("template", name)
        try:
            plan = instantiate(template, body.values)
        except (TemplateError, PlankitError, ValueError) as exc:
            raise ApiError(422, "invalid_values", str(exc)) from None
        plan = ctx.read_plan(plan_to_data(plan), who.user)
        result = lint_plan(ctx, plan)
        if body.save:
            if who.role.rank < 1:
                raise ApiError(403, "forbidden", "saving a plan needs the operator role")
            await ctx.store.save_plan(plan)
        return plan_detail(plan, result)
