"""Sorted input where one machine reads several shapes of a turned tile's
rule set together, and shapes of single tiles need none
(:mod:`mahjong_regex.compiler.sorted.turned_union`), in every flavor with
lookaround, against the multiset reference:

- small rule sets whose hands can be tried by the thousand
  (``tests/rules/sorted_union.meld``: chows only, a bound on substitutes
  with a 2/5/8 pair, one suit, single tiles; ``sorted_union_kongs.meld``:
  two shapes with kongs, both bounding substitutes);
- corners: a run of one tile and two stand-ins ending the hand (JavaScript
  set its flag on the character after), hands out of canonical order;
  Wuhan's: one substitute and two, the wild tile in melds as itself, 清一色
  with wild tiles of another suit, a pair of wild tiles, 中, 将一色 out of
  order;
- what a union refuses, by name."""

from __future__ import annotations

import pytest
from conftest import FLAVOR_ENGINES, TEST_RULES, require_engine
from test_sorted_wilds import check, check_corners, small_hands

from mahjong_regex import UnsupportedError, load_rules
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import render_sorted

LOOKAROUND = [(f, e) for f, es in FLAVOR_ENGINES.items() if f != "re2" for e in es]


#: The shapes each test rule set's union reads, as its outline names them.
UNION = {"sorted_union": "chows | small | onesuit", "sorted_union_kongs": "pungs | any"}


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
@pytest.mark.parametrize("name", ["sorted_union", "sorted_union_kongs"])
def test_shapes_read_together_in_every_lookaround_flavor(name, flavor, engine):
    rules = load_rules(str(TEST_RULES / f"{name}.meld"))
    out = render_sorted(rules, flavor)
    assert f": hand {UNION[name]}\n" in out.outline()
    require_engine(engine)
    hands = small_hands(rules, 1500, (8, 8, 9, 10), seed=13)
    check(rules, hands, run_batch(engine, out.text, hands, flags=out.flavor.flags))


#: Wuhan hands at the union's corners, each with the reference's verdict
#: (四条 turned: 五条 is the 赖子; 六条 turned: 七条, not of rank 2, 5 or 8).
WUHAN = {
    # 屁胡 without a 赖子, with one standing in, with two (no big hand).
    "四条|二万三万四万五万六万七万三筒四筒五筒七筒八筒九筒二条二条": True,
    "四条|二万三万四万五万六万七万三筒四筒七筒八筒九筒二条二条五条": True,
    "四条|二万三万四万五万六万七万三筒四筒七筒九筒二条二条五条五条": False,
    # One 赖子 as itself in a chow, the other standing for 五筒.
    "四条|二万三万四万五万六万七万三筒四筒二条二条四条五条五条六条": True,
    # 清一色 with two 赖子 of another suit standing in; with a 筒 too, none.
    "四条|一万一万一万二万三万四万五万六万七万八万八万九万五条五条": True,
    "四条|一万一万一万二万三万四万五万六万七万八万八万一筒五条五条": False,
    # A pair of 赖子 as themselves: 五条 is 2/5/8, 七条 is not.
    "四条|二万三万四万五万六万七万三筒四筒五筒七筒八筒九筒五条五条": True,
    "六条|二万三万四万五万六万七万三筒四筒五筒七筒八筒九筒七条七条": False,
    # 碰碰胡 with three 赖子 standing in, any pair.
    "四条|一万一万一万三万三万三万七筒七筒七筒九筒九筒五条五条五条": True,
    # 中 is in no meld: a hand holding it never wins.
    "六条|四万四万四万七万七万八万八万八万八万九万七条七条七条中": False,
    # 将一色: every tile 2, 5 or 8, or a 赖子; the same out of order.
    "三万|二万二万四万五万五万八万八万二筒二筒五筒八筒二条五条八条": True,
    "三万|二筒二万二万四万五万五万八万八万二筒五筒八筒二条五条八条": False,
}

