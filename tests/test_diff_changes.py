"""Every single change of a rule file, through ``diff``: an edit that keeps
the meaning (a meld kind renamed, declarations reordered) shows no rule
change and no hand; every other edit shows a rule change citing its lines,
and -- unless it leaves the language as it was (listed below, each with the
reason) -- a hand that changed verdict, checked with the reference
evaluator of each side.

Every built-in rule set is tried.  The search decides :data:`BUDGET`
strings per pair for the rule sets of :data:`FULL`, fewer for the others
(:func:`budget`): every change below is found within it (the search is
seeded, so the same hands are tried on every run).  At full size
(``MAHJONG_HANDS`` 20,000 or more) every change of :data:`FULL` is tried,
else every third; of changchun and mcr every fourth; of the other rule
sets every :data:`SAMPLE`-th, and every :data:`WILD_SAMPLE`-th of those
with wild tiles (to keep the suite inside its time: about 0.7 s a pair,
1 to 8 s with wild tiles)."""

from __future__ import annotations

import pytest
from conftest import HANDS
from mutants import mutants

from mahjong_regex import BUILTINS, Evaluator, builtin_source
from mahjong_regex.diagnostics import MeldError
from mahjong_regex.diff.compare import compare
from mahjong_regex.diff.sides import RulesSide
from mahjong_regex.ruleset.checker import load

#: Strings decided on both sides per pair, for the rule sets of :data:`FULL`.
BUDGET = 1500
#: The rule sets every change of is tried (at full size).
FULL = ("harbin", "sichuan", "riichi")
#: Rule sets with many changes alike: every fourth is tried, at the budget
#: of :data:`FULL`.
WIDE = ("changchun", "mcr")
#: Every change of :data:`FULL` is tried at full size, else every third.
STRIDE = 1 if HANDS >= 20_000 else 3
#: Of the other built-ins, every SAMPLE-th change is tried.
SAMPLE = 8
#: Of those with wild tiles (whose evaluator searches what each wild tile
#: stands for), every WILD_SAMPLE-th.
WILD_SAMPLE = 12

#: Changes that leave the language as it was: (rule set, change) -> why.
SAME_LANGUAGE = {
    ("riichi", "line 21: each tile <= 2: <= 2 -> <= 3"): "seven pairs hold a tile 2 or 4 times",
    ("changchun", "line 39: suits >= 3: >= 3 -> == 3"): "the rule set has three suits",
    **{
        ("hongzhong", f"line {n}: meld {kind}:  of suited -> "): "中 stands for any suited tile"
        for n, kind in ((17, "pung"), (18, "kong"), (19, "pair"))
    },
    ("hongzhong", "an honor tile added"): "every meld but a chow is of suited tiles",
    ("wuhan", "an honor tile added"): "every meld but a chow is of suited tiles",
    ("wuhan", "line 28: suits == 1: == 1 -> <= 1"): "every hand holds suited tiles only",
    ("guangdong", "line 28: each tile <= 4: <= 4 -> <= 5"): (
        "in seven pairs a tile stands an even number of times, and at most 4 are held"
    ),
    ("guangdong", "line 33: each tile <= 4: <= 4 -> <= 3"): (
        "thirteen orphans: 14 singles over 13 kinds, each at least once"
    ),
}
#: mcr's 七星不靠 is 全不靠 with every honor: each change of its constraints
#: (lines 45-48) but these two only narrows it, and every hand it loses is
#: still a 全不靠 hand.
MCR_WIDENS = ("line 45: each tile <= 1 dropped", "line 45: each tile <= 1: <= 1 -> <= 2")


def same_language(name: str, what: str) -> str | None:
    """Why the change ``what`` of rule set ``name`` keeps the language, or
    None when it does not."""
    if name == "mcr" and what[:8] in ("line 45:", "line 46:", "line 47:", "line 48:"):
        return None if what in MCR_WIDENS else "it narrows 七星不靠, whose hands are 全不靠 hands"
    return SAME_LANGUAGE.get((name, what))


def cases(name: str) -> list:
    """The changes tried for rule set ``name``: of :data:`FULL`, every one,
    or every third below full size; of :data:`WIDE`, every fourth; of the
    others, every :data:`SAMPLE`-th (:data:`WILD_SAMPLE`-th with wild
    tiles)."""
    found = mutants(builtin_source(name))
    if name in FULL:
        return found[::STRIDE]
    if name in WIDE:
        return found[:: STRIDE * 4]
    wild = load(builtin_source(name), f"{name}.meld").has_wilds
    return found[:: WILD_SAMPLE if wild else SAMPLE]


def budget(rules) -> int:
    """Strings decided per pair: :data:`BUDGET` for :data:`FULL`, 500 for
    the other rule sets, 300 for those with wild tiles."""
    if rules.name in FULL + WIDE:
        return BUDGET
    return 300 if rules.has_wilds else 500


@pytest.mark.parametrize("name", BUILTINS)
def test_every_single_change_is_found(name):
    base = load(builtin_source(name), f"{name}.meld")
    problems, tried = [], 0
    for m in cases(name):
        try:
            new = load(m.source, "changed.meld")
        except MeldError:
            continue  # the edit made the file invalid
        tried += 1
        diff = compare(RulesSide(base, "old"), RulesSide(new, "new"), budget(base))
        problems += check(name, m, diff, base, new)
    assert tried > 0 and tried >= len(cases(name)) - 6  # a few edits make the file invalid
    assert not problems, "\n".join(problems)


def check(name, m, diff, base, new) -> list[str]:
    """What is wrong with the diff of one change, as readable lines."""
    if m.keeps:
        return [f"{m.what}: {c.title()}" for c in diff.changes] + [
            f"{m.what}: {w.hand!r} changed verdict" for w in diff.found.witnesses
        ]
    out = []
    if not diff.changes:
        out.append(f"{m.what}: no rule change shown")
    for c in diff.changes:
        if not (c.old or c.new) or any(p and p.line < 1 for p in (c.old, c.new)):
            out.append(f"{m.what}: {c.title()} cites no line")
    same = same_language(name, m.what)
    if not diff.found.witnesses and same is None:
        out.append(f"{m.what}: no hand changed verdict in {diff.found.tried} hands")
    if diff.found.witnesses and same is not None:
        out.append(f"{m.what}: listed as keeping the language ({same}), yet a hand changed")
    for w in diff.found.witnesses:
        old, new_ = Evaluator(base).wins(w.hand), Evaluator(new).wins(w.hand)
        if (old, new_) != (w.old_wins, not w.old_wins):
            out.append(f"{m.what}: {w.hand!r} is no witness ({old}, {new_})")
    return out
