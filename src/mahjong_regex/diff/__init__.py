"""diff: what changed between two rule sets, or between a rule set and a
pattern -- the rule changes, read from the checked rule sets, and the hands
that changed verdict, found by a search and shrunk.

- :mod:`.rules` (with :mod:`.places`): the rule changes (tiles, meld kinds,
  hand shapes, constraints), each citing its DSL lines on both sides;
- :mod:`.sides`: what decides a hand on one side -- the reference evaluator
  of a rule set, or a pattern in the engine of its flavor (a session of
  :mod:`mahjong_regex.engines`);
- :mod:`.generate` (with :mod:`.winning`): candidate hands -- near the
  boundary of either side, built to win a shape, aimed at each change,
  mutations of either side's winning hands;
- :mod:`.tests_changed`: the tests of either side whose hands the two
  sides decide differently (named first);
- :mod:`.search`: the search, the grouping and the shrinking of witnesses;
- :mod:`.outlines`: the unified diff of the two sides' outlines
  (``--outline``); :mod:`.revisions`: sides read with ``git show``
  (``REV:PATH``);
- :mod:`.compare`, :mod:`.report`, :mod:`.diff_command`: the whole diff, the
  text and JSON ``mahjong-regex diff`` prints, and that subcommand.
"""
