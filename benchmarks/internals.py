"""Every name the benchmark takes from ``mahjong_regex``, imported here and nowhere else.

The package's internal module paths may move; when they do, this file is the
one to follow them.
"""

from mahjong_regex import BUILTINS, FLAVORS, Evaluator, HandError, UnsupportedError, ir, load_rules
from mahjong_regex import compile_pattern
from mahjong_regex.automata.render import literal_set
from mahjong_regex.pipeline import compile_rules, emit, render
from mahjong_regex.reference import tile_constraint_holds
from mahjong_regex.reference.samples import crowded_wild_hands, random_hands

__all__ = [
    "BUILTINS",
    "FLAVORS",
    "Evaluator",
    "HandError",
    "UnsupportedError",
    "compile_pattern",
    "compile_rules",
    "emit",
    "ir",
    "literal_set",
    "load_rules",
    "crowded_wild_hands",
    "random_hands",
    "render",
    "tile_constraint_holds",
]
