"""Hypothesis strategies that generate valid plans, for property tests anywhere in the suite.

Every strategy here produces data the loader accepts, so a test can assume validity and check a property:

* :func:`plan_data` - a plan document in the canonical flat shape (plain JSON data), with every node type
  (``action``, ``llm``, ``sequence``, ``parallel``, ``if``, ``wait``, ``loop``), failure policies, templates
  and reference objects in params, conditions, a trigger of any of the eight types, context, meta, tags and
  a validation record. Node ids are unique across the whole plan.
* :func:`plans` - the same, validated into :class:`plankit.plan.Plan` objects.
* :func:`node_data`, :func:`condition_data`, :func:`value_ref_data`, :func:`trigger_data`,
  :func:`failure_policy_data` - the parts, for tests that build their own plans.
* :func:`json_values` - arbitrary JSON values (finite numbers, string keys) for free-form fields.
* :func:`dag_plans` - a flat plan whose dependency edges form a random DAG, with the expected edges, for
  graph tests (edges come from ``depends_on``, templates, reference objects, prompts and conditions).
* :func:`digraph_plans` - a flat plan with arbitrary ``depends_on`` edges (cycles likely), with the edges.

Example::

    from hypothesis import given
    from tests.plan.strategies import plans

    @given(plans())
    def test_every_plan_has_steps_list(plan):
        assert isinstance(plan.steps, list)

Generation is bounded: ``max_depth`` (nesting of composite nodes) and ``max_children`` keep plans small so
property tests stay fast; recursion in these helpers is bounded by ``max_depth``.
"""

from __future__ import annotations

import string
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import strategies as st

from plankit.plan import MAX_ITERATIONS_LIMIT, MAX_RETRY_ATTEMPTS, Plan, plan_from_data

__all__ = [
    "CRON_EXAMPLES",
    "TIMEZONES",
    "aware_datetimes",
    "condition_data",
    "dag_plans",
    "digraph_plans",
    "failure_policy_data",
    "json_values",
    "node_data",
    "plan_data",
    "plans",
    "texts",
    "trigger_data",
    "value_ref_data",
]

Data = dict[str, Any]

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
"""Short unicode strings (no lone surrogates, which no UTF-8 document can hold)."""

_words = st.text(string.ascii_letters + string.digits + "_", min_size=1, max_size=8)
_path_words = st.text(string.ascii_lowercase + string.digits + "_", min_size=1, max_size=6)

TIMEZONES = ("UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Adelaide", "Pacific/Chatham")
"""IANA zones used for cron triggers (whole-hour, half-hour and 45-minute offsets)."""

CRON_EXAMPLES = ("0 9 * * 1", "*/15 * * * *", "0 0 1 * *", "30 17 * * 1-5", "0 12 1,15 * *", "0 0 * * 7")
"""Valid 5-field cron expressions, as people write them."""


def json_values(max_leaves: int = 6) -> st.SearchStrategy[Any]:
    """Arbitrary JSON values: null, booleans, safe integers, finite floats, strings, lists and objects."""
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-(2**53), 2**53)
        | st.floats(allow_nan=False, allow_infinity=False)
        | texts
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
        max_leaves=max_leaves,
    )


_free_dicts = st.dictionaries(texts, json_values(4), max_size=3)

_offsets = st.integers(-14 * 60, 14 * 60).map(lambda minutes: timezone(timedelta(minutes=minutes)))
aware_datetimes = st.datetimes(
    min_value=datetime(1970, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC) | _offsets
)
"""Timezone-aware datetimes (UTC or a fixed offset), as plans store them."""


def _ref_path() -> st.SearchStrategy[str]:
    segment = _path_words | st.integers(0, 9).map(lambda index: f"[{index}]")
    return st.lists(segment, max_size=3).map(lambda parts: ".".join(parts).replace(".[", "["))


