"""The compiler's two entries: a rule set's win pattern and its scoring
pattern, as IR for one flavor (RuleSet -> Pattern, before the whole-pattern
rewrites of :mod:`mahjong_regex.optimize`).

Each makes the one :class:`~.context.Context` of the compilation, with the
wild-tile plan worked out first where the rule set has wild tiles
(:func:`~.wild.wild_setup.wild_context`), then builds the pattern.  What the
flavor cannot say raises :class:`~.errors.Unsupported`.
"""

from __future__ import annotations

from .. import ir
from ..ruleset.model import RuleSet
from .capabilities import Capabilities
from .context import Context, new_context
from .registry import Options
from .scoring.score_pattern import build_scoring
from .shapes.layout import build_pattern
from .wild.wild_setup import wild_context


def context(rules: RuleSet, options: Options | None, caps: Capabilities, flavor: str) -> Context:
    """The context of one compilation of ``rules`` for the flavor ``flavor``
    with capabilities ``caps`` (Context).  Raises
    :class:`~.errors.WildUnsupported` where the wild tiles cannot be written."""
    if rules.has_wilds:
        return wild_context(rules, options, caps, flavor)
    return new_context(rules, options, caps, flavor)


def win_pattern(
    rules: RuleSet, options: Options | None, caps: Capabilities, flavor: str
) -> ir.Pattern:
    """The pattern that decides whether a hand wins under ``rules``
    (Pattern, its ``flavor`` set).  Raises :class:`~.errors.Unsupported`."""
    return build_pattern(context(rules, options, caps, flavor))


def scoring_pattern(
    rules: RuleSet, options: Options | None, caps: Capabilities, flavor: str
) -> ir.Pattern:
    """The pattern that decides the win and marks the scoring elements of a
    highest-ranked split (Pattern, its ``flavor`` set; see
    :mod:`.scoring.score_pattern`).  Raises :class:`~.errors.Unsupported`."""
    return build_scoring(new_context(rules, options, caps, flavor))
