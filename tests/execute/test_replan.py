"""Replanning during execution: a step fails for good, the planner writes the remaining steps, the run goes on
without running completed steps again (scripted LLM, fake clock, memory and SQLite stores)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from plankit.compile import LlmReplanner, build_replan_prompt
from plankit.errors import ErrorType, ToolError
from plankit.execute import Replanning, ReplanRequest, Revision, RevisionApplied, replans_of
from plankit.lint import Policy
from plankit.llm import LlmError
from plankit.plan import ExecutionStatus
from plankit.store import SqliteStore, Store
from plankit.testing import ScriptedLlm

from .helpers import Journal, by_id, executor, make_plan, run, statuses

STEPS = [
    {"id": "a", "tool": "record", "params": {"step": "a", "value": 7}},
    {"id": "b", "tool": "record", "params": {"step": "b"}, "depends_on": ["a"]},
    {"id": "c", "tool": "record", "params": {"step": "c"}, "depends_on": ["b"]},
]
REMAINDER = {
    "steps": [
        {"id": "b2", "tool": "record", "params": {"step": "b2", "seen": "{{a.result.value}}"}, "depends_on": ["a"]},
        {"id": "c", "tool": "record", "params": {"step": "c", "after": "{{b2.result.step}}"}, "depends_on": ["b2"]},
    ]
}
# Prose, a fence and a comment around the JSON, as models write it.
MESSY_REPLY = (
    "The step b failed, so here are the remaining steps:\n```json\n"
    + json.dumps(REMAINDER, indent=2).replace('"steps": [', '"steps": [ // b is replaced by b2', 1)
    + "\n```\nThey reuse the output of a."
)


def failing_journal() -> Journal:
    journal = Journal()
    journal.fail("b", ToolError("the service said no"))
    return journal


def replanning(llm: ScriptedLlm, applied: list[RevisionApplied] | None = None, **options: Any) -> Replanning:
    on_revision = applied.append if applied is not None else None
    return Replanning(LlmReplanner(llm, use_schema=False), on_revision=on_revision, **options)


def test_a_failed_step_is_replanned_and_the_run_completes_without_rerunning_completed_steps() -> None:
    journal = failing_journal()
    llm = ScriptedLlm([MESSY_REPLY])
    applied: list[RevisionApplied] = []

    async def body(store: Store) -> Any:
        execution = await executor(store, journal.registry, replanning=replanning(llm, applied)).start(make_plan(STEPS))
        return execution, await store.load_plan(execution.plan_id), await store.load_execution(execution.execution_id)

    execution, plan, stored = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert execution.error is None
    assert statuses(execution) == {"a": "completed", "b": "failed", "b2": "completed", "c": "completed"}
    assert journal.steps() == ["a", "b", "b2", "c"]  # a ran once; c (never started) runs in the revision
    records = by_id(execution)
    assert records["b2"].output == {"step": "b2", "seen": 7}
    assert records["c"].output == {"step": "c", "after": "b2"}
    assert records["b"].error == "the service said no" and records["b"].error_type is ErrorType.TOOL_ERROR
    assert execution.plan_revision == 1
    assert execution.plan_id == "p.exec_1.r1"
    assert stored is not None and stored.plan_revision == 1 and stored.plan_id == "p.exec_1.r1"
    assert plan is not None and plan.revision == 1
    assert [step.id for step in plan.steps] == ["a", "b2", "c"]
    assert plan.steps[0] == make_plan(STEPS).steps[0]  # the completed step, verbatim
    [entry] = replans_of(plan)
    assert {key: entry[key] for key in ("revision", "from_plan", "failed_step", "kept", "added", "dropped")} == {
        "revision": 1, "from_plan": "p", "failed_step": "b", "kept": ["a"], "added": ["b2", "c"], "dropped": ["b"],
    }  # fmt: skip
    assert entry["error"] == "step 'b' failed: the service said no" and entry["error_type"] == "TOOL_ERROR"
    assert [item.describe() for item in applied] == [
        "replanned (revision 1) after step 'b' failed: kept a; added b2, c; dropped b"
    ]


def test_the_prompt_carries_goal_results_failure_tools_and_taken_ids() -> None:
    journal = failing_journal()
    llm = ScriptedLlm([json.dumps(REMAINDER)])

    async def body(store: Store) -> Any:
        plan = make_plan(STEPS, goal="Record three things")
        return await executor(store, journal.registry, replanning=replanning(llm)).start(plan)

    assert run(body).status is ExecutionStatus.COMPLETED
    [call] = llm.calls
    system, user = call.messages
    assert "- record:" in system.content  # the tools, as the compiler lists them
    assert user.content.splitlines()[:8] == [
        "A plan was running and a step failed for good (its retries and error handler are used up). "
        "Plan the remaining steps that still reach the goal.",
        "",
        "Goal: Record three things",
        "",
        "Completed steps (done, with their results):",
        '- a (tool record): result {"step": "a", "value": 7}',
        "",
        "Failed:",
    ]
    assert "- step b (tool record) failed: [TOOL_ERROR] the service said no" in user.content
    assert '"id": "c"' in user.content  # the step that never started, for the model to carry over
    assert "Ids already used in this run (new steps need other ids): a, b" in user.content


def test_long_results_are_cut_and_sensitive_ones_withheld() -> None:
    journal = Journal()
    journal.fail("b", ToolError("down"))
    steps = [
        {"id": "a", "tool": "record", "params": {"step": "a", "text": "x" * 900}},
        {"id": "s", "tool": "record", "params": {"step": "s", "password_hint": "hunter"}},
        {"id": "b", "tool": "record", "params": {"step": "b"}, "depends_on": ["a", "s"]},
    ]
    captured: list[str] = []

    async def planner(request: ReplanRequest) -> Revision:
        captured.append(build_replan_prompt(request, result_chars=100))
        return Revision()

    async def body(store: Store) -> Any:
        policy = Policy(sensitive_sources=["record"])
        options = {"replanning": Replanning(planner), "policy": policy}
        return await executor(store, journal.registry, **options).start(make_plan(steps))

    execution = run(body)
    assert execution.status is ExecutionStatus.FAILED
    [prompt] = captured
    assert "- a (tool record): result (withheld: the tool's output is sensitive)" in prompt
    assert "hunter" not in prompt
    without_policy = Journal()
    without_policy.fail("b", ToolError("down"))

    async def plain(store: Store) -> Any:
        return await executor(store, without_policy.registry, replanning=Replanning(planner)).start(make_plan(steps))

    run(plain)
    line = next(line for line in captured[1].splitlines() if line.startswith("- a "))
    assert line == '- a (tool record): result {"step": "a", "text": "' + "x" * 77 + "... (cut: 925 characters in all)"


def test_a_lint_failing_remainder_fails_the_execution_with_the_original_error_and_the_findings() -> None:
    journal = failing_journal()
    unknown_tool = json.dumps({"steps": [{"id": "b2", "tool": "nope.tool", "params": {}, "depends_on": ["a"]}]})
    reuses_failed_id = json.dumps({"steps": [{"id": "b", "tool": "record", "params": {"step": "b"}}]})
    llm = ScriptedLlm([unknown_tool, reuses_failed_id, unknown_tool])

    async def body(store: Store) -> Any:
        execution = await executor(store, journal.registry, replanning=replanning(llm)).start(make_plan(STEPS))
        return execution, await store.load_plan(execution.plan_id)

    execution, plan = run(body)
    assert execution.status is ExecutionStatus.FAILED
    assert execution.plan_revision == 0 and execution.plan_id == "p" and plan is not None and replans_of(plan) == []
    assert statuses(execution) == {"a": "completed", "b": "failed"}
    assert journal.steps() == ["a", "b"]
    assert execution.error is not None
    assert execution.error.startswith(
        "step 'b' failed: the service said no; replanning (revision 1) found no lint-clean remainder after 3 model "
        "replies: CONTRA_NO_TOOL b2: "
    )
    # The repair rounds carried the exact findings back to the model.
    second = llm.calls[1].messages[-1].content
    assert second.startswith("Your steps have 1 problem to fix:\n- [CONTRA_NO_TOOL] step 'b2'")
    third = llm.calls[2].messages[-1].content
    assert third.startswith(
        "Your steps have 1 problem to fix:\n- [REPLAN_ID_TAKEN] step 'b' at $.steps[0]: step id 'b' is taken: a "
        "step of that id already ran in this execution (only a step that did not finish, carried over unchanged, "
        "keeps its id) (hint: give the new step another id, e.g. 'b_2')"
    )


def test_an_unreadable_reply_and_an_unreachable_model_fail_with_the_reason() -> None:
    for replies, expected in (
        (["I am sorry, I can't help with that."] * 3, "REPLY_NO_PLAN: "),
        ([LlmError("connection refused")], "replanning failed: LlmError: connection refused"),
    ):
        journal = failing_journal()

        async def body(store: Store, journal: Journal = journal, replies: list[Any] = replies) -> Any:
            return await executor(store, journal.registry, replanning=replanning(ScriptedLlm(replies))).start(
                make_plan(STEPS)
            )

        execution = run(body)
        assert execution.status is ExecutionStatus.FAILED
        assert execution.error is not None and execution.error.startswith("step 'b' failed: the service said no; ")
        assert expected in execution.error


def test_max_replans_is_respected() -> None:
    journal = Journal()
    journal.fail("b", ToolError("first"))
    journal.fail("b2", ToolError("second"))
    journal.fail("b3", ToolError("third"))
    replies = [
        json.dumps({"steps": [{"id": "b2", "tool": "record", "params": {"step": "b2"}, "depends_on": ["a"]}]}),
        json.dumps({"steps": [{"id": "b3", "tool": "record", "params": {"step": "b3"}, "depends_on": ["a"]}]}),
    ]
    llm = ScriptedLlm(replies)

    async def body(store: Store) -> Any:
        execution = await executor(store, journal.registry, replanning=replanning(llm, max_replans=2)).start(
            make_plan(STEPS)
        )
        return execution, await store.load_plan(execution.plan_id)

    execution, plan = run(body)
    assert execution.status is ExecutionStatus.FAILED
    assert execution.error == "step 'b3' failed: third; not replanned: the limit of 2 replans is reached"
    assert execution.plan_revision == 2 and execution.plan_id == "p.exec_1.r2"
    assert plan is not None and [entry["failed_step"] for entry in replans_of(plan)] == ["b", "b2"]
    assert [entry["from_plan"] for entry in replans_of(plan)] == ["p", "p.exec_1.r1"]
    assert journal.steps() == ["a", "b", "b2", "b3"]
    assert statuses(execution) == {"a": "completed", "b": "failed", "b2": "failed", "b3": "failed"}
    assert llm.remaining == 0 and len(llm.calls) == 2


def test_max_replans_zero_never_asks_the_planner() -> None:
    journal = failing_journal()
    llm = ScriptedLlm([])

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry, replanning=replanning(llm, max_replans=0)).start(
            make_plan(STEPS)
        )

    execution = run(body)
    assert execution.error == "step 'b' failed: the service said no; not replanned: the limit of 0 replans is reached"
    assert llm.calls == []


def test_a_reply_that_echoes_completed_steps_keeps_them_as_they_ran(tmp_path: Path) -> None:
    journal = failing_journal()
    echo = {"steps": [STEPS[0], *REMAINDER["steps"]]}
    llm = ScriptedLlm([json.dumps(echo)])

    async def body(store: Store) -> Any:
        execution = await executor(store, journal.registry, replanning=replanning(llm)).start(make_plan(STEPS))
        return execution, await store.load_plan(execution.plan_id)

    execution, plan = run(body, SqliteStore(tmp_path / "plankit.db"))
    assert execution.status is ExecutionStatus.COMPLETED
    assert journal.steps() == ["a", "b", "b2", "c"]
    assert plan is not None and [step.id for step in plan.steps] == ["a", "b2", "c"]
    assert replans_of(plan)[0]["added"] == ["b2", "c"]


def test_a_stopped_sibling_carried_over_unchanged_runs_afresh_and_a_changed_one_needs_a_new_id() -> None:
    # b fails while s (a parallel sibling, waiting on the clock) runs: s is cancelled, and its id is taken,
    # unless the revision carries s over unchanged.
    journal = failing_journal()
    wait = {"id": "s", "type": "wait", "duration_ms": 60000}
    steps = [STEPS[0], STEPS[1], wait]
    b2 = {"id": "b2", "tool": "record", "params": {"step": "b2"}}
    changed = json.dumps({"steps": [{**wait, "duration_ms": 10}, b2]})
    llm = ScriptedLlm([changed, json.dumps({"steps": [wait, b2]})])

    async def body(store: Store) -> Any:
        execution = await executor(store, journal.registry, replanning=replanning(llm)).start(make_plan(steps))
        return execution, await store.load_plan(execution.plan_id)

    execution, plan = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert llm.calls[1].messages[-1].content.startswith(
        "Your steps have 1 problem to fix:\n- [REPLAN_ID_TAKEN] step 's' at $.steps[0]: step id 's' is taken"
    )
    assert statuses(execution) == {"a": "completed", "b": "failed", "s": "completed", "b2": "completed"}
    assert plan is not None and replans_of(plan)[0]["kept"] == ["a"] and replans_of(plan)[0]["added"] == ["s", "b2"]
    assert by_id(execution)["s"].attempt_count == 1
    assert by_id(execution)["s"].duration_seconds == 60.0  # the whole wait again, from the start


def test_a_revised_execution_resumes_on_its_revision(tmp_path: Path) -> None:
    journal = failing_journal()
    steps = [*STEPS[:2], {**STEPS[2], "require_confirmation": True}]
    remainder = {"steps": [{"id": "b2", "tool": "record", "params": {"step": "b2"}, "depends_on": ["a"]},
                           {"id": "c", "tool": "record", "params": {"step": "c"}, "depends_on": ["b2"],
                            "require_confirmation": True}]}  # fmt: skip
    llm = ScriptedLlm([json.dumps(remainder)])
    db = tmp_path / "plankit.db"

    async def first(store: Store) -> Any:
        return await executor(store, journal.registry, replanning=replanning(llm)).start(make_plan(steps))

    paused = run(first, SqliteStore(db))
    assert paused.status is ExecutionStatus.PAUSED and paused.plan_revision == 1

    async def second(store: Store) -> Any:
        from plankit.execute import approve

        await approve(store, paused.execution_id, "c")
        return await executor(store, journal.registry).resume(paused.execution_id)

    done = run(second, SqliteStore(db))
    assert done.status is ExecutionStatus.COMPLETED and done.plan_revision == 1
    assert journal.steps() == ["a", "b", "b2", "c"]


def test_replanning_rejects_a_negative_limit() -> None:
    with pytest.raises(ValueError, match="max_replans must be 0 or more"):
        Replanning(LlmReplanner(ScriptedLlm([])), max_replans=-1)


def test_a_denied_step_is_never_replanned_around() -> None:
    journal = Journal()
    steps = [STEPS[0], {**STEPS[1], "require_confirmation": True}]
    llm = ScriptedLlm([json.dumps(REMAINDER)])

    async def body(store: Store) -> Any:
        from plankit.execute import deny

        run_it = executor(store, journal.registry, replanning=replanning(llm))
        paused = await run_it.start(make_plan(steps))
        await deny(store, paused.execution_id, "b", by="ann")
        return await run_it.resume(paused.execution_id)

    execution = run(body)
    assert execution.status is ExecutionStatus.FAILED
    assert execution.error == (
        "step 'b' failed: step 'b' was denied by ann; not replanned: step 'b' was denied by a person"
    )
    assert llm.calls == [] and execution.plan_revision == 0
    assert journal.steps() == ["a"]


def test_the_prompt_stays_bounded_on_large_plans() -> None:
    journal = Journal()
    journal.fail("f", ToolError("down"))
    done = [{"id": f"c{i}", "tool": "record", "params": {"step": f"c{i}", "text": "x" * 400}} for i in range(30)]
    failing = {"id": "f", "tool": "record", "params": {"step": "f"}, "depends_on": [f"c{i}" for i in range(30)]}
    later = [{"id": f"u{i}", "tool": "record", "params": {"step": f"u{i}"}, "depends_on": ["f"]} for i in range(25)]
    captured: list[str] = []

    async def planner(request: ReplanRequest) -> Revision:
        captured.append(build_replan_prompt(request))
        return Revision()

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry, replanning=Replanning(planner)).start(
            make_plan([*done, failing, *later])
        )

    assert run(body).status is ExecutionStatus.FAILED
    [prompt] = captured
    lines = prompt.splitlines()
    assert sum(1 for line in lines if line.startswith("- c")) == 18  # about 8,000 characters of results
    assert "- and 12 more (results not shown): " + ", ".join(f"c{i}" for i in range(18, 30)) in lines
    assert prompt.count('"id": "u') == 20
    assert "and 5 more: u20, u21, u22, u23, u24" in lines
    assert len(prompt) < 13_000


def test_a_failing_revision_handler_is_logged_and_the_run_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    journal = failing_journal()

    def broken(applied: RevisionApplied) -> None:
        raise RuntimeError("view is gone")

    planning = Replanning(LlmReplanner(ScriptedLlm([json.dumps(REMAINDER)]), use_schema=False), on_revision=broken)

    async def body(store: Store) -> Any:
        return await executor(store, journal.registry, replanning=planning).start(make_plan(STEPS))

    with caplog.at_level("INFO", logger="plankit.execute"):
        execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    messages = [record.getMessage() for record in caplog.records]
    assert "execution exec_1: replanned (revision 1) after step 'b' failed: kept a; added b2, c; dropped b" in messages
    assert any(message.startswith("on_revision handler failed for RevisionApplied(") for message in messages)
