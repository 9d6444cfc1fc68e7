"""Tests written inside rule files (``tests { … }`` blocks): the syntax and
its located errors, what each expectation means in the reference, the
``mahjong-regex test`` command (the reference and every engine, text and
JSON, exit codes), ``build`` and ``compile --test`` refusing a rule set
whose tests fail, ``diff`` naming the tests that changed verdict, and the
built-ins' own tests."""

from __future__ import annotations

import json
import re

import pytest
from test_cli import run
from test_diff_cli import run_in

from mahjong_regex import BUILTINS, MeldError, builtin_source, load_rules
from mahjong_regex.diff.compare import same_checked
from mahjong_regex.engines import EngineError, EngineUnavailable, engine_version
from mahjong_regex.flavors.table import FLAVORS
from mahjong_regex.outputs import tests_report, tests_run
from mahjong_regex.reference.hand_checks import ReferenceChecks
from mahjong_regex.ruleset.checker import load
from mahjong_regex.ruleset.hand_tests import resolve

HARBIN = builtin_source("harbin")
#: Harbin's rules without its tests: a head to put test blocks under.
HEAD = HARBIN.split("\n# ---- tests", 1)[0] + "\n"
WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
ONE_SUIT = "二条二条二条三条四条五条五条六条七条二条三条四条九条九条"
#: Harbin with ``suits >= 2`` dropped.
NO_SUIT_RULE = HARBIN.replace("  suits >= 2,                    # 最多缺一门 (no 清一色)\n", "")


def resolved_tests(block: str, head: str = HEAD):
    """The resolved tests of ``head`` followed by ``block``."""
    return resolve(load(head + block, "t.meld"))


def outcomes(block: str, head: str = HEAD):
    """(passed, problems) of each test of ``block``, in the reference."""
    rules = load(head + block, "t.meld")
    checks = ReferenceChecks(rules)
    return [(o.passed, o.problems) for o in map(checks.run, resolve(rules))]


def located(source: str) -> tuple[int, int, str]:
    """(line, column, message) of the error loading or resolving ``source``."""
    with pytest.raises(MeldError) as info:
        resolve(load(source, "t.meld"))
    e = info.value
    return e.span.line, e.span.column, e.message


def line_of(source: str, text: str) -> int:
    """The line of ``source`` where ``text`` first stands."""
    return source[: source.index(text)].count("\n") + 1


# ---- the syntax ---------------------------------------------------------------------


def test_a_test_block_reads_hands_verdicts_and_expectations():
    [win, no, quoted] = resolved_tests(
        f"tests {{\n  win {WIN}   # the seed post\n    as standard\n"
        f"  no {ONE_SUIT} because suits >= 2, line 21\n"
        f'  no "{WIN}\\n"\n}}\n'
    )
    first = HEAD.count("\n") + 2
    assert (win.win, win.hand, win.shape, win.note) == (True, WIN, "standard", "the seed post")
    assert (win.span.line, win.span.column) == (first, 3)
    assert no.breaks == ("line 23: suits >= 2", "line 21: count(pung | kong) >= 1")
    assert no.because == "suits >= 2, line 21" and not no.win
    assert quoted.hand == WIN + "\n" and quoted.note == ""


def test_a_split_and_what_wild_tiles_stand_for():
    head = builtin_source("hongzhong").split("\n# ---- tests", 1)[0] + "\n"
    [t] = resolved_tests(
        "tests { win 三万中五万一万二万三万四万五万六万七筒八筒九筒一条一条\n"
        "  split chow 三万[中=四万]五万 | chow 一万二万三万 | chow 四万五万六万 | chow 七筒八筒九筒"
        " | pair 一条一条 }\n",
        head,
    )
    assert str(t.split[0]) == "chow 三万[中=四万]五万"
    assert t.split[0].held == ("三万", "中", "五万")
    assert t.split[0].stands == ("三万", "四万", "五万")


def test_a_turned_tile_comes_first_with_an_indicator():
    head = builtin_source("wuhan").split("\n# ---- tests", 1)[0] + "\n"
    [t] = resolved_tests("tests { no 四条|二万三万四万 }\n", head)
    assert t.hand == "四条|二万三万四万"


