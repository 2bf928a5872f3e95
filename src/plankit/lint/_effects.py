"""What a tool does to the world: the effects of each tool of a lint run.

The first of the readings shared by the goal-alignment rules (``GOAL_*``); the others are what a goal asks
for (:mod:`._intent`), the values a plan's author was given (:mod:`._trusted`) and the names an
organisation builds from them (:mod:`._schemes`).

**Effects of a tool** (:class:`ToolEffects`): a tool spec's own ``effects`` (``@plankit.tool(...,
effects=...)``, MCP annotations; a spec's plain ``write`` keeps an unlock or a disarm its name says), else the
policy's ``tool_effects`` globs, else the spec's ``read_only`` / ``sink`` traits, else the words of the tool's
name (:func:`name_effects`), else the policy's ``sinks``. Worked out once per tool name.
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import Any

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
    "credentials: unlock disarm unprotect freeze unfreeze; "
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
    "administrator privilege privileges iam rbac membership memberships shared; "
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
    if any(word in _CODE_WORDS and before in _ENTRY_WORDS for before, word in itertools.pairwise(words)):
        # An access code or a door PIN is a way in: a credential, not a share of something with someone.
        nouns.add("credentials")
        if not any(word in _TOOL_NOUNS and "share" in _TOOL_NOUNS[word] for word in words if word != "access"):
            nouns.discard("share")
    return nouns


_CODE_WORDS = _words("code codes pin pins")
_ENTRY_WORDS = _words("access door doors entry gate gates guest guests lock locks")
"""A *code* or *PIN* after one of these (``access_codes``, ``door_pin``, ``guest_codes``) opens a door."""


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
_SOURCE_WORDS = _words("from by with via using")
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
            # What follows *from, by, with, via, using* is a source (``bills.create_from_email``), not the object.
            made = list(itertools.takewhile(lambda word: word not in _SOURCE_WORDS, words))
            objects = [word for index, word in enumerate(made) if index != first] or resource[-1:]
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
            # A statement (``DELETE FROM users ...``, ``rm -rf /data``) does what its first word says; one that
            # writes query results to a location outside (``COPY INTO 's3://...'``) shares the data.
            effects = name_effects(value.split()[0])
            return key, value, effects | {"share"} if export_location(value) is not None else effects
    return None


_EXPORT = re.compile(
    r"\b(?:copy\s+into|unload\b.{0,2000}?\bto|into\s+outfile|export\s+data\b.{0,200}?\buri\s*=)\s*'([^']+)'",
    re.IGNORECASE | re.DOTALL,
)


def export_location(statement: str) -> str | None:
    """The outside location (a URL: ``s3://bucket/dump/``) a query statement writes its results to
    (``COPY INTO '<url>'``, ``UNLOAD (...) TO '<url>'``, ``SELECT ... INTO OUTFILE '<url>'``, ``EXPORT DATA
    OPTIONS(uri='<url>')``), or None; a load (``COPY INTO table FROM '<url>'``) reads and exports nothing."""
    found = _EXPORT.search(statement) if "'" in statement else None
    return found.group(1) if found is not None and "://" in found.group(1) else None


CREDENTIAL_KEYS = _words(
    "password newpassword passwd rsapublickey rsapublickey2 publickey sshkey sshpublickey apikey secret "
    "clientsecret mfasecret totpsecret"
)
"""Argument names (:func:`~._params.norm_key` form) whose value is a way in: a step that sets one changes
credentials whatever its tool is called (``ALTER_USER(rsa_public_key=...)``)."""


def credential_key(params: dict[str, Any]) -> str | None:
    """The first top-level argument of a step that sets a credential (a literal password or key), or None."""
    for key, value in params.items():
        literal = isinstance(value, str) and value.strip() and "{{" not in value
        if literal and key.replace("_", "").replace("-", "").lower() in CREDENTIAL_KEYS:
            return key
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


def _declared(tool: str, effects: frozenset[str], source: str) -> tuple[frozenset[str], str]:
    """Effects a spec or a server declares, with what the name adds to a bare ``write``."""
    if effects == _WRITE and "credentials" in name_effects(tool):
        # ``write`` is what a spec says of any change; a verb that opens a lock or disarms an alarm
        # (``lock.unlock``) still removes a safeguard. Only that is kept: a spec's ``write`` for
        # ``create_transfer`` rightly says no money moves (stock does).
        return effects | _CREDENTIALS, f"{source} and its name"
    return effects, source


def _new_memo(_: str) -> dict[str, tuple[frozenset[str], str]]:
    return {}


class ToolEffects:
    """The effects of each tool of one lint run (worked out once per tool name)."""

    def __init__(self, ctx: LintContext):
        # The registry and the policy, not the context: the context memoizes this object, and a reference
        # back would make a cycle that keeps every lint run's graph alive until a full garbage collection.
        self._tools, self._policy = ctx.tools, ctx.policy
        # A tool's effects depend on its name, the policy and the specs only: kept for every plan of the linter.
        self._memo: dict[str, tuple[frozenset[str], str]] = ctx.per_tool("effects", "", _new_memo)

    def of(self, tool: str) -> tuple[frozenset[str], str]:
        """``(effects, where they come from)``: ``"tool spec"``, ``"policy tool_effects"``, ``"tool name"``."""
        known = self._memo.get(tool)
        if known is None:
            known = self._memo[tool] = self._read(tool)
        return known

    def _read(self, tool: str) -> tuple[frozenset[str], str]:
        spec = self._tools.get(tool) if self._tools is not None else None
        if spec is not None and spec.effects is not None:
            return _declared(tool, frozenset(spec.effects), "tool spec")
        hinted = frozenset(spec.hinted_effects) if spec is not None and spec.hinted_effects is not None else None
        if hinted is not None and "read" not in hinted:
            # A server that says its tool changes things is taken at its word on what kind of change.
            return _declared(tool, hinted, "MCP annotations")
        for pattern, declared in self._policy.tool_effects.items():
            if tool_matches(tool, [pattern]):
                return frozenset(declared), "policy tool_effects"
        named = name_effects(tool)
        if hinted is not None:
            # "Read-only" is the one hint that would take a tool out of every check, and MCP annotations are
            # the server's own say-so: it adds to what the name says and never takes from it.
            return named | hinted, "MCP annotations and its name"
        if spec is not None and spec.read_only:
            return frozenset({"read"}), "tool spec (read_only)"
        if spec is not None and spec.sink:
            return (named - {"read"}) | {"send"}, "tool spec (sink)"
        if not named and tool_matches(tool, self._policy.sinks):
            # ``sinks`` globs are coarse (``email.*``): they classify only a name that says nothing itself.
            return frozenset({"send"}), "policy sinks"
        return named, "tool name"
