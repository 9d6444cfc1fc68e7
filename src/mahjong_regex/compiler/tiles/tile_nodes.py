"""Tile primitives: one tile out of a set, as IR.  Tiles are tile indices of
the rule set's alphabet (ints); the IR holds their names."""

from __future__ import annotations

from ... import ir
from ..context import Context


def names(ctx: Context, tiles) -> list[str]:
    """The names of ``tiles`` (an iterable of tile indices), in index order."""
    return [ctx.alphabet.tiles[i].name for i in sorted(tiles)]


def tiles_node(ctx: Context, tiles, label: str = "") -> ir.Node:
    """One tile out of a set of tile indices, as an alternation of literals."""
    return ir.alt(*(ir.Lit(n) for n in names(ctx, tiles)), label=label)


def any_tile(ctx: Context) -> ir.Node:
    """One tile of the alphabet."""
    return tiles_node(ctx, range(len(ctx.alphabet.tiles)))


def all_tiles(ctx: Context) -> set[int]:
    """Every tile index of the alphabet."""
    return set(range(len(ctx.alphabet.tiles)))
