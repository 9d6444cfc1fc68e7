"""``split_counts``: ``each tile <= n`` read off the split the meld body
found, in n+1 scans per pair, pung or kong instead of one scan per two
tiles of the hand.

Sound when every winning split holds at most n melds that hold a tile once
(runs, single tiles): a tile with n+1 copies is then the tile of a pair,
pung or kong of every winning split.  Needs those tiles captured by the meld
body (``counter_loop`` keeps them in groups, ``slot_flags`` in its slots).
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import Constraint, Shape
from ..context import Context
from ..plans.counters import branches
from ..plans.shape_plans import ShapeBody, ShapePlan, relaxed_accept
from ..tiles.aligned_scan import whole_alphabet_aligned
from ..tiles.atomic_scans import atomic
from ..tiles.fixed_width import tile_at_boundary
from .merge_same_melds import group_kinds

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "each tile <= n reads only the tiles of the split's pairs, pungs and kongs"

#: Most groups ``counter_loop`` spends on keeping the tiles of pairs, pungs
#: and kongs.
MAX_TILE_STORES = 6


def split_target(ctx: Context) -> Constraint | None:
    """The rule set's ``each tile <= n`` over every tile, which this pass may
    read off the split (None: none, or the pass is off)."""
    if not ctx.options.on("split_counts") or ctx.wild is not None:
        return None  # (with wild tiles, copies are counted on what they stand for)
    every = len(ctx.alphabet.tiles)
    for c in ctx.rules.where:
        if c.kind == "each_tile" and c.op == "<=" and len(c.tiles.tiles) == every:
            return c
    return None


def split_sound(ctx: Context, shape: Shape, p: ShapePlan, c: Constraint) -> bool:
    """Does every winning split of ``shape`` hold at most ``c.value`` melds
    that hold a tile once (runs, single tiles)?"""
    kinds = ctx.rules.kinds
    once = [j for j, k in enumerate(shape.kinds) if kinds[k].form == "run" or kinds[k].size == 1]
    return max(sum(v[j] for j in once) for v in relaxed_accept(shape, p)) <= c.value


def loop_stores(ctx: Context, shape: Shape, p: ShapePlan, names, counters) -> dict | None:
    """For a counted loop: per branch of pairs, pungs or kongs, (most times
    it occurs in a winning split, whether it always occurs); None when the
    check cannot be read off this shape (the pass off or not sound, a
    branch mixing runs and same melds, or more than
    :data:`MAX_TILE_STORES` groups)."""
    c = split_target(ctx)
    if c is None or not split_sound(ctx, shape, p, c):
        return None
    accept = relaxed_accept(shape, p)
    stores = {}
    for kinds, _ in branches(names, counters):
        objs = [ctx.rules.kinds[x] for x in kinds]
        same = [x for x in objs if x.form == "same" and x.size >= 2]
        if not same:
            continue
        if len(same) != len(objs) or len(group_kinds(ctx, kinds)) != 1:
            return None
        idx = [shape.kinds.index(x) for x in kinds]
        times = [sum(v[i] for i in idx) for v in accept]
        stores[kinds] = (max(times), min(times) >= 1 and len(ctx.rules.shapes) == 1)
    if sum(t for t, _ in stores.values()) > MAX_TILE_STORES:
        return None
    return stores


def split_count_checks(
    ctx: Context, plans: list[ShapePlan], bodies: list[ShapeBody]
) -> tuple[Constraint, dict[int, list[ir.Node]]] | None:
    """The copy checks per shape index, read off the tiles each shape's body
    kept (``bodies[i].tile_stores``): (the constraint they replace, {shape
    index: negative lookaheads}); None when some shape that can win keeps
    no tiles or is not sound."""
    c = split_target(ctx)
    if c is None:
        return None
    if whole_alphabet_aligned(ctx):
        skip = ir.Repeat(ir.AnyChar(), 0, None, "lazy")
    else:
        skip = ir.Repeat(tile_at_boundary(ctx), 0, None, "lazy")
    checks: dict[int, list[ir.Node]] = {}
    for i, (shape, p, body) in enumerate(zip(ctx.rules.shapes, plans, bodies)):
        if not p.accept:
            continue
        if body.tile_stores is None or not split_sound(ctx, shape, p, c):
            return None
        checks[i] = [copy_check(ctx, c, skip, f, guard) for f, guard in body.tile_stores]
    return c, checks


def copy_check(ctx: Context, c: Constraint, skip: ir.Node, tile: str, guard) -> ir.Node:
    """No n+1 copies of the tile kept in the group ``tile``, checked only
    when the group is set (``guard``: see
    :class:`~mahjong_regex.compiler.plans.shape_plans.ShapeBody`)."""
    count = ir.Repeat(atomic(ctx, ir.seq(skip, ir.Backref(tile))), c.value + 1, c.value + 1)
    if guard == "midtile":
        # Only if the meld was a pair, pung or kong (the group is set).
        unset = ir.seq(ir.AnyChar(), ir.Backref(tile))
        count = ir.seq(ir.Look(unset, negate=True), count)
    elif guard is not None:
        count = ir.seq(ir.Backref(guard), count)  # an empty flag: set?
    return ir.Look(count, negate=True, label=c.label(), span=c.span)
