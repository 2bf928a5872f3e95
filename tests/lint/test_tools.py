"""Tool spec files: plankit specs, {"tools": [...]}, OpenAI function entries; clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plankit.errors import PolicyError
from plankit.tools import ToolRegistry, ToolSpec, ToolSpecError, load_tools, tool_matches

OPENAI = {
    "type": "function",
    "function": {
        "name": "payments.refund",
        "description": "Refund an order",
        "parameters": {
            "type": "object",
            "properties": {"amount": {"type": "number"}},
            "required": ["amount"],
        },
        "strict": True,
    },
}


def test_a_list_of_plankit_specs() -> None:
    registry = ToolRegistry.from_data(
        [{"name": "db.query_ro", "read_only": True}, {"name": "notify.email", "sink": True}]
    )
    assert registry.names() == ["db.query_ro", "notify.email"]
    assert registry.get("db.query_ro") == ToolSpec(name="db.query_ro", read_only=True)


def test_openai_entries_and_bare_functions_under_tools() -> None:
    bare = {"name": "notify.email", "parameters": {"type": "object"}}
    anthropic = {"name": "crm.lookup", "input_schema": {"type": "object", "required": ["id"]}}
    registry = ToolRegistry.from_data({"tools": [OPENAI, bare, anthropic]})
    assert registry.get("payments.refund") == ToolSpec(
        name="payments.refund",
        description="Refund an order",
        params_schema=OPENAI["function"]["parameters"],  # type: ignore[index]
    )
    assert registry.get("notify.email") == ToolSpec(name="notify.email", params_schema={"type": "object"})
    assert registry.get("crm.lookup").params_schema == {"type": "object", "required": ["id"]}  # type: ignore[union-attr]


def test_every_problem_is_listed_with_its_path() -> None:
    data = {
        "tools": [
            {"nam": "x"},
            3,
            {"name": "a"},
            {"name": "a"},
            {"type": "function", "function": {"name": "b", "paramters": {}}},
            {"name": "c", "params_schema": {"type": "array", "required": "x"}},
            {"type": "function"},
        ]
    }
    with pytest.raises(ToolSpecError) as caught:
        ToolRegistry.from_data(data, source="tools.json")
    assert isinstance(caught.value, PolicyError)
    assert str(caught.value) == "\n".join(
        [
            "tools.json: invalid tool specs (8 problems)",
            "  $.tools[0].name: missing required key 'name'",
            "  $.tools[0].nam: unknown key 'nam' (did you mean 'name'?)",
            "  $.tools[1]: a tool spec is an object, got int",
            "  $.tools[3].name: tool 'a' is specified twice",
            "  $.tools[4].function.paramters: unknown key 'paramters' (did you mean 'parameters'?)",
            "  $.tools[5].params_schema.type: parameters are an object, not 'array'",
            "  $.tools[5].params_schema.required: required is a list of parameter names",
            '  $.tools[6]: an OpenAI tool is {"type": "function", "function": {...}}',
        ]
    )


def test_schema_problems_are_reported() -> None:
    with pytest.raises(ToolSpecError) as caught:
        ToolRegistry.from_data([{"name": "c", "parameters": {"properties": [], "required": [1]}}])
    assert [str(p) for p in caught.value.problems] == [
        "$[0].params_schema.properties: properties map each name to a schema object",
        "$[0].params_schema.required: required is a list of parameter names",
    ]


def test_a_file_that_is_not_a_list_of_specs(tmp_path: Path) -> None:
    path = tmp_path / "tools.yaml"
    path.write_text("name: db.query\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"a tool spec file holds a list of specs or \{\"tools\": \[\.\.\.\]\}"):
        load_tools(path)


def test_load_json_and_yaml_files(tmp_path: Path) -> None:
    json_file = tmp_path / "tools.json"
    json_file.write_text(json.dumps([OPENAI]), encoding="utf-8")
    yaml_file = tmp_path / "tools.yaml"
    yaml_file.write_text("tools:\n  - name: notify.email\n    sink: true\n", encoding="utf-8")
    assert load_tools(json_file).names() == ["payments.refund"]
    assert ToolRegistry.load(yaml_file).get("notify.email") == ToolSpec(name="notify.email", sink=True)


def test_unreadable_files_are_tool_spec_errors(tmp_path: Path) -> None:
    with pytest.raises(ToolSpecError, match="no such file"):
        load_tools(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(ToolSpecError, match="unreadable JSON"):
        load_tools(broken)


def test_tool_matches_globs_case_sensitively() -> None:
    assert tool_matches("payments.refund", ["payments.*"])
    assert not tool_matches("Payments.refund", ["payments.*"])
    assert tool_matches("file.write_text", ["notify.*", "file.write*"])


# ------------------------------------------------------------------------------------------------ effects
def test_tool_decorator_declares_effects() -> None:
    registry = ToolRegistry()

    @registry.tool("crm.sync", effects=["write", "send"])
    def sync(record: str) -> str:
        return record

    spec = registry.get("crm.sync")
    assert spec is not None and spec.effects == ["write", "send"]
    assert registry.get("crm.sync") == ToolSpec(
        name="crm.sync", params_schema=spec.params_schema, effects=["write", "send"]
    )


def test_mcp_annotations_give_effects_and_explicit_effects_win() -> None:
    registry = ToolRegistry.from_data(
        [
            {"name": "fs.read", "annotations": {"readOnlyHint": True}},
            {"name": "fs.rm", "annotations": {"destructiveHint": True, "openWorldHint": False}},
            {"name": "web.post", "annotations": {"readOnlyHint": False, "openWorldHint": True}},
            {"name": "kv.put", "annotations": {"readOnlyHint": False, "destructiveHint": False}},
            {"name": "db.ping", "annotations": {"title": "Ping"}},
            {"name": "x.y", "annotations": {"readOnlyHint": True}, "effects": ["send"]},
        ]
    )
    assert [(spec.name, spec.effects or spec.hinted_effects) for spec in registry] == [
        ("fs.read", ["read"]),
        ("fs.rm", ["write", "destructive"]),
        ("web.post", ["write", "external"]),  # an unset destructiveHint says nothing for sure
        ("kv.put", ["write"]),
        ("db.ping", None),
        ("x.y", ["send"]),
    ]


def test_unknown_effect_is_a_clear_error() -> None:
    with pytest.raises(ToolSpecError) as caught:
        ToolRegistry.from_data([{"name": "a", "effects": ["mail"]}])
    [problem] = caught.value.problems
    assert problem.path == "$[0].effects[0]"
    assert problem.message.startswith("Input should be 'read', 'write', 'send', 'financial'")


MCP_LISTING = {
    "tools": [
        {
            "name": "files_delete",
            "title": "Delete a file",
            "description": "Delete a file from the workspace",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
            "outputSchema": {"type": "object", "properties": {"deleted": {"type": "boolean"}}},
            "annotations": {"title": "Delete", "destructiveHint": True, "idempotentHint": True},
            "_meta": {"vendor": "acme"},
        },
        {"name": "files_list", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
    ],
    "nextCursor": None,
}


@pytest.mark.parametrize(
    "document",
    [MCP_LISTING, {"jsonrpc": "2.0", "id": 7, "result": MCP_LISTING}],
    ids=["tools/list result", "JSON-RPC response"],
)
def test_an_mcp_tools_list_answer_loads_as_the_server_sent_it(document: dict[str, object]) -> None:
    registry = ToolRegistry.from_data(document)
    assert registry.get("files_delete") == ToolSpec(
        name="files_delete",
        description="Delete a file from the workspace",
        params_schema={"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
        hinted_effects=["write", "destructive"],
    )
    assert registry.get("files_list") == ToolSpec(name="files_list", hinted_effects=["read"])


def test_a_problem_inside_a_json_rpc_response_is_located_under_result() -> None:
    with pytest.raises(ToolSpecError) as caught:
        ToolRegistry.from_data({"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a", "inputSchem": {}}]}})
    [problem] = caught.value.problems
    assert (problem.path, problem.message, problem.hint) == (
        "$.result.tools[0].inputSchem",
        "unknown key 'inputSchem'",
        "did you mean 'inputSchema'?",
    )


def test_one_page_of_a_longer_tools_list_is_refused_saying_so() -> None:
    with pytest.raises(ToolSpecError) as caught:
        ToolRegistry.from_data({"jsonrpc": "2.0", "id": 2, "result": {**MCP_LISTING, "nextCursor": "page-2"}})
    assert str(caught.value).startswith(
        "<tools>: this tools/list answer is one page of several (nextCursor is set): the other pages' tools would be"
    )
    [problem] = caught.value.problems
    assert (problem.path, problem.message) == ("$.result.nextCursor", "more tools on later pages")


def test_mcp_hints_add_to_what_the_name_says_and_never_silence_it() -> None:
    # A server may call any tool read-only; the lint keeps what the tool's name says it does.
    from plankit.lint import Linter, Policy

    listing = {
        "tools": [
            {"name": "bank_transfer_funds", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
            {"name": "notes_list", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
        ]
    }
    linter = Linter(Policy.default(), tools=ToolRegistry.from_data(listing))
    plan = {
        "goal": "summarise my notes",
        "steps": [
            {"id": "notes", "tool": "notes_list", "args": {}},
            {"id": "pay", "tool": "bank_transfer_funds", "args": {"to_account": "DE89370400440532013000", "amount": 9}},
        ],
    }
    unasked = [d for d in linter.lint(plan) if d.code == "GOAL_UNASKED_EFFECT"]
    assert [(d.node_id, d.message.split(" (")[1].split(")")[0]) for d in unasked] == [
        ("pay", "financial, from its MCP annotations and its name")
    ]
