"""Tolerant parsing of a model's reply into plan data, then into a :class:`~plankit.plan.Plan`.

What is tolerated: code fences, prose before and after, ``//`` and ``/* */`` comments (never inside
strings), trailing commas, raw newlines inside strings, a ``{"plan": {...}}`` wrapper, a bare JSON array of
steps, several JSON blocks (the plan-shaped one is taken: the last, when there are several), and a numbered
or bulleted list instead of JSON (see :mod:`plankit.compile._lists`). Every liberty taken is written down
in :attr:`Extraction.notes`.

What is not: JSON that is cut off, has a mismatched bracket or is otherwise unreadable raises
:class:`ReplyParseError` saying exactly where (line and column of the reply), and for cut-off JSON which
brackets are still open and which JSON path each one holds. A reply with no plan in it raises it too.
:func:`parse_plan_reply` raises :class:`~plankit.errors.PlanFormatError` (of which ``ReplyParseError`` is a
kind) and nothing else.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import FormatProblem, PlanFormatError
from ..plan import DEFAULT_LIMITS, Plan, plan_from_data
from ._lists import list_steps
from ._scan import Block, Mismatch, Scanned, Truncated, find_blocks, where

ParseErrorKind = Literal["empty", "too_large", "truncated", "mismatched", "invalid_json", "no_plan"]
_FENCE = re.compile(r"^[ \t]*(?:```|~~~)[ \t]*([\w+.\-]*)[^\n]*$", re.MULTILINE)
_STEP_KEYS = ("tool", "prompt", "step_id", "stepId")


class ReplyParseError(PlanFormatError):
    """No plan could be read from a reply. ``kind`` says why; ``problems`` say where (line and column)."""

    def __init__(
        self, kind: ParseErrorKind, message: str, problems: list[FormatProblem] | None = None, source: str | None = None
    ):
        self.kind = kind
        super().__init__(message, problems, source)


@dataclass(frozen=True)
class Extraction:
    """Plan data read from a reply, and how it was read."""

    data: Any
    """The plan data (a JSON object, or a list of steps), ready for :func:`~plankit.plan.plan_from_data`."""
    origin: Literal["json", "list"]
    block: int | None
    """1-based number of the JSON block read, among :attr:`blocks`; None for a list."""
    blocks: int
    """JSON blocks in the reply (readable or not; prose in braces and lists of numbers don't count)."""
    line: int
    """The reply's line where the plan starts."""
    notes: tuple[str, ...]
    """Every liberty taken, in words (``removed 2 comments``, ``read JSON block 2 of 3: ...``)."""


@dataclass(frozen=True)
class ParsedReply:
    """A plan read from a reply, and how it was read."""

    plan: Plan
    extraction: Extraction


@dataclass(frozen=True)
class _Candidate:
    number: int
    block: Block
    data: Any
    rank: int
    unwrapped: bool


def parse_plan_reply(text: str, *, tools: Collection[str] = (), source: str = "<reply>") -> ParsedReply:
    """Read a plan from a model's reply. ``tools`` (known tool names) help read lists of steps.

    Raises :class:`ReplyParseError` when no plan data can be read, and
    :class:`~plankit.errors.PlanFormatError` when the data is not a valid plan.
    """
    extraction = extract_plan_data(text, tools=tools, source=source)
    return ParsedReply(plan_from_data(extraction.data, source=source), extraction)


def extract_plan_data(text: str, *, tools: Collection[str] = (), source: str = "<reply>") -> Extraction:
    """Find the plan data in a reply (see the module docs); raises :class:`ReplyParseError`."""
    if not text.strip():
        raise ReplyParseError("empty", "the reply is empty", source=source)
    if len(text.encode("utf-8", "surrogatepass")) > DEFAULT_LIMITS.max_bytes:
        raise ReplyParseError("too_large", f"the reply is larger than {DEFAULT_LIMITS.max_bytes} bytes", source=source)
    candidates: list[_Candidate] = []
    broken: list[tuple[ParseErrorKind, str, list[FormatProblem]]] = []
    number = 0
    for scanned in find_blocks(text):
        counted, candidate, problem = _examine(text, scanned, number + 1)
        number += counted
        if candidate is not None:
            candidates.append(candidate)
        if problem is not None:
            broken.append(problem)
    shaped = [candidate for candidate in candidates if candidate.rank > 0]
    if shaped:
        best = max(shaped, key=lambda candidate: (candidate.rank, candidate.number))
        return _json_extraction(text, best, number, shaped, broken)
    if broken:
        kind, message, _ = broken[-1]
        problems = [problem for _, _, found in broken for problem in found]
        raise ReplyParseError(kind, message, problems, source)
    listed = list_steps(text, tools)
    if listed is not None:
        style = "numbered" if listed.numbered else "bulleted"
        note = f"read a {style} list of {len(listed.steps)} items as steps"
        return Extraction({"steps": listed.steps}, "list", None, number, listed.line, (note,))
    raise _no_plan(number, source)


def _examine(
    text: str, scanned: Scanned, number: int
) -> tuple[int, _Candidate | None, tuple[ParseErrorKind, str, list[FormatProblem]] | None]:
    """(how many JSON blocks this is, the candidate it gives, the problem it has)."""
    if isinstance(scanned, Truncated):
        return 1, None, _truncation(text, scanned)
    if isinstance(scanned, Mismatch):
        opened = scanned.open
        message = (
            f"mismatched bracket at {where(text, scanned.offset)}: '{scanned.found}' closes the "
            f"'{opened.char}' of {opened.path} opened at {where(text, opened.offset)}"
        )
        return 1, None, ("mismatched", message, [FormatProblem(where(text, scanned.offset), message)])
    decoded, problem = _decode(text, scanned)
    if problem is not None:
        return (1, None, problem) if scanned.looks_like_json else (0, None, None)
    if not _is_json_document(decoded):
        return 0, None, None
    rank, data, unwrapped = _plan_shape(decoded)
    return 1, _Candidate(number, scanned, data, rank, unwrapped), None


def _decode(text: str, block: Block) -> tuple[Any, tuple[ParseErrorKind, str, list[FormatProblem]] | None]:
    if block.depth > DEFAULT_LIMITS.max_depth:
        message = f"JSON at {where(text, block.start)} is nested deeper than {DEFAULT_LIMITS.max_depth} levels"
        return None, ("invalid_json", message, [FormatProblem(where(text, block.start), message)])
    try:
        return json.loads(block.cleaned, strict=False, parse_constant=_reject_constant), None
    except json.JSONDecodeError as exc:
        at = where(text, block.slices.origin(exc.pos))
        detail = exc.msg
    except (ValueError, RecursionError) as exc:
        at, detail = where(text, block.start), str(exc) or type(exc).__name__
    message = f"invalid JSON at {at}: {detail}"
    return None, ("invalid_json", message, [FormatProblem(at, detail)])


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _truncation(text: str, cut: Truncated) -> tuple[ParseErrorKind, str, list[FormatProblem]]:
    end = where(text, len(text))
    inside = ""
    if cut.string_start is not None:
        inside = f" inside a string that starts at {where(text, cut.string_start)}"
    elif cut.comment_start is not None:
        inside = f" inside a comment that starts at {where(text, cut.comment_start)}"
    innermost = cut.open[-1]
    count = len(cut.open)
    message = (
        f"truncated JSON: the reply ends at {end}{inside}, with {count} bracket{'s' if count != 1 else ''} "
        f"still open (innermost: '{innermost.char}' of {innermost.path}, opened at {where(text, innermost.offset)})"
    )
    hint = "the reply was cut off: ask for a shorter plan, or raise the model's output token limit"
    problems = [FormatProblem(end, f"the reply ends here{inside}", hint)]
    problems += [
        FormatProblem(where(text, bracket.offset), f"'{bracket.char}' of {bracket.path} is never closed")
        for bracket in cut.open
    ]
    return "truncated", message, problems


def _is_json_document(value: Any) -> bool:
    """Objects, and arrays holding an object: not ``[1]`` footnotes or ``["a", "b"]`` in prose."""
    return isinstance(value, dict) or (isinstance(value, list) and any(isinstance(item, dict) for item in value))


def _plan_shape(value: Any) -> tuple[int, Any, bool]:
    """(rank, plan data, unwrapped): 2 a plan object, 1 an array of steps, 0 not a plan."""
    if isinstance(value, dict):
        if isinstance(value.get("steps"), list) or isinstance(value.get("root"), dict):
            return 2, value, False
        inner = value.get("plan")
        if isinstance(inner, dict | list):
            rank, data, _ = _plan_shape(inner)
            return rank, data, rank > 0
        return 0, value, False
    if isinstance(value, list) and value and all(_is_step(item) for item in value):
        return 1, value, False
    return 0, value, False


def _is_step(value: Any) -> bool:
    return isinstance(value, dict) and (
        any(key in value for key in _STEP_KEYS) or ("id" in value and "type" in value)
    )


def _json_extraction(
    text: str,
    best: _Candidate,
    blocks: int,
    shaped: list[_Candidate],
    broken: list[tuple[ParseErrorKind, str, list[FormatProblem]]],
) -> Extraction:
    block = best.block
    notes: list[str] = []
    if blocks > 1:
        reason = "the only plan-shaped one" if len(shaped) == 1 else f"the last of {len(shaped)} plan-shaped ones"
        notes.append(f"read JSON block {best.number} of {blocks}: {reason}")
    fence = _fence_of(text, block.start)
    if fence is not None:
        notes.append(f"read from a code fence ({fence})" if fence else "read from a code fence")
    outside = _FENCE.sub("", text[: block.start]), _FENCE.sub("", text[block.end :])
    if outside[0].strip():
        notes.append("ignored text before the JSON")
    if outside[1].strip():
        notes.append("ignored text after the JSON")
    if block.comments:
        notes.append(f"removed {block.comments} comment{'s' if block.comments != 1 else ''}")
    if block.trailing_commas:
        notes.append(f"removed {block.trailing_commas} trailing comma{'s' if block.trailing_commas != 1 else ''}")
    if best.unwrapped:
        notes.append('unwrapped the "plan" key')
    if best.rank == 1:
        notes.append("read a JSON array of steps")
    notes += [f"ignored {message}" for _, message, _ in broken]
    line = text.count("\n", 0, block.start) + 1
    return Extraction(best.data, "json", best.number, blocks, line, tuple(notes))


def _fence_of(text: str, offset: int) -> str | None:
    """The language of the code fence holding ``offset`` ("" for a bare fence), or None outside fences."""
    fences = list(_FENCE.finditer(text))
    for opening, closing in zip(fences[::2], [*fences[1::2], None], strict=False):
        end = closing.start() if closing is not None else len(text)
        if opening.end() <= offset < end:
            return opening.group(1)
    return None


def _no_plan(blocks: int, source: str) -> ReplyParseError:
    shape = 'a plan is a JSON object with a "steps" list, or a JSON array of steps'
    if blocks:
        noun = "block" if blocks == 1 else "blocks"
        message = f"no plan in the reply: it holds {blocks} JSON {noun} but none is a plan ({shape})"
    else:
        message = f"no plan in the reply: it holds no JSON and no list of steps ({shape})"
    return ReplyParseError("no_plan", message, source=source)
