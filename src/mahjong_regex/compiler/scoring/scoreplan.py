"""The plan of a scoring pattern: what the melds are counted for, the flag
groups each reading of the melds sets, and each scoring element's
condition as a formula over them.

- :class:`ScorePlan` (one per compilation) finds the tallies the elements
  need (:mod:`.tallies`) and their levels, the shapes' live meld kinds, the
  tile-level conditions read once at the start (one flag each), and which
  elements may differ between two splits of one hand (``tiers``: they are
  compared, in units of their tier's common divisor);
- :class:`Space` names the groups of one reading of the melds: the
  pattern reads them twice, the second time to look for a better split;
- :meth:`ScorePlan.holds` is an element's condition on a reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import gcd

from ...ruleset.model import Constraint, ScoreElement
from ..context import Context
from ..errors import ScoringUnsupported
from ..plans.counters import counters
from ..plans.shape_plans import plan
from .formulas import FALSE, TRUE, Formula, f_and, f_not, f_or, flag
from .tallies import MAX_LEVELS, Pairing, Tally, chains, needed, signatures


@dataclass(frozen=True)
class Tier:
    """Elements compared between two splits: limit elements (``limit``) or
    the others; ``units`` their value over the tier's common divisor."""

    limit: bool
    elements: tuple[ScoreElement, ...]
    units: dict

    def bound(self, plan: "ScorePlan", shape: str) -> int:
        """The most units a split of ``shape`` may hold: the heaviest set of
        the elements that apply to it, none of which supersedes another."""
        sup = plan.rules.superseded_by()
        mine = [e for e in self.elements if shape in e.shapes]
        tied = [e for e in mine if any(x.name in sup[e.name] for x in mine)]
        free = sum(self.units[e.name] * plan.times(e) for e in mine if e not in tied)
        if len(tied) > 16:
            return free + sum(self.units[e.name] * plan.times(e) for e in tied)
        best = 0
        for r in range(len(tied) + 1):
            for group in combinations(tied, r):
                names = {e.name for e in group}
                if any(sup[e.name] & names for e in group):
                    continue
                best = max(best, sum(self.units[e.name] * plan.times(e) for e in group))
        return free + best