def value_ref_data(step_ids: list[str], runtime_depth: int = 1) -> st.SearchStrategy[Data]:
    """A typed value (condition operand): literal, step output, environment variable or runtime call."""
    literal = st.builds(
        lambda value: {"type": "literal", "value": value},
        st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(-1e9, 1e9) | texts,
    )
    env = st.builds(lambda key: {"type": "env", "key": key}, _words)
    options = [literal, env]
    if step_ids:
        options.append(
            st.builds(
                lambda step, path: {"type": "step_output", "step_id": step, "path": path},
                st.sampled_from(step_ids),
                _ref_path(),
            )
        )
    if runtime_depth > 0:
        args = st.lists(value_ref_data(step_ids, runtime_depth - 1), max_size=2)
        fns = st.sampled_from(["price", "balance", "gas_price", "timestamp", "block_number"])
        options.append(st.builds(lambda fn, arguments: {"type": "runtime", "fn": fn, "args": arguments}, fns, args))
    return st.one_of(options)


def condition_data(step_ids: list[str], max_depth: int = 2) -> st.SearchStrategy[Data]:
    """A condition: a comparison, or (up to ``max_depth`` levels) a logical and/or/not of conditions."""
    operand = value_ref_data(step_ids)
    compare = st.builds(
        lambda left, op, right, label: {
            "type": "compare",
            "left": left,
            "op": op,
            "right": right,
            **({"label": label} if label else {}),
        },
        operand,
        st.sampled_from(["gt", "gte", "lt", "lte", "eq", "neq"]),
        operand,
        st.none() | texts,
    )
    if max_depth <= 0:
        return compare
    inner = condition_data(step_ids, max_depth - 1)
    logic = st.builds(
        lambda op, items: {"type": "logic", "op": op, "conditions": items[:1] if op == "not" else items},
        st.sampled_from(["and", "or", "not"]),
        st.lists(inner, min_size=1, max_size=3),
    )
    return compare | logic


def failure_policy_data() -> st.SearchStrategy[Data]:
    """``abort``, ``skip`` (with an optional reason) or ``retry`` with any valid settings."""
    retry = st.fixed_dictionaries(
        {"strategy": st.just("retry")},
        optional={
            "max_attempts": st.integers(1, MAX_RETRY_ATTEMPTS),
            "delay_ms": st.integers(0, 10**7),
            "backoff_multiplier": st.floats(1.0, 100.0),
            "max_delay_ms": st.none() | st.integers(0, 10**8),
        },
    )
    skip = st.fixed_dictionaries({"strategy": st.just("skip")}, optional={"reason": texts})
    return st.just({"strategy": "abort"}) | skip | retry


def _cron_expression() -> st.SearchStrategy[str]:
    def field(low: int, high: int) -> st.SearchStrategy[str]:
        number = st.integers(low, high).map(str)
        span = st.tuples(st.integers(low, high), st.integers(low, high)).map(lambda pair: f"{min(pair)}-{max(pair)}")
        step = st.integers(1, high - low + 1).map(lambda every: f"*/{every}")
        pair = st.lists(st.integers(low, high), min_size=2, max_size=3, unique=True).map(
            lambda values: ",".join(map(str, sorted(values)))
        )
        return st.just("*") | number | span | step | pair

    fields = st.tuples(field(0, 59), field(0, 23), field(1, 28), field(1, 12), field(0, 7))
    return st.sampled_from(CRON_EXAMPLES) | fields.map(" ".join)


