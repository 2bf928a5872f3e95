"""The corteX face: models, complexity, prompts, parsing, replanning, transitions and plan state."""

from __future__ import annotations

import json
import re

import pytest

from plankit.compile import (
    ExecutionPlan,
    PlanningEngine,
    PlanningError,
    PlanState,
    PlanStep,
    PlanStepStatus,
)
from plankit.compile.cortex import complexity_factors

S = PlanStepStatus


def engine(**kwargs: int) -> PlanningEngine:
    return PlanningEngine(**kwargs, clock=lambda: 1_700_000_000.0, id_factory=lambda: "plan_1")


def make(*specs: tuple[str, S, list[str]]) -> ExecutionPlan:
    steps = [PlanStep(step_id, f"do {step_id}", status=status, dependencies=deps) for step_id, status, deps in specs]
    return ExecutionPlan("p", "goal", steps, created_at=0.0)


def ids(plan: ExecutionPlan) -> list[str]:
    return [step.step_id for step in plan.steps]


# ------------------------------------------------------------------------------------------------ models
def test_status_values_and_dataclass_defaults() -> None:
    assert [status.value for status in PlanStepStatus] == ["pending", "running", "completed", "failed", "skipped"]
    assert PlanStepStatus("completed") is S.COMPLETED and S.FAILED == "failed"
    step = PlanStep("s1", "Do it")
    assert (step.expected_outcome, step.tools_needed, step.dependencies) == ("", [], [])
    assert (step.status, step.retry_count, step.max_retries, step.result, step.error) == (S.PENDING, 0, 2, None, None)
    plan = ExecutionPlan("p", "g")
    assert plan.steps == [] and plan.revised_count == 0 and isinstance(plan.created_at, float)


def test_progress_index_and_completion() -> None:
    plan = make(("a", S.COMPLETED, []), ("b", S.SKIPPED, []), ("c", S.FAILED, []), ("d", S.PENDING, []))
    assert plan.current_step_index == 3
    assert plan.progress == 0.5
    assert plan.is_complete is False
    assert [s.step_id for s in plan.get_completed_steps()] == ["a"]
    assert [s.step_id for s in plan.get_failed_steps()] == ["c"]
    plan.steps[1].status = S.RUNNING
    assert plan.current_step_index == 1
    done = make(("a", S.COMPLETED, []), ("b", S.SKIPPED, []))
    assert (done.is_complete, done.progress, done.current_step_index) == (True, 1.0, 2)
    empty = ExecutionPlan("p", "g", [])
    assert (empty.is_complete, empty.progress, empty.current_step_index) == (True, 1.0, 0)


def test_to_summary() -> None:
    plan = make(
        ("a", S.COMPLETED, []), ("b", S.RUNNING, ["a"]), ("c", S.FAILED, ["a"]), ("d", S.PENDING, ["b", "c"]),
        ("e", S.SKIPPED, []),
    )  # fmt: skip
    plan.steps[2].error = "boom"
    plan.revised_count = 2
    assert plan.to_summary() == (
        "Plan p: goal\n"
        "Progress: 2/5 steps (40%), revision 2\n"
        "  [x] a: do a\n"
        "  [>] b: do b (after a)\n"
        "  [!] c: do c (after a) - failed: boom\n"
        "  [ ] d: do d (after b, c)\n"
        "  [-] e: do e"
    )


def test_engine_limits_are_checked() -> None:
    assert (PlanningEngine().max_steps, PlanningEngine().min_steps) == (20, 1)
    with pytest.raises(PlanningError, match="max_steps must be at least 1, got 0"):
        PlanningEngine(max_steps=0)
    with pytest.raises(PlanningError, match=r"min_steps must be between 1 and max_steps \(3\), got 4"):
        PlanningEngine(max_steps=3, min_steps=4)


# -------------------------------------------------------------------------------------------- complexity
GOLDEN = [
    ("", 0.0, (0.0, 0.0, 0.0, 0.0)),
    ("What time is it?", 0.025, (0.1, 0.0, 0.0, 0.0)),
    ("Summarize this article", 0.1187, (0.075, 1 / 3, 0.0, 0.0)),
    ("Build a REST API with auth and testing", 0.35, (0.2, 2 / 3, 1 / 3, 0.0)),
    (
        "Fetch the sales data, clean it, then build a report and email it to the team; finally archive the raw files",
        0.8062,
        (0.525, 1.0, 1.0, 0.5),
    ),
    (
        "Plan:\n1. Download the dataset\n2. Validate the schema\n3. Upload the cleaned file\n- notify me",
        0.5563,
        (0.425, 1.0, 0.0, 1.0),
    ),
    ("word " * 100, 0.25, (1.0, 0.0, 0.0, 0.0)),
    ("Send it as well as the report, followed by the invoice", 0.3875, (0.275, 1 / 3, 2 / 3, 0.125)),
]


