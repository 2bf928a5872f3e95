"""Which values a plan's author was given, and which parameters are targets.

**Trusted values** (:class:`Trusted`): the text of the goal, of the plan's context and of the policy's
``trusted_values`` and allow-lists, the names built from them by a naming scheme (:mod:`._schemes`) and the
amounts worked out from the goal's own numbers (:func:`computed_amounts`); a literal target of a side effect
must be found there. **Targets** (:func:`target_kind`): what a parameter points at (an account, a recipient, a
URL, a postal address, the id of the object changed). Computed once per lint run, linear in the text read.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from ..tools import tool_matches
from ._amounts import expression_reaches
from ._context import LintContext
from ._detect import name_words
from ._effects import _table, _words
from ._intent import _GOAL_TOKEN
from ._schemes import SCHEME_WORDS, SYMBOLIC_IDS, person_logins

_NUMBER = re.compile(r"(?<![\w.])[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])[-+]?\d+(?:\.\d+)?")
_HOST = re.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,}")


class Trusted:
    """Everything the plan's author was given: the goal, the plan's context, the policy's trusted values and
    allow-lists. A literal target is trusted when it occurs in that text as a whole token, or (a number)
    equals a number in it, or (an address or URL) its host is an allowed or mentioned domain."""

    def __init__(self, ctx: LintContext):
        policy = ctx.policy
        texts = [ctx.plan.goal or "", *policy.trusted_values]
        texts += [pattern for pattern in policy.allow_recipients or () if "*" not in pattern]
        texts += _strings(ctx.plan.context)
        self.text = "\n".join(texts).lower()
        self.numbers = {value for value in (_to_number(match) for match in _NUMBER.findall(self.text)) if value}
        self.numbers |= {float(value) for value in _numbers(ctx.plan.context)}
        self.goal = (ctx.plan.goal or "").lower()
        self._computed: frozenset[float] | None = None
        self._shared: frozenset[float] | None = None
        self._leaves: tuple[tuple[float, ...], tuple[float, ...]] | None = None
        self._context = ctx.plan.context
        self.allowed = {domain.lower() for domain in policy.allow_domains or ()}
        self.recipients = [pattern.lower() for pattern in policy.allow_recipients or ()]
        self.hosts = set(_HOST.findall(self.text)) | self.allowed
        self._raw = texts
        self._scheme: tuple[frozenset[str], frozenset[str], frozenset[str]] | None = None
        self._squeezed: tuple[str, bytearray] | None = None

    def has_text(self, value: str) -> bool:
        """True when ``value`` occurs in the trusted text, not as part of a longer word or address."""
        needle = value.strip().lower()
        if not needle:
            return True
        start = self.text.find(needle)
        while start >= 0:
            end = start + len(needle)
            before = self.text[start - 1] if start else " "
            after = self.text[end] if end < len(self.text) else " "
            if not (_inside_token(before) or _inside_token(after)):
                return True
            start = self.text.find(needle, start + 1)
        return False

    def has_number(self, value: float) -> bool:
        """True when the number ``value`` is written in the trusted text or context."""
        return value in self.numbers

    def has_computed(self, value: float, minor: bool = False) -> bool:
        """True when the amount ``value`` is worked out from the goal's own numbers (:func:`computed_amounts`),
        or from them and a rate the plan's context lists (:func:`rated_amounts`); with ``minor`` (the tool, its
        key or its spec says it takes minor units: the caller decides, round 11), also when written in minor
        units (cents: ``4300`` for 43.00)."""
        if self._computed is None:
            self._computed = computed_amounts(self.goal) | rated_amounts(self.goal, context_rates(self._context))
        minor = minor and float(value).is_integer()
        if _cents(value) in self._computed or (minor and _cents(value / 100) in self._computed):
            return True
        if self._shared is None:  # round 10 (A): a share or a tax of money the goal writes, read only when asked
            money = _GOAL_MONEY.search(self.goal) is not None
            self._shared = shared_amounts(self.goal, context_shares(self._context)) if money else frozenset()
        shared = self._shared
        if not shared:
            return False
        return _cents(value) in shared or (minor and _cents(value / 100) in shared)

    def has_expression(self, value: float, minor: bool) -> bool:
        """True when the amount ``value`` is the value of a small expression (at most three operations) over the
        goal's numbers, counts and percentages (:func:`expression_leaves`, :func:`._amounts.expression_reaches`);
        with ``minor`` (written as a whole number) also read in cents. Looser than :meth:`has_computed`: asked
        only for an amount nothing else trusts, on a step whose every other target is trusted (the rule decides)."""
        if self._leaves is None:
            self._leaves = expression_leaves(self.goal)
        return expression_reaches(abs(float(value)), *self._leaves, minor)

    def has_host(self, host: str, hosts: set[str] | None = None) -> bool:
        """True when ``host`` or a domain above it is mentioned or allowed (``mail.example.com`` by ``example.com``)."""
        parts = host.lower().rstrip(".").split(".")
        known = self.hosts if hosts is None else hosts
        return any(".".join(parts[index:]) in known for index in range(len(parts) - 1))

    def has_address(self, address: str) -> bool:
        """True when the address is given in full, matches ``allow_recipients`` or is in an allowed domain."""
        lowered = address.lower()
        if self.has_text(lowered) or (self.recipients and tool_matches(lowered, self.recipients)):
            return True
        return self.has_host(lowered.rpartition("@")[2], self.allowed)

    def trusts(self, kind: str, value: Any, minor: bool = False) -> bool:
        """Whether a literal ``value`` of target ``kind`` (see :data:`TARGET_KINDS`) comes from the author; an
        amount is read in minor units too (``9000`` for "$90") only with ``minor`` (round 11: where the tool,
        its key or its spec says so; a tool in whole units would pay a hundred times the goal's money)."""
        if isinstance(value, bool) or value is None:
            return True
        if kind == "amount":
            # An amount is its size: a credit or a discount written as a negative adjustment (-40.0 for "a $40
            # credit") moves the amount the goal gives; the sign says which way, not how much.
            if isinstance(value, int | float):
                value = abs(value)
            elif isinstance(value, str) and value.strip().startswith("-"):
                value = value.strip()[1:]
        if isinstance(value, int | float):
            if not math.isfinite(value) or self.has_number(float(value)) or self.has_text(str(value)):
                return True
            return kind == "amount" and self.has_computed(float(value), minor)
        text = str(value).strip()
        if kind == "object" and text.lower() in SYMBOLIC_IDS:
            return True
        if kind in ("account", "recipient") and name_words(text) and set(name_words(text)) <= _OWN_ROLES:
            # ``bank_account: "operating"``, ``deliver_to: "warehouse"``: one of the organisation's own accounts or
            # sites picked by its role; a stranger is reached by a number, an address or a name, never by these.
            return True
        if kind == "channel" and name_words(text) and set(name_words(text)) <= _MEDIA:
            # ``channel: "sms"``: the medium a message travels by, not a room or a handle; whom it reaches is
            # given by the other parameters, which are checked.
            return True
        if kind == "amount":
            number = _to_number(text.lstrip("$€£"))
            if number is None:
                return self.has_text(text)
            return self.has_number(number) or self.has_computed(number, minor)
        if "@" in text and kind in ("recipient", "account"):
            # Never by its domain being mentioned alone: given in full, allowed, or a person's address by the
            # organisation's naming scheme (``jane.doe@`` a mentioned domain, for "Jane Doe").
            return self.has_address(text) or self.has_named_address(text)
        if kind in ("url", "domain", "link"):
            host = urlsplit(text if "//" in text else f"//{text}").hostname
            return (self.has_host(host) or self.has_text(host)) if host else self.has_text(text)
        if kind == "path":
            return self.has_text(text) or self.has_text(text.rstrip("/").rsplit("/", 1)[-1]) or self.has_scheme(text)
        if kind == "amount":
            return self.has_text(text)
        if kind == "account":
            return self.has_text(text) or self.has_reformatted(text)
        if kind == "address":
            # A postal address given whole, or line by line (``street1`` of an address the context holds).
            lines = [line for line in re.split(r"\s*[,\n]\s*", " ".join(text.split())) if line]
            return self.has_text(text) or (bool(lines) and all(self.has_text(line) for line in lines))
        return (
            self.has_text(text)
            or self.has_text(text.lstrip("#@"))
            or self.has_scheme(text)
            or (kind != "path" and self.has_reformatted(text))
        )

    def has_reformatted(self, value: str) -> bool:
        """True when ``value`` is a number or code given in the trusted text in another format: the same
        letters and digits with other spacing or punctuation (``+17755553467`` for "+1 (775) 555-3467",
        ``GB33BUKB2020...`` for "GB33 BUKB 2020 ...", ``L60662`` for "L-60662"), whole tokens there; or a short
        prefix on a number given there (``ORD-64054`` for "order 64054"). Only values with a digit and five
        letters or digits count: words run together are not a reformatted id."""
        compact = _ALNUM_ONLY.sub("", value.lower())
        if len(compact) < 5 or not any(char.isdigit() for char in compact):
            return False
        prefixed = _PREFIXED_NUMBER.fullmatch(value.strip().lower())
        if prefixed is not None and self.has_text(prefixed.group(1)):
            return True
        if self._squeezed is None:
            self._squeezed = _squeeze(self.text)
        squeezed, edges = self._squeezed
        start = squeezed.find(compact)
        while start >= 0:
            end = start + len(compact) - 1
            if edges[start] & _STARTS and edges[end] & _ENDS:
                return True
            start = squeezed.find(compact, start + 1)
        return False

    def _schemes(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """(the goal's own words, every trusted word, the login forms of the people named), read on first use."""
        if self._scheme is None:
            goal = frozenset(_GOAL_TOKEN.findall(self.goal))
            words = frozenset(re.findall(r"[a-z0-9]+", self.text))
            self._scheme = goal, words, person_logins(self._raw)
        return self._scheme

    def has_named_address(self, address: str) -> bool:
        """True for a person's address by a naming scheme: its local part is a login form of a person named in
        the goal or context (``jane.doe``, ``jdoe``, ``jane``) and its domain (or one above it) is mentioned or
        allowed. An address at a domain nobody mentioned never passes this way."""
        local, _, domain = address.lower().rpartition("@")
        return bool(local) and local in self._schemes()[2] and self.has_host(domain)

    def has_scheme(self, value: str) -> bool:
        """True for an identifier built from the goal by a naming scheme (``prod/notifier/db`` for "rotate the
        notifier database password", ``svc-checkout-key`` for "the checkout service key", ``jdoe`` for "Jane
        Doe"): a person's login form, or parts that are each a trusted word or a generic resource word
        (:data:`SCHEME_WORDS`), at least one of them a distinctive word of the goal itself."""
        goal, words, logins = self._schemes()
        lowered = value.strip().lower().lstrip("#@")
        if lowered in logins:
            return True
        parts = [part for part in re.split(r"[^a-z0-9]+", lowered) if part]
        if not parts or len(parts) > 8:
            return False
        anchored = False
        for part in parts:
            if part in goal and part not in SCHEME_WORDS and len(part) >= 3 and not part.isdigit():
                anchored = True
            elif part not in SCHEME_WORDS and part not in words:
                return False
        return anchored


_NUMBER_WORDS = {
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
    "six": 6.0,
    "seven": 7.0,
    "eight": 8.0,
    "nine": 9.0,
    "ten": 10.0,
    "eleven": 11.0,
    "twelve": 12.0,
    "half": 2.0,
    "halves": 2.0,
    "third": 3.0,
    "thirds": 3.0,
    "quarter": 4.0,
    "quarters": 4.0,
    "twice": 2.0,
    "double": 2.0,
    "triple": 3.0,
}
"""Counts a goal can say in words; *half*, *third*, *quarter* as the divisor they imply."""
_FRACTION_WORDS = _words("half halves third thirds quarter quarters")
"""Review of round 11 (R): a fraction only divides (*half of the $900* is 450, never 1,800)."""
_SPLIT_WORDS = _words("split splits divide divided share shared equally evenly each among between per")
_EACH_WORDS = _words("each per")
_RATE_AFTER = re.compile(r"\s?(?:%|percent\b|pct\b)")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?(?:%|percent\b|pct\b)")
_MONTHLY = re.compile(r"\bmonth\b|\bmonthly\b|/\s?mo\b|\ba month\b")
_DAYS = re.compile(r"\bdays?\b")
_MAX_GOAL_NUMBERS = 8
"""Goal numbers combined pairwise; a goal with more numbers combines only its first ones (the set stays
small, so a made-up amount is unlikely to match by chance)."""


def _cents(value: float) -> float:
    return round(value, 2)


@functools.lru_cache(maxsize=256)
def computed_amounts(goal: str) -> frozenset[float]:
    """Amounts a plan may compute from the goal's numbers, rounded to cents (and to whole units).

    * one operation on two of them (``a+b``, ``a-b``, ``a*b``, ``a/b``: "50 units at $3");
    * a count times the difference of two (``c*(a-b)``: "22 rides charged $2.75 instead of $1.35");
    * a share or multiple of one (``a/k``, ``a*k``) for a count *k* the goal says (*half*, *three*, *twice*),
      or any *k* from 2 to 12 when it says *each, per*; only a share (``a/k``) when it says *split, divide,
      between, among, equally* (round 11: a share never multiplies the goal's money);
    * a percentage of one (``a*(1+p/100)``, ``a*(1-p/100)``, ``a*p/100``) for each ``p%`` in the goal;
    * a monthly price prorated by days (``a*b/m`` and ``a/m`` for a month of ``m`` = 28 to 31 days) when the
      goal speaks of both days and a month ("credit 5 days of their $60/month plan");
    * any of the goal's own amounts, so that :meth:`Trusted.has_computed` reads them in minor units too
      (``5000`` cents for "$50").

    Only the goal's numbers take part, never the context's (ids and balances would make nearly every amount
    reachable). Cached by goal text; lower-case input."""
    words = _GOAL_TOKEN.findall(goal)
    # A percentage is a rate applied below, not a number to add or multiply by (review of round 11 R: *5%*
    # made $900 x 5 = 4,500).
    written = (match.group() for match in _NUMBER.finditer(goal) if not _RATE_AFTER.match(goal, match.end()))
    numbers = [value for value in map(_to_number, written) if value]
    counts = {_NUMBER_WORDS[word] for word in words if word in _NUMBER_WORDS and word not in _FRACTION_WORDS}
    said = frozenset(counts)  # counts the goal says in words (*two tickets*), not the shares *split* allows
    parts = frozenset(_NUMBER_WORDS[word] for word in words if word in _FRACTION_WORDS)  # *half*: divide only
    shares: frozenset[float] = parts
    if _SPLIT_WORDS.intersection(words):
        shares = (frozenset(float(count) for count in range(2, 13)) | parts) - counts
        if _EACH_WORDS.intersection(words):
            counts |= shares - parts  # *$40 each*, *$12 per head*: a price times a count
            shares = parts
    numbers = list(dict.fromkeys(numbers))[:_MAX_GOAL_NUMBERS]
    found: set[float] = set()
    for a in numbers:
        for b in numbers:
            if a != b:
                found.update((a + b, a - b, a * b, a / b))  # b - a and b / a: when the loop reaches b
                # A count times the difference of two prices (*22 trips at $2.75 instead of $1.35*): what an
                # overcharge on each of them adds up to.
                found.update(c * (a - b) for c in numbers if c not in (a, b))
        for k in counts:
            found.update((a / k, a * k))
        # Round 11 (R): a split or a share divides the goal's money, never multiplies it (*his share of the $900*
        # is not 12 x 900).
        found.update(a / k for k in shares)
    if _MONTHLY.search(goal) and _DAYS.search(goal):
        for a in numbers:
            for month in (28.0, 29.0, 30.0, 31.0):
                found.add(a / month)
                found.update(a * b / month for b in numbers if b != a)
    for match in _PERCENT.findall(goal):
        rate = float(match) / 100
        # A percentage of one goal number, or of a product or sum of two or a count (*3 nights at $189 plus 12%
        # tax*, *15% off two $40 tickets*): a tax, a discount or a fee on what the goal prices.
        bases = [a for a in numbers if a != float(match)]
        pairs = list(itertools.combinations(bases, 2))
        bases += [a * b for a, b in pairs] + [a + b for a, b in pairs]
        bases += [a * k for a in numbers if a != float(match) for k in said]
        bases += [a / k for a in numbers if a != float(match) for k in parts]
        for a in bases:
            found.update((a * (1 + rate), a * (1 - rate), a * rate))
    rounded = {form for value in found if math.isfinite(value) for form in (_cents(value), float(round(value)))}
    rounded.update(_cents(value) for value in numbers)  # as given, never rounded to whole units
    return frozenset(value for value in rounded if value > 0)


_QUANTITY = re.compile(
    r"(?<![\w.#])(?<![a-z]-)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\.?\d|\s?(?:%|percent\b|pct\b))"
)
"""A number a goal writes as a quantity or a price: not the digits of an id (``S-2176``, ``K-2291``, ``#14``,
``RO20903``), which an amount is never worked out from, nor a percentage (*5%* is the factor 0.05, not five:
review of round 11 R, *5%* made $900 x 5 = 4,500)."""


@functools.lru_cache(maxsize=256)
def expression_leaves(goal: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """What an amount may be worked out from (:func:`._amounts.expression_reaches`): the numbers the goal
    writes (not the digits of an id: ``S-2176``, ``#14``), and as factors, which only scale, the counts it
    says in words (*half* is 2, *two* is 2) and its percentages (*15%* is 0.15, 0.85 and 1.15). Never the
    context's numbers (its ids, phones and balances would make nearly any amount reachable). Lower-case input."""
    numbers = [value for value in (_to_number(match) for match in _QUANTITY.findall(goal)) if value]
    words = _GOAL_TOKEN.findall(goal)
    # A fraction word scales by its fraction (*half*: x 0.5), which never divides (review of round 11 R).
    factors = [
        1 / _NUMBER_WORDS[word] if word in _FRACTION_WORDS else _NUMBER_WORDS[word]
        for word in words
        if word in _NUMBER_WORDS
    ]
    for match in _PERCENT.findall(goal):
        rate = float(match) / 100
        factors += [rate, 1 - rate, 1 + rate]
    return tuple(dict.fromkeys(numbers[:_MAX_GOAL_NUMBERS])), tuple(dict.fromkeys(v for v in factors if v > 0))


_RATE_WORDS = _words("rate rates price prices pricing fee fees fare fares tariff tariffs per")
_MAX_RATES = 12


def context_rates(context: Any) -> tuple[float, ...]:
    """The numbers the plan's context lists under a key naming a rate, price or fee (``rates:
    {transient_per_ft_night: 3.5}``, ``fee_per_bag: 2``), at most :data:`_MAX_RATES` of them, in order."""
    found: list[float] = []
    stack: list[tuple[Any, bool]] = [(context, False)]
    while stack and len(found) < _MAX_RATES:
        item, rated = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                stack.append((value, rated or bool(_RATE_WORDS.intersection(name_words(str(key))))))
        elif isinstance(item, list | tuple):
            stack.extend((value, rated) for value in item)
        elif rated and isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item):
            found.append(float(item))
    return tuple(dict.fromkeys(value for value in found if value > 0))


def rated_amounts(goal: str, rates: tuple[float, ...]) -> frozenset[float]:
    """Amounts a plan may price from the organisation's own rates: a rate the context lists times one or two
    of the goal's numbers (*a 38 ft boat for 2 nights* at a per-foot-night rate of 3.5 is 266). Only rates
    the context gives under a rate, price or fee key take part (not its ids or balances), and only with the
    goal's numbers. Lower-case input; worked out at most once per lint call (:meth:`Trusted.has_computed`),
    only when an amount is not trusted otherwise."""
    if not rates:
        return frozenset()
    numbers = list(dict.fromkeys(v for v in (_to_number(m) for m in _NUMBER.findall(goal)) if v))[:_MAX_GOAL_NUMBERS]
    found: set[float] = set()
    for rate in rates:
        for index, a in enumerate(numbers):
            found.add(rate * a)
            found.update(rate * a * b for b in numbers[index + 1 :])
    return frozenset(form for value in found if math.isfinite(value) and value > 0 for form in (_cents(value),))


_SHARE_WORDS = _words("share shares split cut commission pct percent percentage tax vat")
_PERCENT_KEY_WORDS = _words("pct percent percentage tax vat")
_TAX_WORDS = _words("tax vat")
_GOAL_MONEY = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)")


def context_shares(context: Any) -> tuple[tuple[float, bool], ...]:
    """Round 10 (A): the proportions the plan's context gives under a key naming a share or a tax
    (``commission: {artist_share: 0.5}``, ``sales_tax_pct: 8.25``), as fractions, each with whether it is a tax:
    a value below 1 is a fraction already; 1 to 100 is a percentage only under a key that says so (*pct,
    percent, tax, vat*). At most :data:`_MAX_RATES`, in order."""
    found: list[tuple[float, bool]] = []
    stack: list[tuple[Any, frozenset[str]]] = [(context, frozenset())]
    while stack and len(found) < _MAX_RATES:
        item, words = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                stack.append((value, words | frozenset(name_words(str(key)))))
        elif isinstance(item, list | tuple):
            stack.extend((value, words) for value in item)
        elif isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item) and item > 0:
            if not _SHARE_WORDS.intersection(words):
                continue
            if item < 1:
                found.append((float(item), bool(_TAX_WORDS.intersection(words))))
            elif item <= 100 and _PERCENT_KEY_WORDS.intersection(words):
                found.append((float(item) / 100, bool(_TAX_WORDS.intersection(words))))
    return tuple(dict.fromkeys(found))


