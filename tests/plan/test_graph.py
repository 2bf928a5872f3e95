"""The dependency graph: order, cycles, lifting, containment, critical path, reachability, scale."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from plankit.plan import (
    ESTIMATE_KEY,
    ActionNode,
    CriticalPath,
    Cycle,
    Dangling,
    Edge,
    Plan,
    PlanGraph,
    SequenceNode,
    dump_plan,
    loads_plan,
    plan_from_data,
)
from plankit.plan._refs import node_references
from tests.plan.strategies import dag_plans, digraph_plans, plans

Edges = set[tuple[str, str]]


def _graph(steps: list[dict[str, Any]]) -> PlanGraph:
    return PlanGraph.of(plan_from_data({"steps": steps}))


def _reach(nodes: list[str], edges: Edges) -> dict[str, set[str]]:
    """Brute force: what each node reaches by one or more edges."""
    out: dict[str, set[str]] = {node: set() for node in nodes}
    for source, target in edges:
        out[source].add(target)
    for _ in nodes:  # repeated relaxation; the graphs are tiny
        for node in nodes:
            out[node] |= set().union(*(out[other] for other in out[node]))
    return out


# ------------------------------------------------------------------------------------------------ order
@given(dag_plans())
def test_topological_order_respects_every_edge(case: tuple[dict[str, Any], Edges]) -> None:
    data, edges = case
    graph = PlanGraph.of(plan_from_data(data))
    order = graph.topological_order()
    assert sorted(order) == sorted(step["id"] for step in data["steps"])
    position = {node: index for index, node in enumerate(order)}
    assert all(position[before] < position[after] for before, after in edges)
    assert {(edge.source, edge.target) for edge in graph.edges} == edges
    assert graph.top_level_order() == order
    assert graph.cycles() == []
    assert graph.dangling == []


def test_ties_keep_document_order() -> None:
    graph = _graph([{"id": "c", "tool": "t"}, {"id": "a", "tool": "t"}, {"id": "b", "tool": "t", "depends_on": ["c"]}])
    assert graph.topological_order() == ["c", "a", "b"]


def test_composites_come_before_their_children_and_dependants_after_them() -> None:
    graph = _graph(
        [
            {"id": "z", "tool": "t", "depends_on": ["p"]},
            {
                "id": "p",
                "type": "parallel",
                "steps": [{"id": "p2", "tool": "t", "depends_on": ["p1"]}, {"id": "p1", "tool": "t"}],
            },
        ]
    )
    assert graph.topological_order() == ["p", "p1", "p2", "z"]


def test_edges_record_kind_requester_and_location() -> None:
    graph = _graph(
        [
            {"id": "a", "tool": "t"},
            {
                "id": "s",
                "type": "sequence",
                "steps": [{"id": "s1", "tool": "t"}, {"id": "s2", "prompt": "use {{a.x}}"}],
            },
            {"id": "b", "tool": "t", "depends_on": ["a"], "params": {"v": {"type": "step_output", "step_id": "s"}}},
        ]
    )
    assert sorted(graph.edges) == [
        Edge("a", "b", "depends_on", "b", "$.steps[2].depends_on[0]"),
        Edge("a", "s", "reference", "s2", "$.steps[1].steps[1].prompt"),  # lifted from s2 to s
        Edge("s", "b", "reference", "b", "$.steps[2].params.v"),
        Edge("s1", "s2", "sequence", "s", "$.steps[1].steps[1]"),
    ]


def test_missing_targets_are_dangling_and_reserved_roots_are_not() -> None:
    graph = _graph(
        [
            {
                "id": "a",
                "tool": "t",
                "depends_on": ["zz"],
                "params": {"q": "{{yy.x}}", "c": "{{context.u}}", "e": "${env.K}"},
            }
        ]
    )
    assert graph.dangling == [
        Dangling("a", "zz", "$.steps[0].depends_on[0]", "depends_on"),
        Dangling("a", "yy", "$.steps[0].params.q", "reference"),
    ]
    assert graph.edges == []


# ----------------------------------------------------------------------------------------------- cycles
def _brute_components(nodes: list[str], edges: Edges) -> list[frozenset[str]]:
    reach = _reach(nodes, edges)
    groups = {frozenset({node} | {other for other in reach[node] if node in reach[other]}) for node in nodes}
    return sorted((group for group in groups if len(group) > 1), key=sorted)


@given(digraph_plans())
def test_every_strongly_connected_group_is_reported_once_with_a_real_path(case: tuple[dict[str, Any], Edges]) -> None:
    data, edges = case
    graph = PlanGraph.of(plan_from_data(data))
    nodes = [step["id"] for step in data["steps"]]
    groups = _brute_components(nodes, edges)
    cycles = graph.cycles()
    assert all(cycle.kind == "dependency" for cycle in cycles)
    assert len(cycles) == len(groups)
    covered = []
    for cycle in cycles:
        path = cycle.path
        assert len(set(path)) == len(path) > 1  # a simple cycle
        assert all(pair in edges for pair in itertools.pairwise((*path, path[0])))
        (group,) = [group for group in groups if set(path) <= group]
        covered.append(group)
    assert sorted(covered, key=sorted) == groups
    # Nodes on or after a cycle can't be ordered; every other node is, in a valid order.
    blocked = {node for group in groups for node in group} | {
        after for group in groups for node in group for after in _reach(nodes, edges)[node]
    }
    order = graph.topological_order()
    assert set(order) == set(nodes) - blocked
    assert (graph.critical_path() is None) == bool(groups)


def test_two_cycle_through_references() -> None:
    graph = _graph(
        [{"id": "a", "tool": "t", "params": {"x": "${b.y}"}}, {"id": "b", "tool": "t", "params": {"x": "{{a.y}}"}}]
    )
    assert graph.cycles() == [Cycle(("a", "b"), "dependency")]
    assert graph.cycles()[0].describe() == "a -> b -> a"
    assert graph.topological_order() == []
    assert graph.critical_path() is None


def test_fan_in_is_not_a_cycle() -> None:
    graph = _graph(
        [
            {"id": "a", "tool": "t"},
            {"id": "b", "tool": "t", "depends_on": ["a"]},
            {"id": "c", "tool": "t", "depends_on": ["a"]},
            {"id": "d", "tool": "t", "depends_on": ["b", "c", "a"]},
        ]
    )
    assert graph.cycles() == []
    assert graph.topological_order() == ["a", "b", "c", "d"]


def test_cycle_among_children_of_a_composite() -> None:
    graph = _graph(
        [
            {"id": "head", "tool": "t"},
            {
                "id": "p",
                "type": "parallel",
                "steps": [
                    {"id": "x", "tool": "t", "depends_on": ["y"]},
                    {"id": "y", "tool": "t", "params": {"v": "{{x.out}}"}},
                ],
            },
        ]
    )
    assert graph.cycles() == [Cycle(("x", "y"), "dependency")]
    assert graph.topological_order() == ["head", "p"]


def test_sequence_order_against_an_explicit_backward_dependency_is_a_cycle() -> None:
    graph = _graph(
        [
            {
                "id": "s",
                "type": "sequence",
                "steps": [{"id": "x", "tool": "t", "depends_on": ["y"]}, {"id": "y", "tool": "t"}],
            }
        ]
    )
    assert graph.cycles() == [Cycle(("x", "y"), "dependency")]


# ---------------------------------------------------------------------------------------------- lifting
def test_reference_into_another_top_level_step_orders_the_top_level_steps() -> None:
    graph = _graph(
        [
            {
                "id": "B",
                "type": "sequence",
                "steps": [
                    {
                        "id": "b1",
                        "type": "if",
                        "condition": {"left": "{{a2.ok}}", "op": "eq", "right": True},
                        "then": {"id": "b2", "tool": "t"},
                    }
                ],
            },
            {"id": "A", "type": "parallel", "steps": [{"id": "a1", "tool": "t"}, {"id": "a2", "tool": "t"}]},
        ]
    )
    assert [(edge.source, edge.target, edge.kind, edge.via) for edge in graph.edges] == [("A", "B", "reference", "b1")]
    assert graph.top_level_order() == ["A", "B"]
    assert graph.topological_order() == ["A", "a1", "a2", "B", "b1", "b2"]


@st.composite
def _towers(draw: st.DrawFn) -> tuple[dict[str, Any], Edges, Edges]:
    """Top-level parallel steps holding leaves; random references between leaves anywhere. Returns the plan,
    the expected top-level edges (references lifted) and the expected edges inside the composites."""
    towers = draw(st.integers(2, 4))
    leaves = [f"L{tower}_{index}" for tower in range(towers) for index in range(draw(st.integers(1, 3)))]
    refs = draw(st.lists(st.tuples(st.sampled_from(leaves), st.sampled_from(leaves)), max_size=8))
    refs = [(needed, needer) for needed, needer in refs if needed != needer]
    top = {(f"T{needed[1]}", f"T{needer[1]}") for needed, needer in refs if needed[1] != needer[1]}
    inner = {(needed, needer) for needed, needer in refs if needed[1] == needer[1]}
    steps = []
    for tower in range(towers):
        kids = [
            {
                "id": leaf,
                "tool": "t",
                "params": {f"p{i}": f"{{{{{needed}.v}}}}" for i, (needed, needer) in enumerate(refs) if needer == leaf},
            }
            for leaf in leaves
            if leaf[1] == str(tower)
        ]
        steps.append({"id": f"T{tower}", "type": "parallel", "steps": kids})
    return {"steps": steps}, top, inner


@given(_towers())
def test_lifting_property(case: tuple[dict[str, Any], Edges, Edges]) -> None:
    data, top, inner = case
    graph = PlanGraph.of(plan_from_data(data))
    found = {(edge.source, edge.target) for edge in graph.edges}
    assert {pair for pair in found if pair[0].startswith("T")} == top
    assert {pair for pair in found if pair[0].startswith("L")} == inner


# ------------------------------------------------------------------------------------------ containment
def test_a_node_needing_its_ancestor_is_one_containment_cycle() -> None:
    graph = _graph(
        [
            {
                "id": "S",
                "type": "sequence",
                "steps": [{"id": "c", "tool": "t", "params": {"x": "{{S.y}}", "z": "${S.q}"}}],
            }
        ]
    )
    assert graph.cycles() == [Cycle(("c", "S"), "containment")]
    assert graph.edges == []


def test_a_composite_depending_on_its_own_child_is_a_containment_cycle() -> None:
    graph = _graph([{"id": "S", "type": "sequence", "depends_on": ["c"], "steps": [{"id": "c", "tool": "t"}]}])
    assert graph.cycles() == [Cycle(("S", "c"), "containment")]


def test_a_node_needing_itself_is_a_containment_cycle() -> None:
    graph = _graph([{"id": "a", "tool": "t", "depends_on": ["a"], "params": {"v": "{{a.x}}"}}])
    assert graph.cycles() == [Cycle(("a",), "containment")]


def test_if_condition_reading_its_own_branch_is_a_containment_cycle() -> None:
    graph = _graph(
        [
            {
                "id": "i",
                "type": "if",
                "condition": {"left": "{{t.x}}", "op": "eq", "right": 1},
                "then": {"id": "t", "tool": "x"},
            }
        ]
    )
    assert graph.cycles() == [Cycle(("i", "t"), "containment")]


def test_loop_body_reading_its_loop_is_a_containment_cycle() -> None:
    graph = _graph(
        [
            {
                "id": "L",
                "type": "loop",
                "max_iterations": 3,
                "body": {"id": "b", "tool": "t", "params": {"x": "{{L.out}}"}},
            }
        ]
    )
    assert graph.cycles() == [Cycle(("b", "L"), "containment")]


def test_loop_exit_condition_may_read_its_body_at_any_depth() -> None:
    body = {"id": "seq", "type": "sequence", "steps": [{"id": "inner", "tool": "t"}]}
    exit_when = {
        "type": "logic",
        "op": "or",
        "conditions": [
            {"left": "{{inner.done}}", "op": "eq", "right": True},
            {"left": "{{seq.n}}", "op": "gt", "right": 3},
        ],
    }
    graph = _graph([{"id": "L", "type": "loop", "max_iterations": 5, "body": body, "exit_when": exit_when}])
    assert graph.cycles() == []
    assert graph.edges == []


def test_on_error_handler_may_read_its_failed_action_at_any_depth() -> None:
    handler = {
        "id": "h",
        "type": "sequence",
        "steps": [
            {"id": "h1", "tool": "log", "params": {"e": "{{a.error}}"}},
            {"id": "h2", "tool": "notify", "params": {"e": {"type": "step_output", "step_id": "a", "path": "error"}}},
        ],
    }
    graph = _graph([{"id": "a", "tool": "swap", "on_error": handler}])
    assert graph.cycles() == []
    assert [(edge.source, edge.target, edge.kind) for edge in graph.edges] == [("h1", "h2", "sequence")]


def test_on_error_handler_reading_an_enclosing_node_is_a_containment_cycle() -> None:
    graph = _graph(
        [
            {
                "id": "S",
                "type": "sequence",
                "steps": [{"id": "a", "tool": "t", "on_error": {"id": "h", "tool": "t", "params": {"v": "{{S.x}}"}}}],
            }
        ]
    )
    assert graph.cycles() == [Cycle(("h", "S"), "containment")]


def test_containment_cycles_follow_dependency_cycles() -> None:
    graph = _graph(
        [
            {"id": "a", "tool": "t", "depends_on": ["b", "a"]},
            {"id": "b", "tool": "t", "depends_on": ["a"]},
        ]
    )
    assert graph.cycles() == [Cycle(("a", "b"), "dependency"), Cycle(("a",), "containment")]


# ----------------------------------------------------------------------------------------- critical path
@st.composite
def _estimated_dags(draw: st.DrawFn) -> tuple[dict[str, Any], Edges]:
    data, edges = draw(dag_plans(max_steps=8))
    if draw(st.booleans()):
        for step in data["steps"]:
            if draw(st.booleans()):
                step["metadata"] = {ESTIMATE_KEY: draw(st.integers(0, 1000) | st.floats(0, 1000))}
    return data, edges


def _brute_longest(nodes: list[str], edges: Edges, weight: dict[str, float]) -> float:
    following = {node: [after for before, after in edges if before == node] for node in nodes}
    best = 0.0
    stack = [(node, weight[node]) for node in nodes]  # every path, explicitly: the graphs are tiny
    while stack:
        node, total = stack.pop()
        best = max(best, total)
        stack.extend((after, total + weight[after]) for after in following[node])
    return best


@given(_estimated_dags())
def test_critical_path_is_the_longest_chain(case: tuple[dict[str, Any], Edges]) -> None:
    data, edges = case
    graph = PlanGraph.of(plan_from_data(data))
    steps = {step["id"]: step for step in data["steps"]}
    with_estimates = any(ESTIMATE_KEY in step.get("metadata", {}) for step in steps.values())
    weight = {
        node: float(step["metadata"][ESTIMATE_KEY])
        if ESTIMATE_KEY in step.get("metadata", {})
        else float(step.get("duration_ms", 0))
        if with_estimates
        else 1.0
        for node, step in steps.items()
    }
    path = graph.critical_path()
    assert path is not None
    assert path.unit == ("ms" if with_estimates else "steps")
    assert path.length == pytest.approx(_brute_longest(list(steps), edges, weight))
    assert all(pair in edges for pair in itertools.pairwise(path.steps))
    assert path.length == pytest.approx(sum(weight[node] for node in path.steps))


def test_critical_path_weighs_composites() -> None:
    graph = _graph(
        [
            {
                "id": "seq",
                "type": "sequence",
                "steps": [{"id": "a", "tool": "t"}, {"id": "b", "tool": "t"}, {"id": "c", "tool": "t"}],
            },
            {
                "id": "par",
                "type": "parallel",
                "steps": [{"id": "d", "tool": "t"}, {"id": "e", "tool": "t", "depends_on": ["d"]}],
            },
            {
                "id": "loop",
                "type": "loop",
                "max_iterations": 4,
                "body": {"id": "f", "tool": "t"},
                "depends_on": ["par"],
            },
            {
                "id": "if",
                "type": "if",
                "condition": {"left": 1, "op": "eq", "right": 1},
                "then": {"id": "g", "tool": "t"},
                "else": {
                    "id": "h",
                    "type": "sequence",
                    "steps": [{"id": "h1", "tool": "t"}, {"id": "h2", "tool": "t"}],
                },
            },
            {"id": "act", "tool": "t", "on_error": {"id": "handler", "tool": "t"}, "depends_on": ["if", "seq"]},
        ]
    )
    # seq = 3; par = 2 (d then e); loop = 4 x 1; if = the heavier branch (2); act = itself + its handler (2).
    assert graph.critical_path() == CriticalPath(("par", "loop"), 6.0, "steps")


def test_critical_path_with_estimates_uses_durations_and_loop_delays() -> None:
    graph = _graph(
        [
            {"id": "a", "tool": "t", "metadata": {ESTIMATE_KEY: 100}},
            {"id": "w", "type": "wait", "duration_ms": 250, "depends_on": ["a"]},
            {
                "id": "l",
                "type": "loop",
                "max_iterations": 3,
                "delay_ms": 10,
                "body": {"id": "b", "tool": "t", "metadata": {ESTIMATE_KEY: 40}},
            },
            {"id": "u", "tool": "t"},
        ]
    )
    # a + w = 350 ms; l = 3 x 40 + 2 pauses of 10 = 140 ms; u has no estimate (0 ms).
    assert graph.critical_path() == CriticalPath(("a", "w"), 350.0, "ms")


@pytest.mark.parametrize("bad", ["fast", None, True, -5, [1], {"ms": 3}])
def test_unusable_estimates_are_ignored(bad: object) -> None:
    graph = _graph(
        [{"id": "a", "tool": "t", "metadata": {ESTIMATE_KEY: bad}}, {"id": "b", "tool": "t", "depends_on": ["a"]}]
    )
    assert graph.critical_path() == CriticalPath(("a", "b"), 2.0, "steps")


def test_critical_path_of_an_empty_plan() -> None:
    assert _graph([]).critical_path() == CriticalPath((), 0.0, "steps")


# ----------------------------------------------------------------------------------------- reachability
@given(dag_plans())
def test_upstream_and_downstream_match_the_transitive_closure(case: tuple[dict[str, Any], Edges]) -> None:
    data, edges = case
    graph = PlanGraph.of(plan_from_data(data))
    nodes = [step["id"] for step in data["steps"]]
    reach = _reach(nodes, edges)
    for node in nodes:
        assert graph.downstream([node]) == reach[node]
        assert graph.upstream([node]) == {other for other in nodes if node in reach[other]}
    assert graph.downstream(nodes[:2]) == set().union(*(reach[node] for node in nodes[:2]))


def test_reachability_by_edge_kind() -> None:
    graph = _graph(
        [
            {"id": "a", "tool": "t"},
            {"id": "b", "tool": "t", "depends_on": ["a"]},
            {"id": "c", "tool": "t", "params": {"v": "{{b.x}}"}},
            {
                "id": "s",
                "type": "sequence",
                "depends_on": ["c"],
                "steps": [{"id": "s1", "tool": "t"}, {"id": "s2", "tool": "t"}],
            },
        ]
    )
    assert graph.downstream(["a"]) == {"b", "c", "s"}
    assert graph.downstream(["a"], kinds=["depends_on"]) == {"b"}
    assert graph.upstream(["c"], kinds=["reference"]) == {"b"}
    assert graph.upstream(["s"], kinds=["depends_on", "reference"]) == {"a", "b", "c"}
    assert graph.downstream(["s1"]) == {"s2"}
    assert graph.downstream(["s1"], kinds=["depends_on"]) == set()


# ----------------------------------------------------------------------------------------------- scale
def test_hundred_thousand_step_chain_loads_and_analyses() -> None:
    count = 100_000
    ids = [f"s{index}" for index in range(count)]
    steps: list[dict[str, Any]] = [{"id": ids[0], "tool": "t"}]
    steps += [{"id": ids[i], "tool": "t", "depends_on": [ids[i - 1]]} for i in range(1, count)]
    graph = PlanGraph.of(loads_plan(json.dumps({"steps": steps})))
    assert graph.topological_order() == ids
    assert graph.cycles() == []
    assert graph.critical_path() == CriticalPath(tuple(ids), float(count), "steps")
    assert len(graph.upstream([ids[-1]])) == count - 1


def test_hundred_thousand_step_ring_is_one_cycle() -> None:
    count = 100_000
    ids = [f"r{index}" for index in range(count)]
    steps = [{"id": ids[i], "tool": "t", "params": {"prev": f"{{{{{ids[i - 1]}.out}}}}"}} for i in range(count)]
    graph = PlanGraph.of(plan_from_data({"steps": steps}))
    assert graph.cycles() == [Cycle(tuple(ids), "dependency")]


_NEST = {
    "sequence": lambda index, child: {"id": f"n{index}", "type": "sequence", "steps": [child]},
    "parallel": lambda index, child: {"id": f"n{index}", "type": "parallel", "steps": [child]},
    "if": lambda index, child: {
        "id": f"n{index}",
        "type": "if",
        "condition": {"left": 1, "op": "eq", "right": 1},
        "then": child,
    },
    "loop": lambda index, child: {"id": f"n{index}", "type": "loop", "max_iterations": 2, "body": child},
    "on_error": lambda index, child: {"id": f"n{index}", "tool": "t", "on_error": child},
}


@pytest.mark.parametrize("kind", sorted(_NEST))
def test_fifty_deep_nesting_loads_with_default_limits_and_analyses(kind: str) -> None:
    def tower(prefix: str, leaf_params: dict[str, Any]) -> dict[str, Any]:
        node: dict[str, Any] = {"id": f"{prefix}leaf", "tool": "t", "params": leaf_params}
        for index in range(50):
            node = _NEST[kind](index, node)
            node["id"] = f"{prefix}{node['id']}"
        return node

    # a's deepest leaf reads b's deepest leaf (lifted to a b -> a edge) and a's own top (a containment cycle).
    data = {"steps": [tower("a", {"x": "{{bleaf.v}}", "y": "{{an49.v}}"}), tower("b", {})]}
    plan = loads_plan(json.dumps(data))
    graph = PlanGraph.of(plan)
    assert graph.top_level_order() == ["bn49", "an49"]
    assert [(edge.source, edge.target) for edge in graph.edges if edge.kind == "reference"] == [("bn49", "an49")]
    # The leaf of an on_error chain is inside an49's handler, which may read an49; elsewhere it can't.
    assert graph.cycles() == ([] if kind == "on_error" else [Cycle(("aleaf", "an49"), "containment")])
    assert len(graph.topological_order()) == 102
    assert max(visit.depth for visit in plan.walk()) == 50
    assert loads_plan(dump_plan(plan)) == plan
    assert loads_plan(dump_plan(plan, shape="tree")) == plan


@contextmanager
def _recursion_headroom(frames: int) -> Iterator[None]:
    """Lower the recursion limit to a few frames above the current depth, so any recursion over plan
    depth fails loudly."""
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back  # type: ignore[assignment]
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def test_graph_analyses_do_not_recurse_over_depth() -> None:
    # 2,000 levels: far past any recursion limit, built from models (the loader's depth limit is lower).
    node: ActionNode | SequenceNode = ActionNode(id="leaf", tool="t", params={"v": "{{top.x}}"})
    for index in range(2_000):
        node = SequenceNode(id=f"q{index}", steps=[node])
    node = SequenceNode(id="top", steps=[node])
    other = ActionNode(id="after", tool="t", params={"v": "{{leaf.x}}"})
    with _recursion_headroom(60):
        plan = Plan(steps=[node, other])
        graph = PlanGraph.of(plan)
        order = graph.topological_order()
        cycles = graph.cycles()
        path = graph.critical_path()
        walked = sum(1 for _ in plan.walk())
    assert (order[0], order[-2], order[-1]) == ("top", "leaf", "after")
    assert cycles == [Cycle(("leaf", "top"), "containment")]
    assert path == CriticalPath(("top", "after"), 2.0, "steps")
    assert walked == 2_003


# ----------------------------------------------------------------------------------- built on demand
@settings(max_examples=150, deadline=None)
@given(plans())
def test_what_is_built_on_demand_is_what_the_walk_and_the_edges_say(plan: Plan) -> None:
    """``paths``, ``position``, ``depth``, ``children`` and ``edges`` are made on first use, and
    ``successors``/``predecessors`` without a list of edges: each must equal its eager definition."""
    graph = PlanGraph.of(plan)
    visits = list(plan.walk())
    assert graph.visits == visits
    assert graph.paths == {visit.node.id: visit.path for visit in visits}
    assert graph.position == {visit.node.id: index for index, visit in enumerate(visits)}
    assert graph.depth == {visit.node.id: visit.depth for visit in visits}
    children: dict[str | None, tuple[str, ...]] = {
        visit.node.id: tuple(child.id for _, child in visit.node.child_slots()) for visit in visits
    }
    children[None] = tuple(step.id for step in plan.steps)
    assert graph.children == children
    edges = graph.edges
    assert list(graph.iter_edges()) == edges
    for kinds in (["depends_on"], ["reference"], ["sequence"], ["depends_on", "sequence"]):
        assert list(graph.iter_edges(kinds)) == [edge for edge in edges if edge.kind in kinds]
    for edge in edges:  # every location names the field that asked for the edge
        via = graph.nodes[edge.via]
        if edge.kind == "depends_on":
            index = int(edge.location.rsplit("[", 1)[1][:-1])
            assert edge.location == f"{graph.paths[edge.via]}.depends_on[{index}]"
            assert via.depends_on[index] == edge.source or graph.contains(edge.source, via.depends_on[index])
        elif edge.kind == "reference":
            assert edge.location in {ref.location for ref in graph.references[edge.via]}
        else:
            assert edge.location == graph.paths[edge.target]
    pairs = list(dict.fromkeys((edge.source, edge.target) for edge in edges))
    assert {node: list(graph.successors[node]) for node in graph.nodes} == {
        node: [target for source, target in pairs if source == node] for node in graph.nodes
    }
    assert {node: list(graph.predecessors[node]) for node in graph.nodes} == {
        node: [source for source, target in pairs if target == node] for node in graph.nodes
    }


@given(st.integers(1, 40).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n - 1), max_size=60))))
def test_many_predecessors_are_each_kept_once_in_the_order_first_named(case: tuple[int, list[int]]) -> None:
    # Past 16 predecessors, repeats are found through a set instead of the list: both must agree.
    count, named = case
    half = len(named) // 2
    sink = {
        "id": "sink",
        "tool": "t",
        "depends_on": [f"s{index}" for index in named[:half]],
        "params": {"v": [f"{{{{s{index}.x}}}}" for index in named[half:]]},
    }
    graph = _graph([*({"id": f"s{index}", "tool": "t"} for index in range(count)), sink])
    expected = list(dict.fromkeys(f"s{index}" for index in named))
    assert list(graph.predecessors["sink"]) == expected
    assert all(list(graph.successors[source]) == ["sink"] for source in expected)
    assert all(graph.successors[f"s{index}"] == () for index in range(count) if f"s{index}" not in expected)


def _kahn_finds_a_cycle(graph: PlanGraph) -> bool:
    return any(len(graph._scope_orders[scope]) != len(members) for scope, members in graph._members.items())


@settings(max_examples=150, deadline=None)
@given(st.one_of(plans(), digraph_plans().map(lambda case: plan_from_data(case[0]))))
def test_ordered_means_every_edge_goes_forward_and_then_no_dependency_cycle(plan: Plan) -> None:
    """``ordered`` (found while building, without Kahn) is exactly "every edge goes forward in document
    order" when true, and a graph it calls ordered has no dependency cycle by Kahn's own count either."""
    graph = PlanGraph.of(plan)
    position = graph.position
    forward = all(position[edge.source] < position[edge.target] for edge in graph.iter_edges())
    if graph.ordered:
        assert forward
        assert not _kahn_finds_a_cycle(graph)
        assert [cycle for cycle in graph.cycles() if cycle.kind == "dependency"] == []
    elif _kahn_finds_a_cycle(graph):
        assert graph.cycles()[0].kind == "dependency"


