"""Where a step-output value comes from: text someone else wrote, or a structured field the user can rely on.

A side effect's target (a recipient, an account, a URL) taken from a step's output is not trusted because it is
a reference. ``to: {{mail.result.messages[0].from}}`` is the sender of the mail the user named: the mail system
recorded it. ``to: {{mail.result.messages[0].reply_to}}``, or an address a model pulled out of the mail's body,
is text the mail's author wrote, so whoever wrote the mail chooses where the side effect goes. This module reads
the provenance of a reference once per tool and once per referenced step (:class:`Provenance`):

* **What a tool's output is** (:meth:`Provenance.kind`), decided once per tool name:

  - ``trusted``: the policy's ``trusted_outputs`` globs (an internal CRM, the user's own address book): no field
    of it is untrusted, whatever it is called.
  - ``untrusted``: the policy's ``untrusted_outputs`` globs; a tool whose effects include ``external`` (it
    fetches from a host outside: ``web.fetch``, ``http.get``); a tool whose name says its output is
    third-party content as a whole (*web, page, browse, scrape, crawl, feed, rss, review, comment, forum*); a
    tool that reads entries anyone can type in (*form, submission, survey, signup, inquiry*), unless the goal
    names the people who filled them in as the audience ("reply to everyone who signed up": then it is
    ``content``). Every field of its output is untrusted: a page's, a review's or a form's "email" is whatever
    its author typed.
  - ``transform``: an ``llm`` step, or a tool whose name rewrites its input (*extract, summarize, parse,
    classify, translate, generate, rewrite, ask, answer, infer, llm, ai*). Its output is untrusted when any of
    its inputs is: a value a model pulled out of a mail is as trusted as the mail's text.
  - ``content``: a tool that only reads (its effects are ``read`` or unknown) records written by other people
    (*email, mail, inbox, message, chat, channel, thread, conversation, doc, document, file, drive, note, ticket,
    issue, calendar, event, invite, post, comment, sms, attachment*). A field the platform records (the
    :data:`STRUCTURED_FIELDS`: ``from``, ``sender``, ``author``, ``id``, any ``*_id``, ``channel``, ``date``...)
    is trusted; anything else (``body``, ``text``, ``reply_to``, ``links``, a whole message or the whole
    output) is text the records' authors wrote.
  - ``plain``: every other tool (a bank's transactions, a booking, a flight search). Its fields are trusted
    except the free-text ones (the :data:`FREE_TEXT_FIELDS`: ``body``, ``text``, ``description``, ``memo``,
    ``note``, ``comment``, ``reply_to``...; the policy's ``untrusted_fields`` add names), anywhere in the path:
    a payment's memo is written by whoever paid.

* **A reference's origin** (:meth:`Provenance.origin`): ``context.*`` and ``env.*`` are the user's; a step's
  output is judged by that step's kind and the path read. A transform's taint is worked out once per step, by
  following its own references (cycles count as trusted), and remembers the chain for the message.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..plan import RESERVED_ROOTS, ActionNode, LlmNode, Reference
from ..tools import tool_matches
from ._context import LintContext
from ._detect import name_words
from ._effects import ToolEffects
from ._trusted import target_kind


def _set(text: str) -> frozenset[str]:
    """The space-separated words of ``text``."""
    return frozenset(text.split())


STRUCTURED_FIELDS = _set(
    "from sender author owner organizer creator user username handle to cc bcc recipient recipients attendees "
    "participants members email id ids uid key channel folder date time timestamp created updated start end "
    "size count status url permalink"
)
"""Fields of a read record that its platform fills in (who sent it, its id, its channel, its date), trusted in
``content`` outputs; a key ending in ``id`` or ``ids`` (``thread_id``, ``message_ids``) counts too. A key is
compared by its words joined (``reply_to`` is ``reply to``, not ``to``)."""
FREE_TEXT_FIELDS = _set(
    "body text content contents html markdown snippet preview description desc summary notes note memo comment "
    "comments message messages review reviews reply_to replyto transcript caption bio signature subject title "
    "remarks remittance links link urls instructions raw page special_requests feedback custom_fields custom "
    "metadata user_metadata"
)
"""Fields written freely by whoever wrote the record (a mail's body, a payment's memo, a review's text), and
what is derived from that text (the ``links`` found in a body), untrusted in every output but ``trusted``
when read last (``messages[0].body``); the text blobs among them (``body``, ``text``, ``content``...) also
anywhere on the path (``body.links[0]``)."""

_TEXT_BLOBS = _set(
    "body text content contents html markdown snippet description memo raw page custom_fields custom metadata "
    "user_metadata"
)
"""Free-text fields, and containers anyone editing a record can fill freely (``custom_fields``, ``metadata``):
whatever is read inside them is text someone typed (``custom_fields.payout_email``)."""
_PROSE_TAILS = _set("description desc notes note memo comment comments remarks instructions feedback transcript")
"""A field named for what its prose is about (``loss_description``, ``driver_notes``, ``delivery_instructions``)
is as free as ``description`` itself: whoever filed the record wrote it. Only prose words: a ``payment_link``
or a ``share_url`` is made by the platform."""
_UNTRUSTED_NOUNS = _set("web page pages browse browser scrape crawl crawler feed rss")
_PLATFORM_NOUNS = _set("review reviews comment comments forum forums")
"""Third-party text a platform lists (reviews, comments, forum posts): every field but the ids it assigns says
what the author chose; a page fetched from the web is the author's down to its ids."""
_ENTRY_NOUNS = _set(
    "form forms submission submissions survey surveys signup signups questionnaire questionnaires inquiry "
    "inquiries enquiry enquiries guestbook typeform jotform"
)
"""Tools whose records anyone may type in (a web form, a survey, a sign-up): every field, the ``email`` one
included, says whatever the person typing chose."""
_AUDIENCE = re.compile(
    r"\b(?:forms?|submissions?|surveys?|sign[- ]?ups?|signed up|submitted|filled|registered|registrants?|"

    r"respondents?|responded|questionnaires?|inquir(?:y|ies)|enquir(?:y|ies))\b"
)
"""Goal words that name the people who filled a form as the audience ("reply to everyone who signed up")."""
_SIGNUP_NOUNS = _set("signup signups")
_SIGNUP_AUDIENCE = re.compile(r"\b(?:volunteers?|participants?|helpers?|rsvps?)\b")
"""Goal words that name the people of a sign-up sheet ("remind Saturday's volunteers"): who signed up is who
volunteered. Only for a sign-up tool: a survey's respondents are not "the attendees"."""
_SHEET_NOUNS = _set("sheet sheets spreadsheet spreadsheets")
_SHEET_AUDIENCE = re.compile(r"\b(?:sign[- ]?ups?|registration|rsvp|attendance) (?:sheet|spreadsheet)\b")
"""A goal that names a sign-up sheet (*the people from the booth sign-up sheet*) names its rows as the audience."""
_CONTENT_NOUNS = _set(
    "email emails mail mails inbox message messages msg chat channel channels thread threads conversation "
    "conversations dm dms doc docs document documents file files drive note notes ticket tickets issue issues "
    "calendar event events invite invites post posts sms attachment attachments request requests discussion "
    "discussions entry entries order orders"
)
_LEDGER_NOUNS = _set(
    "order orders payment payments charge charges invoice invoices transaction transactions deposit deposits"
)
"""Records the platform writes when money moves (an order, a payment, an invoice): the account fields they keep
were recorded at payment. A ticket, a message or a form is typed by whoever files it, account fields included."""
_TRANSFORM_VERBS = _set(
    "extract summarize summarise parse classify translate generate rewrite ask answer infer llm ai gpt "
    "complete completion prompt"
)
WHOLE_READ = "its whole output, free text included, read by a model"
"""Why a model's answer is untrusted when it read a whole output of a tool: it saw the record's free text."""
_SEGMENTS = re.compile(r"[.\[\]]+")
_INDEX = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class Hop:
    """One step of the way an untrusted value travelled: the step, its tool (``llm`` for a model step), the
    path read from it and why that part of its output is untrusted."""

    step: str
    tool: str
    path: str
    why: str


@functools.lru_cache(maxsize=4096)
def _key(segment: str) -> str:
    """A path segment by its words (``replyTo``, ``reply-to`` and ``reply_to`` are ``reply_to``)."""
    return "_".join(name_words(segment)) or segment.lower()


@functools.lru_cache(maxsize=4096)
def _tool_words(tool: str) -> tuple[frozenset[str], frozenset[str]]:
    """(every word of the tool's name, the words of its last part)."""
    parts = [name_words(part) for part in re.split(r"[./:\s]+", tool) if part]
    return frozenset(word for part in parts for word in part), frozenset(parts[-1] if parts else ())


def _is_id(key: str) -> bool:
    return key in ("id", "ids") or key.endswith(("_id", "_ids"))


_POSTAL = _set(
    "street city town postal postcode zip country state province region address phone email price prices total "
    "subtotal amount amounts quantity qty balance cost fee fees tax currency sku weight phones emails addresses "
    "costs gross net cents mobile cell cellphone telephone tel mobiles cells telephones"
)
_NAMES = _set("name full_name fullname first_name last_name display_name")
_PARTIES = _set(
    "customer customers client clients tenant tenants owner owners member members guest guests patient patients "
    "buyer buyers vendor vendors supplier suppliers contact contacts rider riders employee employees holder "
    "account_holder renter renters borrower borrowers student students parent parents"
)
"""A name read as a party's own field (``customer.name``, ``tenant.full_name``) is the name on their account,
which the platform keeps, not text someone wrote into the record (``order.name`` or ``file.name`` still is)."""
_AMOUNT_PARTS = _set("value amount major_value minor_value cents units display value_cents")
"""Generic last keys of an amount object (``costs.gross.value``): the amount itself when a key above it names
one."""


def _postal(key: str) -> bool:
    """A field of a postal address, a phone number, a mail address or an amount (``street_1``, ``postal_code``,
    ``customer_email``, ``customer.mobile``, ``total_price``): a field the platform keeps as the record's own,
    not free text (an order's address is where it ships, its customer's email or mobile where its receipt goes,
    its total what a refund returns)."""
    words = key.split("_")
    # ``description_email`` is an address found in a description: free text, whatever it is called.
    return any(word in _POSTAL for word in words) and not any(word in FREE_TEXT_FIELDS for word in words)


def _account_field(key: str) -> bool:
    """A record's payment detail (``source_account``, ``card_on_file``, ``routing_number``): where its money came
    from or goes, which the platform records when the payment is made; read off the record itself, not out of
    its free text (``notes.account``: :meth:`Provenance.untrusted_path` looks for that on the path)."""
    return target_kind(key) == "account"


def _last_key(path: str) -> str:
    """The last key of a reference path, by its words (``result.user_ids`` -> ``user_ids``; indexes skipped)."""
    keys = [segment for segment in _SEGMENTS.split(path) if segment and not _INDEX.fullmatch(segment)]
    return _key(keys[-1]) if keys else ""


class Provenance:
    """The provenance of the step-output references of one lint run (tools decided once, steps once)."""

    def __init__(self, ctx: LintContext, effects: ToolEffects):
        policy = ctx.policy
        self._graph = ctx.graph
        self._effects = effects
        self._trusted = list(policy.trusted_outputs)
        self._untrusted = list(policy.untrusted_outputs)
        self._free = FREE_TEXT_FIELDS | {_key(field) for field in policy.untrusted_fields}
        self._goal = (ctx.plan.goal or "").lower()
        self._kinds: dict[str, tuple[str, str]] = {}
        self._steps: dict[str, tuple[Hop, ...] | None] = {}
        self._paths: dict[tuple[str, str, bool], str | None] = {}
        self._ledgers: dict[str, bool] = {}

    def kind(self, tool: str) -> tuple[str, str]:
        """``(kind, why)`` of a tool's output: ``trusted``, ``untrusted``, ``entries`` (typed by anyone but for
        the ids the platform assigns), ``transform``, ``content``, ``plain``."""
        known = self._kinds.get(tool)
        if known is None:
            known = self._kinds[tool] = self._read_kind(tool)
        return known

    def _read_kind(self, tool: str) -> tuple[str, str]:
        if self._trusted and tool_matches(tool, self._trusted):
            return "trusted", "the policy's trusted_outputs"
        if self._untrusted and tool_matches(tool, self._untrusted):
            return "untrusted", "the policy's untrusted_outputs"
        effects, source = self._effects.of(tool)
        words, last = _tool_words(tool)
        if words & _SHEET_NOUNS and effects <= {"read", "external"} and _SHEET_AUDIENCE.search(self._goal):
            # "Add the people from the sign-up sheet to the list": the sheet's rows are the people the goal
            # names, whoever typed them in, even when its server says it reaches outside.
            return "trusted", "the sign-up sheet the goal names as the people to add or reach (from its tool name)"
        if "external" in effects and words & _PLATFORM_NOUNS and not words & (_UNTRUSTED_NOUNS | _TRANSFORM_VERBS):
            # A platform's API for the posts it lists (``google_business_list_reviews``) answers from outside,
            # but the ids it assigns are still its own: the review a reply goes to is one it listed.
            return "entries", f"posts anyone can write on a platform, from an external host (from its {source})"
        if "external" in effects:
            return "untrusted", f"an external host's answer (effect external, from its {source})"
        if last & _TRANSFORM_VERBS:
            return "transform", "it rewrites its input"
        if words & _UNTRUSTED_NOUNS:
            return "untrusted", "third-party content (from its tool name)"
        if words & _PLATFORM_NOUNS:
            return "entries", "posts anyone can write on a platform: a review, a comment, a forum (from its tool name)"
        if words & _ENTRY_NOUNS and effects <= {"read"}:
            if _AUDIENCE.search(self._goal) or (words & _SIGNUP_NOUNS and _SIGNUP_AUDIENCE.search(self._goal)):
                # The goal names the people who filled it in as the audience: who they are is what was asked.
                return "content", "entries typed by whoever filled in the form (from its tool name)"
            return "entries", "entries anyone can type in: a form, a survey, a sign-up (from its tool name)"
        if words & _CONTENT_NOUNS and effects <= {"read"}:
            return "content", "records written by other people (from its tool name)"
        return "plain", ""

    def untrusted_path(self, kind: str, path: str, ledger: bool = True) -> str | None:
        """Why reading ``path`` from an output of ``kind`` gives untrusted text, or None when it does not;
        ``ledger``: whether the output is a record the platform writes when money moves (:data:`_LEDGER_NOUNS`),
        whose account fields are its own."""
        if kind == "trusted":
            return None
        keys = [_key(segment) for segment in _SEGMENTS.split(path) if segment and not _INDEX.fullmatch(segment)]
        if keys and keys[0] in ("result", "output", "outputs"):
            keys = keys[1:]
        if kind == "untrusted":
            return "third-party content"
        # A text field anywhere (``body.links``), or a free-text field read last (``messages[0].reply_to``; a
        # ``messages`` or ``reviews`` list on the way is a container, judged by what is read from it).
        free = next((key for key in keys[:-1] if key in _TEXT_BLOBS), None) or (
            keys[-1] if keys and (keys[-1] in self._free or keys[-1].rpartition("_")[2] in _PROSE_TAILS) else None
        )
        if free is not None:
            return f"the free-text field {free!r}"
        last = keys[-1] if keys else ""
        if last in _NAMES and len(keys) > 1 and keys[-2] in _PARTIES:
            return None  # ``order.customer.name``: the name on the party's account, kept as the record's own
        if kind == "content" and not (
            last
            and (
                last in STRUCTURED_FIELDS
                or _is_id(last)
                or _postal(last)
                or (ledger and _account_field(last) and not any(key in self._free for key in keys[:-1]))
            )
        ):
            if last in _AMOUNT_PARTS and len(keys) > 1 and _postal(keys[-2]):
                return None  # ``costs.gross.value``: the value of an amount the platform keeps
            shown = f"its {keys[-1]!r}" if keys else "its whole output"
            return f"{shown}, text written by the senders or authors (not a field the platform records)"
        return None

    def origin(self, ref: Reference) -> tuple[Hop, ...] | None:
        """The hops from a reference back to untrusted content (the reference's own hop first), or None when
        the value does not come from untrusted content."""
        if ref.root in RESERVED_ROOTS:
            return None
        node = self._graph.nodes.get(ref.root)
        if isinstance(node, LlmNode):
            kind, tool = "transform", "llm"
        elif isinstance(node, ActionNode):
            kind, tool = self.kind(node.tool)[0], node.tool
        else:
            return None  # an unknown step (UNKNOWN_REFERENCE says so) or a composite: judged where it is built
        if kind == "entries" and self._own_entry_contact(node, ref):
            return None  # round 10 (A): the named party's own address on the entry the plan picked by their name
        if kind == "untrusted" or (kind == "entries" and not _is_id(_last_key(ref.path))):
            # Of an entry anyone types (a form), only its ids are the platform's: the rest says what they chose.
            return (Hop(ref.root, tool, ref.path, f"third-party content ({self.kind(tool)[1]})"),)
        if kind == "entries":
            return None
        if kind != "transform":
            # Paths repeat across steps (``result.email``): each is read once. An account field is the record's
            # own only on a record the platform writes when money moves, not on a ticket (review of round 8).
            ledger = self._ledgers.get(tool)
            if ledger is None:
                words = _tool_words(tool)[0]
                ledger = bool(words & _LEDGER_NOUNS) and not words & (_CONTENT_NOUNS - _LEDGER_NOUNS)
                self._ledgers[tool] = ledger
            pair = (kind, ref.path, ledger)
            why = self._paths[pair] if pair in self._paths else self._paths.setdefault(pair, self.untrusted_path(*pair))
            return None if why is None else (Hop(ref.root, tool, ref.path, why),)
        inputs = self._step_taint(ref.root)
        if inputs is None:
            return None
        return (Hop(ref.root, tool, ref.path, "made from untrusted content"), *inputs)

    def _own_entry_contact(self, node: ActionNode | LlmNode, ref: Reference) -> bool:
        """Round 10 (A): whether ``ref`` reads the contact field (``email``, ``phone``) of one entry of a form
        (``submissions[0].email``) that the step picked by a name the goal gives (``filter: {business: "Two
        Creeks Dairy"}`` for *Two Creeks Dairy is in!*): the address that party gave the business about itself,
        which reaches the party the goal names. What it lets through: a message to whoever filed an entry
        under that name. Any other field of an entry, an entry not picked by the goal's name, or every entry
        (no index) stays third-party content."""
        if not isinstance(node, ActionNode) or not node.params or not _INDEX_IN.search(ref.path):
            return False
        words = _last_key(ref.path).split("_")
        if not _CONTACT_WORDS.intersection(words) or any(word in self._free for word in words):
            return False
        return any(_goal_name(value, self._goal) for value in _literal_strings(node.params))

    def _step_taint(self, step: str) -> tuple[Hop, ...] | None:
        """The first untrusted input of a transform step, followed back to its content (memoized per step)."""
        if step in self._steps:
            return self._steps[step]
        self._steps[step] = None  # a cycle through this step adds nothing
        found: tuple[Hop, ...] | None = None
        inputs = [ref for ref in self._graph.references.get(step, ()) if ref.root != step]
        for ref in inputs:
            found = self.origin(ref)
            if found is not None:
                break
        else:
            # Only when nothing it reads is untrusted by itself: a whole record read (the weaker taint, which
            # a target through which nothing leaves ignores) is the chain reported last.
            found = next((hops for hops in map(self._whole_read, inputs) if hops is not None), None)
        self._steps[step] = found
        return found

    def _whole_read(self, ref: Reference) -> tuple[Hop, ...] | None:
        """A model's input that is a whole output of a tool not declared trusted (``{{log.result}}``): the model
        reads every field of it, the free-text ones too (a build log's lines, a record's notes), so what it
        answers is as trusted as the least trusted of them. Only inside a transform: a target that is a whole
        record is judged by :meth:`origin` as it is."""
        node = self._graph.nodes.get(ref.root)
        if not isinstance(node, ActionNode) or self.kind(node.tool)[0] != "plain":
            return None
        keys = [segment for segment in _SEGMENTS.split(ref.path) if segment and not _INDEX.fullmatch(segment)]
        if keys and _key(keys[0]) in ("result", "output", "outputs"):
            keys = keys[1:]
        if keys:
            return None
        return (Hop(ref.root, node.tool, ref.path, WHOLE_READ),)



_CONTACT_WORDS = _set("email phone mobile cell telephone")
_INDEX_IN = re.compile(r"\[\d+\]")


def _goal_name(value: str, goal: str) -> bool:
    """Whether ``value`` is a name of two words or more that the goal writes (``Two Creeks Dairy``)."""
    text = " ".join(value.split()).lower()
    if len(text.split()) < 2 or not any(char.isalpha() for char in text):
        return False
    start = goal.find(text)
    while start >= 0:
        end = start + len(text)
        if (not start or not goal[start - 1].isalnum()) and (end == len(goal) or not goal[end].isalnum()):
            return True
        start = goal.find(text, start + 1)
    return False


def _literal_strings(params: object) -> list[str]:
    """The literal strings of a step's arguments, at any depth (not references)."""
    found: list[str] = []
    stack = [params]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and "{{" not in item:
            found.append(item)
    return found