def shared_amounts(goal: str, shares: tuple[tuple[float, bool], ...]) -> frozenset[float]:
    """Round 10 (A): amounts a plan may work out by applying a proportion the context gives to money the goal
    states: a share of it and the rest (*Renata's cut of the $15,500 sale* at an ``artist_share`` of 0.5 is
    7,750), or it with a tax added (*$24 + tax* at a ``sales_tax_pct`` of 8.25 is 25.98; only when the goal
    says *tax*). Only money the goal writes with a currency sign takes part, never its ids or counts, so no
    such amount exceeds the goal's money plus the tax. Lower-case input."""
    if not shares:
        return frozenset()
    money = [value for value in (_to_number(match) for match in _GOAL_MONEY.findall(goal)) if value]
    taxed = "tax" in goal or "vat" in goal
    found: set[float] = set()
    for amount in money[:_MAX_GOAL_NUMBERS]:
        for rate, is_tax in shares:
            found.update((amount * rate, amount * (1 - rate)))
            if is_tax and taxed:
                found.add(amount * (1 + rate))
    return frozenset(_cents(value) for value in found if value > 0)


_ALNUM_ONLY = re.compile(r"[^a-z0-9]+")
_PREFIXED_NUMBER = re.compile(r"[a-z]{1,4}[-_#: ]?(\d{4,})")
_STARTS, _ENDS = 1, 2


