"""The tests of either side that changed verdict: each hand a ``tests``
block of a rule set names (the old side's, the new side's, the ``--rules``
rule set's), decided on both sides.  ``diff`` names them before anything
else: a test whose verdict changed is the change its writer meant to
catch."""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import source_lines
from ..ruleset.hand_tests import note_at
from ..ruleset.model import RuleSet
from .sides import Side


@dataclass(frozen=True)
class TestChange:
    """A test whose hand the two sides decide differently: ``place``
    (``path:line:col`` of the test), the verdict it ``expects`` (``win`` or
    ``no``), its ``hand`` and ``note`` (the comment on its line), whether
    the old side wins it (``old_wins``; the new side says the other), and
    each side's explanation."""

    __test__ = False  # not a pytest class

    place: str
    expects: str
    hand: str
    note: str
    old_wins: bool
    old_why: str
    new_why: str


def _tests(rules: RuleSet, sorted_input: bool):
    """(place, expected verdict, hand, note) of each test of ``rules``; of
    ``tests sorted`` only for sorted input (``sorted_input``: their hands
    are no arrangements), and then first."""
    lines = source_lines(rules.source)
    # On sorted input the sorted tests come first: a hand written so is
    # shown under its own line, not under an arranged test of its tiles.
    tests = sorted(rules.tests, key=lambda t: t.form != "sorted") if sorted_input else rules.tests
    for t in tests:
        if t.form == "sorted" and not sorted_input:
            continue
        yield f"{rules.path}:{t.span}", "win" if t.win else "no", t.text, note_at(lines, t.span)


def tests_changed(old: Side, new: Side, normal=None) -> tuple[TestChange, ...]:
    """The tests of the rule sets of ``new``, ``old`` and the ``--rules``
    rule set of a pattern side (in that order; a hand named twice is
    decided once, under its first test) that the two sides decide
    differently; ``normal``, when given, rewrites each test's hand first
    (sorted input: into canonical order; the tests of ``tests sorted`` are
    read only then)."""
    found: dict[str, tuple[str, str, str]] = {}
    for side in (new, old):
        for rules in (side.rules, getattr(side, "space", None)):
            if rules is None:
                continue
            for place, expects, hand, note in _tests(rules, normal is not None):
                found.setdefault(normal(hand) if normal else hand, (place, expects, note))
    hands = list(found)
    if not hands:
        return ()
    out = []
    for hand, old_wins, new_wins in zip(hands, old.decide(hands), new.decide(hands)):
        if old_wins != new_wins:
            place, expects, note = found[hand]
            out.append(
                TestChange(place, expects, hand, note, old_wins, old.why(hand), new.why(hand))
            )
    return tuple(out)
