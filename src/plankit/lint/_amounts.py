"""Amounts a side effect may carry without anyone writing them down (goal alignment, round 8).

Two structural readings, both about where the money can go rather than the words of the goal:

* **A reversal goes back where the money came from** (:func:`is_reversal`): a refund, a reversal or a void of a
  payment sends money only to whoever made that payment, and a payment processor caps it at what was paid. When
  the payment it reverses is one the plan was given or found (its id is trusted or an untainted field a step
  read) and the step names no other destination, its amount is not a target: a wrong amount costs the business
  at most that payment, returned to its payer, and the payer is not reached by an attacker's address. When the
  goal states amounts of money (:func:`money_amounts`), the reversal returns no more than the largest of them.
* **An itemised total is the sum of its own lines** (:func:`itemised_totals`): an invoice or an order whose
  ``amount`` equals the sum of ``unit_price x quantity`` over the lines it carries, each price and quantity
  trusted, is priced by those lines (*13 yards at the list's $68 plus the $45 delivery fee*).

* **An amount worked out from the goal's numbers** (:func:`expression_reaches`, round 9): any value of a small
  arithmetic expression (at most three of ``+ - x /``) over the numbers the goal writes, the counts it says in
  words (*half*, *two*), its percentages as fractions and the rates the context lists, also in minor units
  (x100): *(12 - 5) / 12 x $600* refunded as ``35000`` cents, *0.5 x 80 + 45.5*. Each of them is used at most
  once (round 11: *$900* does not give 900 + 900); a count out of a total gives its rest too (*3 of 10 used*:
  7/10). It says nothing about where
  the money goes: the payee or account is checked on its own, so a worked-out amount to an unnamed account is
  still reported. What it lets through: an amount that some such expression happens to hit.

All are read only for an amount that is not trusted otherwise, once per step.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

from ._detect import name_words

_REVERSAL_WORDS = frozenset({"refund", "refunds", "reverse", "reversal", "reversals", "void", "unbill"})
"""Words of a tool name that return a payment to its payer (``stripe_create_refund``, ``payments.reverse``)."""
_CREDIT_WORDS = frozenset({"credit", "credits"})
"""Words of a tool name that put a credit on an account the business keeps (``create_credit_memo``,
``store_credit.create``, ``ADD_ACCOUNT_CREDIT``)."""
_NOT_A_CREDIT = frozenset({"card", "cards", "transfer", "transfers", "payout", "payouts", "wire", "loan", "line"})
"""Words that make a tool with *credit* in its name move money out or charge a card (``charge_credit_card``,
``credit_transfer``, ``credit_line``)."""
_PRICE_WORDS = frozenset({"price", "rate", "cost", "amount", "fee", "unit"})
"""Last words of a line's price key (``unit_price``, ``rate``, ``unit_amount``, ``cost``)."""
_QUANTITY_WORDS = frozenset({"quantity", "qty", "count", "units", "hours", "hrs", "nights", "days", "yards"})
"""Last words of a line's quantity key (``quantity``, ``qty``, ``hours``)."""
_MAX_LINES = 50
_MAX_LEAVES = 7
"""Numbers an expression may combine (:func:`expression_reaches`): the goal's first ones. With seven, the
values of two operations number a few thousand; a third is searched backwards from the amount asked about."""
_NUMBER_TEXT = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_MONEY = re.compile(
    rf"[$€£]\s?{_NUMBER_TEXT}|{_NUMBER_TEXT}\s?(?:dollars?|usd|eur|euros?|pounds?|gbp|bucks)\b", re.IGNORECASE
)
"""An amount of money written in a goal: after a currency sign (``$40``) or before a currency word (``45 dollars``)."""


@functools.lru_cache(maxsize=1024)
def is_reversal(tool: str) -> bool:
    """Whether the tool's name returns a payment to its payer (a refund, a reversal, a void), by its words."""
    return any(word in _REVERSAL_WORDS for part in re.split(r"[./:\s]+", tool) for word in name_words(part))


