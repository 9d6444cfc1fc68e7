"""The DSL: parsing, checking, and errors at exact positions."""

from __future__ import annotations

import pytest

from mahjong_regex import BUILTINS, MeldError
from mahjong_regex.rules import builtin_source
from mahjong_regex.ruleset.checker import load

HEAD = "ruleset t\ntiles { suit 条: 幺鸡 二条 三条 四条 五条 六条 七条 八条 九条\n honor dragon: 红中 }\n"
OK = HEAD + "meld pair = same 2\nhand h = 7 * pair\nwin h\n"


def error(source: str) -> MeldError:
    with pytest.raises(MeldError) as info:
        load(source, "t.meld")
    return info.value


@pytest.mark.parametrize("name", BUILTINS)
def test_builtins_load(name):
    rules = load(builtin_source(name), f"{name}.meld")
    assert rules.name == name
    assert rules.shapes


def test_harbin_model():
    rules = load(builtin_source("harbin"), "harbin.meld")
    assert [t.name for t in rules.alphabet.tiles][:3] == ["幺鸡", "二条", "三条"]
    assert rules.alphabet.suits == ("条", "筒", "万")
    assert [t.name for t in rules.alphabet.tiles if t.is_honor] == ["红中"]
    assert [(c, k) for c, k in rules.shapes[0].slots] == [
        (4, ("chow", "pung", "kong")),
        (1, ("pair",)),
    ]
    assert [c.text for c in rules.where] == [
        "count(pung | kong) >= 1",
        "count(kong) <= 3",
        "suits >= 2",
        "contains(terminal | honor)",
        "each tile <= 4",
    ]
    terminal_or_honor = rules.where[3].tiles.tiles
    names = sorted(rules.alphabet.tiles[i].name for i in terminal_or_honor)
    assert names == sorted(["幺鸡", "九条", "一筒", "九筒", "幺万", "九万", "红中"])


def test_classes_and_ranks():
    rules = load(HEAD + "meld p = same 2 of rank in {2, 5, 8} | {红中}\nhand h = 7 * p\nwin h\n")
    kind = rules.kinds["p"]
    assert [rules.alphabet.tiles[i[0]].name for i in kind.instances(rules.alphabet)] == [
        "二条",
        "五条",
        "八条",
        "红中",
    ]


