"""Resolving references and evaluating conditions at run time.

**Addressing a step.** ``{{s1.result}}`` is what step ``s1`` returned (its *output*); ``{{s1.result.x}}``
goes into it (dict keys, list indexes as ``.0`` or ``[0]``). ``{{s1}}`` is the output too. A few other
first segments read the step's record instead: ``error`` (the error message of a failed step, for
``on_error`` handlers), ``error_type``, ``status`` and ``attempts``. Any other path reads the output directly
(``{"type": "step_output", "stepId": "price", "path": "usd"}``, the TypeScript IR's spelling), so an output
key named like one of those reserved words is reached as ``result.<key>``.

Composite steps have outputs too: a sequence, its last child's output; a parallel,
``{child id: output}`` of the children that completed; an ``if``, the output of the branch it took (None when
it took none); a loop, ``{"iterations": n}``; a wait, None.

**Typed or text.** A string that is exactly one reference (``"{{s1.result.amount}}"``) becomes the
referenced value with its type; references inside longer text are interpolated (strings as they are, other
values as JSON). ``"${{s1.result.x}}"`` is a ``$`` followed by the value. ``{{context.k}}`` reads the plan's
``context``; ``{{env.K}}`` an environment variable, only for keys matching the policy's ``env_allow``;
``{{trigger.price}}`` what the trigger that started the execution saw (see :mod:`plankit.schedule`).

**Failing closed.** A reference that can't be resolved (a step that has not run, was skipped or failed, a
missing key, an index out of range, a disallowed or unset ``env`` key) raises
:class:`~plankit.errors.ResolutionError` naming the reference; so does a condition operand that is missing,
NaN, or of a type that can't be ordered. Every operand of a condition is evaluated (no short-circuit), so a
broken operand is always reported, and ``not`` of an error is an error.

**Runtime functions** (``price``, ``balance``, ``gas_price``, ``block_number``) come from a pluggable
:data:`RuntimeProvider`; ``timestamp`` is the executor's clock in milliseconds since the Unix epoch.
"""

from __future__ import annotations

import inspect
import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import ResolutionError
from ..plan import (
    CompareCondition,
    CompareOp,
    Condition,
    EnvRef,
    LiteralValue,
    LogicCondition,
    LogicOp,
    Reference,
    RuntimeFn,
    RuntimeRef,
    StepExecution,
    StepOutputRef,
    StepStatus,
    ValueRef,
    parse_template,
    single_reference,
)
from ..plan._refs import is_reference_object
from ..tools import tool_matches
from ._clock import Clock

RuntimeProvider = Callable[[str, list[Any]], Any]
"""``provider(fn, args)`` returns (or awaits to) the value of ``price("ETH")`` and friends; ``fn`` is the
:class:`~plankit.plan.RuntimeFn` value. Raise :class:`~plankit.errors.ServerError` for a feed that is down
(retried), :class:`~plankit.errors.UserError` for an unknown symbol."""

_RECORD_FIELDS = frozenset({"error", "error_type", "status", "attempts"})
_SEGMENT = re.compile(r"[^.\[\]]+|\[\d+\]")
_MISSING = object()


class StaticRuntime:
    """A :data:`RuntimeProvider` answering from fixed tables (tests, dry runs, examples).

    ``prices`` and ``balances`` are keyed by the first argument (a symbol); a ``balance`` call with a second
    argument looks up ``"SYMBOL:second"`` first.
    """

    def __init__(
        self,
        prices: Mapping[str, float] | None = None,
        balances: Mapping[str, float] | None = None,
        gas_price: float | None = None,
        block_number: int | None = None,
    ):
        self.prices = dict(prices or {})
        self.balances = dict(balances or {})
        self.gas_price = gas_price
        self.block_number = block_number

    def __call__(self, fn: str, args: list[Any]) -> Any:
        if fn == RuntimeFn.PRICE.value:
            return self._lookup(self.prices, "price", args)
        if fn == RuntimeFn.BALANCE.value:
            if len(args) > 1 and f"{args[0]}:{args[1]}" in self.balances:
                return self.balances[f"{args[0]}:{args[1]}"]
            return self._lookup(self.balances, "balance", args)
        value = self.gas_price if fn == RuntimeFn.GAS_PRICE.value else self.block_number
        if value is None:
            raise ResolutionError(f"{fn}() is not known to this runtime")
        return value

    @staticmethod
    def _lookup(table: Mapping[str, float], fn: str, args: list[Any]) -> float:
        if not args:
            raise ResolutionError(f"{fn}() needs a symbol argument")
        if args[0] not in table:
            raise ResolutionError(f"{fn}({args[0]!r}) is not known to this runtime")
        return table[args[0]]


