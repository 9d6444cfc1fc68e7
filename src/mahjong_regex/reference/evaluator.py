"""The reference evaluator: the truth every generated pattern is tested against.

It interprets a :class:`~mahjong_regex.model.RuleSet` directly, with no
regular expression: split the hand string into tiles, enumerate every split
of the tile sequence into melds of the declared kinds, and check each split
against each hand shape and constraint.  It shares nothing with the compiler
but the checked rule set, and it says why a hand fails.
"""

from __future__ import annotations

from collections import Counter

from ..diagnostics import HandError
from ..ruleset.model import Constraint, RuleSet, Tile
from .verdicts import Meld, Verdict, fits_shape, slots_text, tile_constraint_holds
from .wild_search import WildEvaluator


class Evaluator:
    """Decides hands for one rule set (see the module docstring).

    Build once per rule set; :meth:`evaluate` and :meth:`wins` are pure."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.alphabet = rules.alphabet
        # Wild tiles need a search of what each stands for (reference/wilds.py).
        self.wild = None
        if rules.has_wilds:
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
                    f"no split fits {s.name} ({slots_text(s)})" for s in self.rules.shapes
                ),
            )
        for c in self.rules.where:
            if not c.is_meld_level and not tile_constraint_holds(c, counts, self.rules):
                return Verdict(False, reason=f"breaks {c.label()}")
        reasons = []
        for shape in self.rules.shapes:
            if shape.name not in fits:
                reasons.append(f"no split fits {shape.name} ({slots_text(shape)})")
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


__all__ = ["Evaluator", "Meld", "Verdict", "fits_shape", "tile_constraint_holds"]
