"""Plan templates: placeholders found as values, typed substitution, exact errors naming the parameter."""

from __future__ import annotations

import asyncio
import copy
import math
from pathlib import Path
from typing import Any

import pytest

from plankit.compile import (
    TemplateError,
    build_template,
    find_placeholders,
    format_param_spec,
    instantiate,
    parse_param_spec,
    parse_param_value,
    save_template,
)
from plankit.plan import PlanTemplate, TemplateParam, plan_from_data, plan_to_data
from plankit.store import SqliteStore


def P(kind: str, **fields: Any) -> TemplateParam:
    return TemplateParam.model_validate({"type": kind, **fields})


def ph(name: str) -> dict[str, str]:
    return {"type": "param", "name": name}


RICH_PLAN: dict[str, Any] = {
    "name": "dip buyer",
    "trigger": {"type": "price", "token": "ETH", "condition": "below", "threshold": "{{param.limit}}"},
    "steps": [
        {"id": "pause", "type": "wait", "duration_ms": "{{ param.pause_ms }}"},
        {
            "id": "check",
            "type": "if",
            "depends_on": ["pause"],
            "condition": {
                "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
                "op": "lt",
                "right": ph("limit"),
            },
            "then": {
                "id": "buy",
                "tool": "dex.swap",
                "require_confirmation": True,
                "on_failure": {"strategy": "retry", "max_attempts": "${param.tries}"},
                "params": {
                    "tok": "{{param.tok}}",
                    "tok_out": "{{param.tok_out}}",
                    "memo": "$tok to $tok_out",
                    "side": ph("side"),
                    "dry_run": "{{param.dry_run}}",
                    "amount": "{{buy_quote.result.amount}}",
                },
            },
        },
        {"id": "poll", "type": "loop", "max_iterations": ph("rounds"), "body": {"id": "ping", "tool": "notify.ping"}},
    ],
}
RICH_PARAMS = {
    "limit": P("number", required=True, description="Buy below this price"),
    "pause_ms": P("integer", default=1000),
    "tries": P("integer", default=3),
    "tok": P("string", required=True),
    "tok_out": P("string", default="USDC"),
    "side": P("enum", choices=["buy", "sell"], default="buy"),
    "dry_run": P("boolean"),
    "rounds": P("integer", default=5),
}


def rich() -> PlanTemplate:
    return build_template(RICH_PLAN, "dip", RICH_PARAMS, template_id="tmpl_1", description="Buy the dip")


# ---------------------------------------------------------------------------------------------- placeholders
def test_find_placeholders_in_document_order() -> None:
    assert find_placeholders(RICH_PLAN) == {
        "limit": ["$.trigger.threshold", "$.steps[1].condition.right"],
        "pause_ms": ["$.steps[0].duration_ms"],
        "tries": ["$.steps[1].then.on_failure.max_attempts"],
        "tok": ["$.steps[1].then.params.tok"],
        "tok_out": ["$.steps[1].then.params.tok_out"],
        "side": ["$.steps[1].then.params.side"],
        "dry_run": ["$.steps[1].then.params.dry_run"],
        "rounds": ["$.steps[2].max_iterations"],
    }
    assert find_placeholders({"steps": []}) == {}


def test_malformed_and_in_text_placeholders_are_refused() -> None:
    data = {
        "steps": [
            {
                "id": "a",
                "tool": "t",
                "params": {
                    "x": "Pay {{param.amount}} now",
                    "y": {"type": "param", "name": "amount", "default": 1},
                    "z": {"type": "param", "name": "9lives"},
                    "w": "${param.a}-${param.b}",
                    "ok": "{{param.a.b}}",
                },
            }
        ]
    }
    with pytest.raises(TemplateError) as caught:
        find_placeholders(data)
    assert str(caught.value) == (
        "the template has 5 malformed placeholders\n"
        "  $.steps[0].params.x: a placeholder must be the whole value, not part of the text "
        "'Pay {{param.amount}} now' (templates substitute values, never text)\n"
        '  $.steps[0].params.y: a placeholder is exactly {"type": "param", "name": NAME}, '
        "got {'type': 'param', 'name': 'amount', 'default': 1}\n"
        '  $.steps[0].params.z: a placeholder is exactly {"type": "param", "name": NAME}, '
        "got {'type': 'param', 'name': '9lives'}\n"
        "  $.steps[0].params.w: a placeholder must be the whole value, not part of the text "
        "'${param.a}-${param.b}' (templates substitute values, never text)\n"
        "  $.steps[0].params.ok: a placeholder must be the whole value, not part of the text "
        "'{{param.a.b}}' (templates substitute values, never text)"
    )


