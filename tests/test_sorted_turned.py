"""Sorted input where the turned tile chooses the wild tiles (``TURNED|HAND``,
:mod:`mahjong_regex.compiler.sorted.turned_machine`), in every flavor with
lookaround, against the multiset reference:

- small rule sets whose hands can be tried by the thousand
  (``tests/rules/sorted_next.meld``, ``sorted_two_wilds.meld``: the turned
  kind and the next wild, kongs beside them; ``sorted_suited_wild.meld``:
  winds no stand-in enters; ``sorted_indicator_only.meld``: no wild tile;
  ``sorted_three_wilds.meld``: three wild kinds in a hand);
- Tianjin's corners: a successor that wraps (9 to 1, 北 to 东, 白 to 中),
  wild tiles standing for themselves and making melds of their own, seven
  of them, the turned tile as a fifth copy, hands out of order;
- the meld counts that make it exact, as planned;
- what it still refuses, by name."""

from __future__ import annotations

import pytest
from conftest import FLAVOR_ENGINES, TEST_RULES, require_engine
from test_sorted_wilds import check, check_corners, small_hands

from mahjong_regex import UnsupportedError, load_rules
from mahjong_regex.compiler.sorted.count_checks import Check
from mahjong_regex.compiler.sorted.sorted_plan import plan_shape
from mahjong_regex.compiler.sorted.turned_counts import free_total_checks
from mahjong_regex.compiler.sorted.turned_machine import TurnedPool
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import render_sorted

LOOKAROUND = [(f, e) for f, es in FLAVOR_ENGINES.items() if f != "re2" for e in es]


def turned_hands(rules, n: int) -> list[str]:
    """About ``n`` hands ``TURNED|SORTED``: half near the boundary, half
    random tiles (8 to 10 of them) under a random turned tile."""
    return small_hands(rules, n, (8, 8, 9, 10), seed=11)


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
@pytest.mark.parametrize(
    "name",
    [
        "sorted_next",
        "sorted_two_wilds",
        "sorted_suited_wild",
        "sorted_indicator_only",
        "sorted_three_wilds",
    ],
)
def test_wild_tiles_the_turned_tile_chooses_in_every_lookaround_flavor(name, flavor, engine):
    rules = load_rules(str(TEST_RULES / f"{name}.meld"))
    out = render_sorted(rules, flavor)
    require_engine(engine)
    hands = turned_hands(rules, 1500)
    check(rules, hands, run_batch(engine, out.text, hands, flags=out.flavor.flags))


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
@pytest.mark.parametrize("turned", ["9m", "4z"])
def test_a_turned_tile_fixed_with_indicator_in_every_lookaround_flavor(turned, flavor, engine):
    """``--indicator`` fixes the turned tile: the hand holds none, and the
    wild kinds (9m and 1m; 4z and 1z) sort among the others."""
    rules = load_rules(str(TEST_RULES / "sorted_two_wilds.meld"))
    rules = rules.with_indicator(rules.alphabet.by_name[turned].index)
    out = render_sorted(rules, flavor)
    require_engine(engine)
    read = load_rules(str(TEST_RULES / "sorted_two_wilds.meld"))
    hands = sorted({h.split("|")[1] for h in turned_hands(read, 1500) if "|" in h})
    check(rules, hands, run_batch(engine, out.text, hands, flags=out.flavor.flags))


