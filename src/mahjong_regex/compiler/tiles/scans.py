"""Searches inside lookaheads: skip ahead from a tile boundary to a tile of a
class, by its marker characters where it has them."""

from __future__ import annotations

from ... import ir
from ..context import Context
from .aligned_scan import skip
from .marker_chars import markers
from .marker_scans import marker_scan
from .tile_nodes import tiles_node


def find(ctx: Context, tiles, use_markers: bool = True) -> ir.Node:
    """Skip to a tile of ``tiles`` (tile indices) and read it, from a tile
    boundary.  With ``use_markers``, a marker character may stand for the
    tile: that proves the tile is there, but ends mid-tile, so it may
    neither count copies nor precede a search that needs a boundary."""
    marks = markers(ctx, tiles) if use_markers else None
    if marks is not None:
        return marker_scan(ctx, marks)
    return ir.seq(skip(ctx, tiles), tiles_node(ctx, tiles))


def tiles_of_suit(ctx: Context) -> dict[str, set[int]]:
    """{suit name: its tile indices}, in suit order."""
    tiles = ctx.alphabet.tiles
    return {s: {t.index for t in tiles if t.suit == s} for s in ctx.alphabet.suits}
