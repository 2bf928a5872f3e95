"""Static reasoning shared by the lint rules: what a plan's values are before it runs.

Two families of helpers live here:

* **Conditions, by interval reasoning.** :func:`region` over-approximates the set of values for which a
  condition has a given outcome, as a box: one :class:`Domain` per operand (the numbers it may be, the
  other values it may be, and whether it may be missing). An empty result means the outcome is
  impossible, so "this condition can never be true" is only ever said when it is certain.
* **Literal parameters:** assets, amounts, swaps and spends, slippage settings and chain ids, read from
  the literal values of an action's ``params`` (values holding references are unknown, never guessed).

Semantics assumed for conditions (the executor follows the same rules):

* a comparison whose operand is missing, null or NaN is *unknown*: never true, and ``not`` of it is
  unknown too (``not`` never turns a missing value into true);
* values compare within their kind: numbers numerically (a string holding a number, ``"4000"``, is that
  number), other strings in lexicographic order, booleans with false before true;
* values of different kinds are not equal (``eq`` is false, ``neq`` true) and not ordered (``gt`` and
  the other orderings are unknown).

Where runtimes are known to differ (is ``true`` equal to 1?) the reasoning allows both answers, so it
stays sound for either. ``tests/lint/rules/test_static.py`` checks soundness against this semantics on
generated conditions.

Everything is iterative (conditions are walked with explicit stacks) and linear in the size of what
it reads.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ..plan import (
    ActionNode,
    CompareCondition,
    CompareOp,
    Condition,
    EnvRef,
    LiteralValue,
    LogicCondition,
    LogicOp,
    NodeVisit,
    Plan,
    RuntimeRef,
    StepOutputRef,
    TimeTrigger,
    ValueRef,
    parse_template,
)

if TYPE_CHECKING:
    from ._context import LintContext

_T = TypeVar("_T")

# ============================================================================================ intervals
Span = tuple[float, bool, float, bool]
"""``(low, low_closed, high, high_closed)``; infinite ends are always open."""
Spans = tuple[Span, ...]
"""Disjoint spans in increasing order."""

_INF = math.inf
ALL_NUMBERS: Spans = ((-_INF, False, _INF, False),)
NO_NUMBERS: Spans = ()


def _ends_before(a: Span, b: Span) -> bool:
    """True when span ``a`` ends strictly before span ``b`` ends."""
    return a[2] < b[2] or (a[2] == b[2] and not a[3] and b[3])


def intersect_spans(a: Spans, b: Spans) -> Spans:
    """The numbers in both ``a`` and ``b``."""
    out: list[Span] = []
    i = j = 0
    while i < len(a) and j < len(b):
        x, y = a[i], b[j]
        if x[0] != y[0]:
            low, low_in = (x[0], x[1]) if x[0] > y[0] else (y[0], y[1])
        else:
            low, low_in = x[0], x[1] and y[1]
        if x[2] != y[2]:
            high, high_in = (x[2], x[3]) if x[2] < y[2] else (y[2], y[3])
        else:
            high, high_in = x[2], x[3] and y[3]
        if low < high or (low == high and low_in and high_in):
            out.append((low, low_in, high, high_in))
        if _ends_before(x, y):
            i += 1
        elif _ends_before(y, x):
            j += 1
        else:
            i, j = i + 1, j + 1
    return tuple(out)


def union_spans(a: Spans, b: Spans) -> Spans:
    """The numbers in ``a`` or ``b``."""
    ordered = sorted(a + b, key=lambda span: (span[0], not span[1]))
    out: list[Span] = []
    for span in ordered:
        if out:
            last = out[-1]
            touches = span[0] < last[2] or (span[0] == last[2] and (span[1] or last[3]))
            if touches:
                if _ends_before(last, span):
                    out[-1] = (last[0], last[1], span[2], span[3])
                continue
        out.append(span)
    return tuple(out)


_OP_SPANS: dict[CompareOp, Callable[[float], Spans]] = {
    CompareOp.GT: lambda c: ((c, False, _INF, False),),
    CompareOp.GTE: lambda c: ((c, True, _INF, False),),
    CompareOp.LT: lambda c: ((-_INF, False, c, False),),
    CompareOp.LTE: lambda c: ((-_INF, False, c, True),),
    CompareOp.EQ: lambda c: ((c, True, c, True),),
    CompareOp.NEQ: lambda c: ((-_INF, False, c, False), (c, False, _INF, False)),
}


def _op_pairs(text: str) -> dict[CompareOp, CompareOp]:
    return {CompareOp(a): CompareOp(b) for a, b in (pair.split(":") for pair in text.split())}


_OPPOSITE = _op_pairs("gt:lte lte:gt gte:lt lt:gte eq:neq neq:eq")
"""The operator true exactly where the other is false (for comparable values)."""
_MIRRORED = _op_pairs("gt:lt lt:gt gte:lte lte:gte eq:eq neq:neq")
"""The operator after swapping the sides."""
_ORDERING = frozenset({CompareOp.GT, CompareOp.GTE, CompareOp.LT, CompareOp.LTE})

# ========================================================================== discrete sets and domains
Discrete = tuple[bool, frozenset[Hashable]]
"""``(cofinite, values)``: the values listed, or (cofinite) every value except those listed."""
ALL_VALUES: Discrete = (True, frozenset())
NO_VALUES: Discrete = (False, frozenset())


def intersect_discrete(a: Discrete, b: Discrete) -> Discrete:
    """The values in both sets."""
    (a_co, a_values), (b_co, b_values) = a, b
    if a_co and b_co:
        return True, a_values | b_values
    return False, (b_values - a_values if a_co else a_values - b_values if b_co else a_values & b_values)


def union_discrete(a: Discrete, b: Discrete) -> Discrete:
    """The values in either set."""
    (a_co, a_values), (b_co, b_values) = a, b
    if not a_co and not b_co:
        return False, a_values | b_values
    return True, (a_values & b_values if a_co and b_co else a_values - b_values if a_co else b_values - a_values)


class Domain(NamedTuple):
    """What one operand may be: numbers (``num``), other values (``other``), and/or missing."""

    num: Spans
    other: Discrete
    missing: bool

    def meet(self, other: Domain) -> Domain:
        """Values allowed by both."""
        return Domain(
            intersect_spans(self.num, other.num),
            intersect_discrete(self.other, other.other),
            self.missing and other.missing,
        )

    def join(self, other: Domain) -> Domain:
        """Values allowed by either."""
        return Domain(
            union_spans(self.num, other.num),
            union_discrete(self.other, other.other),
            self.missing or other.missing,
        )

    @property
    def empty(self) -> bool:
        """True when no value at all is allowed."""
        return not self.num and self.other == NO_VALUES and not self.missing


ANYTHING = Domain(ALL_NUMBERS, ALL_VALUES, True)
PRESENT = Domain(ALL_NUMBERS, ALL_VALUES, False)
MISSING = Domain(NO_NUMBERS, NO_VALUES, True)
NOTHING = Domain(NO_NUMBERS, NO_VALUES, False)

OperandKey = tuple[Hashable, ...]
"""Identifies an operand: ``("step", id, path)``, ``("env", key)``, ``("runtime", fn, args)``, or
``("cmp", a, b)`` for the relation between two operands (compared like ``a - b`` against 0)."""
Region = dict[OperandKey, Domain] | None
"""A box of operand domains (a missing key allows anything); None is the empty region."""


class Mode(Enum):
    """Which outcome of a condition :func:`region` describes."""

    TRUE = "true"
    FALSE = "false"
    NOT_TRUE = "not_true"
    """False or unknown: when an ``if`` takes its ``else`` branch."""
    NOT_FALSE = "not_false"


_NEGATED = dict(zip(Mode, (Mode.FALSE, Mode.TRUE, Mode.NOT_FALSE, Mode.NOT_TRUE), strict=True))
_ADMITS = dict(zip(Mode, map(frozenset, ("T", "F", "FU", "TU")), strict=True))
"""Outcomes (true, false, unknown) each mode stands for."""


# ============================================================================================ literals
class _NotLiteral:
    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL: Any = _NotLiteral()
"""Returned by :func:`literal` for a value that holds a reference (its value is known only at run time)."""

_NUMBER_TEXT = re.compile(r"^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$")


def literal(value: Any) -> Any:
    """The scalar ``value`` is, or :data:`NOT_LITERAL` (a reference, a template string, a container)."""
    while isinstance(value, dict) and value.get("type") == "literal" and "value" in value and len(value) == 2:
        value = value["value"]  # a literal reference object holds its value
    if isinstance(value, dict):
        return NOT_LITERAL
    if isinstance(value, str):
        if "{" in value and any(not isinstance(part, str) for part in parse_template(value)):
            return NOT_LITERAL
        return value
    if value is None or isinstance(value, bool | int | float):
        return value
    return NOT_LITERAL


def number(value: Any) -> float | None:
    """A finite number from a number or a numeric string (``"4000"``); None otherwise (booleans too)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            result = float(value)
        except OverflowError:
            return None
        return result if math.isfinite(result) else None
    if isinstance(value, str) and _NUMBER_TEXT.match(value):
        return number(float(value))
    return None


