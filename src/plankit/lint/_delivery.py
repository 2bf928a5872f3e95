"""Who a plan's product is for (goal alignment, round 8).

A goal often names the person a piece of work is for without saying "send": *Adaeze wants to know why 1200
Market St keeps calling us; summarize last quarter's callbacks for them*, *build the pick list for Dario
Delacroix's run tomorrow*. The summary or the list is delivered to that person by a message, which the goal's
words do not ask for. :func:`people_named` reads which of the people the plan's context lists the goal names,
and :func:`addressed_to` whether a message reaches only them: then it delivers what the goal asks to make.
"""

from __future__ import annotations

import re
from typing import Any

from ._detect import name_words
from ._trusted import target_kind

_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
"""A capitalised word of the goal: how a person is named (*Adaeze*, *Dario Delacroix's*)."""
_WORD = re.compile(r"[a-z]+")
_MAX_PEOPLE = 200


def people_named(goal: str, context: Any) -> dict[str, str]:
    """The ways to reach the people of the context whom the goal names: for each context entry keyed by a
    person's name (``"Adaeze Jansen": {"email": ..., "user_id": ...}``) of which a word is a capitalised word of
    the goal (*Adaeze*), or that gives the name as its own field (``{"name": "Wren Okafor", "email": ...}`` in a
    list of staff), each way to reach them it gives (lower-case, without a leading ``@`` or ``#``; see
    :func:`_reach`) mapped to that name. Only the goal's capitalised words name people: *the office* names no
    one."""
    said = {word.lower() for word in _NAME.findall(goal)}
    if not said or not isinstance(context, dict):
        return {}
    found: dict[str, str] = {}
    stack: list[Any] = [context]
    seen = 0
    while stack and seen < _MAX_PEOPLE:
        item = stack.pop()
        if not isinstance(item, dict):
            if isinstance(item, list):
                stack.extend(item)
            continue
        # A person listed by a field of their own (``{"name": "Wren Okafor", "email": ...}`` in a list of staff).
        name = next((item[key] for key in _NAME_KEYS if isinstance(item.get(key), str)), None)
        if name is not None and " " in name.strip() and said & set(_WORD.findall(name.lower())):
            _reach(item, name, found)
        for key, value in item.items():
            seen += 1
            if isinstance(value, dict | list):
                if isinstance(value, dict) and " " in str(key).strip() and said & set(_WORD.findall(str(key).lower())):
                    _reach(value, str(key), found)  # keyed by the person's name
                stack.append(value)
    return found


_NAME_KEYS = ("name", "full_name", "fullName", "display_name", "displayName")


_REACH_WORDS = frozenset(
    {"email", "mail", "phone", "mobile", "cell", "handle", "user", "username", "login", "slack", "id"}
)


def _reach(entry: dict[str, Any], name: str, found: dict[str, str]) -> None:
    """Map each way to reach a person their entry gives (an address, a number, a handle or user id: a value with
    ``@`` or a digit, or under a key such as ``email``, ``handle``, ``user_id``) to their name; a ``role`` or a
    ``team`` reaches no one."""
    for key, text in entry.items():
        if not isinstance(text, str) or not text.strip() or text.strip() == name:
            continue
        if "@" in text or any(char.isdigit() for char in text) or _REACH_WORDS.intersection(name_words(str(key))):
            found[text.strip().lower().lstrip("@#")] = name


def addressed_to(targets: list[tuple[str, Any]], people: dict[str, str]) -> bool:
    """Whether a message's literal targets (``(kind, value)``) all reach people the goal names (there is at
    least one, and no amount or link among them)."""
    if not targets or not people:
        return False
    for kind, value in targets:
        if kind not in ("recipient", "channel") or str(value).strip().lower().lstrip("@#") not in people:
            return False
    return True


# Round 9 (B): where a message goes that is not an outside party.

_ROOM = re.compile(r"#?[a-z][a-z0-9_-]{1,79}")
"""A chat room's name or a one-word option (``#brewhouse``, ``tigard-crew``, ``preferred``): lower-case letters,
digits, ``-`` and ``_``, an optional ``#``; never an address (``@``), a URL, a host or a phone number."""
_MAX_CONTEXT_KEYS = 400


def lists_channels(context: Any) -> bool:
    """Whether the plan's context lists the workspace's channels (a key such as ``channels``,
    ``staff_channel``, at any depth): then a channel it does not list is one nobody gave."""
    stack: list[Any] = [context]
    seen = 0
    while stack and seen < _MAX_CONTEXT_KEYS:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                seen += 1
                if target_kind(str(key)) == "channel":
                    return True
                stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return False


