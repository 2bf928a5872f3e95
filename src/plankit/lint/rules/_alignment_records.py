"""Literal targets of ``GOAL_UNTRUSTED_TARGET`` that the plan's own work explains (goal alignment,
:mod:`._alignment`): a room of the organisation's own chat, a page of a service the plan works in, an
invitation into its own rooms, a new record named after the goal's, and a record a read step looked up."""

from __future__ import annotations

import re
from typing import Any

from ...plan import ActionNode, LlmNode, Reference
from .._context import LintContext
from .._delivery import own_room
from .._detect import is_reference_value
from .._notice import _reaches
from .._static import memo, walk_params
from .._trusted import Trusted, _strings, target_kind
from ._alignment_common import (
    _OPTION_WORD,
    _creates,
    _literal_targets,
    _opaque,
    _targets,
    _tool_words,
    _untainted,
    _whole,
)


def _posts_to_own_room(ctx: LintContext, action: ActionNode, path: str, channel: Any) -> bool:
    """Whether a message goes to a room of the organisation's own chat (``#brewhouse``, when it names no other
    recipient) or by an option (``channel: preferred``), not to an outside party (:func:`own_room`), and carries
    the plan's own words: no
    whole output a step read (a record dumped into a room is reported) and no way to reach anyone in its text."""
    if not own_room(channel, ctx.plan.context, ctx.plan.goal or ""):
        return False
    keys = [key for key, _value, _where in walk_params(action.params or {}, f"{path}.params", None)]
    if any(target_kind(key) == "recipient" for key in keys) and not _OPTION_WORD.fullmatch(str(channel)):
        # Beside recipients a channel says how they are reached (``preferred``, ``sms``); a room there
        # (``#ops-leaks``) is one more place the message goes, which someone must have given.
        return False
    located: dict[str, list[Reference]] = {}
    for ref in ctx.graph.references.get(action.id, ()):
        located.setdefault(ref.location, []).append(ref)
    for key, value, where in walk_params(action.params or {}, f"{path}.params", None):
        refs = located.get(where, ())
        if any(_whole(ref) and not isinstance(ctx.graph.nodes.get(ref.root), LlmNode) for ref in refs):
            return False  # a whole record read by a step, posted as it is
        text = value if isinstance(value, str) and target_kind(key) is None else None
        if text is not None and not is_reference_value(text) and _reaches(ctx, text):
            return False  # its text gives a way to reach someone outside
    return True


def _own_service_host(ctx: LintContext, host: str, action: ActionNode | None = None) -> bool:
    """Round 10 (A): whether a link's host is a page of a service the business itself runs on: its registrable
    name (``booksy`` of ``booksy.com``, ``nexudus`` of ``foundrycommons.spaces.nexudus.com``) is the vendor
    prefix of a tool a step of the plan calls (``booksy.appointments.cancel``, ``nexudus_list_invoices``). The
    plan works in that service's account, so its booking or payment page is where the business sends its own
    customers. A host no step's tool belongs to (a look-alike, a stranger's site) is still reported, and so is
    any link in a message that uses untrusted content (the caller checks: an export link texted to a number a
    model read from DMs)."""
    label = _registrable_label(host)
    if label is None or label not in memo(ctx, "service_vendors", lambda: _service_vendors(ctx)):
        return False
    return action is None or _business_pages(ctx, action, host)


_URL = re.compile(r"(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?(/[^\s\"'<>)]*)?", re.IGNORECASE)


def _business_pages(ctx: LintContext, action: ActionNode, host: str) -> bool:
    """Round 11 (R): whether every link to ``host`` in the step's text is the business's own page there, not just
    any page of the vendor's domain (a forms or pages service hosts anyone's): a subdomain label below the
    vendor's name (``emberwing.wyrmbook.example``) or the path's first segment (``wyrmbook.example/ember-wing``)
    spells the business's name, run together: a name the context gives (all its words, or its first two or
    more: *Ember Wing Stable*) or the name of a domain the goal or the context mentions (``emberwingstable`` of
    the staff's addresses). What it lets through: any page under that business's own slug on the service."""
    names: frozenset[str] = memo(ctx, "business_names", lambda: _business_names(ctx))
    labels = host.split(".")
    vendor = _registrable_label(host)
    below = labels[: labels.index(vendor)] if vendor in labels else []  # ``emberwing`` of emberwing.wyrmbook...
    found = False
    for value in _strings(action.params, numbers=False):
        for link_host, link_path in _URL.findall(value):
            if link_host.lower() != host:
                continue
            first = link_path.strip("/").split("/", 1)[0].split("?", 1)[0]
            if not any(_squeezed(part) in names for part in [*below, first] if part):
                return False
            found = True
    return found


def _squeezed(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _business_names(ctx: LintContext) -> frozenset[str]:
    """The business's names the plan gives, run together (:func:`_business_pages`): each context string's words
    (all, or the first two or more), and the registrable names of the domains the goal and the context mention;
    five characters at least."""
    names: set[str] = set()
    texts = [ctx.plan.goal or "", *_strings(ctx.plan.context, numbers=False)]
    for text in texts:
        for found_host in _HOST.findall(text.lower()):
            label = _registrable_label(found_host)
            if label is not None:
                names.add(_squeezed(label))
    for text in _strings(ctx.plan.context, numbers=False):
        if "@" in text or "://" in text:
            continue
        words = re.findall(r"[a-z0-9]+", text.lower())
        names.update("".join(words[:count]) for count in range(2, len(words) + 1))
        names.update(words[:1] if len(words) == 1 else ())
    return frozenset(name for name in names if len(name) >= 5)


_HOST = re.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,}")


