"""Plans the server tests send."""

from __future__ import annotations

from typing import Any


def echo_plan(goal: str = "say hello", steps: int = 2) -> dict[str, Any]:
    """A chain of echo steps s0 → s1 → ..., each passing the previous text on."""
    found: list[dict[str, Any]] = [{"id": "s0", "tool": "echo", "args": {"text": goal}}]
    for index in range(1, steps):
        found.append(
            {
                "id": f"s{index}",
                "tool": "echo",
                "args": {"text": f"{{{{s{index - 1}.text}}}}"},
                "depends_on": [f"s{index - 1}"],
            }
        )
    return {"goal": goal, "steps": found}


def approval_plan() -> dict[str, Any]:
    """A payment that needs an approval; its label is markup that must show as text; one lint note (info)."""
    return {
        "goal": "pay the invoice",
        "steps": [
            {"id": "greet", "label": "<script>alert(1)</script>", "tool": "echo", "args": {"text": "hi"}},
            {"id": "pay", "tool": "echo", "args": {"text": "{{greet.text}}"}, "require_confirmation": True},
        ],
    }


def refused_plan() -> dict[str, Any]:
    """A plan the default policy refuses (a cycle)."""
    return {
        "goal": "loop forever",
        "steps": [
            {"id": "a", "tool": "echo", "depends_on": ["b"]},
            {"id": "b", "tool": "echo", "depends_on": ["a"]},
        ],
    }


def cron_plan() -> dict[str, Any]:
    """A daily plan at 09:00 in New York."""
    return {
        "goal": "daily report",
        "trigger": {"type": "cron", "expression": "0 9 * * *", "timezone": "America/New_York"},
        "steps": [{"id": "report", "tool": "echo", "args": {"text": "report"}}],
    }