def decimal(value: Any) -> Decimal | None:
    """An exact, finite, non-negative amount from a literal number or numeric string; None otherwise."""
    if isinstance(value, bool) or number(value) is None:
        return None
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:  # pragma: no cover - number() already accepted the text
        return None
    return amount if amount >= 0 else None


# ========================================================================================== operands
@dataclass(frozen=True, slots=True)
class _Lit:
    value: Any


def operand_key(value: ValueRef) -> OperandKey | _Lit:
    """The key of a non-literal operand, or the literal wrapped in ``_Lit``. Iterative over nested args."""
    if isinstance(value, LiteralValue):
        return _Lit(value.value)
    if isinstance(value, StepOutputRef):
        return ("step", value.step_id, value.path)
    if isinstance(value, EnvRef):
        return ("env", value.key)
    return ("runtime", value.fn.value, _runtime_args(value))


def _runtime_args(call: RuntimeRef) -> str:
    # Nested runtime calls are rare; describing them gives a canonical, hashable text without recursion.
    return ", ".join(describe_value(arg) for arg in call.args)


def describe_value(value: ValueRef) -> str:
    """A short text for an operand: ``price("ETH")``, ``{{s1.result}}``, ``env.KEY``, ``4000``."""
    stack: list[Any] = [value]
    out: list[str] = []
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, LiteralValue):
            out.append(json.dumps(item.value))
        elif isinstance(item, StepOutputRef):
            out.append(f"{{{{{item.step_id}{'.' + item.path if item.path else ''}}}}}")
        elif isinstance(item, EnvRef):
            out.append(f"env.{item.key}")
        elif isinstance(item, RuntimeRef):
            parts: list[Any] = [f"{item.fn.value}("]
            for index, arg in enumerate(item.args):
                parts.extend([", "] if index else [])
                parts.append(arg)
            parts.append(")")
            stack.extend(reversed(parts))
    return "".join(out)


