"""Tools registered from Python: schemas from type hints, params checked before the call, the context,
loading tools modules, and the specs the linter sees."""

from __future__ import annotations

import asyncio
import textwrap
from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import AfterValidator, BaseModel, Field, field_validator

import plankit
from plankit import ToolContext, ToolRegistry
from plankit._utils import validator_message
from plankit.errors import UserError
from plankit.lint import validate_plan
from plankit.plan import ExecutionStatus
from plankit.store import Store
from plankit.tools import DEFAULT_REGISTRY, ToolSpecError, load_tools

from .helpers import OPEN_POLICY, by_id, executor, make_plan, run


def test_the_spec_comes_from_the_signature_and_docstring() -> None:
    registry = ToolRegistry()

    @registry.tool("payments.transfer", sink=True)
    async def transfer(to: str, amount: float, ctx: ToolContext, memo: str | None = None) -> dict[str, Any]:
        """Move money to someone.

        Longer notes stay out of the description.
        """
        return {}

    spec = registry.get("payments.transfer")
    assert spec is not None
    assert (spec.name, spec.description, spec.sink, spec.read_only) == (
        "payments.transfer",
        "Move money to someone.",
        True,
        False,
    )
    assert spec.params_schema == {
        "type": "object",
        "properties": {
            "to": {"title": "To", "type": "string"},
            "amount": {"title": "Amount", "type": "number"},
            "memo": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Memo"},
        },
        "required": ["to", "amount"],
        "additionalProperties": False,
    }
    bound = registry.implementation("payments.transfer")
    assert bound is not None and bound.is_async


def test_bind_checks_params_before_the_call_and_injects_the_context() -> None:
    registry = ToolRegistry()

    @registry.tool()
    def scale(n: int, factor: float = 2.0, ctx=None) -> float:  # type: ignore[no-untyped-def]
        return n * factor

    bound = registry.implementation("scale")
    assert bound is not None
    context = ToolContext(execution_id="e", step_id="s")
    assert bound.bind({"n": "3"}, context) == {"n": 3, "ctx": context}
    with pytest.raises(UserError) as caught:
        bound.bind({"factor": "big", "extra": 1}, context)
    assert str(caught.value) == (
        "invalid params for tool 'scale': n: required, missing; factor: Input should be a valid number, "
        "unable to parse string as a number; extra: unknown parameter"
    )
    with pytest.raises(UserError, match="ctx: unknown parameter"):  # the context can't be passed as a param
        bound.bind({"n": 1, "ctx": "mine"}, context)


def _german(iban: str) -> str:
    if not iban.startswith("DE"):
        raise ValueError(f"{iban!r} is not a German IBAN")
    return iban


class _Trip(BaseModel):
    city: str
    nights: int

    @field_validator("nights")
    @classmethod
    def _positive(cls, nights: int) -> int:
        if nights <= 0:
            raise ValueError("nights must be positive")
        return nights


def test_the_authors_own_checks_run_and_say_what_is_wrong_in_their_words() -> None:
    """``Annotated`` constraints and validators are kept (they were dropped: ``amount=-5`` reached a tool
    declared ``gt=0``), and a validator's message loses pydantic's "Value error, " / "Assertion failed, "."""
    registry = ToolRegistry()

    @registry.tool("bank.pay")
    def pay(iban: Annotated[str, AfterValidator(_german)], amount: Annotated[float, Field(gt=0)]) -> None:
        return None

    @registry.tool("travel.book")
    def book(trip: _Trip) -> None:
        return None

    bound_pay, bound_book = registry.implementation("bank.pay"), registry.implementation("travel.book")
    assert bound_pay is not None and bound_book is not None
    assert bound_pay.bind({"iban": "DE89", "amount": 5}, None) == {"iban": "DE89", "amount": 5}
    with pytest.raises(UserError) as caught:
        bound_pay.bind({"iban": "FR76", "amount": -5}, None)
    assert str(caught.value) == (
        "invalid params for tool 'bank.pay': iban: 'FR76' is not a German IBAN; amount: Input should be greater than 0"
    )
    with pytest.raises(UserError) as caught:
        bound_book.bind({"trip": {"city": "Paris", "nights": 0}}, None)
    assert str(caught.value) == "invalid params for tool 'travel.book': trip.nights: nights must be positive"
    assert registry.get("bank.pay").params_schema["properties"]["amount"] == {
        "exclusiveMinimum": 0, "title": "Amount", "type": "number"
    }


