"""The compiler's plan room: per hand shape, the meld counts that win
(:mod:`.shape_plans`), the counters that keep them (:mod:`.counters`), and
``counts_to_length``, which turns a count into a length window."""
