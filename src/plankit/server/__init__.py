"""``plankit serve``: the HTTP API and web UI over a store, with tokens, roles and the in-process worker.

>>> from plankit.server import ServerSettings, create_app
>>> app = create_app(ServerSettings(db="plankit.db"))      # an ASGI app: uvicorn.run(app)

Needs ``pip install 'plankit[server]'`` (FastAPI and uvicorn), imported only when the app is built.
"""

from ._app import STATIC, create_app
from ._auth import TOKEN_PREFIX, Principal, Role, create_token, hash_secret, verify_token
from ._context import DEFAULT_MAX_BODY, DEFAULT_RATE_LIMIT, ServerContext, ServerSettings
from ._errors import ApiError, error_body
from ._limits import RateLimiter

__all__ = [
    "DEFAULT_MAX_BODY",
    "DEFAULT_RATE_LIMIT",
    "STATIC",
    "TOKEN_PREFIX",
    "ApiError",
    "Principal",
    "RateLimiter",
    "Role",
    "ServerContext",
    "ServerSettings",
    "create_app",
    "create_token",
    "error_body",
    "hash_secret",
    "verify_token",
]