class Resolver:
    """Resolves the values of one execution. ``lookup(step_id)`` returns the step's latest record."""

    def __init__(
        self,
        lookup: Callable[[str], StepExecution | None],
        *,
        context: Mapping[str, Any],
        env: Mapping[str, str],
        env_allow: list[str],
        runtime: RuntimeProvider | None,
        clock: Clock,
        trigger: Mapping[str, Any] | None = None,
    ):
        self._lookup = lookup
        self._trigger = trigger
        self._context = context
        self._env = env
        self._env_allow = env_allow
        self._runtime = runtime
        self._clock = clock

    # ------------------------------------------------------------------------------------------ values
    async def value(self, value: Any) -> Any:
        """A parameter value with every reference resolved (templates, reference objects, runtime calls)."""
        if isinstance(value, str):
            return self.template(value) if "{" in value else value
        if isinstance(value, dict):
            if "type" in value and is_reference_object(value):
                return await self._object(value)
            return {key: await self.value(item) for key, item in value.items()}
        if isinstance(value, list):
            return [await self.value(item) for item in value]
        return value

    def template(self, text: str) -> Any:
        """A string: the typed value when it is exactly one reference, else the interpolated text."""
        ref = single_reference(text)
        if ref is not None:
            return self.reference(ref.root, ref.path, ref.text or text)
        parts = parse_template(text)
        out: list[str] = []
        for part in parts:
            if isinstance(part, Reference):
                out.append(_as_text(self.reference(part.root, part.path, part.text or text)))
            else:
                out.append(part)
        return "".join(out)

    def text(self, text: str) -> str:
        """A string with references interpolated, always as text (prompts)."""
        value = self.template(text)
        return value if isinstance(value, str) else _as_text(value)

    def reference(self, root: str, path: str, shown: str) -> Any:
        """The value of ``root.path`` (``shown`` is how the reference is written, for messages)."""
        if root == "context":
            return _walk(self._context, _segments(path), shown, "the plan's context")
        if root == "env":
            return self._env_value(path, shown)
        if root == "trigger":
            if self._trigger is None:
                raise ResolutionError(f"{shown}: this execution was not started by a trigger, so it has no data")
            return _walk(self._trigger, _segments(path), shown, "the trigger's data")
        record = self._lookup(root)
        if record is None:
            raise ResolutionError(f"{shown}: step {root!r} has not run, so it has no output")
        segments = _segments(path)
        if segments and segments[0] in _RECORD_FIELDS:
            return _record_field(record, segments[0])
        if record.status is not StepStatus.COMPLETED:
            raise ResolutionError(f"{shown}: step {root!r} is {record.status.value}, so it has no output")
        if segments and segments[0] == "result":
            segments = segments[1:]
        return _walk(record.output, segments, shown, f"the output of step {root!r}")

    def _env_value(self, key: str, shown: str) -> str:
        if not key or not tool_matches(key, self._env_allow):
            raise ResolutionError(f"{shown}: environment variable {key!r} is not in the policy's env_allow")
        if key not in self._env:
            raise ResolutionError(f"{shown}: environment variable {key!r} is not set")
        return self._env[key]

    async def _object(self, value: dict[str, Any]) -> Any:
        kind = value["type"]
        if kind == "literal":
            return value["value"]
        if kind == "step_output":
            step_id = str(value.get("step_id", value.get("stepId")))
            path = str(value.get("path") or "")
            return self.reference(step_id, path, _shown(step_id, path))
        if kind == "env":
            return self._env_value(str(value["key"]), f"{{{{env.{value['key']}}}}}")
        args = [await self.value(arg) for arg in value.get("args") or []]
        return await self.runtime(str(value["fn"]), args)

    async def operand(self, ref: ValueRef) -> Any:
        """The value of a typed condition operand."""
        if isinstance(ref, LiteralValue):
            return ref.value
        if isinstance(ref, StepOutputRef):
            return self.reference(ref.step_id, ref.path, _shown(ref.step_id, ref.path))
        if isinstance(ref, EnvRef):
            return self._env_value(ref.key, f"{{{{env.{ref.key}}}}}")
        assert isinstance(ref, RuntimeRef)
        args = [await self.operand(arg) for arg in ref.args]
        return await self.runtime(ref.fn.value, args)

    async def runtime(self, fn: str, args: list[Any]) -> Any:
        """A runtime function's value: ``timestamp`` from the clock, the others from the provider."""
        if fn == RuntimeFn.TIMESTAMP.value:
            return int(self._clock.now().timestamp() * 1000)
        if self._runtime is None:
            raise ResolutionError(f"{fn}() needs a runtime provider, and the executor has none")
        result = self._runtime(fn, args)
        if inspect.isawaitable(result):
            result = await result
        return result

    # -------------------------------------------------------------------------------------- conditions
    async def condition(self, condition: Condition) -> bool:
        """Evaluate a condition. Every operand is evaluated; any that is broken raises ResolutionError."""
        order: list[Condition] = []
        stack: list[Condition] = [condition]
        while stack:  # pre-order, reversed below: children are decided before their parent
            current = stack.pop()
            order.append(current)
            if isinstance(current, LogicCondition):
                stack.extend(current.conditions)
        verdict: dict[int, bool] = {}
        for current in reversed(order):
            if isinstance(current, CompareCondition):
                left = await self.operand(current.left)
                right = await self.operand(current.right)
                verdict[id(current)] = compare(current.op, left, right, current.label)
            else:
                values = [verdict[id(child)] for child in current.conditions]
                verdict[id(current)] = _combine(current.op, values)
        return verdict[id(condition)]


