"""The command line, run as a user runs it (a subprocess of the installed
console script's module)."""

from __future__ import annotations

import argparse
import json

import pytest
import regex
from conftest import evaluator, run_cli

from mahjong_regex.cli import parser

WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
ONE_SUIT = "二条二条二条三条四条五条五条六条七条二条三条四条九条九条"


run = run_cli


def test_compile_prints_one_line_that_decides_hands():
    out = run("compile", "harbin", "--flavor", "regex")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("\n") == 1 and out.stdout.endswith("\n")
    pattern = regex.compile(out.stdout[:-1])
    assert pattern.search(WIN)
    assert not pattern.search(ONE_SUIT)
    assert not pattern.search(WIN + "\n")


def test_compile_default_flavor_is_pcre_and_matches_generated():
    out = run("compile", "harbin")
    with open("generated/harbin/pcre.re", encoding="utf-8") as f:
        assert out.stdout == f.read()


def test_compile_a_file_path(tmp_path):
    path = tmp_path / "pairs.meld"
    path.write_text(
        "ruleset pairs\ntiles { suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m }\n"
        "meld pair = same 2\nhand seven = 7 * pair\nwin seven where each tile <= 2\n",
        encoding="utf-8",
    )
    out = run("compile", str(path), "--flavor", "regex")
    assert out.returncode == 0, out.stderr
    pattern = regex.compile(out.stdout.strip())
    assert pattern.search("1m1m2m2m3m3m4m4m5m5m6m6m7m7m")
    assert not pattern.search("1m1m1m1m3m3m4m4m5m5m6m6m7m7m")


def test_compile_json():
    out = run("compile", "sichuan", "--format", "json")
    info = json.loads(out.stdout)
    assert info["flavor"] == "pcre" and info["ruleset"] == "sichuan"
    assert len(info["source_sha256"]) == 64
    assert info["pattern"].startswith("\\A")


def test_malformed_rule_file_is_located_without_traceback(tmp_path):
    path = tmp_path / "bad.meld"
    path.write_text("ruleset bad\ntiles { suit a: 1 2 3 }\n", encoding="utf-8")
    out = run("compile", str(path))
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert lines[0] == f"{path}:2:9: error: suit 'a' has 3 tile names; a suit has 9, in rank order"
    assert lines[1] == "    tiles { suit a: 1 2 3 }"
    assert lines[2].startswith("    " + " " * 8 + "^")
    assert "Traceback" not in out.stderr


def test_unknown_rule_set_lists_builtins():
    out = run("compile", "atlantis")
    assert out.returncode == 2
    assert "harbin, sichuan, riichi" in out.stderr
    assert "Traceback" not in out.stderr


def test_match_explains_wins_and_failures():
    out = run("match", "harbin", WIN, ONE_SUIT)
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[0].startswith(f"win\t{WIN}\tstandard: pung 幺鸡幺鸡幺鸡 | chow 三条四条五条")
    assert lines[1] == f"no\t{ONE_SUIT}\tbreaks line 23: suits >= 2"


def test_match_reads_stdin_and_reports_non_tiles_by_position():
    out = run("match", "harbin", stdin=f"{WIN}\n幺鸡幺鸡x\n")
    assert out.returncode == 2
    lines = out.stdout.splitlines()
    assert lines[0].startswith("win\t")
    assert lines[1] == "no\t幺鸡幺鸡x\tnot a hand: character 5: 'x' is not the start of a tile name"
    assert "line 2: character 5: 'x' is not the start of a tile name" in out.stderr


def test_match_names_the_character_that_breaks_a_tile_name():
    out = run("match", "riichi", "1m11m", "")
    assert out.returncode == 2
    lines = out.stdout.splitlines()
    assert lines[0].endswith("character 4: '1' cannot follow '1'; no tile name starts with '11'")
    assert lines[1] == 'no\t""\tnot a hand: the hand is empty'


