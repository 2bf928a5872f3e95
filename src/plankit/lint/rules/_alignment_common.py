"""What the three goal-alignment rules (:mod:`._alignment`) share: the family's gates (a goal, the
``goal_alignment`` switch, its severity), each side-effecting tool's main effect, the literal targets of a step
(recipients, accounts, URLs, amounts, ids, the hosts of links in its text) and the shapes of the step-output
references that feed them."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from ...plan import RESERVED_ROOTS, ActionNode, LlmNode, Reference
from .._context import LintContext
from .._detect import action_keys, is_reference_value, literal_of, name_words, template_text
from .._effects import SIDE_EFFECTS, ToolEffects
from .._findings import Severity
from .._provenance import Provenance
from .._static import memo, norm_key, walk_params
from .._trusted import target_kind

_ORDER = ("financial", "credentials", "destructive", "share", "send", "external", "write")
_VERB = {
    "financial": "move money to",
    "credentials": "change credentials of",
    "destructive": "delete or cancel",
    "share": "share with",
    "send": "send to",
    "external": "reach",
    "write": "write to",
}
_RUNTIME = "\x00"
_LEAVES = frozenset({"recipient", "account", "url", "domain", "address"})
"""Targets through which something leaves: the ones GOAL_TAINTED_TARGET follows on a plain write (an id a
model picked from the mails it read is how agents label and file mail)."""
_OUTWARD = _LEAVES | {"object"}
"""Targets checked on tools whose only side effect is ``write``: the ones through which something leaves, and
the id of the object changed (a grade changed on a student nobody named); a file path written stays inside."""


def _severity(ctx: LintContext) -> Severity:
    return Severity.ERROR if ctx.policy.goal_alignment == "error" else Severity.WARNING


def _active(ctx: LintContext) -> bool:
    return ctx.policy.goal_alignment != "off" and bool((ctx.plan.goal or "").strip())


def _effects(ctx: LintContext) -> ToolEffects:
    return memo(ctx, "tool_effects", lambda: ToolEffects(ctx))


def _shown(effects: frozenset[str]) -> str:
    return ", ".join(effect for effect in _ORDER if effect in effects)


def _side_effect_targets(ctx: LintContext) -> tuple[dict[str, str], frozenset[str]] | None:
    """For the target rules: each side-effecting tool of the plan with its main effect, and the plan's parameter
    names (any depth, normalized) that can name a target; None when either is empty (nothing to check).
    Shared through the lint context, so both rules read the plan's keys once."""

    def compute() -> tuple[dict[str, str], frozenset[str]] | None:
        effects_of = _effects(ctx)
        side: dict[str, str] = {}
        for tool in ctx.tools_used:
            known = effects_of.of(tool)[0]
            effects = known & SIDE_EFFECTS
            if effects:
                side[tool] = next(effect for effect in _ORDER if effect in effects)
            elif not known:
                # Nothing says what it does: it is checked as a write, where something could leave through it.
                side[tool] = "write"
        names = frozenset(norm_key(key) for key in action_keys(ctx) if target_kind(key) is not None)
        return (side, names) if side else None

    return memo(ctx, "side_effect_targets", compute)


@functools.lru_cache(maxsize=1024)
def _tool_words(tool: str) -> frozenset[str]:
    """The words of a tool's name, across its segments (``slack_admin_invite_user``, ``booksy.payments.charge``)."""
    return frozenset(word for part in re.split(r"[./:\s]+", tool) for word in name_words(part))


def _untainted(ctx: LintContext, action: ActionNode) -> bool:
    """Whether no step output the action uses is taken from untrusted content (as ``GOAL_TAINTED_TARGET``
    traces it, in any parameter)."""
    provenance: Provenance = memo(ctx, "provenance", lambda: Provenance(ctx, _effects(ctx)))
    return not any(
        ref.is_step and ref.root not in RESERVED_ROOTS and provenance.origin(ref) is not None
        for ref in ctx.graph.references.get(action.id, ())
    )


def _known_step(ctx: LintContext, ref: Reference) -> bool:
    """Whether a reference reads an action or a model step of the plan (not an unknown id, not a composite)."""
    return isinstance(ctx.graph.nodes.get(ref.root), ActionNode | LlmNode)


def _many(ref: Reference) -> bool:
    """A reference to a list of addresses or ids (``res.result.emails``, ``list.result.items[*].phone``)."""
    last = _last_path_key(ref.path)
    # ``address``, ``surplus``, ``status``, ``basis``: singular words that end in *s*, not lists; nor is an
    # amount in a minor unit (``amount_cents``, ``total_pence``): one number.
    return "*" in ref.path or (
        len(last) > 3
        and last.endswith("s")
        and not last.endswith(("ss", "us", "is"))
        and not ("_" in last and last.rpartition("_")[2] in _MINOR_UNITS)
    )


_MINOR_UNITS = frozenset({"cents", "pence"})
"""Minor units of money, the last word of an amount's key (``amount_cents``): one number, not a list."""


