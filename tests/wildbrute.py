"""A slow second reference for hands with wild tiles: try every tile each
wild may stand for, write the hand with those tiles in the wilds' places,
and ask the plain evaluator (no wild tiles) whether that hand wins.

It shares with :mod:`mahjong_regex.reference.wild_search` only the checked
rule set and the plain evaluator; it is exponential in the number of wild
tiles held, so the tests give it hands with few."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

from mahjong_regex import Evaluator, HandError, RuleSet
from mahjong_regex.reference.evaluator import tile_constraint_holds
from mahjong_regex.ruleset.model import compare, successors


def parse(rules: RuleSet, hand: str):
    """(turned tile index or None, held tile indices), or None when ``hand``
    is not a hand of ``rules`` (no ``TURNED|`` where one is needed, a turned
    tile that may not be turned, a string that is not tile names)."""
    turned = None
    try:
        if rules.indicator is not None:
            head, bar, hand = hand.partition("|")
            heads = rules.alphabet.tokenize(head) if head else ()
            if not bar or len(heads) != 1 or heads[0].index not in rules.indicator.tiles:
                return None
            turned = heads[0].index
        return turned, tuple(t.index for t in rules.alphabet.tokenize(hand))
    except HandError:
        return None


def stand_ins(rules: RuleSet, turned):
    """{wild tile: the tiles it may stand for, itself included}, {proxy:
    the one tile it plays}."""
    nexts = successors(rules.alphabet)
    wild: dict[int, set[int]] = {}
    proxy: dict[int, int] = {}
    for w in rules.wilds:
        targets = w.domain.resolve(turned, nexts)
        for t in w.tiles.resolve(turned, nexts):
            if w.proxy:
                proxy[t] = min(targets)
            else:
                wild.setdefault(t, {t}).update(targets)
    return wild, {p: t for p, t in proxy.items() if p not in wild}


def brute_wins(rules: RuleSet, hand: str, most: int = 3) -> bool | None:
    """Does ``hand`` win under ``rules``?  None when it holds more than
    ``most`` wild tiles (too many to try)."""
    parsed = parse(rules, hand)
    if parsed is None:
        return False
    turned, held = parsed
    counts = Counter(held)
    if turned is not None:
        counts[turned] += 1
    if any(n > (1 if rules.alphabet.tiles[i].flower else 4) for i, n in counts.items()):
        return False
    wild, proxy = stand_ins(rules, turned)
    if sum(1 for h in held if h in wild) > most:
        return None
    choices = [sorted(wild[h]) if h in wild else [proxy[h]] if h in proxy else [h] for h in held]
    names = [t.name for t in rules.alphabet.tiles]
    for stood in product(*choices):
        subs = sum(1 for h, s in zip(held, stood) if h in wild and h != s)
        plain = variant(rules, kept(rules, turned, Counter(held), subs))
        if plain is not None and plain.wins("".join(names[i] for i in stood)):
            return True
    return False


def special(c) -> bool:
    """Is ``c`` a condition the plain evaluator cannot check (``held``,
    ``substitutes``)?"""
    return c.held or c.kind == "substitutes"


def kept(rules: RuleSet, turned, held: Counter, subs: int) -> tuple[str, ...]:
    """The shapes whose ``held`` and ``substitutes`` conditions (the win's
    and their own) hold for this choice of stand-ins."""
    nexts = successors(rules.alphabet)

    def settled(c) -> bool:
        if c.kind == "substitutes":
            return compare(subs, c.op, c.value)
        tiles = replace(c.tiles, tiles=c.tiles.resolve(turned, nexts), dynamic=frozenset())
        return tile_constraint_holds(replace(c, tiles=tiles), held, rules)

    if not all(settled(c) for c in rules.where if special(c)):
        return ()
    return tuple(s.name for s in rules.shapes if all(settled(c) for c in s.where if special(c)))


_VARIANTS: dict = {}


def variant(rules: RuleSet, shapes: tuple[str, ...]) -> Evaluator | None:
    """The plain evaluator of ``rules`` with no wild tiles, only the shapes
    named, and no ``held`` or ``substitutes`` conditions; None when no
    shape is named."""
    if not shapes:
        return None
    key = (id(rules), shapes)
    if key not in _VARIANTS:
        keep = lambda cs: tuple(c for c in cs if not special(c))  # noqa: E731
        plain = replace(
            rules,
            wilds=(),
            indicator=None,
            shapes=tuple(replace(s, where=keep(s.where)) for s in rules.shapes if s.name in shapes),
            where=keep(rules.where),
        )
        _VARIANTS[key] = (rules, Evaluator(plain))
    return _VARIANTS[key][1]
