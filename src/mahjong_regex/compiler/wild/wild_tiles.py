"""Wild tiles in the pattern: which held tiles may stand at the place of a
tile, and the turned tile a hand starts with.

A place in a meld that stands for tile t is read as t itself, or as a
*stand-in*: a wild tile whose domain holds t, or a proxy that plays t.  Wild
tiles fixed by the turned tile (``indicator``, ``next(indicator)``) are read
through what the pattern learnt from the hand's first tile: one empty flag
group per turned kind (``(?<i3>)`` after 三万) in flavors where a
backreference to an unset group fails, a lookbehind to the start in
JavaScript (``(?<=^三万\\|[^]*)``).  The turned tile itself is captured
(``(?<ind>…)``), so "a tile of the turned kind" is ``\\k<ind>``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ... import ir
from ...ruleset.model import RuleSet, successors
from ..context import Context
from ..errors import WildUnsupported


@dataclass(frozen=True)
class WildTable:
    """The wild tiles of a rule set, for the compiler: ``static`` maps a wild
    tile to what it may stand for; ``dynamic`` lists (``"indicator"`` or
    ``"next"``, what it may stand for); ``proxies`` lists (proxy tile, the
    tile it plays or None for the turned kind); ``turned`` the tiles a hand
    may start with (empty: no turned tile)."""

    static: dict[int, frozenset[int]]
    dynamic: tuple[tuple[str, frozenset[int]], ...]
    proxies: tuple[tuple[int, int | None], ...]
    turned: tuple[int, ...]
    nexts: dict[int, int]


def wild_table(rules: RuleSet) -> WildTable | None:
    """The :class:`WildTable` of ``rules``, or None without wild tiles."""
    if not rules.has_wilds:
        return None
    static: dict[int, set[int]] = {}
    dynamic, proxies = [], []
    for w in rules.wilds:
        if w.proxy:
            target = None if w.domain.dynamic else next(iter(w.domain.tiles))
            proxies += [(p, target) for p in sorted(w.tiles.tiles)]
            continue
        for t in w.tiles.tiles:
            static.setdefault(t, set()).update(w.domain.tiles)
        dynamic += [(which, w.domain.tiles) for which in sorted(w.tiles.dynamic)]
    turned = tuple(sorted(rules.indicator.tiles)) if rules.indicator else ()
    return WildTable(
        {t: frozenset(d) for t, d in static.items()},
        tuple(dynamic),
        tuple(proxies),
        turned,
        successors(rules.alphabet),
    )


def name(ctx: Context, t: int) -> str:
    return ctx.alphabet.tiles[t].name


def turned_is(ctx: Context, t: int) -> ir.Node:
    """Matches (empty) where the hand's turned tile is ``t``."""
    if ctx.caps.lookbehind:
        return ir.Behind(
            ir.seq(ir.Start(), ir.Lit(name(ctx, t) + "|"), ir.Repeat(ir.AnyChar(), 0, None))
        )
    return ir.Backref(ctx.wild.turned_flags[t])


def dynamic_tile(ctx: Context, which: str) -> ir.Node:
    """A held tile of the turned kind (``indicator``: ``\\k<ind>``) or of the
    kind after it (``next``: the first such tile of the hand, found once by
    :func:`prefix` and kept in ``wn``; in JavaScript, whose backreference to
    an unset group matches the empty string, ``nw`` is set instead when the
    hand holds none)."""
    if which == "indicator":
        return ir.Backref("ind")
    if ctx.caps.captures == "empty_unset":
        return ir.seq(ir.Look(ir.Backref("nw")), ir.Backref("wn"))
    return ir.Backref("wn")


def next_scan(ctx: Context) -> ir.Node:
    """From the ``|``: find the hand's first tile of the kind after the turned
    one, and keep it in ``wn``."""
    table = ctx.wild.table
    after = ir.alt(
        *(ir.seq(turned_is(ctx, t), ir.Lit(name(ctx, table.nexts[t]))) for t in table.turned)
    )
    tiles = ir.alt(*(ir.Lit(t.name) for t in ctx.alphabet.tiles))
    scan = ir.seq(ir.Lit("|"), ir.Repeat(tiles, 0, None, "lazy"), ir.Capture("wn", after))
    return ir.Look(scan)


def proxy_tiles(ctx: Context) -> set[int]:
    return {p for p, _ in ctx.wild.table.proxies}


def stand_ins(ctx: Context, t: int) -> list[ir.Node]:
    """The held tiles that may stand at the place of tile ``t``, other than
    ``t`` read as itself: wild tiles whose domain holds it, proxies playing
    it."""
    table = ctx.wild.table
    out: list[ir.Node] = [
        ir.Lit(name(ctx, w)) for w, dom in sorted(table.static.items()) if t in dom and w != t
    ]
    out += [dynamic_tile(ctx, which) for which, dom in table.dynamic if t in dom]
    for p, target in table.proxies:
        if target == t:
            out.append(ir.Lit(name(ctx, p)))
        elif target is None and t in table.turned:
            out.append(ir.seq(turned_is(ctx, t), ir.Lit(name(ctx, p))))
    return out


def natural(ctx: Context, tiles) -> ir.Node:
    """One of ``tiles`` read as itself (a proxy never is: it plays another
    tile, or, when it is the turned kind, it is read as a wild)."""
    keep = [t for t in sorted(tiles) if t not in proxy_tiles(ctx)]
    return ir.alt(*(ir.Lit(name(ctx, t)) for t in keep)) if keep else ir.NEVER


