"""Static reasoning: interval sets, condition regions (checked for soundness against a concrete evaluator),
literal parameters, trades, spends, slippage and chains."""

from __future__ import annotations

import itertools
import math
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from plankit.lint._static import (
    ALL_NUMBERS,
    NOT_LITERAL,
    ChainUse,
    Domain,
    Mode,
    Span,
    Spans,
    Spend,
    always_true,
    can_be_true,
    chain_id,
    chains_of,
    condition_keys,
    decimal,
    describe_condition,
    intersect_spans,
    is_volatile,
    literal,
    norm_key,
    number,
    percent,
    region,
    slippage_settings,
    spends_of,
    trade_of,
    union_spans,
    walk_params,
)
from plankit.plan import ActionNode, CompareCondition, Condition, LogicCondition, LogicOp, plan_from_data

INF = math.inf


def condition(data: dict[str, Any]) -> Condition:
    plan = plan_from_data({"steps": [{"id": "i", "type": "if", "condition": data, "then": {"id": "t", "tool": "x"}}]})
    return plan.steps[0].condition  # type: ignore[union-attr,no-any-return]


def action(tool: str, **params: Any) -> ActionNode:
    return ActionNode(id="a", tool=tool, params=params)


# ============================================================================================ spans
def in_spans(spans: Spans, value: float) -> bool:
    return any(
        (low < value or (low == value and low_in)) and (value < high or (value == high and high_in))
        for low, low_in, high, high_in in spans
    )


span_bounds = st.integers(-5, 5).map(float)


@st.composite
def spans(draw: st.DrawFn) -> Spans:
    """A valid span set: sorted, disjoint intervals built through union (so the union is tested too)."""
    result: Spans = ()
    for _ in range(draw(st.integers(0, 3))):
        low, high = sorted((draw(span_bounds), draw(span_bounds)))
        low_in, high_in = draw(st.booleans()), draw(st.booleans())
        if low == high and not (low_in and high_in):
            continue
        if draw(st.booleans()):
            low, low_in = -INF, False
        if draw(st.booleans()):
            high, high_in = INF, False
        span: Span = (low, low_in, high, high_in)
        result = union_spans(result, (span,))
    return result


PROBES = [x / 2 for x in range(-14, 15)] + [-1e9, 1e9]


@given(spans(), spans())
def test_intersection_and_union_agree_with_membership(a: Spans, b: Spans) -> None:
    both, either = intersect_spans(a, b), union_spans(a, b)
    for probe in PROBES:
        assert in_spans(both, probe) == (in_spans(a, probe) and in_spans(b, probe)), probe
        assert in_spans(either, probe) == (in_spans(a, probe) or in_spans(b, probe)), probe
    for result in (both, either):  # sorted and disjoint
        for left, right in itertools.pairwise(result):
            assert left[2] < right[0] or (left[2] == right[0] and not (left[3] and right[1]))


def test_span_edges() -> None:
    assert intersect_spans(((0.0, True, 1.0, False),), ((1.0, True, 2.0, True),)) == ()
    assert intersect_spans(((0.0, True, 1.0, True),), ((1.0, True, 2.0, True),)) == ((1.0, True, 1.0, True),)
    assert union_spans(((0.0, True, 1.0, False),), ((1.0, True, 2.0, True),)) == ((0.0, True, 2.0, True),)
    assert union_spans(((0.0, True, 1.0, False),), ((1.0, False, 2.0, True),)) == (
        (0.0, True, 1.0, False),
        (1.0, False, 2.0, True),
    )
    assert intersect_spans(ALL_NUMBERS, ((3.0, False, INF, False),)) == ((3.0, False, INF, False),)


# ======================================================================= conditions: a concrete oracle
MISSING = object()
OPERANDS = {
    "x": {"type": "step_output", "step_id": "a", "path": "x"},
    "y": {"type": "env", "key": "Y"},
    "p": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
}
LITERALS = [-2, -1, 0, 1, 2, 0.5, "1", "a", "b", True, False, None]
VALUES = [MISSING, -2, -1, 0, 1, 2, 0.5, 1.5, "1", "2", "a", "b", "c", True, False]
OPS = ["gt", "gte", "lt", "lte", "eq", "neq"]


