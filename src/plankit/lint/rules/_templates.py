"""Text written like a reference that is not one (``{{items[*].email}}``): it would reach the tool as is."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...plan import LlmNode, parse_template
from .._context import LintContext
from .._detect import plan_text
from .._findings import Finding, Severity
from .._params import visits_of, walk_params
from .._registry import rule

_BRACES = re.compile(r"\{\{(?P<inside>.*?)\}\}", re.S)
"""A ``{{...}}`` left in literal text once every real reference is parsed out."""


def _why(inside: str) -> str:
    """What makes ``{{inside}}`` not a reference, in the words a plan author needs."""
    body = inside.strip()
    if not body:
        return "it is empty"
    if "[*]" in body or "*" in body:
        return "a wildcard [*] is not a reference: a reference reads one value"
    if body.endswith(".") or ".." in body:
        return "a path part is empty: a trailing or double dot"
    if " " in body or "|" in body or "(" in body:
        return "a reference is a step id and a path only, without spaces, filters or calls inside"
    return "a reference is a step id then .names and [numbers] (letters, digits, _ and - only)"


_HINT = (
    "write one value per reference, {{step.path}} or {{step.items[0].field}}; for every item of a list, use a loop"
    " over it or pass the whole list ({{step.items}})"
)


def _malformed(text: str) -> Iterator[tuple[str, str, str]]:
    """Each ``{{...}}`` of ``text`` that is not a reference, and each ``{{`` never closed; why, and the fix."""
    for part in parse_template(text):
        if isinstance(part, str) and "{{" in part:
            for match in _BRACES.finditer(part):
                yield match.group(0), _why(match.group("inside")), _HINT
            rest = _BRACES.sub("", part)
            if "{{" in rest:
                opened = rest[rest.index("{{") :]
                shown = opened if len(opened) <= 60 else opened[:57] + "..."
                yield shown, "its }} is missing", "close it with }}, as in {{step.path}}"


@rule(
    "MALFORMED_REFERENCE",
    "malformed-reference",
    severity=Severity.ERROR,
    summary="Text written like a reference ({{...}}) that is not one: it would be sent as literal text.",
)
def malformed_reference(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds ``{{...}}`` in action params and llm prompts that does not parse as a reference:
    a wildcard (``{{list.result.items[*].email}}``), an empty path part (``{{a.result.}}``), spaces, filters
    or calls inside (``{{ a.name | upper }}``), nothing at all (``{{}}``), or no closing ``}}``
    (``{{lookup.result.amount``). ``{{`` always starts a reference
    in a plan, so such text is a mistake, not a template of the tool's.

    Why is this bad: nothing resolves it, so the tool gets the text itself: a mail "to"
    ``{{list.result.items[*].email}}``, a payment with a literal placeholder as its memo. The planner meant a
    value and the plan would run with a string nobody checked.

    Example:
        {"steps": [{"id": "list", "tool": "crm.attendees"},
                   {"id": "mail", "tool": "email.send", "args": {"to": "{{list.result.items[*].email}}"}}]}

    Use instead: one value per reference (``{{list.result.items[0].email}}``), or a ``loop`` over the list, or
    a tool that takes the whole list (``{{list.result.items}}``).
    """
    if "{{" not in plan_text(ctx).text:  # the plan's strings, read once per run: most plans stop here
        return
    for action, path in ctx.actions:
        for _, value, where in walk_params(action.params, f"{path}.params"):
            if isinstance(value, str) and "{{" in value:
                yield from _findings(action.id, value, where)
    for visit in visits_of(ctx, "llm"):
        node = visit.node
        assert isinstance(node, LlmNode)
        yield from _findings(node.id, node.prompt, f"{visit.path}.prompt")


def _findings(node_id: str, text: str, where: str) -> Iterator[Finding]:
    for written, why, hint in _malformed(text):
        yield Finding(
            f"'{node_id}' has {written!r}, which looks like a reference but is not one "
            f"({why}): the tool would get this text as is",
            node_id=node_id,
            path=where,
            hint=hint,
        )
