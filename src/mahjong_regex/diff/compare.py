"""A whole diff: the rule changes and the hands that changed verdict.

:func:`compare` runs both on two sides (:mod:`.sides`) and returns a
:class:`Diff`, which :mod:`.report` prints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..ruleset.model import RuleSet
from .changes import rule_changes
from .rule_change import RuleChange
from .search import Found, search
from .sides import Side
from .sorted_sides import sorter
from .tests_changed import TestChange, tests_changed


@dataclass(frozen=True)
class Diff:
    """What changed from ``old`` to ``new`` (their labels): ``changes`` the
    rule changes (None when a side is a pattern, which has no rules to
    compare), ``found`` the search's witnesses and how many strings it
    tried, ``outline`` the unified diff of the two outlines (None when not
    asked for; :mod:`.outlines`)."""

    old: str
    new: str
    changes: tuple[RuleChange, ...] | None
    found: Found
    outline: str | None = None
    #: Both sides are the same checked rule set: no hand can change verdict,
    #: and no search was run.
    proven_equal: bool = False
    #: The tests of either side whose hands changed verdict (:mod:`.tests_changed`).
    tests: tuple[TestChange, ...] = ()

    @property
    def differs(self) -> bool:
        """Did a rule or a verdict change?"""
        return bool(self.changes) or bool(self.found.witnesses) or bool(self.tests)


def compare(
    old: Side,
    new: Side,
    budget: int = 20_000,
    seed: int = 0,
    shrunk: int | None = None,
    sorted_input: bool = False,
) -> Diff:
    """Compare two sides: their rules when both are rule sets, their
    verdicts on the hands of either side's tests, and on ``budget``
    candidate strings (see :func:`.search.search`;
    ``shrunk``: how many witnesses per direction are shrunk, the kinds found
    most first, None for all).  With ``sorted_input`` every hand is written
    in the canonical order of the first rule set of the sides (the old
    side's, else the new side's, else a pattern's ``--rules``), and the sides
    are sorted ones (:mod:`.sorted_sides`).

    Raises ValueError when neither side is a rule set, and
    :class:`~mahjong_regex.engines.EngineError` when a pattern's engine
    fails."""
    changes = None
    if old.rules is not None and new.rules is not None:
        changes = tuple(rule_changes(old.rules, new.rules))
        if not changes and same_checked(old.rules, new.rules):
            return Diff(old.label, new.label, changes, Found((), 0, {}), proven_equal=True)
    normal = None
    if sorted_input:
        spaces = (old.rules, new.rules, getattr(old, "space", None), getattr(new, "space", None))
        first = next((r for r in spaces if r is not None), None)
        normal = sorter(first) if first is not None else None
    tests = tests_changed(old, new, normal)
    found = search(old, new, list(changes or ()), budget, seed, shrunk, normal)
    return Diff(old.label, new.label, changes, found, tests=tests)


def same_checked(a: RuleSet, b: RuleSet) -> bool:
    """Are ``a`` and ``b`` the same checked rule set, apart from their name,
    title, file and source text (comments, spacing)?  Then every hand has
    the same verdict on both: the reference evaluator reads nothing else."""

    def bare(r: RuleSet) -> RuleSet:
        return replace(r, name="", title="", source="", path="", warnings=())

    return bare(a) == bare(b)
