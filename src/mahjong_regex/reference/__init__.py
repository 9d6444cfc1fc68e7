"""The reference evaluator (:mod:`.evaluator`), the truth every generated
pattern is tested against, and arranged hands near the win/no-win boundary
(:mod:`.samples`) for tests and benchmarks."""

from __future__ import annotations

from .evaluator import Evaluator, Meld, Verdict, tile_constraint_holds

__all__ = ["Evaluator", "Meld", "Verdict", "tile_constraint_holds"]
