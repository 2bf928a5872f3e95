"""Finding JSON in a model's reply: balanced blocks, with comments and trailing commas taken out.

A block starts at a ``{`` or ``[`` and is scanned string-aware up to its matching bracket. ``//`` and
``/* */`` comments outside strings are dropped and so are trailing commas; what is left is kept as slices of
the reply, so any position in the cleaned text maps back to a line and column of the reply. A scan that
reaches the end of the reply with brackets still open is a :class:`Truncated` block that knows where each
open bracket was and which JSON path it held; a closing bracket of the wrong kind is a :class:`Mismatch`.

Each character is scanned a bounded number of times, so finding every block is linear in the reply.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

_SPECIAL = re.compile(r'["{}\[\],:/]')
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_OPENER = re.compile(r"[{\[]")
_CLOSER_OF = {"}": "{", "]": "["}
# After the opening bracket: a quote (single quotes too: Python-style dicts are JSON gone wrong), a closing
# bracket, or a bare key and a colon (a JavaScript object literal); prose in braces has none of these.
_LOOKS_LIKE_JSON = re.compile(r"""[\s{\[]*(?:["'}\]]|[A-Za-z_]\w*\s*:)""")


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def where(text: str, offset: int) -> str:
    """``line L, column C`` of ``offset`` in ``text``."""
    line, column = line_col(text, offset)
    return f"line {line}, column {column}"


@dataclass(frozen=True, slots=True)
class OpenBracket:
    """A bracket that was opened and never closed."""

    char: str
    offset: int
    path: str
    """JSON path of the container it opens (``$.steps[1]``)."""


@dataclass(slots=True)
class _Frame:
    char: str
    offset: int
    path: str
    key: str | None = None
    index: int = 0

    def child_path(self) -> str:
        if self.char == "[":
            return f"{self.path}[{self.index}]"
        return f"{self.path}.{self.key}" if self.key is not None else self.path


@dataclass
class _Slices:
    """The cleaned text as slices of the reply, so cleaned positions map back to the reply."""

    text: str
    starts: list[int] = field(default_factory=list)  # cleaned offset of each slice
    origins: list[int] = field(default_factory=list)  # reply offset of each slice
    parts: list[str] = field(default_factory=list)
    size: int = 0

    def take(self, begin: int, end: int) -> None:
        if end <= begin:
            return
        if self.origins and self.origins[-1] + len(self.parts[-1]) == begin:
            self.parts[-1] += self.text[begin:end]  # adjacent: extend the last slice
        else:
            self.starts.append(self.size)
            self.origins.append(begin)
            self.parts.append(self.text[begin:end])
        self.size += end - begin

    def origin(self, cleaned_offset: int) -> int:
        """The reply offset of a cleaned-text offset (the end of the text maps past the last slice)."""
        if not self.starts:
            return 0
        index = max(0, bisect.bisect_right(self.starts, cleaned_offset) - 1)
        return self.origins[index] + (cleaned_offset - self.starts[index])


@dataclass(frozen=True)
class Block:
    """A balanced block: ``reply[start:end]``, and its cleaned text."""

    start: int
    end: int
    slices: _Slices
    comments: int
    trailing_commas: int
    depth: int

    @property
    def cleaned(self) -> str:
        """The block without comments and trailing commas."""
        return "".join(self.slices.parts)

    @property
    def looks_like_json(self) -> bool:
        """True when the block opens like JSON data (``{"``, ``[{``, ``[]``...), not like prose in braces."""
        return _LOOKS_LIKE_JSON.match(self.cleaned, 1) is not None


@dataclass(frozen=True)
class Truncated:
    """A block the reply ends inside of."""

    start: int
    open: tuple[OpenBracket, ...]
    string_start: int | None
    """Where the unterminated string began, when the reply ends inside one."""
    comment_start: int | None
    """Where the unterminated ``/*`` comment began, when the reply ends inside one."""
    looks_like_json: bool


@dataclass(frozen=True)
class Mismatch:
    """A block closed by the wrong kind of bracket."""

    start: int
    offset: int
    found: str
    open: OpenBracket
    looks_like_json: bool


Scanned = Block | Truncated | Mismatch


def find_blocks(text: str) -> list[Scanned]:
    """Every top-level JSON-like block of ``text``, in order.

    A block that is truncated or mismatched and does not look like JSON (a stray ``{`` in prose) is not
    reported; the balanced blocks inside it are, so a plan after a stray brace is still found.
    """
    found: list[Scanned] = []
    position = 0
    while (match := _OPENER.search(text, position)) is not None:
        result, closed = _scan(text, match.start())
        if isinstance(result, Block):
            found.append(result)
            position = _after_trailing_comment(text, result.end)
            continue
        if result.looks_like_json:
            found.append(result)
        else:
            found.extend(_scan(text, start)[0] for start, _ in _outermost(closed))
        if isinstance(result, Truncated):
            break
        position = result.offset + 1
    return found


_TRAILING_COMMENT = re.compile(r"[ \t]*(?://[^\n]*|/\*.*?\*/)", re.DOTALL)


def _after_trailing_comment(text: str, end: int) -> int:
    """Skip a comment right after a block (``} // end of plan [v2]``): brackets in it are not JSON."""
    match = _TRAILING_COMMENT.match(text, end)
    return match.end() if match is not None else end


def _outermost(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs not inside another pair, in order (pairs are recorded in closing order)."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(pairs):
        if not out or start >= out[-1][1]:
            out.append((start, end))
    return out


def _scan(text: str, start: int) -> tuple[Scanned, list[tuple[int, int]]]:
    """Scan the block opening at ``start``; also return every bracket pair closed on the way."""
    scanner = _Scanner(text, start)
    return scanner.run(), scanner.closed


class _Scanner:
    """The state of one block scan. Each handler takes the special character at ``end`` and returns a
    result when the scan is over, or None to go on from ``self.position``."""

    def __init__(self, text: str, start: int):
        self.text = text
        self.start = start
        self.slices = _Slices(text)
        self.stack = [_Frame(text[start], start, "$")]
        self.closed: list[tuple[int, int]] = []
        self.comments = self.trailing = 0
        self.depth = 1
        self.last_string: tuple[int, int] | None = None
        self.pending_comma: int | None = None
        """A comma held back until the next token shows whether it is a trailing one."""
        self.position = start + 1
        self.slices.take(start, start + 1)

    def run(self) -> Scanned:
        text = self.text
        while True:
            match = _SPECIAL.search(text, self.position)
            end = match.start() if match is not None else len(text)
            if text[self.position : end].strip():
                self._flush_comma()
            self.slices.take(self.position, end)
            if match is None:
                return self._truncated(None, None)
            self.position = end + 1
            char = text[end]
            if char == "/" and text[end + 1 : end + 2] in ("/", "*"):
                result = self._comment(end)
            elif char in "}]":
                result = self._close(end, char)
            elif char == '"':
                self._flush_comma()
                result = self._string(end)
            elif char == ",":
                self._comma(end)
                continue
            else:
                self._flush_comma()
                self._other(end, char)
                continue
            if result is not None:
                return result

    def _flush_comma(self) -> None:
        if self.pending_comma is not None:
            self.slices.take(self.pending_comma, self.pending_comma + 1)
            self.pending_comma = None

    def _comment(self, end: int) -> Scanned | None:
        self.comments += 1
        if self.text[end + 1] == "/":
            newline = self.text.find("\n", end)
            self.position = len(self.text) if newline < 0 else newline
            return None
        close = self.text.find("*/", end + 2)
        if close < 0:
            return self._truncated(None, end)
        self.position = close + 2
        return None

    def _close(self, end: int, char: str) -> Scanned | None:
        if self.pending_comma is not None:
            self.trailing += 1
            self.pending_comma = None
        frame = self.stack[-1]
        if frame.char != _CLOSER_OF[char]:
            bracket = OpenBracket(frame.char, frame.offset, frame.path)
            return Mismatch(self.start, end, char, bracket, _looks_like_json(self.slices))
        self.stack.pop()
        self.closed.append((frame.offset, end + 1))
        self.slices.take(end, end + 1)
        if not self.stack:
            return Block(self.start, end + 1, self.slices, self.comments, self.trailing, self.depth)
        return None

    def _comma(self, end: int) -> None:
        self._flush_comma()  # two commas in a row: keep both, and let the decoder say so
        self.pending_comma = end
        frame = self.stack[-1]
        frame.index += 1
        frame.key = None

    def _string(self, end: int) -> Scanned | None:
        string = _STRING.match(self.text, end)
        if string is None:
            return self._truncated(end, None)
        self.slices.take(end, string.end())
        self.last_string = (end, string.end())
        self.position = string.end()
        return None

    def _other(self, end: int, char: str) -> None:
        """An opening bracket, a colon, or a lone slash."""
        if char in "{[":
            self.stack.append(_Frame(char, end, self.stack[-1].child_path()))
            self.depth = max(self.depth, len(self.stack))
        elif char == ":" and self.last_string is not None and self.stack[-1].char == "{":
            begin, finish = self.last_string
            self.stack[-1].key = _key_text(self.text[begin + 1 : finish - 1])
        self.slices.take(end, end + 1)

    def _truncated(self, string_start: int | None, comment_start: int | None) -> Truncated:
        brackets = tuple(OpenBracket(frame.char, frame.offset, frame.path) for frame in self.stack)
        # A reply cut inside a string still shows the string's opening quote, which the slices don't hold yet.
        looks = _looks_like_json(self.slices, '"' if string_start is not None else "")
        return Truncated(self.start, brackets, string_start, comment_start, looks)


def _key_text(raw: str) -> str:
    # Keys are shown in paths only; escapes are kept as written rather than decoded.
    return raw if re.fullmatch(r"[A-Za-z_][\w\-]*", raw) else f'"{raw}"'


def _looks_like_json(slices: _Slices, tail: str = "") -> bool:
    return _LOOKS_LIKE_JSON.match("".join(slices.parts) + tail, 1) is not None
