"""Triggers: when a plan starts. They are data here; the scheduler fires them.

Malformed triggers are rejected when loaded (a cron expression that is not 5 valid fields, an unknown
IANA timezone, a bad contract address). Triggers that are well formed but contradictory (one that ends
before it starts) are the linter's business, reported as ``CONTRA_TIMING``.
"""

from __future__ import annotations

import functools
import re
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import AfterValidator, Field, field_validator

from ._base import TaggedModel, UtcDatetime
from ._values import Condition

_ADDRESS = re.compile(r"^0x[0-9a-fA-F]{40}$")
_TOPIC = re.compile(r"^0x[0-9a-fA-F]{64}$")
_EVENT_SIGNATURE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\(([A-Za-z0-9_\[\]]+(,[A-Za-z0-9_\[\]]+)*)?\)$")


DEFAULT_MISFIRE_GRACE_MS = 3_600_000
"""How late a fire may still run when no worker was up at its time (1 hour); later ones are ``missed``."""

CatchUp = Literal["none", "one", "all"]
"""What a recurring trigger does with fire times missed while no worker ran (see the scheduler)."""

Overlap = Literal["skip", "buffer_one", "allow"]
"""What a recurring trigger does when a fire comes due while its previous execution still runs."""


def _some_runs(value: int) -> int:
    if value < 1:
        raise ValueError(
            f"max_runs {value} means the trigger never fires: give 1 or more, or leave max_runs out for no limit"
        )
    return value


MaxRuns = Annotated[int, AfterValidator(_some_runs), Field(json_schema_extra={"minimum": 1})]
"""A run limit: at least one (0 would be a trigger that never fires)."""


class TimeTrigger(TaggedModel):
    """Start once, at ``at``.

    If no worker was running then, it fires late only within ``misfire_grace_ms`` (default 1 hour, a
    plankit extension); past that the fire is recorded as ``missed``, never dropped or run days late.
    """

    type: Literal["time"] = "time"
    at: UtcDatetime
    misfire_grace_ms: int = Field(DEFAULT_MISFIRE_GRACE_MS, ge=0)


class _Recurring(TaggedModel):
    """The plankit extensions every time-based recurring trigger has."""

    misfire_grace_ms: int = Field(DEFAULT_MISFIRE_GRACE_MS, ge=0)
    """How late the latest due fire may start with ``catch_up: none``."""
    catch_up: CatchUp = "one"
    """After downtime: ``one`` catch-up fire for the latest missed time (default), ``none``, or ``all``."""
    overlap: Overlap = "skip"
    """A fire while the previous execution runs: ``skip`` it (recorded), ``buffer_one`` (run it once the
    previous ends; at most one waits), or ``allow`` (run both)."""


class IntervalTrigger(_Recurring):
    """Start every ``every_ms``, from ``start_at`` (default: when scheduled) until ``end_at`` or ``max_runs``.

    Fire times are ``start_at + k * every_ms``: a slow run never makes the next ones drift.
    """

    type: Literal["interval"] = "interval"
    every_ms: int = Field(ge=1)
    start_at: UtcDatetime | None = None
    end_at: UtcDatetime | None = None
    max_runs: MaxRuns | None = None


class ConditionTrigger(TaggedModel):
    """Start when a condition becomes true, polled every ``poll_interval_ms``."""

    type: Literal["condition"] = "condition"
    when: Condition
    poll_interval_ms: int = Field(60_000, ge=1)
    expires_after_ms: int | None = Field(None, ge=1)
    recurring: bool = False


class ImmediateTrigger(TaggedModel):
    """Start now."""

    type: Literal["immediate"] = "immediate"


@functools.lru_cache(maxsize=4096)
def validate_cron_expression(expression: str) -> str:
    """Check a standard 5-field cron expression; raise ``ValueError`` saying what is wrong.

    Cached: croniter's check costs ~75 µs, and the same expressions are read again with every stored schedule.
    """
    from croniter import croniter  # here, not at the top: a plan without a cron trigger never needs it

    fields = expression.split()
    if len(fields) != 5:
        raise ValueError(
            f"a cron expression has 5 fields (minute hour day-of-month month day-of-week), "
            f"got {len(fields)} in {expression!r}"
        )
    if not croniter.is_valid(expression):
        # Name the field that is wrong: each one checked alone, with '*' in the others.
        for index, (name, allowed) in enumerate(_CRON_FIELDS):
            alone = " ".join(field if i == index else "*" for i, field in enumerate(fields))
            if not croniter.is_valid(alone):
                raise ValueError(
                    f"invalid cron expression {expression!r}: the {name} field {fields[index]!r} is not valid "
                    f"(use {allowed}, *, a list 1,15, a range 9-17 or a step */5)"
                )
        raise ValueError(f"invalid cron expression {expression!r}")
    return " ".join(fields)


