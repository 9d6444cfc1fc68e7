"""The compiler's parts on their own: the meld automaton, each optimization
pass (on and off), the outline, determinism, anchoring."""

from __future__ import annotations

import re

import pcre2
import pytest
import regex
from conftest import PASS_RULE_SETS, disagreements, hand_corpus, require_engine, rules
from test_flavors import CANNOT

from mahjong_regex import (
    BUILTINS,
    FLAVORS,
    PASSES,
    Options,
    UnsupportedError,
    compile_pattern,
    ir,
)
from mahjong_regex.automata.meld_dfa import build
from mahjong_regex.automata.render import literal_set
from mahjong_regex.compiler.context import new_context
from mahjong_regex.compiler.plans.counters import counters
from mahjong_regex.compiler.plans.shape_plans import plan
from mahjong_regex.compiler.tiles.aligned_scan import aligned_safe
from mahjong_regex.compiler.tiles.fixed_width import fixed_width
from mahjong_regex.compiler.tiles.marker_chars import markers
from mahjong_regex.engines import run_batch
from mahjong_regex.flavors import get
from mahjong_regex.optimize.suit_backrefs import suit_backrefs
from mahjong_regex.pipeline import compile_for, compile_rules, emit, outline
from mahjong_regex.rules import builtin_source
from mahjong_regex.ruleset.checker import load

WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"


def accepts(auto, word: list[str]) -> bool:
    q = 0
    for letter in word:
        if letter not in auto.transitions[q]:
            return False
        q = auto.transitions[q][letter]
    return q in auto.accepting


def test_harbin_automaton_counts_melds_on_one_split():
    r = rules("harbin")
    auto = build(r.shapes[0], r.where)
    assert accepts(auto, ["pung", "chow", "chow", "pung", "pair"])
    assert accepts(auto, ["pair", "kong", "kong", "kong", "chow"])
    assert not accepts(auto, ["chow", "chow", "chow", "chow", "pair"])  # no pung or kong
    assert not accepts(auto, ["kong", "kong", "pair", "kong", "kong"])  # 4 kongs
    assert not accepts(auto, ["pung", "chow", "chow", "pung", "pair", "pair"])
    assert not accepts(auto, ["pung", "chow", "chow", "chow", "pung", "pair"])  # 5 melds
    assert auto.size == 22


def test_literal_set_factors_prefixes_suffixes_and_classes():
    tiles = [t.name for t in rules("harbin").alphabet.tiles]
    node = literal_set(tiles)
    assert emit(ir.Pattern(node), "pcre") == "[七三九二五八六四][万条筒]|一筒|幺[万鸡]|红中"
    riichi = [t.name for t in rules("riichi").alphabet.tiles]
    assert emit(ir.Pattern(literal_set(riichi)), "pcre") == "[1-7][mpsz]|[89][mps]"


def test_suit_backrefs_capture_the_suit_once():
    def run(start: int, suits: str) -> ir.Node:
        return ir.Alt(
            tuple(ir.Seq(tuple(ir.Lit(f"{start + i}{s}") for i in range(3))) for s in suits)
        )

    one = suit_backrefs(ir.Pattern(run(1, "mps")))
    assert emit(one, "pcre") == r"1(?<s1>m|p|s)2\k<s1>3\k<s1>"
    # Two runs over the same suits share one capture, taken by a lookahead.
    two = suit_backrefs(ir.Pattern(ir.alt(run(1, "mps"), run(2, "mps"))))
    assert emit(two, "pcre") == r"(?=(?:1|2)(?<s1>m|p|s))(?:1\k<s1>2\k<s1>3|2\k<s1>3\k<s1>4)\k<s1>"


def test_aligned_safe():
    harbin = [t.name for t in rules("harbin").alphabet.tiles]
    assert aligned_safe(["九条"], harbin)
    assert aligned_safe(harbin, harbin)
    # "ab" + "ab" holds "ba" across the boundary.
    assert not aligned_safe(["ba"], ["ab", "ba"])


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("flavor", list(FLAVORS))
def test_outline_is_the_pattern_one_part_per_line(name, flavor):
    if (name, flavor) in CANNOT:
        with pytest.raises(UnsupportedError, match=CANNOT[name, flavor]):
            compile_for(rules(name), flavor, allow_unchecked=True).outline()
        return
    pattern = compile_rules(rules(name), flavor=flavor)
    text = outline(pattern, flavor, allow_unchecked=True)
    joined = "".join(
        line.split("  # ")[0].strip()
        for line in text.splitlines()
        if not line.strip().startswith("# ")
    )
    assert joined == emit(pattern, flavor, allow_unchecked=True)
    assert "# line " in text


