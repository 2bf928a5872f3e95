"""The lint engine: load a plan, run every selected rule, add Rego verdicts, apply suppressions, score.

One engine serves the API and the CLI: :func:`validate_plan` returns exactly what ``plankit lint`` prints.

* A document that can't be *read* (missing file, broken JSON/YAML) raises ``PlanFormatError``; one that
  reads but is not a valid plan yields ``SCHEMA_INVALID`` findings (one per problem, with its JSON path)
  and ``DUPLICATE_ID`` for every reused step id. No other rule runs on a plan that does not load.
* A rule that raises yields ``RULE_CRASHED`` naming the rule: the plan fails, it never passes unchecked.
* ``metadata.lint_ignore: [{code, reason}]`` on a node (``meta.lint_ignore`` on the plan, for plan-level
  findings) marks that node's findings with that code as suppressed: reported, never counted.
* A finding's ``step`` is the index of the top-level step that holds its node.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from operator import attrgetter
from pathlib import Path
from typing import Any

from .._utils import did_you_mean, gc_paused, utcnow
from ..errors import FormatProblem, PlanFormatError, PolicyError
from ..plan import Plan, PlanGraph, plan_from_data, plan_to_data
from ..plan._io import read_plan_document
from ..plan._tree import unwrap_top_level
from ..tools import ToolRegistry, ToolSpec, load_tools
from ._context import LintContext
from ._engine_codes import (
    ALWAYS_ON,
    DUPLICATE_ID,
    ENGINE_CODES,
    INVALID_SUPPRESSION,
    REGO_VIOLATION,
    RULE_CRASHED,
    SCHEMA_INVALID,
)
from ._findings import Diagnostic, Finding, Severity
from ._gates import GATES, Applies, Gate, is_simple
from ._policy import Policy, detached
from ._registry import RULES, Rule
from ._rego import RegoEvaluationError, RegoPolicy, RegoViolation
from ._result import ValidationResult
from ._risk import SEVERITY_WEIGHTS, risk_score, status_of
from ._summary import summarizer

PlanSource = Plan | Mapping[str, Any] | Sequence[Any] | str | Path | object
"""What the engine lints: a loaded plan, parsed data of any accepted shape, a file path (``-``: stdin), or a
plan object of another system: anything with ``to_plankit()`` (stepchain's and plan-lint's faces in
``plankit.seeds``) or ``to_plan()`` (corteX's ``ExecutionPlan``) returning a plan, or a pydantic model of a
plan (plan-lint's own ``Plan``)."""
PolicySource = Policy | str | Path | Sequence[str | Path] | None
"""A policy, one policy file, or several merged in order (``.rego`` files included); None: the default."""
ToolsSource = ToolRegistry | Iterable[ToolSpec | Mapping[str, Any]] | str | Path | None
"""A tool registry, specs (or their data), or a file :func:`~plankit.tools.load_tools` reads."""

_ALWAYS = Gate()
_STEP_IN_PATH = re.compile(r"^\$(?:\.steps)?\[(\d+)\]|^\$\.root(?![\w])")
_CHILD_KEYS = frozenset({"then", "else", "else_", "body", "on_error", "onError"})  # as documents spell them
_ID_KEYS = ("id", "step_id", "stepId")
_WRAPPED_STEP = re.compile(r"^\$\.root\.steps\[(\d+)\]")
_PATH_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_METADATA_OF = attrgetter("metadata")


def _refuse(name: str) -> None:
    raise AttributeError(
        f"Linter.{name} can't be changed: the rules that run were chosen for this linter's policy, tools and codes"
        " when it was made; make a new Linter(policy, tools=..., select=..., ignore=...)"
    )


class Linter:
    """A configured linter: policy, tools and rule selection are checked once, then any number of plans are
    linted. :func:`validate_plan` is a one-shot shortcut.

    ``policy``, ``tools``, ``codes`` and ``rules`` are read-only (assigning one raises ``AttributeError``): which
    rules run is decided once, here. The linter lints with its own copy of a ``Policy`` it is given, so changing
    that object later changes nothing here; ``policy`` is the copy, and it and the tool registry must not be
    changed in place while the linter is in use. For another configuration, make another ``Linter``."""

    def __init__(
        self,
        policy: PolicySource = None,
        *,
        tools: ToolsSource = None,
        select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
    ):
        self._policy = resolve_policy(policy)
        self._tools = resolve_tools(tools)
        levels = self._policy.severity
        off = {code for code, level in levels.items() if level == "off"}
        self._codes = enabled_codes(select, ignore) - off
        self._rules = tuple(r for r in RULES.values() if r.code in self.codes and r.code not in ENGINE_CODES)
        # The policy's per-code levels, applied in one pass after the rules (nothing to do without them), and
        # the risk weights that go with them (see _overrides).
        self._levels, self._weights = _overrides(self._policy)
        # What runs on each plan: the rules that can find something under this policy and these tools, each
        # with its plan gate (see _gates); and the per-tool verdicts every plan of this linter shares.
        gates = [
            (rule, gate)
            for rule, gate in ((rule, GATES.get(rule.code, _ALWAYS)) for rule in self.rules)
            if gate.configured is None or gate.configured(self.policy, self.tools)
        ]
        self._checks: list[tuple[Rule, Applies | None]] = [(rule, gate.applies) for rule, gate in gates]
        # A simple plan (flat, no trigger: most plans) skips, unasked, the rules it can't have anything for.
        self._simple_checks = [(rule, gate.applies) for rule, gate in gates if not gate.simple]
        self._by_tool: dict[tuple[str, str], Any] = {}
        use_rego = bool(self.policy.rego) and REGO_VIOLATION in self.codes
        self.rego = RegoPolicy(self.policy.rego) if use_rego else None

    # Read-only: which rules run (and the per-tool verdicts) is decided above, once, for this configuration;
    # a new policy, tool registry or selection on this object would leave those decisions stale.
    @property
    def policy(self) -> Policy:
        """The policy every plan is linted against."""
        return self._policy

    @policy.setter
    def policy(self, value: Policy) -> None:
        _refuse("policy")

    @property
    def tools(self) -> ToolRegistry | None:
        """The tool specs the rules consult, if any."""
        return self._tools

    @tools.setter
    def tools(self, value: ToolRegistry | None) -> None:
        _refuse("tools")

    @property
    def codes(self) -> frozenset[str]:
        """The codes that run: ``select`` minus ``ignore``, the always-on ones included."""
        return self._codes

    @codes.setter
    def codes(self, value: frozenset[str]) -> None:
        _refuse("codes")

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The rules that run (the engine's own codes aside)."""
        return self._rules

    @rules.setter
    def rules(self, value: tuple[Rule, ...]) -> None:
        _refuse("rules")

    def validate(
        self, plan: PlanSource, *, now: datetime | None = None, graph: PlanGraph | None = None
    ) -> ValidationResult:
        """The verdict on one plan: status, risk score, errors, warnings and suppressed findings, and (for a
        plan that loads) the plan IR's summary in ``validation`` (tools, chains, duration, gas).

        ``graph``: ``PlanGraph.of(plan)`` when the caller has built it already (the executor shares one graph
        between the lint and the run); it must be the graph of this very ``plan`` object.
        """
        with gc_paused():
            diagnostics, ctx = self._lint(plan, now, graph)
            result = self._result(diagnostics)
            risk = result.risk_score
            if ctx is not None:
                result.summarize = summarizer(ctx, diagnostics, risk, result.valid)
            # The rules' indexes go now: leaving the pause, the collector looks once at every object this run
            # made that is still alive (about 0.1 s for the 500,000 a 100,000-step graph holds).
            del ctx
        return result

    def lint(self, plan: PlanSource, *, now: datetime | None = None) -> list[Diagnostic]:
        """Every diagnostic for one plan, suppressed ones included, ordered by step (plan-level first)."""
        # Rules build many long-lived objects (graph, indexes); collections would find nothing to free but
        # rescan them all, which makes big plans superlinear.
        with gc_paused():
            return self._lint(plan, now)[0]

    def _lint(
        self, plan: PlanSource, now: datetime | None, graph: PlanGraph | None = None
    ) -> tuple[list[Diagnostic], LintContext | None]:
        loaded, diagnostics = _load(plan)
        ctx = None
        if loaded is not None:
            ctx = LintContext(loaded, self.policy, self.tools, now or utcnow(), self._by_tool)
            if graph is not None and graph.plan is loaded:
                vars(ctx)["graph"] = graph  # fills the cached property: the graph is built once
            try:
                checks = self._simple_checks if is_simple(ctx) else self._checks
            except Exception:  # the graph can't be built: every rule that reads it says so, as RULE_CRASHED
                checks = self._checks
            for rule, applies in checks:
                # _run, inlined: most rules find nothing, and this loop runs some thirty times per plan.
                try:
                    if applies is not None and not applies(ctx):
                        continue  # the rule can find nothing in this plan (see _gates)
                    for finding in rule.check(ctx):
                        if not isinstance(finding, Finding):
                            raise TypeError(f"yielded {type(finding).__name__}, not a Finding")
                        diagnostics.append(_diagnostic(rule.code, finding.severity or rule.severity, finding, ctx))
                except Exception as exc:  # any failure of a rule must fail the plan, not the linter
                    diagnostics.append(_crashed(rule, exc))
            if self.rego is not None:
                diagnostics.extend(self._rego_diagnostics(ctx, self.rego))
            diagnostics = self._suppress(ctx, diagnostics)
            if self._levels:
                diagnostics = self._leveled(diagnostics)
        diagnostics.sort(key=lambda d: -1 if d.step is None else d.step)
        return diagnostics, ctx

    def _leveled(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """``diagnostics`` with the policy's ``severity`` levels applied (a Rego policy's own codes take the
        level of ``REGO_VIOLATION``); the ones it does not name are returned as they are."""
        levels = self._levels
        rego = levels.get(REGO_VIOLATION)
        out = []
        for diagnostic in diagnostics:
            level = levels.get(diagnostic.code)
            if level is None and rego is not None and diagnostic.code not in RULES:
                level = rego
            if level is not None and level is not diagnostic.severity:
                d = diagnostic  # built directly: dataclasses.replace costs a few microseconds a finding
                diagnostic = Diagnostic(
                    d.code, level, d.message, d.node_id, d.step, d.path, d.hint, d.suppressed, d.suppression_reason
                )
            out.append(diagnostic)
        return out

    def _result(self, diagnostics: list[Diagnostic]) -> ValidationResult:
        """The verdict on these diagnostics: risk (with the weights of the policy's levels) and status."""
        risk = risk_score(diagnostics, self._weights)
        status = status_of(diagnostics, risk, self.policy.fail_risk_threshold)
        return ValidationResult.from_diagnostics(diagnostics, status, risk)

    def _rego_diagnostics(self, ctx: LintContext, rego: RegoPolicy) -> list[Diagnostic]:
        document = plan_to_data(ctx.plan)
        document.setdefault("context", {})
        try:
            violations = rego.evaluate(document)
            return [_rego_diagnostic(ctx, violation) for violation in violations]
        except RegoEvaluationError as exc:
            files = ", ".join(rego.files)
            return [_crash(f"Rego policy ({files}) crashed: {exc}", "fix the Rego policy; the plan is unchecked")]

    def _suppress(self, ctx: LintContext, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        ignores, problems = _suppressions(ctx)
        if INVALID_SUPPRESSION in self.codes:
            diagnostics.extend(problems)
        if not ignores:
            return diagnostics
        out = []
        for diagnostic in diagnostics:
            reason = ignores.get((diagnostic.node_id, diagnostic.code))
            if reason is not None and diagnostic.code not in ALWAYS_ON:
                diagnostic = _with_suppression(diagnostic, reason)
            out.append(diagnostic)
        return out


def lint_plan(
    plan: PlanSource,
    policy: PolicySource = None,
    *,
    tools: ToolsSource = None,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    now: datetime | None = None,
) -> list[Diagnostic]:
    """Every diagnostic for ``plan``, suppressed ones included (what ``plankit lint`` reports)."""
    return Linter(policy, tools=tools, select=select, ignore=ignore).lint(plan, now=now)


def validate_plan(
    plan: PlanSource,
    policy: PolicySource = None,
    *,
    tools: ToolsSource = None,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    now: datetime | None = None,
) -> ValidationResult:
    """Validate a plan (a :class:`~plankit.plan.Plan`, a dict of any accepted shape, or a path) against a
    policy (None: the built-in default). Raises ``PlanFormatError`` only for a document that can't be read,
    ``PolicyError`` for an unusable policy, tool spec file or rule selection."""
    return Linter(policy, tools=tools, select=select, ignore=ignore).validate(plan, now=now)


# ------------------------------------------------------------------------------------------ configuration
def resolve_policy(policy: PolicySource) -> Policy:
    """The policy a :class:`Linter` uses for ``policy`` (see :data:`PolicySource`)."""
    if policy is None:
        return Policy.default()
    if isinstance(policy, Policy):
        return detached(policy)  # the linter's own: changing the caller's object later changes nothing here
    if isinstance(policy, str | Path):
        return Policy.load_all([policy])
    return Policy.load_all(list(policy))


def resolve_tools(tools: ToolsSource) -> ToolRegistry | None:
    """The tool registry a :class:`Linter` uses for ``tools`` (see :data:`ToolsSource`)."""
    if tools is None or isinstance(tools, ToolRegistry):
        return tools
    if isinstance(tools, str | Path):
        return load_tools(tools)
    specs = [spec.model_dump() if isinstance(spec, ToolSpec) else spec for spec in tools]
    return ToolRegistry.from_data(specs)


def _overrides(policy: Policy) -> tuple[dict[str, Severity], Mapping[str, float]]:
    """The policy's ``severity`` levels (``off`` aside: those codes don't run), and the risk weights to score with.

    A code the policy gives a level weighs what a finding of that level weighs (``SEVERITY_WEIGHTS``: a note
    nothing, a warning 0.1, an error 0.4) instead of the code's built-in weight, which was chosen for the
    rule's own severity: ``TOOL_DENY: warning`` must not still fail the plan through its 0.8. A weight the
    policy's ``risk_weights`` gives the code still wins."""
    levels = {code: Severity(level) for code, level in policy.severity.items() if level != "off"}
    if not levels:
        return levels, policy.risk_weights
    weights = {code: SEVERITY_WEIGHTS[level] for code, level in levels.items()}
    weights.update(policy.risk_weights)
    return levels, weights


def enabled_codes(select: Iterable[str] | None, ignore: Iterable[str] | None) -> frozenset[str]:
    """The codes that run: ``select`` (all when None) minus ``ignore``; each entry is a code or a glob
    (``CONTRA_*``). ``SCHEMA_INVALID``, ``DUPLICATE_ID`` and ``RULE_CRASHED`` are always on."""
    chosen = set(RULES) if select is None else _expand(select, "--select")
    chosen -= _expand(ignore or (), "--ignore")
    return frozenset(chosen | ALWAYS_ON)


def _expand(patterns: Iterable[str], option: str) -> set[str]:
    codes: set[str] = set()
    for raw in patterns:
        pattern = raw.strip().upper()
        matched = {code for code in RULES if fnmatch.fnmatchcase(code, pattern)}
        if not matched:
            hint = did_you_mean(pattern, RULES) or "see `plankit rules` for the codes"
            raise PolicyError(f"unknown rule code {raw!r}", [FormatProblem(option, "no such code", hint)])
        codes |= matched
    return codes


# ------------------------------------------------------------------------------------------------ loading
def _load(source: PlanSource) -> tuple[Plan | None, list[Diagnostic]]:
    if isinstance(source, Plan):
        return source, []
    if isinstance(source, str | Path):
        # Read here, the document is the loader's own: validation reshapes it in place (canonical nodes are
        # not copied), and an error is described against the document as written, parsed again.
        document = read_plan_document(source)  # unreadable or too big: raised, as for any reading error
        try:
            return document.plan(), []
        except PlanFormatError as exc:
            return None, _load_diagnostics(document.original(), exc)
    if _is_plan_object(source):
        return _load_object(source)
    try:
        return plan_from_data(source, source="<data>"), []
    except PlanFormatError as exc:
        return None, _load_diagnostics(source, exc)


def _is_plan_object(source: object) -> bool:
    if isinstance(source, Mapping | Sequence | str | int | float | bool) or source is None:
        return False  # parsed data: the loader explains what is wrong with it
    return any(callable(getattr(source, name, None)) for name in ("to_plankit", "to_plan", "model_dump"))


def _load_object(source: object) -> tuple[Plan | None, list[Diagnostic]]:
    """A plan object of another system, converted by its own method (see :data:`PlanSource`)."""
    kind = type(source).__name__
    convert = getattr(source, "to_plankit", None) or getattr(source, "to_plan", None)
    try:
        if callable(convert):
            converted = convert()
            if not isinstance(converted, Plan):
                raise TypeError(f"{kind}.{convert.__name__}() returned {type(converted).__name__}, not a Plan")
            return converted, []
        data = source.model_dump(mode="json")  # type: ignore[attr-defined]
    except PlanFormatError as exc:
        return None, _load_diagnostics({}, exc)
    except ValueError as exc:  # the face's own checks (a stepchain dependency cycle, a corteX step...)
        where = f"{type(source).__module__}.{kind}"
        return None, [Diagnostic(SCHEMA_INVALID, Severity.ERROR, f"{where}: {exc}", path="$")]
    return _load(data)


def _load_diagnostics(data: Any, exc: PlanFormatError) -> list[Diagnostic]:
    policy_keys = policy_keys_of(data)
    if policy_keys:
        # One finding that says what the file is, rather than every policy key as an unknown plan key.
        shown = ", ".join(policy_keys[:4]) + (", ..." if len(policy_keys) > 4 else "")
        message = f"this is a policy, not a plan (it has {shown} and no steps)"
        hint = "lint plans with it: plankit lint PLAN --policy THIS_FILE"
        return [Diagnostic(SCHEMA_INVALID, Severity.ERROR, message, path="$", hint=hint)]
    duplicates = _duplicate_ids(data)
    out = [
        Diagnostic(
            SCHEMA_INVALID,
            Severity.ERROR,
            problem.message,
            _raw_step_id(data, problem.path),
            _raw_step_index(data, problem.path),
            problem.path,
            problem.hint,
        )
        for problem in exc.problems or [FormatProblem("$", exc.message)]
        if not (duplicates and problem.message.startswith("duplicate step id"))
    ]
    return out + duplicates


def policy_keys_of(data: Any) -> list[str]:
    """The policy keys of a document that is a policy handed in as a plan (no steps, no root, and most of its
    keys are policy keys); empty for anything else."""
    if not isinstance(data, dict) or "steps" in data or "root" in data or not data:
        return []
    keys = [str(key) for key in data]
    known = [key for key in keys if key in Policy.model_fields and key != "name"]
    return known if len(known) >= 2 and len(known) * 2 > len(keys) else []


def _duplicate_ids(data: Any) -> list[Diagnostic]:
    """Every reuse of a step id (the model reports only the first), at its path in the document as written."""
    stack = list(reversed(_top_nodes(data)))
    first: dict[str, str] = {}
    out: list[Diagnostic] = []
    while stack:
        node, path = stack.pop()
        if not isinstance(node, dict):
            continue
        id_key = next((key for key in _ID_KEYS if key in node), "id")
        node_id = node.get(id_key)
        if isinstance(node_id, str) and first.setdefault(node_id, path) != path:
            out.append(
                Diagnostic(
                    DUPLICATE_ID,
                    Severity.ERROR,
                    f"step id {node_id!r} is already used at {first[node_id]}",
                    node_id,
                    _raw_step_index(data, path),
                    f"{path}.{id_key}",
                    "give every step its own id, and update depends_on and references to match",
                )
            )
        children = node.get("steps")
        kids = [(c, f"{path}.steps[{i}]") for i, c in enumerate(children)] if isinstance(children, list) else []
        kids += [
            (child, f"{path}.{key}")
            for key, child in node.items()
            if isinstance(child, dict) and key in _CHILD_KEYS
        ]
        stack.extend(reversed(kids))
    return out


def _top_nodes(data: Any) -> list[tuple[Any, str]]:
    """The top-level steps of a raw plan document, each with its path as written (``$.steps[0]``, ``$.root``)."""
    if isinstance(data, list):
        return [(node, f"$[{index}]") for index, node in enumerate(data)]
    if not isinstance(data, dict):
        return []
    if isinstance(data.get("steps"), list):
        return [(node, f"$.steps[{index}]") for index, node in enumerate(data["steps"])]
    root = data.get("root")
    top = unwrap_top_level(root) if "root" in data else []
    if top and top[0] is root:
        return [(root, "$.root")]
    return [(node, f"$.root.steps[{index}]") for index, node in enumerate(top)]


def _step_in_path(path: str | None) -> int | None:
    match = _STEP_IN_PATH.match(path or "")
    if match is None:
        return None
    return int(match.group(1)) if match.group(1) is not None else 0


def _raw_step_index(data: Any, path: str) -> int | None:
    """The index of the top-level step a problem is in; in a tree document whose root is the ``parallel``
    that holds several top-level steps (``plankit fmt --shape tree`` writes one), the index under ``root``."""
    wrapped = _WRAPPED_STEP.match(path)
    if wrapped is not None and isinstance(data, dict):
        top = unwrap_top_level(data.get("root"))
        if not top or top[0] is not data.get("root"):
            return int(wrapped.group(1))
    return _step_in_path(path)


def _raw_step_id(data: Any, path: str) -> str | None:
    """The id of the innermost node a problem is in, read from the raw document along the problem's path (in
    the document's own spelling): a top-level step or ``root``, then every ``steps[i]``, ``then``, ``else``,
    ``body`` and ``on_error`` below it. A node without an id is placed in the nearest one that has one; a
    dict met anywhere else (``params``, ``metadata``...) is not a node, whatever its keys."""
    current, kind, found = data, "steps" if isinstance(data, list) else "plan", None
    for key, index in _PATH_PART.findall(path[1:] if path.startswith("$") else ""):
        if index:
            if kind != "steps" or not isinstance(current, list) or int(index) >= len(current):
                break
            current, kind = current[int(index)], "node"
        elif isinstance(current, dict) and key in current and _holds_nodes(kind, key):
            current, kind = current[key], "steps" if key == "steps" else "node"
        else:
            break
        if kind == "node" and isinstance(current, dict):
            node_id = next((current[key] for key in _ID_KEYS if key in current), None)
            found = node_id if isinstance(node_id, str) else found
    return found


def _holds_nodes(kind: str, key: str) -> bool:
    if kind == "plan":
        return key in ("steps", "root")
    return kind == "node" and (key == "steps" or key in _CHILD_KEYS)


# ------------------------------------------------------------------------------------------------ running
def _run(rule: Rule, ctx: LintContext, applies: Applies | None = None) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    try:
        if applies is not None and not applies(ctx):
            return out  # the rule can find nothing in this plan (see _gates)
        for finding in rule.check(ctx):
            if not isinstance(finding, Finding):
                raise TypeError(f"yielded {type(finding).__name__}, not a Finding")
            out.append(_diagnostic(rule.code, finding.severity or rule.severity, finding, ctx))
    except Exception as exc:  # any failure of a rule must fail the plan, not the linter
        out.append(_crashed(rule, exc))
    return out


def _crashed(rule: Rule, exc: Exception) -> Diagnostic:
    return _crash(
        f"rule {rule.code} ({rule.name}) crashed: {type(exc).__name__}: {exc}",
        "this is a bug in the rule; the plan was not fully checked",
    )


def _diagnostic(code: str, severity: Severity, finding: Finding, ctx: LintContext) -> Diagnostic:
    step = ctx.step_of.get(finding.node_id) if finding.node_id is not None else None
    if step is None:
        step = _step_in_path(finding.path)
    return Diagnostic(code, severity, finding.message, finding.node_id, step, finding.path, finding.hint)


def _crash(message: str, hint: str) -> Diagnostic:
    return Diagnostic(RULE_CRASHED, Severity.ERROR, message, hint=hint)


def _rego_diagnostic(ctx: LintContext, violation: RegoViolation) -> Diagnostic:
    step, node_id, path = violation.step, None, None
    if isinstance(step, int):
        if not 0 <= step < len(ctx.plan.steps):
            raise RegoEvaluationError(f"{violation.code}: step {step} is not a step index of this plan")
        node_id, path = ctx.plan.steps[step].id, f"$.steps[{step}]"
    elif isinstance(step, str):
        if step not in ctx.step_of:
            raise RegoEvaluationError(f"{violation.code}: step {step!r} is not a step id of this plan")
        node_id, path, step = step, ctx.graph.paths[step], ctx.step_of[step]
    rule = RULES.get(violation.code)
    if rule is not None and rule.code not in ENGINE_CODES:
        severity = rule.severity
    else:
        severity = Severity(violation.severity or "error")
    return Diagnostic(violation.code, severity, violation.msg, node_id, step, path, violation.hint)


# ------------------------------------------------------------------------------------------- suppression
def _suppressions(ctx: LintContext) -> tuple[dict[tuple[str | None, str], str], list[Diagnostic]]:
    """``(node id, code) -> reason`` from every ``lint_ignore``; and a diagnostic per malformed entry."""
    ignores: dict[tuple[str | None, str], str] = {}
    problems: list[Diagnostic] = []
    plan_level = ctx.plan.meta.get("lint_ignore")
    holders: list[tuple[str | None, Any, str]] = [(None, plan_level, "$.meta.lint_ignore")]
    if any(map(_METADATA_OF, ctx.graph.nodes.values())):  # most nodes have no metadata at all: one pass in C
        holders += [
            (visit.node.id, visit.node.metadata["lint_ignore"], f"{visit.path}.metadata.lint_ignore")
            for visit in ctx.visits
            if "lint_ignore" in visit.node.metadata
        ]
    for node_id, entries, path in holders:
        if entries is None and node_id is None:
            continue
        if not isinstance(entries, list):
            message = "lint_ignore must be a list of {code, reason}"
            problems.append(_bad_suppression(ctx, node_id, path, message))
            continue
        for index, entry in enumerate(entries):
            code = entry.get("code") if isinstance(entry, dict) else None
            reason = entry.get("reason") if isinstance(entry, dict) else None
            if not isinstance(code, str) or not isinstance(reason, str) or not reason.strip():
                message = "a lint_ignore entry needs a 'code' and a non-empty 'reason'"
                problems.append(_bad_suppression(ctx, node_id, f"{path}[{index}]", message))
                continue
            ignores[(node_id, code.strip().upper())] = reason.strip()
    return ignores, problems


def _bad_suppression(ctx: LintContext, node_id: str | None, path: str, message: str) -> Diagnostic:
    step = ctx.step_of.get(node_id) if node_id is not None else None
    hint = 'write [{"code": "RAW_SECRET", "reason": "why this finding does not apply"}]'
    return Diagnostic(INVALID_SUPPRESSION, Severity.WARNING, message, node_id, step, path, hint)


def _with_suppression(diagnostic: Diagnostic, reason: str) -> Diagnostic:
    return dataclasses.replace(diagnostic, suppressed=True, suppression_reason=reason)
