"""Turn pydantic's validation errors into problems a person can act on.

Paths are given in the document as the user wrote it (``root``, ``onFailure``), not in the normalized
form; unknown keys name the closest valid key; unknown ``type`` tags list the valid ones.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from .._utils import closest, did_you_mean, json_kind, validator_message
from ..errors import FormatProblem
from ._model import Plan, ValidationInfo, ValidationIssue
from ._nodes import NODE_TYPES, AbortPolicy, RetryPolicy, SkipPolicy
from ._normalize import _FAILURE_WORDS as FAILURE_WORDS
from ._normalize import snake_case
from ._tree import camel_case, unwrap_top_level
from ._triggers import (
    BalanceTrigger,
    ConditionTrigger,
    CronTrigger,
    ImmediateTrigger,
    IntervalTrigger,
    OnChainEventTrigger,
    PriceTrigger,
    TimeTrigger,
)
from ._values import CompareCondition, EnvRef, LiteralValue, LogicCondition, RuntimeRef, StepOutputRef

_TRIGGERS: dict[str, type[BaseModel]] = {
    "time": TimeTrigger,
    "interval": IntervalTrigger,
    "condition": ConditionTrigger,
    "immediate": ImmediateTrigger,
    "cron": CronTrigger,
    "price": PriceTrigger,
    "onchain_event": OnChainEventTrigger,
    "balance": BalanceTrigger,
}
_CONDITIONS: dict[str, type[BaseModel]] = {"compare": CompareCondition, "logic": LogicCondition}
_VALUES: dict[str, type[BaseModel]] = {
    "literal": LiteralValue,
    "step_output": StepOutputRef,
    "env": EnvRef,
    "runtime": RuntimeRef,
}
_POLICIES: dict[str, type[BaseModel]] = {"abort": AbortPolicy, "skip": SkipPolicy, "retry": RetryPolicy}
_BY_TAG: dict[str, type[BaseModel]] = {**_VALUES, **_CONDITIONS, **_POLICIES, **_TRIGGERS, **NODE_TYPES}
_TRIGGER_SLOTS = ("trigger",)
# Seed step keys are translated only when their value makes sense; a key left over was given a bad value.
_SEED_STEP_KEYS = {
    "max_retries": "max_retries is a whole number of retries, 0 or more, and can't be given with on_failure",
    "timeout": "timeout is in seconds, a number above 0, and can't be given with timeout_ms",
    "on_fail": "on_fail (abort or continue) can't be given with on_failure",
}


def _keys_of(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel]:
    """The model owning the last key of ``loc``: the last union tag on the way, else a plain field model."""
    for index in range(len(loc) - 2, -1, -1):
        item = loc[index]
        if isinstance(item, str) and item in _BY_TAG:
            parent = loc[index - 1] if index > 0 else None
            if parent in _TRIGGER_SLOTS and item in _TRIGGERS:
                return _TRIGGERS[item]
            return _BY_TAG[item]
    if loc[:1] == ("validation",):
        return ValidationIssue if "issues" in loc else ValidationInfo
    return Plan


def _display_path(raw: Any, loc: tuple[Any, ...], names_a_key: bool = False) -> tuple[str, str | None]:
    """The JSON path of ``loc`` in the user's own document (its spelling of keys, ``root``...), and its last
    key as spelled there. A key the document lacks is spelled in camelCase in a camelCase document."""
    parts: list[str] = []
    last_key: str | None = None
    camel = isinstance(raw, dict) and "root" in raw  # the tree shape
    current = raw
    skip_next_index = False
    for index, item in enumerate(loc):
        # A missing or unknown key's last item is a key, even one spelled like a tag (a price trigger's
        # "condition"); in other errors a trailing tag is pydantic's union member, not the document's.
        is_field = names_a_key and index == len(loc) - 1
        if isinstance(item, int):
            if skip_next_index:
                skip_next_index = False
                continue
            parts.append(f"[{item}]")
            current = current[item] if isinstance(current, list) and 0 <= item < len(current) else None
            continue
        if isinstance(current, list) and item == "steps" and not parts:  # a bare array of steps
            continue
        if isinstance(current, dict):
            if not is_field and item in _BY_TAG and current.get("type", current.get("strategy")) == item:
                continue  # pydantic's union member (a "condition" trigger), even when a key is spelled the same
            if item == "steps" and "steps" not in current and "root" in current:
                root = current["root"]
                top = unwrap_top_level(root)
                if not top or top[0] is not root:
                    parts.append(".root.steps")  # the parallel that holds several top-level steps
                    current = root["steps"]
                    continue
                parts.append(".root")
                current, skip_next_index = root, True
                continue
            original = next(
                (key for key in current if isinstance(key, str) and snake_case(key) == item), None
            )
            if (
                original is None
                and not is_field
                and item in _BY_TAG
                and current.get("type", current.get("strategy")) is not None
            ):
                continue  # a union tag pydantic puts in the location; it is not a key of the document
            if original is None and not is_field and item in _BY_TAG and item not in current:
                continue
            camel = camel or _camel_styled(current)
            last_key = original or (camel_case(item) if camel else item)
            parts.append(f".{last_key}")
            current = current.get(original) if original is not None else None
            continue
        if item in _BY_TAG and not is_field:
            continue
        last_key = str(item)
        parts.append(f".{item}")
        current = None
    return "$" + "".join(parts), last_key


def _camel_styled(mapping: dict[Any, Any]) -> bool:
    return any(isinstance(key, str) and snake_case(key) != key for key in mapping)


def _describe(error: Any, spelled: str | None) -> tuple[str, str | None]:
    """Message and hint for one error; ``spelled`` is the offending key as the document spells it."""
    kind = error["type"]
    loc = tuple(error["loc"])
    if kind == "extra_forbidden":
        key = spelled or (str(loc[-1]) if loc else "?")
        model = _model_at(loc)
        if snake_case(key) in _SEED_STEP_KEYS and model in NODE_TYPES.values():
            return f"{_SEED_STEP_KEYS[snake_case(key)]}; got {error.get('input')!r}", None
        keys = _keys_of(model)
        match = closest(snake_case(key), keys)
        if match is None and _SYNONYMS.get(snake_case(key)) in keys:
            match = _SYNONYMS[snake_case(key)]
        if match is not None and key != snake_case(key):
            match = camel_case(match)  # answer in the document's own style
        return f"unknown key {key!r}", f"did you mean {match!r}?" if match else None
    if kind == "literal_error" and isinstance(error.get("input"), str):
        expected = re.findall(r"'([^']*)'", str(error.get("ctx", {}).get("expected", "")))
        return str(error["msg"]), did_you_mean(error["input"], expected)
    if kind == "missing":
        return f"missing required key {spelled or loc[-1]!r}" if loc else "missing value", None
    if kind == "union_tag_invalid":
        ctx = error.get("ctx", {})
        tag, expected = ctx.get("tag"), ctx.get("expected_tags", "")
        choices = [choice.strip(" '") for choice in str(expected).split(",")]
        hint = did_you_mean(str(tag), choices) or f"use one of: {expected}"
        return f"unknown {ctx.get('discriminator', 'type').strip(chr(39))} {tag!r}", hint
    if kind == "union_tag_not_found":
        ctx = error.get("ctx", {})
        field = str(ctx.get("discriminator", "type")).strip("'")
        if loc and loc[-1] == "on_failure":  # the object form: {"strategy": ...}, maybe with a misspelt key
            given = error.get("input")
            keys = [key for key in given if isinstance(key, str)] if isinstance(given, dict) else []
            close = next((key for key in keys if closest(snake_case(key), ["strategy"])), None)
            hint = f"did you mean {field!r} (not {close!r})?" if close is not None else _FAILURE_HINT
            return f"on_failure has no {field!r} key", hint
        return (
            f"no {field!r} key, so it is not clear what this is",
            f'add "{field}" (for a step: action, llm, ...)',
        )
    if loc and loc[-1] == "on_failure" and not isinstance(error.get("input"), dict):
        word = error.get("input")
        close = did_you_mean(word, _FAILURE_WORDS) if isinstance(word, str) else None
        return f"unknown on_failure {word!r}", close or _FAILURE_HINT
    if kind in _WRONG_KIND:
        return _wrong_kind(kind, loc, error.get("input"))
    return validator_message(str(error["msg"])), None


_WRONG_KIND = frozenset({"list_type", "dict_type", "model_attributes_type", "model_type"})
_CONDITION_SLOTS = frozenset({"condition", "until", "exit_when", "when"})
_CONDITION_HINT = (
    'write an object such as {"type": "compare", "left": {"type": "step_output", "step_id": "check", "path":'
    ' "result.ok"}, "op": "eq", "right": {"type": "literal", "value": true}}'
)


def _wrong_kind(kind: str, loc: tuple[Any, ...], given: Any) -> tuple[str, str | None]:
    """A value of the wrong kind: what was expected, what came, and what to write instead."""
    if kind == "list_type":
        if isinstance(given, str):
            return f"a list is expected, got {json_kind(given)}", f"write {json.dumps([given])}"
        hint = "put the object in a list: [{...}]" if isinstance(given, dict) else None
        return f"a list is expected, got {json_kind(given)}", hint
    if any(item in _CONDITION_SLOTS for item in loc[-2:] if isinstance(item, str)):
        return f"a condition is an object, got {json_kind(given)}", _CONDITION_HINT
    hint = 'write key: value pairs, such as {"to": "ann"}' if loc and loc[-1] == "params" else None
    return f"an object is expected, got {json_kind(given)}", hint


# What on_failure may be, said where a word or value is not one of them.
_FAILURE_WORDS = tuple(FAILURE_WORDS)
_FAILURE_HINT = (
    'use abort (stop the plan), skip (go on without this step) or retry, or an object such as {"strategy": "retry",'
    ' "max_attempts": 3, "delay_ms": 1000}'
)

# Words people use for a key under another name: suggested when no key is spelled alike.
_SYNONYMS = {
    "expr": "expression", "cron": "expression", "schedule": "expression", "time": "at", "datetime": "at",
    "condition": "when", "if": "when", "interval": "every_ms", "tz": "timezone", "symbol": "token",
    "asset": "token", "coin": "token", "price": "threshold", "value": "threshold", "contract": "contract_address",
    "event": "event_signature", "chain": "chain_id", "args": "params", "arguments": "params", "parameters": "params",
}  # fmt: skip

# The keys a step's type is read from when it has no "type" (see _normalize._infer_type).
_TYPE_KEYS = ("tool", "prompt", "condition", "then", "body", "steps", "until", "duration_ms", "until_time")


def _misspelled_type_key(error: Any, path: str) -> FormatProblem | None:
    """A node without a type whose keys include a misspelling of the key its type is read from (``tol``)."""
    node = error.get("input")
    if error["type"] != "union_tag_not_found" or not isinstance(node, dict):
        return None
    for key in node:
        if isinstance(key, str) and key not in _TYPE_KEYS:
            # A stricter cutoff than elsewhere: the key is only a guess here ("action" is not "condition").
            matches = difflib.get_close_matches(snake_case(key), _TYPE_KEYS, n=1, cutoff=0.75)
            if matches:
                match = matches[0]
                return FormatProblem(f"{path}.{key}", f"unknown key {key!r}", f"did you mean {match!r}?")
    return None


def describe_validation_errors(exc: ValidationError, raw: Any, normalized: Any) -> list[FormatProblem]:
    """One :class:`FormatProblem` per validation error, located in the user's document."""
    problems: list[FormatProblem] = []
    seen: set[tuple[str, str]] = set()
    for error in exc.errors(include_url=False):
        path, spelled = _display_path(raw, tuple(error["loc"]), error["type"] in ("missing", "extra_forbidden"))
        misspelled = _misspelled_type_key(error, path)
        if misspelled is not None:
            problems.append(misspelled)
            continue
        message, hint = _describe(error, spelled)
        if (path, message) not in seen:
            seen.add((path, message))
            problems.append(FormatProblem(path, message, hint))
    return problems