@pytest.mark.parametrize("name", BUILTINS)
def test_output_is_deterministic(name):
    """The same pattern (or, where PCRE2 cannot say it, the same refusal)
    every time."""

    def once() -> str:
        try:
            return compile_pattern(rules(name), "pcre")
        except UnsupportedError as e:
            assert (name, "pcre") in CANNOT
            return str(e)

    assert once() == once()


@pytest.mark.parametrize("flavor", ["regex", "pcre"])
def test_anchors_reject_newlines_and_second_lines(flavor):
    text = compile_pattern(rules("harbin"), flavor)
    engine = regex.compile(text) if flavor == "regex" else pcre2.compile(text)
    assert engine.search(WIN)
    for bad in [WIN + "\n", "\n" + WIN, "x\n" + WIN, WIN + "\nx", WIN + "\r\n"]:
        assert engine.search(bad) is None, repr(bad)


@pytest.mark.parametrize("flavor", ["regex", "pcre"])
def test_pung_then_chow_from_the_same_tile(flavor):
    text = compile_pattern(rules("harbin"), flavor)
    engine = regex.compile(text) if flavor == "regex" else pcre2.compile(text)
    assert engine.search("三条三条三条三条四条五条六筒七筒八筒九万九万九万五万五万")


@pytest.mark.parametrize("name", PASS_RULE_SETS)
@pytest.mark.parametrize("off", ["none", *PASSES, "all"])
def test_each_pass_keeps_the_language(name, off):
    """Every pass off in turn (and all off): the same verdicts in the regex
    module and PCRE2 (counter_loop there), and node (slot_flags,
    split_counts, emulated atomic groups there)."""
    options = (
        Options()
        if off == "none"
        else Options(frozenset()) if off == "all" else Options.without(off)
    )
    hands = list(hand_corpus(name))[:4000]
    r = rules(name)
    rx = regex.compile(compile_pattern(r, "regex", options))
    pc = pcre2.compile(compile_pattern(r, "pcre", options))
    assert not disagreements(name, hands, [rx.search(h) is not None for h in hands])
    assert not disagreements(name, hands, [pc.search(h) is not None for h in hands])
    require_engine("node")
    got = run_batch("node", compile_pattern(r, "js", options), hands, flags=FLAVORS["js"].flags)
    assert not disagreements(name, hands, got)


def test_unknown_pass_is_refused():
    with pytest.raises(ValueError, match="unknown pass"):
        Options.without("speed")


def test_counts_to_length_moves_kong_limit_into_the_tile_count():
    r = rules("harbin")
    on = compile_rules(r, flavor="pcre")
    off = compile_rules(r, Options.without("counts_to_length"), flavor="pcre")
    # char_length: 14 to 17 tiles of two characters each.
    assert emit(on, "pcre").startswith(r"\A(?=.{28,34}\z)")
    plain = compile_rules(r, Options.without("char_length"), flavor="pcre")
    assert emit(plain, "pcre").startswith(
        r"\A(?=(?:[七三九二五八六四][万条筒]|一筒|幺[万鸡]|红中){14,17}\z)"
    )
    assert "count(kong) <= 3" in on.body.items[1].label
    # Without the pass the body tells pungs from kongs: a counter of kongs.
    assert "count(kong) <= 3" not in off.body.items[1].label
    assert "count(kong) <= 3" in outline(off, "pcre").split("(?=[^一中九幺]")[1]


def test_counts_to_length_is_not_used_without_lookaround():
    out = compile_for(rules("harbin"), "re2", allow_unchecked=True)
    assert "count(kong) <= 3" not in " ".join(out.unchecked)


def test_marker_chars_find_a_class_by_its_own_characters():
    c = new_context(rules("harbin"))
    suits = {s: {t.index for t in c.alphabet.tiles if t.suit == s} for s in c.alphabet.suits}
    assert markers(c, suits["条"]) == frozenset("鸡条")
    assert markers(c, suits["筒"]) == frozenset("筒")
    # 一 is in 一筒 only, 九 in the three 9s, 幺 in 幺鸡 and 幺万, 中 in 红中.
    th = rules("harbin").where[3].tiles.tiles
    assert markers(c, th) == frozenset("一九幺中")
    riichi = new_context(rules("riichi"))
    assert markers(riichi, {riichi.alphabet.by_name["1m"].index}) is None


