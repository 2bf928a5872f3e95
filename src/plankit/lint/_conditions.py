"""Conditions, by interval reasoning: what a plan's conditions can be before it runs.

:func:`region` over-approximates the set of values for which a condition has a given outcome, as a box: one
:class:`Domain` per operand (the numbers it may be, the other values it may be, and whether it may be
missing). An empty result means the outcome is impossible, so "this condition can never be true" is only ever
said when it is certain.

Semantics assumed for conditions (the executor follows the same rules):

* a comparison whose operand is missing, null or NaN is *unknown*: never true, and ``not`` of it is
  unknown too (``not`` never turns a missing value into true);
* values compare within their kind: numbers numerically (a string holding a number, ``"4000"``, is that
  number), other strings in lexicographic order, booleans with false before true;
* values of different kinds are not equal (``eq`` is false, ``neq`` true) and not ordered (``gt`` and
  the other orderings are unknown).

Where runtimes are known to differ (is ``true`` equal to 1?) the reasoning allows both answers, so it
stays sound for either. ``tests/lint/rules/test_static.py`` checks soundness against this semantics on
generated conditions. Everything is iterative (explicit stacks) and linear in the size of what it reads.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from ..plan import (
    CompareCondition,
    CompareOp,
    Condition,
    EnvRef,
    LiteralValue,
    LogicCondition,
    LogicOp,
    RuntimeRef,
    StepOutputRef,
    ValueRef,
)
from ._params import number

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
