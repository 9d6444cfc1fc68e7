"""The automaton of each shape (:mod:`.kind_automaton`) written out as a
regular expression, for RE2: no lookaround, no backreferences, no flags.

The paths from a state at boundary i to a state at boundary j are written
by cutting the layers between them at one boundary m (a suit boundary where
there is one, else the middle): the alternation, over the states x at m, of
(paths to x)(paths from x).  Pieces that end alike are grouped before the
shared part, so ``AX|BX`` is written ``(?:A|B)X``.  This is written before
any determinising: RE2 builds its DFA lazily from it.
"""

from __future__ import annotations

from functools import lru_cache

from ... import ir
from ...ruleset.model import RuleSet
from ..errors import Unsupported
from .kind_automaton import Automaton, build_automaton
from .sorted_plan import PlanRefused


def build_re2(rules: RuleSet, flavor: str, caps) -> ir.Pattern:
    """The ``re2`` pattern for sorted hands of ``rules``: every shape's
    automaton written out, alternated.  Raises
    :class:`~mahjong_regex.compiler.errors.Unsupported` for a rule set with
    wild tiles or a turned tile, for what the automaton cannot hold, and
    for a pattern estimated past ``caps.re2`` bytes of UTF-8 by a quarter
    (naming the size)."""
    shapes, size = [], 0
    for shape in rules.shapes:
        try:
            auto = build_automaton(rules, shape)
        except PlanRefused as e:
            raise Unsupported(e.construct, e.reason, e.span, help=e.help) from None
        writer = Writer(rules, auto)
        shapes.append(writer.whole())
        size += writer.size_of(shapes[-1])
        # The size is an estimate from above (a group it counts may print
        # without its brackets): past the cap by a quarter, refuse before
        # printing; nearer, the printed pattern is measured
        # (:func:`mahjong_regex.pipeline.render_sorted`).
        if size > caps.re2 * 5 // 4:
            raise Unsupported(
                "this rule set",
                f"the pattern would be about {size:,} bytes (UTF-8), "
                f"more than the {caps.re2:,} allowed",
                quoted=False,
            )
    body = ir.seq(ir.Start(), ir.alt(*shapes), ir.End())
    return ir.Pattern(body, (), flavor)