def test_fixed_width_only_for_one_width_bmp_alphabets():
    assert fixed_width(new_context(rules("harbin"))) == 2
    assert fixed_width(new_context(rules("riichi"))) == 2
    assert fixed_width(new_context(rules("unicode"))) is None  # astral tiles
    assert (
        fixed_width(new_context(rules("harbin"), caps=get("re2").capabilities, flavor="re2"))
        is None
    )  # no lookaround


def test_pcre_sizes_stay_within_the_seed_length():
    for name in ("harbin", "sichuan", "riichi"):
        for flavor in ("pcre", "regex", "ruby"):
            assert len(compile_pattern(rules(name), flavor)) <= 1524, (name, flavor)
        for flavor in ("python", "js", "java", "dotnet"):
            assert len(compile_pattern(rules(name), flavor)) <= 8000, (name, flavor)


def test_char_length_counts_characters_and_the_body_reads_whole_tiles():
    text = compile_pattern(rules("harbin"), "pcre")
    assert text.startswith(r"\A(?=.{28,34}\z)")
    # Same-melds capture a tile name, not two arbitrary characters.
    # (run_limits puts a lookahead between the tile and its copies: a run
    # of more copies than the limit fails at its first meld.)
    assert r"(?<t3>[七三九二五八六四][万条筒]|一筒|幺[万鸡]|红中)(?!\k<t3>{4})\k<t3>{2,3}" in text
    # Inlined into every branch of the automaton the names would cost a
    # third more characters: Python re and Java keep the tile-reading count.
    assert compile_pattern(rules("harbin"), "python").startswith(r"\A(?=(?:[七三九二五八六四]")
    off = compile_pattern(rules("harbin"), "pcre", Options.without("char_length"))
    assert "(?<t3>..)" in off or "(?<t2>..)" in off


def test_marker_scans_and_suit_subsets():
    text = compile_pattern(rules("harbin"), "pcre")
    # Two suits of three: every two suits hold a tile, each one negated class.
    for scan in ("(?=[^条筒鸡]*[条筒鸡])", "(?=[^万幺条]*[万幺条])", "(?=[^万筒]*[万筒])"):
        assert scan in text
    assert "(?=[^一中九幺]*[一中九幺])" in text
    chain = compile_pattern(rules("harbin"), "pcre", Options.without("suit_subsets"))
    assert "(?=[^万筒]*[万筒])" not in chain and "[条鸡]" in chain
    lazy = compile_pattern(rules("harbin"), "pcre", Options.without("marker_scans"))
    assert "(?=.*?[一中九幺])" in lazy
    # Sichuan's suits <= 2: not all three suits.
    si = compile_pattern(rules("sichuan"), "pcre")
    assert "(?!(?=[^万]*万)(?=[^筒]*筒)[^条]*条)" in si


def test_counters_are_checked_against_the_automaton():
    r = rules("harbin")
    c = new_context(r, caps=get("pcre").capabilities, flavor="pcre")  # persistent groups
    shape = r.shapes[0]
    names, found = counters(shape, plan(c, shape))
    assert names == ("chow", "pung", "kong", "pair")
    assert sorted(x.describe() for x in found) == [
        "count(kong | pung) >= 1",
        "count(pair) == 1",
    ]
    r2 = rules("counters")
    c2 = new_context(r2, caps=get("pcre").capabilities, flavor="pcre")
    got = {s.name: sorted(x.describe() for x in counters(s, plan(c2, s))[1]) for s in r2.shapes}
    assert got == {
        "two_pungs": ["2 <= count(pung) <= 3", "count(pair) == 1"],
        "two_pairs": ["1 <= count(pung) <= 2", "count(pair) == 2"],
        "one_pung": ["count(pair) == 1", "count(pung) == 1"],
    }
    # Kinds of one counter in different branches: "at least one" keeps a
    # flag per branch; a count above one would need shared level groups, so
    # the automaton stays.
    c3 = new_context(
        r, Options.without("counts_to_length"), caps=get("pcre").capabilities, flavor="pcre"
    )
    assert sorted(x.describe() for x in counters(shape, plan(c3, shape))[1]) == [
        "count(kong | pung) >= 1",
        "count(kong) <= 3",
        "count(pair) == 1",
    ]
    two = load_rules_text(
        "meld chow = run 3\nmeld pung = same 3\nmeld kong = same 4\nmeld pair = same 2\n"
        "hand h = 4 * (chow | pung | kong) + pair where count(pung | kong) >= 2, count(kong) <= 1\n"
        "win h\n"
    )
    c4 = new_context(
        two, Options.without("counts_to_length"), caps=get("pcre").capabilities, flavor="pcre"
    )
    assert counters(two.shapes[0], plan(c4, two.shapes[0])) is None


