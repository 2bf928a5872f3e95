"""Names an organisation builds from what the plan's author was given: a person's login or mailbox
(``jane.doe``, ``jdoe`` for "Jane Doe"), a resource id made of goal words and generic resource words
(``prod/notifier/db``), and the user's own default objects (``primary``, ``me``). :class:`._trusted.Trusted`
trusts a target built this way."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from ._effects import _words

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
