"""Which meld counts a sorted pattern must check, per hand length.

A register machine reads every tile into some meld of a shape's kinds, so
the melds it finds always hold exactly the hand's tiles: with ``n`` tiles,
only count vectors whose tile sizes add up to ``n`` can occur.  Most of
them are the shape's own (four melds and a pair, in 14 to 18 tiles), and
the few others differ in a way a cheap check sees: Harbin's 17 tiles are
five pungs or chows and a pair, or one of them and three kongs, so at 17
tiles "some kong" tells them apart.  :func:`plan_checks` finds, for each
length, a set of checks that every count vector of the shape keeps and
every other one breaks, preferring the cheap ones: no meld of some kinds
(the machine leaves them out), some meld of some kinds (flags read at the
end), then counters (levels carried from tile to tile).  It proves the
choice by enumerating the vectors.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

from ...ruleset.model import RuleSet, Shape, compare

#: Most count vectors examined per shape and length.
MAX_VECTORS = 200_000


class TooManyVectors(Exception):
    """A shape has more count vectors per length than :data:`MAX_VECTORS`."""


@dataclass(frozen=True)
class Check:
    """A condition on meld counts: melds of ``kinds`` number ``op value``,
    where ``op`` is ``none`` (0), ``some`` (at least 1), ``<=`` or ``>=``."""

    kinds: frozenset[str]
    op: str
    value: int = 0

    def holds(self, counts: dict[str, int]) -> bool:
        """Does it hold on ``counts`` (kind -> melds)?"""
        return self.holds_on(sum(counts.get(k, 0) for k in self.kinds))

    def holds_on(self, n: int) -> bool:
        """Does it hold where its kinds make ``n`` melds in all?"""
        if self.op == "none":
            return n == 0
        if self.op == "some":
            return n >= 1
        return compare(n, self.op, self.value)

    @property
    def cost(self) -> int:
        """How much pattern it takes, roughly: guards, flags, counters (by
        the levels they keep and the kinds that raise them)."""
        levels = self.value + (self.op == "<=")
        return {"none": 1, "some": 3}.get(self.op, 20 + 5 * levels * len(self.kinds))


def valid(counts: dict[str, int], shape: Shape, rules: RuleSet) -> bool:
    """Do melds with these kind counts fill ``shape``'s slots one to one and
    keep every meld-count constraint of the shape and the win?"""
    if sum(counts.values()) != shape.size:
        return False
    used = [k for k, n in counts.items() if n]
    for r in range(1, len(used) + 1):
        for group in combinations(used, r):
            room = sum(c for c, ks in shape.slots if set(ks) & set(group))
            if sum(counts[k] for k in group) > room:
                return False
    return all(c.holds_on_melds(counts) for c in rules.where + shape.where if c.is_meld_level)


def vectors(sizes: dict[str, int], total: int, limit: int):
    """Every {kind: count} over ``sizes``' kinds whose sizes add up to
    ``total``, with at most ``limit`` melds."""
    kinds = sorted(sizes)
    out: list[dict[str, int]] = []

    def go(i: int, left: int, melds: int, acc: dict):
        """The vectors from kind ``i`` on, ``left`` tiles to place."""
        if len(out) > MAX_VECTORS:
            raise TooManyVectors()
        if i == len(kinds):
            if left == 0:
                out.append(dict(acc))
            return
        k = kinds[i]
        for m in range(0, min(left // sizes[k], limit - melds) + 1):
            acc[k] = m
            go(i + 1, left - m * sizes[k], melds + m, acc)
        del acc[k]

    go(0, total, 0, {})
    return out


def candidates(
    shape: Shape, rules: RuleSet, kinds: list[str], top: int, countable, prune: bool = True
) -> list[Check]:
    """Checks worth trying, cheapest first: none/some over single kinds,
    the slots' kinds, the constraints' kinds and small sets of kinds; at
    most/at least over such sets of ``countable`` kinds only.  ``prune``:
    at equal cost an at-most check comes first (the machine fails the
    moment it is broken, :meth:`~.machine_counts.CountChecks.ceiling`,
    where an at-least check is read at the end of the hand)."""
    sets = {frozenset([k]) for k in kinds}
    sets |= {frozenset(ks) & set(kinds) for _, ks in shape.slots}
    for c in rules.where + shape.where:
        for part in (c,) + c.parts:
            if part.kind == "meld_count":
                sets.add(frozenset(part.kinds) & set(kinds))
    if len(kinds) <= 6:
        sets |= {frozenset(g) for r in (2, 3) for g in combinations(kinds, r)}
    sets.discard(frozenset())
    out = [Check(s, op) for s in sets for op in ("none", "some")]
    out += [
        Check(s, op, v)
        for s in sets
        if s <= set(countable)
        for op in ("<=", ">=")
        for v in range(1, top + 1)
    ]
    return sorted(
        out, key=lambda c: (c.cost, prune and c.op == ">=", sorted(c.kinds), c.op, c.value)
    )


def plan_checks(
    shape: Shape, rules: RuleSet, free: dict[str, int], guesses, lengths, prune: bool = True
):
    """{length: tuple of :class:`Check`, or None where no checks tell the
    shape's count vectors from the others} for every length whose hands may
    win the shape (lengths where none may are left out).

    ``free`` maps the kinds the machine reads freely to their sizes;
    ``guesses`` lists, per group guessed up front, its kinds with sizes
    (exactly one meld of each group); ``prune`` as :func:`candidates`.
    Raises :class:`TooManyVectors`."""
    out: dict[int, tuple[Check, ...]] = {}
    kinds = sorted(set(free) | {k for g in guesses for k in g})
    for n in sorted(lengths):
        good, bad = [], []
        for picks in product(*(sorted(g.items()) for g in guesses)):
            rest = n - sum(size for _, size in picks)
            if rest < 0:
                continue
            for v in vectors(free, rest, shape.size + n):
                for k, _ in picks:
                    v[k] = v.get(k, 0) + 1
                (good if valid(v, shape, rules) else bad).append(v)
        if good:
            menu = candidates(shape, rules, kinds, shape.size, free, prune)
            out[n] = cover(good, bad, menu)
    return out


def cover(good: list[dict], bad: list[dict], menu: list[Check]) -> tuple[Check, ...] | None:
    """The cheapest checks (greedy) that every ``good`` vector keeps and
    break every ``bad`` one; None when no checks of ``menu`` can (a bad
    vector that no count bound tells from the good ones).  Each check's
    bad vectors broken are found once, as the bits of an int (bad vectors
    grouped by their melds of the check's kinds): the greedy rounds then
    only count bits (a shape of many same-melds has tens of thousands of
    bad vectors)."""
    usable = [c for c in menu if all(c.holds(v) for v in good)]
    # Per set of kinds, the bad vectors by their melds of those kinds.
    by_total: dict[frozenset, dict[int, int]] = {}
    for kinds in {c.kinds for c in usable}:
        totals: dict[int, int] = {}
        for j, v in enumerate(bad):
            n = sum(v.get(k, 0) for k in kinds)
            totals[n] = totals.get(n, 0) | 1 << j
        by_total[kinds] = totals
    breaks = {
        c: sum(bits for n, bits in by_total[c.kinds].items() if not c.holds_on(n)) for c in usable
    }
    left = (1 << len(bad)) - 1
    chosen: list[Check] = []
    while left:
        if not usable:
            return None
        best = max(usable, key=lambda c: ((breaks[c] & left).bit_count() / c.cost, -c.cost))
        if not breaks[best] & left:
            return None
        chosen.append(best)
        left &= ~breaks[best]
    return tuple(chosen)
