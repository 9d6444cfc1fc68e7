"""Compile a checked rule set into the regex IR.

Layout of every pattern (``T`` is "one tile")::

    \\A
    (?=T{min,max}\\z)            tile count: bounds all later scans
    (?=…)(?!…)                   tile-level constraints of the win condition
    (?: (?=…) SHAPE₁ | … )       per hand shape: its tile-level constraints,
                                 then its meld automaton as nested alternation
    \\z

Meld-level constraints live inside the meld automaton (see
:mod:`mahjong_regex.automaton`), so they hold on the split the body matched;
tile-level constraints are properties of the tile multiset and become
lookaheads.  Meld kinds and shared automaton states are definitions that a
flavor with subroutine calls prints once (the others inline them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from . import ir
from .automaton import MeldAutomaton, accepted, build
from .model import Constraint, MeldKind, RuleSet, Shape, TileClass

#: The optimization passes, in the order they run.  Each can be switched off.
PASSES = (
    "counts_to_length",
    "marker_chars",
    "fixed_width",
    "body_first",
    "atomic_scans",
    "merge_same_melds",
    "hoist_states",
    "aligned_scan",
    "suit_backrefs",
    "factor_literals",
)


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

    def __init__(self, rules: RuleSet, options: Options | None = None, lookaround: bool = True):
        self.rules = rules
        self.options = options or Options()
        self.lookaround = lookaround
        self.captures = 0
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
            self.captures += 1
            name = f"{prefix}{self.captures}"
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

    def meld_body(self, kinds: list[MeldKind], name: str, label: str) -> ir.Node:
        k = kinds[0]
        allowed = k.of.tiles if k.of else range(len(self.alphabet.tiles))
        if k.form == "same":
            lo, hi = kinds[0].size, kinds[-1].size
            tile = self.tiles_node(allowed)
            width = self.fixed_width()
            if width is not None and k.of is None:
                tile = ir.Repeat(ir.AnyChar(), width, width)
            if hi == 1:
                return ir.seq(tile, label=label)
            cap = self.capture_name("t")
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
            cap = self.capture_name("c")
            body = ir.seq(
                skip,
                ir.Capture(cap, tile, describes="a tile counted by " + label),
                ir.Repeat(self.atomic(ir.seq(skip, ir.Backref(cap))), n, n),
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

    def suit_count(self, op: str, k: int, label: str) -> list[ir.Node]:
        out = []
        if op in (">=", "=="):
            node = self.suits_at_least(k)
            if node is not None:
                out.append(ir.Look(node, label=label))
        if op in ("<=", "==") and k + 1 <= len(self.alphabet.suits):
            out.append(ir.Look(self.suits_at_least(k + 1), negate=True, label=label))
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
        it differs from the whole pattern's (``own_window``), then its meld
        automaton."""
        label = f"line {shape.span.line}: {self.rules.line(shape.span.line)}"
        if not plan.accept:
            # The constraints leave this shape no winning split.
            return ir.seq(ir.NEVER, label=label + " (can never win)")
        auto = build(shape, plan.constraints, self.relaxed_accept(shape, plan))
        renderer = _AutomatonRenderer(self, auto, ident(shape.name, f"h{index}"))
        looks = []
        if own_window:
            looks.append(self.length(plan.window, plan.moved, guard=False))
        for c in shape.where:
            if not c.is_meld_level:
                looks.extend(self.tile_constraint(c))
        if plan.constraints:
            label += " where " + ", ".join(c.text for c in plan.constraints)
        return ir.seq(*looks, renderer.render(), label=label)

    def relaxed_accept(self, shape: Shape, plan: "_ShapePlan") -> frozenset:
        return accepted(shape, plan.constraints) if plan.moved else plan.accept

    def length(self, window: tuple[int, int], moved, guard: bool) -> ir.Node:
        """A lookahead: the hand is ``window`` tiles long, whole tiles."""
        lo, hi = window
        label = f"{lo} to {hi} tiles"
        if moved:
            label += ": " + ", ".join(c.label() for c in moved)
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
        guard = not (single and moved) and self.fixed_width() is None
        parts.append(self.length((lo, hi), moved if single else (), guard=guard))
        # With body_first, every tile-level lookahead runs after the meld
        # body (most hands near the boundary fail the body, and cheaply),
        # the costly copy counts last.
        after = self.options.on("body_first") and self.lookaround
        cheap, costly = [], []
        for c in self.rules.where:
            if not c.is_meld_level:
                (costly if c.kind == "each_tile" else cheap).extend(self.tile_constraint(c))
        if not after:
            parts += cheap + costly
            cheap, costly = [], []
        shapes = [
            self.shape(s, i, p, own_window=bool(p.moved) and not single)
            for i, (s, p) in enumerate(zip(self.rules.shapes, plans))
        ]
        melds = ir.alt(*shapes) if len(shapes) > 1 else shapes[0]
        if cheap or costly:
            # The meld body first, in a lookahead; the tile-level checks
            # only for hands whose melds already fit; then take the hand.
            parts += [ir.Look(ir.seq(melds, ir.End())), *cheap, *costly]
            parts += [ir.Repeat(ir.AnyChar(), 0, None), ir.End()]
        else:
            parts += [melds, ir.End()]
        body = ir.Seq(tuple(parts), label=f"ruleset {self.rules.name}")
        return ir.Pattern(body, tuple(self.definitions.items()))


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
    return optimize(Compiler(rules, options, lookaround).compile(), options, backrefs)
