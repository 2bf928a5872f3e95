"""Reading and writing plan documents: JSON or YAML, from a file, a string or stdin; limits; clear errors.

Every failure is a :class:`~plankit.errors.PlanFormatError` listing *every* problem found, each with the
JSON path of the offending value in the document as the user wrote it.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from itertools import chain, compress, repeat
from operator import is_
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

import jiter
from pydantic import ValidationError
from pydantic_core import from_json

from .._utils import gc_paused
from ..errors import FormatProblem, PlanFormatError
from ._errors import describe_validation_errors
from ._model import Plan
from ._normalize import normalize_plan

if TYPE_CHECKING:  # yaml is imported where a YAML document is parsed: reading JSON never loads it
    import yaml

Shape = Literal["flat", "tree"]
DocumentFormat = Literal["json", "yaml"]


@dataclass(frozen=True)
class LoadLimits:
    """Upper bounds on what the loader accepts, so a hostile or runaway document fails fast and clearly."""

    max_bytes: int = 64 * 1024 * 1024
    """Largest document, in bytes (64 MiB)."""
    max_depth: int = 220
    """Deepest nesting of JSON objects and arrays. A nested step takes two levels (an object in a list), so
    220 leaves room for 100 nested steps and a few levels of params; pydantic's recursion guards start
    near 250."""
    max_values: int = 10_000_000
    """Most objects and arrays in one document (also stops YAML alias bombs)."""


DEFAULT_LIMITS = LoadLimits()


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a valid JSON number; use a finite number or a string")


def parse_document(
    text: str,
    *,
    fmt: DocumentFormat | None = None,
    source: str = "<string>",
    limits: LoadLimits = DEFAULT_LIMITS,
) -> Any:
    """Parse JSON or YAML text into plain data, enforcing the limits. ``fmt=None`` picks by content."""
    return _parse(text, fmt=fmt, source=source, limits=limits)[0]


def _format_of(text: str, fmt: DocumentFormat | None) -> DocumentFormat:
    """The format a text is read in: the one given, else JSON when it opens like JSON, else YAML."""
    if fmt is not None:
        return fmt
    return "json" if text.lstrip().startswith(("{", "[")) else "yaml"


def _parse(text: str, *, fmt: DocumentFormat | None, source: str, limits: LoadLimits) -> tuple[Any, bool]:
    """:func:`parse_document`'s work: (data, whether the data may hold a ``stepId`` key). A JSON text in
    which that key can't be spelled spares normalization a walk of every param."""
    # A character is at most 4 bytes of UTF-8: only a text that could be too large is encoded to count.
    if len(text) > limits.max_bytes // 4 and len(text.encode("utf-8", errors="surrogatepass")) > limits.max_bytes:
        raise PlanFormatError(
            f"document is larger than the {limits.max_bytes} byte limit",
            source=source,
            problems=[
                FormatProblem("$", "document too large", "split the plan, or raise LoadLimits.max_bytes")
            ],
        )
    fmt = _format_of(text, fmt)
    try:
        if fmt == "json":
            # JSON can't hold dates, NaN (refused while parsing) or non-string keys: only size matters, and
            # numbers too large for a float (1e400 reads as infinity), which the full walk then names.
            data, by_jiter = _parse_json(text)
            may_overflow, may_spell_step_id = _json_text_facts(text)
            # What pydantic-core's parser took, in a text with no number too large for a float, is within
            # the limits without a look at it; otherwise the containers are walked.
            within = by_jiter and not may_overflow and _within_limits_when_parsed(text, limits)
            if not within and check_shape_limits(data, source=source, limits=limits):
                check_limits(data, source=source, limits=limits)
            return data, may_spell_step_id
        data = _parse_yaml(text, source=source, limits=limits)
    except RecursionError:
        raise PlanFormatError(
            "document is nested too deeply to read",
            source=source,
            problems=[FormatProblem("$", f"nesting deeper than {limits.max_depth} levels")],
        ) from None
    except _SyntaxProblem as problem:
        raise PlanFormatError(f"unreadable {fmt.upper()}", [problem.problem], source=source) from None
    return check_limits(data, source=source, limits=limits), True


