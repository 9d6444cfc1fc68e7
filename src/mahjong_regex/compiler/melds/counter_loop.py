r"""``counter_loop``: a shape as ``(?:MELD₁ INC | MELD₂ INC | …){N}\z TESTS``.

A counter that may reach m keeps levels 1..m in empty groups; ``\k<n2>``
(empty when level 2 is reached, failing before) reads a level, a group at
level m+1 is never made (the loop fails instead), and after the last meld a
backreference per lower bound checks it.  Needs groups that keep their value
through the repetitions and a failing backreference to an unset group
(``captures == "persistent"``: PCRE2, regex, .NET).

For ``split_counts`` the tile of each pair, pung or kong is kept as well: a
branch that can occur S times in a winning split stores its tile in the
first of S groups not yet taken.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import Shape
from ..context import Context
from ..plans.counters import Counter, branches
from ..plans.shape_plans import ShapeBody, ShapePlan
from ..tiles.fixed_width import tile_at_boundary
from .meld_nodes import meld, meld_body
from .sorted_runs import RunOrder, ordered_kinds
from .split_counts import loop_stores

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "a shape as a counted loop with its meld counts in flag groups"

#: Highest meld count a counter keeps (one group per level).
MAX_COUNTER_LEVEL = 4


def usable(ctx: Context) -> bool:
    """Is the pass on, for a flavor whose groups keep their value through a
    repetition (``captures == "persistent"``)?"""
    return ctx.options.on("counter_loop") and ctx.caps.captures == "persistent"


def says(found: list[Counter]) -> bool:
    """Can a counted loop keep these counters (each up to
    :data:`MAX_COUNTER_LEVEL`)?"""
    return all(c.level <= MAX_COUNTER_LEVEL for c in found)


def level_steps(
    c: Counter, lv: list[str], shared: bool = False
) -> tuple[list[ir.Node], list[ir.Node]]:
    """What a meld of counter ``c`` does with its level groups ``lv``: the
    checks before the meld (not at the top level yet) and the step after it
    (raise the level by one).  ``shared``: the groups are set in several
    branches (one name in many places)."""
    pre = [ir.Look(ir.Backref(lv[-1]), negate=True)] if c.hi is not None else []
    if len(lv) == 1:
        return pre, [ir.Capture(lv[0], ir.EMPTY, describes="a meld count flag", shared=shared)]
    steps = [
        ir.seq(ir.Look(ir.Backref(lv[0]), negate=True), ir.Capture(lv[0], ir.EMPTY, shared=shared))
    ]
    for j in range(1, len(lv)):
        steps.append(
            ir.seq(
                ir.Backref(lv[j - 1]),
                ir.Look(ir.Backref(lv[j]), negate=True),
                ir.Capture(lv[j], ir.EMPTY, shared=shared),
            )
        )
    if c.hi is None:
        steps.append(ir.Backref(lv[-1]))
    return pre, [ir.Alt(tuple(steps))]


def store_chain(ctx: Context, times: int, kept: list) -> ir.Node:
    """Keep the tile of a meld that occurs up to ``times`` times in the first
    free one of ``times`` groups; each (group, its flag) goes to ``kept``."""
    tile = tile_at_boundary(ctx)
    chain, prev = [], None
    for _ in range(times):
        m, e = ctx.names.capture("m"), ctx.names.capture("e")
        kept.append((m, e))
        chain.append(
            ir.seq(
                *([ir.Backref(prev)] if prev else []),
                ir.Look(ir.Backref(e), negate=True),
                ir.Look(ir.Capture(m, tile, describes="the tile of a meld")),
                ir.Capture(e, ir.EMPTY, describes="a tile store flag"),
            )
        )
        prev = e
    return ir.Alt(tuple(chain))


def stored_meld(
    ctx: Context, kinds, stores, kept: list, pre: list, post: list, order=None
) -> ir.Node:
    """One meld of ``kinds`` in a loop branch; where ``split_counts`` keeps
    its tile (``stores``), its tile capture and flag (added to ``kept`` and
    ``post``) or the store chain before it (added to ``pre``); ``order``:
    the loop's :class:`~mahjong_regex.compiler.melds.sorted_runs.RunOrder`."""
    # The shared definition is made even where a store replaces it, so that
    # group numbers do not depend on the stores.
    body = meld(ctx, kinds, order)
    if stores is None or kinds not in stores:
        return body
    times, always = stores[kinds]
    if times != 1:
        pre.append(store_chain(ctx, times, kept))
        return body
    # Its own tile capture will do; a flag when it may be unset.
    group = sorted((ctx.rules.kinds[x] for x in kinds), key=lambda x: x.size)
    tile = ctx.names.capture("m")
    flag = None if always else ctx.names.capture("e")
    kept.append((tile, flag))
    if flag:
        post.append(ir.Capture(flag, ir.EMPTY, describes="a tile store flag"))
    return meld_body(ctx, group, capture=tile, order=order)


