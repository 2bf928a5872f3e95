"""The compiler: a goal in, a lint-clean plan out, through any LLM, repairing drafts from the lint findings.

Round 0 sends the system prompt (format, clean example, tools, policy) and the goal. Each reply is parsed
tolerantly and linted with the same engine as ``plankit lint``. A draft with errors (or a reply with no
readable plan) goes back to the model with the exact findings (code, step id, JSON path, message, hint),
up to ``max_repairs`` times. The result holds the last readable draft, its findings, every round and the
whole conversation.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import PlanFormatError, PlankitError, RateLimitError, ServerError
from ..lint import Diagnostic, Linter, Policy, Severity, ValidationResult
from ..llm import LlmClient, LlmError, Message
from ..plan import Plan, plan_from_data, plan_json_schema, plan_to_data
from ..tools import ToolRegistry, ToolSpec
from ._parse import Extraction, ReplyParseError, extract_plan_data
from ._prompt import build_goal_prompt, build_repair_prompt, build_system_prompt, build_unreadable_prompt

DEFAULT_MAX_REPAIRS = 2

PolicyInput = Policy | str | Path | Sequence[str | Path] | None
"""A policy, a policy file (or several, merged in order), or None for the built-in default."""
ToolsInput = ToolRegistry | Iterable[ToolSpec | Mapping[str, Any]] | str | Path | None
"""A tool registry, tool specs (or their data), or a tool spec file."""


class CompileError(PlankitError, ValueError):
    """The compiler was given something it can't work with (an empty goal, a negative repair count)."""


@dataclass(frozen=True)
class CompileRound:
    """One draft: the reply, what was read from it, and what the linter found."""

    number: int
    """0 for the first draft, then 1, 2... for each repair."""
    reply: str
    extraction: Extraction | None
    """How the plan data was read; None when the reply held none."""
    plan: Plan | None
    """The draft as a plan; None when it could not be read or is not a valid plan."""
    diagnostics: tuple[Diagnostic, ...]
    """Errors and warnings (unsuppressed), or the one ``REPLY_*`` problem of an unreadable reply."""
    validation: ValidationResult | None
    """The linter's verdict; None when the reply held no plan data."""

    @property
    def clean(self) -> bool:
        """True when the draft is a plan the linter passed (warnings allowed)."""
        return self.plan is not None and self.validation is not None and self.validation.valid

    @property
    def errors(self) -> list[Diagnostic]:
        """The error-severity findings."""
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


