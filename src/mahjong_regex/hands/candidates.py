"""Candidate hands for the verdict search of ``diff``.

Three sources, all seeded (the same seed gives the same hands):

- :meth:`RuleHands.boundary`: hands near the win/no-win boundary of one
  rule set, the recipe of :mod:`mahjong_regex.hands.samples`;
- :meth:`RuleHands.winning`: hands built to win a shape, tile constraints
  and all (:mod:`.winning`);
- :meth:`RuleHands.constraint_aims`, :meth:`RuleHands.counted`,
  :meth:`RuleHands.kept` (``diff`` aims them at each rule change): a shape filled so
  that a meld count sits just below, at or above its bound, the tiles kept
  inside or outside a class, within a few suits, or many copies of one tile;
- :class:`Mutator`: small changes of a winning hand (the recipe's meld and
  tile changes: a meld dropped, added, doubled or swapped; a tile changed,
  dropped, added, moved or swapped), and, where a side is a pattern, the
  hand with white space or a second line around it.
"""

from __future__ import annotations

import random
from typing import Callable

from ..ruleset.model import Constraint, RuleSet, Shape
from .samples import (
    RandomChooser,
    change_meld,
    change_tile,
    meld_instances,
    near_boundary,
)
from .winning import WinningHands

#: Strings put around a winning hand, for a side that is a pattern.
AROUND = (
    ("", "\n"),
    ("\n", ""),
    ("", "\r\n"),
    ("", " "),
    (" ", ""),
    ("", "\t"),
    ("x\n", ""),
    ("", "\nx"),
)


class Tokens:
    """Splits strings into tile names of ``names`` (longest first) and,
    where no name starts, single characters; remembers each answer."""

    def __init__(self, names: list[str]):
        self.names = sorted(set(names))
        self.by_first: dict[str, list[str]] = {}
        for name in sorted(self.names, key=len, reverse=True):
            self.by_first.setdefault(name[0], []).append(name)
        self.seen: dict[str, tuple[str, ...]] = {}

    def __call__(self, hand: str) -> list[str]:
        """``hand`` as a list of tokens."""
        got = self.seen.get(hand)
        if got is None:
            out, i = [], 0
            while i < len(hand):
                starts = self.by_first.get(hand[i], ())
                name = next((n for n in starts if hand.startswith(n, i)), hand[i])
                out.append(name)
                i += len(name)
            got = self.seen[hand] = tuple(out)
        return list(got)


