"""Data rules: what the values in a plan say. Bounds on amounts, secrets and personal data written into
the plan, SQL that writes where it must only read or is built from text, and file paths that escape."""

from __future__ import annotations

import fnmatch
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ...plan import ActionNode, LlmNode
from ...tools import tool_matches
from .._context import LintContext
from .._detect import (
    PII_FORMATS,
    SECRET_FORMATS,
    WRITE_KEYWORDS,
    PiiHit,
    SecretHit,
    ToolRoles,
    could_match,
    find_pii,
    find_secrets,
    is_reference_value,
    is_secret_name,
    is_single_reference,
    literal_of,
    literal_text,
    looks_like_sql,
    mask,
    name_words,
    path_problem,
    plan_text,
    present_formats,
    sql_writes,
    template_references,
    template_text,
    walk_strings,
)
from .._findings import Finding, Severity
from .._registry import rule

_ANY_WRITE_KEYWORD = re.compile("|".join(map(re.escape, sorted(WRITE_KEYWORDS))))
"""Any write keyword as plain text (the rule's first look at the plan's upper-cased strings)."""

# ------------------------------------------------------------------------------------------- bounds
_NUMERIC = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$")


@dataclass(frozen=True, slots=True)
class _Bound:
    key: str
    argument: tuple[str, ...]
    low: float
    high: float


def _bounds_by_tool(bounds: dict[str, tuple[float, float]], tools: set[str]) -> dict[str, list[_Bound]]:
    """Each bound under the tools it applies to: the longest dotted prefix of its key that names (or, as a
    glob, matches) a tool of the plan is the tool; the rest of the key is the argument path."""
    by_tool: dict[str, list[_Bound]] = {}
    for key, (low, high) in bounds.items():
        parts = key.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:cut])
            if any(char in prefix for char in "*?["):
                matched = sorted(tool for tool in tools if fnmatch.fnmatchcase(tool, prefix))
            else:
                matched = [prefix] if prefix in tools else []
            for tool in matched:
                by_tool.setdefault(tool, []).append(_Bound(key, tuple(parts[cut:]), low, high))
            if matched:
                break
    return by_tool


def _values_at(params: dict[str, Any], argument: tuple[str, ...], path: str) -> list[tuple[Any, str]]:
    """The values at a dotted argument path; a list on the way (or at the end) applies it to each item."""
    current: list[tuple[Any, str]] = [(params, path)]
    for segment in argument:
        found: list[tuple[Any, str]] = []
        for value, where in _spread(current):
            if isinstance(value, dict) and not is_reference_value(value) and segment in value:
                found.append((value[segment], f"{where}.{segment}"))
        current = found
    return _spread(current)


def _spread(values: list[tuple[Any, str]]) -> list[tuple[Any, str]]:
    spread: list[tuple[Any, str]] = []
    for value, where in values:
        if isinstance(value, list):
            spread.extend((item, f"{where}[{index}]") for index, item in enumerate(value))
        else:
            spread.append((value, where))
    return spread


def _number(value: Any) -> float | str | None:
    """The literal number in ``value`` (numbers and numeric strings), an error text, or None when the value
    is only known at run time."""
    if is_reference_value(value):
        return None
    value = literal_of(value)
    if isinstance(value, bool) or value is None or isinstance(value, dict | list):
        return f"is not a number ({_describe(value)})"
    if isinstance(value, int | float):
        return float(value)
    if template_references(value, "$"):
        return None
    text = value.strip()
    if not _NUMERIC.match(text):  # JSON's number syntax (Python's float() also takes "1_000" and "nan")
        return f"is not a number ({_describe(value)})"
    number = float(text)
    return number if math.isfinite(number) else f"is not a finite number ({_describe(value)})"


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    return "an object" if isinstance(value, dict) else "a list" if isinstance(value, list) else repr(value)


def _show(number: float) -> str:
    return str(int(number)) if number.is_integer() and abs(number) < 1e15 else repr(number)


