"""The meld automaton of a hand shape.

A split of a hand is a sequence of melds, each labelled with its kind.  Which
label sequences win depends only on how many melds of each kind they hold:
the shape's slots must be filled one to one, and the meld-count constraints
must hold on those same counts.  This module builds the minimal DFA over meld
kinds that accepts exactly those sequences; the compiler renders it as nested
alternation inside the body of the pattern (:mod:`.render`), so every
meld-count constraint is checked on the one split the body matched.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset.fillings import accepted, vectors_summing
from ..ruleset.model import Shape


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

    #: The start state.
    start = 0

    @property
    def size(self) -> int:
        """Number of live states."""
        return len(self.transitions)


def build(shape: Shape, constraints, accept: frozenset | None = None) -> MeldAutomaton:
    """The minimal DFA of label sequences that fit ``shape`` and satisfy the
    meld-count ``constraints`` (tile-level constraints are ignored here);
    ``accept``, when given, is the accepted count-vector set to use instead.

    A label sequence is accepted by its count vector alone, so the states
    are count vectors; being acyclic (every meld adds one), the automaton is
    minimised bottom-up: two vectors are one state when they agree on
    acceptance and their successors are one state (Myhill-Nerode, layer by
    layer from the full hands down)."""
    letters = shape.kinds
    k, n = len(letters), shape.size
    if accept is None:
        accept = accepted(shape, constraints)
    classes: dict[tuple[int, ...], int | None] = {}
    signatures: dict[tuple, int] = {}
    for total in range(n, -1, -1):
        for v in vectors_summing(k, total):
            succ = tuple(
                classes.get(v[:i] + (v[i] + 1,) + v[i + 1 :]) if total < n else None
                for i in range(k)
            )
            final = v in accept
            if not final and all(x is None for x in succ):
                classes[v] = None  # dead: no completion wins
                continue
            classes[v] = signatures.setdefault((final, succ), len(signatures))
    start = (0,) * k
    if classes.get(start) is None:
        return MeldAutomaton(letters, ({},), frozenset())
    # Number the live states breadth-first from the start: deterministic.
    by_class = {c: sig for sig, c in signatures.items()}
    order = [classes[start]]
    ids = {classes[start]: 0}
    i = 0
    while i < len(order):
        for succ in by_class[order[i]][1]:
            if succ is not None and succ not in ids:
                ids[succ] = len(order)
                order.append(succ)
        i += 1
    transitions = tuple(
        {letters[j]: ids[t] for j, t in enumerate(by_class[c][1]) if t is not None} for c in order
    )
    accepting = frozenset(ids[c] for c in order if by_class[c][0])
    return MeldAutomaton(letters, transitions, accepting)
