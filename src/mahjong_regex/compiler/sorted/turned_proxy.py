"""The register machine of a turned tile's rule set with a tile that plays
the turned kind (Wenzhou: ``wild indicator``, ``proxy 白 for indicator``;
where the 财神 is not 白, every 白 is a tile of the 财神's kind, and the
财神's own copies are wild).

白 sorts last, far from the turned kind's block, so its copies cannot be
read there.  They are read as wild tiles instead, in their own block, with
one rule more: they stand at the turned kind's own places.  The turned
kind W's copies are all wild, so a place of W holds a copy of W or of 白
alike, and an arrangement exists iff W's places number at least as many
as the 白 held (the copies of W fill the rest, and stand in elsewhere).
W's places are, in W's block (which reads all W's copies as wild), the
places of the runs through W (their flags), and the melds of stand-ins
only, which may all stand for W.  Before 白's block (where the flags of
every run are set) a lookahead reads its copies, one per such place (a
meld of stand-ins only: up to its size), and finds none left.

The pruning of runs (:meth:`~.turned_machine.TurnedMachineWriter.lean`)
counts a stand-in at W's place apart: a run of one tile, W and a stand-in
is kept, where a same-meld would hold no place of W.

Rules: the Wenzhou card (MIL 2024 §一, §四); the multiset reference
decides (:mod:`mahjong_regex.reference.multiset_search`), sharing nothing
with this.
"""

from __future__ import annotations

from ... import ir
from .sorted_plan import Instance, PlanRefused
from .tile_order import canonical_tiles, tile_lit
from .turned_machine import TurnedMachineWriter, holds


class ProxyMachineWriter(TurnedMachineWriter):
    """:class:`~.turned_machine.TurnedMachineWriter` with a tile that plays
    the turned kind (see the module docstring)."""

    def __init__(self, rules, plan, ops, prefix, pool, checks):
        super().__init__(rules, plan, ops, prefix, pool, checks)
        span = next(w.span for w in rules.wilds if w.proxy)
        if len(pool.proxies) != 1:
            raise PlanRefused("proxy", "more than one tile playing the turned kind", span)
        (self.proxy,) = pool.proxies
        order = canonical_tiles(rules)
        if any(order.index(t) > order.index(self.proxy) for t in pool.tiles):
            raise PlanRefused(
                "proxy",
                "a tile playing the turned kind that sorts before a tile that may be wild",
                span,
            )
        if any(len(set(ws) - {self.proxy}) > 1 for ws in pool.wild_sets):
            raise PlanRefused("proxy", "with more than one wild kind", span)
        #: The flags of melds of stand-ins only, with their sizes.
        self.all_stand_ins: list[tuple[str, int]] = []

    def note_meld(self, kind: str, inst: Instance | None, flag: str) -> None:
        """Keep the flags of melds of stand-ins only: they may stand for W."""
        if inst is None:
            self.all_stand_ins.append((flag, self.plan.sizes[kind]))

    def at_turned(self, t: int, yes: ir.Node, no: ir.Node) -> ir.Node:
        """``yes`` where ``t`` is the turned kind (wild), else ``no``."""
        if t not in self.pool.tiles or t == self.proxy:
            return no
        return self.ops.test(self.pool.flag(t), yes, no)

    def copy_or_stand_in(self, t: int) -> ir.Node:
        """One place of a run taken: a copy of ``t`` or, at W's place (W's
        block read all its copies first: none is left there), a stand-in
        (a wild tile held)."""
        self.pool.counts.add(1)
        return self.at_turned(t, self.ops.is_set(holds(1)), tile_lit(self.rules, t))

    def take_head(self, t: int, run: Instance, level: int) -> ir.Node:
        """As the parent; a stand-in at W's place is not the run's one."""
        if not self.lean(run):
            return super().take_head(t, run, level)
        if self.follows(run):
            return self.copy_or_stand_in(t)
        head = self.ops.set(self.virtual(run, level, 0))
        return self.place(t, self.at_turned(t, ir.EMPTY, head))

    def take_owed(self, t: int, run: Instance, level: int) -> ir.Node:
        """As the parent; see :meth:`take_head`."""
        if not self.lean(run):
            return super().take_owed(t, run, level)

        middle = f"{self.run_flag(run, level)}b"
        head = None if self.follows(run) else self.virtual(run, level, 0)
        if run.tiles.index(t) == 1:
            node = self.place(t, self.at_turned(t, ir.EMPTY, self.ops.set(middle)))
        else:
            node = self.ops.test(middle, self.copy_or_stand_in(t), self.place(t))
        return node if head is None else self.ops.test(head, self.copy_or_stand_in(t), node)

    def block_head(self, t: int) -> list[ir.Node]:
        """Before the proxy's block (its copies all wild), where it plays
        the turned kind: W's places at least as many as its copies."""
        parts = super().block_head(t)
        if t != self.proxy:
            return parts
        return [self.ops.when(self.pool.proxy_flag(t), self.places_enough()), *parts]

    def places_enough(self) -> ir.Node:
        """A lookahead from the proxy's first copy: one copy per place of W
        (a run through W: its flag; a meld of stand-ins only: up to its
        size), and none left."""
        lit = tile_lit(self.rules, self.proxy)
        fills = []
        for t in self.pool.tiles:
            runs = [
                self.ops.when(self.run_flag(inst, level), ir.Repeat(lit, 0, 1))
                for inst, levels in self.plan.owed(t) + self.plan.starts(t)
                for level in range(1, levels + 1)
            ]
            if runs and t != self.proxy:
                fills.append(self.ops.when(self.pool.flag(t), ir.seq(*runs)))
        for flag, size in self.all_stand_ins:
            fills.append(self.ops.when(flag, ir.Repeat(lit, 0, size)))
        return ir.Look(ir.seq(*fills, ir.Look(lit, negate=True)))
