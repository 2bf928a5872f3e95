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


TOP_LEVEL_MARK = "topLevelSteps"
"""The ``metadata`` key of the ``parallel`` root that holds a plan's several top-level steps in the tree
shape; loading unwraps it, so flat -> tree -> flat gives back the same plan."""


def to_tree_shape(plan: dict[str, Any]) -> dict[str, Any]:
    """Convert a canonical plan dict to the tree shape, which always has one ``root`` node: the plan's only
    top-level step, or a ``parallel`` holding its top-level steps (siblings run as a DAG of their
    ``depends_on`` and references, exactly as top-level steps do)."""
    out: dict[str, Any] = {}
    for key, value in plan.items():
        if key == "steps":
            nodes = [_node(step) for step in value]
            if len(nodes) == 1:
                out["root"] = nodes[0]
            else:
                out["root"] = {"id": _free_id(nodes), "type": "parallel", "steps": nodes,
                               "metadata": {TOP_LEVEL_MARK: True}}  # fmt: skip
        elif key == "trigger":
            out["trigger"] = _structure(value)
        elif key == "validation":
            out["validation"] = _structure(value)
        else:
            out[_PLAN_KEYS.get(key, camel_case(key))] = value
    return out


def _free_id(nodes: list[dict[str, Any]]) -> str:
    """``root``, or ``root-2``, ``root-3``... when a step already has that id."""
    taken: set[Any] = set()
    stack = list(nodes)
    while stack:
        node = stack.pop()
        taken.add(node.get("id"))
        stack.extend(node.get("steps") or [])
        stack.extend(child for key in ("then", "else", "body", "onError") if isinstance(child := node.get(key), dict))
    candidate, number = "root", 1
    while candidate in taken:
        number += 1
        candidate = f"root-{number}"
    return candidate


def unwrap_top_level(root: Any) -> list[Any]:
    """The top-level steps of a tree document: the steps of a root made by :func:`to_tree_shape` to hold
    several, else the root itself."""
    if (
        isinstance(root, dict)
        and root.get("type") == "parallel"
        and root.get("metadata") == {TOP_LEVEL_MARK: True}
        and set(root) == {"id", "type", "steps", "metadata"}
        and isinstance(root["steps"], list)
    ):
        return list(root["steps"])
    return [root]


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
