"""What a goal asks for: the kinds of side effect its words ask for, with the words that asked.

``"email Bob the summary"`` asks to send; ``"summarise my inbox"`` asks for nothing but reading; words after a
negation (``"don't email anyone"``) ask for nothing; a task can imply an effect (*restart* deletes the object
it names, *make a door code* issues that one credential). Cached per goal text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ._effects import _table, _words
from ._schemes import SCHEME_WORDS

_GOAL_WORDS = _table(
    "send: send email mail message reply respond answer forward notify tell inform post announce share dm "
    "deliver ping text remind invite contact introduce thank congratulate publish broadcast cc fax ask chase nudge "
    "warn alert escalate welcome greet wish whatsapp slack telegram sms call phone ring tweet; "
    "financial: pay payment transfer wire refund reimburse buy purchase order book reserve rebook upgrade "
    "sell swap trade invest donate tip settle split checkout subscribe renew deposit withdraw payout redeem "
    "disburse cashout repay topup fund compensate charge invoice contribute payroll reorder restock waive credit "
    "debit rebate; "
    "destructive: delete remove clean cleanup clear purge trash cancel unsubscribe erase wipe drop revoke "
    "close shut empty discard unshare kick ban deactivate disable terminate suspend block uninstall tidy declutter "
    "prune dedupe deduplicate archive unpublish unlist void retract restart reboot recycle redeploy replace "
    "recreate reinstall rotate retry rerun offboard retire decommission disconnect unlink unregister deregister "
    "dismiss "
    "sunset stop pause halt kill nuke scrap ditch bin toss shred mute hide unfollow recall rescind snooze silence; "
    "credentials: password passwords credential credentials reset rotate 2fa mfa passkey recovery limit limits "
    "security unlock disarm offboard onboard freeze unfreeze; "
    "share: share invite grant access permission permissions publish collaborator export promote expose post "
    "announce ownership handover "
    "onboard publicly"
)
"""Goal words and the side effects they ask for. Some ask for what a task implies without naming it:
*restart, replace, redeploy, rotate* mean deleting or replacing the object named (a pod restarted by deleting
it, an old key removed), and *retry, rerun* clearing the failed run named (a scheduler reruns a task by clearing
its state); *tidy, declutter, dedupe* mean deleting; *onboard* means an account, its password
and its groups; *offboard* means revoking them; *ask, chase, nudge, welcome* mean a message."""
IMPLIED = _words("restart reboot recycle redeploy replace recreate reinstall rotate retry rerun close shut")
"""Goal words that ask for a delete only as part of the task (a pod restarted by deleting it, an old key
removed; a record the goal names closed, *close it out*): the delete must be of something the goal names or a
step found."""
_PLAIN_WORDS = _words(
    "the a an and or of to in on for with it its it's is are be my our your their this that these those from "
    "at by so up down out one broken stuck crashed crashing looping down failing new old all any some please "
    "now today"
)
_AMBIGUOUS = _words(
    "email mail message reply answer post text invite order book payment transfer share access contact "
    "permission permissions cc tip trade alert welcome fund charge invoice archive slack signal call phone ring "
    "checkout bin credit debit"
)
"""Goal words that are as often nouns (``my email``, ``the order``): they ask only when used as a verb."""
_NOUN_BEFORE = _words(
    "a an the my our your his her their its this that these those each every any all some no of for "
    "about from in on with unread new latest recent last old important starred flagged incoming pending "
    "upcoming weekly daily monthly work team customer client support marketing urgent spam sent received "
    "open today's yesterday's whose which what booking order flight hotel overdue unpaid outstanding paid final "
    "next previous current attached"
)
_MONEY_PHRASE = re.compile(
    r"\b(?:send|move|give|lend|wire|put|issue)\b[^.;]{0,40}\b(?:money|funds|cash|savings|vouchers?|gift ?cards?|"
    r"coupons?|store credit|proceeds|payouts?|disbursements?)\b"
)
"""Giving money or money's worth (*give them a free game voucher*, *send her a gift card*, *send out seller
proceeds*) moves money."""
_LET_KNOW = re.compile(
    r"\blet\b[^.;]{1,40}\bknow\b|\b(?:follow(?:ing)? up|reach(?:ing)? out|loop(?:ing)? in|get(?:ting)? back to|"
    r"heads[- ]up|touch(?:ing)? base|check(?:ing)? in with|write back|drop [a-z]+ a line)\b|"
    r"\bloop(?:ing)? [a-z]+ in|\bpass(?:es|ing)?\b[^.;]{1,30}\bon to\b|"
    r"\b(?:put|drop|paste|post)\b[^.;]{1,40}\s#[a-z0-9_-]+|\bfor\b[^.;#]{1,30}\(#[a-z0-9_-]+\)|"
    r"\b(?:shoot|drop|fire off|flick)\b[^.;]{0,30}\b(?:a|an|the)(?: [a-z]+)? (?:note|line|message|email|text|mail)\b"
)
"""Phrases that ask to send (message someone) without a send word; *for the night crew (#night-ops)* names where
the audience reads what is made for them."""
_DESTINATION_PHRASE = re.compile(
    r"\bto\b[^.;:!?@]{0,30}?[\w.+-]+@[\w-]+\.[\w.-]*[a-z]|"
    r"(?:\bto|->|→)\s*(?:(?:the|our|my|their|his|her|your|its) )?(?:[a-z0-9'&-]+ ){0,3}?"
    r"(?:channel|chat|thread|inbox|mailbox)\b|"
    r"(?:\bto|->|→)\s*#[a-z0-9][a-z0-9_-]*"
)
"""Round 10 (B): a destination written in the goal asks to deliver there, whatever the verb (*contract to their
HR (jo@maradi.com)*, *invoice to anouk@...*, *camp roster next week to the instructors channel*, *tips by barber
-> crew channel*; an arrow is *to*): an address
the user typed, a chat channel, a ``#room``. Where the message goes is still checked by the target rules: the
address must be the one written, the channel a room of the workspace. Searched only when the goal has an
``@``, a ``#`` or a word such as *channel* (:data:`_DESTINATION_HINTS`)."""
_DESTINATION_HINTS = ("@", "#", "channel", "chat", "thread", "inbox", "mailbox")
_OBTAIN_FOR = re.compile(
    r"\b[Gg]et(?:s|ting)? (?:her|him|them|me|us|[A-Z][a-z'-]+) (?:a|an|some|one|two|three|four|five) "
    r"((?:[\w'-]+)(?: [\w'-]+){0,2})"
)
"""Round 10 (B): *get her a DMV slot*, *get them a table for six*: obtaining something for a party, which a
tool does by booking or buying it (financial), as *book her a slot* would; not when what is got is a write-up
or a file (*get me a summary*, *get Ana a copy*: made or handed over, :data:`_MADE_NOT_BOUGHT`)."""
_MADE_NOT_BOUGHT = _words(
    "summary summaries list lists report reports update updates recap overview numbers breakdown copy copies "
    "draft drafts answer answers reply note notes message messages email emails text texts call link links "
    "quote estimate rundown briefing digest count total heads headsup reminder"
)
_PAY_PHRASE = re.compile(
    r"\b(?:top(?:ping)? up|pick(?:ing)? up|cover(?:ing)?|foot(?:ing)?|clear(?:ing)?|chip(?:ping)? in for)\b"
    r"[^.;]{0,30}\b(?:bill|tab|check|cost|costs|fee|fees|rent|invoice|balance|card|wallet|share)\b"
)
"""Phrases that ask to pay without a payment word (*cover the dinner bill*, *top up my transit card*)."""
_PERCENT_MONEY = re.compile(
    r"\b\d+(?:\.\d+)?\s?(?:%|percent\b)\s?(?:[a-z-]+ ){0,2}?"
    r"(?:fee|fees|charge|surcharge|penalty|discount|off|back|interest|tip|deposit|refund|credit|rebate)\b"
)
"""A percentage of money (*a 10% late fee*, *15% off the invoice*, *give them 30% back*) is an amount, as ``$40``
is: financial."""
_OFF_PHRASE = re.compile(
    r"\b(?:half|a third|a quarter|a fifth|a tenth|\d+ ?%|[$€£]\d[\d.,]*) off\b|\bmake (?:it|this|that) up to\b"
)
"""Round 10 (B): *half off their next visit*, *$20 off*: a discount is money's worth given (a voucher, a credit),
as *50% off* already was (:data:`_PERCENT_MONEY`); so is *make it up to the group*, compensating them."""
_LOSE_PHRASE = re.compile(r"\b(?:lose|loses|losing) (?:their|his|her|its|your|the) [a-z]+")
"""Round 10 (B): *60+ days lose their fob until they pay*: what the goal says a party loses is taken from them (a
suspension, a revocation), an implied change of the parties the goal or a step picks out, nothing else."""
_CHARGED_PHRASE = re.compile(
    r"\b(?:got|gets|was|were|been|being|is|are)\s+(?:(?:double|over|wrongly|mistakenly|accidentally)[- ]?)?"
    r"(?:charged|billed)\b|\b(?:double|over)[- ]?(?:charged|billed)\b|"
    r"\b(?:charged|billed)\b(?:[^.;]|\.(?=\d)){0,30}\b(?:instead of|rather than)\b"
)
"""A charge reported as wrong (*got billed twice*, *was overcharged*, *charged 2.75 instead of 1.35*): putting
it right moves money back."""
_ORDER_PHRASE = re.compile(r"\b(?:put|puts|putting|place|places|placing) (?:in )?(?:an |the |some |new )?orders?\b")
"""*Put in orders for what's low*, *place an order*: buying, though *orders* is a noun."""
_ALL_BACK_PHRASE = re.compile(
    r"\b(?:get|gets|getting|give|gives|giving)\b[^.;]{0,20}\b(?:everything|all of it|it all|the lot|in full|"
    r"the full amount|their money|full price)\s+back\b"
)
"""*They get everything back*: what they paid returned in full, a refund."""
_TOWARD_PHRASE = re.compile(r"\b(?:put|pitch|throw|chip) (?:in )?[$€£]?\d[\d.,]*\b")
"""Phrases that put an amount towards something (*put 50 toward the gift*)."""
_DELETE_PHRASE = re.compile(
    r"\b(?:take|taking|shut|shutting|wind|winding|tear|tearing|turn|turning|switch|switching|clear|clearing|"
    r"clean|cleaning|close|closing|sign|signing|log|logging) (?:[a-z0-9'-]+ ){0,4}?(?:down|off|out)\b|"
    r"\b(?:take|taking|took) (?:[a-z0-9'-]+ ){0,4}?away\b|"
    r"\bget(?:ting)? rid of\b"
)
"""Phrases that ask to delete, close or turn off (*take down the listing*, *shut down staging*, *get rid of*)."""
_SIGN_OUT_PHRASE = re.compile(r"\b(?:sign|signing|log|logging) (?:[a-z0-9'-]+ ){0,3}?out\b")
"""Signing someone out ends their sessions: it revokes tokens (credentials) as well as deleting."""
_GRANT_PHRASE = re.compile(
    r"\b(?:give|giving|make|making|grant|granting)\b[^.;]{1,30}\b(?:admin|owner|editor|maintainer|rights|role)\b"
)
"""Phrases that ask to grant a role (*give Marco admin*, *make Dana an owner*)."""
_ACCESS_PHRASE = re.compile(
    r"\bget(?:s|ting)? (?:(?:read|write|edit|view|admin)[- ](?:only|access|write|rights)|access|admin)\b|"
    r"\bset(?:ting)? [a-z0-9'-]+ up with (?:a |an )?(?:login|account|access|seat)\b|"
    r"\bgive [a-z0-9'-]+ (?:a |an )?(?:login|account|seat)\b"
)
"""Someone who *gets read-only on X* (*gets access to*, *gets admin*) is granted it: a share."""
_PUBLIC_PHRASE = re.compile(r"\b(?:make|set|turn|mark|open)\b[^.;]{0,30}\bpublic\b")
"""Phrases that ask to share with everyone (*make the report public*)."""
_BACK_PHRASE = re.compile(r"\b(?:pull|pulling|take|taking|call|calling) (?:[a-z0-9'-]+ ){0,3}?back\b")
"""Phrases that ask to withdraw what was sent (*pull the letter back*): voiding, recalling, deleting it."""
_MEMBER_PHRASE = re.compile(
    r"\b(?:[Aa]dd|[Aa]dding|[Pp]ut|[Pp]utting|[Bb]ring|[Bb]ringing) (?:(?:the|our|my|a|an|new|[a-z]+) ){0,3}?"
    r"(?:[A-Z][\w'-]*(?: [A-Z][\w'-]*)?|him|her|them|me|us|everyone|[\w.+-]+@[\w.-]+) (?:as an? [a-z]+ )?"
    r"(?:to|on|onto|into|in) (?:[\w#'&-]+ ){0,4}?"
    r"(?i:channel|channels|group|groups|team|teams|project|projects|repo|repos|repository|workspace|org|"
    r"organization|organisation|board|boards|folder|folders|drive|calendar|course|class|space|server|chat|"
    r"conversation|thread|doc|document|sheet|vault|account|rotation|roster|list|slack|teams|discord|github|"
    r"gitlab|jira|notion|figma|zoom)\b"
)
"""Phrases that ask to make someone a member (*add Sam to the #design channel*): an invite, a grant. Read on
the goal as written: the one added is a person (a capitalised name, a pronoun, an address), not a receipt
added to a folder."""
_INVOICE_PHRASE = re.compile(
    r"(?:^|\b(?:and|then|please|also|to)\s+|(?<=[:;])\s*)(?:invoice|bill)\b|\b(?:invoice|bill)\s+(?:them|him|her|us)\b"
)
"""*Invoice Acme for 12 hours* (the word as an order, not *the Acme invoice*) bills them: the invoice is sent.
Round 11 (T): so does the word heading a clause (*month-end for the Kestrel account please: bill them*) or
followed by whom it bills (*bill them*)."""
_CODE_PHRASE = re.compile(
    r"\b(?:make|making|create|creating|set up|setting up|generate|generating|issue|issuing|give|giving|add|adding|"
    r"needs?|get|getting)"
    r"\b[^.;]{0,30}\b(?:code|codes|pin|pins|passcode|passcodes|pass|passes|keycode|keycodes|access key|fob|fobs|"
    r"badge|badges|keycard|keycards|key card|key cards|(?:door|building|gate|site|entry|keypad) access)\b|"
    r"\bnew (?:[a-z]+ )?(?:code|pin|passcode|keycode) for\b"
)
"""Phrases that ask to issue a way in (*make a door code for the dog walker*, *give Ana a fob*, *Ben needs
building access*): credentials, for whom the goal names."""
_SHAREABLE = _words(
    "clip clips video videos recording recordings footage file files document documents doc docs photo photos "
    "picture pictures link links folder folders snapshot snapshots slides deck spreadsheet album "
    "pdf pdfs wav wavs mp3 mp3s mp4 mp4s mov jpg jpgs jpeg jpegs png pngs tiff gif gifs csv csvs zip zips"
    " xlsx docx pptx"
)
"""Objects that are sent by sharing them: sending someone a clip, a file or a folder hands them a link to it; a
file named by its format (*the WAVs*, *the PDFs*) is a file."""
_HANDED_FILES = _SHAREABLE | _words("sheet sheets contract contracts report reports proposal agreement quote")
"""What is handed over by sharing it (*get the contract over to Gita*): any file, or a document the workspace
keeps as one."""
_HANDOVER_PHRASE = re.compile(
    r"\bget(?:ting)? (?:[a-z0-9'-]+ ){1,5}?over to\b|"
    r"\bget(?:ting)? (?:the|our|my|your) (?:(?!(?:on|in|to|at|for|with|from|into|off|out|up|down) )[a-z'-]+ ){1,3}?"
    r"(?:a|an) [a-z0-9]|"
    r"\bget(?:ting)? (?:the|our|my|your|this|that) (?:[a-z0-9'-]+ ){1,3}?to (?:the|our|my|your|their|his|her) "
    r"(?!(?:latest|next|new|end|bottom|top)\b)[a-z'-]+"
)
"""Phrases that hand something to someone (*get the contract over to Gita*, *get the board chair a sheet*,
*get the certificate to the client*; not *get the server to the latest version*): a send, and a share: always
for *over to* (what a tool hands over to a person it shares with them), for *get X a Y* only
when Y is a file or a document (:data:`_HANDED_FILES`; *get the car a wash* shares nothing)."""
_GET_DONE = re.compile(
    r"\bget(?:s|ting)? (?:(?:it|them|this|that|these|those|the|our|my|your|his|her|their|all|each|every|both|a|an|"
    r"some|one|two|three|new)\b"
    r"(?: [a-z0-9'-]+){0,3}?|[a-z0-9'-]+) ([a-z]+(?:ed|en)|sent|paid|sold|bought|done|made|shut|set)"
    r"(?=\s*$|\s*[.,;:!?+&-]|\s(?:by|before|after|today|tonight|tomorrow|now|asap|and|so|for|this|next|first|"
    r"please|then|too|again|right|immediately|quickly|soon|on|in|at|to|from|with|via|through)\b)"
)
"""*Get X done* (*get it ordered*, *get the lease signed by Friday*) asks for what the participle says, as if the
goal said the verb (*order it*, *sign the lease*); the participle must end the phrase (*get the signed lease*
asks to sign nothing)."""
_IRREGULAR = {
    "sent": "send", "paid": "pay", "sold": "sell", "bought": "buy", "shut": "shut", "made": "make", "done": "do",
    "set": "set", "written": "write", "given": "give", "taken": "take", "forgotten": "forget", "hidden": "hide",
}  # fmt: skip
_GET_OUT = re.compile(r"\bget(?:s|ting)? (?:[a-z0-9'-]+ ){1,4}?out\b(?! of\b)")
"""*Get the notices out*, *get a crew out there*: sending something (or someone) out to the people it is for;
*get the old one out of X* removes it instead (:data:`_DELETE_PHRASE`)."""
_GET_OUT_OF = re.compile(r"\bget(?:s|ting)? (?:[a-z0-9'-]+ ){1,4}?out of\b")
"""*Get the old sensor out of the hub*: removing it from there, an implied delete (of what the goal names or a
step found; *get the numbers out of the report* reads them, and deletes nothing a step did not find)."""
_GET_TO_NAME = re.compile(r"\b[Gg]et(?:s|ting)? (?:[\w'-]+ ){1,6}?to [A-Z][\w'-]+")
"""*Get the quote to Dana*: handing it to a person the goal names by name, a send."""
_PREVENT = re.compile(
    r"\bmake sure\b[^.;]{0,40}?\b(?:don't|dont|doesn't|doesnt|won't|wont|isn't|aren't|not|never|nobody|no one|"
    r"can't|cannot)\b|\b(?:don't|do not) let\b|\bprevent(?:s|ing)?\b|\b(?:stop|keep)\b[^.;]{1,30}?\bfrom\b"
)
"""*Make sure we don't cut them off*, *don't let the plan renew*, *keep it from shipping*: the goal asks that
something pending does not happen, which is done by cancelling, holding or stopping it. That is an implied
delete (:meth:`Intent.only_implied`): of what the goal names or a step found, nothing else."""
_DELIVERABLE_FOR = re.compile(
    r"\b(?:recap|report|summary|update|digest|rundown|briefing|brief|overview|numbers)\b (?:[a-z0-9'-]+ ){0,2}?"
    r"for ([A-Z][a-z'-]+)\b"
)
"""*Weekend recap for Camila*: a report made for a person asks to send it to them (not *a report for March*)."""
_FOR_AUDIENCE = re.compile(
    r"\b(?:(?:write|writes|writing|wrote|put|puts|putting|pull|pulls|pulling|type|typing) (?:[a-z0-9'-]+ ){0,4}?"
    r"(?:up|together)|summari[sz]e|summari[sz]es|summari[sz]ing|recap|recaps|recapping|prepare|prepares|preparing|"
    r"compile|compiles|compiling|recap|report|summary|update|digest|rundown|briefing|overview|numbers|stats|"
    r"statistics|figures|minutes)\b[^.;:?!]{0,80}?\bfor (?:their|his|her|the|our|your|its|all|each) "
    r"(?:[a-z'-]+ )?(?!(?:records?|files?|reference|archives?|log|logs|notes|books|week|weeks|month|months|year|"
    r"years|quarter|day|days|today|tomorrow|meeting|meetings|weekend|morning|afternoon|evening|night|file|"
    r"audit|review)\b)[a-z'-]+(?=\s*$|\s*[.;:!?,]|\s+(?:and|by|before|today|tomorrow|please|asap)\b)"
)
"""*Write up Kiri's progress this month for their parents*, *monthly stats for the board please*: a write-up
(made by a writing verb, or named by what it is: stats, a report, a summary) made for an audience (a party the
goal names by its role) is delivered to them, a send; not *for our records*, *for the week* or *for the meeting*
(kept or used, not delivered)."""
_SEE_TO = re.compile(
    r"\b(?:take|takes|taking|took) care of\b|\bsort(?:s|ing|ed)? (?:[a-z0-9'-]+ ){0,4}?out\b|"
    r"\bmake (?:it|things|this|that) right\b"
)
"""*Take care of the ticket holders*, *sort out the Oak Street people*, *make it right with the family*: an
open-ended order to do what a situation the goal reports needs. It implies a change (a cancel, a hold) only of
what the goal names or a step found, as *close it out* does (:meth:`Intent.only_implied`)."""
_NOT_PERSONS = _words(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december q1 q2 q3 q4 the our my"
)
_NEGATIONS = _words("don't dont not never no without nothing avoid stop")
_CURRENCY = re.compile(
    r"[$€£¥]\s?\d(?:[\d.,]*\d)?|\d\s?(?:usd|eur|gbp|chf|jpy|dollars?|euros?|pounds?|usdc|eth|btc)\b",
    re.IGNORECASE,
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
    member: str | None = None
    """The phrase that asks to make someone a member (*add Sam to the #design channel*), if any: it asks to
    share, but not to give control (an owner, an admin)."""
    implying: tuple[str, ...] = ()
    """Phrases that ask for an effect only as part of the task (*make sure we don't cut them off*: a cancel of
    what the goal names or a step found), as :data:`IMPLIED` words do."""

    def asks_control(self) -> bool:
        """True when the goal asks to share by more than adding a member: *give Dana admin*, *invite*, *grant*."""
        return any(word != self.member for word in self.asked.get("share", ()))

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
        return all(word in self.implying or any(stem in IMPLIED for stem in _stems(word)) for word in words)

    def object_words(self) -> frozenset[str]:
        """The goal's distinctive words: what an object it names would be called by (``notifier``, ``ci``)."""
        return frozenset(
            word
            for word in self.words
            if word not in _PLAIN_WORDS and word not in SCHEME_WORDS and not any(s in IMPLIED for s in _stems(word))
        )  # the verbs that imply a delete (*restart*) name no object


_CLOCK = re.compile(
    r"\b(\d{1,2})(?::(\d{2}))?\s?(am|pm)\b|\bat (\d{1,2})(?::(\d{2}))?\b(?![:.\d]|\s?(?:am|pm|%|[a-z]))"
)
_LATER_DAY = re.compile(r"\b(?:afternoon|evening|tonight)\b")


_CLAUSE_ORDER = re.compile(
    r"(?:^|[.;:!?-]\s*|\b(?:and|then)\s+)([a-z]+)\s+(?:every|everyone|everybody|all|each|the|them|him|her|"
    r"these|those|their|its)\b"
)
_NOT_ORDERS = _words(
    "get let keep see find check look review read list show count tell give send email text mail message reply "
    "ask remind notify call ring thank warn alert ping post write draft summarise summarize compare search "
    "what which who how is are was were do does did has have had can could would will please pull"
)


def sees_to(intent: Intent) -> bool:
    """Whether the goal gives an open-ended order about a situation it reports (*sort out the guests*, *take care
    of the ticket holders*, *make it right*; :data:`_SEE_TO`): it implies the usual remedies of what a step found
    there (round 10, B), a cancel and the money they paid returned."""
    return any(_SEE_TO.fullmatch(phrase) for phrase in intent.implying)


def orders_a_change(goal: str) -> bool:
    """Whether a clause of the goal opens with a verb other than a send or a read, followed by its object
    (*Overlock every unit ...*, *... - lock them out and send the notice*): an order to do something to that
    object, whatever the verb is, so the goal asks for a change even when its only effect word is a send."""
    text = goal.lower().replace("’", "'")
    return any(
        verb not in _NOT_ORDERS and not any(stem in _GOAL_WORDS for stem in _stems(verb))
        for verb in _CLAUSE_ORDER.findall(text)
    )


def clock_times(goal: str) -> frozenset[str]:
    """The times of day a goal gives, as a listing would filter by them (``15:00`` for *3pm*; *at 2* is
    ``14:00`` when the goal speaks of the afternoon or evening, else ``02:00`` and ``14:00`` both)."""
    text = goal.lower()
    later = _LATER_DAY.search(text) is not None
    found: set[str] = set()
    for hour, minute, half, bare, bare_minute in _CLOCK.findall(text):
        number = int(hour or bare)
        if not 0 < number <= 12:
            continue
        if half:
            hours = [number % 12 + (12 if half == "pm" else 0)]
        else:
            hours = [number % 12 + 12] if later else [number % 12, number % 12 + 12]
        found.update(f"{value:02d}:{minute or bare_minute or '00'}" for value in hours)
    return frozenset(found)


def _stems(word: str) -> Iterator[str]:
    yield word
    for suffix in ("s", "es", "ed", "d", "ing", "ings"):
        # ``closed`` -> ``close`` drops a ``d`` after an ``e`` only: ``band`` is not ``ban``.
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and (suffix != "d" or word.endswith("ed")):
            stem = word[: -len(suffix)]
            yield stem
            if suffix in ("ed", "ing", "ings") and stem[-1] == stem[-2] and stem[-1] not in "aeiousl":
                yield stem[:-1]  # ``stopped`` -> ``stop``, ``scrapping`` -> ``scrap`` (not ``called`` -> ``cal``)
            if suffix in ("ed", "ing", "ings") and stem[-2:] == "ll" and len(stem) > 4:
                yield stem[:-1]  # ``cancelled``, ``cancelling`` -> ``cancel`` (British spelling doubles the l)
            if suffix in ("ing", "ings") and stem[-1] not in "aeiouy" and stem[-2] in "aeiouy":
                yield stem + "e"  # ``closing`` -> ``close``, ``archiving`` -> ``archive``: the e dropped before -ing


def _verb_use(words: tuple[str, ...], index: int, stem: str, starts: frozenset[int] = frozenset()) -> bool:
    """Whether an ambiguous word is used as a verb: not plural, and not after a determiner or an adjective
    (``my email``, ``the latest order``); followed by ``to`` it asks either way (``an email to Bob``); starting
    a sentence and followed by its object (*... came in. Text every customer*, not *Order #80417 arrived*) it
    is an order given, whatever ends the sentence before it."""
    if index + 1 < len(words) and words[index + 1] == "to":
        return True
    if words[index] != stem:
        return False
    if index in starts and index + 1 < len(words) and words[index + 1] in _OBJECT_START:
        return True
    return index == 0 or words[index - 1] not in _NOUN_BEFORE


_OBJECT_START = _words("every everyone everybody all each the them him her us me our my your their these those")
"""Words that open a verb's object (*text every customer*, *email them*): after a sentence's first word they
make it a verb."""
_SENTENCE_END = re.compile(r"[.!?;:]\s*$")


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
    tokens = list(_GOAL_TOKEN.finditer(text))
    words = tuple(token.group(0) for token in tokens)
    starts = frozenset(
        index for index, token in enumerate(tokens) if index and _SENTENCE_END.search(text[: token.start()])
    )
    asked: dict[str, list[str]] = {}
    implying: list[str] = []
    done = _GET_DONE.search(text)
    if done is not None:
        # *Get it ordered*: the participle, read as the verb the goal would have said (as a verb, not a noun).
        participle = done.group(1)
        verb = _IRREGULAR.get(participle) or next(
            (stem for stem in _participle_stems(participle) if stem in _GOAL_WORDS), None
        )
        for effect in _GOAL_WORDS.get(verb or "", ()):
            asked.setdefault(effect, []).append(done.group(0).strip())
    for index, word in enumerate(words):
        if any(before in _NEGATIONS for before in words[max(0, index - 2) : index]):
            continue
        if index + 1 < len(words) and (word, words[index + 1]) in _NOT_ASKING:
            continue
        if done is not None and word == done.group(1):
            continue  # *get the hold cancelled*: asked by the phrase above, not again by its participle
        for stem in _stems(word):
            effects = _GOAL_WORDS.get(stem, ())
            if effects and stem in _AMBIGUOUS and not _verb_use(words, index, stem, starts):
                continue
            for effect in effects:
                asked.setdefault(effect, []).append(word)
            if "destructive" in effects and word.endswith("ed") and stem != word:
                # *the family cancelled their move*: a delete reported done asks to record it on the thing the
                # goal names or a step found, nothing else (as *close it out*).
                implying.append(word)
    phrases = (
        (_CURRENCY, "financial"),
        (_PERCENT_MONEY, "financial"),
        (_CHARGED_PHRASE, "financial"),
        (_MONEY_PHRASE, "financial"),
        (_PAY_PHRASE, "financial"),
        (_LET_KNOW, "send"),
        (_PUBLIC_PHRASE, "share"),
        (_DELETE_PHRASE, "destructive"),
        (_GRANT_PHRASE, "share"),
        (_ACCESS_PHRASE, "share"),
        (_SIGN_OUT_PHRASE, "credentials"),
        (_TOWARD_PHRASE, "financial"),
        (_ORDER_PHRASE, "financial"),
        (_ALL_BACK_PHRASE, "financial"),
        (_BACK_PHRASE, "destructive"),
        (_INVOICE_PHRASE, "send"),
        (_INVOICE_PHRASE, "financial"),
        (_CODE_PHRASE, "credentials"),
        (_HANDOVER_PHRASE, "send"),
        (_GET_OUT, "send"),
    )
    handover = _HANDOVER_PHRASE.search(text)
    if handover is not None:
        # What is handed over is named in the phrase or just after it (*get the board chair a Q1 sheet*).
        handed = _GOAL_TOKEN.findall(text[handover.start() : handover.end() + 40])
        if handover.group(0).endswith("over to") or any(word in _HANDED_FILES for word in handed):
            asked.setdefault("share", []).append(handover.group(0).strip())
    for pattern, effect in phrases:
        match = pattern.search(text)
        if match is not None:
            asked.setdefault(effect, []).append(match.group(0).strip())
            if pattern is _DELETE_PHRASE and match.group(0).startswith("clos"):
                implying.append(match.group(0).strip())  # *close it out*: that record closed, nothing else
    # Round 10 (B)'s phrases, each searched only when a cheap substring says it could match.
    if any(hint in text for hint in _DESTINATION_HINTS):
        destination = _DESTINATION_PHRASE.search(text)
        if destination is not None:
            asked.setdefault("send", []).append(destination.group(0).strip())
    if " off" in text or " up to" in text:
        off = _OFF_PHRASE.search(text)
        if off is not None:
            asked.setdefault("financial", []).append(off.group(0).strip())
    lose = _LOSE_PHRASE.search(text) if "los" in text else None
    for implies in (_PREVENT.search(text), _GET_OUT_OF.search(text), _SEE_TO.search(text), lose):
        if implies is not None:
            implying.append(implies.group(0).strip())
            asked.setdefault("destructive", []).append(implying[-1])
    obtain = _OBTAIN_FOR.search(goal.replace("’", "'")) if "get" in text else None
    if obtain is not None and not any(
        word in _MADE_NOT_BOUGHT or word in _HANDED_FILES for word in obtain.group(1).lower().split()
    ):
        # what is got is read over its next three words (*a quick summary* is a write-up, *a DMV slot* is not)
        asked.setdefault("financial", []).append(obtain.group(0).lower())
    to_name = _GET_TO_NAME.search(goal)
    if to_name is not None and "send" not in asked:
        asked["send"] = [to_name.group(0).strip().lower()]
    deliverable = _DELIVERABLE_FOR.search(goal)
    if deliverable is not None and deliverable.group(1).lower() not in _NOT_PERSONS:
        asked.setdefault("send", []).append(deliverable.group(0).lower())
    audience = _FOR_AUDIENCE.search(text)
    if audience is not None and not any(word in _NEGATIONS for word in text[: audience.start()].split()[-2:]):
        asked.setdefault("send", []).append(audience.group(0))
    found_member = _MEMBER_PHRASE.search(goal.replace("’", "'"))
    member = None if found_member is None else found_member.group(0).strip().lower()
    if member is not None:
        asked.setdefault("share", []).append(member)
    if "send" in asked and "share" not in asked:
        # Sending someone a clip, a file or a folder is done by sharing it with them.
        shared = [word for word in words if word in _SHAREABLE]
        if shared:
            asked["share"] = [*asked["send"], *shared[:1]]
    return Intent(
        {effect: tuple(dict.fromkeys(found)) for effect, found in asked.items()}, words, member, tuple(implying)
    )


def _participle_stems(participle: str) -> Iterator[str]:
    """The verbs a regular participle may come from: ``ordered`` -> ``order``, ``cancelled`` -> ``cancel``,
    ``booked`` -> ``book``, ``archived`` -> ``archive``, ``taken`` -> ``take``."""
    for suffix in ("ed", "d", "en", "n"):
        if participle.endswith(suffix) and len(participle) - len(suffix) >= 2:
            stem = participle[: -len(suffix)]
            yield stem
            if len(stem) > 2 and stem[-1] == stem[-2]:
                yield stem[:-1]  # ``cancelled``, ``shipped``
