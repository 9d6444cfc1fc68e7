"""The wild-tile plan of a compilation, worked out before any meld is
written: the rule set as the compiler writes it
(:func:`~mahjong_regex.compiler.wild.wildplan.plan_wilds`), the wild tiles
(:class:`~mahjong_regex.compiler.wild.wild_tiles.WildTable`), the flag group
of each turned tile, and for each tile whose stand-ins count toward a copy
limit its counter: the level groups that the melds raise
(:func:`~mahjong_regex.compiler.wild.wildmelds.raise_count`) and the
copies held set first
(:func:`~mahjong_regex.compiler.wild.wildchecks.held_flags`).
"""

from __future__ import annotations

from dataclasses import dataclass

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
      tile a counted meld may stand a wild tile in for;
    - ``turned_flags``: {turned tile index: its flag group}."""

    table: WildTable
    shapes: dict[str, ShapeWilds]
    caps: dict[int, int]
    counters: dict[int, tuple[str, ...]]
    turned_flags: dict[int, str]


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


def refusals(rules: RuleSet, table: WildTable, plans, caps: dict[int, int], dupnames: bool):
    """Raise :class:`~mahjong_regex.compiler.errors.WildUnsupported` where a
    copy limit that counts stand-ins cannot be written: several different
    wild tiles that each stand for more than one kind (their readings are
    not bounded), or a flavor whose group names may not repeat."""
    if not caps:
        return
    c = next(c for extra in plans.values() for c in extra.labels if c.kind == "each_tile")
    many = [w for w, dom in table.static.items() if len(dom) > 1]
    if len(many) > 1:
        # Each held wild tile may stand for any of its kinds, and a copy limit
        # that counts stand-ins keeps readings apart that the melds alone
        # would merge: a losing hand is tried in about (kinds)^(wild tiles)
        # readings per split (Guangdong's four flowers: 34^4, past PCRE2's
        # match limit, seconds in regex and .NET).
        kinds = max(len(table.static[w]) for w in many)
        raise WildUnsupported(
            c.text,
            f"a losing hand holding them all is read in about {kinds}^{len(many)} ways, "
            "so backtracking is not bounded (PCRE2 stops at its match limit); "
            "the reference evaluator decides these hands",
            c.span,
            "no flavor can say it; decide hands with: " f"mahjong-regex match {rules.name} HAND",
            f" on the tiles {len(many)} different wild tiles stand for",
        )
    if not dupnames:
        raise WildUnsupported(
            c.text,
            "a copy limit counts each stand-in in groups set in many places: pcre, regex "
            "and dotnet can say it",
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
    refusals(planned, table, plans, limits, caps.dupnames)
    ctx: Context = new_context(planned, options, caps, flavor)
    ctx.names.taken.update(RESERVED)
    turned = {t: ctx.names.fresh(f"i{t}") for t in table.turned}
    counters = {
        t: tuple(ctx.names.fresh(f"w{t}n{k}") for k in range(1, limits[t] + 1))
        for t in counted_tiles(planned, table, limits)
    }
    ctx.wild = WildPlan(table, plans, limits, counters, turned)
    return ctx
