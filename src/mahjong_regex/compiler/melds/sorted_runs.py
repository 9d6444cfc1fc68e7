r"""``sorted_runs``: same-melds of one tile side by side are read in one
order, smallest first, and (where the meld body is one loop or a row of
slots) with at most one of the middle sizes of a merged meld, so a run of
one tile splits one way per meld count.

Without it, a backtracking engine tries every order of the pairs, pungs and
singles a run of one tile splits into before a losing hand fails
(``18 * (single | pair | pung)`` on 37 copies of ``1m`` and nine other
tiles: seconds).  Which melds a run holds decides the counts; their order
never does: every winning split has a sorted one, the same melds reordered
(a count vector of meld kinds is all the meld automaton and the counters
see).  Two middle sizes ``a <= b`` of a merged meld can be ``a-1, b+1``
instead: the same meld count in the same branch.

How: a meld that may not be followed by a smaller meld of its tile, and is
followed by its tile, keeps the rest of the hand after that next tile in a
marker group, ``(?=\k<t>(?<q>.*))``.  The next meld, after its first tile,
reads ``(?!\k<q>\z)``: it fails exactly when the previous meld was that
bigger meld of its tile.  A marker is read where the previous meld's
marker can be named: in a counted loop (one name for every turn; PCRE2,
``regex`` and .NET let a backreference precede its group) and in a row of
slots (the previous slot's markers); in the meld automaton only inside one
meld, so the order holds within a run of one edge (``(?:MELD){18}``).
"""

from __future__ import annotations

from itertools import combinations

from ... import ir
from ...ruleset.model import MeldKind, Shape
from ..context import Context
from ..plans.shape_plans import ShapePlan, relaxed_accept
from .run_limits import copy_limit

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "same-melds of one tile side by side are read smallest first"


def overlap(a: MeldKind, b: MeldKind) -> bool:
    """Can melds of kinds ``a`` and ``b`` hold the same tile?"""
    return a.of is None or b.of is None or bool(a.of.tiles & b.of.tiles)


def longest_run(ctx: Context, p: ShapePlan, a: MeldKind, b: MeldKind) -> int:
    """The most copies of one tile two melds of ``a`` and ``b`` side by side
    may hold without failing at once: the copy limit with ``run_limits``,
    else the shape's most tiles."""
    n = copy_limit(ctx, [a, b])
    return n if n is not None else p.window[1]


def ordered_kinds(ctx: Context, shape: Shape, p: ShapePlan) -> frozenset[str]:
    """The same-kinds of ``shape`` whose order the body fixes: those that
    can stand side by side on one tile with another same-kind in a winning
    split (empty when none can, or the pass is off, or the flavor has no
    lookaround)."""
    if not ctx.options.on("sorted_runs") or ctx.wild is not None:
        return frozenset()
    if not (ctx.caps.lookaround and ctx.caps.backrefs):
        return frozenset()
    kinds = ctx.rules.kinds
    accept = relaxed_accept(shape, p)
    letters = shape.kinds
    same = [i for i, k in enumerate(letters) if kinds[k].form == "same"]
    found: set[str] = set()
    for i, j in combinations(same, 2):
        a, b = kinds[letters[i]], kinds[letters[j]]
        if not overlap(a, b) or a.size + b.size > longest_run(ctx, p, a, b):
            continue
        if any(v[i] and v[j] for v in accept):
            found.update((a.name, b.name))
    return frozenset(found)


def key(kind: MeldKind) -> tuple[int, str]:
    """The order of same-melds of one tile: by size, then by name."""
    return (kind.size, kind.name)


class RunOrder:
    """The marker groups of one copy of a shape's meld body (see the module
    docstring).  ``previous`` is the copy the meld before this one was read
    in (None: this one, a loop); ``local``: only melds merged into one meld
    are ordered (the meld automaton, where the meld before was read in
    another copy); ``self_check``: a middle size may check its own marker
    (a marker that may stand after its check in the pattern)."""

    def __init__(
        self,
        ctx: Context,
        kinds: frozenset[str],
        previous: "RunOrder | None" = None,
        local: bool = False,
        self_check: bool = True,
    ):
        self.ctx = ctx
        self.kinds = kinds
        self.previous = previous if previous is not None else self
        self.local = local
        self.self_check = self_check
        self.markers: dict[str, str] = {}

    def covers(self, group: list[MeldKind]) -> bool:
        """Does this order read any meld of ``group`` (a merged meld)?"""
        return any(k.name in self.kinds for k in group)

    def marker(self, kind: str) -> str:
        """The name of the marker of ``kind`` in this copy (made once)."""
        if kind not in self.markers:
            self.markers[kind] = self.ctx.names.capture("q")
        return self.markers[kind]

    def _peers(self, kind: MeldKind, group: list[MeldKind]) -> list[MeldKind]:
        pool = group if self.local else [self.ctx.rules.kinds[k] for k in sorted(self.kinds)]
        return [u for u in pool if u.name in self.kinds and overlap(u, kind)]

    def _middle(self, kind: MeldKind, group: list[MeldKind]) -> bool:
        return self.self_check and group[0].size < kind.size < group[-1].size

    def checks(self, kind: MeldKind, group: list[MeldKind], first: ir.Node) -> list[ir.Node]:
        """Before the rest of a meld of ``kind``, after its first tile
        (``first``: how to read that tile again): the previous meld was no
        bigger meld of this tile (nor, for a middle size, one of its own
        size)."""
        if kind.name not in self.kinds:
            return []
        prev = self.previous
        names = [
            prev.marker(u.name) if prev is self else prev.markers.get(u.name)
            for u in self._peers(kind, group)
            if key(u) > key(kind) or (u.name == kind.name and self._middle(kind, group))
        ]
        return [self._check(n, first) for n in names if n]

    def _check(self, name: str, first: ir.Node) -> ir.Node:
        here = ir.Look(ir.seq(ir.Backref(name), ir.End()))
        if self.ctx.caps.captures != "empty_unset":
            return ir.Look(here.item, negate=True)
        # JavaScript: an unset marker would match the empty string at the
        # end, so the marker starts with the tile and is compared at the
        # meld's start, from behind its first tile.
        return ir.Look(ir.Behind(ir.seq(here, first)), negate=True)

    def mark(self, kind: MeldKind, group: list[MeldKind], capture: str) -> ir.Node | None:
        """After a meld of ``kind`` whose tile is in ``capture``: its marker,
        when a meld may be forbidden after it."""
        if kind.name not in self.kinds:
            return None
        peers = self._peers(kind, group)
        if not any(key(u) < key(kind) for u in peers) and not self._middle(kind, group):
            return None
        tile = ir.Backref(capture)
        what = f"the rest of the hand after a {kind.name} and its tile (sorted_runs)"
        rest: ir.Node = ir.Repeat(ir.AnyChar(), 0, None)
        if self.ctx.caps.captures == "empty_unset":
            marker = ir.Capture(self.marker(kind.name), ir.seq(tile, rest), describes=what)
        else:
            marker = ir.seq(tile, ir.Capture(self.marker(kind.name), rest, describes=what))
        return ir.Alt((ir.Look(tile, negate=True), ir.Look(marker)))


