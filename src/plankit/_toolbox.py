"""The runtime side of tools: a Python function bound to a tool name, its parameter schema and context.

:func:`plankit.tool` and :meth:`plankit.tools.ToolRegistry.tool` build a :class:`Tool` from a function:

* the parameter schema comes from the type hints (a pydantic ``TypeAdapter`` over a ``TypedDict`` built from
  the signature), so a call with wrong params raises :class:`~plankit.errors.UserError` before the function
  runs; parameters without a default are required, a ``**kwargs`` parameter accepts any other key;
* a parameter annotated :class:`ToolContext` (or named ``ctx`` without an annotation) receives the context
  of the call: execution id, step id, attempt, the idempotency key and the deadline;
* ``async def`` tools run on the event loop; plain functions run in the executor's thread pool.

This module sits in layer L1 beside :mod:`plankit.tools`; it imports only L0.
"""

from __future__ import annotations

import inspect
import threading
import types
import typing
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, NotRequired, cast

from pydantic import ConfigDict, TypeAdapter, ValidationError
from typing_extensions import TypedDict

from ._utils import utcnow, validator_message
from .errors import UserError

ToolFunction = Callable[..., Any]
"""A tool implementation: a sync or async function taking keyword parameters."""


class ToolContext:
    """What a tool knows about the call it is serving.

    ``idempotency_key`` is the same on every retry of the step and when a crashed execution is resumed
    (it is derived from the execution id, the step id and the loop iteration): use it to make side effects
    happen once. ``deadline`` is when the attempt times out (None without ``timeout_ms``). ``cancelled`` is
    set when the attempt is cancelled or times out: a sync tool, whose thread can't be interrupted, can poll
    it to stop early.
    """

    __slots__ = (
        "_cancelled",
        "_now",
        "_sleep",
        "attempt",
        "deadline",
        "execution_id",
        "idempotency_key",
        "iteration",
        "step_id",
    )

    def __init__(
        self,
        execution_id: str,
        step_id: str,
        attempt: int = 1,
        idempotency_key: str = "",
        deadline: datetime | None = None,
        iteration: int | None = None,
        *,
        now: Callable[[], datetime] = utcnow,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ):
        self.execution_id = execution_id
        self.step_id = step_id
        self.attempt = attempt
        self.idempotency_key = idempotency_key
        self.deadline = deadline
        self.iteration = iteration
        self._now = now
        self._sleep = sleep
        self._cancelled: threading.Event | None = None

    @property
    def cancelled(self) -> threading.Event:
        """Set once the attempt is cancelled or timed out."""
        if self._cancelled is None:  # created on first use: most tools never look
            self._cancelled = threading.Event()
        return self._cancelled

    def now(self) -> datetime:
        """The executor's clock (a fake one in tests)."""
        return self._now()

    async def sleep(self, seconds: float) -> None:
        """Sleep on the executor's clock (virtual time under :class:`plankit.testing.FakeClock`)."""
        if self._sleep is None:  # asyncio.sleep, imported here: importing plankit.tools (lint) never loads asyncio
            import asyncio

            self._sleep = asyncio.sleep
        await self._sleep(seconds)

    def __repr__(self) -> str:
        return (
            f"ToolContext(execution_id={self.execution_id!r}, step_id={self.step_id!r}, attempt={self.attempt}, "
            f"idempotency_key={self.idempotency_key!r})"
        )


