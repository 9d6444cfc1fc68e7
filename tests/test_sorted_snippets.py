"""Sorted input as code and JSON (``compile --input sorted --format
code|json``): every language's snippet, in its real toolchain, given hands
in random order -- shuffled strings and shuffled lists of tile names --
sorts them as the multiset reference does and answers as it does, and
refuses a string that is not tile names (its language's error); Go and Rust
also with an indicator read from the hand (one pattern per turned tile, on
a small rule set).  Each language's program holds every rule set and is
built once (:mod:`sorted_snippet_programs`)."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest
from conftest import read_fixtures
from snippet_programs import LANGS, missing, program_getter
from sorted_snippet_programs import build, load, source

from mahjong_regex import HandError, builtin_source
from mahjong_regex.cli import main
from mahjong_regex.flavors.table import language_flavor
from mahjong_regex.hands.sorted_hands import sorted_hands
from mahjong_regex.reference.multiset import MultisetEvaluator, sort_hand

#: The rule sets every language's program holds (``sorted_turned``, with an
#: indicator, is refused where the flavor has lookaround, until sorted
#: patterns read a turned tile there).
RULE_SETS = ("harbin", "riichi", "hongzhong", "sichuan", "sorted_turned")
#: Sorted hands per rule set, each given twice: as a shuffled string and a
#: shuffled list.
HANDS = 120
#: Strings that are no hand, each sorted and checked with an error (for
#: ``sorted_turned``: a tile it never turns, and no tiles after the turned one).
NOT_TILES = ("1x", "tiles", "|", "1z|2m3m4m2z2z", "1m|")


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    """{language: its program}, each built on first use."""
    return program_getter(build, tmp_path_factory, RULE_SETS, "sorted-")


@lru_cache(maxsize=None)
def cases(name: str) -> tuple:
    """The hands given to ``name``'s functions: sorted hands (the fixtures'
    tiles, and hands near the boundary) with their tiles shuffled, each as
    a string and as a list (the turned tile and ``|`` first), then strings
    that are not tile names."""
    rules = load(name)
    hands = []
    if name != "sorted_turned":
        fixtures = (_sorted(rules, h) for _, h, _, _ in read_fixtures(name))
        hands += [h for h in fixtures if h][: HANDS // 4]
    hands += [h for h in sorted_hands(rules, 3 * HANDS, seed=5) if _readable(rules, h)]
    rng = random.Random(11)
    out: list = []
    for hand in list(dict.fromkeys(hands))[:HANDS]:
        head, _, rest = hand.rpartition("|")
        tiles = [t.name for t in rules.alphabet.tokenize(rest)]
        rng.shuffle(tiles)
        out.append((f"{head}|" if head else "") + "".join(tiles))
        out.append(([head, "|"] if head else []) + tiles)
    return tuple(out) + NOT_TILES


def _sorted(rules, hand: str) -> str | None:
    """An arranged hand sorted (None where it is not tile names)."""
    try:
        return sort_hand(rules, hand)
    except HandError:
        return None


def _readable(rules, hand: str) -> bool:
    """Is ``hand`` a sorted hand (some generated ones are no hand at all)?"""
    return MultisetEvaluator(rules).evaluate(hand).error is None


def expected(name: str, given) -> tuple[bool, str] | None:
    """What the reference says of ``given`` (a string or a list): (win, the
    sorted hand), or None when it is not tile names."""
    rules = load(name)
    text = given if isinstance(given, str) else "".join(given)
    try:
        hand = sort_hand(rules, text)
    except HandError:
        return None
    return MultisetEvaluator(rules).wins(hand), hand


CASES = [(lang, name) for lang in LANGS for name in RULE_SETS]


@pytest.mark.parametrize("lang,name", CASES, ids=[f"{lang}-{name}" for lang, name in CASES])
def test_sorted_snippet_sorts_and_decides_as_the_reference(programs, lang, name):
    program = programs(lang)
    if name not in program.held:
        assert source(name, language_flavor(lang)) is None
        pytest.skip(
            f"{language_flavor(lang)} refuses {name} for sorted input (test_sorted_flavors)"
        )
    given = cases(name)
    answers = program.decide(name, lang, given)
    assert len(answers) == len(given)
    want = [expected(name, g) for g in given]
    bad = [f"{g!r}: {a} (reference {w})" for g, a, w in zip(given, answers, want) if a != w]
    assert not bad, f"{lang}: {len(bad)} of {len(given)} disagree, e.g.\n" + "\n".join(bad[:10])
    wins = [w for w in want if w is not None and w[0]]
    assert len(wins) >= 10 and len(wins) < len(given) - 10
    assert answers[-len(NOT_TILES) :] == [None] * len(NOT_TILES)


def run_module(tmp_path, capsys, name: str, lang: str, module: str, script: str):
    """Compile ``name``'s sorted snippet in ``lang`` (``js`` or ``ruby``, a
    flavor of the same name) into ``module``, run ``script`` (its main,
    beside it), and return what it prints, split on white space; skips where
    the toolchain is missing."""
    argv = ["compile", name, "--input", "sorted", "--flavor", lang, "--format", "code"]
    assert main(argv) == 0
    (tmp_path / module).write_text(capsys.readouterr().out, encoding="utf-8")
    if missing(lang):
        pytest.skip(f"the {lang} toolchain is not on PATH")
    from snippet_programs import run

    main_file = "main.mjs" if lang == "js" else "main.rb"
    (tmp_path / main_file).write_text(script, encoding="utf-8")
    return run(["node" if lang == "js" else "ruby", main_file], tmp_path).split()


def test_the_hongzhong_module_says_win_in_node_for_a_hand_in_any_order(tmp_path, capsys):
    script = (
        'import { isHongzhongWinningTiles as win } from "./hongzhong.mjs";\n'
        'console.log(win("八条中六条四万四万四万五万六万七万六筒七筒八筒六条八条"),\n'
        '  win(["九条", "一万", "二万", "四万", "五万", "七万", "八万", "一筒", "二筒", '
        '"四筒", "五筒", "七筒", "八筒", "九条"]));\n'
    )
    out = run_module(tmp_path, capsys, "hongzhong", "js", "hongzhong.mjs", script)
    assert out == ["true", "false"]


def test_the_js_sort_throws_a_type_error_for_what_is_not_tiles(tmp_path, capsys):
    """A number, null, or a list holding a number: a TypeError, not ``false``
    (a number read as no tiles) or a raw "not iterable"."""
    script = (
        'import { isHongzhongWinningTiles as win } from "./hongzhong.mjs";\n'
        'for (const x of [42, null, ["一万", 1]]) {\n'
        '  try { win(x); console.log("none"); } catch (e) { console.log(e.name); }\n'
        "}\n"
    )
    out = run_module(tmp_path, capsys, "hongzhong", "js", "hongzhong.mjs", script)
    assert out == ["TypeError", "TypeError", "TypeError"]
    # An object is named by its kind: String() would throw (no prototype) or
    # read like a string (["一万"]).
    script = script.replace('[42, null, ["一万", 1]]', '[[Object.create(null)], [["一万"]]]')
    script = script.replace("console.log(e.name)", "console.log(e.name + ': ' + e.message)")
    out = run_module(tmp_path, capsys, "hongzhong", "js", "hongzhong.mjs", script)
    assert (
        out
        == (
            "TypeError: item 0 is not a string: [object Object] "
            "TypeError: item 0 is not a string: [object Array]"
        ).split()
    )


def test_the_ruby_sort_reads_a_binary_string_as_utf_8(tmp_path, capsys):
    """A hand read from a socket or a file in binary mode (ASCII-8BIT) sorts
    as the same text in UTF-8 does."""
    script = (
        'require_relative "harbin"\n'
        'puts sort_harbin_hand("红中幺鸡二条".b)\n'
        'puts harbin_winning_tiles?("红中幺鸡".b)\n'
    )
    out = run_module(tmp_path, capsys, "harbin", "ruby", "harbin.rb", script)
    assert out == ["幺鸡二条红中", "false"]


def test_the_ruby_sort_reads_binary_items_among_utf_8_ones_and_refuses_what_is_not_a_string(
    tmp_path, capsys
):
    """A list mixing binary and UTF-8 strings reads as one text; a hand in
    binary checks as in UTF-8; nil, or an item that is not a String, is a
    TypeError naming it, never a quiet verdict."""
    script = (
        'require_relative "harbin"\n'
        "t = %w[幺鸡 幺鸡 幺鸡 二条 三条 四条 五条 六条 七条 一筒 一筒 幺万 幺万 幺万]\n"
        "p harbin_winning_tiles?([t[0].b] + t[1..])\n"
        "p harbin_winning_hand?(t.join.b)\n"
        "[nil, ['幺鸡', nil], [1, '幺鸡']].each do |x|\n"
        "  harbin_winning_tiles?(x)\n"
        "  puts 'none'\n"
        "rescue TypeError => e\n"
        "  puts e.message.split.first(2).join('_')\n"
        "end\n"
    )
    out = run_module(tmp_path, capsys, "harbin", "ruby", "harbin.rb", script)
    assert out == ["true", "true", "not_a", "item_1", "item_0"]


def test_the_ruby_module_reads_other_encodings_as_their_text_and_invalid_bytes_as_no_hand(
    tmp_path, capsys
):
    """A hand in UTF-16 or GB18030 checks as the same text in UTF-8 (UTF-16
    without a byte order mark read as big-endian); bytes that are no UTF-8
    text are no hand (false), as in every other language, not an
    ArgumentError from the regex engine; what is not a String is a
    TypeError; an item that cannot be transcoded is an ArgumentError
    naming it."""
    script = (
        'require_relative "harbin"\n'
        'hand = "幺鸡幺鸡幺鸡二条三条四条五条六条七条一筒一筒幺万幺万幺万"\n'
        "p harbin_winning_hand?(hand.encode('UTF-16LE'))\n"
        "p harbin_winning_hand?(hand.encode('GB18030'))\n"
        'p harbin_winning_hand?(hand + "\\xff")\n'
        "p harbin_winning_hand?(\"\\xff\".force_encoding('UTF-16LE'))\n"
        "p harbin_winning_hand?(hand.encode('UTF-16BE').force_encoding('UTF-16'))\n"
        "p harbin_winning_hand?(hand.encode('UTF-16BE').b.force_encoding('UTF-7'))\n"
        "[nil, [hand]].each { |x| harbin_winning_hand?(x) rescue puts $!.class }\n"
        "p harbin_winning_tiles?(%w[幺万 幺万 幺万 一筒 一筒 七条 六条 五条 四条 三条 二条 幺鸡 幺鸡 幺鸡]"
        ".map { |t| t.encode('UTF-16BE') })\n"
        "begin\n"
        "  harbin_winning_tiles?(['幺鸡', \"\\xff\".force_encoding('UTF-16LE')])\n"
        "rescue ArgumentError => e\n"
        "  puts e.message.split.first(2).join('_')\n"
        "end\n"
    )
    out = run_module(tmp_path, capsys, "harbin", "ruby", "harbin.rb", script)
    assert out == [
        "true",
        "true",
        "false",
        "false",
        "true",
        "false",
        "TypeError",
        "TypeError",
        "true",
        "item_1",
    ]


def test_bytes_are_refused_by_the_python_and_js_sorts_and_are_no_hand_in_js(tmp_path, capsys):
    """Bytes (Python ``bytes``, a Node ``Buffer``) are a TypeError that says
    to decode them, not "item 0 is not a str: 229" (their first byte); JS's
    check says false for what is not a string, as for null."""
    script = (
        'import { isHarbinWinningHand as win, sortHarbinHand as sort } from "./harbin.mjs";\n'
        'console.log(win(Buffer.from("幺鸡")), win(null));\n'
        'try { sort(Buffer.from("幺鸡")); } catch (e) { console.log(e.name, e.message.includes("decode")); }\n'
    )
    out = run_module(tmp_path, capsys, "harbin", "js", "harbin.mjs", script)
    assert out == ["false", "false", "TypeError", "true"]
    argv = ["compile", "harbin", "--input", "sorted", "--flavor", "python", "--format", "code"]
    assert main(argv) == 0
    space: dict = {}
    exec(capsys.readouterr().out, space)
    with pytest.raises(TypeError, match="decode bytes first"):
        space["sort_harbin_hand"]("幺鸡".encode())


def run_php(tmp_path, capsys, form: str, script: str) -> list[str]:
    """Compile riichi's PHP snippet for ``form`` input into riichi.php, run
    ``script`` (PHP after ``require 'riichi.php';``) beside it, and return
    its lines; skips where php is missing."""
    argv = ["compile", "riichi", "--input", form, "--lang", "php", "--format", "code"]
    assert main(argv) == 0
    (tmp_path / "riichi.php").write_text(capsys.readouterr().out, encoding="utf-8")
    if missing("php"):
        pytest.skip("php is not on PATH")
    from snippet_programs import run

    main_php = "<?php\nrequire 'riichi.php';\n" + script
    (tmp_path / "main.php").write_text(main_php, encoding="utf-8")
    return run(["php", "main.php"], tmp_path).splitlines()


def test_the_php_sort_refuses_what_is_not_a_string_and_names_the_tile(tmp_path, capsys):
    """null, or an item that is not a string, is a TypeError naming its type
    (PHP would read 1 as "1" and null as ""); where no tile name starts, the error gives the
    tile's place and the rest of the text, escaped."""
    script = (
        'foreach ([null, ["1m", null], [1, "m"], "1m\\n2m"] as $x) {\n'
        '    try { is_riichi_winning_tiles($x); echo "none\\n"; }\n'
        '    catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\\n"; }\n'
        "}\n"
    )
    assert run_php(tmp_path, capsys, "sorted", script) == [
        "TypeError: not a string of tile names or an array of them: NULL",
        "TypeError: item 1 is not a string: NULL",
        "TypeError: item 0 is not a string: integer",
        'InvalidArgumentException: not tile names: no tile name starts at tile 2: "\\n2m"',
    ]


