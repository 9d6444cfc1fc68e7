"""The copy limit that counts stand-ins (``each tile <= 4`` on the tiles
wild tiles stand for), kept while the melds are read.

Every meld of a counted kind *tallies* the tiles it uses: its size for a
pung, kong or pair of tile t, one for each tile of a chow, whether a place
holds the tile itself or a wild tile standing for it.  Every tile held is in
one meld and read as itself, so a tile's tally after the melds is its copies
held plus its stand-ins (a meld of wild tiles only is not tallied where one
of its instances always keeps the limit:
:func:`~mahjong_regex.compiler.wild.wildmelds.all_wild_free`).  Two ways to
keep the tally, by what the flavor's groups allow (``WildPlan.tally``):

- ``"levels"`` (group names that repeat: PCRE2, regex, .NET): per tile,
  level groups 1..L shared by every meld, level k set once k tiles were
  used; a meld raises its tile's levels by its size, and a reading past L
  fails where it is made, ``(?(w0n3)(?!)|(?(w0n2)(?<w0n3>)(?<w0n4>)|…))``.
- ``"calls"`` (Onigmo: names may not repeat, but a group set inside a
  subroutine call stays set): the same levels, each group written once,
  never matched in place, before the melds (``(?<w0n1>){0}``:
  :func:`tally_prelude`), and set by calling it (``\\g<w0n1>``); a raise is
  a definition of its own, called where a meld tallies.
- ``"flags"`` (names that may not repeat, no calls: Python ``re``, Java,
  JavaScript): each meld sets a flag group of its own, and after the melds,
  in a lookbehind over the last L characters of the hand, a lookahead per
  tile steps one character for each tile a set flag used: past L
  characters it fails (``(?<=(?=(?(u3)...)(?(u9).)…)....)``).  In
  JavaScript, where a backreference to an unset group matches the empty
  string, a flag captures the whole hand, so that a set one fails past the
  first character; in Java, where a group set in a lookahead stays set when
  the match backtracks past it, no flag is set inside a lookahead.
"""

from __future__ import annotations

from ... import ir
from ..context import Context


def raise_by(ctx: Context, t: int, n: int) -> ir.Node:
    """``n`` more tiles used of tile ``t``, on its level groups: from level
    k (the highest set) set k+1..k+n, and fail where k+n passes the top
    level (a call of a definition in ``"calls"`` mode)."""
    levels = ctx.wild.counters[t]
    top = len(levels)
    if n > top:
        return ir.NEVER
    if ctx.wild.tally == "calls":
        key = ("raise", t, n)
        found = ctx.definitions.call(key)
        if found is not None:
            return found
        name = ctx.names.fresh(f"r{t}x{n}")
        return ctx.definitions.define(key, name, lambda _: raise_chain(ctx, levels, n))
    return raise_chain(ctx, levels, n)


def raise_chain(ctx: Context, levels: tuple[str, ...], n: int) -> ir.Node:
    """The conditionals of :func:`raise_by` over ``levels``."""
    top = len(levels)

    def up(k: int) -> ir.Node:
        if ctx.wild.tally == "calls":
            return ir.seq(*(ir.Call(levels[j]) for j in range(k, k + n)))
        what = "a tile used"
        return ir.seq(
            *(ir.Capture(levels[j], ir.EMPTY, describes=what, shared=True) for j in range(k, k + n))
        )

    node = up(0)
    for k in range(1, top - n + 1):
        node = ir.Cond(levels[k - 1], up(k), node)
    return ir.Cond(levels[top - n], ir.NEVER, node)


