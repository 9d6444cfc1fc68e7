"""Wild tiles on sorted input, on small rule sets whose hands can be tried
by the thousand (``tests/rules/sorted_*.meld``), against the multiset
reference:

- the register machine (wild tiles that sort last, a copy cap counting
  stand-ins) in every flavor with lookaround;
- the automaton RE2 reads: a wild tile standing in with ``substitutes``
  counted, and a turned tile fixed with ``--indicator`` (a wild kind in the
  middle of the order and a tile that plays it);
- what sorted input refuses, by name: a turned tile read from the hand, and
  a pattern past the size limit (with the size it would need)."""

from __future__ import annotations

import random

import pytest
from conftest import FLAVOR_ENGINES, TEST_RULES, require_engine

from mahjong_regex import UnsupportedError, ir, load_rules
from mahjong_regex.compiler.sorted.automaton_regex import build_re2
from mahjong_regex.compiler.sorted.sorted_build import SortedCaps, wild_pool
from mahjong_regex.engines import run_batch
from mahjong_regex.hands.sorted_hands import sorted_hands
from mahjong_regex.pipeline import render, render_sorted
from mahjong_regex.reference.multiset import MultisetEvaluator, canonical_form, sort_hand

LOOKAROUND = [(f, e) for f, es in FLAVOR_ENGINES.items() if f != "re2" for e in es]


