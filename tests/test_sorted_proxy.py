"""Sorted input with a tile that plays the turned kind (Wenzhou's 白:
:mod:`mahjong_regex.compiler.sorted.turned_proxy`), in every flavor with
lookaround, against the multiset reference:

- corners: 白 at the 财神's kind's places (a run, a pung, the pair, a kong
  with a 财神 copy, the single of eight pairs), 白 where no such place is
  left, 白 turned (then wild), four 白, three 白 against three 财神;
- the turned tile fixed with ``--indicator`` (a hand may then start with
  a stand-in);
- losing hands of 18 to 20 tiles that PHP's default backtrack limit once
  stopped (each pointer read from the end of the hand, each pung or kong
  tried only where its tile is held);
- what the machine cannot read, refused by name at its line."""

from __future__ import annotations

import pytest
from conftest import FLAVOR_ENGINES, require_engine
from test_sorted_wilds import check, check_corners, small_hands

from mahjong_regex import UnsupportedError, builtin_source, load_rules
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import render_sorted
from mahjong_regex.reference.multiset import MultisetEvaluator

LOOKAROUND = [(f, e) for f, es in FLAVOR_ENGINES.items() if f != "re2" for e in es]

#: Wenzhou hands at the corners of 白 playing the turned kind, each with
#: the reference's verdict (checked first).
WENZHOU = {
    # 白 as 五万 in a run through the 财神's kind.
    "五万|一万二万三万四万六万七万八万九万一筒二筒三筒四筒五筒六筒九条九条白": True,
    # 白 as 五万, and the wild 五万 as 五筒.
    "五万|一万二万三万四万五万六万七万八万九万一筒二筒三筒四筒六筒九条九条白": True,
    # 白 is never wild: no 五筒.
    "五万|一万二万三万四万四万六万七万八万九万一筒二筒三筒四筒六筒九条九条白": False,
    # Two 白 and a 五万: a pung of 五万; two 白: the pair.
    "五万|一万二万三万五万七万八万九万一筒二筒三筒四筒五筒六筒九条九条白白": True,
    "五万|一万二万三万四万五万六万七万八万九万一筒二筒三筒四筒五筒六筒白白": True,
    # The second 白 has no place of 五万 left (wild, it would be the pair).
    "五万|一万二万三万四万六万七万八万九万一筒二筒三筒四筒五筒六筒九条白白": False,
    # Four 白: a kong of 东; three 白 and the wild 东: a kong of 东.
    "东|一万二万三万四万五万六万七万八万九万一筒二筒三筒九条九条白白白白": True,
    "东|一万二万三万四万五万六万七万八万九万一筒二筒三筒九条九条东白白白": True,
    "东|一万二万三万四万五万六万七万八万九万一筒二筒三筒九条九条东东白白白": False,
    # 白 turned: 白 is the 财神, wild anywhere.
    "白|一万二万三万四万六万七万八万九万一筒二筒三筒四筒五筒六筒九条九条白": True,
    # 发 turned: two 白 and the wild 发 are a pung of 发.
    "发|一万二万三万四万五万六万七万八万九万一筒二筒三筒九条九条发白白": True,
    # Eight pairs: 白白 a pair of 五万 and 五万 the single; 白 the single.
    "五万|一万一万二万二万三万三万四万四万五万五筒五筒六筒六筒七条七条白白": True,
    "东|一万一万二万二万三万三万四万四万五筒五筒六筒六筒七条七条八条八条白": True,
    # Three 财神 win any 17 tiles; three 白 do not.
    "五万|一万五万五万五万二筒八筒九筒一条三条七条九条东南西北中发": True,
    "五万|一万二筒八筒九筒一条三条七条九条东南西北中发白白白": False,
    # Out of canonical order (白 before 九条).
    "五万|一万二万三万四万六万七万八万九万一筒二筒三筒四筒五筒六筒白九条九条": False,
}

