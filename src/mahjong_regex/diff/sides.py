"""One side of a diff: what decides whether a string is a winning hand.

A :class:`RulesSide` is a checked rule set, decided by the reference
evaluator (:mod:`mahjong_regex.reference`), which also says why.  A
:class:`PatternSide` is a pattern in a flavor, decided by that flavor's
engine (:mod:`mahjong_regex.engines`, in a session that lives as long as
the side); it only says whether it matched.  Both remember
their answers, so a string is decided once per side.
"""

from __future__ import annotations

from ..engines import Session, diff_engine
from ..flavors.table import FLAVORS
from ..reference.evaluator import Evaluator, Verdict
from ..reference.multiset import MultisetEvaluator
from ..ruleset.model import RuleSet


class RulesSide:
    """A rule set (:class:`RuleSet`) as one side; ``label`` is its path."""

    def __init__(self, rules: RuleSet, label: str):
        self.rules = rules
        self.label = label
        self.evaluator = Evaluator(rules)
        self.verdicts: dict[str, Verdict] = {}

    def verdict(self, hand: str) -> Verdict:
        """The reference evaluator's verdict on ``hand`` (remembered)."""
        v = self.verdicts.get(hand)
        if v is None:
            v = self.verdicts[hand] = self.evaluator.evaluate(hand)
        return v

    def decide(self, hands: list[str]) -> list[bool]:
        """Does each string win?"""
        return [self.verdict(h).win for h in hands]

    def why(self, hand: str) -> str:
        """The split found, or the rule that failed, in one line."""
        return self.verdict(hand).explain()

    def split(self, hand: str) -> tuple[tuple[str, ...], ...]:
        """The tiles of each meld of the split found (for a winning hand)."""
        return tuple(m.tiles for m in self.verdict(hand).split)

    def cause(self, hand: str) -> str:
        """The verdict's reason with what differs from hand to hand left
        out (a wild search's example split): the shape that won, the rule
        that failed, where a string stops
        being tile names (its start, its end, inside).  Hands that no split
        fits are told apart by their number of tiles (the turned tile left
        out)."""
        v = self.verdict(hand)
        if v.win:
            return f"win: {v.shape}"
        if v.error is not None:
            at, names = v.error.position, self.evaluator.alphabet.by_name
            rest_is_junk = not any(name in hand[at:] for name in names)
            where = "start" if at == 0 else "end" if rest_is_junk else "inside"
            return f"not a hand: {v.error.char!r} at the {where}"
        reason = v.gist or v.reason  # a wild search's example split left out
        if reason.startswith("no split fits"):
            held = hand.split("|", 1)[1] if self.rules.indicator is not None else hand
            tiles = len(self.rules.alphabet.tokenize(held))
            return f"{reason} [{tiles} tiles]"
        return reason

    def close(self) -> None:
        """Nothing to release."""


class PatternSide:
    """A pattern (str) in ``flavor`` as one side; ``label`` is its path.
    ``space``, when given, is the rule set (:class:`RuleSet`) on whose hand
    space the pattern is compared (``diff --pattern FILE --rules R``): the
    search builds hands from it, and :meth:`why` adds its reason (the
    multiset reference's, with ``sorted_input``).

    Raises :class:`~mahjong_regex.engines.EngineError` when the
    flavor's engine is missing or rejects the pattern."""

    rules = None

    def __init__(
        self,
        pattern: str,
        flavor: str,
        label: str,
        space: RuleSet | None = None,
        sorted_input: bool = False,
    ):
        self.label = label
        self.flavor = flavor
        self.pattern = pattern
        self.space = space
        judge = MultisetEvaluator if sorted_input else Evaluator
        self.evaluator = None if space is None else judge(space)
        self.engine = Session(diff_engine(flavor), pattern, FLAVORS[flavor].flags)
        self.answers: dict[str, bool] = {}

    def decide(self, hands: list[str]) -> list[bool]:
        """Does the pattern match each string (remembered)?"""
        todo = list(dict.fromkeys(h for h in hands if h not in self.answers))
        if todo:
            self.answers.update(zip(todo, self.engine.decide(todo)))
        return [self.answers[h] for h in hands]

    def cause(self, hand: str) -> str:
        """Whether the pattern matched, in the words of its flavor (str)."""
        matched = self.decide([hand])[0]
        return f"the {self.flavor} pattern {'matches' if matched else 'does not match'}"

    def why(self, hand: str) -> str:
        """:meth:`cause`, and with a ``space`` rule set, its verdict and
        reason after a semicolon (``…; harbin: no: …``) (str)."""
        said = self.cause(hand)
        if self.evaluator is None:
            return said
        verdict = self.evaluator.evaluate(hand)
        return f"{said}; {self.space.name}: {'win' if verdict.win else 'no'}: {verdict.explain()}"

    def close(self) -> None:
        """End the engine's process."""
        self.engine.close()


Side = RulesSide | PatternSide
