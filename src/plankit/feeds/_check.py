"""What a plan needs from the feeds, checked before it runs: runtime functions and market triggers whose data
the given feeds configuration does not provide are warnings (``FEED_MISSING``), with where they are."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..lint import Diagnostic, Severity
from ..plan import NodeBase, Plan, PlanGraph
from ._base import Feeds
from ._runtime import DEFAULT_CHAIN_ID

FEED_MISSING = "FEED_MISSING"


def feed_findings(
    plan: Plan, feeds: Feeds | None, *, runtime_known: bool = True, graph: PlanGraph | None = None
) -> list[Diagnostic]:
    """Warnings for each runtime call and trigger of ``plan`` that ``feeds`` can't answer.

    ``runtime_known=False`` (the executor has some other runtime provider) checks the trigger only.
    ``graph``: the plan's graph, when the caller has it (its visits are read instead of walking the plan).
    """
    found: list[Diagnostic] = []
    if runtime_known:
        for path, fn, args in _runtime_calls(plan, graph):
            missing = _missing_for(fn, args, feeds)
            if missing:
                found.append(_warning(f"{fn}() {missing}", path))
    trigger = plan.trigger
    if trigger is not None and trigger.type in ("price", "balance", "onchain_event"):
        if trigger.type == "price":
            missing = None if feeds is not None and feeds.price is not None else "needs a price feed"
        else:
            chain_id = getattr(trigger, "chain_id", DEFAULT_CHAIN_ID)
            missing = None if feeds is not None and chain_id in feeds.chains else f"needs a feed for chain {chain_id}"
        if missing:
            found.append(_warning(f"the {trigger.type} trigger {missing}", "$.trigger"))
    return found


def _missing_for(fn: str, args: list[Any], feeds: Feeds | None) -> str | None:
    if fn == "timestamp":
        return None
    if feeds is None:
        return "needs a feed, and none is configured"
    if fn == "price":
        return None if feeds.price is not None else "needs a price feed"
    chain_arg = args[1] if fn == "balance" and len(args) > 1 else args[0] if fn != "balance" and args else None
    chain_id = chain_arg if isinstance(chain_arg, int) else DEFAULT_CHAIN_ID
    return None if chain_id in feeds.chains else f"needs a feed for chain {chain_id}"


_VALUE_FIELDS = ("params", "condition", "until", "exit_when")
"""Node fields that may hold runtime calls (params, and the conditions of if, wait and loop nodes)."""


_fields_of: dict[type[NodeBase], tuple[str, ...]] = {}
"""Which of :data:`_VALUE_FIELDS` each node class has (asking a pydantic model for a field it lacks is slow)."""


def _value_fields(kind: type[NodeBase]) -> tuple[str, ...]:
    fields = _fields_of.get(kind)
    if fields is None:
        fields = _fields_of[kind] = tuple(name for name in _VALUE_FIELDS if name in kind.model_fields)
    return fields


def _runtime_calls(plan: Plan, graph: PlanGraph | None = None) -> list[tuple[str, str, list[Any]]]:
    """(JSON path, fn, literal args) of every runtime call in the plan: only the fields that can hold one are
    read (the rest of a large plan is not dumped), and walked iteratively."""
    stack: list[tuple[str, Any]] = []
    for visit in graph.visits if graph is not None else plan.walk():
        node = visit.node
        for name in _value_fields(type(node)):
            value = getattr(node, name)
            if value is None:
                continue
            if isinstance(value, BaseModel):
                value = value.model_dump(mode="json")
            elif "'runtime'" not in repr(value):  # a quick pass in C over params without any runtime call
                continue
            stack.append((f"{visit.path}.{name}", value))
    if plan.trigger is not None and plan.trigger.type == "condition":
        stack.append(("$.trigger.when", plan.trigger.model_dump(mode="json")["when"]))
    calls = []
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            if value.get("type") == "runtime" and isinstance(value.get("fn"), str):
                args = [arg.get("value") if isinstance(arg, dict) else arg for arg in value.get("args") or []]
                calls.append((path, value["fn"], args))
                continue
            stack.extend((f"{path}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
    return sorted(calls)


def _warning(message: str, path: str) -> Diagnostic:
    hint = "configure it in the feeds file (--feeds FILE, or PLANKIT_FEEDS)"
    return Diagnostic(FEED_MISSING, Severity.WARNING, message, None, None, path, hint)