_SYMBOLS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "eq": "==", "neq": "!="}


def describe_condition(condition: Condition, limit: int = 160) -> str:
    """A readable one-line form of a condition, cut at ``limit`` characters."""
    stack: list[Any] = [condition]
    out: list[str] = []
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, CompareCondition):
            out.append(f"{describe_value(item.left)} {_SYMBOLS[item.op.value]} {describe_value(item.right)}")
        elif item.op is LogicOp.NOT:
            stack.extend([")", item.conditions[0], "not ("])
        else:
            parts: list[Any] = ["("]
            for index, child in enumerate(item.conditions):
                parts.extend([f" {item.op.value} "] if index else [])
                parts.append(child)
            parts.append(")")
            stack.extend(reversed(parts))
    text = "".join(out)
    if isinstance(condition, LogicCondition) and condition.op is not LogicOp.NOT:
        text = text[1:-1]  # the outermost parentheses add nothing
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ========================================================================================== regions
def _kind_tag(value: Any) -> Hashable:
    return ("bool", value) if isinstance(value, bool) else ("str", value)


def _outcome_domains(op: CompareOp, constant: Any) -> tuple[Domain, Domain, Domain]:
    """Where ``operand op constant`` is true, false and unknown. Where runtimes disagree (is ``true`` equal
    to 1? are booleans ordered?) a value is allowed in every outcome it may have, which keeps this sound."""
    threshold = number(constant)
    if threshold is not None:
        spans, rest = _OP_SPANS[op](threshold), _OP_SPANS[_OPPOSITE[op]](threshold)
        bools = (False, frozenset(_bool_tags(op, threshold)))
        if op in _ORDERING:
            opposite = (False, frozenset(_bool_tags(_OPPOSITE[op], threshold)))
            return (
                Domain(spans, bools, False),
                Domain(rest, opposite, False),
                Domain(NO_NUMBERS, ALL_VALUES, True),
            )
        if op is CompareOp.EQ:
            return Domain(spans, bools, False), Domain(rest, ALL_VALUES, False), MISSING
        return Domain(spans, ALL_VALUES, False), Domain(rest, _bool_tags_eq(threshold), False), MISSING
    if isinstance(constant, str | bool) and op not in _ORDERING:
        tag = _kind_tag(constant)
        nums = _OP_SPANS[CompareOp.EQ](float(constant)) if isinstance(constant, bool) else NO_NUMBERS
        equal, unequal = (
            Domain(nums, (False, frozenset({tag})), False),
            Domain(ALL_NUMBERS, (True, frozenset({tag})), False),
        )
        return (equal, unequal, MISSING) if op is CompareOp.EQ else (unequal, equal, MISSING)
    # Null constants and string ordering: nothing is known, so every outcome stays possible everywhere.
    return ANYTHING, ANYTHING, ANYTHING


