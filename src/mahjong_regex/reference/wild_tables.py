"""The reference evaluator for rule sets with wild tiles (赖子, 百搭, 财神, 混儿, 鬼牌).

A wild tile stands, in the arranged hand, at the place of the tile it stands
for: in a chow the other tiles keep their ascending places, in a pung, kong
or pair it may stand anywhere; it may also stand for itself.  A hand wins
when *some* choice of what each wild stands for, and some split, satisfies
every rule: tile conditions see the tiles stood for, ``held`` conditions the
tiles held, ``substitutes`` counts the wilds standing for another tile.  A
rule set with wild tiles also has the physical limit: no tile held more than
4 times (a turned indicator counts), no flower twice.

The search splits the hand left to right, keeping per prefix the kind
counts, the tiles stood for and the substitutes so far; a meld made only of
wild tiles is kept open and given a tile at the end, when the constraints
are checked (so its many choices are tried only there).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..diagnostics import HandError
from ..ruleset.model import RuleSet, TileClass, successors


@dataclass(frozen=True)
class WildMeld:
    """One meld of a split: its kind, the tiles held (names) and the tiles
    they stand for (names); printed ``三万[中=四万]五万``."""

    kind: str
    tiles: tuple[str, ...]
    stands: tuple[str, ...]

    def __str__(self) -> str:
        parts = [h if h == s else f"[{h}={s}]" for h, s in zip(self.tiles, self.stands)]
        return f"{self.kind} {''.join(parts)}"


@dataclass(frozen=True)
class Table:
    """What the wild tiles are for one hand: ``domain[i]`` the tiles wild
    tile i may stand for (itself included); ``proxy[i]`` the one tile proxy i
    stands for; ``indicator`` the turned tile (index) or None."""

    domain: dict[int, frozenset[int]]
    proxy: dict[int, int]
    indicator: int | None

    def stands(self, held: int, tile: int) -> int | None:
        """0 when ``held`` may stand at the place of ``tile`` as itself (or
        as the tile a proxy plays), 1 when as a substitute, None when not."""
        if held in self.domain:
            return 0 if held == tile else 1 if tile in self.domain[held] else None
        if held in self.proxy:
            return 0 if self.proxy[held] == tile else None
        return 0 if held == tile else None

    def free(self, held: int) -> bool:
        """Is ``held`` a wild tile (its place fixes nothing by itself)?"""
        return held in self.domain


def resolve_table(rules: RuleSet, indicator: int | None) -> Table:
    """The :class:`Table` of ``rules`` for a hand with this turned tile."""
    nexts = successors(rules.alphabet)
    domain: dict[int, set[int]] = {}
    proxy: dict[int, int] = {}
    for w in rules.wilds:
        tiles = w.tiles.resolve(indicator, nexts)
        targets = w.domain.resolve(indicator, nexts)
        for t in tiles:
            if w.proxy:
                proxy[t] = next(iter(targets))
            else:
                domain.setdefault(t, set()).update(targets)
    return Table({t: frozenset(d) for t, d in domain.items()}, proxy, indicator)


def resolved(c, table: Table, rules: RuleSet):
    """Constraint ``c`` with its classes made static for this hand."""
    nexts = successors(rules.alphabet)
    if c.parts:
        return replace(c, parts=tuple(resolved(p, table, rules) for p in c.parts))
    if c.tiles is not None and c.tiles.dynamic:
        tiles = TileClass(c.tiles.resolve(table.indicator, nexts), c.tiles.text)
        return replace(c, tiles=tiles)
    return c


def split_turned(rules: RuleSet, hand: str):
    """(turned tile index or None, the hand's tiles) for a hand string,
    ``TURNED|HAND`` when the rule set has an indicator.

    Raises :class:`~mahjong_regex.diagnostics.HandError`, its position
    counted in the whole string: no ``|``, no turned tile or more than one,
    a tile that is never turned, no tile after ``|``, or a character that
    starts no tile name."""
    alphabet = rules.alphabet
    if rules.indicator is None or not hand:
        try:
            return None, alphabet.tokenize(hand)
        except HandError as e:
            if rules.turned is None or e.char != "|" or e.prefix:
                raise
            fixed = "the turned tile is fixed (--indicator): the hand is written without TURNED|"
            raise replace(e, message=f"'|' is not the start of a tile name; {fixed}") from None
    if "|" not in hand:
        raise HandError(
            0,
            hand[:1],
            message="no '|': the hand starts with the turned tile and '|' (TURNED|HAND)",
        )
    head, rest = hand.split("|", 1)
    turned = alphabet.tokenize(head) if head else ()
    if len(turned) != 1:
        what = "no turned tile" if not turned else f"{len(turned)} tiles '{head}'"
        raise HandError(0, head[:1] or "|", message=f"{what} before '|': one tile is turned")
    if turned[0].index not in rules.indicator.tiles:
        raise HandError(
            0, head[:1], message=f"'{head}' is never turned ({turnable(rules)} is turned)"
        )
    if not rest:
        raise HandError(len(head) + 1, "", message="no tiles after the turned tile and '|'")
    try:
        tiles = alphabet.tokenize(rest)
    except HandError as e:
        raise replace(e, position=e.position + len(head) + 1) from None
    return turned[0].index, tiles


def turnable(rules: RuleSet) -> str:
    """The tiles that may be turned, in words: "a suited tile" (the
    ``indicator of`` class), "a tile of m" (a class whose name is no
    adjective, such as a suit's), or "any tile but a flower"."""
    text = rules.indicator.text
    if text.startswith("indicator"):
        return "any tile but a flower"
    words = ("suited", "honor", "terminal", "simple", "flower")
    return f"a {text} tile" if text in words else f"a tile of {text}"


def physical_excess(rules: RuleSet, tiles, indicator: int | None) -> str | None:
    """The physical limit broken, in words, or None: a tile held more than 4
    times (the turned tile counts, also one fixed by
    :meth:`~mahjong_regex.ruleset.model.RuleSet.with_indicator`), a flower
    twice.  Always None for a
    relaxed rule set that left the limit out (``rules.physical_limit``)."""
    if not rules.physical_limit:
        return None
    counts = Counter(t.index for t in tiles)
    if indicator is None:
        indicator = rules.turned
    if indicator is not None:
        counts[indicator] += 1
    for i, n in sorted(counts.items()):
        tile = rules.alphabet.tiles[i]
        limit = 1 if tile.flower else 4
        if n > limit:
            turned = " (the turned tile counts)" if i == indicator else ""
            return f"{n} {tile.name} held, more than there are{turned}"
    return None
