"""The layout of a pattern (``T`` is "one tile")::

    \\A
    (?=T{min,max}\\z)            tile count (or character count, char_length):
                                 bounds all later scans
    (?=…)(?!…)                   cheap tile-level lookaheads (marker scans)
    (?=(?: SHAPE₁ | … )\\z)      per hand shape: its own tile-level lookaheads,
                                 then its melds
    (?!…)                        costly tile-level lookaheads (copy counts)
    .*\\z

(``body_first`` off: every lookahead first, then the shapes unwrapped.)

Meld-level constraints hold on the split the body matched (see
:mod:`.shapes`); tile-level constraints are properties of the tile multiset
and become lookaheads (:mod:`.constraints`).
"""

from __future__ import annotations

from ... import ir
from ..constraints.lookaheads import tile_constraint
from ..context import Context
from ..melds.split_counts import split_count_checks
from ..plans.shape_plans import plan
from ..tiles.char_length import char_width
from ..tiles.fixed_width import fixed_width
from ..tiles.tile_nodes import any_tile
from ..wild.usage_counts import tally_prelude
from ..wild.wild_tiles import prefix
from ..wild.wildchecks import physical_limit
from .body_first import body_first
from .shape_bodies import shape_body


def length(ctx: Context, window: tuple[int, int], moved, guard: bool) -> ir.Node:
    """A lookahead: the hand is ``window`` (fewest, most) tiles long, whole
    tiles; ``moved`` are the meld-count constraints it checks too, ``guard``
    whether it only bounds work (see :class:`~mahjong_regex.ir.nodes.Look`)."""
    lo, hi = window
    label = f"{lo} to {hi} tiles"
    if moved:
        label += ": " + ", ".join(c.label() for c in moved)
    width = char_width(ctx)
    if width is not None:
        node = ir.seq(ir.Repeat(ir.AnyChar(), lo * width, hi * width), ir.End())
    else:
        node = ir.seq(ir.Repeat(any_tile(ctx), lo, hi), ir.End())
    span = moved[0].span if moved else None
    return ir.Look(node, label=label, guard=guard, span=span)


def linear(node: ir.Node) -> bool:
    """True for a lookahead made of single-character scans only (marker
    scans): no captures, no repetition of a tile or group."""
    for n in ir.walk(node):
        if isinstance(n, (ir.Capture, ir.Backref)):
            return False
        if isinstance(n, ir.Repeat) and not isinstance(n.item, (ir.CharSet, ir.NotIn, ir.AnyChar)):
            return False
    return True


def hand_window(plans) -> tuple[int, int]:
    """(fewest, most) tiles of a hand some shape of ``plans`` can fill."""
    live = [p for p in plans if p.accept]
    return (
        min((p.window[0] for p in live), default=0),
        max((p.window[1] for p in live), default=0),
    )


def carried(plans) -> set[int]:
    """The shapes (indexes) whose moved meld-count constraints the length
    lookahead at the start checks: every shape when there is one, else each
    shape whose own window is the whole hand's (its own check would repeat
    the first one)."""
    if len(plans) == 1:
        return {0}
    window = hand_window(plans)
    return {i for i, p in enumerate(plans) if p.moved and p.window == window}


def head(ctx: Context, plans) -> list[ir.Node]:
    """The start of the hand and the length lookahead, for the shapes'
    ``plans`` (with wild tiles, the turned tile's reading too)."""
    window = hand_window(plans)
    moved = [c for i in sorted(carried(plans)) for c in plans[i].moved]
    # Where the length lookahead checks moved constraints, it is no guard.
    guard = not moved and (fixed_width(ctx) is None or char_width(ctx) is not None)
    parts: list[ir.Node] = [ir.Start()]
    size = length(ctx, window, moved, guard)
    if ctx.wild is not None:
        parts += prefix(ctx, size)
    else:
        parts.append(size)
    return parts


def tile_checks(ctx: Context, skip=None) -> tuple[list[ir.Node], list[ir.Node]]:
    """The win condition's tile-level constraints as lookaheads (but
    ``skip``): (cheap ones, costly ones)."""
    cheap, costly = [], []
    for c in ctx.rules.where:
        if c.is_meld_level or c is skip:
            continue
        for n in tile_constraint(ctx, c):
            (cheap if c.kind != "each_tile" and linear(n) else costly).append(n)
    return cheap, costly


def build_pattern(ctx: Context) -> ir.Pattern:
    """Build the whole pattern of ``ctx.rules`` (see the module docstring):
    Context -> Pattern, before the IR passes."""
    rules = ctx.rules
    plans = [plan(ctx, s) for s in rules.shapes]
    parts = head(ctx, plans)
    bodies = []
    at_start = carried(plans)
    for i, (s, p) in enumerate(zip(rules.shapes, plans)):
        own = length(ctx, p.window, p.moved, guard=False) if p.moved and i not in at_start else None
        bodies.append(shape_body(ctx, s, i, p, own))
    split = split_count_checks(ctx, plans, bodies)
    cheap, costly = tile_checks(ctx, split[0] if split else None)
    if ctx.wild is not None:
        # Before the melds: the length lookahead bounds their scans, and a
        # hand of many wild tiles fails here, not in every split of them.
        cheap += physical_limit(ctx) + tally_prelude(ctx)
    after = {i: list(b.after) for i, b in enumerate(bodies) if b.after}
    for i, checks in (split[1] if split else {}).items():
        after.setdefault(i, []).extend(checks)
    split = split or (after and (None, {}))
    shapes = [b.node for b in bodies]
    if split:
        shapes = [
            ir.seq(ir.Look(ir.seq(node, ir.End())), *after.get(i, ()))
            for i, node in enumerate(shapes)
        ]
    melds = ir.alt(*shapes) if len(shapes) > 1 else shapes[0]
    if ctx.options.on("body_first") and ctx.caps.lookaround:
        parts += body_first(cheap, melds, costly, bool(split))
    else:
        parts += cheap + costly + body_first([], melds, [], bool(split))
    body = ir.Seq(tuple(parts), label=f"ruleset {rules.name}")
    return ir.Pattern(body, ctx.definitions.items(), ctx.flavor)
