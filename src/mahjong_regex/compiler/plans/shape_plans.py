"""What the compiler decides for each hand shape before writing it: the
winning meld-count vectors, the tile-count window, which meld-count
constraints the length lookahead checks instead (``counts_to_length``); and
what a shape's meld body hands on to later stages."""

from __future__ import annotations

from dataclasses import dataclass

from ... import ir
from ...ruleset.fillings import accepted
from ...ruleset.model import Constraint, Shape
from ..context import Context
from .counts_to_length import counts_to_length


@dataclass(frozen=True)
class ShapePlan:
    """The plan of one shape: ``accept`` the winning kind-count vectors (one
    int per letter of ``shape.kinds``), ``constraints`` the meld-count
    constraints its body checks, ``moved`` those the length lookahead checks
    instead, ``window`` its (fewest, most) tiles."""

    accept: frozenset
    constraints: tuple[Constraint, ...]
    moved: tuple[Constraint, ...]
    window: tuple[int, int]


@dataclass(frozen=True)
class ShapeBody:
    """A shape's IR and, for ``split_counts``, the captures of the tiles of
    its pairs, pungs and kongs: (capture name, how to tell it is set) --
    None (always set, or a backreference to it fails when unset),
    ``"midtile"``, or the name of an empty flag group set with it.
    ``tile_stores`` None: this body keeps no tiles.  ``after``: checks to
    run once the melds matched (from the start of the hand)."""

    node: ir.Node
    tile_stores: tuple[tuple[str, str | None], ...] | None = None
    after: tuple[ir.Node, ...] = ()


def plan(ctx: Context, shape: Shape) -> ShapePlan:
    """The shape's accepted kind counts, its tile-count window, and which
    meld-count constraints are exactly that window (``counts_to_length``):
    those are checked by the length lookahead instead of by the body.  E.g.
    Harbin's ``count(kong) <= 3`` is "at most 17 tiles"."""
    cs = [c for c in ctx.rules.where + shape.where if c.is_meld_level]
    sizes = [ctx.rules.kinds[k].size for k in shape.kinds]
    full = accepted(shape, cs)

    def tiles(v) -> int:
        return sum(a * b for a, b in zip(v, sizes))

    window = (min(map(tiles, full)), max(map(tiles, full))) if full else (0, 0)
    kept, moved = counts_to_length(ctx, shape, cs, full, window, tiles)
    return ShapePlan(full, tuple(kept), tuple(moved), window)


def relaxed_accept(shape: Shape, p: ShapePlan) -> frozenset:
    """The count vectors the shape's body must accept: without the moved
    constraints when some moved to the length lookahead."""
    return accepted(shape, p.constraints) if p.moved else p.accept
