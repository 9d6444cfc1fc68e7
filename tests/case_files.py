"""Case files (``tests/cases/**/*.case``): read one, and write its expected
sections back (bless).  The format is described in ``tests/cases/README.md``::

    #! flavors: pcre js python re2
    #! options: --tiles mpsz
    #! output: pattern
    ruleset …                       the rule text, up to the first separator
    ----- pcre
    \\A…                             what the compiler prints for pcre
    ----- js python
    ^…                              the same text for js and python
    ----- hands
    win 1m2m3m5m5m                  the reference verdict, proven in every engine
    no 1m2m4m5m5m   # a comment

Every line before the first separator is the rule text the compiler reads
(the ``#!`` lines are comments to it), so a located message names the case
file's own lines.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

SEPARATOR = "-----"
HEADER = "#!"
HANDS = "hands"
#: The verdicts a hand line may give: ``unchecked`` is a hand the reference
#: rejects and a pattern that leaves constraints unchecked accepts.
VERDICTS = ("win", "no", "unchecked")
OUTPUTS = ("pattern", "outline", "error")
FLAVOR_NAMES = ("pcre", "regex", "python", "js", "java", "dotnet", "ruby", "re2")


class CaseError(Exception):
    """A case file that does not follow the format: ``path:line: message``."""


@dataclass(frozen=True)
class CaseOptions:
    """The compile options a case names, spelt as on the command line."""

    tiles: str | None = None
    indicator: str | None = None
    no_pass: tuple[str, ...] = ()
    score: bool = False
    allow_unchecked: bool = False
    argv: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hand:
    """One hand line: its verdict, the hand, and the line it is on."""

    verdict: str
    text: str
    line: int


@dataclass(frozen=True)
class Case:
    """One case file.  ``name`` is its path under ``tests/cases/`` (the path
    its messages name); ``source`` the rule text (the file's text before the
    first separator); ``expected`` the text of each flavor's section;
    ``tail`` the file's text from the hands separator on, kept as written;
    ``extra`` the flavors of sections that the header does not name."""

    path: Path
    name: str
    flavors: tuple[str, ...]
    options: CaseOptions
    output: str
    source: str
    expected: dict[str, str] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()
    tail: str = ""
    extra: tuple[str, ...] = ()


def _fail(name: str, line: int, message: str):
    raise CaseError(f"{name}:{line}: {message}")


def parse_options(name: str, line: int, text: str) -> CaseOptions:
    """The ``#! options:`` value: ``--tiles T``, ``--indicator TILE``,
    ``--no-pass P`` (repeatable), ``--score``, ``--allow-unchecked``."""
    words = shlex.split(text)
    values: dict = {"no_pass": [], "argv": tuple(words)}
    flags = {"--score": "score", "--allow-unchecked": "allow_unchecked"}
    takes = {"--tiles": "tiles", "--indicator": "indicator", "--no-pass": "no_pass"}
    i = 0
    while i < len(words):
        word = words[i]
        if word in flags:
            values[flags[word]] = True
            i += 1
        elif word in takes and i + 1 < len(words):
            key = takes[word]
            if key == "no_pass":
                values[key].append(words[i + 1])
            else:
                values[key] = words[i + 1]
            i += 2
        else:
            _fail(name, line, f"unknown option {word!r} (or it lacks its value)")
    values["no_pass"] = tuple(values["no_pass"])
    return CaseOptions(**values)


def _header(name: str, lines: list[str]) -> tuple[tuple[str, ...], CaseOptions, str]:
    """The flavors, options and output kind of the ``#!`` lines."""
    found: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(lines, 1):
        if not line.startswith(HEADER):
            continue
        key, colon, value = line[len(HEADER) :].partition(":")
        key = key.strip()
        if not colon or key not in ("flavors", "options", "output") or key in found:
            _fail(name, number, "a header line is '#! flavors|options|output: …', once each")
        found[key] = (number, value.strip())
    if "flavors" not in found:
        _fail(name, 1, "no '#! flavors:' line")
    number, value = found["flavors"]
    flavors = tuple(value.split())
    bad = [f for f in flavors if f not in FLAVOR_NAMES] or len(set(flavors)) < len(flavors)
    if not flavors or bad:
        _fail(name, number, f"flavors are some of {', '.join(FLAVOR_NAMES)}, each once")
    number, text = found.get("options", (0, ""))
    options = parse_options(name, number, text)
    number, output = found.get("output", (0, "pattern"))
    if output not in OUTPUTS:
        _fail(name, number, f"output is one of {', '.join(OUTPUTS)}")
    return flavors, options, output


