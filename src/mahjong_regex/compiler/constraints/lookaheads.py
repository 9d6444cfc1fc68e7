"""Tile-level constraints as lookaheads.

``contains``, ``only``, ``suits`` and ``each`` are properties of the hand's
tile multiset, whatever the split, so each becomes lookaheads from the start
of the hand (which the length lookahead has checked is whole tiles).
"""

from __future__ import annotations

from dataclasses import replace

from ... import ir
from ...ruleset.model import Constraint, TileClass
from ..context import Context
from ..errors import WildUnsupported
from ..tiles.aligned_scan import skip
from ..tiles.atomic_scans import atomic
from ..tiles.fixed_width import fixed_width
from ..tiles.marker_chars import counting_markers, markers
from ..tiles.marker_scans import marker_scan
from ..tiles.scans import find, tiles_of_suit
from ..tiles.tile_nodes import all_tiles, tiles_node
from .suit_subsets import suit_subsets


def tile_constraint(ctx: Context, c: Constraint) -> list[ir.Node]:
    """Lookaheads (a list of IR nodes) that hold exactly when the tile-level
    constraint ``c`` holds on the hand's tile multiset; each carries the
    constraint's label and place (``span``)."""
    label = c.label()
    if c.kind == "any":
        # One of the parts: an alternation of each part's lookaheads.
        parts = [ir.seq(*(unlabelled(n) for n in tile_constraint(ctx, p))) for p in c.parts]
        looks = [ir.Look(ir.alt(*parts), label=label)]
    elif c.kind == "all":
        looks = [replace(n, label=label) for p in c.parts for n in tile_constraint(ctx, p)]
    elif c.kind == "contains":
        looks = [ir.Look(find(ctx, c.tiles.tiles), label=label)]
    elif c.kind == "only":
        others = all_tiles(ctx) - c.tiles.tiles
        looks = [ir.Look(find(ctx, others), negate=True, label=label)] if others else []
    elif c.kind == "each_tile":
        looks = each_tile(ctx, c.tiles, c.op, c.value, label)
    elif c.kind == "tile_count":
        looks = tile_count(ctx, c.tiles, c.op, c.value, label)
    else:
        looks = suit_count(ctx, c.op, c.value, label)
    return [replace(n, span=c.span) if isinstance(n, ir.Look) else n for n in looks]


def unlabelled(node: ir.Node) -> ir.Node:
    """A part's lookahead inside a compound: the compound's label speaks for it."""
    return replace(node, label="") if isinstance(node, ir.Look) else node


def tile_count(ctx: Context, cls: TileClass, op: str, n: int, label: str) -> list[ir.Node]:
    """``tiles(CLASS) OP n``: at least n tiles of the class (``>=``/``==``),
    not n+1 of them (``<=``/``==``)."""
    out = []
    count = at_least if not cls.dynamic else turned_at_least
    tiles = cls if cls.dynamic else cls.tiles
    if op in (">=", "==") and n > 0:
        out.append(ir.Look(count(ctx, tiles, n), label=label))
    if op in ("<=", "=="):
        out.append(ir.Look(count(ctx, tiles, n + 1), negate=True, label=label))
    return out


def turned_at_least(ctx: Context, cls: TileClass, n: int) -> ir.Node:
    """``n`` tiles held of the turned tile's kind (``tiles(indicator)``)."""
    if cls.tiles or cls.dynamic != {"indicator"}:
        raise WildUnsupported(cls.text, "a count of held tiles names the turned kind alone")
    return ir.Repeat(ir.seq(skip(ctx, all_tiles(ctx)), ir.Backref("ind")), n, n)


def at_least(ctx: Context, tiles, n: int) -> ir.Node:
    """Matches (from the start) when the hand holds ``n`` tiles of
    ``tiles``: a marker search n times where each name holds exactly one
    marker character, else tile by tile."""
    marks = counting_markers(ctx, tiles)
    if marks is not None:
        return ir.Repeat(marker_scan(ctx, marks), n, n)
    return ir.Repeat(find(ctx, tiles, use_markers=n == 1), n, n)


