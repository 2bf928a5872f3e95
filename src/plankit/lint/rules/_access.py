"""Access rules: which tools a plan may call, with which arguments, under which safeguards, reading which
environment variables, and sending to whom."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from ..._utils import did_you_mean
from ...plan import ActionNode, ConditionTrigger, LlmNode, Reference, condition_references
from ...tools import tool_matches
from .._context import LintContext
from .._detect import ToolRoles, is_reference_value, literal_of, template_text, tool_uses
from .._findings import Finding, Severity
from .._registry import rule
from .._static import visits_of


@rule(
    "TOOL_DENY",
    "denied-tool",
    severity=Severity.ERROR,
    summary="A step calls a tool the policy does not allow.",
)
def denied_tool(ctx: LintContext) -> Iterator[Finding]:
    """What it does: flags every tool that matches a ``deny_tools`` pattern, or, when ``allow_tools`` is set,
    matches none of its patterns. Patterns are globs (``payments.*``); deny wins over allow. The tools an
    ``llm`` step is offered count too, since the model may call any of them.

    Why is this bad: the policy is the list of what an agent may do; a plan that steps outside it is doing
    something nobody approved.

    Example: with ``allow_tools: ["db.query_ro", "notify.*"]``,
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 10}}]}

    Use instead: a tool the policy allows, or a policy that allows the tool after review:
        {"steps": [{"id": "ask", "tool": "notify.email", "args": {"to": "billing@example.com"}}]}
    """
    policy = ctx.policy
    if policy.allow_tools is None and not policy.deny_tools:
        return
    # Verdicts depend on the tool alone: decide each distinct tool once, and walk the steps only when some
    # tool is refused.
    offered = {tool for visit in visits_of(ctx, "llm") if isinstance(visit.node, LlmNode) for tool in visit.node.tools}
    verdicts = {tool: _tool_verdict(ctx, tool) for tool in sorted(ctx.tools_used | offered)}
    if all(verdict is None for verdict in verdicts.values()):
        return
    for node, tool, path in tool_uses(ctx):
        verdict = verdicts[tool]
        if verdict is not None:
            yield Finding(verdict.message, node_id=node.id, path=path, hint=verdict.hint)


def _tool_verdict(ctx: LintContext, tool: str) -> Finding | None:
    policy = ctx.policy
    denied_by = next((pattern for pattern in policy.deny_tools if tool_matches(tool, [pattern])), None)
    if denied_by is not None:
        return Finding(
            f"tool {tool!r} is denied by the policy (deny_tools: {denied_by!r})",
            hint="remove the step, or do this with a tool the policy allows",
        )
    if policy.allow_tools is not None and not tool_matches(tool, policy.allow_tools):
        hint = did_you_mean(tool, policy.allow_tools) or "add it to allow_tools, or use an allowed tool"
        return Finding(f"tool {tool!r} is not in the policy's allow_tools", hint=hint)
    return None


@rule(
    "CONTRA_NO_TOOL",
    "unknown-tool",
    severity=Severity.ERROR,
    summary="A step calls a tool that is not in the given tool registry.",
)
def unknown_tool(ctx: LintContext) -> Iterator[Finding]:
    """What it does: when tool specs are given (``--tools``), flags every tool a step uses that has no spec,
    and names the closest registered tool.

    Why is this bad: the step can't run; usually the planner invented the tool or misspelled it.

    Example: with ``notify.email`` registered,
        {"steps": [{"id": "mail", "tool": "notify.emial", "args": {"to": "ops@example.com"}}]}

    Use instead: a registered tool name, or register the tool:
        {"steps": [{"id": "mail", "tool": "notify.email", "args": {"to": "ops@example.com"}}]}
    """
    if ctx.tools is None:
        return
    names = ctx.tools.names()
    hints: dict[str, str] = {}
    for node, tool, path in tool_uses(ctx):
        if tool in ctx.tools:
            continue
        if tool not in hints:
            hints[tool] = did_you_mean(tool, names) or "register the tool, or use one of the registered tools"
        yield Finding(f"tool {tool!r} is not in the tool registry", node_id=node.id, path=path, hint=hints[tool])


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _type_ok(value: Any, expected: str | list[str]) -> bool:
    actual = _json_type(value)
    allowed = {expected} if isinstance(expected, str) else set(expected)
    if actual in allowed:
        return True
    if actual == "integer" and "number" in allowed:
        return True
    return actual == "number" and "integer" in allowed and float(value).is_integer()


_NUMERIC_TYPES = frozenset({"integer", "number"})


def _in_enum(value: Any, options: list[Any]) -> bool:
    kind = _json_type(value)
    for option in options:
        other = _json_type(option)
        # JSON compares 1 and 1.0 as equal, but never true and 1 (Python does).
        if value == option and (other == kind or {kind, other} <= _NUMERIC_TYPES):
            return True
    return False


def _schema_problems(params: dict[str, Any], schema: dict[str, Any]) -> Iterator[tuple[str, str, str | None]]:
    """Problems of ``params`` against the supported subset of JSON Schema (``type``, ``enum``,
    ``properties``, ``required``, ``additionalProperties: false``, ``items``), as
    ``(path suffix, message, hint)``. References are skipped: their values come at run time."""
    stack: list[tuple[Any, dict[str, Any], str, str]] = [(params, schema, "", "")]
    while stack:
        value, sub, name, suffix = stack.pop()
        if is_reference_value(value) or not isinstance(sub, dict):
            continue
        value = literal_of(value)
        expected = sub.get("type")
        if isinstance(expected, list):
            expected = [kind for kind in expected if isinstance(kind, str)] or None
        if isinstance(expected, str | list) and not _type_ok(value, expected):
            shown = expected if isinstance(expected, str) else " or ".join(expected)
            yield suffix, f"parameter {name or 'params'!r} should be {shown}, not {_json_type(value)}", None
            continue
        options = sub.get("enum")
        if isinstance(options, list) and not _in_enum(value, options):
            allowed = ", ".join(repr(option) for option in options[:10])
            yield suffix, f"parameter {name!r} must be one of {allowed}", None
        if isinstance(value, dict):
            children: list[tuple[Any, dict[str, Any], str, str]] = []
            yield from _object_problems(value, sub, name, suffix, children)
            stack.extend(reversed(children))
        elif isinstance(value, list) and isinstance(sub.get("items"), dict):
            for index in range(len(value) - 1, -1, -1):
                stack.append((value[index], sub["items"], f"{name}[{index}]", f"{suffix}[{index}]"))


def _object_problems(
    value: dict[str, Any],
    sub: dict[str, Any],
    name: str,
    suffix: str,
    children: list[tuple[Any, dict[str, Any], str, str]],
) -> Iterator[tuple[str, str, str | None]]:
    """Missing and unknown keys of one object; the values to check further go to ``children``."""
    properties = sub.get("properties")
    if not isinstance(properties, dict):
        properties = {}
    required = sub.get("required")
    for key in required if isinstance(required, list) else []:
        if isinstance(key, str) and key not in value:
            full = f"{name}.{key}" if name else key
            yield suffix, f"missing required parameter {full!r}", f"add {key!r} to {name or 'params'}"
    for key, item in value.items():
        full, where = (f"{name}.{key}" if name else str(key)), f"{suffix}.{key}"
        if key in properties:
            children.append((item, properties[key], full, where))
        elif sub.get("additionalProperties") is False:
            hint = did_you_mean(str(key), properties) or (
                f"known parameters: {', '.join(sorted(properties))}"
                if properties
                else f"{name!r} takes no keys: remove {str(key)!r}"
                if name
                else f"the tool takes no parameters: remove {str(key)!r}"
            )
            yield where, f"unknown parameter {full!r}", hint


@rule(
    "TOOL_ARGS_INVALID",
    "invalid-tool-arguments",
    severity=Severity.ERROR,
    summary="A step's params miss required arguments, add unknown ones, or have literals of the wrong type.",
)
def invalid_tool_arguments(ctx: LintContext) -> Iterator[Finding]:
    """What it does: when tool specs are given, checks each action's ``params`` against its tool's
    ``params_schema``: required arguments that are missing, arguments the schema does not know when it sets
    ``additionalProperties: false``, literal values of the wrong JSON type, and values outside an ``enum``
    (nested ``properties`` and array ``items`` too). A value that is a reference (``"{{s1.result.id}}"`` or a
    reference object) is only known at run time, so its type is not checked.

    Why is this bad: the call fails at run time, after the steps before it have already acted.

    Example: with ``notify.email`` taking ``to`` (a string, required) and ``subject``,
        {"steps": [{"id": "mail", "tool": "notify.email", "args": {"subjct": "Hi", "priority": 1}}]}

    Use instead:
        {"steps": [{"id": "mail", "tool": "notify.email", "args": {"to": "ops@example.com", "subject": "Hi"}}]}
    """
    if ctx.tools is None:
        return
    for node, path in ctx.actions:
        spec = ctx.tools.get(node.tool)
        if spec is None:
            continue
        # The checks below read the schema once per step and only descend where the params go.
        for suffix, problem, hint in _schema_problems(node.params, spec.params_schema):
            message = f"{problem} (tool {node.tool!r})"
            yield Finding(message, node_id=node.id, path=f"{path}.params{suffix}", hint=hint)


@rule(
    "CONFIRMATION_REQUIRED",
    "unconfirmed-sensitive-action",
    severity=Severity.ERROR,
    summary="A step calls a tool that the policy says needs confirmation, without require_confirmation.",
)
def unconfirmed_sensitive_action(ctx: LintContext) -> Iterator[Finding]:
    """What it does: flags actions whose tool matches ``policy.require_confirmation`` (globs) but which do
    not set ``require_confirmation: true``.

    Why is this bad: the policy says a person must approve these calls (money, deletions, messages to
    customers); without the flag the executor runs them unattended.

    Example: with ``require_confirmation: ["payments.*"]``,
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 500}}]}

    Use instead:
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 500},
                    "require_confirmation": true}]}
    """
    patterns = ctx.policy.require_confirmation
    if not patterns:
        return
    needed: dict[str, bool] = {}
    for node, path in ctx.actions:
        if node.require_confirmation:
            continue
        if node.tool not in needed:
            needed[node.tool] = tool_matches(node.tool, patterns)
        if needed[node.tool]:
            yield Finding(
                f"tool {node.tool!r} needs a confirmation by policy, but the step does not ask for one",
                node_id=node.id,
                path=f"{path}.require_confirmation",
                hint='set "require_confirmation": true',
            )


@rule(
    "MISSING_HANDLER",
    "unhandled-failure",
    severity=Severity.ERROR,
    summary="A step whose tool the policy says needs an error handler has none.",
)
def unhandled_failure(ctx: LintContext) -> Iterator[Finding]:
    """What it does: flags actions whose tool matches ``policy.require_handler`` (globs) with neither an
    ``on_error`` handler nor an ``on_failure`` policy, on the step itself or on any node enclosing it.

    Why is this bad: when such a step fails (a payment, a deployment) the plan stops halfway, with nothing
    to retry, compensate or tell anyone.

    Example: with ``require_handler: ["payments.*"]``,
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 5}}]}

    Use instead: a failure policy (or an ``on_error`` step):
        {"steps": [{"id": "pay", "tool": "payments.transfer", "args": {"amount": 5},
                    "on_failure": {"strategy": "retry", "max_attempts": 3}}]}
    """
    patterns = ctx.policy.require_handler
    if not patterns:
        return
    handled: dict[str, bool] = {}  # node id -> a failure policy applies to it (its own or an ancestor's)
    needed: dict[str, bool] = {}
    for visit in ctx.visits:  # pre-order: a parent is always seen before its children
        node = visit.node
        inherited = visit.parent is not None and handled[visit.parent.id]
        handled[node.id] = inherited or node.on_failure is not None
        if not isinstance(node, ActionNode) or handled[node.id] or node.on_error is not None:
            continue
        if node.tool not in needed:
            needed[node.tool] = tool_matches(node.tool, patterns)
        if needed[node.tool]:
            yield Finding(
                f"tool {node.tool!r} needs an error handler by policy, but the step has neither on_error "
                "nor on_failure",
                node_id=node.id,
                path=visit.path,
                hint="add on_failure (retry, skip, abort) or an on_error step, here or on an enclosing node",
            )


def _plan_references(ctx: LintContext) -> Iterator[tuple[str | None, Reference]]:
    """Every reference of the plan with the id of the node holding it (None for the trigger)."""
    for node_id, refs in ctx.graph.references.items():
        for ref in refs:
            yield node_id, ref
    trigger = ctx.plan.trigger
    if isinstance(trigger, ConditionTrigger):
        for ref in condition_references(trigger.when, "$.trigger.when"):
            yield None, ref


@rule(
    "ENV_DENY",
    "unlisted-env-read",
    severity=Severity.ERROR,
    summary="A plan reads an environment variable that the policy's env_allow does not list.",
)
def unlisted_env_read(ctx: LintContext) -> Iterator[Finding]:
    """What it does: flags every ``env`` reference (``{"type": "env", "key": "K"}``, ``{{env.K}}`` or
    ``${env.K}``, in params, prompts, conditions or the trigger) whose key is not in ``policy.env_allow``
    (names or globs such as ``APP_*``). The default policy allows none.

    Why is this bad: the environment of the executor holds its own credentials; a plan written by a model
    must not pick which of them to read.

    Example: with ``env_allow: ["PUBLIC_API_URL"]``,
        {"steps": [{"id": "get", "tool": "http.get", "args": {"token": "{{env.AWS_SECRET_ACCESS_KEY}}"}}]}

    Use instead: a key the policy lists for plans, or a tool that holds the credential itself:
        {"steps": [{"id": "get", "tool": "http.get", "args": {"url": "{{env.PUBLIC_API_URL}}/status"}}]}
    """
    allowed = ctx.policy.env_allow
    verdicts: dict[str, bool] = {}
    for node_id, ref in _plan_references(ctx):
        if ref.root != "env":
            continue
        key = ref.path
        if key not in verdicts:
            verdicts[key] = bool(key) and tool_matches(key, allowed)
        if verdicts[key]:
            continue
        if not key:
            hint = "reference one allowed key, such as {{env.NAME}}"
            yield Finding("the whole environment is referenced", node_id=node_id, path=ref.location, hint=hint)
            continue
        hint = did_you_mean(key, allowed) or f"add {key!r} to env_allow if plans may read it"
        message = f"environment variable {key!r} is not in the policy's env_allow"
        yield Finding(message, node_id=node_id, path=ref.location, hint=hint)


_RECIPIENT_KEYS = frozenset({"to", "cc", "bcc", "recipient", "recipients", "email", "emails"})
_URL_KEYS = frozenset({"url", "webhook_url", "endpoint"})
_PLACEHOLDER = "\x00"  # stands for a reference's run-time value; can't be part of a real address


def _recipients(params: dict[str, Any], path: str) -> Iterator[tuple[str, str, str]]:
    """``(recipient as written, what to check, json path)`` for each literal recipient of a sink call.

    What is checked is an address (lower-cased) or, for a URL, its host with a leading ``@``."""
    for key, value in params.items():
        if key not in _RECIPIENT_KEYS and key not in _URL_KEYS:
            continue
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            item = literal_of(item)
            if not isinstance(item, str) or is_reference_value(item):
                continue
            where = f"{path}.{key}[{index}]" if isinstance(value, list) else f"{path}.{key}"
            known = template_text(item, _PLACEHOLDER)
            if key in _URL_KEYS:
                host = _url_host(known)
                if host:
                    yield item, "@" + host, where
                continue
            for address in known.replace(";", ",").split(","):
                address = address.strip()
                if "<" in address and address.endswith(">"):
                    address = address[address.rindex("<") + 1 : -1].strip()
                if address:
                    yield address.replace(_PLACEHOLDER, "{{…}}"), address.lower(), where


def _url_host(url: str) -> str:
    """The host of a URL, lower-cased; a URL that can't be parsed gives itself (so no allow-list matches)."""
    try:
        parts = urlsplit(url if "//" in url else f"//{url}")
    except ValueError:  # such as an unclosed IPv6 bracket
        return url.lower()
    return (parts.hostname or "").rstrip(".")


