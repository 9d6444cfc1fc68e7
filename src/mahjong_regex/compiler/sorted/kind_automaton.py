"""The automaton over tile counts of one hand shape, for sorted input.

A sorted hand is a count per tile, in canonical order.  The automaton reads
one tile per layer: from a state, ``c`` copies of the tile lead to the
states where those copies are placed.  A state holds what the rest of the
hand needs to know:

- the runs (and ``distinct`` melds) started on earlier tiles and not yet
  complete, with how many of each (each needs one copy of this tile);
- how many melds of each kind the hand holds so far, as a state of the
  shape's minimal meld automaton (:mod:`mahjong_regex.automata.meld_dfa`);
- per tile-level constraint that is not read tile by tile, what it needs
  (a tile of a class seen, the suits seen, a count).

It is built forward from the start, cut back to the states that can still
win, and reduced: states with the same moves to the same states (layer by
layer, from the end) are one state.  RE2 reads it written out as a regular
expression (:mod:`.automaton_regex`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...automata.meld_dfa import build as meld_dfa
from ...ruleset.model import Constraint, RuleSet, Shape, compare
from .sorted_plan import (
    PlanRefused,
    conjuncts,
    fits,
    instances,
    run_levels,
    tile_bounds,
)
from .tile_order import canonical_tiles
from .wild_automaton import Wilds

#: Most states in one layer before a shape is refused.
MAX_LAYER_STATES = 20_000


@dataclass
class Automaton:
    """A layered automaton: ``tiles[k]`` is read between boundaries k and
    k + 1; ``moves[k][s]`` lists (copies, next state) from state ``s`` at
    boundary k; state 0 at boundary 0 is the start, state 0 at the last
    boundary the end (every state left there wins)."""

    tiles: list[int]
    moves: list[dict[int, list[tuple[int, int]]]]

    def width(self, k: int) -> int:
        """How many states boundary ``k`` has."""
        return len(self.moves[k]) if k < len(self.moves) else 1


class Leaves:
    """The tile-level constraints of a shape that the automaton tracks, as
    leaves of their and/or tree: each leaf keeps a small value from tile to
    tile, and the tree is evaluated on the values at the end."""

    def __init__(self, rules: RuleSet, cs):
        self.rules = rules
        self.roots = [c for c in conjuncts(cs) if not c.is_meld_level and not local(c)]
        self.leaves: list[Constraint] = []
        for c in self.roots:
            self._collect(c)
        self.start = tuple(self._initial(c) for c in self.leaves)
        self._steps = cache(self._step)

    def _collect(self, c: Constraint) -> None:
        if c.kind in ("any", "all"):
            for p in c.parts:
                self._collect(p)
        else:
            self.leaves.append(c)

    @staticmethod
    def _initial(c: Constraint):
        return {"contains": False, "only": True, "each_tile": True}.get(
            c.kind, 0 if c.kind in ("tile_count", "substitutes") else ()
        )

    def step(self, values: tuple, tile: int, stood: int, held: int = -1, fills: int = 0) -> tuple:
        """The values after a tile: ``stood`` copies stood for (held ones
        and wild tiles standing in), ``held`` copies held (``held``
        constraints read these; -1: as many as stood for), ``fills`` wild
        tiles standing in (``substitutes``).  Remembered per arguments."""
        return self._steps(values, tile, stood, held, fills)

    def _step(self, values: tuple, tile: int, stood: int, held: int, fills: int) -> tuple:
        t = self.rules.alphabet.tiles[tile]
        out = []
        for c, v in zip(self.leaves, values):
            if c.kind == "substitutes":
                out.append(min(v + fills, c.value + 1))
                continue
            n = held if c.held and held >= 0 else stood
            inside = c.tiles is not None and tile in c.tiles.tiles
            if c.kind == "contains":
                v = v or (inside and n > 0)
            elif c.kind == "only":
                v = v and (inside or n == 0)
            elif c.kind == "each_tile":
                v = v and (not inside or compare(n, c.op, c.value))
            elif c.kind == "tile_count":
                v = min(v + (n if inside else 0), c.value + 1)
            elif c.kind == "suit_count" and n and t.suit is not None and t.suit not in v:
                v = tuple(sorted(v + (t.suit,)))[: c.value + 1]
            out.append(v)
        return tuple(out)

    def holds(self, values: tuple) -> bool:
        """Do the constraints hold on the final values?"""
        by_leaf = dict(zip(map(id, self.leaves), values))

        def ev(c: Constraint) -> bool:
            """Does ``c`` hold on the leaves' values?"""
            if c.kind == "any":
                return any(ev(p) for p in c.parts)
            if c.kind == "all":
                return all(ev(p) for p in c.parts)
            v = by_leaf[id(c)]
            if c.kind in ("contains", "only", "each_tile"):
                return v
            if c.kind == "suit_count":
                return compare(len(v), c.op, c.value)
            return compare(v, c.op, c.value)

        return all(ev(c) for c in self.roots)


def local(c: Constraint) -> bool:
    """Is ``c`` read as copy caps and floors (``only``, ``each``)?"""
    return not c.held and c.kind in ("only", "each_tile") and not c.tiles.dynamic


