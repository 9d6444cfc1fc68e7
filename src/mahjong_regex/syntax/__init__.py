"""Stage 1, text to syntax tree: the grammar loader (:mod:`.grammar`), the
typed tree with spans (:mod:`.tree`) and the parser (:mod:`.parser`,
``parse(text) -> RuleFile``)."""
