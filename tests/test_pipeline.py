"""The public compile call and what ties a pattern to its flavor: a
pattern records the flavor it was compiled for and prints only in it; the
wild-tile plan is worked out before any meld is written; scoring groups
carry their element and count as data."""

from __future__ import annotations

import pytest
from conftest import rules

from mahjong_regex import FLAVORS, FlavorMismatch, compile_for, compile_pattern, ir
from mahjong_regex.compiler.entries import context
from mahjong_regex.compiler.wild.usage_counts import raise_by
from mahjong_regex.compiler.wild.wildmelds import all_wild_free
from mahjong_regex.flavors.table import get, language_flavor, languages
from mahjong_regex.pipeline import compile_rules, compile_scoring, render
from mahjong_regex.ruleset.checker import load


def test_a_pattern_compiled_for_pcre_does_not_print_as_js():
    pattern = compile_rules(rules("harbin"), flavor="pcre")
    assert pattern.flavor == "pcre"
    with pytest.raises(FlavorMismatch) as caught:
        render(pattern, "js")
    assert "compiled for pcre cannot be printed as js" in str(caught.value)


def test_a_pattern_prints_in_its_own_flavor_without_naming_it():
    pattern = compile_rules(rules("harbin"), flavor="js")
    assert render(pattern).text == render(pattern, "js").text
    assert render(pattern).flavor.name == "js"


def test_a_scoring_pattern_knows_its_flavor_too():
    pattern = compile_scoring(rules("riichi"), flavor="regex")
    with pytest.raises(FlavorMismatch, match="compiled for regex cannot be printed as dotnet"):
        render(pattern, "dotnet")


def test_a_pattern_built_by_hand_prints_in_any_flavor_named():
    pattern = ir.Pattern(ir.seq(ir.Start(), ir.Lit("1m"), ir.End()))
    assert render(pattern, "pcre").text == r"\A1m\z"
    assert render(pattern, "python").text == r"\A1m\Z"
    with pytest.raises(FlavorMismatch, match="compiled for no flavor"):
        render(pattern)


@pytest.mark.parametrize("flavor", sorted(FLAVORS))
def test_compile_for_is_compile_then_print(flavor):
    harbin = rules("harbin")
    out = compile_for(harbin, flavor, allow_unchecked=True)
    assert out.flavor.name == flavor
    assert out.text == render(compile_rules(harbin, flavor=flavor), allow_unchecked=True).text
    if flavor != "re2":
        assert compile_pattern(harbin, flavor) == out.text


def test_every_language_takes_the_flavor_its_row_names():
    assert languages() == {
        "php": "pcre",
        "python": "python",
        "js": "js",
        "ts": "js",
        "java": "java",
        "csharp": "dotnet",
        "ruby": "ruby",
        "go": "re2",
        "rust": "re2",
    }
    assert languages(scoring=True) == {"php": "pcre", "python": "regex", "csharp": "dotnet"}
    with pytest.raises(KeyError, match="unknown language 'cobol'"):
        language_flavor("cobol")


def test_a_flavor_scores_exactly_when_its_row_gives_no_reason_not_to():
    for f in FLAVORS.values():
        can = f.rewind is not None and f.captures == "persistent"
        assert (f.scoring is None) == can, f.name
        assert bool(f.score_languages) == can, f.name


def test_the_wild_tile_counters_exist_before_any_meld_is_written():
    # Before, the counters were made as the melds were written, so a meld
    # written first could not raise a tile's counter by more than one.
    ctx = context(rules("hongzhong"), None, get("pcre").capabilities, "pcre")
    assert len(ctx.wild.counters) == 27  # every suited tile a 中 may stand for
    assert all(len(levels) == 4 for levels in ctx.wild.counters.values())
    assert ctx.wild.tally == "levels"
    # A kong of the first tile from no level: levels 1 to 4 set at once.
    kong = raise_by(ctx, 0, 4)
    assert {n.name for n in ir.walk(kong) if isinstance(n, ir.Capture)} == set(ctx.wild.counters[0])
    assert raise_by(ctx, 0, 5) == ir.NEVER


def test_each_flavor_tallies_a_copy_limit_as_its_groups_allow():
    tally = {
        f: context(rules("guangdong"), None, get(f).capabilities, f).wild.tally
        for f in FLAVORS
        if f != "re2"
    }
    levels, flags = ("pcre", "regex", "dotnet"), ("python", "js", "java")
    assert tally == {f: "levels" for f in levels} | {"ruby": "calls"} | {f: "flags" for f in flags}


#: Five suited tiles, a wild 中 and a hand of two melds and a pair.
FIVE = """ruleset five
tiles {
  suit m ranks 1-5: 1m 2m 3m 4m 5m
  honor dragon: 中
}
wild 中 for suited
meld chow = run 3
meld pung = same 3 of suited
meld pair = same 2 of suited
hand h = 2 * (chow | pung) + pair
win h where each tile <= 4
"""


@pytest.mark.parametrize(
    "source,free",
    [
        (FIVE, {"chow_counted": False, "pung_counted": True, "pair_counted": True}),
        (
            FIVE.replace("ranks 1-5: 1m 2m 3m 4m 5m", "ranks 1-9: 1m 2m 3m 4m 5m 6m 7m 8m 9m"),
            {"chow_counted": True, "pung_counted": True, "pair_counted": True},
        ),
    ],
)
def test_a_meld_of_wild_tiles_only_goes_untallied_where_an_instance_always_keeps_the_limit(
    source, free
):
    # Five tiles: the five other tiles of a hand of eight could, as far as
    # the count knows, use 3m four times and so block all three chows; a
    # pung of wild tiles always has a tile the rest uses at most once.
    # Nine tiles: one such tile blocks three of the seven chows.
    ctx = context(load(source), None, get("pcre").capabilities, "pcre")
    kinds = ctx.rules.kinds
    got = {
        name: all_wild_free(ctx, [kinds[name]], kinds[name].instances(ctx.alphabet))
        for name in free
    }
    assert got == free


def test_the_wild_tile_plan_is_the_same_for_every_flavor_that_says_it():
    plans = {
        f: context(rules("hongzhong"), None, get(f).capabilities, f).wild.counters
        for f in ("pcre", "regex", "dotnet")
    }
    assert plans["pcre"] == plans["regex"] == plans["dotnet"]


def test_scoring_groups_carry_their_element_and_count():
    out = compile_for(rules("changsha"), "regex", score=True)
    reports = {group: (element, count) for group, element, count in out.reports}
    haohua = sorted(count for element, count in reports.values() if element == "豪华")
    assert haohua == [1, 2, 3]
    elements = {element for element, _ in reports.values()}
    assert elements == {"碰碰胡", "将将胡", "清一色", "七小对", "豪华"}
    plain = {name for name, _ in out.groups} - set(reports)
    assert plain and not any(name in reports for name in plain)


def test_a_subtree_written_twice_is_walked_twice_and_visited_once():
    # The re2 writer interns equal pieces: one object under many parents.
    flag = ir.Capture("f", ir.Lit("一万"))
    piece = ir.seq(flag, ir.Lit("二万"))
    tree = ir.alt(piece, ir.seq(ir.Lit("三万"), piece))
    assert [n for n in ir.walk(tree) if n is flag] == [flag, flag]
    assert [n for n in ir.distinct(tree) if n is flag] == [flag]
    # captures() lists the group once per place it prints, in order.
    assert ir.captures(tree) == [flag, flag]
    assert ir.captures(ir.Pattern(tree, (("d", flag),), "pcre")) == [flag, flag, flag]
