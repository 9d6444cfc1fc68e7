"""The register machine of a shape with wild tiles that sort last (红中,
白, the flowers): a wild tile may stand in any place of a meld for a tile of
its domain, and a sorted hand holds all wild tiles at its end.

- A meld that holds a tile of its own takes its other places in the tile's
  block: each place takes a copy of the tile or, where none is left, a wild
  tile (``(?:TILE|(?!TILE)(?<v>))``).  After the block, a pointer into the
  wild tiles at the end of the hand grows by one wild tile per such place:
  ``(?=.*?(?<w>W…\\k<w_before>)\\z)``, a suffix of the hand, so no more wild
  tiles stand in than the hand holds.
- A meld made of wild tiles only is read at the end, from the wild tiles,
  as a meld of its kind: where it stands changes no rule of the shape (its
  kind has an instance free of any copy cap in every hand, checked when the
  shape is planned), so it may stand anywhere.  A shape with a floor on
  the tiles stood for (``each … >= 1``) keeps such melds in the blocks.
- The wild tiles' own blocks read those that stand for themselves, then the
  melds of wild tiles only, then the pointer's tiles to the end.
- Copy caps of the tiles stood for count the stand-ins: after a block whose
  tile has ``j`` copies held, the pointer grew by at most ``cap - j``.
"""

from __future__ import annotations

from dataclasses import replace

from ... import ir
from ...ruleset.model import RuleSet
from .flag_ops import FlagOps
from .register_machine import MachineWriter
from .sorted_plan import Instance, PlanRefused, ShapePlan, fits, instances
from .tile_order import canonical_tiles, copies, skip_to, tile_lit, tiles_node

#: The most copies of a tile held (the physical limit); a flower is held once.
HELD, FLOWER_HELD = 4, 1


def _wild_span(rules: RuleSet):
    """Where the rule set's first ``wild`` statement stands (None without one)."""
    return rules.wilds[0].span if rules.wilds else None


class Pool:
    """The wild tiles of a rule set whose wild tiles sort last: ``tiles``
    (indices, canonical order), the tiles they may stand for (``domain``,
    themselves aside) and ``node``, one of them."""

    def __init__(self, rules: RuleSet, domain: dict[int, frozenset[int]], order: list[int]):
        self.tiles = sorted(domain, key=order.index)
        doms = {frozenset(d - {w}) for w, d in domain.items()}
        if len(doms) != 1:
            raise PlanRefused(
                "wild", "wild tiles that stand for different tiles", _wild_span(rules)
            )
        self.domain = next(iter(doms))
        names = [t.name for t in rules.alphabet.tiles]
        if any(a != b and a.endswith(b) for a in names for b in names):
            # The blocks count copies with lookbehinds, read from the right.
            raise PlanRefused(
                "tiles", "with wild tiles, a tile name that ends with another", _wild_span(rules)
            )
        if sorted(order[len(order) - len(self.tiles) :]) != sorted(self.tiles):
            raise PlanRefused(
                "wild", "a wild tile that sorts before a tile that is not wild", _wild_span(rules)
            )
        self.node = tiles_node(rules, self.tiles)
        #: One wild tile where the pointer reads it: ``.`` (``..`` for names
        #: of two characters, and so on) when every wild tile's name has the
        #: same number of characters, all of the BMP (one code unit each in
        #: every engine), else :attr:`node`.  The pointer then starts where
        #: a wild tile does (:attr:`start`): a suffix of the hand from a
        #: wild tile on holds wild tiles only, since they sort last, so a
        #: path taking more stand-ins than the hand holds fails at once, as
        #: with :attr:`node`; ``.`` compiles to far less than a class of
        #: wide characters (in mpsz, ``..`` against ``[1-8]f``, a class
        #: PCRE2 compiles to a 32-byte map).
        self.unit, self.start = self.node, ir.EMPTY
        names = [rules.alphabet.tiles[w].name for w in self.tiles]
        widths = {len(n) for n in names}
        # A wild tile's name inside another tile's (J in xJy) would start
        # the pointer there too, and every such start is tried.
        inside = any(w in t.name and w != t.name for w in names for t in rules.alphabet.tiles)
        if len(widths) == 1 and not inside and all(ord(c) < 0x10000 for n in names for c in n):
            self.unit = ir.seq(*(ir.AnyChar() for _ in range(widths.pop())))
            self.start = ir.Look(ir.alt(self.node, ir.End()))
        #: The most wild tiles a hand holds.
        self.most = sum(FLOWER_HELD if rules.alphabet.tiles[w].flower else HELD for w in self.tiles)

    def limits(self, rules: RuleSet) -> list[ir.Node]:
        """Lookaheads: the wild tiles after the others and in canonical
        order (the tail that reads them takes them in any order), so each
        one's copies side by side, and no tile held more than the physical
        limit (4; a flower 1)."""
        # Every wild tile after every other tile: the pointer, read as
        # ``.`` from a wild tile on, then holds wild tiles only (a tile
        # written among the wild tiles would be read as one of them).
        others = [t for t in range(len(rules.alphabet.tiles)) if t not in self.tiles]
        out = [
            ir.Look(
                ir.seq(
                    ir.Repeat(tiles_node(rules, others), 0, None),
                    ir.Repeat(self.node, 0, None),
                    ir.End(),
                )
            )
        ]
        for i, early in enumerate(self.tiles):
            for late in self.tiles[i + 1 :]:
                find = ir.seq(
                    skip_to(rules, [late]),
                    tile_lit(rules, late),
                    skip_to(rules, [early]),
                    tile_lit(rules, early),
                )
                out.append(ir.Look(find, negate=True))
        return out + held_limits(rules)