def kind_of(value: Any) -> tuple[str, Any] | None:
    """The documented semantics: (kind, comparable value), or None for a missing value."""
    if value is MISSING or value is None:
        return None
    if isinstance(value, bool):
        return "bool", value
    as_number = number(value)
    if as_number is not None:
        return "num", as_number
    return "str", value


def concrete(left: Any, op: str, right: Any) -> str:
    """``T``, ``F`` or ``U`` (unknown) for one comparison of two values."""
    a, b = kind_of(left), kind_of(right)
    if a is None or b is None:
        return "U"
    if a[0] != b[0]:
        return {"eq": "F", "neq": "T"}.get(op, "U")
    x, y = a[1], b[1]
    holds = {"gt": x > y, "gte": x >= y, "lt": x < y, "lte": x <= y, "eq": x == y, "neq": x != y}[op]
    return "T" if holds else "F"


def evaluate(data: dict[str, Any], point: dict[str, Any]) -> str:
    """Kleene logic over the comparisons (written recursively: the oracle is small and depth-bounded)."""
    if data["type"] == "compare":
        sides = [point[side[1:]] if isinstance(side, str) else side["value"] for side in (data["left"], data["right"])]
        return concrete(sides[0], data["op"], sides[1])
    parts = [evaluate(child, point) for child in data["conditions"]]
    if data["op"] == "not":
        return {"T": "F", "F": "T", "U": "U"}[parts[0]]
    if data["op"] == "and":
        return "F" if "F" in parts else "U" if "U" in parts else "T"
    return "T" if "T" in parts else "U" if "U" in parts else "F"


def as_json(data: dict[str, Any]) -> dict[str, Any]:
    """The oracle's condition (operands as ``$x``) in plan form."""
    if data["type"] == "compare":
        sides = [OPERANDS[side[1:]] if isinstance(side, str) else side for side in (data["left"], data["right"])]
        return {"type": "compare", "left": sides[0], "op": data["op"], "right": sides[1]}
    return {"type": "logic", "op": data["op"], "conditions": [as_json(child) for child in data["conditions"]]}


operand = st.sampled_from(["$x", "$y", "$p"]) | st.sampled_from(LITERALS).map(lambda v: {"type": "literal", "value": v})
leaf = st.builds(
    lambda left, op, right: {"type": "compare", "left": left, "op": op, "right": right},
    operand,
    st.sampled_from(OPS),
    operand,
)


