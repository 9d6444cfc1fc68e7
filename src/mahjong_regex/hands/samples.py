"""Arranged hands near the win/no-win boundary, for tests and benchmarks.

A hand is built as a valid shape of the rule set -- melds of allowed kinds,
in any order -- and then changed a little: a meld dropped, added, doubled
or swapped; a tile changed, dropped, added, moved or swapped; or, rarely,
the string itself damaged (a stray character, half a tile, a space, a
newline).  The choices come from a :class:`Chooser`, so the same recipe
serves hypothesis (tests/hands.py) and a seeded ``random.Random``
(:func:`random_hands`, used by the benchmark).

A rule set with wild tiles gets more (:func:`wild_hand`): the turned tile
first, when there is one (every tile that may be turned, sometimes one held
four times already, or a bad prefix); then tiles of the built melds replaced
by wild tiles at every place (first, middle or last of a chow, anywhere in
a pung or pair; chows are picked more often), melds of wild tiles standing for themselves (and 白 as the
财神's face), melds made of wild tiles only, fifth copies made with a wild
or held, tiles that no meld takes, and three or four wilds at once.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol, Sequence, TypeVar

from ..reference.wild_tables import Table, resolve_table
from ..ruleset.model import RuleSet

T = TypeVar("T")

#: Strings that may be spliced into a hand to damage it.
JUNK = ("", " ", "\n", "\r\n", "x", "#", "\t", "赖子")


class Chooser(Protocol):
    """Where the random choices come from."""

    def element(self, options: Sequence[T]) -> T: ...

    def integer(self, lo: int, hi: int) -> int:
        """An int in [lo, hi]."""

    def permutation(self, items: list[T]) -> list[T]: ...


class RandomChooser:
    """A :class:`Chooser` over ``random.Random(seed)``, or over ``rng`` (a
    ``random.Random``) when given."""

    def __init__(self, seed: int = 0, rng: random.Random | None = None):
        self.rng = rng or random.Random(seed)

    def element(self, options):
        return options[self.rng.randrange(len(options))]

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def permutation(self, items):
        out = list(items)
        self.rng.shuffle(out)
        return out


def meld_instances(rules: RuleSet) -> dict[str, list[list[str]]]:
    """Every meld each kind can be, as lists of tile names."""
    names = [t.name for t in rules.alphabet.tiles]
    return {
        k.name: [[names[i] for i in inst] for inst in k.instances(rules.alphabet)]
        for k in rules.kinds.values()
    }


def change_meld(choose: Chooser, melds: list[list[str]], instances) -> None:
    """One change of a list of melds (tile-name lists), in place: a meld
    dropped, added (any kind of ``instances``, see :func:`meld_instances`),
    doubled, or swapped with the next."""
    op = choose.element(("drop", "add", "double", "swap"))
    if op == "drop" and melds:
        melds.pop(choose.integer(0, len(melds) - 1))
    elif op == "add":
        kind = choose.element(list(instances))
        melds.insert(choose.integer(0, len(melds)), list(choose.element(instances[kind])))
    elif op == "double" and melds:
        i = choose.integer(0, len(melds) - 1)
        melds.insert(i, list(melds[i]))
    elif op == "swap" and len(melds) > 1:
        i = choose.integer(0, len(melds) - 2)
        melds[i], melds[i + 1] = melds[i + 1], melds[i]


def change_tile(choose: Chooser, hand: list[str], tiles: Sequence[str]) -> None:
    """One change of a list of tile names, in place: a tile changed,
    dropped, added (one of ``tiles``), moved, or swapped with another."""
    op = choose.element(("change", "drop", "add", "move", "swap"))
    n = len(hand)
    if op == "add" or n == 0:
        hand.insert(choose.integer(0, n), choose.element(tiles))
    elif op == "change":
        hand[choose.integer(0, n - 1)] = choose.element(tiles)
    elif op == "drop":
        hand.pop(choose.integer(0, n - 1))
    elif op == "move":
        t = hand.pop(choose.integer(0, n - 1))
        hand.insert(choose.integer(0, n - 1), t)
    elif op == "swap" and n > 1:
        i, j = choose.integer(0, n - 1), choose.integer(0, n - 1)
        hand[i], hand[j] = hand[j], hand[i]


def near_boundary(rules: RuleSet, choose: Chooser, instances=None) -> str:
    """One hand string for ``rules`` (see the module docstring); for a rule
    set with wild tiles, see :func:`wild_hand`.

    ``instances`` is :func:`meld_instances` of ``rules`` (computed when
    None)."""
    instances = instances or meld_instances(rules)
    if rules.has_wilds:
        return wild_hand(rules, choose, instances)
    tiles = [t.name for t in rules.alphabet.tiles]
    melds = [m for _, m in shape_melds(rules, choose, instances)]
    hand = [t for m in change_melds(choose, melds, instances) for t in m]
    return damage(choose, "".join(change_tiles(choose, hand, tiles)))


def shape_melds(rules: RuleSet, choose: Chooser, instances) -> list[tuple[str, list[str]]]:
    """The melds of one hand shape, in a random order, as (kind, tiles)."""
    shape = choose.element(rules.shapes)
    melds: list[tuple[str, list[str]]] = []
    for count, kinds in shape.slots:
        for _ in range(count):
            kind = choose.element(kinds)
            melds.append((kind, list(choose.element(instances[kind]))))
    return choose.permutation(melds)


def change_melds(choose: Chooser, melds: list[list[str]], instances) -> list[list[str]]:
    """0 to 2 changes to whole melds: drop, add, double or swap (in place)."""
    for _ in range(choose.integer(0, 2)):
        change_meld(choose, melds, instances)
    return melds


def change_tiles(choose: Chooser, hand: list[str], tiles: Sequence[str]) -> list[str]:
    """0 to 2 changes to single tiles: change, drop, add, move or swap (in
    place); ``tiles`` are the names to draw from."""
    for _ in range(choose.integer(0, 2)):
        change_tile(choose, hand, tiles)
    return hand


def damage(choose: Chooser, text: str) -> str:
    """Rarely (1 in 20), the string damaged: a :data:`JUNK` string spliced
    in, or one character cut."""
    if choose.integer(0, 19) == 0:
        junk = choose.element(JUNK + ("cut",))
        i = choose.integer(0, len(text))
        text = text[:i] + text[i + 1 :] if junk == "cut" else text[:i] + junk + text[i:]
    return text


#: The changes a hand with wild tiles gets, 0 to 3 of them (see :func:`wild_hand`).
WILD_OPS = ("replace",) * 3 + ("chow",) * 2 + ("self", "self", "fifth", "physical")
WILD_OPS += ("loose", "many", "open")


class WildKit:
    """What the wild changes of one hand draw from: the names of the wild
    tiles (``wilds``), the proxies (``proxies``: name -> the name it plays),
    what may stand at each tile's place as another tile (:meth:`stand_ins`),
    the melds of each kind holding a wild or a proxy's tile (``selfs``), and
    the tiles no meld holds (``loose``)."""

    def __init__(self, rules: RuleSet, table: Table, instances: dict[str, list[list[str]]]):
        names = [t.name for t in rules.alphabet.tiles]
        self.table = table
        self.turned = [] if table.indicator is None else [names[table.indicator]]
        self.index = {n: i for i, n in enumerate(names)}
        self.wilds = [names[i] for i in sorted(table.domain)]
        self.proxies = {names[p]: names[t] for p, t in table.proxy.items() if p not in table.domain}
        own = set(self.wilds) | set(self.proxies.values())
        self.selfs = {k: [m for m in ms if own & set(m)] for k, ms in instances.items()}
        used = {t for ms in instances.values() for m in ms for t in m}
        self.loose = [n for n in names if n not in used] or self.wilds
        self.limit = {t.name: 1 if t.flower else 4 for t in rules.alphabet.tiles}
        self.runs = {k.name for k in rules.kinds.values() if k.form == "run"}

    def stand_ins(self, tile: str) -> list[str]:
        """The wild tiles and proxies that may stand at ``tile``'s place as
        another tile (every wild tile when none may)."""
        i = self.index[tile]
        out = [w for w in self.wilds if w != tile and i in self.table.domain[self.index[w]]]
        out += [p for p, t in self.proxies.items() if t == tile]
        return out or self.wilds

    def spare(self, options: list[str], melds: list) -> list[str]:
        """Those of ``options`` the hand ``melds`` and the turned tile hold
        fewer times than there are (all of them when there is none)."""
        held = Counter([t for _, m in melds for t in m] + self.turned)
        return [w for w in options if held[w] < self.limit[w]] or options


def wild_hand(rules: RuleSet, choose: Chooser, instances) -> str:
    """One hand string for a rule set with wild tiles (see the module
    docstring): ``TURNED|HAND`` when the rule set has an indicator."""
    turned = None
    if rules.indicator is not None:
        turned = choose.element(sorted(rules.indicator.tiles))
    kit = WildKit(rules, resolve_table(rules, turned), instances)
    melds = fitted_melds(rules, choose, instances)
    for _ in range(choose.integer(0, 3)):
        wild_change(choose, melds, kit, instances, choose.element(WILD_OPS))
    tiles = [t.name for t in rules.alphabet.tiles]
    plain = [m for _, m in melds]
    hand = [t for m in plain for t in m]
    if choose.integer(0, 1):
        plain = change_melds(choose, plain, instances)
        hand = change_tiles(choose, [t for m in plain for t in m], tiles)
    text = damage(choose, "".join(hand))
    if turned is None:
        return text
    return turned_prefix(rules, choose, rules.alphabet.tiles[turned].name, hand, text)


def fitted_melds(rules: RuleSet, choose: Chooser, instances) -> list[tuple[str, list[str]]]:
    """The melds of one hand shape, as (kind, tiles), in a random order,
    drawn so that the shape's plain tile conditions can hold: only tiles of
    its ``only`` classes, one suit under ``suits == 1``; a shape of single
    tiles takes different tiles while it can (thirteen orphans)."""
    shape = choose.element(rules.shapes)
    allowed = set(range(len(rules.alphabet.tiles)))
    for c in rules.where + shape.where:
        if c.kind == "only" and not c.held:
            allowed &= c.tiles.tiles
        elif c.kind == "suit_count" and c.op in ("<=", "==") and c.value == 1:
            suit = choose.element(rules.alphabet.suits)
            allowed &= {t.index for t in rules.alphabet.suit_tiles(suit)}
    names = {rules.alphabet.tiles[i].name for i in allowed}
    fit = {k: [m for m in ms if names.issuperset(m)] or ms for k, ms in instances.items()}
    melds: list[tuple[str, list[str]]] = []
    for count, kinds in shape.slots:
        singles = [m for k in kinds for m in fit[k] if len(m) == 1]
        if len(singles) == sum(len(fit[k]) for k in kinds):
            order = choose.permutation(singles)
            melds += [(kinds[0], list(order[n % len(order)])) for n in range(count)]
            continue
        for _ in range(count):
            kind = choose.element(kinds)
            melds.append((kind, list(choose.element(fit[kind]))))
    return choose.permutation(melds)


def wild_change(choose: Chooser, melds: list, kit: WildKit, instances, op: str) -> None:
    """One wild change ``op`` (of :data:`WILD_OPS`) to ``melds``, a list of
    (kind, tiles), in place."""
    if not melds or not kit.wilds:
        return
    runs = [j for j, (k, _) in enumerate(melds) if k in kit.runs]
    i = choose.element(runs) if op == "chow" and runs else choose.integer(0, len(melds) - 1)
    kind, meld = melds[i]
    p = choose.integer(0, len(meld) - 1)
    if op in ("replace", "chow"):
        meld[p] = choose.element(kit.spare(kit.stand_ins(meld[p]), melds))
    elif op == "self" and not kit.selfs.get(kind):
        wild_change(choose, melds, kit, instances, "open")
    elif op == "self":
        new = list(choose.element(kit.selfs[kind]))
        for q, t in enumerate(new):
            face = [x for x, y in kit.proxies.items() if y == t]
            if face and choose.integer(0, 1):
                new[q] = face[0]
        melds[i] = (kind, new)
    elif op in ("fifth", "physical"):
        copies(choose, melds, kit, i, p, op)
    elif op == "loose":
        meld[p] = choose.element(kit.loose)
    elif op == "many":
        for _ in range(choose.integer(2, 4)):
            _, m = melds[choose.integer(0, len(melds) - 1)]
            m[choose.integer(0, len(m) - 1)] = choose.element(kit.spare(kit.wilds, melds))
    elif op == "open":
        for q in range(len(meld)):
            meld[q] = ""  # not held while its stand-in is drawn
            meld[q] = choose.element(kit.spare(kit.wilds, melds))


def copies(choose: Chooser, melds: list, kit: WildKit, i: int, p: int, op: str) -> None:
    """Copies past the limit: ``fifth`` puts a wild at place ``p`` of meld
    ``i`` and makes its tile held four times (a pung or kong of it in
    another meld); ``physical`` makes another meld all copies of that tile
    (often five or more held, or a flower twice)."""
    tile = melds[i][1][p]
    if op == "fifth":
        melds[i][1][p] = choose.element(kit.stand_ins(tile))
    others = [j for j in range(len(melds)) if j != i]
    if not others:
        return
    j = choose.element(others)
    if op == "fifth":
        held = sum(m.count(tile) for q, (_, m) in enumerate(melds) if q != j)
        melds[j] = (melds[j][0], [tile] * max(3, min(4, 4 - held)))
    else:
        melds[j] = (melds[j][0], [tile] * len(melds[j][1]))


def turned_prefix(rules: RuleSet, choose: Chooser, turned: str, hand: list[str], text: str) -> str:
    """``TURNED|`` before ``text`` (the string of the tiles ``hand``, maybe
    damaged); 3 in 25 times the turned tile is instead one ``hand`` holds
    most, when that is three or four times; 1 in 25 the prefix is bad:
    missing, empty, two tiles, no ``|``, or a tile that is never turned."""
    r = choose.integer(0, 24)
    if r == 24:
        names = [t.name for t in rules.alphabet.tiles]
        never = [names[i] for i in range(len(names)) if i not in rules.indicator.tiles]
        bad = choose.element(("none", "empty", "two", "bar", "never"))
        if bad == "none":
            return text
        if bad == "empty":
            return "|" + text
        if bad == "two":
            return turned + choose.element(names) + "|" + text
        if bad == "bar":
            return turned + text
        return (choose.element(never) if never else "x") + "|" + text
    if r >= 21:
        counts = Counter(t for t in hand if turnable(rules, t))
        most = max(counts.values(), default=0)
        if most >= 3:
            turned = choose.element(sorted(t for t, n in counts.items() if n == most))
    return turned + "|" + text


def turnable(rules: RuleSet, name: str) -> bool:
    """May tile ``name`` be the turned tile?"""
    return any(t.name == name and t.index in rules.indicator.tiles for t in rules.alphabet.tiles)


def random_hands(rules: RuleSet, n: int, seed: int = 0) -> list[str]:
    """``n`` hands near the boundary, the same for the same seed."""
    choose = RandomChooser(seed)
    instances = meld_instances(rules)
    return [near_boundary(rules, choose, instances) for _ in range(n)]


def crowded_wild_hands(rules: RuleSet, turned: str, tiles: Sequence[str]) -> dict[str, str]:
    """Short hands that make a backtracking engine try many splits of wild
    tiles: for each length from 14 to 22 tiles, the tile names ``tiles`` (a
    hand's, in order) repeated to that length with a wild tile at every third
    place, at every other place, and in place of every tile.  ``turned`` is
    the ``TURNED|`` prefix each hand starts with ("" without an indicator).

    Returns {description: hand string}; empty for a rule set without wild
    tiles.  Raises :class:`~mahjong_regex.diagnostics.HandError` if
    ``turned`` does not start with a tile name."""
    indicator = None
    if turned:
        indicator = rules.alphabet.tokenize(turned[:-1])[0].index
    table = resolve_table(rules, indicator)
    wild = sorted(table.domain) or sorted(table.proxy)
    if not wild:
        return {}
    w = rules.alphabet.tiles[wild[0]].name
    out = {}
    for length in range(14, 23):
        base = (list(tiles) * 2)[:length]
        every_third = "".join(w if i % 3 == 2 else t for i, t in enumerate(base))
        every_other = "".join(w if i % 2 else t for i, t in enumerate(base))
        out[f"{length} tiles, a wild tile every third"] = turned + every_third
        out[f"{length} tiles, a wild tile every other"] = turned + every_other
        out[f"{length} wild tiles"] = turned + w * length
    return out
