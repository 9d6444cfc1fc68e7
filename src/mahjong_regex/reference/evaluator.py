"""The reference evaluator: the truth every generated pattern is tested against.

It interprets a :class:`~mahjong_regex.model.RuleSet` directly, with no
regular expression: split the hand string into tiles, enumerate every split
of the tile sequence into melds of the declared kinds, and check each split
against each hand shape and constraint.  It shares nothing with the compiler
but the checked rule set, and it says why a hand fails.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..diagnostics import HandError
from ..ruleset.model import Constraint, RuleSet, Shape, Tile, compare


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


class Evaluator:
    """Decides hands for one rule set (see the module docstring).

    Build once per rule set; :meth:`evaluate` and :meth:`wins` are pure."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.alphabet = rules.alphabet
        # Wild tiles need a search of what each stands for (reference/wilds.py).
        self.wild = None
        if rules.has_wilds:
            from .wild_search import WildEvaluator

            self.wild = WildEvaluator(rules)
        self.max_melds = max(s.size for s in rules.shapes)
        by_tiles: dict[tuple[int, ...], list[str]] = {}
        for kind in rules.kinds.values():
            for inst in kind.instances(self.alphabet):
                by_tiles.setdefault(inst, []).append(kind.name)
        self.melds_by_tiles = by_tiles
        self.sizes = sorted({len(k) for k in by_tiles})
        # Per shape: how many melds of each kind it can take, and its size.
        self.room = [
            ({k: sum(c for c, ks in s.slots if k in ks) for k in s.kinds}, s.size)
            for s in rules.shapes
        ]

    def viable(self, counts: dict[str, int]) -> bool:
        """Can melds with these kind counts still grow into a split that
        fills some shape?  (A split that fills none cannot matter.)"""
        total = sum(counts.values())
        return any(
            total <= size and all(n <= room.get(k, 0) for k, n in counts.items())
            for room, size in self.room
        )

    def wins(self, hand: str) -> bool:
        """True when ``hand`` (str) is a winning arranged hand; False for a
        losing hand and for a string that is not made of tile names."""
        return self.evaluate(hand).win

    def splits(
        self, tiles: tuple[Tile, ...]
    ) -> dict[tuple[tuple[str, int], ...], tuple[Meld, ...]]:
        """Every way to split ``tiles`` into melds that can still fill some
        shape, grouped by how many melds of each kind the split has.

        Returns {kind counts (sorted (kind, n) pairs): one example split}.
        Splits with equal kind counts are alike for every rule, so one
        example of each is kept (a dynamic program over tile positions)."""
        idx = tuple(t.index for t in tiles)
        names = [t.name for t in tiles]
        # frontier[pos] = {kind counts: example split reaching pos}
        frontier: list[dict] = [dict() for _ in range(len(idx) + 1)]
        frontier[0][()] = ()
        for pos in range(len(idx)):
            for key, split in frontier[pos].items():
                if len(split) == self.max_melds:
                    continue
                for size in self.sizes:
                    if pos + size > len(idx):
                        break
                    for kind in self.melds_by_tiles.get(idx[pos : pos + size], ()):
                        counts = dict(key)
                        counts[kind] = counts.get(kind, 0) + 1
                        if not self.viable(counts):
                            continue
                        new = tuple(sorted(counts.items()))
                        meld = Meld(kind, tuple(names[pos : pos + size]))
                        frontier[pos + size].setdefault(new, split + (meld,))
        return frontier[len(idx)]

    def evaluate(self, hand: str) -> Verdict:
        """Decide one hand string and say why (str -> :class:`Verdict`).

        The reason for a loss names, in this order: no split fitting any
        hand shape; else a broken tile-level rule of the win condition; else,
        per shape that some split fits, the rule that shape breaks."""
        if self.wild is not None:
            return self.wild.evaluate(hand)
        try:
            tiles = self.alphabet.tokenize(hand)
        except HandError as e:
            return Verdict(False, reason=f"not a hand: {e}", error=e)
        counts = Counter(t.index for t in tiles)
        splits = self.splits(tiles)
        # For each shape: the first split that fits it, and the meld-count
        # rules the fitting splits break (empty: one breaks none).
        fits: dict[str, tuple[tuple[Meld, ...], list[Constraint]]] = {}
        for key, split in splits.items():
            kinds = Counter(dict(key))
            for shape in self.rules.shapes:
                if not fits_shape(kinds, shape):
                    continue
                broken = [
                    c
                    for c in self.rules.where + shape.where
                    if c.is_meld_level and not c.holds_on_melds(kinds)
                ]
                if shape.name not in fits or (fits[shape.name][1] and not broken):
                    fits[shape.name] = (split, broken)
        if not fits:
            return Verdict(
                False,
                reason="; ".join(
                    f"no split fits {s.name} ({_slots_text(s)})" for s in self.rules.shapes
                ),
            )
        for c in self.rules.where:
            if not c.is_meld_level and not tile_constraint_holds(c, counts, self.rules):
                return Verdict(False, reason=f"breaks {c.label()}")
        reasons = []
        for shape in self.rules.shapes:
            if shape.name not in fits:
                continue
            split, broken = fits[shape.name]
            tile_broken = [
                c
                for c in shape.where
                if not c.is_meld_level and not tile_constraint_holds(c, counts, self.rules)
            ]
            if not broken and not tile_broken:
                return Verdict(True, shape=shape.name, split=split)
            reasons.append(f"{shape.name} fits but breaks {(tile_broken or broken)[0].label()}")
        return Verdict(False, reason="; ".join(reasons))


def _slots_text(shape: Shape) -> str:
    parts = []
    for count, kinds in shape.slots:
        k = kinds[0] if len(kinds) == 1 else "(" + " | ".join(kinds) + ")"
        parts.append(k if count == 1 else f"{count} × {k}")
    return " + ".join(parts)
