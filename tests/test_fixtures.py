"""The hand fixtures (tests/fixtures/<ruleset>.txt) against the reference
evaluator, and the fixtures' own coverage."""

from __future__ import annotations

import pytest
from conftest import FIXTURE_RULE_SETS, evaluator, read_fixtures

CASES = [(name, *row) for name in FIXTURE_RULE_SETS for row in read_fixtures(name)]


@pytest.mark.parametrize("name,win,hand,comment,line", CASES, ids=[f"{c[0]}:{c[4]}" for c in CASES])
def test_reference_verdict(name, win, hand, comment, line):
    verdict = evaluator(name).evaluate(hand)
    assert verdict.win == win, f"{name}.txt:{line} ({comment}): {verdict.explain()}"


@pytest.mark.parametrize("name", FIXTURE_RULE_SETS)
def test_fixtures_cover_both_verdicts_and_bad_strings(name):
    rows = read_fixtures(name)
    hands = [h for _, h, _, _ in rows]
    assert sum(w for w, *_ in rows) >= 5
    assert sum(not w for w, *_ in rows) >= 10
    assert "" in hands
    assert any(h.endswith("\n") for h in hands)
    assert any(" " in h for h in hands)


def test_seed_examples_win_with_the_pairs_the_post_names():
    ev = evaluator("harbin")
    one = ev.evaluate("幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万")
    two = ev.evaluate("幺鸡幺鸡幺鸡三条四条五条五条五条五条六条七条二万二万二万")
    assert one.win and [m.tiles for m in one.split if m.kind == "pair"] == [("九万", "九万")]
    assert two.win and [m.tiles for m in two.split if m.kind == "pair"] == [("五条", "五条")]
