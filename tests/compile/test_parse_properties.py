"""Properties of the tolerant parser: a plan wrapped in a model's usual mess reads back as the same plan,
a cut-off plan is always a precise truncation error, and no input makes it raise anything but its own error.
"""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.plan.strategies import plans

from plankit.compile import ReplyParseError, extract_plan_data, parse_plan_reply
from plankit.errors import PlanFormatError
from plankit.plan import Plan, dump_plan

# Prose never holds a bracket (a stray one is tested by example), but does hold quotes, slashes and stars.
_PROSE_CHARS = st.sampled_from([*list("abcdefghij klmnop.,:;!?'\"-*/()\n"), "é", "→", "Here's the plan"])
prose = st.lists(_PROSE_CHARS, max_size=40).map("".join)
comment_text = st.text(st.sampled_from(list("abc xyz/\"'{}[],:")), max_size=12)


@st.composite
def messy_json(draw: st.DrawFn, text: str) -> str:
    """``text`` (JSON dumped with indent) with comments and trailing commas added at line ends."""
    lines = text.rstrip("\n").split("\n")
    out = []
    for index, line in enumerate(lines):
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        closes_next = following[:1] in ("}", "]")
        if closes_next and not line.rstrip().endswith(("{", "[")) and draw(st.booleans()):
            line += ","
        kind = draw(st.sampled_from(["none", "none", "line", "block"]))
        if kind == "line":
            line += " // " + draw(comment_text)
        elif kind == "block":
            line += " /* " + draw(comment_text).replace("*/", "") + " */"
        out.append(line)
    return "\n".join(out)


@st.composite
def wrapped_plans(draw: st.DrawFn) -> tuple[Plan, str, bool]:
    plan = draw(plans(max_steps=3, max_depth=1))
    body = draw(messy_json(dump_plan(plan)))
    fenced = draw(st.booleans())
    if fenced:
        body = f"```{draw(st.sampled_from(['json', 'JSON', '', 'jsonc']))}\n{body}\n```"
    return plan, f"{draw(prose)}\n{body}\n{draw(prose)}", fenced


@settings(max_examples=30)  # generating plans dominates the cost; the dev profile explores more
@given(wrapped_plans())
def test_a_plan_wrapped_in_prose_fences_and_comments_reads_back_the_same(case: tuple[Plan, str, bool]) -> None:
    plan, reply, fenced = case
    parsed = parse_plan_reply(reply)
    assert parsed.plan == plan
    assert parsed.extraction.origin == "json"
    assert parsed.extraction.blocks == 1
    assert any(note.startswith("read from a code fence") for note in parsed.extraction.notes) is fenced


@st.composite
def cut_plans(draw: st.DrawFn) -> str:
    text = dump_plan(draw(plans(max_steps=3, max_depth=1)))
    first_quote = text.index('"')
    end = text.rstrip().rindex("}")  # cut anywhere after the first key starts and before the last brace
    return text[: draw(st.integers(first_quote + 1, end))]


@settings(max_examples=30)
@given(cut_plans())
def test_a_cut_off_plan_is_a_truncation_error_at_the_end_of_the_reply(reply: str) -> None:
    try:
        extract_plan_data(reply)
    except ReplyParseError as exc:
        assert exc.kind == "truncated"
        line = reply.count("\n") + 1
        column = len(reply) - (reply.rfind("\n") + 1) + 1
        assert exc.problems[0].path == f"line {line}, column {column}"
        assert exc.problems[1].message == "'{' of $ is never closed"
    else:
        raise AssertionError("a cut-off plan was read as a plan")


_TOKENS = st.sampled_from(
    ["{", "}", "[", "]", '"', "\\", "//", "/*", "*/", ",", ":", "\n", " ", "steps", '"steps"', "1.", "- ",
     '"tool"', "true", "NaN", "```", "'", "id", "0", "1e999", "\t", "{{a.b}}", "é"]
)  # fmt: skip


@given(st.one_of(st.text(), st.lists(_TOKENS, max_size=60).map("".join)))
def test_the_parser_raises_only_its_own_error(reply: str) -> None:
    with contextlib.suppress(PlanFormatError):
        parse_plan_reply(reply, tools=("db.query",))
