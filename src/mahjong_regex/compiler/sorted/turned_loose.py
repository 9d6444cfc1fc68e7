"""Shapes of a rule set with a turned tile that need no machine: their
melds are single tiles, or pairs and at most one single, so the order of
the melds tells nothing and the tile counts decide.

- **Single tiles** (Wuhan's 将一色, ``14 * single where only(rank in {2, 5,
  8})``; Wenzhou's three 财神, ``17 * single where held tiles(indicator) >=
  3``): the hand's length, and a lookahead that every tile held is a wild
  tile or one its kinds and ``only`` allow; ``held tiles(indicator) >= k``
  reads the turned tile's copies side by side.
- **Pairs** (Wenzhou's 八对, ``8 * pair + single``): p pairs and s <= 1
  single fit the tiles held as themselves (c copies of a tile) and w wild
  tiles iff the tiles that pair with none, one per tile held an odd number
  of times, are at most s + w; with the length 2p + s fixed, that is
  ``sum(ceil(c / 2)) <= p + s``.  The lookahead reads the hand as chunks of
  one or two copies of a tile held as itself, at most p + s of them, and
  wild tiles in any number.

Rules: the rule sets' cards; the multiset reference decides
(:mod:`mahjong_regex.reference.multiset_search`), sharing nothing with
this.
"""

from __future__ import annotations

from dataclasses import replace

from ... import ir
from ...ruleset.model import RuleSet, Shape, TileClass, successors
from .flag_ops import FlagOps
from .sorted_plan import PlanRefused, conjuncts
from .sorted_tiles import TileRefused, lookaheads
from .tile_order import canonical_tiles, length_is, tile_lit, tiles_node
from .turned_machine import TurnedPool, holds
from .turned_union import kind_tiles


def is_singles(rules: RuleSet, shape: Shape) -> bool:
    """Are all the shape's melds one tile of one class (``14 * single``)?"""
    kinds = [rules.kinds[k] for k in shape.kinds]
    tiles = {kind_tiles(rules, k) for k in shape.kinds}
    return all(k.form == "same" and k.size == 1 for k in kinds) and len(tiles) == 1


def is_pairs(rules: RuleSet, shape: Shape, pool: TurnedPool) -> bool:
    """Is the shape p pairs and at most one single, all of one class that
    the wild tiles may stand for, with no rule but ``held`` ones?"""
    kinds = [rules.kinds[k] for k in shape.kinds]
    if not all(k.form == "same" and k.size in (1, 2) for k in kinds):
        return False
    if any(len({rules.kinds[k].size for k in ks}) > 1 for _, ks in shape.slots):
        return False
    singles = sum(c for c, ks in shape.slots if rules.kinds[ks[0]].size == 1)
    tiles = {kind_tiles(rules, k) for k in shape.kinds}
    if singles > 1 or singles == shape.size or len(tiles) != 1:
        return False
    if not tiles.pop() <= pool.domain:
        return False
    return all(c.held for c in conjuncts(rules.where + shape.where))


def loose_body(
    rules: RuleSet, shape: Shape, pool: TurnedPool, ops: FlagOps, utf16: bool, prefix: str
) -> ir.Node:
    """A shape of single tiles (:func:`is_singles`) or of pairs
    (:func:`is_pairs`) after ``TURNED|``: its length, its ``held``
    conditions and the lookahead of the module docstring (its flags
    named from ``prefix``).  Raises
    :class:`~.sorted_tiles.TileRefused` for another constraint."""
    allowed = kind_tiles(rules, shape.kinds[0])
    for c in conjuncts(rules.where):
        if c.kind == "only" and not c.held and not c.tiles.dynamic:
            allowed = allowed & c.tiles.tiles
    looks = []
    for c in conjuncts(rules.where + shape.where):
        if not c.held and c.kind != "only" and not c.is_meld_level:
            # ``each`` on the tiles stood for, among others.
            raise TileRefused(c, "it reads the tiles wild tiles stand for")
    for c in conjuncts(shape.where):
        if c.kind == "only" and not c.held and not c.tiles.dynamic:
            allowed = allowed & c.tiles.tiles
        elif c.held and c.kind == "tile_count" and c.tiles.dynamic:
            looks.append(turned_copies(rules, c))
        else:
            looks += lookaheads(rules, [c], True)
    if pool.proxies and (
        len(allowed) < len(rules.alphabet.tiles)
        or any(
            set(ws) - (set(pool.proxies) - {t}) != {t}
            for t, ws in zip(pool.turneds, pool.wild_sets)
        )
    ):
        raise PlanRefused(
            f"hand {shape.name}",
            "a tile that plays the turned kind, with its tiles limited or another wild kind",
            shape.span,
        )
    n = sum(c * rules.kinds[ks[0]].size for c, ks in shape.slots)
    wild = [ir.seq(pool.is_wild(t, ops), tile_lit(rules, t)) for t in pool.tiles]
    if not allowed & pool.domain:
        wild = []
    pairs = not is_singles(rules, shape)
    order = canonical_tiles(rules)
    tame = [ir.seq(pool.is_tame(t, ops), tile_lit(rules, t)) for t in sorted(allowed)]
    label = f"line {shape.span.line}: hand {shape.name}"
    # In canonical order (a machine's blocks say so; here a lookahead).
    runs = [ir.Repeat(tile_lit(rules, t), 0, None) for t in canonical_tiles(rules)]
    parts = [length_is(rules, n, n, utf16), *looks]
    if pairs:
        # Each tile's run once, in order (a flag set in a repeated group is
        # reset at each turn in JavaScript).
        walk = [ir.alt(*run_ways(rules, pool, ops, t, allowed, prefix), ir.EMPTY) for t in order]
        parts.append(ir.Look(ir.seq(*walk, ir.End())))
        fills = [ops.when(f"{prefix}o{t}", ir.AnyChar()) for t in sorted(allowed)]
        return ir.seq(*parts, *few_odd(rules, shape, pool, ops, fills, prefix), label=label)
    parts.append(ir.Look(ir.seq(*runs, ir.End())))
    if len(allowed) < len(rules.alphabet.tiles) or not wild:
        every = ir.alt(*tame, *wild)
        parts.append(ir.Look(ir.seq(ir.Repeat(every, 0, None), ir.End())))
    return ir.seq(*parts, label=label)