class RuleHands:
    """Hands built from one rule set (:class:`RuleSet`), drawing on ``rng``
    (a ``random.Random``)."""

    def __init__(self, rules: RuleSet, seed: int):
        self.rules = rules
        self.chooser = RandomChooser(seed)
        self.rng = self.chooser.rng
        self.instances = meld_instances(rules)
        self.names = [t.name for t in rules.alphabet.tiles]
        self.winners = WinningHands(rules, self.rng)
        indicator = rules.indicator.tiles if rules.indicator is not None else ()
        self.turnable = [self.names[i] for i in sorted(indicator)]

    def boundary(self) -> str:
        """A hand near the boundary (see :func:`near_boundary`)."""
        return near_boundary(self.rules, self.chooser, self.instances)

    def winning(self, shape: Shape | None = None) -> str:
        """A hand built to win ``shape`` (a random one when None); see
        :class:`.winning.WinningHands`."""
        return self.turned(self.winners.hand(shape or self.rng.choice(self.rules.shapes)))

    def turned(self, hand: str) -> str:
        """``hand`` after a turned tile and ``|`` (one of the tiles the
        indicator may be, at random), for a rule set with an indicator;
        else ``hand`` as it is."""
        if self.rules.indicator is None:
            return hand
        return self.rng.choice(self.turnable) + "|" + hand

    def fill(
        self,
        shape: Shape | None = None,
        prefer: frozenset = frozenset(),
        want: int | None = None,
        keep: Callable[[list[str]], bool] | None = None,
        focus: float = 1.0,
        first: frozenset = frozenset(),
    ) -> str:
        """A shape (``shape`` or a random one) filled with melds: up to
        ``want`` (all when None) of the slots that allow a kind of
        ``prefer`` take such a kind, the others another kind where they
        can; with probability ``focus`` a meld is one for which ``keep``
        holds, when its kind has one.  Slots that allow a kind of ``first``
        are filled first, with such a kind.  Melds in random order, then one
        tile changed, dropped or added a third of the time; after a turned
        tile when the rule set has an indicator (see :meth:`turned`)."""
        rng = self.rng
        shape = shape or rng.choice(self.rules.shapes)
        slots = [kinds for count, kinds in shape.slots for _ in range(count)]
        rng.shuffle(slots)
        slots.sort(key=lambda kinds: not first.intersection(kinds))
        melds, placed = [], 0
        for kinds in slots:
            liked = [k for k in kinds if k in prefer]
            liked = [k for k in liked if k in first] or liked
            others = [k for k in kinds if k not in prefer]
            if liked and (want is None or placed < want) or not others:
                kind, placed = rng.choice(liked or others), placed + bool(liked)
            else:
                kind = rng.choice(others)
            pool = self.instances[kind]
            if keep is not None and rng.random() < focus:
                pool = [m for m in pool if keep(m)] or pool
            melds.append(rng.choice(pool))
        rng.shuffle(melds)
        hand = [t for m in melds for t in m]
        if rng.randrange(3) == 0:
            change_tile(self.chooser, hand, self.names)
        return self.turned("".join(hand))

    # ---- hands aimed at a change --------------------------------------------------

    def meld_counts(self, shape: Shape | None) -> list[Constraint]:
        """The meld-count constraints (parts of compounds too) that apply
        to ``shape``, or to any shape when None."""
        cs = list(self.rules.where)
        cs += shape.where if shape else [c for s in self.rules.shapes for c in s.where]
        out = []
        while cs:
            c = cs.pop()
            cs += c.parts
            if c.kind == "meld_count":
                out.append(c)
        return out

    def counted(
        self,
        kinds: frozenset,
        around: int | None,
        shape: Shape | None = None,
        first: frozenset = frozenset(),
    ) -> Callable[[], str]:
        """Hands of ``shape`` (else of a shape with one of ``kinds``) with
        about ``around`` melds of ``kinds`` (any number when None), those
        of ``first`` placed first."""
        shapes = [s for s in self.rules.shapes if kinds & set(s.kinds)] or list(self.rules.shapes)
        shapes = [shape] if shape else shapes

        def make() -> str:
            shape = self.rng.choice(shapes)
            n = self.rng.randint(0, shape.size) if around is None else around
            return self.fill(shape, kinds, max(0, n + self.rng.randint(-1, 1)), first=first)

        return make

    def kept(self, keep: Callable[[list[str]], bool]) -> Callable[[], str]:
        """Hands whose melds mostly (or all) satisfy ``keep``."""
        return lambda: self.fill(keep=keep, focus=self.rng.choice((1.0, 1.0, 0.8, 0.5)))

    def constraint_aims(self, c: Constraint) -> list[Callable[[], str]]:
        """Hand makers near the bound of constraint ``c``."""
        if c.parts:
            return [a for p in c.parts for a in self.constraint_aims(p)]
        if c.kind == "meld_count":
            return [self.counted(c.kinds, c.value)]
        if c.kind == "suit_count":
            return [lambda: self.in_suits(c.value + self.rng.randint(-1, 1))]
        if c.tiles is None:  # substitutes: hands with wild tiles, see near_boundary
            return [self.boundary]
        names = {self.names[i] for i in c.tiles.tiles}
        inside = self.kept(lambda m: all(t in names for t in m))
        outside = self.kept(lambda m: not any(t in names for t in m))
        if c.kind == "each_tile":
            return [lambda: self.copies(self.rng.choice(sorted(names))), inside]
        return [inside, outside]

    def in_suits(self, n: int) -> str:
        """A hand from ``n`` suits (clamped to what there is), honors or not."""
        suits = list(self.rules.alphabet.suits)
        chosen = set(self.rng.sample(suits, max(0, min(n, len(suits)))))
        honors = self.rng.random() < 0.5
        allowed = {
            t.name for t in self.rules.alphabet.tiles if t.suit in chosen or honors and not t.suit
        }
        return self.kept(lambda m: all(t in allowed for t in m))()

    def copies(self, name: str) -> str:
        """A hand with many melds holding tile ``name``."""
        focus = self.rng.choice((0.3, 0.5, 0.8, 1.0))
        return self.fill(keep=lambda m: name in m, focus=focus)


class Mutator:
    """Small changes of winning hands, over the tile names of ``tokens`` (a
    :class:`Tokens`) and the meld instances ``instances`` (kind -> list of
    tile-name lists)."""

    def __init__(self, tokens: Tokens, instances: dict, rng: random.Random):
        self.tokens = tokens
        self.names = tokens.names
        self.instances = instances
        self.rng = rng
        self.choose = RandomChooser(rng=rng)

    def mutate(self, hand: str, split=None) -> str:
        """``hand`` changed a little (:func:`change_meld` on its melds
        ``split``, as tile-name tuples, when given, half the time, after
        the same turned tile and ``|`` as ``hand``; else :func:`change_tile`
        on its tokens, the turned tile and ``|`` among them)."""
        if split and self.rng.random() < 0.5:
            melds = [list(m) for m in split]
            change_meld(self.choose, melds, self.instances)
            turned = hand[: hand.index("|") + 1] if "|" in hand else ""
            return turned + "".join(t for m in melds for t in m)
        tiles = self.tokens(hand)
        change_tile(self.choose, tiles, self.names)
        return "".join(tiles)

    @staticmethod
    def around(hand: str) -> list[str]:
        """``hand`` with white space or another line before or after it."""
        return [before + hand + after for before, after in AROUND]
