"""The reference scorer: the value of a winning hand under a rule set's
scoring elements, with no regular expression.

It enumerates every winning split of the arranged hand (the arrangement
fixes them: ``1m2m3m1m2m3m`` is two chows, ``1m1m2m2m3m3m`` three pairs),
finds the elements that hold on each split, drops the superseded ones, and
takes a split of the highest rank: the total of its limit elements first
(a limit hand outranks every hand without one), then the total of the
others.  Like :mod:`.evaluator` it shares nothing with the compiler but the
checked rule set, and the scoring patterns are tested against it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from ..diagnostics import HandError
from ..ruleset.model import Constraint, RuleSet, ScoreElement, compare
from .evaluator import Evaluator, Meld, fits_shape, tile_constraint_holds

#: Most splits of one hand the scorer enumerates.
MAX_SPLITS = 100_000


class TooManySplits(ValueError):
    """A hand splits more than :data:`MAX_SPLITS` ways under the rule set."""


@dataclass(frozen=True)
class Scored:
    """One element of the best split: its ``name``, ``value`` each time,
    ``count`` (times it counts: 1, or its ``per`` count) and ``limit``."""

    name: str
    value: int
    count: int = 1
    limit: bool = False

    @property
    def points(self) -> int:
        """``value`` times ``count``."""
        return self.value * self.count


@dataclass(frozen=True)
class Score:
    """The scorer's answer for one hand.

    For a win: ``total`` (the limit elements' total when there is one, else
    the others'), the ``elements`` of a highest-ranked split in declaration
    order, its ``shape`` and ``split``.  For a loss: ``win`` False and the
    ``reason`` from the evaluator (``error`` for a string that is not
    tiles)."""

    win: bool
    total: int = 0
    elements: tuple[Scored, ...] = ()
    shape: str = ""
    split: tuple[Meld, ...] = ()
    reason: str = ""
    error: HandError | None = field(default=None, compare=False)

    def names(self) -> tuple[str, ...]:
        """The element names, each repeated ``count`` times."""
        return tuple(e.name for e in self.elements for _ in range(e.count))


def split_count(c: Constraint, melds: tuple[Meld, ...], rules: RuleSet) -> int:
    """The number a split-level constraint compares: melds of ``c.kinds``
    (within ``c.within``), pairs of identical ones (``twins``), the most
    suits holding them at the same ranks (``across``), the longest chain of
    them in one suit (``chain``)."""
    tiles = rules.alphabet.by_name
    mine = [m for m in melds if m.kind in c.kinds]
    if c.kind == "meld_count":
        if c.within is None:
            return len(mine)
        return sum(all(tiles[t].index in c.within.tiles for t in m.tiles) for m in mine)
    if c.kind == "twins":
        return sum(n // 2 for n in Counter(m.tiles for m in mine).values())
    suited = []
    for m in mine:
        ts = [tiles[t] for t in m.tiles]
        if all(t.suit is not None for t in ts) and len({t.suit for t in ts}) == 1:
            suited.append((ts[0].suit, tuple(sorted({t.rank for t in ts}))))
    if c.kind == "across":
        suits: dict[tuple[int, ...], set[str]] = {}
        for suit, ranks in suited:
            suits.setdefault(ranks, set()).add(suit)
        return max((len(s) for s in suits.values()), default=0)
    if c.kind == "chain":
        kinds = set(suited)
        best: dict[tuple, int] = {}

        def longest(m) -> int:
            if m not in best:
                suit, ranks = m
                nexts = [x for x in kinds if x[0] == suit and x[1][0] == ranks[-1] + 1]
                best[m] = 1 + max((longest(x) for x in nexts), default=0)
            return best[m]

        return max((longest(m) for m in kinds), default=0)
    raise ValueError(f"not a split count: {c.kind}")


def holds_on_split(
    c: Constraint, shape: str, melds: tuple[Meld, ...], counts: Counter, rules: RuleSet
) -> bool:
    """Does constraint ``c`` hold on this split (``counts``: tile index ->
    copies in the hand)?"""
    if c.kind == "any":
        return any(holds_on_split(p, shape, melds, counts, rules) for p in c.parts)
    if c.kind == "all":
        return all(holds_on_split(p, shape, melds, counts, rules) for p in c.parts)
    if c.kind == "every_meld":
        names = rules.alphabet.by_name
        return all(any(names[t].index in c.tiles.tiles for t in m.tiles) for m in melds)
    if c.kind == "meld_count" or c.kind in ("twins", "across", "chain"):
        return compare(split_count(c, melds, rules), c.op, c.value)
    return tile_constraint_holds(c, counts, rules)


class Scorer:
    """Scores hands for one rule set with scoring elements (see the module
    docstring).  Build once per rule set; :meth:`score` is pure."""

    def __init__(self, rules: RuleSet):
        if not rules.scoring:
            raise ValueError(f"rule set {rules.name!r} declares no scoring elements")
        self.rules = rules
        self.evaluator = Evaluator(rules)
        self.by_name = {e.name: e for e in rules.scoring}
        self.superseded_by = rules.superseded_by()

    def winning_splits(self, hand: str) -> Iterator[tuple[str, tuple[Meld, ...]]]:
        """Every winning split of ``hand``: (shape name, melds in hand
        order), shapes in ``win`` order for each split.

        Raises :class:`~mahjong_regex.diagnostics.HandError` for a string
        that is not tile names, :class:`TooManySplits` past
        :data:`MAX_SPLITS`."""
        rules = self.rules
        tiles = rules.alphabet.tokenize(hand)
        counts = Counter(t.index for t in tiles)
        tile_ok = all(
            tile_constraint_holds(c, counts, rules) for c in rules.where if not c.is_meld_level
        )
        if not tile_ok:
            return
        for melds in self.all_splits(tiles):
            kinds = Counter(m.kind for m in melds)
            for shape in rules.shapes:
                if not fits_shape(kinds, shape):
                    continue
                cs = rules.where + shape.where
                if all(
                    (
                        c.holds_on_melds(kinds)
                        if c.is_meld_level
                        else tile_constraint_holds(c, counts, rules)
                    )
                    for c in cs
                ):
                    yield shape.name, melds

    def all_splits(self, tiles) -> list[tuple[Meld, ...]]:
        """Every split of the tile sequence into melds that may still fill a
        shape (not merged by kind counts, unlike
        :meth:`~mahjong_regex.reference.evaluator.Evaluator.splits`)."""
        ev = self.evaluator
        idx = tuple(t.index for t in tiles)
        names = [t.name for t in tiles]
        out: list[tuple[Meld, ...]] = []

        def walk(pos: int, split: tuple[Meld, ...], kinds: dict[str, int]) -> None:
            if len(out) > MAX_SPLITS:
                raise TooManySplits(f"the hand splits more than {MAX_SPLITS:,} ways")
            if pos == len(idx):
                out.append(split)
                return
            if len(split) == ev.max_melds:
                return
            for size in ev.sizes:
                if pos + size > len(idx):
                    break
                for kind in ev.melds_by_tiles.get(idx[pos : pos + size], ()):
                    more = dict(kinds)
                    more[kind] = more.get(kind, 0) + 1
                    if ev.viable(more):
                        meld = Meld(kind, tuple(names[pos : pos + size]))
                        walk(pos + size, split + (meld,), more)

        walk(0, (), {})
        return out

    def holding(self, shape: str, melds: tuple[Meld, ...], counts: Counter) -> dict[str, int]:
        """{element name: times it counts} for the elements that hold on
        this split, before supersession."""
        out = {}
        for e in self.rules.scoring:
            if shape not in e.shapes:
                continue
            if not all(holds_on_split(c, shape, melds, counts, self.rules) for c in e.where):
                continue
            n = split_count(e.per, melds, self.rules) if e.per is not None else 1
            if n > 0:
                out[e.name] = n
        return out

    def effective(self, held: dict[str, int]) -> tuple[Scored, ...]:
        """The elements that count: those held, less every one superseded
        by another held one, and every non-limit one when a limit is held."""
        limit = any(self.by_name[n].limit for n in held)
        out = []
        for e in self.rules.scoring:
            if e.name not in held or (limit and not e.limit):
                continue
            if self.superseded_by[e.name] & held.keys():
                continue
            out.append(Scored(e.name, e.value, held[e.name], e.limit))
        return tuple(out)

    @staticmethod
    def rank(elements: tuple[Scored, ...]) -> tuple[int, int]:
        """(limit total, other total): splits compare by this, highest first."""
        limit = sum(e.points for e in elements if e.limit)
        return (limit, 0 if limit else sum(e.points for e in elements))

    def scored_splits(self, hand: str) -> list[tuple[tuple[Scored, ...], str, tuple[Meld, ...]]]:
        """Every winning split with its elements: (elements, shape, melds)."""
        tiles = self.rules.alphabet.tokenize(hand)
        counts = Counter(t.index for t in tiles)
        return [
            (self.effective(self.holding(shape, melds, counts)), shape, melds)
            for shape, melds in self.winning_splits(hand)
        ]

    def score(self, hand: str) -> Score:
        """Score one hand string (str -> :class:`Score`): a loss says why
        (the evaluator's reason)."""
        verdict = self.evaluator.evaluate(hand)
        if not verdict.win:
            return Score(False, reason=verdict.reason, error=verdict.error)
        best = None
        for elements, shape, melds in self.scored_splits(hand):
            if best is None or self.rank(elements) > self.rank(best[0]):
                best = (elements, shape, melds)
        elements, shape, melds = best
        limit, other = self.rank(elements)
        return Score(True, limit or other, elements, shape, melds)


def total_of(rules: RuleSet, names) -> int:
    """The total of a set of element names (each repeated for its count), as
    :class:`Score` gives it: the limit elements' sum when there are any,
    else the sum of the others."""
    by_name = {e.name: e for e in rules.scoring}
    limit = sum(by_name[n].value for n in names if by_name[n].limit)
    return limit or sum(by_name[n].value for n in names)


def element(rules: RuleSet, name: str) -> ScoreElement:
    """The scoring element called ``name``; KeyError when there is none."""
    for e in rules.scoring:
        if e.name == name:
            return e
    raise KeyError(name)
