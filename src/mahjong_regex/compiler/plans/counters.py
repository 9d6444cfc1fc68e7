"""Meld counts as counters: a shape's winning count vectors said as a few
(kinds, at least, at most) bounds, for the bodies that keep counts in flag
groups (``counter_loop``, ``slot_flags``).  A set of counters is used only
after checking, by enumerating the count vectors, that it accepts exactly
what the meld automaton accepts."""

from __future__ import annotations

from dataclasses import dataclass

from ...ruleset.fillings import vectors_summing
from ...ruleset.model import Shape
from .shape_plans import ShapePlan, relaxed_accept

#: Most count vectors the counters are checked against before a shape is left
#: to the automaton.
MAX_COUNTER_VECTORS = 20_000


@dataclass(frozen=True)
class Counter:
    """A meld count the pattern keeps: melds of ``kinds`` number at least
    ``lo`` and at most ``hi`` (None: no upper bound)."""

    kinds: frozenset[str]
    lo: int
    hi: int | None

    @property
    def level(self) -> int:
        """The highest count the pattern must tell apart."""
        return self.hi if self.hi is not None else self.lo

    def describe(self) -> str:
        """The counter in DSL words: ``count(kong | pung) >= 1``."""
        what = " | ".join(sorted(self.kinds))
        if self.hi == self.lo:
            return f"count({what}) == {self.lo}"
        if self.hi is None:
            return f"count({what}) >= {self.lo}"
        if self.lo == 0:
            return f"count({what}) <= {self.hi}"
        return f"{self.lo} <= count({what}) <= {self.hi}"


def _bounded(k: int, total: int) -> list | None:
    """``list(vectors_summing(k, total))``, or None past
    :data:`MAX_COUNTER_VECTORS` vectors."""
    out = []
    for v in vectors_summing(k, total):
        out.append(v)
        if len(out) > MAX_COUNTER_VECTORS:
            return None
    return out


def candidates(shape: Shape, p: ShapePlan, names: tuple[str, ...]) -> list[Counter]:
    """Counters from the shape's slot groups and its meld-count constraints,
    over the live kinds ``names``; bounds on one set of kinds are merged."""
    bounds: dict[frozenset, list] = {}

    def add(kinds, lo: int, hi: int | None) -> None:
        key = frozenset(kinds) & set(names)
        cur = bounds.setdefault(key, [0, None])
        cur[0] = max(cur[0], lo)
        cur[1] = hi if cur[1] is None else cur[1] if hi is None else min(cur[1], hi)

    for count, kinds in shape.slots:
        add(kinds, count, count)
    for c in p.constraints:
        if c.kind != "meld_count":
            continue  # a compound: the check against the automaton decides
        lo = c.value if c.op in (">=", "==") else 0
        hi = c.value if c.op in ("<=", "==") else None
        add(c.kinds, lo, hi)
    n = shape.size
    counters = [
        Counter(kinds, lo, None if hi is not None and hi >= n else hi)
        for kinds, (lo, hi) in bounds.items()
        if kinds
    ]
    return [c for c in counters if c.lo > 0 or c.hi is not None]


def counters(
    shape: Shape, p: ShapePlan, shared: bool = False
) -> tuple[tuple[str, ...], list[Counter]] | None:
    """The shape's winning count vectors as counters over its melds:
    ``(names, counters)`` -- the kinds that occur in some winning split, and
    the counters -- or None when counters cannot say exactly those vectors.

    The candidates (:func:`candidates`) are accepted only if the vectors
    they admit are exactly the automaton's (checked by enumeration), then
    pruned of counters the others imply.  A kind may be in several
    counters, and a counter of "at most one" or "at least one" may span
    several branches of the body; a higher count needs its kinds in one
    branch, unless ``shared`` (the flavor lets one group name stand in many
    places)."""
    letters = shape.kinds
    accept = relaxed_accept(shape, p)
    if not accept or len(accept) > MAX_COUNTER_VECTORS:
        return None
    live = [i for i, k in enumerate(letters) if any(v[i] for v in accept)]
    names = tuple(letters[i] for i in live)
    want = frozenset(tuple(v[i] for i in live) for v in accept)
    found = candidates(shape, p, names)
    vectors = _bounded(len(names), shape.size)
    if vectors is None:
        return None

    def admits(cs) -> frozenset:
        idx = [[i for i, k in enumerate(names) if k in c.kinds] for c in cs]
        return frozenset(
            v
            for v in vectors
            if all(
                c.lo <= sum(v[i] for i in ix) and (c.hi is None or sum(v[i] for i in ix) <= c.hi)
                for c, ix in zip(cs, idx)
            )
        )

    if admits(found) != want:
        return None
    for c in sorted(found, key=lambda c: (-len(c.kinds), c.lo)):
        rest = [x for x in found if x is not c]
        if admits(rest) == want:
            found = rest
    # A count above one is kept in level groups shared by the branches that
    # raise it: its kinds must then fall in one branch.
    sig = {k: frozenset(i for i, c in enumerate(found) if k in c.kinds) for k in names}
    if not shared and any(c.level > 1 and len({sig[k] for k in c.kinds}) != 1 for c in found):
        return None
    return names, found


def branches(names, found: list[Counter]) -> list[tuple[tuple[str, ...], list[int]]]:
    """Kinds grouped by the counters they are in: (kinds, counter indices),
    in first-kind order."""
    groups: dict[frozenset, list[str]] = {}
    for k in names:
        key = frozenset(i for i, c in enumerate(found) if k in c.kinds)
        groups.setdefault(key, []).append(k)
    return [(tuple(ks), sorted(key)) for key, ks in groups.items()]
