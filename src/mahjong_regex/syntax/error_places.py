"""Where a syntax error really is, when the parser finds it late.

Tile names may be almost any text, so a ``tiles {`` (or ``tests {``) block
whose ``}`` is missing reads the statements after it as tile names until
something cannot be one, lines later; and a hand line that ends in ``+``
reads the next statement's keyword as a meld kind.  Given the source and the
token the parser stopped at, :func:`unclosed_block` and :func:`dangling`
find the place a user should look at, or None when the error is where the
parser says.  :func:`too_deep` finds nesting past :data:`MAX_NESTING`
before the parser (whose tree is walked recursively) meets it.
"""

from __future__ import annotations

import re

from ..diagnostics import MeldError, Span, source_lines

#: Words that begin a statement (at the start of a line).
STATEMENT_WORDS = (
    "ruleset",
    "tiles",
    "class",
    "wild",
    "proxy",
    "indicator",
    "meld",
    "hand",
    "win",
    "score",
    "tests",
)
#: Statement words that may also begin a line inside a block (a test's
#: verdict in ``tests {``).
BLOCK_WORDS = {"tests": ("win",)}
#: What may end a line that the statement goes on after.
CONTINUED = ("+", "|", "*", "=", ",", "(", "where", "or", "of", "for")


def _code(line: str) -> str:
    """A line without its comment (``#`` outside a quoted string)."""
    out, quoted = [], False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            break
        out.append(ch)
    return "".join(out)


def unclosed_block(source: str, line: int, column: int) -> tuple[str, Span, int] | None:
    """For an error at (``line``, ``column``) where a ``}`` could stand: the
    block left open before it, when a statement begins on a line inside it
    (so the ``}`` is missing, not the error's token wrong): (its keyword, the
    span of its ``{``, the line of the first statement inside); else None."""
    lines = [_code(text) for text in source_lines(source)[:line]]
    if lines:
        lines[-1] = lines[-1][: column - 1]
    opened: list[tuple[str, int, int]] = []
    for number, text in enumerate(lines, 1):
        for col, ch in enumerate(text, 1):
            if ch == "{":
                word = re.findall(r"(\w+)\s*$", text[: col - 1])
                opened.append((word[0] if word else "", number, col))
            elif ch == "}" and opened:
                opened.pop()
    if not opened:
        return None
    keyword, at_line, at_col = opened[-1]
    starts = set(STATEMENT_WORDS) - set(BLOCK_WORDS.get(keyword, ()))
    for number in range(at_line + 1, line + 1):
        first = lines[number - 1].split()
        if first and first[0] in starts:
            return keyword, Span(at_line, at_col, at_col + 1), number
    return None


def dangling(source: str, line: int, column: int) -> tuple[str, Span, str, int] | None:
    """For an error at (``line``, ``column``): when the word just before it
    is a statement keyword at the start of its line, and the line before
    that ends in a continuation (``+``, ``|``, ``,`` …), the statement
    before it was left unfinished: (the continuation, its span, the keyword,
    the keyword's line); else None."""
    lines = [_code(text) for text in source_lines(source)]
    before = lines[line - 1][: column - 1].split()
    if len(before) != 1 or before[0] not in STATEMENT_WORDS:
        return None
    prev = line - 1
    while prev >= 1 and not lines[prev - 1].strip():
        prev -= 1
    if prev < 1:
        return None
    text = lines[prev - 1].rstrip()
    tail = next((c for c in CONTINUED if text.endswith(c)), None)
    if tail is None or (tail.isalpha() and not re.search(rf"\b{tail}$", text)):
        return None
    col = len(text) - len(tail) + 1
    return tail, Span(prev, col, col + len(tail)), before[0], line


def found_late(source: str, e, found: str) -> MeldError | None:
    """The error at the place a user should look at, for the parser's
    :class:`lark.exceptions.UnexpectedToken` ``e`` at the token ``found``
    (as the message names it): a block whose ``}`` is missing, or a
    statement left unfinished at a line end; None when the parser's place
    is the right one."""
    tok = e.token
    if tok.type == "$END":
        line, column = len(source_lines(source)), 1
    else:
        line, column = tok.line, tok.column
    if "RBRACE" in e.expected:
        block = unclosed_block(source, line, column)
        if block is not None:
            keyword, span, inside = block
            return MeldError(
                f"the '{keyword} {{' block is not closed: line {inside} starts a statement "
                f"inside it (the parser stopped at {found}, line {line})",
                span,
                "close the block with '}' before the next statement",
            )
    left = dangling(source, line, column)
    if left is not None:
        tail, span, keyword, at = left
        return MeldError(
            f"the statement ends in '{tail}' at the end of the line, and goes on to "
            f"'{keyword}' (line {at}), which starts a new statement",
            span,
            f"finish the statement after '{tail}', or remove it",
        )
    return None


#: The deepest nesting of parentheses a rule file may have (the built-ins
#: nest at most three deep); deeper, the file is refused at the first
#: parenthesis past it, whatever Python's recursion limit.
MAX_NESTING = 64


def too_deep(source: str) -> Span | None:
    """Where ``source`` first opens a parenthesis past :data:`MAX_NESTING`
    (quoted text and comments aside), or None."""
    depth = 0
    for line_no, line in enumerate(source_lines(source), 1):
        quoted = False
        for col, ch in enumerate(line, 1):
            if quoted:
                quoted = ch != '"'
            elif ch == '"':
                quoted = True
            elif ch == "#":
                break
            elif ch == "(":
                depth += 1
                if depth > MAX_NESTING:
                    return Span(line_no, col, col + 1)
            elif ch == ")":
                depth -= 1
    return None
