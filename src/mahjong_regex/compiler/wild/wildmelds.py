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
allows exactly one puts it at each place in turn.  Where a copy limit
counts stand-ins, each meld then tallies the tiles it uses
(:mod:`~mahjong_regex.compiler.wild.usage_counts`); a meld of wild tiles only
is one branch, untallied, where one of its instances always keeps the limit
(:func:`all_wild_free`).
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import MeldKind
from ..context import Context
from ..tiles.tile_nodes import tiles_node
from .usage_counts import tally
from .wild_tiles import natural, natural_one, place, stand_ins, universal_wild


def most_tiles(ctx: Context) -> int:
    """The most tiles a hand of any shape of the rule set holds."""
    kinds = ctx.rules.kinds
    return max(
        sum(n * max(kinds[k].size for k in ks) for n, ks in s.slots) for s in ctx.rules.shapes
    )


def all_wild_free(ctx: Context, kinds: list[MeldKind], insts) -> bool:
    """May a meld of ``kinds`` made of wild tiles only, whose tiles count
    toward a copy limit, go uncounted, read as none of its instances
    ``insts`` in particular?  True when, whatever the rest of the hand uses,
    one instance keeps every copy limit: a tile the rest uses so often that
    an instance holding it would break its limit blocks the instances
    holding it, and the rest (the most tiles a hand holds, less this meld)
    cannot use enough tiles that often to block them all."""
    tiles = {t for inst in insts for t in inst}
    caps = [n for extra in ctx.wild.shapes.values() for t, n in extra.caps.items() if t in tiles]
    if not insts or not caps:
        return bool(insts)
    cap = min(caps)
    most = max(inst.count(t) for inst in insts for t in inst)
    if most > cap:
        return False
    blockers = (most_tiles(ctx) - min(k.size for k in kinds)) // (cap - most + 1)
    holding = max(sum(t in inst for inst in insts) for t in tiles)
    return blockers * holding < len(insts)


def used(ctx: Context, kind: MeldKind, inst: tuple[int, ...]) -> ir.Node:
    """After a meld of ``kind`` that stands for ``inst``: its tally when the
    kind counts its tiles toward a copy limit
    (:func:`~mahjong_regex.compiler.wild.usage_counts.tally`), else nothing."""
    if not kind.counted:
        return ir.EMPTY
    return tally(ctx, {t: inst.count(t) for t in set(inst)})