def test_an_annotated_context_parameter_is_still_the_context() -> None:
    """``ctx: Annotated[ToolContext, "..."]`` is the call's context, as it was before the hints kept their
    extras (then registering the tool failed: pydantic has no schema for ToolContext)."""
    registry = ToolRegistry()

    @registry.tool("noted.ctx")
    def noted(x: int, ctx: Annotated[ToolContext, "the call"]) -> None:
        return None

    bound = registry.implementation("noted.ctx")
    assert bound is not None
    context = ToolContext("exec_1", "s1")
    assert bound.bind({"x": 1}, context) == {"x": 1, "ctx": context}
    assert bound.params_schema == {
        "additionalProperties": False, "properties": {"x": {"title": "X", "type": "integer"}}, "required": ["x"],
        "type": "object",
    }  # fmt: skip


def test_tools_take_keyword_parameters_only() -> None:
    registry = ToolRegistry()

    def positional(a: int, /) -> int:
        return a

    with pytest.raises(TypeError, match="tool 'positional': parameter 'a' can't be passed by name"):
        registry.register(positional)


def test_a_name_is_registered_once_unless_it_is_the_same_function() -> None:
    registry = ToolRegistry()

    def first() -> None:
        return None

    registry.register(first, "x")
    registry.register(first, "x")  # importing the same module again replaces it
    assert registry.names() == ["x"]

    def second() -> None:
        return None

    with pytest.raises(ValueError, match="tool 'x' is registered twice"):
        registry.register(second, "x")


def test_combined_registries_prefer_the_second() -> None:
    one, two = ToolRegistry(), ToolRegistry()

    @one.tool("a")
    def a_one() -> int:
        return 1

    @two.tool("a")
    def a_two() -> int:
        return 2

    @one.tool("b")
    def b_one() -> int:
        return 3

    combined = one.combined_with(two)
    assert combined.names() == ["a", "b"]
    assert combined.implementation("a").function is a_two  # type: ignore[union-attr]


def test_the_linter_checks_plans_against_derived_specs() -> None:
    registry = ToolRegistry()

    @registry.tool("notify.email")
    def email(to: str, subject: str) -> None:
        return None

    plan = make_plan([{"id": "n", "tool": "notify.email", "params": {"to": 42}}])
    result = validate_plan(plan, OPEN_POLICY, tools=registry)
    assert [(e.code, e.path, e.msg) for e in result.errors] == [
        ("TOOL_ARGS_INVALID", "$.steps[0].params", "missing required parameter 'subject' (tool 'notify.email')"),
        (
            "TOOL_ARGS_INVALID",
            "$.steps[0].params.to",
            "parameter 'to' should be string, not integer (tool 'notify.email')",
        ),
    ]


TOOLS_FILE = """
import plankit

@plankit.tool("greet")
def greet(name: str) -> str:
    '''Say hello.'''
    return f"hello {name}"

@plankit.tool("shout")
async def shout(text: str, ctx: plankit.ToolContext) -> str:
    return text.upper() + "!" * ctx.attempt
"""


