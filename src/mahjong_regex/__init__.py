"""mahjong-regex: compile mahjong rule sets, written in a small DSL, into
exact regular expressions for many regex engines.

Typical use::

    from mahjong_regex import load_rules, compile_pattern, Evaluator
    rules = load_rules("harbin")              # a built-in name or a .meld path
    pattern = compile_pattern(rules, "pcre")  # one line of PCRE2 syntax
    Evaluator(rules).evaluate(hand).explain() # the reference answer, with why
"""

from __future__ import annotations


from .diagnostics import HandError, MeldError, UnsupportedError
from .flavors.table import FLAVORS
from .compiler.registry import PASSES, Options
from .pipeline import UnknownRuleSet, compile_pattern, compile_rules, load_rules, read_rules
from .reference.evaluator import Evaluator, Verdict
from .rules import BUILTINS, builtin_source
from .ruleset.model import RuleSet

__all__ = [
    "BUILTINS",
    "FLAVORS",
    "PASSES",
    "Evaluator",
    "HandError",
    "MeldError",
    "Options",
    "RuleSet",
    "UnknownRuleSet",
    "UnsupportedError",
    "Verdict",
    "builtin_source",
    "compile_pattern",
    "compile_rules",
    "load_rules",
    "read_rules",
]

__version__ = "0.1.0"