class Writer:
    """Writes one :class:`~.kind_automaton.Automaton` as IR.  Every node it
    makes is interned: equal pieces are one object with one small key, so
    grouping them costs no deep comparisons."""

    def __init__(self, rules: RuleSet, auto: Automaton):
        self.rules, self.a = rules, auto
        self.k = len(auto.tiles)
        self.nodes: dict = {}
        self.sizes: dict[int, tuple[int, int]] = {}
        self.keys: dict[int, object] = {}
        self._ends: dict = {}
        suits = [rules.alphabet.tiles[t].suit for t in auto.tiles]
        self.cuts = [i for i in range(1, self.k) if suits[i] != suits[i - 1]]
        self.reach = self._reach()
        self._from: dict = {}

    def _reach(self) -> list[dict[int, set[int]]]:
        """Per boundary k and state there: the states at k + 1 it moves to."""
        return [{s: {b for _, b in ms} for s, ms in layer.items()} for layer in self.a.moves]

    def whole(self) -> ir.Node:
        """Every path from the start to the end."""
        if not self.a.moves or 0 not in self.a.moves[0]:
            return ir.NEVER
        return self.paths(0, 0, self.k, 0)[1]

    def split(self, i: int, j: int) -> int:
        """Where to cut the layers between boundaries i and j."""
        inside = [c for c in self.cuts if i < c < j]
        if inside:
            return min(inside, key=lambda c: abs(c - (i + j) / 2))
        return (i + j) // 2

    def ends(self, i: int, a: int, j: int) -> set[int]:
        """The states at boundary j reachable from state ``a`` at i."""
        key = (i, a, j)
        if key not in self._ends:
            now = {a}
            for k in range(i, j):
                now = {b for s in now for b in self.reach[k].get(s, ())}
            self._ends[key] = now
        return self._ends[key]

    def starts(self, m: int, j: int, b: int) -> set[int]:
        """The states at boundary m from which state ``b`` at j is
        reachable."""
        key = (m, j, b)
        if key not in self._from:
            now = {b}
            for k in range(j - 1, m - 1, -1):
                now = {s for s, nexts in self.reach[k].items() if nexts & now}
            self._from[key] = now
        return self._from[key]

    def intern(self, key, build, size) -> tuple[int, ir.Node]:
        """(id, node) for the node ``build()`` makes: one object and one
        small id per ``key`` (a flat tuple of ints and strings); ``size()``:
        (how many characters it prints as, how many alternatives it has),
        called, as ``build``, only for a key not seen before."""
        hit = self.nodes.get(key)
        if hit is None:
            hit = self.nodes[key] = (len(self.nodes), build())
            self.sizes[hit[0]] = size()
        return hit

    def size_of(self, node: ir.Node) -> int:
        """How many characters an interned node prints as."""
        for i, n in self.nodes.values():
            if n is node:
                return self.sizes[i][0]
        return 0

    @lru_cache(maxsize=None)
    def leaves(self, i: int, a: int) -> dict[int, tuple[int, ...]]:
        """{state at boundary i + 1: the sorted counts of tile i that move
        state ``a`` there}."""
        out: dict[int, list[int]] = {}
        for c, s in self.a.moves[i].get(a, ()):
            out.setdefault(s, []).append(c)
        return {s: tuple(sorted(cs)) for s, cs in out.items()}

    @lru_cache(maxsize=None)
    def paths(self, i: int, a: int, j: int, b: int) -> tuple[object, ir.Node]:
        """(key, node) of every path from state ``a`` at boundary i to ``b``
        at j."""
        if j == i + 1:
            counts = self.leaves(i, a).get(b, ())
            tile = self.a.tiles[i]
            key = ("n", tile, counts)
            return self.intern(
                key,
                lambda: self.counts(tile, list(counts)),
                lambda: (self.counts_size(tile, list(counts)), _arity(self.nodes[key][1])),
            )
        m = self.split(i, j)
        parts = []
        for x in sorted(self.ends(i, a, m) & self.starts(m, j, b)):
            parts.append((self.paths(i, a, m, x), self.paths(m, x, j, b)))
        return self.factor(parts)

    def factor(self, parts) -> tuple[object, ir.Node]:
        """``A1 B1 | A2 B2 | …`` (each a (key, node) pair) with the pieces
        that share their second part, then their first, written once:
        ``(?:A1|A2)B``."""
        if len(parts) == 1:
            ((head, tail),) = parts
            return self.seq(head, tail)
        by_tail: dict = {}
        for head, tail in parts:
            by_tail.setdefault(tail[0], (tail, []))[1].append(head)
        by_head: dict = {}
        for tail, heads in by_tail.values():
            head = self.either(heads)
            by_head.setdefault(head[0], (head, []))[1].append(tail)
        alts = []
        for head, tails in by_head.values():
            alts.append(self.seq(head, self.either(tails)))
        return self.either(alts)

    def seq(self, head, tail) -> tuple[int, ir.Node]:
        """(id, node) of ``head`` then ``tail`` ((id, node) pairs)."""
        return self.intern(
            ("s", head[0], tail[0]),
            lambda: _cat(head, tail),
            lambda: (self.wrapped(head[0]) + self.wrapped(tail[0]), 1),
        )

    def either(self, items) -> tuple[int, ir.Node]:
        """(id, node) of the alternation of ``items`` ((id, node) pairs,
        distinct ids): the one item, or an :class:`~mahjong_regex.ir.Alt`."""
        if len(items) == 1:
            return items[0]
        items = sorted(items, key=_first)
        return self.intern(
            ("a", *(k for k, _ in items)),
            lambda: ir.Alt(tuple(_flat(items))),
            lambda: self._alt_size([k for k, _ in items]),
        )

    def _alt_size(self, keys: list[int]) -> tuple[int, int]:
        """(printed size, alternatives) of the alternation of ``keys``."""
        arity = sum(self.sizes[k][1] for k in keys)
        return sum(self.sizes[k][0] for k in keys) + arity - 1, arity

    def wrapped(self, key: int) -> int:
        """The printed size of an interned node inside a sequence (an
        alternation goes in ``(?:…)``)."""
        bare, arity = self.sizes[key]
        return bare + (4 if arity > 1 else 0)

    def counts_size(self, tile: int, counts: list[int]) -> int:
        """How many bytes of UTF-8 :meth:`counts` prints as (tile names
        taken as written: they hold no character a pattern escapes)."""
        if not counts:
            return 16  # the re2 spelling of a class that matches nothing
        name = self.rules.alphabet.tiles[tile].name
        size = -1
        for lo, hi in _runs(counts):
            if lo == hi:
                size += 1 + min(len(name.encode()) * lo, _repeat_size(name, f"{{{lo}}}"))
            else:
                size += 1 + _repeat_size(name, f"{{{lo},{hi}}}")
        return size

    def counts(self, tile: int, counts: list[int]) -> ir.Node:
        """``c`` copies of ``tile`` for each ``c`` in ``counts``: a count
        spelled out (``七万七万``) or counted (``(?:七万){3}``), whichever
        is fewer bytes of UTF-8 (RE2 expands a counted one alike)."""
        if not counts:
            return ir.NEVER
        name = self.rules.alphabet.tiles[tile].name
        out = []
        for lo, hi in _runs(counts):
            spelled = len(name.encode()) * lo
            if lo == hi and spelled <= _repeat_size(name, f"{{{lo}}}"):
                out.append(ir.Lit(name * lo) if lo else ir.EMPTY)
            else:
                out.append(ir.Repeat(ir.Lit(name), lo, hi))
        return ir.alt(*out)


def _arity(node: ir.Node) -> int:
    """How many alternatives ``node`` has."""
    return len(node.items) if isinstance(node, ir.Alt) else 1


def _first(pair):
    """The first item of ``pair`` (a sort key)."""
    return pair[0]


def _repeat_size(name: str, count: str) -> int:
    """Bytes of UTF-8 of ``name`` repeated by ``count`` (``{3}``,
    ``{3,4}``): grouped unless it is one character."""
    return len(name.encode()) + len(count) + (0 if len(name) == 1 else 4)


def _flat(items):
    """The nodes of ``items``, alternations opened (they print the same)."""
    for _, n in items:
        if isinstance(n, ir.Alt) and not n.label:
            yield from n.items
        else:
            yield n


def _cat(head, tail) -> ir.Node:
    """``head`` then ``tail`` (``(id, node)`` pairs), an empty side dropped."""
    parts = [n for _, n in (head, tail) if not (isinstance(n, ir.Seq) and not n.items)]
    if len(parts) == 1:
        return parts[0]
    return ir.Seq(tuple(x for p in parts for x in (p.items if isinstance(p, ir.Seq) else (p,))))


def _runs(counts: list[int]) -> list[tuple[int, int]]:
    """Sorted counts as runs of consecutive ones: [(lo, hi), …]."""
    runs, start = [], counts[0]
    for x, y in zip(counts, counts[1:] + [None]):
        if y != x + 1:
            runs.append((start, x))
            start = y
    return runs
