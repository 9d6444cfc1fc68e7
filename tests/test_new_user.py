"""What a new user trips over, as the command line answers it: reasons that
name every shape, hands read from stdin with blank and comment lines,
messages that name the input line, hints for another tile notation and a
misspelt rule set, the built-in sources, the regex engine's verdict beside
the reference's, and elements counted more than once."""

from __future__ import annotations

import subprocess

from conftest import run_cli

WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
ONE_SUIT = "二条二条二条三条四条五条五条六条七条二条三条四条九条九条"


run = run_cli


def test_a_no_names_every_shape_the_hand_does_not_fit():
    hand = "一万二万三万四筒五筒六筒七条八条九条三万三万三万六条六条"
    out = run("score", "changsha", hand)
    assert out.returncode == 0, out.stderr
    verdict, _, reason = out.stdout.rstrip("\n").split("\t")
    assert verdict == "no"
    assert reason.split("; ") == [
        "no split fits small (4 × (chow | pung | kong) + pair258)",
        "no split fits pengpeng (4 × (pung | kong) + pair)",
        "qingyise fits but breaks line 23: suits == 1",
        "no split fits qixiaodui (7 × pair)",
        "jiangjiang fits but breaks line 25: only(rank in {2, 5, 8})",
    ]


def test_blank_and_comment_lines_of_stdin_are_skipped():
    out = run("match", "harbin", stdin=f"{WIN}\n\n# note\n   \n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("\n") == 1 and out.stdout.startswith(f"win\t{WIN}\t")
    assert out.stderr == ""


def test_a_bad_hand_is_named_by_its_input_line():
    out = run("match", "harbin", stdin=f"# first\n{WIN}\nxx\n")
    assert out.returncode == 2
    assert out.stderr.startswith("mahjong-regex: line 3: character 1: 'x' is not the start")
    assert [line.split("\t")[0] for line in out.stdout.splitlines()] == ["win", "no"]
    out = run("score", "riichi", "1m1m", "zz")
    assert "mahjong-regex: argument 2: character 1" in out.stderr


def test_a_hand_in_another_notation_gets_a_hint():
    out = run("match", "harbin", "1s1s1s3s4s5s5s6s7s1m1m1m9m9m")
    assert out.returncode == 2
    assert out.stderr.rstrip().endswith("(this looks like mpsz: add --tiles mpsz)")
    out = run("match", "harbin", "一万二万三万四万五万六万七万八万九万一筒一筒一筒九条九条")
    assert out.stderr.rstrip().endswith("(this looks like chinese: add --tiles chinese)")
    out = run("match", "riichi", "🀇🀈🀉🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀")
    assert out.stderr.rstrip().endswith("(this looks like unicode: add --tiles unicode)")
    out = run("match", "harbin", "zzz")
    assert "looks like" not in out.stderr


def test_a_turned_tile_is_read_for_the_hint_too():
    out = run("match", "wuhan", "4s|2m3m4m5m6m7m3p4p5s7p8p9p2s2s")
    assert out.stderr.rstrip().endswith("(this looks like mpsz: add --tiles mpsz)")


def test_a_misspelt_rule_set_gets_did_you_mean():
    out = run("compile", "harbn")
    assert out.returncode == 2
    assert "did you mean harbin?" in out.stderr
    assert "Traceback" not in out.stderr


def test_rule_set_names_match_in_any_case():
    out = run("compile", "Harbin")
    assert out.returncode == 0, out.stderr
    assert out.stdout == run("compile", "harbin").stdout


def test_rules_lists_the_built_ins_and_prints_a_source():
    out = run("rules")
    assert out.returncode == 0
    names = [line.split("\t")[0] for line in out.stdout.splitlines()]
    assert len(names) == 20 and names[0] == "harbin" and "guangdong" in names
    source = run("rules", "harbin").stdout
    assert source.startswith("# Harbin") and "win standard" in source
    out = run("rules", "nowhere")
    assert out.returncode == 2 and "no rule set 'nowhere'" in out.stderr
    # A path is no misspelt built-in: the error says the file is missing.
    out = run("compile", "rules/house.meld")
    assert (out.returncode, out.stderr) == (
        2,
        "mahjong-regex: error: no rule file 'rules/house.meld': no such file\n",
    )


def test_an_error_in_a_built_in_says_how_to_see_its_source():
    out = run("compile", "sichuan", "--flavor", "re2")
    assert out.returncode == 2
    assert "<builtin>/sichuan.meld:" in out.stderr
    assert "note: a built-in rule set; print it with: mahjong-regex rules sichuan" in out.stderr


def test_match_with_the_regex_engine_shows_the_reference_beside_it():
    out = run("match", "harbin", "--engine", "regex", WIN, ONE_SUIT)
    assert out.returncode == 0, out.stderr
    win, no = out.stdout.splitlines()
    assert win.startswith(f"win\t{WIN}\tthe regex module matched; reference: win: standard: ")
    assert no == (
        f"no\t{ONE_SUIT}\tthe regex module did not match; reference: no: breaks line 23: "
        "suits >= 2"
    )


def test_an_element_counted_three_times_is_listed_once():
    out = run("score", "changsha", "二万二万二万二万五万五万五万五万八万八万八万八万二筒二筒")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\t")[2] == "将将胡 (1), 七小对 (1), 豪华 ×3 (3)"


def test_diff_says_when_a_tile_no_longer_names_its_identity(tmp_path):
    source = run("rules", "harbin").stdout
    assert "红中 = 中" in source
    plain = tmp_path / "plain.meld"
    plain.write_text(source.replace("红中 = 中", "红中"), "utf-8")
    out = run("diff", "harbin", str(plain), "--hands", "200")
    assert "红中 no longer says which tile it is (was 中)" in out.stdout
    assert "None" not in out.stdout
    back = run("diff", str(plain), "harbin", "--hands", "200")
    assert "红中 now says it is 中" in back.stdout


def build(cwd, *args: str) -> subprocess.CompletedProcess:
    return run_cli("build", *args, cwd=cwd)


def house(tmp_path):
    (tmp_path / "rules").mkdir()
    source = run("rules", "harbin").stdout.replace("ruleset harbin", "ruleset house")
    (tmp_path / "rules" / "house.meld").write_text(source, "utf-8")


def test_a_build_with_nothing_to_do_says_so_in_one_line(tmp_path):
    house(tmp_path)
    first = build(tmp_path, "rules", "--out", "gen", "--flavor", "pcre")
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == ["wrote gen/house/pcre.outline", "wrote gen/house/pcre.re"]
    again = build(tmp_path, "rules", "--out", "gen", "--flavor", "pcre")
    assert again.stdout == "gen is up to date (2 files)\n"
    check = build(tmp_path, "rules", "--out", "gen", "--flavor", "pcre", "--check")
    assert (check.returncode, check.stdout) == (0, "gen is up to date (2 files)\n")


def test_build_outside_a_project_refuses_and_says_what_to_add(tmp_path):
    for args in ((), ("--check",)):
        out = build(tmp_path, *args)
        assert out.returncode == 2
        assert "no [tool.mahjong-regex] table" in out.stderr
        assert "[tool.mahjong-regex]\n    rules = " in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_rule_file_named_with_its_folder_is_built_once(tmp_path):
    house(tmp_path)
    out = build(tmp_path, "rules", "rules/house.meld", "--out", "gen", "--flavor", "pcre")
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in (tmp_path / "gen" / "house").iterdir()) == [
        "pcre.outline",
        "pcre.re",
    ]


def test_check_lists_files_to_remove_apart_from_files_to_rewrite(tmp_path):
    house(tmp_path)
    build(tmp_path, "rules", "--out", "gen", "--flavor", "pcre")
    (tmp_path / "gen" / "house" / "js.re").write_text("x\n", "utf-8")
    with open(tmp_path / "gen" / "house" / "pcre.re", "a", encoding="utf-8") as f:
        f.write("x\n")
    out = build(tmp_path, "rules", "--out", "gen", "--flavor", "pcre", "--check")
    assert out.returncode == 1
    assert out.stderr.splitlines()[1:] == [
        "and commit these files:",
        "  gen/house/pcre.re",
        "it removes these files, which no rule set makes now:",
        "  gen/house/js.re",
    ]