# -------------------------------------------------------------------------------------------------- building
def test_build_template_stores_the_object_form() -> None:
    template = rich()
    assert (template.id, template.name, template.description) == ("tmpl_1", "dip", "Buy the dip")
    assert template.params == RICH_PARAMS
    assert template.plan["trigger"]["threshold"] == ph("limit")
    assert template.plan["steps"][0]["duration_ms"] == ph("pause_ms")
    assert template.plan["steps"][1]["then"]["params"] == {
        "tok": ph("tok"),
        "tok_out": ph("tok_out"),
        "memo": "$tok to $tok_out",
        "side": ph("side"),
        "dry_run": ph("dry_run"),
        "amount": "{{buy_quote.result.amount}}",
    }
    assert RICH_PLAN["steps"][0]["duration_ms"] == "{{ param.pause_ms }}"  # the caller's data is untouched
    assert find_placeholders(template.plan) == find_placeholders(RICH_PLAN)


def test_build_template_from_a_plan_object_or_a_bare_array() -> None:
    plan = plan_from_data({"id": "p", "steps": [{"id": "a", "tool": "t", "params": {"n": "{{param.n}}"}}]})
    template = build_template(plan, "from-plan", {"n": {"type": "integer", "required": True}}, template_id="t1")
    assert template.plan == {"id": "p", "steps": [{"id": "a", "type": "action", "tool": "t", "params": {"n": ph("n")}}]}
    bare = build_template([{"id": "a", "tool": "t", "params": {"n": ph("n")}}], "bare", {"n": P("string")})
    assert bare.plan == {"steps": [{"id": "a", "tool": "t", "params": {"n": ph("n")}}]}
    assert bare.id.startswith("tmpl_") and len(bare.id) == 37


def test_build_template_reports_every_declaration_problem() -> None:
    data = {"steps": [{"id": "a", "tool": "t", "params": {"n": ph("amount"), "m": ph("sid")}}]}
    params = {
        "amount": P("number", required=True, default=3),
        "side": P("enum", choices=["buy", "sell"], default="hold"),
        "bad-name": P("string", default=True),
    }
    with pytest.raises(TemplateError) as caught:
        build_template(data, "t", params)
    assert str(caught.value) == (
        "can't make template 't'\n"
        "  parameter 'amount' is required and has a default; drop one\n"
        "  parameter 'side' has a default that is not one of buy, sell: 'hold'\n"
        "  parameter name 'bad-name' must match ^[A-Za-z_][A-Za-z0-9_]*$\n"
        "  parameter 'bad-name' has a default that is not a string: True\n"
        "  undeclared parameter 'sid' at $.steps[0].params.m (did you mean 'side'?)\n"
        "  parameter 'side' is declared but the plan never uses it (put \"{{param.side}}\" where its value goes)\n"
        "  parameter 'bad-name' is declared but the plan never uses it "
        "(put \"{{param.bad-name}}\" where its value goes)"
    )
    assert caught.value.params == ("amount", "bad-name", "sid", "side")


def test_build_template_checks_the_plan_but_not_at_placeholders() -> None:
    cron = {
        "trigger": {"type": "cron", "expression": "{{param.schedule}}", "timezone": ph("zone")},
        "steps": [{"id": "a", "tool": "t"}],
    }
    template = build_template(cron, "cron", {"schedule": P("string", required=True), "zone": P("string")})
    assert template.plan["trigger"] == {"type": "cron", "expression": ph("schedule"), "timezone": ph("zone")}
    broken = {"steps": [{"id": "a", "tool": "t", "retries": 2, "params": {"x": ph("x")}}, {"id": "a", "tool": "u"}]}
    with pytest.raises(TemplateError) as caught:
        build_template(broken, "broken", {"x": P("string")})
    assert str(caught.value) == (
        "can't make template 'broken'\n"
        "  $.steps[0].retries: unknown key 'retries'"
    )


