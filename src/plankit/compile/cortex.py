"""The corteX planning face: ``PlanningEngine``, ``ExecutionPlan``, ``PlanStep`` and ``PlanStepStatus``.

The names, fields and defaults are those of the corteX planner. The engine builds prompts and parses
replies; it never calls a model and does no I/O, so it is driven like this::

    engine = PlanningEngine(max_steps=15)
    plan = engine.parse_plan(goal, reply_from_any_llm)
    while step := engine.get_next_step(plan):
        engine.mark_step_running(plan, step.step_id)
        engine.mark_step_completed(plan, step.step_id, run(step))
    engine.plan_state(plan)   # PlanState(state='finished', ...) or 'blocked' with the reason

What this face adds to the seed: :meth:`PlanningEngine.plan_state` tells a finished plan from a blocked one
(a failed dependency, a cycle, a dependency on a step that does not exist), illegal state transitions raise
:class:`PlanningError`, step ids from a reply are made valid and unique, and :meth:`ExecutionPlan.to_plan` /
:meth:`ExecutionPlan.from_plan` convert to and from the IR (``llm`` nodes) without loss.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import Enum
from typing import Any, Literal

from .._utils import did_you_mean, new_id
from ..errors import FormatProblem, PlanFormatError, PlankitError
from ..plan import ActionNode, LlmNode, Plan, RetryPolicy, plan_from_data

__all__ = [
    "ACTION_VERBS",
    "COMPLEXITY_WEIGHTS",
    "MULTI_ACTION_KEYWORDS",
    "ExecutionPlan",
    "PlanState",
    "PlanStep",
    "PlanStepStatus",
    "PlanningEngine",
    "PlanningError",
]


class PlanningError(PlankitError, ValueError):
    """The engine was asked for something it can't do: a transition the step's status does not allow,
    a step id the plan does not have, a plan for an empty goal."""


class PlanStepStatus(str, Enum):
    """Where a step stands."""

    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    SKIPPED = "skipped"


_DONE = (PlanStepStatus.COMPLETED, PlanStepStatus.SKIPPED)
"""Statuses that satisfy a dependency: a skipped step was left out on purpose, so its dependants may run."""


@dataclass
class PlanStep:
    """One executable step of an :class:`ExecutionPlan`."""

    step_id: str
    description: str
    expected_outcome: str = ""
    tools_needed: list[str] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)
    status: PlanStepStatus = PlanStepStatus.PENDING
    retry_count: int = 0
    """Retries used so far (a failed attempt that is retried counts one)."""
    max_retries: int = 2
    """Retries allowed after the first attempt (2 means three attempts in all)."""
    result: str | None = None
    error: str | None = None


@dataclass
class ExecutionPlan:
    """A goal decomposed into steps, with their run-time state."""

    plan_id: str
    goal: str
    steps: list[PlanStep] = field(default_factory=list)
    created_at: float = field(default_factory=time.time)
    """Creation time, seconds since the Unix epoch."""
    revised_count: int = 0

    @property
    def current_step_index(self) -> int:
        """Index of the first step that is running or pending; ``len(steps)`` when there is none."""
        for index, step in enumerate(self.steps):
            if step.status in (PlanStepStatus.RUNNING, PlanStepStatus.PENDING):
                return index
        return len(self.steps)

    @property
    def is_complete(self) -> bool:
        """True when every step is completed or skipped (an empty plan is complete)."""
        return all(step.status in _DONE for step in self.steps)

    @property
    def progress(self) -> float:
        """The share of steps completed or skipped, 0.0 to 1.0 (1.0 for an empty plan)."""
        if not self.steps:
            return 1.0
        return sum(step.status in _DONE for step in self.steps) / len(self.steps)

    def get_completed_steps(self) -> list[PlanStep]:
        """The completed steps, in plan order."""
        return [step for step in self.steps if step.status is PlanStepStatus.COMPLETED]

    def get_failed_steps(self) -> list[PlanStep]:
        """The failed steps (retries exhausted), in plan order."""
        return [step for step in self.steps if step.status is PlanStepStatus.FAILED]

    def to_summary(self) -> str:
        """A short text report: goal, progress, and one line per step (``[x]`` done, ``[!]`` failed...)."""
        done = sum(step.status in _DONE for step in self.steps)
        lines = [
            f"Plan {self.plan_id}: {self.goal}",
            f"Progress: {done}/{len(self.steps)} steps ({self.progress:.0%}), revision {self.revised_count}",
        ]
        for step in self.steps:
            line = f"  {_MARKS[step.status]} {step.step_id}: {step.description}"
            if step.dependencies:
                line += f" (after {', '.join(step.dependencies)})"
            if step.status is PlanStepStatus.FAILED:
                line += f" - failed: {step.error or 'no error message'}"
            lines.append(line)
        return "\n".join(lines)

    def to_plan(self) -> Plan:
        """The plan as IR: one ``llm`` node per step, run-time state in each node's ``metadata``.

        ``description`` becomes the prompt, ``tools_needed`` the tools, ``max_retries`` a ``retry`` policy
        (``max_attempts = max_retries + 1``; none when 0), ``revised_count`` the revision. Raises
        :class:`~plankit.errors.PlanFormatError` when a step can't be an IR node (an empty description, an
        id the IR refuses, duplicate ids).
        """
        stamp = datetime.fromtimestamp(self.created_at, UTC)
        data: dict[str, Any] = {
            "id": self.plan_id,
            "goal": self.goal,
            "created_at": stamp.isoformat(),
            "revision": self.revised_count,
            "steps": [_step_to_node(step) for step in self.steps],
        }
        if stamp.timestamp() != self.created_at:  # microseconds can't hold every float: keep the exact one
            data["meta"] = {_META_KEY: {"created_at": self.created_at}}
        return plan_from_data(data, source=f"execution plan {self.plan_id}")

    @classmethod
    def from_plan(cls, plan: Plan) -> ExecutionPlan:
        """The corteX view of a flat IR plan whose top-level steps are ``llm`` or ``action`` nodes.

        The inverse of :meth:`to_plan`. An ``action`` node becomes a step needing its tool, described by its
        label (or ``Call TOOL``). Composite nodes have no corteX equivalent: a
        :class:`~plankit.errors.PlanFormatError` names them.
        """
        steps = [_node_to_step(node, index) for index, node in enumerate(plan.steps)]
        exact = plan.meta.get(_META_KEY, {}).get("created_at") if isinstance(plan.meta.get(_META_KEY), dict) else None
        if isinstance(exact, int | float) and not isinstance(exact, bool):
            created_at = float(exact)
        else:
            created_at = plan.created_at.timestamp() if plan.created_at is not None else time.time()
        return cls(
            plan_id=plan.id or new_id("plan_"),
            goal=plan.goal or plan.name or "",
            steps=steps,
            created_at=created_at,
            revised_count=plan.revision,
        )


_MARKS = {
    PlanStepStatus.PENDING: "[ ]",
    PlanStepStatus.RUNNING: "[>]",
    PlanStepStatus.COMPLETED: "[x]",
    PlanStepStatus.FAILED: "[!]",
    PlanStepStatus.SKIPPED: "[-]",
}
_META_KEY = "cortex"


def _step_to_node(step: PlanStep) -> dict[str, Any]:
    node: dict[str, Any] = {
        "id": step.step_id,
        "type": "llm",
        "prompt": step.description,
        "tools": list(step.tools_needed),
        "expected_outcome": step.expected_outcome,
        "depends_on": list(step.dependencies),
        "metadata": {
            "status": step.status.value,
            "retry_count": step.retry_count,
            "result": step.result,
            "error": step.error,
        },
    }
    if step.max_retries != 0:  # a negative count reaches the IR, whose error names the step
        node["on_failure"] = {"strategy": "retry", "max_attempts": step.max_retries + 1}
    return node


def _node_to_step(node: Any, index: int) -> PlanStep:
    where = f"$.steps[{index}]"
    if isinstance(node, LlmNode):
        description, tools, expected = node.prompt, list(node.tools), node.expected_outcome or ""
    elif isinstance(node, ActionNode):
        description, tools = node.label or f"Call {node.tool}", [node.tool]
        expected = str(node.metadata.get("expected_outcome", ""))
    else:
        raise PlanFormatError(
            "an execution plan holds only llm and action steps",
            [FormatProblem(where, f"step {node.id!r} is a {node.type} node", "flatten the plan first")],
        )
    policy = node.on_failure
    max_retries = policy.max_attempts - 1 if isinstance(policy, RetryPolicy) else 0
    return PlanStep(
        step_id=node.id,
        description=description,
        expected_outcome=expected,
        tools_needed=tools,
        dependencies=list(node.depends_on),
        status=_status_of(node.metadata.get("status"), where),
        retry_count=_retry_count_of(node.metadata.get("retry_count"), where),
        max_retries=max_retries,
        result=_text_or_none(node.metadata.get("result")),
        error=_text_or_none(node.metadata.get("error")),
    )


def _status_of(value: Any, where: str) -> PlanStepStatus:
    if value is None:
        return PlanStepStatus.PENDING
    try:
        return PlanStepStatus(str(value).lower())
    except ValueError:
        choices = ", ".join(status.value for status in PlanStepStatus)
        raise PlanFormatError(
            "invalid step state", [FormatProblem(f"{where}.metadata.status", f"unknown status {value!r}", choices)]
        ) from None


def _retry_count_of(value: Any, where: str) -> int:
    if value is None:
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise PlanFormatError(
        "invalid step state",
        [FormatProblem(f"{where}.metadata.retry_count", f"expected a count of 0 or more, got {value!r}")],
    )


def _text_or_none(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True)
class PlanState:
    """Whether a plan can go on: ``running`` (a step runs or can start), ``finished`` (every step completed
    or skipped) or ``blocked`` (nothing can ever start again), with a one-line reason."""

    state: Literal["running", "finished", "blocked"]
    reason: str
    blocked_steps: tuple[str, ...] = ()
    """Pending steps that can never start (for ``blocked``)."""


# ------------------------------------------------------------------------------------------ complexity
ACTION_VERBS: tuple[str, ...] = (
    "analyze", "build", "buy", "calculate", "check", "clean", "compare", "compile", "configure", "convert",
    "create", "debug", "delete", "deploy", "design", "download", "extract", "fetch", "find", "fix", "generate",
    "implement", "install", "merge", "migrate", "monitor", "notify", "optimize", "parse", "publish", "refactor",
    "remove", "research", "review", "run", "schedule", "search", "sell", "send", "summarize", "swap", "test",
    "transfer", "translate", "update", "upload", "validate", "verify", "write",
)  # fmt: skip
"""Verbs that name a distinct action. A goal's words match a verb in its plain form and its simple
inflections (``build``, ``builds``, ``building``, ``built`` is not matched; ``create``, ``created``,
``creating``; ``verify``, ``verified``; ``run``, ``running``)."""

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
_FIELDS = (
    '- "step_id": a short unique id made of letters, digits, "_" or "-" (such as "step_1")\n'
    '- "description": what the step does\n'
    '- "expected_outcome": what the step produces when it succeeds\n'
    '- "tools_needed": the tools the step uses, by name (an empty list when none)\n'
    '- "dependencies": the step_ids that must complete before this step (an empty list when none)'
)


def _example(tools: list[str]) -> str:
    first = tools[:1]
    second = tools[1:2] or first
    example = [
        {
            "step_id": "step_1",
            "description": "Collect the information the goal needs",
            "expected_outcome": "The facts needed for the next step",
            "tools_needed": first,
            "dependencies": [],
        },
        {
            "step_id": "step_2",
            "description": "Use what step_1 found to produce the result",
            "expected_outcome": "The finished result",
            "tools_needed": second,
            "dependencies": ["step_1"],
        },
    ]
    return "[\n  " + ",\n  ".join(json.dumps(step) for step in example) + "\n]"


def _bullets(lines: Iterable[str], empty: str) -> str:
    text = "\n".join(f"- {line}" for line in lines)
    return text or empty


def _clip(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -------------------------------------------------------------------------------------- parsing replies
_ITEM_KEYS = {
    "id": ("step_id", "id", "stepId"),
    "description": ("description", "action", "task", "title", "name", "step", "prompt", "instruction"),
    "expected_outcome": ("expected_outcome", "expectedOutcome", "expected_output", "expected", "outcome"),
    "tools": ("tools_needed", "toolsNeeded", "tools", "tool"),
    "dependencies": ("dependencies", "depends_on", "dependsOn", "deps", "after"),
}
_NUMBERED = re.compile(r"^\s*(?:step\s*)?\d+\s*[.):]\s+(?P<text>\S.*)$", re.IGNORECASE)
_BULLETED = re.compile(r"^\s*[-*•+]\s+(?P<text>\S.*)$")
_ID_OK = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,127}$")
_ID_BAD_CHARS = re.compile(r"[^A-Za-z0-9_\-]+")
_RESERVED_IDS = frozenset({"context", "env"})


@dataclass
class _Item:
    """One step as a reply wrote it, before ids are made valid and dependencies resolved."""

    raw_id: str | None
    description: str
    expected_outcome: str = ""
    tools: list[str] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)


def _json_values(text: str) -> list[Any]:
    """Every JSON array or object in ``text`` (fenced or surrounded by prose), in order."""
    decoder = json.JSONDecoder()
    values: list[Any] = []
    cursor = 0
    while True:
        starts = [index for index in (text.find("[", cursor), text.find("{", cursor)) if index >= 0]
        if not starts:
            return values
        start = min(starts)
        try:
            value, cursor = decoder.raw_decode(text, start)
        except ValueError:
            cursor = start + 1
            continue
        values.append(value)


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


def _item_from_json(value: Any) -> _Item | None:
    if isinstance(value, str):
        return _Item(None, value.strip()) if value.strip() else None
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
    return _Item(
        raw_id,
        description,
        _first(value, "expected_outcome", _scalar_text) or "",
        tools,
        _first(value, "dependencies", _text_list) or [],
    )


def _items_from_json(value: Any) -> tuple[list[_Item], bool]:
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


def _items_from_text(text: str) -> list[_Item]:
    """A numbered list (``1.``, ``2)``, ``Step 3:``) or, when there is none, a bulleted one."""
    lines = text.splitlines()
    for pattern in (_NUMBERED, _BULLETED):
        found = [match.group("text") for match in map(pattern.match, lines) if match is not None]
        items = [_Item(None, cleaned) for cleaned in (line.replace("**", "").strip() for line in found) if cleaned]
        if items:
            return items
    return []


def _reply_items(reply: str) -> tuple[list[_Item], bool]:
    """The steps of a reply and whether they run in order: JSON first, then a list, else none."""
    for value in _json_values(reply):
        items, sequential = _items_from_json(value)
        if items:
            return items, sequential
    return _items_from_text(reply), True


def _clean_id(raw: str | None) -> str | None:
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


def _build_steps(
    items: list[_Item], *, taken: set[str], aliases: dict[str, str], sequential: bool, by_position: bool
) -> list[PlanStep]:
    """Steps with valid, unique ids (duplicates and ids in ``taken`` renamed) and resolved dependencies.

    A dependency names a step of the reply (as written, or as cleaned), else an alias (kept steps of a
    replan), else - with ``by_position`` - a 1-based position (``2`` is the second step); anything else is
    kept as written (cleaned), so the plan reports it as a dependency on a missing step.
    """
    wanted = [_clean_id(item.raw_id) for item in items]
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
    cleaned = _clean_id(dependency)
    for key in (dependency, cleaned):
        if key is not None and key in lookup:
            return lookup[key]
    for key in (dependency, cleaned):
        if key is not None and key in aliases:
            return aliases[key]
    if dependency.isdigit() and 1 <= int(dependency) <= len(ids):
        return ids[int(dependency) - 1]
    return cleaned


# ---------------------------------------------------------------------------------------------- engine
class PlanningEngine:
    """Decomposes goals into plans by the prompt/parse pattern, and tracks their execution.

    ``clock`` (seconds since the epoch) and ``id_factory`` are injectable so plans come out the same in tests.
    """

    def __init__(
        self,
        max_steps: int = 20,
        min_steps: int = 1,
        *,
        clock: Callable[[], float] = time.time,
        id_factory: Callable[[], str] | None = None,
    ):
        if max_steps < 1:
            raise PlanningError(f"max_steps must be at least 1, got {max_steps}")
        if not 1 <= min_steps <= max_steps:
            raise PlanningError(f"min_steps must be between 1 and max_steps ({max_steps}), got {min_steps}")
        self.max_steps = max_steps
        self.min_steps = min_steps
        self._clock = clock
        self._new_id = id_factory or (lambda: new_id("plan_"))

    # ------------------------------------------------------------------------------------ deciding
    def should_plan(self, goal: str, threshold: float = 0.3) -> bool:
        """True when the goal is complex enough to plan: ``estimate_complexity(goal) >= threshold``."""
        return self.estimate_complexity(goal) >= threshold

    def estimate_complexity(self, goal: str) -> float:
        """A deterministic complexity estimate, 0.0 to 1.0, rounded to 4 decimals.

        The weighted sum (:data:`COMPLEXITY_WEIGHTS`) of four factors, each a count over a saturation
        point, capped at 1: length (words / 40), action verbs (distinct :data:`ACTION_VERBS` / 3),
        multi-action keywords (occurrences of :data:`MULTI_ACTION_KEYWORDS` / 3) and structure (list
        items, semicolons and half of each comma, / 4). An empty goal scores 0.0.
        """
        factors = complexity_factors(goal)
        return round(sum(COMPLEXITY_WEIGHTS[name] * value for name, value in factors.items()), 4)

    # ------------------------------------------------------------------------------------- planning
    def build_plan_prompt(self, goal: str, available_tools: list[str], context: str = "") -> str:
        """The prompt asking a model for a plan: a JSON array of steps (its example JSON has no comments)."""
        tools = _bullets(available_tools, "(none: plan steps that need no tools)")
        parts = [
            "Break the goal below into the steps needed to reach it.",
            f"Goal: {goal.strip()}",
            f"Available tools (use no others):\n{tools}",
        ]
        if context.strip():
            parts.append(f"Context:\n{context.strip()}")
        parts.append(
            f"Reply with a JSON array of {self.min_steps} to {self.max_steps} steps and nothing else: no prose, "
            f"no comments. Each step is an object with these keys:\n{_FIELDS}"
        )
        parts.append(f"Example reply:\n{_example(available_tools)}")
        return "\n\n".join(parts) + "\n"

    def parse_plan(self, goal: str, llm_response: str) -> ExecutionPlan:
        """A plan from a model's reply: a JSON array of steps (or an object holding one) first, then a
        numbered or bulleted list (its steps run in order), else the single-step plan of the goal.

        At most ``max_steps`` steps are kept. Ids are made valid and unique (``step_2``, ``step_2_2``);
        dependencies may name steps by id or by 1-based position; one on a step that does not exist is
        kept, and :meth:`plan_state` reports it.
        """
        items, sequential = _reply_items(llm_response)
        if not items:
            return self.create_single_step_plan(goal)
        steps = _build_steps(
            items[: self.max_steps], taken=set(), aliases={}, sequential=sequential, by_position=True
        )
        return ExecutionPlan(self._new_id(), goal, steps, self._clock())

    def create_single_step_plan(self, goal: str) -> ExecutionPlan:
        """A plan of one step, ``step_1``, whose description is the goal. An empty goal is an error."""
        if not goal.strip():
            raise PlanningError("the goal is empty, so there is nothing to plan")
        step = PlanStep("step_1", goal.strip(), "The goal is achieved")
        return ExecutionPlan(self._new_id(), goal, [step], self._clock())

    # ----------------------------------------------------------------------------------- replanning
    def build_replan_prompt(self, plan: ExecutionPlan, failure_reason: str, context: str = "") -> str:
        """The prompt asking for the steps still to do: completed steps with their results, failed steps
        with their errors, the steps left, and the reason; completed step ids are off limits for new steps."""
        kept = [step for step in plan.steps if step.status in _DONE]
        left = [step for step in plan.steps if step.status not in _DONE and step.status is not PlanStepStatus.FAILED]
        tools = sorted({tool for step in plan.steps for tool in step.tools_needed})
        parts = [
            "A plan for the goal below failed. Plan the steps still needed to reach the goal.",
            f"Goal: {plan.goal.strip()}",
            "Completed steps (done: never repeat them):\n"
            + _bullets((_done_line(step) for step in kept), "(none)"),
            "Failed steps:\n" + _bullets((_failed_line(step) for step in plan.get_failed_steps()), "(none)"),
            "Steps not done yet (replace them as needed):\n"
            + _bullets((f"{step.step_id}: {step.description}" for step in left), "(none)"),
            f"Why the plan failed: {failure_reason.strip() or 'not given'}",
        ]
        if context.strip():
            parts.append(f"Context:\n{context.strip()}")
        if tools:
            parts.append("Tools the plan uses:\n" + _bullets(tools, ""))
        taken = ", ".join(step.step_id for step in kept) or "none"
        parts.append(
            f"Reply with a JSON array of at most {self.max_steps} new steps and nothing else: no prose, no "
            f"comments. Each step is an object with these keys:\n{_FIELDS}\n"
            f"A new step may depend on a completed step by its step_id. Give new steps ids not already "
            f"taken by completed steps ({taken})."
        )
        parts.append(f"Example reply:\n{_example(tools)}")
        return "\n\n".join(parts) + "\n"

    def parse_replan(self, original_plan: ExecutionPlan, llm_response: str) -> ExecutionPlan:
        """The revised plan: completed and skipped steps kept verbatim, then the reply's steps.

        ``revised_count`` goes up by one; the plan id, goal and creation time stay. A reply step that
        repeats a kept step (same id and description) is dropped; any other step whose id a kept step
        has is renamed (``design_2``), and the reply's own dependencies follow the rename. A reply with
        no steps falls back to one step: the goal. The original plan is not modified.
        """
        kept = [_copy_step(step) for step in original_plan.steps if step.status in _DONE]
        by_id = {step.step_id: step for step in kept}
        aliases = {step_id: step_id for step_id in by_id}
        items, sequential = _reply_items(llm_response)
        fresh: list[_Item] = []
        for item in items:
            repeated = by_id.get(_clean_id(item.raw_id) or "")
            if repeated is not None and repeated.description.strip() == item.description.strip():
                aliases[item.raw_id or repeated.step_id] = repeated.step_id
            else:
                fresh.append(item)
        if not items:
            fresh = [_Item(None, original_plan.goal.strip() or "Reach the goal", "The goal is achieved")]
        steps = _build_steps(
            fresh[: self.max_steps], taken=set(by_id), aliases=aliases, sequential=sequential, by_position=False
        )
        return ExecutionPlan(
            original_plan.plan_id,
            original_plan.goal,
            kept + steps,
            original_plan.created_at,
            original_plan.revised_count + 1,
        )

    # ------------------------------------------------------------------------------------ executing
    def get_next_step(self, plan: ExecutionPlan) -> PlanStep | None:
        """The first pending step whose dependencies are all completed or skipped; None when no step can
        start now (all done, the rest running, or the plan blocked: see :meth:`plan_state`)."""
        status = _status_by_id(plan)
        for step in plan.steps:
            if step.status is PlanStepStatus.PENDING and all(status.get(dep) in _DONE for dep in step.dependencies):
                return step
        return None

    def mark_step_running(self, plan: ExecutionPlan, step_id: str) -> PlanStep:
        """pending -> running. The step's dependencies must all be completed or skipped."""
        step = _find(plan, step_id, PlanStepStatus.PENDING, "start")
        status = _status_by_id(plan)
        for dep in step.dependencies:
            if status.get(dep) not in _DONE:
                where = status[dep].value if dep in status else "not in the plan"
                raise PlanningError(f"step {step_id!r} can't start: it depends on {dep!r}, which is {where}")
        step.status = PlanStepStatus.RUNNING
        return step

    def mark_step_completed(self, plan: ExecutionPlan, step_id: str, result: str | None = None) -> PlanStep:
        """running -> completed, recording the result (and clearing the error of earlier attempts)."""
        step = _find(plan, step_id, PlanStepStatus.RUNNING, "complete")
        step.status, step.result, step.error = PlanStepStatus.COMPLETED, result, None
        return step

    def mark_step_failed(self, plan: ExecutionPlan, step_id: str, error: str, *, retryable: bool = True) -> PlanStep:
        """running -> pending again while retries are left (``retry_count`` goes up), else -> failed.

        ``retryable=False`` fails the step at once (an input error that a retry can't fix).
        """
        step = _find(plan, step_id, PlanStepStatus.RUNNING, "fail")
        step.error = error
        if retryable and step.retry_count < step.max_retries:
            step.retry_count += 1
            step.status = PlanStepStatus.PENDING
        else:
            step.status = PlanStepStatus.FAILED
        return step

    def mark_step_skipped(self, plan: ExecutionPlan, step_id: str) -> PlanStep:
        """pending -> skipped: left out on purpose; its dependants may still run."""
        step = _find(plan, step_id, PlanStepStatus.PENDING, "skip")
        step.status = PlanStepStatus.SKIPPED
        return step

    def plan_state(self, plan: ExecutionPlan) -> PlanState:
        """``finished``, ``running`` (a step runs or can start) or ``blocked``, with the reason: every
        failed step, every dependency on a missing step, every dependency cycle."""
        if plan.is_complete:
            return PlanState("finished", _finished_reason(plan))
        running = [step.step_id for step in plan.steps if step.status is PlanStepStatus.RUNNING]
        if running:
            return PlanState("running", f"running: {', '.join(running)}")
        ready = self.get_next_step(plan)
        if ready is not None:
            return PlanState("running", f"next: {ready.step_id}")
        pending = tuple(step.step_id for step in plan.steps if step.status is PlanStepStatus.PENDING)
        return PlanState("blocked", "; ".join(_block_causes(plan)), pending)