def ordered_tail(order: RunOrder, group: list[MeldKind], capture: str) -> ir.Node:
    """The rest of a merged same-meld after its first tile (kept in
    ``capture``): one branch per size, biggest first, each with its checks
    and its marker."""
    branches = []
    for kind in reversed(group):
        n = kind.size - 1
        more = [ir.Repeat(ir.Backref(capture), n, n)] if n > 1 else [ir.Backref(capture)] * n
        mark = order.mark(kind, group, capture)
        checks = order.checks(kind, group, ir.Backref(capture))
        branches.append(ir.seq(*checks, *more, *([mark] if mark else [])))
    return ir.alt(*branches)


# --- Where the order is not kept: a warning at compile time ---

#: Ways to split one run of a tile from which the compiler warns.
WARN_SPLITS = 10_000


def run_splits(sizes: list[int], run: int, most: int) -> int:
    """How many sequences of at most ``most`` melds of ``sizes`` tiles
    cover a run of ``run`` copies of one tile: what a backtracking engine
    may try, in every order, before a losing hand fails."""
    ways = [[0] * (run + 1) for _ in range(most + 1)]
    ways[0][0] = 1
    for m in range(1, most + 1):
        for n in range(1, run + 1):
            ways[m][n] = sum(ways[m - 1][n - s] for s in sizes if s <= n)
    return sum(ways[m][run] for m in range(most + 1))


def longest_copies(rules, shape: Shape, kinds: list[MeldKind]) -> int:
    """The most copies of one tile a run may hold before a rule rejects
    it: the win condition's copy limit over the kinds' tiles (4 with wild
    tiles: the physical limit), else the shape's most tiles."""
    if rules.has_wilds:
        return 4
    every = frozenset(range(len(rules.alphabet.tiles)))
    used = frozenset().union(*(k.of.tiles if k.of else every for k in kinds))
    limits = [
        c.value
        for c in rules.where
        if c.kind == "each_tile" and c.op == "<=" and used <= c.tiles.tiles
    ]
    most = sum(n * max(rules.kinds[k].size for k in ks) for n, ks in shape.slots)
    return min(limits, default=most)


def unordered_warnings(rules, options, flavor, scoring=False) -> list[tuple[str, object]]:
    """(message, span) for each hand shape whose same-melds of different
    sizes may share a run of one tile when ``sorted_runs`` cannot order
    them (the pass is off, the rule set has wild tiles, the flavor has no
    lookaround, or the pattern is a ``scoring`` one) in a backtracking
    flavor: the shape, the melds, and the estimated ways a losing hand's
    longest run splits (at least :data:`WARN_SPLITS`)."""
    if not flavor.backrefs:
        return []  # RE2: linear time
    reasons = [
        (scoring, "a scoring pattern reads every split"),
        (not options.on("sorted_runs"), "sorted_runs is off"),
        (rules.has_wilds, "the rule set has wild tiles"),
        (not flavor.lookaround, f"{flavor.name} has no lookaround"),
    ]
    reason = next((text for off, text in reasons if off), None)
    if reason is None:
        return []
    out = []
    for shape in rules.shapes:
        same = [rules.kinds[k] for k in shape.kinds if rules.kinds[k].form == "same"]
        kinds = [a for a in same if any(b.size != a.size and overlap(a, b) for b in same)]
        if not kinds:
            continue
        run = longest_copies(rules, shape, kinds)
        sizes = sorted({k.size for k in kinds})
        ways = max(run_splits(sizes, n, shape.size) for n in range(run + 1))
        if ways >= WARN_SPLITS:
            names = ", ".join(k.name for k in sorted(kinds, key=key))
            out.append(
                (
                    f"hand shape '{shape.name}': its {names} melds of one tile side by side "
                    f"are read in every order ({reason}); a losing hand's run of {run} copies "
                    f"may be split about {ways:.1e} ways in a backtracking engine (estimated)",
                    shape.span,
                )
            )
    return out
