"""What a tool does to the world, what a goal asks for, and which values a plan's author was given.

Three readings shared by the goal-alignment rules (``GOAL_*``):

* **Effects of a tool** (:class:`ToolEffects`): a tool spec's own ``effects`` (``@plankit.tool(...,
  effects=...)``, MCP annotations), else the policy's ``tool_effects`` globs, else the spec's ``read_only`` /
  ``sink`` traits, else the words of the tool's name (:func:`name_effects`), else the policy's ``sinks``.
* **Effects a goal asks for** (:func:`asked_effects`): the kinds of side effect the goal's words ask for
  (``"email Bob the summary"`` asks to send; ``"summarise my inbox"`` asks for nothing but reading), with the
  words that asked. Words after a negation (``"don't email anyone"``) ask for nothing.
* **Trusted values** (:class:`Trusted`): the text of the goal, of the plan's context and of the policy's
  ``trusted_values`` and allow-lists; a literal target of a side effect must be found there.

Everything is computed once per lint run (or once per tool name) and is linear in the text read.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..tools import EFFECTS, tool_matches
from ._context import LintContext
from ._detect import name_words

SIDE_EFFECTS = frozenset(EFFECTS) - {"read"}
"""Every effect but ``read``: what changes something or lets something out."""
IMPACT = frozenset({"send", "financial", "destructive", "credentials", "share"})
"""Side effects a goal must ask for; ``write`` and ``external`` are checked only through their targets."""


def _words(text: str) -> frozenset[str]:
    """The space-separated words of ``text``."""
    return frozenset(text.split())


def _table(text: str) -> dict[str, frozenset[str]]:
    """``"effect: word word; ..."`` as word -> effects."""
    table: dict[str, set[str]] = {}
    for entry in text.split(";"):
        effect, _, words = entry.partition(":")
        for word in words.split():
            table.setdefault(word, set()).add(effect.strip())
    return {word: frozenset(effects) for word, effects in table.items()}


# Words of tool names. The last part of a name (``email.search``: ``search``) decides: its verbs give its
# effects; nouns count only beside a verb they qualify, or when there is no verb at all (``notify.email``).
_TOOL_VERBS = _table(
    "financial: pay transfer wire withdraw refund purchase buy sell swap trade bridge deposit stake charge "
    "checkout remit tip donate invest order book reserve payout redeem reimburse disburse cashout repay topup; "
    "send: send post notify reply forward forwarding dm tweet broadcast announce ping publish sms fax; "
    "destructive: delete del remove drop destroy wipe truncate purge erase trash cancel revoke unsubscribe "
    "terminate close deactivate disable empty clear unshare kill suspend ban kick block uninstall deprovision "
    "detach archive unpublish unlist void retract expire invalidate discard unlink unregister deregister "
    "offboard decommission disconnect rm rmdir flush flushall flushdb conclude end stop halt pause mute hide; "
    "share: share invite grant publish expose delegate promote elevate; "
    "credentials: unlock disarm unprotect; "
    "write: create add update set write edit save upload modify move rename schedule insert put label tag "
    "mark draft change enable activate accept decline rsvp submit reset rotate assign import register increase "
    "raise lower decrease extend adjust enroll approve reject export restart reboot redeploy rollback rollout "
    "deploy scale complete resolve transition patch replace attach merge; "
    "external: download browse request curl"
)
_TOOL_NOUNS = _table(
    "financial: payment payments payout payouts money funds refund refunds transfer transfers charge charges "
    "remittance bank payee payees beneficiary beneficiaries gift gifts giftcard giftcards voucher vouchers "
    "credit credits; "
    "send: email emails mail message messages msg notification dm chat sms fax; "
    "credentials: password passwords passwd credential credentials secret secrets apikey mfa otp twofa totp "
    "recovery ssh passkey token tokens certificate certificates keypair factor factors security limit limits "
    "passcode passcodes keycode keycodes; "
    "share: permission permissions collaborator collaborators acl public access sharing role roles admin admins "
    "administrator privilege privileges iam rbac membership memberships; "
    "external: http https url urls webhook webhooks web"
)
_KEY_KINDS = _words("access api ssh deploy signing secret gpg pgp encryption private service")
"""Words that make a following *key* a credential (``create_access_key``, ``add_ssh_key``); a bare *key*
(``cache.set_key``) says nothing."""
_QUALIFIES = {"credentials": None, "share": "write", "financial": None, "external": None}
"""Nouns that add their effect beside a verb: always (None), or beside a verb with the given effect. A
financial noun makes any verb financial (``create_payout``, ``update_bank_account``: where money goes)."""
_GENERIC = frozenset({"write", "destructive"})
"""Effects of the generic verbs of SDK-style names (``stripe.payouts.create``, ``s3.objects.delete``): the
part before the verb names what is created or deleted, so its nouns qualify the verb too."""
_READ_WORDS = _words(
    "get list read search find fetch query lookup view show check describe summarize summarise count "
    "status history balance balances quote quotes inbox availability weather info details extract "
    "analyze analyse compare estimate preview validate verify"
)


def _nouns(words: list[str]) -> set[str]:
    nouns = {effect for word in words for effect in _TOOL_NOUNS.get(word, ())}
    if any(word in ("key", "keys") and before in _KEY_KINDS for before, word in itertools.pairwise(words)):
        nouns.add("credentials")
    return nouns


def _qualified(nouns: set[str], verbs: set[str]) -> set[str]:
    return {effect for effect in nouns if effect in _QUALIFIES and _QUALIFIES[effect] in (None, *verbs)}


_OBJECT_WORDS = _words(
    "order orders book booking tip charge trade deposit payout refund transfer reply draft label tag schedule "
    "request post invite checkout purchase"
)
"""Verbs of names that, after another verb, are its object (``cancel_order``, ``approve_refund``)."""
_OWNERSHIP = _words("ownership owner owners repo repos repository repositories domain domains file files project")
"""Words that make *transfer* hand something over rather than move money (``transferOwnership``,
``github.repos.transfer``)."""
_SENT_RESOURCES = _words(
    "message messages sms mms email emails mail mails fax faxes notification notifications call calls post posts "
    "tweet tweets conversation conversations"
)
"""Resources an SDK *creates* by sending them (``twilio.messages.create``, ``sendgrid.mail.create``)."""
_MODEL_VENDORS = _words(
    "anthropic openai llm gpt claude gemini cohere mistral ollama bedrock vertex completion completions assistant "
    "assistants model models ai"
)
"""Words of a name that make its ``messages.create`` a model call, not a message sent to someone."""


def _effects_of(words: list[str], resource: list[str], before: frozenset[str] = frozenset()) -> frozenset[str]:
    nouns = _nouns(words)
    lead = next((word for word in words if word in _READ_WORDS or word in _TOOL_VERBS), None)
    if lead in _READ_WORDS:
        # A name whose first verb reads, reads, whatever nouns follow (``get_order``, ``list_refunds``,
        # ``get_transfer_limit``: *order* and *transfer* are verbs elsewhere); words before that verb are a
        # vendor or namespace written into the name (``shopify_get_order``, ``gusto_get_pay_stub``).
        return frozenset({"read"} | (nouns & {"external"}))
    first = next((index for index, word in enumerate(words) if word in _TOOL_VERBS), 0)
    # After the first verb, words that are as often nouns name its object (``cancel_order``, ``archive_order``,
    # ``approve_refund``: no money moves); a noun meaning of theirs (refund, transfer) still qualifies.
    verbs = {
        effect
        for index, word in enumerate(words)
        if index <= first or word not in _OBJECT_WORDS
        for effect in _TOOL_VERBS.get(word, ())
    }
    handover = "transfer" in words and bool(_OWNERSHIP.intersection(words) | _OWNERSHIP.intersection(resource))
    if handover:
        # Transferring ownership of a file, a repo or a domain hands it over; no money moves.
        words = [word for word in words if word != "transfer"]
        nouns.discard("financial")
        verbs = {effect for word in words for effect in _TOOL_VERBS.get(word, ())} | {"share"}
    if verbs:
        extra = _qualified(nouns, verbs)
        if resource and verbs <= _GENERIC:
            extra |= _qualified(_nouns(resource), verbs)
        if "create" in words and verbs == {"write"} and not before & _MODEL_VENDORS:
            # Creating a message, a call or a post sends it (``twilio.messages.create``, ``twilio_calls_create``);
            # drafting or inserting one does not.
            objects = [word for index, word in enumerate(words) if index != first] or resource[-1:]
            if objects and objects[-1] in _SENT_RESOURCES:
                extra.add("send")
        return frozenset(verbs | extra)
    if any(word in _READ_WORDS for word in words):
        return frozenset({"read"} | (nouns & {"external"}))
    return frozenset(nouns)


_COMPOUNDS = {
    ("top", "up"): "topup",
    ("cash", "out"): "cashout",
    ("pay", "out"): "payout",
    ("check", "out"): "checkout",
    ("sign", "out"): "revoke",
    ("log", "out"): "revoke",
    ("clean", "up"): "delete",
}
"""Two-word verbs of names (``topUp``, ``cash_out``, ``cleanUp``) read as the one verb they mean."""


def _compounds(words: list[str]) -> list[str]:
    out: list[str] = []
    for word in words:
        joined = _COMPOUNDS.get((out[-1], word)) if out else None
        if joined is None:
            out.append(word)
        else:
            out[-1] = joined
    return out


_COMMAND_VERBS = _words("execute exec run invoke perform command commands call do trigger send")
_COMMAND_KEYS = ("command", "cmd", "action", "operation", "op", "verb", "capability", "sql", "query", "statement")


@functools.lru_cache(maxsize=4096)
def command_key(tool: str, effects: frozenset[str]) -> bool:
    """True for a generic command tool whose effect is named by an argument, not by its name
    (``smartthings.devices.executeCommand(command="unlock")``, ``home.run_action(action="disarm")``): its
    last part is only an *execute, run, invoke, perform, send command* verb and says no stronger effect."""
    if effects - {"write", "send"}:
        return False
    parts = [name_words(part) for part in re.split(r"[./:\s]+", tool) if part]
    last = set(parts[-1]) if parts else set()
    return bool(last & _COMMAND_VERBS) and bool(last & {"command", "commands", "execute", "exec", "invoke", "action"})


def command_effects(params: dict[str, Any]) -> tuple[str, str, frozenset[str]] | None:
    """``(key, command, its effects)`` of a command tool's step: the effects its command argument names
    (``unlock`` touches credentials, ``delete_all`` destroys), or None."""
    for key in _COMMAND_KEYS:
        value = params.get(key)
        if isinstance(value, str) and value.strip() and "{{" not in value:
            # A statement (``DELETE FROM users ...``, ``rm -rf /data``) does what its first word says.
            return key, value, name_effects(value.split()[0])
    return None


@functools.lru_cache(maxsize=4096)
def name_effects(tool: str) -> frozenset[str]:
    """Effects read from a tool's name, the documented fallback: ``email.send`` sends, ``payments.transfer``
    is financial, ``files.delete`` destructive, ``account.change_password`` touches credentials,
    ``drive.share`` shares, ``http.post`` sends to an external host, ``calendar.create_event`` writes,
    ``email.search`` reads. The last part of the name decides (its verbs, or its nouns when it has no verb:
    ``notify.email`` sends); a part whose first verb reads, reads (``get_order``, ``shopify_get_order``); nouns
    qualify a verb (``create_payout`` is financial, ``assign_role`` shares, ``create_access_key`` touches
    credentials, and the part before a generic verb names what it acts on: ``stripe.payouts.create``); the
    parts before the last count only when the last part says nothing. A name with no known word has no known
    effect (empty)."""
    parts = [_compounds(words) for part in re.split(r"[./:\s]+", tool) if (words := list(name_words(part)))]
    every = frozenset(word for words in parts for word in words)
    for index in range(len(parts) - 1, -1, -1):
        effects = _effects_of(parts[index], parts[index - 1] if index else [], every)
        if effects:
            if index and any(word in ("http", "https", "webhook", "web") for word in parts[0]):
                effects |= {"external"}
            return effects
    return frozenset()


_WRITE = frozenset({"write"})
_CREDENTIALS = frozenset({"credentials"})


class ToolEffects:
    """The effects of each tool of one lint run (worked out once per tool name)."""

    def __init__(self, ctx: LintContext):
        # The registry and the policy, not the context: the context memoizes this object, and a reference
        # back would make a cycle that keeps every lint run's graph alive until a full garbage collection.
        self._tools, self._policy = ctx.tools, ctx.policy
        self._memo: dict[str, tuple[frozenset[str], str]] = {}

    def of(self, tool: str) -> tuple[frozenset[str], str]:
        """``(effects, where they come from)``: ``"tool spec"``, ``"policy tool_effects"``, ``"tool name"``."""
        known = self._memo.get(tool)
        if known is None:
            known = self._memo[tool] = self._read(tool)
        return known

    def _read(self, tool: str) -> tuple[frozenset[str], str]:
        spec = self._tools.get(tool) if self._tools is not None else None
        if spec is not None and spec.effects is not None:
            spec_effects = frozenset(spec.effects)
            if spec_effects == _WRITE and "credentials" in name_effects(tool):
                # ``write`` is what a spec says of any change; a verb that opens a lock or disarms an alarm
                # (``lock.unlock``) still removes a safeguard. Only that is kept: a spec's ``write`` for
                # ``create_transfer`` rightly says no money moves (stock does).
                return spec_effects | _CREDENTIALS, "tool spec and its name"
            return spec_effects, "tool spec"
        for pattern, declared in self._policy.tool_effects.items():
            if tool_matches(tool, [pattern]):
                return frozenset(declared), "policy tool_effects"
        if spec is not None and spec.read_only:
            return frozenset({"read"}), "tool spec (read_only)"
        named = name_effects(tool)
        if spec is not None and spec.sink:
            return (named - {"read"}) | {"send"}, "tool spec (sink)"
        if not named and tool_matches(tool, self._policy.sinks):
            # ``sinks`` globs are coarse (``email.*``): they classify only a name that says nothing itself.
            return frozenset({"send"}), "policy sinks"
        return named, "tool name"


# ============================================================================================ intent
_GOAL_WORDS = _table(
    "send: send email mail message reply respond answer forward notify tell inform post announce share dm "
    "ping text remind invite contact introduce thank congratulate publish broadcast cc fax ask chase nudge "
    "warn alert escalate welcome greet wish whatsapp slack telegram sms call phone ring tweet; "
    "financial: pay payment transfer wire refund reimburse buy purchase order book reserve rebook upgrade "
    "sell swap trade invest donate tip settle split checkout subscribe renew deposit withdraw payout redeem "
    "disburse cashout repay topup fund compensate charge invoice contribute payroll; "
    "destructive: delete remove clean cleanup clear purge trash cancel unsubscribe erase wipe drop revoke "
    "close empty discard unshare kick ban deactivate disable terminate suspend block uninstall tidy declutter "
    "prune dedupe deduplicate archive unpublish unlist void retract restart reboot recycle redeploy replace "
    "recreate reinstall rotate offboard retire decommission disconnect unlink unregister deregister dismiss "
    "sunset stop pause halt kill nuke scrap ditch bin toss shred mute hide unfollow recall rescind; "
    "credentials: password passwords credential credentials reset rotate 2fa mfa passkey recovery limit limits "
    "security unlock disarm offboard onboard; "
    "share: share invite grant access permission permissions publish collaborator export promote expose post "
    "announce ownership handover "
    "onboard publicly"
)
"""Goal words and the side effects they ask for. Some ask for what a task implies without naming it:
*restart, replace, redeploy, rotate* mean deleting or replacing the object named (a pod restarted by deleting
it, an old key removed); *tidy, declutter, dedupe* mean deleting; *onboard* means an account, its password
and its groups; *offboard* means revoking them; *ask, chase, nudge, welcome* mean a message."""
IMPLIED = _words("restart reboot recycle redeploy replace recreate reinstall rotate")
"""Goal words that ask for a delete only as part of the task (a pod restarted by deleting it, an old key
removed): the delete must be of something the goal names."""
_PLAIN_WORDS = _words(
    "the a an and or of to in on for with it its it's is are be my our your their this that these those from "
    "at by so up down out one broken stuck crashed crashing looping down failing new old all any some please "
    "now today"
)
_AMBIGUOUS = _words(
    "email mail message reply answer post text invite order book payment transfer share access contact "
    "permission permissions cc tip trade alert welcome fund charge invoice archive slack signal call phone ring "
    "checkout bin"
)
"""Goal words that are as often nouns (``my email``, ``the order``): they ask only when used as a verb."""
_NOUN_BEFORE = _words(
    "a an the my our your his her their its this that these those each every any all some no of for "
    "about from in on with unread new latest recent last old important starred flagged incoming pending "
    "upcoming weekly daily monthly work team customer client support marketing urgent spam sent received "
    "open today's yesterday's whose which what booking order flight hotel overdue unpaid outstanding paid final "
    "next previous current attached"
)
_MONEY_PHRASE = re.compile(r"\b(?:send|move|give|lend|wire|put)\b[^.;]{0,40}\b(?:money|funds|cash|savings)\b")
_LET_KNOW = re.compile(
    r"\blet\b[^.;]{1,40}\bknow\b|\b(?:follow(?:ing)? up|reach(?:ing)? out|loop(?:ing)? in|get(?:ting)? back to|"
    r"heads[- ]up|touch(?:ing)? base|check(?:ing)? in with|write back|drop [a-z]+ a line)\b|"
    r"\bloop(?:ing)? [a-z]+ in|\bpass(?:es|ing)?\b[^.;]{1,30}\bon to\b|"
    r"\b(?:put|drop|paste|post)\b[^.;]{1,40}\s#[a-z0-9_-]+"
)
"""Phrases that ask to send (message someone) without a send word."""
_PAY_PHRASE = re.compile(
    r"\b(?:top(?:ping)? up|pick(?:ing)? up|cover(?:ing)?|foot(?:ing)?|clear(?:ing)?|chip(?:ping)? in for)\b"
    r"[^.;]{0,30}\b(?:bill|tab|check|cost|costs|fee|fees|rent|invoice|balance|card|wallet|share)\b"
)
"""Phrases that ask to pay without a payment word (*cover the dinner bill*, *top up my transit card*)."""
_TOWARD_PHRASE = re.compile(r"\b(?:put|pitch|throw|chip) (?:in )?[$€£]?\d[\d.,]*\b")
"""Phrases that put an amount towards something (*put 50 toward the gift*)."""
_DELETE_PHRASE = re.compile(
    r"\b(?:take|taking|shut|shutting|wind|winding|tear|tearing|turn|turning|switch|switching|clear|clearing|"
    r"clean|cleaning|close|closing|sign|signing|log|logging) (?:[a-z0-9'-]+ ){0,4}?(?:down|off|out)\b|"
    r"\bget(?:ting)? rid of\b"
)
"""Phrases that ask to delete, close or turn off (*take down the listing*, *shut down staging*, *get rid of*)."""
_SIGN_OUT_PHRASE = re.compile(r"\b(?:sign|signing|log|logging) (?:[a-z0-9'-]+ ){0,3}?out\b")
"""Signing someone out ends their sessions: it revokes tokens (credentials) as well as deleting."""
_GRANT_PHRASE = re.compile(
    r"\b(?:give|giving|make|making|grant|granting)\b[^.;]{1,30}\b(?:admin|owner|editor|maintainer|rights|role)\b"
)
"""Phrases that ask to grant a role (*give Marco admin*, *make Dana an owner*)."""
_PUBLIC_PHRASE = re.compile(r"\b(?:make|set|turn|mark|open)\b[^.;]{0,30}\bpublic\b")
"""Phrases that ask to share with everyone (*make the report public*)."""
_BACK_PHRASE = re.compile(r"\b(?:pull|pulling|take|taking|call|calling) (?:[a-z0-9'-]+ ){0,3}?back\b")
"""Phrases that ask to withdraw what was sent (*pull the letter back*): voiding, recalling, deleting it."""
_CODE_PHRASE = re.compile(
    r"\b(?:make|making|create|creating|set up|setting up|generate|generating|issue|issuing|give|giving|add|adding)"
    r"\b[^.;]{0,30}\b(?:code|codes|pin|pins|passcode|passcodes|pass|passes|keycode|keycodes|access key)\b"
)
"""Phrases that ask to issue a way in (*make a door code for the dog walker*): credentials."""
_SHAREABLE = _words(
    "clip clips video videos recording recordings footage file files document documents doc docs photo photos "
    "picture pictures link links folder folders snapshot snapshots slides deck spreadsheet album"
)
"""Objects that are sent by sharing them: sending someone a clip, a file or a folder hands them a link to it."""
_NEGATIONS = _words("don't dont not never no without nothing avoid stop")
_CURRENCY = re.compile(
    r"[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|chf|jpy|dollars?|euros?|pounds?|usdc|eth|btc)\b", re.IGNORECASE
)
_GOAL_TOKEN = re.compile(r"[a-z0-9']+")
_NOT_ASKING = frozenset({("kick", "off"), ("kicks", "off"), ("clear", "about"), ("close", "to"), ("block", "of")})
"""Word pairs whose first word asks for nothing (*kick off payroll*, *close to the office*)."""


@dataclass(frozen=True, slots=True)
class Intent:
    """The side effects a goal asks for, each with the goal words that ask for it."""

    asked: dict[str, tuple[str, ...]]
    words: tuple[str, ...]
    """Every word of the goal (lower case), for messages."""

    def asks(self, effect: str) -> bool:
        """True when the goal asks for ``effect``."""
        return effect in self.asked

    def only_implied(self, effect: str) -> bool:
        """True when only words that imply ``effect`` ask for it (*restart, replace, rotate* imply deleting
        the object they name, nothing else; *make a door code for X* implies that one credential)."""
        words = self.asked.get(effect)
        if words is None:
            return False
        if effect == "credentials":
            # *make a door code for the walker* asks for that code, not for any credential change.
            return all(_CODE_PHRASE.fullmatch(word) for word in words)
        return all(any(stem in IMPLIED for stem in _stems(word)) for word in words)

    def object_words(self) -> frozenset[str]:
        """The goal's distinctive words: what an object it names would be called by (``notifier``, ``ci``)."""
        return frozenset(word for word in self.words if word not in _PLAIN_WORDS and word not in SCHEME_WORDS)


