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
from ._documents import public_grant, role_grant
from ._effects import SIDE_EFFECTS, ToolEffects
from ._intent import _NOT_PERSONS, asked_effects
from ._params import walk_params
from ._provenance import Provenance
from ._static import memo
from ._trusted import Trusted, target_kind

_ID_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
_NAME_WORD = r"[A-Z](?:[a-z]*(?:['-][A-Za-z][a-z]+)+|[a-z]+)"
_FULL_NAME = re.compile(rf"\b{_NAME_WORD}(?: {_NAME_WORD}){{0,2}}\b")
"""A name of one to three capitalised words, hyphens and apostrophes inside (*Jae-won Park*, *O'Brien*)."""
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s*|\s-\s*)$")
_REACHABLE = re.compile(r"@|://|(?<![A-Za-z0-9_-])\+?\d[\d ().-]{6,}\d")
"""An address, a URL or a phone number, wherever it is written; digits glued to letters (``HT-26656-75``,
``INV-2024-0042``) are a record's id, not a number to call."""


def _opaque(text: str) -> bool:
    """An id that points at one record: three or more letters and digits, at least one a digit (unit 214)."""
    return len(text) >= 3 and any(char.isdigit() for char in text)


def _code(token: str) -> bool:
    """An id or a code the goal gives: with a digit (``M86329``, ``214``) or in capitals (``ACME-DE``)."""
    return _opaque(token) or (token.isupper() and sum(char.isalpha() for char in token) >= 3)


