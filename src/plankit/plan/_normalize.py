"""Bring any accepted plan shape to the canonical one before validation.

Accepted shapes (all map onto the same IR):

* **canonical** (flat step DAG, snake_case), which passes through unchanged;
* **plan-lint**: steps with ``tool`` and ``args`` or ``parameters``, ``on_fail: abort|continue``;
* **stepchain**: steps with ``prompt``, ``tools``, ``dependencies``, ``max_retries``, ``timeout`` (seconds),
  and a top-level ``metadata``;
* **corteX**: ``plan_id`` and steps with ``step_id``, ``description``, ``expected_outcome``, ``tools_needed``,
  ``dependencies``, ``max_retries`` (plus run-time state, kept in ``metadata``);
* **tree** (the TypeScript Plan IR): camelCase keys, a single ``root`` node, ``onFailure``, ``timeoutMs``...;
* a bare JSON array of steps.

This module only renames and reshapes; it never rejects. Whatever is still wrong afterwards is reported,
all at once, by validation. The caller's data is never modified.
"""

from __future__ import annotations

import functools
import re
from typing import Any, TypeGuard

from ._refs import single_reference
from ._tree import unwrap_top_level

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

_PLAN_RENAMES = {
    "plan_id": "id",
    "planId": "id",
    "userId": "owner",
    "user_id": "owner",
    "revised_count": "revision",
    "revisedCount": "revision",
}
_NODE_RENAMES = {
    "step_id": "id",
    "stepId": "id",
    "args": "params",
    "parameters": "params",
    "dependencies": "depends_on",
    "tools_needed": "tools",
    "else_": "else",
}
_CANONICAL_NODE_KEYS = frozenset(
    {
        "id",
        "type",
        "label",
        "depends_on",
        "on_failure",
        "timeout_ms",
        "metadata",
        "tool",
        "params",
        "require_confirmation",
        "on_error",
        "prompt",
        "tools",
        "output_schema",
        "model",
        "expected_outcome",
        "steps",
        "allow_partial_failure",
        "max_concurrency",
        "condition",
        "then",
        "else",
        "until",
        "duration_ms",
        "until_time",
        "poll_interval_ms",
        "max_wait_ms",
        "body",
        "exit_when",
        "max_iterations",
        "delay_ms",
    }
)
_CORTEX_STATE_KEYS = ("status", "retry_count", "result", "error")
_CHILD_NODE_KEYS = ("then", "else", "body", "on_error")
_NESTING_KEYS = frozenset({"steps", *_CHILD_NODE_KEYS})
_NODE_KEYS: dict[tuple[str, ...], Any] = {}
"""How each layout of node keys met is normalized (plan-lint steps: id, tool, args, on_fail...): a
:data:`_Layout`, or ``()`` for the general path."""
_NODE_KEYS_CACHED = 1024
_CONDITION_KEYS = {"if": ("condition",), "wait": ("until",), "loop": ("exit_when",)}
_FAILURE_WORDS = {"abort": "abort", "fail": "abort", "continue": "skip", "skip": "skip", "retry": "retry"}
_FAILURE_DATA = {word: {"strategy": strategy} for word, strategy in _FAILURE_WORDS.items()}


@functools.lru_cache(maxsize=4096)
def snake_case(key: str) -> str:
    """``timeoutMs`` -> ``timeout_ms``; snake_case keys are returned unchanged."""
    if key.islower() or not any(char.isupper() for char in key):
        return key
    return _CAMEL_BOUNDARY.sub("_", key).lower()