_JITER_MAX_NESTING = 201
"""The deepest nesting of arrays pydantic-core's JSON parser accepts (objects: 200); deeper text fails there
and is parsed by json (pinned by a test, as this module relies on it)."""
_NUMBER_SHAPES = bytes.maketrans(b"123456789E", b"000000000e")


def _within_limits_when_parsed(text: str, limits: LoadLimits) -> bool:
    """Whether any JSON text that pydantic-core's parser accepted is within the depth and count limits: it
    refuses nesting deeper than it can take, and every object or array takes two characters of the text."""
    return limits.max_depth > _JITER_MAX_NESTING and len(text) // 2 <= limits.max_values


def _json_text_facts(text: str) -> tuple[bool, bool]:
    """(whether a number of the JSON text may be too large for a float, whether the text may spell the key
    ``stepId``), read off the text in C rather than by walking every container of the parsed data.

    Only false answers are relied on. A float overflows only with an exponent of three digits or more or with
    200 digits or more before its point, so digits are mapped to ``0``, ``E`` to ``e`` and ``+`` dropped, and
    ``e000`` or a run of 200 zeros is looked for (letters and digits in strings may match too: the walk then
    decides). A key is ``stepId`` only if the text says so, or spells a letter as a ``\\u`` escape.
    """
    shapes = text.encode("utf-8", errors="surrogatepass").translate(_NUMBER_SHAPES, b"+")
    may_overflow = b"e000" in shapes or b"0" * 200 in shapes
    return may_overflow, b"stepId" in shapes or b"\\u" in shapes


class _SyntaxProblem(Exception):
    def __init__(self, problem: FormatProblem):
        super().__init__(str(problem))
        self.problem = problem


_DUPLICATE_HINT = (
    "write each key once; readers disagree on which value wins, so a reviewer and plankit could see different plans"
)
_JITER_DUPLICATE = re.compile(r'^Detected duplicate key "(.*)" at line (\d+) column (\d+)$', re.DOTALL)


def _parse_json(text: str) -> tuple[Any, bool]:
    """(data, whether pydantic-core read it). A key written twice in one object is refused: parsers keep the
    last value silently, and not all of them (a reviewer's tool, an agent's) agree on that."""
    try:
        # Duplicate keys are looked for first, by jiter (pydantic-core's parser, as a package), whose data is
        # dropped: plan models built from jiter's own data peak 24 MiB higher at 100,000 steps (over the 250 MiB
        # the loader is held to). It runs first, so its memory serves the parse below, and without jiter's
        # string cache, which would keep 7 MiB more alive: 0.49 s more at that size, 8 us at 10.
        jiter.from_json(text.encode("utf-8"), allow_inf_nan=False, catch_duplicate_keys=True, cache_mode="none")
        # pydantic-core's parser: faster than json, and it makes one string object of each short string that
        # repeats (tool names, keys, enum words), which the plan's models then share.
        return from_json(text, allow_inf_nan=False), True
    except UnicodeEncodeError:
        pass  # a lone surrogate in the text itself: json reads it, duplicates included
    except ValueError as exc:
        duplicate = _JITER_DUPLICATE.match(str(exc))
        if duplicate is not None:
            where = f"line {duplicate[2]}, column {duplicate[3]}"
            raise _SyntaxProblem(FormatProblem(where, f"duplicate key {duplicate[1]!r}", _DUPLICATE_HINT)) from None
        # json decides, with its messages; it also takes what the parsers refuse (a lone surrogate escape,
        # nesting between their 200 levels and LoadLimits.max_depth)
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys), False
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise _SyntaxProblem(FormatProblem(where, exc.msg)) from None
    except ValueError as exc:
        raise _SyntaxProblem(FormatProblem("$", str(exc))) from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the json module's parse, refused when a key comes twice (json gives no position here)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        key = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise _SyntaxProblem(FormatProblem("$", f"duplicate key {key!r}", _DUPLICATE_HINT))
    return data


