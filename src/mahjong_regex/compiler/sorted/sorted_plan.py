"""The plan of one hand shape for sorted input.

A sorted hand is read tile by tile, in canonical order; each tile's copies
go into melds.  Per shape the plan says:

- which melds are *guessed* up front: a slot of one meld whose kinds no
  other slot takes (the pair of ``4 * (chow | pung | kong) + pair``) holds
  exactly one meld, so the pattern picks its tiles first and every tile
  takes it as it comes;
- the melds read freely: per tile, the same-melds of it and the runs (and
  ``distinct`` melds) that start at it, each run at most ``levels`` times
  at one start;
- the most copies each tile may have (``each`` and ``only`` of the win and
  the shape, which sorted input checks tile by tile);
- the hand lengths, and per length the meld-count checks
  (:mod:`.count_checks`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...ruleset.model import Constraint, RuleSet, Shape
from .count_checks import Check, TooManyVectors, plan_checks, valid, vectors
from .tile_order import canonical_tiles

#: Most ways one tile's copies may be read (per shape) before a shape is
#: left to another way of writing it.
MAX_OPTIONS = 64
#: The highest meld count a counter keeps, tile to tile (each level is a
#: flag per tile).
MAX_COUNTER = 4


class PlanRefused(Exception):
    """The shape cannot be planned; ``construct`` names it, ``reason`` says
    why, ``span`` where it stands, ``help`` what to do instead (may be
    empty: the general advice on sorted input)."""

    def __init__(self, construct: str, reason: str, span=None, help: str = ""):
        super().__init__(f"{construct}: {reason}")
        self.construct, self.reason, self.span, self.help = construct, reason, span, help


@dataclass(frozen=True)
class Instance:
    """One meld a kind makes: its distinct ``tiles`` in canonical order and
    the copies ``mult`` of each (``same 3``: one tile, 3 copies)."""

    kind: str
    tiles: tuple[int, ...]
    mult: tuple[int, ...]

    @property
    def spanning(self) -> bool:
        """Does it hold more than one tile (a run, a ``distinct`` meld)?"""
        return len(self.tiles) > 1


@dataclass(frozen=True)
class Same:
    """A same-meld kind a tile's copies may make, up to ``most`` times:
    ``size`` copies each."""

    kind: str
    size: int
    most: int


@dataclass
class ShapePlan:
    """The plan of one shape (see the module docstring)."""

    shape: Shape
    sizes: dict[str, int]
    guessed: list[list[Instance]]
    free: dict[str, int]
    caps: dict[int, int | None]
    floors: dict[int, int]
    blocks: list[int]
    levels: dict[Instance, int]
    sames: dict[int, list[Same]] = field(default_factory=dict)
    checks: dict[int, tuple[Check, ...]] = field(default_factory=dict)

    @property
    def lengths(self) -> list[int]:
        """The hand lengths (tiles) this shape may win."""
        return sorted(self.checks)

    def starts(self, tile: int) -> list[tuple[Instance, int]]:
        """The spanning free instances that start at ``tile``, with levels."""
        return [(i, n) for i, n in self.levels.items() if i.tiles[0] == tile]

    def owed(self, tile: int) -> list[tuple[Instance, int]]:
        """The spanning free instances that hold ``tile`` after their start,
        with their levels."""
        return [(i, n) for i, n in self.levels.items() if tile in i.tiles[1:]]


def instances(rules: RuleSet, kind_name: str, order: dict[int, int]) -> list[Instance]:
    """The melds kind ``kind_name`` makes, in canonical order."""
    kind = rules.kinds[kind_name]
    if kind.of is not None and kind.of.dynamic:
        raise PlanRefused(f"meld {kind_name}", "its class depends on the turned tile", kind.span)
    for inst in kind.instances(rules.alphabet):
        tiles = sorted(set(inst), key=order.__getitem__)
        yield Instance(kind_name, tuple(tiles), tuple(inst.count(t) for t in tiles))


def conjuncts(cs) -> list[Constraint]:
    """The constraints that must all hold: ``all`` compounds opened."""
    out = []
    for c in cs:
        out.extend(conjuncts(c.parts) if c.kind == "all" else [c])
    return out


def tile_bounds(rules: RuleSet, shape: Shape):
    """({tile: most copies, 0 when none may be held}, {tile: fewest}) from
    the ``each`` and ``only`` constraints that must hold (not ``held``)."""
    caps: dict[int, int] = {}
    floors: dict[int, int] = {}
    every = range(len(rules.alphabet.tiles))
    for c in conjuncts(rules.where + shape.where):
        if c.held or c.tiles is None or c.tiles.dynamic:
            continue
        if c.kind == "only":
            for t in every:
                if t not in c.tiles.tiles:
                    caps[t] = 0
        elif c.kind == "each_tile":
            for t in c.tiles.tiles:
                if c.op in ("<=", "=="):
                    caps[t] = min(caps.get(t, c.value), c.value)
                if c.op in (">=", "=="):
                    floors[t] = max(floors.get(t, 0), c.value)
    return caps, floors


def plan_shape(rules: RuleSet, shape: Shape, prune: bool = True) -> ShapePlan:
    """The :class:`ShapePlan` of ``shape`` (``prune``: as
    :func:`~.count_checks.plan_checks`).  Raises :class:`PlanRefused`."""
    order = {t: i for i, t in enumerate(canonical_tiles(rules))}
    sizes = {k: rules.kinds[k].size for k in shape.kinds}
    guessed_kinds = guessed_groups(shape)
    flat = {k for g in guessed_kinds for k in g}
    free = {k: s for k, s in sizes.items() if k not in flat}
    caps, floors = tile_bounds(rules, shape)
    room = {k: sum(c for c, ks in shape.slots if k in ks) for k in shape.kinds}
    guessed = [
        [i for k in g for i in instances(rules, k, order) if fits(i, caps)] for g in guessed_kinds
    ]
    spans = [i for k in free for i in instances(rules, k, order) if fits(i, caps)]
    levels = run_levels(rules, shape, spans, caps, free)
    used = {t for g in guessed for i in g for t in i.tiles} | {t for i in spans for t in i.tiles}
    blocks = [t for t in sorted(order, key=order.__getitem__) if t in used]
    plan = ShapePlan(shape, sizes, guessed, free, caps, floors, blocks, levels)
    for t in blocks:
        plan.sames[t] = same_melds(plan, t, spans, room)
    lengths = shape_lengths(shape, sizes)
    groups = [{k: sizes[k] for k in g} for g in guessed_kinds]
    try:
        checks = plan_checks(shape, rules, free, groups, lengths, prune)
    except TooManyVectors:
        raise PlanRefused(
            f"hand {shape.name}", "its meld counts have too many combinations", shape.span
        ) from None
    if any(v is None for v in checks.values()):
        raise PlanRefused(
            f"hand {shape.name}", "no bound on meld counts tells its melds apart", shape.span
        )
    if any(c.op in ("<=", ">=") and c.value > MAX_COUNTER for cs in checks.values() for c in cs):
        raise PlanRefused(
            f"hand {shape.name}",
            f"its meld counts need counters past {MAX_COUNTER} levels, carried from tile to tile",
            shape.span,
        )
    plan.checks = checks
    return plan


def fits(inst: Instance, caps: dict[int, int]) -> bool:
    """May the instance be held at all, under the copy caps?"""
    return all(caps.get(t, m) >= m for t, m in zip(inst.tiles, inst.mult))


def guessed_groups(shape: Shape) -> list[tuple[str, ...]]:
    """The kinds of each slot of one meld that no other slot takes."""
    out = []
    for i, (count, kinds) in enumerate(shape.slots):
        others = {k for j, (_, ks) in enumerate(shape.slots) if j != i for k in ks}
        if count == 1 and not set(kinds) & others:
            out.append(tuple(kinds))
    return out


def shape_lengths(shape: Shape, sizes: dict[str, int]) -> set[int]:
    """Every number of tiles the shape's melds may hold."""
    totals = {0}
    for count, kinds in shape.slots:
        for _ in range(count):
            totals = {t + sizes[k] for t in totals for k in kinds}
    return totals


