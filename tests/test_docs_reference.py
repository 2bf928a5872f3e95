"""The generated reference pages of the documentation site (docs/_gen/reference.py), without mkdocs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from plankit.lint import RULES

GENERATOR = Path(__file__).resolve().parents[1] / "docs" / "_gen" / "reference.py"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("plankit_docs_reference", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rule_reference_documents_every_rule_from_its_own_docstring() -> None:
    page = _generator().rules_page()
    headings = [line.removeprefix("## ") for line in page.splitlines() if line.startswith("## ")]
    assert headings == list(RULES)
    start = page.index("## DUPLICATE_ID")
    assert page[start : page.index("## ", start + 3)] == (
        "## DUPLICATE_ID\n"
        "\n"
        "**duplicate-step-id** · error · risk weight 0.5\n"
        "\n"
        "Two steps share one id.\n"
        "\n"
        "**What it does:** finds step ids used more than once anywhere in the plan, nested steps included. The\n"
        "engine emits it while loading, one finding per repeated use, naming where the id was first used.\n"
        "\n"
        "**Why is this bad:** references (``{{s1.result}}``) and ``depends_on`` name steps by id; with two steps\n"
        "behind one id it is unknown which output a later step reads or which step it waits for.\n"
        "\n"
        "**Example:**\n"
        "\n"
        "```json\n"
        '{"steps": [{"id": "s1", "tool": "db.query"}, {"id": "s1", "tool": "notify.email"}]}\n'
        "```\n"
        "\n"
        "**Use instead:**\n"
        "\n"
        "```json\n"
        '{"steps": [{"id": "s1", "tool": "db.query"}, {"id": "s2", "tool": "notify.email"}]}\n'
        "```\n"
        "\n"
    )


def test_the_cli_reference_covers_every_command() -> None:
    page = _generator().cli_page()
    headings = [line.split(" ", 1)[1] for line in page.splitlines() if line.startswith(("## ", "### "))]
    for expected in ("plankit run", "plankit approve", "plankit dead-letters retry", "plankit policy default"):
        assert expected in headings
    resume_with = "| `--resume-with` `TOOLS` | After recording the decision, resume the execution with this tools"
    assert resume_with in page
    assert "<list[" not in page and "<bool>" not in page