def end_tests(found: list[Counter], levels, spread, flags) -> list[ir.Node]:
    """After the loop: each counter with a lower bound reached it (a
    backreference to its level group, or to any branch's flag)."""
    tests = []
    for i, (c, lv) in enumerate(zip(found, levels)):
        if c.lo > 0 and spread[i]:
            tests.append(ir.alt(*(ir.Backref(fs[0]) for (j, _), fs in flags.items() if j == i)))
        elif c.lo > 0:
            tests.append(ir.Backref(lv[c.lo - 1]))
    return tests


def counter_loop(
    ctx: Context, shape: Shape, p: ShapePlan, names, found: list[Counter]
) -> ShapeBody:
    """The shape's melds as one counted loop (see the module docstring).  A
    counter of level one whose kinds fall in several branches keeps one flag
    per branch (a group name is defined once): "at most one" checks them
    all before a meld, "at least one" asks for any of them after the end."""
    # With stand-ins counted toward a copy limit the loop body is large: PCRE2
    # copies a counted repetition, so the loop is open (+) and a counter of
    # all melds keeps their number, its groups shared by every branch.
    open_loop = ctx.caps.dupnames and ctx.wild is not None and bool(ctx.wild.caps)
    if open_loop:
        found = found + [Counter(frozenset(names), shape.size, shape.size)]
    groups = branches(names, found)
    spread = [sum(i in idx for _, idx in groups) > 1 for i in range(len(found))]
    shared = [open_loop and s and c.level > 1 for s, c in zip(spread, found)]
    spread = [s and not sh for s, sh in zip(spread, shared)]
    levels = [[ctx.names.capture("n") for _ in range(c.level)] for c in found]
    flags = {
        (i, b): [ctx.names.capture("n")]
        for b, (_, idx) in enumerate(groups)
        for i in idx
        if spread[i]
    }
    stores = loop_stores(ctx, shape, p, names, found)
    ordered = ordered_kinds(ctx, shape, p)
    order = RunOrder(ctx, ordered) if ordered else None
    kept: list[tuple[str, str | None]] = []
    alts = []
    for b, (kinds, idx) in enumerate(groups):
        pre, post = [], []
        for i in idx:
            if spread[i]:
                mine = [f for (j, _), fs in flags.items() if j == i for f in fs]
                before, after = level_steps(found[i], flags[i, b])
                before = [ir.Look(ir.Backref(f), negate=True) for f in mine] if found[i].hi else []
            else:
                before, after = level_steps(found[i], levels[i], shared[i])
            pre += before
            post += after
        body = stored_meld(ctx, kinds, stores, kept, pre, post, order)
        alts.append(ir.seq(*pre, body, *post))
    tests = end_tests(found, levels, spread, flags)
    label = "; ".join(c.describe() for c in found)
    times = (1, None) if open_loop else (shape.size, shape.size)
    node = ir.seq(ir.Repeat(ir.alt(*alts), *times), ir.End(), *tests, label=label)
    return ShapeBody(node, tuple(kept) if stores is not None else None)
