"""Hands as a user gives them to ``match`` and ``score``: on the command
line, or one a line on stdin, where blank lines and ``#`` comment lines are
skipped; each hand keeps where it came from (``line 2``, ``argument 1``) for
messages.  A hand that is not made of the rule set's tile names gets a hint
when it reads in another shipped notation (``this looks like mpsz: add
--tiles mpsz``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Iterable

from .diagnostics import HandError
from .ruleset.model import RuleSet
from .ruleset.notations import (
    BUILTIN_NOTATIONS,
    NotationError,
    builtin_notation,
    rewrite,
)


@dataclass(frozen=True)
class Hand:
    """One hand given by the user: its ``text`` and ``where`` it came from
    (``"line 3"`` of stdin, ``"argument 2"`` of the command line)."""

    text: str
    where: str


def from_arguments(args: Iterable[str]) -> list[Hand]:
    """The hands given as command-line arguments, numbered from 1."""
    return [Hand(a, f"argument {i}") for i, a in enumerate(args, start=1)]


def from_lines(lines: Iterable[str]) -> list[Hand]:
    """The hands of input lines, numbered from 1: a line's hand is the line
    without its line end; blank lines and lines whose first character other
    than white space is ``#`` are skipped."""
    out = []
    for i, line in enumerate(lines, start=1):
        text = line.rstrip("\n").rstrip("\r")
        if text.strip() and not text.lstrip().startswith("#"):
            out.append(Hand(text, f"line {i}"))
    return out


def read_hands(args: list[str]) -> list[Hand]:
    """The hands of ``match`` and ``score``: the arguments, else stdin's
    lines (a byte that is not UTF-8 reads as U+FFFD)."""
    if args:
        return from_arguments(args)
    sys.stdin.reconfigure(errors="replace")
    return from_lines(sys.stdin)


def notation_hint(rules: RuleSet, text: str) -> str:
    """``" (this looks like mpsz: add --tiles mpsz)"`` when ``text``, which
    is not made of the tile names of ``rules``, is made of those of a
    shipped notation the rule set can be written in; ``""`` otherwise.  A
    turned tile before ``|`` is read the same way."""
    own = {t.name for t in rules.alphabet.tiles}
    for name in BUILTIN_NOTATIONS:
        try:
            other = rewrite(rules, builtin_notation(name))
        except NotationError:
            continue  # some tile has no identity to write it by
        if {t.name for t in other.alphabet.tiles} == own:
            continue
        try:
            for part in text.split("|"):
                other.alphabet.tokenize(part)
        except HandError:
            continue
        return f" (this looks like {name}: add --tiles {name})"
    return ""
