"""The regional library: every built-in rule set loads without a warning,
the regional rule sets decide their cards' example hands in every engine
through the chinese and the mpsz notations, and ``--tiles`` writes any
built-in over another notation."""

from __future__ import annotations

import re

import pcre2
import pytest
import regex
from conftest import FLAVOR_ENGINES, read_fixtures, require_engine, rules
from test_flavors import CANNOT

from mahjong_regex import BUILTINS, FLAVORS, Evaluator, UnsupportedError
from mahjong_regex.cli import main
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import compile_for
from mahjong_regex.ruleset.notations import (
    NotationError,
    builtin_notation,
    load_notation,
    rewrite,
)

REGIONAL = BUILTINS[3:]
README = open(__file__.rsplit("/tests/", 1)[0] + "/README.md", encoding="utf-8").read()


@pytest.mark.parametrize("name", BUILTINS)
def test_builtins_have_no_warnings_and_say_which_tile_each_is(name):
    r = rules(name)
    assert r.warnings == ()
    assert all(t.identity for t in r.alphabet.tiles)


@pytest.mark.parametrize("name", BUILTINS)
def test_readme_lists_every_builtin(name):
    assert re.search(rf"^\| `{name}` \|", README, re.M), name


def in_notation(hand: str, notation: str) -> str:
    """A hand written in chinese tile names, rewritten in ``notation``
    (every tile of the 42 has a chinese name, so non-tiles of a rule set
    convert too); a string that is not chinese tile names stays as it is."""
    chinese = builtin_notation("chinese").names
    by_name = {chinese[i]: i for i in chinese}
    if "|" in hand:  # TURNED|HAND
        return "|".join(in_notation(part, notation) for part in hand.split("|"))
    out, i = [], 0
    while i < len(hand):
        for size in (2, 1):
            if hand[i : i + size] in by_name:
                out.append(builtin_notation(notation).names[by_name[hand[i : i + size]]])
                i += size
                break
        else:
            return hand
    return "".join(out)


CASES = [
    (name, notation, flavor, engine)
    for name in REGIONAL
    for notation in ("chinese", "mpsz")
    for flavor in FLAVORS
    for engine in FLAVOR_ENGINES[flavor]
]


@pytest.mark.parametrize("name,notation,flavor,engine", CASES, ids=["-".join(c) for c in CASES])
def test_card_examples_in_every_engine(name, notation, flavor, engine):
    require_engine(engine)
    r = rewrite(rules(name), builtin_notation(notation))
    rows = read_fixtures(name)
    hands = [in_notation(h, notation) for _, h, _, _ in rows]
    try:
        out = compile_for(r, flavor, allow_unchecked=True)
    except UnsupportedError as e:
        assert (name, flavor) in CANNOT and CANNOT[name, flavor] in str(e)
        return
    truth = Evaluator(r.relaxed(out.unchecked))
    assert [w for w, *_ in rows] == [Evaluator(r).wins(h) for h in hands]
    got = run_batch(engine, out.text, hands, flags=out.flavor.flags)
    bad = [(h, c) for h, g, (_, _, c, _) in zip(hands, got, rows) if g != truth.wins(h)]
    assert not bad, bad


def test_changsha_in_mpsz_is_one_line(capsys):
    assert main(["compile", "changsha", "--tiles", "mpsz", "--flavor", "pcre"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "万" not in out
    pattern = pcre2.compile(out.strip())
    assert pattern.search("1m2m3m2m3m4m3p4p5p7s8s9s2p2p")  # the card's small win
    assert not pattern.search("1m2m3m2m3m4m3p4p5p7s8s9s1p1p")


def test_harbin_in_mpsz_accepts_the_seed_hand_written_in_mpsz(capsys):
    assert main(["match", "harbin", "--tiles", "mpsz", "1s1s1s3s4s5s5s6s7s1m1m1m9m9m"]) == 0
    assert capsys.readouterr().out.startswith("win\t")
    assert main(["compile", "harbin", "--tiles", "mpsz", "--flavor", "regex"]) == 0
    text = regex.compile(capsys.readouterr().out.strip())
    assert text.search("1s1s1s3s4s5s5s6s7s1m1m1m9m9m")
    assert text.search("1s1s1s3s4s5s5s6s7s1m1m1m7z7z")  # 红中 is 7z
    assert not text.search("1s1s1s3s4s5s5s6s7s1s1s1s9s9s")  # one suit


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("notation", ["chinese", "mpsz", "unicode"])
def test_every_builtin_can_be_written_in_every_notation(name, notation):
    r = rewrite(rules(name), builtin_notation(notation))
    names = {t.name for t in r.alphabet.tiles}
    assert names <= set(builtin_notation(notation).names.values())


def test_a_notation_without_a_tile_is_refused(tmp_path, capsys):
    partial = tmp_path / "partial.tiles"
    partial.write_text("1m 1m\n", "utf-8")
    assert main(["compile", "riichi", "--tiles", str(partial)]) == 2
    err = capsys.readouterr().err
    assert "has no name for 2m" in err and "Traceback" not in err


def test_a_malformed_notation_is_located(tmp_path, capsys):
    bad = tmp_path / "bad.tiles"
    bad.write_text("# tiles\n1m 1m\n1x one\n", "utf-8")
    with pytest.raises(NotationError) as info:
        load_notation(str(bad))
    assert (info.value.span.line, info.value.span.column) == (3, 1)
    assert main(["compile", "riichi", "--tiles", str(bad)]) == 2
    assert f"{bad}:3:1: error: '1x' is not a tile" in capsys.readouterr().err


def test_a_class_with_tiles_a_meld_never_uses_is_a_located_warning(tmp_path, capsys):
    path = tmp_path / "x.meld"
    path.write_text(
        "ruleset x\ntiles {\n  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m\n  honor z: 7z\n}\n"
        "meld pair = same 2\nmeld x = run 3 of m | {7z}\n"
        "hand h = 4 * x + pair\nwin h\n",
        "utf-8",
    )
    assert main(["compile", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("\n") == 1
    assert f"{path}:7:1: warning: meld kind 'x' can never use 7z" in captured.err
    assert "meld x = run 3 of m | {7z}" in captured.err
