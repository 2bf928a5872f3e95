"""Detectors shared by the security rules: secrets, personal data, SQL writes and unsafe file paths.

Every detector is a pure function of its input, built on regexes compiled at import, linear in the length of
the text, and total: no input makes one raise. Detectors return *where* and *what kind*; the rules decide what
to report, and report values only through :func:`mask`, so a finding never repeats a secret.
"""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any, NamedTuple
from urllib.parse import unquote

from ..plan import ActionNode, LlmNode, NodeBase, Reference, parse_template
from ..plan._refs import is_reference_object
from ._context import LintContext

# ------------------------------------------------------------------------------------------------ names
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _pairs(text: str) -> frozenset[tuple[str, str]]:
    return frozenset((first, second) for first, _, second in (pair.partition("_") for pair in text.split()))


_PASSWORD_WORDS = _words("password passwd pwd passphrase")
_SECRET_WORDS = _PASSWORD_WORDS | _words(
    "secret secrets token tokens apikey credential credentials authorization cookie"
)
_SECRET_PAIRS = _pairs("api_key private_key access_key secret_key signing_key encryption_key client_secret master_key")
# A name ending in one of these describes a secret (its type, expiry, id...) rather than holding it.
_DESCRIBES_LAST = _words(
    "type types name names id ids url uri endpoint count length len ttl expiry expires expiration at field "
    "header path file hint kind format policy prompt label description scope scopes version provider method "
    "mode limit location usage required enabled reset hash hashed digest checksum fingerprint md5 sha1 "
    "sha256 sha512 strength rotation min max"
)
# Names with these words are about paging or LLM budgets, not credentials (``next_page_token``,
# ``max_tokens``).
_NOT_SECRET_WORDS = _words("page pagination cursor max num total csrf limit")
_PII_WORDS = _words("ssn cvv cvc pin iban passport dob birthdate birthday")
_PII_PAIRS = _pairs("credit_card card_number account_number routing_number social_security tax_id of_birth birth_date")
_CHECKSUM_WORDS = _words("checksum hash digest md5 sha sha1 sha224 sha256 sha384 sha512 crc crc32 etag fingerprint")


@functools.lru_cache(maxsize=4096)
def name_words(name: str) -> tuple[str, ...]:
    """The lower-case words of a key in any case style: ``xApiKey`` -> ``('x', 'api', 'key')``."""
    return tuple(word.lower() for word in _WORD.findall(name))


def _has(words: tuple[str, ...], singles: frozenset[str], pairs: frozenset[tuple[str, str]]) -> bool:
    return any(word in singles for word in words) or any(pair in pairs for pair in itertools.pairwise(words))


@functools.lru_cache(maxsize=4096)
def is_secret_name(name: str) -> bool:
    """True for keys that hold credentials: ``api_key``, ``password``, ``clientSecret``, ``X-Auth-Token``."""
    words = name_words(name)
    if not words or words[-1] in _DESCRIBES_LAST or any(word in _NOT_SECRET_WORDS for word in words):
        return False
    return _has(words, _SECRET_WORDS, _SECRET_PAIRS)


@functools.lru_cache(maxsize=4096)
def is_password_name(name: str) -> bool:
    """True for keys that hold a password (any literal there is a raw secret, whatever its entropy)."""
    words = name_words(name)
    return is_secret_name(name) and any(word in _PASSWORD_WORDS for word in words)


@functools.lru_cache(maxsize=4096)
def is_sensitive_name(name: str) -> bool:
    """True for keys that hold credentials or personal identifiers (``ssn``, ``card_number``, ``dob``...)."""
    return is_secret_name(name) or _has(name_words(name), _PII_WORDS, _PII_PAIRS)


@functools.lru_cache(maxsize=4096)
def is_checksum_name(name: str) -> bool:
    """True for keys that hold a checksum or digest (``sha256``, ``fileHash``, ``etag``)."""
    return any(word in _CHECKSUM_WORDS for word in name_words(name))


