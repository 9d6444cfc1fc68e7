"""The one renderer of acyclic automata into regex IR.

State q becomes the alternation, over its outgoing edges grouped by target,
of "the edge's letters, then state q'"; an accepting state with edges adds
the empty way out.  What a letter group is, how two parts join, how a final
state closes, and whether a state is kept as a definition are a
:class:`DfaStyle`'s choices:

- :class:`LiteralStyle` renders the literal automaton of
  :mod:`.literals` (a class for several characters into one state, literals
  merged, ``(…)?`` for a final state);
- the compiler's meld style (:class:`mahjong_regex.compiler.shapes.shape_bodies.MeldStyle`)
  renders the meld automaton of :mod:`.melds` (a meld per letter group, runs
  of one group as counted repetitions, shared states as definitions).
"""

from __future__ import annotations

from .. import ir
from .literals import literal_dfa


class DfaStyle:
    """How :func:`render_dfa` spells an automaton; the defaults render plain
    nested alternation.  ``chains``: fold a run of states with one edge
    group of the same letters into a counted repetition."""

    chains = False

    def groups(self, dfa, q: int) -> list[tuple[tuple, int]]:
        """The edges of state ``q`` as (letters, target) groups, one per
        target, in first-letter order of ``dfa.transitions[q]``."""
        by_target: dict[int, list] = {}
        for letter, t in dfa.transitions[q].items():
            by_target.setdefault(t, []).append(letter)
        return [(tuple(ls), t) for t, ls in by_target.items()]

    def edge(self, letters: tuple) -> ir.Node:
        """The node of one letter group."""
        raise NotImplementedError

    def join(self, head: ir.Node, tail: ir.Node) -> ir.Node:
        """An edge's node followed by its target's."""
        return ir.seq(head, tail)

    def close(self, branches: list[ir.Node], final: bool) -> ir.Node:
        """A state from its branches (empty for a state without edges)."""
        if not branches:
            return ir.EMPTY
        return ir.alt(*branches, *([ir.EMPTY] if final else []))

    def keep(self, q: int, node: ir.Node, refs: int) -> ir.Node:
        """The node used for state ``q``, reached from ``refs`` places."""
        return node


def reference_counts(dfa, style: DfaStyle) -> dict[int, int]:
    """How many (state, target) edge groups lead into each state reachable
    from the start."""
    refs: dict[int, int] = {}
    seen = set()
    stack = [dfa.start]
    while stack:
        q = stack.pop()
        if q in seen:
            continue
        seen.add(q)
        for _, t in style.groups(dfa, q):
            refs[t] = refs.get(t, 0) + 1
            stack.append(t)
    return refs


def render_dfa(dfa, style: DfaStyle) -> ir.Node:
    """The IR of an acyclic DFA (``transitions``, ``accepting``, ``start``)
    in ``style``; each state is rendered once."""
    refs = reference_counts(dfa, style)
    cache: dict[int, ir.Node] = {}

    def chain(q: int) -> tuple[tuple, int, int]:
        # A run of states with one edge group of the same letters: (letters,
        # length, the state after the run).
        letters, t = style.groups(dfa, q)[0]
        n = 1
        while t not in dfa.accepting and refs.get(t, 0) <= 1:
            nxt = style.groups(dfa, t)
            if len(nxt) != 1 or nxt[0][0] != letters:
                break
            t = nxt[0][1]
            n += 1
        return letters, n, t

    def state(q: int) -> ir.Node:
        if q in cache:
            return cache[q]
        groups = style.groups(dfa, q)
        if style.chains and len(groups) == 1 and q not in dfa.accepting:
            letters, n, t = chain(q)
            head = style.edge(letters)
            node = style.join(head if n == 1 else ir.Repeat(head, n, n), state(t))
        else:
            branches = [style.join(style.edge(ls), state(t)) for ls, t in groups]
            node = style.close(branches, q in dfa.accepting)
        node = cache[q] = style.keep(q, node, refs.get(q, 0))
        return node

    return state(dfa.start)


class LiteralStyle(DfaStyle):
    """The literal automaton as a regex: characters into one state become a
    class, adjacent literals merge, a final state with edges is ``(…)?``,
    groups ordered by size then characters."""

    def groups(self, dfa, q: int) -> list[tuple[tuple, int]]:
        return sorted(super().groups(dfa, q), key=lambda g: (-len(g[0]), g[0]))

    def edge(self, letters: tuple) -> ir.Node:
        return ir.Lit(letters[0]) if len(letters) == 1 else ir.CharSet(frozenset(letters))

    def join(self, head: ir.Node, tail: ir.Node) -> ir.Node:
        items = list(head.items if isinstance(head, ir.Seq) else (head,))
        items += tail.items if isinstance(tail, ir.Seq) else (tail,)
        out: list[ir.Node] = []
        for it in items:
            if out and isinstance(it, ir.Lit) and isinstance(out[-1], ir.Lit):
                out[-1] = ir.Lit(out[-1].text + it.text)
            else:
                out.append(it)
        return out[0] if len(out) == 1 else ir.Seq(tuple(out))

    def close(self, branches: list[ir.Node], final: bool) -> ir.Node:
        if not branches:
            return ir.EMPTY
        node = ir.alt(*branches)
        return ir.Repeat(node, 0, 1) if final else node


def literal_set(strings) -> ir.Node:
    """The regex (IR) of a finite set of strings, read off the set's minimal
    acyclic DFA: edges into one state merge into a character class, chains of
    single edges into one literal.  Deterministic for a given set."""
    return render_dfa(literal_dfa(strings), LiteralStyle())
