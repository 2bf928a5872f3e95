"""Values and conditions: what a parameter or a condition operand may be, and how conditions combine.

A parameter value is a literal, a reference object, or a string holding template references
(see :mod:`plankit.plan._refs`). Condition operands are always typed :data:`ValueRef` objects.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from ._base import TaggedModel

Scalar = str | int | float | bool | None


class RuntimeFn(str, Enum):
    """Functions the executor evaluates at run time."""

    PRICE = "price"
    BALANCE = "balance"
    GAS_PRICE = "gas_price"
    TIMESTAMP = "timestamp"
    BLOCK_NUMBER = "block_number"


class LiteralValue(TaggedModel):
    """A constant."""

    type: Literal["literal"] = "literal"
    value: Scalar

    @field_validator("value")
    @classmethod
    def _finite(cls, value: Scalar) -> Scalar:
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError("a literal must be a finite number (NaN and infinity can't be compared)")
        return value


class StepOutputRef(TaggedModel):
    """The output of another step, optionally narrowed by a dotted path (``result.balance``)."""

    type: Literal["step_output"] = "step_output"
    step_id: str = Field(min_length=1)
    path: str = ""


class EnvRef(TaggedModel):
    """An environment variable; only keys the policy allows are ever read."""

    type: Literal["env"] = "env"
    key: str = Field(min_length=1)


class RuntimeRef(TaggedModel):
    """A runtime function call such as ``price("ETH")``."""

    type: Literal["runtime"] = "runtime"
    fn: RuntimeFn
    args: list[ValueRef] = Field(default_factory=list)


ValueRef = Annotated[LiteralValue | StepOutputRef | EnvRef | RuntimeRef, Field(discriminator="type")]
"""Any value an operand can take."""

REFERENCE_TYPES: frozenset[str] = frozenset({"literal", "step_output", "env", "runtime"})
"""The ``type`` tags of reference objects, as they may appear inside ``params``."""


class CompareOp(str, Enum):
    """Comparison operators."""

    GT = "gt"
    GTE = "gte"
    LT = "lt"
    LTE = "lte"
    EQ = "eq"
    NEQ = "neq"


class LogicOp(str, Enum):
    """Logical operators; ``not`` takes exactly one condition."""

    AND = "and"
    OR = "or"
    NOT = "not"


class CompareCondition(TaggedModel):
    """``left op right``."""

    type: Literal["compare"] = "compare"
    left: ValueRef
    op: CompareOp
    right: ValueRef
    label: str | None = None


class LogicCondition(TaggedModel):
    """A logical combination of conditions."""

    type: Literal["logic"] = "logic"
    op: LogicOp
    conditions: list[Condition] = Field(min_length=1)

    @field_validator("conditions")
    @classmethod
    def _not_is_unary(cls, conditions: list[Any], info: Any) -> list[Any]:
        if info.data.get("op") is LogicOp.NOT and len(conditions) != 1:
            raise ValueError(f"'not' takes exactly one condition, got {len(conditions)}")
        return conditions


Condition = Annotated[CompareCondition | LogicCondition, Field(discriminator="type")]
"""A condition: a comparison or a logical combination."""

RuntimeRef.model_rebuild()
LogicCondition.model_rebuild()
