"""``counts_to_length``: a meld-count constraint that is exactly a tile-count
window on its shape moves into the length lookahead, so the meld body need
not count: Harbin's ``count(kong) <= 3`` is "at most 17 tiles"."""

from __future__ import annotations

from ...ruleset.fillings import accepted
from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "a meld count that is exactly a tile-count window moves into the length lookahead"


def counts_to_length(ctx: Context, shape, cs: list, full: frozenset, window, tiles):
    """Split the meld-count constraints ``cs`` of ``shape`` into (kept,
    moved): a constraint moves when, without it, the count vectors inside
    the tile-count ``window`` are still exactly ``full`` (``tiles(v)`` is the
    tile count of vector v).  Nothing moves when the pass is off or the
    flavor has no lookaround."""
    moved = []
    if ctx.options.on("counts_to_length") and ctx.caps.lookaround:
        for c in list(cs):
            rest = [x for x in cs if x is not c]
            loose = accepted(shape, rest)
            if {v for v in loose if window[0] <= tiles(v) <= window[1]} == full:
                cs = rest
                moved.append(c)
    return cs, moved