@rule(
    "BOUND_VIOLATION",
    "out-of-bounds-argument",
    severity=Severity.ERROR,
    summary="A literal argument is outside the range the policy's bounds allow.",
)
def out_of_bounds_argument(ctx: LintContext) -> Iterator[Finding]:
    """What it does: applies ``policy.bounds`` such as ``"payments.transfer.amount": [0.01, 1000]``. The
    tool is the longest dotted prefix of the key that names a tool of the plan (``payments.transfer``); the
    rest is the argument path, nested paths allowed (``payments.transfer.limits.daily``), and a list on the
    way applies the bound to each item. Literal numbers and numeric strings outside the range are errors;
    so is a value that is not a number at all. References are only known at run time and are skipped.

    Why is this bad: bounds are the last line between a confused model and a very large transfer.
    (plan-lint never applied bounds to dotted tool names; these apply.)

    Example: with ``bounds: {"payments.transfer.amount": [0.01, 1000]}``,
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 5000}}]}

    Use instead: an amount within the bound (or several approved payments):
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 500}}]}
    """
    if not ctx.policy.bounds:
        return
    by_tool = _bounds_by_tool(ctx.policy.bounds, set(ctx.tools_used))
    for node, path in ctx.actions_of(by_tool):
        for bound in by_tool.get(node.tool, ()):
            argument = ".".join(bound.argument)
            hint = f"policy bound {bound.key!r} allows [{_show(bound.low)}, {_show(bound.high)}]"
            for value, where in _values_at(node.params, bound.argument, f"{path}.params"):
                number = _number(value)
                if number is None:
                    continue
                if isinstance(number, str):
                    problem = number
                elif number > bound.high:
                    problem = f"= {_show(number)} is above the maximum {_show(bound.high)}"
                elif number < bound.low:
                    problem = f"= {_show(number)} is below the minimum {_show(bound.low)}"
                else:
                    continue
                yield Finding(f"{argument} of {node.tool!r} {problem}", node_id=node.id, path=where, hint=hint)


# ------------------------------------------------------------------------------------- plan strings
_LIST_ITEM = re.compile(r"\[\d+\]")


_PlanString = tuple[ActionNode | LlmNode | None, str, str, str, bool]


def _plan_strings(ctx: LintContext) -> list[_PlanString]:
    """:func:`_read_plan_strings`, read once per lint run (several rules scan the same strings)."""
    return ctx.memo("plan_strings", lambda: list(_read_plan_strings(ctx)))


def _read_plan_strings(ctx: LintContext) -> Iterator[_PlanString]:
    """Every string a step sends (action params, llm prompts), then the plan's context, as
    ``(node or None, nearest key, text, json path, is a top-level param or an item of one)``. A string that
    is exactly one reference holds no data yet and is left out."""
    for visit in ctx.visits:
        node = visit.node
        if isinstance(node, ActionNode) and node.params:
            # Most params are flat: scalars are handled here, and a path is built only for a string kept.
            for key, value in node.params.items():
                if value.__class__ is str:
                    if not is_single_reference(value):
                        yield node, key, value, f"{visit.path}.params.{key}", True
                elif isinstance(value, dict | list):
                    base = f"{visit.path}.params.{key}"
                    for inner_key, text, where in walk_strings(value, base, key):
                        if not is_single_reference(text):
                            top = isinstance(value, list) and _LIST_ITEM.fullmatch(where, len(base)) is not None
                            yield node, inner_key, text, where, top
        elif isinstance(node, LlmNode):
            yield node, "prompt", node.prompt, f"{visit.path}.prompt", True
    for key, text, where in walk_strings(ctx.plan.context, "$.context"):
        yield None, key, text, where, False


class _Memo:
    """Detector results by string: plans repeat the same strings across many steps. Only the ``formats``
    present somewhere in the plan are looked for (the others match no string of it)."""

    def __init__(self, secret_formats: tuple[Any, ...] = (), pii_formats: tuple[Any, ...] = ()) -> None:
        self.secrets: dict[tuple[str, str], list[SecretHit]] = {}
        self.pii: dict[str, list[PiiHit]] = {}
        self.secret_formats = secret_formats
        self.pii_formats = pii_formats

    def find_secrets(self, text: str, key: str) -> list[SecretHit]:
        # Only secret-looking keys change the result; others share one entry per text.
        memo_key = (text, key if is_secret_name(key) else "")
        hits = self.secrets.get(memo_key)
        if hits is None:
            hits = self.secrets[memo_key] = find_secrets(text, memo_key[1], self.secret_formats)
        return hits

    def find_pii(self, text: str) -> list[PiiHit]:
        hits = self.pii.get(text)
        if hits is None:
            hits = self.pii[text] = find_pii(text, self.pii_formats)
        return hits