def _whole(ref: Reference) -> bool:
    """A reference to a step's whole output (``{{codes.result}}``, ``{{draft.output}}``)."""
    keys = [part for part in re.split(r"[.\[\]]+", ref.path) if part and not part.isdigit()]
    return not keys or (len(keys) == 1 and keys[0] in ("result", "output", "outputs"))


def _last_path_key(path: str) -> str:
    keys = [part for part in re.split(r"[.\[\]]+", path) if part and not part.isdigit()]
    return "_".join(name_words(keys[-1])) if keys else ""


_CREATE_WORDS = frozenset({"create", "add", "make", "generate", "issue", "new", "insert"})


def _creates(tool: str) -> bool:
    """Whether the tool's name makes something new (``create_guest_code``, ``codes.add``)."""
    return any(word in _CREATE_WORDS for part in re.split(r"[./:\s]+", tool) for word in name_words(part))


_OPTION_WORD = re.compile(r"[a-z]{2,}")
"""One lower-case word (``closing``, ``insurer``): an option a record's field takes, not a person's name (capitalised),
an address, a number or a handle with digits."""


_PREFIXED_ID = re.compile(r"[a-z]{2,3}_[A-Za-z0-9]+")
"""A vendor-prefixed id (``rec_www``, ``cus_Ab``, ``ch_3P``): how APIs name one record."""


def _opaque(value: Any) -> bool:
    """An id that points at one record: a number, text with a digit in it, or a vendor-prefixed id."""
    text = str(value)
    return isinstance(value, int | float) or any(char.isdigit() for char in text) or bool(_PREFIXED_ID.fullmatch(text))
_LINK = re.compile(r"https?://([^/\s?#\"'<>]+)|\b((?:[a-z0-9-]+\.)+[a-z]{2,})(?=/)", re.IGNORECASE)
"""A link in text: a URL's host, or a bare host followed by a path (``pay-here.example/osei``)."""
_TEMPLATES = re.compile(r"\{\{.*?\}\}")


def _text_links(action: ActionNode, path: str) -> Iterator[tuple[str, Any, str]]:
    """The hosts of the links written in the free text of a message or a share (its body, its note): where it
    sends its readers, a target like a recipient (the text of targets is read as targets already)."""
    if not _has_slash(action.params):
        return  # no link without a slash: most messages are looked at once, without building paths
    for key, value, where in walk_params(action.params or {}, f"{path}.params", None):
        if not isinstance(value, str) or target_kind(key) is not None or ("://" not in value and "/" not in value):
            continue
        if value.lstrip()[:1] in ("{", "["):
            continue  # JSON text: its targets are read by their keys (``_document_targets``)
        for scheme_host, bare_host in _LINK.findall(_TEMPLATES.sub(" ", value)):
            host = (scheme_host or bare_host).rsplit("@", 1)[-1].split(":", 1)[0].lower()
            if host and "." in host:
                yield "link", host, where


def _has_slash(params: Any) -> bool:
    stack = [params]
    while stack:
        item = stack.pop()
        if item.__class__ is str:
            if "/" in item:
                return True
        elif item.__class__ is dict:
            stack.extend(item.values())
        elif item.__class__ is list:
            stack.extend(item)
    return False


def _targets(action: ActionNode, path: str, names: frozenset[str]) -> Iterator[tuple[str, Any, str]]:
    """``(kind, literal value, json path)`` for each literal target of an action (references skipped);
    ``names`` are the normalized parameter names that can be targets."""
    return _literal_targets(walk_params(action.params, f"{path}.params", names))


def _literal_targets(pairs: Iterator[tuple[str, Any, str]]) -> Iterator[tuple[str, Any, str]]:
    for key, value, where in pairs:
        kind = target_kind(key)
        value = literal_of(value)
        if kind is None or isinstance(value, dict | list) or value is None or isinstance(value, bool):
            continue
        if not isinstance(value, str):
            yield kind, value, where
            continue
        if is_reference_value(value) or not value.strip():
            continue
        known = template_text(value, _RUNTIME)
        if kind in ("url", "domain"):
            host = re.split(r"[/?#]", known.split("//", 1)[-1], maxsplit=1)[0]
            if _RUNTIME not in host:
                yield kind, known.replace(_RUNTIME, "{{…}}"), where
            continue
        parts = known.replace(";", ",").split(",") if kind == "recipient" else [known]
        for part in parts:
            part = part.strip()
            if "<" in part and part.endswith(">"):
                part = part[part.rindex("<") + 1 : -1].strip()
            if part and _RUNTIME not in part:
                yield kind, part, where
            elif kind in ("recipient", "account") and "@" in part:
                # ``{{user.result.handle}}@elsewhere.example``: whoever it is, the mail goes to that domain.
                domain = part.rpartition("@")[2].strip()
                if domain and _RUNTIME not in domain and "." in domain:
                    yield "domain", domain, where


def _quote(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
