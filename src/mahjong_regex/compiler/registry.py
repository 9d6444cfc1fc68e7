"""The registry of optimization passes: each pass's name, the stage it acts
in, the module that holds it and what it needs, in the order they run (what
it does is its module's ``SUMMARY``: ``mahjong-regex passes`` prints them).

A pass is one module named after it.  Most passes are choices the compiler
makes while it builds the IR, in the room of :mod:`mahjong_regex.compiler`
that builds what they act on; the last two (``acts == "ir"``) rewrite the
finished IR in :mod:`mahjong_regex.optimize`.  The registry is data only: it
imports no pass.

:class:`Options` says which passes are on.  A pass whose needs are not on is
switched off with them: ``Options.without("fixed_width")`` also switches off
``char_length``, which reads the tile width that ``fixed_width`` finds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The compiler's stages, in the order they run (``Pass.acts``).
STAGES = ("plan", "tiles", "constraints", "melds", "shapes", "layout", "ir")


@dataclass(frozen=True)
class Pass:
    """One registered pass.

    ``acts`` is the stage it acts in (one of :data:`STAGES`); ``module`` its
    module, below ``mahjong_regex`` (``"compiler.tiles.fixed_width"``);
    ``needs`` the passes it needs, as written in the table: ``"a, b|c"``
    needs ``a`` and one of ``b`` or ``c`` (``""``: nothing)."""

    name: str
    acts: str
    module: str
    needs_text: str = ""

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        """The needs as requirements, each a tuple of pass names of which at
        least one must be on."""
        return tuple(tuple(alt.split("|")) for alt in self.needs_text.split(", ") if alt)


#: Every pass, in run order: name, the stage it acts in, what it needs.
REGISTRY: tuple[Pass, ...] = (
    Pass("counts_to_length", "plan", "compiler.plans.counts_to_length"),
    Pass("marker_chars", "tiles", "compiler.tiles.marker_chars"),
    Pass("fixed_width", "tiles", "compiler.tiles.fixed_width"),
    Pass("char_length", "tiles", "compiler.tiles.char_length", "fixed_width"),
    Pass("marker_scans", "tiles", "compiler.tiles.marker_scans", "marker_chars"),
    Pass("aligned_scan", "tiles", "compiler.tiles.aligned_scan"),
    Pass("atomic_scans", "tiles", "compiler.tiles.atomic_scans"),
    Pass("suit_subsets", "constraints", "compiler.constraints.suit_subsets", "marker_chars"),
    Pass("merge_same_melds", "melds", "compiler.melds.merge_same_melds"),
    Pass("run_limits", "melds", "compiler.melds.run_limits"),
    Pass("sorted_runs", "melds", "compiler.melds.sorted_runs"),
    Pass("hoist_states", "melds", "compiler.melds.hoist_states"),
    Pass("counter_loop", "shapes", "compiler.melds.counter_loop"),
    Pass("slot_flags", "shapes", "compiler.melds.slot_flags"),
    Pass("split_counts", "layout", "compiler.melds.split_counts", "counter_loop|slot_flags"),
    Pass("body_first", "layout", "compiler.shapes.body_first"),
    Pass("suit_backrefs", "ir", "optimize.suit_backrefs"),
    Pass("factor_literals", "ir", "optimize.factor_literals"),
)

#: Pass names, in run order.
PASSES: tuple[str, ...] = tuple(p.name for p in REGISTRY)
BY_NAME: dict[str, Pass] = {p.name: p for p in REGISTRY}


def _closed(names) -> frozenset[str]:
    """``names`` less every pass whose needs are not on (repeated until
    nothing changes)."""
    on = set(names)
    changed = True
    while changed:
        changed = False
        for p in REGISTRY:
            if p.name in on and not all(on & set(alts) for alts in p.needs):
                on.discard(p.name)
                changed = True
    return frozenset(on)


@dataclass(frozen=True)
class Options:
    """Compiler switches: ``passes`` is the set of passes on (default: all
    of :data:`PASSES`).  A pass whose needs are not all on is switched off
    too (see :meth:`off_with`)."""

    passes: frozenset[str] = field(default_factory=lambda: frozenset(PASSES))

    def __post_init__(self):
        object.__setattr__(self, "passes", _closed(self.passes))

    def on(self, name: str) -> bool:
        """Is pass ``name`` on (str -> bool)?"""
        return name in self.passes

    @classmethod
    def without(cls, *names: str) -> "Options":
        """All passes but ``names`` (and the passes that need them).

        Raises ValueError for an unknown pass name."""
        for n in names:
            if n not in BY_NAME:
                raise ValueError(f"unknown pass {n!r}; passes are {', '.join(PASSES)}")
        return cls(frozenset(PASSES) - set(names))

    @staticmethod
    def off_with(names) -> list[str]:
        """The passes that switching off ``names`` switches off too, because
        they need them (sorted in run order)."""
        kept = _closed(frozenset(PASSES) - set(names))
        return [p for p in PASSES if p not in kept and p not in names]