NAMES = ("length", "action_verbs", "multi_action", "structure")


@pytest.mark.parametrize(("goal", "score", "factors"), GOLDEN)
def test_estimate_complexity_golden(goal: str, score: float, factors: tuple[float, ...]) -> None:
    assert engine().estimate_complexity(goal) == score
    assert complexity_factors(goal) == dict(zip(NAMES, factors, strict=True))


def test_verb_inflections_and_should_plan() -> None:
    assert complexity_factors("created, creating, creates; verified, running, built")["action_verbs"] == 1.0
    # create, verify, run count; "built" is irregular and does not.
    assert complexity_factors("built")["action_verbs"] == 0.0
    assert complexity_factors("and and and and")["multi_action"] == 1.0
    planner = engine()
    assert planner.should_plan("Build a REST API with auth and testing") is True
    assert planner.should_plan("What time is it?") is False
    assert planner.should_plan("What time is it?", threshold=0.025) is True
    assert planner.should_plan("", threshold=0.0) is True


# ----------------------------------------------------------------------------------------------- prompts
def test_build_plan_prompt_exact() -> None:
    prompt = engine(max_steps=5).build_plan_prompt("Build a REST API", ["code_writer", "test_runner"], "Use Python")
    assert prompt == (
        "Break the goal below into the steps needed to reach it.\n\n"
        "Goal: Build a REST API\n\n"
        "Available tools (use no others):\n- code_writer\n- test_runner\n\n"
        "Context:\nUse Python\n\n"
        "Reply with a JSON array of 1 to 5 steps and nothing else: no prose, no comments. "
        "Each step is an object with these keys:\n"
        '- "step_id": a short unique id made of letters, digits, "_" or "-" (such as "step_1")\n'
        '- "description": what the step does\n'
        '- "expected_outcome": what the step produces when it succeeds\n'
        '- "tools_needed": the tools the step uses, by name (an empty list when none)\n'
        '- "dependencies": the step_ids that must complete before this step (an empty list when none)\n\n'
        "Example reply:\n[\n"
        '  {"step_id": "step_1", "description": "Collect the information the goal needs", '
        '"expected_outcome": "The facts needed for the next step", "tools_needed": ["code_writer"], '
        '"dependencies": []},\n'
        '  {"step_id": "step_2", "description": "Use what step_1 found to produce the result", '
        '"expected_outcome": "The finished result", "tools_needed": ["test_runner"], '
        '"dependencies": ["step_1"]}\n]\n'
    )


def test_plan_prompt_example_is_clean_json_that_parses_back() -> None:
    planner = engine()
    prompt = planner.build_plan_prompt("Go", [], "")
    assert "Context" not in prompt
    assert "- (none: plan steps that need no tools)" not in prompt and "(none: plan steps that need no tools)" in prompt
    example = prompt.split("Example reply:\n", 1)[1]
    assert "//" not in example and "/*" not in example
    assert json.loads(example)[1]["tools_needed"] == []
    plan = planner.parse_plan("Go", example)
    assert [(s.step_id, s.dependencies) for s in plan.steps] == [("step_1", []), ("step_2", ["step_1"])]


# ------------------------------------------------------------------------------------------------ parsing
def test_parse_plan_json_with_fences_and_prose() -> None:
    reply = """Sure! Here is the plan:
```json
[
  {"step_id": "design", "description": "Design the API", "expected_outcome": "A spec",
   "tools_needed": ["code_writer"], "dependencies": []},
  {"step_id": "build", "description": "Build it", "tools_needed": "code_writer", "dependencies": ["design"]}
]
```
Let me know if you need anything else."""
    plan = engine().parse_plan("Build an API", reply)
    assert (plan.plan_id, plan.goal, plan.created_at, plan.revised_count) == ("plan_1", "Build an API", 1.7e9, 0)
    assert plan.steps == [
        PlanStep("design", "Design the API", "A spec", ["code_writer"], []),
        PlanStep("build", "Build it", "", ["code_writer"], ["design"]),
    ]