class ScorePlan:
    """The plan of a scoring pattern for ``ctx.rules`` (see the module
    docstring).  Raises :class:`ScoringUnsupported` when a hand shape's
    meld counts cannot be kept in flag groups."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.rules = rules = ctx.rules
        self.plans = {s.name: plan(ctx, s) for s in rules.shapes}
        self.live: dict[str, tuple] = {}
        for s in rules.shapes:
            found = counters(s, self.plans[s.name], shared=True)
            if found is None:
                raise ScoringUnsupported(
                    s.text,
                    "its meld counts need the meld automaton, and a scoring pattern keeps "
                    "them in flag groups",
                    s.span,
                )
            self.live[s.name] = found
        self.levels: dict[Tally, int] = {}
        self.pairings: list[Pairing] = []
        for e in rules.scoring:
            for c in e.where:
                self.need(c)
            if e.per is not None:
                self.need_per(e.per)
        self.raised = {t for t in self.levels if self.raises(t)}
        self.tile_conditions = self.tile_level()
        self.guards = self.tile_guards()
        self.tiers = tuple(t for t in (self.tier(True), self.tier(False)) if t.elements)

    # ---- tallies ---------------------------------------------------------------

    def need(self, c: Constraint) -> None:
        """Record the tallies (and levels) condition ``c`` reads."""
        if c.kind in ("any", "all"):
            for p in c.parts:
                self.need(p)
        elif c.kind == "meld_count":
            self.want(Tally("count", c.kinds, c.within.tiles if c.within else None), needed(c))
        elif c.kind == "every_meld":
            self.want(Tally("lack", tiles=c.tiles.tiles), 1)
        elif c.kind == "twins":
            self.want_twins(c.kinds, needed(c))
        elif c.kind in ("across", "chain"):
            for ranks, suits in signatures(c.kinds, self.rules).items():
                for s in sorted(suits):
                    self.want(Tally("sig", c.kinds, suit=s, ranks=ranks), 1)

    def need_per(self, c: Constraint) -> None:
        """A ``per`` count: every level a split may reach."""
        top = max(s.size for s in self.rules.shapes)
        if c.kind == "twins":
            self.want_twins(c.kinds, top // 2)
        else:
            self.want(Tally("count", c.kinds, c.within.tiles if c.within else None), top)

    def want(self, t: Tally, levels: int) -> None:
        """Keep tally ``t`` to at least ``levels`` levels, and never more than
        a split can reach (a test past that is false)."""
        top = self.reach(t)
        if levels > 0 and top > 0:
            self.levels[t] = min(top, max(self.levels.get(t, 0), levels))

    def reach(self, t: Tally) -> int:
        """The most a winning split may raise tally ``t`` (its melds, or half
        of them for ``twins``; :data:`MAX_LEVELS` at most)."""
        if t.what == "lack":
            room = max(s.size for s in self.rules.shapes)
        else:
            room = max(sum(c for c, ks in s.slots if set(ks) & t.kinds) for s in self.rules.shapes)
        return min(MAX_LEVELS, room // 2 if t.what == "twins" else room)

    def want_twins(self, kinds, levels: int) -> None:
        """``twins(kinds)``, and a :class:`Pairing` for each meld size of
        these kinds (identical melds have one size)."""
        if levels <= 0:
            return
        self.want(Tally("twins", kinds), levels)
        for size in sorted({self.rules.kinds[k].size for k in kinds}):
            mine = {k for k in kinds if self.rules.kinds[k].size == size}
            slots = max(sum(c for c, ks in s.slots if set(ks) & mine) for s in self.rules.shapes)
            known = [p for p in self.pairings if p.kinds == kinds and p.size == size]
            if slots > 1 and not known:
                self.pairings.append(Pairing(kinds, size, slots))

    def raises(self, t: Tally) -> bool:
        """Does some meld of some winning shape raise tally ``t``?"""
        if t.what == "twins":
            return any(p.kinds == t.kinds for p in self.pairings)
        return any(
            t.counts(k, inst, self.rules)
            for s in self.rules.shapes
            for k in self.live[s.name][0]
            for inst in self.rules.kinds[k].instances(self.rules.alphabet)
        )

    def times(self, e: ScoreElement) -> int:
        """The most times element ``e`` may count on one split."""
        if e.per is None:
            return 1
        return self.levels.get(self.per_tally(e), 0)

    @staticmethod
    def per_tally(e: ScoreElement) -> Tally:
        """The tally an element's ``per`` count reads."""
        c = e.per
        if c.kind == "twins":
            return Tally("twins", c.kinds)
        return Tally("count", c.kinds, c.within.tiles if c.within else None)

    # ---- elements --------------------------------------------------------------

    def tile_level(self) -> list[Constraint]:
        """The distinct tile-level conditions of the hand shapes and the
        elements, in order (one for each meaning: ``suits == 1`` twice is
        read once)."""
        out: list[Constraint] = []
        seen = set()

        def add(c: Constraint) -> None:
            if c.kind in ("any", "all") and c.is_meld_level:
                for p in c.parts:
                    add(p)
            elif not c.is_meld_level and meaning(c) not in seen:
                seen.add(meaning(c))
                out.append(c)

        for s in self.rules.shapes:
            for c in s.where:
                add(c)
        for e in self.rules.scoring:
            for c in e.where:
                add(c)
        return out

    def tile_guards(self) -> dict[tuple, list[tuple]]:
        """{meaning of a tile condition: the meanings of the conditions read
        before it that every shape or element using it also asks}: where
        one of those fails, no one needs the condition (chuuren poutou's
        ranks are not counted in a hand of two suits)."""
        order = {meaning(c): i for i, c in enumerate(self.tile_conditions)}
        users = [s.where for s in self.rules.shapes] + [e.where for e in self.rules.scoring]
        found: dict[tuple, set] = {}
        for where in users:
            before: list[tuple] = []
            for c in where:
                if c.is_meld_level:
                    continue
                m = meaning(c)
                mine = {x for x in before if order[x] < order[m]}
                found[m] = found[m] & mine if m in found else mine
                before.append(m)
        return {m: sorted(g, key=order.get) for m, g in found.items()}

    def split_level(self, e: ScoreElement) -> bool:
        """May element ``e`` hold on one split of a hand and not another?"""
        all_shapes = {s.name for s in self.rules.shapes}
        return not e.is_tile_level or set(e.shapes) != all_shapes

    def tier(self, limit: bool) -> Tier:
        """The compared elements of one tier: those that may differ between
        splits, and those superseded by one of them (of the same tier)."""
        sup = self.rules.superseded_by()
        mine = [e for e in self.rules.scoring if e.limit == limit]
        chosen = {e.name for e in mine if self.split_level(e)}
        changed = True
        while changed:
            changed = False
            for e in mine:
                if e.name not in chosen and sup[e.name] & chosen:
                    chosen.add(e.name)
                    changed = True
        elements = tuple(e for e in mine if e.name in chosen and e.value > 0)
        g = 0
        for e in elements:
            g = gcd(g, e.value)
        return Tier(limit, elements, {e.name: e.value // g for e in elements} if g else {})

    def holds(self, e: ScoreElement, space: "Space") -> Formula:
        """Element ``e`` holds on the split of ``space`` (superseded or not)."""
        parts = [space.shape_in(e.shapes)]
        parts += [self.cond(c, space) for c in e.where]
        if e.per is not None:
            parts.append(space.ge(self.per_tally(e), 1))
        return f_and(*parts)

    def cond(self, c: Constraint, space: "Space") -> Formula:
        """Condition ``c`` as a formula over the groups of ``space``."""
        if not c.is_meld_level:
            return space.tile_flag(c)  # a compound of tile conditions too
        if c.kind == "any":
            return f_or(*(self.cond(p, space) for p in c.parts))
        if c.kind == "all":
            return f_and(*(self.cond(p, space) for p in c.parts))
        if c.kind == "every_meld":
            return f_not(space.ge(Tally("lack", tiles=c.tiles.tiles), 1))
        if c.kind in ("across", "chain"):
            at_least = self.across if c.kind == "across" else self.chain
            return compare(lambda n: at_least(c.kinds, n, space), c.op, c.value)
        if c.kind == "twins":
            t = Tally("twins", c.kinds)
        else:
            t = Tally("count", c.kinds, c.within.tiles if c.within else None)
        return compare(lambda n: space.ge(t, n), c.op, c.value)

    def across(self, kinds, n: int, space: "Space") -> Formula:
        """At least ``n`` suits hold a meld of ``kinds`` at the same ranks."""
        if n <= 0:
            return TRUE
        out = []
        for ranks, suits in signatures(kinds, self.rules).items():
            for group in combinations(sorted(suits), n):
                out.append(
                    f_and(*(space.ge(Tally("sig", kinds, suit=s, ranks=ranks), 1) for s in group))
                )
        return f_or(*out)

    def chain(self, kinds, n: int, space: "Space") -> Formula:
        """Some suit holds ``n`` melds of ``kinds``, each starting at the rank
        after the one before ends."""
        if n <= 0:
            return TRUE
        return f_or(
            *(
                f_and(*(space.ge(Tally("sig", kinds, suit=s, ranks=r), 1) for s, r in path))
                for path in chains(kinds, n, self.rules)
            )
        )


def meaning(c: Constraint) -> tuple:
    """What a constraint says, without where it stands (two copies of one
    condition have one meaning)."""
    tiles = c.tiles.tiles if c.tiles is not None else None
    within = c.within.tiles if c.within is not None else None
    parts = tuple(meaning(p) for p in c.parts)
    return (c.kind, c.op, c.value, c.kinds, tiles, within, parts, c.held)


def compare(at_least, op: str, n: int) -> Formula:
    """``count OP n`` from ``at_least(k)`` ("count >= k")."""
    if op == ">=":
        return at_least(n)
    if op == "<=":
        return f_not(at_least(n + 1))
    return f_and(at_least(n), f_not(at_least(n + 1)))


class Space:
    """The group names of one reading of the melds (``tag`` ``a``: the split
    the pattern reports; ``b``: a split it compares with): each tally's
    level groups and each shape's flag.  Tile-level flags are read once for
    both (``tile_flags``)."""

    def __init__(self, plan: ScorePlan, tag: str, tile_flags: dict):
        names = plan.ctx.names
        self.plan = plan
        self.tag = tag
        self.tile_flags = tile_flags
        prefix = {"count": "c", "lack": "l", "twins": "t", "sig": "g"}
        self.levels = {
            t: [names.capture(f"{tag}{prefix[t.what]}") for _ in range(n)]
            for t, n in plan.levels.items()
            if t in plan.raised
        }
        #: Per pairing: the slots' meld captures and their "paired" flags.
        self.slots = {
            p: (
                [names.capture(f"{tag}q") for _ in range(p.slots)],
                [names.capture(f"{tag}p") for _ in range(p.slots)],
            )
            for p in plan.pairings
            if Tally("twins", p.kinds) in self.levels
        }
        self.shapes = {s.name: names.capture(f"{tag}h") for s in plan.rules.shapes}

    def ge(self, t: Tally, k: int) -> Formula:
        """Tally ``t`` reached ``k`` on this reading."""
        if k <= 0:
            return TRUE
        names = self.levels.get(t)
        if names is None or k > len(names):
            return FALSE  # no split raises it (so far)
        return flag(names[k - 1])

    def shape_in(self, shapes) -> Formula:
        """The split is of one of ``shapes``."""
        if set(shapes) == set(self.shapes):
            return TRUE
        return f_or(*(flag(self.shapes[s]) for s in shapes))

    def tile_flag(self, c: Constraint) -> Formula:
        """A tile-level condition, read once at the start of the hand."""
        return self.tile_flags[meaning(c)]