def tally(ctx: Context, usage: dict[int, int]) -> ir.Node:
    """What a meld that uses ``usage`` ({tile: copies}) of the counted tiles
    matches after its tiles (see the module docstring): level raises, or a
    flag of its own, kept in ``ctx.wild.marks`` for :func:`tally_checks`."""
    usage = {t: n for t, n in sorted(usage.items()) if t in ctx.wild.counters and n}
    if not usage:
        return ir.EMPTY
    if ctx.wild.tally != "flags":
        return ir.seq(*(raise_by(ctx, t, n) for t, n in usage.items()))
    name = ctx.names.capture("u")
    ctx.wild.marks.append((name, usage))
    what = "a meld using " + ", ".join(
        f"{n} {ctx.alphabet.tiles[t].name}" for t, n in usage.items()
    )
    if ctx.caps.captures == "empty_unset":
        # A flag is the whole hand, taken from its start: a backreference to
        # it fails anywhere after the first character once it is set.
        whole = ir.Look(ir.Capture(name, ir.Repeat(ir.AnyChar(), 1, None), describes=what))
        return ir.Behind(ir.seq(ir.Start(), whole, ir.Repeat(ir.AnyChar(), 0, None)))
    return ir.Capture(name, ir.EMPTY, describes=what)


def when_set(ctx: Context, name: str, node: ir.Node) -> ir.Node:
    """``node`` where flag ``name`` (made by :func:`tally`) is set, else
    nothing, read one way only: a conditional where the flavor has them
    (Python), else a backreference and its negation."""
    if ctx.caps.conditionals:
        return ir.Cond(name, node, ir.EMPTY)
    if ctx.caps.captures == "empty_unset":
        # Past the start of the hand the set flag cannot match; an unset one
        # matches the empty string.
        return ir.alt(ir.seq(ir.Look(ir.Backref(name), negate=True), node), ir.Backref(name))
    return ir.alt(ir.seq(ir.Backref(name), node), ir.Look(ir.Backref(name), negate=True))


def tally_prelude(ctx: Context) -> list[ir.Node]:
    """Before the melds, in ``"calls"`` mode: each level group written once,
    never matched in place (``(?<w0n1>){0}``), so that every backreference
    to it comes after it and a call sets it."""
    if ctx.wild is None or ctx.wild.tally != "calls":
        return []
    return [
        ir.Repeat(ir.Capture(g, ir.EMPTY, describes="a tile used (set by calling it)"), 0, 0)
        for levels in ctx.wild.counters.values()
        for g in levels
    ]


def tally_checks(ctx: Context, caps: dict[int, int], label: str, fewest: int) -> list[ir.Node]:
    """Right after the melds of a shape whose copy limit is ``caps`` ({tile:
    most copies}) and whose hands hold at least ``fewest`` tiles: levels,
    the limit where it is below the top level (the loosest shape's); flags,
    the count of each tile's uses (see the module docstring), the marks
    then forgotten.  A hand of no more tiles than the limit cannot pass it:
    where one may be shorter than the count's characters, it needs none."""
    if ctx.wild.tally != "flags":
        return [
            ir.Look(ir.Backref(ctx.wild.counters[t][limit]), negate=True, label=label)
            for t, limit in sorted(caps.items())
            if t in ctx.wild.counters and limit < len(ctx.wild.counters[t])
        ]
    marks, ctx.wild.marks[:] = list(ctx.wild.marks), []
    by_tile: dict[int, list[ir.Node]] = {}
    for name, usage in marks:
        for t, n in usage.items():
            by_tile.setdefault(t, []).append(when_set(ctx, name, ir.Repeat(ir.AnyChar(), n, n)))
    by_limit: dict[int, list[ir.Node]] = {}
    for t, limit in sorted(caps.items()):
        if by_tile.get(t):
            by_limit.setdefault(limit, []).append(ir.Look(ir.seq(*by_tile[t])))
    out = []
    for limit, counts in sorted(by_limit.items()):
        tape = ir.Repeat(ir.AnyChar(), limit, limit)
        check: ir.Node = ir.Behind(ir.seq(*counts, tape), label=label)
        if fewest <= limit:
            check = ir.alt(check, ir.Look(ir.Behind(tape), negate=True))
        out.append(check)
    return out
