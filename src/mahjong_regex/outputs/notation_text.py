"""What a snippet and the JSON say about their input: the tile notation, the
tile names, and an example hand that wins."""

from __future__ import annotations

import random

from ..hands.winning import WinningHands
from ..reference.evaluator import Evaluator
from ..ruleset.model import RuleSet
from ..ruleset.notations import BUILTIN_NOTATIONS, builtin_notation

#: Seeds tried for an example hand, per shape: the shortest hand that wins
#: is taken (few kongs).
EXAMPLE_TRIES = 60


def notation_name(rules: RuleSet, given: str | None = None) -> str | None:
    """The notation the rule set's tiles are written in: ``given`` (the
    ``--tiles`` value), else the shipped notation whose names they are
    (``chinese``, ``mpsz``, ``unicode``), else None (its own names)."""
    if given is not None:
        return given
    for name in BUILTIN_NOTATIONS:
        names = builtin_notation(name).names
        if all(t.identity and names.get(t.identity) == t.name for t in rules.alphabet.tiles):
            return name
    return None


def tile_summary(rules: RuleSet) -> str:
    """The tile names in short: each suit as ``first…last``, the other tiles
    one by one (``一万…九万, 一筒…九筒, 东 南 西 北``)."""
    alphabet = rules.alphabet
    parts = []
    for suit in alphabet.suits:
        tiles = alphabet.suit_tiles(suit)
        parts.append(
            f"{tiles[0].name}…{tiles[-1].name}"
            if len(tiles) > 2
            else " ".join(t.name for t in tiles)
        )
    others = [t.name for t in alphabet.tiles if t.suit is None]
    if others:
        parts.append(" ".join(others))
    return ", ".join(parts)


def example_hand(rules: RuleSet) -> str | None:
    """A winning hand of the rule set (the same one every time), written as
    its patterns read hands (``TURNED|HAND`` with an indicator); None when
    no try finds one."""
    judge = Evaluator(rules)
    prefix, fixed = "", rules
    if rules.indicator is not None:
        turned = min(rules.indicator.tiles)
        prefix, fixed = rules.alphabet.tiles[turned].name + "|", rules.with_indicator(turned)
    for shape in rules.shapes:
        hands = (WinningHands(fixed, random.Random(s)).hand(shape) for s in range(EXAMPLE_TRIES))
        wins = [prefix + h for h in hands if judge.wins(prefix + h)]
        if wins:
            return min(wins, key=lambda h: len(fixed.alphabet.tokenize(h.split("|")[-1])))
    return None


def input_where(rules: RuleSet, notation: str | None) -> str:
    """How a snippet's comment names the tiles it reads: "the mpsz
    notation" and the like, or "the rule set's own tile names";
    ``notation`` the ``--tiles`` value (None: told from the tile names)."""
    notation = notation_name(rules, notation)
    return f"the {notation} notation" if notation else "the rule set's own tile names"


def fixed_turned_lines(rules: RuleSet) -> list[str]:
    """The comment line on a turned tile fixed by ``--indicator`` (none
    without one)."""
    if rules.turned is None or rules.indicator is not None:
        return []
    turned = rules.alphabet.tiles[rules.turned].name
    return [f"The turned tile is {turned} (--indicator): hands are written without it."]


def input_lines(rules: RuleSet, notation: str | None) -> list[str]:
    """Comment lines (without the comment mark) on a snippet's input;
    ``notation`` the ``--tiles`` value (None: told from the tile names)."""
    lines = [
        f"Input: an arranged hand in {input_where(rules, notation)} ({tile_summary(rules)}),",
        "tile names written one after another, no separator"
        + (": the turned tile, '|', then the hand." if rules.indicator is not None else "."),
    ]
    lines += fixed_turned_lines(rules)
    example = example_hand(rules)
    if example is not None:
        lines.append(f"Example (a winning hand): {example}")
    return lines


def notation_json(rules: RuleSet, notation: str | None) -> dict:
    """What the JSON says of the input: ``notation`` (None: the rule set's
    own names), ``tiles`` (every tile name, in order), ``example`` (a
    winning hand, or None), ``turned_first`` (does a hand start
    ``TURNED|``); ``notation`` the ``--tiles`` value (None: told from the
    tile names); ``turned`` the turned tile fixed by ``--indicator``."""
    names = [t.name for t in rules.alphabet.tiles]
    return {
        "notation": notation_name(rules, notation),
        "tiles": names,
        "turned_first": rules.indicator is not None,
        "turned": names[rules.turned] if rules.turned is not None else None,
        "example": example_hand(rules),
    }
