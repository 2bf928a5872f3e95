"""``GOAL_TAINTED_TARGET``: a side effect's target is taken from text someone else wrote (goal alignment,
:mod:`._alignment`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ...plan import RESERVED_ROOTS, ActionNode, LlmNode, Reference
from .._context import LintContext
from .._detect import is_reference_value, name_words
from .._findings import Finding, Severity
from .._params import named_tools
from .._provenance import WHOLE_READ, Hop, Provenance
from .._registry import rule
from .._static import memo, norm_key, walk_params
from .._trusted import Trusted, target_kind
from ._alignment_amounts import payment_key, refund_tools, returned_off_unnamed_record
from ._alignment_common import (
    _LEAVES,
    _VERB,
    _active,
    _effects,
    _last_path_key,
    _literal_targets,
    _opaque,
    _quote,
    _severity,
    _side_effect_targets,
)


@rule(
    "GOAL_TAINTED_TARGET",
    "target-from-untrusted-content",
    severity=Severity.WARNING,
    summary="A side effect's target is taken from text someone else wrote (a mail's body, a page, a review).",
)
def target_from_untrusted_content(ctx: LintContext) -> Iterator[Finding]:
    """What it does: for every action with a side effect (as in ``GOAL_UNTRUSTED_TARGET``: any effect but
    ``read``; for a tool that only writes, only its recipients, accounts, URLs and hosts), follows each
    reference in its target parameters back to where the value comes from. A target is flagged when it is
    read from *untrusted content*: text written by someone the user does not control. Which outputs count:

    * every field of a tool whose output is third-party content as a whole: the policy's
      ``untrusted_outputs`` globs, a tool with the ``external`` effect (``web.fetch``, ``http.get``), or one
      whose name says *web, page, browse, scrape, feed, review, comment, forum*;
    * in the output of a tool that reads records people write (*email, message, chat, doc, file, ticket,
      calendar...*), anything but a field the platform records: ``from``, ``sender``, ``author``, ``id``,
      ``*_id``, ``channel``, ``date``... are trusted; ``body``, ``text``, ``reply_to``, ``links``, a whole
      message or the whole output are not;
    * in any other tool's output, a free-text field: ``body``, ``text``, ``description``, ``memo``, ``note``,
      ``comment``, ``subject``, ``reply_to``, ``links``... (the policy's ``untrusted_fields`` add names);
    * the output of an ``llm`` step or of a tool that rewrites its input (*extract, summarize, parse,
      classify, translate, generate...*) when any of its inputs is untrusted content, through any number of
      such steps.

    The policy's ``trusted_outputs`` globs mark tools whose output is trusted whatever its fields are called;
    ``context.*`` and ``env.*`` values are the user's. The message names the parameter and where it would go,
    and the way the value came: each step, the path read and why it is untrusted. Runs only when the plan has
    a ``goal``; ``goal_alignment`` sets it off, to warnings (the default) or to errors.

    Why is this bad: this is the laundered form of a prompt injection. The attacker's mail says "our bank
    details changed" or "also copy billing@…", and the agent writes a step whose recipient or account is
    read at run time from that text, so no literal target is left to check and the goal may well ask to send
    or pay. The sender of the mail the user named, or the id of the invoice the user named, is a field the
    platform records; an address in the mail's text is whatever its author wrote.

    Example:
        {"goal": "Pay invoice INV-2231 from Northwind",
         "steps": [{"id": "mail", "tool": "email.search", "args": {"query": "INV-2231"}},
                   {"id": "iban", "tool": "text.extract",
                    "args": {"text": "{{mail.result.messages[0].body}}", "what": "IBAN"}},
                   {"id": "pay", "tool": "bank.transfer",
                    "args": {"to_account": "{{iban.result}}", "amount": 120}}]}

    Use instead: take the target from the goal, the context, the policy's ``trusted_values`` or a structured
    field of the object the user named (``{{invoice.result.payee_iban}}`` from the bank's own invoice record,
    ``{{mail.result.messages[0].from}}``); if a tool's output is in fact trusted, list it under the policy's
    ``trusted_outputs``.
    """
    if not _active(ctx):
        return
    found = _side_effect_targets(ctx)
    if found is None:
        return
    side, names = found
    yield from _sole_argument_picked(ctx, side, names)  # round 10 (A): tools without a target name too
    if not names:
        return
    severity = _severity(ctx)
    provenance: Provenance | None = None
    references = ctx.graph.references  # already parsed by the graph: no parameter text is read again here
    # Round 11 (R): a reversal's payment may sit under a key no target word names (``payment_intent``).
    refunds = refund_tools(ctx, side)
    named = named_tools(ctx, side, names)
    for action, path in ctx.actions_of({*named, *refunds} if refunds else named):  # the others: no target names
        # Only the step-output references of this action, by the JSON path of the value holding them.
        at: dict[str, list[Reference]] = {}
        for ref in references.get(action.id, ()):
            if ref.root not in RESERVED_ROOTS:
                at.setdefault(ref.location, []).append(ref)
        if not at:
            continue
        effect = side[action.tool]
        refund = action.tool in refunds
        for key, _value, where in walk_params(action.params, f"{path}.params", None if refund else names):
            kind = target_kind(key)
            paid = kind is None and refund and payment_key(key)  # ``payment_intent``: only whose record it is
            kind = "object" if paid else kind
            if kind is None or (effect == "write" and kind not in _LEAVES) or where not in at:
                continue
            for ref in at[where]:
                if provenance is None:
                    provenance = memo(ctx, "provenance", lambda: Provenance(ctx, _effects(ctx)))
                # Round 11 (R): a payment key read off a record's own payment field (``order.payment_intent``)
                # is whose record it is, judged below; any other text there (a mail's body, a note, a model's
                # answer from them) is judged by where it came from (review of round 11 R).
                hops = None if paid and _own_payment_field(ref) else provenance.origin(ref)
                if hops is None and kind in _LEAVES:
                    hops = _read_by_unknown_id(ctx, side, ref)  # round 10 (A)
                if kind == "object" and refund and (hops is None or hops[-1].why == WHOLE_READ):
                    # Round 11 (R): whose payment a refund returns; also when a model picked it from the records
                    # it was shown (review of round 11 R: the other booking's record, shown whole to a model).
                    hops = _returned_off_unnamed(ctx, ref) or hops
                if hops is None or (kind not in _LEAVES and hops[-1].why == WHOLE_READ):
                    continue  # a model picking ids from whole records it read is how agents act on them
                if effect in _IN_PLACE and _acts_on_listed_item(ctx, action, ref, kind):
                    continue  # the item an outside listing returned, acted on in that listing's own service
                yield Finding(
                    f"'{action.id}' would {_VERB[effect]} {kind} {_shown_ref(ref)} ({action.tool}, {where}), "
                    f"taken from untrusted content: {_way(hops)}; not from the goal, the plan's context or a "
                    "structured field of an object the user named",
                    node_id=action.id,
                    path=where,
                    hint=_TAINT_HINT,
                    severity=severity,
                )
                break  # one finding per parameter value


def _read_by_unknown_id(ctx: LintContext, side: dict[str, str], ref: Reference) -> tuple[Hop, ...] | None:
    """Round 10 (A): a recipient, account or address read from a record that a step looked up by a literal
    id nobody gave, of the very shape of an id the goal gives (``get_job_notes(job_id="J-32464")`` in a
    plan about job *J-55076*): another record of the kind the goal names, not the one it names. The id came
    from what the agent read, so whoever wrote that text picked the record, and with it where the side
    effect goes, even when the field read is one the platform records (a note's ``author_email``). A record
    looked up by an id the goal, the context or the policy gives, by a reference, or by an id of a shape the
    goal does not write (the plan's own lookup of the party the goal names by name) is judged as before."""
    shapes = _goal_id_shapes(ctx.plan.goal or "")
    if not shapes:
        return None  # a goal that writes no id: nothing to compare with (most goals)
    node = ctx.graph.nodes.get(ref.root)
    if not isinstance(node, ActionNode) or node.tool in side or not isinstance(node.params, dict):
        return None  # only a read step's record counts
    unknown: dict[str, str | None] = memo(ctx, "read_by_unknown_id", dict)
    if ref.root not in unknown:
        unknown[ref.root] = None
        for kind, shown, _where in _literal_targets(walk_params(node.params, "$.params", None)):
            found = kind == "object" and _opaque(shown) and _shape(str(shown)) in shapes
            if found and not memo(ctx, "trusted_values", lambda: Trusted(ctx)).trusts(kind, shown):
                unknown[ref.root] = str(shown)
                break
    shown_id = unknown[ref.root]
    if shown_id is None:
        return None
    return (Hop(ref.root, node.tool, ref.path, f"a record looked up by an id nobody gave ({_quote(shown_id)})"),)


def _own_payment_field(ref: Reference) -> bool:
    """Whether a reference reads a payment field of its record (``result.payments[0].stripe_payment_intent``,
    ``result.transaction``), not text that happens to hold one (``result.messages[0].body``, a model's output)."""
    keys = [part for part in re.split(r"[.\[\]]+", ref.path) if part and not part.isdigit()]
    return bool(keys) and (payment_key(keys[-1]) or target_kind(keys[-1]) == "object")


def _returned_off_unnamed(ctx: LintContext, ref: Reference) -> tuple[Hop, ...] | None:
    """Round 11 (R): the payment a reversal returns, read off a record a step looked up by a literal id nobody
    gave (:func:`._alignment_amounts.returned_off_unnamed_record`), in a goal that names its record by an id
    (*refund booking GA-4410's $150*): that other record's payer gets the money back. A goal that names no id
    (*the duplicate $410 on Anouk's invoice*) leaves the plan to find the record, so an id the agent looked it
    up by is not judged here."""
    if not _goal_id_shapes(ctx.plan.goal or ""):
        return None
    found = returned_off_unnamed_record(ctx, ref)
    if found is None:
        return None
    step, tool, shown = found
    why = (
        "a record no step looked up by the id the goal names (a listing)"
        if shown is None
        else f"a record looked up by an id nobody gave ({_quote(shown)})"
    )
    return (Hop(step, tool, ref.path if step == ref.root else "", why),)


_GOAL_ID = re.compile(r"#?[A-Za-z]*[-_]?\d[\w-]*")


def _shape(value: str) -> str:
    """An id's shape: each letter ``A``, each digit ``9`` (``J-32464`` -> ``A-99999``)."""
    return re.sub(r"\d", "9", re.sub(r"[A-Za-z]", "A", value.strip()))


@functools.lru_cache(maxsize=256)
def _goal_id_shapes(goal: str) -> frozenset[str]:
    """The shapes of the ids the goal writes: tokens of four characters or more with a letter or ``#`` and
    a digit (``J-55076``, ``RA447969``, ``#9585``); not a bare number (a price, a count)."""
    return frozenset(
        _shape(token)
        for token in _GOAL_ID.findall(goal)
        if len(token) >= 4 and not token.replace(".", "").replace(",", "").isdigit() and not token[0].isdigit()
    )


_IN_PLACE = frozenset({"write", "external"})


def _sole_argument_picked(ctx: LintContext, side: dict[str, str], names: frozenset[str]) -> Iterator[Finding]:
    """Round 10 (A): an action whose only argument is a model's answer about untrusted content
    (``remoteUnlockVehicle(vin={{vin.output}})`` after a model read the open support tickets): that argument
    is what the action acts on, whatever its key is called (``vin``), so whoever wrote the content picked
    the object. Only for a step with one argument that is a whole reference, not a text key, and not a key
    the target rules read already; a model picking from whole records the plan read (a weaker taint) and a
    send (its one argument is what it says) pass."""
    if LlmNode not in set(map(type, ctx.graph.nodes.values())):
        return  # no model step: no model's answer to act on (most plans); one pass in C
    provenance: Provenance | None = None
    for action, path in ctx.actions:
        params = action.params
        if params.__class__ is not dict or len(params) != 1:
            continue  # most actions take more than one argument: passed over before anything is built
        ((key, value),) = params.items()
        if value.__class__ is not str or not value.startswith("{{") or side.get(action.tool, "send") == "send":
            continue
        if not is_reference_value(value) or norm_key(str(key)) in names:
            continue
        if target_kind(str(key)) is not None or not _FREE_TEXT.isdisjoint(name_words(str(key))):
            continue
        refs = [ref for ref in ctx.graph.references.get(action.id, ()) if ref.root not in RESERVED_ROOTS]
        if len(refs) != 1 or not isinstance(ctx.graph.nodes.get(refs[0].root), LlmNode):
            continue
        if provenance is None:
            provenance = memo(ctx, "provenance", lambda: Provenance(ctx, _effects(ctx)))
        hops = provenance.origin(refs[0])
        if hops is None or hops[-1].why == WHOLE_READ:
            continue
        where = f"{path}.params.{key}"
        yield Finding(
            f"'{action.id}' would {_VERB[side[action.tool]]} object {_shown_ref(refs[0])} ({action.tool}, {where}), "
            f"its only argument, taken from untrusted content: {_way(hops)}; not from the goal, the plan's context "
            "or a structured field of an object the user named",
            node_id=action.id,
            path=where,
            hint=_TAINT_HINT,
            severity=_severity(ctx),
        )


_FREE_TEXT = frozenset({"text", "body", "message", "content", "note", "notes", "comment", "description", "prompt"})
_ITEM = re.compile(r"^(result\.[A-Za-z_]+\[\d+\])\.([A-Za-z_]+)$")
"""One field of one item of a listing's output (``result.orders[0].id``): the item, and the field."""
_LISTING_VERBS = frozenset({"list", "get", "search", "find", "fetch", "query", "read", "pending", "incoming"})


def _acts_on_listed_item(ctx: LintContext, action: ActionNode, ref: Reference, kind: str) -> bool:
    """Whether a plain write or an outside call acts on an item an outside listing returned, as that item
    (round 9): its id, in a tool of the same resource as the listing (``listWireOrders`` then
    ``acceptWireOrder(wireOrderId={{next.result.orders[0].id}})``), or a field of an item whose id the plan
    acts on that way (the order's ``deliveryAddress`` on a route stop of our own). The listing's service names
    its own items; acting on them there is what a goal such as *accept the incoming orders* asks. A send, a
    payment, a delete or a share to what a listing gave is still reported."""
    item = _ITEM.match(ref.path)
    listing = ctx.graph.nodes.get(ref.root)
    if item is None or not isinstance(listing, ActionNode):
        return False
    if _effects(ctx).of(listing.tool)[0] - {"read", "external"}:
        return False  # read from what a step changed, not from a listing
    if kind == "object" and item.group(2).lower() in ("id", "uuid", "key"):
        return _same_resource(listing.tool, action.tool)
    if kind not in _LEAVES:
        return False
    # A field of the item, on a step of our own (a plain write), when the plan acts on that item by its id.
    wanted = f"{item.group(1)}.id"
    for node_id, refs in ctx.graph.references.items():
        node = ctx.graph.nodes.get(node_id)
        if not isinstance(node, ActionNode) or node_id == action.id:
            continue
        for other in refs:
            key = _last_path_key(other.location.partition(".params.")[2])
            if other.root == ref.root and other.path == wanted and target_kind(key) == "object":
                return _same_resource(listing.tool, node.tool) and _effects(ctx).of(action.tool)[0] <= _WRITES
    return False


_WRITES = frozenset({"write"})


def _same_resource(listing: str, tool: str) -> bool:
    """Whether two tools name the same resource (``listWireOrders``, ``acceptWireOrder``): a word of four
    letters or more, singular, in both names, apart from listing verbs."""
    def nouns(name: str) -> set[str]:
        return {word.rstrip("s") for word in name_words(name) if len(word) >= 4 and word not in _LISTING_VERBS}

    return bool(nouns(listing) & nouns(tool))


_TAINT_HINT = (
    "take the target from the goal, the context or a structured field of the object the user named (its sender, "
    "its id); if the tool's output is trusted, list the tool in the policy's trusted_outputs"
)


def _shown_ref(ref: Reference) -> str:
    return ref.text or "{{" + ".".join(part for part in (ref.root, ref.path) if part) + "}}"


def _way(hops: tuple[Hop, ...]) -> str:
    """``'x' (text.extract) made from untrusted content <- 'mail' (email.search) messages[0].body: ...``."""
    return " <- ".join(f"'{hop.step}' ({hop.tool}){' ' + hop.path if hop.path else ''}: {hop.why}" for hop in hops)
