"""What the reference deciders share: a meld of a split, a verdict, whether
tile-level constraints hold on a tile multiset, and whether meld counts fill
a shape's slots.  Used by the evaluator (:mod:`.evaluator`), its search of
wild tiles (:mod:`.wild_search`) and the scorer (:mod:`.scorer`); none of it
is shared with the compiler.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..diagnostics import HandError
from ..ruleset.model import Constraint, RuleSet, Shape, compare


@dataclass(frozen=True)
class Meld:
    """One meld of a split: its kind name and its tiles (names, in order)."""

    kind: str
    tiles: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind} {''.join(self.tiles)}"


@dataclass(frozen=True)
class Verdict:
    """The evaluator's answer for one hand.

    ``win`` is the decision.  For a win, ``shape`` names the hand shape and
    ``split`` the melds found; for a loss, ``reason`` names the rule that
    failed.  ``error`` is set (and ``win`` False) when the string is not a
    sequence of tile names.  ``gist`` is the reason without the example
    split it may show (with wild tiles), empty when the reason has none:
    hands that fail for the same rules have the same gist."""

    win: bool
    reason: str = ""
    shape: str = ""
    split: tuple[Meld, ...] = ()
    error: HandError | None = None
    gist: str = ""

    def explain(self) -> str:
        """One line: the split for a win, the reason for a loss."""
        if self.win:
            return f"{self.shape}: " + " | ".join(str(m) for m in self.split)
        return self.reason


def tile_constraint_holds(c: Constraint, counts: Counter, rules: RuleSet) -> bool:
    """Does a tile-level constraint hold on a tile multiset?

    ``counts`` maps tile index -> number of copies (int)."""
    present = {i for i, n in counts.items() if n > 0}
    if c.kind == "any":
        return any(tile_constraint_holds(p, counts, rules) for p in c.parts)
    if c.kind == "all":
        return all(tile_constraint_holds(p, counts, rules) for p in c.parts)
    if c.kind == "suit_count":
        suits = {rules.alphabet.tiles[i].suit for i in present} - {None}
        return compare(len(suits), c.op, c.value)
    if c.kind == "contains":
        return bool(present & c.tiles.tiles)
    if c.kind == "only":
        return present <= c.tiles.tiles
    if c.kind == "each_tile":
        return all(compare(counts.get(i, 0), c.op, c.value) for i in c.tiles.tiles)
    if c.kind == "tile_count":
        return compare(sum(counts.get(i, 0) for i in c.tiles.tiles), c.op, c.value)
    raise ValueError(f"not a tile-level constraint: {c.kind}")


def fits_shape(kinds: Counter, shape: Shape) -> bool:
    """Can melds with these kind counts fill the shape's slots one to one?

    ``kinds`` maps kind name -> number of melds.  Brute force over the ways
    of handing slots to melds: independent of the compiler's automaton."""
    if sum(kinds.values()) != shape.size:
        return False
    return _assign(tuple(sorted(kinds.items())), shape.slots)


@lru_cache(maxsize=4096)
def _assign(kinds: tuple[tuple[str, int], ...], slots) -> bool:
    if not slots:
        return all(n == 0 for _, n in kinds)
    (count, allowed), rest = slots[0], slots[1:]
    # Choose how many melds of each allowed kind fill this slot group.
    pool = [(k, n) for k, n in kinds if k in allowed and n > 0]

    def spread(i: int, need: int, taken: dict):
        if need == 0:
            yield dict(taken)
            return
        if i == len(pool):
            return
        k, n = pool[i]
        for use in range(min(n, need), -1, -1):
            taken[k] = use
            yield from spread(i + 1, need - use, taken)
            del taken[k]

    for taken in spread(0, count, {}):
        left = tuple((k, n - taken.get(k, 0)) for k, n in kinds)
        if _assign(left, rest):
            return True
    return False


def slots_text(shape: Shape) -> str:
    """A shape's slots as the DSL writes them: ``4 × (chow | pung) + pair``."""
    parts = []
    for count, kinds in shape.slots:
        k = kinds[0] if len(kinds) == 1 else "(" + " | ".join(kinds) + ")"
        parts.append(k if count == 1 else f"{count} × {k}")
    return " + ".join(parts)
