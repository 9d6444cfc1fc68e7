"""Hypothesis property: the compiled pattern, in the regex module and in
PCRE2, decides every generated hand as the reference evaluator does.  (The
batch test in test_flavors.py covers the large corpus in every engine; this
one lets hypothesis shrink a failure to a small hand.)"""

from __future__ import annotations

from functools import lru_cache

import pcre2
import pytest
import regex
from conftest import evaluator, rules
from hands import hands
from hypothesis import HealthCheck, given, settings
from test_flavors import CANNOT

from mahjong_regex import BUILTINS, compile_pattern


@lru_cache(maxsize=None)
def engines(name: str):
    r = rules(name)
    return regex.compile(compile_pattern(r, "regex")), pcre2.compile(compile_pattern(r, "pcre"))


@pytest.mark.parametrize("name", [n for n in BUILTINS if (n, "pcre") not in CANNOT])
def test_regex_and_pcre2_agree_with_reference(name):
    rx, pc = engines(name)
    ev = evaluator(name)

    @settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands(rules(name)))
    def check(hand):
        want = ev.wins(hand)
        assert (rx.search(hand) is not None) == want, ev.evaluate(hand).explain()
        assert (pc.search(hand) is not None) == want, ev.evaluate(hand).explain()

    check()
