"""Patterns for sorted input: hands written as their tiles in canonical
order, won when SOME arrangement of the tiles wins (``--input sorted``).

- :mod:`.tile_order` canonical order and tile nodes;
- :mod:`.flag_ops` flag groups, set and read in each flavor's way;
- :mod:`.sorted_plan` per hand shape: the melds guessed up front, the melds
  each tile may start, the meld counts the length leaves open
  (:mod:`.count_checks`);
- :mod:`.register_machine` one block per tile for flavors with lookaround;
- :mod:`.sorted_tiles` tile-level constraints as lookaheads;
- :mod:`.kind_automaton` and :mod:`.automaton_regex` the automaton over
  tile counts that RE2 reads;
- :mod:`.sorted_build` the entry point, :func:`build_sorted`.
"""