# ------------------------------------------------------------------------------------------------ tools
class ToolRoles:
    """What the policy and the tool specs say about each tool, worked out once per tool name.

    A tool is a *sink* when it matches ``policy.sinks`` or its spec says ``sink``; a *sensitive source* when
    it matches ``policy.sensitive_sources`` or its spec says ``sensitive_source``; *read-only* when it matches
    ``policy.read_only_tools`` or its spec says ``read_only``.
    """

    def __init__(self, ctx: LintContext):
        self._ctx = ctx
        # A role depends on the policy, the specs and the name alone: kept per linter (LintContext.by_tool),
        # under the role's name (no per_tool question is named like a role).
        self._memo: dict[tuple[str, str], Any] = ctx.by_tool

    def _role(self, tool: str, role: str, patterns: list[str]) -> bool:
        known: bool | None = self._memo.get((role, tool))
        if known is None:
            spec = self._ctx.tools.get(tool) if self._ctx.tools is not None else None
            known = self._ctx.matches(tool, patterns) or (spec is not None and bool(getattr(spec, role)))
            self._memo[(role, tool)] = known
        return known

    def is_sink(self, tool: str) -> bool:
        """True when the tool sends data out of the system."""
        return self._role(tool, "sink", self._ctx.policy.sinks)

    def is_sensitive_source(self, tool: str) -> bool:
        """True when the tool's output is sensitive."""
        return self._role(tool, "sensitive_source", self._ctx.policy.sensitive_sources)

    def is_read_only(self, tool: str) -> bool:
        """True when the tool must not change anything."""
        return self._role(tool, "read_only", self._ctx.policy.read_only_tools)


def tool_uses(ctx: LintContext) -> Iterator[tuple[NodeBase, str, str]]:
    """Every tool a node uses, as ``(node, tool, json_path)``: an action's ``tool``, and each tool an ``llm``
    step is offered (it may call any of them)."""
    for visit in ctx.visits:
        node = visit.node
        if isinstance(node, ActionNode):
            yield node, node.tool, f"{visit.path}.tool"
        elif isinstance(node, LlmNode):
            for index, tool in enumerate(node.tools):
                yield node, tool, f"{visit.path}.tools[{index}]"


# ----------------------------------------------------------------------------------------------- values
# The template grammar of ``plankit.plan`` (``{{root.path}}`` or ``${root.path}``), matched whole without
# building a Reference: this runs on every parameter string (tests pin it to ``single_reference``).
_NAME = r"[A-Za-z0-9_][A-Za-z0-9_\-]*"
_STEPS = r"(?:\.[A-Za-z0-9_\-]+|\[\d+\])*"
_ONE_REFERENCE = re.compile(rf"\{{\{{\s*{_NAME}{_STEPS}\s*\}}\}}|\$\{{{_NAME}{_STEPS}\}}")


def is_single_reference(text: str) -> bool:
    """True when ``text`` is exactly one template reference (its value, of any type, comes at run time)."""
    return text[:1] in ("{", "$") and _ONE_REFERENCE.fullmatch(text) is not None


def is_reference_value(value: Any) -> bool:
    """True when ``value`` is a reference whose type is only known at run time: a string that is exactly one
    template reference, or a ``step_output`` / ``env`` / ``runtime`` reference object."""
    if isinstance(value, str):
        return is_single_reference(value)
    return isinstance(value, dict) and is_reference_object(value) and value.get("type") != "literal"


def literal_of(value: Any) -> Any:
    """The value itself, or the constant inside a ``{"type": "literal", "value": ...}`` object."""
    if isinstance(value, dict) and value.get("type") == "literal" and is_reference_object(value):
        return value["value"]
    return value


def walk_strings(value: Any, path: str, key: str = "") -> Iterator[tuple[str, str, str]]:
    """Every string inside ``value`` as ``(key, text, json_path)``, in document order, iteratively.

    ``key`` is the nearest enclosing dict key (list items inherit their list's key). The strings inside
    reference objects (step ids, env keys) are names, not data, and are skipped.
    """
    stack: list[tuple[Any, str, str]] = [(value, path, key)]
    while stack:
        current, where, name = stack.pop()
        if isinstance(current, str):
            yield name, current, where
        elif isinstance(current, dict):
            if is_reference_object(current):
                if current.get("type") == "literal":
                    stack.append((current["value"], f"{where}.value", name))
                continue
            for item_key, item in reversed(list(current.items())):
                stack.append((item, f"{where}.{item_key}", str(item_key)))
        elif isinstance(current, list):
            for index in range(len(current) - 1, -1, -1):
                stack.append((current[index], f"{where}[{index}]", name))


def template_text(text: str, placeholder: str = "?") -> str:
    """``text`` with each template reference replaced by ``placeholder`` (what is known before run time)."""
    if "{" not in text:
        return text
    return "".join(placeholder if isinstance(part, Reference) else part for part in parse_template(text))


def literal_text(text: str, placeholder: str = "?") -> str:
    """:func:`template_text` by one substitution, for long texts (the NUL-joined strings of a plan)."""
    return _ONE_REFERENCE.sub(placeholder, text) if "{" in text else text


def template_references(text: str, location: str) -> list[Reference]:
    """The template references inside ``text``."""
    if "{" not in text:
        return []
    return [part for part in parse_template(text, location) if isinstance(part, Reference)]