def small_hands(rules, n: int, lengths=(8, 8, 9, 10, 11, 14), seed: int = 7) -> list[str]:
    """About ``n`` sorted hands: random tile multisets of ``lengths``, and
    as many near the boundary (:mod:`mahjong_regex.hands.sorted_hands`);
    with an indicator, each random one after a random turned tile
    (``TURNED|SORTED``)."""
    names = [t.name for t in rules.alphabet.tiles]
    rng = random.Random(seed)
    out = set(sorted_hands(rules, n // 2, seed=seed))
    while len(out) < n:
        k = rng.choice(lengths)
        hand = canonical_form(rules, [rng.randrange(len(names)) for _ in range(k)])
        if rules.indicator is not None:
            hand = f"{names[rng.choice(sorted(rules.indicator.tiles))]}|{hand}"
        out.add(hand)
    return sorted(out)


def check(rules, hands, got) -> None:
    ms = MultisetEvaluator(rules)
    want = [ms.wins(h) for h in hands]
    bad = [f"{h}: engine {g}, reference {w}" for h, g, w in zip(hands, got, want) if g != w]
    assert not bad, "\n".join(bad[:10])
    assert sum(want) >= 20


def check_corners(rules, table: dict[str, bool], flavor: str, engine: str) -> None:
    """The verdicts of ``table`` (hand: wins?) are the reference's and
    ``engine``'s, on ``rules``' sorted pattern in ``flavor``."""
    hands = list(table)
    ms = MultisetEvaluator(rules)
    assert [ms.wins(h) for h in hands] == list(table.values())
    out = render_sorted(rules, flavor)
    require_engine(engine)
    assert run_batch(engine, out.text, hands, flags=out.flavor.flags) == list(table.values())


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
def test_wild_tiles_that_sort_last_in_every_lookaround_flavor(flavor, engine):
    rules = load_rules(str(TEST_RULES / "sorted_last.meld"))
    out = render_sorted(rules, flavor)
    require_engine(engine)
    hands = small_hands(rules, 1500, (11, 11, 11, 12, 13, 14))
    check(rules, hands, run_batch(engine, out.text, hands, flags=out.flavor.flags))


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
@pytest.mark.parametrize("name", ["sorted_cap3", "sorted_honors_first"])
def test_a_cap_below_four_and_honors_declared_first_in_every_lookaround_flavor(
    name, flavor, engine
):
    """A cap of three with a wild tile held (four copies held lose); a pair
    placed by the parts' lengths when honors are declared before the suit."""
    rules = load_rules(str(TEST_RULES / f"{name}.meld"))
    out = render_sorted(rules, flavor)
    require_engine(engine)
    hands = small_hands(rules, 1500, (11, 14, 14, 14, 15))
    hands += ["1m1m1m2m3m4m5m6m7m8m9m9m9m9m", "1p1p1p2p3p4p5p6p7p8p9p东南西"]
    hands = [h for h in hands if MultisetEvaluator(rules).evaluate(h).error is None]
    check(rules, hands, run_batch(engine, out.text, hands, flags=out.flavor.flags))


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
def test_wild_tiles_out_of_order_or_held_twice_are_rejected(flavor, engine):
    """Guangdong's flowers are wild and read last: written out of canonical
    order, or one flower twice, the hand loses (in order it wins)."""
    out = render_sorted(load_rules("guangdong"), flavor)
    require_engine(engine)
    head = "四万五万五万六万一筒二筒二筒九条九条九条九条"
    hands = [head + "梅兰竹菊", head + "梅竹梅菊", head + "梅竹兰菊", head + "兰梅竹菊"]
    got = run_batch(engine, out.text, hands, flags=out.flavor.flags)
    assert got == [True, False, False, False]


#: Tiles written among or after the wild tiles, two of them a fifth copy
#: (5 北, 5 东): the pointer reads wild tiles as ``.`` from a wild tile on,
#: and took these for wild tiles until a lookahead put every wild tile last.
AMONG_WILDS = {
    "guangdong": [
        "一万一万一万二万三万四万五筒六筒北北北北梅竹菊中",
        "一万一万一万二万三万四万五筒六筒北北北梅竹菊北北",
        "一万一万一万二万三万四万五筒六筒北北北北梅竹北菊",
    ],
    "hangzhou": [
        "一万二万三万四万五万六万七万八万九万东东东白南南",
        "一万二万三万四万五万六万七万八万九万东东南南白东",
        "一万二万三万四万五万六万七万八万九万东东东东白东",
    ],
}


@pytest.mark.parametrize("flavor, engine", LOOKAROUND)
@pytest.mark.parametrize("name", sorted(AMONG_WILDS))
def test_a_tile_among_the_wild_tiles_is_out_of_order(name, flavor, engine):
    rules = load_rules(name)
    out = render_sorted(rules, flavor)
    require_engine(engine)
    hands = AMONG_WILDS[name] + [sort_hand(rules, h) for h in AMONG_WILDS[name]]
    want = [MultisetEvaluator(rules).wins(h) for h in hands]
    assert want[:3] == [False] * 3 and any(want[3:])
    assert run_batch(engine, out.text, hands, flags=out.flavor.flags) == want


@pytest.mark.parametrize(
    "name, turned",
    [("sorted_wild", None), ("sorted_turned", "4m"), ("sorted_next", "1m"), ("sorted_next", "4z")],
)
@pytest.mark.parametrize("engine", ["re2", "go"])
def test_the_re2_automaton_reads_wild_tiles(name, turned, engine):
    rules = load_rules(str(TEST_RULES / f"{name}.meld"))
    if turned is not None:
        rules = rules.with_indicator(rules.alphabet.by_name[turned].index)
    pattern = build_re2(rules, "re2", SortedCaps(re2=10**9))
    text = render(pattern, "re2", max_length=10**9).text
    require_engine(engine)
    hands = small_hands(rules, 3000)
    if engine == "re2":
        import re2

        options = re2.Options()
        options.max_mem = 1 << 30
        search = re2.compile(text, options).search
        got = [search(h) is not None for h in hands]
    else:
        got = run_batch(engine, text, hands)
    check(rules, hands, got)


def test_a_turned_tile_read_from_the_hand_is_refused_by_name_in_re2():
    with pytest.raises(UnsupportedError) as e:
        render_sorted(load_rules("wuhan"), "re2")
    assert "indicator" in str(e.value) and "re2" in str(e.value)
    assert "--indicator fixes one" in str(e.value)


def test_a_wild_re2_pattern_past_2_mb_is_refused_with_its_size():
    with pytest.raises(UnsupportedError) as e:
        render_sorted(load_rules("hongzhong"), "re2")
    message = str(e.value)
    assert "the pattern would be about" in message and "2,097,152" in message
    size = int(message.split("about ")[1].split(" ")[0].replace(",", ""))
    assert size > 2_097_152


WILD_HEAD = """ruleset refused "wild 7z for suited"
tiles {
  suit m: NAMES
  honor dragon: 7z
}
wild 7z for suited
meld chow = run 3
meld pung = same 3
meld pair = same 2
hand standard = 2 * (chow | pung) + pair
"""


@pytest.mark.parametrize(
    "names, where, refusal",
    [
        # A floor on the wild tile itself: the machine reads wild tiles last
        # and counts none of them as their own tile.
        ("1m 2m 3m 4m 5m 6m 7m 8m 9m", "each 7z >= 1", "a floor on a wild tile itself"),
        # "3" ends "Y3": a lookbehind for two copies of 3 would read Y3 3.
        ("X1 1 Y3 3 5m 6m 7m 8m 9m", "each tile <= 2", "a tile name that ends with another"),
    ],
)
def test_what_the_wild_machine_cannot_read_is_refused_at_its_line(tmp_path, names, where, refusal):
    path = tmp_path / "refused.meld"
    path.write_text(WILD_HEAD.replace("NAMES", names) + f"win standard where {where}\n", "utf-8")
    rules = load_rules(str(path))
    for flavor in ("python", "pcre", "js"):
        with pytest.raises(UnsupportedError) as e:
            render_sorted(rules, flavor)
        assert refusal in str(e.value) and flavor in str(e.value)
        assert e.value.span is not None


@pytest.mark.parametrize("engine", ["java", "pcre2", "dotnet", "ruby", "regex"])
def test_java_alone_keeps_a_flag_set_in_an_atomic_group_on_a_failed_path(engine):
    """Why sorted patterns set flags inside atomic groups in each flavor that
    has them but Java (:class:`~mahjong_regex.compiler.sorted.flag_ops.FlagOps`):
    on ``z`` the first branch sets ``v`` and fails, and only Java still
    reads ``v`` as set in the second."""
    require_engine(engine)
    read = "(?P=v)" if engine == "regex" else r"\k<v>"
    got = run_batch(engine, rf"^(?:(?>x|(?<v>))y|z)(?!{read})$", ["z", "xy", "y"])
    assert got == ([False, True, False] if engine == "java" else [True, True, False])


NESTED_NAMES = """ruleset nested "a wild tile's name inside another tile's"
tiles {
  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m
  suit p: 1p 2p 3p 4p 5p 6p 7p 8p 9p
  honor d: xJy QQQ
  honor j: J
}
wild J for suited
meld chow = run 3
meld pung = same 3
meld kong = same 4
meld pair = same 2
hand h = 4 * (chow | pung | kong) + pair
hand sp = 7 * pair
win h | sp where each tile <= 4
"""


def test_a_wild_tile_named_inside_another_tile_is_read_by_its_name(tmp_path):
    """J in xJy: the pointer into the wild tiles reads each as J, not as one
    character from where a J starts (every J inside xJy would be a start to
    try: a losing hand took 1.2 s in re).  PCRE2 still passes its match
    limit on a few hands holding four wild tiles (docs/sorted-input.md)."""
    flavor = "python"
    path = tmp_path / "nested.meld"
    path.write_text(NESTED_NAMES, "utf-8")
    rules = load_rules(str(path))
    pool = wild_pool(rules)
    assert pool.unit is pool.node and pool.start is ir.EMPTY
    text = render_sorted(rules, flavor).text
    hands = sorted_hands(rules, 300, seed=3)
    hands += ["6m4p4p4p5p5p5pxJyxJyxJyQQQJJJJ", "2m2m2m2m1p1p3p3p4p4pxJyxJyJJJJ"]
    engine = FLAVOR_ENGINES[flavor][0]
    require_engine(engine)
    got = run_batch(engine, text, hands)
    check(rules, hands, got)
