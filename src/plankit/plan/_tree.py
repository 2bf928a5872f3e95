"""The tree shape: the camelCase form of the TypeScript Plan IR, with a single ``root`` node.

Only structural keys are converted; free-form values (``params``, ``context``, ``meta``, ``metadata``,
``output_schema``) are copied as they are, except that reference objects in params get ``stepId``.
"""

from __future__ import annotations

from typing import Any

_PLAN_KEYS = {"owner": "userId", "created_at": "createdAt", "natural_language": "naturalLanguage"}
_FREE_FORM = frozenset({"params", "context", "meta", "metadata", "output_schema"})
_NODE_CHILD_KEYS = ("then", "else", "body", "on_error")
_CONDITION_KEYS = ("condition", "until", "exit_when", "when")


def camel_case(key: str) -> str:
    """``timeout_ms`` -> ``timeoutMs``."""
    head, *rest = key.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def to_tree_shape(plan: dict[str, Any]) -> dict[str, Any]:
    """Convert a canonical plan dict to the tree shape (a plan with one top-level step gets ``root``)."""
    out: dict[str, Any] = {}
    for key, value in plan.items():
        if key == "steps":
            nodes = [_node(step) for step in value]
            if len(nodes) == 1:
                out["root"] = nodes[0]
            else:
                out["steps"] = nodes
        elif key == "trigger":
            out["trigger"] = _structure(value)
        elif key == "validation":
            out["validation"] = _structure(value)
        else:
            out[_PLAN_KEYS.get(key, camel_case(key))] = value
    return out


def _node(node: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "params":
            out[key] = _camel_references(value)
        elif key in _FREE_FORM:
            out[camel_case(key)] = value
        elif key == "steps":
            out[key] = [_node(step) for step in value]
        elif key in _NODE_CHILD_KEYS:
            out[camel_case(key)] = _node(value)
        elif key in _CONDITION_KEYS or key == "on_failure":
            out[camel_case(key)] = _structure(value)
        else:
            out[camel_case(key)] = value
    return out


def _structure(value: Any) -> Any:
    """camelCase every key of a condition / trigger / policy structure (these hold no free-form data)."""
    if isinstance(value, list):
        return [_structure(item) for item in value]
    if isinstance(value, dict):
        return {camel_case(key): _structure(item) for key, item in value.items()}
    return value


def _camel_references(value: Any) -> Any:
    if isinstance(value, list):
        return [_camel_references(item) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: _camel_references(item) for key, item in value.items()}
    if out.get("type") == "step_output" and "step_id" in out and "stepId" not in out:
        out = {("stepId" if key == "step_id" else key): item for key, item in out.items()}
    return out