#: Losing hands of 18 to 20 tiles, three or four wild tiles or 白, and
#: winning ones beside them, on which PHP's PCRE2 once gave no verdict
#: (its default backtrack limit, 1,000,000).
LONG = [
    "北|五万七万九万二筒四筒五筒六筒一条二条三条七条九条东东北北北发白",
    "三筒|一万八万一筒三筒三筒三筒四筒七筒八筒九筒九筒二条三条四条六条九条西中白",
    "五条|二万三万四万四筒五筒六筒三条三条三条三条五条五条六条七条九条九条白白",
    "五万|一万二万三万五万五万五万六万七万八万八万三筒四筒五筒五筒五筒三条三条三条八条",
    "发|三万四万五万六万七万八万六条六条六条七条九条中中中中发白白",
    "二万|三万四万五万六万七万八万六条六条六条七条九条中中中中白白白",
    "二条|二万三万四万五万六万七万二筒四筒八筒二条二条二条三条三条六条六条南中发",
]


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
def test_wenzhou_corners_in_every_lookaround_flavor(flavor, engine):
    check_corners(load_rules("wenzhou"), WENZHOU, flavor, engine)


@pytest.mark.parametrize("engine", ["php", "pcre2"])
def test_long_hands_are_decided_within_phps_backtrack_limit(engine):
    rules = load_rules("wenzhou")
    ms = MultisetEvaluator(rules)
    want = [ms.wins(h) for h in LONG]
    assert want.count(True) == 2
    out = render_sorted(rules, "pcre")
    require_engine(engine)
    assert run_batch(engine, out.text, LONG, flags=out.flavor.flags) == want


@pytest.mark.parametrize("flavor, engine", [("pcre", "pcre2"), ("js", "node"), ("java", "java")])
def test_wenzhou_with_the_turned_tile_fixed(flavor, engine):
    """``--indicator 四条``: no turned tile in the hand; 四条's copies are
    wild and 白 plays 四条."""
    fixed = load_rules("wenzhou")
    rules = fixed.with_indicator(fixed.alphabet.by_name["四条"].index)
    out = render_sorted(rules, flavor)
    require_engine(engine)
    hands = small_hands(rules, 1200, (17, 17, 18), seed=5)
    check(rules, hands, run_batch(engine, out.text, hands, flags=out.flavor.flags))


#: Hands with the turned tile fixed (``--indicator``) whose first meld
#: starts with a stand-in: nothing precedes it (JavaScript set a flag by
#: capturing the character before, and lost them).
FIXED = {
    "中": "八万九万一条一条一条三条四条五条北北中中中发发发发白白白",
    "一万": "二万二万二万三万三万三万四万四万四万五万六万九万九万四筒五筒六筒白",
    "一筒": "八万九万一筒一筒一筒二筒二筒二筒三筒三筒三筒四筒五筒六条六条白白白",
}


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
@pytest.mark.parametrize("turned", sorted(FIXED))
def test_a_fixed_turned_tiles_hand_may_start_with_a_stand_in(turned, flavor, engine):
    wenzhou = load_rules("wenzhou")
    rules = wenzhou.with_indicator(wenzhou.alphabet.by_name[turned].index)
    assert MultisetEvaluator(rules).wins(FIXED[turned])
    out = render_sorted(rules, flavor)
    require_engine(engine)
    assert run_batch(engine, out.text, [FIXED[turned]], flags=out.flavor.flags) == [True]


@pytest.mark.parametrize(
    "old, new, line, refusal",
    [
        ("proxy 白 for", "proxy 东 for", 18, "sorts before a tile that may be wild"),
        ("proxy 白 for indicator", "proxy 白 for 五万", 18, "another tile than the turned kind"),
        ("proxy 白 for", "proxy {白, 发} for", 18, "more than one tile playing the turned kind"),
        (
            "win standard |",
            "hand pungs = 5 * (pung | kong) + pair where suits <= 1\nwin standard | pungs |",
            26,
            "shapes read together, with a tile that plays the turned kind",
        ),
    ],
)
def test_what_the_proxy_machine_cannot_read_is_refused_at_its_line(
    old, new, line, refusal, tmp_path
):
    source = builtin_source("wenzhou")
    assert old in source
    path = tmp_path / "wenzhou_edited.meld"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    for flavor in ("pcre", "js", "java"):
        with pytest.raises(UnsupportedError) as e:
            render_sorted(load_rules(str(path)), flavor)
        assert refusal in str(e.value) and f"'{flavor}'" in str(e.value)
        assert e.value.span.line == line