def _parse_yaml(text: str, *, source: str, limits: LoadLimits) -> Any:
    import yaml

    try:
        loader = yaml.SafeLoader(text)  # reads the whole text: unprintable characters fail here already
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            _check_aliases(node, source=source, limits=limits)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        message = str(exc.problem or exc)
        hint = "YAML indents with spaces only: replace the tab with spaces" if "'\\t'" in message else None
        raise _SyntaxProblem(FormatProblem(_mark_text(exc.problem_mark), message, hint)) from None
    except yaml.YAMLError as exc:
        raise _SyntaxProblem(FormatProblem("$", str(exc))) from None
    except PlanFormatError:
        raise  # an alias bomb or cycle, already described (it is a ValueError too)
    except (ValueError, OverflowError) as exc:
        # PyYAML builds numbers and dates with Python's constructors, which raise plain errors
        # (an integer of more than 4300 digits, a date such as 2024-02-30).
        raise _SyntaxProblem(FormatProblem("$", f"unreadable value: {exc}")) from None


def _mark_text(mark: yaml.Mark | None) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "$"


def _check_aliases(root: yaml.Node, *, source: str, limits: LoadLimits) -> None:
    """Count the objects and arrays the document holds once its aliases are expanded, without expanding
    them: each node is measured once, so an alias bomb (a few lines that expand to billions of values) is
    refused in time linear in its text. An alias to a value that contains it is refused as well."""
    import yaml

    expanded: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            open_nodes.discard(key)
            expanded[key] = total = 1 + sum(expanded.get(id(child), 0) for child in _yaml_children(node))
            if total > limits.max_values:
                raise PlanFormatError(
                    f"document holds more than {limits.max_values} objects and arrays once its aliases are expanded",
                    [FormatProblem(_mark_text(node.start_mark), "too many values", "YAML aliases expand into copies")],
                    source=source,
                )
        elif key in open_nodes:  # pushed again from inside itself: the alias is a cycle
            raise PlanFormatError(
                "a YAML alias refers to a value that contains it",
                [FormatProblem(_mark_text(node.start_mark), "recursive alias", "JSON data can't hold a cycle")],
                source=source,
            )
        elif key not in expanded and isinstance(node, yaml.CollectionNode):
            if isinstance(node, yaml.MappingNode):
                _unique_yaml_keys(node)
            open_nodes.add(key)
            stack.append((node, True))
            stack.extend((child, False) for child in _yaml_children(node))


def _unique_yaml_keys(node: yaml.MappingNode) -> None:
    """Refuse a key written twice in one mapping (PyYAML keeps the last value silently)."""
    import yaml

    seen: set[tuple[str, str]] = set()
    for key_node, _ in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
            key = (key_node.tag, key_node.value)
            if key in seen:
                problem = FormatProblem(
                    _mark_text(key_node.start_mark), f"duplicate key {key_node.value!r}", _DUPLICATE_HINT
                )
                raise _SyntaxProblem(problem)
            seen.add(key)


def _yaml_children(node: yaml.Node) -> list[yaml.Node]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


_Where = tuple[Any, ...]  # a linked path: (parent, key), built into text only when a problem is reported


def _path_text(where: _Where | None) -> str:
    keys: list[Any] = []
    while where is not None:
        where, key = where
        keys.append(key)
    return "$" + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in reversed(keys))


def _short_path(path: str, keep: int = 4) -> str:
    """A path with its middle left out when it is long: the start and the end say where; 200 repeats don't."""
    parts = re.findall(r"\.[^.\[]+|\[\d+\]", path[1:])
    if len(parts) <= 3 * keep:
        return path
    return "$" + "".join(parts[:keep]) + f"…({len(parts) - 2 * keep} more)…" + "".join(parts[-keep:])