def combine(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    logic = st.builds(
        lambda op, items: {"type": "logic", "op": op, "conditions": items},
        st.sampled_from(["and", "or"]),
        st.lists(children, min_size=2, max_size=3),
    )
    negated = children.map(lambda child: {"type": "logic", "op": "not", "conditions": [child]})
    return logic | negated


conditions = st.recursive(leaf, combine, max_leaves=8)
points = st.fixed_dictionaries({name: st.sampled_from(VALUES) for name in OPERANDS})


def key_value(key: tuple[Any, ...], point: dict[str, Any]) -> Any:
    names = {("step", "a", "x"): "x", ("env", "Y"): "y", ("runtime", "price", '"ETH"'): "p"}
    if key[0] != "cmp":
        return point[names[key]]
    a, b = kind_of(point[names[key[1]]]), kind_of(point[names[key[2]]])
    if a is None or b is None:
        return MISSING
    if a[0] != b[0]:
        return ("pair", "across kinds")  # an "other" value that is no boolean
    return float((a[1] > b[1]) - (a[1] < b[1]))  # the relation, as the sign of a - b


def member(domain: Domain, value: Any) -> bool:
    if value is MISSING or value is None:
        return domain.missing
    if isinstance(value, tuple):
        tag = value
    elif isinstance(value, bool):
        tag = ("bool", value)
    elif number(value) is not None:
        return in_spans(domain.num, number(value))  # type: ignore[arg-type]
    else:
        tag = ("str", value)
    cofinite, listed = domain.other
    return (tag not in listed) if cofinite else (tag in listed)


def inside(box: dict[Any, Domain] | None, point: dict[str, Any]) -> bool:
    return box is not None and all(member(domain, key_value(key, point)) for key, domain in box.items())


ADMITTED = {Mode.TRUE: "T", Mode.FALSE: "F", Mode.NOT_TRUE: "FU", Mode.NOT_FALSE: "TU"}


@given(conditions, points)
def test_regions_are_sound(data: dict[str, Any], point: dict[str, Any]) -> None:
    """Whatever outcome a condition really has at a point, the region of every mode admitting that outcome
    contains the point: so an empty region (a reported contradiction) is always right."""
    outcome = evaluate(data, point)
    parsed = condition(as_json(data))
    for mode, admitted in ADMITTED.items():
        if outcome in admitted:
            assert inside(region(parsed, mode), point), (mode, outcome)


@given(conditions, conditions, points)
def test_regions_within_facts_are_sound(data: dict[str, Any], fact: dict[str, Any], point: dict[str, Any]) -> None:
    assume(evaluate(fact, point) == "T")
    facts = region(condition(as_json(fact)), Mode.TRUE)
    assert facts is not None
    outcome = evaluate(data, point)
    parsed = condition(as_json(data))
    for mode, admitted in ADMITTED.items():
        if outcome in admitted:
            assert inside(region(parsed, mode, facts), point), (mode, outcome)


@given(
    points,
    st.lists(st.tuples(st.sampled_from(["$x", "$y", "$p"]), st.sampled_from(OPS), st.integers(-3, 3)), min_size=1),
)
def test_a_conjunction_true_at_a_known_point_is_satisfiable(
    point: dict[str, Any], parts: list[tuple[str, str, int]]
) -> None:
    numeric = {name: float(index) for index, name in enumerate(OPERANDS)}
    comparisons = []
    for name, op, offset in parts:
        threshold = numeric[name[1:]] + offset
        if concrete(numeric[name[1:]], op, threshold) != "T":
            continue
        comparisons.append(
            {"type": "compare", "left": name, "op": op, "right": {"type": "literal", "value": threshold}}
        )
    assume(comparisons)
    data = {"type": "logic", "op": "and", "conditions": [*comparisons, comparisons[0]]}
    assert can_be_true(condition(as_json(data)))


def test_classic_contradictions_and_tautologies() -> None:
    x = "{{a.x}}"
    assert not can_be_true(
        condition(
            {
                "type": "logic",
                "op": "and",
                "conditions": [{"left": x, "op": "gt", "right": 5}, {"left": x, "op": "lt", "right": 3}],
            }
        )
    )
    assert not can_be_true(
        condition(
            {
                "type": "logic",
                "op": "and",
                "conditions": [{"left": x, "op": "gte", "right": 3}, {"left": x, "op": "lt", "right": 3}],
            }
        )
    )
    assert can_be_true(
        condition(
            {
                "type": "logic",
                "op": "and",
                "conditions": [{"left": x, "op": "gte", "right": 3}, {"left": x, "op": "lte", "right": 3}],
            }
        )
    )
    assert not can_be_true(
        condition(
            {
                "type": "logic",
                "op": "and",
                "conditions": [{"left": x, "op": "neq", "right": 3}, {"left": x, "op": "eq", "right": 3}],
            }
        )
    )
    assert not can_be_true(condition({"left": x, "op": "gt", "right": x}))
    assert can_be_true(condition({"left": x, "op": "gte", "right": x}))
    assert not always_true(condition({"left": x, "op": "gte", "right": x}))  # a missing x is not >= itself
    assert always_true(condition({"left": 2, "op": "gt", "right": 1}))
    assert not can_be_true(condition({"left": 2, "op": "lt", "right": 1}))
    assert always_true(condition({"left": "a", "op": "neq", "right": 1}))  # different kinds are never equal
    # Null literals and string ordering decide nothing.
    assert can_be_true(condition({"left": None, "op": "eq", "right": None}))
    assert not always_true(condition({"left": None, "op": "eq", "right": None}))
    assert can_be_true(condition({"left": "b", "op": "gt", "right": "a"}))


def test_operands_are_told_apart() -> None:
    different = condition(
        {
            "type": "logic",
            "op": "and",
            "conditions": [
                {"left": "{{a.x}}", "op": "gt", "right": 5},
                {"left": "{{a.y}}", "op": "lt", "right": 3},
                {
                    "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
                    "op": "gt",
                    "right": 5,
                },
                {
                    "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "BTC"}]},
                    "op": "lt",
                    "right": 3,
                },
                {"left": {"type": "env", "key": "A"}, "op": "eq", "right": "on"},
                {"left": {"type": "env", "key": "B"}, "op": "eq", "right": "off"},
            ],
        }
    )
    assert can_be_true(different)
    assert condition_keys(different) == [
        ("step", "a", "x"),
        ("step", "a", "y"),
        ("runtime", "price", '"ETH"'),
        ("runtime", "price", '"BTC"'),
        ("env", "A"),
        ("env", "B"),
    ]


def test_relations_between_two_operands_are_one_key_either_way_round() -> None:
    flipped = condition(
        {
            "type": "logic",
            "op": "and",
            "conditions": [
                {"left": "{{a.x}}", "op": "gt", "right": "{{b.y}}"},
                {"left": "{{b.y}}", "op": "gte", "right": "{{a.x}}"},
            ],
        }
    )
    assert not can_be_true(flipped)
    assert condition_keys(flipped) == [("cmp", ("step", "a", "x"), ("step", "b", "y"))] * 2


def test_volatile_keys() -> None:
    assert is_volatile(("runtime", "price", '"ETH"'))
    assert is_volatile(("cmp", ("step", "a", "x"), ("runtime", "gas_price", "")))
    assert not is_volatile(("step", "a", "x"))
    assert not is_volatile(("cmp", ("step", "a", "x"), ("env", "A")))


def deep_not(depth: int) -> Condition:
    current: Condition = CompareCondition.model_validate(
        {"left": {"type": "literal", "value": 1}, "op": "lt", "right": {"type": "literal", "value": 2}}
    )
    for _ in range(depth):
        current = LogicCondition.model_construct(type="logic", op=LogicOp.NOT, conditions=[current])
    return current


def test_deep_conditions_do_not_recurse() -> None:
    even, odd = deep_not(10_000), deep_not(10_001)
    assert always_true(even) and not can_be_true(odd)
    assert describe_condition(even, limit=40) == "not (not (not (not (not (not (not (no..."


def test_describe_condition() -> None:
    data = {
        "type": "logic",
        "op": "or",
        "conditions": [
            {
                "left": {
                    "type": "runtime",
                    "fn": "balance",
                    "args": [{"type": "literal", "value": "ETH"}, {"type": "literal", "value": 8453}],
                },
                "op": "lte",
                "right": 0.5,
            },
            {
                "type": "logic",
                "op": "and",
                "conditions": [
                    {"left": "{{a}}", "op": "eq", "right": True},
                    {"left": {"type": "env", "key": "K"}, "op": "neq", "right": "x"},
                ],
            },
        ],
    }
    assert describe_condition(condition(data)) == 'balance("ETH", 8453) <= 0.5 or ({{a}} == true and env.K != "x")'


# ====================================================================================== literal values
def test_literal_values() -> None:
    assert literal(5) == 5 and literal("ETH") == "ETH" and literal(None) is None
    assert literal({"type": "literal", "value": 3}) == 3
    assert literal("{{a.b}}") is NOT_LITERAL
    assert literal("${a.b} USD") is NOT_LITERAL
    assert literal("price {in braces}") == "price {in braces}"
    assert literal({"type": "step_output", "step_id": "a"}) is NOT_LITERAL
    assert literal([1]) is NOT_LITERAL


def test_numbers_and_amounts() -> None:
    assert [number(v) for v in (4, 2.5, "4000", " -1e3 ", True, "1_000", "nan", "inf", "abc", 10**400)] == [
        4.0,
        2.5,
        4000.0,
        -1000.0,
        None,
        None,
        None,
        None,
        None,
        None,
    ]
    assert decimal("0.1") == Decimal("0.1") and decimal(0.1) == Decimal("0.1")
    assert decimal(-1) is None and decimal(True) is None and decimal("ten") is None
    assert percent("0.5%") == 0.5 and percent(1) == 1.0 and percent("{{a.b}}") is None and percent("x%") is None


def test_walk_params_in_document_order_without_entering_references() -> None:
    params = {"a": 1, "b": {"c": [2, {"d": 3}], "ref": {"type": "step_output", "step_id": "s", "path": "x"}}, "e": 4}
    assert [(key, where) for key, _, where in walk_params(params, "$.p")] == [
        ("a", "$.p.a"),
        ("b", "$.p.b"),
        ("c", "$.p.b.c"),
        ("c", "$.p.b.c[0]"),
        ("c", "$.p.b.c[1]"),
        ("d", "$.p.b.c[1].d"),
        ("ref", "$.p.b.ref"),
        ("e", "$.p.e"),
    ]


# ============================================================================================ trades
@pytest.mark.parametrize(
    ("tool", "params", "expected"),
    [
        ("defi_swap", {"from_token": "eth", "to_token": "USDC"}, ("ETH", "USDC", "fromtoken")),
        ("uniswap.swap", {"tokenIn": "WETH", "tokenOut": "DAI"}, ("WETH", "DAI", "tokenIn")),
        ("dex.swap", {"sell": "ARB", "buy": "ETH"}, ("ARB", "ETH", "sell")),
        ("exchange.buy", {"token": "SOL"}, (None, "SOL", "token")),
        ("exchange.sell", {"asset": "SOL", "quote": "usdt"}, ("SOL", "USDT", "asset")),
        ("trade", {"side": "BUY", "pair": "BTC/USDT"}, ("USDT", "BTC", "pair")),
        ("orders.place", {"side": "sell", "market": "ETH-USD"}, ("ETH", "USD", "market")),
        ("defi_swap", {"from_token": "{{pick.token}}", "to_token": "USDC"}, ("{{pick.token}}", "USDC", "fromtoken")),
    ],
)
def test_trades(tool: str, params: dict[str, Any], expected: tuple[str | None, str | None, str]) -> None:
    sold, bought, key = expected
    found = trade_of(action(tool, **params), "$.steps[0]")
    assert found is not None
    assert (found.sold, found.bought) == (sold, bought)
    original = next(name for name in params if name.replace("_", "").lower() == key.lower())
    assert found.path == f"$.steps[0].params.{original}"


@pytest.mark.parametrize(
    ("tool", "params"),
    [
        ("bridge.transfer", {"from_token": "USDC", "to_token": "USDC"}),
        ("defi_swap", {"from_token": "ETH", "to_token": "ETH"}),
        ("wallet.balance", {"token": "ETH"}),
        ("trade", {"side": "hold", "token": "ETH"}),
        ("trade", {"token": "ETH"}),
        ("exchange.buy", {"amount": 3}),
    ],
)
def test_not_trades(tool: str, params: dict[str, Any]) -> None:
    assert trade_of(action(tool, **params), "$") is None


def test_spends() -> None:
    assert spends_of(action("defi_swap", from_token="USDC", to_token="ETH", amount="50"), "$.s") == [
        Spend("a", "USDC", Decimal("50"), "$.s.params.amount")
    ]
    assert spends_of(action("exchange.buy", token="ETH", quote="USDC", quote_amount=100, quantity=1), "$.s") == [
        Spend("a", "USDC", Decimal("100"), "$.s.params.quote_amount")
    ]
    assert spends_of(action("exchange.sell", token="ETH", quantity=2), "$.s") == [
        Spend("a", "ETH", Decimal("2"), "$.s.params.quantity")
    ]
    assert spends_of(action("payments.transfer", currency="usd", amount=20), "$.s") == [
        Spend("a", "USD", Decimal("20"), "$.s.params.amount")
    ]
    assert spends_of(action("payments.transfer", amount=20), "$.s") == []  # no asset named
    assert spends_of(action("wallet.send", token="ETH", amount="{{a.half}}"), "$.s") == []
    assert spends_of(action("wallet.send", token="ETH", amount="50%"), "$.s") == []
    assert spends_of(action("exchange.buy", token="ETH", quantity=1), "$.s") == []  # the cost is unknown
    assert spends_of(action("notify.push", amount=5, token="ETH"), "$.s") == []


def test_slippage_settings() -> None:
    found = slippage_settings(
        action("defi_swap", slippage=0.5, options={"slippage_bps": 30, "max_slippage": "1.5%"}, note="slippage"), "$.s"
    )
    assert found == [
        (0.5, "$.s.params.slippage"),
        (0.3, "$.s.params.options.slippage_bps"),
        (1.5, "$.s.params.options.max_slippage"),
    ]
    assert slippage_settings(action("defi_swap", slippage="{{a.s}}"), "$.s") == []


def test_chains() -> None:
    assert [chain_id(v) for v in (1, "8453", "0x2105", "Arbitrum", "base-sepolia", "BNB", "solana", True, 1.5)] == [
        1,
        8453,
        8453,
        42161,
        84532,
        56,
        None,
        None,
        None,
    ]
    found = chains_of(
        action("bridge", fromChain="base", route={"to_chain_id": 10}, chain="{{a.c}}", chain_name="x"), "$.s"
    )
    assert found == [ChainUse("base", 8453, "$.s.params.fromChain"), ChainUse("10", 10, "$.s.params.route.to_chain_id")]


# ====================================================================================== walking params
json_keys = st.text("abcxyz_", min_size=1, max_size=4)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab{}$.", max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(json_keys, inner, max_size=3),
    max_leaves=12,
)