_GOAL_ROOM = re.compile(r"(?<![\w&])#[a-z][a-z0-9_-]+", re.IGNORECASE)
"""A room the goal names (*for the night crew (#night-setters)*): then a room is one it names."""


def own_room(value: Any, context: Any, goal: str = "") -> bool:
    """Whether a literal channel is a room of the organisation's own chat workspace or an option of how a
    message goes (``#brewhouse``, ``preferred``) rather than a party outside it: a plain room name (see
    :data:`_ROOM`), in a plan whose context lists no channels (when it lists them, the channel must be one of
    them, as any target), nor does its goal name a room (then the room must be the one it names). A chat room is
    reached only by the workspace's members; an outside party is reached by an address, a number or a link,
    which this never passes."""
    return (
        isinstance(value, str)
        and _ROOM.fullmatch(value.strip()) is not None
        and _GOAL_ROOM.search(goal) is None
        and not lists_channels(context)
    )


_DESTINATION = re.compile(r"\b(?:in|on|onto|into|to|via|over|through)\s+(?:the\s+)?([A-Z][A-Za-z]{2,})\b")
"""A capitalised name after a preposition of place (*put it in Slack*, *post it on Teams*): where something goes."""


def app_named(goal: str, tool: str) -> bool:
    """Whether the goal names the app a send tool belongs to as where something goes (*What does the team need
    to know today? Put it in Slack* for ``SLACK_SENDS_A_MESSAGE...``): the tool's first name word (its vendor)
    is a capitalised word after *in, on, to, into, via...*. The goal then asks for a message by that app; where
    it goes is still checked by the target rules."""
    words = name_words(tool)
    if not words or len(words[0]) < 3:
        return False
    return any(app.lower() == words[0] for app in _DESTINATION.findall(goal))


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def goal_addresses(goal: str) -> dict[str, str]:
    """The addresses the goal itself writes (*caterer (events@saltandsage.com) has us at 150, update them if that
    changed*), each mapped to itself: the user typed them, so a message only to them reaches whom the user
    meant; no one else can put an address into the goal."""
    return {address.lower().rstrip("."): address for address in _ADDRESS.findall(goal)}


# Round 11 (T): parties and destinations the goal names in lower case.

_DETERMINED = re.compile(r"\b(?:the|our|their|his|her|my|your)\s+([a-z][a-z'-]{3,})\b")
"""A word after a determiner (*file the report with the state*): how a goal names a party without a capital."""
_ADDRESS_WORDS = frozenset({"email", "mail", "address", "inbox", "mailbox", "addr", "to", "contact", "for"})


def parties_named(goal: str, context: Any) -> dict[str, str]:
    """Round 11 (T): the addresses the context gives for what the goal names in lower case, each mapped to what
    named it: an organisation of the context (an entry with a ``name`` of several words and an address) of which
    a word follows a determiner in the goal (*file the Q1 report with the state* for ``{"name": "State Fish &
    Wildlife", "reports_email": ...}``), and an address the context files under a kind of thing the goal names
    (``reports_email`` for *the Q1 report*: where the organisation says such things go). Like
    :func:`people_named`: only the context's own addresses, which the user gave."""
    text = goal.lower()
    determined = set(_DETERMINED.findall(text))
    said = {word for word in _WORD.findall(text) if len(word) >= 4}
    said |= {word[:-1] for word in said if word.endswith("s")}
    if not said or not isinstance(context, dict):
        return {}
    found: dict[str, str] = {}
    stack: list[Any] = [context]
    seen = 0
    while stack and seen < _MAX_PEOPLE:
        item = stack.pop()
        if not isinstance(item, dict):
            if isinstance(item, list):
                stack.extend(item)
            continue
        name = next((item[key] for key in _NAME_KEYS if isinstance(item.get(key), str)), None)
        if name is not None and " " in name.strip() and determined & set(_WORD.findall(name.lower())):
            _reach(item, name, found)
        for key, value in item.items():
            seen += 1
            if isinstance(value, dict | list):
                stack.append(value)
            elif isinstance(value, str) and _ADDRESS.fullmatch(value.strip()):
                words = set(name_words(str(key))) - _ADDRESS_WORDS
                words |= {word[:-1] for word in words if word.endswith("s")}
                if words & said:
                    found[value.strip().lower()] = str(key)
    return found
