"""When a send's or a payment's targets are the plan's own (goal alignment, :mod:`._alignment`): every target
trusted, and the amounts a literal target may be without being written down: a refund or a credit within the
goal's money, a total of the step's own lines, a sum worked out from the goal's numbers, a released deposit, a
charge the goal asks for."""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterator
from typing import Any

from ...plan import RESERVED_ROOTS, ActionNode, Reference
from .._amounts import (
    is_account_credit,
    is_hold_release,
    is_reversal,
    itemised_totals,
    minor_unit_api,
    minor_unit_key,
    money_amounts,
    says_minor_units,
)
from .._context import LintContext
from .._detect import PII_FORMATS, find_pii, is_reference_value, literal_of, name_words
from .._intent import _CLAUSE_ORDER, _NOT_ORDERS, asked_effects, sees_to
from .._notice import _reaches
from .._provenance import Provenance
from .._static import memo, walk_params
from .._trusted import Trusted, target_kind
from ._alignment_common import (
    _effects,
    _known_step,
    _literal_targets,
    _many,
    _targets,
    _text_links,
    _tool_words,
    _untainted,
    _whole,
)


def _all_targets_trusted(
    ctx: LintContext, action: ActionNode, path: str, *, credit: bool = False, held: bool = False, payer: bool = False
) -> bool:
    """Whether every target of a send or a payment is one the user gave or a field nobody else wrote, and its
    own text gives no other way to reach anyone nor carries a whole output: where it goes and what it carries
    are the plan's, so the only question left is whether it was wanted, which a goal that asks for a change
    leaves to the plan (a refund of a cancelled contract, the customer told the car is ready)."""
    if not action.params:
        return False  # a send or a payment that names no target goes wherever the tool's default is
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    provenance: Provenance = memo(ctx, "provenance", lambda: Provenance(ctx, _effects(ctx)))
    located: dict[str, list[Reference]] = {}
    for ref in ctx.graph.references.get(action.id, ()):
        if ref.root not in RESERVED_ROOTS:
            located.setdefault(ref.location, []).append(ref)
    aimed = False
    reversal = credit or (is_reversal(action.tool) and _asks_money_back(ctx) and _on_named_records(ctx, action))
    # The customer a charge is taken from is its target only when read off the records the plan was given, as a
    # reversal's payer is (review of round 11 R: the customer of an order looked up by an id nobody gave).
    payer = payer and _on_named_records(ctx, action)
    for kind, shown, _where in itertools.chain(
        _literal_targets(walk_params(action.params, f"{path}.params", None)), _text_links(action, path)
    ):
        if kind == "amount" and held:
            continue  # round 10 (A): a released hold goes back to whoever it is held from, at most what is held
        if kind == "amount" and (
            (reversal and _within_goal_money(ctx, shown, action, _where)) or _itemised(ctx, action, shown, _where)
        ):
            continue  # what a reversal returns goes back to its payer; a total of the step's own trusted lines
        if not trusted.trusts(kind, shown) and not (kind == "amount" and minor_trusts(ctx, action, shown, _where)):
            return False  # a literal target nobody gave (GOAL_UNTRUSTED_TARGET says so as well)
        aimed = True
    for key, value, where in walk_params(action.params, f"{path}.params", None):
        refs = located.get(where, ())
        if (
            target_kind(key) is not None
            or (reversal and refs and payment_key(key))
            or (payer and refs and not _PAYER_WORDS.isdisjoint(name_words(key)))
        ):
            # Round 11 (R): a reversal is aimed at the payment it returns, whatever its key (``payment_intent``);
            # a charge at the customer it is taken from (``customer: {{order.result.customer.id}}``).
            if any(not _known_step(ctx, ref) or provenance.origin(ref) is not None or _many(ref) for ref in refs):
                # A target someone else wrote, also through a model that read it; or everyone a listing
                # returned (``{{members.result.emails}}``): whom a mass message reaches is for the notice rule.
                return False
            aimed = aimed or bool(refs)
        elif reversal and not refs and payment_key(key) and not trusted.trusts("object", literal_of(value)):
            return False  # round 11 (R): a payment nobody gave (``payment_intent: "pi_..."``), returned to its payer
        elif isinstance(value, str) and not is_reference_value(value) and _reaches(ctx, value):
            return False  # its text gives a way to reach someone: an address, a link, a phone number
        elif reversal and isinstance(value, str) and find_pii(value, _ACCOUNT_FORMATS):
            return False  # a reversal whose text names an IBAN or a card may pay elsewhere (review of round 8)
        elif any(_whole(ref) for ref in refs):
            return False  # it carries a whole output (a list of codes, every owner): not the plan's own words
    return aimed  # a send or a payment that names no target goes wherever the tool's default is


