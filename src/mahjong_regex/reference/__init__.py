"""The reference deciders, the truth every generated pattern is tested
against: the evaluator of arranged hands (:mod:`.evaluator`, searching
what wild tiles stand for in :mod:`.wild_search` over the tables of
:mod:`.wild_tables`) and the scorer (:mod:`.scorer`).  They share nothing
with the compiler but the checked rule set."""

from __future__ import annotations

from .evaluator import Evaluator
from .verdicts import Meld, Verdict, tile_constraint_holds

__all__ = ["Evaluator", "Meld", "Verdict", "tile_constraint_holds"]