def test_match_with_the_regex_engine():
    out = run("match", "harbin", "--engine", "regex", WIN, ONE_SUIT)
    assert [line.split("\t")[0] for line in out.stdout.splitlines()] == ["win", "no"]


def test_hands_after_options_and_after_a_double_dash(tmp_path):
    """A hand after an option, and after ``--`` a hand starting with '-'
    (a rule set may name a tile so); an unknown option stays an error."""
    out = run("match", "harbin", "--engine", "regex", "--", WIN)
    assert out.returncode == 0 and out.stdout.startswith(f"win\t{WIN}\t")
    rules = tmp_path / "dash.meld"
    rules.write_text(
        "ruleset dash\ntiles { suit m: -1 -2 -3 -4 -5 -6 -7 -8 -9 }\n"
        "meld pair = same 2\nhand h = 1 * pair\nwin h\n",
        "utf-8",
    )
    out = run("match", str(rules), "--input", "sorted", "--", "-2-2")
    assert (out.returncode, out.stdout.split("\t")[0]) == (0, "win")
    out = run("match", "harbin", "--bogus", WIN)
    assert out.returncode == 2 and "unrecognized arguments: --bogus" in out.stderr


def test_match_failure_reasons_name_the_rule():
    ev = evaluator("harbin")
    five = "幺鸡幺鸡幺鸡幺鸡" + "幺鸡二条三条" + "五条六条七条" + "幺万幺万幺万" + "九万九万"
    assert ev.evaluate(five).reason == "breaks line 25: each tile <= 4"
    five_melds = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万二万三万四万九万九万"
    assert ev.evaluate(five_melds).reason.startswith("no split fits standard")


def test_build_check_passes_on_the_repository():
    out = run("build", "--check")
    assert out.returncode == 0, out.stderr


#: Two built-in rule sets, arranged hands only: staleness is the same for
#: every rule set and either form (the repository's own check, above,
#: builds them all).
ARRANGED = ("harbin", "sichuan", "--input", "arranged")


def test_build_check_lists_stale_files(tmp_path):
    out = run("build", "--check", *ARRANGED, "--out", str(tmp_path / "nowhere"))
    assert out.returncode == 2 and "not found" in out.stderr
    (tmp_path / "afile").write_text("x")
    out = run("build", *ARRANGED, "--out", str(tmp_path / "afile" / "gen"))
    assert out.returncode == 2 and "cannot write" in out.stderr
    assert "Traceback" not in out.stderr
    (tmp_path / "gen").mkdir()
    out = run("build", "--check", *ARRANGED, "--out", str(tmp_path / "gen"))
    assert out.returncode == 1
    assert f"{tmp_path / 'gen' / 'harbin' / 'pcre.re'}" in out.stderr
    assert run("build", *ARRANGED, "--out", str(tmp_path / "gen")).returncode == 0
    assert run("build", "--check", *ARRANGED, "--out", str(tmp_path / "gen")).returncode == 0
    # A file the build would write for a rule set no longer built is stale;
    # a file of another name is not the build's, and is left alone.
    (tmp_path / "gen" / "harbin" / "extra.re").write_text("x\n")
    assert run("build", "--check", *ARRANGED, "--out", str(tmp_path / "gen")).returncode == 0
    (tmp_path / "gen" / "gone").mkdir()
    (tmp_path / "gen" / "gone" / "pcre.re").write_text("x\n")
    out = run("build", "--check", *ARRANGED, "--out", str(tmp_path / "gen"))
    assert out.returncode == 1 and "gone/pcre.re" in out.stderr and "extra.re" not in out.stderr
    out = run("build", *ARRANGED, "--out", str(tmp_path / "gen"))
    assert out.stdout.splitlines() == [f"removed {tmp_path / 'gen' / 'gone' / 'pcre.re'}"]
    assert (tmp_path / "gen" / "harbin" / "extra.re").is_file()