@functools.lru_cache(maxsize=1024)
def is_account_credit(tool: str) -> bool:
    """Whether the tool's name puts a credit on a customer's account with the business (a credit memo, store
    credit, an account credit), by its words; not a card charge or a transfer that happens to say *credit*."""
    words = {word for part in re.split(r"[./:\s]+", tool) for word in name_words(part)}
    return bool(words & _CREDIT_WORDS) and not words & _NOT_A_CREDIT


_RELEASE_WORDS = frozenset({"release", "releases", "unhold"})
_HOLD_WORDS = frozenset({"deposit", "deposits", "hold", "holds", "authorization", "authorisation", "preauth"})


@functools.lru_cache(maxsize=1024)
def is_hold_release(tool: str) -> bool:
    """Round 10 (A): whether the tool's name releases a held deposit or authorisation (``release_deposit``,
    ``holds.release``): the money was never taken, and what is released goes back to whoever it is held
    from, at most what is held."""
    words = {word for part in re.split(r"[./:\s]+", tool) for word in name_words(part)}
    return bool(words & _RELEASE_WORDS) and bool(words & _HOLD_WORDS)


_MINOR_WORDS = frozenset({"cents", "cent", "pence", "penny", "minor", "paise", "subunit", "subunits"})
"""Words of a key whose amount is in minor units (``amount_cents``, ``price_in_pence``, ``minor_amount``)."""
_MINOR_APIS = frozenset(
    {"stripe", "square", "adyen", "razorpay", "gocardless", "chargebee", "klarna", "worldpay", "paddle"}
)
"""Payment APIs that take every amount in the currency's smallest unit (Stripe's ``amount: 1500`` is $15.00,
Square's ``amount_money.amount`` too), by a word of the tool's name (``stripe.refunds.create``)."""
_MINOR_TEXT = re.compile(
    r"\b(?:cents?|pence|minor\s+(?:currency\s+)?units?|smallest\s+(?:currency\s+)?(?:unit|denomination)|"
    r"lowest\s+denomination)\b",
    re.IGNORECASE,
)
"""What a tool spec writes of an amount in minor units (*in cents*, *in the smallest currency unit*)."""


@functools.lru_cache(maxsize=1024)
def minor_unit_api(tool: str) -> bool:
    """Whether the tool belongs to a payment API that takes amounts in minor units (:data:`_MINOR_APIS`): the
    API's name is the first word of the tool's name, its namespace (``stripe.refunds.create``,
    ``SQUARE_CREATE_PAYMENT``). A word further in names no API (review of round 11 R: ``town_square_bank.transfer``
    takes whole units, and read in cents it paid a hundred times the goal's money)."""
    words = name_words(re.split(r"[./:\s]+", tool.strip(" ./:"), maxsplit=1)[0])
    return bool(words) and words[0] in _MINOR_APIS


def says_minor_units(text: str) -> bool:
    """Whether a tool's description or a parameter's says its amounts are in minor units (*in cents*)."""
    return _MINOR_TEXT.search(text) is not None


@functools.lru_cache(maxsize=4096)
def minor_unit_key(key: str) -> bool:
    """Whether a parameter's key says its amount is in minor units (``amount_cents``, ``totalPence``)."""
    return not _MINOR_WORDS.isdisjoint(name_words(key))


def money_amounts(goal: str) -> tuple[float, ...]:
    """The amounts of money a goal states (``$40``, ``$1,250.50``, ``45 dollars``), in order; ids and counts
    (*session S793*, *3 hours*) are not money."""
    return tuple(float((sign or word).replace(",", "")) for sign, word in _MONEY.findall(goal))


