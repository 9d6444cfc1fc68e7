"""Wild tiles in the automaton over tile counts (:mod:`.kind_automaton`).

A tile's melds take ``e`` copies of it (its effective count); they come
from the copies held of it and from wild tiles standing in for it (fills).
The wild tiles held are read where they sort: a wild tile stands for
itself there, or is set aside for a fill elsewhere.  The automaton counts,
per pool of wild tiles (wild tiles that may stand for the same tiles; a
``proxy`` is a pool that plays one tile), the fills made and the wild
tiles set aside, and accepts when the two agree: the order of the tiles
does not matter, so a wild tile may sort before or after the tile it
stands for.  Fills count as ``substitutes`` (a wild tile standing for its
own kind is read as standing for itself).  The rules are those of the
README's "Wild tiles".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from ...ruleset.model import RuleSet
from .sorted_plan import PlanRefused

#: The most copies of a tile held (the physical limit); a flower is held once.
HELD, FLOWER_HELD = 4, 1


@dataclass(frozen=True)
class WildPool:
    """Wild tiles that stand for the same tiles: ``donors`` (tile indices
    held), ``domain`` (the tiles they may stand for), ``proxy`` (a tile that
    plays one other, never itself), ``most`` (how many a hand holds)."""

    donors: frozenset[int]
    domain: frozenset[int]
    proxy: bool
    most: int


class Wilds:
    """The wild tiles of a rule set whose wild tiles are fixed (no turned
    tile in the hand: ``--indicator`` fixes it).  Raises
    :class:`~.sorted_plan.PlanRefused` for a turned tile read from the hand."""

    def __init__(self, rules: RuleSet):
        if rules.indicator is not None:
            raise PlanRefused(
                "indicator",
                "a turned tile read from the hand (--indicator fixes one)",
                rules.indicator_span,
            )
        self.rules = rules
        tiles = rules.alphabet.tiles
        self.held = {t.index: FLOWER_HELD if t.flower else HELD for t in tiles}
        if rules.turned is not None:
            self.held[rules.turned] -= 1  # the turned tile counts
        domains: dict[tuple, set[int]] = {}
        for w in rules.wilds:
            for d in w.tiles.tiles:
                key = (frozenset(w.domain.tiles - {d}), w.proxy)
                domains.setdefault(key, set()).add(d)
        self.pools = [
            WildPool(frozenset(ds), dom, proxy, sum(self.held[d] for d in ds))
            for (dom, proxy), ds in sorted(domains.items(), key=lambda kv: sorted(kv[1]))
        ]
        self.donor = {d: i for i, p in enumerate(self.pools) for d in p.donors}
        self._ways = cache(lambda t, e, counts: tuple(self._ways_of(t, e, counts)))
        if len(self.donor) != sum(len(p.donors) for p in self.pools):
            raise PlanRefused("wild", "a tile in two wild statements", rules.wilds[-1].span)

    @property
    def start(self) -> tuple:
        """The counts before any tile: (fills, set aside) per pool."""
        return tuple((0, 0) for _ in self.pools)

    def ways(self, t: int, e: int, counts: tuple) -> tuple:
        """(copies held, new counts, fills) for ``e`` effective copies of
        tile ``t``: fills from the pools that may stand for it, the rest of
        ``e`` held (or, for a wild tile, standing for itself), and, for a
        wild tile, any number of its copies set aside.  Remembered per
        arguments: the automaton asks the same of many states."""
        return self._ways(t, e, counts)

    def _ways_of(self, t: int, e: int, counts: tuple):
        fillers = [i for i, p in enumerate(self.pools) if t in p.domain]
        mine = self.donor.get(t)
        for fs in product(*(range(e + 1) for _ in fillers)):
            f = sum(fs)
            if f > e:
                continue
            new = list(counts)
            ok = True
            for i, n in zip(fillers, fs):
                filled, aside = new[i]
                if filled + n > self.pools[i].most:
                    ok = False
                new[i] = (filled + n, aside)
            if not ok:
                continue
            own = e - f
            if mine is None:
                if own <= self.held[t]:
                    yield own, tuple(new), f
                continue
            if own and self.pools[mine].proxy:
                continue  # a proxy never stands for itself
            filled, aside = new[mine]
            for p in range(self.held[t] - own + 1):
                if aside + p <= self.pools[mine].most:
                    moved = list(new)
                    moved[mine] = (filled, aside + p)
                    yield own + p, tuple(moved), f

    def last_read(self, order: list[int]) -> int:
        """The place in ``order`` (tile indices, canonical order) of the
        last wild tile read (-1 with none)."""
        return max((k for k, t in enumerate(order) if t in self.donor), default=-1)

    @staticmethod
    def balanced(counts: tuple) -> bool:
        """May counts still settle once every wild tile is read (no more
        fills than wild tiles set aside)?"""
        return all(filled <= aside for filled, aside in counts)

    @staticmethod
    def settled(counts: tuple) -> bool:
        """Did every wild tile set aside fill a place, and every fill take one?"""
        return all(filled == aside for filled, aside in counts)
