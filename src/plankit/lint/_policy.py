"""Policies: what a plan may do. Loaded from YAML or JSON, strictly: a policy that can't be understood is
an error (an unknown key names the closest valid one; an invalid regex names the pattern; a risk weight for
an unknown code names the closest code), never ignored.

With no policy at all, the linter uses the built-in default (:data:`DEFAULT_POLICY_YAML`,
``plankit policy default``): any tool may run except obviously destructive ones, money never moves without
a confirmation, and loops, waits and fan-out have limits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    PrivateAttr,
    ValidationError,
    field_serializer,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .._utils import did_you_mean, json_kind, validator_message
from ..errors import FormatProblem, PlanFormatError, PolicyError
from ..plan import IRModel, read_document
from ..tools import Effect
from ._effects import IMPACT
from ._engine_codes import ALWAYS_ON
from ._registry import RULES

DEFAULT_SINKS = ["notify.*", "http.*", "email.*", "file.write*"]
DEFAULT_READ_ONLY_TOOLS = ["db.query_ro", "*.query_ro", "*.read_only"]

DEFAULT_POLICY_YAML = """\
# plankit's built-in policy: what `plankit lint` uses when it is given no policy file.
# Any tool may run except obviously destructive ones; money never moves without a confirmation;
# loops, waits and fan-out are bounded. Write your own policy to loosen or tighten any of it.
name: plankit-default
deny_tools:
  - "shell.*"        # arbitrary commands
  - "exec.*"
  - "*.exec"
  - "*.delete*"      # deleting records, files, accounts
  - "*.drop*"
  - "*.destroy*"
  - "*.truncate*"
  - "*.wipe*"
require_confirmation:  # steps calling these must set require_confirmation: true
  - "payments.*"
  - "*.transfer*"
  - "*.withdraw*"
  - "*.swap*"
  - "*.bridge*"
deny_tokens_regex:   # matched case-insensitively against parameter text
  - '\\bdrop\\s+(table|database|schema)\\b'
  - '\\btruncate\\s+table\\b'
  - '\\brm\\s+-[a-z]*(rf|fr)'
  - '\\bmkfs(\\.\\w+)?\\s'