#: Tianjin hands at the machine's corners, each with the reference's verdict.
TIANJIN = {
    # 九万 turned: 一万 (the next kind) is wild, and stands in for 八万.
    "九万|一万三万四万五万六万七万二条三条四条五条五条五条东东": True,
    "八万|一万三万四万五万六万七万二条三条四条五条五条五条东东": False,
    # 北 turned: 东 is wild (the winds wrap), and 北 itself.
    "北|一万二万三万五万六万七万二条四条五条五条五条东北北": True,
    # 白 turned: 中 is wild (the dragons wrap); 发 is not.
    "白|一万二万三万五万六万七万二条四条五条五条五条南南中": True,
    "白|一万二万三万五万六万七万二条四条五条五条五条南南发": False,
    # Wild tiles standing for themselves: pungs of 三筒 and 四筒.
    "三筒|一万二万三万五万六万七万三筒三筒三筒四筒四筒四筒五条五条": True,
    "三筒|一万二万三万五万六万七万五筒五筒五筒六筒六筒六筒五条六条": False,
    # Seven wild tiles and seven others.
    "三筒|一万二万三万三筒三筒三筒四筒四筒四筒四筒五条六条东东": True,
    "三筒|一万五万九万三筒三筒三筒四筒四筒四筒四筒一条五条九条东": False,
    # Kongs with a wild tile in them: 15 and 16 tiles.
    "三筒|一万一万一万四筒二条二条二条二条五条六条七条九条九条东东": True,
    "三筒|一万一万一万四筒二条二条二条二条五条六条七条八条九条东东东": False,
    # The turned tile is a fourth copy of its kind: four more held are five.
    "五万|一万二万三万四万五万五万五万五万六万七万八万五条五条五条": False,
    # Out of canonical order, and in order.
    "三筒|二万一万三万五万六万七万四筒二条四条五条五条五条东东": False,
    "三筒|一万二万三万五万六万七万四筒二条四条五条五条五条东东": True,
}


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
def test_tianjin_corners_in_every_lookaround_flavor(flavor, engine):
    check_corners(load_rules("tianjin"), TIANJIN, flavor, engine)


def test_tianjin_counts_its_melds_down_to_make_the_stand_ins_exact():
    """Per length n: chows and pungs number 18 - n, kongs n - 14, whatever
    the stand-ins: with 14 + k tiles, four melds and a pair hold 14 + k
    places only with k kongs, so the places outnumber the tiles held that
    are not wild by the wild tiles held, no more, no less."""
    rules = load_rules("tianjin")
    (shape,) = rules.shapes
    checks = free_total_checks(plan_shape(rules, shape), rules, TurnedPool(rules).most)
    assert TurnedPool(rules).most == 7
    runs, kongs = frozenset({"chow", "pung"}), frozenset({"kong"})
    for n in range(14, 19):
        bounds = {}
        for c in checks[n]:
            lo, hi = bounds.get(c.kinds, (0, None))
            if c.op == "none":
                lo, hi = 0, 0
            elif c.op == "some":
                lo = max(lo, 1)
            elif c.op == ">=":
                lo = max(lo, c.value)
            else:
                hi = c.value if hi is None else min(hi, c.value)
            bounds[c.kinds] = (lo, hi)
        assert bounds[runs] == (18 - n, 18 - n) or (n == 18 and bounds[runs] == (0, 0))
        assert bounds[kongs] == (n - 14, n - 14)
    assert Check(kongs, "none") in checks[14]


def test_a_constraint_on_tiles_that_depend_on_the_turned_tile_is_refused(tmp_path):
    """Its tiles change with the hand's turned tile: refused where it
    stands, not read as the tiles it names without one."""
    source = (TEST_RULES / "sorted_next.meld").read_text(encoding="utf-8")
    source = source.replace(
        "hand standard = 2 * (chow | pung) + pair",
        "hand standard = 2 * (chow | pung) + pair where held tiles(indicator) >= 1",
    )
    path = tmp_path / "held_turned.meld"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(UnsupportedError) as e:
        render_sorted(load_rules(str(path)), "pcre")
    assert "'held tiles(indicator) >= 1'" in str(e.value)
    assert "depend on the turned tile" in str(e.value)


@pytest.mark.parametrize("bound", ["count(pung) >= 1", "count(chow) <= 1"])
def test_a_meld_count_the_length_leaves_open_is_refused(bound, tmp_path):
    """An at-most count's pointer would start longer than the melds a hand
    makes and reach past the hand ahead (winning hands failed); a floor,
    read at the end, let the search try every spread of the stand-ins
    first (PHP's backtrack limit on 16 tiles)."""
    source = (TEST_RULES / "sorted_count_floor.meld").read_text(encoding="utf-8")
    path = tmp_path / "bounded.meld"
    path.write_text(source.replace("count(pung) >= 1", bound), encoding="utf-8")
    with pytest.raises(UnsupportedError) as e:
        render_sorted(load_rules(str(path)), "js")
    assert "a meld count that the hand's length does not make exact" in str(e.value)


def test_re2_still_needs_the_turned_tile_fixed():
    with pytest.raises(UnsupportedError) as e:
        render_sorted(load_rules("tianjin"), "re2")
    assert "indicator" in str(e.value) and "--indicator" in str(e.value)
