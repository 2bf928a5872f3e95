"""JSON views of plans, executions, schedules and the plan graph the web UI draws.

The graph layout is computed here, in linear time, so the browser only places boxes: a node's column is
the longest chain of edges (and containments) leading to it; its row is its place within the column.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..lint import Diagnostic, ValidationResult
from ..plan import (
    ActionNode,
    DeadLetterEntry,
    Execution,
    Plan,
    PlanGraph,
    PlanTemplate,
    Schedule,
    StepStatus,
    plan_to_data,
)
from ..schedule import FirePreview


def verdict(result: ValidationResult) -> dict[str, Any]:
    """The lint verdict in brief: status, risk, and how many errors and warnings."""
    return {
        "status": result.status.value,
        "risk_score": result.risk_score,
        "errors": len(result.errors),
        "warnings": len(result.warnings),
    }


def plan_summary(plan: Plan, result: ValidationResult) -> dict[str, Any]:
    """A row of the plans list."""
    return {
        "id": plan.id,
        "name": plan.name,
        "goal": plan.goal,
        "owner": plan.owner,
        "status": plan.status.value,
        "steps": len(plan.steps),
        "trigger": plan.trigger.type if plan.trigger is not None else None,
        "lint": verdict(result),
    }


def plan_detail(plan: Plan, result: ValidationResult) -> dict[str, Any]:
    """A plan page: the summary, the document, the full lint report and the laid-out graph."""
    return {
        **plan_summary(plan, result),
        "plan": plan_to_data(plan),
        "report": result.to_dict(),
        "graph": graph_view(plan, result.diagnostics),
    }


def graph_view(plan: Plan, diagnostics: list[Diagnostic]) -> dict[str, Any]:
    """Nodes (with their findings, column and row) and edges of the plan's graph."""
    graph = PlanGraph.of(plan)
    findings: dict[str, list[dict[str, Any]]] = {}
    for diagnostic in diagnostics:
        if diagnostic.node_id is not None and not diagnostic.suppressed:
            findings.setdefault(diagnostic.node_id, []).append(
                {"code": diagnostic.code, "severity": diagnostic.severity.value, "message": diagnostic.message}
            )
    links: list[tuple[str, str, str]] = [(edge.source, edge.target, edge.kind) for edge in graph.edges]
    links += [(parent, child, "contains") for child, parent in graph.parent.items() if parent is not None]
    column = _columns(list(graph.nodes), [(source, target) for source, target, _ in links])
    rows: dict[int, int] = {}
    nodes = []
    for node_id, node in graph.nodes.items():
        col = column[node_id]
        rows[col] = rows.get(col, -1) + 1
        nodes.append(
            {
                "id": node_id,
                "label": node.label,
                "type": node.type,
                "tool": node.tool if isinstance(node, ActionNode) else None,
                "confirm": isinstance(node, ActionNode) and node.require_confirmation,
                "column": col,
                "row": rows[col],
                "findings": findings.get(node_id, []),
            }
        )
    edges = [{"source": source, "target": target, "kind": kind} for source, target, kind in links]
    return {"nodes": nodes, "edges": edges, "plan_findings": _plan_findings(diagnostics)}


def _plan_findings(diagnostics: list[Diagnostic]) -> list[dict[str, Any]]:
    return [
        {"code": d.code, "severity": d.severity.value, "message": d.message}
        for d in diagnostics
        if d.node_id is None and not d.suppressed
    ]


def _columns(node_ids: list[str], links: list[tuple[str, str]]) -> dict[str, int]:
    """Longest-path layering (Kahn's order); nodes on a cycle keep the column they had reached."""
    incoming = dict.fromkeys(node_ids, 0)
    outgoing: dict[str, list[str]] = {node_id: [] for node_id in node_ids}
    for source, target in links:
        if source in outgoing and target in incoming:
            outgoing[source].append(target)
            incoming[target] += 1
    column = dict.fromkeys(node_ids, 0)
    ready = deque(node_id for node_id, count in incoming.items() if count == 0)
    while ready:
        node_id = ready.popleft()
        for target in outgoing[node_id]:
            column[target] = max(column[target], column[node_id] + 1)
            incoming[target] -= 1
            if incoming[target] == 0:
                ready.append(target)
    return column


def execution_view(execution: Execution) -> dict[str, Any]:
    """An execution with its step records, and the steps waiting for an approval."""
    data = execution.model_dump(mode="json")
    data["awaiting"] = [
        {"step_id": record.step_id, "iteration": record.iteration}
        for record in execution.steps
        if record.status is StepStatus.AWAITING_CONFIRMATION
    ]
    return data


def execution_summary(execution: Execution) -> dict[str, Any]:
    """A row of the executions list (no step records)."""
    return execution.model_dump(mode="json", exclude={"steps"})


def schedule_view(schedule: Schedule, upcoming: list[FirePreview]) -> dict[str, Any]:
    """A schedule and its next fire times (UTC and the trigger's local time)."""
    data = schedule.model_dump(mode="json")
    data["next_fires"] = [{"at": p.at.isoformat(), "local": p.local.isoformat()} for p in upcoming]
    return data


def template_view(template: PlanTemplate) -> dict[str, Any]:
    """A template: name, description, parameters (the plan itself too)."""
    return template.model_dump(mode="json")


def dead_letter_view(entry: DeadLetterEntry) -> dict[str, Any]:
    """A dead letter."""
    return entry.model_dump(mode="json")
