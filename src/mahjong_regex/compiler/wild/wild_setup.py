"""The wild-tile plan of a compilation, worked out before any meld is
written: the rule set as the compiler writes it
(:func:`~mahjong_regex.compiler.wild.wildplan.plan_wilds`), the wild tiles
(:class:`~mahjong_regex.compiler.wild.wild_tiles.WildTable`), the flag group
of each turned tile, and where a copy limit counts stand-ins, how the melds
tally the tiles they use (:mod:`~mahjong_regex.compiler.wild.usage_counts`): the
level groups of each tile, or the flags each meld sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...ruleset.model import RuleSet
from ..capabilities import Capabilities
from ..context import Context, new_context
from ..errors import WildUnsupported
from ..registry import Options
from .wild_tiles import WildTable, wild_table
from .wildplan import ShapeWilds, plan_wilds

#: Group names a rule set with wild tiles keeps for itself: the turned tile
#: (``ind``), the first tile of the kind after it (``wn``) and, in
#: JavaScript, "no such tile held" (``nw``).
RESERVED = ("ind", "wn", "nw")


@dataclass(frozen=True)
class WildPlan:
    """What a compilation with wild tiles knows before it starts.

    - ``table``: the wild tiles;
    - ``shapes``: per shape name, what it checks besides its melds;
    - ``caps``: {tile index: most copies} where stand-ins count toward a
      copy limit (the loosest shape's limit);
    - ``counters``: {tile index: level group names, level 1 first}, for every
      tile a counted meld may stand a wild tile in for (the tiles tallied);
    - ``turned_flags``: {turned tile index: its flag group};
    - ``tally``: how the melds keep the tally, ``"levels"``, ``"calls"`` or
      ``"flags"``;
    - ``marks``: the flags set so far, (group name, {tile: copies used}),
      for the checks after the melds of a shape (``"flags"``)."""

    table: WildTable
    shapes: dict[str, ShapeWilds]
    caps: dict[int, int]
    counters: dict[int, tuple[str, ...]]
    turned_flags: dict[int, str]
    tally: str = "levels"
    marks: list[tuple[str, dict[int, int]]] = field(default_factory=list)


def has_stand_ins(table: WildTable, t: int) -> bool:
    """May a held tile other than ``t`` itself stand at the place of tile
    ``t`` (a wild tile whose domain holds it, a proxy playing it)?"""
    if any(t in dom and w != t for w, dom in table.static.items()):
        return True
    if any(t in dom for _, dom in table.dynamic):
        return True
    return any(target == t or (target is None and t in table.turned) for _, target in table.proxies)


def counted_tiles(rules: RuleSet, table: WildTable, caps: dict[int, int]) -> list[int]:
    """The tiles a meld of ``rules`` (as the compiler writes it) may count a
    stand-in for: the tiles of counted meld kinds with free stand-ins that
    have a cap and a stand-in (sorted)."""
    used = {k for s in rules.shapes for _, kinds in s.slots for k in kinds}
    out: set[int] = set()
    for name in used:
        kind = rules.kinds[name]
        if not kind.counted or kind.stand_ins != "any":
            continue
        tiles = {t for inst in kind.instances(rules.alphabet) for t in inst}
        out |= {t for t in tiles if t in caps and has_stand_ins(table, t)}
    return sorted(out)


def refusals(plans, caps: dict[int, int], flavor: Capabilities):
    """Raise :class:`~mahjong_regex.compiler.errors.WildUnsupported` where a
    copy limit that counts stand-ins cannot be written: a flavor without
    lookaround or backreferences, whose tallies cannot be read."""
    if not caps or (flavor.lookaround and flavor.backrefs):
        return
    c = next(c for extra in plans.values() for c in extra.labels if c.kind == "each_tile")
    raise WildUnsupported(
        c.text,
        "a copy limit that counts stand-ins tallies each meld's tiles in groups, read with "
        "lookaround and backreferences",
        c.span,
        detail=" on the tiles wild tiles stand for",
    )


def wild_context(rules: RuleSet, options: Options | None, caps: Capabilities, flavor: str):
    """The compilation context of a rule set with wild tiles, its
    :class:`WildPlan` worked out: Context.

    Raises :class:`~mahjong_regex.compiler.errors.WildUnsupported` for what
    the flavor cannot say."""
    planned, plans = plan_wilds(rules)
    limits: dict[int, int] = {}
    for extra in plans.values():
        for t, n in extra.caps.items():
            limits[t] = max(limits.get(t, 0), n)
    table = wild_table(planned)
    refusals(plans, limits, caps)
    ctx: Context = new_context(planned, options, caps, flavor)
    ctx.names.taken.update(RESERVED)
    turned = {t: ctx.names.fresh(f"i{t}") for t in table.turned}
    counters = {
        t: tuple(ctx.names.fresh(f"w{t}n{k}") for k in range(1, limits[t] + 1))
        for t in counted_tiles(planned, table, limits)
    }
    tally = "levels" if caps.dupnames else "calls" if caps.calls else "flags"
    ctx.wild = WildPlan(table, plans, limits, counters, turned, tally)
    return ctx