def mask(text: str) -> str:
    """A value shown safely: its first characters and its length, never the whole (``'AKIA…' (20 chars)``)."""
    shown = 4 if len(text) >= 16 else 2 if len(text) >= 8 else 0
    return f"'{text[:shown]}…' ({len(text)} chars)"


# ---------------------------------------------------------------------------------------------- scans
@dataclass(frozen=True, slots=True)
class _Format:
    """One recognisable kind of value, and literal text it can't appear without.

    The anchors gate the regex: ``in`` checks cost far less than a regex scan, and most strings of a plan
    hold none of them. ``folded`` anchors are looked for in the lower-cased text. ``accept`` vets a match
    (by its ``value`` group when the pattern has one) beyond what a regex can say: Luhn, mod-97...
    ``gate``, when set, is a plain regex that matches wherever ``pattern`` does (a necessary condition, tested
    in tests/lint/rules/test_detect.py): patterns that open with lookbehinds or ``\b`` are tried at every
    position of the text, a plain leading character class is found by a fast scan, so the gate rules most
    texts out first (the anchors of numbers, digits and spaces, are in nearly every text).
    """

    kind: str
    anchors: tuple[str, ...]
    pattern: re.Pattern[str]
    accept: Callable[[str], bool] | None = None
    folded: bool = False
    gate: re.Pattern[str] | None = None
    find_anchor: Callable[[str], object] = field(init=False, repr=False, compare=False)
    """Something true when the text holds an anchor: one regex search for them all, made once per format."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "find_anchor", _anchored(self.anchors).search)


class PlanText(NamedTuple):
    """Every string of a plan, joined, and every key: read once per lint run to rule scans out in bulk."""

    text: str
    """Every distinct string of action params (any depth, reference objects included), llm prompts and the
    context, joined by NUL (no detector pattern matches across a NUL: see :func:`could_match`)."""
    keys: frozenset[str]
    """Every dict key at any depth of action params and of the context (plus ``prompt``)."""


_TEXT_OF = itemgetter(4)  # a reference's text


def plan_text(ctx: LintContext) -> PlanText:
    """The :class:`PlanText` of the lint context's plan (read once per lint run)."""
    return ctx.memo("plan_text", _read_plan_text, ctx)


def _read_plan_text(ctx: LintContext) -> PlanText:
    # A superset of the strings the rules look at is fine here: it can only let a scan run, never skip one.
    texts: list[str] = []
    keys: set[str] = set()
    for visit in ctx.visits_by_type.get("llm", ()):  # most plans have none: no test per node
        texts.append(visit.node.prompt)  # type: ignore[attr-defined]  # an llm node
        keys.add("prompt")
    _read_strings([ctx.plan.context], texts, keys, frozenset())
    # A param that is exactly one reference holds no data yet: the string rules skip it, so may this. The
    # graph has parsed every reference already; a string that is the whole text of one is such a param.
    whole: set[Any] = set(map(_TEXT_OF, chain.from_iterable(ctx.graph.references.values())))  # in C
    whole.discard(None)  # object references have no text
    params_keys: set[Any] = set()  # apart from the context's: the rules about parameters read only these
    nested = _read_params([node.params for node, _ in ctx.actions if node.params], texts, params_keys, whole)
    ctx.memo("action_keys", _as_keys, params_keys)
    ctx.memo("nested_params", bool, nested)
    # Plans repeat their strings (the same query in every step): each distinct one is scanned once.
    return PlanText("\x00".join(dict.fromkeys(texts)), frozenset(map(str, keys.union(params_keys))))


def action_keys(ctx: LintContext) -> frozenset[str]:
    """Every dict key at any depth of the plan's action params: :attr:`PlanText.keys` without the context's
    and the prompts' (read with :func:`plan_text`, once per lint run)."""
    plan_text(ctx)  # which keeps them
    return ctx.memo("action_keys", _read_action_keys, ctx)  # read here only for a plan text shared in


def nested_params(ctx: LintContext) -> bool:
    """False when no action's params hold a container below their top level (no dict value, no list holding a
    dict or a list): then their top-level keys are all their keys (read with :func:`plan_text`)."""
    plan_text(ctx)
    return ctx.memo("nested_params", bool, True)  # a plan text shared in: not known, so maybe


def _read_action_keys(ctx: LintContext) -> frozenset[str]:
    keys: set[Any] = set()
    _read_strings([node.params for node, _ in ctx.actions if node.params], [], keys, frozenset())
    return _as_keys(keys)