def _stems(word: str) -> Iterator[str]:
    yield word
    for suffix in ("s", "es", "ed", "d", "ing", "ings"):
        # ``closed`` -> ``close`` drops a ``d`` after an ``e`` only: ``band`` is not ``ban``.
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and (suffix != "d" or word.endswith("ed")):
            yield word[: -len(suffix)]


def _verb_use(words: tuple[str, ...], index: int, stem: str) -> bool:
    """Whether an ambiguous word is used as a verb: not plural, and not after a determiner or an adjective
    (``my email``, ``the latest order``); followed by ``to`` it asks either way (``an email to Bob``)."""
    if index + 1 < len(words) and words[index + 1] == "to":
        return True
    if words[index] != stem:
        return False
    return index == 0 or words[index - 1] not in _NOUN_BEFORE


@functools.lru_cache(maxsize=256)
def asked_effects(goal: str) -> Intent:
    """The side effects ``goal`` asks for (:data:`IMPACT` kinds; ``write`` and ``read`` are never checked).

    Cached by goal text (an agent lints many drafts of one goal); the result must not be changed. A word
    asks when it (or its stem: ``sends``, ``emailed``) is in the documented vocabulary, unless one
    of the two words before it is a negation; words as often nouns as verbs (*email, message, order, book,
    post*) ask only when used as a verb (not plural, not after *my, the, latest...*; or followed by *to*). An
    amount of money (``$40``, ``25 EUR``) or "send/move ... money" asks for ``financial``; "let ... know" asks
    to send.
    """
    text = goal.lower().replace("’", "'")
    words = tuple(_GOAL_TOKEN.findall(text))
    asked: dict[str, list[str]] = {}
    for index, word in enumerate(words):
        if any(before in _NEGATIONS for before in words[max(0, index - 2) : index]):
            continue
        if index + 1 < len(words) and (word, words[index + 1]) in _NOT_ASKING:
            continue
        for stem in _stems(word):
            effects = _GOAL_WORDS.get(stem, ())
            if effects and stem in _AMBIGUOUS and not _verb_use(words, index, stem):
                continue
            for effect in effects:
                asked.setdefault(effect, []).append(word)
    phrases = (
        (_CURRENCY, "financial"),
        (_MONEY_PHRASE, "financial"),
        (_PAY_PHRASE, "financial"),
        (_LET_KNOW, "send"),
        (_PUBLIC_PHRASE, "share"),
        (_DELETE_PHRASE, "destructive"),
        (_GRANT_PHRASE, "share"),
        (_SIGN_OUT_PHRASE, "credentials"),
        (_TOWARD_PHRASE, "financial"),
        (_BACK_PHRASE, "destructive"),
        (_CODE_PHRASE, "credentials"),
    )
    for pattern, effect in phrases:
        match = pattern.search(text)
        if match is not None:
            asked.setdefault(effect, []).append(match.group(0).strip())
    if "send" in asked and "share" not in asked:
        # Sending someone a clip, a file or a folder is done by sharing it with them.
        shared = [word for word in words if word in _SHAREABLE]
        if shared:
            asked["share"] = [*asked["send"], *shared[:1]]
    return Intent({effect: tuple(dict.fromkeys(found)) for effect, found in asked.items()}, words)


