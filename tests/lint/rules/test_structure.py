"""The graph and limit rules: exact findings on fixture plans, cycle classification, and 10,000-step plans."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.lint.rules._support import FIXTURES, fixture_findings, run_rule
from tests.plan.strategies import plans

import plankit.lint.rules  # noqa: F401  (registers the rules)
from plankit.lint import RULES, Finding, LintContext, Policy, Severity, validate_plan
from plankit.lint.rules._structure import _undeclared_references
from plankit.plan import Edge, Plan, PlanGraph, load_plan, plan_from_data

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CODES = (
    "LOOP_DETECTED",
    "CONTRA_CIRCULAR",
    "UNKNOWN_REFERENCE",
    "IMPLICIT_DEPENDENCY",
    "MAX_STEPS_EXCEEDED",
    "LIMIT_EXCEEDED",
    "CONTRA_INFINITE",
)
LOOP_HINT = "drop one of these depends_on entries (or reorder the sequence) so the steps can run in order"
CIRCLE_HINT = (
    "a step can only use outputs of steps that finish before it; remove the reference or the dependency that "
    "makes them wait for each other"
)
CONTAINED_HINT = "use the output of a step that finishes before this one starts"


def check(code: str, name: str, folder: str | None = None) -> list[Finding]:
    """The findings of rule ``code`` on fixture ``name`` (from the rule's folder, or another ``folder``)."""
    return fixture_findings(code, name, folder, now=NOW)


def check_data(code: str, data: object, policy: Policy | None = None) -> list[Finding]:
    return run_rule(code, data, policy, now=NOW)


GOOD = [(code, path.stem) for code in CODES for path in sorted((FIXTURES / code).glob("good_*.json"))]


@pytest.mark.parametrize(("code", "name"), GOOD)
def test_good_fixtures_have_no_findings(code: str, name: str) -> None:
    assert check(code, name) == []


@pytest.mark.parametrize("code", CODES)
def test_every_rule_has_good_and_bad_fixtures_and_documented_sections(code: str) -> None:
    folder = FIXTURES / code
    assert list(folder.glob("good_*.json")) and list(folder.glob("bad_*.json"))
    doc = RULES[code].doc
    for section in ("What it does:", "Why is this bad:", "Example", "Use instead:"):
        assert section in doc, (code, section)


def test_registration() -> None:
    found = {code: (RULES[code].name, RULES[code].severity) for code in CODES}
    assert found == {
        "LOOP_DETECTED": ("dependency-loop", Severity.ERROR),
        "CONTRA_CIRCULAR": ("circular-reference", Severity.ERROR),
        "UNKNOWN_REFERENCE": ("reference-to-unknown-step", Severity.ERROR),
        "IMPLICIT_DEPENDENCY": ("reference-without-dependency", Severity.WARNING),
        "MAX_STEPS_EXCEEDED": ("too-many-steps", Severity.ERROR),
        "LIMIT_EXCEEDED": ("limit-exceeded", Severity.ERROR),
        "CONTRA_INFINITE": ("unbounded-loop-or-wait", Severity.ERROR),
    }


# ============================================================================================= cycles
def test_depends_on_cycle_is_loop_detected_once_and_not_circular() -> None:
    assert check("LOOP_DETECTED", "bad_depends_on_cycle") == [
        Finding("steps wait for each other in a loop: a -> b -> a", "a", "$.steps[0].depends_on[0]", LOOP_HINT)
    ]
    assert check("CONTRA_CIRCULAR", "bad_depends_on_cycle", "LOOP_DETECTED") == []


def test_sequence_order_against_depends_on_is_a_loop() -> None:
    assert check("LOOP_DETECTED", "bad_sequence_order") == [
        Finding(
            "steps wait for each other in a loop: first -> second -> first",
            "first",
            "$.steps[0].steps[0].depends_on[0]",
            LOOP_HINT,
        )
    ]


def test_a_group_with_an_explicit_loop_is_reported_once_naming_the_other_members() -> None:
    assert check("LOOP_DETECTED", "bad_loop_with_reference_member") == [
        Finding(
            "steps wait for each other in a loop: a -> b -> a; also caught in the same circle: 'c'",
            "a",
            "$.steps[0].depends_on[0]",
            LOOP_HINT,
        )
    ]
    assert check("CONTRA_CIRCULAR", "bad_loop_with_reference_member", "LOOP_DETECTED") == []


def test_reference_cycle_is_circular() -> None:
    assert check("CONTRA_CIRCULAR", "bad_reference_cycle") == [
        Finding(
            "circular dependency a -> b -> a: it closes through a reference in 'b' to the output of 'a'",
            "b",
            "$.steps[1].params.v",
            CIRCLE_HINT,
        )
    ]
    assert check("LOOP_DETECTED", "bad_reference_cycle", "CONTRA_CIRCULAR") == []


def test_cycle_through_a_condition_is_circular() -> None:
    assert check("CONTRA_CIRCULAR", "bad_condition_cycle") == [
        Finding(
            "circular dependency gate -> quote -> gate: it closes through a reference in 'gate' to the output "
            "of 'quote'",
            "gate",
            "$.steps[0].condition.left",
            CIRCLE_HINT,
        )
    ]


def test_containment_cycles_are_circular() -> None:
    assert check("CONTRA_CIRCULAR", "bad_own_output") == [
        Finding(
            "circular dependency a -> a: 'a' needs its own output, so it can never run",
            "a",
            "$.steps[0].params.v",
            CONTAINED_HINT,
        )
    ]
    assert check("CONTRA_CIRCULAR", "bad_enclosing_output") == [
        Finding(
            "circular dependency inner -> outer -> inner: 'inner' needs the output of 'outer', which contains "
            "it, so it can never run",
            "inner",
            "$.steps[0].steps[0].params.v",
            CONTAINED_HINT,
        )
    ]


def test_a_node_needing_a_step_it_contains_names_it_and_is_reported_once() -> None:
    data = {
        "steps": [
            {
                "id": "gate",
                "type": "if",
                "condition": {"left": "{{inside.x}}", "op": "gt", "right": 1},
                "then": {"id": "inside", "tool": "x"},
                "depends_on": ["inside"],
            }
        ]
    }
    assert check_data("CONTRA_CIRCULAR", data) == [
        Finding(
            "circular dependency gate -> inside -> gate: 'gate' needs the output of 'inside', which it contains, "
            "so it can never run",
            "gate",
            "$.steps[0].depends_on[0]",
            CONTAINED_HINT,
        )
    ]


def test_two_separate_cycles_give_one_finding_each_in_plan_order() -> None:
    steps = [
        {"id": "c", "tool": "x", "args": {"v": "{{d.o}}"}},
        {"id": "d", "tool": "x", "args": {"v": "{{c.o}}"}},
        {"id": "a", "tool": "x", "depends_on": ["b"]},
        {"id": "b", "tool": "x", "depends_on": ["a"]},
        {"id": "e", "tool": "x", "args": {"v": "{{f.o}}"}},
        {"id": "f", "tool": "x", "args": {"v": "{{e.o}}"}},
    ]
    circular = check_data("CONTRA_CIRCULAR", {"steps": steps})
    assert [finding.message.split(":")[0] for finding in circular] == [
        "circular dependency c -> d -> c",
        "circular dependency e -> f -> e",
    ]
    assert [finding.message for finding in check_data("LOOP_DETECTED", {"steps": steps})] == [
        "steps wait for each other in a loop: a -> b -> a"
    ]


def test_email_and_fan_in_are_not_cycles() -> None:
    for name in ("good_email_with_step_ids", "good_fan_in"):
        assert check("LOOP_DETECTED", name) == []
        assert check("CONTRA_CIRCULAR", name, "LOOP_DETECTED") == []


def test_a_cycle_nested_in_a_composite_is_found_among_its_siblings() -> None:
    data = {
        "name": "nested",
        "root": {
            "type": "parallel",
            "id": "fan",
            "steps": [
                {"type": "action", "id": "x", "tool": "t", "params": {"v": "{{y.o}}"}},
                {"type": "action", "id": "y", "tool": "t", "params": {"v": "{{x.o}}"}},
            ],
        },
    }
    assert [(f.node_id, f.path) for f in check_data("CONTRA_CIRCULAR", data)] == [("y", "$.steps[0].steps[1].params.v")]


# ========================================================================================= references
def test_unknown_references_name_the_closest_id() -> None:
    assert check("UNKNOWN_REFERENCE", "bad_unknown_steps") == [
        Finding(
            "'mail' depends on unknown step 'render'",
            "mail",
            "$.steps[1].depends_on[1]",
            "no step has the id 'render'; fix the spelling or add the step",
        ),
        Finding(
            "'mail' references unknown step 'fetch_usr'", "mail", "$.steps[1].params.to", "did you mean 'fetch_user'?"
        ),
    ]


def test_suggestions_stop_at_the_budget_but_findings_do_not(monkeypatch: pytest.MonkeyPatch) -> None:
    import plankit.lint.rules._structure as structure

    monkeypatch.setattr(structure, "SUGGESTION_BUDGET", 6)
    steps = [{"id": name, "tool": "x"} for name in ("alpha", "beta", "gamma", "delta")]
    steps += [
        {"id": "u1", "tool": "x", "args": {"v": "{{alpah.o}}"}},
        {"id": "u2", "tool": "x", "depends_on": ["gamm"]},
    ]
    hints = [finding.hint for finding in check_data("UNKNOWN_REFERENCE", {"steps": steps})]
    assert hints == [
        "did you mean 'alpha'?",
        "no step has the id 'gamm'; fix the spelling or add the step",
    ]


ELSEWHERE = " if the plan also runs where only depends_on orders steps (plankit orders by the reference)"
"""The end of the hint of a note: top-level steps, the used one written first."""


def test_implicit_dependencies_say_which_depends_on_to_add() -> None:
    # quote is written before pay, both top-level: plankit (and a reader) runs them in that order, a note;
    # lookup is written after pay: a forward reference, a warning.
    assert check("IMPLICIT_DEPENDENCY", "bad_missing_depends_on") == [
        Finding(
            "'pay' uses the output of 'quote', but 'pay' does not depend on 'quote'",
            "pay",
            "$.steps[1].params.amount",
            "add \"quote\" to the depends_on of step 'pay'" + ELSEWHERE,
            Severity.INFO,
        ),
        Finding(
            "'pay' uses the output of 'lookup' (a forward reference: it comes later in the plan), but 'pay' does not "
            "depend on 'lookup'",
            "pay",
            "$.steps[1].params.to",
            "add \"lookup\" to the depends_on of step 'pay'",
        ),
    ]


def test_implicit_dependencies_are_lifted_to_siblings() -> None:
    assert check("IMPLICIT_DEPENDENCY", "bad_nested_reference") == [
        Finding(
            "'mail' (inside 'report') uses the output of 'fetch', but 'report' does not depend on 'fetch'",
            "mail",
            "$.steps[1].steps[1].params.to",
            "add \"fetch\" to the depends_on of step 'report'" + ELSEWHERE,
            Severity.INFO,
        ),
        Finding(
            "'right' uses the output of 'left', but 'right' does not depend on 'left'",
            "right",
            "$.steps[2].steps[1].params.v",
            "add \"left\" to the depends_on of step 'right'",
        ),
    ]


def test_a_flat_agent_plan_reading_earlier_steps_passes_with_notes() -> None:
    """The usual agent plan (search, then act on what was found, no depends_on): plankit orders the steps by
    their references, as a reader does top down, so the lint passes it with notes instead of warning (it
    warned on 453 of the 944 benign plans of bench/alignment_corpus.py)."""
    plan = {
        "goal": "Summarise the unread mail from Erik and file the summary",
        "steps": [
            {"id": "find", "tool": "email.search", "args": {"query": "from:Erik is:unread"}},
            {"id": "summary", "tool": "text.summarize", "args": {"text": "{{find.result.messages}}"}},
            {"id": "file", "tool": "notes.save", "args": {"text": "{{summary.result}}", "about": "{{find.result.id}}"}},
        ],
    }
    result = validate_plan(plan, Policy(goal_alignment="off"))
    assert (result.status, result.risk_score, result.warnings) == ("PASS", 0.0, [])
    assert [(note.code, note.node_id, note.step, note.path) for note in result.info] == [
        ("IMPLICIT_DEPENDENCY", "summary", 1, "$.steps[1].params.text"),
        ("IMPLICIT_DEPENDENCY", "file", 2, "$.steps[2].params.text"),
        ("IMPLICIT_DEPENDENCY", "file", 2, "$.steps[2].params.about"),
    ]
    # Written the other way round, the same references are forward ones: warnings, as before.
    plan["steps"].reverse()
    result = validate_plan(plan, Policy(goal_alignment="off"))
    assert (result.status, [(w.code, w.node_id) for w in result.warnings]) == (
        "WARN", [("IMPLICIT_DEPENDENCY", "file"), ("IMPLICIT_DEPENDENCY", "file"), ("IMPLICIT_DEPENDENCY", "summary")]
    )  # fmt: skip


def test_reference_into_a_composite_names_the_inner_step() -> None:
    data = {
        "steps": [
            {"id": "prep", "type": "sequence", "steps": [{"id": "load", "type": "action", "tool": "x"}]},
            {"id": "use", "tool": "y", "args": {"v": "{{load.rows}}"}},
        ]
    }
    assert check_data("IMPLICIT_DEPENDENCY", data) == [
        Finding(
            "'use' uses the output of 'load' (inside 'prep'), but 'use' does not depend on 'prep'",
            "use",
            "$.steps[1].params.v",
            "add \"prep\" to the depends_on of step 'use'" + ELSEWHERE,
            Severity.INFO,
        )
    ]


def test_references_that_close_a_cycle_are_left_to_the_cycle_rules() -> None:
    data = {
        "steps": [
            {"id": "a", "tool": "x", "args": {"v": "{{b.o}}"}},
            {"id": "b", "tool": "y", "args": {"v": "{{a.o}}"}},
        ]
    }
    assert check_data("IMPLICIT_DEPENDENCY", data) == []


def test_a_reference_between_two_separate_circles_is_still_checked() -> None:
    steps = [
        {"id": "a", "tool": "x", "args": {"v": "{{b.o}}"}},
        {"id": "b", "tool": "x", "args": {"v": "{{a.o}}"}},
        {"id": "c", "tool": "x", "args": {"v": "{{d.o}}", "w": "{{a.o}}"}},
        {"id": "d", "tool": "x", "args": {"v": "{{c.o}}"}},
    ]
    assert [(f.node_id, f.path) for f in check_data("IMPLICIT_DEPENDENCY", {"steps": steps})] == [
        ("c", "$.steps[2].params.w")
    ]


def test_transitive_dependencies_count() -> None:
    data = {
        "steps": [
            {"id": "a", "tool": "x"},
            {"id": "b", "tool": "x", "depends_on": ["a"]},
            {"id": "c", "tool": "x", "depends_on": ["b"], "args": {"v": "{{a.o}}"}},
            {"id": "d", "tool": "x", "args": {"v": "{{a.o}}"}},
        ]
    }
    assert [finding.node_id for finding in check_data("IMPLICIT_DEPENDENCY", data)] == ["d"]


# ============================================================================================= limits
def test_max_steps_counts_nested_nodes() -> None:
    assert check("MAX_STEPS_EXCEEDED", "bad_nested_steps") == [
        Finding(
            "the plan has 5 steps (nested ones included); the policy allows at most 3",
            None,
            "$.steps",
            "split the plan or remove 2 steps",
        )
    ]
    assert check_data("MAX_STEPS_EXCEEDED", {"steps": [{"id": "a", "tool": "x"}, {"id": "b", "tool": "x"}]}) == []


def test_limits() -> None:
    assert check("LIMIT_EXCEEDED", "bad_over_limits") == [
        Finding(
            "loop 'poll' may run 11 times; the policy allows 10",
            "poll",
            "$.steps[0].max_iterations",
            "set max_iterations to at most 10",
        ),
        Finding(
            "wait 'pause' may last 120000 ms (by its duration_ms); the policy allows 60000 ms",
            "pause",
            "$.steps[1].duration_ms",
            "wait at most 60000 ms (set max_wait_ms or shorten the wait)",
        ),
        Finding(
            "wait 'gas' may last 86400000 ms (by its max_wait_ms); the policy allows 60000 ms",
            "gas",
            "$.steps[2].max_wait_ms",
            "wait at most 60000 ms (set max_wait_ms or shorten the wait)",
        ),
        Finding(
            "wait 'later' may last 3600000 ms (by its until_time); the policy allows 60000 ms",
            "later",
            "$.steps[3].until_time",
            "wait at most 60000 ms (set max_wait_ms or shorten the wait)",
        ),
        Finding(
            "parallel 'wide' runs 3 steps at once with no max_concurrency; the policy allows 2",
            "wide",
            "$.steps[4].steps",
            "set max_concurrency to at most 2",
        ),
        Finding(
            "parallel 'eager' runs up to 5 steps at once; the policy allows 2",
            "eager",
            "$.steps[5].max_concurrency",
            "set max_concurrency to at most 2",
        ),
    ]


def test_limits_need_a_policy() -> None:
    plan = load_plan(FIXTURES / "LIMIT_EXCEEDED" / "bad_over_limits.json")
    assert list(RULES["LIMIT_EXCEEDED"].check(LintContext(plan, Policy(), now=NOW))) == []


def test_a_wait_until_a_time_is_measured_from_the_trigger_start() -> None:
    data = {
        "trigger": {"type": "time", "at": "2026-12-01T17:00:00Z"},
        "steps": [{"id": "w", "type": "wait", "until_time": "2026-12-01T17:00:30Z"}],
    }
    assert check_data("LIMIT_EXCEEDED", data, Policy(max_wait_ms=60_000)) == []


def test_infinite_loops_and_waits() -> None:
    assert check("CONTRA_INFINITE", "bad_unbounded") == [
        Finding(
            "loop 'forever' has no exit_when and repeats 1000000 times (limit 1000)",
            "forever",
            "$.steps[0].max_iterations",
            "add an exit_when condition, or lower max_iterations to at most 1000",
        ),
        Finding(
            'loop \'stuck\' can never exit early: exit_when (price("ETH") > 5000 and price("ETH") < 4000) can '
            "never be true, so it always repeats 50 times",
            "stuck",
            "$.steps[1].exit_when",
            "fix the exit condition (its comparisons contradict each other)",
        ),
        Finding(
            "wait 'patience' waits for a condition with max_wait_ms 2592000000 (30 days or more): no finite bound",
            "patience",
            "$.steps[2].max_wait_ms",
            "set max_wait_ms to how long the plan can really wait (the default is 24 hours)",
        ),
    ]


def test_infinite_loop_limit_follows_the_policy() -> None:
    data = {"steps": [{"id": "l", "type": "loop", "max_iterations": 20, "body": {"id": "a", "tool": "x"}}]}
    assert check_data("CONTRA_INFINITE", data) == []
    assert [f.message for f in check_data("CONTRA_INFINITE", data, Policy(max_loop_iterations=10))] == [
        "loop 'l' has no exit_when and repeats 20 times (limit 10)"
    ]


# ================================================================================== 10,000-step plans
def chain(size: int, *, references: bool = True, close: bool = False) -> dict[str, object]:
    steps: list[dict[str, object]] = [{"id": "s0", "tool": "x"}]
    for index in range(1, size):
        step: dict[str, object] = {"id": f"s{index}", "tool": "x", "depends_on": [f"s{index - 1}"]}
        if references:
            step["args"] = {"v": f"{{{{s{index - 1}.out}}}}"}
        steps.append(step)
    if close:
        steps[0]["depends_on"] = [f"s{size - 1}"]
    return {"steps": steps}


def test_a_10000_step_chain_is_clean_and_does_not_recurse() -> None:
    ctx = LintContext(plan_from_data(chain(10_000)), Policy(max_steps=10_000), now=NOW)
    assert {code: list(RULES[code].check(ctx)) for code in CODES} == {code: [] for code in CODES}


def test_a_10000_step_cycle_is_one_loop() -> None:
    ctx = LintContext(plan_from_data(chain(10_000, references=False, close=True)), Policy(), now=NOW)
    loops = list(RULES["LOOP_DETECTED"].check(ctx))
    assert len(loops) == 1
    assert loops[0].message.startswith("steps wait for each other in a loop: s0 -> s1 -> s2 -> ")
    assert loops[0].message.endswith(" -> s9999 -> s0")
    assert list(RULES["CONTRA_CIRCULAR"].check(ctx)) == []


def test_a_10000_step_plan_of_references_without_depends_on_notes_once_per_step() -> None:
    steps = [{"id": "s0", "tool": "x"}] + [
        {"id": f"s{i}", "tool": "x", "args": {"v": f"{{{{s{i - 1}.out}}}}", "w": "{{s0.out}}"}}
        for i in range(1, 10_000)
    ]
    ctx = LintContext(plan_from_data({"steps": steps}), Policy(), now=NOW)
    found = list(RULES["IMPLICIT_DEPENDENCY"].check(ctx))
    assert len(found) == 9_999 + 9_998  # s1 reads s0 once (one pair); every later step reads two steps
    assert found[0].hint == "add \"s0\" to the depends_on of step 's1'" + ELSEWHERE
    assert {finding.severity for finding in found} == {Severity.INFO}  # each reads steps written before it


# ============================================================================================ property
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20), st.booleans())
def test_every_cycle_is_reported_by_exactly_one_rule(pairs: list[tuple[int, int]], as_references: bool) -> None:
    """Random graphs: a plan has a dependency cycle exactly when the two cycle rules report something, and no
    group of steps is reported twice."""
    steps: list[dict[str, object]] = [{"id": f"n{i}", "tool": "x", "depends_on": [], "args": {}} for i in range(8)]
    for source, target in pairs:
        if source == target:
            continue
        if as_references:
            steps[target]["args"][f"r{source}"] = f"{{{{n{source}.o}}}}"  # type: ignore[index]
        elif f"n{source}" not in steps[target]["depends_on"]:  # type: ignore[operator]
            steps[target]["depends_on"].append(f"n{source}")  # type: ignore[union-attr]
    plan = plan_from_data(json.loads(json.dumps({"steps": steps})))
    ctx = LintContext(plan, Policy(), now=NOW)
    found = list(RULES["LOOP_DETECTED"].check(ctx)) + list(RULES["CONTRA_CIRCULAR"].check(ctx))
    groups = [cycle for cycle in ctx.graph.cycles() if cycle.kind == "dependency"]
    assert len(found) == len(groups)
    # All links of one kind: references make every cycle CONTRA_CIRCULAR, depends_on makes it LOOP_DETECTED.
    other = "LOOP_DETECTED" if as_references else "CONTRA_CIRCULAR"
    assert list(RULES[other].check(ctx)) == []


@settings(max_examples=150, deadline=None)
@given(plans())
def test_undeclared_references_are_the_reference_edges_no_explicit_edge_joins(plan: Plan) -> None:
    """The rule reads references without making an edge for the declared ones; that must pick exactly the
    first reference edge of each sibling pair that no ``depends_on`` or sequence edge joins."""
    graph = PlanGraph.of(plan)
    explicit = {(edge.source, edge.target) for edge in graph.edges if edge.kind != "reference"}
    expected: dict[tuple[str, str], Edge] = {}
    for edge in graph.edges:
        if edge.kind == "reference" and (edge.source, edge.target) not in explicit:
            expected.setdefault((edge.source, edge.target), edge)
    assert _undeclared_references(graph) == list(expected.values())
