"""The meld automaton of a hand shape.

A split of a hand is a sequence of melds, each labelled with its kind.  Which
label sequences win depends only on how many melds of each kind they hold:
the shape's slots must be filled one to one, and the meld-count constraints
must hold on those same counts.  This module builds the minimal DFA over meld
kinds that accepts exactly those sequences; the compiler renders it as nested
alternation inside the body of the pattern, so every meld-count constraint is
checked on the one split the body matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .model import Constraint, Shape, compare


@dataclass(frozen=True)
class MeldAutomaton:
    """A DFA over meld kinds for one shape.

    ``letters`` are the kind names (the alphabet), ``transitions[q]`` maps a
    letter to the next state (missing: dead), ``accepting`` the final states;
    state 0 is the start.  States are numbered in breadth-first order, so the
    numbering is deterministic."""

    letters: tuple[str, ...]
    transitions: tuple[dict[str, int], ...]
    accepting: frozenset[int]

    @property
    def size(self) -> int:
        return len(self.transitions)


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


def accepted(shape: Shape, constraints) -> frozenset[tuple[int, ...]]:
    """The kind-count vectors (one int per letter of ``shape.kinds``) that
    fill the shape and satisfy the meld-count ``constraints``."""
    letters = shape.kinds
    meld_cs = [c for c in constraints if c.is_meld_level]

    def ok(v: tuple[int, ...]) -> bool:
        if not slots_admit(v, letters, shape):
            return False
        for c in meld_cs:
            got = sum(v[i] for i, k in enumerate(letters) if k in c.kinds)
            if not compare(got, c.op, c.value):
                return False
        return True

    return frozenset(v for v in _vectors(len(letters), shape.size) if ok(v))


def build(shape: Shape, constraints, accept: frozenset | None = None) -> MeldAutomaton:
    """The minimal DFA of label sequences that fit ``shape`` and satisfy the
    meld-count ``constraints`` (tile-level constraints are ignored here);
    ``accept``, when given, is the accepted count-vector set to use instead."""
    letters = shape.kinds
    n = shape.size
    vectors = list(_vectors(len(letters), n))
    if accept is None:
        accept = accepted(shape, constraints)
    # Myhill-Nerode: two count vectors are equivalent when the same
    # completions lead them to acceptance.
    signature: dict[tuple[int, ...], frozenset] = {}
    for v in vectors:
        left = n - sum(v)
        sig = frozenset(
            u for u in _vectors(len(letters), left) if tuple(a + b for a, b in zip(v, u)) in accept
        )
        if sig:
            signature[v] = sig
    start = (0,) * len(letters)
    if start not in signature:
        return MeldAutomaton(letters, ({},), frozenset())
    ids: dict[frozenset, int] = {signature[start]: 0}
    order = [start]
    transitions: list[dict[str, int]] = [{}]
    i = 0
    while i < len(order):
        v = order[i]
        q = ids[signature[v]]
        for li, letter in enumerate(letters):
            w = tuple(a + (1 if j == li else 0) for j, a in enumerate(v))
            if w not in signature:
                continue
            sig = signature[w]
            if sig not in ids:
                ids[sig] = len(transitions)
                transitions.append({})
                order.append(w)
            transitions[q][letter] = ids[sig]
        i += 1
    accepting = frozenset(ids[signature[v]] for v in order if v in accept)
    return MeldAutomaton(letters, tuple(transitions), accepting)


def _vectors(k: int, total: int):
    """All k-tuples of non-negative ints with sum <= total."""
    if k == 0:
        yield ()
        return
    for first in range(total + 1):
        for rest in _vectors(k - 1, total - first):
            yield (first,) + rest