def _bool_tags(op: CompareOp, threshold: float) -> list[Hashable]:
    """The booleans for which ``boolean op threshold`` holds when booleans count as 0 and 1."""
    return [_kind_tag(flag) for flag in (False, True) if _literal_outcomes(float(flag), op, threshold) == {"T"}]


def _bool_tags_eq(threshold: float) -> Discrete:
    return False, frozenset(_bool_tags(CompareOp.EQ, threshold))


def _literal_outcomes(left: Any, op: CompareOp, right: Any) -> frozenset[str]:
    """Which outcomes ``left op right`` may have when both sides are literals."""
    if left is None or right is None:
        return frozenset("TFU")
    a, b = number(left), number(right)
    if a is not None and b is not None:
        table = {"gt": a > b, "gte": a >= b, "lt": a < b, "lte": a <= b, "eq": a == b, "neq": a != b}
        return frozenset("T" if table[op.value] else "F")
    if op in _ORDERING:
        return frozenset("TFU")
    if isinstance(left, bool) != isinstance(right, bool) and (a is not None or b is not None):
        return frozenset("TF")  # true == 1 in some runtimes
    same = _kind_tag(left) == _kind_tag(right) and type(left) is type(right)
    return frozenset("T" if same == (op is CompareOp.EQ) else "F")


def _leaf(condition: CompareCondition, mode: Mode, within: Mapping[OperandKey, Domain] | None) -> Region:
    op = condition.op
    left, right = operand_key(condition.left), operand_key(condition.right)
    if isinstance(left, _Lit) and isinstance(right, _Lit):
        possible = _literal_outcomes(left.value, op, right.value)
        return {} if possible & _ADMITS[mode] else None
    if isinstance(left, _Lit):
        left, right, op = right, left, _MIRRORED[op]
    assert not isinstance(left, _Lit)
    if isinstance(right, _Lit):
        key, outcomes = left, _outcome_domains(op, right.value)
    elif left == right:
        holds = op in (CompareOp.GTE, CompareOp.LTE, CompareOp.EQ)
        key, outcomes = left, ((PRESENT, NOTHING, MISSING) if holds else (NOTHING, PRESENT, MISSING))
    else:
        if repr(right) < repr(left):
            left, right, op = right, left, _MIRRORED[op]
        key, outcomes = ("cmp", left, right), _outcome_domains(op, 0)
    return _box(key, _pick(outcomes, mode), within)


def _pick(outcomes: tuple[Domain, Domain, Domain], mode: Mode) -> Domain:
    true, false, unknown = outcomes
    if mode is Mode.TRUE:
        return true
    if mode is Mode.FALSE:
        return false
    return false.join(unknown) if mode is Mode.NOT_TRUE else true.join(unknown)


def _box(key: OperandKey, domain: Domain, within: Mapping[OperandKey, Domain] | None) -> Region:
    known = within.get(key) if within is not None else None
    if known is not None:
        domain = domain.meet(known)
    if domain.empty:
        return None
    return {} if domain == ANYTHING else {key: domain}


def meet(a: Region, b: Region) -> Region:
    """Both regions at once (None when they don't overlap)."""
    if a is None or b is None:
        return None
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    out = dict(large)
    for key, domain in small.items():
        if key in out:
            domain = domain.meet(out[key])
            if domain.empty:
                return None
        out[key] = domain
    return out


def join(a: Region, b: Region) -> Region:
    """Either region (a box holding both: operands constrained in only one become unconstrained)."""
    if a is None:
        return b
    if b is None:
        return a
    out: dict[OperandKey, Domain] = {}
    for key, domain in a.items():
        if key in b:
            merged = domain.join(b[key])
            if merged != ANYTHING:
                out[key] = merged
    return out


