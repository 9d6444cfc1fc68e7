"""The optimization passes, one module each, named after the pass, and the
registry (:mod:`.registry`) that says, for every pass, what it needs, where
it acts and what it does, in run order.  ``mahjong-regex passes`` prints it."""

from __future__ import annotations

from .registry import BY_NAME, PASSES, REGISTRY, STAGES, Options, Pass

__all__ = ["BY_NAME", "PASSES", "REGISTRY", "STAGES", "Options", "Pass"]