def _snake_keys(data: dict[str, Any], renames: dict[str, str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if not isinstance(key, str):
            out[key] = value
            continue
        new_key = renames.get(key, key) if renames else key
        new_key = snake_case(new_key)
        if renames:
            new_key = renames.get(new_key, new_key)
        # When both spellings are given, keep the canonical one and let validation flag the other.
        out[new_key if new_key not in out else key] = value
    return out


def normalize_plan(data: Any, *, step_id_keys: bool = True, owned: bool = False) -> Any:
    """Return the canonical-shape equivalent of ``data`` (or ``data`` itself when it is not a plan object).

    ``step_id_keys=False`` says no object in ``data`` has a ``stepId`` key (its text has none), which spares
    a walk of every param. ``owned=True`` says nothing else holds ``data``: a node whose keys are canonical
    already is then normalized in place rather than copied, so a large canonical plan is not held twice.
    (Renamed nodes are new dicts. The raw ones are let go together at the end, not one by one: freed
    one by one, their memory is taken by the plan's objects, and the holes left afterwards fit only
    objects of their sizes, which made the linter's peak higher than the copy saved.)
    """
    if isinstance(data, list):
        data = {"steps": data}
    if not isinstance(data, dict):
        return data
    plan = _snake_keys(data, _PLAN_RENAMES)
    if "metadata" in plan and "meta" not in plan:
        plan["meta"] = plan.pop("metadata")
    if "root" in plan and "steps" not in plan:
        plan["steps"] = unwrap_top_level(plan.pop("root"))
    if isinstance(plan.get("trigger"), dict):
        plan["trigger"] = _normalize_trigger(plan["trigger"])
    if isinstance(plan.get("steps"), list):
        plan["steps"] = _normalize_nodes(plan["steps"], step_id_keys, owned)
    if isinstance(plan.get("validation"), dict):
        validation = _snake_keys(plan["validation"])
        if isinstance(validation.get("issues"), list):
            validation["issues"] = [
                _snake_keys(i) if isinstance(i, dict) else i for i in validation["issues"]
            ]
        plan["validation"] = validation
    return plan


def _normalize_nodes(steps: list[Any], step_id_keys: bool = True, owned: bool = False) -> list[Any]:
    """Normalize a list of nodes and, iteratively, everything nested in them."""
    top = list(steps)
    # Top-level nodes first, in place (the hot path of a large flat plan); nested ones through the stack.
    stack: list[tuple[Any, Any]] = []
    for index, raw in enumerate(top):
        if raw.__class__ is dict:
            top[index] = node = _normalize_node(raw, step_id_keys, owned)
            if not _NESTING_KEYS.isdisjoint(node):
                _push_children(node, stack)
        elif isinstance(raw, dict):
            top[index] = node = _normalize_node(raw)
            if not _NESTING_KEYS.isdisjoint(node):
                _push_children(node, stack)
    while stack:
        holder, slot = stack.pop()
        raw = holder[slot]
        if not isinstance(raw, dict):
            continue
        holder[slot] = node = _normalize_node(raw, step_id_keys, owned and raw.__class__ is dict)
        _push_children(node, stack)
    return top


def _push_children(node: dict[str, Any], stack: list[tuple[Any, Any]]) -> None:
    children = node.get("steps")
    if isinstance(children, list) and node.get("type") in ("sequence", "parallel"):
        node["steps"] = children = list(children)
        stack.extend((children, index) for index in range(len(children)))
    for key in _CHILD_NODE_KEYS:
        if isinstance(node.get(key), dict):
            stack.append((node, key))


_Layout = tuple[tuple[str, ...] | None, bool, str | None]
"""How every node with one layout of keys is normalized: (its keys renamed, or None when they are canonical
already; whether ``on_fail`` becomes ``on_failure``, moved last; the type inferred from its keys, or None)."""
_GENERAL: Any = ()  # a layout that takes the general path: renamings that merge keys, values that decide
_VALUE_SEED_KEYS = frozenset({"max_retries", "timeout", "description", "retry_count", "status"})
"""Seed keys whose translation depends on their values (or on more than the layout): the general path."""


def _node_layout(raw: dict[str, Any]) -> _Layout | None:
    """How a node with ``raw``'s keys (in order) is normalized, learned once per layout; None for the
    general path, key by key."""
    layout = tuple(raw)
    known = _NODE_KEYS.get(layout)
    if known is None:
        if len(_NODE_KEYS) >= _NODE_KEYS_CACHED or not all(key.__class__ is str for key in layout):
            return None
        known = _NODE_KEYS[layout] = _learn_layout(layout)
    return known or None


def _learn_layout(layout: tuple[str, ...]) -> _Layout:
    if _CANONICAL_NODE_KEYS.issuperset(layout):
        keys, on_fail = None, False
    else:
        renamed = tuple(_snake_keys(dict.fromkeys(layout), _NODE_RENAMES))
        # Two spellings of one key that the renaming merges keep the general path (and its quirks), and so
        # do the seed keys whose values decide what they become.
        if len(renamed) != len(layout) or not _VALUE_SEED_KEYS.isdisjoint(renamed):
            return _GENERAL  # type: ignore[no-any-return]
        keys, on_fail = renamed, "on_fail" in renamed and "on_failure" not in renamed
    names = dict.fromkeys(keys or layout)
    if on_fail:
        names["on_failure"] = names.pop("on_fail")
    return keys, on_fail, None if "type" in names else _infer_type(names)


def _normalize_node(raw: dict[str, Any], step_id_keys: bool = True, owned: bool = False) -> dict[str, Any]:
    layout = _node_layout(raw)
    if layout is not None:
        keys, on_fail, inferred = layout
        if keys is None:
            # Already canonical keys, so no renaming (and no copy, when the data is the loader's own).
            node = raw if owned else dict(raw)
        else:
            node = dict(zip(keys, raw.values(), strict=True))
            if on_fail:
                node["on_failure"] = node.pop("on_fail")
        if inferred is not None:
            node["type"] = inferred  # added last: validation reads keys by name, so no second copy
    else:
        canonical = _CANONICAL_NODE_KEYS.issuperset(raw)
        if canonical:
            node = raw if owned else dict(raw)
        else:
            node = _snake_keys(raw, _NODE_RENAMES)
            _apply_seed_fields(node)
        if "type" not in node:
            inferred = _infer_type(node)
            if inferred is not None:
                node["type"] = inferred
    failure = node.get("on_failure")
    if failure.__class__ is str and failure in _FAILURE_DATA:
        # One dict per word, shared: it only reaches validation, which builds a policy model from it. (Nodes
        # are reshaped in place only in a JSON tree the loader parsed, so no alias can show it as params.)
        node["on_failure"] = _FAILURE_DATA[failure]
    elif isinstance(failure, str | dict):
        node["on_failure"] = _normalize_failure(failure)
    for key in _CONDITION_KEYS.get(node["type"], ()) if isinstance(node.get("type"), str) else ():
        if key in node:
            node[key] = normalize_condition(node[key])
    params = node.get("params")
    # Reference objects spelled ``stepId`` come with tree documents, whose action nodes often have only
    # canonical keys (id, type, tool, params): every node's params are checked, or the dump keeps ``stepId``.
    if step_id_keys and params and params.__class__ is dict:
        node["params"] = _normalize_params(params)
    return node


def _apply_seed_fields(node: dict[str, Any]) -> None:
    """Translate the stepchain / corteX / plan-lint spellings that carry different values."""
    if "on_fail" in node and "on_failure" not in node:
        node["on_failure"] = node.pop("on_fail")
    # Only sensible values are translated; anything else (a negative count, a zero or negative timeout)
    # stays under its own key, which validation then reports at the user's path.
    retries = node.get("max_retries")
    if isinstance(retries, int) and not isinstance(retries, bool) and retries >= 0 and "on_failure" not in node:
        node.pop("max_retries")
        if retries > 0:
            node["on_failure"] = {"strategy": "retry", "max_attempts": retries + 1}
    timeout = node.get("timeout")
    if _is_positive_number(timeout) and "timeout_ms" not in node:
        node.pop("timeout")
        node["timeout_ms"] = max(1, round(timeout * 1000))  # a sub-millisecond timeout still times out
    if "description" in node and "prompt" not in node and "tool" not in node and "type" not in node:
        node["prompt"] = node.pop("description")  # a corteX step: its description is what to do
    if "retry_count" in node or ("expected_outcome" in node and "status" in node):
        state = {key: node.pop(key) for key in _CORTEX_STATE_KEYS if key in node}
        metadata = node.setdefault("metadata", {})
        if isinstance(metadata, dict):
            node["metadata"] = {**metadata, **state}


def _is_positive_number(value: Any) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < float("inf")


def _infer_type(node: dict[str, Any]) -> str | None:
    if "tool" in node:
        return "action"
    if "prompt" in node:
        return "llm"
    if "condition" in node and "then" in node:
        return "if"
    if "body" in node:
        return "loop"
    if "steps" in node:
        return "sequence"
    if any(key in node for key in ("until", "duration_ms", "until_time")):
        return "wait"
    return None


def _normalize_failure(value: str | dict[str, Any]) -> Any:
    if isinstance(value, str):
        strategy = _FAILURE_WORDS.get(value) or _FAILURE_WORDS.get(value.strip().lower())
        return {"strategy": strategy} if strategy else value
    policy = _snake_keys(value)
    if isinstance(policy.get("strategy"), str):
        policy["strategy"] = _FAILURE_WORDS.get(policy["strategy"].strip().lower(), policy["strategy"])
    return policy


def normalize_condition(value: Any) -> Any:
    """Normalize a condition: camelCase keys, and bare operands turned into typed values."""
    if not isinstance(value, dict):
        return value
    condition = _snake_keys(value)
    if condition.get("type") == "logic" and isinstance(condition.get("conditions"), list):
        condition["conditions"] = [normalize_condition(item) for item in condition["conditions"]]
    elif "left" in condition or "right" in condition:
        condition.setdefault("type", "compare")
        for side in ("left", "right"):
            if side in condition:
                condition[side] = normalize_operand(condition[side])
    return condition


def normalize_operand(value: Any) -> Any:
    """A condition operand: a typed value; a bare scalar or a template string is accepted and typed here."""
    if isinstance(value, dict):
        operand = _snake_keys(value)
        if isinstance(operand.get("args"), list):
            operand["args"] = [normalize_operand(arg) for arg in operand["args"]]
        return operand
    if isinstance(value, str):
        ref = single_reference(value)
        if ref is not None and ref.root == "env":
            return {"type": "env", "key": ref.path}
        if ref is not None and ref.is_step:
            return {"type": "step_output", "step_id": ref.root, "path": ref.path}
    if value is None or isinstance(value, str | int | float | bool):
        return {"type": "literal", "value": value}
    return value


def _normalize_params(params: dict[str, Any]) -> dict[str, Any]:
    """Reference objects inside params may be written in camelCase (``stepId``); make them canonical."""
    if not _has_camel_reference(params):
        return params
    return _rewrite_references(params)


def _has_camel_reference(value: Any) -> bool:
    stack = [value]
    while stack:
        current = stack.pop()
        items = current.values() if current.__class__ is dict else current
        if current.__class__ is dict and "stepId" in current and current.get("type") == "step_output":
            return True
        stack.extend([item for item in items if item.__class__ is dict or item.__class__ is list])
    return False


def _rewrite_references(params: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``params`` with ``stepId`` spelled ``step_id`` in every ``step_output`` object.

    Only that key is renamed: the other keys of params are free-form and kept as written (snake-casing
    them would change user data). Iterative; containers are copied, so the caller's data is not modified.
    """
    top = _step_id_spelled(params)
    stack: list[Any] = [top]
    while stack:
        current = stack.pop()
        for slot in list(current) if current.__class__ is dict else range(len(current)):
            item = current[slot]
            if item.__class__ is dict:
                current[slot] = _step_id_spelled(item)
                stack.append(current[slot])
            elif item.__class__ is list:
                current[slot] = list(item)
                stack.append(current[slot])
    return top


def _step_id_spelled(value: dict[str, Any]) -> dict[str, Any]:
    if value.get("type") != "step_output" or "stepId" not in value or "step_id" in value:
        return dict(value)  # both spellings given: keep them as written (``step_id`` is the one read)
    return {("step_id" if key == "stepId" else key): item for key, item in value.items()}


def _normalize_trigger(trigger: dict[str, Any]) -> dict[str, Any]:
    out = _snake_keys(trigger)
    if "when" in out:
        out["when"] = normalize_condition(out["when"])
    return out
