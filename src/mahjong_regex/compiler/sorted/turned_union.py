"""Shapes of a rule set with a turned tile that one machine reads together
(Wuhan's 屁胡, 清一色 and 碰碰胡 share their 4 melds + a pair).

- **A union.**  Shapes whose slots hold the same numbers of melds are read
  by one :class:`~.turned_machine.TurnedMachineWriter` over the union of
  their meld kinds (a kind whose melds are all melds of another kind of
  its slot, ``pair258`` in ``pair``, is read as that one).  A path through
  the machine sets flags, and at the end some shape must accept them:

  - a kind the shape lacks was never made (no flag of its melds set), or
    every meld of the kind that holds the shape's narrower kind was of it;
  - its tile conditions hold, read up front into one flag: ``suits``, on
    the tiles held that are not wild (every meld holding a stand-in holds
    such a tile of the stand-in's suit, or is of stand-ins only and may
    stand in any suit), and ``held`` ones;
  - ``substitutes <= b``: the wild tile's block reads its copies as the
    tile itself, in melds, then the copies left, which stand in elsewhere
    and are the substitutes; no more than ``b`` of them left.  Without a
    bound its block reads all its copies first, as wild (as
    :mod:`.turned_machine` does), and a meld of stand-ins only stands for
    the wild tile where its kind may hold it.

Rules: the README's "Wild tiles" and the rule sets' cards; the reference
(:mod:`mahjong_regex.reference.multiset_search`) decides, and shares
nothing with this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ... import ir
from ...ruleset.model import RuleSet, Shape
from .sorted_plan import Instance, PlanRefused, conjuncts
from .sorted_tiles import TileRefused, lookaheads
from .tile_order import skip_to, tile_lit, tiles_node
from .turned_machine import TurnedMachineWriter, TurnedPool


def kind_tiles(rules: RuleSet, kind: str) -> frozenset[int]:
    """The tiles melds of ``kind`` may hold."""
    return frozenset(t for inst in rules.kinds[kind].instances(rules.alphabet) for t in inst)


def subsumes(rules: RuleSet, wide: str, narrow: str) -> bool:
    """Is every meld of ``narrow`` a meld of ``wide`` (both same-melds of
    one size, read alike)?"""
    a, b = rules.kinds[wide], rules.kinds[narrow]
    return (
        a.form == b.form == "same"
        and a.size == b.size
        and (a.stand_ins, a.counted) == (b.stand_ins, b.counted)
        and kind_tiles(rules, narrow) <= kind_tiles(rules, wide)
    )


# --- unions ---


@dataclass
class Terms:
    """What one shape of a :class:`Union` asks of a path (see the module
    docstring): kinds never made, (kind, tiles) pairs whose melds must all
    hold only those tiles, its tile conditions, the most substitutes."""

    shape: Shape
    absent: list[str] = field(default_factory=list)
    within: list[tuple[str, frozenset[int]]] = field(default_factory=list)
    conditions: list = field(default_factory=list)
    substitutes: int | None = None


@dataclass
class Union:
    """Shapes read by one machine: ``shape`` (the union's slots) and each
    shape's :class:`Terms`."""

    shape: Shape
    terms: list[Terms]


def union_groups(rules: RuleSet, shapes: list[Shape]) -> list[list[Shape]]:
    """The shapes grouped for one machine each: those whose slots hold the
    same numbers of melds, where each meld kind stands in one slot of the
    union; other shapes alone."""
    groups: list[list[Shape]] = []
    for shape in shapes:
        for group in groups:
            if _joinable(rules, group + [shape]):
                group.append(shape)
                break
        else:
            groups.append([shape])
    return groups


def _joinable(rules: RuleSet, shapes: list[Shape]) -> bool:
    counts = {tuple(c for c, _ in s.slots) for s in shapes}
    if len(counts) != 1:
        return False
    if len(shapes) > 1 and any(c.is_meld_level for s in shapes for c in conjuncts(s.where)):
        return False
    slots = _union_slots(rules, shapes)
    seen: set[str] = set()
    for _, kinds in slots:
        if seen & set(kinds):
            return False
        seen |= set(kinds)
    wide = {k for _, ks in slots for k in ks}
    # Every kind of every shape is in the union, or a narrower one of its slot.
    return all(
        k in wide or any(subsumes(rules, w, k) for w in ks2)
        for s in shapes
        for (_, ks), (_, ks2) in zip(s.slots, slots)
        for k in ks
    )


def _union_slots(rules: RuleSet, shapes: list[Shape]):
    out = []
    for j, (count, _) in enumerate(shapes[0].slots):
        kinds: list[str] = []
        for s in shapes:
            kinds += [k for k in s.slots[j][1] if k not in kinds]
        out.append((count, tuple(k for k in kinds if not _narrower(rules, k, kinds))))
    return tuple(out)


def _narrower(rules: RuleSet, k: str, kinds: list[str]) -> bool:
    """Is ``k`` read as another of ``kinds`` (one that takes all its melds;
    of two alike, the first)?"""
    return any(
        w != k
        and subsumes(rules, w, k)
        and (not subsumes(rules, k, w) or kinds.index(w) < kinds.index(k))
        for w in kinds
    )


def needs_union(rules: RuleSet, shape: Shape) -> bool:
    """Does a shape alone need the union's terms (a tile condition or
    ``substitutes`` its machine cannot read otherwise)?"""
    return any(
        c.kind in ("suit_count", "substitutes") for c in conjuncts(shape.where) if not c.held
    )


def unite(rules: RuleSet, shapes: list[Shape]) -> Union:
    """The :class:`Union` of ``shapes`` (one group of
    :func:`union_groups`).  Raises :class:`~.sorted_plan.PlanRefused` or
    :class:`~.sorted_tiles.TileRefused` for what a union cannot read."""
    slots = _union_slots(rules, shapes)
    wide = [k for _, ks in slots for k in ks]
    names = " | ".join(s.name for s in shapes)
    kept = ()
    if len(shapes) == 1:
        kept = tuple(c for c in shapes[0].where if c.is_meld_level)
    first = shapes[0]
    union = Shape(names, slots, kept, " | ".join(s.text for s in shapes), first.span)
    terms = []
    for s in shapes:
        t = Terms(s)
        for k in wide:
            if k in s.kinds:
                continue
            narrow = [n for n in s.kinds if n not in wide and subsumes(rules, k, n)]
            if narrow:
                t.within.append((k, frozenset().union(*(kind_tiles(rules, n) for n in narrow))))
            else:
                t.absent.append(k)
        for c in conjuncts(s.where):
            _term(rules, s, c, t, len(shapes))
        if t.substitutes is not None and any(c.kind == "suit_count" for c in t.conditions):
            raise PlanRefused(
                f"hand {s.name}",
                "'suits' and 'substitutes' together, with a wild tile the turned tile chooses",
                s.span,
            )
        terms.append(t)
    return Union(union, terms)


def _term(rules: RuleSet, shape: Shape, c, t: Terms, many: int) -> None:
    """Read constraint ``c`` of ``shape`` into ``t``."""
    if c.is_meld_level:
        if many > 1:
            raise PlanRefused(
                c.text, "a meld count in a shape read with others, with a turned tile", c.span
            )
        return
    if c.kind == "substitutes" and not c.parts:
        most = {"<=": c.value, "<": c.value - 1, "==": 0 if c.value == 0 else None}.get(c.op)
        if most is None or most < 0:
            raise TileRefused(c, "only an upper bound on substitutes is read")
        t.substitutes = most if t.substitutes is None else min(t.substitutes, most)
        return
    if c.held:
        if c.tiles is not None and c.tiles.dynamic:
            raise TileRefused(c, "its tiles depend on the turned tile")
        t.conditions.append(c)
        return
    if c.kind == "suit_count" and not c.parts:
        suited = frozenset(x.index for x in rules.alphabet.tiles if x.suit is not None)
        ok = c.op in ("<=", "<") or (c.op == "==" and c.value == 1)
        if c.op == "==" and any(not kind_tiles(rules, k) <= suited for k in shape.kinds):
            ok = False
        for k in shape.kinds:
            # A meld of stand-ins only stands in whichever suit the hand holds.
            if not all(kind_tiles(rules, k) & _suit(rules, s) for s in rules.alphabet.suits):
                ok = False
        if ok:
            t.conditions.append(c)
            return
    raise TileRefused(c, "it reads the tiles wild tiles stand for")


def _suit(rules: RuleSet, suit) -> frozenset[int]:
    return frozenset(t.index for t in rules.alphabet.tiles if t.suit == suit)


class UnionMachineWriter(TurnedMachineWriter):
    """:class:`~.turned_machine.TurnedMachineWriter` for a :class:`Union`:
    what its shapes' terms read, and at the end one shape's terms.  Each
    flag of a sorted pattern is set in one place (see :mod:`.flag_ops`), so
    a kind made is read as any of its melds' flags set.

    Where a shape bounds ``substitutes``, the wild tile's block reads its
    copies as the tile itself, in melds, and after them the copies left:
    those stand in elsewhere, and they are the substitutes (the meld
    counts make the stand-ins as many as the copies left).  A flag per
    block says "more left than the bound"."""

    def __init__(self, rules, plan, ops, prefix, pool: TurnedPool, checks, union: Union):
        super().__init__(rules, plan, ops, prefix, pool, checks)
        self.union = union
        kinds = {k for t in union.terms for k in t.absent}
        self.within = sorted(
            {w for t in union.terms for w in t.within}, key=lambda w: (w[0], sorted(w[1]))
        )
        bounds = {t.substitutes for t in union.terms if t.substitutes is not None}
        if len(bounds) > 1:
            raise PlanRefused(
                f"hand {plan.shape.name}",
                "shapes read together with different bounds on substitutes",
                plan.shape.span,
            )
        self.bound = bounds.pop() if bounds else None
        if pool.proxies:
            raise PlanRefused(
                f"hand {plan.shape.name}",
                "shapes read together, with a tile that plays the turned kind",
                plan.shape.span,
            )
        if self.bound is not None and any(len(ws) > 1 for ws in pool.wild_sets):
            raise PlanRefused(
                f"hand {plan.shape.name}",
                "'substitutes' with more than one wild tile the turned tile chooses",
                plan.shape.span,
            )
        self.wild_read_first = self.bound is None
        self.refuse_unplaceable(union, pool)
        # A run of one tile and two stand-ins is read as a same-meld of
        # three (:meth:`~.turned_machine.TurnedMachineWriter.lean`): not where
        # a shape tells them apart.
        told = kinds | {k for k, _ in self.within}
        if any(rules.kinds[k].form == "same" and rules.kinds[k].size == 3 for k in told):
            self.stand_for_runs = set()
        #: Per kind, the flags of its melds: (flag, tiles or None for one of
        #: stand-ins only, the flag of that one standing for a tile not wild).
        self.melds: dict[str, list[tuple[str, Instance | None, str | None]]] = {}
        #: Tile sets "the wild tile is one of them" needs a flag for.
        self.in_sets: list[frozenset[int]] = []
        for kind in plan.sizes:
            self.wild_in(kind_tiles(rules, kind))
        for _, tiles in self.within:
            self.wild_in(tiles)

    def refuse_unplaceable(self, union: Union, pool: TurnedPool) -> None:
        """Refuse what a meld of stand-ins only may not do here: stand for
        every tile of a narrower kind, or in every suit a shape with
        ``suits`` holds (the wild tiles' domain and the kinds' tiles)."""
        for k, tiles in self.within:
            if not tiles <= pool.domain:
                raise PlanRefused(
                    f"meld {k}",
                    "a narrower kind of it whose tiles the wild tiles do not all stand for",
                    self.rules.kinds[k].span,
                )
        suits = list(self.rules.alphabet.suits)
        for t in union.terms:
            for c in t.conditions:
                if c.held or c.kind != "suit_count":
                    continue
                if c.value - (c.op == "<") < 1:
                    raise TileRefused(c, "fewer than one suit, with wild tiles standing in")
                for k in t.shape.kinds:
                    tiles = kind_tiles(self.rules, k) & pool.domain
                    if not all(tiles & _suit(self.rules, s) for s in suits):
                        raise TileRefused(
                            c, f"a meld {k} of wild tiles only may not stand in every suit"
                        )

    # --- names ---

    def wild_in(self, tiles: frozenset[int]) -> str | None:
        """The flag "the wild tile is one of ``tiles``" (None: it always is)."""
        if set(self.pool.tiles) <= tiles:
            return None
        if tiles not in self.in_sets:
            self.in_sets.append(tiles)
        return f"{self.p}w{self.in_sets.index(tiles)}"

    def met(self, i: int) -> str:
        """The flag "shape ``i``'s tile conditions hold"."""
        return f"{self.p}c{i}"

    def over(self, t: int) -> str:
        """The flag "more copies of wild tile ``t`` stand in than the bound"."""
        return f"{self.p}z{t}"

    # --- melds ---

    def note_meld(self, kind: str, inst: Instance | None, flag: str) -> None:
        """Keep the flag for the end's terms."""
        other = None if inst or not self.wild_read_first else f"{flag}o"
        self.melds.setdefault(kind, []).append((flag, inst, other))

    def stand_in_ways(self, kind: str, size: int, flag: str) -> list[ir.Node]:
        """A meld of stand-ins only.  Where the wild tile's block reads its
        copies first, as wild: of the wild tile, where its kind may hold it;
        else of a tile that is not wild, in every narrower kind where one
        may (sets ``flag`` + ``o``).  Where it reads them as the tile itself,
        its copies left are the substitutes: of any tile."""
        if not self.wild_read_first:
            return [ir.EMPTY]
        own = self.wild_in(kind_tiles(self.rules, kind))
        ways = [self.ops.is_set(own) if own else ir.EMPTY]
        if own or any(t.within for t in self.union.terms):
            ways.append(self.ops.set(f"{flag}o"))
        return ways

    def block_end(self, t: int) -> list[ir.Node]:
        """Where the wild tile's copies are read as itself: in its block,
        after its melds, the copies left (and the flag "more than the
        bound"), then none."""
        if self.wild_read_first or t not in self.pool.tiles:
            return super().block_end(t)
        lit = tile_lit(self.rules, t)
        many = ir.Look(ir.Repeat(lit, self.bound + 1, self.bound + 1))
        over = ir.alt(ir.seq(many, self.ops.set(self.over(t))), ir.Look(many.item, negate=True))
        left = self.ops.when(self.pool.flag(t), ir.seq(over, ir.Repeat(lit, 0, None)))
        return [left, *super().block_end(t)]

    # --- start and end ---

    def start_flags(self) -> list[ir.Node]:
        """The flags :meth:`wild_in` names; each shape's tile conditions,
        into one flag each."""
        out = []
        for j, tiles in enumerate(self.in_sets):
            some = [
                self.ops.is_set(self.pool.flag(t)) for t in sorted(tiles) if t in self.pool.tiles
            ]
            if some:
                name = f"{self.p}w{j}"
                out.append(ir.Look(ir.alt(ir.seq(ir.alt(*some), self.ops.set(name)), ir.EMPTY)))
        for i, t in enumerate(self.union.terms):
            if t.conditions:
                reads = [self.condition(c) for c in t.conditions]
                out.append(ir.Look(ir.alt(ir.seq(*reads, self.ops.set(self.met(i))), ir.EMPTY)))
        return out

    def condition(self, c) -> ir.Node:
        """Matches (empty) where tile condition ``c`` holds (see :func:`_term`)."""
        if c.held:
            return ir.seq(*lookaheads(self.rules, [c], True))
        most = c.value - (c.op == "<")
        held = []
        for combo in combinations(list(self.rules.alphabet.suits), most + 1):
            find = []
            for s in combo:
                tiles = sorted(_suit(self.rules, s))
                tame = [t for t in tiles if t not in self.pool.tiles]
                named = [
                    ir.seq(self.ops.not_set(self.pool.flag(t)), tile_lit(self.rules, t))
                    for t in tiles
                    if t in self.pool.tiles
                ]
                find += [skip_to(self.rules, tiles), ir.alt(tiles_node(self.rules, tame), *named)]
            held.append(ir.Look(ir.seq(*find), negate=True))
        return ir.seq(*held)

    def end_flags(self) -> list[ir.Node]:
        """Some shape's terms hold (see the module docstring)."""
        ways = []
        for i, t in enumerate(self.union.terms):
            parts = []
            for k in t.absent:
                parts += [self.ops.not_set(f) for f, _, _ in self.melds.get(k, [])]
            for k, tiles in t.within:
                parts += self.kept_within(k, tiles)
            parts += [self.ops.is_set(self.met(i))] if t.conditions else []
            if t.substitutes is not None:
                parts += [self.ops.not_set(self.over(w)) for w in self.pool.tiles]
            ways.append(ir.seq(*parts))
        return [ir.alt(*ways)]

    def kept_within(self, kind: str, tiles: frozenset[int]) -> list[ir.Node]:
        """No meld of ``kind`` held a tile outside ``tiles``: none made of
        such tiles, and none of stand-ins only standing for the wild tile
        where it is outside."""
        out = []
        inside = self.wild_in(tiles)
        for flag, inst, other in self.melds.get(kind, []):
            if inst is not None and not set(inst.tiles) <= tiles:
                out.append(self.ops.not_set(flag))
            elif inst is None and other and inside is not None:
                # Of the wild tile (no "other" flag): the wild tile is inside.
                ok = self.ops.test(other, ir.EMPTY, self.ops.is_set(inside))
                out.append(self.ops.test(flag, ok, ir.EMPTY))
        return out
