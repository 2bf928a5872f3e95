"""API tokens and roles: how a request proves who it is, and what it may do.

A token reads ``pk_<id>_<secret>``. The store keeps the id, the user, the role and a SHA-256 hash of the
secret, never the secret: it is printed once, when the token is made. A presented token is looked up by
its id and its secret's hash compared with :func:`hmac.compare_digest` (constant time); an unknown id is
compared against a dummy hash, so a miss takes as long as a hit.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from ..store import ApiToken, Store

TOKEN_PREFIX = "pk_"
_DUMMY_HASH = hashlib.sha256(b"plankit: no such token").hexdigest()


class Role(str, Enum):
    """What a token may do. Each role may do everything the one before it may."""

    VIEWER = "viewer"
    """Read plans, executions, schedules, templates and dead letters (its user's own)."""
    OPERATOR = "operator"
    """Also save and delete plans, run, schedule, cancel, approve, deny and retry."""
    ADMIN = "admin"
    """Also see and act on everyone's objects."""

    @property
    def rank(self) -> int:
        """0 viewer, 1 operator, 2 admin."""
        return list(Role).index(self)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request speaks for: the token's user and role."""

    user: str
    role: Role
    token_id: str

    @property
    def sees_all(self) -> bool:
        """Admins see and act on every user's objects."""
        return self.role is Role.ADMIN

    def may_see(self, owner: str | None) -> bool:
        """True for the owner of an object, and for admins."""
        return self.sees_all or owner == self.user


def hash_secret(secret: str) -> str:
    """The stored form of a token's secret (SHA-256, hex): the secret is random, so no salt is needed."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


async def create_token(store: Store, user: str, role: Role, now: datetime) -> tuple[ApiToken, str]:
    """Make a token for ``user``; returns the stored record and the full token text (shown once)."""
    if not user.strip():
        raise ValueError("the user name is empty")
    token_id = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    record = ApiToken(token_id, user.strip(), role.value, hash_secret(secret), now)
    await store.save_token(record)
    return record, f"{TOKEN_PREFIX}{token_id}_{secret}"


async def verify_token(store: Store, presented: str) -> Principal | None:
    """The principal of a presented token, or None when it is malformed, unknown, revoked or wrong."""
    token_id, secret = _split(presented)
    record = await store.load_token(token_id) if token_id else None
    expected = record.secret_hash if record is not None else _DUMMY_HASH
    matches = hmac.compare_digest(hash_secret(secret), expected)
    if record is None or not matches or record.revoked_at is not None:
        return None
    return Principal(record.user, Role(record.role), record.id)


def _split(presented: str) -> tuple[str, str]:
    if not presented.startswith(TOKEN_PREFIX):
        return "", presented
    token_id, _, secret = presented[len(TOKEN_PREFIX) :].partition("_")
    return token_id, secret
