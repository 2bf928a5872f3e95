"""References: how one step's parameters and conditions point at another step's output.

Three spellings, all parsed here and nowhere else:

* template references inside strings, ``{{s1.result.balance}}`` and ``${s1.result.email}``;
  ``${{s1.x}}`` is a literal ``$`` followed by the reference ``{{s1.x}}``;
* reference objects anywhere in ``params``: ``{"type": "step_output", "step_id": "s1", "path": "x"}``,
  ``{"type": "env", "key": "API_URL"}``, and ``runtime`` calls whose ``args`` hold references;
* typed operands of conditions (:class:`~plankit.plan.StepOutputRef` and friends).

A reference's ``root`` is a step id, or one of the reserved roots ``context`` and ``env``.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Literal, NamedTuple

from ._nodes import ActionNode, IfNode, LlmNode, LoopNode, NodeBase, WaitNode
from ._values import CompareCondition, EnvRef, LogicCondition, RuntimeRef, StepOutputRef

REFERENCE_TYPES_WITH_KEYS: frozenset[str] = frozenset({"step_output", "env", "runtime"})
"""``type`` tags of reference objects that carry more than a value (their keys may need renaming)."""

RESERVED_ROOTS: frozenset[str] = frozenset({"context", "env", "trigger"})
"""Reference roots that are not step ids: ``{{context.user_id}}``, ``{{env.API_URL}}``, ``{{trigger.price}}``."""

_tuple_new = tuple.__new__
# A reference's path repeats across steps (``result.total``): one string for all of them, not one per step
# (interned strings are freed with their last user).
_intern = sys.intern

_ID = r"[A-Za-z0-9_][A-Za-z0-9_\-]*"
_PATH = r"(?:\.[A-Za-z0-9_\-]+|\[\d+\])*"
_TEMPLATE = re.compile(
    rf"\{{\{{\s*(?P<mroot>{_ID})(?P<mpath>{_PATH})\s*\}}\}}"  # {{root.path}}
    rf"|\$\{{(?P<droot>{_ID})(?P<dpath>{_PATH})\}}"  # ${root.path}; never matches ${{, whose id can't be '{'
)
# The two spellings apart, for a string that may be exactly one reference: its first character tells which
# could match whole (one starts with '{', the other with '$'), and two groups are cheaper to read than four.
# Their repeats are possessive (no backtracking): each part's characters can't start the part after it, so
# backtracking never finds a match, and without it a miss is found sooner (the tests check they agree).
_ID_ONCE = r"[A-Za-z0-9_][A-Za-z0-9_\-]*+"
_PATH_ONCE = r"(?:\.[A-Za-z0-9_\-]++|\[\d++\])*+"
_MUSTACHE_WHOLE = re.compile(rf"\{{\{{\s*+({_ID_ONCE})({_PATH_ONCE})\s*+\}}\}}").fullmatch
_DOLLAR_WHOLE = re.compile(rf"\$\{{({_ID_ONCE})({_PATH_ONCE})\}}").fullmatch


class Reference(NamedTuple):
    """One reference found in a plan (a named tuple: plans can hold hundreds of thousands)."""

    root: str
    """The referenced step id, or a reserved root (``context``, ``env``)."""
    path: str
    """The dotted path below the root (``result.balance``), empty for the whole output."""
    location: str
    """JSON path of the value holding the reference, such as ``$.steps[1].params.to``."""
    syntax: Literal["template", "object"]
    text: str | None = None
    """The template text as written (``{{s1.result}}``), for template references."""

    @property
    def is_step(self) -> bool:
        """True when the root is a step id rather than a reserved root."""
        return self.root not in RESERVED_ROOTS


def _new_reference(root: str, path: str, location: str, syntax: str, text: str | None = None) -> Reference:
    # tuple.__new__ skips the named tuple's Python-level constructor, the dominant cost on large plans.
    return _tuple_new(Reference, (root, path, location, syntax, text))


def _template_reference(match: re.Match[str], location: str) -> Reference:
    mroot, mpath, droot, dpath = match.groups()
    if mroot is not None:
        root, path = mroot, mpath
    else:
        root, path = droot, dpath
    if path and path[0] == ".":
        path = _intern(path[1:])
    return _new_reference(root, path or "", location, "template", match.group(0))


def parse_template(text: str, location: str = "$") -> list[str | Reference]:
    """Split a string into literal text and references, in order.

    >>> parse_template("Your balance is ${{step1.result.balance}}")
    ['Your balance is $', Reference(root='step1', path='result.balance', ...)]
    """
    if "{" not in text:
        return [text] if text else []
    whole = _TEMPLATE.fullmatch(text)
    if whole is not None:  # the common case: the string is exactly one reference
        return [_template_reference(whole, location)]
    parts: list[str | Reference] = []
    cursor = 0
    for match in _TEMPLATE.finditer(text):
        if match.start() > cursor:
            parts.append(text[cursor : match.start()])
        parts.append(_template_reference(match, location))
        cursor = match.end()
    if cursor < len(text):
        parts.append(text[cursor:])
    return parts


def single_reference(text: str) -> Reference | None:
    """The reference when ``text`` is exactly one template reference (it then keeps the value's type)."""
    if not text.startswith(("{{", "${")):
        return None
    parts = parse_template(text)
    if len(parts) == 1 and isinstance(parts[0], Reference):
        return parts[0]
    return None


def is_reference_object(value: dict[str, Any]) -> bool:
    """True for a dict shaped like a reference object (``step_output`` with a step id, ``env`` with a key)."""
    kind = value.get("type")
    if kind == "step_output":
        return isinstance(value.get("step_id", value.get("stepId")), str)
    if kind == "env":
        return isinstance(value.get("key"), str)
    if kind == "runtime":
        return isinstance(value.get("fn"), str)
    return kind == "literal" and "value" in value and len(value) == 2


def _object_reference(value: dict[str, Any], where: str) -> Reference | None:
    kind = value["type"]
    if kind == "step_output":
        step_id = str(value.get("step_id", value.get("stepId")))  # a str: is_reference_object checked it
        return _new_reference(step_id, str(value.get("path") or ""), where, "object")
    if kind == "env":
        return _new_reference("env", value["key"], where, "object")
    return None


def _string_references(text: str, where: str, found: list[Reference]) -> None:
    """Add the references in ``text`` (a string holding a ``{``) to ``found``."""
    # Every reference holds '{{' or '${': a string with neither (a JSON snippet, a format string) has none.
    if "{{" not in text and "${" not in text:
        return
    first = text[0]
    if first == "{":
        whole = _MUSTACHE_WHOLE(text)
    elif first == "$":
        whole = _DOLLAR_WHOLE(text)
    else:
        whole = None
    if whole is not None:
        # _template_reference, inlined: most reference strings are exactly one reference.
        root, path = whole.groups()
        if path and path[0] == ".":
            path = _intern(path[1:])
        found.append(_tuple_new(Reference, (root, path, where, "template", text)))
    else:
        found.extend(part for part in parse_template(text, where) if part.__class__ is Reference)


def value_references(value: Any, location: str) -> list[Reference]:
    """Every reference inside a parameter value (nested dicts, lists, strings, reference objects), in
    document order."""
    # Only containers and strings holding a '{' are visited, and a location is built only for those:
    # parameters are mostly plain scalars, and this runs for every step of 100k-step plans. The walk keeps
    # one iterator per open container, so it resumes each where it left off (document order, no recursion).
    found: list[Reference] = []
    if value.__class__ is str:
        if "{" in value:
            _string_references(value, location, found)
    elif value.__class__ is dict and "type" not in value:
        _dict_references(value, location, "", found)
    else:
        _walk(value, location, found)
    return found


def _dict_references(value: dict[str, Any], base: str, middle: str, found: list[Reference]) -> None:
    """The references in a dict that is not a reference object (a step's params), its entries at
    ``{base}{middle}.{key}``: strings and lists of scalars are read in place, other containers walked."""
    for key, item in value.items():
        item_class = item.__class__
        if item_class is str:
            if "{" in item:
                _string_references(item, f"{base}{middle}.{key}", found)
        elif item_class is list:
            for index, entry in enumerate(item):
                entry_class = entry.__class__
                if entry_class is str:
                    if "{" in entry:
                        _string_references(entry, f"{base}{middle}.{key}[{index}]", found)
                elif entry_class is dict or entry_class is list:
                    _walk(entry, f"{base}{middle}.{key}[{index}]", found)
        elif item_class is dict:
            _walk(item, f"{base}{middle}.{key}", found)


def _walk(value: Any, location: str, found: list[Reference]) -> None:
    """Add the references inside a container to ``found``, in document order (iteratively)."""
    frame = _open(value, location, found)
    stack = [frame] if frame is not None else []
    while stack:
        items, where, in_list = stack[-1]
        for key, item in items:
            item_class = item.__class__
            if item_class is str:
                if "{" in item:
                    _string_references(item, f"{where}[{key}]" if in_list else f"{where}.{key}", found)
            elif item_class is dict or item_class is list:
                frame = _open(item, f"{where}[{key}]" if in_list else f"{where}.{key}", found)
                if frame is not None:
                    stack.append(frame)
                    break
        else:
            stack.pop()


def _open(value: Any, where: str, found: list[Reference]) -> tuple[Any, str, bool] | None:
    """A container's entries to walk, as ``(iterator of (key, item), path, is a list)``; None for a
    reference object (then recorded in ``found``), a literal object or a non-container."""
    if value.__class__ is dict:
        if "type" in value and is_reference_object(value):
            ref = _object_reference(value, where)
            if ref is not None:
                found.append(ref)
                return None
            if value["type"] == "literal":
                return None
            # A runtime call: its arguments may hold references, so walk it like any object.
        return iter(value.items()), where, False
    if value.__class__ is list:
        return enumerate(value), where, True
    return None


def condition_references(condition: Any, location: str) -> list[Reference]:
    """Every reference inside a typed condition (operands, runtime call arguments, nested logic)."""
    found: list[Reference] = []
    stack: list[tuple[Any, str]] = [(condition, location)]
    while stack:
        current, where = stack.pop()
        if isinstance(current, LogicCondition):
            for index in range(len(current.conditions) - 1, -1, -1):
                stack.append((current.conditions[index], f"{where}.conditions[{index}]"))
        elif isinstance(current, CompareCondition):
            stack.append((current.right, f"{where}.right"))
            stack.append((current.left, f"{where}.left"))
        elif isinstance(current, StepOutputRef):
            found.append(Reference(current.step_id, current.path, where, "object"))
        elif isinstance(current, EnvRef):
            found.append(Reference("env", current.key, where, "object"))
        elif isinstance(current, RuntimeRef):
            for index in range(len(current.args) - 1, -1, -1):
                stack.append((current.args[index], f"{where}.args[{index}]"))
    return found


def node_references(node: NodeBase, path: str) -> list[Reference]:
    """References in the node's own fields (not its children's): params, prompt, conditions."""
    if isinstance(node, ActionNode):
        params = node.params
        if not params:
            return []
        if "type" in params:
            return value_references(params, f"{path}.params")
        # A location string is made only for a value that holds a reference (most hold none).
        found: list[Reference] = []
        _dict_references(params, path, ".params", found)
        return found
    if isinstance(node, LlmNode):
        return value_references(node.prompt, f"{path}.prompt")
    if isinstance(node, IfNode):
        return condition_references(node.condition, f"{path}.condition")
    if isinstance(node, WaitNode) and node.until is not None:
        return condition_references(node.until, f"{path}.until")
    if isinstance(node, LoopNode) and node.exit_when is not None:
        return condition_references(node.exit_when, f"{path}.exit_when")
    return []
