"""Codes the engine itself emits, registered like rules so that they are documented (``plankit rules``).

Their check functions yield nothing: the findings come from the engine, which sees things no rule can (a
plan that does not load, a rule that crashes, a Rego policy's verdict, a malformed suppression).
"""

from __future__ import annotations

from collections.abc import Iterator

from ._context import LintContext
from ._findings import Finding, Severity
from ._registry import rule

SCHEMA_INVALID = "SCHEMA_INVALID"
DUPLICATE_ID = "DUPLICATE_ID"
RULE_CRASHED = "RULE_CRASHED"
INVALID_SUPPRESSION = "INVALID_SUPPRESSION"
REGO_VIOLATION = "REGO_VIOLATION"
GOAL_JUDGE = "GOAL_JUDGE"

ALWAYS_ON = frozenset({SCHEMA_INVALID, DUPLICATE_ID, RULE_CRASHED})
"""Codes that ``--select``/``--ignore`` and ``lint_ignore`` never silence: without them a plan that was not
checked at all could pass."""

ENGINE_CODES = frozenset({*ALWAYS_ON, INVALID_SUPPRESSION, REGO_VIOLATION, GOAL_JUDGE})
"""Every code in this module; the engine does not run their (empty) checks."""


@rule(SCHEMA_INVALID, "schema-invalid", severity=Severity.ERROR, summary="The document is not a valid plan.")
def schema_invalid(ctx: LintContext) -> Iterator[Finding]:
    """What it does: reports every problem that keeps the document from loading as a plan (a missing
    ``steps`` key, an unknown key, a wrong type, an invalid trigger), each with its JSON path. The engine
    emits these while loading; no other rule runs on a plan that does not load.

    Why is this bad: a plan that does not match the format can't be checked, scheduled or run; passing it
    would mean passing something nobody looked at.

    Example:
        {"steps": [{"id": "s1", "tool": "db.query", "parms": {"q": "SELECT 1"}}]}

    Use instead:
        {"steps": [{"id": "s1", "tool": "db.query", "params": {"q": "SELECT 1"}}]}

    A document that can't be read at all (a missing file, broken JSON or YAML) is not a finding but unusable
    input: ``plankit lint`` exits with 2 and ``validate_plan`` raises ``PlanFormatError``.
    """
    yield from ()


@rule(DUPLICATE_ID, "duplicate-step-id", severity=Severity.ERROR, summary="Two steps share one id.")
def duplicate_id(ctx: LintContext) -> Iterator[Finding]:
    """What it does: finds step ids used more than once anywhere in the plan, nested steps included. The
    engine emits it while loading, one finding per repeated use, naming where the id was first used.

    Why is this bad: references (``{{s1.result}}``) and ``depends_on`` name steps by id; with two steps
    behind one id it is unknown which output a later step reads or which step it waits for.

    Example:
        {"steps": [{"id": "s1", "tool": "db.query"}, {"id": "s1", "tool": "notify.email"}]}

    Use instead:
        {"steps": [{"id": "s1", "tool": "db.query"}, {"id": "s2", "tool": "notify.email"}]}
    """
    yield from ()


@rule(RULE_CRASHED, "rule-crashed", severity=Severity.ERROR, summary="A check failed; the plan is unchecked.")
def rule_crashed(ctx: LintContext) -> Iterator[Finding]:
    """What it does: reports a rule (or a Rego policy) that raised an exception or returned something the
    engine can't use, naming the rule and the error. Findings the rule yielded before it failed are kept.

    Why is this bad: a check that did not run says nothing about the plan. Counting it as a pass would let
    an unsafe plan through (plan-lint swallows such errors), so the plan fails instead.

    Example: a Rego policy whose ``violations`` contain an entry without a ``msg``.

    Use instead: fix the rule or the policy (or report the bug); this code can't be ignored or suppressed.
    """
    yield from ()


@rule(
    INVALID_SUPPRESSION,
    "invalid-lint-ignore",
    severity=Severity.WARNING,
    summary="A lint_ignore entry is malformed, so it suppresses nothing.",
)
def invalid_suppression(ctx: LintContext) -> Iterator[Finding]:
    """What it does: checks ``metadata.lint_ignore`` on steps (and ``meta.lint_ignore`` on the plan): it must
    be a list of ``{"code": ..., "reason": ...}`` with a non-empty reason. Malformed entries suppress nothing.

    Why is this bad: a suppression without a reason can't be reviewed, and a misspelled one silently fails
    to do what its author meant.

    Example:
        {"id": "s1", "tool": "db.query", "metadata": {"lint_ignore": ["RAW_SECRET"]}}

    Use instead:
        {"id": "s1", "tool": "db.query",
         "metadata": {"lint_ignore": [{"code": "RAW_SECRET", "reason": "test fixture key, not a secret"}]}}
    """
    yield from ()


@rule(
    REGO_VIOLATION,
    "rego-policy-violation",
    severity=Severity.ERROR,
    summary="A Rego policy reported a violation (each keeps the policy's own code).",
)
def rego_violation(ctx: LintContext) -> Iterator[Finding]:
    """What it does: evaluates the Rego policies given with ``--policy FILE.rego`` or listed under the
    policy's ``rego`` key, in process (``pip install 'plankit[rego]'``). The input document is the canonical
    plan JSON (``input.steps``, ``input.context`` always present). The engine queries
    ``data.plankit.violations``, a set or array of objects ``{"code": str, "msg": str, "step": int | str |
    null}`` where ``step`` is a top-level step index or a step id; optional ``severity`` (``error``,
    ``warning``, ``info``; default ``error``) and ``hint``. Each becomes a finding with the policy's own
    code. ``--select``/``--ignore REGO_VIOLATION`` turns every Rego policy on or off; its risk weight
    applies to codes that are not built-in.

    Why is this bad: whatever the organisation's policy forbids, in its own words.

    Example:
        package plankit
        import rego.v1
        violations contains v if {
            some i, step in input.steps
            step.tool == "payments.refund"
            step.params.amount > 500
            v := {"code": "REFUND_LIMIT", "msg": "refunds above 500 need a manager", "step": i}
        }

    Use instead: change the plan so the policy holds, or change the policy.
    """
    yield from ()


@rule(
    GOAL_JUDGE,
    "judged-not-in-goal",
    severity=Severity.WARNING,
    summary="A model judge (--judge-model) says a step does not serve the goal.",
)
def judged_not_in_goal(ctx: LintContext) -> Iterator[Finding]:
    """What it does: with ``plankit lint --judge-model PROVIDER:MODEL`` (off by default), after the static rules
    one request shows a model the goal and every side-effecting or ``GOAL_*``-flagged step (tool, effects,
    params, the static findings) and asks whether each serves the goal. A step it says does not gets this
    finding with the model's reason (an error under ``goal_alignment: error``). The judge only adds findings,
    never removes one: it reads the same attacker-written text the agent did. A request that fails or a reply
    that can't be used is a warning saying the judge gave no verdict.

    Why is this bad: it catches what static rules can't see, such as a recipient taken at run time from the
    attacker's own message (``{{inbox.result.reply_to}}``) when the goal does ask to send something.

    Example (goal "Reply to Bob about Friday"):
        {"id": "fwd", "tool": "email.send", "args": {"to": "{{inbox.result.messages[0].reply_to}}",
                                                     "body": "{{inbox.result}}"}}

    Use instead: remove the step, or make the goal say what the step is for.
    """
    yield from ()