def check_shape_limits(data: Any, *, source: str = "<data>", limits: LoadLimits = DEFAULT_LIMITS) -> bool:
    """Enforce the depth and size limits on parsed JSON, level by level: only containers are visited, so
    this is cheap enough for 100k-step plans. The path of an offending value is looked up only when there
    is one. Returns whether some value is an infinity (the only non-JSON value JSON text can produce, from
    a number such as ``1e400``), for the full walk to name."""
    level = [data] if isinstance(data, dict | list) else []
    depth = count = 0
    infinite = False
    while level:
        count += len(level)
        if depth >= limits.max_depth or count > limits.max_values:
            check_limits(data, source=source, limits=limits)  # the slow walk names the path
            raise PlanFormatError("document exceeds the load limits", source=source)
        following: list[Any] = []
        for value in level:
            items = value.values() if value.__class__ is dict else value
            following.extend([item for item in items if item.__class__ is dict or item.__class__ is list])
            # ``in`` compares in C; inf equals only an infinite float (NaN is refused while parsing).
            infinite = infinite or math.inf in items or -math.inf in items
        level = following
        depth += 1
    return infinite


def check_limits(
    data: Any,
    *,
    source: str = "<data>",
    limits: LoadLimits = DEFAULT_LIMITS,
    dates_to_text: bool = True,
    json_only: bool = True,
) -> Any:
    """Walk parsed data once (iteratively): enforce depth and size; reject non-string keys, NaN and
    infinity, and (``json_only``) values JSON has no type for, such as YAML's binary data and sets; turn
    dates into ISO strings in place (``dates_to_text``). Returns the data."""
    problems: list[FormatProblem] = []
    stack: list[tuple[Any, int, _Where | None]] = [(data, 0, None)] if isinstance(data, dict | list) else []
    count = 0
    while stack:
        value, depth, where = stack.pop()
        count += 1
        if depth >= limits.max_depth or count > limits.max_values:
            too_deep = depth >= limits.max_depth
            raise PlanFormatError(
                f"document is nested deeper than {limits.max_depth} levels of objects and arrays"
                if too_deep
                else f"document holds more than {limits.max_values} objects and arrays",
                source=source,
                problems=[
                    FormatProblem(
                        _short_path(_path_text(where)),
                        "too deep" if too_deep else "too many values",
                        "a nested step takes two levels (an object in a list): use depends_on instead of nesting"
                        if too_deep
                        else "YAML aliases expand into copies",
                    )
                ],
            )
        items = enumerate(value) if isinstance(value, list) else value.items()
        for key, item in items:
            if not isinstance(key, str | int) or (isinstance(key, int) and isinstance(value, dict)):
                problems.append(
                    FormatProblem(
                        _path_text((where, str(key))),
                        f"keys must be strings, got {type(key).__name__}",
                        "quote the key",
                    )
                )
            elif isinstance(item, dict | list):
                stack.append((item, depth + 1, (where, key)))
            elif isinstance(item, datetime | date):
                if dates_to_text:
                    value[key] = item.isoformat()
            elif isinstance(item, float) and not math.isfinite(item):
                problems.append(FormatProblem(_path_text((where, key)), f"{item} is not a valid JSON number"))
            elif json_only and not isinstance(item, _JSON_SCALARS):
                problems.append(
                    FormatProblem(
                        _path_text((where, key)),
                        f"a {type(item).__name__} is not a JSON value",
                        "use a string, number, boolean, null, list or object",
                    )
                )
    if problems:
        raise PlanFormatError("the document has values JSON can't hold", problems, source=source)
    return data


_JSON_SCALARS = (str, int, float, bool, type(None))


