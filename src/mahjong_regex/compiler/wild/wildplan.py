"""How a rule set with wild tiles is written: its tile conditions on the
tiles stood for become structure where they can.

Per hand shape (with the win condition's constraints):

- ``only(C)`` on the tiles stood for restricts the shape's meld kinds to C;
- ``substitutes <= 1`` (or ``== 0``) splits each meld kind into one with no
  stand-in and one with exactly one, and counts the latter;
- ``each C <= n`` (a copy limit on the tiles stood for): in a shape of
  single tiles, the tiles held as themselves (a wild goes elsewhere); in
  another shape, each stand-in counts toward its tile, and after the melds
  "a tile's stand-ins plus its copies held" is checked;
- ``each C >= 1`` in a shape of single tiles (thirteen orphans): the wilds
  fill the missing tiles when the tiles held repeat few enough;
- ``suits <= k`` (``== 1``): the tiles held as themselves come from k suits.

Anything else on the tiles stood for is refused (:class:`WildUnsupported`).
The rewritten rule set is the compiler's only: the reference evaluator keeps
the rules as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...ruleset.model import Constraint, MeldKind, RuleSet, Shape, TileClass
from ..errors import WildUnsupported


@dataclass
class ShapeWilds:
    """What one rewritten shape checks besides its melds: ``caps`` {tile
    index: most copies} for stand-in counters (a shape of melds);
    ``natural_caps`` the same for tiles held as themselves (single tiles);
    ``cover`` (the class every tile of which must appear, the shape's size)
    for single tiles; ``suits`` (op, value) on the tiles held as
    themselves; ``labels`` the constraints these come from."""

    caps: dict[int, int] = field(default_factory=dict)
    natural_caps: dict[int, int] = field(default_factory=dict)
    cover: tuple[frozenset[int], int] | None = None
    suits: tuple[str, int] | None = None
    labels: list[Constraint] = field(default_factory=list)


def is_singles(rules: RuleSet, shape: Shape) -> bool:
    """Is every meld of ``shape`` one tile?"""
    return all(rules.kinds[k].size == 1 for k in shape.kinds)


def plan_wilds(rules: RuleSet) -> tuple[RuleSet, dict[str, ShapeWilds]]:
    """The rule set the compiler writes for ``rules`` (with wild tiles), and
    per shape name what it checks besides its melds.

    Raises :class:`WildUnsupported` for a condition on the tiles stood for
    that cannot be written."""
    kinds = dict(rules.kinds)
    plans: dict[str, ShapeWilds] = {}
    shapes = []
    for shape in rules.shapes:
        cs = rules.where + shape.where
        extra = ShapeWilds()
        keep, slots = [], list(shape.slots)
        for c in cs:
            if c.is_meld_level or c.held:
                keep.append(c)
            elif c.kind == "substitutes":
                slots, added = substitute_slots(kinds, slots, c)
                keep += added
            else:
                slots = tile_condition(rules, kinds, shape, slots, c, extra)
        if extra.caps:
            slots = [(n, tuple(counted_kind(kinds, k) for k in ks)) for n, ks in slots]
        own = tuple(c for c in keep if c not in rules.where)
        shapes.append(replace(shape, slots=tuple(slots), where=own))
        plans[shape.name] = extra
    where = tuple(c for c in rules.where if c.is_meld_level or c.held)
    return replace(rules, kinds=kinds, shapes=tuple(shapes), where=where), plans


def variant(kinds: dict, name: str, suffix: str, **changes) -> str:
    """The name of meld kind ``name`` changed by ``changes`` (made once)."""
    new = f"{name}_{suffix}"
    if new not in kinds:
        kinds[new] = replace(kinds[name], name=new, **changes)
    return new


def counted_kind(kinds: dict, name: str) -> str:
    return variant(kinds, name, "counted", counted=True)


def substitute_slots(kinds: dict, slots, c: Constraint):
    """``substitutes <= 1`` / ``== 0``: each kind K of the slots becomes K
    with no stand-in, or K with one (counted: at most one such meld)."""
    if not (c.op in ("<=", "==") and c.value in (0, 1)) or (c.op == "==" and c.value == 1):
        raise WildUnsupported(c.text, "only 'substitutes <= 1' and 'substitutes == 0'", c.span)
    ones: list[str] = []
    out = []
    for n, ks in slots:
        new = []
        for k in ks:
            new.append(variant(kinds, k, "plain", stand_ins="none"))
            if c.value == 1:
                one = variant(kinds, k, "one", stand_ins="one")
                new.append(one)
                ones.append(one)
        out.append((n, tuple(new)))
    added = []
    if ones:
        added.append(Constraint("meld_count", c.text, c.span, "<=", 1, kinds=frozenset(ones)))
    return out, added


def tile_condition(rules, kinds, shape, slots, c: Constraint, extra: ShapeWilds):
    """Fold one condition on the tiles stood for into the shape (see the
    module docstring); returns the new slots."""
    singles = is_singles(rules, shape)
    extra.labels.append(c)
    if c.kind == "only":
        return [(n, tuple(restricted(kinds, k, c.tiles) for k in ks)) for n, ks in slots]
    if c.kind == "each_tile" and c.op == "<=":
        target = extra.natural_caps if singles else extra.caps
        for t in c.tiles.tiles:
            target[t] = min(target.get(t, 99), c.value)
        return slots
    if c.kind == "each_tile" and c.op == ">=" and c.value == 1 and singles:
        extra.cover = (c.tiles.tiles, shape.size)
        return slots
    if c.kind == "suit_count" and (c.op == "<=" and c.value == 1 or (c.op, c.value) == ("==", 1)):
        extra.suits = (c.op, c.value)
        return slots
    raise WildUnsupported(
        c.text, "this condition on the tiles that wild tiles stand for cannot be written", c.span
    )


def restricted(kinds: dict, name: str, cls: TileClass) -> str:
    """Meld kind ``name`` with its tiles restricted to ``cls``."""
    kind: MeldKind = kinds[name]
    tiles = cls.tiles if kind.of is None else kind.of.tiles & cls.tiles
    text = cls.text if kind.of is None else f"{kind.of.text} & {cls.text}"
    suffix = "in" + "_".join(str(t) for t in sorted(cls.tiles))[:24]
    return variant(kinds, name, suffix, of=TileClass(frozenset(tiles), text))