def region(condition: Condition, mode: Mode = Mode.TRUE, within: Mapping[OperandKey, Domain] | None = None) -> Region:
    """Where ``condition`` has the outcome ``mode`` (given the facts ``within``), as a box; None if nowhere.

    Sound: every assignment of operand values with that outcome lies in the box, so None proves the
    outcome impossible. ``not`` is pushed inwards (swapping true with false, "not true" with "not false").
    """
    stack: list[tuple[Condition, Mode, bool]] = [(condition, mode, False)]
    results: list[Region] = []
    while stack:
        current, current_mode, combine = stack.pop()
        if isinstance(current, CompareCondition):
            results.append(_leaf(current, current_mode, within))
            continue
        if current.op is LogicOp.NOT:
            stack.append((current.conditions[0], _NEGATED[current_mode], False))
            continue
        if not combine:
            stack.append((current, current_mode, True))
            stack.extend((child, current_mode, False) for child in current.conditions)
            continue
        count = len(current.conditions)
        parts = results[-count:]
        del results[-count:]
        conjunction = (current.op is LogicOp.AND) == (current_mode in (Mode.TRUE, Mode.NOT_FALSE))
        combined = parts[0]
        for part in parts[1:]:
            combined = meet(combined, part) if conjunction else join(combined, part)
        results.append(combined)
    return results[0]


def can_be_true(condition: Condition, within: Mapping[OperandKey, Domain] | None = None) -> bool:
    """False only when the condition is certainly never true (given ``within``)."""
    return region(condition, Mode.TRUE, within) is not None


def always_true(condition: Condition, within: Mapping[OperandKey, Domain] | None = None) -> bool:
    """True only when the condition is certainly true every time it is checked (given ``within``)."""
    return region(condition, Mode.NOT_TRUE, within) is None


def condition_keys(condition: Condition) -> list[OperandKey]:
    """The operand keys a condition constrains (as :func:`region` names them), in document order."""
    keys: list[OperandKey] = []
    stack: list[Condition] = [condition]
    while stack:
        current = stack.pop()
        if not isinstance(current, CompareCondition):
            stack.extend(reversed(current.conditions))
            continue
        left, right = operand_key(current.left), operand_key(current.right)
        if isinstance(left, _Lit):
            left, right = right, left
        if isinstance(left, _Lit):
            continue
        if isinstance(right, _Lit) or left == right:
            keys.append(left)
        else:
            keys.append(("cmp", *sorted((left, right), key=repr)))
    return keys


def is_volatile(key: OperandKey) -> bool:
    """True for operands that change while a plan runs (runtime calls: prices, balances, gas, time)."""
    if key[0] == "runtime":
        return True
    return key[0] == "cmp" and any(isinstance(part, tuple) and part[0] == "runtime" for part in key[1:])


# ============================================================================================== memo
def memo(ctx: LintContext, name: str, compute: Callable[[], _T]) -> _T:
    """``compute()`` once per lint run and ``name`` (see :meth:`LintContext.memo`)."""
    return ctx.memo(name, compute)


def visits_of(ctx: LintContext, *kinds: str) -> list[NodeVisit]:
    """The lint context's node visits of the given node types, in document order (indexed once per run)."""

    def index() -> dict[str, list[NodeVisit]]:
        by_type: dict[str, list[NodeVisit]] = {}
        for visit in ctx.visits:
            by_type.setdefault(visit.node.type, []).append(visit)
        return by_type

    by_type = memo(ctx, "visits_by_type", index)
    found = [visit for kind in kinds for visit in by_type.get(kind, ())]
    if len(kinds) > 1:
        position = ctx.graph.position
        found.sort(key=lambda visit: position[visit.node.id])
    return found


# ============================================================================================== time
def plan_start(plan: Plan, now: datetime) -> datetime:
    """When a run of the plan starts at the earliest: its time trigger's ``at`` or interval trigger's
    ``start_at`` when that is in the future, now otherwise."""
    trigger = plan.trigger
    start = trigger.at if isinstance(trigger, TimeTrigger) else getattr(trigger, "start_at", None)
    return start if isinstance(start, datetime) and start > now else now


# ================================================================================ literal parameters
@functools.lru_cache(maxsize=8192)
def norm_key(key: str) -> str:
    """Parameter names compared loosely: ``from_token``, ``fromToken`` and ``FROM-TOKEN`` are one name."""
    return key.replace("_", "").replace("-", "").lower()


def top_params(action: ActionNode) -> dict[str, tuple[str, Any]]:
    """The action's top-level params by :func:`norm_key`, each with its original key (first one wins)."""
    found: dict[str, tuple[str, Any]] = {}
    for key, value in action.params.items():
        found.setdefault(norm_key(key), (key, value))
    return found