def plan_from_data(
    data: Any, *, source: str = "<data>", limits: LoadLimits = DEFAULT_LIMITS, checked: bool = False
) -> Plan:
    """Validate already-parsed data of any accepted shape into a :class:`Plan`.

    The data is held to the loader's limits first (depth, size, string keys, finite numbers), so hostile
    data fails as cleanly here as in a document. It is never modified. ``checked=True`` skips that walk
    for data that :func:`read_document` or :func:`parse_document` returned under the same ``limits``:
    they have held it to them already (walking a 100k-step plan twice costs about 0.3 s).
    """
    step_id_keys = True
    if not checked and isinstance(data, dict | list):
        plain = _plain_step_id_keys(data, limits)
        if plain is None:
            check_limits(data, source=source, limits=limits, dates_to_text=False, json_only=False)
            data = _plain_containers(data)
        else:
            step_id_keys = plain  # no object has a stepId key: normalization need not search the params
    return _validate(data, source, step_id_keys=step_id_keys)


def _plain_containers(data: dict[Any, Any] | list[Any]) -> dict[Any, Any] | list[Any]:
    """A copy of ``data`` whose dicts and lists, subclasses included (an ``OrderedDict`` built in Python), are
    plain ones; other values are shared. The model keeps params' values as they are, and every reader of a
    plan (lint's rules first) enters exactly a dict or a list: a subclass would hide what it holds. Called
    after :func:`check_limits`, which has bounded the walk."""
    root: dict[Any, Any] | list[Any] = {} if isinstance(data, dict) else []
    stack: list[tuple[Any, Any]] = [(data, root)]

    def plain(value: Any) -> Any:
        if isinstance(value, dict | list):
            copy: dict[Any, Any] | list[Any] = {} if isinstance(value, dict) else []
            stack.append((value, copy))
            return copy
        return value

    while stack:
        source, target = stack.pop()
        if isinstance(target, dict):
            for key, value in source.items():
                target[key] = plain(value)
        else:
            target.extend([plain(value) for value in source])
    return root


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None), dict, list})


def _plainly_within_limits(data: dict[Any, Any] | list[Any], limits: LoadLimits) -> bool:
    """Whether :func:`check_limits` (``json_only=False``) would pass ``data``, found level by level with the
    per-value work done in C (``map``, ``compress``, ``sum``); a 100k-step plan takes about a third of the
    full walk's time. Only a true answer is relied on: false (a problem, or a value it can't judge quickly:
    a subclass of dict, list or float, a key that is not exactly a str) leaves the judgement, and the message,
    to the full walk."""
    return _plain_step_id_keys(data, limits) is not None


def _plain_step_id_keys(data: dict[Any, Any] | list[Any], limits: LoadLimits) -> bool | None:
    """None unless :func:`_plainly_within_limits`; then whether some object in ``data`` has a ``stepId`` key.
    The keys are listed level by level for the limits anyway, so the search is one C-level scan a level, where
    normalization would otherwise walk every step's params for it (a fifth of loading a small plan)."""
    if data.__class__ is not dict and data.__class__ is not list:
        return None
    dicts: list[Any] = [data] if data.__class__ is dict else []
    lists: list[Any] = [data] if data.__class__ is list else []
    depth = count = 0
    step_id_keys = False
    while dicts or lists:
        count += len(dicts) + len(lists)
        if depth >= limits.max_depth or count > limits.max_values:
            return None
        keys = list(chain.from_iterable(dicts))
        if keys and set(map(type, keys)) != {str}:
            return None
        step_id_keys = step_id_keys or "stepId" in keys
        values = list(chain.from_iterable(map(dict.values, dicts)))
        values.extend(chain.from_iterable(lists))
        kinds = list(map(type, values))
        present = set(kinds)
        unusual = present - _PLAIN_TYPES
        if unusual and any(issubclass(kind, dict | list | float) for kind in unusual):
            return None
        # A NaN or an infinity is refused by the full walk; each float is asked (a sum would also overflow on
        # two finite floats near the largest one, judging a plain plan not plain).
        if float in present and not all(map(math.isfinite, compress(values, map(is_, kinds, repeat(float))))):
            return None
        dicts = list(compress(values, map(is_, kinds, repeat(dict)))) if dict in present else []
        lists = list(compress(values, map(is_, kinds, repeat(list)))) if list in present else []
        depth += 1
    return step_id_keys