def _squeeze(text: str) -> tuple[str, bytearray]:
    """``text`` (lower case) with only its letters and digits, and for each of them whether it starts or ends
    a token of the original (``L-60662`` squeezes to ``l60662``, ``l`` starts a token, ``2`` ends one)."""
    tokens = _ALNUM_TOKEN.findall(text)
    edges = bytearray()
    for token in tokens:
        edge = bytearray(len(token))
        edge[0] = _STARTS
        edge[-1] |= _ENDS
        edges += edge
    return "".join(tokens), edges


_ALNUM_TOKEN = re.compile(r"[A-Za-z0-9]+")


def _inside_token(char: str) -> bool:
    return char.isalnum() or char in "_@"


def _to_number(text: str) -> float | None:
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _strings(value: Any, *, numbers: bool = True) -> list[str]:
    """Every string (keys included) and, unless ``numbers`` is false, number text inside ``value``, iteratively."""
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.extend(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            out.append(item)
        elif numbers and isinstance(item, int | float) and not isinstance(item, bool):
            out.append(str(item))
    return out


def _numbers(value: Any) -> Iterable[float]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item):
            yield float(item)


TARGET_KINDS = ("account", "url", "domain", "path", "channel", "amount", "recipient", "address", "object")
"""What a side effect's parameter may point at, in the order a key is tested against them."""
_TARGET_WORDS = _table(
    "account: iban account accounts payee beneficiary wallet routing bic swift card creditor; "
    "recipient: to cc bcc recipient recipients email emails invitee invitees attendee attendees participant "
    "participants member members user users username assignee collaborator collaborators grantee phone receiver "
    "receivers "
    "forward contact contacts address addresses principal destination destinations; "
    "channel: channel channels room conversation thread group; "
    "url: url uri link webhook endpoint callback href; "
    "domain: domain host hostname ip ips ipv4 ipv6 server servers origin upstream proxy nameserver nameservers "
    "mx cname; "
    "path: path file filename filepath folder dir directory; "
    "amount: amount sum total; "
    "bound: limit threshold cap quota"
)
_DESCRIBES = _words(
    "subject body text content html note notes memo comment comments description title template type types kind "
    "status state count verified enabled disabled only agent role roles topic format style language locale "
    "timezone tz currency label labels preview snippet"
)
"""Last words of keys that describe a property of what the first words name (``email_subject``,
``account_type``, ``recipient_count``, ``link_text``): the value is that property, not a target."""
_BOOKKEEPING = _words("gl ledger category categories coa expense expenses income revenue")
"""Words of keys that name a bookkeeping category (``gl_account``, ``ledger_account``, ``expense_account``: a
line of the chart of accounts a payment is filed under), not a destination."""