def trigger_data(step_ids: list[str] | None = None) -> st.SearchStrategy[Data]:
    """A valid trigger of any of the eight types, with optional fields present or not."""
    ids = step_ids or []
    hex_digits = "0123456789abcdefABCDEF"
    address = st.text(hex_digits, min_size=40, max_size=40).map(lambda digits: "0x" + digits)
    topic = st.text(hex_digits, min_size=64, max_size=64).map(lambda digits: "0x" + digits)
    signature = st.sampled_from(
        [
            "Transfer(address,address,uint256)",
            "Approval(address,address,uint256)",
            "Sync(uint112,uint112)",
            "Ping()",
            "Batch(uint256[],address)",
        ]
    )
    positive = st.floats(min_value=1e-6, max_value=1e9)
    runs = st.integers(1, 10**6)
    return st.one_of(
        st.fixed_dictionaries({"type": st.just("time"), "at": aware_datetimes}),
        st.fixed_dictionaries(
            {"type": st.just("interval"), "every_ms": st.integers(1, 10**10)},
            optional={"start_at": aware_datetimes, "end_at": aware_datetimes, "max_runs": runs},
        ),
        st.fixed_dictionaries(
            {"type": st.just("condition"), "when": condition_data(ids)},
            optional={
                "poll_interval_ms": st.integers(1, 10**8),
                "expires_after_ms": st.integers(1, 10**10),
                "recurring": st.booleans(),
            },
        ),
        st.just({"type": "immediate"}),
        st.fixed_dictionaries(
            {"type": st.just("cron"), "expression": _cron_expression()},
            optional={"timezone": st.sampled_from(TIMEZONES), "max_runs": runs},
        ),
        st.fixed_dictionaries(
            {
                "type": st.just("price"),
                "token": _words,
                "condition": st.sampled_from(["above", "below", "crosses"]),
                "threshold": positive,
            },
            optional={
                "hysteresis_percent": st.floats(0, 100),
                "cooldown_ms": st.integers(0, 10**8),
                "recurring": st.booleans(),
            },
        ),
        st.fixed_dictionaries(
            {
                "type": st.just("onchain_event"),
                "chain_id": st.integers(1, 10**6),
                "contract_address": address,
                "event_signature": signature,
            },
            optional={"topic_filters": st.lists(st.none() | topic, max_size=3), "recurring": st.booleans()},
        ),
        st.fixed_dictionaries(
            {
                "type": st.just("balance"),
                "token": _words,
                "condition": st.sampled_from(["above", "below"]),
                "threshold": st.floats(0, 1e9),
            },
            optional={"chain_id": st.integers(1, 10**6), "recurring": st.booleans()},
        ),
    )


def _template(step_ids: list[str]) -> st.SearchStrategy[str]:
    ref = st.tuples(st.sampled_from(step_ids), _ref_path()).map(lambda pair: ".".join(filter(None, pair)))
    spelled = st.tuples(st.sampled_from(["{{%s}}", "${%s}", "{{ %s }}", "${{%s}}"]), ref).map(
        lambda pair: pair[0] % pair[1]
    )
    return st.tuples(texts, spelled, texts).map("".join)


def _param_value(step_ids: list[str]) -> st.SearchStrategy[Any]:
    options = [json_values(4), value_ref_data(step_ids)]
    if step_ids:
        # Step references are what the graph and the tree shape care about, so they come often.
        output = st.builds(
            lambda step, path: {"type": "step_output", "step_id": step, "path": path},
            st.sampled_from(step_ids),
            _ref_path(),
        )
        options += [_template(step_ids), output]
    return st.one_of(options)


