"""Routes for admins: API tokens (create, list, revoke), as ``plankit token`` does on the command line.

No ``from __future__ import annotations``: FastAPI reads the handlers' annotations as objects.
"""

from typing import TYPE_CHECKING, Any

from ..store import ApiToken
from ._auth import Principal, Role, create_token
from ._bodies import TokenRequest
from ._context import ServerContext
from ._errors import not_found

if TYPE_CHECKING:
    from fastapi import FastAPI


def token_view(token: ApiToken) -> dict[str, Any]:
    """A token's record without its hash."""
    return {
        "id": token.id,
        "user": token.user,
        "role": token.role,
        "created_at": token.created_at.isoformat(),
        "revoked_at": token.revoked_at.isoformat() if token.revoked_at else None,
    }


def add_token_routes(app: "FastAPI", ctx: ServerContext, role: Any) -> None:
    """Register ``/api/v1/tokens`` on ``app`` (admins only)."""
    from fastapi import Depends, Response

    admin = role["admin"]

    @app.post("/api/v1/tokens", tags=["tokens"], status_code=201, summary="Make a token (shown once)")
    async def create(body: TokenRequest, who: Principal = Depends(admin)) -> dict[str, Any]:
        record, token = await create_token(ctx.store, body.user, Role(body.role), ctx.clock.now())
        return {**token_view(record), "token": token}

    @app.get("/api/v1/tokens", tags=["tokens"], summary="Every token (never the secrets)")
    async def list_tokens(who: Principal = Depends(admin)) -> list[dict[str, Any]]:
        return [token_view(token) for token in await ctx.store.list_tokens()]

    @app.delete("/api/v1/tokens/{token_id}", tags=["tokens"], status_code=204, summary="Revoke a token")
    async def revoke(token_id: str, who: Principal = Depends(admin)) -> Response:
        if not await ctx.store.revoke_token(token_id, ctx.clock.now()):
            raise not_found("active token", token_id)
        return Response(status_code=204)
