"""Render a plan as a Mermaid flowchart: DAG edges between siblings, composite nodes as subgraphs.

Shapes: actions are boxes (``id`` and tool), LLM steps rounded, waits hexagons, the condition of an ``if``
a rhombus with ``then``/``else`` arrows. Explicit ``depends_on`` and sequence order are solid arrows;
dependencies implied by references are dotted, labelled ``ref``. An ``on_error`` handler hangs off its
action with a dotted ``on error`` arrow.
"""

from __future__ import annotations

from ..plan import (
    ActionNode,
    IfNode,
    LlmNode,
    LoopNode,
    NodeBase,
    ParallelNode,
    Plan,
    PlanGraph,
    SequenceNode,
    WaitNode,
)
from ._text import condition_text

_COMPOSITES = (SequenceNode, ParallelNode, IfNode, LoopNode)


def _escape(text: str) -> str:
    """Mermaid labels are quoted; quotes and angle brackets must be entities."""
    return (
        text.replace("&", "#amp;")
        .replace('"', "#quot;")
        .replace("<", "#lt;")
        .replace(">", "#gt;")
        .replace("\n", " ")
    )


class _Renderer:
    def __init__(self, plan: Plan, direction: str):
        self.plan = plan
        self.graph = PlanGraph.of(plan)
        self.direction = direction
        # Mermaid ids must be simple; plan ids may hold '-', which Mermaid reads as part of an arrow.
        self.ids = {node_id: f"n{index}" for index, node_id in enumerate(self.graph.nodes)}
        self.lines: list[str] = []

    def render(self) -> str:
        self.lines.append(f"flowchart {self.direction}")
        if self.plan.goal or self.plan.name:
            self.lines.append(f"  %% {(self.plan.name or self.plan.goal or '').replace(chr(10), ' ')}")
        self._nodes()
        self._edges()
        return "\n".join(self.lines) + "\n"

    def _nodes(self) -> None:
        # Iterative: (node id, indent level, closing?) — a closing entry writes a subgraph's "end".
        stack: list[tuple[str, int, bool]] = [
            (node_id, 1, False) for node_id in reversed(self.graph.children[None])
        ]
        while stack:
            node_id, level, closing = stack.pop()
            pad = "  " * level
            if closing:
                self.lines.append(f"{pad}end")
                continue
            node = self.graph.nodes[node_id]
            if isinstance(node, _COMPOSITES):
                self.lines.append(f'{pad}subgraph {self.ids[node_id]}["{_escape(self._title(node))}"]')
                if isinstance(node, IfNode):
                    self.lines.append(
                        f'{pad}  {self.ids[node_id]}_cond{{"{_escape(condition_text(node.condition))}"}}'
                    )
                stack.append((node_id, level, True))
                stack.extend((child, level + 1, False) for child in reversed(self.graph.children[node_id]))
            else:
                self.lines.append(f"{pad}{self.ids[node_id]}{self._shape(node)}")
                stack.extend((child, level, False) for child in reversed(self.graph.children[node_id]))

    def _title(self, node: NodeBase) -> str:
        label = f": {node.label}" if node.label else ""
        if isinstance(node, LoopNode):
            until = f" until {condition_text(node.exit_when)}" if node.exit_when is not None else ""
            return f"{node.id} (loop ×{node.max_iterations}{until}){label}"
        if isinstance(node, ParallelNode):
            return f"{node.id} (parallel){label}"
        return f"{node.id} ({node.type}){label}"

    def _shape(self, node: NodeBase) -> str:
        label = f"<br/>{_escape(node.label)}" if node.label else ""
        if isinstance(node, ActionNode):
            confirm = " ✋" if node.require_confirmation else ""
            return f'["{_escape(node.id)}{confirm}<br/><i>{_escape(node.tool)}</i>{label}"]'
        if isinstance(node, LlmNode):
            return f'("{_escape(node.id)}<br/><i>llm</i>{label}")'
        if isinstance(node, WaitNode):
            return f'{{{{"{_escape(node.id)}<br/>{_escape(self._wait_text(node))}{label}"}}}}'
        return f'["{_escape(node.id)}{label}"]'

    @staticmethod
    def _wait_text(node: WaitNode) -> str:
        if node.duration_ms is not None:
            return f"wait {node.duration_ms} ms"
        if node.until_time is not None:
            return f"wait until {node.until_time.isoformat()}"
        return f"wait until {condition_text(node.until)}"

    def _edges(self) -> None:
        drawn: set[tuple[str, str]] = set()
        for edge in self.graph.edges:
            key = (edge.source, edge.target)
            if key in drawn:
                continue
            drawn.add(key)
            arrow = "-.->|ref|" if edge.kind == "reference" else "-->"
            self.lines.append(f"  {self.ids[edge.source]} {arrow} {self.ids[edge.target]}")
        for node_id, node in self.graph.nodes.items():
            if isinstance(node, IfNode):
                cond = f"{self.ids[node_id]}_cond"
                self.lines.append(f"  {cond} -->|then| {self.ids[node.then.id]}")
                if node.else_ is not None:
                    self.lines.append(f"  {cond} -->|else| {self.ids[node.else_.id]}")
            elif isinstance(node, ActionNode) and node.on_error is not None:
                self.lines.append(f"  {self.ids[node_id]} -.->|on error| {self.ids[node.on_error.id]}")
        for cycle in self.graph.containment_cycles:
            if len(cycle.path) == 2:
                needer, needed = cycle.path
                self.lines.append(f"  {self.ids[needed]} -.->|ref| {self.ids[needer]}")


def render_mermaid(plan: Plan, *, direction: str = "TD") -> str:
    """The plan as Mermaid flowchart source (``TD`` top-down or ``LR`` left-right)."""
    if direction not in ("TD", "LR", "TB", "BT", "RL"):
        raise ValueError(f"unknown direction {direction!r}; use TD or LR")
    return _Renderer(plan, direction).render()