def _as_keys(keys: Iterable[Any]) -> frozenset[str]:
    return frozenset(map(str, keys))


def _read_params(params: list[dict[str, Any]], texts: list[str], keys: set[Any], skipped: AbstractSet[str]) -> bool:
    """:func:`_read_strings` of the actions' params (plain dicts): the same strings and keys, read level by
    level (the top level's keys in one call, its values in one loop: most params hold nothing deeper).
    True when some params hold a container below their top level (a dict, or a list holding one)."""
    keys.update(*params)
    pending: list[Any] = []
    for value in chain.from_iterable(map(dict.values, params)):
        kind = value.__class__
        if kind is str:
            if value not in skipped:
                texts.append(value)
        elif kind is list:
            for item in value:
                item_kind = item.__class__
                if item_kind is str:
                    if item not in skipped:
                        texts.append(item)
                elif item_kind in _NESTED or (item_kind not in _SCALARS and isinstance(item, _OTHER)):
                    pending.append(item)
        elif kind is dict or (kind not in _SCALARS and isinstance(value, _OTHER)):
            pending.append(value)
    if not pending:
        return False
    _read_strings(pending, texts, keys, skipped)
    return True


def _read_strings(pending: list[Any], texts: list[str], keys: set[Any], skipped: AbstractSet[str]) -> None:
    """Every string inside ``pending`` (but those in ``skipped``) into ``texts``, every dict key into
    ``keys``. Any mapping is read as a dict and any list or tuple as a list: params built in Python may hold
    an ``OrderedDict``, and a gate that missed its keys would skip the rule that reads it."""
    while pending:
        current = pending.pop()
        if current.__class__ is dict:
            keys.update(current)
            values: Any = current.values()
        elif current.__class__ is list:
            values = current
        elif isinstance(current, Mapping):
            keys.update(current)
            values = current.values()
        elif isinstance(current, list | tuple):
            values = current
        else:
            if isinstance(current, str):
                texts.append(current)
            continue
        for value in values:
            kind = value.__class__
            if kind is list:
                # Lists of scalars are common (bound args, values): read in place, not through the stack.
                for item in value:
                    item_kind = item.__class__
                    if item_kind is str:
                        if item not in skipped:
                            texts.append(item)
                    elif item_kind in _NESTED or (item_kind not in _SCALARS and isinstance(item, _OTHER)):
                        pending.append(item)
            elif kind is str:
                if value not in skipped:
                    texts.append(value)
            elif kind is dict or (kind not in _SCALARS and isinstance(value, _OTHER)):
                pending.append(value)


# A container that is not exactly a dict or a list (a mapping such as an ``OrderedDict``, a list subclass, a
# tuple), or a str subclass (read as its text), is read too; plain scalars are answered by one set lookup.
_SCALARS = frozenset({str, int, float, bool, type(None)})
_NESTED = frozenset({dict, list})
_OTHER = (Mapping, list, tuple, str)


# Constructs whose meaning at a string's edge changes when the string is followed or preceded by a NUL.
_EDGE_SENSITIVE = ("^", "$", "\\A", "\\Z", "\\z", "(?!", "(?<!", "(?>", "(?(", "*+", "++", "?+", "}+")


def could_match(pattern: re.Pattern[str], joined: str) -> bool:
    """False only when ``pattern`` surely matches none of the NUL-joined strings of ``joined``.

    A match inside one string is also a match inside the joined text: its characters are the same, and a
    NUL on either side looks like the string's edge to ``\\b`` (not a word character). Anchors, negative
    lookarounds, atomic groups and possessive quantifiers can tell the difference, so a pattern using any of
    them is never ruled out."""
    if _edge_sensitive(pattern.pattern):
        return True
    return pattern.search(joined) is not None


@functools.lru_cache(maxsize=1024)
def _edge_sensitive(source: str) -> bool:
    """True when a pattern (a policy's, or a built-in one) uses a construct of :data:`_EDGE_SENSITIVE`: a
    question about the pattern alone, answered once per pattern."""
    return any(construct in source for construct in _EDGE_SENSITIVE)


def present_formats(formats: tuple[_Format, ...], joined: str) -> tuple[_Format, ...]:
    """The formats that may match some string of ``joined`` (the others match none: skip them everywhere).
    The built-in formats' lookarounds only reject characters a NUL is not, so :func:`could_match`'s argument
    holds for them too."""
    lowered: str | None = None
    present: list[_Format] = []
    for fmt in formats:
        haystack = joined
        if fmt.folded:
            lowered = joined.lower() if lowered is None else lowered
            haystack = lowered
        if fmt.find_anchor(haystack) is None:
            continue
        if (fmt.gate is None or fmt.gate.search(joined) is not None) and fmt.pattern.search(joined) is not None:
            present.append(fmt)
    return tuple(present)