class Tool:
    """A function bound to a tool name, with the schema of its parameters."""

    def __init__(self, name: str, function: ToolFunction, *, description: str | None = None):
        self.name = name
        self.function = function
        self.is_async = inspect.iscoroutinefunction(function)
        self.description = description if description is not None else _first_paragraph(function)
        self._context_param, fields, accepts_extra = _signature_fields(name, function)
        params = TypedDict(f"{name}_params", fields)  # type: ignore[misc]  # built from the signature
        params.__pydantic_config__ = ConfigDict(extra="allow" if accepts_extra else "forbid")  # type: ignore[attr-defined]
        # The TypedDict is built at run time, so its static type says nothing: validate to a plain dict.
        self._adapter: TypeAdapter[dict[str, Any]] = TypeAdapter(cast(Any, params))
        self._validate = self._adapter.validator.validate_python  # the core validator: once per step, hot
        self.params_schema: dict[str, Any] = self._adapter.json_schema()
        self.params_schema.pop("title", None)

    def bind(self, params: dict[str, Any], ctx: ToolContext | None) -> dict[str, Any]:
        """Validate ``params`` and return the keyword arguments of the call (the context included).

        Raises :class:`UserError` naming every problem when the params don't fit the signature.
        """
        try:
            kwargs: dict[str, Any] = self._validate(params)
        except ValidationError as exc:
            raise UserError(f"invalid params for tool {self.name!r}: {_problems(exc)}") from None
        if self._context_param is not None:
            if self._context_param in kwargs:  # only reachable with **kwargs: the context can't be a param
                raise UserError(f"invalid params for tool {self.name!r}: {self._context_param}: unknown parameter")
            kwargs[self._context_param] = ctx
        return kwargs

    def __repr__(self) -> str:
        kind = "async" if self.is_async else "sync"
        return f"Tool({self.name!r}, {kind} {getattr(self.function, '__qualname__', self.function)!r})"


def _first_paragraph(function: ToolFunction) -> str:
    doc = inspect.getdoc(function) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip()


def _signature_fields(name: str, function: ToolFunction) -> tuple[str | None, dict[str, Any], bool]:
    """The context parameter's name, the TypedDict fields and whether extra keys are accepted."""
    hints = _hints(function)
    context_param: str | None = None
    fields: dict[str, Any] = {}
    accepts_extra = False
    for param in inspect.signature(function).parameters.values():
        annotation = hints.get(param.name, Any)
        unnamed_ctx = param.name == "ctx" and param.annotation is inspect.Parameter.empty
        if _unannotated(annotation) is ToolContext or unnamed_ctx:
            context_param = param.name
        elif param.kind is inspect.Parameter.VAR_KEYWORD:
            accepts_extra = True
        elif param.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.VAR_POSITIONAL):
            raise TypeError(
                f"tool {name!r}: parameter {param.name!r} can't be passed by name; tools take keyword parameters"
            )
        elif param.default is inspect.Parameter.empty:
            fields[param.name] = annotation
        else:
            fields[param.name] = NotRequired[annotation]
    return context_param, fields, accepts_extra


def _unannotated(annotation: Any) -> Any:
    """``ToolContext`` for ``Annotated[ToolContext, ...]``: the hints keep their extras (for the checks), and
    a context parameter may carry a note of its own."""
    return annotation.__origin__ if typing.get_origin(annotation) is typing.Annotated else annotation


def _hints(function: ToolFunction) -> dict[str, Any]:
    """The function's resolved type hints, constraints included (``Annotated[float, Field(gt=0)]``, an
    ``AfterValidator``: the tool author's own checks). A hint that can't be resolved here (a name imported only
    under ``TYPE_CHECKING``, a local class) makes that one parameter ``Any``; the others keep their checks."""
    try:
        return typing.get_type_hints(function, include_extras=True)
    except Exception:
        pass
    target = inspect.unwrap(function)
    namespace = getattr(target, "__globals__", {})
    hints: dict[str, Any] = {}
    for name, annotation in getattr(target, "__annotations__", {}).items():
        holder = types.SimpleNamespace(__annotations__={name: annotation})
        try:
            hints[name] = typing.get_type_hints(holder, globalns=namespace, include_extras=True)[name]
        except Exception:
            continue  # this parameter alone goes unchecked
    return hints


def _problems(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(item) for item in error["loc"]) or "params"
        if error["type"] == "missing":
            parts.append(f"{where}: required, missing")
        elif error["type"] == "extra_forbidden":
            parts.append(f"{where}: unknown parameter")
        else:
            parts.append(f"{where}: {validator_message(error['msg'])}")
    return "; ".join(parts)
