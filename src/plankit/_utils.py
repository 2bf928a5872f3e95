"""Small helpers shared by every layer: clocks, ids, and "did you mean" suggestions."""

from __future__ import annotations

import difflib
import gc
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime


def utcnow() -> datetime:
    """The current time as an aware UTC datetime (the default clock)."""
    return datetime.now(UTC)


def new_id(prefix: str = "") -> str:
    """A random, URL-safe identifier, optionally prefixed (``plan_1f0c...``)."""
    return f"{prefix}{uuid.uuid4().hex}"


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to ``word`` (for "did you mean ...?" hints), or None when nothing is close."""
    matches = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A ready-made hint naming the closest candidate, or None."""
    match = closest(word, candidates)
    return f"did you mean '{match}'?" if match else None


_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def json_kind(value: object, *, mapping: str = "an object", string_value: bool = True) -> str:
    """What a parsed JSON/YAML value is, in a document's words (``a list``, ``the string 'x'``): for messages
    about a value of the wrong kind. ``mapping`` names an object (a policy file says ``a mapping``);
    ``string_value=False`` says ``a string`` without the string."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return f"the string {value!r}" if string_value else "a string"
    if isinstance(value, list | tuple):
        return "a list"
    return mapping if isinstance(value, dict) else type(value).__name__


def validator_message(message: str) -> str:
    """A pydantic error message without the ``Value error, `` (``Assertion failed, ``) it puts before the words
    of a validator that raised ``ValueError`` (failed an ``assert``): what the user reads is what went wrong."""
    for prefix in _PYDANTIC_PREFIXES:
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def gc_paused() -> _GcPaused:
    """Pause the cyclic garbage collector while building many small objects (``with gc_paused(): ...``).

    Loading a 100k-step plan allocates millions of objects; each allocation burst triggers full
    collections that find nothing to free (the objects are all alive) and make loading superlinear.
    """
    return _GcPaused()


class _GcPaused:
    # A class, not a @contextmanager generator: a lint of a small plan enters this a few times, and the
    # generator's machinery cost more than the lint's pause saves.
    __slots__ = ("was_enabled",)

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()
