"""The literal automaton: the minimal acyclic DFA of a finite set of strings.

Built as a trie whose equivalent states are merged bottom-up (a DAWG), so
strings that share a suffix share the states that read it.  It knows no
regex syntax; :func:`mahjong_regex.automata.render.literal_set` renders it as
IR (after Emacs' ``regexp-opt``: shared prefixes and suffixes written once,
single characters merged into classes).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LiteralDfa:
    """A DFA over characters: ``transitions[q]`` maps a character to the next
    state, in character order; ``accepting`` the final states; ``start`` the
    start state.  Acyclic, and deterministic for a given set of strings."""

    transitions: tuple[dict[str, int], ...]
    accepting: frozenset[int]
    start: int


def literal_dfa(strings) -> LiteralDfa:
    """The minimal acyclic DFA accepting exactly ``strings`` (an iterable of
    str)."""
    registry: dict[tuple, int] = {}
    nodes: list[tuple[bool, tuple[tuple[str, int], ...]]] = []

    def build(words: list[str]) -> int:
        final = "" in words
        by_char: dict[str, list[str]] = {}
        for w in words:
            if w:
                by_char.setdefault(w[0], []).append(w[1:])
        edges = tuple(sorted((ch, build(rest)) for ch, rest in by_char.items()))
        key = (final, edges)
        if key not in registry:
            registry[key] = len(nodes)
            nodes.append(key)
        return registry[key]

    start = build(sorted(set(strings)))
    transitions = tuple(dict(edges) for _, edges in nodes)
    accepting = frozenset(q for q, (final, _) in enumerate(nodes) if final)
    return LiteralDfa(transitions, accepting, start)
