"""Automata behind a pattern: the meld automaton of a hand shape
(:mod:`.melds`), the literal automaton of a set of strings (:mod:`.literals`),
and the one renderer of both into regex IR (:mod:`.render`).  The automaton
modules know no regex syntax."""
