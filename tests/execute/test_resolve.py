"""References and conditions at run time: typed values, text, env, runtime functions, failing closed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from plankit.errors import ResolutionError
from plankit.execute import Resolver, StaticRuntime, compare
from plankit.plan import CompareOp, StepExecution, StepStatus
from plankit.plan._values import CompareCondition, LogicCondition
from plankit.testing import FakeClock

RECORDS = {
    "s1": StepExecution(
        step_id="s1", status=StepStatus.COMPLETED, output={"balance": 12.5, "items": [{"sku": "a"}, {"sku": "b"}]}
    ),
    "plain": StepExecution(step_id="plain", status=StepStatus.COMPLETED, output="just text"),
    "broke": StepExecution(step_id="broke", status=StepStatus.FAILED, error="card declined", attempt_count=2),
}


def resolver(**options: Any) -> Resolver:
    options.setdefault("context", {"user": {"id": 7}})
    options.setdefault("env", {"API_URL": "https://api.example.com", "SECRET": "x"})
    options.setdefault("env_allow", ["API_*"])
    options.setdefault("runtime", StaticRuntime(prices={"ETH": 4000.0}, balances={"USDC": 50.0, "USDC:base": 9.0}))
    options.setdefault("clock", FakeClock())
    return Resolver(RECORDS.get, **options)


def value(data: Any, **options: Any) -> Any:
    return asyncio.run(resolver(**options).value(data))


def test_typed_values_and_text() -> None:
    assert value("{{s1.result.balance}}") == 12.5
    assert value("{{ s1.result.items[1].sku }}") == "b"
    assert value("{{s1.result.items.0.sku}}") == "a"
    assert value("{{s1}}") == RECORDS["s1"].output
    assert value("${s1.result.balance}") == 12.5
    assert value("Balance: ${{s1.result.balance}} for {{context.user.id}}") == "Balance: $12.5 for 7"
    assert value("items={{s1.result.items}}") == 'items=[{"sku": "a"}, {"sku": "b"}]'
    assert value({"nested": ["{{plain.result}}", {"type": "literal", "value": 3}]}) == {"nested": ["just text", 3]}
    assert value("{{s1.balance}}") == 12.5  # the TypeScript IR's path, relative to the output


def test_record_fields_of_a_failed_step() -> None:
    assert value("{{broke.error}}") == "card declined"
    assert value("{{broke.status}} after {{broke.attempts}}") == "failed after 2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{{gone.result}}", "{{gone.result}}: step 'gone' has not run, so it has no output"),
        ("{{broke.result}}", "{{broke.result}}: step 'broke' is failed, so it has no output"),
        (
            "{{s1.result.missing}}",
            "{{s1.result.missing}}: no 'missing' at the top of the output of step 's1' (keys: balance, items)",
        ),
        ("{{s1.result.items[5]}}", "{{s1.result.items[5]}}: no '5' at items of the output of step 's1' (a list of 2)"),
        ("{{plain.result.x}}", "{{plain.result.x}}: no 'x' at the top of the output of step 'plain' (a str)"),
        ("{{env.SECRET}}", "{{env.SECRET}}: environment variable 'SECRET' is not in the policy's env_allow"),
        ("{{env.API_KEY}}", "{{env.API_KEY}}: environment variable 'API_KEY' is not set"),
        ("{{context.team}}", "{{context.team}}: no 'team' at the top of the plan's context (keys: user)"),
    ],
)
def test_unresolvable_references_fail_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ResolutionError) as caught:
        value(text)
    assert str(caught.value) == message


def test_env_references_read_only_allowed_keys() -> None:
    assert value("{{env.API_URL}}/v1") == "https://api.example.com/v1"
    assert value({"type": "env", "key": "API_URL"}) == "https://api.example.com"
    with pytest.raises(ResolutionError, match="'SECRET' is not in the policy's env_allow"):
        value({"type": "env", "key": "SECRET"})


def test_runtime_functions() -> None:
    def call(fn: str, *args: Any) -> Any:
        literal_args = [{"type": "literal", "value": arg} for arg in args]
        return value({"type": "runtime", "fn": fn, "args": literal_args})

    assert call("price", "ETH") == 4000.0
    assert call("balance", "USDC") == 50.0
    assert call("balance", "USDC", "base") == 9.0
    assert call("timestamp") == 1_767_225_600_000  # 2026-01-01T00:00:00Z in milliseconds
    with pytest.raises(ResolutionError, match=r"price\('BTC'\) is not known to this runtime"):
        call("price", "BTC")
    with pytest.raises(ResolutionError, match=r"gas_price\(\) needs a runtime provider, and the executor has none"):
        asyncio.run(resolver(runtime=None).runtime("gas_price", []))


def test_async_runtime_providers_are_awaited() -> None:
    async def provider(fn: str, args: list[Any]) -> float:
        await asyncio.sleep(0)
        return 1.5

    assert value({"type": "runtime", "fn": "gas_price", "args": []}, runtime=provider) == 1.5


@pytest.mark.parametrize(
    ("left", "op", "right", "expected"),
    [
        (4000.0, CompareOp.GT, 3999, True),
        ("4012.5", CompareOp.GT, 4000, True),  # APIs send numbers as strings
        (4000, CompareOp.EQ, "4000", True),
        ("abc", CompareOp.LT, "abd", True),
        (True, CompareOp.EQ, 1, False),  # a boolean is not a number
        (None, CompareOp.EQ, None, True),
        (None, CompareOp.NEQ, 0, True),
        ("4000", CompareOp.EQ, "4000.0", False),  # text compares as text
    ],
)
def test_compare(left: Any, op: CompareOp, right: Any, expected: bool) -> None:
    assert compare(op, left, right) is expected


@pytest.mark.parametrize(
    ("left", "right", "message"),
    [
        (float("nan"), 1, "the left operand in condition 'x' is NaN; it can't be compared"),
        (1, float("nan"), "the right operand in condition 'x' is NaN; it can't be compared"),
        (None, 1, "can't order null and int in condition 'x' with gt (numbers with numbers, strings with strings)"),
        ("abc", 1, "can't order str and int in condition 'x' with gt (numbers with numbers, strings with strings)"),
        (
            True,
            False,
            "can't order bool and bool in condition 'x' with gt (numbers with numbers, strings with strings)",
        ),
    ],
)
def test_compare_fails_closed(left: Any, right: Any, message: str) -> None:
    with pytest.raises(ResolutionError) as caught:
        compare(CompareOp.GT, left, right, "x")
    assert str(caught.value) == message


def _cmp(left: Any, op: str, right: Any) -> dict[str, Any]:
    return {"type": "compare", "left": left, "op": op, "right": right}


LIT_TRUE = _cmp({"type": "literal", "value": 1}, "eq", {"type": "literal", "value": 1})
BROKEN = _cmp({"type": "step_output", "step_id": "gone", "path": "result"}, "gt", {"type": "literal", "value": 0})


def condition(data: dict[str, Any]) -> bool:
    parsed = (LogicCondition if data["type"] == "logic" else CompareCondition).model_validate(data)
    return asyncio.run(resolver().condition(parsed))


def test_conditions_combine_and_evaluate_every_operand() -> None:
    assert (
        condition(
            {
                "type": "logic",
                "op": "and",
                "conditions": [LIT_TRUE, {"type": "logic", "op": "not", "conditions": [LIT_TRUE]}],
            }
        )
        is False
    )
    assert (
        condition(
            {
                "type": "logic",
                "op": "or",
                "conditions": [LIT_TRUE, {"type": "logic", "op": "not", "conditions": [LIT_TRUE]}],
            }
        )
        is True
    )
    with pytest.raises(ResolutionError, match="step 'gone' has not run"):
        condition({"type": "logic", "op": "or", "conditions": [LIT_TRUE, BROKEN]})  # no short-circuit past an error
    with pytest.raises(ResolutionError, match="step 'gone' has not run"):
        condition({"type": "logic", "op": "not", "conditions": [BROKEN]})  # not(error) is an error, never true