def test_json_lists_groups_flags_and_unchecked():
    info = json.loads(run("compile", "harbin", "--flavor", "js", "--format", "json").stdout)
    assert info["flags"] == "u"
    assert info["unchecked"] == []
    described = {g["captures"] for g in info["groups"]}
    assert "the suit of a run" in described
    assert any(d.startswith("the tile of a pung or kong") for d in described)
    out = run("compile", "harbin", "--flavor", "re2", "--format", "json", "--allow-unchecked")
    info = json.loads(out.stdout)
    assert [c["label"] for c in info["unchecked"]] == [
        "line 23: suits >= 2",
        "line 24: contains(terminal | honor)",
        "line 25: each tile <= 4",
    ]
    assert info["pattern"] == info["patterns"][0]["pattern"]  # one shape
    assert "does not check line 25: each tile <= 4" in out.stderr
    # Without the flag: no one pattern, the shape's pattern and its checks.
    out = run("compile", "harbin", "--flavor", "re2", "--format", "json")
    info = json.loads(out.stdout)
    assert out.returncode == 0 and out.stderr == "" and info["pattern"] is None
    assert info["patterns"][0]["checks"] == [0, 1, 2]


def test_re2_refusal_names_every_constraint_with_its_place():
    out = run("compile", "harbin", "--flavor", "re2")
    assert out.returncode == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith("<builtin>/harbin.meld:23:3: error: flavor 're2' cannot express")
    for part in [
        "'suits >= 2' (23:3)",
        "'contains(terminal | honor)' (24:3)",
        "'each tile <= 4' (25:3)",
    ]:
        assert part in first


def test_lang_picks_its_flavor_and_refuses_another():
    assert run("compile", "harbin", "--lang", "python").stdout.startswith("\\A")
    assert "\\Z" in run("compile", "harbin", "--lang", "python").stdout
    out = run("compile", "harbin", "--lang", "go", "--flavor", "pcre")
    assert out.returncode == 2 and "takes the re2 flavor" in out.stderr
    out = run("compile", "harbin", "--flavor", "regex", "--format", "code")
    assert out.returncode == 2
    assert "no language for the regex flavor" in out.stderr and "python" in out.stderr


def test_re2_refusal_of_sichuan_names_each_constraint_and_no_empty_one():
    out = run("compile", "sichuan", "--flavor", "re2")
    assert out.returncode == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith("<builtin>/sichuan.meld:21:3: error: flavor 're2' cannot express")
    assert "'suits <= 2' (21:3), 'each tile <= 4' (22:3):" in first
    assert "''" not in out.stderr


def test_every_argument_of_every_subcommand_says_what_it_is():
    top = parser()
    (sub,) = [a for a in top._actions if isinstance(a, argparse._SubParsersAction)]
    missing = [a.dest for a in top._actions if not a.help]
    missing += [c.dest for c in sub._choices_actions if not c.help]
    for name, command in sub.choices.items():
        for action in command._actions:
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    assert sorted(sub.choices) == [
        "build",
        "compile",
        "diff",
        "flavors",
        "match",
        "passes",
        "playground",
        "rules",
        "score",
        "test",
        "textconv",
    ]
    assert not missing, missing


def readme_match_examples() -> list[tuple[str, list[str]]]:
    """The README's ``$ mahjong-regex match …`` and ``score`` lines, each
    with the output lines printed under it (up to the next ``$`` line or the
    block's end)."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "README.md").read_text("utf-8")
    out = []
    for block in text.split("```")[1::2]:
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith(("$ mahjong-regex match ", "$ mahjong-regex score ")):
                shown = []
                for after in lines[i + 1 :]:
                    if after.startswith("$"):
                        break
                    shown.append(after)
                out.append((line, shown))
    return out


@pytest.mark.parametrize("command,shown", readme_match_examples())
def test_readme_match_examples_print_what_the_readme_shows(command, shown):
    import shlex

    out = run(*shlex.split(command)[2:])
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == shown