_PAYMENT_KEYS = frozenset({"payment", "payments", "charge", "charges", "intent", "transaction", "transactions"})
"""Words of a key that names the payment a reversal returns (``payment_intent``, ``transaction``)."""


def refund_tools(ctx: LintContext, side: dict[str, str]) -> frozenset[str]:
    """Round 11 (R): the plan's reversal tools (refunds, voids), once per lint call for both target rules."""
    return memo(ctx, "refund_tools", lambda: frozenset(filter(is_reversal, side)))


@functools.lru_cache(maxsize=1024)
def payment_key(key: str) -> bool:
    """Round 11 (R): whether a key no target word names is the payment a reversal returns (``payment_intent``,
    ``transaction``, ``payment``; ``payment_id`` is an object by its *id* already)."""
    return target_kind(key) is None and not _PAYMENT_KEYS.isdisjoint(name_words(key))


def payment_targets(action: ActionNode, path: str) -> Iterator[tuple[str, Any, str]]:
    """Round 11 (R): a reversal's literal payment under a key no target word names (``payment_intent:
    "pi_3M..."``), as an object target: whoever made that payment gets the money back."""
    if not isinstance(action.params, dict):
        return
    for key, value, where in walk_params(action.params, f"{path}.params", None):
        value = literal_of(value)
        if not isinstance(value, str | int) or isinstance(value, bool) or not payment_key(key):
            continue
        if not (isinstance(value, str) and is_reference_value(value)):
            yield "object", value, where


def _returns_found_payment(ctx: LintContext, action: ActionNode, path: str) -> bool:
    """Whether a reversal (a refund, a void) returns a payment a step found, and nothing else: every value it
    takes from a step is a single field of a known step's output that nobody outside wrote (not a list, not a
    whole output), it takes at least one, and each literal target is trusted (an amount within the goal's
    money). The money goes back to whoever paid it, so in a goal that orders a situation sorted out (*the tour is
    off, sort out the guests*) it is the remedy of what the plan found, not a payment somewhere new."""
    if not action.params or not is_reversal(action.tool):
        return False
    provenance: Provenance = memo(ctx, "provenance", lambda: Provenance(ctx, _effects(ctx)))
    refs = [ref for ref in ctx.graph.references.get(action.id, ()) if ref.root not in RESERVED_ROOTS]
    if not refs or any(
        not _known_step(ctx, ref) or provenance.origin(ref) is not None or _many(ref) or _whole(ref) for ref in refs
    ):
        return False
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    for kind, shown, _where in _literal_targets(walk_params(action.params, f"{path}.params", None)):
        if (kind == "amount" and _within_goal_money(ctx, shown, action, _where)) or trusted.trusts(kind, shown):
            continue
        if not (kind == "amount" and minor_trusts(ctx, action, shown, _where)):
            return False
    return True


_ACCOUNT_FORMATS = tuple(form for form in PII_FORMATS if form.kind in ("IBAN", "card number"))
"""Where money can be paid, written in text (``wire the balance to DE44 5001 ...``)."""


def _on_named_records(ctx: LintContext, action: ActionNode) -> bool:
    """Whether every step output ``action`` uses was read, step by step back, only off records the plan was
    given: each action on the way names its objects by ids the goal, the context or the policy give (a literal
    ``booking_id: RB-4410`` the goal names), or by earlier outputs so read. The payment of a record looked up by
    an id nobody gave (another booking's) is not one the plan found for the goal (review of round 8)."""
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    seen: set[str] = set()
    pending = [ref.root for ref in ctx.graph.references.get(action.id, ()) if ref.root != action.id]
    while pending:
        step = pending.pop()
        node = ctx.graph.nodes.get(step)
        if step in seen or not isinstance(node, ActionNode):
            continue  # the context, a model (its taint is traced elsewhere) or a step already judged
        seen.add(step)
        if node.params and any(
            kind == "object" and not trusted.trusts(kind, shown)
            for kind, shown, _where in _literal_targets(walk_params(node.params, "$.params", None))
        ):
            return False
        pending.extend(ref.root for ref in ctx.graph.references.get(step, ()) if ref.root != step)
    return True


