"""Outputs beyond one pattern: ``generated/`` for every built-in rule set and
flavor (:mod:`.build`), and ready-to-paste code in a host language
(:mod:`.snippets`)."""