@functools.lru_cache(maxsize=4096)
def target_kind(key: str) -> str | None:
    """The kind of target a parameter names (``to_account`` an account, ``webhook_url`` a URL, ``message_id``
    an object), or None for parameters that only describe (``subject``, ``body``, ``note``)."""
    words = name_words(key)
    if not words or _BOOKKEEPING.intersection(words):
        return None  # ``gl_account: "Late fees"`` files a charge under a ledger category; nothing goes there
    if len(words) > 1 and words[-1] in _DESCRIBES:
        return None  # ``email_subject``, ``account_type``, ``attendee_count``: a property of the target, not one
    if "street" in words or ("line" in words and "address" in words):
        return "address"  # ``street1``, ``address_line1``: a postal address, where goods are shipped
    kinds = {kind for word in words for kind in _TARGET_WORDS.get(word, ())}
    if not kinds and any(routes_on(word) for word in words):
        kinds.add("recipient")  # round 11 (R): ``autoforward``, ``forwardto``, ``redirect``: where mail goes next
    if "bound" in kinds and len(words) > 1 and words[-1] not in ("id", "ids"):
        kinds.add("amount")  # ``daily_limit``, ``spend_cap``: a bound on money; a bare ``limit`` pages results
    for kind in TARGET_KINDS:
        if kind in kinds:
            return kind
    if key in _PAYMENT_RECORDS:
        return "object"  # ``charge: "ch_529670"``: the payment a refund returns, named by its id
    if words[-1] in ("id", "ids") or key in ("id", "ids"):
        # ``templateId``, ``format_id``: which template or kind of message is used says how it is sent, not
        # to whom or what; the recipient and the object are other parameters.
        return None if len(words) > 1 and words[-2] in _MANNER else "object"
    if len(words) > 1 and words[-1] in _RECORD_NUMBERS and words[-2] not in _POSITIONS:
        return "object"  # ``loan_number``, ``confirmationNumber``, ``order_no``: the record's number is its id
    if len(words) > 1 and words[-1] in _PAY_DETAILS and words[0] in _PAY_ROUTES:
        return "account"  # ``wire_instructions``, ``bank_details``, ``remittance_info``: where the money goes
    return None


