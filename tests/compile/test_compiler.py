"""compile_goal: prompts, the lint-driven repair loop, and the result, with scripted and function models."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import pytest

from plankit.compile import (
    EXAMPLE_PLAN,
    CompileError,
    CompileResult,
    build_system_prompt,
    compile_goal,
)
from plankit.errors import RateLimitError
from plankit.lint import Policy, validate_plan
from plankit.llm import Message
from plankit.plan import plan_json_schema
from plankit.testing import FunctionLlm, ScriptedLlm
from plankit.tools import ToolRegistry, ToolSpec

TOOLS = [
    ToolSpec(
        name="db.query",
        description="Run a read-only SQL query",
        params_schema={"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
        read_only=True,
    ),
    ToolSpec(
        name="payments.transfer",
        description="Move money",
        params_schema={
            "type": "object",
            "properties": {"amount": {"type": "number"}, "to": {"type": "string"}},
            "required": ["amount", "to"],
        },
    ),
    ToolSpec(name="notify.email", description="Send an email", sink=True),
    ToolSpec(name="shell.run", description="Run a command"),
]
POLICY = Policy.from_data(
    {
        "name": "payments",
        "allow_tools": ["db.*", "payments.*", "notify.*"],
        "bounds": {"payments.transfer.amount": [1, 1000]},
        "require_confirmation": ["payments.*"],
        "goal_alignment": "off",  # these plans' amounts come from nowhere on purpose; alignment has its own tests
    }
)
GOAL = "Pay the supplier their 500 EUR invoice"


def plan(*steps: dict[str, Any], goal: str | None = "Pay the supplier") -> str:
    data: dict[str, Any] = {"steps": list(steps)}
    if goal is not None:
        data = {"goal": goal, **data}
    return json.dumps(data)


LOOKUP = {"id": "lookup", "tool": "db.query", "params": {"q": "select iban from suppliers where id = 7"}}
PAY_OK = {
    "id": "pay",
    "tool": "payments.transfer",
    "params": {"amount": 500, "to": "{{lookup.result.iban}}"},
    "depends_on": ["lookup"],
    "require_confirmation": True,
}
PAY_BAD = {"id": "pay", "tool": "payments.transfer", "params": {"amount": 5000, "to": "{{lookup.result.iban}}"},
           "depends_on": ["lookup"]}  # fmt: skip
CLEAN = plan(LOOKUP, PAY_OK)
FLAWED = plan(LOOKUP, PAY_BAD, {"id": "shell", "tool": "shell.run", "depends_on": ["pay"]})


def compile_with(llm: ScriptedLlm | FunctionLlm, **options: Any) -> CompileResult:
    options.setdefault("tools", TOOLS)
    options.setdefault("policy", POLICY)
    return asyncio.run(compile_goal(GOAL, llm, **options))


def codes(result: CompileResult) -> list[tuple[str, str | None]]:
    return [(d.code, d.node_id) for d in result.diagnostics]


def test_a_clean_first_draft_needs_no_repair() -> None:
    llm = ScriptedLlm([CLEAN])
    result = compile_with(llm)
    assert result.ok
    assert result.repairs == 0
    assert result.plan is not None
    assert [step.id for step in result.plan.steps] == ["lookup", "pay"]
    assert result.diagnostics == []
    assert [message.role for message in result.transcript] == ["system", "user", "assistant"]
    assert result.transcript[1] == Message.user(f"Goal: {GOAL}\n\nReply with the plan JSON only.")
    assert result.transcript[2] == Message.assistant(CLEAN)
    assert llm.calls[0].schema == plan_json_schema()


def test_findings_go_back_and_the_repaired_plan_is_the_result() -> None:
    llm = ScriptedLlm([FLAWED, CLEAN])
    result = compile_with(llm)
    assert result.ok
    assert result.repairs == 1
    assert [round_.clean for round_ in result.rounds] == [False, True]
    assert [(d.code, d.node_id) for d in result.rounds[0].diagnostics] == [
        ("CONFIRMATION_REQUIRED", "pay"),
        ("BOUND_VIOLATION", "pay"),
        ("TOOL_DENY", "shell"),
    ]
    repair = result.transcript[3]
    assert repair.role == "user"
    assert repair.content == (
        "Your plan has 3 problems to fix:\n"
        "- [CONFIRMATION_REQUIRED] step 'pay' at $.steps[1].require_confirmation: tool 'payments.transfer' needs "
        'a confirmation by policy, but the step does not ask for one (hint: set "require_confirmation": true)\n'
        "- [BOUND_VIOLATION] step 'pay' at $.steps[1].params.amount: amount of 'payments.transfer' = 5000 is above "
        "the maximum 1000 (hint: policy bound 'payments.transfer.amount' allows [1, 1000])\n"
        "- [TOOL_DENY] step 'shell' at $.steps[2].tool: tool 'shell.run' is not in the policy's allow_tools "
        "(hint: add it to allow_tools, or use an allowed tool)\n"
        "\n"
        "Reply with the complete corrected plan as one JSON object: keep what is right, fix every problem above, "
        "no comments, no text around it."
    )
    # The model sees the whole conversation: its own draft, then the findings.
    assert llm.calls[1].messages == tuple(result.transcript[:4])


def test_a_model_that_never_fixes_anything_stops_after_max_repairs() -> None:
    llm = ScriptedLlm([FLAWED] * 3)
    result = compile_with(llm)
    assert not result.ok
    assert result.repairs == 2
    assert llm.remaining == 0
    assert result.plan is not None
    assert [step.id for step in result.plan.steps] == ["lookup", "pay", "shell"]
    assert codes(result) == [("CONFIRMATION_REQUIRED", "pay"), ("BOUND_VIOLATION", "pay"), ("TOOL_DENY", "shell")]
    assert result.validation is not None
    assert not result.validation.valid
    assert [message.role for message in result.transcript] == [
        "system", "user", "assistant", "user", "assistant", "user", "assistant"
    ]  # fmt: skip


@pytest.mark.parametrize("repairs", [0, 1, 4])
def test_max_repairs_bounds_the_rounds(repairs: int) -> None:
    llm = ScriptedLlm([FLAWED] * (repairs + 1))
    result = compile_with(llm, max_repairs=repairs)
    assert len(result.rounds) == repairs + 1
    assert len(llm.calls) == repairs + 1


def test_an_unreadable_reply_is_sent_back_with_the_parse_error() -> None:
    truncated = CLEAN[:60]
    assert truncated.endswith('[{"id": "lookup", "too')
    llm = ScriptedLlm([truncated, CLEAN])
    result = compile_with(llm)
    assert result.ok
    first = result.rounds[0]
    assert (first.plan, first.extraction, first.validation) == (None, None, None)
    [problem] = first.diagnostics
    assert problem.code == "REPLY_TRUNCATED"
    assert result.transcript[3].content == (
        "Your reply could not be read as a plan: truncated JSON: the reply ends at line 1, column 61 inside a "
        "string that starts at line 1, column 57, with 3 brackets still open (innermost: '{' of $.steps[0], "
        "opened at line 1, column 40) (the reply was cut off: ask for a shorter plan, or raise the model's output "
        "token limit)\n"
        "\n"
        'Reply with the complete plan as one JSON object (a "goal" and a "steps" list), no comments, no text '
        "around it."
    )


def test_an_invalid_plan_is_repaired_from_schema_findings() -> None:
    invalid = plan({"id": "bad id", "tool": "db.query", "params": {"q": "select 1"}})
    llm = ScriptedLlm([invalid, CLEAN])
    result = compile_with(llm)
    first = result.rounds[0]
    assert first.plan is None
    assert first.extraction is not None
    assert [(d.code, d.path) for d in first.diagnostics] == [("SCHEMA_INVALID", "$.steps[0].id")]
    assert "[SCHEMA_INVALID] step 'bad id' at $.steps[0].id:" in result.transcript[3].content
    assert result.ok


def test_when_no_reply_is_readable_there_is_no_plan() -> None:
    result = compile_with(ScriptedLlm(["I can't help with that."] * 3))
    assert not result.ok
    assert result.plan is None
    assert codes(result) == [("REPLY_NO_PLAN", None)]


def test_the_last_readable_draft_survives_a_final_unreadable_reply() -> None:
    result = compile_with(ScriptedLlm([FLAWED, "sorry", "still sorry"]))
    assert not result.ok
    assert result.plan is not None
    assert [step.id for step in result.plan.steps] == ["lookup", "pay", "shell"]
    assert [d.code for d in result.rounds[-1].diagnostics] == ["REPLY_NO_PLAN"]
    assert codes(result)[0] == ("CONFIRMATION_REQUIRED", "pay")


def test_a_missing_goal_is_filled_in_and_a_step_list_becomes_a_plan() -> None:
    result = compile_with(ScriptedLlm([json.dumps([LOOKUP, PAY_OK])]))
    assert result.ok
    assert result.plan is not None
    assert result.plan.goal == GOAL
    assert result.rounds[0].extraction is not None
    assert result.rounds[0].extraction.notes == ("read a JSON array of steps",)
    kept = compile_with(ScriptedLlm([plan(LOOKUP, goal="Their own words")]))
    assert kept.plan is not None
    assert kept.plan.goal == "Their own words"


def test_a_list_reply_uses_the_registered_tool_names() -> None:
    reply = "1. Look up the IBAN with db.query\n2. Send the payment\n"
    result = compile_with(ScriptedLlm([reply]), max_repairs=0)
    assert result.plan is not None
    assert [(step.id, step.type) for step in result.plan.steps] == [("step1", "action"), ("step2", "llm")]
    # db.query was called without its required argument: the linter says so, and that goes back for repair.
    assert codes(result) == [("TOOL_ARGS_INVALID", "step1")]


def test_warnings_do_not_block_a_clean_result() -> None:
    warned = plan({**PAY_OK, "depends_on": []}, LOOKUP)  # references lookup, written after it, without depending on it
    result = compile_with(ScriptedLlm([warned]))
    assert result.ok
    assert [(d.code, d.severity.value) for d in result.diagnostics] == [("IMPLICIT_DEPENDENCY", "warning")]


def test_a_model_that_reacts_to_feedback() -> None:
    def handler(messages: list[Message], schema: Mapping[str, Any] | None) -> str:
        last = messages[-1].content
        if "BOUND_VIOLATION" in last:
            return CLEAN
        return FLAWED

    llm = FunctionLlm(handler)
    result = compile_with(llm)
    assert result.ok
    assert result.repairs == 1


def test_schema_can_be_left_out() -> None:
    llm = ScriptedLlm([CLEAN])
    compile_with(llm, use_schema=False)
    assert llm.calls[0].schema is None


def test_context_is_offered_to_the_model() -> None:
    llm = ScriptedLlm([CLEAN])
    compile_with(llm, context={"supplier_id": 7})
    assert llm.calls[0].messages[1].content == (
        f"Goal: {GOAL}\n\nContext (reference a value as {{{{context.KEY}}}}): "
        '{"supplier_id": 7}\n\nReply with the plan JSON only.'
    )


def test_bad_input_is_a_compile_error() -> None:
    with pytest.raises(CompileError, match=r"^the goal is empty: say what the plan should achieve$"):
        asyncio.run(compile_goal("  ", ScriptedLlm([])))
    with pytest.raises(CompileError, match=r"^max_repairs must be 0 or more, got -1$"):
        asyncio.run(compile_goal("g", ScriptedLlm([]), max_repairs=-1))


def test_model_errors_propagate() -> None:
    with pytest.raises(RateLimitError, match=r"^quota$"):
        compile_with(ScriptedLlm([RateLimitError("quota")]))


def test_to_dict() -> None:
    data = compile_with(ScriptedLlm([FLAWED, CLEAN])).to_dict()
    assert data["ok"] is True
    assert data["goal"] == GOAL
    assert data["repairs"] == 1
    assert data["plan"]["steps"][1]["require_confirmation"] is True
    assert data["diagnostics"] == []
    assert [round_["clean"] for round_ in data["rounds"]] == [False, True]
    assert data["rounds"][0]["read_as"] == "json"
    assert data["rounds"][0]["diagnostics"][0] == {
        "code": "CONFIRMATION_REQUIRED",
        "severity": "error",
        "step": 1,
        "node_id": "pay",
        "path": "$.steps[1].require_confirmation",
        "msg": "tool 'payments.transfer' needs a confirmation by policy, but the step does not ask for one",
        "hint": 'set "require_confirmation": true',
    }
    assert [message["role"] for message in data["transcript"]] == ["system", "user", "assistant", "user", "assistant"]
    json.dumps(data)  # plain JSON data


def test_the_system_prompt_carries_tools_and_policy() -> None:
    prompt = build_system_prompt(tools=ToolRegistry(TOOLS), policy=POLICY)
    assert (
        "## Tools\n\n"
        "- db.query: Run a read-only SQL query [read-only]\n"
        '  params schema: {"properties": {"q": {"type": "string"}}, "required": ["q"], "type": "object"}\n'
        "- payments.transfer: Move money\n"
        '  params schema: {"properties": {"amount": {"type": "number"}, "to": {"type": "string"}}, '
        '"required": ["amount", "to"], "type": "object"}\n'
        "- notify.email: Send an email [sends data out]\n"
        '  params schema: {"type": "object"}\n'
        "\n"
        "(1 other tool is forbidden by the policy.)\n"
    ) in prompt
    assert "shell.run" not in prompt
    assert (
        "## Policy (payments)\n\n"
        "- Only tools matching these patterns may be used: db.*, payments.*, notify.*.\n"
        '- Steps calling tools matching payments.* must set "require_confirmation": true.\n'
        "- The argument payments.transfer.amount must be between 1 and 1000.\n"
        "- Don't read environment variables.\n"
        "- Tools matching db.query_ro, *.query_ro, *.read_only are read-only: give them no writing queries.\n"
    ) in prompt


def test_without_tools_the_prompt_says_how_to_name_them() -> None:
    prompt = build_system_prompt(tools=None, policy=Policy.default())
    assert "No tool list was given. Name each tool as service.action" in prompt
    assert "- Never use tools matching: shell.*, exec.*, *.exec, *.delete*" in prompt


def test_the_example_is_clean_json_without_comments() -> None:
    prompt = build_system_prompt(tools=None, policy=Policy.default())
    start = prompt.index("{\n")
    example = json.loads(prompt[start : prompt.index("\n}\n", start) + 2])
    assert example == EXAMPLE_PLAN
    text = json.dumps(EXAMPLE_PLAN)
    assert "//" not in text
    assert "/*" not in text
    example_tools = [{"name": step["tool"]} for step in EXAMPLE_PLAN["steps"]]
    result = validate_plan(EXAMPLE_PLAN, tools=example_tools)
    assert (result.errors, result.warnings) == ([], [])
