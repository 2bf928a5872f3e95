"""Reading and writing text for the planner: the complexity estimate, prompt pieces, and model replies
turned into steps with valid, unique ids."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .._lists import list_steps
from .._scan import Block, find_blocks
from ._models import PlanStep

ACTION_VERBS: tuple[str, ...] = (
    "analyze", "build", "buy", "calculate", "check", "clean", "compare", "compile", "configure", "convert",
    "create", "debug", "delete", "deploy", "design", "download", "extract", "fetch", "find", "fix", "generate",
    "implement", "install", "merge", "migrate", "monitor", "notify", "optimize", "parse", "publish", "refactor",
    "remove", "research", "review", "run", "schedule", "search", "sell", "send", "summarize", "swap", "test",
    "transfer", "translate", "update", "upload", "validate", "verify", "write",
)  # fmt: skip
"""Verbs that name a distinct action. A goal's words match a verb in its plain form and its regular
inflections (``create``, ``creates``, ``created``, ``creating``; ``verify``, ``verified``; ``run``,
``running``); irregular forms such as ``built`` or ``sent`` do not match."""

MULTI_ACTION_KEYWORDS: tuple[str, ...] = (
    "additionally", "after", "afterwards", "also", "and", "as well as", "before", "finally", "followed by",
    "meanwhile", "next", "once", "plus", "then",
)  # fmt: skip
"""Words and phrases that join several actions; every occurrence counts."""

COMPLEXITY_WEIGHTS: dict[str, float] = {"length": 0.25, "action_verbs": 0.30, "multi_action": 0.30, "structure": 0.15}
"""How much each factor of :meth:`PlanningEngine.estimate_complexity` weighs."""

_SATURATION = {"length": 40.0, "action_verbs": 3.0, "multi_action": 3.0, "structure": 4.0}
# Each factor is count / saturation, capped at 1: 40 words, 3 distinct verbs, 3 joining words, 4 structure units.

_WORD = re.compile(r"[a-z]+")
_LIST_MARK = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+", re.MULTILINE)


def _verb_forms() -> dict[str, str]:
    forms: dict[str, str] = {}
    for verb in ACTION_VERBS:
        stem = verb[:-1] if verb.endswith("e") else verb
        variants = {verb, verb + "s", verb + "es", verb + "ed", verb + "d", stem + "ing", stem + "ed"}
        variants |= {verb + verb[-1] + "ing", verb + verb[-1] + "ed"}  # run -> running, plan -> planned
        if verb.endswith("y"):
            variants |= {verb[:-1] + "ies", verb[:-1] + "ied"}
        for form in variants:
            forms.setdefault(form, verb)
    return forms


_VERB_FORMS = _verb_forms()


def _keyword_count(words: list[str]) -> int:
    count = 0
    for keyword in MULTI_ACTION_KEYWORDS:
        parts = keyword.split()
        width = len(parts)
        count += sum(words[index : index + width] == parts for index in range(len(words) - width + 1))
    return count


def complexity_factors(goal: str) -> dict[str, float]:
    """Each factor of the complexity estimate, 0.0 to 1.0 before weighting (see :data:`COMPLEXITY_WEIGHTS`)."""
    words = _WORD.findall(goal.lower())
    verbs = {_VERB_FORMS[word] for word in words if word in _VERB_FORMS}
    structure = len(_LIST_MARK.findall(goal)) + goal.count(";") + goal.count(",") / 2
    counts = {
        "length": float(len(goal.split())),
        "action_verbs": float(len(verbs)),
        "multi_action": float(_keyword_count(words)),
        "structure": structure,
    }
    return {name: min(count / _SATURATION[name], 1.0) for name, count in counts.items()}


# --------------------------------------------------------------------------------------------- prompts
FIELDS = (
    '- "step_id": a short unique id made of letters, digits, "_" or "-" (such as "step_1")\n'
    '- "description": what the step does\n'
    '- "expected_outcome": what the step produces when it succeeds\n'
    '- "tools_needed": the tools the step uses, by name (an empty list when none)\n'
    '- "dependencies": the step_ids that must complete before this step (an empty list when none)'
)


def example(tools: list[str], taken: Iterable[str] = ()) -> str:
    """A two-step example reply, one step per line, using the first tools offered and ids not in ``taken``."""
    used = set(taken)
    first_id = _fresh("step_1", used)
    second_id = _fresh("step_2", used | {first_id})
    steps = [
        {
            "step_id": first_id,
            "description": "Collect the information the goal needs",
            "expected_outcome": "The facts needed for the next step",
            "tools_needed": tools[:1],
            "dependencies": [],
        },
        {
            "step_id": second_id,
            "description": f"Use what {first_id} found to produce the result",
            "expected_outcome": "The finished result",
            "tools_needed": tools[1:2] or tools[:1],
            "dependencies": [first_id],
        },
    ]
    return "[\n  " + ",\n  ".join(json.dumps(step) for step in steps) + "\n]"


def bullets(lines: Iterable[str], empty: str) -> str:
    """One ``- line`` per line, or ``empty`` when there are none."""
    text = "\n".join(f"- {line}" for line in lines)
    return text or empty


def clip(text: str, limit: int = 500) -> str:
    """``text`` cut to ``limit`` characters (a long tool result should not crowd out the rest of a prompt)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -------------------------------------------------------------------------------------- parsing replies