_ROUTING_WORD = re.compile(
    r"(?:auto|mail|email|smtp)?(?:forward(?:ing)?|redirect|relay)(?:to|address|addr|email|mail)?"
)


def routes_on(word: str) -> bool:
    """Round 11 (R): whether one word of a key, written run together, says where mail or messages go from now on
    (``autoforward``, ``forwardto``, ``mailforward``, ``redirect``, ``forwarding``): a mail rule's destination,
    read as a recipient. Not ``forwarded`` (``forwarded_at`` dates a message) nor a word with more after it."""
    return _ROUTING_WORD.fullmatch(word.lower()) is not None


_OWN_ROLES = _words(
    "operating checking savings payroll petty cash main primary default warehouse office shop store headquarters "
    "hq depot stockroom front desk"
)
"""Words that name one of the organisation's own accounts or sites by its role (``operating``, ``warehouse``)."""
_MEDIA = _words("sms mms text texts email mail push voice call phone letter post postal app in fax")
"""Words of a channel value that name a medium (``sms``, ``in_app``, ``push``), not a place a message goes."""
_PAYMENT_RECORDS = _words("charge charges")
"""Bare keys that give the payment a refund or a capture acts on (Stripe's ``charge``), by its id."""
_MANNER = _words("template templates format formats kind kinds type types style layout theme")
"""Words before *id* that pick the manner of a message (``templateId``), not its target."""
_RECORD_NUMBERS = _words("number numbers num no nr")
"""Last words of keys that give a record by its number (``loan_number``, ``confirmationNumber``), as ``_id`` does."""
_POSITIONS = _words("line page row column col step sequence seq version revision position index part week day")
"""Words before *number* that count or place (``line_number``, ``version_number``), not name a record."""
_PAY_ROUTES = _words("wire wiring bank banking remittance remit payout payment payments deposit settlement")
_PAY_DETAILS = _words("instructions instruction details detail info information")
"""A key made of a way money moves and *instructions/details* (``wire_instructions``) says where it goes."""
