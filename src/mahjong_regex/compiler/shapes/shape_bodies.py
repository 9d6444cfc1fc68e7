"""Hand shapes: each shape's own tile-level lookaheads, its length window
when it differs from the pattern's, then its melds -- a counted loop or a
row of slots with flag groups when the flavor's groups allow it
(``counter_loop``, ``slot_flags``), else the meld automaton as nested
alternation."""

from __future__ import annotations

from ... import ir
from ...automata.meld_dfa import build
from ...automata.render import DfaStyle, render_dfa
from ...ruleset.model import Shape
from ..constraints.lookaheads import tile_constraint
from ..context import Context, ident
from ..errors import WildUnsupported
from ..melds import counter_loop, slot_flags
from ..melds.hoist_states import hoist_state
from ..melds.meld_nodes import meld
from ..melds.sorted_runs import RunOrder, ordered_kinds
from ..plans.counters import counters
from ..plans.shape_plans import ShapeBody, ShapePlan, relaxed_accept
from ..wild.usage_counts import tally_checks
from ..wild.wildchecks import shape_looks


class MeldStyle(DfaStyle):
    """The meld automaton as IR: a meld of the letter group per edge, a run
    of one group as a counted repetition, and (``hoist_states``) a state
    reached from several places as a definition named ``PREFIX_q``."""

    chains = True

    def __init__(self, ctx: Context, prefix: str, ordered=frozenset()):
        self.ctx = ctx
        self.prefix = prefix
        self.ordered = ordered

    def edge(self, letters: tuple) -> ir.Node:
        # sorted_runs: the order holds inside one meld, repeated in a chain.
        order = None
        if self.ordered:
            persistent = self.ctx.caps.captures == "persistent"
            order = RunOrder(self.ctx, self.ordered, local=True, self_check=persistent)
        return meld(self.ctx, letters, order)

    def keep(self, q: int, node: ir.Node, refs: int) -> ir.Node:
        return hoist_state(self.ctx, f"{self.prefix}_{q}", node, refs)


#: The passes that keep meld counts in flag groups, each with its body
#: writer, in the order they are tried.
COUNTED_BODIES = (
    (counter_loop, counter_loop.counter_loop),
    (slot_flags, slot_flags.slot_flags),
)


def counted(ctx: Context, shape: Shape, p: ShapePlan) -> ShapeBody | None:
    """The shape's melds with their counts in flag groups, when the flavor's
    groups allow it and counters say exactly the winning count vectors;
    else None (the automaton does it)."""
    if not ctx.caps.lookaround:
        return None
    usable = [(pass_, write) for pass_, write in COUNTED_BODIES if pass_.usable(ctx)]
    shared = ctx.caps.dupnames and ctx.wild is not None and bool(ctx.wild.caps)
    found = counters(shape, p, shared) if usable else None
    if found is None:
        return None
    names, cs = found
    for pass_, write in usable:
        if pass_.says(cs):
            return write(ctx, shape, p, names, cs)
    return None


def tallied_row(ctx: Context, extra) -> bool:
    """Must the shape's melds be a row of slots?  So where its copy limit
    counts stand-ins, tallied by flags, each meld's own
    (:mod:`~mahjong_regex.compiler.wild.usage_counts`)."""
    return extra is not None and bool(extra.caps) and ctx.wild.tally == "flags"


def melds_body(ctx: Context, shape: Shape, index: int, p: ShapePlan, row: bool) -> ShapeBody:
    """The shape's melds: a counted body (:func:`counted`), else a row of
    slots with plain flags where the automaton is too large or ``row`` asks
    for one, else the meld automaton.  Raises
    :class:`~mahjong_regex.compiler.errors.WildUnsupported` where ``row``
    asks for a row of slots and none can keep the shape's meld counts."""
    if ctx.wild is not None:
        ctx.wild.marks.clear()
    body = counted(ctx, shape, p)
    if body is not None:
        return body
    ordered = ordered_kinds(ctx, shape, p)
    auto = build(shape, p.constraints, relaxed_accept(shape, p))
    plain = ctx.caps.captures == "plain"
    if ctx.caps.lookaround and (
        row and plain or slot_flags.usable_plain(ctx, auto.size, bool(ordered))
    ):
        found = counters(shape, p)
        if found is not None and slot_flags.says(found[1]):
            return slot_flags.plain_slot_flags(ctx, shape, p, *found)
    if row:
        raise WildUnsupported(
            f"hand {shape.name}",
            "its copy limit counts stand-ins, tallied meld by meld in a row of slots, "
            "and its meld counts cannot be kept in one",
            shape.span,
        )
    return ShapeBody(render_dfa(auto, MeldStyle(ctx, ident(shape.name, f"h{index}"), ordered)))


def shape_body(ctx: Context, shape: Shape, index: int, p: ShapePlan, window) -> ShapeBody:
    """One hand shape: its tile-level lookaheads, ``window`` (its own length
    lookahead, or None), then its melds."""
    label = f"line {shape.span.line}: {ctx.rules.line(shape.span.line)}"
    if not p.accept:
        # The constraints leave this shape no winning split.
        return ShapeBody(ir.seq(ir.NEVER, label=label + " (can never win)"))
    looks = [window] if window is not None else []
    for c in shape.where:
        if not c.is_meld_level:
            looks.extend(tile_constraint(ctx, c))
    extra = ctx.wild.shapes.get(shape.name) if ctx.wild is not None else None
    if extra is not None:
        looks.extend(shape_looks(ctx, extra))
    # The meld-level constraints of the win line (those of the shape's own
    # line are in its label already).
    said = [c.text for c in p.constraints if c.text not in label]
    if said:
        label += " where " + ", ".join(said)
    body = melds_body(ctx, shape, index, p, tallied_row(ctx, extra))
    checks = []
    if extra is not None and extra.caps:
        said = "; ".join(c.label() for c in extra.labels if c.kind == "each_tile")
        checks = tally_checks(ctx, extra.caps, said, p.window[0])
    node = ir.seq(*looks, body.node, *checks, label=label)
    return ShapeBody(node, body.tile_stores)
