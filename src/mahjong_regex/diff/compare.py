"""A whole diff: the rule changes and the hands that changed verdict.

:func:`compare` runs both on two sides (:mod:`.sides`) and returns a
:class:`Diff`, which :mod:`.report` prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import RuleChange, rule_changes
from .search import Found, search
from .sides import Side


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

    @property
    def differs(self) -> bool:
        """Did a rule or a verdict change?"""
        return bool(self.changes) or bool(self.found.witnesses)


def compare(old: Side, new: Side, budget: int = 20_000, seed: int = 0) -> Diff:
    """Compare two sides: their rules when both are rule sets, and their
    verdicts on ``budget`` candidate strings (see :func:`.search.search`).

    Raises ValueError when neither side is a rule set, and
    :class:`~mahjong_regex.diff.engines.EngineError` when a pattern's engine
    fails."""
    changes = None
    if old.rules is not None and new.rules is not None:
        changes = tuple(rule_changes(old.rules, new.rules))
    found = search(old, new, list(changes or ()), budget, seed)
    return Diff(old.label, new.label, changes, found)
