"""Outputs beyond one pattern: ``generated/`` for every built-in rule set and
flavor, or a project's build (:mod:`.build`, :mod:`.config`); ready-to-paste
code in a host language (:mod:`.snippets`); a pattern file one part per line
for ``git diff`` (:mod:`.textconv`)."""