def run_ways(rules, pool: TurnedPool, ops: FlagOps, t: int, allowed, prefix: str) -> list:
    """The ways the copies of ``t`` stand in a hand of pairs: held as
    themselves, an odd run setting flag ``prefix`` + ``o`` + ``t``; or wild."""
    lit = tile_lit(rules, t)
    ways = []
    if t in allowed:
        odd = ir.alt(ir.seq(lit, ops.set(f"{prefix}o{t}")), ir.EMPTY)
        run = ir.seq(ir.Look(lit), ir.Repeat(ir.seq(lit, lit), 0, None), odd)
        ways.append(ir.seq(pool.is_tame(t, ops), run, ir.Look(lit, negate=True)))
    if t in pool.tiles and allowed & pool.domain:
        ways.append(ir.seq(pool.is_wild(t, ops), ir.Repeat(lit, 1, None)))
    return ways


def few_odd(
    rules: RuleSet, shape: Shape, pool: TurnedPool, ops: FlagOps, fills, prefix: str
) -> list[ir.Node]:
    """Pairs (:func:`is_pairs`), after the lookahead that set a flag per
    tile held as itself an odd number of times: ``fills`` (one character
    per such flag) read from a pointer of the last s + w characters of the
    hand (w: the wild tiles held, from the :func:`~.turned_machine.holds`
    flags), so more odd tiles than that run past the end.  (A bounded
    repeat of chunks would be copied out that many times: PCRE2 compiles
    ``{0,9}`` so.)"""
    singles = sum(c for c, ks in shape.slots if rules.kinds[ks[0]].size == 1)
    out = []
    room: ir.Node = ir.Repeat(ir.AnyChar(), singles, singles)
    for k in range(1, pool.most + 1):
        if pool.proxies:
            # A tile playing the turned kind is no wild tile: count the
            # turned kind's copies (the only wild kind, checked).
            flag = f"{prefix}ow{k}"
            out.append(ir.Look(ir.alt(ir.seq(turned_held(rules, k), ops.set(flag)), ir.EMPTY)))
        else:
            pool.counts.add(k)
            flag = holds(k)
        room = ops.test(flag, ir.Repeat(ir.AnyChar(), singles + k, singles + k), room)
    pointer = f"{prefix}oq"
    lazy = ir.Repeat(ir.AnyChar(), 0, None, "lazy")
    at = ir.Look(ir.seq(ir.Backref(pointer), ir.End()))
    return out + [
        ir.Look(ir.seq(lazy, ir.Capture(pointer, room), ir.End())),
        ir.Look(ir.seq(lazy, at, *fills)),
    ]


def turned_held(rules: RuleSet, k: int) -> ir.Node:
    """A lookahead: at least ``k`` copies of the turned tile's kind held
    (group ``ot``; the tile ``--indicator`` fixed)."""
    skip = ir.Repeat(tiles_node(rules, range(len(rules.alphabet.tiles))), 0, None, "lazy")
    if rules.indicator is None:
        return ir.Look(ir.seq(skip, ir.Repeat(tile_lit(rules, rules.turned), k, k)))
    return ir.Look(ir.seq(skip, ir.Repeat(ir.Backref("ot"), k, k)))


def turned_copies(rules: RuleSet, c) -> ir.Node:
    """``held tiles(indicator) >= k`` (or ``>``): k copies of the turned
    tile (group ``ot``; the tile ``--indicator`` fixed) side by side.
    Raises TileRefused for another class or comparison."""
    if rules.indicator is None:
        fixed = c.tiles.resolve(rules.turned, successors(rules.alphabet))
        return ir.seq(*lookaheads(rules, [replace(c, tiles=TileClass(fixed, c.tiles.text))], True))
    if c.tiles.tiles or c.tiles.dynamic != frozenset({"indicator"}) or c.op not in (">=", ">"):
        raise TileRefused(c, "its tiles depend on the turned tile")
    k = c.value + (c.op == ">")
    skip = ir.Repeat(tiles_node(rules, range(len(rules.alphabet.tiles))), 0, None, "lazy")
    return ir.Look(ir.seq(skip, ir.Repeat(ir.Backref("ot"), k, k)))