class _Ids:
    """Hands out unique node ids within one generated plan (ids are plan-wide)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.issued: list[str] = []

    def next(self) -> str:
        node_id = f"{self.prefix}{len(self.issued)}"
        self.issued.append(node_id)
        return node_id


def _common(draw: st.DrawFn, node_id: str, siblings: list[str]) -> Data:
    node: Data = {"id": node_id}
    if draw(st.booleans()):
        node["label"] = draw(texts)
    if siblings and draw(st.booleans()):
        node["depends_on"] = draw(st.lists(st.sampled_from(siblings), max_size=2, unique=True))
    if draw(st.integers(0, 3)) == 0:
        node["on_failure"] = draw(failure_policy_data())
    if draw(st.integers(0, 3)) == 0:
        node["timeout_ms"] = draw(st.integers(1, 10**9))
    if draw(st.integers(0, 3)) == 0:
        node["metadata"] = draw(_free_dicts)
    return node


_LEAF_TYPES = ("action", "llm", "wait")
_ALL_TYPES = ("action", "llm", "wait", "sequence", "parallel", "if", "loop")


@st.composite
def node_data(
    draw: st.DrawFn,
    ids: _Ids | None = None,
    siblings: list[str] | None = None,
    max_depth: int = 2,
    max_children: int = 3,
) -> Data:
    """One node of any type (composites hold children, up to ``max_depth`` levels), with unique ids.

    ``siblings`` are ids the node may name in ``depends_on``; references may name any id issued so far.
    """
    ids = ids if ids is not None else _Ids("n")
    kind = draw(st.sampled_from(_ALL_TYPES if max_depth > 0 else _LEAF_TYPES))
    known = list(ids.issued)
    node = {**_common(draw, ids.next(), siblings or []), "type": kind}
    child = node_data(ids=ids, max_depth=max_depth - 1, max_children=max_children)
    if kind == "action":
        node["tool"] = draw(st.text(string.ascii_lowercase + "._*", min_size=1, max_size=20))
        node["params"] = draw(st.dictionaries(texts, _param_value(known), max_size=4))
        node["require_confirmation"] = draw(st.booleans())
        if max_depth > 0 and draw(st.integers(0, 3)) == 0:
            node["on_error"] = draw(child)
    elif kind == "llm":
        node["prompt"] = draw(_template(known) if known and draw(st.booleans()) else texts.filter(bool))
        node.update(
            draw(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "tools": st.lists(_words, max_size=3),
                        "output_schema": _free_dicts,
                        "model": _words,
                        "expected_outcome": texts,
                    },
                )
            )
        )
    elif kind == "wait":
        node.update(draw(_wait_fields(known)))
    elif kind in ("sequence", "parallel"):
        node["steps"] = _children(draw, ids, max_depth, max_children)
        if kind == "parallel":
            node.update(
                draw(
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "allow_partial_failure": st.booleans(),
                            "max_concurrency": st.integers(1, 64),
                        },
                    )
                )
            )
    elif kind == "if":
        node["condition"] = draw(condition_data(known, 1))
        node["then"] = draw(child)
        if draw(st.booleans()):
            node["else"] = draw(child)
    else:
        node["body"] = draw(child)
        node["max_iterations"] = draw(st.integers(1, MAX_ITERATIONS_LIMIT))
        if draw(st.booleans()):
            node["exit_when"] = draw(condition_data(list(ids.issued), 1))
        if draw(st.booleans()):
            node["delay_ms"] = draw(st.integers(0, 10**6))
    return node


def _children(draw: st.DrawFn, ids: _Ids, max_depth: int, max_children: int) -> list[Data]:
    children: list[Data] = []
    for _ in range(draw(st.integers(0, max_children))):
        siblings = [kid["id"] for kid in children]
        children.append(draw(node_data(ids=ids, siblings=siblings, max_depth=max_depth - 1, max_children=max_children)))
    return children


def _wait_fields(step_ids: list[str]) -> st.SearchStrategy[Data]:
    target = st.one_of(
        condition_data(step_ids, 1).map(lambda condition: {"until": condition}),
        st.integers(0, 10**9).map(lambda duration: {"duration_ms": duration}),
        aware_datetimes.map(lambda moment: {"until_time": moment}),
    )
    extras = st.fixed_dictionaries(
        {},
        optional={
            "poll_interval_ms": st.integers(1, 10**8),
            "max_wait_ms": st.integers(1, 10**10),
        },
    )
    return st.tuples(target, extras).map(lambda pair: {**pair[0], **pair[1]})


def _validation_data() -> st.SearchStrategy[Data]:
    issue = st.fixed_dictionaries(
        {"severity": st.sampled_from(["error", "warning", "info"]), "code": _words, "message": texts},
        optional={"node_id": st.none() | _words},
    )
    return st.fixed_dictionaries(
        {"valid": st.booleans()},
        optional={
            "issues": st.lists(issue, max_size=2),
            "risk_score": st.none() | st.floats(0, 1),
            "estimated_gas_eth": st.none() | st.floats(0, 10),
            "estimated_duration_ms": st.none() | st.integers(0, 10**9),
            "tools_used": st.lists(_words, max_size=2),
            "chains_used": st.lists(st.integers(1, 10**6), max_size=2),
        },
    )


def _iso(value: Any) -> Any:
    """Datetimes as ISO text, so the data is plain JSON (iteratively, over any nesting)."""
    root = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if isinstance(item, datetime):
            holder[key] = item.isoformat()
        elif isinstance(item, dict):
            stack.extend((item, inner) for inner in item)
        elif isinstance(item, list):
            stack.extend((item, index) for index in range(len(item)))
    return root[0]


@st.composite
def plan_data(draw: st.DrawFn, max_steps: int = 4, max_depth: int = 2, max_children: int = 3) -> Data:
    """A valid plan document in the canonical flat shape (plain JSON data: datetimes as ISO text)."""
    ids = _Ids(draw(st.sampled_from(["s", "step_", "n-", "fetch"])))
    steps: list[Data] = []
    for _ in range(draw(st.integers(0, max_steps))):
        siblings = [step["id"] for step in steps]
        steps.append(draw(node_data(ids=ids, siblings=siblings, max_depth=max_depth, max_children=max_children)))
    optional = {
        "$schema": st.just("https://plankit.dev/schema/plan.json"),
        "id": _words,
        "name": texts,
        "goal": texts,
        "owner": _words,
        "created_at": aware_datetimes,
        "status": st.sampled_from(
            ["draft", "validated", "scheduled", "running", "paused", "completed", "failed", "cancelled"]
        ),
        "revision": st.integers(0, 1000),
        "trigger": trigger_data(list(ids.issued)),
        "context": _free_dicts,
        "meta": _free_dicts,
        "tags": st.lists(texts, max_size=3),
        "natural_language": texts,
        "validation": _validation_data(),
    }
    plan = draw(st.fixed_dictionaries({"steps": st.just(steps)}, optional=optional))
    return _iso(plan)  # type: ignore[no-any-return]


def plans(max_steps: int = 4, max_depth: int = 2, max_children: int = 3) -> st.SearchStrategy[Plan]:
    """Valid :class:`Plan` objects (see :func:`plan_data`)."""
    return plan_data(max_steps, max_depth, max_children).map(plan_from_data)


_EDGE_SPELLINGS = ("depends_on", "template", "dollar", "object", "prompt", "condition")


@st.composite
def dag_plans(draw: st.DrawFn, max_steps: int = 10) -> tuple[Data, set[tuple[str, str]]]:
    """A flat plan whose steps form a random DAG, and its edges ``(before, after)``.

    Each edge is spelled one of six ways (``depends_on``, ``{{id.x}}``, ``${id.x}``, a ``step_output``
    object, a template in an llm prompt, an operand of a wait condition). Steps are listed in a shuffled
    order, so document order is not a topological order.
    """
    count = draw(st.integers(1, max_steps))
    names = [f"t{index}" for index in draw(st.permutations(range(count)))]
    edges: set[tuple[str, str]] = set()
    steps: list[Data] = []
    for index, name in enumerate(names):
        needs = draw(st.lists(st.sampled_from(names[:index]), unique=True, max_size=3)) if index else []
        spelling = draw(st.sampled_from(_EDGE_SPELLINGS))
        steps.append(_step_needing(name, needs, spelling))
        edges.update((need, name) for need in needs)
    order = draw(st.permutations(steps))
    return {"steps": list(order)}, edges


def _step_needing(name: str, needs: list[str], spelling: str) -> Data:
    if spelling == "depends_on":
        return {"id": name, "tool": "t", "depends_on": needs}
    if spelling == "prompt":
        return {"id": name, "prompt": "use " + " and ".join(f"{{{{{need}.out}}}}" for need in needs) or "go"}
    if spelling == "condition":
        if not needs:
            return {"id": name, "type": "wait", "duration_ms": 1}
        operands = [
            {
                "type": "compare",
                "left": {"type": "step_output", "step_id": need, "path": "x"},
                "op": "eq",
                "right": {"type": "literal", "value": 1},
            }
            for need in needs
        ]
        return {"id": name, "type": "wait", "until": {"type": "logic", "op": "and", "conditions": operands}}
    if spelling == "object":
        params = {f"p{i}": {"type": "step_output", "step_id": need, "path": ""} for i, need in enumerate(needs)}
    elif spelling == "dollar":
        params = {f"p{i}": f"${{{need}.x}}" for i, need in enumerate(needs)}
    else:
        params = {f"p{i}": [f"x {{{{{need}.out[0]}}}} y"] for i, need in enumerate(needs)}
    return {"id": name, "tool": "t", "params": params}


@st.composite
def digraph_plans(draw: st.DrawFn, max_steps: int = 8) -> tuple[Data, set[tuple[str, str]]]:
    """A flat plan with arbitrary ``depends_on`` edges between distinct steps (cycles likely), and its edges."""
    count = draw(st.integers(1, max_steps))
    names = [f"v{index}" for index in range(count)]
    edges: set[tuple[str, str]] = set()
    steps: list[Data] = []
    for name in names:
        others = [other for other in names if other != name]
        needs = draw(st.lists(st.sampled_from(others), unique=True, max_size=3)) if others else []
        steps.append({"id": name, "tool": "t", "depends_on": needs})
        edges.update((need, name) for need in needs)
    return {"steps": steps}, edges
