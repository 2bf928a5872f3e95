"""The customary notice of a change: a message to the party whose record the plan changes.

A goal that asks for a change to a member, a customer, an account or a job (*put her membership on hold*,
*spread the arrears over 6 months*, *get a plumber out to customer 832262*) is carried out the way staff carry
it out: the change is made and the party it concerns is told (*your membership is on hold*, *a plumber is on
the way*). The goal rarely says so, and the plan's send is not what an attacker needs: it reaches only the
party the user named, at the address the platform keeps for them, and carries nothing but text the plan wrote
and what the steps about that party returned.

:func:`is_customary_notice` tells such a send from any other. The send must be addressed to the object the goal
names (by an id the goal gives, a name it gives, or the id the context gives for a name the goal uses) or to
structured fields of steps that read that object or changed it (not a field someone else wrote:
:class:`~._provenance.Provenance` judges that); any other literal target must be one the user gave (a sender
or a cc from the context), a channel only a medium (``email``, ``sms``). Every step it reads must be one of
those reads or changes, no text of its own may hold an address, a link or a phone number, and another step
must change that same object without being reported itself. Everything is worked out per lint run, and only
when a plan has a send its goal does not ask for.
"""

from __future__ import annotations

import re
from typing import Any

from ..plan import ActionNode
from ._context import LintContext
from ._detect import is_reference_value, literal_of
from ._effects import SIDE_EFFECTS, ToolEffects
from ._params import walk_params
from ._provenance import Provenance
from ._static import memo
from ._trusted import Trusted, target_kind

_ID_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
_FULL_NAME = re.compile(r"\b[A-Z][a-z]{2,}(?: [A-Z][a-z]{2,}){0,2}\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s*|\s-\s*)$")
_REACHABLE = re.compile(r"@|://|\+?\d[\d ().-]{6,}\d")
"""An address, a URL or a phone number, wherever it is written."""


def _opaque(text: str) -> bool:
    """An id that points at one record: four or more letters and digits, at least one a digit."""
    return len(text) >= 4 and any(char.isdigit() for char in text)


class Subjects:
    """The objects a goal names, the steps that read them and the steps that change them, for one lint run."""

    def __init__(self, ctx: LintContext, effects: ToolEffects, flagged: frozenset[str]):
        goal = ctx.plan.goal or ""
        named = {token.lower() for token in _ID_TOKEN.findall(goal) if _opaque(token)}
        names = {word.lower() for word in _NAME.findall(goal)}
        for match in _FULL_NAME.finditer(goal):
            # A person or a business by name (*Dana Whitfield's membership*); a capitalised word that only
            # starts a sentence (*Customer 4410...*) names no one unless the context has an entry by that name.
            found = match.group(0).lower()
            if _SENTENCE_START.search(goal[: match.start()]):
                named.add(found.partition(" ")[2])  # *Pause Dana Whitfield's rent*: Dana Whitfield ...
                if " " not in found:
                    continue
            named.add(found)  # ... or *Dana Whitfield is away*
        named.discard("")
        if names and isinstance(ctx.plan.context, dict):
            named |= _context_ids(ctx.plan.context, names)
        self.named = frozenset(named)
        references = ctx.graph.references
        reads: set[str] = set()
        changes: set[str] = set()
        if self.named:
            for action, _path in ctx.actions:
                known = effects.of(action.tool)[0]
                if known == _READ and self._names(action):
                    reads.add(action.id)
            for action, _path in ctx.actions:
                known = effects.of(action.tool)[0]
                if action.tool in flagged or known == _READ or not (known & _CHANGES or not known):
                    continue  # a read, a send only, or a step reported itself changes nothing on its own
                roots = {ref.root for ref in references.get(action.id, ())}
                if roots & reads or self._names(action):
                    changes.add(action.id)
        self.reads = frozenset(reads)
        self.changes = frozenset(changes)

    def _names(self, action: ActionNode) -> bool:
        """Whether a literal value of the action's parameters is an object the goal names."""
        for _key, value, _where in walk_params(action.params or {}, "$", None):
            value = literal_of(value)
            if isinstance(value, str | int) and not isinstance(value, bool) and str(value).lower() in self.named:
                return True
        return False


_READ = frozenset({"read"})
_CHANGES = SIDE_EFFECTS - {"send"}


def _context_ids(context: dict[str, Any], names: set[str]) -> set[str]:
    """The ids the context gives under an entry named by a name the goal uses (``team.Keira Dvorak.user_id``
    for "Keira is out today")."""
    found: set[str] = set()
    stack: list[Any] = [context]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if names.intersection(word.lower() for word in _NAME.findall(str(key))):
                    found.update(_leaves(value))
                else:
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _leaves(value: Any) -> set[str]:
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str | int) and not isinstance(item, bool) and _opaque(str(item)):
            out.add(str(item).lower())
    return out


def is_customary_notice(
    ctx: LintContext, action: ActionNode, path: str, subjects: Subjects, provenance: Provenance
) -> bool:
    """Whether a send the goal does not ask for is the customary notice of the change the goal asks for: every
    target of it is the object the goal names or an untainted field of a step that read that object, it reads
    no other step, its own text holds no address, link or phone number, and another step changes that object."""
    if not subjects.changes or not action.params:
        return False
    allowed = subjects.reads | subjects.changes
    located: dict[str, list[Any]] = {}
    for ref in ctx.graph.references.get(action.id, ()):
        if not ref.is_step:
            continue
        if ref.root not in allowed:
            return False  # it carries what some other step read or made: not a notice of this change
        located.setdefault(ref.location, []).append(ref)
    addressed = False
    for key, value, where in walk_params(action.params, f"{path}.params", None):
        value = literal_of(value)
        reference = is_reference_value(value)
        if isinstance(value, dict | list) and not reference:
            continue
        kind = target_kind(key)
        if kind is None:
            if isinstance(value, str) and not reference and _REACHABLE.search(value):
                return False  # its own text gives a way to reach someone: an address, a link, a phone number
            continue
        refs = located.get(where)
        if refs:
            if not reference or any(provenance.origin(ref) is not None for ref in refs):
                # ``{{m.result.login}}@elsewhere.example`` goes where its literal part says; a field someone
                # else wrote is theirs to choose
                return False
            addressed = True
        elif isinstance(value, str | int) and not isinstance(value, bool) and str(value).lower() in subjects.named:
            addressed = True
        elif kind == "channel" and isinstance(value, str) and value.strip().lower() in _MEDIA:
            continue  # ``channel: "email"`` says how the party is told, not whom
        elif value not in (None, "") and not memo(ctx, "trusted_values", lambda: Trusted(ctx)).trusts(kind, value):
            return False  # a target nobody gave (one the user gave, a sender or a cc from the context, may stay)
    return addressed


_MEDIA = frozenset({"email", "mail", "sms", "text", "push", "voice", "phone", "call", "letter", "post", "whatsapp"})
"""Ways to tell someone, as a channel parameter gives them."""