_ITEM_KEYS = {
    "id": ("step_id", "id", "stepId"),
    "description": ("description", "action", "task", "title", "name", "step", "prompt", "instruction"),
    "expected_outcome": ("expected_outcome", "expectedOutcome", "expected_output", "expected", "outcome"),
    "tools": ("tools_needed", "toolsNeeded", "tools", "tool"),
    "dependencies": ("dependencies", "depends_on", "dependsOn", "deps", "after"),
}
_ID_OK = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,127}$")
_ID_BAD_CHARS = re.compile(r"[^A-Za-z0-9_\-]+")
_RESERVED_IDS = frozenset({"context", "env"})


@dataclass
class Item:
    """One step as a reply wrote it, before ids are made valid and dependencies resolved."""

    raw_id: str | None
    description: str
    expected_outcome: str = ""
    tools: list[str] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)


def _json_values(text: str) -> list[Any]:
    """Every readable JSON value in ``text``, in order, read by the compiler's tolerant scanner (fences,
    prose around, comments and trailing commas are fine; a block that is cut off or broken is passed over)."""
    values: list[Any] = []
    for block in find_blocks(text):
        if isinstance(block, Block):
            try:
                values.append(json.loads(block.cleaned, strict=False))
            except (ValueError, RecursionError):
                continue
    return values


