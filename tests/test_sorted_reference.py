"""The reference for sorted hands (``mahjong_regex.reference.multiset``):
the ``mahjong`` package's ``Agari.is_agari`` agrees with it on riichi
(``MAHJONG_AGARI_HANDS``, default 100,000 fourteen-tile hands near the
boundary); every arranged winning hand, sorted, wins; every winning sorted
hand comes with an arrangement the arranged evaluator accepts; a hand out of
canonical order is an error that shows the canonical form."""

from __future__ import annotations

import os
import random

import pytest
from conftest import RULE_SETS, evaluator, read_fixtures, rules

from mahjong_regex import HandError, load_rules
from mahjong_regex.hands.samples import random_hands
from mahjong_regex.reference.evaluator import Evaluator
from mahjong_regex.reference.multiset import (
    MultisetEvaluator,
    canonical_form,
    sort_hand,
)

AGARI_HANDS = int(os.environ.get("MAHJONG_AGARI_HANDS", "100000"))
#: Arranged hands per rule set whose sorted form is checked.
ARRANGED_HANDS = int(os.environ.get("MAHJONG_SORTED_HANDS", "1000"))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def riichi_counts(rng: random.Random) -> list[int]:
    """A 34-count array of 14 tiles, each at most 4 times: a winning shape
    (four melds and a pair, seven pairs, thirteen orphans, or four of a
    kind split between a pung and a chow), then 0 to 2 tiles changed."""
    c = [0] * 34
    family = rng.random()
    if family < 0.12:
        for t in rng.sample(range(34), 7):
            c[t] += 2
        if rng.random() < 0.3:  # seven pairs holding four of a kind
            t = rng.choice([i for i in range(34) if c[i]])
            u = rng.choice([i for i in range(34) if c[i] and i != t])
            c[t], c[u] = 4, 0
    elif family < 0.18:
        for t in ORPHANS:
            c[t] += 1
        c[rng.choice(ORPHANS)] += 1
    else:
        if family < 0.3:  # 1112345678999 + x in one suit
            s = 9 * rng.randrange(3)
            for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                c[s + r] += n
            c[rng.randrange(34)] += 1
        else:
            for _ in range(4):
                if rng.random() < 0.55:
                    s, k = rng.randrange(3), rng.randrange(7)
                    for i in range(3):
                        c[9 * s + k + i] += 1
                else:
                    c[rng.randrange(34)] += 3
            c[rng.randrange(34)] += 2
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        t = rng.choice([i for i in range(34) if c[i]])
        c[t] -= 1
        c[rng.randrange(34)] += 1
    return c if max(c) <= 4 else riichi_counts(rng)


def test_is_agari_agrees_on_riichi():
    agari = pytest.importorskip("mahjong.agari").Agari
    ms = MultisetEvaluator(rules("riichi"))
    names = [t.name for t in rules("riichi").alphabet.tiles]
    rng = random.Random(23)
    wins = disagree = 0
    memo: dict[tuple, bool] = {}
    for _ in range(AGARI_HANDS):
        c = riichi_counts(rng)
        key = tuple(c)
        if key not in memo:
            memo[key] = ms.wins("".join(names[i] * n for i, n in enumerate(c)))
        want = agari.is_agari(c)
        wins += want
        if memo[key] != want:
            disagree += 1
            assert disagree < 5, f"{c}: is_agari {want}, reference {memo[key]}"
    assert disagree == 0
    assert wins > AGARI_HANDS // 4  # near the boundary: many of each


@pytest.mark.parametrize("name", RULE_SETS)
def test_arranged_wins_stay_wins_and_arrangements_are_accepted(name):
    r = rules(name)
    ms, ev = MultisetEvaluator(r), evaluator(name)
    hands = [h for _, h, _, _ in read_fixtures(name)]
    hands += random_hands(r, ARRANGED_HANDS, seed=5)
    checked = won = 0
    for hand in hands:
        try:
            sorted_hand = sort_hand(r, hand)
        except HandError:
            continue
        v = ms.evaluate(sorted_hand)
        assert v.error is None, (hand, v.reason)
        checked += 1
        if ev.wins(hand):
            assert v.win, f"{hand} wins arranged; sorted {sorted_hand}: {v.reason}"
        if v.win:
            won += 1
            assert ev.wins(v.arranged), f"{sorted_hand}: {v.arranged} ({v.explain()})"
            assert sort_hand(r, v.arranged) == sorted_hand
    assert checked > 0.8 * len(hands) and won > 0


def test_canonical_order_follows_the_tiles_block():
    r = rules("harbin")  # suits 条 筒 万, then 红中
    names = {t.name: t.index for t in r.alphabet.tiles}
    order = ["红中", "幺万", "一筒", "九条", "幺鸡"]
    assert canonical_form(r, [names[n] for n in order]) == "幺鸡九条一筒幺万红中"
    assert sort_hand(rules("tianjin"), "五万|东一万") == "五万|一万东"


