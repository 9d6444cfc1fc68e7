"""Tile-level constraints on a sorted hand, as lookaheads from its start.

Each is a property of the tile multiset; the tiles of one kind stand side
by side in a sorted hand, so ``each`` counts a run of one name and
``contains`` finds one name.  The ``each`` and ``only`` rules that must
hold are read tile by tile in the blocks instead (:mod:`.sorted_plan`);
what is left (``suits``, ``contains``, ``tiles(…)``, and any rule inside
``or``) is written here.
"""

from __future__ import annotations

from itertools import combinations

from ... import ir
from ...ruleset.model import Constraint, RuleSet
from .sorted_plan import conjuncts
from .tile_order import copies, skip_to, tiles_node


class TileRefused(Exception):
    """A tile constraint sorted input cannot say here: ``constraint``."""

    def __init__(self, constraint: Constraint, reason: str):
        super().__init__(reason)
        self.constraint, self.reason = constraint, reason


def lookaheads(rules: RuleSet, cs, wild: bool = False) -> list[ir.Node]:
    """The lookaheads for the tile-level constraints of ``cs`` not read in
    the blocks (see the module docstring).  With ``wild`` tiles, a
    constraint on the tiles stood for (not ``held``) cannot be read from
    the hand: :class:`TileRefused`."""
    out = []
    for c in conjuncts(cs):
        if c.is_meld_level or local(c):
            continue
        if wild and not c.held:
            raise TileRefused(c, "it reads the tiles wild tiles stand for")
        out.append(ir.seq(holds(rules, c), label=c.label()))
    return out


def local(c: Constraint) -> bool:
    """Is ``c`` read in the blocks (``only``, ``each``; not ``held``)?"""
    return not c.held and c.kind in ("only", "each_tile") and not c.tiles.dynamic


def contains(rules: RuleSet, tiles) -> ir.Node:
    """Some tile of ``tiles`` is in the hand."""
    return ir.Look(ir.seq(skip_to(rules, tiles), tiles_node(rules, tiles)))


def at_least(rules: RuleSet, tiles, n: int) -> ir.Node:
    """At least ``n`` tiles of ``tiles`` are in the hand (a lookahead)."""
    one = ir.seq(skip_to(rules, tiles), tiles_node(rules, tiles))
    return ir.Look(ir.Repeat(one, n, n)) if n > 0 else ir.EMPTY


def holds(rules: RuleSet, c: Constraint) -> ir.Node:
    """Matches (empty) where tile-level constraint ``c`` holds on the hand
    ahead.  Raises :class:`TileRefused` for ``substitutes``."""
    if c.kind == "any":
        return ir.Look(ir.alt(*(holds(rules, p) for p in c.parts)))
    if c.kind == "all":
        return ir.seq(*(holds(rules, p) for p in c.parts))
    if c.kind == "substitutes":
        raise TileRefused(c, "it counts wild tiles")
    tiles = sorted(c.tiles.tiles) if c.tiles is not None else []
    if c.kind == "contains":
        return contains(rules, tiles)
    if c.kind == "only":
        return ir.Look(ir.seq(ir.Repeat(tiles_node(rules, tiles), 0, None), ir.End()))
    if c.kind == "each_tile":
        return ir.seq(*(count_is(rules, [t], c.op, c.value, each=True) for t in tiles))
    if c.kind == "tile_count":
        return count_is(rules, tiles, c.op, c.value)
    if c.kind == "suit_count":
        return suits(rules, c.op, c.value)
    raise TileRefused(c, f"unknown constraint {c.kind}")


def count_is(rules: RuleSet, tiles, op: str, value: int, each: bool = False) -> ir.Node:
    """``tiles`` number ``op value`` in the hand; with ``each`` (one tile),
    its copies as one run of the name."""

    def at(n: int) -> ir.Node:
        """At least ``n`` of the tiles: a lookahead."""
        if each:
            return ir.Look(ir.seq(skip_to(rules, tiles), copies(rules, tiles[0], n)))
        return at_least(rules, tiles, n)

    parts = []
    if op in (">=", "==") and value > 0:
        parts.append(at(value))
    if op in ("<=", "=="):
        parts.append(ir.Look(at(value + 1), negate=True))
    return ir.seq(*parts)


def suits(rules: RuleSet, op: str, value: int) -> ir.Node:
    """The hand holds tiles of ``op value`` suits: at least k of S suits is
    "every S - k + 1 of them hold a tile"; at most k is "no k + 1 of them
    all hold one"."""
    by_suit = [[t.index for t in rules.alphabet.tiles if t.suit == s] for s in rules.alphabet.suits]
    parts = []
    if op in (">=", "==") and value > 0:
        if value > len(by_suit):
            return ir.NEVER
        for group in combinations(by_suit, len(by_suit) - value + 1):
            parts.append(contains(rules, [t for s in group for t in s]))
    if op in ("<=", "==") and value < len(by_suit):
        for group in combinations(by_suit, value + 1):
            parts.append(ir.Look(ir.seq(*(contains(rules, s) for s in group)), negate=True))
    return ir.seq(*parts)
