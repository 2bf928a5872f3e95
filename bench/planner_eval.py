"""Evaluation: how often does the compiler end with a lint-clean plan, after 0, 1 and 2 repair rounds?

The models are scripted and flawed on purpose. Each goal has a correct plan; a model's first draft breaks it
with two flaws drawn (seeded) from what models really get wrong: an invented tool, a missing confirmation,
an amount out of bounds, a pasted secret, a denied tool, a missing argument, a dependency cycle, a reference
to a step that does not exist. Each flaw is undone when the repair prompt names its lint code, depending on
how the model behaves:

* ``careful``: no flaws, but messy formatting (fence, prose, comments, trailing commas);
* ``diligent``: fixes every flaw the findings name;
* ``partial``: fixes one named flaw per round;
* ``truncating``: its first reply is cut off mid-JSON; then behaves like ``diligent``;
* ``list-writer``: answers with a numbered list first; then writes the JSON plan, fixing what is named;
* ``stubborn``: repeats its first draft whatever it is told.

Drafts after the first are written in the model's own style (careful and sloppy models alike), so the
tolerant parser is exercised on every round. Prints, per model, the share of goals that end lint-clean
within 0, 1 and 2 repair rounds, and the wall time.

Run: ``python bench/planner_eval.py [--seed 7] [--flaws 2]``
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import random
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from plankit.compile import compile_goal
from plankit.lint import Linter, Policy
from plankit.llm import Message
from plankit.testing import FunctionLlm
from plankit.tools import ToolRegistry

Plan = dict[str, Any]


def _tool(name: str, description: str, required: dict[str, str], **traits: bool) -> dict[str, Any]:
    properties = {key: {"type": kind} for key, kind in required.items()}
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return {"name": name, "description": description, "params_schema": schema, **traits}


TOOLS = ToolRegistry.from_data(
    [
        _tool("db.query", "Read-only SQL", {"query": "string"}, read_only=True),
        _tool("crm.get_customer", "A customer record", {"customer_id": "string"}),
        _tool("crm.update", "Update a customer", {"customer_id": "string", "fields": "object"}),
        _tool("payments.transfer", "Send money", {"amount": "number", "to": "string"}),
        _tool("payments.refund", "Refund an order", {"order_id": "string", "amount": "number"}),
        _tool("notify.email", "Send an email", {"to": "string", "body": "string"}, sink=True),
        _tool("notify.slack", "Post to Slack", {"channel": "string", "text": "string"}, sink=True),
        _tool("http.get", "Fetch a URL", {"url": "string"}),
        _tool("file.write", "Write a file", {"path": "string", "content": "string"}, sink=True),
        _tool("calendar.create_event", "Create an event", {"title": "string", "start": "string"}),
    ]
)
POLICY = Policy.from_data(
    {
        "name": "eval",
        "deny_tools": ["shell.*", "*.delete*"],
        "require_confirmation": ["payments.*"],
        "bounds": {"payments.transfer.amount": [0.01, 1000], "payments.refund.amount": [0.01, 500]},
        "allow_domains": ["example.com"],
    }
)


def _step(step_id: str, tool: str, params: dict[str, Any], after: list[str] | None = None, **extra: Any) -> Plan:
    return {"id": step_id, "tool": tool, "params": params, **({"depends_on": after} if after else {}), **extra}


PAY = {"require_confirmation": True}
GOALS: list[tuple[str, list[Plan]]] = [
    ("Refund order A-1 and tell the customer", [
        _step("order", "db.query", {"query": "SELECT total, email FROM orders WHERE id = 'A-1'"}),
        _step("refund", "payments.refund", {"order_id": "A-1", "amount": 120}, ["order"], **PAY),
        _step("tell", "notify.email", {"to": "{{order.result.email}}", "body": "Refunded."}, ["refund"]),
    ]),
    ("Pay invoice INV-7", [
        _step("invoice", "db.query", {"query": "SELECT amount, iban FROM invoices WHERE id = 'INV-7'"}),
        _step("pay", "payments.transfer", {"amount": 640, "to": "{{invoice.result.iban}}"}, ["invoice"], **PAY),
    ]),
    ("Post the weekly sales to Slack", [
        _step("sales", "db.query", {"query": "SELECT SUM(total) FROM orders WHERE created_at > now() - 7"}),
        _step("post", "notify.slack", {"channel": "#sales", "text": "Sales: {{sales.result}}"}, ["sales"]),
    ]),
    ("Upgrade customer 88 to gold", [
        _step("customer", "crm.get_customer", {"customer_id": "88"}),
        _step("upgrade", "crm.update", {"customer_id": "88", "fields": {"tier": "gold"}}, ["customer"]),
    ]),
    ("Archive the status page", [
        _step("status", "http.get", {"url": "https://status.example.com"}),
        _step("save", "file.write", {"path": "archive/status.json", "content": "{{status.result}}"}, ["status"]),
    ]),
    ("Book the quarterly review", [
        _step("book", "calendar.create_event", {"title": "Q3 review", "start": "2025-10-01T09:00:00Z"}),
        _step("announce", "notify.slack", {"channel": "#team", "text": "Review booked"}, ["book"]),
    ]),
    ("Pay the freelancer and thank them", [
        _step("pay", "payments.transfer", {"amount": 300, "to": "acct-freelancer"}, **PAY),
        _step("thanks", "notify.email", {"to": "freelancer@example.com", "body": "Paid, thank you!"}, ["pay"]),
    ]),
    ("Refund the duplicate charge on order B-2", [
        _step("charges", "db.query", {"query": "SELECT id, amount FROM charges WHERE order_id = 'B-2'"}),
        _step("refund", "payments.refund", {"order_id": "B-2", "amount": 45}, ["charges"], **PAY),
    ]),
    ("Tag trial users who signed up today", [
        _step("trials", "db.query", {"query": "SELECT id FROM users WHERE plan = 'trial'"}),
        _step("tag", "crm.update", {"customer_id": "{{trials.result.id}}", "fields": {"tag": "new"}}, ["trials"]),
    ]),
    ("Check the API health and report it", [
        _step("health", "http.get", {"url": "https://api.example.com/health"}),
        _step("report", "notify.slack", {"channel": "#ops", "text": "{{health.result.status}}"}, ["health"]),
        _step("log", "file.write", {"path": "logs/health.txt", "content": "{{health.result}}"}, ["health"]),
    ]),
    ("Send the board the monthly numbers", [
        _step("numbers", "db.query", {"query": "SELECT * FROM monthly_kpis"}),
        _step("send", "notify.email", {"to": "board@example.com", "body": "{{numbers.result}}"}, ["numbers"]),
    ]),
    ("Reimburse the team lunch", [
        _step("pay", "payments.transfer", {"amount": 180, "to": "acct-team"}, **PAY),
        _step("note", "notify.slack", {"channel": "#team", "text": "Lunch reimbursed"}, ["pay"]),
    ]),
]  # fmt: skip


# ------------------------------------------------------------------------------------------------ flaws
@dataclass(frozen=True)
class Flaw:
    """A way to break a correct plan, and the lint code whose finding makes a model undo it."""

    name: str
    code: str
    applies: Callable[[list[Plan]], bool]
    apply: Callable[[list[Plan]], None]


def _payment(steps: list[Plan]) -> Plan | None:
    return next((step for step in steps if step["tool"].startswith("payments.")), None)


def _over_bound(steps: list[Plan]) -> None:
    payment = _payment(steps)
    assert payment is not None
    payment["params"]["amount"] = 25_000


def _unconfirmed(steps: list[Plan]) -> None:
    payment = _payment(steps)
    assert payment is not None
    payment.pop("require_confirmation")


def _cycle(steps: list[Plan]) -> None:
    steps[0]["depends_on"] = [steps[-1]["id"]]


FLAWS = [
    Flaw("invented tool", "CONTRA_NO_TOOL", lambda s: True, lambda s: s[0].update(tool="sms.send")),
    Flaw("no confirmation", "CONFIRMATION_REQUIRED", lambda s: _payment(s) is not None, _unconfirmed),
    Flaw("amount out of bounds", "BOUND_VIOLATION", lambda s: _payment(s) is not None, _over_bound),
    Flaw("pasted secret", "RAW_SECRET", lambda s: True,
         lambda s: s[-1]["params"].update(api_key="sk_live_51Hx9QmKf3vT8aZp2LwN7cYbR4eD")),
    Flaw("denied tool", "TOOL_DENY", lambda s: True,
         lambda s: s.append({"id": "cleanup", "tool": "shell.exec", "params": {"cmd": "rm -rf tmp"}})),
    Flaw("missing argument", "TOOL_ARGS_INVALID", lambda s: True,
         lambda s: s[0]["params"].pop(next(iter(s[0]["params"])))),
    Flaw("dependency cycle", "LOOP_DETECTED", lambda s: len(s) > 1, _cycle),
    Flaw("unknown reference", "UNKNOWN_REFERENCE", lambda s: True,
         lambda s: s[-1]["params"].update(note="{{ghost.result}}")),
]  # fmt: skip


def render(goal: str, steps: list[Plan], flaws: list[Flaw]) -> Plan:
    broken = copy.deepcopy(steps)
    for flaw in flaws:
        flaw.apply(broken)
    return {"goal": goal, "steps": broken}


# ------------------------------------------------------------------------------------------------ models
_CODE = re.compile(r"^- \[([A-Z_]+)\]", re.MULTILINE)


@dataclass
class ScriptedModel:
    """One flawed model working on one goal; :meth:`reply` is the FunctionLlm handler."""

    behaviour: str
    goal: str
    steps: list[Plan]
    flaws: list[Flaw]
    calls: int = 0
    first: str = field(default="")

    def reply(self, messages: list[Message], schema: Mapping[str, Any] | None) -> str:
        self.calls += 1
        feedback = messages[-1].content if self.calls > 1 else ""
        named = set(_CODE.findall(feedback))
        fixable = [flaw for flaw in self.flaws if flaw.code in named]
        if self.behaviour in ("diligent", "truncating", "list-writer", "careful"):
            self.flaws = [flaw for flaw in self.flaws if flaw not in fixable]
        elif self.behaviour == "partial" and fixable:
            self.flaws.remove(fixable[0])
        text = json.dumps(render(self.goal, self.steps, self.flaws), indent=2)
        if self.calls == 1 and self.behaviour == "truncating":
            return text[: len(text) // 2]
        if self.calls == 1 and self.behaviour == "list-writer":
            return "\n".join(f"{n}. {step['tool']}: do {step['id']}" for n, step in enumerate(self.steps, 1))
        if self.behaviour == "stubborn":
            self.first = self.first or text
            return self.first
        return _messy(text) if self.behaviour == "careful" else text


def _messy(text: str) -> str:
    """A fence, prose around it, a comment and trailing commas: how small models write JSON."""
    body = text.replace('"steps": [', '"steps": [ // the plan', 1).replace("\n  ]\n}", ",\n  ],\n}")
    return f"Sure! Here's the plan:\n\n```json\n{body}\n```\n\nLet me know if anything should change."


async def evaluate(behaviour: str, seed: int, flaw_count: int) -> list[int | None]:
    """Repair rounds each goal needed to end lint-clean (None: not within 2)."""
    rng = random.Random(f"{seed}:{behaviour}")
    outcomes: list[int | None] = []
    for goal, steps in GOALS:
        usable = [flaw for flaw in FLAWS if flaw.applies(steps)]
        flaws = [] if behaviour == "careful" else rng.sample(usable, min(flaw_count, len(usable)))
        model = ScriptedModel(behaviour, goal, steps, list(flaws))
        result = await compile_goal(goal, FunctionLlm(model.reply), tools=TOOLS, policy=POLICY, max_repairs=2)
        outcomes.append(result.repairs if result.ok else None)
    return outcomes


def check_flaws() -> None:
    """Each flaw must yield its code on every goal it applies to, or the evaluation measures nothing."""
    linter = Linter(POLICY, tools=TOOLS)
    for goal, steps in GOALS:
        clean = linter.validate(render(goal, steps, []))
        assert clean.valid and not clean.errors, (goal, [e.code for e in clean.errors])
        for flaw in FLAWS:
            if flaw.applies(steps):
                codes = {error.code for error in linter.validate(render(goal, steps, [flaw])).errors}
                assert flaw.code in codes, (goal, flaw.name, codes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--flaws", type=int, default=2, help="flaws in each flawed first draft")
    args = parser.parse_args()
    check_flaws()
    behaviours = ["careful", "diligent", "partial", "truncating", "list-writer", "stubborn"]
    print(f"{len(GOALS)} goals, {args.flaws} flaws per flawed first draft, seed {args.seed}, max 2 repairs\n")
    print(f"{'model':<12} {'clean after 0':>14} {'after 1':>9} {'after 2':>9}")
    started = time.perf_counter()
    totals = [0, 0, 0]
    for behaviour in behaviours:
        outcomes = asyncio.run(evaluate(behaviour, args.seed, args.flaws))
        shares = [sum(1 for o in outcomes if o is not None and o <= k) for k in range(3)]
        totals = [total + share for total, share in zip(totals, shares, strict=True)]
        cells = [f"{100 * share / len(outcomes):.0f}%" for share in shares]
        print(f"{behaviour:<12} {cells[0]:>14} {cells[1]:>9} {cells[2]:>9}")
    runs = len(GOALS) * len(behaviours)
    cells = [f"{100 * total / runs:.0f}%" for total in totals]
    print(f"{'all':<12} {cells[0]:>14} {cells[1]:>9} {cells[2]:>9}")
    print(f"\n{runs} compilations in {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
