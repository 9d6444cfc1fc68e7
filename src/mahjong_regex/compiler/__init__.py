"""Stage 3, checked rule set to regex IR, in rooms by what they build
(lowest first; a room imports only rooms before it):

- :mod:`.registry` (the passes and :class:`~.registry.Options`),
  :mod:`.capabilities` (what the target flavor allows), :mod:`.errors`
  (what it cannot say), :mod:`.context` (the one context of a compilation);
- :mod:`.tiles`: tile primitives and scans;
- :mod:`.constraints`: tile-level constraints as lookaheads;
- :mod:`.wild`: wild tiles: the plan worked out first, then their places,
  meld bodies and checks;
- :mod:`.plans`: each hand shape's plan: its meld counts and counters;
- :mod:`.melds`: meld bodies: one meld, and a shape's melds as a counted
  loop, a row of slots or the meld automaton;
- :mod:`.shapes`: shapes and the layout of the whole pattern;
- :mod:`.scoring`: scoring patterns;
- :mod:`.entries`: the two entries, a win pattern and a scoring pattern.

The compiler reads the flavor only through its
:class:`~.capabilities.Capabilities`; printing is :mod:`mahjong_regex.flavors`'
job, whole-pattern rewrites :mod:`mahjong_regex.optimize`'s."""