@pytest.mark.parametrize(
    "source,line,col,message",
    [
        (
            HEAD + "meld pair = same 2\nhand h = 7 * pair\nwin h where suits >\n",
            6,
            19,
            "unexpected character '>'",
        ),
        (HEAD + "meld pair = same 2\nhand h = 7 * pair\nwin\n", 6, 4, "unexpected end of file"),
        (HEAD + "meld pair = same 2 ;\n", 4, 20, "unexpected ';'"),
        (
            HEAD + "meld pair = same 2\nhand h = 7 * (pair | pong)\nwin h\n",
            5,
            22,
            "unknown meld kind 'pong'",
        ),
        (HEAD + "meld pair = same 2\nhand h = 7 * pair\nwin g\n", 6, 5, "unknown hand shape 'g'"),
        (
            HEAD + "meld pair = same 2 of 筒\nhand h = 7 * pair\nwin h\n",
            4,
            23,
            "unknown tile class '筒'",
        ),
        (
            HEAD + "meld pair = same 2 of {白板}\nhand h = 7 * pair\nwin h\n",
            4,
            24,
            "'白板' is not a tile",
        ),
        (
            HEAD + "meld pair = same 2 of rank in {0}\nhand h = 7 * pair\nwin h\n",
            4,
            23,
            "rank 0 is out of range",
        ),
        (
            HEAD + "meld pair = same 2\nmeld pair = same 3\nhand h = 7 * pair\nwin h\n",
            5,
            1,
            "defined twice",
        ),
        (
            HEAD + "meld pair = same 2\nhand h = 7 * pair\nwin h where suits >= 2\n",
            6,
            13,
            "only 1 suit",
        ),
        (HEAD + "meld c = run 3 of honor\nhand h = 7 * c\nwin h\n", 4, 1, "matches no tiles"),
        (
            HEAD + "meld pair = same 2\nhand h = 7 * pair\nwin h where count(pung) >= 1\n",
            6,
            19,
            "unknown meld kind 'pung'",
        ),
        (HEAD + "meld pair = same 2\nhand h = 19 * pair\nwin h\n", 5, 1, "at most 18"),
        (
            "ruleset t\ntiles { suit a: 1 2 3 }\nmeld p = same 2\nhand h = 7 * p\nwin h\n",
            2,
            9,
            "has 3 tile names",
        ),
        (
            "ruleset t\ntiles { suit a: 1 11 3 4 5 6 7 8 9 }\nmeld p = same 2\nhand h = 7 * p\nwin h\n",
            2,
            17,
            "'1' is a prefix of '11'",
        ),
        (
            "ruleset t\ntiles { suit a: 1 2 3 4 5 6 7 8 1 }\nmeld p = same 2\nhand h = 7 * p\nwin h\n",
            2,
            33,
            "declared twice",
        ),
        (OK + "win h\n", 7, 1, "a second 'win'"),
        (
            "ruleset t\ntiles { suit 万 ranks 2-8: 二万 三万 }\nmeld p = same 2\nhand h = 7 * p\nwin h\n",
            2,
            9,
            "ranks 2-8 are 7 tiles",
        ),
        (
            "ruleset t\ntiles { suit a = q: 1 2 3 4 5 6 7 8 9 }\nmeld p = same 2\nhand h = 7 * p\nwin h\n",
            2,
            18,
            "'q' is not a suit",
        ),
        (
            HEAD.replace("红中", "红中 = 龙") + "meld p = same 2\nhand h = 7 * p\nwin h\n",
            3,
            21,
            "not an honor",
        ),
        (
            HEAD.replace("幺鸡", "幺鸡 = 1s") + "meld p = same 2\nhand h = 7 * p\nwin h\n",
            2,
            22,
            "suited tile",
        ),
        (
            HEAD.replace("红中", "中 红中 = 中") + "meld p = same 2\nhand h = 7 * p\nwin h\n",
            3,
            18,
            "same tile",
        ),
        (HEAD + "class tile = 条\n", 4, 1, "already taken"),
        (HEAD + "class k = {龙}\n", 4, 12, "'龙' is not a tile"),
        (HEAD + "meld r = run 3 step 0\n", 4, 1, "a run's step is 1 to 8"),
        (HEAD + "meld d = distinct 3 of {红中}\n", 4, 1, "matches no tiles"),
        (HEAD + "meld d = same 2 of 条 & nope\n", 4, 24, "unknown tile class 'nope'"),
        (
            OK.replace("win h\n", "win h where count(pair) >= 1 or contains(tile)\n"),
            6,
            13,
            "'or' joins",
        ),
        (OK.replace("win h\n", "win h where tiles(some suit) >= 999\n"), 6, 13, "from 0 to 162"),
        (OK.replace("win h\n", "win h where tiles(发) >= 1\n"), 6, 19, "unknown tile class '发'"),
        ("ruleset t\nmeld p = same 2\nhand h = 7 * p\nwin h\n", 1, 1, "no 'tiles"),
        (
            "ruleset t\ntiles { suit m ranks 1-5: 1m 2m 3m 4m 5m }\nindicator\n"
            "wild 1m | next(indicator)\nmeld p = same 2\nhand h = 2 * p\nwin h\n",
            4,
            11,
            "the tile after '5m' is not a tile",
        ),
    ],
)
def test_error_positions(source, line, col, message):
    e = error(source)
    assert (e.span.line, e.span.column) == (line, col), e.render("t.meld", source)
    assert message in e.message


def test_render_points_a_caret_at_the_column():
    source = HEAD + "meld pair = same 2 ;\n"
    text = error(source).render("t.meld", source)
    lines = text.splitlines()
    assert (
        lines[0]
        == "t.meld:4:20: error: unexpected ';'; expected 'class', 'hand', 'indicator', 'meld', 'of', 'proxy', 'score', 'tests', 'tiles', 'wild' or 'win'"
    )
    assert lines[1] == "    meld pair = same 2 ;"
    assert lines[2] == "    " + " " * 19 + "^"


def test_render_widens_the_caret_under_cjk():
    source = HEAD + "meld pair = same 2 of 筒\nhand h = 7 * pair\nwin h\n"
    lines = error(source).render("t.meld", source).splitlines()
    assert lines[2] == "    " + " " * 22 + "^~"


