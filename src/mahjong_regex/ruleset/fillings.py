"""Which meld counts fill a hand shape.

A split of a hand fits a shape when its melds fill the shape's slots one to
one; whether they can depends only on how many melds of each kind there are.
These are the kind-count vectors of a shape (one int per kind of
``shape.kinds``), and those of them that satisfy meld-count constraints: the
checker's lint, the meld automaton (:mod:`mahjong_regex.automata.meld_dfa`)
and the compiler's counters all read them here.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .model import Shape


def slots_admit(counts: tuple[int, ...], letters: tuple[str, ...], shape: Shape) -> bool:
    """Can melds with ``counts`` (one int per letter) fill the shape's slots?

    Uses Hall's condition for the transportation problem: the totals agree,
    and every set of kinds needs no more melds than the slots that accept any
    of them can hold."""
    if sum(counts) != shape.size:
        return False
    used = [i for i, n in enumerate(counts) if n]
    for r in range(1, len(used) + 1):
        for subset in combinations(used, r):
            names = {letters[i] for i in subset}
            room = sum(c for c, kinds in shape.slots if names & set(kinds))
            if sum(counts[i] for i in subset) > room:
                return False
    return True


@lru_cache(maxsize=256)
def filling(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The kind-count vectors (one int per letter of ``shape.kinds``) that
    fill the shape's slots, in a fixed order (computed once per shape)."""
    letters = shape.kinds
    return tuple(
        v for v in vectors_summing(len(letters), shape.size) if slots_admit(v, letters, shape)
    )


def accepted(shape: Shape, constraints) -> frozenset[tuple[int, ...]]:
    """The kind-count vectors (one int per letter of ``shape.kinds``) that
    fill the shape and satisfy the meld-count ``constraints``."""
    letters = shape.kinds
    meld_cs = [c for c in constraints if c.is_meld_level]
    return frozenset(
        v for v in filling(shape) if all(c.holds_on_melds(dict(zip(letters, v))) for c in meld_cs)
    )


def vectors_summing(k: int, total: int):
    """All k-tuples of non-negative ints with sum exactly ``total``, in a
    fixed order (a generator)."""
    if k == 0:
        if total == 0:
            yield ()
        return
    if k == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in vectors_summing(k - 1, total - first):
            yield (first,) + rest
