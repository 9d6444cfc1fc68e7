"""The compiler's scoring room: the scoring pattern of a rule set that
declares scoring elements: tallies raised by the melds (:mod:`.tallies`),
formulas over flags (:mod:`.formulas`), the plan (:mod:`.scoreplan`), the
counted loop that reads a split (:mod:`.scorebody`), and the pattern
(:mod:`.score_pattern`)."""
