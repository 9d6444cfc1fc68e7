"""Sorted hands near the win/no-win boundary, for tests and benchmarks of
sorted input: the tiles of a hand in canonical order.

A hand is one of these families, then sorted:

- an arranged hand near the boundary (:func:`~.samples.near_boundary`: a
  shape's melds changed a little, wild tiles at every place);
- the melds of one of the rule set's shapes, unchanged;
- four copies of one tile split between a pung and a chow, with more melds
  and a pair;
- ``1112345678999`` of one suit and one more tile;
- seven pairs, one of them twice (four of a kind);
- a winning shape with one tile moved a rank up or down (3n + 2 tiles that
  almost fit);
- the special shapes: fourteen single tiles of a class, eight pairs and a
  single, as the rule set's shapes have them.

The choices come from a :class:`~.samples.Chooser`, so hypothesis and a
seeded ``random.Random`` (:func:`sorted_hands`) share the recipe.
"""

from __future__ import annotations

from ..diagnostics import HandError
from ..reference.multiset import sort_hand
from ..ruleset.model import RuleSet
from .samples import Chooser, RandomChooser, meld_instances, near_boundary, shape_melds

#: The families, some twice: about as many winning hands as losing ones.
FAMILIES = ("arranged", "wins", "wins", "split4", "nine", "pairs4", "almost", "almost", "singles")


def sorted_boundary(rules: RuleSet, choose: Chooser, instances=None) -> str:
    """One sorted hand for ``rules`` (see the module docstring); a string
    that is not made of tile names comes back as it is."""
    instances = instances or meld_instances(rules)
    family = choose.element(FAMILIES)
    hand = None
    if not rules.has_wilds and family != "arranged":
        hand = _family(rules, choose, instances, family)
    if hand is None:
        hand = near_boundary(rules, choose, instances)
    try:
        return sort_hand(rules, hand)
    except HandError:
        return hand


def _family(rules: RuleSet, choose: Chooser, instances, family: str) -> str | None:
    suited = [t for t in rules.alphabet.tiles if t.suit is not None]
    names = [t.name for t in rules.alphabet.tiles]
    if family in ("split4", "nine") and not suited:
        return None
    if family == "split4":
        runs = [m for m in instances.get("chow", []) if len(set(m)) == 3]
        if not runs:
            return None
        run = choose.element(runs)
        melds = [m for _, m in shape_melds(rules, choose, instances)][2:]
        return "".join([run[0] * 3] + run + [t for m in melds for t in m])
    if family == "nine":
        suit = choose.element(sorted({t.suit for t in suited}))
        ranks = [t.name for t in sorted(suited, key=lambda t: t.rank) if t.suit == suit]
        if len(ranks) < 9:
            return None
        body = [ranks[0]] * 3 + ranks[1:-1] + [ranks[-1]] * 3
        return "".join(body + [choose.element(names)])
    if family == "pairs4":
        tiles = [choose.element(names) for _ in range(6)]
        return "".join(t * 2 for t in tiles) + tiles[0] * 2
    if family == "almost":
        return _almost(rules, choose, instances)
    if family == "wins":
        return "".join(t for _, m in shape_melds(rules, choose, instances) for t in m)
    return _singles(rules, choose)


def _almost(rules: RuleSet, choose: Chooser, instances) -> str:
    """A winning shape with one suited tile moved a rank up or down."""
    tiles = [t for _, m in shape_melds(rules, choose, instances) for t in m]
    by_name = rules.alphabet.by_name
    i = choose.integer(0, len(tiles) - 1)
    t = by_name[tiles[i]]
    if t.suit is not None:
        near = [
            u.name for u in rules.alphabet.tiles if u.suit == t.suit and abs(u.rank - t.rank) == 1
        ]
        if near:
            tiles[i] = choose.element(near)
    return "".join(tiles)


def _singles(rules: RuleSet, choose: Chooser) -> str:
    """Fourteen (or seventeen) tiles of few kinds, most of them different:
    the special shapes' neighbourhood."""
    names = [t.name for t in rules.alphabet.tiles]
    n = choose.element((14, 14, 17))
    picked = [choose.element(names) for _ in range(n)]
    if choose.integer(0, 1):
        picked = sorted(set(picked)) + picked[: n - len(set(picked))]
    return "".join(picked[:n])


def sorted_hands(rules: RuleSet, n: int, seed: int = 0) -> list[str]:
    """``n`` sorted hands for ``rules`` (seeded: the same on every run)."""
    choose = RandomChooser(seed)
    instances = meld_instances(rules)
    return [sorted_boundary(rules, choose, instances) for _ in range(n)]