def test_ordered_is_cleared_by_a_forward_reference_and_kept_by_backward_ones() -> None:
    backward = _graph([{"id": "a", "tool": "t"}, {"id": "b", "tool": "t", "params": {"x": "{{a.v}}"}}])
    assert backward.ordered
    forward = _graph([{"id": "a", "tool": "t", "params": {"x": "{{b.v}}"}}, {"id": "b", "tool": "t"}])
    assert not forward.ordered
    assert forward.cycles() == []
    ring = _graph([{"id": "a", "tool": "t", "depends_on": ["b"]}, {"id": "b", "tool": "t", "depends_on": ["a"]}])
    assert not ring.ordered
    assert [cycle.path for cycle in ring.cycles()] == [("a", "b")]


@settings(max_examples=150, deadline=None)
@given(st.one_of(plans(), dag_plans().map(lambda case: plan_from_data(case[0]))))
def test_without_undeclared_every_reference_edge_has_a_depends_on_edge_of_its_own_node(plan: Plan) -> None:
    graph = PlanGraph.of(plan)
    if not graph.undeclared:
        explicit = {(edge.source, edge.target, edge.via) for edge in graph.iter_edges(["depends_on"])}
        for edge in graph.iter_edges(["reference"]):
            assert (edge.source, edge.target, edge.via) in explicit