@pytest.mark.parametrize(
    "block, column, message",
    [
        ("tests shuffled { win 幺鸡 }", 7, "unknown input form 'shuffled'"),
        ("tests { no 幺鸡 as standard }", 15, "'as' names the hand shape of a win"),
        ("tests { win 幺鸡 because suits >= 2 }", 16, "this test expects a win"),
        ("tests { win 幺鸡 scores 1 scores 2 }", 25, "a second 'scores' in one test"),
        ("tests { win 幺鸡 as }", 19, "unexpected '}'; expected a name"),
        ('tests { no "幺鸡\\q" }', 12, "a quoted hand is a JSON string"),
        ("tests { maybe 幺鸡 }", 9, "unexpected 'maybe'; expected 'no', 'win' or '}'"),
    ],
)
def test_a_malformed_test_block_is_a_located_syntax_error(block, column, message):
    line = HEAD.count("\n") + 1
    assert located(HEAD + block + "\n")[:2] == (line, column)
    assert message in located(HEAD + block + "\n")[2]


@pytest.mark.parametrize(
    "block, column, message",
    [
        ("tests { win 幺鸡幺鸡x }", 17, "not a hand of this rule set: 'x' is not the start"),
        ('tests { no "幺鸡q" because no split fits }', 15, "'q' is not the start"),
        ("tests { win 五万|幺鸡 }", 13, "this rule set has no indicator"),
        ("tests { win 幺鸡二条三条 split chow 幺鸡二条四条 }", 26, "tile 3 is 四条 in the split"),
        ("tests { win 幺鸡二条 split pair [幺鸡二条=二条] }", 29, "one tile held"),
        ("tests { no 幺鸡 because suits >= 2, no split fits }", 35, "stands alone"),
    ],
)
def test_a_test_written_wrong_is_a_located_error(block, column, message):
    line = HEAD.count("\n") + 1
    found = located(HEAD + block + "\n")
    assert found[:2] == (line, column) and message in found[2], found


def test_an_indicator_rule_set_wants_the_turned_tile():
    head = builtin_source("tianjin").split("\n# ---- tests", 1)[0] + "\n"
    line, column, message = located(head + "tests { win 一万二万三万 }\n")
    assert (column, message) == (
        13,
        "this rule set has an indicator: write the turned tile first, TURNED|HAND",
    )
    assert located(head + "tests { win 中中|一万 }\n")[2].startswith("'中中' is not a tile")


def test_the_error_renders_with_a_caret(tmp_path):
    path = tmp_path / "bad.meld"
    path.write_text(HEAD + "tests { no 幺鸡 as standard }\n", "utf-8")
    out = run("test", str(path), "--flavor", "pcre")
    line = HEAD.count("\n") + 1
    assert out.returncode == 2
    assert out.stdout.splitlines()[:3] == [
        f"{path}:{line}:15: error: 'as' names the hand shape of a win; this test expects no win",
        "    tests { no 幺鸡 as standard }",
        "                    ^~~~~~~~~~~",
    ]


# ---- what each expectation means -------------------------------------------------------


def test_because_means_the_hand_wins_without_those_rules():
    block = (
        f"tests {{\n  no {ONE_SUIT} because suits >= 2\n"
        f"  no {ONE_SUIT} because contains(terminal | honor)\n"
        f"  no {ONE_SUIT} because suits>=2\n"
        "  no 幺鸡幺鸡幺鸡幺鸡二万二万二万二万九筒九筒九筒九筒九万九万 because no split fits\n"
        f"  no {ONE_SUIT} because no split fits\n}}\n"
    )
    results = outcomes(block)
    assert [passed for passed, _ in results] == [True, False, True, True, False]
    assert results[1][1] == (
        "it does not win without line 24: contains(terminal | honor) either: "
        "breaks line 23: suits >= 2",
    )
    assert results[4][1][0].startswith("a split fits: standard: pung 二条二条二条")


def test_as_and_split_and_scores():
    block = (
        f"tests {{\n  win {WIN} as standard\n"
        f"  win {WIN} split pung 幺鸡幺鸡幺鸡 | chow 三条四条五条 | chow 五条六条七条"
        " | pung 幺万幺万幺万 | pair 九万九万\n"
        f"  win {WIN} split pung 幺鸡幺鸡幺鸡 | chow 三条四条五条 | chow 五条六条七条"
        " | pair 幺万幺万 | pung 幺万九万九万\n}\n"
    )
    assert outcomes(block) == [
        (True, ()),
        (True, ()),
        (False, ("pung 幺万九万九万 is not a pung",)),
    ]
    riichi = builtin_source("riichi").split("\n# ---- tests", 1)[0] + "\n"
    scored = (
        "tests {\n  win 1m2m3m1m2m3m4p5p6p7s8s9s5z5z scores 1: iipeikou\n"
        "  win 1m2m3m1m2m3m4p5p6p7s8s9s5z5z scores 1\n"
        "  win 1m2m3m1m2m3m4p5p6p7s8s9s5z5z scores 2: iipeikou, tanyao\n}\n"
    )
    assert outcomes(scored, riichi) == [(True, ()), (True, ()), (False, ("scores 1 (iipeikou)",))]


