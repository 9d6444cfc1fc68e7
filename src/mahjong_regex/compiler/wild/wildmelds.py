"""Meld bodies of a rule set with wild tiles: every place of a meld is its
tile or a stand-in (:func:`~mahjong_regex.compiler.wild.wild_tiles.place`).

A meld whose stand-ins are free (any number, not counted) is read one way
only, so that a hand that cannot win fails fast: a meld of wild tiles alone
is one branch (it may stand for any run or any tile), and otherwise a pung,
kong or pair captures its first tile held as itself, after the wild tiles
before it (``\\k<ind>{0,2}(?<t1>N)(?:\\k<t1>|\\k<ind>){…}``), and a chow is
written per run, place by place, each place read one way
(:func:`~mahjong_regex.compiler.wild.wild_tiles.place`).  Where a wild tile stands
for part of a meld's tiles only, or stand-ins count toward a copy limit, a
pung, kong or pair is written per tile (``(?:五条|中){3}`` for 五条 with 中
wild), so that the tile every place stands for is known to the pattern.  A
meld kind that allows no stand-in reads its tiles as themselves; one that
allows exactly one puts it at each place in turn.  Where stand-ins count
toward a copy limit, each one raises its tile's counter.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import MeldKind
from ..context import Context
from .wild_tiles import natural, natural_one, place, stand_ins, universal_wild


def raise_count(ctx: Context, t: int) -> ir.Node:
    """One more stand-in for tile ``t``: level k is an empty group set once k
    copies were counted (the copies held set the first levels before the
    melds: :func:`~mahjong_regex.compiler.wild.wildchecks.held_flags`); past the
    limit there is no way on, so a reading that breaks the copy limit fails
    where it is made.  Written
    with conditionals, ``(?(a4)(?!)|(?(a3)(?<a4>)|…(?<a1>)))``."""
    levels = ctx.wild.counters[t]
    what = f"a stand-in for {ctx.alphabet.tiles[t].name}"
    node: ir.Node = ir.Capture(levels[0], ir.EMPTY, describes=what, shared=True)
    for k in range(1, len(levels)):
        node = ir.Cond(
            levels[k - 1], ir.Capture(levels[k], ir.EMPTY, describes=what, shared=True), node
        )
    return ir.Cond(levels[-1], ir.NEVER, node)


def flag_for(ctx: Context, kind: MeldKind):
    """What a stand-in of ``kind`` also matches: a counter raise when the
    kind counts stand-ins toward a limit, else nothing (None)."""
    if not kind.counted:
        return None
    return lambda t: raise_count(ctx, t) if t in ctx.wild.counters else ir.EMPTY


def run_body(ctx: Context, kind: MeldKind, inst: tuple[int, ...]) -> ir.Node:
    """One run (or set of different tiles) of ``kind``, place by place."""
    if kind.stand_ins == "none":
        return ir.seq(*(natural(ctx, {t}) for t in inst))
    if kind.stand_ins == "one":
        return ir.alt(
            *(
                ir.seq(
                    *(
                        ir.alt(*stand_ins(ctx, t)) if i == j else natural(ctx, {t})
                        for i, t in enumerate(inst)
                    )
                )
                for j in range(len(inst))
            )
        )
    flag = flag_for(ctx, kind)
    return ir.seq(*(place(ctx, t, flag) for t in inst))


def same_body(ctx: Context, kinds: list[MeldKind], t: int) -> ir.Node:
    """A pung, kong or pair (sizes of ``kinds``) of tile ``t``."""
    k = kinds[0]
    lo, hi = kinds[0].size, kinds[-1].size
    if k.stand_ins == "none":
        return ir.Repeat(natural(ctx, {t}), lo, hi)
    if k.stand_ins == "one":
        others = ir.alt(*stand_ins(ctx, t))
        own = natural(ctx, {t})
        return ir.alt(
            *(
                ir.seq(*(others if i == j else own for i in range(n)))
                for n in range(lo, hi + 1)
                for j in range(n)
            )
        )
    return ir.Repeat(place(ctx, t, flag_for(ctx, k)), lo, hi)


def wild_meld_body(ctx: Context, kinds: list[MeldKind], label: str = "") -> ir.Node:
    """One meld of ``kinds`` (one kind, or same kinds of consecutive sizes
    over one class) with wild tiles, as IR."""
    k = kinds[0]
    free = k.stand_ins == "any" and not k.counted
    if k.form != "same":
        insts = list(k.instances(ctx.alphabet))
        runs = ir.alt(*(run_body(ctx, k, inst) for inst in insts))
        wild = universal_wild(ctx, {t for inst in insts for t in inst}) if free and insts else None
        if wild is None:
            return ir.seq(runs, label=label)
        n = len(insts[0])
        every = ir.Repeat(wild, n, n, label="wild tiles only: any run")
        return ir.alt(every, ir.seq(ir.Look(every, negate=True), runs), label=label)
    tiles = sorted(k.of.tiles if k.of else range(len(ctx.alphabet.tiles)))
    if free:
        body = canonical_same(ctx, kinds, tiles)
        if body is not None:
            return ir.seq(body, label=label)
    return ir.alt(*(same_body(ctx, kinds, t) for t in tiles), label=label)


def canonical_same(ctx: Context, kinds: list[MeldKind], tiles) -> ir.Node | None:
    """A pung, kong or pair (sizes of ``kinds``) of any of ``tiles`` with
    free stand-ins, read one way: all wild, or j wild tiles, the first tile
    held as itself (captured), then copies of it or wild tiles.  None when
    a wild tile stands for part of ``tiles`` only, or a proxy plays one of
    them (see :func:`~mahjong_regex.compiler.wild.wild_tiles.natural_one`)."""
    wild = universal_wild(ctx, tiles)
    own = natural_one(ctx, tiles) if wild is not None else None
    if own is None:
        return None
    lo, hi = kinds[0].size, kinds[-1].size
    branches: list[ir.Node] = [ir.Repeat(wild, lo, hi, label="wild tiles only: any tile")]
    for j in range(hi):
        cap = ctx.names.capture("t")
        rest = ir.Repeat(ir.alt(ir.Backref(cap), wild), max(lo - 1 - j, 0), hi - 1 - j)
        ahead = f"{j} wild tile{'s' if j > 1 else ''}, then " if j else ""
        label = f"{ahead}a tile held as itself, then its copies or wild tiles"
        branches.append(ir.seq(ir.Repeat(wild, j, j), ir.Capture(cap, own), rest, label=label))
    return ir.alt(*branches)