@functools.lru_cache(maxsize=256)
def _anchored(anchors: tuple[str, ...]) -> re.Pattern[str]:
    """One regex finding any of ``anchors`` (as plain text): one scan instead of an ``in`` per anchor."""
    return re.compile("|".join(re.escape(anchor) for anchor in anchors))


def _scan(text: str, formats: tuple[_Format, ...]) -> list[tuple[str, str]]:
    """Accepted matches of ``formats`` in ``text`` as ``(kind, matched text)``, left to right; a match that
    overlaps one further left (or a longer one at the same place) is dropped."""
    found: list[tuple[int, int, str, str]] = []
    lowered: str | None = None
    for fmt in formats:
        haystack = text
        if fmt.folded:
            lowered = text.lower() if lowered is None else lowered
            haystack = lowered
        if not any(anchor in haystack for anchor in fmt.anchors):
            continue
        if fmt.gate is not None and fmt.gate.search(text) is None:
            continue
        for match in fmt.pattern.finditer(text):
            checked = match.groupdict().get("value") or match.group(0)
            if fmt.accept is None or fmt.accept(checked):
                found.append((match.start(), -match.end(), fmt.kind, match.group(0)))
    found.sort()
    kept: list[tuple[str, str]] = []
    reach = -1
    for start, negative_end, kind, matched in found:
        if start >= reach:
            kept.append((kind, matched))
            reach = -negative_end
    return kept


# ---------------------------------------------------------------------------------------------- secrets
@dataclass(frozen=True, slots=True)
class SecretHit:
    """A secret found in a string: what kind, and the matched text (to be masked before display)."""

    kind: str
    text: str


# A value that stands for a secret instead of being one: masked, a placeholder, or filled in elsewhere.
_PLACEHOLDER = re.compile(
    r"(?i)^(?:\*+|x{3,}|•+|\.{3,}|<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_]+%|\[?redacted\]?|null|none)$"
)
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_HEX_DIGEST = re.compile(r"^(?:[0-9a-fA-F]{8}){4,16}$")
_DIGEST_HEX_LENGTHS = frozenset({32, 40, 56, 64, 96, 128})  # MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512
_HEX = re.compile(r"^[0-9a-fA-F]+$")
_NO_SPACE_TOKEN = re.compile(r"^\S+$")


def is_placeholder(value: str) -> bool:
    """True for stand-ins such as ``***``, ``<password>``, ``$DB_PASSWORD``, ``REDACTED`` or a reference."""
    stripped = value.strip()
    return not stripped or bool(_PLACEHOLDER.match(stripped)) or stripped.startswith(("{{", "${"))


def _not_placeholder(value: str) -> bool:
    return not is_placeholder(value)


def is_uuid(value: str) -> bool:
    """True for a UUID in its canonical 8-4-4-4-12 hex form."""
    return bool(_UUID.match(value))


def is_hex_digest(value: str) -> bool:
    """True for a hex string as long as an MD5, SHA-1, SHA-2 or SHA-3 digest."""
    return len(value) in _DIGEST_HEX_LENGTHS and bool(_HEX_DIGEST.match(value))


def shannon_entropy(value: str) -> float:
    """Shannon entropy of the characters of ``value``, in bits per character (0 for an empty string)."""
    if not value:
        return 0.0
    total = len(value)
    return -sum(count / total * math.log2(count / total) for count in Counter(value).values())


def looks_random(value: str) -> bool:
    """True for a string that reads like a generated key: at least 16 characters without whitespace, mixing
    letters and digits, with high entropy (3.0 bits/char for hex, 3.5 otherwise)."""
    if len(value) < 16 or not _NO_SPACE_TOKEN.match(value) or is_uuid(value):
        return False
    if not any(char.isdigit() for char in value) or not any(char.isalpha() for char in value):
        return False
    threshold = 3.0 if _HEX.match(value) else 3.5
    return shannon_entropy(value) >= threshold


def _basic_credentials(encoded: str) -> bool:
    try:
        decoded = base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return b":" in decoded


