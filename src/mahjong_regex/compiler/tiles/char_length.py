"""``char_length``: with one tile width (``fixed_width``), the length
lookahead counts characters (``.{28,34}``) instead of reading tiles, and the
meld body validates every tile itself (a same-meld captures a whole tile
name, not ``width`` arbitrary characters)."""

from __future__ import annotations

from ..context import Context
from .fixed_width import fixed_width

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "count characters in the length lookahead; the meld body reads whole tile names"


def char_width(ctx: Context) -> int | None:
    """The tile width when the length lookahead counts characters, else None.

    Only where each meld is written once (a flavor with subroutine calls, or
    a counted loop or slot row): inlined into every branch of the automaton,
    the tile names would make the pattern grow by a third."""
    width = fixed_width(ctx)
    if width is None or not ctx.options.on("char_length"):
        return None
    if not ctx.caps.calls and ctx.caps.captures == "plain":
        return None
    return width
