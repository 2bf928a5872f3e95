"""Commands on plan documents: ``schema``, ``fmt``, ``render``, ``graph``."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Any

import typer

from ..plan import PlanGraph, dump_plan, plan_json_schema
from ..render import render_mermaid
from ._common import TextOrJson, load_or_exit, print_json

PLAN_ARGUMENT = typer.Argument(..., help="Plan file (JSON or YAML, any supported shape), or - for stdin.")


class Shape(str, Enum):
    """``--shape`` of ``plankit fmt``."""

    FLAT = "flat"
    TREE = "tree"


def schema() -> None:
    """Print the JSON Schema of the canonical plan format."""
    print_json(plan_json_schema())


def fmt(
    plan_file: str = PLAN_ARGUMENT,
    shape: Shape = typer.Option(
        Shape.FLAT, "--shape", help="flat: canonical step DAG; tree: camelCase with root."
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here instead of stdout."),
) -> None:
    """Print a plan in canonical JSON (any accepted shape in, one canonical form out)."""
    text = dump_plan(load_or_exit(plan_file), shape=shape.value)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")


def render(
    plan_file: str = PLAN_ARGUMENT,
    direction: str = typer.Option("TD", "--direction", help="TD (top-down) or LR (left-right)."),
) -> None:
    """Print a plan as a Mermaid flowchart (paste into any Mermaid viewer)."""
    if direction not in ("TD", "LR"):
        raise typer.BadParameter("use TD or LR", param_hint="--direction")
    sys.stdout.write(render_mermaid(load_or_exit(plan_file), direction=direction))


def graph(
    plan_file: str = PLAN_ARGUMENT,
    output_format: TextOrJson = typer.Option(TextOrJson.TEXT, "--format", "-f", help="text or json."),
) -> None:
    """Print the dependency analysis of a plan: order, cycles, critical path, dangling references.

    Exits 1 when the plan has a cycle or a dependency on a step that does not exist.
    """
    plan_graph = PlanGraph.of(load_or_exit(plan_file))
    report = _graph_report(plan_graph)
    if output_format is TextOrJson.JSON:
        print_json(report)
    else:
        _print_graph_text(report)
    if report["cycles"] or report["dangling"]:
        raise typer.Exit(1)


def _graph_report(plan_graph: PlanGraph) -> dict[str, Any]:
    critical = plan_graph.critical_path()
    return {
        "steps": len(plan_graph.nodes),
        "order": plan_graph.top_level_order(),
        "full_order": plan_graph.topological_order(),
        "cycles": [{"path": list(cycle.path), "kind": cycle.kind} for cycle in plan_graph.cycles()],
        "critical_path": None
        if critical is None
        else {
            "steps": list(critical.steps),
            "length": critical.length,
            "unit": critical.unit,
        },
        "dangling": [
            {"step": item.node_id, "missing": item.missing, "path": item.location, "via": item.kind}
            for item in plan_graph.dangling
        ],
    }


def _print_graph_text(report: dict[str, Any]) -> None:
    lines = [f"steps: {report['steps']}", "order: " + " -> ".join(report["order"])]
    for cycle in report["cycles"]:
        path = cycle["path"]
        lines.append(f"cycle ({cycle['kind']}): " + " -> ".join([*path, path[0]]))
    critical = report["critical_path"]
    if critical is not None:
        unit = "step" if critical["unit"] == "steps" and critical["length"] == 1 else critical["unit"]
        length = f"{critical['length']:g} {unit}"
        lines.append(f"critical path ({length}): " + " -> ".join(critical["steps"]))
    for item in report["dangling"]:
        lines.append(f"missing step {item['missing']!r} named by {item['step']} at {item['path']}")
    sys.stdout.write("\n".join(lines) + "\n")


def register(app: typer.Typer) -> None:
    """Add the plan-document commands to the application."""
    app.command("schema")(schema)
    app.command("fmt")(fmt)
    app.command("render")(render)
    app.command("graph")(graph)