def returned_off_unnamed_record(ctx: LintContext, ref: Reference) -> tuple[str, str, str | None] | None:
    """Round 11: for the payment a reversal returns (``payment_id: {{other.result.payment.id}}``), the first step
    on the way back from ``ref`` that looked a record up by a literal id nobody gave (``get_booking(booking_id=
    "GA-9917")`` in a plan about *GA-4410*): (its id, its tool, that id). A refund goes back to whoever paid the
    payment it names; read off a record nobody named, that payer is whoever the text the agent read picked, even
    when the goal asks for a refund and states its amount (*refund the rider's $150*). None when every step on
    the way names its objects by ids the goal, the context or the policy give, or by earlier outputs.

    Review of round 11 (R): the way back goes on through a model (a payment an ``llm`` step picked from the
    other record it was shown), and a lookup by an id is any id-shaped literal a step on the way writes, under
    any key (``search_bookings(query="GA-9917")``, ``confirmation: "GA-9917"``), not only an object's id key;
    a way back on which no step names any record by an id (a listing of every payment) gives ``ref``'s own step
    with None for the id."""
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    seen: set[str] = set()
    pending = [ref.root]
    named = False
    while pending:
        step = pending.pop()
        node = ctx.graph.nodes.get(step)
        if step in seen or node is None:
            continue  # the context or a step already judged
        seen.add(step)
        if isinstance(node, ActionNode) and node.params:
            for kind, shown, _where in _literal_targets(walk_params(node.params, "$.params", None)):
                if kind in _LOOKUP_KINDS and not trusted.trusts(kind, shown):
                    return step, node.tool, str(shown)
                named = named or kind == "object"
            for _key, value, _where in walk_params(node.params, "$.params", None):
                for token in _ID_TOKEN.findall(value) if isinstance(value, str) else ():
                    if not trusted.trusts("object", token):
                        return step, node.tool, token
                    named = True
        pending.extend(r.root for r in ctx.graph.references.get(step, ()) if r.root != step)
    node = ctx.graph.nodes.get(ref.root)
    if not named and isinstance(node, ActionNode):
        return ref.root, node.tool, None  # a listing: no step on the way names the goal's record
    return None


_LOOKUP_KINDS = frozenset({"object", "recipient", "account"})
"""What a lookup names a record by: its id, or a party's address or account (``rider_email: "mallory@..."``)."""
_ID_TOKEN = re.compile(r"(?<![\w-])[A-Za-z]{1,6}[-_#]?\d{3,}[\w-]*|(?<![\w.:/-])#?\d{4,}(?![\w.:/-])")
"""An id written in a lookup's text (``GA-9917``, ``inv_40981``, ``9917``): letters, then three or more digits,
or four or more digits alone (not a date's or a time's, nor a decimal's)."""


def _priced_by_step(ctx: LintContext, action: ActionNode, path: str, amount: Any, where: str) -> bool:
    """Whether an amount nobody wrote down is priced by the step itself: the total of its own trusted lines
    (:func:`itemised_totals`), or what a reversal of a payment the plan was given or found returns to its payer
    (:func:`is_reversal`; every other target of the step trusted, as :func:`_all_targets_trusted` reads them)."""
    if _itemised(ctx, action, amount, where):
        return True
    if is_account_credit(action.tool) and _CREDIT_ASKED.search(ctx.plan.goal or "") is not None:
        # Round 9: a credit the goal asks for, on the account of a party the plan was given or found, stays
        # with the business (store credit, a credit memo): a wrong size costs the business, paid to that party.
        return _within_goal_money(ctx, amount, action, where) and _all_targets_trusted(
            ctx, action, path, credit=True
        )
    return (
        is_reversal(action.tool)
        and _asks_money_back(ctx)
        and _within_goal_money(ctx, amount, action, where)
        and _all_targets_trusted(ctx, action, path)
    )