def build_automaton(rules: RuleSet, shape: Shape) -> Automaton:
    """The reduced :class:`Automaton` of ``shape`` (see the module
    docstring).  Raises :class:`~.sorted_plan.PlanRefused`."""
    order = canonical_tiles(rules)
    pos = {t: i for i, t in enumerate(order)}
    caps, floors = tile_bounds(rules, shape)
    room = {k: sum(c for c, ks in shape.slots if k in ks) for k in shape.kinds}
    kinds = sorted(shape.kinds)
    insts = [i for k in kinds for i in instances(rules, k, pos) if fits(i, caps)]
    spans = [i for i in insts if i.spanning]
    leaves = Leaves(rules, rules.where + shape.where)
    melds = meld_dfa(shape, rules.where + shape.where)
    levels = run_levels(rules, shape, spans, caps, kinds)
    options = {t: _options(t, insts, levels, caps, room, shape) for t in order}
    wilds = Wilds(rules) if rules.has_wilds else None
    layers: list[dict] = [{((), 0, leaves.start, wilds.start if wilds else ()): None}]
    moves: list[dict] = []
    bounds = (caps, floors, melds, leaves, wilds)
    # Past the last wild tile, a state with more fills than wild tiles set
    # aside never settles: not kept.
    last = wilds.last_read(order) if wilds is not None else len(order)
    for k, t in enumerate(order):
        nxt: dict = {}
        here: dict = {}
        done = k >= last
        for state in layers[-1]:
            ms = _moves(state, t, options[t], bounds)
            here[state] = [m for m in ms if wilds.balanced(m[1][3])] if done else list(ms)
            for _, s2 in here[state]:
                nxt.setdefault(s2, None)
        if len(nxt) > MAX_LAYER_STATES:
            raise PlanRefused(f"hand {shape.name}", "its automaton grows too large", shape.span)
        moves.append(here)
        layers.append(nxt)
    final = {
        s
        for s in layers[-1]
        if not s[0]
        and s[1] in melds.accepting
        and leaves.holds(s[2])
        and (wilds is None or wilds.settled(s[3]))
    }
    return reduce(order, moves, final)


def _options(t, insts, levels, caps, room, shape):
    """(copies, kind increments, started runs) for each way ``t``'s own
    copies make melds: same-melds of it and runs starting at it (at most
    ``levels`` of each run)."""
    same = [i for i in insts if not i.spanning and i.tiles == (t,)]
    starts = [i for i in levels if i.tiles[0] == t]
    cap = caps.get(t)
    ranges = []
    for i in same:
        most = room[i.kind] if cap is None else min(room[i.kind], cap // i.mult[0])
        ranges.append(range(most + 1))
    for i in starts:
        ranges.append(range(levels[i] + 1))
    # The copies each meld of a range takes: a same-meld its size, a run one.
    takes = [i.mult[0] for i in same] + [1] * len(starts)
    out = []
    for counts in _bounded(ranges, takes, shape.size, cap):
        copies = sum(n * k for n, k in zip(counts, takes))
        inc: dict = {}
        for n, i in zip(counts, same + starts):
            if n:
                inc[i.kind] = inc.get(i.kind, 0) + n
        started = tuple((i, n) for i, n in zip(starts, counts[len(same) :]) if n)
        out.append((copies, inc, started))
    return out


def _bounded(ranges, takes, most_melds: int, cap):
    """The tuples of :func:`itertools.product` over ``ranges`` (in its
    order) with at most ``most_melds`` melds in all and, with ``cap``, at
    most ``cap`` copies (``takes[k]`` per meld of range ``k``).  A partial
    tuple past either bound is cut at once: a tile that starts many runs
    (``distinct 2`` over two suits: 17 of them) has a product far too large
    to filter."""
    acc: list[int] = []

    def go(k: int, melds: int, copies: int):
        if k == len(ranges):
            yield tuple(acc)
            return
        for n in ranges[k]:
            if melds + n > most_melds or (cap is not None and copies + n * takes[k] > cap):
                break  # the ranges ascend: larger n only go further past
            acc.append(n)
            yield from go(k + 1, melds + n, copies + n * takes[k])
            acc.pop()

    return go(0, 0, 0)


def _moves(state, t, options, bounds):
    caps, floors, melds, leaves, wilds = bounds
    pending, at, values, counts = state
    owed = sum(n for i, n in pending if t in i.tiles)
    keep = tuple((i, n) for i, n in pending if i.tiles[-1] != t)
    for copies, inc, started in options:
        c = owed + copies
        if (caps.get(t) is not None and c > caps[t]) or c < floors.get(t, 0):
            continue
        new = at
        for kind, n in inc.items():
            for _ in range(n):
                new = melds.transitions[new].get(kind) if new is not None else None
        if new is None:
            continue
        pend = tuple(sorted(keep + started, key=lambda p: (p[0].tiles, p[0].kind, p[1])))
        if wilds is None:
            yield c, (pend, new, leaves.step(values, t, c), counts)
            continue
        for held, after, fills in wilds.ways(t, c, counts):
            yield held, (pend, new, leaves.step(values, t, c, held, fills), after)


def reduce(order, moves, final) -> Automaton:
    """Keep the states that reach ``final``; merge states whose moves lead to
    the same merged states, from the last boundary back."""
    cls: dict = {s: 0 for s in final}
    out: list[dict] = []
    for here in reversed(moves):
        sigs: dict = {}
        new_cls: dict = {}
        table: dict = {}
        for state, ms in here.items():
            sig = frozenset((c, cls[s]) for c, s in ms if s in cls)
            if not sig:
                continue
            if sig not in sigs:
                sigs[sig] = len(sigs)
                table[sigs[sig]] = sorted(sig)
            new_cls[state] = sigs[sig]
        out.append(table)
        cls = new_cls
    out.reverse()
    start = next(iter(moves[0]))
    if start not in cls:
        return Automaton(order, [{} for _ in order])
    # Renumber so that the start state is 0 at boundary 0.
    first = out[0]
    keep = {cls[start]: 0}
    out[0] = {0: first[cls[start]]}
    _ = keep
    return Automaton(order, out)
