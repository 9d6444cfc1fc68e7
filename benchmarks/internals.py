"""Every name the benchmark takes from ``mahjong_regex``, imported here and nowhere else.

The package's internal module paths may move; when they do, this file is the
one to follow them.
"""

from mahjong_regex import (
    BUILTINS,
    FLAVORS,
    Evaluator,
    HandError,
    UnsupportedError,
    compile_pattern,
    engines,
    ir,
    load_rules,
)
from mahjong_regex.automata.render import literal_set
from mahjong_regex.hands.samples import crowded_wild_hands, random_hands
from mahjong_regex.hands.score_samples import scoring_corpus
from mahjong_regex.outputs.score_command import score_groups
from mahjong_regex.pipeline import (
    compile_for,
    compile_rules,
    compile_scoring,
    emit,
    render,
)
from mahjong_regex.playground.serve import make_server
from mahjong_regex.playground.site import build_site, measure
from mahjong_regex.reference import tile_constraint_holds
from mahjong_regex.reference.wild_tables import physical_excess, split_turned

__all__ = [
    "BUILTINS",
    "build_site",
    "make_server",
    "measure",
    "FLAVORS",
    "Evaluator",
    "HandError",
    "UnsupportedError",
    "compile_for",
    "compile_pattern",
    "compile_rules",
    "compile_scoring",
    "emit",
    "engines",
    "ir",
    "literal_set",
    "load_rules",
    "crowded_wild_hands",
    "random_hands",
    "physical_excess",
    "render",
    "score_groups",
    "scoring_corpus",
    "split_turned",
    "tile_constraint_holds",
]