def held_limits(rules: RuleSet) -> list[ir.Node]:
    """Lookaheads: no tile held more than the physical limit (4; a flower
    1).  In canonical order a tile's copies stand side by side, so one
    backreference reads them."""
    out = []
    for flower, held in ((False, HELD), (True, FLOWER_HELD)):
        tiles = [t.index for t in rules.alphabet.tiles if t.flower == flower]
        if tiles:
            name = f"top{held}"  # "t" starts no flag of a shape (prefix())
            again = ir.Repeat(ir.Backref(name), held, held)
            find = ir.seq(skip_to(rules, tiles), ir.Capture(name, tiles_node(rules, tiles)), again)
            out.append(ir.Look(find, negate=True))
    return out


class WildMachineWriter(MachineWriter):
    """:class:`~.register_machine.MachineWriter` with wild tiles standing
    in (see the module docstring)."""

    def __init__(self, rules: RuleSet, plan: ShapePlan, ops: FlagOps, prefix: str, pool: Pool):
        super().__init__(rules, plan, ops, prefix)
        self.pool = pool
        self.check_guesses = False
        self.places: list[str] = []  # the stand-in flags of the block being written
        self.pointer: str | None = None
        self.tail_guesses: list[tuple[str, str]] = []  # (flag, kind)
        self.text_flags = ops.flavor == "js" and len(pool.tiles) == 1
        for t, sames in plan.sames.items():
            # Each meld of a tile holds a copy of it (melds of wild tiles only
            # are read last), and it stands for no more copies than are held
            # and wild.
            held = FLOWER_HELD if rules.alphabet.tiles[t].flower else HELD
            plan.sames[t] = [
                replace(m, most=min(m.most, held, (held + pool.most) // m.size)) for m in sames
            ]
        kinds = set(plan.free) | {i.kind for g in plan.guessed for i in g}
        self.loose = any(plan.floors.get(t, 0) for t in pool.domain) or not all(
            placeable(rules, plan, pool, k) for k in kinds
        )
        if any(plan.floors.get(w, 0) for w in pool.tiles):
            raise PlanRefused(
                f"hand {plan.shape.name}", "a floor on a wild tile itself", plan.shape.span
            )
        if any(f > 1 for t, f in plan.floors.items() if t in pool.domain):
            raise PlanRefused(
                f"hand {plan.shape.name}", "a floor above 1 on wild tiles' tiles", plan.shape.span
            )
        if not self.loose:
            for group in plan.guessed:
                if any(i.spanning for i in group):
                    raise PlanRefused(
                        f"hand {plan.shape.name}", "a guessed run with wild tiles", plan.shape.span
                    )

    # --- guesses ---

    def guess(self, g: int, group: list[Instance]) -> ir.Node:
        """The guessed meld: one holding a copy of its tile, or (read at the
        end) one of wild tiles only."""
        node = super().guess(g, group)
        if self.loose:
            return node
        ways = []
        for kind in sorted({i.kind for i in group}):
            if self.banned([kind]):
                continue
            flag = f"{self.p}g{g}u{self.kind_ids[kind]}"
            self.tail_guesses.append((flag, kind))
            ways.append(ir.seq(self.guard([kind]), self.ops.set(flag)))
            for c in self.some:
                if kind in c.kinds:
                    self.some_flags[c].append(flag)
        return ir.alt(node, *ways)

    # --- places of melds ---

    def place(self, t: int, then: ir.Node = ir.EMPTY) -> ir.Node:
        """One place of a meld in ``t``'s block: a copy of ``t``, else a wild
        tile (a stand-in flag, read by the pointer after the block), and
        then ``then``."""
        lit = tile_lit(self.rules, t)
        if t not in self.pool.domain:
            return lit
        flag = f"{self.p}v{t}x{len(self.places)}"
        self.places.append(flag)
        # A wild tile follows: the hand ends with those standing in.
        if self.ops.atomic:
            # The copy, once it matched, is never given up for a wild tile:
            # the same as "no copy here" before the stand-in, in less code.
            return ir.Atomic(ir.alt(lit, ir.seq(self.stand_in(flag), then)))
        return ir.alt(lit, ir.seq(ir.Look(lit, negate=True), self.stand_in(flag), then))

    def stand_in(self, flag: str) -> ir.Node:
        """Set the flag of a place a wild tile takes.  In JavaScript, with
        one wild tile, the flag holds that tile's name (a backreference to
        an unset group matches nothing, so the pointer is the flags side by
        side)."""
        if self.text_flags:
            lazy = ir.Repeat(ir.AnyChar(), 0, None, "lazy")
            return ir.Look(ir.seq(lazy, ir.Capture(flag, self.pool.node)))
        return self.ops.set(flag, True)

    def fill(self, flag: str) -> ir.Node:
        """A wild tile where the place of ``flag`` took one, in the pointer."""
        if self.text_flags:
            return ir.Backref(flag)
        return self.ops.when(flag, self.pool.unit)

    def take(self, t: int, n: int) -> ir.Node:
        """``n`` places of one meld of ``t``: the first holds a copy of ``t`` (melds of wild tiles
        only are read last), unless such melds stay in the blocks."""
        if n == 0:
            return ir.EMPTY
        if self.loose:
            return ir.seq(*(self.place(t) for _ in range(n)))
        # A meld of this tile holds a copy of it: wild tiles only are read last.
        return ir.seq(tile_lit(self.rules, t), *(self.place(t) for _ in range(n - 1)))

    def virtual(self, run: Instance, level: int, i: int) -> str:
        """The flag "places 0..i of this run are all stand-ins"."""
        return f"{self.run_flag(run, level)}a{i}"

    def take_head(self, t: int, run: Instance, level: int) -> ir.Node:
        """The first place of run ``run``: a copy or a wild tile (then a flag:
        every place so far wild)."""
        if self.loose or t not in self.pool.domain:
            return self.place(t)
        return self.place(t, self.ops.set(self.virtual(run, level, 0)))

    def take_owed(self, t: int, run: Instance, level: int) -> ir.Node:
        """A later place of run ``run``; the last holds a copy when the others
        took wild tiles."""
        if self.loose or t not in self.pool.domain:
            return self.place(t)
        i = run.tiles.index(t)
        prev = self.virtual(run, level, i - 1)
        lit = tile_lit(self.rules, t)
        if i == len(run.tiles) - 1:
            # Every place so far a stand-in: this one holds the tile.
            return self.ops.test(prev, lit, self.place(t))
        return self.place(t, self.ops.when(prev, self.ops.set(self.virtual(run, level, i))))

    # --- blocks ---

    def absent_fast(self, t: int) -> bool:
        """Not for a tile wild tiles may stand for: its block may hold stand-ins only."""
        return super().absent_fast(t) and t not in self.pool.domain and t not in self.pool.tiles

    def block_head(self, t: int) -> list[ir.Node]:
        """For a tile that is not wild, at most its copy cap held where it
        is below the physical limit (4; a flower 1), which
        :meth:`Pool.limits` checks for every tile at once (stand-ins are
        counted at the block's end)."""
        self.places = []
        tile = self.rules.alphabet.tiles[t]
        held = FLOWER_HELD if tile.flower else HELD
        cap = self.plan.caps.get(t, held)
        if t in self.pool.tiles or cap >= held:
            return []
        return [ir.Look(copies(self.rules, t, cap + 1), negate=True)]

    def block_end(self, t: int) -> list[ir.Node]:
        """No copy left; the pointer grown by the places that took wild tiles; the stood-for cap and
        floor."""
        if t in self.pool.tiles:
            return []  # the rest is wild tiles, read by the tail
        parts = [ir.Look(tile_lit(self.rules, t), negate=True)]
        if self.places:
            before, self.pointer = self.pointer, f"{self.p}w{t}"
            fills = [self.fill(f) for f in self.places]
            grown = ir.seq(self.pool.start, *fills, *([ir.Backref(before)] if before else []))
            lazy = ir.Repeat(ir.AnyChar(), 0, None, "lazy")
            parts.append(ir.Look(ir.seq(lazy, ir.Capture(self.pointer, grown), ir.End())))
            parts.extend(self.stood_for_cap(t, before))
        if self.plan.floors.get(t, 0):
            held = ir.Behind(tile_lit(self.rules, t))  # the block ends after its copies
            parts.append(ir.Look(ir.alt(held, *(self.ops.is_set(f) for f in self.places))))
        return parts

    def stood_for_cap(self, t: int, before: str | None) -> list[ir.Node]:
        """The copies stood for (held and stand-ins) within the cap: never j
        copies held (the block ends after them: a lookbehind) and a pointer
        grown by more than cap - j wild tiles.  With j = 0 no lookbehind:
        more than cap stand-ins break the cap however many copies are held
        (runs through a tile the hand lacks take stand-ins there)."""
        cap = self.plan.caps.get(t)
        if cap is None:
            return []
        out = []
        for j in range(0, cap + 1):
            over = cap - j + 1
            if over > min(len(self.places), self.pool.most):
                continue  # never that many stand-ins here
            # The pointer is this block's wild tiles, then the one before.
            grew = ir.seq(
                ir.Repeat(ir.AnyChar(), 0, None, "lazy"),
                ir.Look(ir.seq(ir.Backref(self.pointer), ir.End())),
                ir.Repeat(self.pool.unit, over, over),
                *(
                    [ir.Repeat(ir.AnyChar(), 0, None), ir.Backref(before), ir.End()]
                    if before
                    else []
                ),
            )
            held = ir.Behind(copies(self.rules, t, j)) if j else ir.EMPTY
            out.append(ir.Look(ir.seq(held, grew), negate=True))
        return out

    # --- the end ---

    def tail(self) -> ir.Node:
        """After the wild tiles' own blocks: the melds of wild tiles only,
        then the wild tiles that stood in (the pointer's), to the end."""
        parts = []
        for flag, kind in self.tail_guesses:
            size = self.plan.sizes[kind]
            parts.append(self.ops.when(flag, ir.Repeat(self.pool.node, size, size)))
        if not self.loose:
            made = []
            for kind in sorted(self.plan.free):
                most = min(self.room(kind), self.pool.most // self.plan.sizes[kind])
                if most and not self.banned([kind]):
                    k = self.kind_ids[kind]
                    names = [f"{self.p}u{k}m{m}" for m in range(1, most + 1)]
                    parts.append(self.all_wild(kind, names))
                    made += [(kind, n, m) for m, n in enumerate(names, 1)]
            for c in self.some:
                self.some_flags[c] += [n for k, n, m in made if k in c.kinds and m == 1]
            parts.extend(self.count_update(made))
        if self.pointer is not None:
            parts.append(ir.Backref(self.pointer))
        return ir.seq(*parts)

    def room(self, kind: str) -> int:
        """The most melds of ``kind`` the shape takes."""
        return sum(c for c, ks in self.plan.shape.slots if kind in ks)

    def all_wild(self, kind: str, names: list[str]) -> ir.Node:
        """Up to ``len(names)`` melds of ``kind`` made of wild tiles only."""
        size = self.plan.sizes[kind]
        node: ir.Node = ir.EMPTY
        for name in reversed(names):
            wilds = ir.Repeat(self.pool.node, size, size)
            node = ir.alt(ir.seq(wilds, self.guard([kind]), self.ops.set(name), node), ir.EMPTY)
        return node


def placeable(rules: RuleSet, plan: ShapePlan, pool: Pool, kind: str) -> bool:
    """May a meld of ``kind`` made of wild tiles only stand anywhere?  In
    every hand the shape takes, some instance of it must keep every copy
    cap.  A tile blocks the instances holding it once it stands for at
    least ``cap - copies + 1`` copies, so a hand of n tiles blocks at most
    ``n // that`` tiles, each blocking the instances holding it: there must
    be more instances than that (a bound, not the least number)."""
    order = {t: i for i, t in enumerate(canonical_tiles(rules))}
    insts = [
        i
        for i in instances(rules, kind, order)
        if fits(i, plan.caps) and set(i.tiles) <= pool.domain
    ]
    if not insts or not plan.checks:
        return False
    least = [plan.caps[t] - m + 1 for i in insts for t, m in zip(i.tiles, i.mult) if t in plan.caps]
    if len(least) < sum(len(i.tiles) for i in insts):
        # Some instance has an uncapped tile... only if all its tiles are.
        free = [i for i in insts if not any(t in plan.caps for t in i.tiles)]
        if free:
            return True
    if not least:
        return True
    crowded = max(plan.lengths) // max(1, min(least))
    touching = max(sum(t in i.tiles for i in insts) for t in {t for i in insts for t in i.tiles})
    return len(insts) > crowded * touching
