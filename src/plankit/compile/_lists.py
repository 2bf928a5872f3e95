"""Reading a numbered or bulleted list as plan steps, for models that answer in prose instead of JSON.

Each item becomes a step that depends on the one before it (a list is read in order). An item naming a
tool becomes an ``action`` step calling it, with the item's text as its label; any other item becomes an
``llm`` step whose prompt is the item's text. A tool is named when the item holds a known tool name (as a
word, or in backticks), or a dotted name in backticks (``db.query``), or starts with a dotted name and a
colon. Indented lines under an item (sub-bullets, wrapped text) belong to that item; under a ``Step N:``
item or a Markdown heading, every line up to the next item does.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

_ITEM = re.compile(
    r"^(?P<indent>[ \t]*)(?:(?P<number>\d{1,3})[.)]|(?P<bullet>[-*+•])|step\s+(?P<step>\d{1,3})\s*[:.)\-])"
    r"\s+(?P<text>\S.*)$",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^(\s*)#{1,6}\s+")
_EMPHASIS = re.compile(r"\*\*|__")
_TOOL_NAME = r"[A-Za-z_][\w\-]*(?:\.[\w\-]+)+"
_BACKTICKED = re.compile(r"`([^`\s]+)`")
_LEADING_TOOL = re.compile(rf"^({_TOOL_NAME})\s*:")
_CALL_SUFFIX = re.compile(r"\(.*\)$")


@dataclass
class _Item:
    indent: int
    numbered: bool
    text: str
    details: list[str] = field(default_factory=list)
    loose: bool = False
    """A "Step N:" item or heading: the paragraphs under it, up to the next item, belong to it."""


@dataclass(frozen=True)
class ListSteps:
    """Steps read from a list, and what kind of list it was."""

    steps: list[dict[str, Any]]
    numbered: bool
    line: int
    """1-based line of the first item."""


def list_steps(text: str, tools: Collection[str] = ()) -> ListSteps | None:
    """The steps of the best list in ``text`` (the longest numbered list, else the longest bulleted
    list; the last one on a tie), or None when the text holds no list of two items or more (a lone bullet
    is more often a remark than a plan)."""
    lists = [entry for entry in _lists(text) if len(entry[1]) >= 2]
    if not lists:
        return None
    numbered = [entry for entry in lists if entry[1][0].numbered]
    pool = numbered or lists
    line, items = max(reversed(pool), key=lambda entry: len(entry[1]))
    steps = [_step(number, item, tools) for number, item in enumerate(items, start=1)]
    return ListSteps(steps, items[0].numbered, line)


def _lists(text: str) -> list[tuple[int, list[_Item]]]:
    """Every list: (line of its first item, its items)."""
    lists: list[tuple[int, list[_Item]]] = []
    current: list[_Item] = []
    blank = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _EMPHASIS.sub("", _HEADING.sub(r"\1", raw)).rstrip()
        match = _ITEM.match(line)
        if not line.strip():
            blank = True
            continue
        indent = len(line) - len(line.lstrip())
        if match is not None:
            numbered = match.group("bullet") is None
            loose = match.group("step") is not None or _HEADING.match(raw) is not None
            if current and (indent > current[0].indent or (numbered != current[0].numbered and indent > 0)):
                current[-1].details.append(match.group("text").strip())
            elif current and numbered == current[0].numbered:
                current.append(_Item(indent, numbered, match.group("text").strip(), loose=loose))
            else:
                current = [_Item(indent, numbered, match.group("text").strip(), loose=loose)]
                lists.append((number, current))
        elif current and (current[-1].loose or (indent > 0 and (indent > current[0].indent or not blank))):
            current[-1].details.append(line.strip())  # a sub-item's detail, or the item's wrapped text
        else:
            current = []
        blank = False
    return lists


def _step(number: int, item: _Item, tools: Collection[str]) -> dict[str, Any]:
    text = item.text if not item.details else f"{item.text} ({'; '.join(item.details)})"
    step: dict[str, Any] = {"id": f"step{number}"}
    tool = _tool_of(item.text, tools)
    if tool is not None:
        step["tool"] = tool
        step["label"] = text
    else:
        step["prompt"] = text
    if number > 1:
        step["depends_on"] = [f"step{number - 1}"]
    return step


def _tool_of(text: str, tools: Collection[str]) -> str | None:
    for match in _BACKTICKED.finditer(text):
        name = _CALL_SUFFIX.sub("", match.group(1))
        if name in tools or re.fullmatch(_TOOL_NAME, name):
            return name
    leading = _LEADING_TOOL.match(text)
    if leading is not None:
        return leading.group(1)
    best: tuple[int, str] | None = None
    for name in tools:
        found = re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", text)
        if found is not None and (best is None or found.start() < best[0]):
            best = (found.start(), name)
    return best[1] if best is not None else None