_SECRET_FORMATS = (
    _Format("AWS access key", ("AKIA", "ASIA", "ABIA", "ACCA"), re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
    _Format(
        "GitHub token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"),
    ),
    _Format("Slack token", ("xox",), re.compile(r"\bxox[abposre]-[A-Za-z0-9-]{10,}")),
    _Format("API secret key", ("sk-",), re.compile(r"\bsk-(?=[A-Za-z0-9_-]{0,300}\d)[A-Za-z0-9_-]{20,}")),
    _Format(
        "Stripe secret key",
        ("sk_live_", "sk_test_", "rk_live_", "rk_test_"),
        re.compile(r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}"),
    ),
    _Format(
        "private key block", ("PRIVATE KEY",), re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
    ),
    _Format("JSON Web Token", ("eyJ",), re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*")),
    _Format("bearer token", ("bearer",), re.compile(r"(?i:\bbearer)\s+[A-Za-z0-9\-._~+/]{16,}=*"), folded=True),
    _Format(
        "basic-auth credentials",
        ("Basic",),
        re.compile(r"\bBasic\s+(?P<value>[A-Za-z0-9+/]{8,}={0,2})"),
        accept=_basic_credentials,
    ),
    _Format(
        "password assignment",
        ("pass", "pwd", "secret", "key", "token"),
        re.compile(
            r"\b(?i:password|passwd|pwd|passphrase|secret|api[_-]?key|access[_-]?token|client[_-]?secret)"
            r"[\"']?\s*[=:]\s*[\"']?(?P<value>[^\s\"'&;,]{4,})"
        ),
        accept=_not_placeholder,
        folded=True,
    ),
    _Format(
        "password in a URL",
        ("://",),
        re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/:@]+:(?P<value>[^\s/@]{3,})@"),
        accept=_not_placeholder,
    ),
)


SECRET_FORMATS: tuple[_Format, ...] = _SECRET_FORMATS
"""The known secret formats :func:`find_secrets` looks for (see :func:`present_formats`)."""


def find_secrets(text: str, key: str = "", formats: tuple[_Format, ...] = _SECRET_FORMATS) -> list[SecretHit]:
    """Secrets in ``text``: known token formats anywhere, and a raw password or random-looking value in a
    secret-looking ``key``. A UUID, and a hex digest under a checksum-looking key, are never secrets.
    ``formats`` narrows the formats looked for (to those :func:`present_formats` found in the plan)."""
    hits = [SecretHit(kind, matched) for kind, matched in _scan(text, formats)] if len(text) >= 8 and formats else []
    if hits or not key or not is_secret_name(key) or is_placeholder(text) or is_uuid(text.strip()):
        return hits
    value = text.strip()
    if is_checksum_name(key) and is_hex_digest(value):
        return hits
    if is_password_name(key):
        hits.append(SecretHit("literal password", value))
    elif looks_random(value):
        hits.append(SecretHit("high-entropy value in a secret-looking key", value))
    return hits


# --------------------------------------------------------------------------------------- personal data
@dataclass(frozen=True, slots=True)
class PiiHit:
    """Personal data found in a string."""

    kind: str
    text: str

    def masked(self) -> str:
        """The value with most of it hidden, in a form that still tells its kind."""
        if self.kind == "email address":
            local, _, domain = self.text.partition("@")
            return f"'{local[:1]}…@{domain}'"
        digits = re.sub(r"[^0-9A-Za-z]", "", self.text)
        return f"'…{digits[-4:]}'" if self.kind != "IBAN" else f"'{digits[:2]}…{digits[-4:]}'"


def luhn_valid(digits: str) -> bool:
    """True when a string of digits passes the Luhn check (card numbers carry one)."""
    if not digits.isdigit() or not digits.isascii():
        return False
    total = 0
    for position, char in enumerate(reversed(digits)):
        digit = int(char)
        if position % 2 == 1:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def iban_valid(iban: str) -> bool:
    """True when ``iban`` (spaces allowed) has an IBAN's shape, 15 to 34 characters, and passes mod-97."""
    compact = iban.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34 or not compact.isascii() or not compact.isalnum():
        return False
    if not (compact[:2].isalpha() and compact[2:4].isdigit()):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(char, 36)) for char in rearranged)) % 97 == 1


def _card_number(text: str) -> bool:
    digits = text.replace(" ", "").replace("-", "")
    return 13 <= len(digits) <= 19 and luhn_valid(digits)


def _phone_number(text: str) -> bool:
    return 7 <= sum(char.isdigit() for char in text) <= 15