def test_a_wild_split_is_checked_where_each_wild_stands():
    head = builtin_source("hongzhong").split("\n# ---- tests", 1)[0] + "\n"
    hand = "一万二万三万四万五万六万七筒八筒九筒一条一条五条中中"
    melds = "chow 一万二万三万 | chow 四万五万六万 | chow 七筒八筒九筒 | pair 一条一条"
    block = (
        f"tests {{\n  win {hand} split {melds} | pung 五条[中=五条][中=五条]\n"
        f"  win {hand} split {melds} | pung 五条[中=五条][中=六条]\n"
        f"  win {hand} split {melds} | pung 五条中中\n}}\n"
    )
    assert outcomes(block, head) == [
        (True, ()),
        (False, ("pung 五条[中=五条][中=六条] is not a pung",)),
        (False, ("pung 五条中中 is not a pung",)),
    ]


def test_what_the_rules_lack_fails_the_test():
    block = (
        f"tests {{\n  win {WIN} as seven_pairs scores 2\n"
        f"  win {WIN} split pung 幺鸡幺鸡幺鸡 | run 三条四条五条 | chow 五条六条七条"
        " | pung 幺万幺万幺万 | pair 九万九万\n"
        f"  no {ONE_SUIT} because suits >= 3, line 2\n}}\n"
    )
    [shape, split, because] = outcomes(block)
    assert shape == (
        False,
        (
            "the win has no hand shape 'seven_pairs' (its shapes: standard)",
            "the rule set declares no scoring elements",
        ),
    )
    assert (
        split[1][0]
        == "the rule set has no meld kind 'run' (its meld kinds: chow, pung, kong, pair)"
    )
    assert because[1][0].startswith(
        "no constraint of the win or its hand shapes reads 'suits >= 3'"
    )
    assert because[1][1] == "line 2 holds no constraint of the win or its hand shapes"


# ---- the built-ins' tests --------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_carries_five_wins_and_five_losses_each_with_its_source(name):
    rules = load_rules(name)
    tests = resolve(rules)
    assert sum(t.win for t in tests) >= 5 and sum(not t.win for t in tests) >= 5
    assert all(t.note for t in tests), [t.span for t in tests if not t.note]
    checks = ReferenceChecks(rules)
    assert [str(t.span) for t in tests if not checks.run(t).passed] == []


def test_harbin_holds_the_seed_posts_four_false_accepts():
    notes = {t.note: t for t in resolve(load_rules("harbin")) if "regex 11" in t.note}
    assert len(notes) == 4 and not any(t.win for t in notes.values())
    assert [t.hand for t in notes.values() if t.hand.endswith("\n")] == [WIN + "\n"]


def test_the_wild_rule_sets_carry_their_cards_wild_examples():
    for name in ("hongzhong", "hangzhou", "guangdong", "tianjin", "wuhan", "wenzhou"):
        rules = load_rules(name)
        wild = {
            t.name for w in rules.wilds for i in w.tiles.tiles for t in [rules.alphabet.tiles[i]]
        }
        cards = [t for t in resolve(rules) if "card" in t.note]
        assert len(cards) >= 6, name
        if wild:
            assert any(w in t.hand for t in cards for w in wild), name


# ---- mahjong-regex test ------------------------------------------------------------------


def engines_here() -> list[str]:
    """The engines of every flavor that run on this machine, but those of
    re2 (it refuses every built-in)."""
    out = []
    for flavor in FLAVORS.values():
        for engine in flavor.engines:
            try:
                engine_version(engine)
            except EngineError:
                continue
            if flavor.name != "re2":
                out.append(engine)
    return out


def test_every_builtins_tests_pass_in_the_reference_and_every_engine():
    out = run("test", "--format", "json")
    assert out.returncode == 0, out.stdout[-3000:]
    report = json.loads(out.stdout)
    total = sum(len(load_rules(n).tests) for n in BUILTINS)
    assert report["summary"] == {
        "tests": total,
        "passed": total,
        "failed": 0,
        "errors": 0,
        "rule_sets": len(BUILTINS),
    }
    assert list(report["engines"]["ran"]) == engines_here()
    assert set(report["engines"]["skipped"]) >= {"re2", "go"}
    by_name = {r["name"]: r for r in report["rule_sets"]}
    # Every built-in compiles in every lookaround flavor; re2 cannot count stand-ins.
    for name in ("guangdong", "hongzhong"):
        assert by_name[name]["engines"] == [e for e in engines_here() if e not in ("re2", "go")]
        assert "each tile <= 4" in by_name[name]["skipped"]["re2"]
    assert all(t["engines"] == by_name["harbin"]["engines"] for t in by_name["harbin"]["tests"])


