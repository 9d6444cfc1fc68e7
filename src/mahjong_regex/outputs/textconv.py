"""A pattern file as ``git diff`` should show it: one part per line.

A pattern is one long line, so a change anywhere in it shows as that whole
line changed.  :func:`textconv` breaks it at its groups: a group longer than
:data:`WIDTH` characters opens on a line of its own, its alternatives follow
one a line (``|`` first), each indented by its depth, and it closes, with
its quantifier, on a line of its own; shorter groups stay whole.  Joining
the lines without their indentation gives the pattern back.

Git runs it as a textconv driver (README: "Reviewing a change")::

    # .gitattributes
    generated/**/*.re diff=mahjong-regex
    # once per clone
    git config diff.mahjong-regex.textconv "mahjong-regex textconv"
"""

from __future__ import annotations

#: Groups at most this long stay on one line.
WIDTH = 60
#: Groups nested deeper than this stay whole (no recursion past it).
DEEPEST = 40
#: Escapes followed by a bracketed name or code point (``\\k<n>``, ``\\p{L}``).
BRACKETED = {"k": "<>", "g": "<>", "p": "{}", "P": "{}", "x": "{}", "u": "{}", "N": "{}"}


def _atom_end(text: str, i: int) -> int:
    """Where the escape or character class starting at ``i`` ends."""
    if text[i] == "\\":
        j = i + 2
        pair = BRACKETED.get(text[i + 1 : i + 2])
        if pair and text[j : j + 1] == pair[0]:
            close = text.find(pair[1], j)
            j = close + 1 if close > 0 else j
        return j
    j = i + 1  # a character class
    if text[j : j + 1] == "^":
        j += 1
    if text[j : j + 1] == "]":
        j += 1
    while j < len(text) and text[j] != "]":
        j = j + 2 if text[j] == "\\" else j + 1
    return j + 1


def _quantifier_end(text: str, i: int) -> int:
    """Where the quantifier after a group closed at ``i - 1`` ends."""
    j = i
    if text[j : j + 1] in ("*", "+", "?"):
        j += 1
    elif text[j : j + 1] == "{":
        close = text.find("}", j)
        if close > 0 and all(c.isdigit() or c == "," for c in text[j + 1 : close]):
            j = close + 1
    if j > i and text[j : j + 1] in ("?", "+"):
        j += 1
    return j


def _group_end(text: str, i: int) -> int:
    """Where the group opened at ``i`` ends, quantifier included."""
    depth, j = 0, i
    while j < len(text):
        c = text[j]
        if c in "\\[":
            j = _atom_end(text, j)
            continue
        depth += c == "("
        depth -= c == ")"
        j += 1
        if depth == 0:
            return _quantifier_end(text, j)
    return len(text)


def _head_end(text: str, i: int) -> int:
    """Where the opening of the group at ``i`` ends: ``(``, ``(?:``,
    ``(?<name>``, ``(?=``, ``(?(DEFINE)`` …"""
    if text[i + 1 : i + 2] != "?":
        return i + 1
    if text[i + 2 : i + 3] == "(":  # a condition: (?(DEFINE) or (?(1)
        return text.find(")", i + 3) + 1 or len(text)
    j = i + 2
    if text[j : j + 1] in ("<", "P") and text[j + 1 : j + 2] not in ("=", "!"):
        return text.find(">", j) + 1 or len(text)
    while j < len(text) and text[j] not in ":)" and text[j] not in "=!>":
        j += 1
    return j + 1


def _lines(text: str, depth: int) -> list[str]:
    """The lines of a run of pattern text (no unbalanced parentheses).  A
    short group that would take its line past :data:`WIDTH` starts a new
    line; past :data:`DEEPEST` levels a long group stays whole."""
    out: list[str] = []
    line: list[str] = []  # the current line's pieces (joined when it ends)
    width, i = 0, 0
    pad = "  " * depth

    def flush() -> None:
        nonlocal width
        if line:
            out.append(pad + "".join(line))
            line.clear()
        width = 0

    while i < len(text):
        c = text[i]
        if c == "(":
            end = _group_end(text, i)
            if end - i <= WIDTH or depth >= DEEPEST:
                if width and width + end - i > WIDTH:
                    flush()
                line.append(text[i:end])
                width += end - i
            else:
                flush()
                out += _group(text[i:end], depth)
            i = end
            continue
        if c == "|":
            flush()
            end = i + 1
        elif c in "\\[":
            end = _atom_end(text, i)
        else:
            end = i + 1
        line.append(text[i:end])
        width += end - i
        i = end
    flush()
    return out


def _group(group: str, depth: int) -> list[str]:
    """A long group: its opening, its body a level deeper, its closing."""
    head = _head_end(group, 0)
    close = group.rfind(")")
    pad = "  " * depth
    return [pad + group[:head]] + _lines(group[head:close], depth + 1) + [pad + group[close:]]


def textconv(text: str) -> str:
    """Each line of ``text`` (a pattern file) broken into the lines of its
    parts (see the module docstring); the result ends in a newline."""
    out = []
    for line in text.split("\n"):
        out += _lines(line, 0) if len(line) > WIDTH else [line]
    return "\n".join(out).rstrip("\n") + "\n"