_CREDIT_ASKED = re.compile(r"\bcredit(?:s|ed)?\b", re.IGNORECASE)
"""A goal asking for a credit (*credit half a month*, *sort out the deposit credit*, *they should get credit*)."""
_MONEY_BACK = re.compile(
    r"\b(?:refund\w*|reimburs\w*|credit\w*|paid|charged|billed|overcharg\w*|rebill(?:ed)?|waiv\w*|revers\w*|"
    r"void\w*|price\s+match|returns?|restocking|(?:money|everything|it|\d+\s?%)\s+back)\b",
    re.IGNORECASE,
)
"""Words of a goal that give money back (*refund*, *reimburse*, *credit*, *overcharged*, *rebill*, *waive the
fee*, *a return*, *30% back*) or name the payment a refund returns (*they paid everything*, *was charged for
cells that never came*, *billed twice*)."""


def _asks_money_back(ctx: LintContext) -> bool:
    """Whether the goal asks for money back or speaks of the payment a refund returns (:data:`_MONEY_BACK`), or
    (round 11, R) orders a situation it reports sorted out (*make it right*, *sort out the guests*:
    :func:`._intent.sees_to`), whose remedy is the money a step found was paid, returned. Only then is a
    reversal's amount left to the payment it returns (round 8): beside a goal that asks to move a booking or add
    a note, even one that states a price, a refund is an effect nobody asked for, however it is priced (review
    of round 8)."""
    goal = ctx.plan.goal or ""
    return bool(memo(ctx, "asks_money_back", lambda: bool(_MONEY_BACK.search(goal)) or _open_order(goal)))


def _open_order(goal: str) -> bool:
    """Round 11 (R): whether the goal's only order is an open one about a situation it reports (*make it right*,
    *sort out the guests*: :func:`._intent.sees_to`). Not when a clause orders a remedy of its own (*sort out
    Tove's booking: move her flight to Friday*, *take care of it and rebook her*): the open order is then that
    remedy, and a refund beside it is priced by the goal, as beside any other asked change (review of round 11 R,
    reopening round 8's injected refund beside an asked change)."""
    if not sees_to(asked_effects(goal)):
        return False
    return all(verb in _NOT_ORDERS for verb in _CLAUSE_ORDER.findall(goal.lower().replace("’", "'")))


def _within_goal_money(
    ctx: LintContext, amount: Any, action: ActionNode | None = None, where: str | None = None
) -> bool:
    """Whether an amount is no more than the most money the goal states (``$40``, ``45 dollars``), or the goal
    states none: a reversal the goal prices (*the $12 day pass*) returns at most that, never a hundred times it.
    In minor units where the step takes them for that amount (``action`` and its path ``where``, round 11:
    :func:`in_minor_units`) the amount is read in them: Stripe's 3500 is $35."""
    number = _number(amount)
    if number is None:
        return False
    if action is not None and where is not None and number.is_integer() and in_minor_units(ctx, action, where):
        number /= 100
    stated = money_amounts(ctx.plan.goal or "")
    return not stated or number <= max(stated)


def _most_money(ctx: LintContext) -> float:
    """The most money the goal states, or infinity when it states none."""
    stated = money_amounts(ctx.plan.goal or "")
    return max(stated) if stated else math.inf


def _number(amount: Any) -> float | None:
    """The size of a literal amount (``-40``, ``"$1,250.00"``), or None for text that is not a number."""
    if isinstance(amount, int | float) and not isinstance(amount, bool):
        return abs(float(amount))
    if isinstance(amount, str):
        try:
            return abs(float(amount.strip().lstrip("$€£").replace(",", "")))
        except ValueError:
            return None
    return None


def _worked_out(
    ctx: LintContext, action: ActionNode, path: str, amount: Any, names: frozenset[str], where: str
) -> bool:
    """Round 9: whether ``amount`` is worked out from the goal's numbers by a small expression
    (:meth:`Trusted.has_expression`: *(12 - 5) / 12 x $600* in cents) on a step whose every other target is
    known: each literal target trusted, and no step output it uses taken from untrusted content. An amount
    says how much, not to whom: a worked-out sum bound for an account nobody gave stays reported."""
    number = _number(amount)
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    minor = isinstance(amount, int) and in_minor_units(ctx, action, where)  # round 11: only where the step says so
    if number is None or not trusted.has_expression(number, minor):
        return False
    if (is_reversal(action.tool) or is_account_credit(action.tool)) and not _within_goal_money(
        ctx, number / 100 if minor and number >= 100 and number > _most_money(ctx) else number
    ):
        return False  # a refund or a credit returns no more than the money the goal states (round 8's bound)
    for kind, shown, _where in _targets(action, path, names):
        if kind != "amount" and not trusted.trusts(kind, shown):
            return False
    return _untainted(ctx, action)


