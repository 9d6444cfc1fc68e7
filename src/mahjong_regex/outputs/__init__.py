"""Outputs beyond one pattern: ``generated/`` for every built-in rule set and
flavor, or a project's build (:mod:`.build`, :mod:`.config`); ready-to-paste
code in a host language (:mod:`.snippets`; Go and Rust in :mod:`.host_code`)
and what ``compile`` prints as JSON (:mod:`.compile_output`); for a flavor
without lookaround, one pattern per hand shape with the constraints left to
the host (:mod:`.shape_patterns`, :mod:`.host_checks`); a pattern file one
part per line for ``git diff`` (:mod:`.textconv`)."""