def resolve(params: dict[str, Any], path: str) -> Any:
    """Follow a ``$.p.key[0].key`` path (keys here never hold dots or brackets)."""
    current: Any = params
    for part in path.removeprefix("$.p").replace("[", ".[").split(".")[1:]:
        current = current[int(part[1:-1])] if part.startswith("[") else current[part]
    return current


@given(st.dictionaries(json_keys, json_values, max_size=4), st.sets(st.sampled_from(["a", "b", "x", "ab"])))
def test_walk_params_paths_lead_to_their_values(params: dict[str, Any], names: set[str]) -> None:
    everything = list(walk_params(params, "$.p"))
    for key, value, where in everything:
        assert resolve(params, where) is value
        assert where.endswith(f".{key}") or where.endswith("]")
    wanted = frozenset(names)
    assert list(walk_params(params, "$.p", wanted)) == [entry for entry in everything if norm_key(entry[0]) in wanted]


_REFERENCE_LIKE = st.sampled_from(
    [
        {"type": "step_output", "step_id": "s", "path": "x"},
        {"type": "env", "key": "K"},
        {"type": "runtime", "fn": "now", "args": [{"a": 1}]},
        {"type": "literal", "value": 3},
        {"type": "literal", "value": {"a": [1]}},
        {"type": "other", "a": [1, {"b": 2}]},
    ]
)
walked_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab{}$.", max_size=6) | _REFERENCE_LIKE,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(json_keys, inner, max_size=3),
    max_leaves=14,
)