@rule(
    "RAW_SECRET",
    "hardcoded-secret",
    severity=Severity.ERROR,
    summary="A credential is written into the plan instead of referenced.",
)
def hardcoded_secret(ctx: LintContext) -> Iterator[Finding]:
    """What it does: scans every param string, prompt and context value for ``policy.deny_tokens_regex``
    matches (in the literal text; template references are not text), known secret formats (AWS access
    keys, GitHub, Slack and Stripe tokens, ``sk-`` API keys, private key blocks, JWTs, bearer and basic-auth
    credentials, ``password=...`` assignments, passwords in URLs), any literal in a password-like key, and
    random-looking values in secret-looking keys (``api_key``, ``clientSecret``...). A UUID, and a hex digest
    in a checksum-like key (``sha256``, ``checksum``, ``digest``, ``hash``), are not secrets. Messages show
    only the first characters of a value.

    Why is this bad: plans are stored, logged, diffed and sent to models; a secret inside one has leaked.

    Example:
        {"steps": [{"id": "s3", "tool": "aws.s3_put", "args": {"access_key": "AKIAIOSFODNN7EXAMPLE"}}]}

    Use instead: a reference resolved at run time (with ``AWS_ACCESS_KEY_ID`` in ``env_allow``), or a
    tool that holds the credential:
        {"steps": [{"id": "s3", "tool": "aws.s3_put", "args": {"access_key": "{{env.AWS_ACCESS_KEY_ID}}"}}]}
    """
    # One C-speed pass over all the plan's text rules out (nearly always) every pattern and format at once.
    scan = plan_text(ctx)
    formats = present_formats(SECRET_FORMATS, scan.text)
    joined = literal_text(scan.text, " ") if ctx.policy.deny_patterns else ""
    patterns = [pattern for pattern in ctx.policy.deny_patterns if could_match(pattern, joined)]
    if not patterns and not formats and not any(is_secret_name(key) for key in scan.keys):
        return
    memo = _Memo(secret_formats=formats)
    hint = "don't write credentials into plans: let the tool hold them, or reference them ({{env.NAME}})"
    for node, key, text, where, _ in _plan_strings(ctx):
        node_id = node.id if node is not None else None
        if patterns:
            literal = template_text(text, " ")
            for pattern in patterns:
                if pattern.search(literal):
                    message = f"value matches the policy's denied pattern '{pattern.pattern}'"
                    yield Finding(message, node_id=node_id, path=where, hint=hint)
        kinds: set[str] = set()
        for hit in memo.find_secrets(text, key):
            if hit.kind not in kinds:
                kinds.add(hit.kind)
                yield Finding(f"raw secret: {hit.kind} {mask(hit.text)}", node_id=node_id, path=where, hint=hint)


_ADDRESS_KEYS = frozenset({"to", "cc", "bcc", "recipient", "recipients", "email", "emails", "from", "sender"})
_ADDRESS_PAIRS = frozenset({("reply", "to")})


def _is_address_key(key: str) -> bool:
    words = name_words(key)
    return key.lower() in _ADDRESS_KEYS or (len(words) == 2 and (words[0], words[1]) in _ADDRESS_PAIRS)


@rule(
    "PII_EXPOSED",
    "inline-personal-data",
    severity=Severity.WARNING,
    summary="Personal data (email, phone, card number, IBAN) is written into a step.",
)
def inline_personal_data(ctx: LintContext) -> Iterator[Finding]:
    """What it does: scans param strings and prompts for email addresses, phone numbers (E.164 and common
    national forms), card numbers (13 to 19 digits passing the Luhn check, with a major network's first
    digit) and IBANs (passing the mod-97 check). The addresses of sink tools (``to``, ``cc``, ``bcc``,
    ``recipient(s)``, ``email(s)``, ``from``, ``sender``, ``reply_to``, as top-level params) are expected and
    not reported; neither is the plan's ``context``, where a plan's data belongs. Messages mask the values.

    Why is this bad: plans are stored, logged and sent to models; personal data written into them spreads
    to every one of those places, beyond the purpose it was given for.

    Example:
        {"steps": [{"id": "note", "tool": "crm.note", "args": {"text": "Card 4111 1111 1111 1111 declined"}}]}

    Use instead: a reference resolved at run time:
        {"steps": [{"id": "note", "tool": "crm.note", "args": {"text": "Card {{s1.result.card_id}} declined"}}]}
    """
    formats = present_formats(PII_FORMATS, plan_text(ctx).text)
    if not formats:
        return
    roles = ToolRoles(ctx)
    memo = _Memo(pii_formats=formats)
    hint = "don't write personal data into plans: reference it ({{context.key}}, {{step.result}}) instead"
    for node, key, text, where, top in _plan_strings(ctx):
        if node is None:
            break  # the context comes last
        if top and isinstance(node, ActionNode) and _is_address_key(key) and roles.is_sink(node.tool):
            continue
        for hit in memo.find_pii(text):
            yield Finding(f"{hit.kind} {hit.masked()} in the plan", node_id=node.id, path=where, hint=hint)


