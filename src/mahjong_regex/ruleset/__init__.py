"""Stage 2, syntax tree to checked rule set: the model (:mod:`.model`:
tiles, tile classes, meld kinds, hand shapes, constraints) and its checker
(:mod:`.checker`: ``load(text)`` and ``check(tree)``)."""