@settings(max_examples=100, deadline=None)
@given(plans())
def test_flat_is_every_node_a_top_level_action_without_a_handler(plan: Plan) -> None:
    graph = PlanGraph.of(plan)
    visits = list(plan.walk())
    expected = all(visit.depth == 0 and isinstance(visit.node, ActionNode) for visit in visits)
    assert graph.flat == expected
    assert _graph([{"id": "a", "tool": "t"}, {"id": "b", "tool": "t"}]).flat
    assert not _graph([{"id": "a", "tool": "t", "on_error": {"id": "h", "tool": "t"}}]).flat


# ------------------------------------------------------------------------------------- the flat path
_FLAT_IDS = ["a", "b", "c", "d", "gone"]  # "gone" names no step: a dangling need
_ROOTS = st.sampled_from([*_FLAT_IDS, "context", "env", "trigger"])
_TAIL = st.sampled_from(["", ".x", ".result.total", "[0]", "[2].v", ".a-b_c[1]"])
_REFERENCE_TEXT = st.builds(
    lambda spelling, root, tail, before, after: before + spelling.replace("@", root + tail) + after,
    st.sampled_from(["{{@}}", "${@}", "{{ @ }}", "${{@}}", "{{@}", "${@ }", "{{@ \t}}"]),
    _ROOTS,
    _TAIL,
    st.sampled_from(["", "", "", "", "", "", "x ", "$", "{", " "]),
    st.sampled_from(["", "", "", "", "", "", " y", "}", "{{b}}", " ${c.v}"]),
)
_FLAT_STRINGS = _REFERENCE_TEXT | st.sampled_from(["plain", "{json: 1}", "{", "$", "${", "{{", "}}"])
_FLAT_OBJECTS = st.sampled_from(
    [
        {"type": "step_output", "step_id": "a", "path": "x"},
        {"type": "step_output", "stepId": "gone"},
        {"type": "env", "key": "K"},
        {"type": "literal", "value": "{{a.x}}"},
        {"type": "runtime", "fn": "now", "args": ["{{b.y}}"]},
        {"type": "other", "v": "{{c}}"},
    ]
)
_FLAT_VALUES = st.recursive(
    _FLAT_STRINGS | _FLAT_OBJECTS | st.integers(0, 3) | st.none(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["k", "type", "v"]), inner, max_size=3),
    max_leaves=6,
)


