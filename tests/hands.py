"""Hypothesis strategies for arranged hands near the win/no-win boundary.

A hand is built as a valid shape of the rule set -- melds of allowed kinds,
in any order -- and then changed a little: a tile changed, dropped, added,
moved or swapped; a meld dropped, added or doubled; or, rarely, the string
itself damaged (a stray character, half a tile, a space, a newline).
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from mahjong_regex.model import RuleSet

JUNK = ["", " ", "\n", "\r\n", "x", "#", "\t", "赖子"]


def _instances(rules: RuleSet) -> dict[str, list[list[str]]]:
    names = [t.name for t in rules.alphabet.tiles]
    return {
        k.name: [[names[i] for i in inst] for inst in k.instances(rules.alphabet)]
        for k in rules.kinds.values()
    }


def hands(rules: RuleSet) -> st.SearchStrategy[str]:
    """Strategy of hand strings for ``rules`` (see module docstring)."""
    instances = _instances(rules)
    tiles = [t.name for t in rules.alphabet.tiles]
    all_melds = [m for ms in instances.values() for m in ms]

    @st.composite
    def build(draw) -> str:
        shape = draw(st.sampled_from(rules.shapes))
        melds: list[list[str]] = []
        for count, kinds in shape.slots:
            for _ in range(count):
                kind = draw(st.sampled_from(kinds))
                melds.append(list(draw(st.sampled_from(instances[kind]))))
        melds = draw(st.permutations(melds))
        for _ in range(draw(st.integers(0, 2))):
            op = draw(st.sampled_from(["drop", "add", "double", "swap"]))
            if op == "drop" and melds:
                melds.pop(draw(st.integers(0, len(melds) - 1)))
            elif op == "add":
                melds.insert(
                    draw(st.integers(0, len(melds))), list(draw(st.sampled_from(all_melds)))
                )
            elif op == "double" and melds:
                i = draw(st.integers(0, len(melds) - 1))
                melds.insert(i, list(melds[i]))
            elif op == "swap" and len(melds) > 1:
                i = draw(st.integers(0, len(melds) - 2))
                melds[i], melds[i + 1] = melds[i + 1], melds[i]
        hand = [t for m in melds for t in m]
        for _ in range(draw(st.integers(0, 2))):
            op = draw(st.sampled_from(["change", "drop", "add", "move", "swap"]))
            n = len(hand)
            if op == "add" or n == 0:
                hand.insert(draw(st.integers(0, n)), draw(st.sampled_from(tiles)))
            elif op == "change":
                hand[draw(st.integers(0, n - 1))] = draw(st.sampled_from(tiles))
            elif op == "drop":
                hand.pop(draw(st.integers(0, n - 1)))
            elif op == "move":
                t = hand.pop(draw(st.integers(0, n - 1)))
                hand.insert(draw(st.integers(0, n - 1)), t)
            elif op == "swap" and n > 1:
                i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
                hand[i], hand[j] = hand[j], hand[i]
        text = "".join(hand)
        if draw(st.integers(0, 19)) == 0:
            junk = draw(st.sampled_from(JUNK + ["cut"]))
            i = draw(st.integers(0, len(text)))
            if junk == "cut":
                text = text[:i] + text[i + 1 :]
            else:
                text = text[:i] + junk + text[i:]
        return text

    return build()


def corpus(rules: RuleSet, n: int) -> list[str]:
    """``n`` hands for ``rules``, the same ones on every run (derandomized),
    for batch runs in external engines."""
    out: list[str] = []

    @settings(
        max_examples=n,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(hands(rules))
    def collect(hand: str) -> None:
        out.append(hand)

    collect()
    return out