_CRON_FIELDS = (
    ("minute", "0-59"),
    ("hour", "0-23"),
    ("day-of-month", "1-31"),
    ("month", "1-12 or jan-dec"),
    ("day-of-week", "0-7 or sun-sat (0 and 7 are Sunday)"),
)


def validate_timezone(name: str) -> str:
    """Check an IANA timezone name such as ``America/New_York``; raise ``ValueError`` if unknown."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # a directory ("America"), a name too long
        raise ValueError(
            f"unknown IANA timezone {name!r} (use a name such as 'Europe/Paris' or 'UTC')"
        ) from exc
    return name


class CronTrigger(_Recurring):
    """Start on a 5-field cron schedule, evaluated in the IANA ``timezone`` (default UTC).

    Day-of-month and day-of-week are ORed when both are restricted (as in Vixie cron); ``7`` is Sunday.
    Daylight saving: a local time that does not exist that day fires once at the first instant after the
    gap; a local time that happens twice fires once, at its first occurrence.
    """

    type: Literal["cron"] = "cron"
    expression: str
    timezone: str = "UTC"
    max_runs: MaxRuns | None = None

    @field_validator("expression")
    @classmethod
    def _expression(cls, value: str) -> str:
        return validate_cron_expression(value)

    @field_validator("timezone")
    @classmethod
    def _timezone(cls, value: str) -> str:
        return validate_timezone(value)


class PriceTrigger(TaggedModel):
    """Start when a token's USD price is above, below, or crosses a threshold."""

    type: Literal["price"] = "price"
    token: str = Field(min_length=1)
    condition: Literal["above", "below", "crosses"]
    threshold: float = Field(gt=0, allow_inf_nan=False)
    hysteresis_percent: float = Field(1.0, ge=0, allow_inf_nan=False)
    cooldown_ms: int = Field(300_000, ge=0)
    recurring: bool = False


class OnChainEventTrigger(TaggedModel):
    """Start when a contract emits a matching event log."""

    type: Literal["onchain_event"] = "onchain_event"
    chain_id: int = Field(ge=1)
    contract_address: str
    event_signature: str
    topic_filters: list[str | None] = Field(default_factory=list, max_length=3)
    recurring: bool = False

    @field_validator("contract_address")
    @classmethod
    def _address(cls, value: str) -> str:
        if not _ADDRESS.match(value):
            raise ValueError(f"contract_address must be 0x followed by 40 hex digits, got {value!r}")
        return value

    @field_validator("event_signature")
    @classmethod
    def _signature(cls, value: str) -> str:
        if not _EVENT_SIGNATURE.match(value.replace(" ", "")):
            raise ValueError(
                f"event_signature must look like 'Transfer(address,address,uint256)', got {value!r}"
            )
        return value

    @field_validator("topic_filters")
    @classmethod
    def _topics(cls, value: list[str | None]) -> list[str | None]:
        for topic in value:
            if topic is not None and not _TOPIC.match(topic):
                raise ValueError(f"a topic filter is null or 0x followed by 64 hex digits, got {topic!r}")
        return value


class BalanceTrigger(TaggedModel):
    """Start when a token balance rises above or drops below a threshold (in token units)."""

    type: Literal["balance"] = "balance"
    token: str = Field(min_length=1)
    chain_id: int = Field(8453, ge=1)
    condition: Literal["above", "below"]
    threshold: float = Field(ge=0, allow_inf_nan=False)
    recurring: bool = False


Trigger = Annotated[
    TimeTrigger
    | IntervalTrigger
    | ConditionTrigger
    | ImmediateTrigger
    | CronTrigger
    | PriceTrigger
    | OnChainEventTrigger
    | BalanceTrigger,
    Field(discriminator="type"),
]
"""Any trigger, discriminated by ``type``."""


_LOG_KEYS = frozenset({"chain_id", "address", "topics", "data", "block_number", "block_hash", "tx_hash", "log_index"})

TRIGGER_DATA_KEYS: dict[str, frozenset[str]] = {
    "immediate": frozenset({"type", "nominal_at"}),
    "time": frozenset({"type", "nominal_at"}),
    "interval": frozenset({"type", "nominal_at"}),
    "cron": frozenset({"type", "nominal_at"}),
    "price": frozenset({"type", "token", "price", "threshold", "condition", "observed_at"}),
    "balance": frozenset({"type", "token", "chain_id", "address", "balance", "threshold", "observed_at"}),
    "condition": frozenset({"type", "observed_at"}),
    "onchain_event": frozenset({"type", "event_signature", "observed_at", "log"}) | _LOG_KEYS,
}
"""What each trigger type gives the plan it starts, as ``{{trigger.<key>}}`` (the scheduler fills these in)."""