def itemised_totals(params: Any, trusted: Callable[[float], bool], minor: bool = False) -> frozenset[float]:
    """The totals of the line lists in a step's arguments: for each list of objects that each give a price
    (``unit_price``, ``rate``, ``amount``) and maybe a quantity (``quantity``, ``qty``, ``hours``; 1 when
    absent, and 1 needs no trust), the sum of price x quantity, rounded to cents; with ``minor`` (the step takes
    minor units), also in cents (x100). A list
    with a line whose price or quantity ``trusted`` does not accept gives no total: a made-up price or count
    makes any total. So does a price whose units over all its lines (a line repeated fifty times) are a count
    ``trusted`` does not accept."""
    totals: set[float] = set()
    if not has_lists(params):
        return frozenset()  # most steps carry no lines: looked at once, without building anything
    for lines in _line_lists(params):
        total = 0.0
        counts: dict[float, float] = {}  # units at each price, over all the lines that repeat it
        for line in lines:
            price = quantity = None
            for key, value in line.items():
                if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                    continue
                last = name_words(str(key))[-1:] or ("",)
                if last[0] in _QUANTITY_WORDS:
                    quantity = float(value)
                elif last[0] in _PRICE_WORDS and price is None:
                    price = float(value)
            if price is None or not trusted(price) or (quantity not in (None, 1.0) and not trusted(quantity)):
                break
            total += price * (1.0 if quantity is None else quantity)
            counts[price] = counts.get(price, 0.0) + (1.0 if quantity is None else quantity)
        else:
            if any(count != 1.0 and not trusted(count) for count in counts.values()):
                continue  # one trusted price on fifty lines is a count of fifty nobody gave (review of round 8)
            totals.update((round(total, 2), round(total * 100, 2)) if minor else (round(total, 2),))
    return frozenset(value for value in totals if value > 0)


def has_lists(params: Any) -> bool:
    """Whether a step's arguments hold a list at any depth (where line items could be): a cheap gate."""
    if params.__class__ is dict:
        for value in params.values():
            if value.__class__ is list or value.__class__ is dict:
                break
        else:
            return False  # flat arguments, the common case
    stack = [params]
    while stack:
        item = stack.pop()
        if item.__class__ is list:
            return True
        if item.__class__ is dict:
            stack.extend(value for value in item.values() if value.__class__ in (dict, list))
    return False


def _line_lists(params: Any) -> Iterator[list[dict[str, Any]]]:
    """Every list of objects in ``params`` (at any depth), at most :data:`_MAX_LINES` lines each."""
    stack = [params]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            if item and len(item) <= _MAX_LINES and all(isinstance(line, dict) for line in item):
                yield item
            stack.extend(item)


_LEAST_DIVISOR = 0.5
"""Factors an amount is divided by are above this: a fraction (*half*: 0.5) or a percentage scales an amount
(x 0.05), and a percentage's complements undo a tax or a discount (/ 1.15, / 0.85); dividing by the fraction or
the rate itself (/ 0.5, / 0.05) only multiplies the goal's money."""


def _combine(x: float, c: float, scale_only: bool) -> tuple[float, ...]:
    """The values of one operation on ``x`` and ``c`` (either order for ``-`` and ``/``, no division by 0);
    only ``x * c`` and ``x / c`` when ``c`` is a factor (a count said in words, a percentage): a factor scales
    an amount, it is never added to one."""
    if scale_only:
        # Dividing by a rate below a half (*5%*: x / 0.05) makes twenty times the money, not an amount before a
        # tax or a discount (x / 1.15, x / 0.85): review of round 11 R (*$900 with a 5% discount* reached 18,000).
        return (x * c, x / c) if c > _LEAST_DIVISOR else (x * c,)
    found = [x + c, x * c, x - c, c - x]
    if c:
        found.append(x / c)
    if x:
        found.append(c / x)
    return tuple(found)


