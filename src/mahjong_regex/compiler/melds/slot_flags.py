r"""``slot_flags``: a shape's N melds as N slots in a row, every group its own,
for a flavor where a backreference to an unset group matches the empty
string and groups in a repetition are reset on every turn
(``captures == "empty_unset"``: ECMAScript).

A flag is a non-empty capture made only by its counter's meld in that slot;
after the end of the hand ``\k<f>`` matches (empty) exactly when f is unset,
so "at least one" is: not every slot's flag matches there.  "At most one"
reads the earlier slots' flags before the meld, where a set flag must fail:
one character into the next tile, where no tile name can start (when every
name has two or more characters and none can be read across a tile
boundary), else by making the flag the rest of the hand from its meld on,
which is longer than what is left.  A pair, pung or kong captures its tile,
read by ``split_counts``.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import Shape
from ..context import Context
from ..plans.counters import Counter, branches
from ..plans.shape_plans import ShapeBody
from ..tiles.aligned_scan import aligned_safe
from ..tiles.fixed_width import tile_at_boundary
from .meld_nodes import meld, meld_body
from .merge_same_melds import group_kinds
from .sorted_runs import RunOrder, ordered_kinds

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "a shape as a row of slots with flag captures (JavaScript)"


#: Meld automata with more states than this are not inlined where a slot
#: row with plain flags can say the same (flavors without calls).
MAX_INLINED_STATES = 32


def usable(ctx: Context) -> bool:
    """Is the pass on, for a flavor whose backreference to an unset group
    matches the empty string (``captures == "empty_unset"``)?"""
    return ctx.options.on("slot_flags") and ctx.caps.captures == "empty_unset"


def usable_plain(ctx: Context, states: int, ordered: bool = False) -> bool:
    """Is the pass on for a flavor whose groups are plain (a backreference
    to an unset group fails, none may precede its group) and that has no
    subroutine calls, where the meld automaton has ``states`` states, too
    many to write out in place (:data:`MAX_INLINED_STATES`), or where
    ``sorted_runs`` keeps the order of melds (``ordered``: the automaton
    keeps it only inside one meld, a row of slots from slot to slot)?"""
    return (
        ctx.options.on("slot_flags")
        and ctx.caps.captures == "plain"
        and not ctx.caps.calls
        and (states > MAX_INLINED_STATES or ordered)
    )


def says(found: list[Counter]) -> bool:
    """Can slot flags say these counters ("at most one", "at least one")?"""
    return all(c.lo <= 1 and c.hi in (None, 1) for c in found)


class SlotRow:
    """Builds one shape's row of slots; ``flags[i]`` are the flag groups of
    counter i so far, ``kept`` the tile captures for ``split_counts``."""

    def __init__(self, ctx: Context, names, found: list[Counter], ordered=frozenset()):
        self.ctx = ctx
        self.names = names
        self.found = found
        self.ordered = ordered
        self.order: RunOrder | None = None
        every = [t.name for t in ctx.alphabet.tiles]
        self.midtile = min(map(len, every)) >= 2 and aligned_safe(every, every)
        self.flags: list[list[str]] = [[] for _ in found]
        self.kept: list[tuple[str, str | None]] = []
        self.tile = tile_at_boundary(ctx)

    def slot(self, k: int) -> ir.Node:
        """Slot ``k`` (0-based): one meld of any branch."""
        self.order = next_order(self.ctx, self.ordered, self.order)
        alts = [self.branch(k, kinds, idx) for kinds, idx in branches(self.names, self.found)]
        node = ir.alt(*alts)
        if self.midtile:
            return node
        first = self.ctx.names.capture("m")
        self.kept.append((first, None))
        look = ir.Capture(first, self.tile, describes=f"the first tile of meld {k + 1}")
        return ir.seq(ir.Look(look), node)

    def branch(self, k: int, kinds: tuple[str, ...], idx: list[int]) -> ir.Node:
        """One branch of slot ``k``: a meld of ``kinds``, with the flags of
        the counters ``idx`` it is in."""
        ctx = self.ctx
        objs = [ctx.rules.kinds[x] for x in kinds]
        same = [x for x in objs if x.form == "same" and x.size >= 2]
        sets: list[ir.Node] = []
        flag = None
        single = len(group_kinds(ctx, kinds)) == 1 and len(same) == len(objs)
        if self.midtile and single and ctx.wild is None:
            # The meld written here, its tile capture named: the tile for
            # split_counts and the flag of its counters.
            flag = ctx.names.capture("m")
            self.kept.append((flag, "midtile"))
            group = sorted(objs, key=lambda x: x.size)
            body = meld_body(ctx, group, capture=flag, order=self.order)
        else:
            body = meld(ctx, kinds, self.order)
            if self.midtile and same:
                first = ctx.names.capture("m")
                self.kept.append((first, "midtile"))
                look = ir.Capture(first, self.tile, describes=f"the tile of meld {k + 1}")
                sets.append(ir.Look(look))
        if self.midtile and idx:
            pre, body = self.midtile_flags(idx, flag, body)
        else:
            pre, body = self.rest_flags(idx, sets, body)
        return ir.seq(*pre, *sets, body)

    def midtile_flags(self, idx: list[int], flag: str | None, body: ir.Node):
        """Flags read one character into the meld: (checks before, meld)."""
        if flag is None:
            flag = self.ctx.names.capture("f")
            body = ir.Capture(flag, body, describes="a meld count flag")
        earlier = [f for i in idx if self.found[i].hi == 1 for f in self.flags[i]]
        pre = [ir.Look(ir.seq(ir.AnyChar(), *map(ir.Backref, earlier)))] if earlier else []
        for i in idx:
            self.flags[i].append(flag)
        return pre, body

    def rest_flags(self, idx: list[int], sets: list[ir.Node], body: ir.Node):
        """Flags as the rest of the hand, or as the meld itself when read
        only after the end: (checks before, meld); lookaheads that set a
        flag go to ``sets``."""
        pre: list[ir.Node] = []
        for i in idx:
            name = self.ctx.names.capture("f")
            if self.found[i].hi == 1:
                pre.extend(ir.Backref(f) for f in self.flags[i])
                sets.append(ir.Look(ir.Capture(name, ir.Repeat(ir.AnyChar(), 0, None))))
            else:
                body = ir.Capture(name, body, describes="a meld count flag")
            self.flags[i].append(name)
        return pre, body


def next_order(ctx: Context, ordered, previous: RunOrder | None) -> RunOrder | None:
    """The :class:`~mahjong_regex.compiler.melds.sorted_runs.RunOrder` of the next
    slot of a row (None when no meld's order is kept); the first slot's
    meld has none before it."""
    if not ordered:
        return None
    return RunOrder(ctx, ordered, previous=previous or RunOrder(ctx, frozenset()))


def slot_flags(ctx: Context, shape: Shape, p, names, found: list[Counter]) -> ShapeBody:
    """The shape's melds as a row of slots with flag captures (see the module
    docstring)."""
    row = SlotRow(ctx, names, found, ordered_kinds(ctx, shape, p))
    slots = [row.slot(k) for k in range(shape.size)]
    tests = [
        ir.Look(ir.seq(*(ir.Backref(f) for f in fs)), negate=True)
        for c, fs in zip(found, row.flags)
        if c.lo >= 1
    ]
    label = "; ".join(c.describe() for c in found)
    return ShapeBody(ir.seq(*slots, ir.End(), *tests, label=label), tuple(row.kept))


class PlainSlotRow:
    """A row of slots for plain groups: a flag is an empty group set after
    its meld; "at most one" is ``(?!\\k<f>)`` for each earlier flag before the
    meld (an unset group fails its backreference), "at least one" is any
    flag's backreference after the end.  Each slot's first tile is captured
    in a lookahead, for ``split_counts`` (a backreference to it fails when
    unset, so it needs no guard)."""

    def __init__(self, ctx: Context, names, found: list[Counter], ordered=frozenset()):
        self.ctx = ctx
        self.names = names
        self.found = found
        self.ordered = ordered
        self.order: RunOrder | None = None
        self.flags: list[list[str]] = [[] for _ in found]
        self.kept: list[tuple[str, str | None]] = []
        self.tile = tile_at_boundary(ctx)

    def slot(self, k: int) -> ir.Node:
        """Slot ``k`` (0-based): its first tile kept, then one meld."""
        self.order = next_order(self.ctx, self.ordered, self.order)
        first = self.ctx.names.capture("m")
        self.kept.append((first, None))
        look = ir.Look(ir.Capture(first, self.tile, describes=f"the first tile of meld {k + 1}"))
        alts = [self.branch(kinds, idx) for kinds, idx in branches(self.names, self.found)]
        return ir.seq(look, ir.alt(*alts))

    def branch(self, kinds: tuple[str, ...], idx: list[int]) -> ir.Node:
        """A meld of ``kinds``, checking and setting the flags of the
        counters ``idx`` it is in."""
        pre = [
            ir.Look(ir.Backref(f), negate=True)
            for i in idx
            if self.found[i].hi == 1
            for f in self.flags[i]
        ]
        body = meld(self.ctx, kinds, self.order)
        post = []
        for i in idx:
            name = self.ctx.names.capture("f")
            post.append(ir.Capture(name, ir.EMPTY, describes="a meld count flag"))
            self.flags[i].append(name)
        return ir.seq(*pre, body, *post)


def plain_slot_flags(ctx: Context, shape: Shape, p, names, found: list[Counter]) -> ShapeBody:
    """The shape's melds as a row of slots with plain flag groups (see
    :class:`PlainSlotRow`), for Python ``re`` and Java, where the meld
    automaton is too large to write out."""
    row = PlainSlotRow(ctx, names, found, ordered_kinds(ctx, shape, p))
    slots = [row.slot(k) for k in range(shape.size)]
    tests = [ir.alt(*map(ir.Backref, fs)) for c, fs in zip(found, row.flags) if c.lo >= 1]
    label = "; ".join(c.describe() for c in found)
    return ShapeBody(ir.seq(*slots, ir.End(), *tests, label=label), tuple(row.kept))
