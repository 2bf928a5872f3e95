"""Plan nodes: the units of work (``action``, ``llm``) and the control flow around them.

Every node has an ``id`` and the common fields of :class:`NodeBase`; composite nodes hold other nodes.
Failure policies are tagged by ``strategy`` and apply to every node type, composites included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Self

from pydantic import ConfigDict, Field, ValidatorFunctionWrapHandler, field_validator, model_validator

from ._base import TaggedModel, UtcDatetime
from ._values import Condition

NODE_ID_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9_\-]*$"
"""Node ids: letters, digits, ``_`` and ``-`` (no dots, so ``{{id.path}}`` stays unambiguous)."""

MAX_ITERATIONS_LIMIT = 1_000_000
"""The hard ceiling on ``loop.max_iterations``; a policy may set a lower one."""

MAX_RETRY_ATTEMPTS = 100
"""The hard ceiling on ``retry.max_attempts``."""

NodeId = Annotated[str, Field(min_length=1, max_length=128, pattern=NODE_ID_PATTERN)]


class AbortPolicy(TaggedModel):
    """On failure, fail the enclosing plan (the default)."""

    # Frozen (the docstring above is the JSON schema's description, so the why is here): it has nothing to
    # change, and every node given {"strategy": "abort"} or on_fail: abort holds the one ABORT, not a copy.
    model_config = ConfigDict(frozen=True)
    tag_field: ClassVar[str] = "strategy"
    strategy: Literal["abort"] = "abort"


class SkipPolicy(TaggedModel):
    """On failure, mark the node skipped and carry on; dependants see no output."""

    tag_field: ClassVar[str] = "strategy"
    strategy: Literal["skip"] = "skip"
    reason: str | None = None


class RetryPolicy(TaggedModel):
    """On failure, try again with exponential backoff.

    Defaults: 3 attempts in all, 1 s first delay, doubling, capped at 60 s. The schedule is
    :meth:`delay_ms_before`, a pure function of the attempt number (jitter is the executor's business).
    """

    tag_field: ClassVar[str] = "strategy"
    strategy: Literal["retry"] = "retry"
    max_attempts: int = Field(3, ge=1, le=MAX_RETRY_ATTEMPTS)
    delay_ms: int = Field(1_000, ge=0)
    backoff_multiplier: float = Field(2.0, ge=1.0, le=100.0)
    max_delay_ms: int | None = Field(60_000, ge=0)

    def delay_ms_before(self, attempt: int) -> int:
        """The delay before ``attempt`` (2 is the first retry); 0 before the first attempt."""
        if attempt <= 1:
            return 0
        delay = self.delay_ms * self.backoff_multiplier ** (attempt - 2)
        if self.max_delay_ms is not None:
            delay = min(delay, self.max_delay_ms)
        return int(delay)


FailurePolicy = Annotated[AbortPolicy | SkipPolicy | RetryPolicy, Field(discriminator="strategy")]
"""What to do when a node fails."""


ABORT = AbortPolicy(strategy="abort")
"""The abort policy every node given ``{"strategy": "abort"}`` holds (a 100k-step plan saved 45 MiB)."""
_ABORT_DATA = {"strategy": "abort"}


class NodeBase(TaggedModel):
    """Fields every node has."""

    if TYPE_CHECKING:
        type: str  # each node class narrows it to its own Literal tag

    id: NodeId
    label: str | None = None
    depends_on: list[NodeId] = Field(default_factory=list)
    on_failure: FailurePolicy | None = None
    timeout_ms: int | None = Field(None, ge=1)
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("on_failure", mode="wrap")
    @classmethod
    def _shared_abort(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        # The shared ABORT is returned as it is: validating it again as a union member would cost more
        # (an ABC instance check in Python) than the whole rest of the field.
        return ABORT if value == _ABORT_DATA else handler(value)

    def child_slots(self) -> list[tuple[str, Node]]:
        """The nodes this node holds, each with its JSON path suffix (``steps[0]``, ``then``, ...)."""
        return []


class ActionNode(NodeBase):
    """Call a tool with parameters: the atomic unit of work."""

    type: Literal["action"] = "action"
    tool: str = Field(min_length=1, max_length=200)
    params: dict[str, Any] = Field(default_factory=dict)
    require_confirmation: bool = False
    on_error: Node | None = None

    def child_slots(self) -> list[tuple[str, Node]]:
        return [("on_error", self.on_error)] if self.on_error is not None else []


class LlmNode(NodeBase):
    """Send a prompt to a model, optionally with tools and an expected output schema."""

    type: Literal["llm"] = "llm"
    prompt: str = Field(min_length=1)
    tools: list[str] = Field(default_factory=list)
    output_schema: dict[str, Any] | None = None
    model: str | None = None
    expected_outcome: str | None = None


class SequenceNode(NodeBase):
    """Run children in order; each sees the outputs of those before it."""

    type: Literal["sequence"] = "sequence"
    steps: list[Node] = Field(default_factory=list)

    def child_slots(self) -> list[tuple[str, Node]]:
        return [(f"steps[{index}]", step) for index, step in enumerate(self.steps)]


class ParallelNode(NodeBase):
    """Run children concurrently (their own ``depends_on`` still order them)."""

    type: Literal["parallel"] = "parallel"
    steps: list[Node] = Field(default_factory=list)
    allow_partial_failure: bool = False
    max_concurrency: int | None = Field(None, ge=1)

    def child_slots(self) -> list[tuple[str, Node]]:
        return [(f"steps[{index}]", step) for index, step in enumerate(self.steps)]


class IfNode(NodeBase):
    """Run ``then`` when the condition holds, ``else`` otherwise."""

    type: Literal["if"] = "if"
    condition: Condition
    then: Node
    else_: Node | None = Field(None, alias="else")

    def child_slots(self) -> list[tuple[str, Node]]:
        slots: list[tuple[str, Node]] = [("then", self.then)]
        if self.else_ is not None:
            slots.append(("else", self.else_))
        return slots


class WaitNode(NodeBase):
    """Pause until a condition holds, for a duration, or until a time: exactly one of the three."""

    type: Literal["wait"] = "wait"
    until: Condition | None = None
    duration_ms: int | None = Field(None, ge=0)
    until_time: UtcDatetime | None = None
    poll_interval_ms: int = Field(60_000, ge=1)
    max_wait_ms: int = Field(86_400_000, ge=1)

    @model_validator(mode="after")
    def _exactly_one_target(self) -> Self:
        given = [name for name in ("until", "duration_ms", "until_time") if getattr(self, name) is not None]
        if len(given) != 1:
            found = ", ".join(given) if given else "none"
            raise ValueError(f"a wait needs exactly one of until, duration_ms, until_time (found: {found})")
        return self


class LoopNode(NodeBase):
    """Repeat ``body`` up to ``max_iterations`` times; ``exit_when`` is checked after each iteration."""

    type: Literal["loop"] = "loop"
    body: Node
    exit_when: Condition | None = None
    max_iterations: int = Field(ge=1, le=MAX_ITERATIONS_LIMIT)
    delay_ms: int = Field(0, ge=0)

    def child_slots(self) -> list[tuple[str, Node]]:
        return [("body", self.body)]


Node = Annotated[
    ActionNode | LlmNode | SequenceNode | ParallelNode | IfNode | WaitNode | LoopNode,
    Field(discriminator="type"),
]
"""Any plan node, discriminated by ``type``."""

NODE_TYPES: dict[str, type[NodeBase]] = {
    "action": ActionNode,
    "llm": LlmNode,
    "sequence": SequenceNode,
    "parallel": ParallelNode,
    "if": IfNode,
    "wait": WaitNode,
    "loop": LoopNode,
}
"""Node classes by their ``type`` tag."""

for _model in NODE_TYPES.values():
    _model.model_rebuild()
