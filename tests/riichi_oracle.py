"""The riichi oracle: the value of an arranged riichi hand (mpsz notation)
by the ``mahjong`` package's own yaku classes (mahjong 2.x, a test
dependency only), with nothing of mahjong_regex.

1. :func:`splits` splits the arranged hand into melds every way it can be
   split, contiguous in the string: chows (three consecutive ranks of one
   suit, ascending), pungs, kongs, pairs.  A split is 4 melds + 1 pair
   (kongs allowed), 7 different pairs, or thirteen orphans (14 single
   tiles: each terminal and honor, one of them twice); no tile more than 4
   times.  The arrangement fixes the splits: ``1m2m3m1m2m3m`` is two chows,
   ``1m1m2m2m3m3m`` three pairs.
2. :func:`split_yaku` evaluates on each split the yaku of a closed hand won
   by self-draw with no riichi, seat or round wind, with the classes of
   ``mahjong.hand_calculating.yaku_list`` (Tanyao, Iipeiko, Haku, Hatsu,
   Chun, Chiitoitsu, Toitoi, Sanankou, SanKantsu, Sanshoku, SanshokuDoukou,
   Ittsu, Chantai, Honroto, Shosangen, Junchan, Ryanpeikou, Honitsu,
   Chinitsu) and ``mahjong.hand_calculating.yaku_list.yakuman``
   (KokushiMusou, Suuankou, Daisangen, Shousuushii, DaiSuushii, Tsuuiisou,
   Chinroutou, Ryuuiisou, ChuurenPoutou, Suukantsu), called as the
   package's HandCalculator calls them (only where it calls them: the yaku
   of chows where the split holds a chow, those of pungs and kongs where it
   holds one): the split as 34-format tile lists,
   ``is_tsumo=True`` for Sanankou and Suuankou, every kong passed as a
   closed ``mahjong.meld.Meld`` KAN for SanKantsu, Suukantsu (and
   Sanankou's open-meld check, which finds none).  The thirteen-orphans
   split is 14 single tiles, on which Sanshoku and Ittsu (they read
   ``item[1]``) cannot be called; KokushiMusou reads the 34-format counts,
   and the other classes read the tile lists as they are.
3. :func:`oracle` values each split -- closed-hand han (:data:`HAN`), a
   yakuman 13 each and superseding every other yaku, ryanpeikou
   superseding iipeikou and chiitoitsu, junchan chanta, chinitsu honitsu --
   and takes the highest total.

Names are those of riichi.meld's ``score`` statements.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mahjong.hand_calculating.yaku_list import (
    Chantai,
    Chiitoitsu,
    Chinitsu,
    Chun,
    Haku,
    Hatsu,
    Honitsu,
    Honroto,
    Iipeiko,
    Ittsu,
    Junchan,
    Ryanpeikou,
    Sanankou,
    SanKantsu,
    Sanshoku,
    SanshokuDoukou,
    Shosangen,
    Tanyao,
    Toitoi,
)
from mahjong.hand_calculating.yaku_list.yakuman import (
    Chinroutou,
    ChuurenPoutou,
    Daisangen,
    DaiSuushii,
    KokushiMusou,
    Ryuuiisou,
    Shousuushii,
    Suuankou,
    Suukantsu,
    Tsuuiisou,
)
from mahjong.meld import Meld

#: 34-format index of rank 1 of each mpsz suit letter.
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
#: The thirteen terminals and honors (34-format).
ORPHANS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))

#: Closed-hand han of each yaku; the yakuman are worth 13 each.
HAN = {
    "tanyao": 1,
    "iipeikou": 1,
    "haku": 1,
    "hatsu": 1,
    "chun": 1,
    "chiitoitsu": 2,
    "toitoi": 2,
    "sanankou": 2,
    "sankantsu": 2,
    "sanshoku_doujun": 2,
    "sanshoku_doukou": 2,
    "ittsu": 2,
    "chanta": 2,
    "honroutou": 2,
    "shousangen": 2,
    "junchan": 3,
    "ryanpeikou": 3,
    "honitsu": 3,
    "chinitsu": 6,
}
YAKUMAN = (
    "kokushi",
    "suuankou",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "chinroutou",
    "ryuuiisou",
    "chuuren_poutou",
    "suukantsu",
)
#: What each yaku supersedes where both hold (a yakuman supersedes all but
#: the yakuman).
SUPERSEDES = {"ryanpeikou": ("iipeikou", "chiitoitsu"), "junchan": ("chanta",)}
SUPERSEDES["chinitsu"] = ("honitsu",)


def _simple(cls):
    """A check calling ``cls().is_condition_met(hand)``."""
    yaku = cls()
    return lambda hand, kans, counts: yaku.is_condition_met(hand)


def _tsumo(cls, with_melds: bool):
    """A check of a concealed-set yaku, won by self-draw (any winning tile)."""
    yaku = cls()
    if with_melds:
        return lambda hand, kans, counts: yaku.is_condition_met(hand, hand[0][0] * 4, kans, True)
    return lambda hand, kans, counts: yaku.is_condition_met(hand, hand[0][0] * 4, True)


def _kans(cls):
    """A check counting the kongs passed as closed KAN melds."""
    yaku = cls()
    return lambda hand, kans, counts: yaku.is_condition_met(hand, kans)


#: {name: check(hand as 34-format lists, kongs as Meld, 34-format counts)}.
CHECKS = {
    "tanyao": _simple(Tanyao),
    "iipeikou": _simple(Iipeiko),
    "haku": _simple(Haku),
    "hatsu": _simple(Hatsu),
    "chun": _simple(Chun),
    "chiitoitsu": _simple(Chiitoitsu),
    "toitoi": _simple(Toitoi),
    "sanankou": _tsumo(Sanankou, with_melds=True),
    "sankantsu": _kans(SanKantsu),
    "sanshoku_doujun": _simple(Sanshoku),
    "sanshoku_doukou": _simple(SanshokuDoukou),
    "ittsu": _simple(Ittsu),
    "chanta": _simple(Chantai),
    "honroutou": _simple(Honroto),
    "shousangen": _simple(Shosangen),
    "junchan": _simple(Junchan),
    "ryanpeikou": _simple(Ryanpeikou),
    "honitsu": _simple(Honitsu),
    "chinitsu": _simple(Chinitsu),
    "kokushi": lambda hand, kans, counts: KokushiMusou().is_condition_met(None, counts),
    "suuankou": _tsumo(Suuankou, with_melds=False),
    "daisangen": _simple(Daisangen),
    "shousuushii": _simple(Shousuushii),
    "daisuushii": _simple(DaiSuushii),
    "tsuuiisou": _simple(Tsuuiisou),
    "chinroutou": _simple(Chinroutou),
    "ryuuiisou": _simple(Ryuuiisou),
    "chuuren_poutou": _simple(ChuurenPoutou),
    "suukantsu": _kans(Suukantsu),
}
#: The checks that read a set's second tile, not callable on single tiles.
SETS_ONLY = frozenset({"sanshoku_doujun", "ittsu"})


@dataclass(frozen=True)
class OracleScore:
    """The oracle's value of a winning hand: ``total`` and ``names`` (sorted)
    of one highest-scoring split, ``best`` the sorted names of every
    highest-scoring split, and ``ranks`` the distinct (yakuman total, han
    total) of all winning splits, highest first."""

    total: int
    names: tuple[str, ...]
    best: frozenset[tuple[str, ...]]
    ranks: tuple[tuple[int, int], ...]


def tiles34(hand: str) -> list[int]:
    """The 34-format tiles of an mpsz hand string (``1m``…``9m``, ``1p``…,
    ``1s``…, ``1z``…``7z``), in order.  Raises ValueError for anything
    else."""
    if len(hand) % 2:
        raise ValueError(f"not an mpsz hand: {hand!r}")
    out = []
    for i in range(0, len(hand), 2):
        rank, suit = hand[i], hand[i + 1]
        top = 7 if suit == "z" else 9
        if suit not in SUIT_BASE or not rank.isdigit() or not 1 <= int(rank) <= top:
            raise ValueError(f"not an mpsz tile: {hand[i:i + 2]!r}")
        out.append(SUIT_BASE[suit] + int(rank) - 1)
    return out


def groups(tiles: list[int], pos: int = 0):
    """Every way to cut ``tiles[pos:]`` into contiguous melds (chow, pung,
    kong, pair), at most 7: yields lists of 34-format tile lists."""
    if pos == len(tiles):
        yield []
        return
    t = tiles[pos]
    heads = []
    for size in (2, 3, 4):
        if tiles[pos : pos + size] == [t] * size:
            heads.append([t] * size)
    if t < 27 and t % 9 <= 6 and tiles[pos : pos + 3] == [t, t + 1, t + 2]:
        heads.append([t, t + 1, t + 2])
    for head in heads:
        for rest in groups(tiles, pos + len(head)):
            if len(rest) < 7:
                yield [head] + rest


def splits(hand: str) -> list[tuple[str, list[list[int]]]]:
    """Every winning split of an mpsz hand: (``"standard"``,
    ``"seven_pairs"`` or ``"thirteen_orphans"``, the melds as 34-format
    lists in hand order); empty for a hand that does not win."""
    tiles = tiles34(hand)
    counts = Counter(tiles)
    if max(counts.values()) > 4:
        return []
    out = []
    for melds in groups(tiles):
        pairs = [m for m in melds if len(m) == 2]
        if len(melds) == 5 and len(pairs) == 1:
            out.append(("standard", melds))
        elif len(melds) == 7 and len(pairs) == 7 and len({m[0] for m in pairs}) == 7:
            out.append(("seven_pairs", melds))
    if len(tiles) == 14 and set(tiles) == ORPHANS:
        out.append(("thirteen_orphans", [[t] for t in tiles]))
    return out


#: The yaku HandCalculator looks for only where the split holds a chow, and
#: only where it holds a pung or kong (mahjong 2.x, HandCalculator
#: ``estimate_hand_value``): on seven pairs it never calls them.
NEEDS_CHOW = frozenset({"chanta", "junchan", "ittsu", "iipeikou", "ryanpeikou", "sanshoku_doujun"})
NEEDS_SET = frozenset(
    {"toitoi", "sanankou", "sanshoku_doukou", "shousangen", "haku", "hatsu", "chun"}
    | {"daisangen", "shousuushii", "daisuushii"}
)


def split_yaku(shape: str, melds: list[list[int]], counts: list[int]) -> set[str]:
    """The yaku that hold on one split (before supersession), each class
    called only where HandCalculator calls it (:data:`NEEDS_CHOW`,
    :data:`NEEDS_SET`); ``counts`` is the hand's 34-format tile counts."""
    kans = [
        Meld(Meld.KAN, tiles=[m[0] * 4 + k for k in range(4)], opened=False)
        for m in melds
        if len(m) == 4
    ]
    chows = any(len(m) == 3 and m[0] != m[1] for m in melds)
    sets = any(len(m) >= 3 and m[0] == m[1] for m in melds)
    skip = (SETS_ONLY if shape == "thirteen_orphans" else frozenset()) | (
        frozenset() if chows else NEEDS_CHOW
    )
    skip |= frozenset() if sets else NEEDS_SET
    return {
        name for name, check in CHECKS.items() if name not in skip and check(melds, kans, counts)
    }


def value(held: set[str]) -> tuple[tuple[int, int], tuple[str, ...]]:
    """((yakuman total, han total), sorted names) of the yaku that count
    among ``held``: the yakuman alone if any, else the han yaku less the
    superseded ones."""
    yakuman = sorted(n for n in held if n in YAKUMAN)
    if yakuman:
        return (13 * len(yakuman), 0), tuple(yakuman)
    dropped = {x for n in held for x in SUPERSEDES.get(n, ())}
    names = tuple(sorted(held - dropped))
    return (0, sum(HAN[n] for n in names)), names


def oracle(hand: str) -> OracleScore | None:
    """The oracle's value of an mpsz hand (see the module docstring); None
    when the hand does not win.  Raises ValueError for a string that is not
    mpsz tiles."""
    found = splits(hand)
    if not found:
        return None
    tiles = tiles34(hand)
    counts = [tiles.count(i) for i in range(34)]
    valued = [value(split_yaku(shape, melds, counts)) for shape, melds in found]
    top = max(rank for rank, _ in valued)
    best = [names for rank, names in valued if rank == top]
    ranks = tuple(sorted({rank for rank, _ in valued}, reverse=True))
    return OracleScore(top[0] or top[1], best[0], frozenset(best), ranks)
