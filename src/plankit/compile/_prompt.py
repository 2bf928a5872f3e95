"""The planner's prompts: the plan format with a clean example, the tools, the policy, and repairs.

The example plan is built as data and dumped with :func:`json.dumps`, so it is valid JSON by construction:
never a comment in it (a model shown comments writes comments).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..lint import Diagnostic, Policy
from ..tools import ToolRegistry, ToolSpec, tool_matches

EXAMPLE_PLAN: dict[str, Any] = {
    "goal": "Refund order 1042 and tell the customer",
    "steps": [
        {"id": "find_order", "tool": "orders.get", "params": {"order_id": "1042"}},
        {
            "id": "refund",
            "tool": "payments.refund",
            "params": {"order_id": "{{find_order.result.id}}", "amount": "{{find_order.result.total}}"},
            "depends_on": ["find_order"],
            "require_confirmation": True,
            "on_failure": {"strategy": "retry", "max_attempts": 3},
        },
        {
            "id": "notify",
            "tool": "notify.email",
            "params": {
                "to": "{{find_order.result.customer_email}}",
                "body": "Your refund of {{find_order.result.total}} is on its way.",
            },
            "depends_on": ["refund"],
        },
    ],
}
"""The example in the system prompt: a clean, lint-free plan (its tools are illustrations)."""

_FORMAT = """\
## Plan format

A plan is one JSON object:
- "goal": the goal, restated in one sentence.
- "steps": the steps, a list. Each step is an object with:
  - "id": unique in the plan; letters, digits, "_" and "-" only.
  - "tool": the name of one tool from the tool list, and "params": an object with its arguments.
  - "depends_on" (optional): ids of the steps that must finish before this one starts.
  - "require_confirmation" (optional): true makes a person approve the step before it runs.
  - "on_failure" (optional): {"strategy": "retry", "max_attempts": 3}, {"strategy": "skip"}, or \
{"strategy": "abort"} (the default).
  - A step that needs a model to think or write, not a tool, has "prompt" (the instruction) instead of \
"tool" and "params".
- To use an earlier step's output, write "{{step_id.result.field}}" in a string, and list that step in \
"depends_on". A string that is only a reference keeps the value's type.
- Steps without a dependency between them may run at the same time.
"""

_RULES = """\
## Rules

- Reply with the plan as plain JSON and nothing else: no comments, no trailing commas, no text around it.
- Use only the tools listed under "Tools", with the arguments their schemas describe.
- Never write secrets (passwords, API keys, tokens) into a plan; tools hold their own credentials.
- Follow every policy constraint below; a plan that breaks one is sent back to you with the findings.
"""


def build_system_prompt(*, tools: ToolRegistry | None, policy: Policy) -> str:
    """The system prompt: role, plan format, a clean example, rules, tools and policy constraints."""
    example = json.dumps(EXAMPLE_PLAN, indent=2)
    parts = [
        "You are a planner. You turn a goal into a plan: a JSON document that is checked against a policy "
        "and then executed step by step.",
        _FORMAT,
        f"## Example\n\nThe tools in this example only illustrate the format.\n\n{example}\n",
        _RULES,
        tools_section(tools, policy),
        policy_section(policy),
    ]
    return "\n".join(part.rstrip() + "\n" for part in parts if part)


def build_goal_prompt(goal: str, context: Mapping[str, Any] | None = None) -> str:
    """The first user message: the goal (and context values the plan may reference)."""
    text = f"Goal: {goal.strip()}\n"
    if context:
        listed = json.dumps(dict(context), ensure_ascii=False, sort_keys=True)
        text += f"\nContext (reference a value as {{{{context.KEY}}}}): {listed}\n"
    return text + "\nReply with the plan JSON only."


def tools_section(tools: ToolRegistry | None, policy: Policy) -> str:
    """The tools a plan may use, each with its description and argument schema (forbidden ones left out)."""
    if tools is None or len(tools) == 0:
        return (
            "## Tools\n\nNo tool list was given. Name each tool as service.action (for example db.query, "
            "notify.email), one tool per step.\n"
        )
    usable = [spec for spec in tools if _allowed(spec.name, policy)]
    lines = ["## Tools", ""]
    lines += [_tool_line(spec) for spec in usable]
    hidden = len(tools) - len(usable)
    if hidden:
        lines += ["", f"({hidden} other tool{'s are' if hidden != 1 else ' is'} forbidden by the policy.)"]
    if not usable:
        lines += ["", "The policy forbids every known tool: use only steps with a prompt."]
    return "\n".join(lines) + "\n"


def _allowed(name: str, policy: Policy) -> bool:
    if tool_matches(name, policy.deny_tools):
        return False
    return policy.allow_tools is None or tool_matches(name, policy.allow_tools)


def _tool_line(spec: ToolSpec) -> str:
    traits = [
        trait
        for trait, present in (
            ("read-only", spec.read_only),
            ("returns sensitive data", spec.sensitive_source),
            ("sends data out", spec.sink),
        )
        if present
    ]
    head = f"- {spec.name}: {spec.description.strip() or '(no description)'}"
    if traits:
        head += f" [{', '.join(traits)}]"
    schema = json.dumps(spec.params_schema, ensure_ascii=False, separators=(", ", ": "), sort_keys=True)
    return f"{head}\n  params schema: {schema}"


def policy_section(policy: Policy) -> str:
    """The policy's constraints, in words; empty when the policy constrains nothing a plan can see."""
    lines = [f"- {line}" for line in _policy_lines(policy)]
    if not lines:
        return ""
    name = f" ({policy.name})" if policy.name else ""
    return f"## Policy{name}\n\n" + "\n".join(lines) + "\n"


