"""``aligned_scan``: a scan skips with ``.*?`` where none of the names it
looks for can occur across a tile boundary, else tile by tile."""

from __future__ import annotations

from ... import ir
from ..context import Context
from .tile_nodes import any_tile, names

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "skip with `.*?` where no tile name occurs across a tile boundary"


def aligned_safe(wanted: list[str], alphabet: list[str]) -> bool:
    """True when none of ``wanted`` can occur in a concatenation of
    ``alphabet`` names except at a tile boundary, so a plain character scan
    (``.*?``) finds exactly the tiles a tile-by-tile scan finds."""

    def prefix_of_tiles(w: str, depth: int = 0) -> bool:
        # Can w be a prefix of some concatenation of tiles?
        if not w:
            return True
        if depth > 64:
            return True
        for t in alphabet:
            if t.startswith(w) or (w.startswith(t) and prefix_of_tiles(w[len(t) :], depth + 1)):
                return True
        return False

    for w in wanted:
        for t in alphabet:
            for cut in range(1, len(t)):
                s = t[cut:]  # a proper suffix of a tile: text starts mid-tile
                if s.startswith(w) or (w.startswith(s) and prefix_of_tiles(w[len(s) :])):
                    return False
    return True


def whole_alphabet_aligned(ctx: Context) -> bool:
    """Can no tile name occur across a tile boundary (pass on)?"""
    every = [t.name for t in ctx.alphabet.tiles]
    return ctx.options.on("aligned_scan") and aligned_safe(every, every)


def skip(ctx: Context, tiles) -> ir.Node:
    """Lazily skip ahead to where one of ``tiles`` may start: ``.*?`` when
    those names cannot occur across a tile boundary, else whole tiles at a
    time."""
    every = [t.name for t in ctx.alphabet.tiles]
    if ctx.options.on("aligned_scan") and aligned_safe(names(ctx, tiles), every):
        return ir.Repeat(ir.AnyChar(), 0, None, "lazy")
    return ir.Repeat(any_tile(ctx), 0, None, "lazy")
