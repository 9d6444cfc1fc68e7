"""Small rule sets that once broke a flavor: each is compiled for every
flavor and run in the real engines against the reference evaluator, and
malformed files that once escaped as tracebacks."""

from __future__ import annotations

import sys

import pytest
from conftest import FLAVOR_ENGINES, require_engine

from mahjong_regex import FLAVORS, Evaluator, MeldError, UnsupportedError
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import compile_for, compile_rules, outline, render
from mahjong_regex.ruleset.checker import load

M = "tiles {\n  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m\n}\n"

CASES = {
    # A kind whose name is not ASCII falls back to k1: a kind called k1 too.
    "kind ids": (
        M + "meld k1 = same 3\nmeld 对 = same 2\nhand h = 2 * k1 + 对\nwin h\n",
        ["1m1m1m2m2m2m3m3m", "1m1m1m2m2m2m3m3m3m"],
    ),
    # Kinds a and b share a definition named a_b: a kind called a_b too.
    "group names": (
        M
        + "meld a = same 1\nmeld b = same 2\nmeld a_b = same 3\nhand h = 2 * (a | b) + a_b\nwin h\n",
        ["1m2m2m3m3m3m", "1m2m3m3m3m", "1m1m1m2m3m"],
    ),
    # An automaton state of shape 'standard' and a kind called standard_4.
    "state names": (
        "tiles {\n  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m\n  suit p: 1p 2p 3p 4p 5p 6p 7p 8p 9p\n}\n"
        "meld chow = run 3\nmeld pung = same 3\nmeld standard_4 = same 2\n"
        "hand standard = 4 * (chow | pung) + standard_4\nwin standard\n",
        ["1m2m3m4m5m6m7p8p9p1p1p1p9m9m", "1m2m3m4m5m6m7p8p9p1p1p1p9m"],
    ),
    # A kind called t1, and the capture t1 of a pung's tile.
    "capture names": (
        M
        + "meld t1 = same 3\nmeld pair = same 2\nhand a = 2 * t1 + pair\nhand b = t1 + 3 * pair\nwin a | b\n",
        ["1m1m1m2m2m2m3m3m", "1m1m1m2m2m3m3m4m4m"],
    ),
    # Counting copies of NN by its marker N counted two per tile.
    "marker count": (
        "tiles {\n  honor z: E S W NN\n}\nmeld single = same 1\nhand h = 2 * single\n"
        "win h where each {NN} >= 2\n",
        ["NNE", "NNNN", "ES"],
    ),
    # A marker search for suit m ended mid-tile before a tile search.
    "marker suits": (
        "tiles {\n  suit m: m1 m2 m3 m4 m5 m6 m7 m8 m9\n  suit p: 1 2 3 4 5 6 7 8 9\n}\n"
        "meld pung = same 3\nhand h = pung\nwin h where suits <= 1\n",
        ["m1m1m1", "111", "m11m1"],
    ),
    # A repetition {1} of an alternation lost its group before \z.
    "repeat once": (
        "tiles {\n  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m\n  honor z: E\n}\n"
        "meld single = same 1\nmeld pair = same 2\nhand h = (single | pair)\n"
        "win h where count(pair) == 0\n",
        ["1m1m", "1m", "EE", "E"],
    ),
    # A shape that can never win printed [^\s\S], which matches anything in
    # the Python regex module.
    "never": (
        "tiles {\n  honor z: E S W\n}\nmeld single = same 1\nmeld pair = same 2\n"
        "hand a = pair where count(pair) == 0\nhand b = single where contains({W})\nwin a | b\n",
        ["W", "E", "S", "EE"],
    ),
    # Punctuation tiles next in code points made an escaped range.
    "punctuation range": (
        "tiles {\n  honor z: - . /\n}\nmeld single = same 1\nhand h = single\nwin h\n",
        ["-", ".", "/", "x", "--"],
    ),
    # Three one-character tiles printed "..." but outlined as ". {3}".
    "inline repeat outline": (
        "tiles {\n  honor z: - .\n  honor y: ^\n}\nmeld t1 = same 1\nhand f0 = t1\n"
        "hand n1 = 3 * t1\nwin f0 | n1 where only({., -, ^}), contains({.})\n",
        [".", "-", "-.^", "---", ".x.", "^^.", "^^^^"],
    ),
}

ROWS = [
    (case, flavor, engine)
    for case in CASES
    for flavor in FLAVORS
    for engine in FLAVOR_ENGINES[flavor]
]


@pytest.mark.parametrize("case,flavor,engine", ROWS, ids=["-".join(r) for r in ROWS])
def test_small_rule_sets_agree_in_every_engine(case, flavor, engine):
    require_engine(engine)
    source, hands = CASES[case]
    rules = load("ruleset t\n" + source, f"{case}.meld")
    try:
        out = compile_for(rules, flavor)
        truth = Evaluator(rules)
    except UnsupportedError:
        out = compile_for(rules, flavor, allow_unchecked=True)
        truth = Evaluator(rules.relaxed(out.unchecked))
    got = run_batch(engine, out.text, hands, flags=out.flavor.flags)
    assert got == [truth.wins(h) for h in hands], out.text


