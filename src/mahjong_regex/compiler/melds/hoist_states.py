"""``hoist_states``: an automaton state, or an alternation of meld kinds,
reached from several places becomes a definition, printed once in flavors
with subroutine calls (and inlined, fresh names per copy, in the others)."""

from __future__ import annotations

from ... import ir
from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "automaton states and meld alternations used twice become definitions"


def hoist_alternation(ctx: Context, calls: list[ir.Call]) -> ir.Node:
    """One meld of several meld groups (``calls`` of their definitions): one
    definition of their alternation when the pass is on (and there is more
    than one), else the alternation itself."""
    if len(calls) == 1 or not ctx.options.on("hoist_states"):
        return ir.alt(*calls)
    key = ("alt", tuple(c.name for c in calls))
    known = ctx.definitions.call(key)
    if known is not None:
        return known
    return ctx.definitions.define(key, ctx.names.fresh("_".join(key[1])), lambda _: ir.alt(*calls))


def hoist_state(ctx: Context, name_stem: str, node: ir.Node, refs: int) -> ir.Node:
    """An automaton state's node, or a call of it kept as a definition named
    after ``name_stem`` when the pass is on, the state is reached from more
    than one place (``refs``), and it is more than one node."""
    if (
        ctx.options.on("hoist_states")
        and refs > 1
        and node != ir.EMPTY
        and sum(1 for _ in ir.walk(node)) > 1
    ):
        return ctx.definitions.add(ctx.names.fresh(name_stem), node)
    return node
