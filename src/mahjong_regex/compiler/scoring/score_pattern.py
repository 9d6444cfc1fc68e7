r"""The layout of a scoring pattern: a win check whose named groups say which
scoring elements hold on a highest-ranked split::

    \A (?=length) tile checks             as the win-only pattern
    TILE FLAGS                            each tile-level condition, once
    READ(SHAPES_a \z) then, from \A:      the first split, in flags a
      REPORT                              the elements of that split: one
                                          group each (tanyao, …), and its
                                          totals, in unary
      (?! READ(SHAPES_b \z) then, from \A:   no split b …
            TOTALS_b BETTER )                … ranks higher
    .*\z

``READ(X) then Y`` reads the melds in a lookahead the engine may enter
again: when ``Y`` fails, backtracking takes the next split.  PCRE2 says it
``(*napla:X)Y``; the regex module and .NET, ``(?=X(?<=(?=Y)\A.*))``.  So the
split reported is the first split (in the engine's order) that no split
beats, a highest-ranked one.

Ranks compare the limit elements first, then the others (:mod:`~mahjong_
regex.reference.scoring`).  Only the elements that may differ between two
splits of one hand are compared (``ScorePlan.tiers``): each adds its value
(in units) of any characters to a lookahead from the start,
``(?(e).{2}|)``, whose rest split a keeps as ``(?<ta>.*)``; split b ranks
higher when, after its own total, ``.*\k<ta>\z`` cannot match.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import ScoreElement
from ..constraints.lookaheads import tile_constraint
from ..context import Context, ident
from ..errors import ScoringUnsupported
from ..shapes.layout import head, tile_checks
from .formulas import TRUE, Formula, either, f_and, f_not, f_or, flag, render
from .scorebody import scoring_shapes
from .scoreplan import ScorePlan, Space, Tier, meaning

#: Any characters: the rest of the hand, ``.*``.
ANY = ir.Repeat(ir.AnyChar(), 0, None)


def group_names(ctx: Context) -> dict[str, list[str]]:
    """{element name: its report groups}: the element's name where it is a
    safe group name in every flavor (else ``score1``, ``score2``, … by
    declaration order), then ``_2``, ``_3``, … for the further times a
    ``per`` element counts."""
    out = {}
    for i, e in enumerate(ctx.rules.scoring, 1):
        out[e.name] = [ctx.names.fresh(ident(e.name, f"score{i}"))]
    return out


def tile_flags(ctx: Context, plan: ScorePlan) -> tuple[list[ir.Node], dict]:
    """A flag per tile-level condition of the shapes and the elements, set at
    the start when it holds: (the nodes, {meaning: Formula}).  The nodes
    are one atomic group of optional tests, ``(?>(?:TEST(?<x2>))?…)``: each
    test runs once, and a failure later never makes the engine run it
    again or take the flag back.  A test is skipped where a condition read
    before it that all its users ask fails (``ScorePlan.guards``): it is
    then false for them all."""
    nodes, out = [], {}
    for c in plan.tile_conditions:
        looks = tile_constraint(ctx, c)
        if not looks:
            out[meaning(c)] = TRUE
            continue
        name = ctx.names.capture("x")
        flag_node = ir.Capture(name, ir.EMPTY, describes="a tile condition flag")
        guard = [render(out[g]) for g in plan.guards.get(meaning(c), ())]
        nodes.append(ir.Repeat(ir.seq(*guard, *looks, flag_node), 0, 1, label=c.label()))
        out[meaning(c)] = flag(name)
    return ([ir.Atomic(ir.seq(*nodes))] if nodes else []), out


class Reading:
    """The element flags of one reading of the melds (a :class:`Space`):
    ``held`` each element (before supersession), ``eff`` each compared
    element within its tier, and ``limit`` some limit element held."""

    def __init__(self, plan: ScorePlan, space: Space, every: bool):
        self.plan, self.space = plan, space
        rules = plan.rules
        self.sup = rules.superseded_by()
        compared = {e.name for t in plan.tiers for e in t.elements}
        wanted = [e for e in rules.scoring if every or e.name in compared or e.limit]
        # Superseders of what is wanted are wanted too.
        names = {e.name for e in wanted}
        names |= {s for n in list(names) for s in self.sup[n]}
        self.held: dict[str, Formula] = {}
        self.nodes: list[ir.Node] = []
        for e in rules.scoring:
            if e.name in names:
                self.held[e.name] = self.keep(plan.holds(e, space), f"{space.tag}h", e)
        limits = [self.held[e.name] for e in rules.scoring if e.limit and e.name in self.held]
        self.limit = self.keep(f_or(*limits), f"{space.tag}l", None) if limits else None
        self.eff = {}
        for tier in plan.tiers:
            for e in tier.elements:
                self.eff[e.name] = self.keep(self.effective(e, same_tier=True), f"{space.tag}e", e)

    def keep(self, f: Formula, prefix: str, e: ScoreElement | None) -> Formula:
        """``f`` as a flag of its own (set here when it holds)."""
        if f.op in ("true", "false", "flag"):
            return f
        name = self.plan.ctx.names.capture(prefix)
        node = either(f, ir.Capture(name, ir.EMPTY, describes="a scoring flag"))
        self.nodes.append(ir.seq(node, label=e.label()) if e is not None else node)
        return flag(name)

    def effective(self, e: ScoreElement, same_tier: bool = False) -> Formula:
        """``e`` counts: held, no superseder held (of its tier only, with
        ``same_tier``), no limit held unless it is one."""
        by_name = {x.name: x for x in self.plan.rules.scoring}
        over = [
            self.held[s]
            for s in sorted(self.sup[e.name])
            if not same_tier or by_name[s].limit == e.limit
        ]
        parts = [self.held[e.name], f_not(f_or(*over))]
        if not e.limit and not same_tier and self.limit is not None:
            parts.append(f_not(self.limit))
        return f_and(*parts)

    def unary(self, tier: Tier, unit: ir.Node = ir.AnyChar()) -> ir.Node:
        """``unit`` (default: any character) as many times as the tier's
        units this split holds."""
        parts = []
        for e in tier.elements:
            dots = ir.Repeat(unit, tier.units[e.name], tier.units[e.name])
            counted = dots
            if e.per is not None:
                names = self.space.levels.get(self.plan.per_tally(e), [])
                counted = ir.seq(*(ir.Cond(n, dots, ir.EMPTY) for n in names))
            eff = self.eff[e.name]
            label = f"{e.name}: {tier.units[e.name]} a time"
            if eff.op == "flag":
                parts.append(ir.Cond(eff.name, counted, ir.EMPTY, label=label))
            elif eff.op == "true":
                parts.append(ir.seq(counted, label=label))
        return ir.seq(*parts)


def report(plan: ScorePlan, a: Reading, groups: dict[str, list[str]]) -> list[ir.Node]:
    """The report groups of split a: one per element that counts (and per
    further time it counts)."""
    out = []
    for e in plan.rules.scoring:
        eff = a.effective(e)
        names = groups[e.name]
        if e.per is None:
            what = f"scoring element {e.name}"
            cap = ir.Capture(names[0], ir.EMPTY, describes=what, element=e.name, count=1)
            out.append(ir.seq(either(eff, cap), label=e.label()))
            continue
        levels = a.space.levels.get(plan.per_tally(e), [])
        while len(names) < len(levels):
            names.append(plan.ctx.names.fresh(f"{names[0]}_{len(names) + 1}"))
        for k, (name, level) in enumerate(zip(names, levels), 1):
            what = f"scoring element {e.name} ({k})"
            cap = ir.Capture(name, ir.EMPTY, describes=what, element=e.name, count=k)
            out.append(ir.seq(either(f_and(eff, flag(level)), cap), label=e.label()))
    return out


def read(ctx: Context, melds: ir.Node, then: ir.Node) -> ir.Node:
    """``melds`` from here in a lookahead the engine may re-enter, then
    ``then`` from here (see the module docstring)."""
    if ctx.caps.rewind == "napla":
        return ir.seq(ir.Ahead(melds), then)
    # A lookbehind is matched backwards in the regex module and .NET: ``then``
    # goes in a lookahead, so that its parts run in order, and after the start
    # anchor as read backwards, so that it runs once, at the start.
    return ir.Look(ir.seq(melds, ir.Behind(ir.seq(ir.Look(then), ir.Start(), ANY))))


def better(plan: ScorePlan, a: Reading, b: Reading, rests: dict[bool, str]) -> ir.Node:
    """Split b ranks higher than split a: more limit units, or no limit
    element on either and more of the other units.  With balancing groups
    (.NET) b's units go on a stack and a's come off it, one more than a has
    (``rests`` unused); else b's total is the longer (see the module
    docstring)."""
    out = []
    for tier in plan.tiers:
        what = "limit elements" if tier.limit else "other elements (no limit on either)"
        if plan.ctx.caps.balancing:
            k = plan.ctx.names.capture("k")
            push = b.unary(tier, ir.Capture(k, ir.EMPTY, describes="a unit", shared=True))
            more = ir.Look(ir.seq(push, a.unary(tier, ir.Pop(k)), ir.Pop(k)))
        else:
            shorter = ir.Look(ir.seq(ANY, ir.Backref(rests[tier.limit]), ir.End()), negate=True)
            more = ir.Look(ir.seq(b.unary(tier), shorter))
        more = ir.seq(more, label=f"split b holds more of the {what}")
        if not tier.limit and a.limit is not None:
            more = ir.seq(render(f_not(f_or(a.limit, b.limit))), more)
        out.append(more)
    return ir.alt(*out)


def check_bounds(plan: ScorePlan) -> None:
    """Raise :class:`ScoringUnsupported` when a split of some shape may hold
    more of a tier's units than the characters of that shape's shortest
    hand (a unary total must fit in the hand)."""
    rules = plan.rules
    width = min(len(t.name) for t in rules.alphabet.tiles)
    for tier in plan.tiers:
        for s in rules.shapes:
            p = plan.plans[s.name]
            units = tier.bound(plan, s.name)
            if p.accept and units > p.window[0] * width:
                e = tier.elements[0]
                raise ScoringUnsupported(
                    e.text,
                    f"on a split of '{s.name}' the {'limit ' if tier.limit else ''}elements "
                    f"that may differ between splits add up to {units} units, more than the "
                    f"{p.window[0] * width} characters of its shortest hand that compare them",
                    e.span,
                    help="dotnet compares the totals with balancing groups, with no such "
                    "bound; or name the tiles with more characters (--tiles mpsz)",
                )


def build_scoring(ctx: Context) -> ir.Pattern:
    """The scoring pattern of ``ctx.rules`` (see the module docstring):
    Context -> Pattern.  Raises :class:`ScoringUnsupported`."""
    groups = group_names(ctx)
    plan = ScorePlan(ctx)
    if not ctx.caps.balancing:
        check_bounds(plan)
    parts = head(ctx, list(plan.plans.values()))
    cheap, costly = tile_checks(ctx)
    flags, tile = tile_flags(ctx, plan)
    a_space = Space(plan, "a", tile)
    a = Reading(plan, a_space, every=True)
    then = [*a.nodes, *report(plan, a, groups)]
    if plan.tiers:
        rests = {}
        for tier in plan.tiers if not ctx.caps.balancing else ():
            rests[tier.limit] = ctx.names.capture("r")
            rest = ir.Capture(rests[tier.limit], ANY, describes="the rest after a split's total")
            what = "limit elements" if tier.limit else "other elements"
            label = f"the {what}' total of this split, in characters; the rest of the hand kept"
            then.append(ir.Look(ir.seq(a.unary(tier), rest), label=label))
        b_space = Space(plan, "b", tile)
        b = Reading(plan, b_space, every=False)
        b_then = ir.seq(*b.nodes, better(plan, a, b, rests))
        label = "no other split ranks higher"
        then.append(
            ir.Look(
                read(ctx, ir.seq(scoring_shapes(plan, b_space), ir.End()), b_then),
                negate=True,
                label=label,
            )
        )
    melds = ir.seq(scoring_shapes(plan, a_space), ir.End())
    main = read(ctx, melds, ir.seq(*then))
    body = ir.Seq(
        (*parts, *cheap, *costly, *flags, main, ANY, ir.End()),
        label=f"ruleset {ctx.rules.name}, scoring",
    )
    return ir.Pattern(body, ctx.definitions.items(), ctx.flavor)


__all__ = ["build_scoring", "ScoringUnsupported"]
