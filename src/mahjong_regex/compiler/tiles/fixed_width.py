"""``fixed_width``: when every tile name has one length (in BMP characters),
a tile is read as that many characters wherever the hand is already known to
be a string of whole tiles (the length lookahead checked it): ``..`` instead
of the alternation of every name."""

from __future__ import annotations

from ... import ir
from ..context import Context
from .tile_nodes import any_tile

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "read a tile as N characters where every name has width N"


def fixed_width(ctx: Context) -> int | None:
    """The length of every tile name when they all have one length (in BMP
    characters) and the pass is on (with lookaround, to check the hand
    first); else None."""
    if not (ctx.options.on("fixed_width") and ctx.caps.lookaround):
        return None
    tiles = ctx.alphabet.tiles
    lengths = {len(t.name) for t in tiles}
    bmp = all(ord(ch) <= 0xFFFF for t in tiles for ch in t.name)
    return lengths.pop() if len(lengths) == 1 and bmp else None


def tile_at_boundary(ctx: Context) -> ir.Node:
    """One tile, read where the hand is known to hold one: ``width``
    characters with :func:`fixed_width`, else the alternation of the names."""
    width = fixed_width(ctx)
    return ir.Repeat(ir.AnyChar(), width, width) if width else any_tile(ctx)