def parse_hand(name: str, number: int, line: str) -> Hand | None:
    """A hand line (``VERDICT HAND [# comment]``, the hand bare or a JSON
    string), or None for a blank or comment line."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    verdict, _, rest = text.partition(" ")
    rest = rest.strip()
    if verdict not in VERDICTS or not rest:
        _fail(name, number, "a hand line is 'win HAND', 'no HAND' or 'unchecked HAND'")
    if rest.startswith('"'):
        try:
            hand, end = json.JSONDecoder().raw_decode(rest)
        except json.JSONDecodeError as e:
            _fail(name, number, f"a quoted hand is a JSON string: {e.msg}")
        rest = rest[end:].strip()
    else:
        hand, _, rest = rest.partition(" ")
        rest = rest.strip()
    if rest and not rest.startswith("#"):
        _fail(name, number, "after the hand, only a '# comment'")
    return Hand(verdict, hand, number)


def parse(text: str, path: Path, name: str) -> Case:
    """The case in ``text`` (the contents of ``path``)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    marks = [i for i, line in enumerate(lines) if line.startswith(SEPARATOR)]
    if not marks:
        _fail(name, len(lines), f"no '{SEPARATOR}' line after the rule text")
    head = lines[: marks[0]]
    flavors, options, output = _header(name, head)
    source = "\n".join(head) + "\n"
    expected: dict[str, str] = {}
    extra: list[str] = []
    hands: list[Hand] = []
    tail = ""
    for k, start in enumerate(marks):
        names = lines[start][len(SEPARATOR) :].split()
        end = marks[k + 1] if k + 1 < len(marks) else len(lines)
        if names == [HANDS]:
            if k + 1 != len(marks):
                _fail(name, start + 1, f"'{SEPARATOR} {HANDS}' is the last section")
            tail = "\n".join(lines[start:]) + "\n"
            for number in range(start + 1, end):
                hand = parse_hand(name, number + 1, lines[number])
                if hand is not None:
                    hands.append(hand)
            continue
        if not names or any(f in expected or f in extra for f in names):
            _fail(name, start + 1, "a section names its flavors, each in one section only")
        body = "\n".join(lines[start + 1 : end])
        for f in names:
            if f in flavors:
                expected[f] = body
            else:
                extra.append(f)
    return Case(
        path, name, flavors, options, output, source, expected, tuple(hands), tail, tuple(extra)
    )


def read_case(path: Path, root: Path) -> Case:
    """The case file at ``path``, named by its path under ``root``."""
    name = path.relative_to(root).as_posix()
    return parse(path.read_text("utf-8"), path, name)


def render(case: Case, texts: dict[str, str]) -> str:
    """The case file with ``texts`` (flavor -> text) as its expected
    sections: flavors that print the same text share a section, in the order
    the header names them; the rule text and the hands stay as written."""
    groups: dict[str, list[str]] = {}
    for f in case.flavors:
        if f in texts:
            groups.setdefault(texts[f], []).append(f)
    parts = [case.source]
    for text, names in groups.items():
        parts.append(f"{SEPARATOR} {' '.join(names)}\n{text}\n")
    parts.append(case.tail)
    return "".join(parts)


def bless(case: Case, texts: dict[str, str]) -> bool:
    """Write ``texts`` into the case file as its expected sections (see
    :func:`render`); a flavor missing from ``texts`` keeps its old section.
    Returns whether the file changed."""
    merged = {f: texts.get(f, case.expected.get(f)) for f in case.flavors}
    new = render(case, {f: t for f, t in merged.items() if t is not None})
    if new == case.path.read_text("utf-8"):
        return False
    fd, scratch = tempfile.mkstemp(dir=case.path.parent, prefix=".bless-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
        out.write(new)
    os.replace(scratch, case.path)
    return True