def _validate(
    data: Any, source: str, *, step_id_keys: bool = True, original: Callable[[], Any] | None = None
) -> Plan:
    """Normalize and validate. ``original`` is given when the loader owns ``data`` (it parsed it and nobody
    else holds it): normalization then reshapes it in place, and ``original()`` gives the document as written
    when an error has to be described in the user's spelling."""
    if not isinstance(data, dict | list):
        kind = "nothing" if data is None else type(data).__name__
        raise PlanFormatError(
            f"a plan is a JSON object (or an array of steps), got {kind}",
            source=source,
            problems=[FormatProblem("$", "not a plan", 'start from {"goal": "...", "steps": [...]}')],
        )
    try:
        with gc_paused():
            normalized = normalize_plan(data, step_id_keys=step_id_keys, owned=original is not None)
            return Plan.model_validate(normalized)
    except ValidationError as exc:
        raw = original() if original is not None else data
        problems = describe_validation_errors(exc, raw, normalized)
        noun = "problem" if len(problems) == 1 else "problems"
        raise PlanFormatError(f"invalid plan ({len(problems)} {noun})", problems, source=source) from None
    except RecursionError:
        raise PlanFormatError("plan is nested too deeply", source=source) from None


def loads_plan(
    text: str,
    *,
    fmt: DocumentFormat | None = None,
    source: str = "<string>",
    limits: LoadLimits = DEFAULT_LIMITS,
) -> Plan:
    """Load a plan from JSON or YAML text."""
    with gc_paused():
        return PlanDocument.parse(text, fmt=fmt, name=source, limits=limits).plan()


_TAKEN: Any = object()
"""What a :class:`PlanDocument` holds once its data has been handed over."""


class PlanDocument:
    """A plan document the loader has read and parsed, and therefore owns: :meth:`plan` may reshape its data
    in place (its canonical nodes are not copied), and reads it in a text known not to spell ``stepId``
    without searching every param. The text is kept to parse the document again as written when an error
    has to be described (or for :meth:`original`)."""

    def __init__(
        self, text: str, fmt: DocumentFormat | None, name: str, limits: LoadLimits, data: Any, step_id_keys: bool
    ) -> None:
        self.text, self.fmt, self.name, self.limits = text, fmt, name, limits
        self._data: Any = data
        self._step_id_keys = step_id_keys

    @classmethod
    def parse(
        cls, text: str, *, fmt: DocumentFormat | None = None, name: str, limits: LoadLimits = DEFAULT_LIMITS
    ) -> PlanDocument:
        """Parse ``text`` under the limits (a :class:`PlanFormatError` when it is unreadable or too big)."""
        data, step_id_keys = _parse(text, fmt=fmt, source=name, limits=limits)
        return cls(text, fmt, name, limits, data, step_id_keys)

    def plan(self) -> Plan:
        """The validated plan (a :class:`PlanFormatError` naming every problem). The parsed data is handed
        over to be reshaped and let go; a second call parses the text again."""
        data, self._data = self._data, _TAKEN
        if data is _TAKEN:
            data = self.original()
        # Only a JSON document is a tree: YAML anchors and aliases make one object appear in several places
        # (a step and another step's params), so reshaping it in place would change what the alias shows.
        owned = _format_of(self.text, self.fmt) == "json"
        return _validate(data, self.name, step_id_keys=self._step_id_keys, original=self.original if owned else None)

    def original(self) -> Any:
        """The document's data as written, parsed again from the text."""
        return _parse(self.text, fmt=self.fmt, source=self.name, limits=self.limits)[0]


def read_plan_document(source: str | Path | IO[str], *, limits: LoadLimits = DEFAULT_LIMITS) -> PlanDocument:
    """Read and parse a plan document from a path, ``-`` (stdin) or an open text file."""
    text, fmt, name = _read_text(source, limits)
    return PlanDocument.parse(text, fmt=fmt, name=name, limits=limits)


