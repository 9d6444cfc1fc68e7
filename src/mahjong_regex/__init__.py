"""mahjong-regex: compile mahjong rule sets, written in a small DSL, into
exact regular expressions for many regex engines.

Typical use::

    from mahjong_regex import load_rules, compile_for, Evaluator
    rules = load_rules("harbin")              # a built-in name or a .meld path
    out = compile_for(rules, "pcre")          # out.text: one line of PCRE2 syntax
    out.outline()                             # the same, one part per line
    Evaluator(rules).evaluate(hand).explain() # the reference answer, with why
"""

from __future__ import annotations

from importlib import metadata

from .compiler.registry import PASSES, Options
from .diagnostics import HandError, MeldError, UnsupportedError
from .flavors.table import FLAVORS
from .pipeline import (
    FlavorMismatch,
    Output,
    UnknownRuleSet,
    compile_for,
    compile_pattern,
    compile_rules,
    load_rules,
    read_rules,
)
from .reference.evaluator import Evaluator, Verdict
from .rules import BUILTINS, builtin_source
from .ruleset.model import RuleSet

__all__ = [
    "BUILTINS",
    "FLAVORS",
    "PASSES",
    "Evaluator",
    "FlavorMismatch",
    "HandError",
    "MeldError",
    "Options",
    "Output",
    "RuleSet",
    "UnknownRuleSet",
    "UnsupportedError",
    "Verdict",
    "builtin_source",
    "compile_for",
    "compile_pattern",
    "compile_rules",
    "load_rules",
    "read_rules",
]

__version__ = metadata.version("mahjong-regex")
