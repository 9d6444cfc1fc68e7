"""Every flavor's pattern, in its real engine, agrees with the reference
evaluator on every fixture hand and every generated hand -- or the flavor
refuses the rule set with the documented error."""

from __future__ import annotations

import pytest

from conftest import (
    FLAVOR_ENGINES,
    RULE_SETS,
    disagreements,
    hand_corpus,
    hand_count,
    require_engine,
    rules,
)
from engines import run_batch
from mahjong_regex import FLAVORS, Evaluator, UnsupportedError
from mahjong_regex.pipeline import compile_rules, render

#: Flavors that refuse a rule set by default (and why, in the message).
REFUSED = {(name, "re2") for name in RULE_SETS}
#: ... and the ones whose pattern is too large even with --allow-unchecked:
#: RE2 has neither calls nor counters, and changchun's meld automaton (four
#: special kongs, each at most once) unfolds past its memory budget.
TOO_LARGE = {("changchun", "re2")}

CASES = [
    (name, flavor, engine)
    for name in RULE_SETS
    for flavor in FLAVORS
    for engine in FLAVOR_ENGINES[flavor]
]


def ids(cases):
    return ["-".join(c) for c in cases]


@pytest.mark.parametrize("name,flavor,engine", CASES, ids=ids(CASES))
def test_engine_agrees_with_reference(name, flavor, engine):
    version = require_engine(engine)
    pattern = compile_rules(rules(name), flavor=flavor)
    hands = list(hand_corpus(name))
    # Duplicates are dropped, so a little under the count asked for.
    assert len(hands) >= min(1000, hand_count(name) // 2)
    if (name, flavor) in TOO_LARGE:
        with pytest.raises(UnsupportedError, match="default memory budget") as info:
            render(pattern, flavor, allow_unchecked=True)
        assert info.value.flavor == flavor
        return
    if (name, flavor) in REFUSED:
        with pytest.raises(UnsupportedError) as info:
            render(pattern, flavor)
        assert info.value.flavor == flavor
        assert "--allow-unchecked" in str(info.value)
        assert info.value.span is not None
        # The opt-out emits the rest: it decides the rule set less the
        # unchecked constraints, exactly.
        out = render(pattern, flavor, allow_unchecked=True)
        assert out.unchecked
        relaxed = Evaluator(rules(name).relaxed(out.unchecked))
        answers = run_batch(engine, out.text, hands, flags=out.flavor.flags)
        bad = [h for h, got in zip(hands, answers) if got != relaxed.wins(h)]
        assert not bad, f"{engine} {version}: {len(bad)} hands disagree, e.g. {bad[:5]}"
        # On hands that satisfy the unchecked constraints it is the rule set.
        strict = Evaluator(rules(name))
        for hand, got in zip(hands, answers):
            if relaxed.wins(hand) == strict.wins(hand):
                continue
            assert got and not strict.wins(hand)  # only hands the unchecked rules reject
        return
    out = render(pattern, flavor)
    answers = run_batch(engine, out.text, hands, flags=out.flavor.flags)
    bad = disagreements(name, hands, answers)
    assert (
        not bad
    ), f"{engine} {version}: {len(bad)} of {len(hands)} hands disagree, e.g.\n" + "\n".join(
        bad[:10]
    )