def _domain_allowed(domain: str, domains: list[str]) -> bool:
    for allowed in domains:
        allowed = allowed.lower().lstrip("*").lstrip(".")
        if allowed and (domain == allowed or domain.endswith("." + allowed)):
            return True
    return False


def _recipient_allowed(checked: str, recipients: list[str] | None, domains: list[str] | None) -> bool:
    """Whether ``checked`` (an address, or ``@host`` for a URL) is allowed; a domain that is a run-time value
    can't be compared yet and is left to the executor."""
    if checked.startswith("@"):
        domain = target = checked[1:]
    else:
        domain, target = checked.rpartition("@")[2] if "@" in checked else "", checked
    if _PLACEHOLDER in domain:
        return True
    if domains is not None and domain and _domain_allowed(domain, domains):
        return True
    return recipients is not None and tool_matches(target, recipients)


@rule(
    "RECIPIENT_DENY",
    "unlisted-recipient",
    severity=Severity.ERROR,
    summary="A sink step sends to a recipient or host that the policy does not allow.",
)
def unlisted_recipient(ctx: LintContext) -> Iterator[Finding]:
    """What it does: when ``allow_recipients`` (globs such as ``*@example.com``) or ``allow_domains`` (a
    domain allows its subdomains too) are set, checks the recipients of every sink step (tools matching
    ``policy.sinks``, or specs with ``sink: true``): ``to``, ``cc``, ``bcc``, ``recipient(s)``, ``email(s)``
    (lists and comma-separated lists too, ``Name <addr>`` forms included), and the host of ``url``,
    ``webhook_url`` and ``endpoint``. A recipient is allowed when it matches ``allow_recipients`` or its
    domain is in ``allow_domains``. Recipients only known at run time (a reference, or a templated
    domain) are left to the executor.

    Why is this bad: a plan written by a model can be steered (prompt injection) into mailing data to an
    attacker; the allow-lists say where data may go.

    Example: with ``allow_domains: ["example.com"]``,
        {"steps": [{"id": "mail", "tool": "notify.email", "args": {"to": "boss@evil.test", "body": "..."}}]}

    Use instead:
        {"steps": [{"id": "mail", "tool": "notify.email", "args": {"to": "boss@example.com", "body": "..."}}]}
    """
    policy = ctx.policy
    if policy.allow_recipients is None and policy.allow_domains is None:
        return
    roles = ToolRoles(ctx)
    recipients = [pattern.lower() for pattern in policy.allow_recipients or []]
    allowed = (recipients if policy.allow_recipients is not None else None), policy.allow_domains
    for node, path in ctx.actions:
        if not node.params or not roles.is_sink(node.tool):
            continue
        for shown, checked, where in _recipients(node.params, f"{path}.params"):
            if not _recipient_allowed(checked, *allowed):
                what = "host" if checked.startswith("@") else "recipient"
                value = checked[1:] if what == "host" else shown
                yield Finding(
                    f"{what} {value!r} of sink tool {node.tool!r} is not allowed by the policy",
                    node_id=node.id,
                    path=where,
                    hint="send to an allowed recipient, or add it to allow_recipients / allow_domains",
                )
