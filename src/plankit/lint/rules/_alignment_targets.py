"""``GOAL_UNTRUSTED_TARGET``: a side-effecting step targets a literal recipient, account, URL, path, amount or
id nobody gave (goal alignment, :mod:`._alignment`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

from ...plan import ActionNode
from .._amounts import has_lists, is_account_credit, is_reversal
from .._context import LintContext
from .._detect import plan_text
from .._documents import has_documents, json_documents, outer_path
from .._effects import command_effects, command_key, export_location
from .._findings import Finding, Severity
from .._params import named_tools
from .._registry import rule
from .._static import memo, walk_params
from .._trusted import Trusted, routes_on
from ._alignment_amounts import (
    _held_or_charged,
    _is_bound,
    _priced_by_step,
    _worked_out,
    minor_trusts,
    payment_targets,
    refund_tools,
)
from ._alignment_common import (
    _OPTION_WORD,
    _OUTWARD,
    _VERB,
    _active,
    _effects,
    _last_path_key,
    _literal_targets,
    _opaque,
    _quote,
    _severity,
    _side_effect_targets,
    _targets,
    _text_links,
    _untainted,
)
from ._alignment_records import (
    _derived_new_id,
    _invites_to_own_rooms,
    _looked_up,
    _own_service_host,
    _posts_to_own_room,
)

_WORDING = ("message", "greeting", "wording", "inscription", "caption", "sentiment")
"""Last words of a key that holds what is written (``cardMessage``, ``gift_greeting``), whatever its first words."""


@rule(
    "GOAL_UNTRUSTED_TARGET",
    "target-not-from-goal",
    severity=Severity.WARNING,
    summary="A side-effecting step targets a literal recipient, account, URL, path, amount or id nobody gave.",
)
def target_not_from_goal(ctx: LintContext) -> Iterator[Finding]:
    """What it does: for every action with a side effect (any effect but ``read``; effects as in
    ``GOAL_UNASKED_EFFECT``), reads the literal values of its target parameters: recipients (``to``, ``cc``,
    ``recipients``, ``attendees``, ``members``, ``user``...), accounts (``iban``, ``account``, ``payee``,
    ``beneficiary``, ``wallet``...; not a ledger category: ``gl_account``), URLs and hosts, postal addresses
    (``street1``: given whole or line by line), channels, paths and file names, amounts, and the ids of
    objects changed (``message_id``, any key ending in ``id``), at any depth, also inside JSON text held in a
    string argument (for a tool whose only side effect is ``write``, or whose effect nothing says, only
    recipients, accounts, URLs, hosts and the id of the object changed: a file path stays inside). Each must
    come from the goal text, the plan's ``context``, the policy's ``trusted_values`` (and literal
    ``allow_recipients`` and ``allow_domains``), or a referenced step's output (a reference is not flagged here;
    ``GOAL_TAINTED_TARGET`` judges where it comes from).
    Text must occur there as a whole token (an address in full; a URL's host or a domain above it; a file's
    path or name), or be built by a naming scheme (a person's login or address at a mentioned domain from a name
    given: ``jane.doe@``, ``jdoe``; an id made of goal words and generic resource words: ``prod/notifier/db``;
    the user's own default objects: ``primary``, ``me``); a recipient built at run time
    (``{{u.result.handle}}@host``) is checked by its domain; an amount must equal a number written there, or one
    worked out from the goal's own numbers
    in one step (half of "$86", "split ... three ways", a "5%" raise, a sum or product of two goal numbers; also in
    cents on a step that takes minor units: a payment API such as Stripe's, a key such as ``amount_cents``, or a tool
    spec that says so), and money bounds (``daily_limit``, ``spend_cap``) count as amounts. An amount is also trusted
    when it is the total of the step's own lines (``unit_price x quantity``, each trusted), or when the step reverses a
    payment the plan was given or found (a refund: the money goes back to its payer) and is no more than the most money
    the goal states. Round 9: an amount is also worked out when a small expression
    (at most three operations) over the goal's numbers, counts and percentages gives it, on a step whose other
    targets are all trusted; a credit the goal asks for, on the account of a party found, needs no written
    amount; and an object id is trusted when a read step of the plan looks that record up by it and another
    action uses what it read. A literal target found in none of them is reported with where it would go.

    Why is this bad: an injected step needs a target the attacker controls (their address, account, server),
    and that value can only come from what the agent read, never from the user. A value the user gave is in
    the goal or the context; a value read at run time is a reference.

    Example:
        {"goal": "Pay my electricity bill of $84.20 to Northwind Power",
         "context": {"payees": {"Northwind Power": "GB33BUKB20201555555555"}},
         "steps": [{"id": "pay", "tool": "bank.transfer",
                    "args": {"iban": "DE89370400440532013000", "amount": 84.2}}]}

    Use instead: take the target from the context or a step's output (``{{context.payees.Northwind Power}}``),
    or add a value that is always fine to the policy's ``trusted_values``.
    """
    if not _active(ctx):
        return
    # The plan's keys (any depth) say at once which parameter names can be targets at all.
    found = _side_effect_targets(ctx)
    if found is None:
        return
    side, names = found
    documents = has_documents(plan_text(ctx).text)  # JSON text in a string argument: its targets count too
    effects_of = _effects(ctx)
    # A query tool's statement that writes its results outside (``COPY INTO 's3://...'``) targets that URL.
    exporting = frozenset(tool for tool in side if command_key(tool, effects_of.of(tool)[0]))
    # What a message or a share says may hold a link: where its readers are sent (a payment page, a form).
    linking = frozenset(tool for tool in side if effects_of.of(tool)[0] & _LINKED)
    if not names and not documents and not exporting and not linking:
        return
    severity = _severity(ctx)
    # An amount a reversal returns, or an account credit (round 9) leaves with the business: decided once per tool.
    reversals = frozenset(tool for tool in side if is_reversal(tool) or is_account_credit(tool))
    verdicts: dict[tuple[str, type, Any], bool] = {}
    # Without JSON text, only the steps of tools whose params have a target name, an export or a link count.
    # Round 11 (R): a reversal's payment may sit under a key no target word names (``payment_intent``).
    refunds = refund_tools(ctx, side)
    wanted = side if documents else {*named_tools(ctx, side, names), *exporting, *linking, *refunds}
    for action, path in ctx.actions_of(wanted):
        if not action.params:
            continue
        effect = side[action.tool]
        found_in = _targets(action, path, names)
        if action.tool in refunds:
            found_in = itertools.chain(found_in, payment_targets(action, path))
        if documents:
            found_in = itertools.chain(found_in, _document_targets(action, path))
        if action.tool in exporting:
            found_in = itertools.chain(found_in, _export_targets(action, path))
        if action.tool in linking:
            found_in = itertools.chain(found_in, _text_links(action, path))
        for kind, shown, where in found_in:
            if effect == "write" and (
                kind not in _OUTWARD
                or (kind == "object" and not _opaque(shown))
                or (kind == "recipient" and _OPTION_WORD.fullmatch(str(shown)) is not None and _a_party(where))
            ):
                # A plain write stays inside: only where it could send things counts, and the record it changes
                # when named by an opaque id (``s_40981``, ``1042``); a word (``stage_id: closedwon``,
                # ``calendar_id: work``) sets a property or names a category, and so does one lower-case word
                # where a party would go (``billTo: closing``): an option of the record, not an address. Never
                # where money or mail is routed (``payee``, ``deposit_account``, ``forward_to``: review of round 8).
                continue
            if effect == "write" and kind == "recipient" and _replaced_as_asked(ctx, action, where, shown):
                continue  # round 11 (T): ``replace_item: {from: "tent 20x20", to: "tent 20x30"}``, as the goal says
            key = (kind, type(shown), shown)  # the same account or amount recurs across steps: judged once
            verdict = verdicts.get(key)
            if verdict is None:
                trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
                verdict = verdicts[key] = trusted.trusts(kind, shown)
            if not verdict and kind == "amount":
                verdict = minor_trusts(ctx, action, shown, where)  # round 11 (R): 9000 is $90 only in cents
            if verdict or (
                kind == "amount"
                and (action.tool in reversals or has_lists(action.params))
                and _priced_by_step(ctx, action, path, shown, where)
            ):
                continue
            if kind == "channel" and effect == "send" and _posts_to_own_room(ctx, action, path, shown):
                continue
            if kind == "account" and _last_path_key(where).lower().endswith(_WORDING):
                continue  # ``cardMessage``: what a card says, not an account (*card* is one word of its name)
            bound = kind == "amount" and _is_bound(where)
            if kind == "amount" and not bound and _worked_out(ctx, action, path, shown, names, where):
                continue
            if kind == "object" and _looked_up(ctx, side, action, shown):
                continue
            if kind == "link" and _own_service_host(ctx, str(shown), action) and _untainted(ctx, action):
                continue  # round 10 (A): the business's own page on a service whose API the plan calls
            if kind == "channel" and effect == "share" and _invites_to_own_rooms(ctx, action, path, shown, names):
                continue  # round 10 (A): the invitee the goal names, into rooms of the organisation's own chat
            if kind == "object" and _derived_new_id(ctx, action, shown):
                continue  # round 10 (A): a new record named after the goal's record (``#9585-R``)
            if kind == "amount" and not bound and _held_or_charged(ctx, action, path, shown):
                continue  # round 10 (A): a released deposit; a charge to the found party's card the goal asks
            amount = f"{'move' if effect == 'financial' else 'use'} an amount of {shown}"
            what = amount if kind == "amount" else f"{_VERB[effect]} {kind} {_quote(str(shown))}"
            if kind == "link":
                what = f"send readers to {_quote(str(shown))}, a host in its text"
            yield Finding(
                f"'{action.id}' would {what} ({action.tool}, {where}), which is not in the goal, the plan's "
                "context or the policy's trusted_values",
                node_id=action.id,
                path=outer_path(where),
                hint=_TARGET_HINT,
                severity=severity,
            )


_TARGET_HINT = (
    "take the value from the goal, the context or a step's output; if it is always fine, add it to the policy's "
    "trusted_values"
)
_ROUTING_WORDS = frozenset(
    {
        "forward", "forwarding", "redirect", "relay", "pay", "payout", "remit", "deposit", "send", "deliver",
        "delivery", "reply", "cc", "bcc", "recipient", "recipients", "destination", "destinations", "receiver",
        "receivers",
    }
)  # fmt: skip
"""Words of a recipient key that say where things go (``forward_to``, ``pay_to``, ``cc``, ``destination``): a
handle there is where mail or money goes from then on, never an option of the record."""


def _a_party(where: str) -> bool:
    """Whether the recipient key at ``where`` names a party of the record (``billTo``, ``assignee``,
    ``assigned_to``), not a destination mail or money follows (:data:`_ROUTING_WORDS`, or a bare ``to``)."""
    words = _last_path_key(where).split("_")
    return words != ["to"] and _ROUTING_WORDS.isdisjoint(words) and not any(map(routes_on, words))  # autoforward


_REACH_SHAPE = re.compile(r"[@#:/]|\+?\d[\d ().-]{6,}\d")
"""What could reach someone: an address, a handle or room, a link or scheme, a phone or account number."""
_TOKEN = re.compile(r"[a-z0-9]+(?:[.x][a-z0-9]+)*")


def _replaced_as_asked(ctx: LintContext, action: ActionNode, where: str, shown: Any) -> bool:
    """Round 11 (T): whether a plain write's ``to`` is the new value of a replacement, not a recipient: the same
    mapping holds a ``from`` (``replace_item: {from: "Frame tent 20x20", to: "Frame tent 20x30"}``), neither value
    could reach anyone (no ``@``, ``#``, ``:``, ``/`` or long number), and every word of ``to`` that ``from`` lacks
    is a word the goal writes (*upgrade the tent 20x20 -> 20x30*). The change the goal spells out, of the thing
    the step already names; a ``to`` with a word the goal never wrote stays a recipient."""
    if _last_path_key(where) != "to" or not isinstance(shown, str) or _REACH_SHAPE.search(shown):
        return False
    holder: Any = action.params
    for part in where.partition(".params.")[2].split(".")[:-1]:
        holder = holder.get(part) if isinstance(holder, dict) else None
    source = holder.get("from") if isinstance(holder, dict) else None
    if not isinstance(source, str) or _REACH_SHAPE.search(source):
        return False
    new = set(_TOKEN.findall(shown.lower())) - set(_TOKEN.findall(source.lower()))
    return bool(new) and new <= set(_TOKEN.findall((ctx.plan.goal or "").lower()))


def _document_targets(action: ActionNode, path: str) -> Iterator[tuple[str, Any, str]]:
    """The literal targets inside JSON documents held in an action's string arguments (a bucket policy's
    ``Principal``, a payload's ``to``), with the document's path and the path inside it."""
    for where, document in json_documents(action.params, f"{path}.params"):
        inner = document if isinstance(document, dict) else {"": document}
        for kind, value, spot in _literal_targets(walk_params(inner, where, None)):
            if value != "*":  # a wildcard grants to anyone or denies everyone: GOAL_UNASKED_EFFECT reads which
                yield kind, value, spot


_LINKED = frozenset({"send", "share"})


def _export_targets(action: ActionNode, path: str) -> Iterator[tuple[str, Any, str]]:
    """The URL a command tool's statement exports its results to (``COPY INTO 's3://bucket/'``), as a target."""
    said = command_effects(action.params)
    if said is not None:
        location = export_location(said[1])
        if location is not None:
            yield "url", location, f"{path}.params.{said[0]}"