@st.composite
def _flat_plans(draw: st.DrawFn) -> Plan:
    count = draw(st.integers(1, 4))
    steps: list[dict[str, Any]] = []
    for step_id in _FLAT_IDS[:count]:
        step: dict[str, Any] = {"id": step_id, "tool": "t"}
        if draw(st.booleans()):
            step["depends_on"] = draw(st.lists(st.sampled_from(_FLAT_IDS), max_size=3, unique=True))
        keys = st.sampled_from(["to", "type", "values", "q", "nested"])
        # Strings and lists of strings directly in params are read by the flat path itself: they come often.
        top = _FLAT_STRINGS | st.lists(_FLAT_STRINGS | st.integers(0, 3), max_size=3) | _FLAT_VALUES
        step["params"] = draw(st.dictionaries(keys, top, max_size=4))
        steps.append(step)
    return plan_from_data({"steps": steps})


def _everything_built(graph: PlanGraph) -> dict[str, Any]:
    return {
        "nodes": list(graph.nodes.items()),
        "parent": list(graph.parent.items()),
        "visits": graph.visits,
        "references": list(graph.references.items()),
        "successors": [(node, list(after)) for node, after in graph.successors.items()],
        "predecessors": [(node, list(before)) for node, before in graph.predecessors.items()],
        "dangling": graph.dangling,
        "containment_cycles": graph.containment_cycles,
        "reserved_roots": graph.reserved_roots,
        "flat": graph.flat,
        "undeclared": graph.undeclared,
        "ordered": graph.ordered,
        "edges": graph.edges,
        "cycles": graph.cycles(),
    }