def _copy_step(step: PlanStep) -> PlanStep:
    return replace(step, tools_needed=list(step.tools_needed), dependencies=list(step.dependencies))


def _status_by_id(plan: ExecutionPlan) -> dict[str, PlanStepStatus]:
    status: dict[str, PlanStepStatus] = {}
    for step in plan.steps:
        status.setdefault(step.step_id, step.status)
    return status


def _find(plan: ExecutionPlan, step_id: str, expected: PlanStepStatus, verb: str) -> PlanStep:
    step = next((step for step in plan.steps if step.step_id == step_id), None)
    if step is None:
        hint = did_you_mean(step_id, (step.step_id for step in plan.steps))
        raise PlanningError(f"plan {plan.plan_id} has no step {step_id!r}" + (f"; {hint}" if hint else ""))
    if step.status is not expected:
        raise PlanningError(
            f"can't {verb} step {step_id!r}: it is {step.status.value} (only a {expected.value} step can {verb})"
        )
    return step


def _done_line(step: PlanStep) -> str:
    line = f"{step.step_id}: {step.description}"
    return line + (f" -> result: {_clip(step.result)}" if step.result else "")


def _failed_line(step: PlanStep) -> str:
    error = _clip(step.error or "no error message")
    return f"{step.step_id}: {step.description} -> error: {error} (after {step.retry_count} retries)"