def load_rules_text(body: str):
    """A small rule set over the m suit, from its meld, hand and win lines."""
    return load("ruleset t\ntiles { suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m }\n" + body, "t.meld")


def test_counter_loop_counts_melds_in_flag_groups():
    text = compile_pattern(rules("harbin"), "pcre")
    # Four melds and the pair as five turns of one loop; the pair once (its
    # flag unset before it), a pung or kong at least once (flag set after).
    # (run_limits: the pair's tile is followed by the check that no run of
    # five copies starts there.)
    pair = r"\(\?!\\k<(n\d+)>\)\(\?<(\w+)>[^)]*\)\(\?!\\k<\2>\{4\}\)\\k<\2>\(\?<\1>\)\)\{5\}\\z"
    assert re.search(pair, text)
    assert re.search(r"\{5\}\\z\\k<n\d+>\\k<n\d+>\\z", text)
    assert "(?&" not in text  # each meld is written once: nothing left to call
    for flavor in ("regex", "dotnet"):
        assert re.search(r"\{5\}\\z", compile_pattern(rules("harbin"), flavor))
    for flavor in ("python", "java", "ruby", "js"):
        assert not re.search(r"\{5\}(\\z|\$)", compile_pattern(rules("harbin"), flavor))
    off = compile_pattern(rules("harbin"), "pcre", Options.without("counter_loop"))
    assert not re.search(r"\{5\}\\z", off)
    # split_counts: up to four pungs or kongs keep their tiles in the first
    # free one of four groups; the pair's own capture is the fifth.
    assert len(re.findall(r"\(\?!\\k<e\d+>\(\?>\.\*\?\\k<m\d+>\)\{5\}\)", text)) == 4
    assert re.search(r"\(\?!\(\?>\.\*\?\\k<m\d+>\)\{5\}\)", text)
    quad = compile_pattern(rules("harbin"), "pcre", Options.without("split_counts"))
    assert "(?!(?:..)*?(?<c" in quad and "(?<e" not in quad
    # Levels: at least two pungs and at most three, three level groups.
    two = compile_pattern(rules("counters"), "pcre")
    assert re.search(r"\\k<(n\d+)>\(\?!\\k<(n\d+)>\)\(\?<\2>\)", two)


def test_slot_flags_and_split_counts_in_js():
    text = compile_pattern(rules("harbin"), "js")
    # Five slots; a pair's flag is its own tile capture, read by the later
    # slots one character into their first tile, where only an unset group
    # can match.
    assert re.search(r"\(\?=\.\\k<m\d+>\\k<m\d+>\\k<m\d+>\\k<m\d+>\)\(\?<m\d+>", text)
    # After the end: some pair, some pung or kong.
    assert len(re.findall(r"\(\?!(\\k<m\d+>){5}\)", text)) == 2
    # The copy count reads the tile of each pair, pung or kong: ten scans,
    # each skipped when its meld was a chow.
    assert len(re.findall(r"\(\?!\(\?!\.\\k<m\d+>\)", text)) == 10
    assert "(?=(?<a1>.*?" in text  # an atomic scan, emulated
    # Tiles of one character: the flag is the rest of the hand instead.
    uni = compile_pattern(rules("unicode"), "js")
    assert re.search(r"\(\?=\(\?<f\d+>\.\*\)\)", uni)
    # Thirteen orphans has fourteen single tiles: more than four copies of a
    # tile need not be a pair or pung there, so riichi counts tile by tile.
    riichi = compile_pattern(rules("riichi"), "js")
    assert "(?!(?!.\\k<m" not in riichi and "(?!(?:..)*?(?<c" in riichi
    plain = compile_pattern(rules("harbin"), "js", Options.without("slot_flags"))
    assert "(?<m" not in plain and "(?!(?:..)*?(?<c" in plain


def test_a_shape_whose_window_is_the_hands_checks_its_length_once(tmp_path):
    """A win-level count(kong) <= 3 over two shapes moves into the length
    lookahead; where a shape's window is the whole hand's, the lookahead at
    the start checks it and the shape does not repeat it."""
    source = builtin_source("harbin")
    source = source.replace(
        "hand standard = 4 * (chow | pung | kong) + pair",
        "hand standard = 4 * (chow | pung | kong) + pair\nhand seven = 7 * pair",
    ).replace("win standard where", "win standard | seven where")
    two = load(source, "two.meld")
    assert compile_pattern(two, "pcre").count(".{28,34}\\z") == 1
    for flavor in ("pcre", "js", "python"):
        assert compile_for(two, flavor).outline().count("14 to 17 tiles") == 1, flavor
