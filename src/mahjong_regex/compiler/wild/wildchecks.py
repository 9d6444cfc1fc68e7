"""The lookaheads of a rule set with wild tiles, on the tiles held.

- the physical limit: no tile held more than 4 times, no flower twice, and
  at most 3 of the turned tile's kind (the turned tile is the fourth);
- per shape (:class:`~mahjong_regex.compiler.wild.wildplan.ShapeWilds`): the
  suits of the tiles held as themselves, the copies of single tiles, how
  often single tiles repeat (so that the wilds can fill what is missing).

The copy limit with the stand-ins counted is kept by the melds
(:mod:`~mahjong_regex.compiler.wild.usage_counts`).
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import PHYSICAL_LIMIT, TileClass
from ..constraints.lookaheads import each_tile, too_many
from ..context import Context
from ..errors import WildUnsupported
from ..tiles.aligned_scan import skip
from ..tiles.tile_nodes import all_tiles, tiles_node
from .wild_tiles import dynamic_tile
from .wildplan import ShapeWilds


def physical_label(ctx: Context) -> str:
    """The label the physical limit's lookaheads carry (its DSL place is the
    first wild or indicator statement)."""
    spans = [w.span for w in ctx.rules.wilds]
    line = spans[0].line if spans else 1
    return f"line {line}: {PHYSICAL_LIMIT}"


def physical_limit(ctx: Context) -> list[ir.Node]:
    """Lookaheads for the physical limit of a rule set with wild tiles."""
    label = physical_label(ctx)
    span = ctx.rules.wilds[0].span if ctx.rules.wilds else ctx.rules.indicator_span
    tiles = ctx.alphabet.tiles
    every = TileClass(frozenset(all_tiles(ctx)), "tile")
    out = [ir.Look(too_many(ctx, every, 4, label), negate=True, label=label, span=span)]
    flowers = {t.index for t in tiles if t.flower}
    if flowers:
        cls = TileClass(frozenset(flowers), "flower")
        out.append(ir.Look(too_many(ctx, cls, 1, label), negate=True, label=label, span=span))
    if ctx.wild.table.turned:
        scan = ir.seq(skip(ctx, all_tiles(ctx)), ir.Backref("ind"))
        out.append(ir.Look(ir.Repeat(scan, 4, 4), negate=True, label=label, span=span))
    elif ctx.rules.turned is not None:
        cls = TileClass(frozenset({ctx.rules.turned}), "the turned tile")
        out.append(ir.Look(too_many(ctx, cls, 3, label), negate=True, label=label, span=span))
    return out


def is_wild_here(ctx: Context) -> ir.Node:
    """Matches (empty) where the next tile held is a wild tile."""
    table = ctx.wild.table
    parts = [ir.Lit(ctx.alphabet.tiles[w].name) for w in sorted(table.static)]
    parts += [dynamic_tile(ctx, which) for which, _ in table.dynamic]
    parts += [ir.Lit(ctx.alphabet.tiles[p].name) for p, _ in table.proxies]
    return ir.Look(ir.alt(*parts)) if parts else ir.NEVER


def natural_tile(ctx: Context, tiles) -> ir.Node:
    """A tile of ``tiles`` held as itself (not a wild tile here)."""
    return ir.seq(ir.Look(is_wild_here(ctx).item, negate=True), tiles_node(ctx, tiles))


def tile_by_tile(ctx: Context) -> ir.Node:
    return ir.Repeat(tiles_node(ctx, all_tiles(ctx)), 0, None, "lazy")


def suits_looks(ctx: Context, op: str, value: int, label: str) -> list[ir.Node]:
    """``suits <= 1`` (and ``== 1``) on the tiles held as themselves: no two
    of them from different suits."""
    out = []
    suits = ctx.alphabet.suits
    by_suit = {s: {t.index for t in ctx.alphabet.tiles if t.suit == s} for s in suits}
    scan = tile_by_tile(ctx)
    for i, a in enumerate(suits):
        for b in suits[i + 1 :]:
            two = ir.seq(
                ir.Look(ir.seq(scan, natural_tile(ctx, by_suit[a]))),
                scan,
                natural_tile(ctx, by_suit[b]),
            )
            out.append(ir.Look(two, negate=True, label=label))
    return out


def repeats_at_most(ctx: Context, tiles, k: int, label: str) -> list[ir.Node]:
    """The tiles of ``tiles`` held as themselves repeat at most ``k`` times
    in all (copies beyond the first, summed), for k of 0 or 1."""
    scan = tile_by_tile(ctx)

    def first() -> tuple[str, ir.Node]:
        x = ctx.names.capture("r")
        return x, ir.seq(scan, ir.Capture(x, natural_tile(ctx, tiles)))

    x, head = first()
    if k == 0:
        return [ir.Look(ir.seq(head, scan, ir.Backref(x)), negate=True, label=label)]
    thrice = ir.seq(head, scan, ir.Backref(x), scan, ir.Backref(x))
    x2, head2 = first()
    y = ctx.names.capture("r")
    other = ir.seq(ir.Look(ir.Backref(x2), negate=True), ir.Capture(y, natural_tile(ctx, tiles)))
    twice_two = ir.seq(
        head2, ir.Look(ir.seq(scan, ir.Backref(x2))), scan, other, scan, ir.Backref(y)
    )
    return [
        ir.Look(thrice, negate=True, label=label),
        ir.Look(twice_two, negate=True, label=label),
    ]


def shape_looks(ctx: Context, extra: ShapeWilds) -> list[ir.Node]:
    """The lookaheads of one shape, before its melds (see the module
    docstring)."""

    out: list[ir.Node] = []
    label = "; ".join(c.label() for c in extra.labels)
    if extra.suits is not None:
        out += suits_looks(ctx, *extra.suits, label)
    for n in sorted(set(extra.natural_caps.values())):
        tiles = {t for t, v in extra.natural_caps.items() if v == n}
        out += each_tile(ctx, TileClass(frozenset(tiles), "tile"), "<=", n, label)
    if extra.cover is not None:
        tiles, size = extra.cover
        spare = size - len(tiles)
        if spare not in (0, 1):
            raise WildUnsupported(label, "single tiles that must cover a class with more to spare")
        out += repeats_at_most(ctx, tiles, spare, label)
    return out