def compare(op: CompareOp, left: Any, right: Any, label: str | None = None) -> bool:
    """``left op right`` with plankit's rules: NaN is an error, ``null`` only equals ``null``, numbers and
    numeric strings compare as numbers, booleans only with booleans (eq/neq), strings with strings."""
    where = f" in condition {label!r}" if label else ""
    for side, value in (("left", left), ("right", right)):
        if isinstance(value, float) and math.isnan(value):
            raise ResolutionError(f"the {side} operand{where} is NaN; it can't be compared")
    if _is_number(left) and isinstance(right, str):
        right = _number(right)
    elif _is_number(right) and isinstance(left, str):
        left = _number(left)
    if op in (CompareOp.EQ, CompareOp.NEQ):
        same = type(left) is type(right) or (_is_number(left) and _is_number(right))
        equal = same and left == right
        return equal if op is CompareOp.EQ else not equal
    if not ((_is_number(left) and _is_number(right)) or (isinstance(left, str) and isinstance(right, str))):
        raise ResolutionError(
            f"can't order {_kind(left)} and {_kind(right)}{where} with {op.value} "
            "(numbers with numbers, strings with strings)"
        )
    if op is CompareOp.GT:
        return bool(left > right)
    if op is CompareOp.GTE:
        return bool(left >= right)
    if op is CompareOp.LT:
        return bool(left < right)
    return bool(left <= right)


def _combine(op: LogicOp, values: list[bool]) -> bool:
    if op is LogicOp.AND:
        return all(values)
    if op is LogicOp.OR:
        return any(values)
    return not values[0]


def _number(text: str) -> Any:
    """A numeric string as a float (APIs often send prices as strings); other text unchanged."""
    try:
        number = float(text)
    except ValueError:
        return text
    return text if not math.isfinite(number) else number


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _shown(step_id: str, path: str) -> str:
    return f"{{{{{step_id}.{path}}}}}" if path else f"{{{{{step_id}}}}}"


def _segments(path: str) -> list[str]:
    return [part[1:-1] if part.startswith("[") else part for part in _SEGMENT.findall(path)]


def _walk(value: Any, segments: list[str], shown: str, what: str) -> Any:
    current = value
    for depth, segment in enumerate(segments):
        found: Any = _MISSING
        if isinstance(current, Mapping):
            found = current.get(segment, _MISSING)
        elif isinstance(current, list) and segment.isdigit() and int(segment) < len(current):
            found = current[int(segment)]
        if found is _MISSING:
            at = ".".join(segments[:depth]) or "the top"
            raise ResolutionError(f"{shown}: no {segment!r} at {at} of {what} ({_describe(current)})")
        current = found
    return current


def _describe(value: Any) -> str:
    if isinstance(value, Mapping):
        keys = ", ".join(sorted(map(str, value))[:10])
        return f"keys: {keys}" if keys else "an empty object"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return f"a {_kind(value)}"


def _record_field(record: StepExecution, name: str) -> Any:
    if name == "error":
        return record.error
    if name == "error_type":
        return record.error_type.value if record.error_type is not None else None
    if name == "status":
        return record.status.value
    return record.attempt_count


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)
