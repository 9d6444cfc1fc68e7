"""The pair's place, read from lengths mod 3.

Where every meld a shape reads freely holds a multiple of three tiles (no
kong: 14 tiles of a standard shape), the tiles of each part of the hand
that runs cannot cross (a suit; each honor) number, mod 3, the tiles the
guessed meld puts there: a suit holding the pair holds 3k + 2 tiles, any
other 3k.  So a guess of the pair checks its suit's length first, and a
losing hand fails before reading a block.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import RuleSet
from .sorted_plan import Instance, ShapePlan
from .tile_order import copies, tiles_node


def components(plan: ShapePlan) -> dict[int, frozenset[int]]:
    """{tile: the tiles runs may link it to (its part of the hand)}, over
    the shape's spanning instances, free and guessed."""
    parent = {t: t for t in plan.blocks}

    def root(t: int) -> int:
        """The representative of ``t``'s part (path halving)."""
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    spans = list(plan.levels) + [i for g in plan.guessed for i in g if i.spanning]
    for inst in spans:
        for t in inst.tiles[1:]:
            parent[root(t)] = root(inst.tiles[0])
    groups: dict[int, set[int]] = {}
    for t in plan.blocks:
        groups.setdefault(root(t), set()).add(t)
    return {t: frozenset(groups[root(t)]) for t in plan.blocks}


def residue_lengths(plan: ShapePlan) -> set[int]:
    """The lengths at which every kind read freely holds 3k tiles (kinds of
    other sizes left out by a ``none`` check there)."""
    out = set()
    for n, checks in plan.checks.items():
        banned = {k for c in checks if c.op == "none" for k in c.kinds}
        if all(size % 3 == 0 for k, size in plan.free.items() if k not in banned):
            out.add(n)
    return out


def residue(rules: RuleSet, part: frozenset[int], r: int, order: list[int]) -> ir.Node:
    """A lookahead from the start of the hand: the tiles of ``part`` number
    3k + ``r`` (they stand side by side in a sorted hand, after the tiles
    that sort before them; ``order`` is canonical order)."""
    inside = tiles_node(rules, part)
    first = min(order.index(t) for t in part)
    before = order[:first]
    skip = ir.Repeat(tiles_node(rules, before), 0, None) if before else ir.EMPTY
    triple = ir.Repeat(inside, 3, 3) if len(part) > 1 else copies(rules, next(iter(part)), 3)
    tail = ir.Repeat(inside, r, r) if len(part) > 1 else copies(rules, next(iter(part)), r)
    return ir.Look(ir.seq(skip, ir.Repeat(triple, 0, None), tail, ir.Look(inside, negate=True)))


class PairPlace:
    """Where the guessed meld may stand, from the residues (a mixin of
    :class:`~.register_machine.MachineWriter`: it reads ``plan``, ``rules``,
    ``ops``, ``p``, ``parts``, ``order``, ``residue_lengths``,
    ``check_guesses``, ``flagged_lengths`` and ``length_flag``)."""

    def residue_parts(self) -> list[frozenset[int]]:
        """The parts of the hand (suits) whose length mod 3 places the one
        guessed meld, when there is one guessed group of one-tile melds of
        one size mod 3 (the pair; see :mod:`.residues`)."""
        groups = self.plan.guessed
        if len(groups) != 1 or not self.check_guesses or any(i.spanning for i in groups[0]):
            return []
        if len({sum(i.mult) % 3 for i in groups[0]}) != 1 or not self.residue_lengths:
            return []
        parts = {p for p in self.parts.values() if len(p) > 1}
        for p in parts:
            # A part's tiles side by side: a stepped run or a distinct meld
            # over tiles with gaps links tiles that others stand between.
            at = sorted(self.order.index(t) for t in p)
            if at[-1] - at[0] + 1 != len(at):
                return []
        return sorted(parts, key=lambda p: min(self.order.index(t) for t in p))

    def residue_flags(self) -> ir.Node:
        """At the lengths where the melds read freely hold 3k tiles: each
        part of the hand holds 3k tiles, or 3k + r and then a flag (r: the
        guessed meld's size mod 3); any other length of a part loses.  One
        lookahead walks the hand once, part by part."""
        parts = self.residue_parts()
        if not parts:
            return ir.EMPTY
        r = sum(self.plan.guessed[0][0].mult) % 3
        walk, seen = [], 0
        for i, part in enumerate(parts):
            first = min(self.order.index(t) for t in part)
            between = [t for t in self.order[seen:first] if t not in part]
            if between:
                walk.append(ir.Repeat(tiles_node(self.rules, between), 0, None))
            inside = tiles_node(self.rules, part)
            more = ir.seq(ir.Repeat(inside, r, r), self.ops.set(f"{self.p}q{i}")) if r else None
            walk.append(ir.Repeat(ir.Repeat(inside, 3, 3), 0, None))
            walk.append(ir.alt(more, ir.EMPTY) if more else ir.EMPTY)
            walk.append(ir.Look(inside, negate=True))
            seen = max(self.order.index(t) for t in part) + 1
        return self.at_residue_lengths(ir.Look(ir.seq(*walk)))

    def at_residue_lengths(self, node: ir.Node) -> ir.Node:
        """``node`` where the hand's length is one of the residue lengths."""
        if self.residue_lengths == set(self.plan.lengths):
            return node
        flagged = [n for n in sorted(self.residue_lengths) if n in self.flagged_lengths]
        if len(flagged) <= 1:
            return ir.seq(*(self.ops.when(self.length_flag(n), node) for n in flagged))
        # Written once: ``node`` may set flags, and a group is defined once.
        flags = [self.length_flag(n) for n in flagged]
        return ir.alt(ir.seq(self.ops.any_set(flags), node), self.ops.none_set(flags))

    def pair_place(self, inst: Instance) -> ir.Node:
        """The guessed meld stands in the part of the hand whose length says so."""
        parts = self.residue_parts()
        part = self.parts.get(inst.tiles[0])
        if part not in parts:
            return ir.EMPTY
        return self.at_residue_lengths(self.ops.is_set(f"{self.p}q{parts.index(part)}"))
