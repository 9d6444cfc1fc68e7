"""``marker_chars``: a tile class found by characters that no other tile
has.  In a string of tile names one of them occurs exactly when a tile of
the class does: Harbin's 条 suit is ``[鸡条]``."""

from __future__ import annotations

from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "find a tile class by characters that no other tile has"


def markers(ctx: Context, tiles) -> frozenset[str] | None:
    """Characters that occur only in names of ``tiles`` (tile indices) and
    that every one of those names holds, or None when there are none (or
    the pass is off)."""
    if not ctx.options.on("marker_chars"):
        return None
    inside = [ctx.alphabet.tiles[i].name for i in sorted(tiles)]
    outside = [t.name for t in ctx.alphabet.tiles if t.index not in tiles]
    banned = set("".join(outside))
    good = sorted(set("".join(inside)) - banned)
    chosen: list[str] = []
    uncovered = list(inside)
    while uncovered:
        best = max(good, key=lambda c: (sum(c in n for n in uncovered), -ord(c)), default=None)
        if best is None or not any(best in n for n in uncovered):
            return None
        chosen.append(best)
        uncovered = [n for n in uncovered if best not in n]
    return frozenset(chosen)


def counting_markers(ctx: Context, tiles) -> frozenset[str] | None:
    """:func:`markers` of ``tiles`` when every one of their names holds
    exactly one marker character, so that counting markers counts tiles;
    else None."""
    marks = markers(ctx, tiles)
    if marks is None:
        return None
    for i in tiles:
        if sum(ctx.alphabet.tiles[i].name.count(c) for c in marks) != 1:
            return None
    return marks