def test_new_constructs_resolve():
    source = HEAD.replace("红中", "红中 = 中 发") + (
        "class low = 条 & rank in {1, 2, 3}\n"
        "meld knit = run 3 step 3\nmeld three = distinct 3 of low | 红中\n"
        "meld pair = same 2\nhand h = 2 * knit + three + pair where tiles(some suit) >= 2\n"
        "win h where count(knit) == 2 or count(three) == 1, only(条 | 红中 | 发)\n"
    )
    r = load(source, "t.meld")
    names = [t.name for t in r.alphabet.tiles]
    knit = [[names[i] for i in inst] for inst in r.kinds["knit"].instances(r.alphabet)]
    assert knit == [["幺鸡", "四条", "七条"], ["二条", "五条", "八条"], ["三条", "六条", "九条"]]
    three = r.kinds["three"].instances(r.alphabet)
    assert [[names[i] for i in inst] for inst in three][0] == ["幺鸡", "二条", "三条"]
    assert len(three) == 4  # 3 of {幺鸡, 二条, 三条, 红中}
    assert [t.identity for t in r.alphabet.tiles][-2:] == ["中", "发"]
    assert r.where[0].kind == "any" and r.where[1].tiles.tiles == set(range(11))
    assert r.shapes[0].where[0].kind == "any"


WARN = HEAD + "meld pair = same 2\n"


@pytest.mark.parametrize(
    "source,line,col,message",
    [
        (
            WARN + "meld x = run 3 of 条 | {红中}\nhand h = 4 * x + pair\nwin h\n",
            5,
            1,
            "meld kind 'x' can never use 红中",
        ),
        (WARN + "meld pung = same 3\nhand h = 7 * pair\nwin h\n", 5, 1, "'pung' is never used"),
        (WARN + "hand g = 7 * pair\nhand h = 7 * pair\nwin h\n", 5, 1, "'g' is never used"),
        (WARN + "class k = 条\nhand h = 7 * pair\nwin h\n", 5, 1, "class 'k' is never used"),
        (
            WARN + "hand h = 7 * pair where count(pair) >= 8\nwin h\n",
            5,
            1,
            "'h' can never be filled",
        ),
        (WARN + "hand h = 7 * pair where count(pair) >= 8\nwin h\n", 1, 1, "can never win"),
        (WARN + "hand h = 7 * pair\nwin h where count(pair) <= 9\n", 6, 13, "always holds"),
        (WARN + "hand h = 7 * pair\nwin h where suits <= 1\n", 6, 13, "always holds"),
        (WARN + "hand h = 7 * pair\nwin h where each tile >= 15\n", 6, 13, "never holds"),
        (WARN + "hand h = 7 * pair\nwin h where only(tile)\n", 6, 13, "always holds"),
    ],
)
def test_warnings_at_exact_positions(source, line, col, message):
    r = load(source, "t.meld")
    found = [(m, s) for m, s in r.warnings if message in m]
    assert found, r.warnings
    assert (found[0][1].line, found[0][1].column) == (line, col)


def test_an_unclosed_block_is_pointed_at_not_the_line_the_parser_stops_at():
    source = builtin_source("harbin").replace(
        "  honor dragon: 红中 = 中\n}\n", "  honor dragon: 红中 = 中\n"
    )
    with pytest.raises(MeldError) as caught:
        load(source, "x.meld")
    e = caught.value
    assert (e.span.line, e.span.column) == (6, 7)
    assert e.message.startswith("the 'tiles {' block is not closed: line 12 starts a statement")


def test_a_line_ending_in_plus_is_reported_where_it_ends():
    source = builtin_source("harbin").replace(
        "hand standard = 4 * (chow | pung | kong) + pair",
        "hand standard = 4 * (chow | pung | kong) +",
    )
    with pytest.raises(MeldError) as caught:
        load(source, "x.meld")
    e = caught.value
    assert (e.span.line, e.span.column) == (18, 42)
    assert "ends in '+' at the end of the line, and goes on to 'win' (line 20)" in e.message


def test_a_typo_in_a_suit_name_is_warned_at_its_place():
    source = builtin_source("harbin").replace("二筒 三筒", "二桶 三筒")
    warnings = load(source, "x.meld").warnings
    assert [(m, (s.line, s.column)) for m, s in warnings] == [
        (
            "tile name '二桶' breaks the pattern of suit 筒: the other 8 names end in '筒' (a typo?)",
            (8, 14),
        )
    ]
    mpsz = builtin_source("riichi").replace("3m 4m", "3n 4m")
    assert [m for m, _ in load(mpsz, "r.meld").warnings] == [
        "tile name '3n' breaks the pattern of suit m: the other 8 names end in 'm' (a typo?)"
    ]
    assert load(builtin_source("harbin"), "h.meld").warnings == ()  # 幺鸡 is rank 1
