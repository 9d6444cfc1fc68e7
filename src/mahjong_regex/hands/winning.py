"""Hands built to win: a shape filled so that its tile constraints hold.

Near-boundary hands rarely win a shape with demanding tile constraints
(thirteen orphans: each terminal and honor once; seven different pairs; the
knitted shapes), yet a change to such a shape only shows on hands that win
it on one side.  :class:`WinningHands` fills a shape greedily: melds only of
the tiles every ``only`` allows (and of as many suits, picked at random, as
a ``suits <=`` or ``==`` bound lets in, honors and all), first those that bring a tile still short
of an ``each … >=`` (or ``==``) bound or a ``contains``, never past an
``each … <=`` (or ``==``) bound.  Of an ``or``, one part is aimed at, chosen
at random.  It is a heuristic: the hand usually wins, and is a good hand to
mutate when it does not.
"""

from __future__ import annotations

import random
from collections import Counter

from ..ruleset.model import Constraint, RuleSet, Shape


def _leaves(cs, rng: random.Random):
    for c in cs:
        if c.kind == "any":
            yield from _leaves([rng.choice(c.parts)], rng)
        elif c.kind == "all":
            yield from _leaves(c.parts, rng)
        else:
            yield c


def _bounds(
    rules: RuleSet, constraints: list[Constraint], rng: random.Random
) -> tuple[set, Counter, dict]:
    """(tiles allowed, copies needed per tile, most copies per tile)."""
    allowed = {t.index for t in rules.alphabet.tiles}
    need: Counter = Counter()
    cap: dict[int, int] = {}
    leaves = list(_leaves(constraints, rng))
    for c in leaves:
        if c.kind == "only":
            allowed &= c.tiles.tiles
        elif c.kind == "suit_count" and c.op in ("<=", "=="):
            allowed &= _in_suits(rules, c.value, rng)
    for c in leaves:
        if c.kind == "each_tile":
            for t in c.tiles.tiles:
                if c.op in (">=", "==") and t in allowed:
                    need[t] = max(need[t], c.value)
                if c.op in ("<=", "=="):
                    cap[t] = min(cap.get(t, c.value), c.value)
        elif c.kind == "contains" and c.tiles.tiles & allowed:
            need[rng.choice(sorted(c.tiles.tiles & allowed))] += 1
    return allowed, need, cap


def _in_suits(rules: RuleSet, n: int, rng: random.Random) -> set:
    """The tiles of ``n`` suits picked at random (all when there are fewer),
    and every tile of no suit."""
    suits = list(rules.alphabet.suits)
    chosen = set(rng.sample(suits, max(0, min(n, len(suits)))))
    return {t.index for t in rules.alphabet.tiles if t.suit is None or t.suit in chosen}


#: Melds of one kind considered per slot (a kind of many melds is sampled).
SAMPLE = 200
#: Melds tried per slot against the copy bounds.
TRIES = 12


class WinningHands:
    """Hands built to win the shapes of one rule set (see the module
    docstring), drawing on ``rng`` (a ``random.Random``)."""

    def __init__(self, rules: RuleSet, rng: random.Random):
        self.rules = rules
        self.rng = rng
        self.melds = {k.name: k.instances(rules.alphabet) for k in rules.kinds.values()}
        self.names = [t.name for t in rules.alphabet.tiles]
        self.pools: dict[tuple, list] = {}

    def pool(self, kinds: tuple[str, ...], allowed: frozenset) -> list:
        """The melds of ``kinds`` made of ``allowed`` tiles, each with its
        set of tiles (remembered; a kind of many melds is sampled afresh)."""
        key = (kinds, allowed)
        if key in self.pools:
            return self.pools[key]
        big = any(len(self.melds[k]) > SAMPLE for k in kinds)
        every = [m for k in kinds for m in self._some(self.melds[k])]
        out = [(m, frozenset(m)) for m in every if all(t in allowed for t in m)]
        out = out or [(m, frozenset(m)) for m in every]
        if not big:
            self.pools[key] = out
        return out

    def _some(self, melds: list) -> list:
        return melds if len(melds) <= SAMPLE else self.rng.sample(melds, SAMPLE)

    def hand(self, shape: Shape) -> str:
        """A hand for ``shape`` that likely wins; melds in random order."""
        rng = self.rng
        allowed, need, cap = _bounds(self.rules, list(self.rules.where + shape.where), rng)
        allowed = frozenset(allowed)
        slots = [kinds for count, kinds in shape.slots for _ in range(count)]
        rng.shuffle(slots)
        counts: Counter = Counter()
        melds = []
        for kinds in slots:
            pool = self.pool(kinds, allowed)
            short = {t for t, n in need.items() if counts[t] < n}
            liked = [e for e in pool if short & e[1]] if short else pool
            meld = None
            for group in (liked, pool):
                for m, tiles in rng.sample(group, min(len(group), TRIES)):
                    if all(counts[t] + m.count(t) <= cap.get(t, 99) for t in tiles):
                        meld = m
                        break
                if meld is not None:
                    break
            meld = meld or rng.choice(pool)[0]
            melds.append(meld)
            counts.update(meld)
        rng.shuffle(melds)
        return "".join(self.names[t] for m in melds for t in m)