def universal_wild(ctx: Context, tiles) -> ir.Node | None:
    """One wild tile that may stand for every tile of ``tiles``; None when
    some wild tile stands for part of them only, or none stands for any
    (then a meld is written place by place, :func:`place`)."""
    table = ctx.wild.table
    tiles = set(tiles)
    out: list[ir.Node] = []
    for w, dom in sorted(table.static.items()):
        if tiles <= dom:
            out.append(ir.Lit(name(ctx, w)))
        elif tiles & dom and (tiles - {w}) - dom:
            return None
    for which, dom in table.dynamic:
        if tiles <= dom:
            out.append(dynamic_tile(ctx, which))
        elif tiles & dom:
            return None
    return ir.alt(*out) if out else None


def natural_one(ctx: Context, tiles) -> ir.Node | None:
    """One held tile read as itself, a tile of ``tiles``, never a text a wild
    tile standing for all of them may have: the tiles that are no wild and
    no proxy, and a proxy playing a tile of ``tiles`` whose own tiles are
    wild (the turned kind, or a fixed wild tile).  None when a proxy plays a
    tile of ``tiles`` that is also held as itself (it has two texts)."""
    table = ctx.wild.table
    tiles = set(tiles)
    wild_static = {w for w, dom in table.static.items() if tiles <= dom}
    keep = {t for t in tiles if t not in proxy_tiles(ctx) and t not in wild_static}
    extra: list[ir.Node] = []
    turned_wild = any(which == "indicator" and tiles <= dom for which, dom in table.dynamic)
    for p, target in table.proxies:
        if target is not None:
            if target in tiles and target in wild_static:
                keep.add(p)  # the one tile held as the target
            elif target in tiles:
                return None
            continue
        here = [t for t in table.turned if t in tiles]
        if not here:
            continue
        if not turned_wild:
            return None
        if set(table.turned) <= tiles:
            keep.add(p)
        else:
            extra.append(ir.seq(ir.alt(*(turned_is(ctx, t) for t in here)), ir.Lit(name(ctx, p))))
    own: ir.Node = ir.alt(*(ir.Lit(name(ctx, t)) for t in sorted(keep))) if keep else ir.NEVER
    dyn = dynamic_for(ctx, tiles)
    if dyn:
        own = ir.seq(ir.Look(ir.alt(*dyn), negate=True), own)
    return ir.alt(own, *extra)


def dynamic_for(ctx: Context, tiles) -> list[ir.Node]:
    """The wild tiles fixed by the turned tile that may stand for a tile of
    ``tiles``: their text may be the text of such a tile."""
    return [dynamic_tile(ctx, which) for which, dom in ctx.wild.table.dynamic if dom & set(tiles)]


def place(ctx: Context, t: int) -> ir.Node:
    """The place of tile ``t`` in a meld: ``t`` itself or a stand-in, each
    held tile read one way only: where a wild tile of the turned kind may be
    ``t`` itself, an atomic group keeps the engine from reading it both as
    ``t`` and as the wild tile (``(?>五万|\\k<ind>)``), or, without atomic
    groups, ``t`` is read only when it is not the wild tile
    (``(?!\\k<ind>)五万|\\k<ind>``)."""
    others = stand_ins(ctx, t)
    label = f"{name(ctx, t)} or a wild tile for it" if others else ""
    dyn = dynamic_for(ctx, {t})
    if not dyn or t in proxy_tiles(ctx):
        return ir.alt(natural(ctx, {t}), *others, label=label)
    if ctx.caps.atomic:
        return ir.Atomic(ir.alt(natural(ctx, {t}), *others), label=label)
    own = ir.seq(ir.Look(ir.alt(*dyn), negate=True), natural(ctx, {t}))
    return ir.alt(own, *others, label=label)


def prefix(ctx: Context, length: ir.Look) -> list[ir.Node]:
    """The turned tile and ``|``: ``(?<ind>三万(?<i3>)|…)\\|`` (the flags
    only where a backreference to an unset group fails), with ``length`` (the
    length lookahead of the hand) checked right after the turned tile, before
    any scan of the hand, so that a long string fails there.  Without a
    turned tile: ``[length]``."""
    table = ctx.wild.table
    if table is None or not table.turned:
        return [length]
    if not ctx.caps.backrefs:
        raise WildUnsupported(
            "indicator",
            "the wild tiles depend on the turned tile, read with backreferences; "
            "--indicator TILE compiles a pattern for one turned tile",
            ctx.rules.indicator_span,
        )
    branches = []
    for t in table.turned:
        lit = ir.Lit(name(ctx, t))
        if ctx.caps.lookbehind:
            branches.append(lit)
        else:
            flag = ctx.wild.turned_flags[t]
            branches.append(ir.seq(lit, ir.Capture(flag, ir.EMPTY, describes="the turned tile")))
    out: list[ir.Node] = [ir.Capture("ind", ir.alt(*branches), describes="the turned tile")]
    out.append(replace(length, item=ir.seq(ir.Lit("|"), length.item)))
    if not any(which == "next" for which, _ in table.dynamic):
        return out + [ir.Lit("|")]
    if ctx.caps.captures == "empty_unset":
        none = ir.Capture("nw", ir.Lit("|"), describes="no wild tile held")
        return out + [ir.alt(ir.seq(next_scan(ctx), ir.Lit("|")), none)]
    return out + [ir.alt(next_scan(ctx), ir.EMPTY), ir.Lit("|")]