def test_json_gives_the_canonical_order_and_a_sorted_example(capsys):
    assert main(["compile", "harbin", "--input", "sorted", "--format", "json"]) == 0
    info = json.loads(capsys.readouterr().out)
    rules = load("harbin")
    assert info["input"] == "sorted" and info["flavor"] == "pcre" and info["pattern"]
    assert info["order"][:2] == ["幺鸡", "二条"] and info["order"][-1] == "红中"
    assert sorted(info["order"]) == sorted(info["tiles"]) and info["turned_first"] is False
    example = info["example"]
    assert sort_hand(rules, example) == example and MultisetEvaluator(rules).wins(example)
    assert "patterns" not in info


def test_re2_json_with_an_indicator_holds_one_pattern_per_turned_tile(capsys):
    spec = str(load("sorted_turned").path)
    assert main(["compile", spec, "--input", "sorted", "--flavor", "re2", "--format", "json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["pattern"] is None and info["turned_first"] is True
    assert [p["turned"] for p in info["patterns"]] == [f"{r}m" for r in range(1, 10)]
    assert info["example"].split("|")[0] in {p["turned"] for p in info["patterns"]}
    assert main(["compile", spec, "--input", "sorted", "--flavor", "re2"]) == 2
    assert "--indicator fixes one" in capsys.readouterr().err


@pytest.mark.parametrize("lang", LANGS)
def test_code_names_the_sort_functions_and_refuses_what_the_flavor_refuses(lang, capsys, tmp_path):
    assert (
        main(["compile", "sichuan", "--input", "sorted", "--lang", lang, "--format", "code"]) == 0
    )
    out = capsys.readouterr().out
    assert "Tiles in any order:" in out and "Example (a winning sorted hand):" in out
    # Lookaround flavors refuse a tile that plays the turned kind and sorts
    # before a tile that may be wild; re2's code, one pattern per turned
    # tile, their size.
    path = tmp_path / "east.meld"
    path.write_text(builtin_source("wenzhou").replace("proxy 白", "proxy 东"), encoding="utf-8")
    code = main(["compile", str(path), "--input", "sorted", "--lang", lang, "--format", "code"])
    err = capsys.readouterr().err
    if lang in ("go", "rust"):
        assert code == 2 and "east.meld: error: flavor 're2'" in err and "bytes (UTF-8)" in err
    else:
        assert code == 2 and "east.meld:18:1: error: " in err and "'proxy'" in err


def test_the_python_snippet_raises_value_error_for_what_is_not_tile_names(capsys):
    assert (
        main(["compile", "riichi", "--input", "sorted", "--lang", "python", "--format", "code"])
        == 0
    )
    space: dict = {}
    exec(capsys.readouterr().out, space)
    assert space["sort_riichi_hand"](["9m", "1m1m", "5z"]) == "1m1m9m5z"
    with pytest.raises(ValueError, match="no tile name starts at tile 2: 'x5z'"):
        space["is_riichi_winning_tiles"]("1mx5z")
    with pytest.raises(TypeError, match="item 1 is not a str: None"):
        space["is_riichi_winning_tiles"](["1m", None])
    for nothing in (None, 5):
        with pytest.raises(TypeError, match=f"not a str of tile names .*: {nothing}$"):
            space["sort_riichi_hand"](nothing)
    assert space["is_riichi_winning_hand"]("1mx5z") is False


@pytest.mark.parametrize("lang", ["java", "csharp"])
def test_a_lone_surrogate_in_text_that_is_no_tile_is_escaped_in_the_error(lang, tmp_path, capsys):
    """Java and C# strings may hold half a surrogate pair, which prints as
    '?': the error escapes it (as JSON does), and keeps a pair whole."""
    argv = ["compile", "riichi", "--input", "sorted", "--lang", lang, "--format", "code"]
    assert main(argv) == 0
    code = capsys.readouterr().out
    if missing(lang):
        pytest.skip(f"the {lang} toolchain is not on PATH")
    from snippet_programs import run

    hands = r'"1m\uD800x", "1m\uD83C\uDC00\uDC00"'
    if lang == "java":
        (tmp_path / "RiichiWinningHand.java").write_text(code, encoding="utf-8")
        (tmp_path / "Main.java").write_text(
            "public class Main { public static void main(String[] a) {\n"
            f"  for (String h : new String[] {{{hands}}}) {{\n"
            "    try { RiichiWinningHand.sortHand(h); }\n"
            "    catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }\n"
            "  } } }\n",
            encoding="utf-8",
        )
        run(["javac", "-encoding", "UTF-8", "Main.java", "RiichiWinningHand.java"], tmp_path)
        out = run(["java", "-Dstdout.encoding=UTF-8", "-cp", ".", "Main"], tmp_path)
    else:
        (tmp_path / "Riichi.cs").write_text(code, encoding="utf-8")
        (tmp_path / "Main.cs").write_text(
            "using System; public static class MainClass { public static void Main() {\n"
            "  Console.OutputEncoding = new System.Text.UTF8Encoding(false);\n"
            f"  foreach (string h in new[] {{{hands}}}) {{\n"
            "    try { RiichiWinningHand.SortHand(h); }\n"
            "    catch (ArgumentException e) { Console.WriteLine(e.Message); }\n"
            "  } } }\n",
            encoding="utf-8",
        )
        run(["mcs", "-out:main.exe", "Main.cs", "Riichi.cs"], tmp_path)
        out = run(["mono", "main.exe"], tmp_path)
    assert out.splitlines() == [
        'not tile names: no tile name starts at tile 2: "\\ud800x"',
        'not tile names: no tile name starts at tile 2: "\U0001f000\\udc00"',
    ]


@pytest.mark.parametrize("form", ["arranged", "sorted"])
def test_the_php_check_throws_where_pcre2_stops_instead_of_saying_no(form, tmp_path, capsys):
    """preg_match gives false (no verdict) past PCRE2's backtracking limit:
    the check throws a RuntimeException then, never a quiet false."""
    hand = {"arranged": "1m1m1m2m3m4m5m6m7m9m9m9m5m5m", "sorted": "1m1m1m2m3m4m5m5m5m6m7m9m9m9m"}
    script = (
        f"$hand = '{hand[form]}';\n"
        "echo is_riichi_winning_hand($hand) ? 'win' : 'no', \"\\n\";\n"
        "ini_set('pcre.jit', '0');\nini_set('pcre.backtrack_limit', '1');\n"
        'try { is_riichi_winning_hand($hand); echo "verdict\\n"; }\n'
        "catch (RuntimeException $e) { echo get_class($e), ': ', $e->getMessage(), \"\\n\"; }\n"
    )
    out = run_php(tmp_path, capsys, form, script)
    assert out == ["win", "RuntimeException: Backtrack limit exhausted"]