@dataclass
class CompileResult:
    """What :func:`compile_goal` produced: the plan (when any draft could be read), its findings, the rounds
    and the transcript."""

    goal: str
    rounds: list[CompileRound] = field(default_factory=list)
    transcript: list[Message] = field(default_factory=list)
    error: str | None = None
    """Why compiling stopped early: the model server failed after a draft was made (the draft is kept)."""

    @property
    def ok(self) -> bool:
        """True when the final draft is a lint-clean plan."""
        return self.error is None and bool(self.rounds) and self.rounds[-1].clean

    @property
    def final(self) -> CompileRound | None:
        """The last round that produced a plan, else the last round."""
        with_plan = [round_ for round_ in self.rounds if round_.plan is not None]
        if with_plan:
            return with_plan[-1]
        return self.rounds[-1] if self.rounds else None

    @property
    def plan(self) -> Plan | None:
        """The last draft that was a valid plan (lint-clean when :attr:`ok`)."""
        final = self.final
        return final.plan if final is not None else None

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The findings on :attr:`plan` (or, with no plan, why the last reply could not be read)."""
        final = self.final
        return list(final.diagnostics) if final is not None else []

    @property
    def validation(self) -> ValidationResult | None:
        """The linter's verdict on :attr:`plan`."""
        final = self.final
        return final.validation if final is not None else None

    @property
    def repairs(self) -> int:
        """How many repair rounds were needed (0 when the first draft was final)."""
        return max(0, len(self.rounds) - 1)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data (what ``plankit compile --format json`` prints)."""
        return {
            "ok": self.ok,
            "goal": self.goal,
            "error": self.error,
            "repairs": self.repairs,
            "plan": plan_to_data(self.plan) if self.plan is not None else None,
            "diagnostics": [_diagnostic_data(d) for d in self.diagnostics],
            "rounds": [_round_data(round_) for round_ in self.rounds],
            "transcript": [message.to_dict() for message in self.transcript],
        }


async def compile_goal(
    goal: str,
    llm: LlmClient,
    *,
    tools: ToolsInput = None,
    policy: PolicyInput = None,
    max_repairs: int = DEFAULT_MAX_REPAIRS,
    context: Mapping[str, Any] | None = None,
    use_schema: bool = True,
    now: datetime | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> CompileResult:
    """Turn ``goal`` into a plan with ``llm``, linted against ``policy`` (None: the built-in default) and
    ``tools`` (specs, a registry or a spec file), repairing up to ``max_repairs`` times.

    ``use_schema`` sends the plan JSON Schema for structured output. Raises :class:`CompileError` for an
    empty goal, ``PolicyError`` for an unusable policy or tool file, and whatever the client raises when
    the model can't be reached (:class:`~plankit.llm.LlmError`, ``RateLimitError``, ``ServerError``)
    for the first draft. When the model fails after a draft was made, the result keeps the drafts and says
    why in :attr:`CompileResult.error` (not ok). ``on_progress`` is told, in a few words, what is awaited.
    """
    if not goal.strip():
        raise CompileError("the goal is empty: say what the plan should achieve")
    if max_repairs < 0:
        raise CompileError(f"max_repairs must be 0 or more, got {max_repairs}")
    linter = Linter(policy, tools=tools)
    tool_names = linter.tools.names() if linter.tools is not None else []
    schema = _plan_schema() if use_schema else None
    result = CompileResult(goal.strip())
    result.transcript = [
        Message.system(build_system_prompt(tools=linter.tools, policy=linter.policy)),
        Message.user(build_goal_prompt(goal, context)),
    ]
    say = on_progress or (lambda _: None)
    for number in range(max_repairs + 1):
        if number == 0:
            say(f"asking {llm.model_spec} for a plan")
        else:
            found = len(result.rounds[-1].errors) or len(result.rounds[-1].diagnostics)
            say(f"asking {llm.model_spec} to repair the draft ({found} finding{'s' if found != 1 else ''}): "
                f"round {number} of {max_repairs}")  # fmt: skip
        try:
            reply = await llm.complete(result.transcript, schema=schema)
        except (LlmError, RateLimitError, ServerError) as exc:
            if not result.rounds:
                raise  # nothing to keep: the caller reports the failure
            result.error = f"the model failed during repair round {number}: {exc}"
            return result
        result.transcript.append(Message.assistant(reply))
        round_ = evaluate_reply(reply, linter, goal=result.goal, tools=tool_names, number=number, now=now)
        result.rounds.append(round_)
        if round_.clean or number == max_repairs:
            break
        result.transcript.append(Message.user(repair_message(round_)))
    return result


def evaluate_reply(
    reply: str,
    linter: Linter,
    *,
    goal: str | None = None,
    tools: list[str] | None = None,
    number: int = 0,
    now: datetime | None = None,
) -> CompileRound:
    """Parse and lint one reply. A plan without a goal gets ``goal``."""
    try:
        extraction = extract_plan_data(reply, tools=tools or ())
    except ReplyParseError as exc:
        problem = Diagnostic(f"REPLY_{exc.kind.upper()}", Severity.ERROR, exc.message, hint=_hint(exc))
        return CompileRound(number, reply, None, None, (problem,), None)
    data = _with_goal(extraction.data, goal)
    plan: Plan | None
    try:
        plan = plan_from_data(data, source="<reply>")
    except PlanFormatError:
        plan = None  # the linter turns every problem into a SCHEMA_INVALID finding with its path
    validation = linter.validate(plan if plan is not None else data, now=now)
    findings = tuple(
        d for d in validation.diagnostics if not d.suppressed and d.severity is not Severity.INFO
    )
    return CompileRound(number, reply, extraction, plan, findings, validation)


def repair_message(round_: CompileRound) -> str:
    """The user message that sends a failed draft back to the model."""
    if round_.extraction is None:
        problem = round_.diagnostics[0]
        return build_unreadable_prompt(problem.message + (f" ({problem.hint})" if problem.hint else ""))
    return build_repair_prompt(list(round_.diagnostics))


@functools.cache
def _plan_schema() -> Mapping[str, Any]:
    # Building the schema takes pydantic a sixth of a second; it never changes within a process.
    return plan_json_schema()


def _hint(exc: ReplyParseError) -> str | None:
    return next((problem.hint for problem in exc.problems if problem.hint), None)


def _with_goal(data: Any, goal: str | None) -> Any:
    if goal is None:
        return data
    if isinstance(data, list):
        return {"goal": goal, "steps": data}
    if isinstance(data, dict) and not data.get("goal"):
        return {"goal": goal, **data}
    return data


def _diagnostic_data(diagnostic: Diagnostic) -> dict[str, Any]:
    return {
        "code": diagnostic.code,
        "severity": diagnostic.severity.value,
        "step": diagnostic.step,
        "node_id": diagnostic.node_id,
        "path": diagnostic.path,
        "msg": diagnostic.message,
        "hint": diagnostic.hint,
    }


def _round_data(round_: CompileRound) -> dict[str, Any]:
    extraction = round_.extraction
    return {
        "round": round_.number,
        "clean": round_.clean,
        "read_as": extraction.origin if extraction is not None else None,
        "notes": list(extraction.notes) if extraction is not None else [],
        "diagnostics": [_diagnostic_data(d) for d in round_.diagnostics],
    }
