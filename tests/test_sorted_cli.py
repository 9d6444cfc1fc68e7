"""``--input sorted`` on the command line: ``compile`` prints the sorted
pattern (RE2 with no warning: Go decides the issue's hands), ``match``
prints one winning arrangement or why none wins, and a hand out of
canonical order is an error (exit 2) that shows the canonical form; the
worst case: hostile strings and the 18-slot rule set answered as the
reference answers, in every backtracking engine (timings in
``benchmarks/sorted.py``)."""

from __future__ import annotations

import io

import pytest
from conftest import FLAVOR_ENGINES, TEST_RULES, require_engine
from test_worst_case import hostile_hands

from mahjong_regex import load_rules
from mahjong_regex.cli import main
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import render_sorted
from mahjong_regex.reference.multiset import MultisetEvaluator, sort_hand

BACKTRACKING = [(f, e) for f, es in FLAVOR_ENGINES.items() if f != "re2" for e in es]


def test_compile_riichi_for_re2_prints_a_pattern_go_reads(capsys):
    assert main(["compile", "riichi", "--input", "sorted", "--flavor", "re2"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out.startswith(r"\A")
    require_engine("go")
    hands = [
        "1m1m1m2m3m4m5m5m6m7m8m9m9m9m",
        "1m1m1m1m2m2m3m3m4m4m5m5m6m6m",
        "1m1m1m1m2m3m4m4m5m6m7m8m9m9m",
    ]
    assert run_batch("go", out.out.strip(), hands) == [True, True, False]


def test_no_pass_with_sorted_input_is_said_to_change_nothing(capsys):
    assert main(["compile", "harbin", "--input", "sorted"]) == 0
    plain = capsys.readouterr().out
    argv = ["compile", "harbin", "--input", "sorted", "--no-pass", "counter_loop"]
    assert main(argv) == 0
    out = capsys.readouterr()
    assert out.out == plain
    assert out.err == (
        "mahjong-regex: warning: --no-pass is not applied with --input sorted "
        "(sorted patterns are built with every pass)\n"
    )


def test_match_prints_one_winning_arrangement(capsys):
    hand = "幺鸡幺鸡幺鸡二条三条四条五条六条七条一筒一筒幺万幺万幺万"
    assert main(["match", "harbin", "--input", "sorted", hand]) == 0
    verdict, shown, split, arranged = capsys.readouterr().out.rstrip("\n").split("\t")
    assert (verdict, shown) == ("win", hand)
    assert split.startswith("standard: ") and "pung 幺鸡幺鸡幺鸡" in split
    assert arranged.startswith("arranged: ")
    assert sort_hand(load_rules("harbin"), arranged.split(": ")[1]) == hand


def test_a_hand_out_of_order_is_an_error_showing_the_canonical_form(capsys):
    assert main(["match", "riichi", "--input", "sorted", "2m1m3m4m5m6m7m8m9m1p1p1p5z5z"]) == 2
    out = capsys.readouterr()
    assert out.out.startswith("no\t2m1m")
    assert "canonical order the hand is 1m2m3m4m5m6m7m8m9m1p1p1p5z5z" in out.err


def test_a_hand_in_another_notation_gets_the_tiles_hint(capsys):
    hand = "1s1s1s2s3s4s5s6s7s1p1p1m1m1m"
    assert main(["match", "harbin", "--input", "sorted", hand]) == 2
    assert "(this looks like mpsz: add --tiles mpsz)" in capsys.readouterr().err
    assert main(["match", "harbin", "--input", "sorted", "--tiles", "mpsz", hand]) == 0
    assert capsys.readouterr().out.startswith(f"win\t{hand}\t")


def test_no_hands_print_nothing(capsys, monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(b"# a comment only\n\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["match", "harbin", "--input", "sorted"]) == 0
    assert capsys.readouterr().out == ""


def test_compile_refuses_a_turned_tile_by_name(capsys):
    assert main(["compile", "wuhan", "--input", "sorted", "--flavor", "re2"]) == 2
    err = capsys.readouterr().err
    assert "wuhan.meld:" in err and "indicator" in err and "'re2'" in err


def test_outline_and_json(capsys):
    assert main(["compile", "sichuan", "--input", "sorted", "--format", "json"]) == 0
    assert '"input": "sorted"' in capsys.readouterr().out
    assert main(["compile", "sichuan", "--input", "sorted", "--format", "outline"]) == 0
    assert "hand standard" in capsys.readouterr().out


def hostile(rules) -> list[str]:
    names = [t.name for t in rules.alphabet.tiles]
    strings = [
        names[0] * 5000,
        "".join(n * 4 for n in names) * 40,
        "".join(names) * 80,
        "".join(sorted(names[:9] * 3))[:40] * 100,
    ]
    if rules.indicator is None:
        return strings
    # After a turned tile (TURNED|…), and a turned tile four times held.
    turned = names[min(rules.indicator.tiles)]
    four = f"{turned}|{turned * 4}{names[-1] * 9960}"
    return [f"{turned}|{s}" for s in strings] + [four, f"{turned}|" * 2000]


@pytest.mark.parametrize(
    "name", ["harbin", "riichi", "sichuan", "slots", "tianjin", "wuhan", "wenzhou"]
)
@pytest.mark.parametrize("flavor, engine", BACKTRACKING)
def test_the_worst_case_is_answered_in_every_backtracking_engine(name, flavor, engine):
    spec = str(TEST_RULES / "slots.meld") if name == "slots" else name
    rules = load_rules(spec)
    strings = hostile(rules)
    if name == "slots":
        strings += sorted({sort_hand(rules, h) for h in hostile_hands(40)})
    out = render_sorted(rules, flavor)
    require_engine(engine)
    got = run_batch(engine, out.text, strings, flags=out.flavor.flags)
    ms = MultisetEvaluator(rules)
    assert got == [ms.wins(s) for s in strings]
