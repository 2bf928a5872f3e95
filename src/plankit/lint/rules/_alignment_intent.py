"""What the goal asks of an action, for ``GOAL_UNASKED_EFFECT`` (goal alignment, :mod:`._alignment`): whether
the action names what the goal names, makes or renews a code, notifies the user alone, sends a link to files,
or opens something to everyone the goal asks to publish; and the hints of its findings."""

from __future__ import annotations

import re

from ...plan import ActionNode, Reference
from .._context import LintContext
from .._detect import name_words
from .._effects import IMPACT, ToolEffects
from .._intent import Intent, clock_times
from .._static import memo, walk_params
from .._trusted import Trusted, target_kind
from ._alignment_common import _literal_targets, _opaque

_READ = frozenset({"read"})
_NOT_GRANTS = frozenset({"financial", "send", "destructive", "credentials"})
"""Tools with these effects pay, send, delete or change a secret: none is where a grant to everyone is set."""
_PUBLIC_WORDS = frozenset({"share", "publish", "publicly", "expose"})


def _names_any(action: ActionNode, named: frozenset[str]) -> bool:
    """Whether a literal value naming what the action works on is, or has a part that is, a distinctive goal
    word (a ``note`` or ``reason`` saying "restart" names nothing)."""
    for key, value, _where in walk_params(action.params or {}, "$", None):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # ``ro_number: 641273`` names the order the goal gives as "RO 641273"
        if not isinstance(value, str) or _describes(key):
            continue
        if value.strip() in named or any(part in named for part in re.split(r"[^a-z0-9]+", value.lower()) if part):
            return True  # a whole value: a time of day the goal gives (``after: "15:00"`` for *closing at 3pm*)
    return False


def _said_words(goal: str) -> frozenset[str]:
    """Every word of three letters or more the goal says, and its times of day: what a delete the goal asks
    for may be called by (*delete the plans*: ``delete_berth_plans``; *the checkout api backups*:
    ``ourco-backups``)."""
    lowered = goal.lower()
    return frozenset(word for word in _GOAL_WORD.findall(lowered) if len(word) >= 3) | clock_times(goal)


_GOAL_WORD = re.compile(r"[a-z0-9]+")


def _names_given_object(ctx: LintContext, action: ActionNode, path: str) -> bool:
    """Whether the action names its object by an id, an account or an address the user gave (``user_id:
    00u9667abc`` the context lists for the person the goal offboards)."""
    trusted: Trusted = memo(ctx, "trusted_values", lambda: Trusted(ctx))
    for kind, shown, _where in _literal_targets(walk_params(action.params, f"{path}.params", None)):
        if kind != "amount" and _opaque(shown) and trusted.trusts(kind, shown):
            return True
    return False


def _found_by_a_step(references: tuple[Reference, ...], ctx: LintContext, named: frozenset[str]) -> bool:
    """Whether the action works on something a step found by what the goal names: a reference to the output of
    a step whose own arguments name a distinctive goal word (``list_pods(label="app=notifier")`` for "restart
    the notifier"), in a parameter that names what it works on (not ``{{context.ticket}}``, not a ``note``). A
    step that lists everything (``listProjects(status="active")``) found nothing the goal named."""
    nodes = ctx.graph.nodes
    for reference in references:
        if reference.is_step:
            _, _, key = reference.location.partition(".params.")
            if key and not _describes(re.split(r"[.\[]", key, maxsplit=1)[0]):
                node = nodes.get(reference.root)
                if not isinstance(node, ActionNode) or _names_any(node, named):
                    return True
    return False


_SAYS_WHY = frozenset(
    {
        "note", "notes", "memo", "comment", "comments", "description", "desc", "reason", "why", "justification",
        "message", "explanation", "body", "text", "summary", "subject", "remarks",
    }
)  # fmt: skip
"""Last words of parameters that say why or what about (free text), not which object (``label`` and ``name``
do name one: a code labelled "Pool cleaner" is the pool cleaner's)."""


def _describes(key: str) -> bool:
    """A parameter that says something about the action (``note``, ``reason``, ``description``) rather than
    naming what it acts on."""
    words = name_words(key)
    return bool(words) and words[-1] in _SAYS_WHY and target_kind(key) is None


_SEND = frozenset({"send"})
_SCOPED = frozenset({"destructive", "share"})
_REVOKES = frozenset({"destructive", "credentials"})
_REACHABLE = re.compile(r"@|://|\+?\d[\d ().-]{6,}\d")
"""An address, a URL or a phone number, wherever it is written."""


