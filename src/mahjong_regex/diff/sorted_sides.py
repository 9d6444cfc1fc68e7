"""``diff --input sorted``: both sides judged on sorted hands.

A rule set side decides with the multiset reference
(:class:`~mahjong_regex.reference.multiset.MultisetEvaluator`), which reads
a hand written in canonical order; a pattern side is a sorted pattern, run
in its engine as any pattern is.  The search writes every hand it builds in
canonical order (:func:`sorter`) and adds sorted hands near the boundary
(:func:`mahjong_regex.hands.sorted_hands.sorted_boundary`), so the
witnesses are sorted hands too.
"""

from __future__ import annotations

from typing import Callable

from ..diagnostics import HandError
from ..reference.multiset import MultisetEvaluator, sort_hand
from ..ruleset.model import RuleSet
from .sides import RulesSide


class SortedRulesSide(RulesSide):
    """A rule set (:class:`RuleSet`) as one side, deciding sorted hands;
    ``label`` is its path.  A hand out of canonical order does not win."""

    def __init__(self, rules: RuleSet, label: str):
        super().__init__(rules, label)
        self.evaluator = MultisetEvaluator(rules)

    def split(self, hand: str) -> tuple[tuple[str, ...], ...]:
        """The tiles held in each meld of the winning arrangement found."""
        return tuple(held for _, held, _ in self.verdict(hand).melds)

    def cause(self, hand: str) -> str:
        """The verdict's reason, told apart as :meth:`RulesSide.cause` does:
        the shape that won, a string out of canonical order, where a string
        stops being tile names, or the rules that fail (with the number of
        tiles where no split fits)."""
        v = self.verdict(hand)
        if v.win:
            return f"win: {v.shape}"
        if v.error is not None:
            if v.canonical:
                return "not a sorted hand: out of canonical order"
            at = v.error.position
            rest_is_junk = not any(t.name in hand[at:] for t in self.rules.alphabet.tiles)
            where = "start" if at == 0 else "end" if rest_is_junk else "inside"
            return f"not a hand: {v.error.char!r} at the {where}"
        if "no split fits" in v.reason:
            held = hand.split("|", 1)[1] if self.rules.indicator is not None else hand
            return f"{v.reason} [{len(self.rules.alphabet.tokenize(held))} tiles]"
        return v.reason


def sorter(rules: RuleSet) -> Callable[[str], str]:
    """A function writing a hand of ``rules`` in its canonical order (the
    turned tile and ``|`` kept first); a string that is not its tile names
    is left as it is."""

    def sort(hand: str) -> str:
        try:
            return sort_hand(rules, hand)
        except HandError:
            return hand

    return sort