def _finished_reason(plan: ExecutionPlan) -> str:
    if not plan.steps:
        return "the plan has no steps"
    skipped = sum(step.status is PlanStepStatus.SKIPPED for step in plan.steps)
    return f"all {len(plan.steps)} steps done" + (f" ({skipped} skipped)" if skipped else "")


def _block_causes(plan: ExecutionPlan) -> list[str]:
    """Why no pending step can ever start: failed steps, dependencies on missing steps, then cycles among
    the pending steps that neither explains (each such step waits on another, so they must loop)."""
    status = _status_by_id(plan)
    causes = [f"step {step.step_id!r} failed: {step.error or 'no error message'}" for step in plan.get_failed_steps()]
    pending = [step for step in plan.steps if step.status is PlanStepStatus.PENDING]
    explained: set[str] = set()
    dependants: dict[str, list[str]] = {}
    for step in pending:
        for dep in step.dependencies:
            if dep not in status:
                causes.append(f"step {step.step_id!r} depends on missing step {dep!r}")
                explained.add(step.step_id)
            elif status[dep] is PlanStepStatus.FAILED:
                explained.add(step.step_id)
            elif status[dep] is PlanStepStatus.PENDING:
                dependants.setdefault(dep, []).append(step.step_id)
    stack = list(explained)
    while stack:
        for dependant in dependants.get(stack.pop(), []):
            if dependant not in explained:
                explained.add(dependant)
                stack.append(dependant)
    causes.extend(_cycles([step for step in pending if step.step_id not in explained]))
    return causes


def _cycles(stuck: list[PlanStep]) -> list[str]:
    """One cycle per tangle of steps that wait on each other, found by following waits until one repeats."""
    stuck_ids = {step.step_id for step in stuck}
    waits_on = {step.step_id: [dep for dep in step.dependencies if dep in stuck_ids] for step in stuck}
    visited: set[str] = set()
    cycles: list[str] = []
    for step in stuck:
        path: list[str] = []
        position: dict[str, int] = {}
        node: str | None = step.step_id
        while node is not None and node not in visited:
            visited.add(node)
            position[node] = len(path)
            path.append(node)
            node = waits_on[node][0] if waits_on[node] else None
        if node is not None and node in position:
            cycles.append("dependency cycle: " + " -> ".join([*path[position[node] :], node]))
    return cycles
