"""The compiler's meld room: one meld as IR (:mod:`.meld_nodes`, with
``merge_same_melds``, ``run_limits``, ``sorted_runs``, ``hoist_states``),
and a shape's melds as a whole body: a counted loop with flag groups
(``counter_loop``), a row of slots (``slot_flags``), or the meld automaton;
``split_counts`` reads the copy limit off the tiles those bodies keep."""