def _scalar_text(value: Any) -> str | None:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def _text_list(value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    texts = [_scalar_text(item) for item in values]
    return [text for text in texts if text]


def _first(data: dict[str, Any], field_name: str, convert: Callable[[Any], Any]) -> Any:
    for key in _ITEM_KEYS[field_name]:
        if key in data:
            converted = convert(data[key])
            if converted:
                return converted
    return None


def _item_from_json(value: Any) -> Item | None:
    if isinstance(value, str):
        return Item(None, value.strip()) if value.strip() else None
    if not isinstance(value, dict):
        return None
    raw_id = _first(value, "id", _scalar_text)
    if raw_id is None and isinstance(value.get("step"), int) and not isinstance(value.get("step"), bool):
        raw_id = str(value["step"])  # {"step": 2, "action": "..."}: a number names the step
    tools = _first(value, "tools", _text_list) or []
    description = _first(value, "description", lambda item: _scalar_text(item) if isinstance(item, str) else None)
    if not description:
        if not tools:
            return None
        description = f"Use {', '.join(tools)}"
    return Item(
        raw_id,
        description,
        _first(value, "expected_outcome", _scalar_text) or "",
        tools,
        _first(value, "dependencies", _text_list) or [],
    )


def _items_from_json(value: Any) -> tuple[list[Item], bool]:
    """Steps of a JSON value (an array, or an object with ``steps``/``plan``/``tasks``); a list of plain
    strings is sequential, like a numbered list."""
    for _ in range(3):  # {"plan": {"steps": [...]}} is as deep as replies nest a step list
        if not isinstance(value, dict):
            break
        value = next((value[key] for key in ("steps", "plan", "tasks") if key in value), None)
    if not isinstance(value, list):
        return [], False
    items = [item for item in (_item_from_json(entry) for entry in value) if item is not None]
    return items, all(isinstance(entry, str) for entry in value)


def _items_from_text(text: str) -> list[Item]:
    """The steps of a numbered or bulleted list, read by the compiler's list reader (sub-items are folded
    into their item; a dotted tool name in backticks becomes the step's tool)."""
    listed = list_steps(text)
    if listed is None:
        return []
    return [
        Item(None, str(step.get("label") or step.get("prompt")), tools=[step["tool"]] if "tool" in step else [])
        for step in listed.steps
    ]


def reply_items(reply: str) -> tuple[list[Item], bool]:
    """The steps of a reply and whether they run in order: JSON first, then a list, else none."""
    for value in _json_values(reply):
        items, sequential = _items_from_json(value)
        if items:
            return items, sequential
    return _items_from_text(reply), True


def clean_id(raw: str | None) -> str | None:
    if raw is None:
        return None
    if _ID_OK.match(raw) and raw not in _RESERVED_IDS:
        return raw
    cleaned = _ID_BAD_CHARS.sub("_", raw.strip()).strip("_-")[:128]
    return cleaned if cleaned and cleaned not in _RESERVED_IDS else None


def _fresh(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    number = 2
    while f"{base}_{number}" in taken:
        number += 1
    return f"{base}_{number}"


def build_steps(
    items: list[Item], *, taken: set[str], aliases: dict[str, str], sequential: bool, by_position: bool
) -> list[PlanStep]:
    """Steps with valid, unique ids (duplicates and ids in ``taken`` renamed) and resolved dependencies.

    A dependency names a step of the reply (as written, or as cleaned), else an alias (kept steps of a
    replan), else - with ``by_position`` - a 1-based position (``2`` is the second step); anything else is
    kept as written (cleaned), so the plan reports it as a dependency on a missing step.
    """
    wanted = [clean_id(item.raw_id) for item in items]
    reserved = taken | {want for want in wanted if want}
    used = set(taken)
    ids: list[str] = []
    lookup: dict[str, str] = {}
    for number, (item, want) in enumerate(zip(items, wanted, strict=True), start=1):
        step_id = want if want and want not in used else _fresh(want or f"step_{number}", used | reserved)
        used.add(step_id)
        ids.append(step_id)
        for key in (item.raw_id, want):
            if key is not None:
                lookup.setdefault(key, step_id)
    steps: list[PlanStep] = []
    for index, (item, step_id) in enumerate(zip(items, ids, strict=True)):
        dependencies: list[str | None]
        if sequential:
            dependencies = list(ids[index - 1 : index])
        else:
            dependencies = [_resolve(dep, lookup, aliases, ids if by_position else []) for dep in item.dependencies]
        unique = list(dict.fromkeys(dep for dep in dependencies if dep))
        steps.append(PlanStep(step_id, item.description, item.expected_outcome, list(item.tools), unique))
    return steps


def _resolve(dependency: str, lookup: dict[str, str], aliases: dict[str, str], ids: list[str]) -> str | None:
    cleaned = clean_id(dependency)
    for key in (dependency, cleaned):
        if key is not None and key in lookup:
            return lookup[key]
    for key in (dependency, cleaned):
        if key is not None and key in aliases:
            return aliases[key]
    if dependency.isdigit() and 1 <= int(dependency) <= len(ids):
        return ids[int(dependency) - 1]
    return cleaned