max_steps: 1000
max_loop_iterations: 10000
max_wait_ms: 604800000   # one week
max_parallel: 64
max_slippage: 1.0        # percent
fail_risk_threshold: 0.8
goal_alignment: warn     # steps the goal never asked for: off | warn | error
# sinks: [crm.export]    # tools that send data out, added to the built-in ones: notify.*, http.*,
#                        # email.*, file.write* (builtin_sinks: false drops those)
# severity:              # a level per rule code: error | warning | info | off
#   IMPLICIT_DEPENDENCY: warning
"""
"""The built-in default policy, as YAML with comments (``plankit policy default`` prints it)."""

_DEFAULT_POLICY_DATA: dict[str, Any] = {
    "name": "plankit-default",
    "deny_tools": ["shell.*", "exec.*", "*.exec", "*.delete*", "*.drop*", "*.destroy*", "*.truncate*", "*.wipe*"],
    "require_confirmation": ["payments.*", "*.transfer*", "*.withdraw*", "*.swap*", "*.bridge*"],
    "deny_tokens_regex": [
        r"\bdrop\s+(table|database|schema)\b",
        r"\btruncate\s+table\b",
        r"\brm\s+-[a-z]*(rf|fr)",
        r"\bmkfs(\.\w+)?\s",
    ],
    "max_steps": 1000,
    "max_loop_iterations": 10000,
    "max_wait_ms": 604800000,
    "max_parallel": 64,
    "max_slippage": 1.0,
    "fail_risk_threshold": 0.8,
    "goal_alignment": "warn",
}
""":data:`DEFAULT_POLICY_YAML` as data, written out so that linting with the default policy never imports
yaml (about 10 ms of every ``plankit lint``). ``tests/lint/test_policy.py`` checks that the two are equal:
change both together."""


LEVELS = ("error", "warning", "info", "off")
"""What ``severity`` may set a rule code to (``warn`` is read as ``warning``, as ``goal_alignment`` spells it)."""

Level = Literal["error", "warning", "info", "off"]


def _known_code(code: str) -> str:
    codes = _known_codes()
    if code not in codes:
        hint = did_you_mean(code, codes) or "see `plankit rules` for the codes"
        raise ValueError(f"unknown rule code {code!r}; {hint}")
    return code


def _level(value: Any) -> Any:
    if value is False:  # YAML 1.1 reads a bare ``off`` as false; that is what the user wrote
        return "off"
    if value == "warn":
        return "warning"
    if value not in LEVELS:
        shown = repr(value) if isinstance(value, str) else f"{value!r} ({type(value).__name__})"
        hint = did_you_mean(value, LEVELS) if isinstance(value, str) else None
        raise ValueError(f"unknown level {shown}; the levels are {', '.join(LEVELS)}" + (f" ({hint})" if hint else ""))
    return value


# Each key and value of ``bounds`` and ``risk_weights`` is checked on its own, so that every bad entry is
# reported, at its own JSON path ($.bounds.amount, $.risk_weights.TOOL_DENI).
def _bound_key(key: str) -> str:
    if "." not in key:
        raise ValueError(f"bound {key!r} must be 'tool.argument' (for example 'payments.transfer.amount')")
    return key


def _ordered(bound: tuple[float, float]) -> tuple[float, float]:
    low, high = bound
    if low > high:
        raise ValueError(f"the minimum {low:g} is above the maximum {high:g}; write [min, max]")
    return bound


def _weight_code(code: str) -> str:
    codes = _known_codes()
    if code not in codes:
        hint = did_you_mean(code, codes)
        raise ValueError(f"risk weight for unknown code {code!r}" + (f"; {hint}" if hint else ""))
    return code


def _weight(weight: float) -> float:
    if not 0 <= weight <= 1:
        raise ValueError(f"a risk weight must be between 0 and 1, got {weight:g}")
    return weight


_BoundKey = Annotated[str, AfterValidator(_bound_key)]
_Bound = Annotated[tuple[float, float], AfterValidator(_ordered)]


class Policy(IRModel):
    """A lint policy. Every key is optional; tool lists take glob patterns (``payments.*``).

    Regexes in ``deny_tokens_regex`` match case-insensitively.
    """

    name: str | None = None
    allow_tools: list[str] | None = None
    """When set, only tools matching one of these patterns may be used (``TOOL_DENY`` otherwise)."""
    deny_tools: list[str] = Field(default_factory=list)
    """Tools matching these patterns may never be used; deny wins over allow."""
    bounds: dict[_BoundKey, _Bound] = Field(default_factory=dict)
    """``"payments.transfer.amount": [0.01, 1000]``: the tool is the longest matching dotted prefix of the
    key, the rest is the argument path (nested paths allowed)."""
    deny_tokens_regex: list[str] = Field(default_factory=list)
    max_steps: int | None = Field(None, ge=1)
    risk_weights: dict[Annotated[str, AfterValidator(_weight_code)], Annotated[float, AfterValidator(_weight)]] = (
        Field(default_factory=dict)
    )
    fail_risk_threshold: float = Field(0.8, ge=0, le=1)
    require_confirmation: list[str] = Field(default_factory=list)
    require_handler: list[str] = Field(default_factory=list)
    sinks: list[str] = Field(default_factory=lambda: list(DEFAULT_SINKS))
    """Tools that send data out (``DATA_EXFILTRATION``'s sinks), besides the built-in ones
    (:data:`DEFAULT_SINKS`): a policy's list adds to them, the built-ins first. Read it for the sinks in force."""
    builtin_sinks: bool = True
    """Whether the built-in sinks (:data:`DEFAULT_SINKS`) count; ``false`` leaves only the policy's ``sinks``."""
    sensitive_sources: list[str] = Field(default_factory=list)
    """Tools whose output is sensitive (it must not reach a sink)."""
    read_only_tools: list[str] = Field(default_factory=lambda: list(DEFAULT_READ_ONLY_TOOLS))
    allow_recipients: list[str] | None = None
    allow_domains: list[str] | None = None
    env_allow: list[str] = Field(default_factory=list)
    max_loop_iterations: int | None = Field(None, ge=1)
    max_wait_ms: int | None = Field(None, ge=1)
    max_parallel: int | None = Field(None, ge=1)
    supported_chains: list[int] | None = None
    max_slippage: float | None = Field(None, ge=0, allow_inf_nan=False)
    """Highest slippage allowed, in percent (``0.5`` is half a percent)."""
    balances: dict[str, float] = Field(default_factory=dict)
    """Known balances per asset symbol, for ``CONTRA_OVERSPEND``."""
    rego: list[str] = Field(default_factory=list)
    """Rego policy files (paths relative to the policy file) evaluated in process with regopy."""
    goal_alignment: Literal["off", "warn", "error"] = "warn"
    """The ``GOAL_*`` rules (side effects the goal never asked for): off, findings as warnings, or as errors."""
    tool_effects: dict[str, list[Effect]] = Field(default_factory=dict)
    """Effects by tool glob (``"crm.*": ["write"]``); they win over name heuristics, a tool spec's own
    ``effects`` wins over them."""
    routine_effects: dict[str, list[Effect]] = Field(default_factory=dict)
    """Effects a deployment's tools have as a matter of course, by tool glob (``"gmail_*": ["send"]``: the
    business mails its customers after what it does). ``GOAL_UNASKED_EFFECT`` does not ask the goal for them;
    where they go is still checked (``GOAL_UNTRUSTED_TARGET``, ``GOAL_TAINTED_TARGET``). Only the effects a
    goal is checked for may be listed: send, financial, destructive, credentials, share."""
    trusted_values: list[str] = Field(default_factory=list)
    """Targets a side effect may always use (the user's own address, account, home folder, a company
    domain), besides what the goal and the plan's context name."""
    untrusted_outputs: list[str] = Field(default_factory=list)
    """Tools (globs) whose whole output is content written by others (a web page, a review, a shared
    document): every field is untrusted as a side effect's target (``GOAL_TAINTED_TARGET``)."""
    trusted_outputs: list[str] = Field(default_factory=list)
    """Tools (globs) whose output is trusted whatever its fields are called (an internal CRM, the user's own
    address book); they win over ``untrusted_outputs`` and the name heuristics."""
    untrusted_fields: list[str] = Field(default_factory=list)
    """Output field names that hold free text (``free_form_notes``), besides the built-in ones (``body``,
    ``text``, ``memo``, ``reply_to``...)."""
    gas_estimates: dict[str, float] = Field(default_factory=dict)
    """Gas per call by tool glob, in ETH, for the validation result's ``estimated_gas_eth``."""
    severity: dict[Annotated[str, AfterValidator(_known_code)], Annotated[Level, BeforeValidator(_level)]] = Field(
        default_factory=dict
    )
    """The level of every finding of a rule code (``IMPLICIT_DEPENDENCY: warning``): ``error``, ``warning``,
    ``info``, or ``off`` (the rule does not run, like ``--ignore``). It wins over the rule's own severity, the
    finding's and ``goal_alignment``'s. ``REGO_VIOLATION`` sets the level of Rego codes that are not built in.
    The always-on codes (``SCHEMA_INVALID``, ``DUPLICATE_ID``, ``RULE_CRASHED``) stay errors. Merged per code."""

    _deny_patterns: list[re.Pattern[str]] = PrivateAttr(default_factory=list)
    _sinks_added: tuple[str, ...] = PrivateAttr(default=())  # the built-in sinks the policy did not write

    @field_validator("deny_tokens_regex")
    @classmethod
    def _regexes_compile(cls, patterns: list[str]) -> list[str]:
        for index, pattern in enumerate(patterns):
            try:
                re.compile(pattern)
            except re.error as exc:
                message = f"invalid regex {pattern!r}: {exc}"
                at = ("deny_tokens_regex", index)
                raise PydanticCustomError("policy_entry", "{message}", {"message": message, "at": at}) from None
        return patterns

    @field_validator("goal_alignment", mode="before")
    @classmethod
    def _alignment_off(cls, value: Any) -> Any:
        # YAML 1.1 reads a bare ``off`` as false; that is what the user wrote.
        return "off" if value is False else value

    @field_validator("routine_effects")
    @classmethod
    def _routine_checked(cls, routine: dict[str, list[str]]) -> dict[str, list[str]]:
        # ``read``, ``write`` and ``external`` are never asked of the goal: listing one would do nothing.
        for pattern, effects in routine.items():
            for index, effect in enumerate(effects):
                if effect not in IMPACT:
                    message = (
                        f"{effect!r} is not an effect the goal is checked for, so declaring it routine would do"
                        f" nothing; list only {', '.join(sorted(IMPACT))} (the targets of a {effect!r} step are"
                        " checked whatever this says)"
                    )
                    where = ("routine_effects", pattern, index)
                    raise PydanticCustomError("policy_entry", "{message}", {"message": message, "at": where})
        return routine

    @model_validator(mode="after")
    def _levels_possible(self) -> Policy:
        # Checked on the whole policy (merged ones too): these depend on another key, or on the code.
        for code, level in self.severity.items():
            if code in ALWAYS_ON and level != "error":
                message = (
                    f"{code} is always an error (a plan that was not checked must never pass); remove it from"
                    " severity"
                )
                raise PydanticCustomError("policy_entry", "{message}", {"message": message, "at": ("severity", code)})
            if code.startswith("GOAL_") and level != "off" and self.goal_alignment == "off":
                message = (
                    f"{code} does not run under goal_alignment: off, so its level {level!r} would do nothing; set"
                    " goal_alignment to warn (severity then sets each GOAL_* code's level), or remove the entry"
                )
                raise PydanticCustomError("policy_entry", "{message}", {"message": message, "at": ("severity", code)})
        return self

    @model_validator(mode="after")
    def _sinks_in_force(self) -> Policy:
        # A security team adding a sink of its own (`sinks: [crm.export]`) means "this one too": replacing
        # the built-ins would silently let email and HTTP through. Only builtin_sinks: false drops them.
        written = self.sinks if "sinks" in self.model_fields_set else []
        added = [sink for sink in DEFAULT_SINKS if sink not in written] if self.builtin_sinks else []
        self.__dict__["sinks"] = [*added, *written]  # not an assignment: the key stays as set (or not) as written
        self._sinks_added = tuple(added)
        return self

    @field_serializer("sinks")
    def _sinks_as_written(self, sinks: list[str]) -> list[str]:
        # Dumps (policy check, merges, to_yaml) give what a file would say: the built-ins are implied.
        added = self._sinks_added
        return [sink for sink in sinks if sink not in added] if added else list(sinks)

    @model_validator(mode="after")
    def _deny_compiled(self) -> Policy:
        self._deny_patterns = [re.compile(pattern, re.IGNORECASE) for pattern in self.deny_tokens_regex]
        return self

    @property
    def deny_patterns(self) -> list[re.Pattern[str]]:
        """``deny_tokens_regex``, compiled (case-insensitive)."""
        # Read from pydantic's private store directly: ``self._deny_patterns`` goes through the model's
        # ``__getattr__`` after a failed lookup, a few microseconds per lint run for nothing.
        private = self.__pydantic_private__
        return private["_deny_patterns"] if private is not None else self._deny_patterns

    @classmethod
    def from_data(cls, data: Any, *, source: str = "<policy>") -> Policy:
        """Validate policy data; every problem is reported in one :class:`PolicyError`."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise PolicyError(
                f"a policy is a mapping of keys, got {_kind(data)}",
                [FormatProblem("$", "not a policy", _not_a_mapping_hint(data))],
                source=source,
            )
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            # Each problem once: both halves of a bad bound ([None, None]) are one problem, the bound's.
            problems = list(dict.fromkeys(_policy_problem(error, data) for error in exc.errors(include_url=False)))
            noun = "problem" if len(problems) == 1 else "problems"
            message = f"invalid policy ({len(problems)} {noun})"
            plan_keys = [key for key in ("steps", "root", "nodes", "plan") if key in data]
            if plan_keys:  # a plan passed as the policy (--policy plan.json): say so before the key list
                message += f"; it looks like a plan (it has {plan_keys[0]!r}), not a policy"
                if not source.startswith("<"):
                    message += f": lint it with `plankit lint {source}`"
            raise PolicyError(message, problems, source=source) from None

    @classmethod
    def default(cls) -> Policy:
        """The built-in default policy (:data:`DEFAULT_POLICY_YAML`), a fresh copy on every call."""
        return cls.from_data(_default_policy_data(), source="<built-in default policy>")

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Load a policy from a YAML or JSON file; relative ``rego`` paths are resolved against its folder."""
        try:
            data, name = read_document(path, kind="a policy file")
        except PlanFormatError as exc:
            raise PolicyError(exc.message, exc.problems, source=exc.source) from None
        if data is None:  # an empty file (or only comments): most likely a mistake, which would allow everything
            raise PolicyError(
                "the policy file is empty, so it would allow every tool; write {} for a policy with no rules on"
                " purpose, or leave out --policy for the built-in default",
                source=name,
            )
        policy = cls.from_data(data, source=name)
        if policy.rego:  # only then: assigning marks the key as set, and `policy check` would print `rego: []`
            base = Path(path).parent
            policy.rego = [str(base / entry) if not Path(entry).is_absolute() else entry for entry in policy.rego]
        return policy

    @classmethod
    def load_all(cls, paths: Iterable[str | Path]) -> Policy:
        """Load several policy files and merge them in order (see :meth:`merged_with`).

        ``.rego`` files are added to the ``rego`` list. When no YAML or JSON policy is among ``paths``, the
        built-in default policy is the base, so ``--policy extra.rego`` adds to the default rather than
        replacing it with an empty policy.
        """
        paths = list(paths)
        rego = [str(path) for path in paths if str(path).endswith(".rego")]
        documents = [cls.load(path) for path in paths if not str(path).endswith(".rego")]
        merged = cls() if documents else cls.default()
        try:
            for document in documents:
                merged = merged.merged_with(document)
        except PolicyError as exc:  # each file was valid alone: say which ones don't go together
            names = ", ".join(str(path) for path in paths if not str(path).endswith(".rego"))
            raise PolicyError(exc.message, exc.problems, source=f"the merge of {names}") from None
        return merged.merged_with(cls(rego=rego)) if rego else merged

    def merged_with(self, other: Policy) -> Policy:
        """This policy with every key that ``other`` sets explicitly merged in (``other`` is the overlay: an
        org's base policy, then a team's): see :data:`MERGED_PER_KEY` and :data:`MERGED_AS_UNION`.

        * mappings (``severity``, ``risk_weights``, ``bounds``, ``tool_effects``, ``routine_effects``, ``balances``,
          ``gas_estimates``) are merged per key: ``other``'s value wins for the keys it names, the others stay;
        * lists that forbid or require something (``deny_tools``, ``deny_tokens_regex``,
          ``require_confirmation``, ``require_handler``, ``sinks``, ``sensitive_sources``,
          ``untrusted_outputs``, ``untrusted_fields``, and ``rego``) add up, each entry once, this policy's
          first: an overlay can add to them, never drop one;
        * every other key (scalars, and the lists that allow or trust something: ``allow_tools``,
          ``allow_recipients``, ``allow_domains``, ``env_allow``, ``supported_chains``, ``read_only_tools``,
          ``trusted_values``, ``trusted_outputs``) takes ``other``'s value as a whole.

        The result remembers which keys either side set, so merges chain. Raises :class:`PolicyError` when the
        two don't go together (``other`` turns ``goal_alignment`` off where this policy sets a ``GOAL_*`` level).
        """
        data = self.model_dump(include=self.model_fields_set)
        overlay = other.model_dump(include=other.model_fields_set)
        for key, value in overlay.items():
            if key not in data:
                data[key] = value
            elif key in MERGED_PER_KEY:
                data[key] = {**data[key], **value}
            elif key in MERGED_AS_UNION:
                data[key] = [*data[key], *(entry for entry in value if entry not in data[key])]
            else:
                data[key] = value
        return Policy.from_data(data, source="<merged policy>")

    def to_yaml(self) -> str:
        """The policy as YAML, with only the keys it sets explicitly."""
        import yaml

        return yaml.safe_dump(
            self.model_dump(mode="json", include=self.model_fields_set), sort_keys=False, allow_unicode=True
        )


def detached(policy: Policy) -> Policy:
    """A copy of ``policy`` that shares no list or mapping with it: a :class:`~plankit.lint.Linter` lints with
    one, so that changing the policy it was given, in place, afterwards changes nothing in the linter (whose
    rule gating was decided for the policy as it was). Values are scalars, strings, tuples and enums, or lists
    and mappings of them (one level of lists inside mappings, ``tool_effects``); about 4 µs, against 20 for a
    deep copy."""
    copy = policy.model_copy()
    values = copy.__dict__
    for key, value in values.items():
        if isinstance(value, list):
            values[key] = value.copy()
        elif isinstance(value, dict):
            values[key] = {name: item.copy() if isinstance(item, list) else item for name, item in value.items()}
    private = copy.__pydantic_private__
    if private is not None:
        private["_deny_patterns"] = list(private["_deny_patterns"])
    return copy


MERGED_PER_KEY = frozenset(
    {"severity", "risk_weights", "bounds", "tool_effects", "routine_effects", "balances", "gas_estimates"}
)
"""Policy mappings that :meth:`Policy.merged_with` merges per key: a later file sets the keys it names and keeps
the others (replacing the whole mapping would silently drop a base's bounds, weights and levels)."""

MERGED_AS_UNION = frozenset(
    {
        "deny_tools",
        "deny_tokens_regex",
        "require_confirmation",
        "require_handler",
        "sinks",
        "sensitive_sources",
        "untrusted_outputs",
        "untrusted_fields",
        "rego",
    }
)
"""Policy lists that forbid or require something: :meth:`Policy.merged_with` adds a later file's entries to
them, so that no overlay can drop one of the base's silently (a deny, a confirmation, a sink). The lists that
allow or trust something are replaced whole instead: an overlay that sets one states its whole set (dropping a
base's entry there only makes the merged policy stricter). Globs can't be intersected into one list, so an
overlay's ``allow_tools`` may allow more than the base's; a base forbids a tool for good with ``deny_tools``,
which adds up and wins over allow."""


def _default_policy_data() -> Any:
    return _DEFAULT_POLICY_DATA


def _known_codes() -> list[str]:
    # Rules register when the rules package is imported; importing it here (it is normally loaded
    # already) makes sure a policy is never checked against a half-filled registry.
    from . import rules  # noqa: F401

    return list(RULES)


def _policy_problem(error: Any, data: dict[str, Any]) -> FormatProblem:
    # A problem found on the whole policy says where it is; pydantic marks a mapping's bad key with "[key]".
    loc = tuple(error["ctx"]["at"]) if error["type"] == "policy_entry" else tuple(error["loc"])
    loc = tuple(item for item in loc if item != "[key]")
    path = "$" + "".join(_path_part(item) for item in loc)
    if error["type"] == "extra_forbidden":
        key = str(loc[-1])
        return FormatProblem(path, f"unknown policy key {key!r}", did_you_mean(key, Policy.model_fields))
    if loc[:1] == ("bounds",) and len(loc) >= 2 and error["type"] != "value_error":
        path = "$" + "".join(_path_part(item) for item in loc[:2])  # the bound, not its missing or bad half
        bounds = data.get("bounds")
        bound = bounds.get(loc[1], error["input"]) if isinstance(bounds, dict) else error["input"]
        return FormatProblem(path, f"a bound is [min, max], two numbers; got {bound!r}")  # the whole bound, as written
    if error["type"] == "list_type":
        given = error["input"]
        if isinstance(given, str):
            return FormatProblem(path, f"a list is expected, got the string {given!r}", f"write {json.dumps([given])}")
        return FormatProblem(path, f"a list is expected, got {_kind(given)}", "write [] for none, or leave the key out")
    if error["type"] == "dict_type" and loc:
        example = _MAPPING_EXAMPLES.get(str(loc[0]), '{"key": "value"}')
        return FormatProblem(path, f"a mapping is expected, got {_kind(error['input'])}", f"write {example}")
    message = validator_message(str(error["msg"]))
    return FormatProblem(path, message)


_MAPPING_EXAMPLES = {
    "bounds": '{"payments.transfer.amount": [0.01, 1000]}',
    "risk_weights": '{"MISSING_HANDLER": 0.3}',
    "severity": '{"TOOL_DENY": "warning"}',
    "tool_effects": '{"crm.*": ["write"]}',
    "routine_effects": '{"mailer.*": ["send"]}',
    "balances": '{"ETH": 2.5}',
    "gas_estimates": '{"chain.*": 0.01}',
}


def _kind(value: Any) -> str:
    """What a JSON/YAML value is, in a policy file's words."""
    return json_kind(value, mapping="a mapping", string_value=False)


def _not_a_mapping_hint(data: Any) -> str:
    if isinstance(data, list) and any(item in Policy.model_fields for item in data if isinstance(item, str)):
        return "write the keys at the top level, without '- ' (allow_tools: [...], not - allow_tools)"
    if isinstance(data, list) and data and all(isinstance(item, str) for item in data):
        return f"put tool patterns under a key: {json.dumps({'allow_tools': data})}"
    return (
        'start from {"allow_tools": ["payments.*"], "deny_tools": ["shell.*"]}; `plankit policy default` shows every'
        " key"
    )


def _path_part(item: Any) -> str:
    if isinstance(item, int):
        return f"[{item}]"
    # A key with dots or other signs ("payments.transfer.amount") is quoted, as JSONPath writes it.
    return f".{item}" if _PLAIN_KEY.fullmatch(str(item)) else f"[{json.dumps(str(item))}]"


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