def test_parse_plan_object_shapes_and_alternate_keys() -> None:
    planner = engine()
    nested = '{"plan": {"steps": [{"id": 1, "task": "Fetch"}, {"id": 2, "action": "Sum", "depends_on": [1]}]}}'
    assert [(s.step_id, s.description, s.dependencies) for s in planner.parse_plan("g", nested).steps] == [
        ("1", "Fetch", []),
        ("2", "Sum", ["1"]),
    ]
    tasks = '{"tasks": [{"step": 1, "title": "A"}, {"tool": "search"}, {"expected": "nothing"}, 7]}'
    plan = planner.parse_plan("g", tasks)
    assert [(s.step_id, s.description, s.tools_needed) for s in plan.steps] == [
        ("1", "A", []),
        ("step_2", "Use search", ["search"]),
    ]


def test_parse_plan_string_array_is_sequential() -> None:
    plan = engine().parse_plan("g", '["Fetch the data", "Clean it", "Write the report"]')
    assert [(s.step_id, s.description, s.dependencies) for s in plan.steps] == [
        ("step_1", "Fetch the data", []),
        ("step_2", "Clean it", ["step_1"]),
        ("step_3", "Write the report", ["step_2"]),
    ]


@pytest.mark.parametrize(
    "reply",
    [
        "Plan:\n1. Fetch the data\n2) **Clean** it\n3. Write the report\nDone.",
        "Here you go\n- Fetch the data\n* **Clean** it\n• Write the report",
        "Step 1: Fetch the data\nStep 2: **Clean** it\nstep 3. Write the report",
    ],
)
def test_parse_plan_numbered_and_bulleted_text(reply: str) -> None:
    plan = engine().parse_plan("g", reply)
    assert [(s.step_id, s.description, s.dependencies) for s in plan.steps] == [
        ("step_1", "Fetch the data", []),
        ("step_2", "Clean it", ["step_1"]),
        ("step_3", "Write the report", ["step_2"]),
    ]


def test_list_items_keep_their_sub_bullets_and_backticked_tools() -> None:
    plan = engine().parse_plan("g", "1. Fetch with `http.get`\n   - from the API\n2. Sum\n   - per month")
    assert [(s.description, s.tools_needed) for s in plan.steps] == [
        ("Fetch with `http.get` (from the API)", ["http.get"]),
        ("Sum (per month)", []),
    ]
    single = engine().parse_plan("Say hi", "1. Just say hi")  # one item is a remark, not a plan
    assert single.steps == [PlanStep("step_1", "Say hi", "The goal is achieved")]


def test_json_with_comments_and_trailing_commas() -> None:
    reply = """```json
[
  // first things first
  {"step_id": "a", "description": "Fetch", "dependencies": [],},
  /* then */ {"step_id": "b", "description": "Sum", "dependencies": ["a"],},
]
```"""
    plan = engine().parse_plan("g", reply)
    assert [(s.step_id, s.description, s.dependencies) for s in plan.steps] == [("a", "Fetch", []), ("b", "Sum", ["a"])]


def test_unparseable_json_falls_back_to_the_list_then_to_one_step() -> None:
    planner = engine()
    assert [s.description for s in planner.parse_plan("g", '[{"step_id": "a", "desc\n1. Do A\n2. Do B').steps] == [
        "Do A",
        "Do B",
    ]
    single = planner.parse_plan("  Say hello  ", "I would just say hello.")
    assert single.steps == [PlanStep("step_1", "Say hello", "The goal is achieved")]
    assert single.goal == "  Say hello  "
    assert planner.parse_plan("Say hello", "").steps == single.steps
    assert planner.parse_plan("Say hello", "[]").steps == single.steps


def test_empty_goal() -> None:
    planner = engine()
    with pytest.raises(PlanningError, match="the goal is empty, so there is nothing to plan"):
        planner.parse_plan("   ", "no steps here")
    with pytest.raises(PlanningError, match="the goal is empty"):
        planner.create_single_step_plan("")
    assert ids(planner.parse_plan("", '["A"]')) == ["step_1"]


def test_parse_plan_clamps_to_max_steps() -> None:
    reply = json.dumps([{"step_id": f"s{n}", "description": f"Step {n}"} for n in range(1, 8)])
    plan = engine(max_steps=3).parse_plan("g", reply)
    assert ids(plan) == ["s1", "s2", "s3"]
    assert len(engine().parse_plan("g", "\n".join(f"{n}. Do {n}" for n in range(1, 30))).steps) == 20