@functools.lru_cache(maxsize=256)
def _two_operations(
    numbers: tuple[float, ...], factors: tuple[float, ...]
) -> tuple[frozenset[float], tuple[float, ...], tuple[int, ...]]:
    """The values of at most two operations over the leaves (a chain ``(a op b) op c``, any two numbers, or a
    number and a factor, first), each leaf used at most once (round 11: *$900* never gives 900 + 900): rounded to
    cents (a set), and exact (sorted, for the third operation's tolerance) with, for each, the leaves every way
    to it uses (a bit per leaf: numbers first, then factors). A count out of a total also gives its rest, one
    use of each (*3 of 10 sessions used*: 7/10, which is (10 - 3) / 10). Worked out once per goal."""
    count = len(numbers)
    first: list[tuple[float, int]] = []
    for index, a in enumerate(numbers):
        for other, b in enumerate(numbers[index + 1 :], index + 1):
            used = 1 << index | 1 << other
            first.extend((value, used) for value in _combine(a, b, False))
            low, high = min(a, b), max(a, b)
            if 0 < low < high:
                first.append(((high - low) / high, used))  # the rest of a count out of a total
        for place, f in enumerate(factors, count):
            first.extend((value, 1 << index | 1 << place) for value in _combine(a, f, True))
    # For each value, the leaves every way of reaching it uses (their intersection): a leaf outside it is one
    # that some way to this value leaves free for the third operation.
    found: dict[float, int] = {}
    for value, used in itertools.chain(((a, 1 << index) for index, a in enumerate(numbers)), first):
        found[value] = found.get(value, used) & used
    for x, used in first:
        for index, c in enumerate(numbers):
            if not used >> index & 1:
                for value in _combine(x, c, False):
                    found[value] = found.get(value, used | 1 << index) & (used | 1 << index)
        for place, f in enumerate(factors, count):
            if not used >> place & 1:
                for value in _combine(x, f, True):
                    found[value] = found.get(value, used | 1 << place) & (used | 1 << place)
    values = tuple(sorted(value for value in found if math.isfinite(value)))
    return frozenset(round(value, 2) for value in values), values, tuple(found[value] for value in values)


def expression_reaches(amount: float, numbers: tuple[float, ...], factors: tuple[float, ...], minor: bool) -> bool:
    """Whether ``amount`` is the value of an expression of at most three operations (``+ - x /``) over the
    goal's ``numbers`` and ``factors`` (counts said in words and percentages, which only multiply or divide),
    each used at most once (round 11), rounded to cents; with ``minor`` (an amount in minor units, written as a
    whole number: the caller decides the tool takes them), also ``amount / 100`` (cents: ``35000`` is 350.00).
    The two-operation values are worked out forwards (:func:`_two_operations`, cached per goal), the third
    operation backwards from the amount (``x op c = amount`` solved for ``x``, for each leaf ``c`` that ``x``
    has not used, within the half cent the rounding allows), so one question costs a few dozen lookups. At
    most :data:`_MAX_LEAVES` leaves in all."""
    if not numbers or not math.isfinite(amount) or amount <= 0:
        return False
    numbers = numbers[:_MAX_LEAVES]
    factors = factors[: max(0, _MAX_LEAVES - len(numbers))]
    rounded, exact, leaves = _two_operations(numbers, factors)
    targets = (amount, amount / 100) if minor and float(amount).is_integer() and amount >= 100 else (amount,)
    half = 0.005
    left = bisect.bisect_left
    size = len(exact)

    def near(x: float, tolerance: float, bit: int) -> bool:
        index = left(exact, x - tolerance)
        while index < size and exact[index] <= x + tolerance:
            if not leaves[index] & bit:
                return True  # a value within the rounding that some way reaches without this leaf
            index += 1
        return False

    count = len(numbers)
    for target in targets:
        if round(target, 2) in rounded:
            return True
        for place, c in enumerate(factors, count):
            bit = 1 << place
            if near(target / c, half / c, bit) or (c > _LEAST_DIVISOR and near(target * c, half * c, bit)):
                return True
        for index, c in enumerate(numbers):
            bit = 1 << index
            # target = x * c, x / c, x + c, x - c, c - x, c / x: the x each needs, within the rounding.
            if (
                near(target / c, half / c, bit)
                or near(target * c, half * c, bit)
                or near(target - c, half, bit)
                or near(target + c, half, bit)
                or near(c - target, half, bit)
                or near(c / target, half * c / (target * target), bit)
            ):
                return True
    return False