# ---------------------------------------------------------------------------------------------- SQL
_SQL_KEYS = frozenset({"query", "sql", "statement", "statements", "sql_query", "queries"})
_SQL_TOOLS = ("db.*", "sql.*")


def _sql_texts(
    node: ActionNode,
    path: str,
    sql_tool: bool,
    needs_reference: bool = False,
    wanted: Callable[[str], bool] | None = None,
) -> Iterator[tuple[str, str]]:
    """The SQL strings of an action: query-like params of ``db.*``/``sql.*`` tools, any tool's ``sql``
    params, and any tool's ``query`` param that reads like SQL. ``needs_reference`` leaves out texts
    without a template reference, and ``wanted`` a plain string param it says no to, before their paths
    are built (most queries hold nothing to report)."""
    for key, value in node.params.items():
        if key not in _SQL_KEYS:
            continue
        if value.__class__ is str and (
            (needs_reference and "{" not in value) or (wanted is not None and not wanted(value))
        ):
            continue
        for _, text, where in walk_strings(value, f"{path}.params.{key}", key):
            if needs_reference and "{" not in text:
                continue
            if sql_tool or key != "query" or looks_like_sql(template_text(text)):
                yield text, where


@rule(
    "SQL_WRITE_READ_ONLY",
    "write-in-read-only-query",
    severity=Severity.ERROR,
    summary="A read-only query tool is given SQL that writes.",
)
def write_in_read_only_query(ctx: LintContext) -> Iterator[Finding]:
    """What it does: for tools matching ``policy.read_only_tools`` (default ``db.query_ro``, ``*.query_ro``,
    ``*.read_only``) or with ``read_only: true`` in their spec, tokenizes the query and flags statements
    using INSERT, UPDATE, DELETE, DROP, ALTER, TRUNCATE, CREATE, GRANT, REVOKE, MERGE, REPLACE, UPSERT or
    RENAME as SQL keywords. String literals, quoted identifiers and comments are skipped, so
    ``SELECT created_at, updated_by`` and ``WHERE note = 'please delete'`` are reads; every statement of a
    ``;``-separated batch is checked.

    Why is this bad: read-only tools are granted because they can't change anything; a write through one
    bypasses the review that writes get.

    Example:
        {"steps": [{"id": "q", "tool": "db.query_ro", "args": {"query": "SELECT 1; DROP TABLE users"}}]}

    Use instead: reads only in ``db.query_ro``; changes through a separate, reviewed write tool:
        {"steps": [{"id": "q", "tool": "db.query_ro", "args": {"query": "SELECT 1"}}]}
    """
    upper = plan_text(ctx).text.upper()
    if _ANY_WRITE_KEYWORD.search(upper) is None:
        return  # no string of the plan holds a write keyword at all
    roles = ToolRoles(ctx)
    writes_of: dict[str, list[tuple[int, list[str]]]] = {}  # plans repeat their queries: tokenize each once

    def writes_in(text: str) -> list[tuple[int, list[str]]]:
        found = writes_of.get(text)
        if found is None:
            found = writes_of[text] = sql_writes(template_text(text))
        return found

    def has_writes(text: str) -> bool:
        return bool(writes_in(text))

    for node, path in ctx.actions_of(tool for tool in ctx.tools_used if roles.is_read_only(tool)):
        if not node.params or _SQL_KEYS.isdisjoint(node.params):
            continue
        for text, where in _sql_texts(node, path, sql_tool=True, wanted=has_writes):
            for number, keywords in writes_in(text):
                writes = ", ".join(keywords)
                yield Finding(
                    f"read-only tool {node.tool!r} is given a write: {writes} (statement {number})",
                    node_id=node.id,
                    path=where,
                    hint="run writes through a write tool that is reviewed as such, or remove them",
                )