class Subjects:
    """The objects a goal names, the steps that read them, the steps that change them and the reported cancels,
    removals and shares confined to them, for one lint run."""

    def __init__(
        self,
        ctx: LintContext,
        effects: ToolEffects,
        unasked: dict[str, frozenset[str]],
        provenance: Provenance,
    ):
        goal = ctx.plan.goal or ""
        named = {token.lower() for token in _ID_TOKEN.findall(goal) if _code(token)}
        names = {word.lower() for word in _NAME.findall(goal)} - _NOT_PERSONS
        for match in _FULL_NAME.finditer(goal):
            # A person or a business by name (*Dana Whitfield's membership*); a capitalised word that only
            # starts a sentence (*Customer 4410...*) names no one unless the context has an entry by that name.
            found = match.group(0).lower()
            if _SENTENCE_START.search(goal[: match.start()]):
                named.add(found.partition(" ")[2])  # *Pause Dana Whitfield's rent*: Dana Whitfield ...
                if " " not in found:
                    continue
            named.add(found)  # ... or *Dana Whitfield is away*
        # A family by its plural (*the Haddads*) is found by its name (``name: "Haddad"``).
        named |= {word[:-1] for word in named if word.endswith("s") and len(word) > 4 and " " not in word}
        named -= _NOT_PERSONS  # *Tuesday's sessions*, *the March invoices*: a day or a month names no record
        named.discard("")
        if names and isinstance(ctx.plan.context, dict):
            named |= _context_ids(ctx.plan.context, names)
        self.named = frozenset(named)
        intent = asked_effects(goal)
        # A question or a summary asks for no change; nor does a goal that only asks to send (*reply to Bob's
        # mail*): deleting that mail is no part of replying to it.
        self.asks_change = not _ASKS_ONLY.match(goal.lower()) and not (
            intent.asked and intent.asked.keys() <= {"send"}
        )
        # What the goal is about, by its distinctive words (*close the pool Saturday*: the pool's bookings).
        topic = {word for word in intent.object_words() if len(word) >= 4}
        topic |= {word[:-1] for word in topic if word.endswith("s") and len(word) > 4}
        self.topic = frozenset(topic) - _NOT_PERSONS
        self.reads: frozenset[str] = frozenset()
        self.topical: frozenset[str] = frozenset()
        self.changes: frozenset[str] = frozenset()
        self.told: frozenset[str] = frozenset()
        self.quoted: frozenset[tuple[str, str]] = frozenset()
        """The values the changes were made with (``{{free.result.start}}``): a notice may say them."""
        self.parties: frozenset[str] = frozenset()
        self.confined: frozenset[str] = frozenset()
        if self.named or self.topic:
            self._find(ctx, effects, unasked, provenance)

    def _find(
        self, ctx: LintContext, effects: ToolEffects, unasked: dict[str, frozenset[str]], provenance: Provenance
    ) -> None:
        references = ctx.graph.references
        reads: set[str] = set()
        topical: set[str] = set()
        for action, _path in ctx.actions:  # document order: what a read works from was read before it
            if effects.of(action.tool)[0] == _READ:
                named, about = self._names(action)
                # A read made from what a read of the object found (the invoices of the client it found) reads
                # that object's records too.
                roots = {ref.root for ref in references.get(action.id, ()) if ref.is_step}
                if named or roots & reads:
                    reads.add(action.id)
                if named or about or roots & topical:
                    topical.add(action.id)
        self.reads, self.topical = frozenset(reads), frozenset(topical)
        changes: set[str] = set()
        told: set[str] = set()
        quoted: set[tuple[str, str]] = set()
        used: set[str] = set()
        scoped: list[tuple[ActionNode, str]] = []
        for action, path in ctx.actions:
            known = effects.of(action.tool)[0]
            if known == _READ or not (known & _CHANGES or not known):
                continue  # a read or a send only changes nothing
            kinds = unasked.get(action.tool)
            if kinds is not None:
                if (kinds <= _SCOPED or kinds == _REVOKES) and self.asks_change:
                    scoped.append((action, path))  # judged below, once the changes are known
                continue
            found = references.get(action.id, ())
            roots = {ref.root for ref in found}
            named, about = self._names(action)
            if roots & reads or named:
                changes.add(action.id)
            if roots & topical or named or about:
                told.add(action.id)
                quoted |= {(ref.root, ref.path) for ref in found if ref.is_step}
                # Read into a target of the change (``vendorId``), not into its text: a party to it.
                used |= {ref.root for ref in found if target_kind(_last_key(ref.location)) is not None}
        self.changes = frozenset(changes)
        # A cancel, removal or share the goal does not name, confined to the object it asks to change (the
        # overlock lifted on the unit it names), is part of that change; a grant to everyone or of control is not.
        confined = {
            action.id
            for action, path in scoped
            if action.params
            and _confined(ctx, action, path, self, provenance, self.reads | self.changes)
            and public_grant(action.params, f"{path}.params") is None
            and role_grant(action.params, f"{path}.params") is None
        }
        self.confined = frozenset(confined)
        self.changes |= self.confined
        self.told = frozenset(told) | self.confined
        self.quoted = frozenset(quoted)
        # The other records a change is made with (the translator a job is handed to) are parties to it.
        nodes = ctx.graph.nodes
        self.parties = frozenset(
            root
            for root in used - self.topical
            if isinstance(node := nodes.get(root), ActionNode) and effects.of(node.tool)[0] == _READ
        )

    def _names(self, action: ActionNode) -> tuple[bool, bool]:
        """Whether a literal value of the action's parameters is an object the goal names (an id, a name), and
        whether one holds a distinctive word of the goal (``amenity: "pool"`` for *close the pool*)."""
        named, topic = self.named, self.topic
        about = False
        stack: list[Any] = [action.params or {}]
        while stack:  # the values alone, no paths: this runs on every action of the plan
            item = stack.pop()
            if item.__class__ is dict:
                stack.extend(item.values())
            elif item.__class__ is list:
                stack.extend(item)
            elif item.__class__ is str or item.__class__ is int:
                text = str(item).lower()
                if text in named:
                    return True, True
                if topic and not about and item.__class__ is str:
                    about = not topic.isdisjoint(_WORD.findall(text))
        return False, about


_WORD = re.compile(r"[a-z0-9']+")


_READ = frozenset({"read"})
_CHANGES = SIDE_EFFECTS - {"send"}
_SCOPED = frozenset({"destructive", "share"})
_REVOKES = frozenset({"destructive", "credentials"})
"""A delete of a credential (``access_codes.delete``): it closes a way in, as the change it is part of needs."""
"""Effects a step may have without the goal's words when it is confined to the object the goal asks to change."""
_ASKS_ONLY = re.compile(
    r"\W*(?:(?:please|hey|hi|ok|so)\W+)*(?:(?:can|could|would|will) you\W+(?:please\W+)?(?!do\b))?"
    r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|has|have|had|any|summari[sz]e|"
    r"list|show|find|check|look|review|read|count|compare|tell me|give me|get me|pull up|see|search|explain|"
    r"report|audit|draft|describe|fetch|figure out|work out|remind me)\b"
)
"""A goal that asks a question or asks to read, list or summarise (*which loans close this month*, *summarise the
Alvarez ledger*) asks for no change: nothing done to what it names is in its scope. Round 11 (T): *can you do
the November labels?* is a request to act, not a question (*do* after *can you* is the verb asked for)."""