# -------------------------------------------------------------------------------------------- instantiating
def test_instantiate_substitutes_typed_values_and_keeps_everything_else() -> None:
    template = rich()
    before = copy.deepcopy(template.plan)
    plan = instantiate(template, {"limit": 2000, "tok": "ETH", "dry_run": True}, plan_id="run-1")
    assert plan_to_data(plan) == {
        "id": "run-1",
        "name": "dip buyer",
        "trigger": {"type": "price", "token": "ETH", "condition": "below", "threshold": 2000.0},
        "steps": [
            {"id": "pause", "type": "wait", "duration_ms": 1000},
            {
                "id": "check",
                "type": "if",
                "depends_on": ["pause"],
                "condition": {
                    "type": "compare",
                    "left": {"type": "runtime", "fn": "price", "args": [{"type": "literal", "value": "ETH"}]},
                    "op": "lt",
                    "right": {"type": "literal", "value": 2000},
                },
                "then": {
                    "id": "buy",
                    "type": "action",
                    "on_failure": {"strategy": "retry"},
                    "tool": "dex.swap",
                    "params": {
                        "tok": "ETH",
                        "tok_out": "USDC",
                        "memo": "$tok to $tok_out",
                        "side": "buy",
                        "dry_run": True,
                        "amount": "{{buy_quote.result.amount}}",
                    },
                    "require_confirmation": True,
                },
            },
            {
                "id": "poll",
                "type": "loop",
                "body": {"id": "ping", "type": "action", "tool": "notify.ping"},
                "max_iterations": 5,
            },
        ],
        "meta": {
            "template": {
                "id": "tmpl_1",
                "name": "dip",
                "values": {
                    "limit": 2000,
                    "pause_ms": 1000,
                    "tries": 3,
                    "tok": "ETH",
                    "tok_out": "USDC",
                    "side": "buy",
                    "dry_run": True,
                    "rounds": 5,
                },
            }
        },
    }
    assert template.plan == before


def test_values_that_look_like_placeholders_are_not_substituted_again() -> None:
    template = build_template(
        {"steps": [{"id": "a", "tool": "t", "params": {"tok": ph("tok"), "tok_out": ph("tok_out")}}]},
        "t",
        {"tok": P("string", required=True), "tok_out": P("string", required=True)},
    )
    plan = instantiate(template, {"tok": "{{param.tok_out}}", "tok_out": "$tok"})
    assert plan.steps[0].params == {"tok": "{{param.tok_out}}", "tok_out": "$tok"}  # type: ignore[union-attr]


def test_placeholder_as_a_condition_literal_and_in_a_logic_condition() -> None:
    data = {
        "steps": [
            {
                "id": "gate",
                "type": "if",
                "condition": {
                    "type": "logic",
                    "op": "not",
                    "conditions": [
                        {"left": "{{q.result.n}}", "op": "gte", "right": {"type": "literal", "value": ph("max")}}
                    ],
                },
                "then": {"id": "go", "tool": "t"},
            }
        ]
    }
    template = build_template(data, "gate", {"max": P("integer", default=3)})
    plan = plan_to_data(instantiate(template, {"max": 7}))
    assert plan["steps"][0]["condition"] == {
        "type": "logic",
        "op": "not",
        "conditions": [
            {
                "type": "compare",
                "left": {"type": "step_output", "step_id": "q", "path": "result.n"},
                "op": "gte",
                "right": {"type": "literal", "value": 7},
            }
        ],
    }


