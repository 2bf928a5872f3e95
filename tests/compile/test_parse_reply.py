"""The tolerant reply parser: what it accepts, what it notes, and the exact errors it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from plankit.compile import Extraction, ReplyParseError, extract_plan_data, parse_plan_reply
from plankit.errors import FormatProblem, PlanFormatError
from plankit.plan import DEFAULT_LIMITS, load_plan

STEP_A = '{"id": "a", "tool": "db.query", "args": {"q": "select 1"}}'


def extract(text: str, tools: tuple[str, ...] = ()) -> Extraction:
    return extract_plan_data(text, tools=tools)


def error_of(text: str) -> ReplyParseError:
    with pytest.raises(ReplyParseError) as caught:
        extract_plan_data(text)
    return caught.value


def test_clean_json_is_read_without_notes() -> None:
    extraction = extract('{"goal": "g", "steps": [' + STEP_A + "]}")
    assert extraction.data == {"goal": "g", "steps": [{"id": "a", "tool": "db.query", "args": {"q": "select 1"}}]}
    assert (extraction.origin, extraction.block, extraction.blocks, extraction.line) == ("json", 1, 1, 1)
    assert extraction.notes == ()


def test_fence_prose_comments_and_trailing_commas() -> None:
    reply = (
        "Sure! Here is the plan:\n"
        "\n"
        "```json\n"
        "{\n"
        '  "goal": "g", // what we want\n'
        '  "steps": [\n'
        '    {"id": "a", "tool": "db.query", "args": {"url": "http://x/y", "q": "a /* b */ c",},}, /* done */\n'
        "  ],\n"
        "}\n"
        "```\n"
        "Let me know!\n"
    )
    extraction = extract(reply)
    assert extraction.data == {
        "goal": "g",
        "steps": [{"id": "a", "tool": "db.query", "args": {"url": "http://x/y", "q": "a /* b */ c"}}],
    }
    assert extraction.line == 4
    assert extraction.notes == (
        "read from a code fence (json)",
        "ignored text before the JSON",
        "ignored text after the JSON",
        "removed 2 comments",
        "removed 4 trailing commas",
    )


def test_a_bare_fence_and_a_comment_at_the_very_end() -> None:
    extraction = extract("```\n[" + STEP_A + "] // the steps\n```")
    assert extraction.data == [{"id": "a", "tool": "db.query", "args": {"q": "select 1"}}]
    assert extraction.notes == (
        "read from a code fence",
        "ignored text after the JSON",
        "read a JSON array of steps",
    )


def test_raw_newlines_inside_strings_are_accepted() -> None:
    extraction = extract('{"steps": [{"id": "a", "prompt": "line one\nline two"}]}')
    assert extraction.data["steps"][0]["prompt"] == "line one\nline two"


def test_the_plan_wrapper_is_unwrapped() -> None:
    extraction = extract('{"plan": {"goal": "g", "steps": [' + STEP_A + ']}, "explanation": "because"}')
    assert extraction.data["goal"] == "g"
    assert extraction.notes == ('unwrapped the "plan" key',)


def test_several_blocks_the_plan_shaped_one_wins() -> None:
    reply = (
        'The tool returns {"balance": 120, "currency": "EUR"}.\n'
        'Plan: {"goal": "g", "steps": [' + STEP_A + "]}\n"
        'Example output: [{"row": 1}]\n'
    )
    extraction = extract(reply)
    assert extraction.block == 2
    assert extraction.blocks == 3
    assert extraction.line == 2
    assert extraction.notes[0] == "read JSON block 2 of 3: the only plan-shaped one"


def test_several_plans_the_last_one_wins() -> None:
    reply = (
        'First try: {"steps": [{"id": "a", "tool": "x"}]}\n'
        'Corrected: {"steps": [{"id": "b", "tool": "y"}]}\n'
        'Steps only: [{"id": "c", "tool": "z"}]\n'
    )
    extraction = extract(reply)
    assert extraction.data == {"steps": [{"id": "b", "tool": "y"}]}
    assert extraction.notes[0] == "read JSON block 2 of 3: the last of 3 plan-shaped ones"


def test_braces_and_brackets_in_prose_are_not_json() -> None:
    reply = (
        "Use {{step.result}} to refer to outputs [1], and { starts an object.\n"
        '```json\n{"steps": [' + STEP_A + "]}\n```"
    )
    extraction = extract(reply)
    assert extraction.blocks == 1
    assert extraction.block == 1
    assert extraction.data["steps"][0]["id"] == "a"


def test_an_unreadable_block_is_ignored_when_a_plan_follows() -> None:
    reply = 'Not this: {"steps": [1, 2}\nThis: {"steps": [' + STEP_A + "]}"
    extraction = extract(reply)
    assert extraction.block == 2
    assert extraction.notes == (
        "read JSON block 2 of 2: the only plan-shaped one",
        "ignored text before the JSON",
        "ignored mismatched bracket at line 1, column 26: '}' closes the '[' of $.steps opened at line 1, "
        "column 21",
    )


def test_a_numbered_list_becomes_a_chain_of_steps() -> None:
    reply = (
        "Here's how I'd do it:\n"
        "\n"
        "1. Look up the customer with `crm.lookup`\n"
        "2. **Summarise** their recent orders\n"
        "   - only the last 30 days\n"
        "3. notify.email: send them the summary\n"
        "\n"
        "Anything else?\n"
    )
    extraction = extract(reply, tools=("notify.email",))
    assert extraction.origin == "list"
    assert extraction.block is None
    assert extraction.line == 3
    assert extraction.notes == ("read a numbered list of 3 items as steps",)
    assert extraction.data == {
        "steps": [
            {"id": "step1", "tool": "crm.lookup", "label": "Look up the customer with `crm.lookup`"},
            {
                "id": "step2",
                "prompt": "Summarise their recent orders (only the last 30 days)",
                "depends_on": ["step1"],
            },
            {
                "id": "step3",
                "tool": "notify.email",
                "label": "notify.email: send them the summary",
                "depends_on": ["step2"],
            },
        ]
    }


def test_a_bulleted_list_and_known_tool_names_as_words() -> None:
    reply = "- fetch prices via prices.get\n* then write a report\n"
    extraction = extract(reply, tools=("prices.get",))
    assert extraction.notes == ("read a bulleted list of 2 items as steps",)
    assert [step.get("tool") for step in extraction.data["steps"]] == ["prices.get", None]


def test_step_headings_and_the_numbered_list_is_preferred() -> None:
    reply = (
        "Assumptions:\n- a\n- b\n- c\n\n"
        "### Step 1: Gather the data\n"
        "### Step 2: Analyse it\n"
    )
    extraction = extract(reply)
    assert extraction.notes == ("read a numbered list of 2 items as steps",)
    assert [step["prompt"] for step in extraction.data["steps"]] == ["Gather the data", "Analyse it"]


def test_a_lone_bullet_is_not_a_plan() -> None:
    error = error_of("- I can't do that without database access.")
    assert error.kind == "no_plan"


def test_truncated_json_says_where_it_stops_and_what_is_open() -> None:
    reply = '```json\n{\n  "goal": "g",\n  "steps": [\n    {"id": "a", "tool": "db.query", "args": {"q": "sel'
    error = error_of(reply)
    assert error.kind == "truncated"
    assert error.message == (
        "truncated JSON: the reply ends at line 5, column 55 inside a string that starts at line 5, column 51, "
        "with 4 brackets still open (innermost: '{' of $.steps[0].args, opened at line 5, column 45)"
    )
    hint = "the reply was cut off: ask for a shorter plan, or raise the model's output token limit"
    assert error.problems == [
        FormatProblem(
            "line 5, column 55", "the reply ends here inside a string that starts at line 5, column 51", hint
        ),
        FormatProblem("line 2, column 1", "'{' of $ is never closed"),
        FormatProblem("line 4, column 12", "'[' of $.steps is never closed"),
        FormatProblem("line 5, column 5", "'{' of $.steps[0] is never closed"),
        FormatProblem("line 5, column 45", "'{' of $.steps[0].args is never closed"),
    ]


def test_truncated_between_values_and_inside_a_comment() -> None:
    assert error_of('[{"id": "a", "tool": "x"}, {"id": "b"').message == (
        "truncated JSON: the reply ends at line 1, column 38, with 2 brackets still open "
        "(innermost: '{' of $[1], opened at line 1, column 28)"
    )
    assert error_of('{"steps": [] /* unfinished').message == (
        "truncated JSON: the reply ends at line 1, column 27 inside a comment that starts at line 1, column 14, "
        "with 1 bracket still open (innermost: '{' of $, opened at line 1, column 1)"
    )


def test_a_truncated_plan_is_an_error_even_when_it_holds_complete_steps() -> None:
    error = error_of('{"steps": [{"id": "a", "tool": "x"}, {"id": "b", "tool": "y"},')
    assert error.kind == "truncated"


def test_invalid_json_points_at_the_reply_position() -> None:
    reply = 'Plan:\n{\n  "steps": [ // list\n    {"id": "a" "tool": "x"}\n  ]\n}'
    error = error_of(reply)
    assert error.kind == "invalid_json"
    assert error.message == "invalid JSON at line 4, column 16: Expecting ',' delimiter"
    assert error.problems == [FormatProblem("line 4, column 16", "Expecting ',' delimiter")]


def test_python_literals_and_nan_are_invalid_json() -> None:
    assert error_of('{"steps": [{"id": "a", "tool": "x", "params": {"ok": True}}]}').message == (
        "invalid JSON at line 1, column 54: Expecting value"
    )
    assert error_of('{"steps": [{"id": "a", "tool": "x", "params": {"n": NaN}}]}').message == (
        "invalid JSON at line 1, column 1: NaN is not a JSON number"
    )


def test_mismatched_brackets() -> None:
    error = error_of('{"steps": [{"id": "a", "tool": "x"}}')
    assert error.kind == "mismatched"
    assert error.message == (
        "mismatched bracket at line 1, column 36: '}' closes the '[' of $.steps opened at line 1, column 11"
    )


def test_too_deep_is_an_error_not_a_crash() -> None:
    levels = DEFAULT_LIMITS.max_depth + 50
    error = error_of('{"steps": ' + "[" * levels + "]" * levels + "}")
    assert error.kind == "invalid_json"
    assert error.message == f"JSON at line 1, column 1 is nested deeper than {DEFAULT_LIMITS.max_depth} levels"


@pytest.mark.parametrize(
    ("reply", "kind", "message"),
    [
        ("", "empty", "the reply is empty"),
        ("  \n ", "empty", "the reply is empty"),
        (
            "I'm sorry, I can't help with that.",
            "no_plan",
            'no plan in the reply: it holds no JSON and no list of steps (a plan is a JSON object with a "steps" '
            "list, or a JSON array of steps)",
        ),
        (
            'Result: {"balance": 3} and [{"row": 1}]',
            "no_plan",
            'no plan in the reply: it holds 2 JSON blocks but none is a plan (a plan is a JSON object with a '
            '"steps" list, or a JSON array of steps)',
        ),
    ],
)
def test_no_plan(reply: str, kind: str, message: str) -> None:
    error = error_of(reply)
    assert (error.kind, error.message) == (kind, message)
    assert isinstance(error, PlanFormatError)


SEEDS = sorted(
    path
    for path in (Path(__file__).resolve().parents[1] / "fixtures" / "seeds").glob("*.json")
    if ".canonical." not in path.name and ".tree." not in path.name
)


@pytest.mark.parametrize("seed", SEEDS, ids=[path.stem for path in SEEDS])
def test_parse_plan_reply_loads_every_seed_shape(seed: Path) -> None:
    reply = f"Here you go:\n```json\n{seed.read_text(encoding='utf-8')}\n```\nDone."
    parsed = parse_plan_reply(reply)
    assert parsed.plan == load_plan(seed)
    assert parsed.extraction.notes == (
        "read from a code fence (json)",
        "ignored text before the JSON",
        "ignored text after the JSON",
    )


def test_parse_plan_reply_reports_an_invalid_plan_with_paths() -> None:
    with pytest.raises(PlanFormatError) as caught:
        parse_plan_reply('{"steps": [{"id": "has space", "tool": "x"}]}')
    assert not isinstance(caught.value, ReplyParseError)
    assert [problem.path for problem in caught.value.problems] == ["$.steps[0].id"]