def walk_params(
    params: dict[str, Any], base: str, names: frozenset[str] | None = None
) -> Iterator[tuple[str, Any, str]]:
    """Every ``(key, value, json_path)`` inside params in document order, nested dicts and lists included
    (iteratively; a list's items carry the list's key); reference objects are values, never entered. With
    ``names``, only keys whose :func:`norm_key` is one of them are yielded (paths are built only for those
    and for the containers on the way)."""
    stack: list[tuple[Iterator[tuple[Any, Any]], str, str | None]] = [(iter(params.items()), base, None)]
    while stack:
        items, where, list_key = stack[-1]
        entry = next(items, None)
        if entry is None:
            stack.pop()
            continue
        index, value = entry
        key = list_key if list_key is not None else str(index)
        wanted = names is None or norm_key(key) in names
        # A list is entered when its items are wanted, or when it holds containers that may hold wanted keys.
        is_list = value.__class__ is list and (wanted or any(item.__class__ in (dict, list) for item in value))
        is_dict = value.__class__ is dict and literal(value) is NOT_LITERAL and not _is_reference(value)
        if not (wanted or is_list or is_dict):
            continue
        spot = f"{where}[{index}]" if list_key is not None else f"{where}.{key}"
        if wanted:
            yield key, value, spot
        if is_dict:
            stack.append((iter(value.items()), spot, None))
        elif is_list:
            stack.append((iter(enumerate(value)), spot, key))


def _is_reference(value: dict[str, Any]) -> bool:
    return value.get("type") in ("step_output", "env", "runtime")


def traded(value: Any) -> str | None:
    """An asset named in a trade: a literal symbol (:func:`asset`), or the text of a reference (the same
    reference is the same run-time asset, so two trades on ``{{pick.token}}`` do trade one asset)."""
    symbol = asset(value)
    if symbol is not None or literal(value) is not NOT_LITERAL:
        return symbol
    return value.strip() if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)


def asset(value: Any) -> str | None:
    """An asset symbol or address from a literal string (upper-cased, so ``eth`` is ``ETH``)."""
    text = literal(value)
    if not isinstance(text, str) or not text.strip():
        return None
    return text.strip().upper()


def percent(value: Any) -> float | None:
    """A literal percentage: a number, or text such as ``"0.5"`` or ``"0.5%"``."""
    text = literal(value)
    if isinstance(text, str) and text.strip().endswith("%"):
        text = text.strip()[:-1]
    return number(text) if text is not NOT_LITERAL else None


# ============================================================================== trades and spending
_PAIR_KEYS = (
    ("fromtoken", "totoken"),
    ("tokenin", "tokenout"),
    ("sell", "buy"),
    ("selltoken", "buytoken"),
    ("fromasset", "toasset"),
    ("inputtoken", "outputtoken"),
)
"""Swap parameters naming the asset given up and the asset received (compared with :func:`norm_key`)."""
_ASSET_KEYS = ("token", "asset", "symbol", "coin", "base", "pair", "market", "currency")
_QUOTE_KEYS = ("quote", "quotetoken", "quoteasset", "quotecurrency")
_TRADE_WORDS = frozenset({"trade", "trades", "exchange", "buy", "sell", "order", "orders", "dex"})
_SPEND_WORDS = frozenset(
    {"transfer", "send", "pay", "payout", "bridge", "deposit", "stake", "withdraw", "refund", "tip", "donate"}
)
_TRADE_AMOUNT_KEYS = ("amount", "amountin", "fromamount", "sellamount", "inputamount", "quantity", "qty")
_BUY_COST_KEYS = ("quoteamount", "cost", "total")
_SPEND_AMOUNT_KEYS = ("amount", "value", "quantity", "qty")


@dataclass(frozen=True, slots=True)
class Trade:
    """An action that gives up ``sold`` to receive ``bought`` (either may be unknown: None)."""

    node_id: str
    sold: str | None
    bought: str | None
    path: str
    """JSON path of the parameter naming the traded asset."""


@dataclass(frozen=True, slots=True)
class Spend:
    """A literal amount of an asset that an action gives away."""

    node_id: str
    asset: str
    amount: Decimal
    path: str


def _words(tool: str) -> set[str]:
    return set(re.split(r"[._\-/:]+", tool.lower()))


@functools.lru_cache(maxsize=4096)
def is_trading_tool(tool: str) -> bool:
    """Swap and exchange tools: a name containing ``swap`` or a word ``trade``, ``exchange``, ``buy``,
    ``sell``, ``order`` or ``dex`` (``defi_swap``, ``dex.swap``, ``exchange.buy``, ``trade``)."""
    return "swap" in tool.lower() or bool(_words(tool) & _TRADE_WORDS)


