"""The corpus of raw model replies (``tests/fixtures/llm_outputs``): each reply is parsed and linted the way
the compiler does, and every result must match its ``.expected.json`` exactly.

Each ``NNN-name.txt`` is a reply; its ``NNN-name.expected.json`` holds:

* ``read``: how the plan data was read (origin, block, blocks, line, notes), or null;
* ``error``: the parse error (kind and message) when no plan data could be read, or null;
* ``plan``: the canonical plan, or null when the reply holds no valid plan;
* ``findings``: ``[severity, code, node id, JSON path]`` of every finding under ``_policy.yaml`` and
  ``_tools.json``, in order (an unreadable reply has its one ``REPLY_*`` finding).
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from plankit.compile import ReplyParseError, evaluate_reply, extract_plan_data
from plankit.errors import PlanFormatError
from plankit.lint import Linter
from plankit.plan import plan_from_data, plan_to_data

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "llm_outputs"
REPLIES = sorted(CORPUS.glob("[0-9][0-9][0-9]-*.txt"))
NOW = datetime(2025, 1, 1, tzinfo=UTC)
LINTER = Linter(str(CORPUS / "_policy.yaml"), tools=CORPUS / "_tools.json")


def observed(reply: str) -> dict[str, Any]:
    """What the parser and the linter make of one reply, in the shape of the expected files."""
    tools = LINTER.tools.names() if LINTER.tools is not None else []
    read = error = plan = None
    try:
        extraction = extract_plan_data(reply, tools=tools)
    except ReplyParseError as exc:
        error = {"kind": exc.kind, "message": exc.message}
    else:
        read = {
            "origin": extraction.origin,
            "block": extraction.block,
            "blocks": extraction.blocks,
            "line": extraction.line,
            "notes": list(extraction.notes),
        }
        try:
            plan = plan_to_data(plan_from_data(extraction.data))
        except PlanFormatError:
            plan = None
    round_ = evaluate_reply(reply, LINTER, tools=tools, now=NOW)
    findings = [[d.severity.value, d.code, d.node_id, d.path] for d in round_.diagnostics]
    return {"read": read, "error": error, "plan": plan, "findings": findings}


@pytest.mark.parametrize("reply_file", REPLIES, ids=[path.stem for path in REPLIES])
def test_reply(reply_file: Path) -> None:
    expected = json.loads(reply_file.with_suffix(".expected.json").read_text(encoding="utf-8"))
    got = observed(reply_file.read_text(encoding="utf-8"))
    assert got["error"] == expected["error"]
    assert got["read"] == expected["read"]
    assert got["plan"] == expected["plan"]
    assert got["findings"] == expected["findings"]


def test_the_corpus_covers_what_models_get_wrong() -> None:
    expectations = [json.loads(path.read_text(encoding="utf-8")) for path in CORPUS.glob("*.expected.json")]
    assert len(REPLIES) == len(expectations) >= 60
    notes = " | ".join(note for e in expectations if e["read"] for note in e["read"]["notes"])
    for liberty in ("code fence", "comment", "trailing comma", "text before", "JSON block", "list of", "array"):
        assert liberty in notes, liberty
    errors = Counter(e["error"]["kind"] for e in expectations if e["error"])
    assert errors["truncated"] >= 5
    assert {"mismatched", "invalid_json", "no_plan", "empty"} <= set(errors)
    codes = Counter(finding[1] for e in expectations for finding in e["findings"])
    for code in ("CONTRA_NO_TOOL", "TOOL_DENY", "RAW_SECRET", "BOUND_VIOLATION", "CONFIRMATION_REQUIRED",
                 "LOOP_DETECTED", "SCHEMA_INVALID", "DATA_EXFILTRATION"):  # fmt: skip
        assert codes[code] >= 1, code
    clean = [e for e in expectations if e["plan"] is not None and not e["findings"]]
    assert len(clean) >= 15