#: sorted_union hands at its corners, each with the reference's verdict.
UNION_CORNERS = {
    # A chow of 1p and two 赖子 (8m) ends the hand.
    "7m|2m2m7m8m8m8m9m1p": True,
    "2m|2m3m3m3m4m7m7m1p": True,
    # Out of canonical order (single tiles, pairs), and in order.
    "1m|1m2m9p2m8p7m1m1m": False,
    "1m|1m1m1m2m2m7m8p9p": True,
    "5m|2p2p1m1m3m3m4p4p": False,
    "5m|1m1m3m3m2p2p4p4p": True,
    # Pairs: 4 of a kind is two; a 赖子 completes an odd tile, not two.
    "5m|1m1m1m1m3m3m4p4p": True,
    "5m|1m3m3m4m6m4p4p7p": False,
    "5m|1m3m3m6m6m6m4p4p": True,
}


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
def test_wuhan_corners_in_every_lookaround_flavor(flavor, engine):
    check_corners(load_rules("wuhan"), WUHAN, flavor, engine)


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
def test_union_corners_in_every_lookaround_flavor(flavor, engine):
    check_corners(load_rules(str(TEST_RULES / "sorted_union.meld")), UNION_CORNERS, flavor, engine)


def _edited(tmp_path, name: str, old: str, new: str):
    """Rule set ``name`` with ``old`` replaced by ``new`` (each may hold
    several replacements, split by `` ; ``)."""
    source = (TEST_RULES / f"{name}.meld").read_text(encoding="utf-8")
    for a, b in zip(old.split(" ; ")[:-1], new.split(" ; ")[:-1]):
        assert a in source
        source = source.replace(a, b)
    old, new = old.split(" ; ")[-1], new.split(" ; ")[-1]
    assert old in source
    path = tmp_path / f"{name}_edited.meld"
    path.write_text(source.replace(old, new), encoding="utf-8")
    return load_rules(str(path))


@pytest.mark.parametrize(
    "name, old, new, words",
    [
        (
            "sorted_union",
            "pair where suits == 1",
            "pair where substitutes <= 2",
            "different bounds on substitutes",
        ),
        (
            "sorted_union",
            "pair258 where substitutes <= 1",
            "pair258 where substitutes >= 1",
            "only an upper bound on substitutes",
        ),
        (
            "sorted_union",
            "pair where suits == 1",
            "pair where suits >= 2",
            "'suits >= 2': it reads the tiles wild tiles stand for",
        ),
        (
            "sorted_union",
            "pair258 where substitutes <= 1",
            "pair258 where substitutes <= 1, suits == 1",
            "'suits' and 'substitutes' together",
        ),
        (
            "sorted_union",
            "wild next(indicator) for suited",
            "wild next(indicator) for m",
            "a narrower kind of it whose tiles the wild tiles do not all stand for",
        ),
        (
            "sorted_union",
            "wild next(indicator) for suited ; of suited & rank in {2, 5, 8}",
            "wild next(indicator) for m ; of m & rank in {2, 5, 8}",
            "'suits == 1': a meld chow of wild tiles only may not stand in every suit",
        ),
        (
            "sorted_union",
            "pair where suits == 1",
            "pair where suits <= 0",
            "fewer than one suit",
        ),
        (
            "sorted_union",
            "only(rank in {2, 4, 6, 8})",
            "only(rank in {2, 4, 6, 8}), each tile <= 1",
            "'each tile <= 1': it reads the tiles wild tiles stand for",
        ),
        (
            "sorted_two_wilds",
            "win standard",
            "hand few = 2 * (chow | pung | kong) + pair where substitutes <= 1\nwin standard | few",
            "more than one wild tile the turned tile chooses",
        ),
    ],
)
def test_what_a_union_cannot_read_is_refused_by_name(name, old, new, words, tmp_path):
    with pytest.raises(UnsupportedError) as e:
        render_sorted(_edited(tmp_path, name, old, new), "pcre")
    assert words in str(e.value)


def test_shapes_with_a_meld_count_are_read_by_machines_of_their_own(tmp_path):
    """A meld count of one shape is not read in a union: each shape gets
    its own machine, and the pattern still agrees."""
    rules = _edited(
        tmp_path,
        "sorted_union_kongs",
        "hand any = 2 * (chow | pung | kong) + pair where substitutes <= 2",
        "hand any = 2 * (chow | pung | kong) + pair where count(kong) == 0",
    )
    out = render_sorted(rules, "pcre")
    labels = [line for line in out.outline().splitlines() if ": hand " in line]
    assert [line.split(": hand ")[1] for line in labels] == ["pungs", "any"]
    require_engine("pcre2")
    hands = small_hands(rules, 1000, (8, 8, 9, 10), seed=17)
    check(rules, hands, run_batch("pcre2", out.text, hands, flags=out.flavor.flags))
