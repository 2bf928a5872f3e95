"""The LLM-backed planner for replanning during execution.

>>> executor = Executor(store, tools, replanning=Replanning(LlmReplanner(make_llm("openai:gpt-4o-mini"))))

When a step fails for good, the model gets the planner's system prompt (plan format, clean example, tools,
policy) and a message with the goal, the completed steps and their results (each cut to ``result_chars``,
the sensitive ones withheld), the failure (step id, error, error type), the steps that did not run and the
ids it must not reuse. Its reply is read as tolerantly as :func:`~plankit.compile.compile_goal` reads one
(fences, comments, prose, a bare list of steps), merged behind the completed steps and linted by the
executor's own rules; findings go back to the model for up to ``max_repairs`` rounds.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import PlanFormatError
from ..execute import ReplanRequest, Revision
from ..lint import Diagnostic, Linter, Severity
from ..llm import LlmClient, Message
from ..plan import NodeBase, Plan, plan_from_data, plan_to_data
from ..tools import tool_matches
from ._compiler import DEFAULT_MAX_REPAIRS, _plan_schema
from ._parse import ReplyParseError, extract_plan_data
from ._prompt import _finding_line, build_system_prompt

DEFAULT_RESULT_CHARS = 500
"""How much of each completed step's output the replan prompt shows."""
DEFAULT_PROMPT_RESULTS_CHARS = 8000
"""How long the completed steps' lines may get, all together; past it, only their ids are listed."""
MAX_UNFINISHED_SHOWN = 20
"""Unfinished steps shown in full in the prompt; past it, only their ids are listed."""

_REPLY_FORMAT = (
    'Reply with one JSON object {"steps": [...]} holding only the new steps, in the plan format above: no '
    "comments, no text around it. Completed steps run no more: a new step may list one in depends_on and "
    "use its output as {{step_id.result...}}."
)


class LlmReplanner:
    """A :class:`~plankit.execute.Planner` that asks ``llm`` for the remaining steps of a failed plan.

    ``max_repairs``: rounds of sending findings back; ``result_chars``: output shown per completed step;
    ``use_schema``: ask for structured output with the plan JSON Schema.
    """

    def __init__(
        self,
        llm: LlmClient,
        *,
        max_repairs: int = DEFAULT_MAX_REPAIRS,
        result_chars: int = DEFAULT_RESULT_CHARS,
        use_schema: bool = True,
    ):
        if max_repairs < 0:
            raise ValueError(f"max_repairs must be 0 or more, got {max_repairs}")
        self.llm = llm
        self.max_repairs = max_repairs
        self.result_chars = result_chars
        self.use_schema = use_schema
        self.transcripts: list[list[Message]] = []
        """The conversation of every replan this planner made, in order."""

    async def __call__(self, request: ReplanRequest) -> Revision:
        """Ask for the remainder, repairing from the findings; return the last revision (clean or not)."""
        transcript = [
            Message.system(build_system_prompt(tools=request.tools, policy=request.policy)),
            Message.user(build_replan_prompt(request, result_chars=self.result_chars)),
        ]
        self.transcripts.append(transcript)
        schema = _plan_schema() if self.use_schema else None
        revision = Revision()
        for number in range(self.max_repairs + 1):
            reply = await self.llm.complete(transcript, schema=schema)
            transcript.append(Message.assistant(reply))
            revision = read_remainder(reply, request, rounds=number + 1)
            if revision.valid or number == self.max_repairs:
                break
            transcript.append(Message.user(replan_repair_message(revision)))
        return revision


def read_remainder(reply: str, request: ReplanRequest, *, rounds: int = 1) -> Revision:
    """Read a reply's steps tolerantly and check them with :meth:`ReplanRequest.revise`."""
    names = request.tools.names()
    try:
        extraction = extract_plan_data(reply, tools=names)
    except ReplyParseError as exc:
        hint = next((problem.hint for problem in exc.problems if problem.hint), None)
        problem = Diagnostic(f"REPLY_{exc.kind.upper()}", Severity.ERROR, exc.message, hint=hint)
        return Revision(diagnostics=(problem,), rounds=rounds)
    data: Any = extraction.data
    if isinstance(data, list):
        data = {"steps": data}
    if isinstance(data, dict):
        # The remainder is not a plan of its own: the goal, trigger and context stay the failed plan's.
        data = {"goal": request.goal or "remainder", "steps": data.get("steps", [])}
    try:
        remainder = plan_from_data(data, source="<reply>")
    except PlanFormatError:
        validation = Linter(request.policy, tools=request.tools).validate(data)
        findings = tuple(d for d in validation.diagnostics if d.severity is Severity.ERROR and not d.suppressed)
        return Revision(diagnostics=findings, rounds=rounds)
    revision = request.revise(remainder)
    return Revision(
        revision.remainder, revision.plan, revision.validation, revision.diagnostics, revision.added,
        revision.dropped, (*extraction.notes, *revision.notes), rounds,
    )  # fmt: skip