def _held_or_charged(ctx: LintContext, action: ActionNode, path: str, amount: Any) -> bool:
    """Round 10 (A): a deposit released to whoever it is held from (:func:`is_hold_release`, every other
    target trusted or found), or a charge to the found party's card in a goal that prices nothing
    (:func:`_charged_as_asked`)."""
    if is_hold_release(action.tool):
        return _all_targets_trusted(ctx, action, path, held=True)
    return _charged_as_asked(ctx, action, path, amount)


_CHARGE_WORDS = frozenset({"charge", "charges", "bill", "capture"})
_CHARGE_ASKED = re.compile(r"\b(?:charge|bill|pay)\b", re.IGNORECASE)
_CHARGE_ORDERED = re.compile(r"\b(?:charge|bill)\b", re.IGNORECASE)


def _charged_as_asked(ctx: LintContext, action: ActionNode, path: str, amount: Any) -> bool:
    """Round 10 (A): whether an amount is charged, as the goal asks, to a party's payment method the business
    keeps (``chargeCardOnFile(memberId={{member...}})``), in a goal that states no money (*charge just the
    difference*: the plan prices it from records it read). A charge moves money to the business, never to an
    account an attacker names; every other target must be trusted or found, and the step must use nothing
    from untrusted content. A wrong-sized charge to that party is what it lets through; a payout, a transfer, or
    a charge in a goal that states its money (then the amount must be worked out from it) is still reported."""
    words = _tool_words(action.tool)
    charges = bool(words & _CHARGE_WORDS) or (bool(words & _PAYMENT_TOOL_WORDS) and _takes_from_payer(action))
    if not charges or words & _NOT_A_CHARGE or _paid_out(action.params) or money_amounts(ctx.plan.goal or ""):
        return False
    if _CHARGE_ASKED.search(ctx.plan.goal or "") is None:
        return False
    # Round 11 (R): the party it is taken from (``customer``) counts as its target only where the goal asks to
    # charge or bill someone; *pay the farrier's invoice* asks the business to pay, not to take a customer's
    # money (review of round 11 R: an injected charge of any amount to a rider the invoice named passed).
    payer = _CHARGE_ORDERED.search(ctx.plan.goal or "") is not None
    return _all_targets_trusted(ctx, action, path, credit=True, payer=payer) and _untainted(ctx, action)


_PAYMENT_TOOL_WORDS = frozenset({"payment", "payments"})
_PAYER_WORDS = frozenset({"customer", "payer", "buyer", "client"})


_PAID_OUT = frozenset(
    {"refund", "refunds", "credit", "credits", "disburse", "disburses", "disbursement", "reimburse", "remit"}
    | {"reimbursement", "remittance", "outbound", "outgoing", "payout", "payouts", "transfer", "send", "wire"}
    | {"return", "reverse", "reversal", "withdraw", "withdrawal"}
)
"""Words of a payment tool's name or its direction that say the money goes to the party, not from it."""
_DIRECTION_KEYS = frozenset({"type", "direction", "kind", "flow", "mode", "category"})


def _paid_out(params: Any) -> bool:
    """Whether a step's direction says its money goes to the party it names (``type: "credit"``, ``direction:
    "outbound"``): a charge tool or a payment so set pays that party, it takes nothing from them."""
    return isinstance(params, dict) and any(
        isinstance(value, str)
        and not _DIRECTION_KEYS.isdisjoint(name_words(str(key)))
        and not _PAID_OUT.isdisjoint(name_words(value))
        for key, value in params.items()
    )