def test_optional_parameter_without_default_is_null() -> None:
    template = build_template(
        {"steps": [{"id": "a", "tool": "t", "params": {"memo": ph("memo")}}]}, "t", {"memo": P("string")}
    )
    assert instantiate(template, {}).steps[0].params == {"memo": None}  # type: ignore[union-attr]
    assert instantiate(template, {"memo": "hi"}).steps[0].params == {"memo": "hi"}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("values", "problems", "names"),
    [
        ({}, ["missing required parameter 'limit' (a number)", "missing required parameter 'tok' (a string)"],
         ("limit", "tok")),
        ({"limit": "2000", "tok": 5}, ["parameter 'limit' expects a number, got '2000'",
                                       "parameter 'tok' expects a string, got 5"], ("limit", "tok")),
        ({"limit": True, "tok": "x"}, ["parameter 'limit' expects a number, got True"], ("limit",)),
        ({"limit": math.nan, "tok": "x"}, ["parameter 'limit' expects a number, got nan"], ("limit",)),
        ({"limit": 1, "tok": "x", "pause_ms": 1.5}, ["parameter 'pause_ms' expects an integer, got 1.5"],
         ("pause_ms",)),
        ({"limit": 1, "tok": "x", "tries": False}, ["parameter 'tries' expects an integer, got False"], ("tries",)),
        ({"limit": 1, "tok": "x", "dry_run": "yes"}, ["parameter 'dry_run' expects true or false, got 'yes'"],
         ("dry_run",)),
        ({"limit": 1, "tok": "x", "side": "hold"}, ["parameter 'side' expects one of buy, sell, got 'hold'"],
         ("side",)),
        ({"limit": 1, "tok": "x", "tokk": "y", "zzz": 1},
         ["unknown parameter 'tokk' (did you mean 'tok'?)",
          "unknown parameter 'zzz' (known: limit, pause_ms, tries, tok, tok_out, side, dry_run, rounds)"],
         ("tokk", "zzz")),
    ],
)  # fmt: skip
def test_instantiate_errors_name_the_parameter(
    values: dict[str, Any], problems: list[str], names: tuple[str, ...]
) -> None:
    with pytest.raises(TemplateError) as caught:
        instantiate(rich(), values)
    assert caught.value.message == "can't instantiate template 'dip'"
    assert caught.value.problems == problems
    assert caught.value.params == names


def test_values_the_plan_cannot_take_name_the_parameter() -> None:
    with pytest.raises(TemplateError) as caught:
        instantiate(rich(), {"limit": -1, "tok": "x", "pause_ms": -5, "rounds": 0})
    assert str(caught.value) == (
        "template 'dip' gives an invalid plan with these values\n"
        "  parameter 'limit' = -1 at $.trigger.threshold: Input should be greater than 0\n"
        "  parameter 'pause_ms' = -5 at $.steps[0].duration_ms: Input should be greater than or equal to 0\n"
        "  parameter 'rounds' = 0 at $.steps[2].max_iterations: Input should be greater than or equal to 1"
    )
    assert caught.value.params == ("limit", "pause_ms", "rounds")


def test_instantiate_from_text() -> None:
    plan = instantiate(rich(), {"limit": "1999.5", "tok": "ETH", "dry_run": "no", "rounds": "7"}, from_text=True)
    assert plan.meta["template"]["values"]["limit"] == 1999.5
    assert plan.meta["template"]["values"]["dry_run"] is False
    assert plan.steps[2].max_iterations == 7  # type: ignore[union-attr]
    with pytest.raises(TemplateError) as caught:
        instantiate(rich(), {"limit": "cheap", "tok": "ETH", "rounds": "7.0"}, from_text=True)
    assert caught.value.problems == [
        "parameter 'limit' expects a number, got 'cheap'",
        "parameter 'rounds' expects an integer, got '7.0'",
    ]


def test_instantiate_refuses_a_template_with_undeclared_placeholders() -> None:
    plan = {"steps": [{"id": "a", "tool": "t", "params": {"x": ph("x")}}]}
    template = PlanTemplate(id="t", name="hand-made", plan=plan)
    with pytest.raises(TemplateError, match=r"^template 'hand-made' uses undeclared parameters: x$"):
        instantiate(template, {})


