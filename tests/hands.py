"""Hypothesis strategies for arranged hands near the win/no-win boundary
(the recipe is :mod:`mahjong_regex.hands.samples`; hypothesis makes the choices,
so a failure shrinks to a small hand)."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from mahjong_regex.hands.samples import meld_instances, near_boundary
from mahjong_regex.ruleset.model import RuleSet


class _Draws:
    """A :class:`mahjong_regex.hands.samples.Chooser` over hypothesis draws."""

    def __init__(self, draw):
        self.draw = draw

    def element(self, options):
        return self.draw(st.sampled_from(list(options)))

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(st.integers(lo, hi))

    def permutation(self, items):
        return self.draw(st.permutations(list(items)))


def hands(rules: RuleSet) -> st.SearchStrategy[str]:
    """Strategy of hand strings for ``rules``."""
    instances = meld_instances(rules)

    @st.composite
    def build(draw) -> str:
        return near_boundary(rules, _Draws(draw), instances)

    return build()


def corpus(rules: RuleSet, n: int) -> list[str]:
    """``n`` hands for ``rules``, the same ones on every run (derandomized),
    for batch runs in external engines."""
    out: list[str] = []

    @settings(
        max_examples=n,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(hands(rules))
    def collect(hand: str) -> None:
        out.append(hand)

    collect()
    return out


def sorted_corpus(rules: RuleSet, n: int) -> list[str]:
    """``n`` sorted hands for ``rules`` (:mod:`mahjong_regex.hands.sorted_hands`),
    the same ones on every run (derandomized)."""
    from mahjong_regex.hands.sorted_hands import sorted_boundary

    instances = meld_instances(rules)
    out: list[str] = []

    @st.composite
    def build(draw) -> str:
        return sorted_boundary(rules, _Draws(draw), instances)

    @settings(
        max_examples=n,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(build())
    def collect(hand: str) -> None:
        out.append(hand)

    collect()
    return out
