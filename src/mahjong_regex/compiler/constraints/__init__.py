"""The compiler's constraint room: tile-level constraints (suits, contains,
only, each, tiles(…)) as lookaheads on the tile multiset
(:mod:`.lookaheads`), and ``suit_subsets``."""