def _last_key(location: str) -> str:
    """The last key of a JSON path (``$.steps[2].params.items[0].vendorId`` -> ``vendorId``)."""
    return next((part for part in reversed(re.split(r"[.\[\]]+", location)) if part and not part.isdigit()), "")


def _context_ids(context: dict[str, Any], names: set[str]) -> set[str]:
    """The ids the context gives under an entry named by a name the goal uses (``team.Keira Dvorak.user_id``
    for "Keira is out today")."""
    found: set[str] = set()
    stack: list[Any] = [context]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                lowered = str(key).lower()
                if any(name in lowered for name in names) and names.intersection(
                    word.lower() for word in _NAME.findall(str(key))
                ):
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
    if not subjects.told or not action.params:
        return False
    allowed = subjects.topical | subjects.told
    return _confined(ctx, action, path, subjects, provenance, allowed, subjects.parties, subjects.quoted)


def _confined(
    ctx: LintContext,
    action: ActionNode,
    path: str,
    subjects: Subjects,
    provenance: Provenance,
    allowed: frozenset[str],
    addressable: frozenset[str] = frozenset(),
    quoted: frozenset[tuple[str, str]] = frozenset(),
) -> bool:
    """Whether every target of the action is an object the goal names or an untainted field of an ``allowed``
    step, it reads no other step, and its own text holds no address, link or phone number."""
    located: dict[str, list[Any]] = {}
    for ref in ctx.graph.references.get(action.id, ()):
        if not ref.is_step:
            continue
        if ref.root not in allowed and ref.root not in addressable and (ref.root, ref.path) not in quoted:
            return False  # it carries what some other step read or made: not a notice of this change
        located.setdefault(ref.location, []).append(ref)
    addressed = False
    for key, value, where in walk_params(action.params, f"{path}.params", None):
        value = literal_of(value)
        reference = is_reference_value(value)
        if isinstance(value, dict | list) and not reference:
            continue
        kind = target_kind(key)
        refs = located.get(where)
        if kind is None:
            if isinstance(value, str) and not reference and _reaches(ctx, value):
                return False  # its own text gives a way to reach someone: an address, a link, a phone number
            if refs and any(ref.root not in allowed and (ref.root, ref.path) not in quoted for ref in refs):
                return False  # a party to the change is whom it tells, never what it says
            continue
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


def _reaches(ctx: LintContext, text: str) -> bool:
    """Whether ``text`` gives a way to reach someone: an address, a URL, a phone number, or a host nobody gave
    (``sudsclub-billing.example/verify``; the organisation's own domain from the context may stay)."""
    if _STORE_PATH.fullmatch(text.strip()):
        return False  # a file of the organisation's own store, carried by the message (round 10, B)
    text = _TEMPLATE.sub(" ", text)  # ``{{free.result.start}}`` is a value read at run time, not a host
    text = _DATE.sub(" ", text)  # ``2026-12-17`` is a date, not a phone number
    if _REACHABLE.search(text):
        return True
    hosts = _BARE_HOST.findall(text.lower())
    return bool(hosts) and not all(memo(ctx, "trusted_values", lambda: Trusted(ctx)).has_host(h) for h in hosts)


_STORE_PATH = re.compile(r"(?!(?:https?|ftps?|wss?|mailto|tel|sms)://)[a-z][a-z0-9+.-]*://[A-Za-z0-9_-]+/[^@:?#\s][^@:?#]*")
"""A whole value that is a path in a store the workspace's tools resolve, with no host (``drive://Salon/Handouts/
aftercare.pdf``): a file the message carries, which no outsider can follow; not a web link (``https://``), a
``mailto:`` or a path with an address or a query in it."""
_TEMPLATE = re.compile(r"\{\{.*?\}\}")
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b")
_BARE_HOST = re.compile(r"\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b(?!\.[a-z0-9])")


_MEDIA = frozenset({"email", "mail", "sms", "text", "push", "voice", "phone", "call", "letter", "post", "whatsapp"})
"""Ways to tell someone, as a channel parameter gives them."""