_NOTIFY_WORDS = frozenset({"notify", "notification", "notifications", "push"})


_RENEW_WORDS = frozenset({"reset", "regenerate", "rotate", "renew", "replace", "change"})
_CODE_WORDS = frozenset({"code", "codes", "pin", "pins", "passcode", "keycode", "keypad"})


def _asks_new_code(intent: Intent) -> bool:
    """Whether the goal asks for a *new* code (*give them a new access code*): the old one is replaced."""
    return any(" new " in f" {phrase} " for phrase in intent.asked.get("credentials", ()))


def _renews_code(tool: str) -> bool:
    """Whether the tool's name replaces a code or PIN (``reset_gate_code``, ``pins.regenerate``): the new
    code a goal asks for, made by replacing the old one; a password reset is not one."""
    words = {word for part in re.split(r"[./:\s]+", tool) for word in name_words(part)}
    return bool(words & _RENEW_WORDS) and bool(words & _CODE_WORDS)


def _notifies(tool: str) -> bool:
    """Whether the tool is a notification service (``notify.send``, ``push.send``, ``ha.notify``): what it
    sends goes to the devices of the user who runs the plan unless a step names someone."""
    return any(word in _NOTIFY_WORDS for part in re.split(r"[./:\s]+", tool) for word in name_words(part))


_QUIET_KEYS = frozenset(
    [
        "title",
        "message",
        "body",
        "text",
        "subject",
        "summary",
        "details",
        "data",
        "priority",
        "sound",
        "icon",
        "badge",
        "tag",
        "tags",
        "service",
        "level",
        "severity",
        "category",
        "image",
        "color",
        "colour",
        "ttl",
        "silent",
        "critical",
        "html",
        "markdown",
        "format",
    ]
)
"""Words of a notification's keys that say what it says or how, never whom it reaches (``service`` is the
home's own notification service: ``notify.mobile_app_ana``)."""


def _names_anyone(action: ActionNode) -> bool:
    """Whether a send step may say whom it reaches: any parameter but its text and presentation (a recipient,
    a device token, a topic), or an address, URL or phone number in any value. A push notification with only a
    title and a text names no one."""
    for key, value, _where in walk_params(action.params or {}, "$", None):
        if value in (None, "", [], {}):
            continue
        if not set(name_words(key)) <= _QUIET_KEYS or (isinstance(value, str) and _REACHABLE.search(value)):
            return True
    return False


def _link_only_sent(ctx: LintContext, intent: Intent, action: ActionNode, effects_of: ToolEffects) -> bool:
    """Whether an open link (``audience: public``: anyone holding it) is how files the goal asks to send are
    sent: the goal asks to send files (*send them the WAVs*, *deliver the files*), the step makes a link, and
    every step that uses it only sends (its recipients are checked by the target rules); a link no step passes
    on, or one put anywhere else, is still a share to everyone."""
    words = {word for part in re.split(r"[./:\s]+", action.tool) for word in name_words(part)}
    if not (intent.asks("send") and intent.asks("share")) or "link" not in words:
        return False
    users = [
        node
        for node in ctx.graph.nodes.values()
        if isinstance(node, ActionNode) and any(ref.root == action.id for ref in ctx.graph.references.get(node.id, ()))
    ]
    return bool(users) and all((effects_of.of(node.tool)[0] & IMPACT) == {"send"} for node in users)


def _asks_public(intent: Intent) -> bool:
    """Whether the goal asks to open something to everyone: *share, publish, expose, make ... public*; posting
    or announcing to a channel asks to send to its members, not to open a bucket to the world."""
    words = intent.asked.get("share")
    return words is not None and any(word in _PUBLIC_WORDS or "public" in word for word in words)


_GRANT_HINT = (
    "grant access to the people the goal names instead of everyone; if the goal does want it public, say so "
    '("make ... public", "publish", "share")'
)
_VALUE_HINT = (
    "remove the step if nobody asked for it; otherwise say it in the goal, or declare the tool's effects "
    "(effects=[...] on the tool, or the policy's tool_effects)"
)
_INTENT_HINT = (
    f"{_VALUE_HINT}; if your business does it after every such task, declare it in the policy's routine_effects"
)
"""A tool's effect the goal does not ask for; ``_VALUE_HINT`` for an effect read from a value (``role: admin``),
which ``routine_effects`` does not cover."""
