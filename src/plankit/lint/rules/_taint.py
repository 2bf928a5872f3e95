"""Data-flow taint: a sensitive value reaching a sink through references, across any number of steps.

The flow graph has one edge per reference (the referenced node flows into the node holding the reference)
and one edge from each node to its parent (a composite's output carries its children's). Taint spreads from
the sources by one breadth-first walk, so each node is visited once and each edge followed once:
O(steps + references), whatever the depth of the chain, with no recursion. Cycles need no special care
(a node is tainted at most once), and the walk records, for every tainted node, the node it came from, so
the chain from a source to each sink is read back in constant work per shown entry.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from ...plan import RESERVED_ROOTS, ActionNode, LlmNode, NodeBase, Reference
from ...tools import tool_matches
from .._context import LintContext
from .._detect import ToolRoles, is_sensitive_name
from .._findings import Finding, Severity
from .._registry import rule

CHAIN_HEAD = 4
"""Chain entries shown from the source end of a long chain (the source included)."""
CHAIN_TAIL = 4
"""Chain entries shown before the sink at the end of a long chain."""

_SOURCE_ROOTS = frozenset(("context", "env"))
_PATH_SEGMENT = re.compile(r"[.\[\]]")


@dataclass(frozen=True, slots=True)
class _Taint:
    came_from: str | None
    """The tainted node this taint flowed from; None when the node reads a source itself."""
    head: tuple[str, ...]
    """The first entries of the chain (at most ``CHAIN_HEAD``), starting with the source."""
    length: int
    """Entries in the whole chain, the source included."""


class _Flow:
    """The taint of every node of one plan."""

    def __init__(self, ctx: LintContext, roles: ToolRoles):
        self.graph = ctx.graph
        context_keys = [key for key in ctx.plan.context if is_sensitive_name(str(key))]
        self.whole_context = f"context.{context_keys[0]}" if context_keys else None
        self.roles = roles
        self._env_allow = ctx.policy.env_allow
        self._env_verdicts: dict[str, bool] = {}
        self.tainted: dict[str, _Taint] = {}

    def run(self) -> _Flow:
        """Taint every node that reads a source, directly or through other nodes."""
        self._spread(self._seed())
        return self

    def has_sources(self, ctx: LintContext) -> bool:
        """True when some node reads a source (without it, nothing can be tainted)."""
        if any(self.roles.is_sensitive_source(tool) for tool in ctx.tools_used):
            return True
        if not _SOURCE_ROOTS & self.graph.reserved_roots:
            return False  # no reference to the context or the environment: none reads a source directly
        return any(
            ref[0] in RESERVED_ROOTS and self.source_of(ref) is not None
            for refs in self.graph.references.values()
            for ref in refs
        )

    def source_of(self, ref: Reference) -> str | None:
        """The source a reference reads directly (``context.api_key``, ``env.TOKEN``), or None."""
        if ref.root == "env":
            return self._env_source(ref.path)
        if ref.root != "context":
            return None
        if not ref.path:
            return self.whole_context
        segments = _PATH_SEGMENT.split(ref.path)
        return f"context.{ref.path}" if any(is_sensitive_name(part) for part in segments if part) else None

    def _env_source(self, key: str) -> str | None:
        # A key the policy lets plans read, with a name that holds nothing secret (PUBLIC_API_URL), is
        # configuration; any other key (unlisted, or API_TOKEN even when listed) may be a credential.
        known = self._env_verdicts.get(key)
        if known is None:
            listed = bool(key) and tool_matches(key, self._env_allow)
            known = self._env_verdicts[key] = not listed or is_sensitive_name(key)
        if not known:
            return None
        return f"env.{key}" if key else "env"

    def _seed(self) -> deque[str]:
        """Taint the nodes that read a source, in document order; build the flow edges on the way."""
        self.readers: dict[str, list[str]] = {}
        queue: deque[str] = deque()
        graph = self.graph
        for node_id, node in graph.nodes.items():
            source = node_id if self._is_source_tool(node) else None
            for ref in graph.references[node_id]:
                label = self.source_of(ref)
                if label is not None:
                    source = source or label
                elif ref.root in graph.nodes:
                    self.readers.setdefault(ref.root, []).append(node_id)
            parent = graph.parent[node_id]
            if parent is not None:
                self.readers.setdefault(node_id, []).append(parent)
            if source is not None:
                head = (node_id,) if source == node_id else (source, node_id)
                self.tainted[node_id] = _Taint(None, head, len(head))
                queue.append(node_id)
        return queue

    def _is_source_tool(self, node: NodeBase) -> bool:
        return isinstance(node, ActionNode) and self.roles.is_sensitive_source(node.tool)

    def _spread(self, queue: deque[str]) -> None:
        tainted, readers = self.tainted, self.readers
        while queue:
            current = queue.popleft()
            taint = tainted[current]
            for reader in readers.get(current, ()):
                if reader not in tainted:
                    head = taint.head if len(taint.head) >= CHAIN_HEAD else (*taint.head, reader)
                    tainted[reader] = _Taint(current, head, taint.length + 1)
                    queue.append(reader)

    def chain(self, node_id: str) -> list[str]:
        """The chain from a source to ``node_id``, with the middle of a long one elided."""
        taint = self.tainted[node_id]
        if taint.length <= CHAIN_HEAD + CHAIN_TAIL:
            return self._walk_back(node_id, taint.length)
        tail = self._walk_back(node_id, CHAIN_TAIL)
        skipped = taint.length - CHAIN_HEAD - CHAIN_TAIL
        return [*taint.head, f"… {skipped} more …", *tail]

    def _walk_back(self, node_id: str, count: int) -> list[str]:
        """The last ``count`` entries of the chain ending at ``node_id``."""
        entries: list[str] = []
        current: str | None = node_id
        while current is not None and len(entries) < count:
            entries.append(current)
            taint = self.tainted[current]
            if taint.came_from is None and taint.head[0] != current and len(entries) < count:
                entries.append(taint.head[0])  # the source this node read directly
            current = taint.came_from
        return list(reversed(entries))


def _sinks(ctx: LintContext, roles: ToolRoles) -> Iterator[tuple[NodeBase, str, str]]:
    """Every node that sends data out, with its sink tool and how to name it in a message."""
    for visit in ctx.visits:
        node = visit.node
        if isinstance(node, ActionNode) and roles.is_sink(node.tool):
            yield node, node.tool, f"sink tool {node.tool!r}"
        elif isinstance(node, LlmNode):
            tool = next((tool for tool in node.tools if roles.is_sink(tool)), None)
            if tool is not None:
                yield node, tool, f"an llm step that may call sink tool {tool!r}"


@rule(
    "DATA_EXFILTRATION",
    "sensitive-data-to-sink",
    severity=Severity.ERROR,
    summary="A sensitive value reaches a sink (email, HTTP, files) through references.",
)
def sensitive_data_to_sink(ctx: LintContext) -> Iterator[Finding]:
    """What it does: follows data through references, across any number of steps and through composite
    nodes. Sources are secret-looking ``context`` keys (``api_key``, ``password``, ``token``, ``secret``,
    ``ssn``, ``card_number``...), ``env`` references (all but the keys ``env_allow`` lists whose names hold
    nothing secret, such as ``PUBLIC_API_URL``), and the output of tools matching
    ``policy.sensitive_sources`` or whose spec says ``sensitive_source``. A node whose params, prompt or
    conditions reference a tainted value is tainted (its output carries it), and so is a composite node
    holding a tainted node. A sink is an action whose tool matches ``policy.sinks`` (default ``notify.*``,
    ``http.*``, ``email.*``, ``file.write*``) or whose spec says ``sink``, or an ``llm`` step offered such a
    tool; one that references a tainted value is reported, with the chain from the source
    (``context.api_key -> s2 -> s5``).

    Why is this bad: a plan built by a model from untrusted text can be steered into mailing credentials or
    customer records out of the system; the leak is usually several innocent-looking steps long.

    Example:
        {"context": {"api_key": "..."},
         "steps": [{"id": "s1", "tool": "text.format", "args": {"text": "key={{context.api_key}}"}},
                   {"id": "s2", "tool": "notify.email", "args": {"to": "ops@example.com", "body": "{{s1.result}}"}}]}

    Use instead: keep credentials inside the tools that use them, and send only what the recipient needs,
    from steps that never saw the secret (taint covers a step's whole output). When a flow is intended,
    suppress the finding on the sink step (``metadata.lint_ignore``) with the reason.
        {"steps": [{"id": "s1", "tool": "billing.charge", "args": {"key": "{{context.api_key}}"}},
                   {"id": "s2", "tool": "notify.email", "depends_on": ["s1"],
                    "args": {"to": "ops@example.com", "body": "The charge ran."}}]}
    """
    roles = ToolRoles(ctx)
    flow = _Flow(ctx, roles)
    if not flow.has_sources(ctx):
        return  # nothing is sensitive, so nothing can leak
    sinks = list(_sinks(ctx, roles))
    if not sinks:
        return
    flow.run()
    hint = "send only what the recipient needs (redacted or derived values); keep secrets inside the tools"
    for node, _tool, described in sinks:
        for ref in ctx.graph.references[node.id]:
            label = flow.source_of(ref)
            if label is not None:
                chain = [label, node.id]
            elif ref.root in flow.tainted:
                chain = [*flow.chain(ref.root), node.id]
            else:
                continue
            message = f"sensitive data reaches {described}: {' -> '.join(chain)}"
            yield Finding(message, node_id=node.id, path=ref.location, hint=hint)
            break
