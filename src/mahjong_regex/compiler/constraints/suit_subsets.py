"""``suit_subsets``: tiles of at least k of the S suits occur exactly when
every S-k+1 of the suits hold a tile -- one marker scan from the start for
each such subset, with no alternation (Harbin's "two suits" is three scans:
条 or 筒, 条 or 万, 筒 or 万)."""

from __future__ import annotations

from itertools import combinations

from ... import ir
from ..context import Context
from ..tiles.marker_chars import markers
from ..tiles.scans import find, tiles_of_suit

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "at least k of S suits as: every S-k+1 suits hold a tile"


def suit_subsets(ctx: Context, k: int) -> list[ir.Node] | None:
    """The scans (IR nodes, each to run from the start) that all match
    exactly when tiles of at least ``k`` suits occur; None when the pass is
    off, ``k`` is out of range, a suit has no marker character, or there
    would be more than 8 scans."""
    suits = ctx.alphabet.suits
    if not (ctx.options.on("suit_subsets") and 1 <= k <= len(suits)):
        return None
    by_suit = tiles_of_suit(ctx)
    if any(markers(ctx, tiles) is None for tiles in by_suit.values()):
        return None
    subsets = list(combinations(suits, len(suits) - k + 1))
    if len(subsets) > 8:
        return None
    return [find(ctx, set().union(*(by_suit[s] for s in sub))) for sub in subsets]