def read_document(
    source: str | Path | IO[str], *, limits: LoadLimits = DEFAULT_LIMITS, kind: str = "a file"
) -> tuple[Any, str]:
    """Read and parse a document from a path, ``-`` (stdin) or an open text file; returns (data, name).
    ``kind`` says what was expected (``"a policy file"``) in the message for a directory."""
    text, fmt, name = _read_text(source, limits, kind)
    return parse_document(text, fmt=fmt, source=name, limits=limits), name


def _read_text(
    source: str | Path | IO[str], limits: LoadLimits, kind: str = "a plan file"
) -> tuple[str, DocumentFormat | None, str]:
    """(text, format by the file's suffix or None, name) of a path, ``-`` (stdin) or an open text file."""
    # A UTF-8 byte order mark (Notepad, PowerShell's Out-File) is read past, as RFC 8259 lets a reader do.
    if isinstance(source, str | Path) and str(source) == "-":
        return sys.stdin.read().removeprefix("\ufeff"), None, "<stdin>"
    if not isinstance(source, str | Path):
        return source.read().removeprefix("\ufeff"), None, str(getattr(source, "name", "<stream>"))
    path = Path(source)
    name = str(path)
    try:
        if path.stat().st_size > limits.max_bytes:
            raise PlanFormatError(f"file is larger than the {limits.max_bytes} byte limit", source=name)
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
    except FileNotFoundError:
        raise PlanFormatError("no such file", source=name) from None
    except IsADirectoryError:
        raise PlanFormatError(f"is a directory, not {kind}", source=name) from None
    except UnicodeDecodeError as exc:
        raise _not_utf8(exc, name) from None
    except OSError as exc:
        raise PlanFormatError(f"can't read the file: {exc.strerror}", source=name) from None
    suffix = path.suffix.lower()
    fmt: DocumentFormat | None = (
        "json" if suffix == ".json" else "yaml" if suffix in (".yaml", ".yml") else None
    )
    return text, fmt, name


_SAVE_AS_UTF8 = "save the file as UTF-8: plans and policies are UTF-8 JSON or YAML"


def _not_utf8(exc: UnicodeDecodeError, name: str) -> PlanFormatError:
    """Which encoding a file that is not UTF-8 seems to be in (UTF-16 by its mark or its NUL bytes, as Windows
    tools write it), or where its first bad byte is."""
    data = bytes(exc.object)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:2]:
        problem = FormatProblem("$", "UTF-16 text", _SAVE_AS_UTF8)
        return PlanFormatError("not UTF-8 text: it is UTF-16", [problem], source=name)
    line = data.count(b"\n", 0, exc.start) + 1
    column = exc.start - data.rfind(b"\n", 0, exc.start)
    where = FormatProblem(f"line {line}, column {column}", "not UTF-8", _SAVE_AS_UTF8)
    return PlanFormatError(f"not UTF-8 text (byte {exc.start})", [where], source=name)


def load_plan(source: str | Path | IO[str], *, limits: LoadLimits = DEFAULT_LIMITS) -> Plan:
    """Load a plan from a file path, ``-`` for stdin, or an open text file (JSON or YAML, any shape)."""
    with gc_paused():
        return read_plan_document(source, limits=limits).plan()


def plan_to_data(plan: Plan, *, shape: Shape = "flat") -> dict[str, Any]:
    """The plan as plain JSON data: the canonical flat form, or the tree (camelCase) form."""
    data: dict[str, Any] = plan.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if shape == "tree":
        from ._tree import to_tree_shape

        return to_tree_shape(data)
    return data


def dump_plan(plan: Plan, *, shape: Shape = "flat", indent: int | None = 2) -> str:
    """The plan as JSON text (canonical: defaults left out, keys in model order), ending in a newline."""
    return json.dumps(plan_to_data(plan, shape=shape), indent=indent, ensure_ascii=False) + "\n"