def test_duplicate_and_invalid_ids_are_renamed() -> None:
    reply = json.dumps(
        [
            {"step_id": "a", "description": "First a"},
            {"step_id": "a", "description": "Second a", "dependencies": ["a"]},
            {"step_id": "step 3!", "description": "Spaces"},
            {"step_id": "context", "description": "Reserved"},
            {"description": "No id"},
            {"step_id": "a_2", "description": "Explicit a_2", "dependencies": ["step 3!", "a_2"]},
            {"step_id": "step_5", "description": "Explicit step_5"},
        ]
    )
    plan = engine().parse_plan("g", reply)
    assert [(s.step_id, s.dependencies) for s in plan.steps] == [
        ("a", []),
        ("a_3", ["a"]),  # a_2 is asked for by a later step, so the duplicate takes a_3
        ("step_3", []),
        ("step_4", []),
        ("step_5_2", []),
        ("a_2", ["step_3", "a_2"]),
        ("step_5", []),
    ]


def test_dependencies_by_position_missing_and_duplicated() -> None:
    reply = json.dumps(
        [
            {"step_id": "x", "description": "X"},
            {"step_id": "y", "description": "Y", "dependencies": [1, "1", "x", "ghost", "", "9"]},
        ]
    )
    plan = engine().parse_plan("g", reply)
    assert plan.steps[1].dependencies == ["x", "ghost", "9"]
    assert engine().plan_state(plan) == PlanState("running", "next: x")


# ---------------------------------------------------------------------------------------------- replanning
def failed_plan() -> ExecutionPlan:
    plan = ExecutionPlan(
        "plan-7f3a",
        "Build a REST API",
        [
            PlanStep("design", "Design the API", "A spec", ["code_writer"], [], S.COMPLETED, result="5 endpoints"),
            PlanStep("docs", "Write docs", status=S.SKIPPED),
            PlanStep("implement", "Implement", "Code", ["code_writer"], ["design"], S.FAILED, 2, error="compile error"),
            PlanStep("test", "Test", "Green", ["test_runner"], ["implement"]),
        ],
        created_at=5.0,
        revised_count=1,
    )
    return plan


def test_build_replan_prompt() -> None:
    prompt = engine(max_steps=4).build_replan_prompt(failed_plan(), "auth.py does not compile", "Python 3.11")
    assert prompt.startswith(
        "A plan for the goal below failed. Plan the steps still needed to reach the goal.\n\n"
        "Goal: Build a REST API\n\n"
        "Completed steps (done: never repeat them):\n"
        "- design: Design the API -> result: 5 endpoints\n- docs: Write docs\n\n"
        "Failed steps:\n- implement: Implement -> error: compile error (after 2 retries)\n\n"
        "Steps not done yet (replace them as needed):\n- test: Test\n\n"
        "Why the plan failed: auth.py does not compile\n\n"
        "Context:\nPython 3.11\n\n"
        "Tools the plan uses:\n- code_writer\n- test_runner\n\n"
        "Reply with a JSON array of at most 4 new steps and nothing else: no prose, no comments."
    )
    assert "taken by completed steps (design, docs)." in prompt
    example = prompt.split("Example reply:\n", 1)[1]
    assert json.loads(example)[0]["tools_needed"] == ["code_writer"] and "//" not in example


def test_replan_prompt_example_avoids_taken_ids() -> None:
    plan = ExecutionPlan("p", "g", [PlanStep("step_1", "A", status=S.COMPLETED), PlanStep("step_2", "B")])
    example = json.loads(engine().build_replan_prompt(plan, "x").split("Example reply:\n", 1)[1])
    assert [(step["step_id"], step["dependencies"]) for step in example] == [("step_1_2", []), ("step_2", ["step_1_2"])]


def test_replan_prompt_without_history() -> None:
    prompt = engine().build_replan_prompt(ExecutionPlan("p", "g", [PlanStep("a", "A")]), "")
    assert "Completed steps (done: never repeat them):\n(none)" in prompt
    assert "Failed steps:\n(none)" in prompt and "Why the plan failed: not given" in prompt
    assert "Tools the plan uses" not in prompt and "completed steps (none)." in prompt


