"""What a step's argument values say beyond their keys: JSON documents in strings, and grants to everyone.

Two readings for the goal-alignment rules, both looked for only when the plan's text could hold them (one scan
of the plan's strings per lint run decides; most plans have neither and pay nothing more):

* **JSON documents in string arguments** (:func:`json_documents`): SDKs take policies, filters and payloads as
  JSON text (``Policy='{"Statement": [...]}'``, ``body='{"to": ...}'``). The targets inside (a recipient, a
  URL, a principal) are targets as much as a top-level ``to`` is.
* **Grants to everyone** (:func:`public_grant`): a value that opens an object to anyone is a ``share``
  whatever the tool is called (``aws_s3_put_bucket_policy`` with ``"Principal": "*"``, a Drive permission of
  type ``anyone``, an ACL ``public-read``, ``is_public: true``, ``BlockPublicAcls: false``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

from ._detect import name_words

_DOCUMENT_GATE = re.compile(r"(?:^|\x00)\s*[\[{]\s*[\"\[{]")
"""A string of the plan that starts like a JSON object or array of them (``{"``, ``[{``, ``["``)."""


def _words(text: str) -> frozenset[str]:
    """The space-separated words of ``text``."""
    return frozenset(text.split())


_WHO_WORDS = _words(
    "principal principals grantee grantees member members entity audience acl acls visibility privacy access "
    "sharing permission permissions type role scope who readers viewers canned"
)
"""Words of keys whose value says who gets access (``Principal``, ``grantee``, ``visibility``, ``type``)."""
_EVERYONE = _words(
    "* allusers allauthenticatedusers public publicread publicreadwrite authenticatedread anyone anyonewithlink "
    "everyone world internet"
)
"""Values (lower case, letters and ``*`` only) that mean everyone."""
_BLOCKS = _words("block blocks restrict restricts prevent")
_EFFECT = frozenset({"effect"})


_INSIDE = " (JSON text) at "
"""Joins the path of a string argument and the path inside the JSON document it holds."""


def outer_path(where: str) -> str:
    """The JSON path of the plan value itself (the string argument, for a path inside a JSON document)."""
    return where.split(_INSIDE, 1)[0]


def has_documents(text: str) -> bool:
    """True when the plan's joined strings (:class:`~plankit.lint._detect.PlanText`) may hold a JSON document."""
    return ("{" in text or "[" in text) and _DOCUMENT_GATE.search(text) is not None


def may_grant(text: str, keys: frozenset[str]) -> bool:
    """True when the plan's strings or keys may hold a grant to everyone (a superset: it only lets the
    per-step reading run)."""
    # Chained ``in`` tests on the case forms found in practice: no lower-cased copy, no generator.
    return (
        "*" in text
        or "ublic" in text
        or "UBLIC" in text
        or "nyone" in text
        or "NYONE" in text
        or "veryone" in text
        or "VERYONE" in text
        or "llUsers" in text
        or "llusers" in text
        or "LLUSERS" in text
        or "llAuthenticatedUsers" in text
        or "orld" in text
        or "ORLD" in text
        or "nternet" in text
        or "NTERNET" in text
        or _public_key(keys)
    )


def _public_key(keys: frozenset[str]) -> bool:
    joined = "\x00".join(keys)
    return "ublic" in joined or "UBLIC" in joined


def json_documents(params: dict[str, Any], base: str) -> Iterator[tuple[str, Any]]:
    """``(path, decoded value)`` for each string argument (any depth) that holds a JSON object or array; the
    path is the argument's JSON path, ``" (JSON text) at "`` and ``$`` (paths inside the document follow)."""
    stack: list[tuple[Any, str]] = [(params, base)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            stack.extend((item, f"{where}.{key}") for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]") for index, item in enumerate(value))
        elif isinstance(value, str):
            decoded = _decoded(value)
            if decoded is not None:
                yield f"{where}{_INSIDE}$", decoded


def _decoded(text: str) -> Any:
    stripped = text.strip()
    if len(stripped) < 2 or (stripped[0], stripped[-1]) not in (("{", "}"), ("[", "]")):
        return None
    try:
        decoded = json.loads(stripped)
    except ValueError:
        return None
    return decoded if isinstance(decoded, dict | list) else None


@functools.lru_cache(maxsize=4096)
def _key_words(key: str) -> frozenset[str]:
    return frozenset(name_words(key))


def _everyone(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    tail = value.strip().lower().rstrip("/").rsplit("/", 1)[-1]  # the AllUsers group URI
    return re.sub(r"[^a-z*]", "", tail) in _EVERYONE


_THREAD_WORDS = _words("comment comments reply replies note notes ticket tickets thread threads conversation")
"""Words of a tool name or key that speak of a message in a thread (a ticket's comment, a reply)."""
_BODY_WORDS = _words("body text message html plain")


def thread_tool(tool: str) -> bool:
    """Whether a tool's name speaks of messages in a thread (``zendesk.tickets.comments.create``): a ``public``
    flag beside a message body there says who in the thread sees it, not that the world does."""
    return bool(_THREAD_WORDS.intersection(name_words(tool)))


def _thread_message(value: dict[Any, Any], where: str, thread: bool) -> bool:
    """A message of a thread: a body beside the flags, in a thread tool or under a ``comment``/``reply`` key."""
    if not any(_BODY_WORDS.intersection(_key_words(str(key))) for key in value):
        return False
    return thread or bool(_THREAD_WORDS.intersection(_key_words(where.rsplit(".", 1)[-1])))


def public_grant(params: dict[str, Any], base: str, *, thread: bool = False) -> tuple[str, str] | None:
    """``(path, what it says)`` of the first value in ``params`` (JSON documents in strings included: their
    paths read ``$.params.Policy (JSON text) at $.Statement[0].Principal``) that opens something to everyone,
    or None.

    ``thread`` (see :func:`thread_tool`): a ``public`` or ``private`` flag beside a message body (or anywhere
    beside a body under a ``comment``/``reply`` key) is a comment's visibility to the people of its thread (a
    support ticket's requester, not only the agents), not a grant to everyone."""
    stack: list[tuple[Any, str, bool]] = [(params, base, False)]
    while stack:
        value, where, under_who = stack.pop()
        shown = where.split(_INSIDE, 1)[-1]
        if isinstance(value, dict):
            if any(_key_words(str(key)) == _EFFECT and str(item).lower() == "deny" for key, item in value.items()):
                continue  # a statement denying everyone something (enforce TLS, block a region) opens nothing
            in_thread = _thread_message(value, where, thread)
            for key, item in value.items():
                words = _key_words(str(key))
                spot = f"{where}.{key}"
                if isinstance(item, bool) and ("public" in words or "private" in words):
                    if in_thread:
                        continue  # a comment shown to its thread's people (the requester), not to the world
                    # ``is_public: true`` opens it; ``BlockPublicAcls: false`` or ``private: false`` stops keeping
                    # it closed.
                    if item != ("private" in words or bool(words & _BLOCKS)):
                        return spot, f"{key}: {json.dumps(item)}"
                    continue
                stack.append((item, spot, under_who or bool(words & _WHO_WORDS)))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]", under_who) for index, item in enumerate(value))
        elif isinstance(value, str):
            decoded = _decoded(value)
            if decoded is not None:
                stack.append((decoded, f"{where}{_INSIDE}$", under_who))
            elif under_who and _everyone(value):
                return where, f"{shown.rsplit('.', 1)[-1]}: {value!r}"
    return None


_ROLE_KEYS = _words("role roles type kind permission permissions access level enrollment membership group groups")
"""Words of keys whose value names the role someone is given (``role``, ``type``, ``access_level``)."""
_CONTROL = _words(
    "admin admins administrator administrators owner owners teacher teachers instructor instructors editor "
    "editors maintainer maintainers moderator moderators manager managers superuser superusers superadmin "
    "root sudo sudoers"
)
"""Words of role values that give control of what they are granted on (a co-teacher grades, an admin invites)."""


_CONTROL_STEMS = (
    "dmin",
    "wner",
    "eacher",
    "nstructor",
    "ditor",
    "aintainer",
    "oderator",
    "anager",
    "uperuser",
    "root",
    "sudo",
)
"""Parts of the :data:`_CONTROL` words, in any case form once lowered (``Admin``, ``OWNER``, ``TeacherEnrollment``)."""


def may_elevate(text: str) -> bool:
    """True when the plan's strings may name a role with control (a superset: it only lets the per-step reading
    run)."""
    lowered = text.lower()
    return any(stem in lowered for stem in _CONTROL_STEMS)


def may_name_role(keys: frozenset[str]) -> bool:
    """True when some key of the plan (:class:`~plankit.lint._detect.PlanText`'s ``keys``, any depth) is
    role-like (``role``, ``type``, ``access_level``): :func:`role_grant` finds nothing without one (a superset:
    it only lets the per-step reading run)."""
    return any(_key_words(key) & _ROLE_KEYS for key in keys)


def _grants_role(value: Any, key: str) -> bool:
    """Whether :func:`role_grant` finds something in ``value`` (held under ``key``)."""
    if isinstance(value, dict):
        return any(_grants_role(item, str(name)) for name, item in value.items())
    if isinstance(value, list):
        return any(_grants_role(item, key) for item in value)
    return (
        isinstance(value, str)
        and bool(key)
        and bool(_key_words(key) & _ROLE_KEYS)
        and " " not in value.strip()
        and bool(_CONTROL.intersection(name_words(value)))
    )


def role_grant(params: dict[str, Any], base: str) -> tuple[str, str] | None:
    """``(path, what it says)`` of the first role-like argument (``role``, ``type``, ``access_level``, any
    depth) whose value is one word naming a role with control (``admin``, ``owner``, ``TeacherEnrollment``,
    ``ROLE_ADMIN``), or None. A value with spaces is a name or a title (``type: "manager sync"``), not a role."""
    if not _grants_role(params, ""):
        return None  # the usual answer, found without building a path for every value
    stack: list[tuple[Any, str, str]] = [(params, base, "")]
    while stack:
        value, where, key = stack.pop()
        if isinstance(value, dict):
            stack.extend((item, f"{where}.{name}", str(name)) for name, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]", key) for index, item in enumerate(value))
        elif (
            isinstance(value, str)
            and key
            and _key_words(key) & _ROLE_KEYS
            and " " not in value.strip()
            and _CONTROL.intersection(name_words(value))
        ):
            return where, f"{key} {value!r}"
    return None
