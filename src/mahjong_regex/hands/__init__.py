"""Hand generators, for the tests, ``diff`` and the benchmarks: arranged
hands near the win/no-win boundary (:mod:`.samples`), hands built to win a
shape (:mod:`.winning`), candidates and mutations for ``diff``'s search
(:mod:`.candidates`), and winning hands for each scoring element
(:mod:`.score_samples`, with :mod:`.score_drafts` and
:mod:`.score_gadgets`).  They decide nothing: the verdicts come from
:mod:`mahjong_regex.reference`."""
