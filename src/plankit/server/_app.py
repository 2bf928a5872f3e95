"""The application: ``create_app(settings)`` builds the FastAPI app of ``plankit serve``.

``/health`` (no auth), ``/api/v1/...`` (Bearer tokens), ``/openapi.json`` and ``/docs``, and the web UI at
``/`` (static files shipped inside the package). The framework is imported inside :func:`create_app`: it
is an optional dependency (``pip install 'plankit[server]'``).
"""

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .._utils import did_you_mean, validator_message
from .._version import __version__
from ..errors import MissingExtraError
from ._auth import Principal, Role
from ._context import ServerContext, ServerSettings
from ._errors import ApiError, error_body
from ._limits import BodyLimit, SecurityHeaders, security_headers
from ._routes_plans import add_plan_routes
from ._routes_runs import add_run_routes
from ._routes_tokens import add_token_routes

logger = logging.getLogger("plankit.server")

STATIC = Path(__file__).parent / "static"
"""The web UI: plain HTML, CSS and JavaScript, no build step."""

_STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed"}


def create_app(settings: ServerSettings | None = None) -> Any:
    """The ASGI app (FastAPI) of ``plankit serve``; its lifespan opens the store and runs the worker."""
    try:
        from fastapi import Depends, FastAPI, Request
        from fastapi.exceptions import RequestValidationError
        from fastapi.middleware.cors import CORSMiddleware
        from fastapi.responses import FileResponse, JSONResponse
        from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
        from fastapi.staticfiles import StaticFiles
        from starlette.exceptions import HTTPException
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise MissingExtraError("fastapi", "server") from exc

    ctx = ServerContext(settings or ServerSettings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await ctx.open()
        try:
            yield
        finally:
            await ctx.close()

    async def unique_keys(request: Request) -> None:
        # A key written twice in a JSON body is refused, as in plan and policy files: parsers keep one of the
        # values silently, so the plan a reviewer reads and the one plankit lints could differ.
        if request.method in ("POST", "PUT", "PATCH") and "json" in request.headers.get("content-type", ""):
            problem = _duplicate_key(await request.body())  # FastAPI keeps the body for the route
            if problem is not None:
                message = f"the request is not valid: {problem['path']}: {problem['message']}"
                raise ApiError(422, "invalid_request", message, {"problems": [problem]})

    app = FastAPI(
        title="plankit",
        version=__version__,
        description="Lint, save, run, schedule and approve LLM-agent plans. Send 'Authorization: Bearer TOKEN'.",
        lifespan=lifespan,
        dependencies=[Depends(unique_keys)],
    )
    app.state.plankit = ctx
    bearer = HTTPBearer(auto_error=False, description="An API token from 'plankit token create'.")

    def needs(role: Role) -> Any:
        async def dependency(
            request: Request, credentials: HTTPAuthorizationCredentials | None = Depends(bearer)
        ) -> Principal:
            return await ctx.authenticate(request.headers.get("authorization"), role)

        return dependency

    roles = {role.value: needs(role) for role in Role}

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        keys = _body_keys(request)
        problems = [
            {"path": _json_path(error.get("loc", ())), "message": _message(error, keys), "type": error.get("type")}
            for error in exc.errors()
        ]
        for problem, error in zip(problems, exc.errors(), strict=True):
            if error.get("type") == "json_invalid":  # loc is ("body", offset): say where, as the loader does
                problem.update(path="$", message=_not_json(await request.body(), error))
        message = "the request is not valid: " + "; ".join(f"{p['path']}: {p['message']}" for p in problems[:5])
        return JSONResponse(error_body("invalid_request", message, {"problems": problems}), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "http_error")
        return JSONResponse(
            error_body(code, str(exc.detail)), status_code=exc.status_code, headers=getattr(exc, "headers", None)
        )

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        logger.exception("internal error on %s %s", request.method, request.url.path)
        return JSONResponse(
            error_body("internal", "internal server error; see the server's log"),
            status_code=500,
            headers=security_headers(request.url.path),
        )

    @app.get("/health", tags=["service"], summary="Liveness (no auth)")
    async def health() -> dict[str, Any]:
        engine = "temporal" if ctx.engine is not None else "local"
        return {"status": "ok", "version": __version__, "worker": ctx.scheduler is not None, "engine": engine}

    @app.get("/api/v1/me", tags=["service"], summary="Who this token is")
    async def me(who: Principal = Depends(roles["viewer"])) -> dict[str, Any]:
        return {"user": who.user, "role": who.role.value, "token_id": who.token_id}

    add_token_routes(app, ctx, roles)
    add_plan_routes(app, ctx, roles)
    add_run_routes(app, ctx, roles)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if ctx.settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=ctx.settings.cors_origins,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Last-Event-ID"],
        )
    app.add_middleware(BodyLimit, max_bytes=ctx.settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    return app


def _message(error: Any, keys: list[str]) -> str:
    """pydantic's message, said as the loader says it: an unknown key names the closest valid one, and a
    validator's message loses pydantic's "Value error, " prefix."""
    location = tuple(error.get("loc", ()))
    if error.get("type") == "extra_forbidden" and location:
        hint = did_you_mean(str(location[-1]), keys) if len(location) == 2 else None
        return f"unknown key {location[-1]!r}" + (f" ({hint})" if hint else "")
    return validator_message(str(error.get("msg", "")))


_DUPLICATE = re.compile(r'^Detected duplicate key "(.*)" at line (\d+) column (\d+)$', re.DOTALL)


def _duplicate_key(body: bytes) -> dict[str, Any] | None:
    """The first key written twice in one object of a JSON body, as a problem; None for any other body (a body
    that is not JSON is the route's to report)."""
    import jiter

    if not body:
        return None
    try:
        jiter.from_json(body, catch_duplicate_keys=True)
    except ValueError as exc:
        found = _DUPLICATE.match(str(exc))
        if found is not None:
            where = f"line {found[2]}, column {found[3]}"
            return {"path": where, "message": f"duplicate key {found[1]!r}", "type": "duplicate_key"}
    return None


def _not_json(body: bytes, error: Any) -> str:
    """Where a body stops being JSON: line and column (1-based) of pydantic's offset, and what it expected."""
    location = tuple(error.get("loc", ()))
    offset = location[-1] if location and isinstance(location[-1], int) else None
    reason = str((error.get("ctx") or {}).get("error") or "JSON decode error")
    if offset is None:
        return f"the body is not valid JSON: {reason}"
    before = body[:offset].decode("utf-8", errors="replace")
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return f"the body is not valid JSON: line {line}, column {column}: {reason}"


def _body_keys(request: Any) -> list[str]:
    """The keys the route's request body may have (its pydantic model's fields), for did-you-mean hints."""
    field = getattr(request.scope.get("route"), "body_field", None)
    model = getattr(getattr(field, "field_info", None), "annotation", None)
    return list(model.model_fields) if isinstance(model, type) and issubclass(model, BaseModel) else []


def _json_path(location: Any) -> str:
    """``("body", "plan", 0)`` -> ``$.plan[0]``; a header or query parameter is named as such."""
    parts = list(location)
    if parts and parts[0] in ("header", "query", "path"):
        return f"{parts[0]} {'.'.join(str(p) for p in parts[1:])}"
    path = "$"
    for part in parts[1:] if parts and parts[0] == "body" else parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path