def test_parse_replan_keeps_completed_steps_and_renames_collisions() -> None:
    original = failed_plan()
    reply = """```json
[
  {"step_id": "design", "description": "Design the API"},
  {"step_id": "design", "description": "Redesign the auth part", "dependencies": ["design"]},
  {"step_id": "implement", "description": "Implement again", "dependencies": ["design", "docs"]},
  {"step_id": "test", "description": "Test", "dependencies": ["implement", "lost"]}
]
```"""
    revised = engine().parse_replan(original, reply)
    assert (revised.plan_id, revised.goal, revised.created_at, revised.revised_count) == (
        "plan-7f3a",
        "Build a REST API",
        5.0,
        2,
    )
    assert revised.steps[:2] == original.steps[:2]  # verbatim
    assert revised.steps[0] is not original.steps[0]
    assert [(s.step_id, s.description, s.dependencies, s.status) for s in revised.steps[2:]] == [
        ("design_2", "Redesign the auth part", ["design_2"], S.PENDING),
        ("implement", "Implement again", ["design_2", "docs"], S.PENDING),
        ("test", "Test", ["implement", "lost"], S.PENDING),
    ]
    assert original.revised_count == 1 and ids(original) == ["design", "docs", "implement", "test"]


def test_parse_replan_echo_dependencies_point_at_the_kept_step() -> None:
    reply = json.dumps(
        [
            {"step_id": "design", "description": "Design the API"},
            {"step_id": "fix", "description": "Fix", "dependencies": ["design"]},
        ]
    )
    revised = engine().parse_replan(failed_plan(), reply)
    assert [(s.step_id, s.dependencies) for s in revised.steps] == [("design", []), ("docs", []), ("fix", ["design"])]


def test_parse_replan_text_list_and_fallback() -> None:
    planner = engine(max_steps=2)
    revised = planner.parse_replan(failed_plan(), "1. Fix auth.py\n2. Run the tests\n3. Deploy")
    assert [(s.step_id, s.dependencies) for s in revised.steps] == [
        ("design", []),
        ("docs", []),
        ("step_1", []),
        ("step_2", ["step_1"]),
    ]
    fallback = planner.parse_replan(failed_plan(), "Sorry, I can't help.")
    assert [(s.step_id, s.description) for s in fallback.steps[2:]] == [("step_1", "Build a REST API")]


# ------------------------------------------------------------------------------------ executing the plan
def test_seed_usage_loop() -> None:
    planner = engine(max_steps=15)
    goal = "Build a REST API with auth and testing"
    assert planner.should_plan(goal)
    reply = json.dumps(
        [
            {"step_id": "api", "description": "Write the API", "dependencies": []},
            {"step_id": "tests", "description": "Write tests", "dependencies": ["api"]},
            {"step_id": "auth", "description": "Add auth", "dependencies": ["api"]},
        ]
    )
    plan = planner.parse_plan("Build a REST API", reply)
    order = []
    while step := planner.get_next_step(plan):
        planner.mark_step_running(plan, step.step_id)
        planner.mark_step_completed(plan, step.step_id, f"did {step.step_id}")
        order.append(step.step_id)
    assert order == ["api", "tests", "auth"]
    assert (plan.progress, plan.is_complete) == (1.0, True)
    assert planner.plan_state(plan) == PlanState("finished", "all 3 steps done")


def test_get_next_step_respects_dependencies() -> None:
    planner = engine()
    plan = make(("a", S.PENDING, ["b"]), ("b", S.PENDING, []), ("c", S.PENDING, ["a", "b"]))
    assert planner.get_next_step(plan) is plan.steps[1]
    planner.mark_step_running(plan, "b")
    assert planner.get_next_step(plan) is None  # a waits on the running b
    planner.mark_step_completed(plan, "b")
    assert planner.get_next_step(plan) is plan.steps[0]
    planner.mark_step_skipped(plan, "a")
    assert planner.get_next_step(plan) is plan.steps[2]  # a skipped dependency counts as done
    assert planner.get_next_step(ExecutionPlan("p", "g")) is None


def test_transitions_and_retries() -> None:
    planner = engine()
    plan = make(("a", S.PENDING, []))
    step = planner.mark_step_running(plan, "a")
    assert step is plan.steps[0] and step.status is S.RUNNING
    assert planner.mark_step_failed(plan, "a", "timeout").status is S.PENDING
    assert (step.retry_count, step.error) == (1, "timeout")
    planner.mark_step_running(plan, "a")
    planner.mark_step_failed(plan, "a", "timeout again")
    planner.mark_step_running(plan, "a")
    planner.mark_step_failed(plan, "a", "still")
    assert (step.status, step.retry_count, step.error) == (S.FAILED, 2, "still")
    other = make(("b", S.PENDING, []))
    planner.mark_step_running(other, "b")
    planner.mark_step_failed(other, "b", "wrong input", retryable=False)
    assert (other.steps[0].status, other.steps[0].retry_count) == (S.FAILED, 0)
    done = make(("c", S.PENDING, []))
    planner.mark_step_running(done, "c")
    planner.mark_step_failed(done, "c", "flaky")
    planner.mark_step_running(done, "c")
    planner.mark_step_completed(done, "c", "ok")
    assert (done.steps[0].status, done.steps[0].result, done.steps[0].error) == (S.COMPLETED, "ok", None)


