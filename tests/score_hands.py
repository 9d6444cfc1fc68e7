"""Winning hands for the scoring tests: a hypothesis strategy over the recipe
of :mod:`mahjong_regex.hands.score_samples` (hypothesis makes the
choices, so a failure shrinks to a small hand), and the batch corpus.

The batch corpus (:func:`score_corpus`) is the recipe driven by
``random.Random(0)`` rather than by hypothesis: the same hands on every run,
as ``hands.corpus`` gives, at a quarter of the cost (measured: 2,000 riichi
hands take 6.5 s through hypothesis' draws, 20,000 take 16 s seeded), which
keeps 20,000 hands per rule set inside the CI budget.  The strategy serves
the property tests, which shrink.
"""

from __future__ import annotations

from functools import lru_cache

from conftest import HANDS, rules
from hands import _Draws
from hypothesis import assume
from hypothesis import strategies as st

from mahjong_regex.hands.score_samples import ScoreKit, scoring_corpus, scoring_hand

#: Drafts one hypothesis example may try before it is rejected (each draws
#: afresh, so fewer than the seeded corpus's).
DRAWN_ATTEMPTS = 8


@lru_cache(maxsize=None)
def score_kit(name: str) -> ScoreKit:
    """The :class:`~mahjong_regex.hands.score_samples.ScoreKit` of rule
    set ``name`` (built once: its probes take about half a second)."""
    return ScoreKit(rules(name))


def scored_hands(name: str, plan: str | None = None) -> st.SearchStrategy[str]:
    """Strategy of winning hand strings of rule set ``name`` for ``plan``
    (an element name, ``"random"`` or ``"multi"``; None: drawn among all
    plans).  Raises KeyError for an unknown plan."""
    kit = score_kit(name)
    if plan is not None and plan not in kit.plans:
        raise KeyError(plan)

    @st.composite
    def build(draw) -> str:
        chosen = plan or draw(st.sampled_from(kit.plans))
        hand = scoring_hand(kit, _Draws(draw), chosen, DRAWN_ATTEMPTS)
        assume(hand is not None)
        return hand

    return build()


def score_count() -> int:
    """How many generated hands each scored rule set is tested on:
    ``MAHJONG_HANDS`` (default 20,000), as conftest reads it."""
    return HANDS


@lru_cache(maxsize=None)
def score_corpus(name: str, n: int | None = None) -> tuple[str, ...]:
    """``n`` (default :func:`score_count`) winning hands of rule set
    ``name``, the same on every run (seed 0), weighted so that every element
    appears (see :func:`~mahjong_regex.hands.score_samples.scoring_corpus`)."""
    return tuple(scoring_corpus(rules(name), score_count() if n is None else n, seed=0))
