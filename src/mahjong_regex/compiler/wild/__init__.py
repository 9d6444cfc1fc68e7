"""The compiler's wild-tile room: the plan of a rule set with wild tiles,
worked out before any meld is written (:mod:`.wildplan`,
:mod:`.wild_setup`), which held tiles may stand at a tile's place and the
turned tile (:mod:`.wild_tiles`), meld bodies with stand-ins
(:mod:`.wildmelds`), and the lookaheads on the tiles held
(:mod:`.wildchecks`)."""
