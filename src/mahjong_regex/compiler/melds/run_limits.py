r"""``run_limits``: under a copy limit (``each tile <= n`` in the win
condition), a same-meld fails at once where its tile runs on past the
limit: right after its first tile, ``(?!\k<t>{n})``.

Sound: the meld and the copies right after it are n+1 copies of one tile,
which no winning hand holds.  A losing hand made of a long run of one tile
(``1m`` seventeen times, then another tile) is then rejected at its first
meld, instead of being split into pairs, pungs and kongs in every order
before the copy count, which runs after the melds, says no.

A run of 17 一万 and one other tile: 650 µs -> 6 µs in the ``regex`` module
on Sichuan (the median hand: under 1 µs), 800 µs -> 4 µs on riichi.

In Python ``re`` and Java (plain groups, no calls) the meld automaton is
written out, each meld many times, so the check is written there only on
the melds whose order ``sorted_runs`` keeps: elsewhere it would take Harbin
past 8,000 characters, and those engines do not need it (their worst hand
on Sichuan and riichi is under 20 times the median).
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import MeldKind
from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "a same-meld fails at once where its tile runs on past the copy limit"


def copy_limit(ctx: Context, kinds: list[MeldKind]) -> int | None:
    """The smallest n of the win condition's ``each C <= n`` whose class
    holds every tile ``kinds`` (same-melds) can take; None when there is
    none, the pass is off, or the rule set has wild tiles (copies are then
    counted on what the wild tiles stand for)."""
    if not ctx.options.on("run_limits") or ctx.wild is not None:
        return None
    every = frozenset(range(len(ctx.alphabet.tiles)))
    used = frozenset().union(*(k.of.tiles if k.of else every for k in kinds))
    limits = [
        c.value
        for c in ctx.rules.where
        if c.kind == "each_tile" and c.op == "<=" and used <= c.tiles.tiles
    ]
    return min(limits, default=None)


def written_out(ctx: Context) -> bool:
    """Does the flavor write the meld automaton out (plain groups and no
    calls: Python ``re``, Java)?"""
    return ctx.caps.captures == "plain" and not ctx.caps.calls


def run_limit(
    ctx: Context, kinds: list[MeldKind], capture: str, ordered: bool = False
) -> ir.Node | None:
    """The check that follows a same-meld's first tile, kept in ``capture``:
    no n more copies of it right after (n the copy limit); None when no
    copy limit applies, or where the automaton is written out
    (:func:`written_out`) and the meld's order is not kept (``ordered``).
    A meld longer than the limit then never matches."""
    n = copy_limit(ctx, kinds)
    if n is None or (written_out(ctx) and not ordered):
        return None
    return ir.Look(ir.Repeat(ir.Backref(capture), n, n), negate=True)
