"""Compile a checked rule set into the regex IR.

Layout of every pattern (``T`` is "one tile")::

    \\A
    (?=T{min,max}\\z)            tile count (or character count, char_length):
                                 bounds all later scans
    (?=…)(?!…)                   cheap tile-level lookaheads (marker scans)
    (?=(?: SHAPE₁ | … )\\z)      per hand shape: its own tile-level lookaheads,
                                 then its melds
    (?!…)                        costly tile-level lookaheads (copy counts)
    .*\\z

(``body_first`` off: every lookahead first, then the shapes unwrapped.)

Meld-level constraints hold on the split the body matched.  A shape's melds
are, by what the flavor's capture groups allow (``Flavor.captures``): a
counted loop whose meld counts live in empty flag groups (``counter_loop``),
a row of slots with flag captures (``slot_flags``), or the minimal meld
automaton of :mod:`mahjong_regex.automaton` as nested alternation.  The
counters are used only after checking, by enumeration, that they accept
exactly the automaton's count vectors.  Tile-level constraints are
properties of the tile multiset and become lookaheads.  Meld kinds and
shared automaton states are definitions that a flavor with subroutine calls
prints once (the others inline them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import combinations

from . import ir
from .automaton import MeldAutomaton, accepted, build, vectors_summing
from .model import Constraint, MeldKind, RuleSet, Shape, TileClass

#: The optimization passes, in the order they run.  Each can be switched off.
PASSES = (
    "counts_to_length",
    "marker_chars",
    "fixed_width",
    "char_length",
    "marker_scans",
    "suit_subsets",
    "body_first",
    "atomic_scans",
    "merge_same_melds",
    "hoist_states",
    "aligned_scan",
    "counter_loop",
    "slot_flags",
    "split_counts",
    "suit_backrefs",
    "factor_literals",
)

#: Highest meld count a ``counter_loop`` counter keeps (one group per level).
MAX_COUNTER_LEVEL = 4
#: Most groups ``counter_loop`` spends on keeping the tiles of pairs, pungs
#: and kongs for ``split_counts``.
MAX_TILE_STORES = 6
#: Most count vectors the counter passes enumerate before leaving a shape to
#: the automaton.
MAX_COUNTER_VECTORS = 20_000


@dataclass(frozen=True)
class Options:
    """Compiler switches: ``passes`` is the set of optimization passes on
    (default: all of :data:`PASSES`)."""

    passes: frozenset[str] = field(default_factory=lambda: frozenset(PASSES))

    def on(self, name: str) -> bool:
        return name in self.passes

    @classmethod
    def without(cls, *names: str) -> "Options":
        """All passes but ``names``."""
        for n in names:
            if n not in PASSES:
                raise ValueError(f"unknown pass {n!r}; passes are {', '.join(PASSES)}")
        return cls(frozenset(PASSES) - set(names))


def ident(name: str, fallback: str) -> str:
    """A group/definition name safe in every flavor: ASCII letters, digits and
    ``_``, starting with a letter; ``fallback`` when ``name`` is not one."""
    return name if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,30}", name) else fallback


class Compiler:
    """Turns one :class:`~mahjong_regex.model.RuleSet` into an
    :class:`~mahjong_regex.ir.Pattern` (before the IR passes of
    :mod:`mahjong_regex.optimize`)."""

    def __init__(
        self,
        rules: RuleSet,
        options: Options | None = None,
        lookaround: bool = True,
        captures: str = "plain",
        calls: bool = True,
    ):
        self.rules = rules
        self.options = options or Options()
        self.lookaround = lookaround
        # How the target flavor's capture groups behave (Flavor.captures):
        # decides whether meld counts may live in flag groups.
        self.captures = captures
        # Whether the flavor makes subroutine calls (else definitions are
        # inlined, once per use).
        self.calls = calls
        self.capture_count = 0
        # Per shape index: the first-tile captures of its slots (slot_flags).
        # Per shape index: the captures of the tiles of its pairs, pungs and
        # kongs (split_counts), each with how to tell it is set: None
        # (always set, or a backreference to it fails when unset),
        # "midtile", or the name of an empty flag group set with it.
        self.slot_firsts: dict[int, list[tuple[str, str | None]]] = {}
        # Definition and capture names share one namespace (both are named
        # groups): every name is taken once.
        self.taken: set[str] = set()
        self.def_names: dict[tuple, str] = {}
        self.alphabet = rules.alphabet
        self.definitions: dict[str, ir.Node] = {}
        self.kind_ids = {k: self.fresh(ident(k, f"k{i}")) for i, k in enumerate(rules.kinds)}

    # ---- tiles -------------------------------------------------------------------

    def names(self, tiles) -> list[str]:
        return [self.alphabet.tiles[i].name for i in sorted(tiles)]

    def tiles_node(self, tiles, label: str = "") -> ir.Node:
        """One tile out of a set of tile indices, as an alternation of literals."""
        return ir.alt(*(ir.Lit(n) for n in self.names(tiles)), label=label)

    def any_tile(self) -> ir.Node:
        return self.tiles_node(range(len(self.alphabet.tiles)))

    def tile_at_boundary(self) -> ir.Node:
        """One tile, read where the hand is known to hold one: ``width``
        characters when every name has that width (``fixed_width``), else
        the alternation of the names."""
        width = self.fixed_width()
        return ir.Repeat(ir.AnyChar(), width, width) if width else self.any_tile()

    def skip(self, tiles) -> ir.Node:
        """Lazily skip ahead to where one of ``tiles`` may start.  ``.*?`` when
        those names cannot occur across a tile boundary (``aligned_scan``),
        else whole tiles at a time."""
        if self.options.on("aligned_scan") and aligned_safe(
            self.names(tiles), [t.name for t in self.alphabet.tiles]
        ):
            return ir.Repeat(ir.AnyChar(), 0, None, "lazy")
        return ir.Repeat(self.any_tile(), 0, None, "lazy")

    def atomic(self, node: ir.Node) -> ir.Node:
        """``node`` as an atomic group (``atomic_scans``): used only where the
        first way ``node`` matches is as good as any, e.g. the next copy of a
        tile when counting copies."""
        return ir.Atomic(node) if self.options.on("atomic_scans") else node

    def fresh(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``, … -- the first name not taken."""
        name, n = base, 2
        while name in self.taken:
            name, n = f"{base}_{n}", n + 1
        self.taken.add(name)
        return name

    def capture_name(self, prefix: str) -> str:
        """A new capture name: ``prefix`` and a number (``t1``, ``c1``, …)."""
        while True:
            self.capture_count += 1
            name = f"{prefix}{self.capture_count}"
            if name not in self.taken:
                self.taken.add(name)
                return name

    def define(self, key: tuple, name: str, build) -> ir.Call:
        """A call of the definition for ``key``, built once by
        ``build(name)`` under the (already taken) ``name``."""
        if key not in self.def_names:
            self.def_names[key] = name
            self.definitions[name] = build(name)
        return ir.Call(self.def_names[key])

    def fixed_width(self) -> int | None:
        """With ``fixed_width``: the length of every tile name when they all
        have one length (in BMP characters), else None.  A meld's tile may
        then be captured as that many characters, since the length
        lookahead has already checked that the hand is a string of tiles."""
        if not (self.options.on("fixed_width") and self.lookaround):
            return None
        lengths = {len(t.name) for t in self.alphabet.tiles}
        bmp = all(ord(ch) <= 0xFFFF for t in self.alphabet.tiles for ch in t.name)
        return lengths.pop() if len(lengths) == 1 and bmp else None

    def char_width(self) -> int | None:
        """With ``char_length`` (and ``fixed_width``): the tile width, and the
        length lookahead then counts characters (``.{28,34}``) instead of
        reading tiles; the meld body validates every tile itself (a same-meld
        captures a whole tile name, not ``width`` arbitrary characters).
        Only where each meld is written once (a flavor with subroutine calls,
        or a counted loop or slot row): inlined into every branch of the
        automaton, the tile names would make the pattern grow by a third."""
        width = self.fixed_width()
        if width is None or not self.options.on("char_length"):
            return None
        if not self.calls and self.captures == "plain":
            return None
        return width

    def markers(self, tiles) -> frozenset[str] | None:
        """Characters that occur only in names of ``tiles`` and that every
        one of those names holds (``marker_chars``): in a string of tile
        names, one of them occurs exactly when a tile of the set does.
        Harbin's 条 suit is ``[鸡条]``.  None when there are none."""
        if not self.options.on("marker_chars"):
            return None
        inside = [self.alphabet.tiles[i].name for i in sorted(tiles)]
        outside = [t.name for t in self.alphabet.tiles if t.index not in tiles]
        banned = set("".join(outside))
        good = sorted(set("".join(inside)) - banned)
        chosen: list[str] = []
        uncovered = list(inside)
        while uncovered:
            best = max(good, key=lambda c: (sum(c in n for n in uncovered), -ord(c)), default=None)
            if best is None or not any(best in n for n in uncovered):
                return None
            chosen.append(best)
            uncovered = [n for n in uncovered if best not in n]
        return frozenset(chosen)

    def find(self, tiles, markers: bool = True) -> ir.Node:
        """Skip to a tile of ``tiles`` (inside a lookahead, from a tile
        boundary).  With ``markers``, a marker character may stand for the
        tile: that proves the tile is there, but ends mid-tile, so it may
        neither count copies nor precede a search that needs a boundary."""
        marks = self.markers(tiles) if markers else None
        if marks is not None:
            if self.options.on("marker_scans") and all(ord(c) <= 0xFFFF for c in marks):
                # One tight loop over the other characters: [^筒万]*[筒万].
                return ir.seq(ir.Repeat(ir.NotIn(marks), 0, None), ir.CharSet(marks))
            return ir.seq(ir.Repeat(ir.AnyChar(), 0, None, "lazy"), ir.CharSet(marks))
        return ir.seq(self.skip(tiles), self.tiles_node(tiles))

    # ---- meld kinds ----------------------------------------------------------------

    def meld(self, kinds: tuple[str, ...]) -> ir.Node:
        """One meld of any of ``kinds``: calls of the kinds' definitions;
        several of them become one definition of their alternation."""
        groups = self.group_kinds(kinds)
        calls = [self.define_meld(g) for g in groups]
        if len(calls) == 1 or not self.options.on("hoist_states"):
            return ir.alt(*calls)
        key = ("alt", tuple(c.name for c in calls))
        if key in self.def_names:
            return ir.Call(self.def_names[key])
        return self.define(key, self.fresh("_".join(key[1])), lambda _: ir.alt(*calls))

    def group_kinds(self, kinds: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Partition kinds so that ``same`` kinds over one class with
        consecutive sizes share one definition (``merge_same_melds``)."""
        if not self.options.on("merge_same_melds"):
            return [(k,) for k in kinds]
        ks = [self.rules.kinds[k] for k in kinds]
        groups: list[list[MeldKind]] = []
        for k in sorted(ks, key=lambda k: (k.form, str(k.of), k.size)):
            last = groups[-1][-1] if groups else None
            if (
                last is not None
                and k.form == "same" == last.form
                and k.of == last.of
                and k.size == last.size + 1
            ):
                groups[-1].append(k)
            else:
                groups.append([k])
        order = {k: i for i, k in enumerate(kinds)}
        groups.sort(key=lambda g: min(order[k.name] for k in g))
        return [tuple(k.name for k in g) for g in groups]

    def define_meld(self, group: tuple[str, ...]) -> ir.Node:
        key = ("meld", group)
        if key in self.def_names:
            return ir.Call(self.def_names[key])
        if len(group) == 1:
            name = self.kind_ids[group[0]]  # reserved for this kind
        else:
            name = self.fresh("_".join(self.kind_ids[k] for k in group))
        kinds = [self.rules.kinds[k] for k in group]
        label = "; ".join(f"line {k.span.line}: {self.rules.line(k.span.line)}" for k in kinds)
        return self.define(key, name, lambda n: self.meld_body(kinds, n, label))

    def meld_body(
        self, kinds: list[MeldKind], name: str, label: str, capture: str | None = None
    ) -> ir.Node:
        """One meld of ``kinds`` (one kind, or same kinds of consecutive
        sizes over one class): literal runs, or a captured tile and its
        copies; ``capture`` names that capture (else a fresh ``t`` name)."""
        k = kinds[0]
        allowed = k.of.tiles if k.of else range(len(self.alphabet.tiles))
        if k.form == "same":
            lo, hi = kinds[0].size, kinds[-1].size
            tile = self.tiles_node(allowed)
            width = self.fixed_width()
            if width is not None and k.of is None and self.char_width() is None:
                tile = ir.Repeat(ir.AnyChar(), width, width)
            if hi == 1:
                return ir.seq(tile, label=label)
            cap = capture or self.capture_name("t")
            return ir.seq(
                ir.Capture(
                    cap, tile, describes="the tile of a " + " or ".join(k.name for k in kinds)
                ),
                ir.Repeat(ir.Backref(cap), lo - 1, hi - 1),
                label=label,
            )
        runs = [
            ir.seq(*(ir.Lit(self.alphabet.tiles[i].name) for i in inst))
            for inst in k.instances(self.alphabet)
        ]
        return ir.alt(*runs, label=label)

    # ---- tile-level constraints -----------------------------------------------------

    def tile_constraint(self, c: Constraint) -> list[ir.Node]:
        """Lookaheads (a list of IR nodes) that hold exactly when the
        tile-level constraint holds on the hand's tile multiset."""
        looks = self._tile_constraint(c)
        return [replace(n, span=c.span) if isinstance(n, ir.Look) else n for n in looks]

    def _tile_constraint(self, c: Constraint) -> list[ir.Node]:
        label = c.label()
        if c.kind == "contains":
            return [ir.Look(self.find(c.tiles.tiles), label=label)]
        if c.kind == "only":
            others = set(range(len(self.alphabet.tiles))) - c.tiles.tiles
            if not others:
                return []
            return [ir.Look(self.find(others), negate=True, label=label)]
        if c.kind == "each_tile":
            return self.each_tile(c.tiles, c.op, c.value, label)
        return self.suit_count(c.op, c.value, label)

    def each_tile(self, cls: TileClass, op: str, n: int, label: str) -> list[ir.Node]:
        out: list[ir.Node] = []
        if op in ("<=", "=="):
            # No tile of the class occurs n+1 times.
            skip = self.skip(cls.tiles)
            tile = self.tiles_node(cls.tiles)
            width = self.fixed_width()
            if width is not None and len(cls.tiles) == len(self.alphabet.tiles):
                # Tile by tile, no alternation: the hand is a string of tiles
                # of one width (the length lookahead checked it).
                tile = ir.Repeat(ir.AnyChar(), width, width)
                skip = ir.Repeat(tile, 0, None, "lazy")
            # The next copy: a character scan when no tile name can be read
            # across a tile boundary, else tile by tile.
            inner = self.skip(range(len(self.alphabet.tiles))) if width is not None else skip
            if not isinstance(inner.item, ir.AnyChar):
                inner = skip
            cap = self.capture_name("c")
            body = ir.seq(
                skip,
                ir.Capture(cap, tile, describes="a tile counted by " + label),
                ir.Repeat(self.atomic(ir.seq(inner, ir.Backref(cap))), n, n),
            )
            out.append(ir.Look(body, negate=True, label=label))
        if op in (">=", "==") and n > 0:
            for i in sorted(cls.tiles):
                one = self.find({i}, markers=n == 1)
                out.append(ir.Look(ir.Repeat(one, n, n), label=label))
        return out

    def suits_at_least(self, k: int) -> ir.Node | None:
        """A node matching (from the start) when tiles of at least ``k``
        different suits occur: the first tile of one suit, then one of
        another, and so on."""
        suits = self.alphabet.suits
        by_suit = {s: {t.index for t in self.alphabet.tiles if t.suit == s} for s in suits}
        # Markers for every suit, or for none: a search after a marker
        # starts mid-tile, which only another marker search tolerates.
        marks = all(self.markers(tiles) is not None for tiles in by_suit.values())

        def rest(seen: tuple[str, ...], need: int) -> ir.Node:
            if need == 0:
                return ir.EMPTY
            branches = []
            others = [s for s in suits if s not in seen]
            if need == 1:
                tiles = {t.index for t in self.alphabet.tiles if t.suit in others}
                return self.find(tiles, marks)
            for s in others:
                branches.append(ir.seq(self.find(by_suit[s], marks), rest(seen + (s,), need - 1)))
            return ir.alt(*branches)

        if k <= 0:
            return None
        return rest((), k)

    def suit_subsets(self, k: int) -> list[ir.Node] | None:
        """``suit_subsets``: tiles of at least ``k`` of the S suits occur
        exactly when every S-k+1 of the suits hold a tile -- one marker scan
        from the start for each such subset (Harbin's "two suits" is three
        scans: 条 or 筒, 条 or 万, 筒 or 万).  None when a suit has no marker
        character, or there would be more than 8 scans."""
        suits = self.alphabet.suits
        if not (self.options.on("suit_subsets") and 1 <= k <= len(suits)):
            return None
        by_suit = {s: {t.index for t in self.alphabet.tiles if t.suit == s} for s in suits}
        if any(self.markers(tiles) is None for tiles in by_suit.values()):
            return None
        subsets = list(combinations(suits, len(suits) - k + 1))
        if len(subsets) > 8:
            return None
        return [self.find(set().union(*(by_suit[s] for s in sub))) for sub in subsets]

    def suit_count(self, op: str, k: int, label: str) -> list[ir.Node]:
        out = []
        if op in (">=", "=="):
            scans = self.suit_subsets(k)
            if scans is not None:
                out.extend(ir.Look(n, label=label) for n in scans)
            else:
                node = self.suits_at_least(k)
                if node is not None:
                    out.append(ir.Look(node, label=label))
        if op in ("<=", "==") and k + 1 <= len(self.alphabet.suits):
            scans = self.suit_subsets(k + 1)
            if scans is not None:
                inner = ir.seq(*(ir.Look(n) for n in scans[:-1]), scans[-1])
            else:
                inner = self.suits_at_least(k + 1)
            out.append(ir.Look(inner, negate=True, label=label))
        return out

    # ---- hand shapes ----------------------------------------------------------------

    def plan(self, shape: Shape) -> "_ShapePlan":
        """The shape's accepted kind counts, and which meld-count constraints
        are exactly a tile-count window on this shape (``counts_to_length``):
        those are checked by the length lookahead instead of by automaton
        states.  E.g. Harbin's ``count(kong) <= 3`` is "at most 17 tiles"."""
        cs = [c for c in self.rules.where + shape.where if c.is_meld_level]
        sizes = [self.rules.kinds[k].size for k in shape.kinds]
        full = accepted(shape, cs)

        def tiles(v) -> int:
            return sum(a * b for a, b in zip(v, sizes))

        window = (min(map(tiles, full)), max(map(tiles, full))) if full else (0, 0)
        moved = []
        if self.options.on("counts_to_length") and self.lookaround:
            for c in list(cs):
                rest = [x for x in cs if x is not c]
                loose = accepted(shape, rest)
                if {v for v in loose if window[0] <= tiles(v) <= window[1]} == full:
                    cs = rest
                    moved.append(c)
        return _ShapePlan(full, tuple(cs), tuple(moved), window)

    def shape(self, shape: Shape, index: int, plan: "_ShapePlan", own_window: bool) -> ir.Node:
        """One hand shape: its tile-level lookaheads, its length window when
        it differs from the whole pattern's (``own_window``), then its melds:
        a counted loop or a row of slots with flag groups when the flavor's
        groups allow it (``counter_loop``, ``slot_flags``), else the meld
        automaton as nested alternation."""
        label = f"line {shape.span.line}: {self.rules.line(shape.span.line)}"
        if not plan.accept:
            # The constraints leave this shape no winning split.
            return ir.seq(ir.NEVER, label=label + " (can never win)")
        looks = []
        if own_window:
            looks.append(self.length(plan.window, plan.moved, guard=False))
        for c in shape.where:
            if not c.is_meld_level:
                looks.extend(self.tile_constraint(c))
        if plan.constraints:
            label += " where " + ", ".join(c.text for c in plan.constraints)
        melds = self.counted(shape, index, plan)
        if melds is None:
            auto = build(shape, plan.constraints, self.relaxed_accept(shape, plan))
            renderer = _AutomatonRenderer(self, auto, ident(shape.name, f"h{index}"))
            melds = renderer.render()
        return ir.seq(*looks, melds, label=label)

    def split_target(self) -> Constraint | None:
        """With ``split_counts``: the rule set's ``each tile <= n`` over every
        tile, which :meth:`split_count_checks` may read off the split."""
        if not self.options.on("split_counts"):
            return None
        every = len(self.alphabet.tiles)
        for c in self.rules.where:
            if c.kind == "each_tile" and c.op == "<=" and len(c.tiles.tiles) == every:
                return c
        return None

    def split_sound(self, shape: Shape, plan: "_ShapePlan", c: Constraint) -> bool:
        """Does every winning split of ``shape`` hold at most ``c.value``
        melds that hold a tile once (runs, single tiles)?"""
        once = [
            j
            for j, k in enumerate(shape.kinds)
            if self.rules.kinds[k].form == "run" or self.rules.kinds[k].size == 1
        ]
        return max(sum(v[j] for j in once) for v in self.relaxed_accept(shape, plan)) <= c.value

    def split_count_checks(self, plans) -> tuple[Constraint, dict[int, list[ir.Node]]] | None:
        """``split_counts``: ``each tile <= n`` read off the split the body
        found, in n+1 scans per pair, pung or kong instead of one per two
        tiles of the hand.

        Sound when every winning split holds at most n melds that hold a
        tile once (runs, single tiles): a tile with n+1 copies is then the
        tile of a pair, pung or kong of every winning split.  Needs those
        tiles captured by the meld body (``slot_flags``, ``counter_loop``)
        of every shape that can win.  Returns (the constraint, checks per
        shape index), or None."""
        c = self.split_target()
        if c is None:
            return None
        checks: dict[int, list[ir.Node]] = {}
        names = [t.name for t in self.alphabet.tiles]
        if self.options.on("aligned_scan") and aligned_safe(names, names):
            skip = ir.Repeat(ir.AnyChar(), 0, None, "lazy")
        else:
            skip = ir.Repeat(self.tile_at_boundary(), 0, None, "lazy")
        for i, (shape, plan) in enumerate(zip(self.rules.shapes, plans)):
            if not plan.accept:
                continue
            firsts = self.slot_firsts.get(i)
            if firsts is None or not self.split_sound(shape, plan, c):
                return None
            checks[i] = []
            for f, guard in firsts:
                count = ir.Repeat(
                    self.atomic(ir.seq(skip, ir.Backref(f))), c.value + 1, c.value + 1
                )
                if guard == "midtile":
                    # Only if the meld was a pair, pung or kong (f is set).
                    unset = ir.seq(ir.AnyChar(), ir.Backref(f))
                    count = ir.seq(ir.Look(unset, negate=True), count)
                elif guard is not None:
                    count = ir.seq(ir.Backref(guard), count)  # an empty flag: set?
                checks[i].append(ir.Look(count, negate=True, label=c.label(), span=c.span))
        return c, checks

    # ---- meld counts in flag groups ---------------------------------------------------

    def counters(self, shape: Shape, plan: "_ShapePlan") -> "list[_Counter] | None":
        """The shape's winning count vectors as a few counters -- (kinds, at
        least, at most) -- over its melds, or None when they cannot say it.

        Candidates are the shape's slot groups and its meld-count
        constraints; the set is accepted only if the vectors it admits are
        exactly the automaton's (checked by enumeration), then pruned of
        counters the others imply."""
        letters = shape.kinds
        n = shape.size
        accept = self.relaxed_accept(shape, plan)
        if not accept or len(accept) > MAX_COUNTER_VECTORS:
            return None
        live = [i for i, k in enumerate(letters) if any(v[i] for v in accept)]
        names = tuple(letters[i] for i in live)
        want = frozenset(tuple(v[i] for i in live) for v in accept)
        bounds: dict[frozenset, list] = {}

        def add(kinds, lo: int, hi: int | None) -> None:
            key = frozenset(kinds) & set(names)
            cur = bounds.setdefault(key, [0, None])
            cur[0] = max(cur[0], lo)
            cur[1] = hi if cur[1] is None else cur[1] if hi is None else min(cur[1], hi)

        for count, kinds in shape.slots:
            add(kinds, count, count)
        for c in plan.constraints:
            lo = c.value if c.op in (">=", "==") else 0
            hi = c.value if c.op in ("<=", "==") else None
            add(c.kinds, lo, hi)
        counters = [
            _Counter(kinds, lo, None if hi is not None and hi >= n else hi)
            for kinds, (lo, hi) in bounds.items()
            if kinds
        ]
        counters = [c for c in counters if c.lo > 0 or c.hi is not None]
        vectors = _bounded(vectors_summing, len(names), n)
        if vectors is None:
            return None

        def admits(cs) -> frozenset:
            idx = [[i for i, k in enumerate(names) if k in c.kinds] for c in cs]
            return frozenset(
                v
                for v in vectors
                if all(
                    c.lo <= sum(v[i] for i in ix)
                    and (c.hi is None or sum(v[i] for i in ix) <= c.hi)
                    for c, ix in zip(cs, idx)
                )
            )

        if admits(counters) != want:
            return None
        for c in sorted(counters, key=lambda c: (-len(c.kinds), c.lo)):
            rest = [x for x in counters if x is not c]
            if admits(rest) == want:
                counters = rest
        # Every counter is kept by one branch: its kinds must agree on the
        # counters they are in.
        sig = {k: frozenset(i for i, c in enumerate(counters) if k in c.kinds) for k in names}
        for c in counters:
            if len({sig[k] for k in c.kinds}) != 1:
                return None
        return names, counters

    def branches(
        self, names, counters: "list[_Counter]"
    ) -> list[tuple[tuple[str, ...], list[int]]]:
        """Kinds grouped by the counters they are in: (kinds, counter indices)."""
        groups: dict[frozenset, list[str]] = {}
        for k in names:
            key = frozenset(i for i, c in enumerate(counters) if k in c.kinds)
            groups.setdefault(key, []).append(k)
        return [(tuple(ks), sorted(key)) for key, ks in groups.items()]

    def counted(self, shape: Shape, index: int, plan: "_ShapePlan") -> ir.Node | None:
        if not self.lookaround:
            return None
        loop = self.options.on("counter_loop") and self.captures == "persistent"
        slots = self.options.on("slot_flags") and self.captures == "empty_unset"
        if not (loop or slots):
            return None
        found = self.counters(shape, plan)
        if found is None:
            return None
        names, counters = found
        if loop and all(c.level <= MAX_COUNTER_LEVEL for c in counters):
            return self.counter_loop(shape, index, plan, names, counters)
        if slots and all(c.lo <= 1 and c.hi in (None, 1) for c in counters):
            return self.slot_row(shape, index, names, counters)
        return None

    def counter_loop(self, shape: Shape, index: int, plan, names, counters) -> ir.Node:
        r"""``counter_loop``: ``(?:MELD₁ INC | MELD₂ INC | …){N}\z TESTS``.  A
        counter that may reach m keeps levels 1..m in empty groups;
        ``\k<c2>`` (empty when level 2 is reached, failing before) reads a
        level, a group at level m+1 is never made (the loop fails instead),
        and after the last meld a backreference per lower bound checks it.
        Needs groups that keep their value through the repetitions and a
        failing backreference to an unset group (PCRE2, regex, .NET).

        For ``split_counts`` the tile of each pair, pung or kong is kept as
        well: a branch that can occur S times in a winning split stores its
        tile in the first of S groups not yet taken."""
        levels = [[self.capture_name("n") for _ in range(c.level)] for c in counters]
        stores = self.loop_stores(shape, plan, names, counters)
        firsts: list[tuple[str, str | None]] = []
        alts = []
        for kinds, idx in self.branches(names, counters):
            pre, post = [], []
            for i in idx:
                c, lv = counters[i], levels[i]
                if c.hi is not None:
                    pre.append(ir.Look(ir.Backref(lv[-1]), negate=True))
                if len(lv) == 1:
                    post.append(ir.Capture(lv[0], ir.EMPTY, describes="a meld count flag"))
                    continue
                steps = [
                    ir.seq(ir.Look(ir.Backref(lv[0]), negate=True), ir.Capture(lv[0], ir.EMPTY))
                ]
                for j in range(1, len(lv)):
                    steps.append(
                        ir.seq(
                            ir.Backref(lv[j - 1]),
                            ir.Look(ir.Backref(lv[j]), negate=True),
                            ir.Capture(lv[j], ir.EMPTY),
                        )
                    )
                if c.hi is None:
                    steps.append(ir.Backref(lv[-1]))
                post.append(ir.Alt(tuple(steps)))
            meld = self.meld(kinds)
            if stores is not None and kinds in stores:
                times, always = stores[kinds]
                group = sorted((self.rules.kinds[x] for x in kinds), key=lambda x: x.size)
                if times == 1:
                    # Its own tile capture will do; a flag when it may be unset.
                    tile = self.capture_name("m")
                    meld = self.meld_body(group, "", "", capture=tile)
                    flag = None if always else self.capture_name("e")
                    firsts.append((tile, flag))
                    if flag:
                        post.append(ir.Capture(flag, ir.EMPTY, describes="a tile store flag"))
                else:
                    tile = self.tile_at_boundary()
                    chain, prev = [], None
                    for _ in range(times):
                        m, e = self.capture_name("m"), self.capture_name("e")
                        firsts.append((m, e))
                        chain.append(
                            ir.seq(
                                *([ir.Backref(prev)] if prev else []),
                                ir.Look(ir.Backref(e), negate=True),
                                ir.Look(ir.Capture(m, tile, describes="the tile of a meld")),
                                ir.Capture(e, ir.EMPTY, describes="a tile store flag"),
                            )
                        )
                        prev = e
                    pre.append(ir.Alt(tuple(chain)))
            alts.append(ir.seq(*pre, meld, *post))
        if stores is not None:
            self.slot_firsts[index] = firsts
        tests = [ir.Backref(lv[c.lo - 1]) for c, lv in zip(counters, levels) if c.lo > 0]
        label = "; ".join(c.describe() for c in counters)
        return ir.seq(
            ir.Repeat(ir.alt(*alts), shape.size, shape.size), ir.End(), *tests, label=label
        )

    def loop_stores(self, shape: Shape, plan, names, counters) -> dict | None:
        """For ``split_counts`` in a counted loop: per branch of pairs, pungs
        or kongs, (most times it occurs in a winning split, whether it
        always occurs); None when the check cannot be read off this shape
        (not sound, a branch mixing runs and same melds, or more than
        :data:`MAX_TILE_STORES` groups)."""
        c = self.split_target()
        if c is None or not self.split_sound(shape, plan, c):
            return None
        accept = self.relaxed_accept(shape, plan)
        stores = {}
        for kinds, _ in self.branches(names, counters):
            objs = [self.rules.kinds[x] for x in kinds]
            same = [x for x in objs if x.form == "same" and x.size >= 2]
            if not same:
                continue
            if len(same) != len(objs) or len(self.group_kinds(kinds)) != 1:
                return None
            idx = [shape.kinds.index(x) for x in kinds]
            times = [sum(v[i] for i in idx) for v in accept]
            stores[kinds] = (max(times), min(times) >= 1 and len(self.rules.shapes) == 1)
        if sum(t for t, _ in stores.values()) > MAX_TILE_STORES:
            return None
        return stores

    def slot_row(self, shape: Shape, index: int, names, counters) -> ir.Node:
        r"""``slot_flags``: the N melds as N slots in a row, every group its
        own, for a flavor where a backreference to an unset group matches
        the empty string (ECMAScript).  A flag is a non-empty capture made
        only by its counter's meld in that slot; after the end of the hand
        ``\k<f>`` matches (empty) exactly when f is unset, so "at least one"
        is: not every slot's flag matches there.  "At most one" reads the
        earlier slots' flags before the meld, where a set flag must fail:
        one character into the next tile, where no tile name can start (when
        every name has two or more characters and none can be read across a
        tile boundary), else by making the flag the rest of the hand from its
        meld on, which is longer than what is left.  A pair, pung or kong
        captures its tile, read by ``split_counts``."""
        n = shape.size
        all_names = [t.name for t in self.alphabet.tiles]
        midtile = min(map(len, all_names)) >= 2 and aligned_safe(all_names, all_names)
        flags: list[list[str]] = [[] for _ in counters]
        firsts: list[tuple[str, str | None]] = []
        tile = self.tile_at_boundary()
        slots = []
        for k in range(n):
            alts = []
            for kinds, idx in self.branches(names, counters):
                groups = self.group_kinds(kinds)
                objs = [self.rules.kinds[x] for x in kinds]
                same = [x for x in objs if x.form == "same" and x.size >= 2]
                pre, sets = [], []
                flag = None
                if midtile and len(groups) == 1 and len(same) == len(objs):
                    # The meld written here, its tile capture named: the
                    # tile for split_counts and the flag of its counters.
                    flag = self.capture_name("m")
                    firsts.append((flag, "midtile"))
                    group = sorted(objs, key=lambda x: x.size)
                    meld = self.meld_body(group, "", "", capture=flag)
                else:
                    meld = self.meld(kinds)
                    if midtile and same:
                        first = self.capture_name("m")
                        firsts.append((first, "midtile"))
                        look = ir.Capture(first, tile, describes=f"the tile of meld {k + 1}")
                        sets.append(ir.Look(look))
                if midtile and idx:
                    if flag is None:
                        flag = self.capture_name("f")
                        meld = ir.Capture(flag, meld, describes="a meld count flag")
                    earlier = [f for i in idx if counters[i].hi == 1 for f in flags[i]]
                    if earlier:
                        pre.append(ir.Look(ir.seq(ir.AnyChar(), *map(ir.Backref, earlier))))
                    for i in idx:
                        flags[i].append(flag)
                elif idx:
                    for i in idx:
                        if counters[i].hi == 1:
                            name = self.capture_name("f")
                            pre.extend(ir.Backref(f) for f in flags[i])
                            rest = ir.Capture(name, ir.Repeat(ir.AnyChar(), 0, None))
                            sets.append(ir.Look(rest))
                        else:
                            # Read only after the end: the meld itself will do.
                            name = self.capture_name("f")
                            meld = ir.Capture(name, meld, describes="a meld count flag")
                        flags[i].append(name)
                alts.append(ir.seq(*pre, *sets, meld))
            slot = ir.alt(*alts)
            if not midtile:
                first = self.capture_name("m")
                firsts.append((first, None))
                look = ir.Look(ir.Capture(first, tile, describes=f"the first tile of meld {k + 1}"))
                slot = ir.seq(look, slot)
            slots.append(slot)
        tests = [
            ir.Look(ir.seq(*(ir.Backref(f) for f in fs)), negate=True)
            for c, fs in zip(counters, flags)
            if c.lo >= 1
        ]
        self.slot_firsts[index] = firsts
        label = "; ".join(c.describe() for c in counters)
        return ir.seq(*slots, ir.End(), *tests, label=label)

    def relaxed_accept(self, shape: Shape, plan: "_ShapePlan") -> frozenset:
        return accepted(shape, plan.constraints) if plan.moved else plan.accept

    def length(self, window: tuple[int, int], moved, guard: bool) -> ir.Node:
        """A lookahead: the hand is ``window`` tiles long, whole tiles."""
        lo, hi = window
        label = f"{lo} to {hi} tiles"
        if moved:
            label += ": " + ", ".join(c.label() for c in moved)
        width = self.char_width()
        if width is not None:
            node = ir.seq(ir.Repeat(ir.AnyChar(), lo * width, hi * width), ir.End())
        else:
            node = ir.seq(ir.Repeat(self.any_tile(), lo, hi), ir.End())
        span = moved[0].span if moved else None
        return ir.Look(node, label=label, guard=guard, span=span)

    def compile(self) -> ir.Pattern:
        """Build the whole pattern (see the module docstring)."""
        plans = [self.plan(s) for s in self.rules.shapes]
        live = [p for p in plans if p.accept]
        lo = min((p.window[0] for p in live), default=0)
        hi = max((p.window[1] for p in live), default=0)
        moved = [c for p in plans for c in p.moved]
        single = len(plans) == 1
        parts: list[ir.Node] = [ir.Start()]
        # With one shape its window is the whole pattern's: the length
        # lookahead then checks the moved constraints too.
        guard = not (single and moved) and (
            self.fixed_width() is None or self.char_width() is not None
        )
        parts.append(self.length((lo, hi), moved if single else (), guard=guard))
        shapes = [
            self.shape(s, i, p, own_window=bool(p.moved) and not single)
            for i, (s, p) in enumerate(zip(self.rules.shapes, plans))
        ]
        split = self.split_count_checks(plans)
        # With body_first the cheap lookaheads (marker scans) come first, then
        # the meld body in a lookahead, then the costly copy counts, which
        # then run only for hands whose melds already fit.
        after = self.options.on("body_first") and self.lookaround
        cheap, costly = [], []
        for c in self.rules.where:
            if c.is_meld_level or (split and c is split[0]):
                continue
            for n in self.tile_constraint(c):
                (cheap if c.kind != "each_tile" and _linear(n) else costly).append(n)
        if split:
            shapes = [
                ir.seq(ir.Look(ir.seq(node, ir.End())), *split[1].get(i, ()))
                for i, node in enumerate(shapes)
            ]
        melds = ir.alt(*shapes) if len(shapes) > 1 else shapes[0]
        if not after:
            parts += cheap + costly
            cheap, costly = [], []
        if cheap or costly or split:
            # (Split checks end each shape's body in its own lookahead.)
            parts += [*cheap, ir.Look(melds if split else ir.seq(melds, ir.End())), *costly]
            parts += [ir.Repeat(ir.AnyChar(), 0, None), ir.End()]
        else:
            parts += [melds, ir.End()]
        body = ir.Seq(tuple(parts), label=f"ruleset {self.rules.name}")
        return ir.Pattern(body, tuple(self.definitions.items()))


def _linear(node: ir.Node) -> bool:
    """True for a lookahead made of single-character scans only (marker
    scans): no captures, no repetition of a tile or group."""
    for n in ir.walk(node):
        if isinstance(n, (ir.Capture, ir.Backref)):
            return False
        if isinstance(n, ir.Repeat) and not isinstance(n.item, (ir.CharSet, ir.NotIn, ir.AnyChar)):
            return False
    return True


@dataclass(frozen=True)
class _Counter:
    """A meld count the pattern keeps: melds of ``kinds`` number at least
    ``lo`` and at most ``hi`` (None: no upper bound)."""

    kinds: frozenset[str]
    lo: int
    hi: int | None

    @property
    def level(self) -> int:
        """The highest count the pattern must tell apart."""
        return self.hi if self.hi is not None else self.lo

    def describe(self) -> str:
        what = " | ".join(sorted(self.kinds))
        if self.hi == self.lo:
            return f"count({what}) == {self.lo}"
        if self.hi is None:
            return f"count({what}) >= {self.lo}"
        if self.lo == 0:
            return f"count({what}) <= {self.hi}"
        return f"{self.lo} <= count({what}) <= {self.hi}"


def _bounded(gen, k: int, total: int) -> list | None:
    """``list(gen(k, total))``, or None past :data:`MAX_COUNTER_VECTORS` items."""
    out = []
    for v in gen(k, total):
        out.append(v)
        if len(out) > MAX_COUNTER_VECTORS:
            return None
    return out


@dataclass(frozen=True)
class _ShapePlan:
    """What :meth:`Compiler.plan` decided for one shape."""

    accept: frozenset
    constraints: tuple[Constraint, ...]
    moved: tuple[Constraint, ...]
    window: tuple[int, int]


class _AutomatonRenderer:
    """Renders a :class:`~mahjong_regex.automaton.MeldAutomaton` as nested
    alternation: state q becomes ``melds→q' STATE(q') | …``; runs of one
    meld group become counted repetitions; with ``hoist_states`` a state
    reached from several places becomes a definition."""

    def __init__(self, compiler: Compiler, auto: MeldAutomaton, prefix: str):
        self.c = compiler
        self.auto = auto
        self.prefix = prefix
        self.refs = self.count_refs()
        self.cache: dict[int, ir.Node] = {}

    def edges(self, q: int) -> list[tuple[tuple[str, ...], int]]:
        by_target: dict[int, list[str]] = {}
        for letter in self.auto.letters:
            t = self.auto.transitions[q].get(letter)
            if t is not None:
                by_target.setdefault(t, []).append(letter)
        return [(tuple(ls), t) for t, ls in by_target.items()]

    def chain(self, q: int) -> tuple[tuple[str, ...], int, int]:
        """Follow a run of states with one edge group of the same letters:
        returns (letters, count, state after the run)."""
        letters, t = self.edges(q)[0]
        n = 1
        while (
            t not in self.auto.accepting
            and len(self.edges(t)) == 1
            and self.edges(t)[0][0] == letters
            and self.refs.get(t, 0) <= 1
        ):
            t = self.edges(t)[0][1]
            n += 1
        return letters, n, t

    def count_refs(self) -> dict[int, int]:
        refs: dict[int, int] = {}
        seen = set()
        stack = [0]
        while stack:
            q = stack.pop()
            if q in seen:
                continue
            seen.add(q)
            for _, t in self.edges(q):
                refs[t] = refs.get(t, 0) + 1
                stack.append(t)
        return refs

    def render(self) -> ir.Node:
        return self.state(0)

    def state(self, q: int) -> ir.Node:
        if q in self.cache:
            return self.cache[q]
        edges = self.edges(q)
        if not edges:
            node = ir.EMPTY
        elif len(edges) == 1 and q not in self.auto.accepting:
            letters, n, t = self.chain(q)
            m = self.c.meld(letters)
            node = ir.seq(m if n == 1 else ir.Repeat(m, n, n), self.state(t))
        else:
            branches = [ir.seq(self.c.meld(ls), self.state(t)) for ls, t in edges]
            if q in self.auto.accepting:
                branches.append(ir.EMPTY)
            node = ir.alt(*branches)
        if (
            self.c.options.on("hoist_states")
            and self.refs.get(q, 0) > 1
            and node != ir.EMPTY
            and _weight(node) > 1
        ):
            name = self.c.fresh(f"{self.prefix}_{q}")
            self.c.definitions[name] = node
            node = ir.Call(name)
        self.cache[q] = node
        return node


def _weight(node: ir.Node) -> int:
    return sum(1 for _ in ir.walk(node))


def aligned_safe(names: list[str], alphabet: list[str]) -> bool:
    """True when none of ``names`` can occur in a concatenation of
    ``alphabet`` names except at a tile boundary, so a plain character scan
    (``.*?``) finds exactly the tiles a tile-by-tile scan finds."""

    def prefix_of_tiles(w: str, depth: int = 0) -> bool:
        # Can w be a prefix of some concatenation of tiles?
        if not w:
            return True
        if depth > 64:
            return True
        for t in alphabet:
            if t.startswith(w) or (w.startswith(t) and prefix_of_tiles(w[len(t) :], depth + 1)):
                return True
        return False

    for w in names:
        for t in alphabet:
            for cut in range(1, len(t)):
                s = t[cut:]  # a proper suffix of a tile: text starts mid-tile
                if s.startswith(w) or (w.startswith(s) and prefix_of_tiles(w[len(s) :])):
                    return False
    return True


def compile_rules(rules: RuleSet, options: Options | None = None, flavor=None) -> ir.Pattern:
    """Compile a rule set to IR and run the IR passes (RuleSet -> Pattern).

    ``flavor`` (a :class:`~mahjong_regex.flavors.Flavor` or name), when
    given, lets the compiler avoid constructs the flavor lacks where it has
    another way to say the same thing (a flavor without lookaround keeps
    every meld count in the automaton)."""
    from .flavors import get
    from .optimize import optimize

    options = options or Options()
    if isinstance(flavor, str):
        flavor = get(flavor)
    lookaround = flavor is None or flavor.lookaround
    backrefs = flavor is None or flavor.backrefs
    captures = flavor.captures if flavor is not None else "plain"
    calls = flavor is None or flavor.call is not None
    compiler = Compiler(rules, options, lookaround, captures, calls)
    return optimize(compiler.compile(), options, backrefs)