def test_the_text_report_counts_tests_and_engines():
    out = run("test", "harbin", "sichuan", "--flavor", "js,regex")
    assert out.returncode == 0, out.stdout
    lines = out.stdout.splitlines()
    n = len(load_rules("harbin").tests)
    assert lines[0] == f"<builtin>/harbin.meld: {n} tests {'.' * n} ok (reference and 2 engines)"
    versions = [f"{e} ({engine_version(e)})" for e in ("node", "regex")]
    assert f"engines that ran: 2: {', '.join(versions)}" in lines
    total = n + len(load_rules("sichuan").tests)
    assert lines[-1] == (
        f"{total} tests in 2 rule sets, run in the reference and 2 engines: {total} passed"
    )


def test_a_failing_copy_names_the_one_suit_test_and_the_engines(tmp_path):
    copy = tmp_path / "copy.meld"
    copy.write_text(NO_SUIT_RULE, "utf-8")
    out = run("test", str(copy), "--flavor", "pcre,js")
    assert out.returncode == 1, out.stdout
    line = line_of(NO_SUIT_RULE, f"no  {ONE_SUIT}")
    failure = out.stdout.split("FAILURES\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert failure[0].startswith(f"FAILED {copy}:{line}:3: no {ONE_SUIT}   # seed post")
    assert failure[1] == "  expected: no, because suits >= 2"
    assert failure[2].startswith("  reference: win: standard: pung 二条二条二条")
    assert failure[-1] == "  engines that disagree: pcre2, php, node: win"
    assert out.stdout.splitlines()[-1].endswith(": 13 passed, 1 failed")


def test_an_engine_that_disagrees_is_named():
    run = tests_run.prepare("h.meld", HEAD + f"tests {{ win {WIN}   # a win\n no {ONE_SUIT} }}\n")
    tests_run.run_reference(run)
    tests_run._match("regex", "", {"r0": r"\A二条"}, [run])
    assert [r.disagree for r in run.results] == [{"regex": "no"}, {"regex": "win"}]
    assert tests_run.failure_lines("h.meld", run.results[0]).splitlines()[-1] == (
        "  engines that disagree: regex: no"
    )


def test_a_wrong_score_is_named_in_the_engines_that_score():
    riichi = builtin_source("riichi").split("\n# ---- tests", 1)[0] + "\n"
    run = tests_run.prepare(
        "r.meld", riichi + "tests { win 1m2m3m1m2m3m4p5p6p7s8s9s5z5z scores 2 }\n"
    )
    tests_run.run_reference(run)
    versions, _ = tests_run.available(("regex",))
    tests_run.run_engines([run], ("regex",), versions)
    [result] = run.results
    assert result.outcome.problems == ("scores 1 (iipeikou)",)
    assert result.disagree == {"regex": "scores 1 (iipeikou)"}


def test_paths_may_be_folders_and_the_project_names_its_rule_sets(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "a.meld").write_text(HEAD + f"tests {{ win {WIN} # a\n}}\n", "utf-8")
    (tmp_path / "rules" / "b.meld").write_text(HEAD.replace("harbin", "b") + "\n", "utf-8")
    folder = run_in(tmp_path, "test", "rules", "--flavor", "regex")
    assert folder.returncode == 0, folder.stdout
    assert folder.stdout.splitlines()[:2] == [
        "rules/a.meld: 1 test . ok (reference and 1 engine)",
        "rules/b.meld: no tests",
    ]
    (tmp_path / "pyproject.toml").write_text('[tool.mahjong-regex]\nrules = ["rules/a.meld"]\n')
    project = run_in(tmp_path, "test", "--flavor", "regex", "--format", "json")
    assert [r["path"] for r in json.loads(project.stdout)["rule_sets"]] == ["rules/a.meld"]
    missing = run_in(tmp_path, "test", "nowhere.meld")
    assert missing.returncode == 2 and "cannot read the rule file 'nowhere.meld'" in missing.stderr
    bad = run_in(tmp_path, "test", "rules", "--flavor", "perl")
    assert bad.returncode == 2 and "unknown flavor 'perl'" in bad.stderr


# ---- build, compile --test, diff ---------------------------------------------------------


def test_build_refuses_to_write_a_rule_set_whose_tests_fail(tmp_path):
    (tmp_path / "rules").mkdir()
    house = tmp_path / "rules" / "house.meld"
    house.write_text(HARBIN.replace("ruleset harbin", "ruleset house"), "utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mahjong-regex]\nrules = ["rules/house.meld", "sichuan"]\nflavors = ["pcre"]\n'
    )
    assert run_in(tmp_path, "build").returncode == 0
    before = (tmp_path / "generated" / "house" / "pcre.re").read_text("utf-8")
    house.write_text(NO_SUIT_RULE.replace("ruleset harbin", "ruleset house"), "utf-8")
    out = run_in(tmp_path, "build")
    assert out.returncode == 1
    assert out.stdout == ""
    line = line_of(NO_SUIT_RULE, f"no  {ONE_SUIT}")
    assert f"FAILED rules/house.meld:{line}:3: no {ONE_SUIT}" in out.stderr
    assert "rule set 'house': 1 test failed; its patterns are not written" in out.stderr
    assert (tmp_path / "generated" / "house" / "pcre.re").read_text("utf-8") == before
    check = run_in(tmp_path, "build", "--check")
    assert check.returncode == 1 and "its patterns are not checked" in check.stderr
    assert "up to date" not in check.stdout.replace(
        "the files of the other rule sets are up to date", ""
    )
    assert check.stdout.startswith("generated: the files of the other rule sets are up to date")


def test_compile_test_prints_the_pattern_only_when_the_tests_pass(tmp_path):
    good = run("compile", "harbin", "--test")
    assert good.returncode == 0 and good.stdout == run("compile", "harbin").stdout
    copy = tmp_path / "copy.meld"
    copy.write_text(NO_SUIT_RULE, "utf-8")
    bad = run("compile", str(copy), "--test")
    assert (bad.returncode, bad.stdout) == (1, "")
    assert bad.stderr.splitlines()[-1] == (
        f"mahjong-regex: error: 1 test of {copy} failed; no pattern written"
    )


def test_diff_names_the_tests_that_changed_verdict_first(tmp_path):
    copy = tmp_path / "copy.meld"
    copy.write_text(NO_SUIT_RULE, "utf-8")
    out = run("diff", "harbin", str(copy), "--hands", "200")
    assert out.returncode == 1
    line = line_of(NO_SUIT_RULE, f"no  {ONE_SUIT}")
    lines = out.stdout.splitlines()
    assert lines[2:5] == [
        "tests that changed verdict: 1",
        f"  {copy}:{line}:3: no {ONE_SUIT}   # seed post: 最多缺一门, one suit",
        "    - no: breaks line 23: suits >= 2",
    ]
    assert lines[5].startswith("    + win: standard: pung 二条二条二条")
    report = json.loads(
        run("diff", "harbin", str(copy), "--hands", "200", "--format", "json").stdout
    )
    assert [(t["test"], t["expects"], t["old_wins"]) for t in report["test_changes"]] == [
        (f"{copy}:{line}:3", "no", False)
    ]
    same = run("diff", "harbin", "harbin")
    assert "tests that changed verdict" not in same.stdout


def test_the_tests_decide_nothing():
    assert re.search(r"^tests \{$", HARBIN, re.M)
    assert same_checked(load_rules("harbin"), load(HEAD, "h.meld"))


def test_an_engine_missing_here_is_reported_skipped_with_its_reason(monkeypatch):
    run = tests_run.prepare("h.meld", HEAD + f"tests {{ win {WIN}   # a win\n}}\n")
    tests_run.run_reference(run)
    versions, _ = tests_run.available(("regex",))
    tests_run.run_engines([run], ("regex",), versions)

    def no_ruby(engine):
        raise EngineUnavailable(f"{engine}: ruby is not on the PATH")

    monkeypatch.setattr(tests_run, "engine_version", no_ruby)
    assert tests_run.available(("ruby",)) == ({}, {"ruby": "ruby is not on the PATH"})
    missing = {"ruby": "ruby is not on the PATH"}
    lines = tests_report.text([run], versions, missing).splitlines()
    assert lines[0] == "h.meld: 1 test . ok (reference and 1 engine)"
    assert "engines skipped: ruby: ruby is not on the PATH" in lines
    report = json.loads(tests_report.as_json([run], versions, missing))
    assert report["engines"]["skipped"] == missing
    assert report["rule_sets"][0]["tests"][0]["engines"] == ["regex"]