def _policy_lines(policy: Policy) -> Iterable[str]:
    if policy.allow_tools is not None:
        yield f"Only tools matching these patterns may be used: {_names(policy.allow_tools)}."
    if policy.deny_tools:
        yield f"Never use tools matching: {_names(policy.deny_tools)}."
    if policy.require_confirmation:
        patterns = _names(policy.require_confirmation)
        yield f'Steps calling tools matching {patterns} must set "require_confirmation": true.'
    if policy.require_handler:
        yield f'Steps calling tools matching {_names(policy.require_handler)} must set "on_failure".'
    for key, (low, high) in sorted(policy.bounds.items()):
        yield f"The argument {key} must be between {low:g} and {high:g}."
    if policy.deny_tokens_regex:
        yield f"No parameter text may match these regular expressions: {_names(policy.deny_tokens_regex)}."
    if policy.max_steps is not None:
        yield f"At most {policy.max_steps} steps."
    yield from _data_lines(policy)
    yield from _limit_lines(policy)


def _data_lines(policy: Policy) -> Iterable[str]:
    if policy.env_allow:
        yield f"Environment variables a plan may read (as {{{{env.NAME}}}}): {_names(policy.env_allow)}."
    else:
        yield "Don't read environment variables."
    if policy.allow_recipients is not None:
        yield f"Send messages only to these recipients: {_names(policy.allow_recipients)}."
    if policy.allow_domains is not None:
        yield f"Send messages and requests only to these domains: {_names(policy.allow_domains)}."
    if policy.sensitive_sources:
        yield (
            f"Output of tools matching {_names(policy.sensitive_sources)} is sensitive: never pass it to "
            f"tools that send data out ({_names(policy.sinks)})."
        )
    if policy.read_only_tools:
        yield f"Tools matching {_names(policy.read_only_tools)} are read-only: give them no writing queries."


def _limit_lines(policy: Policy) -> Iterable[str]:
    if policy.max_loop_iterations is not None:
        yield f"Loops run at most {policy.max_loop_iterations} iterations."
    if policy.max_wait_ms is not None:
        yield f"A wait lasts at most {policy.max_wait_ms} ms."
    if policy.max_parallel is not None:
        yield f"At most {policy.max_parallel} steps run in parallel."
    if policy.supported_chains is not None:
        yield f"Only these chain ids are supported: {', '.join(str(chain) for chain in policy.supported_chains)}."
    if policy.max_slippage is not None:
        yield f"Slippage is at most {policy.max_slippage:g} percent."
    if policy.balances:
        held = ", ".join(f"{amount:g} {asset}" for asset, amount in sorted(policy.balances.items()))
        yield f"Available balances: {held}; never spend more."


def _names(values: Iterable[str]) -> str:
    return ", ".join(str(value) for value in values)


def build_repair_prompt(findings: list[Diagnostic]) -> str:
    """The message sending a draft back: every finding with its code, step id, JSON path and message."""
    errors = [finding for finding in findings if finding.severity.value == "error"]
    others = [finding for finding in findings if finding.severity.value != "error"]
    count = len(errors)
    lines = [f"Your plan has {count} problem{'s' if count != 1 else ''} to fix:"]
    lines += [f"- {_finding_line(finding)}" for finding in errors]
    if others:
        lines += ["", "Also consider these warnings:"]
        lines += [f"- {_finding_line(finding)}" for finding in others]
    lines += [
        "",
        "Reply with the complete corrected plan as one JSON object: keep what is right, fix every problem above, "
        "no comments, no text around it.",
    ]
    return "\n".join(lines)


def build_unreadable_prompt(message: str) -> str:
    """The message sending back a reply that held no readable plan."""
    return (
        f"Your reply could not be read as a plan: {message}\n\n"
        "Reply with the complete plan as one JSON object (a \"goal\" and a \"steps\" list), "
        "no comments, no text around it."
    )


def _finding_line(finding: Diagnostic) -> str:
    where = []
    if finding.node_id is not None:
        where.append(f"step {finding.node_id!r}")
    if finding.path:
        where.append(f"at {finding.path}")
    head = f"[{finding.code}] " + (" ".join(where) + ": " if where else "")
    hint = f" (hint: {finding.hint})" if finding.hint else ""
    return f"{head}{finding.message}{hint}"
