r"""The melds of a scoring pattern: each hand shape as a counted loop that
keeps the shape's meld counts (as ``counter_loop`` does, the number of
melds among them) and raises the tallies the scoring elements read
(:mod:`.tallies`)::

    (?: KONG-LEAF | PUNG-LEAF | CHOW-LEAF | … )+ \z  COUNT-TESTS  (?<ah1>)

A leaf is the melds of one kind that raise the same tallies, written as a
trie of their tile names with, at each end, what that one meld raises (its
own ``sig`` tallies); then the tallies all of them raise.  A tally's
levels rise through a chain of conditionals, highest first:
``(?(ac2)(?<ac3>)|(?(ac1)(?<ac2>)|(?<ac1>)))``.  Before a meld counted by
``twins``, a pairing compares it with the melds kept in its slots: the
first identical one not yet paired is paired (``(?=\k<aq1>)(?<ap1>)``, and
the twins tally rises), else the meld is kept in the first free slot
(``(?=(?<aq2>…))``).  Every group is set in many places under one name
(PCRE2's ``(?J)``).
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import Shape
from ..plans.counters import Counter
from ..shapes.layout import length
from ..tiles.fixed_width import fixed_width
from ..tiles.tile_nodes import any_tile
from .formulas import render
from .scoreplan import ScorePlan, Space
from .tallies import Pairing, Tally


def raise_levels(names: list[str], label: str = "") -> ir.Node:
    """Raise a tally kept in level groups ``names`` by one (staying at the
    top once there); ``label`` what it counts."""

    def reach(k: int) -> ir.Node:
        return ir.Capture(names[k - 1], ir.EMPTY, describes=f"a count at {k}", shared=True)

    node = reach(1)
    for k in range(2, len(names) + 1):
        node = ir.Cond(names[k - 2], reach(k), node)
    return ir.seq(node, label=label) if label else node


def shared(name: str, item: ir.Node = ir.EMPTY, describes: str = "") -> ir.Capture:
    """A group set in many places under one name."""
    return ir.Capture(name, item, describes=describes, shared=True)


def trie(items: list[tuple[tuple[str, ...], ir.Node]]) -> ir.Node:
    """An alternation of tile-name sequences, each followed by its own node,
    with common first tiles written once (items of equal length)."""
    if len(items) == 1:
        names, then = items[0]
        return ir.seq(*(ir.Lit(n) for n in names), then)
    groups: dict[str, list] = {}
    for names, then in items:
        groups.setdefault(names[0], []).append((names[1:], then))
    parts = []
    for first, rest in groups.items():
        if not rest[0][0]:
            parts.append(ir.seq(ir.Lit(first), ir.alt(*(then for _, then in rest))))
        else:
            parts.append(ir.seq(ir.Lit(first), trie(rest)))
    return ir.alt(*parts)


class ShapeLoop:
    """Writes one hand shape's counted loop in one :class:`Space`."""

    def __init__(self, plan: ScorePlan, space: Space, shape: Shape):
        self.plan, self.space, self.shape = plan, space, shape
        self.rules = plan.rules
        self.kinds, found = plan.live[shape.name]
        # PCRE2 writes a counted repetition out N times, past its size limit
        # for loops this large: there the loop is open (+) and a counter of
        # all its melds keeps their number.
        self.open = plan.ctx.caps.rewind == "napla"
        if self.open:
            found = found + [Counter(frozenset(self.kinds), shape.size, shape.size)]
        self.found = found
        names = plan.ctx.names
        self.counter_levels = [
            [names.capture(f"{space.tag}n") for _ in range(c.level)] for c in self.found
        ]

    def raised(self, kind: str, inst: tuple[int, ...]) -> list[Tally]:
        """The tallies a meld of ``kind`` with tiles ``inst`` raises."""
        return [
            t for t in self.space.levels if t.what != "twins" and t.counts(kind, inst, self.rules)
        ]

    def pairing(self, p: Pairing) -> ir.Node:
        """Pair the meld about to be read with an identical one kept earlier
        and not yet paired, or keep it in the first free slot (see the
        module docstring)."""
        width = fixed_width(self.plan.ctx)
        if width is not None:
            tiles = ir.Repeat(ir.AnyChar(), width * p.size, width * p.size)
        else:
            tiles = ir.Repeat(any_tile(self.plan.ctx), p.size, p.size)
        kept, paired = self.space.slots[p]
        twins = raise_levels(self.space.levels[Tally("twins", p.kinds)])
        node = ir.NEVER  # more melds than slots: no split of a shape has them
        for q, f in reversed(list(zip(kept, paired))):
            pair = shared(f, describes="a kept meld paired")
            here = ir.Cond(f, ir.NEVER, ir.seq(ir.Look(ir.Backref(q)), pair, twins))
            on = ir.seq(ir.Cond(f, ir.EMPTY, ir.Look(ir.Backref(q), negate=True)), node)
            node = ir.Cond(q, ir.alt(here, on), ir.Look(shared(q, tiles, "a kept meld")))
        return ir.seq(
            node,
            label="pair with an identical meld, or keep it: "
            + self.describe(Tally("twins", p.kinds)),
        )

    def describe(self, t: Tally) -> str:
        """The label of a tally's raise."""
        return "raise " + t.describe(self.rules)

    def pairings(self, kind: str) -> list[ir.Node]:
        """The pairings a meld of ``kind`` goes through."""
        size = self.rules.kinds[kind].size
        return [self.pairing(p) for p in self.space.slots if kind in p.kinds and p.size == size]

    def leaves(self, kind: str) -> list[ir.Node]:
        """The leaves of one meld kind: its melds grouped by the tallies they
        all raise (see the module docstring)."""
        groups: dict[frozenset, list] = {}
        for inst in self.rules.kinds[kind].instances(self.rules.alphabet):
            ts = self.raised(kind, inst)
            common = frozenset(t for t in ts if t.what in ("count", "lack"))
            mine = [t for t in ts if t not in common]
            names = tuple(self.rules.alphabet.tiles[i].name for i in inst)
            groups.setdefault(common, []).append(
                (names, ir.seq(*(raise_levels(self.space.levels[t]) for t in mine)))
            )
        pre, post = [], []
        for c, lv in zip(self.found, self.counter_levels):
            if kind in c.kinds:
                # Conditionals rather than lookaheads: not past the top
                # level, then one level up.
                if c.hi is not None:
                    pre.append(ir.Cond(lv[-1], ir.NEVER, ir.EMPTY))
                post.append(raise_levels(lv))
        out = []
        pairs = self.pairings(kind)
        for common, items in groups.items():
            bumps = [
                raise_levels(self.space.levels[t], label=self.describe(t))
                for t in sorted(common, key=Tally.key)
            ]
            label = f"line {self.rules.kinds[kind].span.line}: {self.rules.line(self.rules.kinds[kind].span.line)}"
            # The meld's tiles first: most branches fail on them, before any
            # count check.
            out.append(ir.seq(*pairs, trie(items), *pre, *bumps, *post, label=label))
        return out

    def node(self) -> ir.Node:
        """The shape: its own lookaheads, the loop, the count tests, its flag."""
        p = self.plan.plans[self.shape.name]
        looks = []
        if p.moved and len(self.rules.shapes) > 1:
            looks.append(length(self.plan.ctx, p.window, p.moved, guard=False))
        for c in self.shape.where:
            if not c.is_meld_level:
                # Read once at the start of the hand, not in every reading.
                looks.append(ir.seq(render(self.space.tile_flag(c)), label=c.label()))
        order = sorted(self.kinds, key=lambda k: -self.rules.kinds[k].size)
        leaves = [leaf for k in order for leaf in self.leaves(k)]
        tests = [
            ir.Backref(lv[c.lo - 1]) for c, lv in zip(self.found, self.counter_levels) if c.lo > 0
        ]
        flag = ir.Capture(
            self.space.shapes[self.shape.name], ir.EMPTY, describes="a hand shape flag"
        )
        times = (1, None) if self.open else (self.shape.size, self.shape.size)
        loop = ir.Repeat(ir.alt(*leaves), *times)
        label = f"line {self.shape.span.line}: {self.rules.line(self.shape.span.line)}"
        return ir.seq(*looks, loop, ir.End(), *tests, flag, label=label)


def scoring_shapes(plan: ScorePlan, space: Space) -> ir.Node:
    """Every winning hand shape, read in ``space``: an alternation of their
    loops, each ending at the end of the hand."""
    return ir.alt(*(ShapeLoop(plan, space, s).node() for s in plan.rules.shapes))
