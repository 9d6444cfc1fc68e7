"""``diff --input sorted``: both sides judged on sorted hands -- a rule set
by the multiset reference, a pattern side (a sorted pattern) in its engine
-- with every hand the search builds written in canonical order, so the
witnesses are sorted hands; a rule change is found, a sorted pattern agrees
with its rule set, and an arranged pattern does not."""

from __future__ import annotations

import json

from conftest import require_engine
from test_diff import HARBIN, ROOT
from test_diff_cli import witness_hands

from mahjong_regex import load_rules
from mahjong_regex.cli import main
from mahjong_regex.reference.multiset import MultisetEvaluator, sort_hand


def test_a_rule_change_is_found_on_sorted_hands(tmp_path, capsys):
    (tmp_path / "old.meld").write_text(HARBIN, "utf-8")
    (tmp_path / "new.meld").write_text(HARBIN.replace("suits >= 2,", ""), "utf-8")
    old, new = load_rules(str(tmp_path / "old.meld")), load_rules(str(tmp_path / "new.meld"))
    args = ["diff", str(tmp_path / "old.meld"), str(tmp_path / "new.meld"), "--input", "sorted"]
    assert main(args + ["--hands", "2000"]) == 1
    out = capsys.readouterr().out
    assert "every hand written in canonical order (sorted input)" in out
    assert "sorted hands near the boundary of old (harbin)" in out
    assert "old wins, new does not: none found" in out
    hands = witness_hands(out)
    assert hands
    for hand in hands:
        assert sort_hand(old, hand) == hand  # shown sorted
        assert MultisetEvaluator(new).wins(hand) and not MultisetEvaluator(old).wins(hand)
    assert "- breaks line 23: suits >= 2" in out
    assert main(args + ["--hands", "500", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["search"]["generators"][0].endswith("(sorted input)")


def test_a_sorted_pattern_agrees_with_its_rule_set_and_an_arranged_one_does_not(capsys):
    require_engine("pcre2")
    sorted_pcre = str(ROOT / "generated" / "harbin" / "sorted" / "pcre.re")
    args = ["diff", "--pattern", sorted_pcre, "--rules", "harbin", "harbin", "--input", "sorted"]
    assert main(args + ["--hands", "1500"]) == 0
    assert "no hand changed verdict (1,500 hands tried)" in capsys.readouterr().out
    arranged = str(ROOT / "generated" / "harbin" / "pcre.re")
    args[2] = arranged
    assert main(args + ["--hands", "500"]) == 1
    out = capsys.readouterr().out
    assert "new wins, old does not:" in out and "the pcre pattern does not match" in out
    rules = load_rules("harbin")
    assert all(sort_hand(rules, h) == h for h in witness_hands(out) if h.strip() == h)
    # The sorted pattern on arranged hands: a note says what it reads.
    args = ["diff", "--pattern", sorted_pcre, "--rules", "harbin", "harbin", "--hands", "50"]
    assert main(args) == 1
    assert capsys.readouterr().err == (
        f"mahjong-regex: note: {sorted_pcre} is in a sorted/ folder; a sorted pattern reads "
        "hands in canonical order: compare it with --input sorted\n"
    )


def test_a_sorted_re2_pattern_side_compiles_past_re2s_default_budget(capsys):
    """Sichuan's sorted re2 pattern needs more than RE2's default 8 MiB: the
    diff's engine raises the budget, as the docs say."""
    require_engine("re2")
    pattern = str(ROOT / "generated" / "sichuan" / "sorted" / "re2.re")
    args = ["diff", "--pattern", pattern, "--flavor", "re2", "--rules", "sichuan", "sichuan"]
    args += ["--input", "sorted"]
    assert main(args + ["--hands", "300"]) == 0
    assert "no hand changed verdict (300 hands tried)" in capsys.readouterr().out


def test_sorted_tests_change_verdict_in_a_sorted_diff_only(tmp_path, capsys):
    """A hand of ``tests sorted`` is no arrangement: a diff of arranged
    hands leaves it out, a diff of sorted hands decides it."""
    hand = "二条二条二条三条四条五条五条六条七条八条八条八条九条九条"
    tests = f"tests sorted {{\n  no {hand}   # one suit\n    because suits >= 2\n}}\n"
    (tmp_path / "old.meld").write_text(HARBIN + tests, "utf-8")
    (tmp_path / "new.meld").write_text(HARBIN.replace("suits >= 2,", "") + tests, "utf-8")
    args = ["diff", str(tmp_path / "old.meld"), str(tmp_path / "new.meld"), "--hands", "200"]
    assert main(args + ["--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["test_changes"] == []
    assert main(args + ["--input", "sorted", "--format", "json"]) == 1
    [changed] = json.loads(capsys.readouterr().out)["test_changes"]
    assert (changed["hand"], changed["expects"]) == (hand, "no")
    # An arranged test of the same tiles, written first: the sorted hand is
    # still shown under the sorted test's own line.
    arranged = "tests {\n  no 二条二条二条三条四条五条五条六条七条八条八条八条九条九条\n}\n"
    line = (HARBIN + arranged).count("\n") + 2
    (tmp_path / "old.meld").write_text(HARBIN + arranged + tests, "utf-8")
    (tmp_path / "new.meld").write_text(
        HARBIN.replace("suits >= 2,", "") + arranged + tests, "utf-8"
    )
    assert main(args + ["--input", "sorted", "--format", "json"]) == 1
    [changed] = json.loads(capsys.readouterr().out)["test_changes"]
    assert changed["test"].endswith(f"new.meld:{line}:3") and changed["note"] == "one suit"
