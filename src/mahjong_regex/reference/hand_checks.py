"""The tests of a rule file, run in the reference: the evaluator's verdict
on each hand, and what else the test expects of it.

- a win ``as SHAPE``: the hand wins under the rule set with that shape
  alone;
- a win with a ``split``: that split of the hand wins (:func:`split_problem`:
  its melds are of their kinds, each wild tile may stand where it stands,
  the split fits a hand shape and keeps every rule);
- ``scores N: A, B``: the reference scorer's total and elements;
- a loss ``because`` some rules: without them (:meth:`RuleSet.relaxed`) the
  hand wins; ``because no split fits``: without any rule it still loses.

A test of ``tests sorted`` is decided by the multiset evaluator (some
arrangement of its tiles wins), the others by the evaluator of arranged
hands.

Like the evaluator, it shares nothing with the compiler but the checked
rule set.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..diagnostics import HandError
from ..ruleset.hand_tests import HandTest
from ..ruleset.model import PHYSICAL_LIMIT, Constraint, RuleSet, compare
from .evaluator import Evaluator
from .multiset import MultisetEvaluator
from .scorer import Scorer, TooManySplits
from .verdicts import fits_shape, slots_text, tile_constraint_holds
from .wild_tables import physical_excess, resolve_table, resolved, split_turned


@dataclass(frozen=True)
class Outcome:
    """A test run in the reference: the verdict (``win``), what the
    evaluator ``said`` (the split, or why not), and the ``problems``: what
    the test names that the rule set lacks, and each way the answer differs
    from what the test expects besides the verdict."""

    test: HandTest
    win: bool
    said: str
    problems: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """Did the reference give the test what it expects?"""
        return self.win == self.test.win and not self.problems


class ReferenceChecks:
    """Runs the tests of one rule set in the reference (build once per rule
    set; :meth:`run` is pure)."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.evaluator = Evaluator(rules)
        self._multiset: MultisetEvaluator | None = None
        self._scorer: Scorer | None = None

    @staticmethod
    def judge(rules: RuleSet, test: HandTest):
        """The evaluator of ``test``'s input form under ``rules``: the
        arranged hand's :class:`Evaluator`, or for ``tests sorted`` the
        :class:`~.multiset.MultisetEvaluator` (some arrangement wins)."""
        return MultisetEvaluator(rules) if test.form == "sorted" else Evaluator(rules)

    def run(self, test: HandTest) -> Outcome:
        """The :class:`Outcome` of one test."""
        evaluator = self.evaluator
        if test.form == "sorted":
            self._multiset = self._multiset or MultisetEvaluator(self.rules)
            evaluator = self._multiset
        verdict = evaluator.evaluate(test.hand)
        said = verdict.explain()
        if verdict.win != test.win:
            return Outcome(test, verdict.win, said, test.unresolved)
        checks = (self.shape, self.split, self.score) if test.win else (self.because,)
        problems = tuple(p for check in checks for p in [check(test)] if p)
        return Outcome(test, verdict.win, said, test.unresolved + problems)

    def shape(self, test: HandTest) -> str | None:
        """A win as ``test.shape``: the hand wins with that shape alone."""
        if test.shape is None:
            return None
        alone = replace(
            self.rules, shapes=tuple(s for s in self.rules.shapes if s.name == test.shape)
        )
        verdict = self.judge(alone, test).evaluate(test.hand)
        return None if verdict.win else f"not a win as {test.shape}: {verdict.reason}"

    def split(self, test: HandTest) -> str | None:
        """The expected split wins."""
        if test.split is None:
            return None
        return split_problem(self.rules, test)

    def score(self, test: HandTest) -> str | None:
        """The reference scorer's total and elements are the expected ones."""
        if test.score is None or not self.rules.scoring:
            return None
        if self._scorer is None:
            self._scorer = Scorer(self.rules)
        try:
            got = self._scorer.score(test.hand)
        except TooManySplits as e:
            return f"not scored: {e}"
        names = got.names()
        wrong_total = got.total != test.score
        if wrong_total or (test.elements is not None and sorted(names) != sorted(test.elements)):
            listed = ", ".join(names) or "no element"
            return f"scores {got.total} ({listed})"
        return None

    def because(self, test: HandTest) -> str | None:
        """Without the rules named the hand wins; with ``no split fits``,
        it loses even without every rule."""
        if test.no_split:
            every = [c.label() for c in _constraints(self.rules)] + [PHYSICAL_LIMIT]
            verdict = self.judge(self.rules.relaxed(every), test).evaluate(test.hand)
            return f"a split fits: {verdict.explain()}" if verdict.win else None
        if not test.breaks:
            return None
        verdict = self.judge(self.rules.relaxed(test.breaks), test).evaluate(test.hand)
        if verdict.win:
            return None
        return f"it does not win without {'; '.join(test.breaks)} either: {verdict.reason}"