def same_melds(plan: ShapePlan, tile: int, spans, room) -> list[Same]:
    """The free same-meld kinds of ``tile``, each with the most melds its
    copies may make (the copy cap, the shape's room for the kind).  Raises
    :class:`PlanRefused` when a tile has no copy cap and may make more than
    :data:`MAX_OPTIONS` melds."""
    cap = plan.caps.get(tile)
    out = []
    for i in spans:
        if i.spanning or i.tiles != (tile,):
            continue
        most = room[i.kind] if cap is None else min(room[i.kind], cap // i.mult[0])
        if most > MAX_OPTIONS:
            raise PlanRefused(
                f"hand {plan.shape.name}",
                f"a tile's copies may make more than {MAX_OPTIONS} melds",
                plan.shape.span,
            )
        if most:
            out.append(Same(i.kind, i.mult[0], most))
    return out


def run_levels(rules: RuleSet, shape: Shape, spans, caps, free) -> dict[Instance, int]:
    """How many runs may start at once on each spanning instance of
    ``spans``: as many as the copy caps and the shape's room allow, lowered
    to two where that changes no verdict.  Three runs on the same tiles
    hold as many copies as three same-melds of each tile, so a run needs at
    most two levels when every winning count vector keeps winning with
    three of its runs made same-melds (checked on every vector)."""
    room = {k: sum(c for c, ks in shape.slots if k in ks) for k in shape.kinds}
    levels = {
        i: min(room[i.kind], min(caps.get(t, shape.size) for t in i.tiles))
        for i in spans
        if i.spanning
    }
    same3 = [k for k in free if rules.kinds[k].size == 3 and rules.kinds[k].form == "same"]
    proven: dict = {}
    for inst, n in levels.items():
        if n <= 2 or len(inst.tiles) != 3 or any(m != 1 for m in inst.mult):
            continue
        if any(caps.get(t) is not None and caps[t] < 3 for t in inst.tiles):
            continue
        for same in same3:
            of = rules.kinds[same].of
            if of is not None and not all(t in of.tiles for t in inst.tiles):
                continue
            key = (inst.kind, same)
            if key not in proven:
                proven[key] = _swappable(rules, shape, inst.kind, same)
            if proven[key]:
                levels[inst] = 2
                break
    return levels


def _swappable(rules: RuleSet, shape: Shape, run: str, same: str) -> bool:
    """Does every winning count vector with three ``run`` melds keep winning
    with them made three ``same`` melds?"""
    for v in vectors({k: 1 for k in shape.kinds}, shape.size, shape.size):
        if v[run] < 3 or not valid(v, shape, rules):
            continue
        w = dict(v)
        w[run] -= 3
        w[same] += 3
        if not valid(w, shape, rules):
            return False
    return True