_DIGITS = tuple("0123456789")
_PII_FORMATS = (
    _Format(
        "email address",
        ("@",),
        re.compile(
            r"(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
            r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}\b"
        ),
    ),
    _Format(
        "IBAN",
        _DIGITS,
        re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b"),
        iban_valid,
        # Two letters and two digits, found from the digits (rarer in text than capitals, SQL's above all).
        gate=re.compile(r"\d\d(?<=[A-Z]{2}\d\d)"),
    ),
    _Format(
        "card number",
        _DIGITS,
        re.compile(r"(?<![\d.,-])(?<!\d[ -])(?<![A-Z]{2}\d\d )[2-6]\d{3}(?:[ -]?\d){9,15}(?![\d.,]\d)"),
        _card_number,
        gate=re.compile(r"[2-6]\d{3}"),
    ),
    _Format(
        "phone number",
        ("+", "-", " ", "."),
        re.compile(
            r"(?<![\w+])\+[1-9]\d{0,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}(?!\w)"
            r"|(?<![\w(+-])(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?![\w-])"
        ),
        _phone_number,
        # "+" and a digit, or 3 digits, a separator, 4 digits (in both forms); opening with one character
        # class lets the regex engine scan for it fast, which the plain alternation does not.
        gate=re.compile(r"[+\d](?:(?<=\+)[1-9]|(?<=\d)\d\d[-. ]\d{4})"),
    ),
)


PII_FORMATS: tuple[_Format, ...] = _PII_FORMATS
"""The kinds of personal data :func:`find_pii` looks for (see :func:`present_formats`)."""


def find_pii(text: str, formats: tuple[_Format, ...] = _PII_FORMATS) -> list[PiiHit]:
    """Emails, phone numbers (E.164 and common national forms), card numbers passing Luhn (13-19 digits,
    starting 2-6 like the major networks) and IBANs passing mod-97 in ``text``, left to right. ``formats``
    narrows the kinds looked for (to those :func:`present_formats` found in the plan)."""
    if len(text) < 7 or not formats:
        return []
    return [PiiHit(kind, matched) for kind, matched in _scan(text, formats)]


# -------------------------------------------------------------------------------------------------- SQL
@dataclass(frozen=True, slots=True)
class SqlToken:
    """One lexical token of SQL text."""

    kind: str
    """``word``, ``string``, ``ident`` (quoted identifier), ``comment``, ``param``, ``number``, ``punct``."""
    text: str


_SQL_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<comment>--[^\n]*|/\*.*?(?:\*/|\Z))"
    r"|(?P<string>[Ee]'(?:[^'\\]|''|\\.)*(?:'|\Z)|(?:[NnBbXx]|[Uu]&)?'(?:[^']|'')*(?:'|\Z))"
    r"|(?P<dollar>\$(?P<tag>[A-Za-z_][A-Za-z0-9_]*)?\$.*?(?:\$(?P=tag)\$|\Z))"
    r"|(?P<ident>\"(?:[^\"]|\"\")*(?:\"|\Z)|`(?:[^`]|``)*(?:`|\Z)|\[[^\]]*(?:\]|\Z))"
    r"|(?P<param>\$\d+|\?|:[A-Za-z_][A-Za-z0-9_]*|@[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<word>[A-Za-z_][A-Za-z0-9_$]*)"
    r"|(?P<number>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+)"
    r"|(?P<punct>.)",
    re.DOTALL,
)

WRITE_KEYWORDS = frozenset(
    {
        "INSERT",
        "UPDATE",
        "DELETE",
        "DROP",
        "ALTER",
        "TRUNCATE",
        "CREATE",
        "GRANT",
        "REVOKE",
        "MERGE",
        "REPLACE",
        "UPSERT",
        "RENAME",
    }
)
"""Keywords that make a statement change data, schema or permissions."""
_STATEMENT_VERBS = WRITE_KEYWORDS | frozenset({"SELECT", "WITH", "VALUES", "EXPLAIN", "SHOW", "CALL", "EXEC"})
_CLAUSE_WORDS = frozenset({"FROM", "INTO", "SET", "WHERE", "TABLE", "AS", "JOIN", "VALUES", "INDEX", "VIEW"})
# A write keyword right after one of these is a name or a row lock, not a statement:
# ``t.update``, ``AS delete``, ``FOR UPDATE``, ``FOR NO KEY UPDATE``, ``ON DELETE CASCADE``.
_NOT_A_WRITE_AFTER = frozenset({".", "AS", "FOR", "KEY", "ON"})


def sql_tokens(text: str) -> Iterator[SqlToken]:
    """Tokenize SQL: words, string literals (``'...'``, ``E'...'``, ``$tag$...$tag$``), quoted identifiers
    (``"..."``, backticks, ``[...]``), comments, bind parameters, numbers and punctuation. Whitespace is
    dropped; an unterminated literal or comment runs to the end of the text."""
    for match in _SQL_TOKEN.finditer(text):
        kind = match.lastgroup  # the outermost group: nested ones close before it
        if kind != "space":
            yield SqlToken("string" if kind == "dollar" else str(kind), match.group(0))


