"""The runner protocol's input, as bytes: the header and the commands (the
protocol itself is described in the package's docstring)."""

from __future__ import annotations

import re
from typing import Iterable

#: The first line of a runner's input.
HEADER = "mahjong-regex-runner 2"
#: The commands a runner may be sent, and how many arguments precede the count.
COMMANDS = {"match": 0, "time": 1, "worst": 1, "groups": 0}

_LABEL = re.compile(r"[A-Za-z0-9_.:-]+")
_FLAGS = re.compile(r"[A-Za-z]*")


def hexed(text: str) -> str:
    """``text`` as hex-encoded UTF-8 (raises UnicodeEncodeError for a lone
    surrogate)."""
    return text.encode("utf-8").hex()


def check_label(label: str) -> str:
    """``label`` if it is a word the protocol can carry; else ValueError."""
    if not _LABEL.fullmatch(label):
        raise ValueError(f"a pattern label is letters, digits and _.:- only, not {label!r}")
    return label


def check_flags(flags: str) -> str:
    """``flags`` if it is ASCII letters (or empty); else ValueError."""
    if not _FLAGS.fullmatch(flags):
        raise ValueError(f"flags are ASCII letters, not {flags!r}")
    return flags


def header(patterns: dict[str, str], flags: str) -> bytes:
    """The header: the protocol line, the flags, each labelled pattern, ``go``."""
    lines = [HEADER, f"flags {check_flags(flags)}".rstrip()]
    lines += [f"pattern {check_label(label)} {hexed(p)}" for label, p in patterns.items()]
    lines.append("go")
    return ("\n".join(lines) + "\n").encode("ascii")


def command(verb: str, args: Iterable[str], strings: list[str]) -> bytes:
    """One command line (``VERB ARGS... N``) and its ``N`` strings."""
    lines = [" ".join([verb, *args, str(len(strings))])]
    lines += [hexed(s) for s in strings]
    return ("\n".join(lines) + "\n").encode("ascii")


def parse_command(text: str) -> tuple[str, list[str]]:
    """``"worst 3"`` as ``("worst", ["3"])``; raises ValueError for an
    unknown command or a wrong number of arguments."""
    verb, *args = text.split()
    if verb not in COMMANDS or len(args) != COMMANDS[verb]:
        raise ValueError(
            f"not a runner command: {text!r}; commands are match, time SECONDS, "
            "worst REPEATS, groups"
        )
    return verb, args
