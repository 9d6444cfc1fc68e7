"""What changed in the scoring elements between two rule sets.

Elements pair up by name.  A pair differs when its value, ``limit``, the
shapes it applies to (by name), its ``per`` count, what it supersedes, or a
condition differs; conditions compare by meaning (kind, comparison, value,
the kinds counted, the names of the tiles of their classes), not by text.
Scoring never changes whether a hand wins, so these changes aim no hands
at the verdict search.
"""

from __future__ import annotations

from ..ruleset.model import Constraint, RuleSet, ScoreElement
from .places import Places
from .rules import RuleChange


def condition(c: Constraint | None, rules: RuleSet) -> tuple | None:
    """What a condition says, with tile names for tile indices."""
    if c is None:
        return None

    def names(cls) -> tuple:
        return tuple(sorted(rules.alphabet.tiles[i].name for i in cls.tiles)) if cls else ()

    parts = tuple(condition(p, rules) for p in c.parts)
    return (c.kind, c.op, c.value, tuple(sorted(c.kinds)), names(c.tiles), names(c.within), parts)


def differences(a: ScoreElement, b: ScoreElement, old: RuleSet, new: RuleSet) -> list[str]:
    """How element ``a`` (old) and ``b`` (new) differ, in words."""
    out = []
    if a.value != b.value:
        out.append(f"worth {a.value} → {b.value}")
    if a.limit != b.limit:
        out.append("now a limit element" if b.limit else "no longer a limit element")
    if set(a.shapes) != set(b.shapes):
        out.append(f"on {' | '.join(a.shapes)} → {' | '.join(b.shapes)}")
    if condition(a.per, old) != condition(b.per, new):
        out.append("another per count")
    if a.supersedes != b.supersedes:
        was, now = ", ".join(sorted(a.supersedes)), ", ".join(sorted(b.supersedes))
        out.append(f"supersedes {was or 'nothing'} → {now or 'nothing'}")
    if sorted(map(str, (condition(c, old) for c in a.where))) != sorted(
        map(str, (condition(c, new) for c in b.where))
    ):
        out.append("other conditions")
    return out


def scoring_changes(old: RuleSet, new: RuleSet, places: tuple[Places, Places]) -> list[RuleChange]:
    """The scoring elements added, removed or changed from ``old`` to
    ``new`` (``places``: each side's :class:`Places`), old ones first."""
    olds = {e.name: e for e in old.scoring}
    news = {e.name: e for e in new.scoring}
    out = []
    for name in list(olds) + [n for n in news if n not in olds]:
        a, b = olds.get(name), news.get(name)
        pa = places[0].declaration(a.span) if a else None
        pb = places[1].declaration(b.span) if b else None
        if a is None or b is None:
            how = "added" if a is None else "removed"
            out.append(RuleChange("scoring element", how, pa, pb, note=name))
            continue
        found = differences(a, b, old, new)
        if found:
            note = f"{name}: " + "; ".join(found)
            out.append(RuleChange("scoring element", "changed", pa, pb, note=note))
    return out