def sql_statements(text: str) -> list[list[SqlToken]]:
    """The non-empty statements of ``text`` (split on ``;``), each as its tokens without comments."""
    statements: list[list[SqlToken]] = [[]]
    for token in sql_tokens(text):
        if token.kind == "comment":
            continue
        if token.kind == "punct" and token.text == ";":
            statements.append([])
        else:
            statements[-1].append(token)
    return [statement for statement in statements if statement]


def _statement_writes(tokens: list[SqlToken]) -> list[str]:
    found: list[str] = []
    for index, token in enumerate(tokens):
        upper = token.text.upper()
        if token.kind != "word" or upper not in WRITE_KEYWORDS:
            continue
        before = tokens[index - 1].text.upper() if index else ""
        after = tokens[index + 1].text if index + 1 < len(tokens) else ""
        # ``REPLACE(s, a, b)`` and MySQL's ``INSERT(s, ...)`` are string functions.
        if before in _NOT_A_WRITE_AFTER or after == "(":
            continue
        if upper not in found:
            found.append(upper)
    return found


def sql_writes(text: str) -> list[tuple[int, list[str]]]:
    """Each statement of ``text`` that writes, as ``(statement number from 1, write keywords in order)``.

    Keywords inside string literals, quoted identifiers and comments don't count, and neither do words that
    merely contain one (``created_at``), qualified names (``t.update``), aliases (``AS delete``), row locks
    (``FOR UPDATE``) or the string functions ``REPLACE(...)`` / ``INSERT(...)``. Backslashes escape only in
    ``E'...'`` strings, as in standard SQL, so ``'\\'`` ends a literal (the reading that reveals more writes).
    """
    upper = text.upper()
    if not any(keyword in upper for keyword in WRITE_KEYWORDS):
        return []  # the common case, decided without tokenizing
    found: list[tuple[int, list[str]]] = []
    for number, statement in enumerate(sql_statements(text), start=1):
        writes = _statement_writes(statement)
        if writes:
            found.append((number, writes))
    return found


def looks_like_sql(text: str) -> bool:
    """True when ``text`` reads like an SQL statement (``SELECT ... FROM``, ``INSERT INTO``, ``DELETE FROM``):
    a statement verb first, then one of its clause words."""
    words = [token.text.upper() for token in sql_tokens(text) if token.kind == "word"]
    if not words or words[0] not in _STATEMENT_VERBS:
        return False
    return words[0] == "WITH" or any(word in _CLAUSE_WORDS for word in words[1:])


# ------------------------------------------------------------------------------------------------ paths
_SYSTEM_DIRS = (
    "/etc",
    "/proc",
    "/sys",
    "/dev",
    "/root",
    "/boot",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/usr/bin",
    "/usr/sbin",
    "/usr/lib",
    "/usr/local/bin",
    "/var/run",
    "/var/lib",
    "/var/spool",
    "/run",
)
_USER_SECRET_DIRS = frozenset({".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".netrc", ".pgpass"})
_HOME_PREFIX = re.compile(r"^(?:~[A-Za-z0-9_.-]*|\$HOME|\$\{HOME\}|/home/[^/]+|/Users/[^/]+)(?:/|$)")
_WINDOWS_SYSTEM = re.compile(r"(?i)^[a-z]:/(?:windows|program files|programdata)(?:/|$)")


def path_problem(path: str) -> str | None:
    """Why ``path`` is unsafe for a file tool, or None: a NUL byte, a ``..`` segment, or a system or
    credentials directory (``/etc``, ``/proc``, ``~/.ssh``, ``C:\\Windows``...). Percent-escapes are decoded
    and ``file://`` is dropped first, so ``%2e%2e/`` is caught too."""
    text = unquote(path) if "%" in path else path
    text = text.replace("\\", "/")
    if text.lower().startswith("file://"):
        text = text[len("file://") :]
    if "\x00" in text:
        return "contains a NUL byte"
    segments = text.split("/")
    if ".." in segments:
        return "climbs out of its directory with '..'"
    home = _HOME_PREFIX.match(text)
    if home is not None:
        first = next((segment for segment in text[home.end() :].split("/") if segment not in ("", ".")), "")
        return f"reaches the credentials directory '{first}'" if first in _USER_SECRET_DIRS else None
    if _WINDOWS_SYSTEM.match(text):
        return "reaches a Windows system directory"
    if text.startswith("/"):
        normal = "/" + "/".join(segment for segment in segments if segment not in ("", "."))
        for directory in _SYSTEM_DIRS:
            if normal == directory or normal.startswith(directory + "/"):
                return f"reaches the system directory '{directory}'"
    return None
