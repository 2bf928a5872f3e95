"""Short human-readable text for values and conditions (used in diagrams and messages)."""

from __future__ import annotations

from typing import Any

from ..plan import CompareCondition, EnvRef, LiteralValue, LogicCondition, RuntimeRef, StepOutputRef

_SYMBOLS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "eq": "==", "neq": "!="}


def value_text(value: Any) -> str:
    """``s1.result.price``, ``env.API_URL``, ``price(ETH)``, ``4000``."""
    if isinstance(value, LiteralValue):
        literal = value.value
        if isinstance(literal, bool) or literal is None:
            return "null" if literal is None else str(literal).lower()
        return repr(literal) if isinstance(literal, str) else str(literal)
    if isinstance(value, StepOutputRef):
        return f"{value.step_id}.{value.path}" if value.path else value.step_id
    if isinstance(value, EnvRef):
        return f"env.{value.key}"
    if isinstance(value, RuntimeRef):
        return f"{value.fn.value}({', '.join(value_text(arg) for arg in value.args)})"
    return str(value)


def condition_text(condition: Any) -> str:
    """``price(ETH) > 4000 and s1.ok == true``; a compare's own ``label`` wins when it has one."""
    # Iterative post-order so deep logic trees cannot exhaust the stack.
    done: dict[int, str] = {}
    stack: list[tuple[Any, bool]] = [(condition, False)]
    while stack:
        current, expanded = stack.pop()
        if isinstance(current, CompareCondition):
            left, right = value_text(current.left), value_text(current.right)
            done[id(current)] = current.label or f"{left} {_SYMBOLS[current.op.value]} {right}"
        elif isinstance(current, LogicCondition) and not expanded:
            stack.append((current, True))
            stack.extend((child, False) for child in current.conditions)
        elif isinstance(current, LogicCondition):
            parts = [done[id(child)] for child in current.conditions]
            if current.op.value == "not":
                done[id(current)] = f"not ({parts[0]})"
            else:
                joined = f" {current.op.value} ".join(f"({part})" if " " in part else part for part in parts)
                done[id(current)] = joined
    return done.get(id(condition), str(condition))
