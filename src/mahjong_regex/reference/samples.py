"""Arranged hands near the win/no-win boundary, for tests and benchmarks.

A hand is built as a valid shape of the rule set -- melds of allowed kinds,
in any order -- and then changed a little: a meld dropped, added, doubled
or swapped; a tile changed, dropped, added, moved or swapped; or, rarely,
the string itself damaged (a stray character, half a tile, a space, a
newline).  The choices come from a :class:`Chooser`, so the same recipe
serves hypothesis (tests/hands.py) and a seeded ``random.Random``
(:func:`random_hands`, used by the benchmark).
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence, TypeVar

from ..ruleset.model import RuleSet

T = TypeVar("T")

#: Strings that may be spliced into a hand to damage it.
JUNK = ("", " ", "\n", "\r\n", "x", "#", "\t", "赖子")


class Chooser(Protocol):
    """Where the random choices come from."""

    def element(self, options: Sequence[T]) -> T: ...

    def integer(self, lo: int, hi: int) -> int:
        """An int in [lo, hi]."""

    def permutation(self, items: list[T]) -> list[T]: ...


class RandomChooser:
    """A :class:`Chooser` over ``random.Random(seed)``, or over ``rng`` (a
    ``random.Random``) when given."""

    def __init__(self, seed: int = 0, rng: random.Random | None = None):
        self.rng = rng or random.Random(seed)

    def element(self, options):
        return options[self.rng.randrange(len(options))]

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def permutation(self, items):
        out = list(items)
        self.rng.shuffle(out)
        return out


def meld_instances(rules: RuleSet) -> dict[str, list[list[str]]]:
    """Every meld each kind can be, as lists of tile names."""
    names = [t.name for t in rules.alphabet.tiles]
    return {
        k.name: [[names[i] for i in inst] for inst in k.instances(rules.alphabet)]
        for k in rules.kinds.values()
    }


def change_melds(melds: list[list[str]], choose: Chooser, instances) -> None:
    """One change of a list of melds (tile-name lists), in place: a meld
    dropped, added (any kind of ``instances``, see :func:`meld_instances`),
    doubled, or swapped with the next."""
    op = choose.element(("drop", "add", "double", "swap"))
    if op == "drop" and melds:
        melds.pop(choose.integer(0, len(melds) - 1))
    elif op == "add":
        kind = choose.element(list(instances))
        melds.insert(choose.integer(0, len(melds)), list(choose.element(instances[kind])))
    elif op == "double" and melds:
        i = choose.integer(0, len(melds) - 1)
        melds.insert(i, list(melds[i]))
    elif op == "swap" and len(melds) > 1:
        i = choose.integer(0, len(melds) - 2)
        melds[i], melds[i + 1] = melds[i + 1], melds[i]


def change_tiles(hand: list[str], choose: Chooser, tiles: list[str]) -> None:
    """One change of a list of tile names, in place: a tile changed,
    dropped, added (one of ``tiles``), moved, or swapped with another."""
    op = choose.element(("change", "drop", "add", "move", "swap"))
    n = len(hand)
    if op == "add" or n == 0:
        hand.insert(choose.integer(0, n), choose.element(tiles))
    elif op == "change":
        hand[choose.integer(0, n - 1)] = choose.element(tiles)
    elif op == "drop":
        hand.pop(choose.integer(0, n - 1))
    elif op == "move":
        t = hand.pop(choose.integer(0, n - 1))
        hand.insert(choose.integer(0, n - 1), t)
    elif op == "swap" and n > 1:
        i, j = choose.integer(0, n - 1), choose.integer(0, n - 1)
        hand[i], hand[j] = hand[j], hand[i]


def near_boundary(rules: RuleSet, choose: Chooser, instances=None) -> str:
    """One hand string for ``rules`` (see the module docstring)."""
    instances = instances or meld_instances(rules)
    tiles = [t.name for t in rules.alphabet.tiles]
    shape = choose.element(rules.shapes)
    melds: list[list[str]] = []
    for count, kinds in shape.slots:
        for _ in range(count):
            melds.append(list(choose.element(instances[choose.element(kinds)])))
    melds = choose.permutation(melds)
    for _ in range(choose.integer(0, 2)):
        change_melds(melds, choose, instances)
    hand = [t for m in melds for t in m]
    for _ in range(choose.integer(0, 2)):
        change_tiles(hand, choose, tiles)
    text = "".join(hand)
    if choose.integer(0, 19) == 0:
        junk = choose.element(JUNK + ("cut",))
        i = choose.integer(0, len(text))
        text = text[:i] + text[i + 1 :] if junk == "cut" else text[:i] + junk + text[i:]
    return text


def random_hands(rules: RuleSet, n: int, seed: int = 0) -> list[str]:
    """``n`` hands near the boundary, the same for the same seed."""
    choose = RandomChooser(seed)
    instances = meld_instances(rules)
    return [near_boundary(rules, choose, instances) for _ in range(n)]
