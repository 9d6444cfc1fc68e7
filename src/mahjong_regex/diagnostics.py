"""Errors that point at DSL source, and their rendering.

Every user-facing failure of the compiler is a :class:`MeldError` (or a
subclass) carrying a span.  :meth:`MeldError.render` draws the conventional
compiler message::

    rules/x.meld:3:22: error: unknown meld kind 'chw'
        hand standard = 4 * (chw | pung) + pair
                             ^~~
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """A place in a rule file: 1-based ``line`` and ``column``; ``end_column``
    is exclusive and refers to the same line (a span that runs on past the
    line end is cut there for display)."""

    line: int
    column: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


def source_lines(source: str) -> list[str]:
    """The lines of rule-file text as the parser counts them: split at
    "\\n" only (a form feed or other separator inside a line stays there),
    without carriage returns."""
    return [line.rstrip("\r") for line in source.split("\n")]


class MeldError(Exception):
    """An error located in a rule file.

    ``message`` is one sentence without a trailing period; ``span`` is where
    in the source it applies (``None`` when no place can be named); ``help``
    is an optional hint line."""

    def __init__(self, message: str, span: Span | None = None, help: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.help = help

    def render(self, path: str, source: str) -> str:
        """Return the diagnostic as text: ``path:line:col: error: message``,
        then the source line and a caret under the span (str -> str)."""
        return located(path, source, "error", self.message, self.span, self.help)


def located(
    path: str, source: str, severity: str, message: str, span: Span | None, help=None
) -> str:
    """A located diagnostic: ``path:line:col: SEVERITY: message``, the
    source line and a caret under ``span`` (just ``path: SEVERITY: message``
    when there is no span), then the help line if any."""
    note = _builtin_note(path)
    if span is None:
        head = f"{path}: {severity}: {message}"
        return head + (f"\n  help: {help}" if help else "") + note
    line_no, col = span.line, span.column
    lines = source_lines(source)
    text = lines[line_no - 1] if 0 < line_no <= len(lines) else ""
    marked = text[col - 1 : max(col, span.end_column - 1)] or " "
    width = len(_pad(marked).replace("\t", " "))
    out = [
        f"{path}:{line_no}:{col}: {severity}: {message}",
        f"    {text}",
        "    " + _pad(text[: col - 1]) + "^" + "~" * (width - 1),
    ]
    if help:
        out.append(f"  help: {help}")
    return "\n".join(out) + note


#: How a message names a built-in rule set's file (a path no user can open).
BUILTIN_PREFIX = "<builtin>/"


def _builtin_note(path: str) -> str:
    """For a built-in rule set's file, a line saying how to see it: the
    ``rules`` command prints its source (``… > house.meld`` starts a house
    variant); "" for any other path."""
    if not (path.startswith(BUILTIN_PREFIX) and path.endswith(".meld")):
        return ""
    name = path[len(BUILTIN_PREFIX) : -len(".meld")]
    return f"\n  note: a built-in rule set; print it with: mahjong-regex rules {name}"


class UnsupportedError(MeldError):
    """A flavor cannot express a DSL construct (raised before any text is
    emitted).  ``flavor`` is the flavor name, ``construct`` the DSL text,
    ``help`` what to do instead (by default: another flavor)."""

    def __init__(self, flavor: str, construct: str, span: Span | None, reason: str, help: str = ""):
        super().__init__(
            f"flavor '{flavor}' cannot express {construct}: {reason}",
            span,
            help=help or "choose another flavor, or see what each flavor takes in docs/flavors.md",
        )
        self.flavor = flavor
        self.construct = construct


def shown(hand: str) -> str:
    """A hand as the command line prints it: bare, or JSON-quoted when it
    holds white space or other characters a reader would not see."""
    if hand and all(c.isprintable() and not c.isspace() for c in hand):
        return hand
    return json.dumps(hand, ensure_ascii=False)


def _pad(prefix: str) -> str:
    """Spaces as wide as ``prefix`` on a terminal (CJK characters take two
    cells), keeping tabs so the caret lines up."""

    cells = []
    for ch in prefix:
        if ch == "\t":
            cells.append("\t")
        elif unicodedata.east_asian_width(ch) in "WF":
            cells.append("  ")
        else:
            cells.append(" ")
    return "".join(cells)


@dataclass(frozen=True)
class HandError(Exception):
    """A hand string is not a sequence of tile names.

    ``position`` is the 0-based index (in code points) of the first
    character that cannot belong to a tile name there; ``char`` is that
    character ("" when the string ends in the middle of a tile name, or is
    empty); ``prefix`` the part of a tile name just before it; ``message``,
    when given, says what is wrong there instead."""

    position: int
    char: str
    prefix: str = ""
    message: str = ""

    def __str__(self) -> str:
        where = f"character {self.position + 1}"
        if self.message:
            return f"{where}: {self.message}"
        if self.position == 0 and not self.char and not self.prefix:
            return "the hand is empty"
        if not self.char:
            return f"{where}: the hand ends in the middle of a tile name ({self.prefix!r})"
        if self.prefix:
            return f"{where}: {self.char!r} cannot follow {self.prefix!r}; no tile name starts with {self.prefix + self.char!r}"
        return f"{where}: {self.char!r} is not the start of a tile name"