def _walked(params: dict[str, Any], base: str) -> list[tuple[str, Any, str]]:
    """walk_params as its docstring says it, recursively: every entry in document order, a list's items
    under the list's key, dicts entered unless they are reference objects or literal objects."""
    out: list[tuple[str, Any, str]] = []

    def entry(key: str, value: Any, spot: str) -> None:
        out.append((key, value, spot))
        if type(value) is list:
            for index, item in enumerate(value):
                entry(key, item, f"{spot}[{index}]")
        elif type(value) is dict and literal(value) is NOT_LITERAL and value.get("type") not in _REFERENCE_TYPES:
            for inner, item in value.items():
                entry(str(inner), item, f"{spot}.{inner}")

    for key, value in params.items():
        entry(str(key), value, f"{base}.{key}")
    return out


_REFERENCE_TYPES = ("step_output", "env", "runtime")


@given(
    st.dictionaries(json_keys, walked_values, max_size=4),
    st.none() | st.sets(st.sampled_from(["a", "b", "x", "ab", "type", "value"])).map(frozenset),
)
def test_walk_params_is_the_recursive_walk_it_describes(params: dict[str, Any], names: frozenset[str] | None) -> None:
    expected = [entry for entry in _walked(params, "$.p") if names is None or norm_key(entry[0]) in names]
    assert list(walk_params(params, "$.p", names)) == expected


@given(
    st.dictionaries(json_keys, json_values, max_size=4),
    st.sampled_from(["defi_swap", "exchange.buy", "trade", "wallet.send", "x"]),
)
def test_parameter_readers_accept_any_params(params: dict[str, Any], tool: str) -> None:
    node = action(tool, **params)
    trade = trade_of(node, "$.s")
    assert trade is None or trade.sold != trade.bought
    for spend in spends_of(node, "$.s"):
        assert spend.amount >= 0 and spend.path.startswith("$.s.params.")
    assert all(where.startswith("$.s.params.") for _, where in slippage_settings(node, "$.s"))
    assert all(use.path.startswith("$.s.params.") for use in chains_of(node, "$.s"))
