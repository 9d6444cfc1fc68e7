"""Meld bodies: one meld of given kinds, as IR.

A run is the alternation of its tile sequences (``二条三条四条|…``); a same-meld
captures its tile and repeats it (``(?<t1>T)\\k<t1>{2,3}``).  Each meld group is
a definition, called where it is used (and inlined by flavors without
calls).
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import MeldKind
from ..context import Context
from ..tiles.char_length import char_width
from ..tiles.fixed_width import fixed_width
from ..tiles.tile_nodes import tiles_node
from ..wild.wildmelds import wild_meld_body
from .hoist_states import hoist_alternation
from .merge_same_melds import group_kinds
from .run_limits import run_limit
from .sorted_runs import RunOrder, ordered_tail


def meld(ctx: Context, kinds: tuple[str, ...], order: RunOrder | None = None) -> ir.Node:
    """One meld of any of ``kinds`` (meld kind names): calls of the kinds'
    definitions (see :func:`define_meld`).  Melds whose stand-ins raise
    counters, and melds whose order ``order`` keeps (``sorted_runs``), are
    written in place: a group set inside a subroutine call is unset again
    after it (but in Onigmo, whose tallies are set by calls:
    :mod:`~mahjong_regex.compiler.wild.usage_counts`)."""
    groups = group_kinds(ctx, kinds)
    if order is not None and any(order.covers([ctx.rules.kinds[k] for k in g]) for g in groups):
        parts = []
        for g in groups:
            objs = [ctx.rules.kinds[k] for k in g]
            if order.covers(objs):
                parts.append(meld_body(ctx, objs, kind_label(ctx, objs), order=order))
            else:
                parts.append(define_meld(ctx, g))
        return ir.alt(*parts)
    counted = any(ctx.rules.kinds[k].counted for g in groups for k in g)
    if counted and ctx.wild.tally != "calls":
        parts = [
            meld_body(
                ctx,
                [ctx.rules.kinds[k] for k in g],
                kind_label(ctx, [ctx.rules.kinds[k] for k in g]),
            )
            for g in groups
        ]
        return ir.alt(*parts)
    calls = [define_meld(ctx, g) for g in groups]
    return hoist_alternation(ctx, calls)


def define_meld(ctx: Context, group: tuple[str, ...]) -> ir.Call:
    """A call of the definition of one meld group (kind names written as one
    meld), made the first time it is asked for; a lone kind's definition
    takes the name reserved for the kind."""
    key = ("meld", group)
    known = ctx.definitions.call(key)
    if known is not None:
        return known
    if len(group) == 1:
        name = ctx.kind_ids[group[0]]
    else:
        name = ctx.names.fresh("_".join(ctx.kind_ids[k] for k in group))
    kinds = [ctx.rules.kinds[k] for k in group]
    return ctx.definitions.define(
        key, name, lambda _: meld_body(ctx, kinds, kind_label(ctx, kinds))
    )


def kind_label(ctx: Context, kinds: list[MeldKind]) -> str:
    """The outline label of a meld group: each kind's DSL line."""
    return "; ".join(f"line {k.span.line}: {ctx.rules.line(k.span.line)}" for k in kinds)


def meld_body(
    ctx: Context,
    kinds: list[MeldKind],
    label: str = "",
    capture: str | None = None,
    order: RunOrder | None = None,
) -> ir.Node:
    """One meld of ``kinds`` (one kind, or same kinds of consecutive sizes
    over one class): literal runs, or a captured tile and its copies;
    ``capture`` names that capture (else a fresh ``t`` name).  A copy limit
    stops a run of its tile at once (``run_limits``); ``order`` keeps same
    melds of one tile side by side in order (``sorted_runs``).  With wild
    tiles, see :func:`~mahjong_regex.compiler.wild.wildmelds.wild_meld_body`."""
    k = kinds[0]
    if ctx.wild is not None:
        return wild_meld_body(ctx, kinds, label)
    if k.form != "same":
        names = [t.name for t in ctx.alphabet.tiles]
        runs = [ir.seq(*(ir.Lit(names[i]) for i in inst)) for inst in k.instances(ctx.alphabet)]
        return ir.alt(*runs, label=label)
    lo, hi = kinds[0].size, kinds[-1].size
    tile = tiles_node(ctx, k.of.tiles if k.of else range(len(ctx.alphabet.tiles)))
    width = fixed_width(ctx)
    if width is not None and k.of is None and char_width(ctx) is None:
        tile = ir.Repeat(ir.AnyChar(), width, width)
    ordered = order is not None and order.covers(kinds)
    if hi == 1:
        return ir.seq(tile, *(order.checks(k, kinds, tile) if ordered else []), label=label)
    cap = capture or ctx.names.capture("t")
    limit = run_limit(ctx, kinds, cap, ordered)
    if ordered:
        tail = ordered_tail(order, kinds, cap)
    else:
        tail = ir.Repeat(ir.Backref(cap), lo - 1, hi - 1)
    return ir.seq(
        ir.Capture(cap, tile, describes="the tile of a " + " or ".join(k.name for k in kinds)),
        *([limit] if limit is not None else []),
        tail,
        label=label,
    )