@functools.lru_cache(maxsize=4096)
def is_spending_tool(tool: str) -> bool:
    """Transfer-like tools: a name word ``transfer``, ``send``, ``pay``, ... (see :func:`spends_of`)."""
    return bool(_words(tool) & _SPEND_WORDS)


def trade_of(action: ActionNode, path: str) -> Trade | None:
    """What a swap or exchange action trades, from its params (None for other actions): literal asset names,
    or the text of a reference when an asset is only known at run time.

    Recognised: ``from_token``/``to_token``, ``token_in``/``token_out``, ``sell``/``buy`` (and
    ``sell_token``/``buy_token``, ``from_asset``/``to_asset``, ``input_token``/``output_token``); or a
    side (a tool ending in ``buy``/``sell``, or a ``side`` param) with ``token``/``asset``/``symbol``/``coin``
    /``base`` (a ``pair``/``market`` such as ``ETH/USDC`` gives base and quote), plus ``quote``.
    """
    if not is_trading_tool(action.tool):
        return None
    params = top_params(action)
    for sold_key, bought_key in _PAIR_KEYS:
        if sold_key in params and bought_key in params:
            sold, bought = traded(params[sold_key][1]), traded(params[bought_key][1])
            if (sold or bought) and sold != bought:
                return Trade(action.id, sold, bought, f"{path}.params.{params[sold_key][0]}")
            return None
    return _side_trade(action, params, path)


def _side_trade(action: ActionNode, params: dict[str, tuple[str, Any]], path: str) -> Trade | None:
    side = literal(params["side"][1]) if "side" in params else None
    if not isinstance(side, str):
        side = next((word for word in ("buy", "sell") if action.tool.lower().endswith(word)), None)
    side = side.strip().lower() if side else None
    if side not in ("buy", "sell"):
        return None
    key = next((key for key in _ASSET_KEYS if key in params and traded(params[key][1])), None)
    if key is None:
        return None
    base = traded(params[key][1])
    quote = next((traded(params[q][1]) for q in _QUOTE_KEYS if q in params and traded(params[q][1])), None)
    if base and key in ("pair", "market", "symbol") and asset(params[key][1]) and ("/" in base or "-" in base):
        parts = re.split(r"[/\-]", base)
        if len(parts) == 2 and all(parts):
            base, quote = parts[0], quote or parts[1]
    where = f"{path}.params.{params[key][0]}"
    return Trade(action.id, quote, base, where) if side == "buy" else Trade(action.id, base, quote, where)


def spends_of(action: ActionNode, path: str, trades: Mapping[str, Trade] | None = None) -> list[Spend]:
    """Literal amounts an action gives away, by asset.

    * a trade spends what it sells: ``amount``/``amount_in``/``from_amount``/``sell_amount``/``input_amount``
      /``quantity``/``qty`` of the sold asset; a buy with a known quote spends ``quote_amount``/
      ``cost``/``total`` of the quote asset;
    * a transfer-like tool (a name word ``transfer``, ``send``, ``pay``, ``payout``, ``bridge``,
      ``deposit``, ``stake``, ``withdraw``, ``refund``, ``tip``, ``donate``) spends ``amount``/``value``/
      ``quantity``/``qty`` of its ``token``/``asset``/``currency``/``coin``/``symbol``.

    Amounts that are references, percentages or words (``"all"``) are unknown and not counted. ``trades``
    (action id to :func:`trade_of`, when already read) saves reading the trade again.
    """
    trading = is_trading_tool(action.tool)
    if not trading and not is_spending_tool(action.tool):
        return []
    params = top_params(action)
    known = trades.get(action.id) if trades is not None else trade_of(action, path)
    trade = known if trading else None
    if trade is not None:
        buying_side = "side" in params or action.tool.lower().endswith(("buy", "sell"))
        if buying_side and trade.bought is not None and _side_is_buy(action, params):
            return _spend(action, params, path, trade.sold, _BUY_COST_KEYS)
        return _spend(action, params, path, trade.sold, _TRADE_AMOUNT_KEYS)
    if is_spending_tool(action.tool):
        key = next((key for key in (*_ASSET_KEYS[:4], "currency") if key in params), None)
        return _spend(action, params, path, asset(params[key][1]) if key else None, _SPEND_AMOUNT_KEYS)
    return []


def _side_is_buy(action: ActionNode, params: dict[str, tuple[str, Any]]) -> bool:
    side = literal(params["side"][1]) if "side" in params else None
    if isinstance(side, str):
        return side.strip().lower() == "buy"
    return action.tool.lower().endswith("buy")