@pytest.mark.parametrize(
    "source,message",
    [
        (
            "ruleset a\n"
            + M
            + "meld p = same 3\nhand h = p\nwin h where count(p) >= "
            + "1" * 5000
            + "\n",
            "too large",
        ),
        (
            "ruleset a\n"
            + M
            + "meld p = same 3\nhand h = p\nwin h where contains("
            + "(" * 3000
            + "tile"
            + ")" * 3000
            + ")\n",
            "nests too deeply",
        ),
        ("ruleset a\ntiles {\n  suit m: 1\x00 2 3 4 5 6 7 8 9\n}\n", "unexpected character"),
    ],
)
def test_hostile_rule_files_give_errors_not_tracebacks(source, message):
    with pytest.raises(MeldError, match=message):
        load(source, "x.meld")


def test_byte_order_mark_and_form_feed():
    rules = load("\ufeffruleset a\n# page\x0c break\n" + M + "meld p = same 3\nhand h = p\nwin h\n")
    assert rules.shapes[0].span.line == 7
    assert rules.line(7) == "hand h = p"


def test_too_many_kind_counts_is_an_error():
    kinds = "".join(f"meld k{i} = same {i}\n" for i in range(1, 9))
    source = "ruleset a\n" + M + kinds + "hand h = 18 * (k1|k2|k3|k4|k5|k6|k7|k8)\nwin h\n"
    with pytest.raises(MeldError, match="kind counts to consider"):
        load(source)


@pytest.mark.parametrize("flavor", ["js", "re2"])
def test_too_large_to_inline_is_refused_at_once(flavor, monkeypatch):
    from pathlib import Path

    path = Path(__file__).parent / "rules" / "many_shapes.meld"
    rules = load(path.read_text("utf-8"), str(path))

    def inline_calls(pattern):
        raise AssertionError("inlined before the size was checked")

    # Refused from the size inlining would give, before any inlining is done.
    monkeypatch.setattr("mahjong_regex.flavors.lower.inline_calls", inline_calls)
    with pytest.raises(UnsupportedError, match="no subroutine calls"):
        compile_for(rules, flavor, allow_unchecked=True)
    assert compile_for(rules, "pcre").text


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("flavor", list(FLAVORS))
def test_outline_joins_to_the_pattern(case, flavor):

    rules = load("ruleset t\n" + CASES[case][0], f"{case}.meld")
    pattern = compile_rules(rules, flavor=flavor)
    text = outline(pattern, flavor, allow_unchecked=True)
    joined = "".join(
        line.split("  # ")[0].strip()
        for line in text.splitlines()
        if not line.strip().startswith("# ")
    )
    assert joined == render(pattern, flavor, allow_unchecked=True).text


def test_a_long_counted_loop_keeps_its_melds_as_calls():
    # Fifteen melds of long tile names: written in place inside the loop,
    # {16} copies made a pattern PCRE2 refused as too large.
    ranks = "One Two Three Four Five Six Seven Eight Nine".split()
    suits = "".join(
        f"  suit {s.lower()}: " + " ".join(s + r for r in ranks) + "\n"
        for s in ("Bamboo", "Circle", "Character")
    )
    source = (
        "ruleset long\ntiles {\n"
        + suits
        + "  honor wind: EastWind SouthWind WestWind NorthWind\n}\n"
        "meld chow = run 3\nmeld pung = same 3\nmeld kong = same 4\nmeld pair = same 2\n"
        "hand h = 15 * (chow | pung | kong) + pair\nwin h\n"
    )
    rules = load(source, "long.meld")
    run = "BambooOneBambooTwoBambooThree"
    hands = [run * 15 + "EastWind" * 2, run * 15 + "EastWind", run * 14 + "EastWind" * 2]
    truth = Evaluator(rules)
    for flavor, engine in (("pcre", "pcre2"), ("regex", "regex"), ("dotnet", "dotnet")):
        require_engine(engine)
        text = compile_for(rules, flavor).text
        assert run_batch(engine, text, hands) == [truth.wins(h) for h in hands], flavor


@pytest.mark.parametrize("flavor", list(FLAVORS))
def test_very_long_tile_names_compile(flavor):
    # Factoring 500-character names recursed once per character.
    a, b = "x" * 499 + "a", "x" * 499 + "b"
    rules = load(
        f"ruleset t\ntiles {{\n  honor z: {a} {b}\n}}\nmeld pair = same 2\nhand h = pair\nwin h\n"
    )
    text = compile_for(rules, flavor).text
    assert a in text and b in text


def test_nesting_is_refused_at_its_place_whatever_the_recursion_limit():
    """The limit is the file's, not Python's: the same file is refused at
    the same parenthesis with a raised recursion limit, and 64 levels
    parse."""
    head = "ruleset a\n" + M + "meld p = same 3\nhand h = p\nwin h where "
    deep = head + "contains(" + "(" * 70 + "tile" + ")" * 70 + ")\n"
    line = deep.count("\n")
    old = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(100_000)
        with pytest.raises(MeldError, match="nests too deeply") as e:
            load(deep, "x.meld")
    finally:
        sys.setrecursionlimit(old)
    assert (e.value.span.line, e.value.span.column) == (line, len("win h where contains(") + 64)
    load(head + "contains(" + "(" * 63 + "tile" + ")" * 63 + ")\n", "x.meld")