def split_problem(rules: RuleSet, test: HandTest) -> str | None:
    """Why the split ``test`` expects does not win its hand, or None when it
    does: a meld that is not of its kind, a tile standing where it may not,
    the physical limit (with wild tiles), no hand shape the split fits, or
    the first rule it breaks on each shape it fits."""
    try:
        turned, tiles = split_turned(rules, test.hand)
    except HandError as e:
        return f"not a hand: {e}"
    by_name = rules.alphabet.by_name
    table = resolve_table(rules, turned) if rules.has_wilds else None
    kinds: Counter = Counter()
    stood: Counter = Counter()
    subs = 0
    for meld in test.split:
        inst = tuple(by_name[t].index for t in meld.stands)
        if inst not in rules.kinds[meld.kind].instances(rules.alphabet):
            return f"{meld} is not a {meld.kind}"
        for held, tile in zip(meld.held, meld.stands):
            cost = 0 if table is None else table.stands(by_name[held].index, by_name[tile].index)
            if cost is None:
                return f"{held} cannot stand for {tile} in {meld}"
            subs += cost
        kinds[meld.kind] += 1
        stood.update(inst)
    if table is not None:
        excess = physical_excess(rules, tiles, turned)
        if excess:
            return excess
    held_counts = Counter(t.index for t in tiles)
    holds = _Holds(rules, table, kinds, stood, held_counts, subs)
    fitting = [s for s in rules.shapes if fits_shape(kinds, s)]
    if not fitting:
        shapes = "; ".join(f"{s.name} ({slots_text(s)})" for s in rules.shapes)
        return f"the split fits no hand shape: {shapes}"
    reasons = []
    for shape in fitting:
        broken = next((c for c in rules.where + shape.where if not holds(c)), None)
        if broken is None:
            return None
        reasons.append(f"the split fits {shape.name} but breaks {broken.label()}")
    return "; ".join(reasons)


@dataclass(frozen=True)
class _Holds:
    """Does a constraint hold on one split: meld counts on its ``kinds``,
    tile conditions on the tiles ``stood`` for, ``held`` ones on the tiles
    held, ``substitutes`` on the wild tiles standing for another tile?"""

    rules: RuleSet
    table: object
    kinds: Counter
    stood: Counter
    held: Counter
    subs: int

    def __call__(self, c: Constraint) -> bool:
        if c.kind == "any":
            return any(self(p) for p in c.parts)
        if c.kind == "all":
            return all(self(p) for p in c.parts)
        if c.is_meld_level:
            return c.holds_on_melds(self.kinds)
        if c.kind == "substitutes":
            return compare(self.subs, c.op, c.value)
        if c.held:
            return tile_constraint_holds(resolved(c, self.table, self.rules), self.held, self.rules)
        return tile_constraint_holds(c, self.stood, self.rules)


def _constraints(rules: RuleSet) -> list[Constraint]:
    return list(rules.where) + [c for s in rules.shapes for c in s.where]


__all__ = ["Outcome", "ReferenceChecks", "split_problem"]