def _spend(
    action: ActionNode,
    params: dict[str, tuple[str, Any]],
    path: str,
    spent: str | None,
    keys: tuple[str, ...],
) -> list[Spend]:
    if spent is None:
        return []
    for key in keys:
        if key in params:
            amount = decimal(literal(params[key][1]))
            return [Spend(action.id, spent, amount, f"{path}.params.{params[key][0]}")] if amount else []
    return []


# ========================================================================== slippage and chain ids
_SLIPPAGE_PERCENT_KEYS = frozenset({"slippage", "slippagepercent", "slippagepct", "maxslippage", "maxslippagepercent"})
_SLIPPAGE_BPS_KEYS = frozenset({"slippagebps", "maxslippagebps"})
SLIPPAGE_KEYS = _SLIPPAGE_PERCENT_KEYS | _SLIPPAGE_BPS_KEYS


def slippage_settings(
    action: ActionNode, path: str, found: Iterable[tuple[str, Any, str]] | None = None
) -> list[tuple[float, str]]:
    """Literal slippage settings of an action, in percent, with their JSON paths: ``slippage``,
    ``slippage_percent``, ``slippage_pct``, ``max_slippage``, ``max_slippage_percent`` are percent
    (``0.5`` or ``"0.5%"``); ``slippage_bps`` and ``max_slippage_bps`` are basis points (divided by 100).
    ``found`` (entries of :func:`walk_params` already read) saves walking the params again."""
    settings: list[tuple[float, str]] = []
    entries = found if found is not None else walk_params(action.params, f"{path}.params", SLIPPAGE_KEYS)
    for key, value, where in entries:
        name = norm_key(key)
        amount = percent(value) if name in SLIPPAGE_KEYS else None
        if amount is not None:
            settings.append((amount / 100 if name in _SLIPPAGE_BPS_KEYS else amount, where))
    return settings


_CHAIN_NAMES = (
    "1 ethereum mainnet eth; 10 optimism op; 56 bsc bnb; 100 gnosis; 137 polygon matic; 250 fantom; 324 zksync; "
    "5000 mantle; 8453 base; 42161 arbitrum arbitrum_one; 42220 celo; 43114 avalanche avax; 59144 linea; "
    "81457 blast; 84532 base_sepolia; 534352 scroll; 11155111 sepolia"
)
CHAIN_IDS: dict[str, int] = {
    name: int(entry.split()[0]) for entry in _CHAIN_NAMES.split(";") for name in entry.split()[1:]
}
"""Chain names understood in chain params (lower case; spaces and ``-`` read as ``_``) and their ids:
ethereum/mainnet/eth 1, optimism/op 10, bsc/bnb 56, gnosis 100, polygon/matic 137, fantom 250, zksync 324,
mantle 5000, base 8453, arbitrum/arbitrum_one 42161, celo 42220, avalanche/avax 43114, linea 59144,
blast 81457, base_sepolia 84532, scroll 534352, sepolia 11155111."""

CHAIN_KEYS = frozenset(
    f"{prefix}chain{suffix}"
    for prefix in ("", "from", "to", "source", "src", "destination", "dest", "dst", "target")
    for suffix in ("", "id")
)


@dataclass(frozen=True, slots=True)
class ChainUse:
    """A literal chain named in params: what was written, the id it means (None if unknown), where."""

    written: str
    chain_id: int | None
    path: str


def chain_id(value: Any) -> int | None:
    """The chain id meant by a literal: an integer, a decimal or ``0x`` hex string, or a known name."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text.isdigit():
        return int(text)
    if re.fullmatch(r"0x[0-9a-f]+", text):
        return int(text, 16)
    return CHAIN_IDS.get(re.sub(r"[\s\-]+", "_", text))


def chains_of(action: ActionNode, path: str, found: Iterable[tuple[str, Any, str]] | None = None) -> list[ChainUse]:
    """Every literal chain an action names, under ``chain_id``/``chainId``/``chain``/``from_chain``/
    ``to_chain`` (and ``source_``/``src_``/``destination_``/``dest_``/``dst_``/``target_`` variants, with
    or without ``_id``), at any depth of its params."""
    uses: list[ChainUse] = []
    entries = found if found is not None else walk_params(action.params, f"{path}.params", CHAIN_KEYS)
    for key, value, where in entries:
        written = literal(value) if norm_key(key) in CHAIN_KEYS else None
        if isinstance(written, str | int) and not isinstance(written, bool):
            uses.append(ChainUse(str(written), chain_id(written), where))
    return uses