@rule(
    "SQL_INTERPOLATION",
    "interpolated-sql",
    severity=Severity.ERROR,
    summary="A step's SQL text has references pasted into it instead of bound parameters.",
)
def interpolated_sql(ctx: LintContext) -> Iterator[Finding]:
    """What it does: flags SQL text (query params of ``db.*``/``sql.*`` tools, any ``sql`` param, and any
    ``query`` param that reads like SQL) with a template reference inside it, such as
    ``"... WHERE id = {{s1.result.id}}"``. A query that is entirely one reference is not interpolation.

    Why is this bad: the referenced value becomes SQL. A name such as ``x' OR '1'='1`` coming from a web
    page or a model changes what the query does (SQL injection).

    Example:
        {"steps": [{"id": "q", "tool": "db.query_ro", "args": {"query": "SELECT * FROM t WHERE id = {{s1.id}}"}}]}

    Use instead: a placeholder, and the value as a bound argument:
        {"steps": [{"id": "q", "tool": "db.query_ro",
                    "args": {"query": "SELECT * FROM t WHERE id = $1", "args": ["{{s1.id}}"]}}]}
    """
    sql_tools: dict[str, bool] = {}
    scan = plan_text(ctx)
    # Interpolation needs a string holding a reference and more: such a string is never left out of the
    # plan's text (only strings that are exactly one reference are).
    if not _SQL_KEYS.intersection(scan.keys) or "{" not in scan.text:
        return
    for node, path in ctx.actions:
        if not node.params or _SQL_KEYS.isdisjoint(node.params):
            continue
        sql_tool = sql_tools.get(node.tool)
        if sql_tool is None:
            sql_tool = sql_tools[node.tool] = tool_matches(node.tool, _SQL_TOOLS)
        for text, where in _sql_texts(node, path, sql_tool, needs_reference=True):
            refs = template_references(text, where)
            if not refs or is_reference_value(text):
                continue
            shown = ", ".join(str(ref.text) for ref in refs[:3]) + (
                f" and {len(refs) - 3} more" if len(refs) > 3 else ""
            )
            yield Finding(
                f"SQL text interpolates {shown}",
                node_id=node.id,
                path=where,
                hint="use placeholders ($1, $2, ...) in the query and pass the values in args",
            )


# --------------------------------------------------------------------------------------------- paths
_PATH_WORDS = frozenset(
    {"path", "paths", "file", "files", "filename", "filenames", "filepath", "dir", "dirname", "directory"}
    | {"folder", "src", "source", "dest", "destination", "target", "location"}
)


@rule(
    "PATH_TRAVERSAL",
    "unsafe-file-path",
    severity=Severity.ERROR,
    summary="A file tool gets a path that climbs out with '..', reaches system directories or holds NUL.",
)
def unsafe_file_path(ctx: LintContext) -> Iterator[Finding]:
    """What it does: for ``file.*`` tools, checks path-like params (``path``, ``file``, ``filename``,
    ``dir``, ``src``, ``dest``, ``target``, ``output_path``...; lists too) for ``..`` segments, absolute paths
    into system or credential directories (``/etc``, ``/proc``, ``/sys``, ``/root``, ``~/.ssh``, ``~/.aws``,
    ``C:\\Windows``...) and NUL bytes, after decoding percent-escapes. The known parts of a templated path are
    checked (``{{s1.dir}}/../x`` climbs out); a path that is one reference is only known at run time.

    Why is this bad: a path is how a file tool is steered outside its workspace, to read keys or
    overwrite system files.

    Example:
        {"steps": [{"id": "r", "tool": "file.read", "args": {"path": "reports/../../etc/passwd"}}]}

    Use instead: a path inside the workspace:
        {"steps": [{"id": "r", "tool": "file.read", "args": {"path": "reports/2025-01.csv"}}]}
    """
    for node, path in ctx.actions_of(tool for tool in ctx.tools_used if tool.startswith("file.")):
        if not node.params:
            continue
        for key, text, where in walk_strings(node.params, f"{path}.params"):
            words = name_words(key)
            if not words or words[-1] not in _PATH_WORDS or is_reference_value(text):
                continue
            problem = path_problem(template_text(text, "_"))
            if problem is not None:
                yield Finding(
                    f"path {_describe(text)} {problem}",
                    node_id=node.id,
                    path=where,
                    hint="use a relative path inside the tool's workspace, without '..'",
                )
