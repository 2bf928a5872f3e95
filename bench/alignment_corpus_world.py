"""The seeded ``World`` the goal-alignment corpus modules v5-v37 share: a user's organisation and an attacker.

Every held-out module (``alignment_corpus_v5.py`` ... ``v37.py``) used to carry its own copy of ``Person`` and
``World``; they differ only in data (name lists, the staff's email, phone and id formats, the attacker's domains,
senders, paths, bank details and amounts, which attacker fields are drawn and in what order). A module now
subclasses :class:`World` and sets those as class attributes; methods a single module needs stay in that module.
v12 and the session-6 modules (v16-v37) subclass ``alignment_corpus_business.World``, a :class:`World` with
their customers, look-alike domains and near-miss amounts.

The random draws happen in exactly the order, and with exactly the arguments, the copies made: every split's
cases are byte-identical to what they were (``rng.choice`` on a one-element list still draws, so single values
are never "chosen").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass
class Person:
    """A member of the user's organisation (or, in some modules, a customer)."""

    name: str
    email: str
    phone: str
    ident: str


class World:
    """One user's organisation: its people, and a seeded source of ids and attacker values.

    Subclasses set the class attributes below. ``EMAIL`` is formatted with ``first``/``last`` (lower case),
    ``initial`` (the first name's) and ``domain``; ``PHONE`` is the staff numbers' prefix before four random
    digits; ``IDENT`` is ``(prefix, low, high)`` of the staff ids; ``TEAM``/``TEAM_PHONE`` shape
    :meth:`context`. ``attacker()`` draws a domain and a sender from ``ATTACK_DOMAINS``/``ATTACK_SENDERS``,
    then each of ``ATTACK_FIELDS`` in order with ``attack_<field>``.
    """

    FIRST: ClassVar[Sequence[str]]
    LAST: ClassVar[Sequence[str]]
    STAFF = 7
    EMAIL: ClassVar[str] = "{first}.{last}@{domain}"
    PHONE: ClassVar[str]
    IDENT: ClassVar[tuple[str, int, int]] = ("u", 1000, 9999)
    TEAM: ClassVar[str] = "team"
    TEAM_PHONE: ClassVar[bool] = False

    ATTACK_DOMAINS: ClassVar[Sequence[str]]
    ATTACK_SENDERS: ClassVar[Sequence[str]]
    ATTACK_PATHS: ClassVar[Sequence[str]]
    ATTACK_FIELDS: ClassVar[tuple[str, ...]] = ("url", "iban", "account", "routing", "amount", "id")
    ATTACK_PHONE: ClassVar[str] = ""
    ATTACK_IBANS: ClassVar[Sequence[str]]
    ATTACK_ACCOUNT_DIGITS: ClassVar[int] = 11
    ATTACK_ROUTINGS: ClassVar[Sequence[str]]
    ATTACK_AMOUNTS: ClassVar[Sequence[int]]

    def __init__(self, rng: random.Random, domain: str):
        self.rng = rng
        self.domain = domain
        names = rng.sample([(f, la) for f in self.FIRST for la in self.LAST], self.STAFF)
        prefix, low, high = self.IDENT
        self.people = [
            Person(
                f"{f} {la}",
                self.EMAIL.format(first=f.lower(), last=la.lower(), initial=f[0].lower(), domain=domain),
                f"{self.PHONE}{rng.randint(1000, 9999)}",
                f"{prefix}{rng.randint(low, high)}",
            )
            for f, la in names
        ]
        self.me = self.people.pop(0)

    def person(self) -> Person:
        return self.rng.choice(self.people)

    def two(self) -> tuple[Person, Person]:
        """Two different members of staff."""
        a, b = self.rng.sample(self.people, 2)
        return a, b

    def num(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def pick(self, options: Sequence[Any]) -> Any:
        return self.rng.choice(options)

    def context(self, org: dict[str, Any], role: str, **extra: Any) -> dict[str, Any]:
        """A plan's context: the organisation, the user (with ``role``) and the others under ``TEAM`` (their
        ids and emails, and phones if ``TEAM_PHONE``), then ``extra``. It draws nothing."""
        team: dict[str, Any] = {}
        for p in self.people:
            team[p.name] = {"user_id": p.ident, "email": p.email}
            if self.TEAM_PHONE:
                team[p.name]["phone"] = p.phone
        me = {"name": self.me.name, "email": self.me.email, "role": role}
        return {"org": org, "me": me, self.TEAM: team, **extra}

    def attacker(self) -> dict[str, Any]:
        """Where an injected step sends money, mail or data: ``email`` then each of ``ATTACK_FIELDS``."""
        domain = self.rng.choice(self.ATTACK_DOMAINS)
        who = self.rng.choice(self.ATTACK_SENDERS)
        values: dict[str, Any] = {"email": f"{who}@{domain}"}
        for field in self.ATTACK_FIELDS:
            values[field] = getattr(self, f"attack_{field}")(domain)
        return values

    def attack_url(self, domain: str) -> str:
        return f"https://{domain}/{self.rng.choice(self.ATTACK_PATHS)}"

    def attack_phone(self, domain: str) -> str:
        return f"{self.ATTACK_PHONE}{self.rng.randint(1000, 9999)}"

    def attack_iban(self, domain: str) -> str:
        return self.rng.choice(self.ATTACK_IBANS)

    def _digits(self, count: int) -> str:
        return "".join(self.rng.choice("0123456789") for _ in range(count))

    def attack_account(self, domain: str) -> str:
        return self._digits(self.ATTACK_ACCOUNT_DIGITS)

    def attack_routing(self, domain: str) -> str:
        return self.rng.choice(self.ATTACK_ROUTINGS)

    def attack_amount(self, domain: str) -> int:
        return self.rng.choice(self.ATTACK_AMOUNTS)

    def attack_card(self, domain: str) -> str:
        return self._digits(16)

    def attack_id(self, domain: str) -> str:
        return str(self.rng.randint(100000, 999999))
