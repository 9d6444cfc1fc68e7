"""``mahjong-regex diff``: rule changes read from the checked rule sets, the
search for hands that changed verdict (also against a pattern, in the engine
of its flavor: the seed post's regex 11 against Harbin), the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import require_engine
from test_cli import run

from mahjong_regex import Evaluator, builtin_source, load_rules
from mahjong_regex.diff.changes import rule_changes
from mahjong_regex.diff.compare import compare
from mahjong_regex.diff.search import align
from mahjong_regex.diff.sides import PatternSide, RulesSide
from mahjong_regex.ruleset.checker import load

#: The built-in Harbin rules less their tests block (the rule changes are
#: compared here; the tests' verdicts have tests of their own).
HARBIN = builtin_source("harbin").split("\n# ---- tests", 1)[0] + "\n"
ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT.parent / "shared" / "baselines" / "seed-regex-11.pcre.txt"


def changes(old_source: str, new_source: str) -> list[str]:
    """The rule changes as ``how what | old place | new place`` lines."""
    old, new = load(old_source, "old.meld"), load(new_source, "new.meld")
    return [f"{c.title()} | {c.old} | {c.new}" for c in rule_changes(old, new)]


# ---- rule changes ----------------------------------------------------------------


def test_same_meaning_is_no_rule_change():
    renamed = re.sub(r"\b(chow|pung|kong|pair)\b", r"\1_k", HARBIN)
    lines = HARBIN.split("\n")
    rows = [i for i, line in enumerate(lines) if line.startswith("meld ")]
    for i, line in zip(rows, [lines[i] for i in reversed(rows)]):
        lines[i] = line
    reordered = "\n".join(lines)
    swapped = HARBIN.replace("contains(terminal | honor)", "contains(honor | terminal)")
    moved = HARBIN.replace("+ pair\n", "+ pair where each tile <= 4\n").replace(
        ",    # 不断幺\n  each tile <= 4 ", ""
    )
    assert moved.count("each tile <= 4") == 1 and "meld chow = run 3" in reordered
    for new in (renamed, reordered, swapped, moved):
        assert new != HARBIN
        assert changes(HARBIN, new) == []


def test_a_changed_constraint_cites_its_line_on_each_side():
    new = HARBIN.replace("count(kong) <= 3", "count(kong) <= 2").replace(
        "\nmeld chow", "\n\nmeld chow"
    )
    assert changes(HARBIN, new) == [
        "changed constraint | line 22: count(kong) <= 3 | line 23: count(kong) <= 2"
    ]


def test_tiles_are_paired_by_identity_and_renames_change_the_hands():
    new = HARBIN.replace("幺鸡", "一条").replace("红中 = 中", "红中 = 中 白板")
    assert changes(HARBIN, new) == [
        "changed tiles: 幺鸡 → 一条 | line 7: suit 条: 幺鸡 二条 三条 四条 五条 六条 七条 八条 九条"
        " | line 7: suit 条: 一条 二条 三条 四条 五条 六条 七条 八条 九条",
        "added tiles: 白板 | None | line 10: honor dragon: 红中 = 中 白板",
    ]


def test_kinds_shapes_and_classes_by_meaning():
    new = HARBIN.replace("run 3", "run 3 step 2").replace(
        "4 * (chow | pung | kong)", "4 * (chow | pung)"
    )
    assert changes(HARBIN, new) == [
        "changed meld kind | line 13: meld chow = run 3 | line 13: meld chow = run 3 step 2",
        "changed hand shape | line 18: hand standard = 4 * (chow | pung | kong) + pair"
        " | line 18: hand standard = 4 * (chow | pung) + pair",
    ]
    assert changes(HARBIN, HARBIN.replace("(terminal | honor)", "(terminal)")) == [
        "changed constraint | line 24: contains(terminal | honor) | line 24: contains(terminal)"
    ]


def test_a_shape_over_several_lines_is_cited_whole():
    source = builtin_source("changchun")
    new = source.replace("+ (pair | dragon_pair) where", "+ (pair) where")
    (line,) = changes(source, new)
    assert line.startswith("changed hand shape | lines 28-29: hand standard = 4 * (chow")
    assert line.endswith("+ (pair) where")


def test_wild_tiles_the_indicator_and_held_are_rules():
    hongzhong, tianjin = builtin_source("hongzhong"), builtin_source("tianjin")
    guangdong = builtin_source("guangdong")
    assert changes(hongzhong, hongzhong.replace("wild 中 for suited\n", "")) == [
        "removed wild tiles | line 14: wild 中 for suited | None"
    ]
    assert changes(hongzhong, hongzhong.replace("wild 中 for suited", "wild 中")) == [
        "changed wild tiles | line 14: wild 中 for suited | line 14: wild 中"
    ]
    wilds = "wild indicator | next(indicator)"
    assert changes(tianjin, tianjin.replace(wilds, "wild next(indicator) | indicator")) == []
    assert changes(tianjin, tianjin.replace(wilds, "wild indicator")) == [
        f"changed wild tiles | line 16: {wilds} | line 16: wild indicator"
    ]
    assert changes(tianjin, tianjin.replace("\nindicator\n", "\nindicator of suited\n")) == [
        "changed indicator | line 15: indicator | line 15: indicator of suited"
    ]
    assert changes(guangdong, guangdong.replace("held each flower", "each flower")) == [
        "changed constraint (in hand shape sigui) | line 35: held each flower >= 1"
        " | line 35: each flower >= 1"
    ]


# ---- the search ----------------------------------------------------------------------


def sides(new_source: str):
    old = RulesSide(load_rules("harbin"), "old")
    return old, RulesSide(load(new_source, "new.meld"), "new")


def test_a_witness_is_shrunk_to_one_meld_from_what_the_other_side_wins():
    diff = compare(*sides(HARBIN.replace("count(kong) <= 3", "count(kong) <= 2")), 2000)
    (w,) = diff.found.witnesses
    assert w.old_wins and "breaks line 22: count(kong) <= 2" in w.new_why
    assert Evaluator(load_rules("harbin")).wins(w.hand)
    names = [t.name for t in load_rules("harbin").alphabet.tiles]
    apart = [
        k for k, (a, b) in enumerate(align(split(w.hand, names), split(w.toward, names))) if a != b
    ]
    assert 0 < len(apart) <= 4 and apart[-1] - apart[0] < 4  # one meld


def split(hand: str, names: list[str]) -> list[str]:
    return re.findall("|".join(names), hand)


def test_the_search_is_seeded():
    new = HARBIN.replace("suits >= 2", "suits >= 3")
    first = compare(*sides(new), 1000, seed=7).found
    again = compare(*sides(new), 1000, seed=7).found
    assert first.witnesses and first == again


def test_hands_of_a_rule_set_with_an_indicator_start_with_the_turned_tile():
    tianjin = builtin_source("tianjin")
    old = load(tianjin, "tianjin.meld")
    new = load(tianjin.replace("wild indicator | next(indicator)", "wild indicator"), "new.meld")
    diff = compare(RulesSide(old, "old"), RulesSide(new, "new"), 300)
    assert diff.found.witnesses
    for w in diff.found.witnesses:
        assert w.old_wins and re.match(r"^(\S+)\|", w.hand)
        assert Evaluator(old).wins(w.hand) and not Evaluator(new).wins(w.hand)


# ---- against the seed post's regex 11 ----------------------------------------------

#: The flavor, the engine the tests require, and whether `$` there matches
#: before a final newline (so the pattern takes "HAND\n").
SEED_FLAVORS = [
    ("pcre", "pcre2", True),
    ("regex", "regex", True),
    ("python", "python", True),
    ("js", "node", False),
    ("java", "java", True),
    ("dotnet", "dotnet", True),
    ("ruby", "ruby", True),
]


def python_names(pattern: str) -> str:
    """``(?<n>`` and ``\\k<n>`` respelt ``(?P<n>`` and ``(?P=n)``."""
    pattern = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", pattern)
    return re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", pattern)


def shape_only(hand: str):
    """Harbin's tiles and melds, one hand shape, no other rule."""
    head = HARBIN.split("hand standard")[0]
    return load(f"{head}hand standard = {hand}\nwin standard\n", "shape.meld")


@pytest.mark.parametrize("flavor, engine, before_newline", SEED_FLAVORS)
def test_seed_regex_11_against_harbin(flavor, engine, before_newline):
    if not SEED.is_file():
        pytest.skip(f"the seed post's regex 11 is not at {SEED}")
    require_engine(engine)
    pattern = SEED.read_text("utf-8").strip()
    if flavor in ("regex", "python"):
        pattern = python_names(pattern)
    harbin = load_rules("harbin")
    seed = PatternSide(pattern, flavor, "seed")
    try:
        diff = compare(RulesSide(harbin, "harbin"), seed, 6000)
    finally:
        seed.close()
    hands = [w.hand for w in diff.found.witnesses]
    assert all(not w.old_wins for w in diff.found.witnesses)  # only false accepts
    ev = Evaluator(harbin)
    five = Evaluator(shape_only("5 * (chow | pung | kong) + pair"))
    three_kongs = Evaluator(shape_only("3 * kong + pair"))
    assert any(five.wins(h) for h in hands), "5 melds + pair"
    assert any(three_kongs.wins(h) for h in hands), "3 kongs + pair in 14 tiles"
    assert any("each tile <= 4" in ev.evaluate(h).reason for h in hands), "5 copies"
    newline = [h for h in hands if h.endswith("\n") and ev.wins(h[:-1])]
    assert bool(newline) == before_newline


# ---- the command line ------------------------------------------------------------------


def test_cli_same_rules(tmp_path):
    out = run("diff", "harbin", "harbin", "--hands", "500")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[2:] == [
        "no rule change",
        "the same checked rule set: no hand can change verdict (no search run)",
    ]
    info = json.loads(run("diff", "harbin", "harbin", "--format", "json").stdout)
    assert info["proven_equal"] is True and info["hands_tried"] == 0


def test_cli_says_how_the_search_was_done(tmp_path):
    # Renamed only: the same checked rule set, no search.
    path = tmp_path / "renamed.meld"
    path.write_text(HARBIN.replace("ruleset harbin", "ruleset renamed", 1), "utf-8")
    out = run("diff", "harbin", str(path))
    assert out.returncode == 0 and "(no search run)" in out.stdout
    # Two constraints in the other order as well: no rule change, but not
    # the same checked rule set, so the search runs and says how.
    swapped = HARBIN.replace("  suits >= 2,", "  @@,").replace(
        "  count(kong) <= 3,", "  suits >= 2,"
    )
    path.write_text(swapped.replace("  @@,", "  count(kong) <= 3,"), "utf-8")
    out = run("diff", "harbin", str(path), "--hands", "500", "--seed", "7")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[2:] == [
        "no rule change",
        "search: 500 hands, seed 7; near the boundary of old (harbin); built to win a shape"
        " of old (harbin); near the boundary of new (harbin); built to win a shape of new"
        " (harbin); mutations of either side's winning hands",
        "no hand changed verdict (500 hands tried)",
    ]
    info = json.loads(run("diff", "harbin", str(path), "--hands", "500", "--format", "json").stdout)
    assert info["proven_equal"] is False
    assert info["search"]["hands"] == 500 and info["search"]["seed"] == 0
    assert info["search"]["generators"][-1] == "mutations of either side's winning hands"


def test_cli_shows_changes_and_witnesses(tmp_path):
    path = tmp_path / "new.meld"
    path.write_text(HARBIN.replace("count(kong) <= 3", "count(kong) <= 2"), "utf-8")
    out = run("diff", "harbin", str(path), "--hands", "1000")
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:3] == [
        "--- <builtin>/harbin.meld",
        f"+++ {path}",
        "tests that changed verdict: 1",
    ]
    assert "杠最多三个, three kongs win" in lines[3]
    lines = lines[:2] + lines[lines.index("rule changes: 1") :]
    assert lines[:6] == [
        "--- <builtin>/harbin.meld",
        f"+++ {path}",
        "rule changes: 1",
        "  changed constraint",
        "    - line 22: count(kong) <= 3",
        "    + line 22: count(kong) <= 2",
    ]
    assert lines[6].startswith("search: 1,000 hands, seed 0; ")
    assert "aimed at the rule changes" in lines[6]
    assert lines[7] == "hands that changed verdict: 1 kind (1,000 hands tried)"
    assert re.fullmatch(r"old wins, new does not: ([\d,]+) found, 1 kind", lines[8])
    assert lines[9] == "  " + lines[8].split(": ")[1].replace(" found, 1 kind", " found like this:")
    assert lines[-1] == "new wins, old does not: none found"
    info = json.loads(
        run("diff", "harbin", str(path), "--hands", "1000", "--format", "json").stdout
    )
    (w,) = info["verdict_changes"]
    assert w["old_wins"] and Evaluator(load_rules("harbin")).wins(w["hand"])
    assert info["sections"] == {
        "old_wins": {"found": w["alike"], "kinds": 1},
        "new_wins": {"found": 0, "kinds": 0},
    }
    assert info["rule_changes"][0]["new"] == {"line": 22, "text": "count(kong) <= 2", "last": 22}


def test_cli_our_generated_pattern_agrees_with_its_rules():
    require_engine("node")
    out = run("diff", "harbin", "generated/harbin/js.re", "--flavor", "js", "--hands", "2000")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "rule changes: not compared (a side is a pattern)" in out.stdout
    assert "no hand changed verdict (2,000 hands tried)" in out.stdout


def test_cli_bad_input_exits_2_without_traceback(tmp_path):
    bad = tmp_path / "bad.meld"
    bad.write_text("ruleset bad\ntiles { suit a: 1 2 3 }\n", "utf-8")
    out = run("diff", "harbin", str(bad))
    assert out.returncode == 2
    assert out.stderr.splitlines()[0].startswith(f"{bad}:2:9: error: suit 'a' has 3 tile names")
    out = run("diff", "harbin", str(tmp_path / "nowhere.re"))
    assert out.returncode == 2 and "harbin, sichuan, riichi" in out.stderr
    broken = tmp_path / "broken.re"
    broken.write_text("(unclosed\n", "utf-8")
    out = run("diff", "harbin", str(broken), "--flavor", "regex")
    assert out.returncode == 2 and "the regex module rejects the pattern" in out.stderr
    out = run("diff", str(broken), str(broken), "--flavor", "python")
    assert out.returncode == 2
    out = run("diff", "generated/harbin/regex.re", "generated/harbin/regex.re", "--flavor", "regex")
    assert out.returncode == 2 and "needs a rule set on at least one side" in out.stderr
    for text in (out.stderr, run("diff", "harbin", "harbin", "--hands", "0").stderr):
        assert "Traceback" not in text
    empty = tmp_path / "empty.re"
    empty.write_text("\n", "utf-8")
    out = run("diff", "harbin", str(empty))
    assert out.returncode == 2 and "the pattern file is empty" in out.stderr
    out = run("diff", "harbin", "harbin", "--hands", "1000001")
    assert out.returncode == 2 and "at most 1,000,000 hands" in out.stderr
    # A side is never an option of git's (it would write where it is told).
    out = run("diff", "harbin", "--", f"--output={tmp_path}/x:y")
    assert out.returncode == 2 and "a revision does not start with '-'" in out.stderr
    assert not (tmp_path / "x:y").exists()


def test_wild_witnesses_group_by_the_rule_broken_and_only_those_shown_are_shrunk(tmp_path):
    # A wild search's reason shows an example split, different for every
    # hand; the kind of a witness leaves it out, so one rule broken is one
    # kind, and --limit 1 shrinks one witness per direction.
    tianjin = builtin_source("tianjin")
    path = tmp_path / "tj.meld"
    path.write_text(tianjin.replace("\nwin standard\n", "\nwin standard where count(kong) <= 1\n"))
    out = run("diff", "tianjin", str(path), "--hands", "1000", "--limit", "1")
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert re.fullmatch(r"old wins, new does not: [\d,]+ found, 1 kind", lines[7]), lines
    assert lines[11].startswith("    + every split that fits standard breaks line 25: count(kong)")
    assert lines[12].startswith("    near what new wins: ")
    assert lines[-1] == "new wins, old does not: none found"
