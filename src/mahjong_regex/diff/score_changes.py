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
from .rule_change import RuleChange


def condition(c: Constraint | None, rules: RuleSet, kid: dict) -> tuple | None:
    """What a condition says, with tile names for tile indices and the
    meld kinds' pair numbers (``kid``: kind name -> number) for their names
    (renaming a kind is no change)."""
    if c is None:
        return None

    def names(cls) -> tuple:
        return tuple(sorted(rules.alphabet.tiles[i].name for i in cls.tiles)) if cls else ()

    kinds = tuple(sorted(kid.get(k, k) for k in c.kinds))
    parts = tuple(condition(p, rules, kid) for p in c.parts)
    return (c.kind, c.op, c.value, kinds, names(c.tiles), names(c.within), parts)


def differences(a: ScoreElement, b: ScoreElement, sides) -> list[str]:
    """How element ``a`` (old) and ``b`` (new) differ, in words; ``sides``:
    (rule set, kind pair numbers) of each side."""
    (old, old_kid), (new, new_kid) = sides
    out = []
    if a.value != b.value:
        out.append(f"worth {a.value} → {b.value}")
    if a.limit != b.limit:
        out.append("now a limit element" if b.limit else "no longer a limit element")
    if set(a.shapes) != set(b.shapes):
        out.append(f"on {' | '.join(a.shapes)} → {' | '.join(b.shapes)}")
    if condition(a.per, old, old_kid) != condition(b.per, new, new_kid):
        out.append("another per count")
    if a.supersedes != b.supersedes:
        was, now = ", ".join(sorted(a.supersedes)), ", ".join(sorted(b.supersedes))
        out.append(f"supersedes {was or 'nothing'} → {now or 'nothing'}")
    if sorted(map(str, (condition(c, old, old_kid) for c in a.where))) != sorted(
        map(str, (condition(c, new, new_kid) for c in b.where))
    ):
        out.append("other conditions")
    return out


def scoring_changes(
    old: RuleSet, new: RuleSet, places: tuple[Places, Places], kid: tuple[dict, dict]
) -> list[RuleChange]:
    """The scoring elements added, removed or changed from ``old`` to
    ``new`` (``places``: each side's :class:`Places`; ``kid``: each side's
    meld kinds' pair numbers), old ones first."""
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
        found = differences(a, b, ((old, kid[0]), (new, kid[1])))
        if found:
            note = f"{name}: " + "; ".join(found)
            out.append(RuleChange("scoring element", "changed", pa, pb, note=note))
    return out
