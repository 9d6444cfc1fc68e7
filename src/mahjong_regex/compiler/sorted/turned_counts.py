"""The meld counts of a machine whose stand-ins are not counted
(:mod:`.turned_machine`): which checks make it exact
(:func:`free_total_checks`), the countdowns that carry them
(:func:`tracks`), and the runs a same-meld may stand for
(:func:`stand_for_runs`)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ...ruleset.model import RuleSet
from .count_checks import Check, candidates, cover, valid, vectors
from .sorted_plan import PlanRefused, ShapePlan


@dataclass(frozen=True)
class Track:
    """A countdown of the melds of ``kinds``: a pointer into the end of the
    hand that starts with ``start[n]`` characters at hand length ``n``
    (None: it counts nothing there) and loses one before each such meld's
    first copy, failing where it is empty (no more melds of its kinds), and
    ends empty (exactly that many).  A meld not made yet holds a copy
    further on (of one character or more), or is one of stand-ins only,
    counted before the first block: the pointer always lies ahead.  Only
    exact counts: a start above the melds a hand makes could reach past
    the hand ahead, and a floor read at the end let the search try every
    spread of the stand-ins first."""

    kinds: frozenset[str]
    start: dict[int, int | None]

    @property
    def off(self) -> list[int]:
        """The lengths where the track counts nothing."""
        return sorted(n for n, most in self.start.items() if most is None)


def tracks(checks: dict, plan: ShapePlan) -> list[Track]:
    """The tracks that carry the count checks other than ``none`` (per
    length, from :func:`free_total_checks`): one per set of kinds whose
    count the checks fix at some length.  Raises :class:`PlanRefused`
    where a count is bounded but not fixed, unless a fixed count of some
    of its kinds already keeps its floor."""
    sets = sorted({c.kinds for cs in checks.values() for c in cs if c.op != "none"}, key=sorted)
    bounds: dict = {kinds: {} for kinds in sets}
    for kinds in sets:
        for n, cs in checks.items():
            lo, hi = 0, None
            for c in cs:
                if c.op == "none" and kinds <= c.kinds:
                    hi = 0
                if c.kinds != kinds:
                    continue
                if c.op == "<=":
                    hi = c.value if hi is None else min(hi, c.value)
                elif c.op == ">=":
                    lo = max(lo, c.value)
                elif c.op == "some":
                    lo = max(lo, 1)
            bounds[kinds][n] = (lo, hi)
    out = []
    for kinds in sets:
        for n, (lo, hi) in bounds[kinds].items():
            if lo == hi or hi is None and not lo:
                continue
            kept = any(
                sub <= kinds and bounds[sub][n][0] == bounds[sub][n][1] >= lo
                for sub in sets
                if hi is None
            )
            if not kept:
                raise PlanRefused(
                    f"hand {plan.shape.name}",
                    "a meld count that the hand's length does not make exact, "
                    "with a wild tile the turned tile chooses",
                    plan.shape.span,
                )
        start = {n: hi if lo == hi else None for n, (lo, hi) in bounds[kinds].items()}
        if any(most is not None for most in start.values()):
            out.append(Track(kinds, start))
    return out


def free_total_checks(plan: ShapePlan, rules: RuleSet, most: int) -> dict:
    """{length: checks} for a machine whose stand-ins are not counted: per
    hand length ``n``, checks that every count vector of the shape with
    ``n`` tiles keeps and every other vector breaks, whatever its total
    (the melds hold ``n`` less the wild tiles held, at most ``most``, plus
    any stand-ins).  Raises :class:`PlanRefused` where no checks bound
    every kind."""
    shape = plan.shape
    guesses = [{i.kind: plan.sizes[i.kind] for i in g} for g in plan.guessed]
    guesses = [g for g in guesses if g]
    kinds = sorted(set(plan.free) | {k for g in guesses for k in g})
    out = {}
    biggest = max(plan.sizes.values())
    for n in plan.lengths:
        good, bad = [], []
        for total in range(max(0, n - most), n + biggest * shape.size + 1):
            for picks in product(*(sorted(g.items()) for g in guesses)):
                rest = total - sum(size for _, size in picks)
                if rest < 0:
                    continue
                for v in vectors(plan.free, rest, shape.size + 2):
                    for k, _ in picks:
                        v[k] = v.get(k, 0) + 1
                    (good if total == n and valid(v, shape, rules) else bad).append(v)
        menu = candidates(shape, rules, kinds, shape.size + 1, plan.free)
        chosen = cover(good, bad, menu)
        if chosen is None or not _bounded(chosen, plan, rules, n, n - most):
            raise PlanRefused(
                f"hand {shape.name}",
                "no bound on meld counts makes the stand-ins as many as the wild tiles",
                shape.span,
            )
        # An at-most check every winning vector meets exactly is an exact
        # count (the tracks need one: see Track).
        exact = tuple(
            Check(c.kinds, ">=", c.value)
            for c in chosen
            if c.op == "<=" and all(sum(v.get(k, 0) for k in c.kinds) == c.value for v in good)
        )
        out[n] = chosen + tuple(c for c in exact if c not in chosen)
    return out


def _bounded(chosen, plan: ShapePlan, rules: RuleSet, n: int, least: int) -> bool:
    """Do the checks bound every kind read freely, and does every vector
    within the bounds (one meld of each guessed group) that keeps them and
    holds at least ``least`` tiles (the tiles held that are not wild) hold
    ``n`` tiles and fit the shape?"""
    top = {}
    for k in plan.free:
        bounds = [0 for c in chosen if c.op == "none" and k in c.kinds]
        bounds += [c.value for c in chosen if c.op == "<=" and k in c.kinds]
        if not bounds:
            return False
        top[k] = min(bounds)
    free = sorted(top)
    guesses = [sorted({i.kind for i in g}) for g in plan.guessed]
    for counts in product(*(range(top[k] + 1) for k in free)):
        for picks in product(*guesses):
            v = {k: 0 for k in plan.sizes} | dict(zip(free, counts))
            for k in picks:
                v[k] += 1
            if not all(c.holds(v) for c in chosen):
                continue
            total = sum(m * plan.sizes[k] for k, m in v.items())
            if total >= least and (total != n or not valid(v, plan.shape, rules)):
                return False
    return True


def stand_for_runs(
    rules: RuleSet, plan: ShapePlan, counts: list[Track], domain: frozenset[int]
) -> set[str]:
    """The run kinds of three whose melds of one tile of their own and two
    stand-ins a same-meld kind of three may stand for: every slot, count
    and guard that takes the run takes it too, it holds any tile the run
    does, and nothing else tells them apart (no copy caps, no constraint
    of the shape or the win)."""
    if plan.caps or plan.floors or rules.where or plan.shape.where:
        return set()
    checks = [c for cs in plan.checks.values() for c in cs]
    out = set()
    for run in plan.free:
        kind = rules.kinds[run]
        if kind.form == "same" or kind.size != 3:
            continue
        tiles = {t for i in plan.levels if i.kind == run for t in i.tiles}
        if not tiles <= domain:
            continue
        for same in plan.free:
            sk = rules.kinds[same]
            if sk.form != "same" or sk.size != 3 or sk.of is not None and not tiles <= sk.of.tiles:
                continue
            if any(run in ks and same not in ks for _, ks in plan.shape.slots):
                continue
            if any((run in cd.kinds) != (same in cd.kinds) for cd in counts):
                continue
            if any(same in c.kinds and run not in c.kinds for c in checks):
                continue
            out.add(run)
    return out