@pytest.mark.parametrize(
    ("status", "call", "message"),
    [
        (S.COMPLETED, "running", "can't start step 'a': it is completed (only a pending step can start)"),
        (S.RUNNING, "running", "can't start step 'a': it is running (only a pending step can start)"),
        (S.PENDING, "completed", "can't complete step 'a': it is pending (only a running step can complete)"),
        (S.FAILED, "failed", "can't fail step 'a': it is failed (only a running step can fail)"),
        (S.RUNNING, "skipped", "can't skip step 'a': it is running (only a pending step can skip)"),
    ],
)
def test_illegal_transitions(status: S, call: str, message: str) -> None:
    planner = engine()
    plan = make(("a", status, []))
    calls = {
        "running": lambda: planner.mark_step_running(plan, "a"),
        "completed": lambda: planner.mark_step_completed(plan, "a", "r"),
        "failed": lambda: planner.mark_step_failed(plan, "a", "e"),
        "skipped": lambda: planner.mark_step_skipped(plan, "a"),
    }
    with pytest.raises(PlanningError, match=re.escape(message)):
        calls[call]()
    assert plan.steps[0].status is status


def test_unknown_step_and_unmet_dependencies() -> None:
    planner = engine()
    plan = make(("fetch", S.PENDING, []), ("sum", S.PENDING, ["fetch"]), ("x", S.PENDING, ["ghost"]))
    with pytest.raises(PlanningError, match=r"^plan p has no step 'fech'; did you mean 'fetch'\?$"):
        planner.mark_step_running(plan, "fech")
    with pytest.raises(PlanningError, match=r"^plan p has no step 'zzz'$"):
        planner.mark_step_completed(plan, "zzz")
    with pytest.raises(PlanningError, match="can't start: it depends on 'fetch', which is pending"):
        planner.mark_step_running(plan, "sum")
    with pytest.raises(PlanningError, match="can't start: it depends on 'ghost', which is not in the plan"):
        planner.mark_step_running(plan, "x")


# ------------------------------------------------------------------------------------------- plan state
def test_plan_state_finished_and_running() -> None:
    planner = engine()
    assert planner.plan_state(ExecutionPlan("p", "g")) == PlanState("finished", "the plan has no steps")
    done = make(("a", S.COMPLETED, []), ("b", S.SKIPPED, []))
    assert planner.plan_state(done) == PlanState("finished", "all 2 steps done (1 skipped)")
    busy = make(("a", S.RUNNING, []), ("b", S.RUNNING, []), ("c", S.FAILED, []))
    assert planner.plan_state(busy) == PlanState("running", "running: a, b")
    ready = make(("a", S.FAILED, []), ("b", S.PENDING, []))
    assert planner.plan_state(ready) == PlanState("running", "next: b")


def test_plan_state_blocked_reasons() -> None:
    planner = engine()
    plan = make(
        ("a", S.COMPLETED, []),
        ("b", S.FAILED, ["a"]),
        ("c", S.PENDING, ["b"]),  # waits on a failed step
        ("d", S.PENDING, ["c"]),  # transitively
        ("e", S.PENDING, ["ghost"]),  # dangling
        ("f", S.PENDING, ["g"]),  # f -> g -> h -> f
        ("g", S.PENDING, ["h"]),
        ("h", S.PENDING, ["f", "a"]),
        ("i", S.PENDING, ["f"]),  # waits on the cycle
        ("j", S.PENDING, ["j"]),  # waits on itself
    )
    plan.steps[1].error = "boom"
    assert planner.get_next_step(plan) is None
    assert planner.plan_state(plan) == PlanState(
        "blocked",
        "step 'b' failed: boom; step 'e' depends on missing step 'ghost'; "
        "dependency cycle: f -> g -> h -> f; dependency cycle: j -> j",
        ("c", "d", "e", "f", "g", "h", "i", "j"),
    )


def test_plan_state_failed_step_alone_blocks() -> None:
    plan = make(("a", S.COMPLETED, []), ("b", S.FAILED, []))
    assert engine().plan_state(plan) == PlanState("blocked", "step 'b' failed: no error message", ())
