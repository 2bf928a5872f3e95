"""The stepchain face: the seed's fields, defaults and validation rules, and the way to and from the IR."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import plankit.seeds
from plankit.errors import ErrorType as PlankitErrorType
from plankit.errors import PlanFormatError, ServerError
from plankit.execute import Executor
from plankit.plan import (
    Execution,
    ExecutionStatus,
    LlmNode,
    RetryPolicy,
    StepExecution,
    plan_from_data,
    plan_to_data,
)
from plankit.plan import StepStatus as IRStepStatus
from plankit.seeds.stepchain import ErrorType, Plan, Step, StepResult, StepStatus
from plankit.testing import FakeClock, FakeLlmStepRunner, MemoryStore, Replies, SequentialIds

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "seeds"
T0 = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)


def _messages(exc: ValidationError) -> list[str]:
    return [error["msg"] for error in exc.errors()]


def _step_error(**fields: Any) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        Step(**fields)
    return _messages(caught.value)


def test_public_names() -> None:
    assert plankit.seeds.__all__ == ["planlint", "stepchain"]
    assert plankit.seeds.stepchain.__all__ == [
        "MAX_TOOL_NAME_LENGTH", "ErrorType", "Plan", "Step", "StepResult", "StepStatus",
    ]
    assert ErrorType is PlankitErrorType


def test_step_defaults_follow_the_seed() -> None:
    step = Step(id="analyze_data", prompt="Analyze the sales data")
    assert step.model_dump() == {
        "id": "analyze_data",
        "prompt": "Analyze the sales data",
        "tools": [],
        "dependencies": [],
        "max_retries": 3,
        "timeout": None,
        "metadata": {},
    }


def test_seed_example_step_is_valid() -> None:
    step = Step(
        id="analyze_data",
        prompt="Analyze the sales data and identify trends",
        tools=["python_code", "data_visualization"],
        dependencies=["fetch_data"],
        max_retries=3,
        timeout=30.0,
        metadata={"priority": "high"},
    )
    assert Step.model_validate_json(step.model_dump_json()) == step


@pytest.mark.parametrize(
    ("step_id", "message"),
    [
        ("a b", "Value error, step id 'a b' may contain only letters, digits, underscores and hyphens"),
        ("fetch.data", "Value error, step id 'fetch.data' may contain only letters, digits, underscores and hyphens"),
        ("", "Value error, step id cannot be empty"),
        ("   ", "Value error, step id cannot be empty"),
    ],
)
def test_step_id_characters(step_id: str, message: str) -> None:
    assert _step_error(id=step_id, prompt="p") == [message]


def test_step_id_with_hyphens_and_underscores_is_fine() -> None:
    assert Step(id="fetch-data_2", prompt="p").id == "fetch-data_2"


def test_tool_names_are_checked() -> None:
    assert _step_error(id="s", prompt="p", tools=["ok", "web.search"]) == [
        "Value error, tool name 'web.search' may contain only letters, digits, underscores and hyphens"
    ]
    long_name = "t" * 51
    assert _step_error(id="s", prompt="p", tools=[long_name]) == [
        f"Value error, tool name '{long_name}' is 51 characters long; the limit is 50"
    ]
    assert Step(id="s", prompt="p", tools=["t" * 50]).tools == ["t" * 50]


def test_blank_prompt_is_refused_and_a_real_one_kept_as_written() -> None:
    assert _step_error(id="s", prompt="  \n") == ["Value error, prompt cannot be empty"]
    assert Step(id="s", prompt="  Summarise  ").prompt == "  Summarise  "


def test_numbers_and_unknown_fields() -> None:
    assert _step_error(id="s", prompt="p", max_retries=-1) == ["Input should be greater than or equal to 0"]
    assert _step_error(id="s", prompt="p", timeout=0) == ["Input should be greater than 0"]
    assert _step_error(id="s", prompt="p", dependecies=["a"]) == ["Extra inputs are not permitted"]


def test_plan_defaults_and_duplicate_ids() -> None:
    plan = Plan(goal="g", steps=[Step(id="a", prompt="p")])
    assert (plan.id, plan.metadata) == ("default", {})
    with pytest.raises(ValidationError) as caught:
        Plan(goal="g", steps=[Step(id="a", prompt="p"), Step(id="a", prompt="q")])
    assert _messages(caught.value) == ["Value error, duplicate step id 'a'; give every step its own id"]
    with pytest.raises(ValidationError) as caught:
        Plan(steps=[])  # type: ignore[call-arg]
    assert _messages(caught.value) == ["Field required"]


def test_validate_dependencies_names_the_unknown_step_with_a_hint() -> None:
    plan = Plan(
        goal="g",
        steps=[Step(id="fetch", prompt="p"), Step(id="report", prompt="p", dependencies=["fetch", "fetc"])],
    )
    with pytest.raises(ValueError) as caught:
        plan.validate_dependencies()
    assert str(caught.value) == "step 'report' depends on 'fetc', which is not a step; did you mean 'fetch'?"
    lonely = Plan(goal="g", steps=[Step(id="a", prompt="p", dependencies=["zzz"])])
    with pytest.raises(ValueError) as caught:
        lonely.validate_dependencies()
    assert str(caught.value) == "step 'a' depends on 'zzz', which is not a step"


def test_validate_dependencies_finds_cycles() -> None:
    plan = Plan(
        goal="g",
        steps=[
            Step(id="a", prompt="p"),
            Step(id="b", prompt="p", dependencies=["a", "c"]),
            Step(id="c", prompt="p", dependencies=["b"]),
            Step(id="d", prompt="p", dependencies=["c"]),
            Step(id="e", prompt="p", dependencies=["a"]),
        ],
    )
    with pytest.raises(ValueError) as caught:
        plan.validate_dependencies()
    # d is not on the cycle but can never run either, so it is named too.
    assert str(caught.value) == "dependency cycle: steps 'b', 'c', 'd' wait for each other"


def test_validate_dependencies_on_a_long_chain_does_not_recurse() -> None:
    steps = [Step(id=f"s{i}", prompt="p", dependencies=[f"s{i - 1}"] if i else []) for i in range(5_000)]
    Plan(goal="g", steps=steps).validate_dependencies()


def test_seed_example_plan_converts_to_llm_nodes() -> None:
    plan = Plan(
        goal="Fetch data from API, process it, and generate a report",
        id="data-pipeline",
        steps=[
            Step(id="fetch", prompt="Fetch data from API", max_retries=0),
            Step(id="process", prompt="Process the data", dependencies=["fetch"], timeout=1.5, tools=["py"]),
            Step(id="report", prompt="Generate report", dependencies=["process"], metadata={"k": 1}),
        ],
        metadata={"project": "Q4 Analysis"},
    )
    ir = plan.to_plankit()
    assert (ir.id, ir.goal, ir.meta) == ("data-pipeline", "Fetch data from API, process it, and generate a report",
                                         {"project": "Q4 Analysis"})
    fetch, process, report = ir.steps
    assert isinstance(fetch, LlmNode) and isinstance(process, LlmNode) and isinstance(report, LlmNode)
    assert (fetch.prompt, fetch.on_failure, fetch.depends_on, fetch.timeout_ms) == ("Fetch data from API", None, [],
                                                                                  None)
    assert process.on_failure == RetryPolicy(max_attempts=4)
    assert (process.depends_on, process.timeout_ms, process.tools) == (["fetch"], 1500, ["py"])
    assert (report.depends_on, report.metadata) == (["process"], {"k": 1})


def test_to_plankit_agrees_with_the_loader_on_the_stepchain_fixture() -> None:
    document = json.loads((FIXTURES / "stepchain_step.json").read_text())
    face = Plan.model_validate(document)
    # The face fills in stepchain's defaults (max_retries=3 on "summarize"); so does the dumped document.
    assert plan_to_data(face.to_plankit()) == plan_to_data(plan_from_data(face.model_dump(exclude_none=True)))
    canonical = json.loads((FIXTURES / "stepchain_step.canonical.json").read_text())
    canonical["steps"][2]["on_failure"] = {"strategy": "retry", "max_attempts": 4}
    assert plan_to_data(face.to_plankit()) == canonical


def test_to_plankit_reports_what_the_ir_refuses() -> None:
    plan = Plan(goal="g", steps=[Step(id="-lead", prompt="p"), Step(id="env", prompt="p")])
    with pytest.raises(PlanFormatError) as caught:
        plan.to_plankit()
    assert str(caught.value).splitlines()[0] == "stepchain plan 'default': invalid plan (1 problem)"
    assert "$.steps[0].id" in str(caught.value)


def test_to_plankit_checks_dependencies_first() -> None:
    plan = Plan(goal="g", steps=[Step(id="a", prompt="p", dependencies=["b"])])
    with pytest.raises(ValueError, match=r"^step 'a' depends on 'b', which is not a step$"):
        plan.to_plankit()


def test_calculate_duration() -> None:
    result = StepResult(step_id="analyze", status=StepStatus.COMPLETED, started_at=T0, attempt_count=1)
    result.calculate_duration()
    assert result.duration_seconds is None
    result.completed_at = T0 + timedelta(seconds=2.5)
    result.calculate_duration()
    assert result.duration_seconds == 2.5


def test_step_result_defaults() -> None:
    result = StepResult(step_id="s", status=StepStatus.PENDING)
    assert (result.attempt_count, result.output, result.error, result.error_type, result.metadata) == (
        1, None, None, None, {},
    )
    assert result.started_at.tzinfo is UTC
    assert [status.name for status in StepStatus] == ["PENDING", "RUNNING", "COMPLETED", "FAILED", "RETRYING",
                                                       "SKIPPED"]
    assert [kind.name for kind in ErrorType] == ["RATE_LIMIT", "SERVER_ERROR", "TOOL_ERROR", "USER_ERROR", "UNKNOWN"]


def test_from_step_execution_completed() -> None:
    record = StepExecution(
        step_id="report", status=IRStepStatus.COMPLETED, output={"text": "ok"}, attempt_count=2,
        idempotency_key="exec1:report", started_at=T0, completed_at=T0 + timedelta(seconds=3),
    )
    result = StepResult.from_step_execution(record)
    assert result.model_dump() == {
        "step_id": "report",
        "status": StepStatus.COMPLETED,
        "response_id": None,
        "previous_response_id": None,
        "output": {"text": "ok"},
        "error": None,
        "error_type": None,
        "attempt_count": 2,
        "started_at": T0,
        "completed_at": T0 + timedelta(seconds=3),
        "duration_seconds": 3.0,
        "metadata": {"plankit_status": "completed", "idempotency_key": "exec1:report"},
    }


@pytest.mark.parametrize(
    ("ir_status", "face_status"),
    [
        (IRStepStatus.PENDING, StepStatus.PENDING),
        (IRStepStatus.AWAITING_CONFIRMATION, StepStatus.PENDING),
        (IRStepStatus.RUNNING, StepStatus.RUNNING),
        (IRStepStatus.WAITING, StepStatus.RUNNING),
        (IRStepStatus.RETRYING, StepStatus.RETRYING),
        (IRStepStatus.COMPLETED, StepStatus.COMPLETED),
        (IRStepStatus.FAILED, StepStatus.FAILED),
        (IRStepStatus.CANCELLED, StepStatus.FAILED),
        (IRStepStatus.SKIPPED, StepStatus.SKIPPED),
    ],
)
def test_every_executor_status_maps(ir_status: IRStepStatus, face_status: StepStatus) -> None:
    result = StepResult.from_step_execution(StepExecution(step_id="s", status=ir_status), clock=lambda: T0)
    assert (result.status, result.metadata["plankit_status"], result.started_at) == (face_status, ir_status.value, T0)


def test_from_step_execution_failed_loop_iteration_with_text_output() -> None:
    record = StepExecution(
        step_id="poll", status=IRStepStatus.FAILED, iteration=4, output="partial", error="HTTP 503",
        error_type=PlankitErrorType.SERVER_ERROR, attempt_count=3, started_at=T0,
    )
    result = StepResult.from_step_execution(record)
    assert (result.output, result.error, result.error_type, result.attempt_count) == (
        {"content": "partial"}, "HTTP 503", ErrorType.SERVER_ERROR, 3,
    )
    assert (result.completed_at, result.duration_seconds) == (None, None)
    assert result.metadata == {"plankit_status": "failed", "iteration": 4}


def test_a_stepchain_plan_runs_on_the_executor_and_reads_back_as_step_results() -> None:
    plan = Plan(
        goal="Summarise the sales data",
        id="sales",
        steps=[
            Step(id="fetch", prompt="Fetch the sales data", max_retries=1),
            Step(id="summarise", prompt="Summarise: {{fetch.result}}", dependencies=["fetch"], max_retries=0),
        ],
    )
    llm = FakeLlmStepRunner({"fetch": Replies([ServerError("503 from the model", 503), "3 rows"]),
                             "summarise": "sales are up"})

    async def run() -> Execution:
        async with MemoryStore() as store, Executor(store, llm=llm, clock=FakeClock(), ids=SequentialIds()) as ex:
            return await ex.start(plan.to_plankit())

    execution = asyncio.run(run())
    assert execution.status is ExecutionStatus.COMPLETED
    assert llm.prompts("summarise") == ["Summarise: 3 rows"]
    results = [StepResult.from_step_execution(record) for record in execution.steps]
    assert [(r.step_id, r.status, r.attempt_count, r.output, r.error) for r in results] == [
        ("fetch", StepStatus.COMPLETED, 2, {"content": "3 rows"}, None),
        ("summarise", StepStatus.COMPLETED, 1, {"content": "sales are up"}, None),
    ]
    assert [r.metadata["idempotency_key"] for r in results] == ["exec_1:fetch", "exec_1:summarise"]