def each_tile(ctx: Context, cls: TileClass, op: str, n: int, label: str) -> list[ir.Node]:
    """``each CLASS OP n``: for ``<=``/``==``, no tile of the class occurs
    n+1 times (one negative lookahead that, from every tile, looks for n
    more copies); for ``>=``/``==``, n copies of every tile of the class."""
    out: list[ir.Node] = []
    if op in ("<=", "=="):
        out.append(ir.Look(too_many(ctx, cls, n, label), negate=True, label=label))
    if op in (">=", "==") and n > 0:
        for i in sorted(cls.tiles):
            one = find(ctx, {i}, use_markers=n == 1)
            out.append(ir.Look(ir.Repeat(one, n, n), label=label))
    return out


def too_many(ctx: Context, cls: TileClass, n: int, label: str) -> ir.Node:
    """Matches (from the start) when some tile of ``cls`` occurs more than
    ``n`` times: skip to it, capture it, then find n more copies."""
    look_for = skip(ctx, cls.tiles)
    tile = tiles_node(ctx, cls.tiles)
    width = fixed_width(ctx)
    if width is not None and cls.tiles == all_tiles(ctx):
        # Tile by tile, no alternation: the hand is a string of tiles of one
        # width (the length lookahead checked it).
        tile = ir.Repeat(ir.AnyChar(), width, width)
        look_for = ir.Repeat(tile, 0, None, "lazy")
    # The next copy: a character scan when no tile name can be read across a
    # tile boundary, else tile by tile.
    inner = skip(ctx, all_tiles(ctx)) if width is not None else look_for
    if not isinstance(inner.item, ir.AnyChar):
        inner = look_for
    cap = ctx.names.capture("c")
    return ir.seq(
        look_for,
        ir.Capture(cap, tile, describes="a tile counted by " + label),
        ir.Repeat(atomic(ctx, ir.seq(inner, ir.Backref(cap))), n, n),
    )


def suits_at_least(ctx: Context, k: int) -> ir.Node | None:
    """A node matching (from the start) when tiles of at least ``k``
    different suits occur: the first tile of one suit, then one of another,
    and so on; None for ``k`` <= 0."""
    suits = ctx.alphabet.suits
    by_suit = tiles_of_suit(ctx)
    # Markers for every suit, or for none: a search after a marker starts
    # mid-tile, which only another marker search tolerates.
    marks = all(markers(ctx, tiles) is not None for tiles in by_suit.values())

    def rest(seen: tuple[str, ...], need: int) -> ir.Node:
        if need == 0:
            return ir.EMPTY
        others = [s for s in suits if s not in seen]
        if need == 1:
            return find(ctx, set().union(*(by_suit[s] for s in others)), marks)
        branches = [
            ir.seq(find(ctx, by_suit[s], marks), rest(seen + (s,), need - 1)) for s in others
        ]
        return ir.alt(*branches)

    return rest((), k) if k > 0 else None


def suit_count(ctx: Context, op: str, k: int, label: str) -> list[ir.Node]:
    """``suits OP k`` as lookaheads: at least k suits (``>=``/``==``), not
    k+1 suits (``<=``/``==``)."""
    out = []
    if op in (">=", "=="):
        scans = suit_subsets(ctx, k)
        if scans is not None:
            out.extend(ir.Look(n, label=label) for n in scans)
        else:
            node = suits_at_least(ctx, k)
            if node is not None:
                out.append(ir.Look(node, label=label))
    if op in ("<=", "==") and k + 1 <= len(ctx.alphabet.suits):
        scans = suit_subsets(ctx, k + 1)
        if scans is not None:
            inner = ir.seq(*(ir.Look(n) for n in scans[:-1]), scans[-1])
        else:
            inner = suits_at_least(ctx, k + 1)
        out.append(ir.Look(inner, negate=True, label=label))
    return out