_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "ac", "gov", "edu"})


def _registrable_label(host: str) -> str | None:
    """The name a host is registered under (``nexudus`` of ``a.spaces.nexudus.com``, ``booksy`` of
    ``booksy.co.uk``), or None for a host of fewer than two labels."""
    labels = host.lower().rstrip(".").split(".")
    if len(labels) < 2:
        return None
    if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL:
        return labels[-3]
    return labels[-2]


def _service_vendors(ctx: LintContext) -> frozenset[str]:
    """The vendor prefixes of the tools the plan's steps call: the first segment of a tool name split at ``.``
    or ``_`` (``booksy`` of ``booksy.appointments.list``; not ``charge`` of ``chargeCardOnFile``, which has no
    prefix), four letters at least, when more segments follow."""
    vendors: set[str] = set()
    for node, _path in ctx.actions:
        parts = re.split(r"[._/:]", node.tool)
        if len(parts) >= 2 and parts[0].isalpha() and len(parts[0]) >= 4:
            vendors.add(parts[0].lower())
    return frozenset(vendors)


_INVITE_WORDS = frozenset({"invite", "invites", "invitation", "add"})


def _invites_to_own_rooms(
    ctx: LintContext, action: ActionNode, path: str, channel: Any, names: frozenset[str]
) -> bool:
    """Round 10 (A): whether a share is an invitation into rooms of the organisation's own chat
    (``slack_admin_invite_user(email=<the goal's address>, channel_names=["general"])``): the tool invites, the
    channel is a plain room name of a workspace whose context lists no rooms (:func:`own_room`), and every
    other target of the step is trusted (the invitee is the one the goal names). An invite of someone nobody
    gave, or to a channel the context does not list when it lists some, is still reported."""
    if not _INVITE_WORDS.intersection(_tool_words(action.tool)):
        return False
    if not own_room(channel, ctx.plan.context, ctx.plan.goal or ""):
        return False
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    others = [(kind, shown) for kind, shown, _where in _targets(action, path, names) if kind != "channel"]
    return bool(others) and all(trusted.trusts(kind, shown) for kind, shown in others) and _untainted(ctx, action)


_DERIVED_ID = re.compile(r"(.*\d.*?)[-_/.](?:[A-Za-z]{1,3}|\d{1,2})")


def _derived_new_id(ctx: LintContext, action: ActionNode, value: Any) -> bool:
    """Round 10 (A): whether a literal id on a step that creates a record is the id of a record the goal names
    with a short suffix (``order_number: "#9585-R"`` for the reshipment of order *#9585*): the plan names its
    new record after the one it replaces, so the id names no existing record of anyone else. A suffix of more
    than three letters or two digits, an id the goal does not give, or such an id on a step that changes a
    record rather than creating one, is still reported."""
    if not isinstance(value, str) or not _creates(action.tool):
        return False
    match = _DERIVED_ID.fullmatch(value.strip())
    if match is None:
        return False
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    base = match.group(1)
    return trusted.has_text(base) or trusted.has_text(base.lstrip("#"))


def _looked_up(ctx: LintContext, side: dict[str, str], action: ActionNode, value: Any) -> bool:
    """Round 9: whether the object id ``value`` is the id of a record the plan reads first and works from: a
    step with no side effect looks the record up by that literal id (``get_patient(patient_id="P55549")``),
    and a step other than ``action`` uses what it returned (the owner's address for the card, the account for
    the credit). The plan's own work hangs on that record; changing it too (marking the patient deceased)
    reaches nobody new. An id no read looks up, one a read feeds to that step alone or only to a model, or a
    change that also uses untrusted content, is still reported."""
    records = memo(ctx, "looked_up_records", lambda: _read_records(ctx, side))
    users = records.get(str(value), frozenset())
    return any(user != action.id for user in users) and _untainted(ctx, action)


def _read_records(ctx: LintContext, side: dict[str, str]) -> dict[str, frozenset[str]]:
    """Each opaque object id a read-only step names literally, with the steps that use that read's output."""
    users: dict[str, set[str]] = {}
    nodes = ctx.graph.nodes
    for step, refs in ctx.graph.references.items():
        if not isinstance(nodes.get(step), ActionNode):
            continue  # a model reading the record decides nothing by itself: only actions count as using it
        for ref in refs:
            if ref.is_step and ref.root != step:
                users.setdefault(ref.root, set()).add(step)
    found: dict[str, set[str]] = {}
    for node, path in ctx.actions:
        if node.tool in side or node.id not in users or not node.params:
            continue
        for kind, shown, _where in _literal_targets(walk_params(node.params, f"{path}.params", None)):
            if kind == "object" and _opaque(shown):
                found.setdefault(str(shown), set()).update(users[node.id])
    return {value: frozenset(steps) for value, steps in found.items()}
