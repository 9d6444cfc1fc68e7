"""Every flavor's pattern, in its real engine, agrees with the reference
evaluator on every fixture hand and every generated hand."""

from __future__ import annotations

import pytest

from conftest import FLAVOR_ENGINES, disagreements, hand_corpus, require_engine, rules
from engines import run_batch
from mahjong_regex import BUILTINS, FLAVORS, compile_pattern
from mahjong_regex.flavors import get

CASES = [
    (name, flavor, engine)
    for name in BUILTINS
    for flavor in FLAVORS
    for engine in FLAVOR_ENGINES[flavor]
]


@pytest.mark.parametrize("name,flavor,engine", CASES, ids=["-".join(c) for c in CASES])
def test_engine_agrees_with_reference(name, flavor, engine):
    require_engine(engine)
    pattern = compile_pattern(rules(name), flavor)
    hands = list(hand_corpus(name))
    answers = run_batch(engine, pattern, hands, flags=get(flavor).flags)
    bad = disagreements(name, hands, answers)
    assert len(hands) >= 1000
    assert not bad, f"{len(bad)} of {len(hands)} hands disagree, e.g.\n" + "\n".join(bad[:10])
