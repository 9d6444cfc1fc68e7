"""``marker_scans``: a search for marker characters (``marker_chars``) is one
negated class, ``[^一中九幺]*[一中九幺]``, instead of ``.*?[一中九幺]``."""

from __future__ import annotations

from ... import ir
from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "a marker search is one negated class: `[^X]*[X]`"


def marker_scan(ctx: Context, marks: frozenset[str]) -> ir.Node:
    """Skip to the first of the marker characters ``marks`` and read it: one
    tight loop over the other characters when the pass is on (and every
    marker is one code unit), else a lazy scan."""
    if ctx.options.on("marker_scans") and all(ord(c) <= 0xFFFF for c in marks):
        return ir.seq(ir.Repeat(ir.NotIn(marks), 0, None), ir.CharSet(marks))
    return ir.seq(ir.Repeat(ir.AnyChar(), 0, None, "lazy"), ir.CharSet(marks))
