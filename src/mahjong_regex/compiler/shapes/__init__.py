"""The compiler's shape room: each hand shape's body, choosing a counted
loop, a row of slots or the meld automaton (:mod:`.shape_bodies`), and the
layout of the whole pattern (:mod:`.layout`, with ``body_first``)."""