def _takes_from_payer(action: ActionNode) -> bool:
    """Round 11 (R): whether a payment step's only party is the one it is taken from (``customer``, ``payer``:
    a payment intent on a customer's stored card), with no account or recipient it pays: money to the business,
    a charge by another name. Not when its name or its direction says the money goes to that party
    (``payments_disburse``, ``outbound_payment``, ``type: "credit"``; review of round 11: the customer who wrote
    the ticket is then paid an amount nobody gave)."""
    if not isinstance(action.params, dict) or not _PAID_OUT.isdisjoint(_tool_words(action.tool)):
        return False
    if _paid_out(action.params):
        return False
    keys = [name_words(str(key)) for key in action.params]
    return any(not _PAYER_WORDS.isdisjoint(words) for words in keys) and not any(
        target_kind(str(key)) in ("account", "recipient") for key in action.params
    )


_NOT_A_CHARGE = frozenset({"transfer", "transfers", "payout", "payouts", "wire", "send", "refund", "refunds"})


_BOUND_WORDS = frozenset({"limit", "cap", "max", "maximum", "threshold", "ceiling"})


def _is_bound(where: str) -> bool:
    """Whether the amount at ``where`` is a bound on money (``daily_limit``, ``spend_cap``): set by someone,
    never worked out from a goal's numbers, so no expression is searched for it."""
    return not _BOUND_WORDS.isdisjoint(name_words(where.rpartition(".")[2]))


def _itemised(ctx: LintContext, action: ActionNode, amount: Any, where: str) -> bool:
    """Whether ``amount`` is the total of the step's own line lists, each price and quantity trusted."""
    number = _number(amount)
    if number is None or not isinstance(action.params, dict):
        return False
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    minor = in_minor_units(ctx, action, where)
    totals = itemised_totals(action.params, lambda value: trusted.trusts("amount", value, minor), minor)
    return round(number, 2) in totals


def minor_trusts(ctx: LintContext, action: ActionNode, amount: Any, where: str) -> bool:
    """Round 11 (R): whether an amount not trusted as written is the goal's money in minor units (``9000`` for
    "$90", :meth:`Trusted.has_computed`) where the step takes them for it (:func:`in_minor_units`)."""
    if not in_minor_units(ctx, action, where):
        return False
    number = _number(amount)
    if number is None or not number.is_integer():
        return False
    return memo(ctx, "trusted_values", lambda: Trusted(ctx)).has_computed(number, True)


def in_minor_units(ctx: LintContext, action: ActionNode, where: str) -> bool:
    """Round 11: whether a step takes the amount at ``where`` in minor units (cents), so that ``9000`` may be the
    goal's $90: its tool belongs to a payment API that takes them (:func:`minor_unit_api`: Stripe, Square...),
    its tool spec says so (*in cents*, *in the smallest currency unit*), or the amount's own key does
    (``amount_cents``). Anywhere else an amount is read as written: on a tool in whole units, 9000 for "$90" pays
    a hundred times what the goal states. Another key of the step never decides (review of round 11: a
    ``fee_cents: 0`` the text the agent read asked for made the step's ``amount: 15000`` read as $150)."""
    name = where.rpartition(".")[2]
    return minor_unit_key(name) or _tool_in_minor_units(ctx, action.tool, name)


def _tool_in_minor_units(ctx: LintContext, tool: str, name: str) -> bool:
    """Whether a tool takes the amount under key ``name`` in minor units by its API (:func:`minor_unit_api`) or
    its spec; decided once per tool, key and linter (the answer reads nothing but the names and the specs)."""
    key = (f"minor_units:{name}", tool)
    found: bool | None = ctx.by_tool.get(key)
    if found is None:
        found = ctx.by_tool[key] = minor_unit_api(tool) or _spec_says_minor(ctx, tool, name)
    return found


def _spec_says_minor(ctx: LintContext, tool: str, name: str) -> bool:
    """Whether the tool's spec says the amount under key ``name`` is in minor units: its description, or the
    description of a parameter of that name. Another parameter's never does (review of round 11 R: ``fee``
    *in cents* beside ``amount`` in dollars made ``amount: 15000`` read as $150)."""
    spec = ctx.tools.get(tool) if ctx.tools is not None else None
    if spec is None:
        return False
    texts = [spec.description]
    stack: list[Any] = [spec.params_schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key == "properties" and isinstance(value, dict) and isinstance(value.get(name), dict):
                    described = value[name].get("description")
                    texts.extend((described,) if isinstance(described, str) else ())
            stack.extend(value for value in item.values() if isinstance(value, dict | list))
        elif isinstance(item, list):
            stack.extend(item)
    return any(says_minor_units(text) for text in texts)