def replan_repair_message(revision: Revision) -> str:
    """The message sending a remainder back with its findings."""
    errors = revision.errors or list(revision.diagnostics)
    lines = [f"Your steps have {len(errors)} problem{'s' if len(errors) != 1 else ''} to fix:"]
    lines += [f"- {_finding_line(finding)}" for finding in errors]
    return "\n".join([*lines, "", _REPLY_FORMAT])


def build_replan_prompt(request: ReplanRequest, *, result_chars: int = DEFAULT_RESULT_CHARS) -> str:
    """The user message asking for the remaining steps of a plan whose step failed for good."""
    parts = [
        "A plan was running and a step failed for good (its retries and error handler are used up). "
        "Plan the remaining steps that still reach the goal.",
        f"Goal: {request.goal or '(not stated)'}",
        "Completed steps (done, with their results):\n" + _completed_section(request, result_chars),
        "Failed:\n" + _failed_section(request),
    ]
    if request.unfinished:
        shown = request.unfinished[:MAX_UNFINISHED_SHOWN]
        rest = [node.id for node in request.unfinished[MAX_UNFINISHED_SHOWN:]]
        more = f"\nand {len(rest)} more: {', '.join(rest)}" if rest else ""
        parts.append("Steps that did not finish (stopped by the failure, or never started); carry one over "
                     f"unchanged to run it again, or replace it:\n{_nodes_json(shown)}{more}")  # fmt: skip
    taken = sorted(request.reserved_ids | {node.id for node, _ in request.completed})
    parts.append(f"Ids already used in this run (new steps need other ids): {', '.join(taken) or 'none'}")
    parts.append(_REPLY_FORMAT)
    return "\n\n".join(parts) + "\n"


def _completed_section(request: ReplanRequest, result_chars: int) -> str:
    if not request.completed:
        return "(none)"
    lines: list[str] = []
    budget = DEFAULT_PROMPT_RESULTS_CHARS
    unshown: list[str] = []
    for node, record in request.completed:
        if budget <= 0:
            unshown.append(node.id)
        elif record.status.value != "completed":
            lines.append(f"- {node.id} ({_what(node)}): skipped")
        else:
            result = _result_text(node, record.output, request, result_chars)
            lines.append(f"- {node.id} ({_what(node)}): result {result}")
            budget -= len(lines[-1])
    if unshown:
        lines.append(f"- and {len(unshown)} more (results not shown): {', '.join(unshown)}")
    return "\n".join(lines)


def _result_text(node: NodeBase, output: Any, request: ReplanRequest, limit: int) -> str:
    tool = getattr(node, "tool", None)
    if isinstance(tool, str) and _sensitive(tool, request):
        return "(withheld: the tool's output is sensitive)"
    text = json.dumps(output, ensure_ascii=False, sort_keys=True, default=str)
    if len(text) > limit:
        return f"{text[:limit]}... (cut: {len(text)} characters in all)"
    return text


def _sensitive(tool: str, request: ReplanRequest) -> bool:
    spec = request.tools.get(tool)
    return (spec is not None and spec.sensitive_source) or tool_matches(tool, request.policy.sensitive_sources)


def _failed_section(request: ReplanRequest) -> str:
    nodes = request.plan.nodes_by_id()
    lines = []
    for record in request.failed:
        kind = record.error_type.value if record.error_type else "UNKNOWN"
        node = nodes.get(record.step_id)
        what = f" ({_what(node)})" if node is not None else ""
        attempts = f" after {record.attempt_count} attempts" if record.attempt_count > 1 else ""
        lines.append(f"- step {record.step_id}{what} failed{attempts}: [{kind}] {record.error or 'failed'}")
    if not lines:
        lines.append(f"- [{request.failure.error_type.value}] {request.failure.message}")
    failed_nodes = [nodes[step_id] for step_id in [request.failed_step] if step_id is not None and step_id in nodes]
    if failed_nodes:
        lines.append("The failed step was:\n" + _nodes_json(failed_nodes))
    return "\n".join(lines)


def _what(node: NodeBase) -> str:
    tool = getattr(node, "tool", None)
    return f"tool {tool}" if isinstance(tool, str) else f"{node.type} step"


def _nodes_json(nodes: Any) -> str:
    steps = plan_to_data(Plan(steps=list(nodes)))["steps"]
    return json.dumps(steps, ensure_ascii=False, indent=2)