def test_load_tools_imports_a_tools_file_once(tmp_path: Path) -> None:
    path = tmp_path / "my_tools.py"
    path.write_text(textwrap.dedent(TOOLS_FILE))
    registry = load_tools(str(path))
    assert registry.names() == ["greet", "shout"]
    assert load_tools(path).names() == ["greet", "shout"]  # the second load reuses the first import
    assert "greet" in DEFAULT_REGISTRY
    plan = make_plan(
        [
            {"id": "g", "tool": "greet", "params": {"name": "ann"}},
            {"id": "s", "tool": "shout", "params": {"text": "{{g.result}}"}},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, registry).start(plan)

    assert by_id(run(body))["s"].output == "HELLO ANN!"


def test_load_tools_finds_a_modules_own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pkg_tools_x").mkdir()
    (tmp_path / "pkg_tools_x" / "__init__.py").write_text("")
    (tmp_path / "pkg_tools_x" / "mod.py").write_text(
        "from plankit import ToolRegistry\nregistry = ToolRegistry()\n\n"
        "@registry.tool('add')\ndef add(a: int, b: int) -> int:\n    return a + b\n\nnot_a_registry = 3\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_tools("pkg_tools_x.mod:registry").names() == ["add"]
    assert load_tools(str(tmp_path / "pkg_tools_x" / "mod.py")).names() == ["add"]
    with pytest.raises(ToolSpecError, match=r"pkg_tools_x\.mod:not_a_registry is int, not a ToolRegistry"):
        load_tools("pkg_tools_x.mod:not_a_registry")
    with pytest.raises(ToolSpecError, match=r"could not import tools module 'pkg_tools_x\.nope': ModuleNotFoundError"):
        load_tools("pkg_tools_x.nope:registry")


def test_load_tools_reports_broken_files_and_still_reads_spec_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('bad import')\n")
    with pytest.raises(ToolSpecError, match="could not import tools file: RuntimeError: bad import"):
        load_tools(broken)
    with pytest.raises(ToolSpecError, match="no such tools file"):
        load_tools(tmp_path / "missing.py")
    empty = tmp_path / "empty.py"
    empty.write_text("X = 1\n")
    with pytest.raises(ToolSpecError, match="registers no tools"):
        load_tools(empty)
    specs = tmp_path / "tools.json"
    specs.write_text('{"tools": [{"name": "db.query_ro", "read_only": true}]}')
    loaded = load_tools(specs)
    assert loaded.names() == ["db.query_ro"]
    assert loaded.implementation("db.query_ro") is None


def test_plankit_tool_is_the_default_registrys_decorator() -> None:
    assert "tool" in plankit.__all__ and "ToolContext" in plankit.__all__
    assert plankit.tool.__module__ == "plankit.tools"


def test_the_echo_and_sleep_builtins() -> None:
    from plankit.testing import FakeClock

    clock = FakeClock()
    plan = make_plan(
        [
            {"id": "e", "tool": "echo", "params": {"a": [1, 2], "b": None}},
            {"id": "s", "tool": "sleep", "params": {"seconds": 90}},
        ]
    )

    async def body(store: Store) -> Any:
        return await executor(store, ToolRegistry(), clock=clock).start(plan)

    execution = run(body)
    assert execution.status is ExecutionStatus.COMPLETED
    assert by_id(execution)["e"].output == {"a": [1, 2], "b": None}
    assert by_id(execution)["s"].output == {"slept": 90.0}
    assert clock.sleeps == [90.0]


def test_sleep_is_cancellable() -> None:
    from plankit.execute import Executor

    plan = make_plan([{"id": "s", "tool": "sleep", "params": {"seconds": 3600}, "timeout_ms": 50}])

    async def body(store: Store) -> Any:
        # Real time: the sleep is cancelled by the 50 ms timeout, long before its hour is up.
        ex = Executor(store, ToolRegistry(), policy=OPEN_POLICY)
        return await asyncio.wait_for(ex.start(plan), timeout=5)

    record = by_id(run(body))["s"]
    assert (record.status.value, record.error) == (
        "failed",
        "step 's' timed out after 50 ms (the attempt was cancelled)",
    )


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("Value error, 'FR76' is not a German IBAN", "'FR76' is not a German IBAN"),
        ("Assertion failed, nights must be positive", "nights must be positive"),
        ("Input should be greater than 0", "Input should be greater than 0"),
        ("a Value error, inside stays", "a Value error, inside stays"),
    ],
)
def test_validator_message_drops_only_pydantics_leading_prefix(message: str, said: str) -> None:
    assert validator_message(message) == said


TYPE_CHECKING_TOOLS = '''
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from plankit import ToolRegistry

if TYPE_CHECKING:
    from some_client_library import Client  # not importable at run time

registry = ToolRegistry()


@registry.tool("ledger.move")
def move(amount: Annotated[float, Field(gt=0)], client: Client | None = None) -> float:
    return amount
'''


def test_a_hint_that_cant_be_resolved_leaves_the_other_parameters_checked(tmp_path: Path) -> None:
    """A name imported only under TYPE_CHECKING made every parameter Any (the whole get_type_hints failed):
    ``amount=-5`` reached a tool declared ``gt=0``. Now only ``client`` goes unchecked."""
    path = tmp_path / "typed_tools_x.py"
    path.write_text(TYPE_CHECKING_TOOLS)
    bound = load_tools(str(path)).implementation("ledger.move")
    assert bound is not None
    assert bound.bind({"amount": 5, "client": object}, None) == {"amount": 5, "client": object}
    with pytest.raises(UserError) as caught:
        bound.bind({"amount": -5}, None)
    assert str(caught.value) == "invalid params for tool 'ledger.move': amount: Input should be greater than 0"
