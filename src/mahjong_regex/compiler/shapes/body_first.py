"""``body_first``: the cheap tile-level lookaheads (marker scans) first, then
the meld body in a lookahead, then the costly copy counts, which then run
only for hands whose melds already fit."""

from __future__ import annotations

from ... import ir

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "cheap scans first, then the meld body, then the costly copy counts"


def body_first(
    cheap: list[ir.Node], melds: ir.Node, costly: list[ir.Node], split: bool
) -> list[ir.Node]:
    """The parts of a pattern after its length lookahead: ``cheap`` checks,
    the meld body ``melds`` (its own end checks inside when ``split``: each
    shape then ends in its own lookahead), ``costly`` checks, then the hand
    taken whole.  With nothing around the body, the body itself."""
    if not (cheap or costly or split):
        return [melds, ir.End()]
    body = melds if split else ir.seq(melds, ir.End())
    return [*cheap, ir.Look(body), *costly, ir.Repeat(ir.AnyChar(), 0, None), ir.End()]