_EXAMPLE = plan_from_data(
    {
        "steps": [
            {"id": "a", "tool": "t", "depends_on": ["gone", "a", "b"], "params": {"k": "{{b.x[0]}}", "v": "${a}"}},
            {"id": "b", "tool": "t", "params": {"v": ["${a.result.total}", 2, "{{ a.y }} {{c}}"], "to": "{{a.q}}"}},
            {"id": "c", "tool": "t", "params": {"type": "step_output", "step_id": "a", "path": "x"}},
            {"id": "d", "tool": "t", "params": {"n": {"q": ["{{c.v}}", {"type": "env", "key": "K"}]}, "e": "${env.A}"}},
        ]
    }
)


@settings(max_examples=400, deadline=None)
@example(_EXAMPLE)
@given(_flat_plans())
def test_the_flat_path_builds_the_graph_the_general_path_builds(plan: Plan) -> None:
    """A flat plan takes ``_index_flat``/``_build_flat``; forced through the general path, it must give the
    same graph (every field, in the same order, and the references with the same locations)."""
    _assert_same_graph(plan)


@settings(max_examples=100, deadline=None)
@given(plans())
def test_any_plan_builds_the_same_graph_either_way(plan: Plan) -> None:
    _assert_same_graph(plan)


def _assert_same_graph(plan: Plan) -> None:
    fast, general = PlanGraph.of(plan), PlanGraph._built(plan, fast=False)
    assert _everything_built(fast) == _everything_built(general)
    for node in plan.steps:  # the general path's references are node_references' own
        assert list(general.references[node.id]) == node_references(node, general.paths[node.id])


def test_the_flat_path_is_taken_by_flat_plans_only() -> None:
    flat = plan_from_data({"steps": [{"id": "a", "tool": "t"}, {"id": "b", "tool": "t", "params": {"x": "{{a}}"}}]})
    assert PlanGraph.of(flat).flat
    handled = plan_from_data(
        {"steps": [{"id": "a", "tool": "t", "on_error": {"id": "h", "tool": "t", "params": {"e": "{{a.error}}"}}}]}
    )
    graph = PlanGraph.of(handled)
    assert not graph.flat
    assert graph.parent == {"a": None, "h": "a"}
    assert graph.containment_cycles == []
