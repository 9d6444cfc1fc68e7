"""``atomic_scans``: counting copies of a tile takes the next copy
atomically, ``(?>…)`` (emulated as ``(?=(?<a1>…))\\k<a1>`` in flavors
without atomic groups)."""

from __future__ import annotations

from ... import ir
from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "take the next copy of a tile atomically when counting copies"


def atomic(ctx: Context, node: ir.Node) -> ir.Node:
    """``node`` as an atomic group when the pass is on.  Used only where the
    first way ``node`` matches is as good as any, e.g. the next copy of a
    tile when counting copies."""
    return ir.Atomic(node) if ctx.options.on("atomic_scans") else node
