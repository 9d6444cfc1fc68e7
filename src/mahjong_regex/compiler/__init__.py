"""Stage 3, checked rule set to regex IR: the layout of a pattern
(:mod:`.layout`), tile primitives (:mod:`.tiles`, :mod:`.scans`),
tile-level constraints (:mod:`.constraints`), meld bodies (:mod:`.melds`),
hand shapes (:mod:`.plans`, :mod:`.counters`, :mod:`.shapes`), all sharing
one :class:`~.context.Context`.  The optimization passes it consults live in
:mod:`mahjong_regex.passes`, one module each."""