@pytest.mark.parametrize(
    "name, hand, canonical",
    [
        ("riichi", "2m1m3m4m5m6m7m8m9m1p1p1p5z5z", "1m2m3m4m5m6m7m8m9m1p1p1p5z5z"),
        ("harbin", "幺万幺万幺万幺鸡二条三条", "幺鸡二条三条幺万幺万幺万"),
        ("wuhan", "五万|二万一万", "五万|一万二万"),
    ],
)
def test_out_of_order_is_an_error_showing_the_canonical_form(name, hand, canonical):
    v = MultisetEvaluator(rules(name)).evaluate(hand)
    assert not v.win and v.error is not None
    assert canonical in str(v.error) and v.canonical == canonical


def test_a_win_shows_one_arrangement_with_what_wild_tiles_stand_for():
    ms = MultisetEvaluator(rules("hongzhong"))
    v = ms.evaluate("一万二万三万四万五万六万七筒八筒九筒一条一条五条五条中")
    assert v.win and v.shape == "standard"
    assert "[中=" in v.explain()
    assert evaluator("hongzhong").wins(v.arranged)
    loss = ms.evaluate("一万二万三万四万五万六万七筒八筒九筒一条三条五条七条中")
    assert not loss.win and "no split fits" in loss.reason


#: Wild tiles left over form melds of their own, and which tiles those
#: stand for matters: here two stand for 二万三万 (a run of 2) and two for
#: 一万一万, as 一万二万 would take a third 一万.  The search once tried one
#: run of wild tiles per "kind of place" (classes, copies stood for), saw
#: 一万 and 二万 as alike (no rule names terminals), and said no.
WILD_ONLY_MELDS = """ruleset wild_only_melds
tiles {
  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m
  honor dragon: 7z
}
wild 7z
meld two = run 2
meld tpair = same 2 of terminal
hand h = two + 2 * tpair
win h where each tile <= 2
"""


@pytest.mark.parametrize(
    "hand, win",
    [
        ("9m9m7z7z7z7z", True),  # 99m, [11m], [23m]
        ("7z7z7z7z7z7z", False),  # six 7z: more than there are
        ("1m1m9m9m7z7z", True),
        ("1m1m1m9m9m7z", False),  # 111m and a pair: a third 1m
    ],
)
def test_wild_tiles_left_over_stand_for_the_tiles_that_fit(hand, win, tmp_path):
    path = tmp_path / "wild_only_melds.meld"
    path.write_text(WILD_ONLY_MELDS, encoding="utf-8")
    r = load_rules(str(path))
    v = MultisetEvaluator(r).evaluate(hand)
    assert v.win is win
    if win:
        assert Evaluator(r).evaluate(v.arranged).win


@pytest.mark.parametrize(
    "name, hand",
    [
        ("riichi", "1m1m1m1m1m2m3m4m5m5m5m7m8m9m"),  # 111m 11m 234m 555m 789m, a fifth 1m
        ("harbin", "幺鸡二条三条四条五条六条七条八条九条九条九条九条五条五条"),  # one suit
    ],
)
def test_a_tile_rule_broken_by_the_tiles_is_the_reason_as_arranged(name, hand):
    """Without wild tiles every arrangement holds the same tiles: a broken
    tile-level rule of the win is the reason, as the arranged reference
    gives it, not "no split fits"."""
    r = rules(name)
    want = evaluator(name).evaluate(hand)
    got = MultisetEvaluator(r).evaluate(sort_hand(r, hand))
    assert not want.win and want.reason.startswith("breaks line")
    assert not got.win and got.reason == want.reason


def test_a_shape_no_split_fills_keeping_a_rule_names_that_rule():
    """A rule that cuts splits short (at most one wild tile standing in,
    only ranks 2, 5, 8) is named: a split of the shape may fit without it,
    so "no split fits" alone would be false."""
    hand = "四条|二万三万四万五万六万七万三筒四筒七筒九筒二条二条五条五条"
    reasons = MultisetEvaluator(load_rules("wuhan")).evaluate(hand).reason.split("; ")
    assert reasons == [
        "no split fits small (4 × (chow | pung | kong) + pair258) keeping line 26: "
        "substitutes <= 1",
        "every split that fits qingyise breaks line 28: suits == 1",
        "no split fits pengpeng (4 × (pung | kong) + pair)",
        "no split fits jiangyise (14 × single) keeping line 30: only(rank in {2, 5, 8})",
    ]


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_compiler_and_the_reference_agree_on_canonical_order(name):
    from mahjong_regex.compiler.sorted.tile_order import canonical_tiles
    from mahjong_regex.reference.multiset import canonical_key

    r = rules(name)
    tiles = range(len(r.alphabet.tiles))
    assert canonical_tiles(r) == sorted(tiles, key=canonical_key(r))
