"""The DSL: parsing, checking, and errors at exact positions."""

from __future__ import annotations

import pytest

from mahjong_regex import BUILTINS, MeldError
from mahjong_regex.ruleset.checker import load
from mahjong_regex.rules import builtin_source

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
            10,
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
            13,
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
        ("ruleset t\nmeld p = same 2\nhand h = 7 * p\nwin h\n", 1, 1, "no 'tiles"),
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
        == "t.meld:4:20: error: unexpected ';'; expected 'hand', 'meld', 'of', 'tiles' or 'win'"
    )
    assert lines[1] == "    meld pair = same 2 ;"
    assert lines[2] == "    " + " " * 19 + "^"


def test_render_widens_the_caret_under_cjk():
    source = HEAD + "meld pair = same 2 of 筒\nhand h = 7 * pair\nwin h\n"
    lines = error(source).render("t.meld", source).splitlines()
    assert lines[2] == "    " + " " * 22 + "^~"