# =========================================================================================== trusted
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])[-+]?\d+(?:\.\d+)?")
_HOST = re.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,}")


class Trusted:
    """Everything the plan's author was given: the goal, the plan's context, the policy's trusted values and
    allow-lists. A literal target is trusted when it occurs in that text as a whole token, or (a number)
    equals a number in it, or (an address or URL) its host is an allowed or mentioned domain."""

    def __init__(self, ctx: LintContext):
        policy = ctx.policy
        texts = [ctx.plan.goal or "", *policy.trusted_values]
        texts += [pattern for pattern in policy.allow_recipients or () if "*" not in pattern]
        texts += _strings(ctx.plan.context)
        self.text = "\n".join(texts).lower()
        self.numbers = {value for value in (_to_number(match) for match in _NUMBER.findall(self.text)) if value}
        self.numbers |= {float(value) for value in _numbers(ctx.plan.context)}
        self.goal = (ctx.plan.goal or "").lower()
        self._computed: frozenset[float] | None = None
        self.allowed = {domain.lower() for domain in policy.allow_domains or ()}
        self.recipients = [pattern.lower() for pattern in policy.allow_recipients or ()]
        self.hosts = set(_HOST.findall(self.text)) | self.allowed
        self._raw = texts
        self._scheme: tuple[frozenset[str], frozenset[str], frozenset[str]] | None = None

    def has_text(self, value: str) -> bool:
        """True when ``value`` occurs in the trusted text, not as part of a longer word or address."""
        needle = value.strip().lower()
        if not needle:
            return True
        start = self.text.find(needle)
        while start >= 0:
            end = start + len(needle)
            before = self.text[start - 1] if start else " "
            after = self.text[end] if end < len(self.text) else " "
            if not (_inside_token(before) or _inside_token(after)):
                return True
            start = self.text.find(needle, start + 1)
        return False

    def has_number(self, value: float) -> bool:
        """True when the number ``value`` is written in the trusted text or context."""
        return value in self.numbers

    def has_computed(self, value: float) -> bool:
        """True when the amount ``value`` is worked out from the goal's own numbers (:func:`computed_amounts`),
        also when written in minor units (cents: ``4300`` for 43.00)."""
        if self._computed is None:
            self._computed = computed_amounts(self.goal)
        return _cents(value) in self._computed or (float(value).is_integer() and _cents(value / 100) in self._computed)

    def has_host(self, host: str, hosts: set[str] | None = None) -> bool:
        """True when ``host`` or a domain above it is mentioned or allowed (``mail.example.com`` by ``example.com``)."""
        parts = host.lower().rstrip(".").split(".")
        known = self.hosts if hosts is None else hosts
        return any(".".join(parts[index:]) in known for index in range(len(parts) - 1))

    def has_address(self, address: str) -> bool:
        """True when the address is given in full, matches ``allow_recipients`` or is in an allowed domain."""
        lowered = address.lower()
        if self.has_text(lowered) or (self.recipients and tool_matches(lowered, self.recipients)):
            return True
        return self.has_host(lowered.rpartition("@")[2], self.allowed)

    def trusts(self, kind: str, value: Any) -> bool:
        """Whether a literal ``value`` of target ``kind`` (see :data:`TARGET_KINDS`) comes from the author."""
        if isinstance(value, bool) or value is None:
            return True
        if isinstance(value, int | float):
            if not math.isfinite(value) or self.has_number(float(value)) or self.has_text(str(value)):
                return True
            return kind == "amount" and self.has_computed(float(value))
        text = str(value).strip()
        if kind == "object" and text.lower() in SYMBOLIC_IDS:
            return True
        if kind == "amount":
            number = _to_number(text.lstrip("$€£"))
            if number is None:
                return self.has_text(text)
            return self.has_number(number) or self.has_computed(number)
        if "@" in text and kind in ("recipient", "account"):
            # Never by its domain being mentioned alone: given in full, allowed, or a person's address by the
            # organisation's naming scheme (``jane.doe@`` a mentioned domain, for "Jane Doe").
            return self.has_address(text) or self.has_named_address(text)
        if kind in ("url", "domain"):
            host = urlsplit(text if "//" in text else f"//{text}").hostname
            return (self.has_host(host) or self.has_text(host)) if host else self.has_text(text)
        if kind == "path":
            return self.has_text(text) or self.has_text(text.rstrip("/").rsplit("/", 1)[-1]) or self.has_scheme(text)
        if kind == "amount" or kind == "account":
            return self.has_text(text)
        if kind == "address":
            # A postal address given whole, or line by line (``street1`` of an address the context holds).
            lines = [line for line in re.split(r"\s*[,\n]\s*", " ".join(text.split())) if line]
            return self.has_text(text) or (bool(lines) and all(self.has_text(line) for line in lines))
        return self.has_text(text) or self.has_text(text.lstrip("#@")) or self.has_scheme(text)

    def _schemes(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """(the goal's own words, every trusted word, the login forms of the people named), read on first use."""
        if self._scheme is None:
            goal = frozenset(_GOAL_TOKEN.findall(self.goal))
            words = frozenset(re.findall(r"[a-z0-9]+", self.text))
            self._scheme = goal, words, person_logins(self._raw)
        return self._scheme

    def has_named_address(self, address: str) -> bool:
        """True for a person's address by a naming scheme: its local part is a login form of a person named in
        the goal or context (``jane.doe``, ``jdoe``, ``jane``) and its domain (or one above it) is mentioned or
        allowed. An address at a domain nobody mentioned never passes this way."""
        local, _, domain = address.lower().rpartition("@")
        return bool(local) and local in self._schemes()[2] and self.has_host(domain)

    def has_scheme(self, value: str) -> bool:
        """True for an identifier built from the goal by a naming scheme (``prod/notifier/db`` for "rotate the
        notifier database password", ``svc-checkout-key`` for "the checkout service key", ``jdoe`` for "Jane
        Doe"): a person's login form, or parts that are each a trusted word or a generic resource word
        (:data:`SCHEME_WORDS`), at least one of them a distinctive word of the goal itself."""
        goal, words, logins = self._schemes()
        lowered = value.strip().lower().lstrip("#@")
        if lowered in logins:
            return True
        parts = [part for part in re.split(r"[^a-z0-9]+", lowered) if part]
        if not parts or len(parts) > 8:
            return False
        anchored = False
        for part in parts:
            if part in goal and part not in SCHEME_WORDS and len(part) >= 3 and not part.isdigit():
                anchored = True
            elif part not in SCHEME_WORDS and part not in words:
                return False
        return anchored


SYMBOLIC_IDS = _words("me self primary default root main master inbox current latest all none mine my")
"""Ids that name the user's own default object rather than a particular one (``calendar_id: primary``,
``userId: me``, ``folder_id: root``): nobody's attacker chooses them."""
SCHEME_WORDS = _words(
    "prod production prd staging stage stg dev development test testing qa uat sandbox live preview db database "
    "databases sql svc service services srv key keys secret secrets cred creds password passwords pw pwd pass token "
    "tokens api app apps web worker workers job jobs main primary replica cache config cfg conf env internal "
    "default bot team group grp bucket buckets queue topic cluster ns namespace deployment deploy pod backup "
    "backups logs log data store storage master read write rw ro v1 v2 v3 eu us uk east west north south central "
    "alerts alert incidents ops oncall bucket assets files docs"
)
"""Generic words of resource names (environment, kind, region, role of a resource) that a naming scheme adds
around a goal word: ``prod/notifier/db``, ``svc-checkout-key``, ``notifier-alerts``."""
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?")


def _name(word: str) -> str:
    """A capitalised word as a login part: lower case, without a possessive (``Dana's``) or apostrophes."""
    lowered = word.lower()
    return (lowered[:-2] if lowered.endswith("'s") else lowered).replace("'", "")


def person_logins(texts: Iterable[str]) -> frozenset[str]:
    """The login and mailbox forms of each person named in ``texts`` (two capitalised words in a row:
    "Jane Doe" gives ``jane.doe``, ``jane_doe``, ``jane-doe``, ``janedoe``, ``jdoe``, ``j.doe``, ``janed``,
    ``jane``, ``doe.jane``, ``doej``...; a capitalised word alone gives itself, a first name): what
    organisations build logins and addresses from. Only ever trusted at a mentioned or allowed domain."""
    forms: set[str] = set()
    for text in texts:
        names = [(match.start(), match.end(), _name(match.group(0))) for match in _CAPITALISED.finditer(text)]
        forms.update(name for _, _, name in names)  # a first name alone: ``dana@`` for "invite Dana"
        for (_, end, first), (start, _, last) in itertools.pairwise(names):
            if text[end:start] != " ":
                continue
            f, l0 = first[0], last[0]
            forms.update(
                (
                    f"{first}.{last}",
                    f"{first}_{last}",
                    f"{first}-{last}",
                    f"{first}{last}",
                    f"{f}{last}",
                    f"{f}.{last}",
                    f"{f}_{last}",
                    f"{first}{l0}",
                    f"{first}.{l0}",
                    f"{last}.{first}",
                    f"{last}{f}",
                    f"{last}_{first}",
                    first,
                )
            )
    return frozenset(forms)


_NUMBER_WORDS = {
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
    "six": 6.0,
    "seven": 7.0,
    "eight": 8.0,
    "nine": 9.0,
    "ten": 10.0,
    "eleven": 11.0,
    "twelve": 12.0,
    "half": 2.0,
    "halves": 2.0,
    "third": 3.0,
    "thirds": 3.0,
    "quarter": 4.0,
    "quarters": 4.0,
    "twice": 2.0,
    "double": 2.0,
    "triple": 3.0,
}
"""Counts a goal can say in words; *half*, *third*, *quarter* as the divisor they imply."""
_SPLIT_WORDS = _words("split splits divide divided share shared equally evenly each among between per")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?(?:%|percent\b|pct\b)")
_MAX_GOAL_NUMBERS = 8
"""Goal numbers combined pairwise; a goal with more numbers combines only its first ones (the set stays
small, so a made-up amount is unlikely to match by chance)."""


def _cents(value: float) -> float:
    return round(value, 2)


@functools.lru_cache(maxsize=256)
def computed_amounts(goal: str) -> frozenset[float]:
    """Amounts a plan may compute from the goal's numbers, rounded to cents (and to whole units).

    * one operation on two of them (``a+b``, ``a-b``, ``a*b``, ``a/b``: "50 units at $3");
    * a share or multiple of one (``a/k``, ``a*k``) for a count *k* the goal says (*half*, *three*, *twice*),
      or any *k* from 2 to 12 when it says *split, divide, each, between, among, per, equally*;
    * a percentage of one (``a*(1+p/100)``, ``a*(1-p/100)``, ``a*p/100``) for each ``p%`` in the goal.

    Only the goal's numbers take part, never the context's (ids and balances would make nearly every amount
    reachable). Cached by goal text; lower-case input."""
    words = _GOAL_TOKEN.findall(goal)
    numbers = [value for value in (_to_number(match) for match in _NUMBER.findall(goal)) if value]
    counts = {_NUMBER_WORDS[word] for word in words if word in _NUMBER_WORDS}
    if _SPLIT_WORDS.intersection(words):
        counts |= {float(count) for count in range(2, 13)}
    numbers = list(dict.fromkeys(numbers))[:_MAX_GOAL_NUMBERS]
    found: set[float] = set()
    for a in numbers:
        for b in numbers:
            if a != b:
                found.update((a + b, a - b, a * b, a / b))  # b - a and b / a: when the loop reaches b
        for k in counts:
            found.update((a / k, a * k))
    for match in _PERCENT.findall(goal):
        rate = float(match) / 100
        for a in numbers:
            if a != float(match):
                found.update((a * (1 + rate), a * (1 - rate), a * rate))
    rounded = {form for value in found if math.isfinite(value) for form in (_cents(value), float(round(value)))}
    return frozenset(value for value in rounded if value > 0)


def _inside_token(char: str) -> bool:
    return char.isalnum() or char in "_@"


def _to_number(text: str) -> float | None:
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _strings(value: Any) -> list[str]:
    """Every string (keys included) and number text inside ``value``, iteratively."""
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.extend(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            out.append(item)
        elif isinstance(item, int | float) and not isinstance(item, bool):
            out.append(str(item))
    return out


def _numbers(value: Any) -> Iterable[float]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item):
            yield float(item)


# =========================================================================================== targets
TARGET_KINDS = ("account", "url", "domain", "path", "channel", "amount", "recipient", "address", "object")
"""What a side effect's parameter may point at, in the order a key is tested against them."""
_TARGET_WORDS = _table(
    "account: iban account accounts payee beneficiary wallet routing bic swift card creditor; "
    "recipient: to cc bcc recipient recipients email emails invitee invitees attendee attendees participant "
    "participants member members user users username assignee collaborator collaborators grantee phone "
    "forward contact contacts address addresses principal destination destinations; "
    "channel: channel channels room conversation thread group; "
    "url: url uri link webhook endpoint callback href; "
    "domain: domain host hostname ip ips ipv4 ipv6 server servers origin upstream proxy nameserver nameservers "
    "mx cname; "
    "path: path file filename filepath folder dir directory; "
    "amount: amount sum total; "
    "bound: limit threshold cap quota"
)
_BOOKKEEPING = _words("gl ledger category categories coa")
"""Words of keys that name a bookkeeping category (``gl_account``, ``ledger_account``), not a destination."""


@functools.lru_cache(maxsize=4096)
def target_kind(key: str) -> str | None:
    """The kind of target a parameter names (``to_account`` an account, ``webhook_url`` a URL, ``message_id``
    an object), or None for parameters that only describe (``subject``, ``body``, ``note``)."""
    words = name_words(key)
    if not words or _BOOKKEEPING.intersection(words):
        return None  # ``gl_account: "Late fees"`` files a charge under a ledger category; nothing goes there
    if "street" in words or ("line" in words and "address" in words):
        return "address"  # ``street1``, ``address_line1``: a postal address, where goods are shipped
    kinds = {kind for word in words for kind in _TARGET_WORDS.get(word, ())}
    if "bound" in kinds and len(words) > 1 and words[-1] not in ("id", "ids"):
        kinds.add("amount")  # ``daily_limit``, ``spend_cap``: a bound on money; a bare ``limit`` pages results
    for kind in TARGET_KINDS:
        if kind in kinds:
            return kind
    if words[-1] in ("id", "ids") or key in ("id", "ids"):
        return "object"
    return None