# ------------------------------------------------------------------------------------------ parameter specs
@pytest.mark.parametrize(
    ("spec", "name", "param"),
    [
        ("amount:number:required", "amount", P("number", required=True)),
        ("amount:number:required:How much: in USD", "amount",
         P("number", required=True, description="How much: in USD")),
        ("side:enum(buy|sell):default=buy", "side", P("enum", choices=["buy", "sell"], default="buy")),
        ("side:enum( buy | sell )", "side", P("enum", choices=["buy", "sell"])),
        ("n:integer:default=-3:optional:Count", "n", P("integer", default=-3, description="Count")),
        ("flag:boolean:default=yes", "flag", P("boolean", default=True)),
        ("x:number:default=2.5", "x", P("number", default=2.5)),
        ("memo:string:default=a=b", "memo", P("string", default="a=b")),
        ("memo:string:default=", "memo", P("string", default="")),
    ],
)  # fmt: skip
def test_parse_param_spec(spec: str, name: str, param: TemplateParam) -> None:
    assert parse_param_spec(spec) == (name, param)
    assert parse_param_spec(format_param_spec(name, param)) == (name, param)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("amount", "--param 'amount': expected NAME:TYPE[:required][:default=VALUE][:DESCRIPTION]"),
        ("9x:number", "--param '9x:number': expected NAME:TYPE[:required][:default=VALUE][:DESCRIPTION]"),
        ("a:numbr", "--param 'a:numbr': unknown type 'numbr' (did you mean 'number'?)"),
        ("a:float", "--param 'a:float': unknown type 'float' (use string, number, integer, boolean or enum(a|b))"),
        ("a:enum()", "--param 'a:enum()': an enum parameter needs a non-empty 'choices' list"),
        ("a:enum(x|y)z", "--param 'a:enum(x|y)z': expected ':' after the enum's choices, got 'z'"),
        ("a:integer:default=1.5", "parameter 'a' expects an integer, got '1.5'"),
        ("a:enum(x|y):default=z", "parameter 'a' expects one of x, y, got 'z'"),
        ("a:string:required:default=x", "--param 'a:string:required:default=x': parameter 'a' is required and has "
         "a default; drop one"),
    ],
)  # fmt: skip
def test_parse_param_spec_errors(spec: str, message: str) -> None:
    with pytest.raises(TemplateError) as caught:
        parse_param_spec(spec)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("param", "text", "value"),
    [
        (P("string"), " as is ", " as is "),
        (P("number"), "50", 50),
        (P("number"), "-0.5", -0.5),
        (P("number"), "1e3", 1000.0),
        (P("integer"), " +7 ", 7),
        (P("boolean"), "TRUE", True),
        (P("boolean"), "off", False),
        (P("enum", choices=["buy", "sell"]), "sell", "sell"),
    ],
)
def test_parse_param_value(param: TemplateParam, text: str, value: Any) -> None:
    parsed = parse_param_value("p", param, text)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize(
    ("param", "text", "message"),
    [
        (P("number"), "nan", "parameter 'p' expects a number, got 'nan'"),
        (P("number"), "inf", "parameter 'p' expects a number, got 'inf'"),
        (P("number"), "", "parameter 'p' expects a number, got ''"),
        (P("integer"), "1e3", "parameter 'p' expects an integer, got '1e3'"),
        (P("boolean"), "maybe", "parameter 'p' expects true or false, got 'maybe'"),
        (P("enum", choices=["buy", "sell"]), "Buy", "parameter 'p' expects one of buy, sell, got 'Buy'"),
    ],
)
def test_parse_param_value_errors(param: TemplateParam, text: str, message: str) -> None:
    with pytest.raises(TemplateError) as caught:
        parse_param_value("p", param, text)
    assert (str(caught.value), caught.value.params) == (message, ("p",))


# ------------------------------------------------------------------------------------------------- storing
def test_save_load_and_instantiate_through_a_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "plankit.db"

    async def first() -> PlanTemplate:
        async with SqliteStore(path) as store:
            return await save_template(store, RICH_PLAN, "dip", RICH_PARAMS, description="Buy the dip")

    saved = asyncio.run(first())

    async def second() -> tuple[PlanTemplate | None, list[str], PlanTemplate]:
        async with SqliteStore(path) as store:
            loaded = await store.load_template("dip")
            with pytest.raises(TemplateError, match="a template named 'dip' exists already"):
                await save_template(store, RICH_PLAN, "dip", RICH_PARAMS)
            replaced = await save_template(store, RICH_PLAN, "dip", RICH_PARAMS, replace=True, tags=["v2"])
            await save_template(store, {"steps": [{"id": "a", "tool": "t"}]}, "another", {})
            return loaded, [t.name for t in await store.list_templates()], replaced

    loaded, names, replaced = asyncio.run(second())
    assert loaded == saved
    assert names == ["another", "dip"]
    assert (replaced.id, replaced.tags, replaced.description) == (saved.id, ["v2"], None)
    assert loaded is not None
    plan = instantiate(loaded, {"limit": 10, "tok": "ETH"})
    assert plan.trigger.threshold == 10.0  # type: ignore[union-attr]