def run_body(ctx: Context, kind: MeldKind, inst: tuple[int, ...]) -> ir.Node:
    """One run (or set of different tiles) of ``kind``, place by place, and
    its tally."""
    if kind.stand_ins == "none":
        body = ir.seq(*(natural(ctx, {t}) for t in inst))
    elif kind.stand_ins == "one":
        body = ir.alt(
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
    else:
        body = ir.seq(*(place(ctx, t) for t in inst))
    return ir.seq(body, used(ctx, kind, inst))


def same_places(ctx: Context, kind: MeldKind, t: int, n: int) -> ir.Node:
    """``n`` places of tile ``t`` in a meld of ``kind``: the tile itself, or
    (as the kind allows) one stand-in, or any number."""
    if kind.stand_ins == "none":
        return ir.Repeat(natural(ctx, {t}), n, n)
    if kind.stand_ins == "one":
        others = ir.alt(*stand_ins(ctx, t))
        own = natural(ctx, {t})
        return ir.alt(*(ir.seq(*(others if i == j else own for i in range(n))) for j in range(n)))
    return ir.Repeat(place(ctx, t), n, n)


def same_body(ctx: Context, kinds: list[MeldKind], t: int) -> ir.Node:
    """A pung, kong or pair (sizes of ``kinds``) of tile ``t``, each size
    with its tally where the kinds count their tiles."""
    k = kinds[0]
    lo, hi = kinds[0].size, kinds[-1].size
    if not k.counted:
        if k.stand_ins == "one":
            return ir.alt(*(same_places(ctx, k, t, n) for n in range(lo, hi + 1)))
        one = natural(ctx, {t}) if k.stand_ins == "none" else place(ctx, t)
        return ir.Repeat(one, lo, hi)
    return ir.alt(
        *(ir.seq(same_places(ctx, k, t, n), used(ctx, k, (t,) * n)) for n in range(lo, hi + 1))
    )


def wild_meld_body(ctx: Context, kinds: list[MeldKind], label: str = "") -> ir.Node:
    """One meld of ``kinds`` (one kind, or same kinds of consecutive sizes
    over one class) with wild tiles, as IR."""
    k = kinds[0]
    free = k.stand_ins == "any" and not k.counted
    if k.form != "same":
        insts = list(k.instances(ctx.alphabet))
        runs = ir.alt(*(run_body(ctx, k, inst) for inst in insts))
        wild = None
        if k.stand_ins == "any" and insts and (free or all_wild_free(ctx, kinds, insts)):
            wild = universal_wild(ctx, {t for inst in insts for t in inst})
        if wild is None:
            return ir.seq(runs, label=label)
        n = len(insts[0])
        every = ir.Repeat(wild, n, n, label="wild tiles only: any run")
        return ir.alt(every, ir.seq(ir.Look(every, negate=True), runs), label=label)
    tiles = sorted(k.of.tiles if k.of else range(len(ctx.alphabet.tiles)))
    if free:
        body = canonical_same(ctx, kinds, tiles)
        if body is None and kinds[-1].size == 1:
            body = one_tile(ctx, tiles)
        if body is not None:
            return ir.seq(body, label=label)
    elif k.stand_ins == "any":
        body = counted_same(ctx, kinds, tiles)
        if body is not None:
            return ir.seq(body, label=label)
    return ir.alt(*(same_body(ctx, kinds, t) for t in tiles), label=label)


def counted_same(ctx: Context, kinds: list[MeldKind], tiles) -> ir.Node | None:
    """A pung, kong or pair (sizes of ``kinds``) of any of ``tiles`` that
    counts its tiles toward a copy limit, each text read one way: wild tiles
    only, untallied (:func:`all_wild_free`), or per size n a meld whose
    first tile held as itself is T, every place T or a wild tile, tallied
    as n of T (:func:`tallied_same`).  None where the melds of wild tiles
    alone must be tallied, or no one wild tile stands for every tile of
    ``tiles``."""
    insts = [inst for kind in kinds for inst in kind.instances(ctx.alphabet)]
    wild = universal_wild(ctx, tiles)
    if wild is None or set(tiles) & set(ctx.wild.table.static):
        return None
    if not all_wild_free(ctx, kinds, insts):
        return None
    lo, hi = kinds[0].size, kinds[-1].size
    branches: list[ir.Node] = [ir.Repeat(wild, lo, hi, label="wild tiles only: any tile")]
    for n in range(lo, hi + 1):
        branches.append(tallied_same(ctx, kinds[0], tiles, n, wild))
    return ir.alt(*branches)


def tallied_same(ctx: Context, kind: MeldKind, tiles, n: int, wild: ir.Node) -> ir.Node:
    """``n`` tiles, not all wild, each a wild tile or a copy of the one tile
    of ``tiles`` held among them, and the tally of n of it.  With flags, one
    lookahead finds the first tile held as itself, captures it and sets the
    flag of its tile (``(?=W{0,2}(?<t1>一万(?<u1>)|二万(?<u2>)|…))(?:\\k<t1>|W){3}``);
    else, or where a group set in a lookahead stays set when the match
    backtracks past it (Java), one branch per tile, the tally after the meld
    (``(?!W{3})(?:(?:一万|W){3}TALLY|…)``: PCRE2's JIT would keep every
    group on its stack at each lookahead holding groups)."""
    if ctx.wild.tally != "flags" or ctx.caps.sticky_looks:
        parts = [ir.seq(ir.Repeat(place(ctx, t), n, n), used(ctx, kind, (t,) * n)) for t in tiles]
        return ir.seq(ir.Look(ir.Repeat(wild, n, n), negate=True), ir.alt(*parts))
    cap = ctx.names.capture("t")
    tallied = [ir.seq(natural(ctx, {t}), used(ctx, kind, (t,) * n)) for t in tiles]
    first = ir.Capture(cap, ir.alt(*tallied), describes="the first tile held as itself")
    look = ir.Look(ir.seq(ir.Repeat(wild, 0, n - 1), first))
    body = ir.Repeat(ir.alt(ir.Backref(cap), wild), n, n)
    label = f"{n} tiles: the first held as itself, tallied, then copies of it or wild tiles"
    return ir.seq(look, body, label=label)


def one_tile(ctx: Context, tiles) -> ir.Node | None:
    """A meld of one tile of ``tiles`` with free stand-ins, each held tile
    read one way: a tile of ``tiles`` as itself, or a wild tile that stands
    for one of them (which one is no matter: the meld is any of them).  None
    where wild tiles come from the turned tile or proxies play a tile."""
    table = ctx.wild.table
    if table.dynamic or table.proxies:
        return None
    wilds = {w for w, dom in table.static.items() if dom & set(tiles)}
    return tiles_node(ctx, set(tiles) | wilds, label="a tile, or a wild tile for one")


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
