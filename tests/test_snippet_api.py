"""What a snippet gives a host program, tried as a user would, through the
command line: exports (ES module, CommonJS, a TypeScript module), names
that let two rule sets share a file, a program or a Go package, packages
and namespaces, the header (requirements, tile notation, an example hand),
the win checks the README quotes in Go, and the Rust snippet against the
real regex crate."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import IN_CI, read_fixtures
from snippet_programs import (
    CARGO_CONFIG,
    CARGO_TARGET,
    CARGO_TOML,
    RUST_MAIN,
    encode,
    missing,
    run,
)

ROOT = Path(__file__).resolve().parent.parent
HARBIN_WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
HARBIN_ONE_SUIT = "二条二条二条三条四条五条五条六条七条二条三条四条九条九条"
RIICHI_NO = "1m4m7m2p5p8p3s6s9s1z2z3z4z5z"
SICHUAN_WIN = "一万一万一万二万三万四万五筒六筒七筒八筒八筒八筒九筒九筒"


def cli(*args: str, ok: bool = True) -> subprocess.CompletedProcess:
    """``mahjong-regex ARGS`` (exit 0 asserted unless ``ok`` is False)."""
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_regex", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    )
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def code(*args: str) -> str:
    return cli("compile", *args, "--format", "code").stdout


def need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        if IN_CI:  # .ci/run installs every toolchain
            pytest.fail(f"CI lacks {', '.join(missing)}")
        pytest.skip(f"{', '.join(missing)} not on PATH")


def test_go_snippets_decide_the_readme_hands_in_one_package(tmp_path):
    need("go")
    (tmp_path / "mahjong").mkdir()
    (tmp_path / "mahjong" / "harbin.go").write_text(code("harbin", "--lang", "go"), "utf-8")
    (tmp_path / "mahjong" / "riichi.go").write_text(code("riichi", "--lang", "go"), "utf-8")
    (tmp_path / "go.mod").write_text("module app\n\ngo 1.18\n")
    (tmp_path / "main.go").write_text(
        'package main\n\nimport (\n\t"fmt"\n\n\t"app/mahjong"\n)\n\nfunc main() {\n'
        f'\tfmt.Println(mahjong.IsHarbinWinningHand("{HARBIN_ONE_SUIT}"), '
        f'mahjong.IsHarbinWinningHand("{HARBIN_WIN}"), '
        f'mahjong.HarbinWinningShape("{HARBIN_WIN}"))\n'
        f'\tfmt.Println(mahjong.IsRiichiWinningHand("{RIICHI_NO}"), '
        'mahjong.RiichiWinningShape("1m9m1p9p1s9s1z2z3z4z5z6z7z7z"))\n}\n',
        "utf-8",
    )
    home = tmp_path / "gohome"
    env = {"GOCACHE": str(home / "cache"), "GOPATH": str(home / "path"), "GOFLAGS": "-mod=mod"}
    assert run(["gofmt", "-l", "mahjong"], tmp_path) == ""  # as gofmt writes it
    out = run(["go", "run", "."], tmp_path, env=env)
    assert out.split("\n")[:2] == ["false true standard", "false thirteen_orphans"]


def test_rust_riichi_snippet_gives_the_verdicts_of_match_on_the_fixtures(tmp_path):
    """``cargo run --offline`` against the real regex crate 1.7.1 (Debian's
    librust-regex-dev through a source replacement)."""
    need("cargo")
    gone = missing("rust")
    if gone:
        if IN_CI:
            pytest.fail(f"CI lacks {', '.join(gone)}")
        pytest.skip(f"{', '.join(gone)} not installed")
    (tmp_path / "src").mkdir()
    (tmp_path / ".cargo").mkdir()
    (tmp_path / "Cargo.toml").write_text(CARGO_TOML.replace("{name}", "riichi-snippet"))
    (tmp_path / ".cargo" / "config.toml").write_text(CARGO_CONFIG)
    (tmp_path / "src" / "riichi.rs").write_text(code("riichi", "--lang", "rust"), "utf-8")
    main = "mod riichi;\n\n" + RUST_MAIN % '        "riichi" => riichi::is_riichi_winning_hand,\n'
    (tmp_path / "src" / "main.rs").write_text(main)
    hands = [h for _, h, _, _ in read_fixtures("riichi")]
    done = subprocess.run(
        ["cargo", "run", "--release", "--offline", "--quiet", "--", "riichi", "-"],
        cwd=tmp_path,
        env={**os.environ, "CARGO_TARGET_DIR": str(CARGO_TARGET)},
        input=encode(hands),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr
    lock = (tmp_path / "Cargo.lock").read_text()
    # The crate itself (Debian ships 1.7.1), not a stand-in.
    assert re.search(r'name = "regex"\nversion = "1\.\d+\.\d+"\nsource = "registry\+', lock)
    matched = cli("match", "riichi", *hands, ok=False).stdout.splitlines()
    assert [line.split("\t")[0] for line in matched] == [
        "win" if x == "1" else "no" for x in done.stdout.split()
    ]
    assert "win" in [line.split("\t")[0] for line in matched]


def test_two_js_snippets_load_through_import_and_through_require(tmp_path):
    need("node")
    for name in ("harbin", "sichuan"):
        (tmp_path / f"{name}.mjs").write_text(code(name, "--lang", "js"), "utf-8")
        cjs = code(name, "--lang", "js", "--module", "commonjs")
        (tmp_path / f"{name}.cjs").write_text(cjs, "utf-8")
    hands = json.dumps([HARBIN_WIN, SICHUAN_WIN], ensure_ascii=False)
    (tmp_path / "main.mjs").write_text(
        'import { isHarbinWinningHand, HARBIN_WINNING_HAND } from "./harbin.mjs";\n'
        'import { isSichuanWinningHand } from "./sichuan.mjs";\n'
        f"const [h, s] = {hands};\n"
        "console.log(isHarbinWinningHand(h), isSichuanWinningHand(s), isSichuanWinningHand(h),"
        " HARBIN_WINNING_HAND instanceof RegExp);\n",
        "utf-8",
    )
    (tmp_path / "main.cjs").write_text(
        'const harbin = require("./harbin.cjs");\nconst sichuan = require("./sichuan.cjs");\n'
        f"const [h, s] = {hands};\n"
        "console.log(harbin.isHarbinWinningHand(h), sichuan.isSichuanWinningHand(s),"
        " Object.keys(harbin).join());\n",
        "utf-8",
    )
    assert run(["node", "main.mjs"], tmp_path).strip() == "true true false true"
    assert run(["node", "main.cjs"], tmp_path).strip() == (
        "true true HARBIN_WINNING_HAND,isHarbinWinningHand"
    )


def test_ts_snippets_are_modules_that_need_es2018(tmp_path):
    need("node", "tsc")
    text = code("harbin", "--lang", "ts")
    assert "Needs TypeScript target ES2018 or later" in text
    (tmp_path / "harbin.ts").write_text(text, "utf-8")
    (tmp_path / "sichuan.ts").write_text(code("sichuan", "--lang", "ts"), "utf-8")
    (tmp_path / "main.ts").write_text(
        'import { isHarbinWinningHand } from "./harbin";\n'
        'import { isSichuanWinningHand } from "./sichuan";\n'
        f'console.log(isHarbinWinningHand("{HARBIN_WIN}"), isSichuanWinningHand("{SICHUAN_WIN}"));\n',
        "utf-8",
    )
    old = subprocess.run(
        ["tsc", "--target", "es2017", "main.ts"], cwd=tmp_path, capture_output=True
    )
    assert old.returncode != 0 and b"only available when targeting 'ES2018'" in old.stdout
    run(["tsc", "--target", "es2018", "--module", "commonjs", "--strict", "main.ts"], tmp_path)
    assert run(["node", "main.js"], tmp_path).strip() == "true true"


def test_two_rule_sets_share_one_file(tmp_path):
    """Python and Ruby: the snippets of harbin and sichuan pasted into one
    file define no name twice (C#: two files of one program; C# takes its
    usings first in a file)."""
    both = {lang: code("harbin", "--lang", lang) + code("sichuan", "--lang", lang) for lang in
            ("python", "ruby")}  # fmt: skip
    (tmp_path / "both.py").write_text(both["python"], "utf-8")
    driver = (
        "from both import is_harbin_winning_hand as h, is_sichuan_winning_hand as s\n"
        f"print(h({HARBIN_WIN!r}), s({SICHUAN_WIN!r}), s({HARBIN_WIN!r}))\n"
    )
    assert run([sys.executable, "-c", driver], tmp_path).strip() == "True True False"
    if shutil.which("ruby"):
        driver = f"\nputs [harbin_winning_hand?({HARBIN_WIN!r}), sichuan_winning_hand?({SICHUAN_WIN!r})].inspect\n"
        (tmp_path / "both.rb").write_text(both["ruby"] + driver, "utf-8")
        assert run(["ruby", "both.rb"], tmp_path).strip() == "[true, true]"
    if shutil.which("mcs"):
        main = (
            "public static class Program { public static void Main() { System.Console.WriteLine("
            f'HarbinWinningHand.IsWinningHand("{HARBIN_WIN}") + " " + '
            f'SichuanWinningHand.IsWinningHand("{HARBIN_WIN}")); }} }}\n'
        )
        (tmp_path / "harbin.cs").write_text(code("harbin", "--lang", "csharp"), "utf-8")
        (tmp_path / "sichuan.cs").write_text(code("sichuan", "--lang", "csharp"), "utf-8")
        (tmp_path / "main.cs").write_text(main, "utf-8")
        run(["mcs", "-out:both.exe", "harbin.cs", "sichuan.cs", "main.cs"], tmp_path)
        assert run(["mono", "both.exe"], tmp_path).strip() == "True False"


def test_name_and_package_options(tmp_path):
    assert "def is_house_winning_hand(" in code("harbin", "--lang", "python", "--name", "house")
    assert "func IsHouseRulesWinningHand(" in code(
        "harbin", "--lang", "go", "--name", "house_rules"
    )
    assert "package tables\n" in code("harbin", "--lang", "go", "--package", "tables")
    java = code("harbin", "--lang", "java", "--package", "org.example.rules")
    assert java.count("package org.example.rules;\n") == 1
    php = code("harbin", "--lang", "php", "--package", "Game\\Rules")
    assert "\nnamespace Game\\Rules;\n" in php
    if shutil.which("javac"):
        folder = tmp_path / "org" / "example" / "rules"
        folder.mkdir(parents=True)
        (folder / "HarbinWinningHand.java").write_text(java, "utf-8")
        (tmp_path / "Main.java").write_text(
            "public class Main { public static void main(String[] a) { System.out.println("
            f'org.example.rules.HarbinWinningHand.isWinningHand("{HARBIN_WIN}")); }} }}\n',
            "utf-8",
        )
        files = ["Main.java", "org/example/rules/HarbinWinningHand.java"]
        run(["javac", "-encoding", "UTF-8", "-d", "out", *files], tmp_path)
        assert run(["java", "-cp", "out", "Main"], tmp_path).strip() == "true"
    if shutil.which("php"):
        (tmp_path / "rules.php").write_text(php, "utf-8")
        main = (
            f"<?php\nrequire 'rules.php';\nvar_dump(\\Game\\Rules\\is_harbin_winning_hand("
            f"'{HARBIN_WIN}'));\n"
        )
        (tmp_path / "main.php").write_text(main, "utf-8")
        assert run(["php", "main.php"], tmp_path).strip() == "bool(true)"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--lang", "python", "--package", "x"], "--package applies to go, java, csharp, php"),
        (["--lang", "go", "--package", "Bad.Name"], "is no go package name"),
        (["--lang", "ts", "--module", "commonjs"], "--module applies to js"),
        (["--lang", "go", "--name", "9lives"], "letters, digits and _, a letter first"),
    ],
)
def test_bad_snippet_options_are_refused(args, message):
    out = cli("compile", "harbin", *args, "--format", "code", ok=False)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_a_rule_set_name_that_makes_no_identifier_asks_for_name(tmp_path):
    source = (ROOT / "src/mahjong_regex/rules/harbin.meld").read_text("utf-8")
    path = tmp_path / "house.meld"
    path.write_text(re.sub(r"^ruleset harbin", "ruleset 哈尔滨", source, flags=re.M), "utf-8")
    out = cli("compile", str(path), "--lang", "python", "--format", "code", ok=False)
    assert out.returncode == 2 and "give one with --name" in out.stderr
    assert "def is_house_winning_hand" in code(str(path), "--lang", "python", "--name", "house")


def test_the_header_records_the_notation_and_an_example_hand(tmp_path):
    text = code("harbin", "--lang", "python", "--tiles", "mpsz")
    head = [line for line in text.splitlines() if line.startswith("#")]
    assert head[2] == "# Input: an arranged hand in the mpsz notation (1s…9s, 1p…9p, 1m…9m, 7z),"
    example = head[4].removeprefix("# Example (a winning hand): ")
    assert re.fullmatch(r"(?:[1-9][mps]|7z){14,18}", example)
    (tmp_path / "w.py").write_text(text, "utf-8")
    check = f"from w import is_harbin_winning_hand as f\nprint(f({example!r}))\n"
    assert run([sys.executable, "-c", check], tmp_path).strip() == "True"
    own = code("harbin", "--lang", "python").splitlines()[2]
    assert (
        own
        == "# Input: an arranged hand in the rule set's own tile names (幺鸡…九条, 一筒…九筒, 幺万…九万, 红中),"
    )
    info = json.loads(cli("compile", "riichi", "--format", "json").stdout)
    assert (info["notation"], info["example"]) == ("mpsz", "1m1m1m3z3z3z6z6z1z1z1z7s7s7s")
    wuhan = json.loads(cli("compile", "wuhan", "--format", "json").stdout)
    assert wuhan["turned_first"] and wuhan["example"].startswith("一万|")
    fixed = json.loads(cli("compile", "wuhan", "--indicator", "四条", "--format", "json").stdout)
    assert (fixed["turned_first"], fixed["turned"]) == (False, "四条")
    assert "|" not in fixed["example"]
    text = code("wuhan", "--indicator", "四条", "--lang", "python")
    assert "# The turned tile is 四条 (--indicator): hands are written without it.\n" in text


def test_scoring_code_of_two_rule_sets_shares_a_program(tmp_path):
    need("php")
    one = code("riichi", "--score", "--lang", "php")
    two = code("changsha", "--score", "--lang", "php").replace("<?php\n", "", 1)
    (tmp_path / "s.php").write_text(one + two, "utf-8")
    main = (
        "<?php\nrequire 's.php';\n"
        "echo json_encode([score_riichi_hand('1m1m1m9m9m9m1p1p1p9p9p9p1s1s'),"
        " score_changsha_hand('一万一万二万二万三万三万四万四万五万五万六万六万七万七万')]);\n"
    )
    (tmp_path / "main.php").write_text(main, "utf-8")
    got = json.loads(run(["php", "main.php"], tmp_path))
    assert got[0] == [26, ["suuankou", "chinroutou"]] and got[1][0] == 2


def test_allow_unchecked_help_says_what_it_does():
    text = " ".join(cli("compile", "--help").stdout.split())
    assert (
        "print the pattern without it and list it (stderr, JSON): the pattern then accepts" in text
    )
    assert "It does nothing for a construct a flavor cannot say at all" in text
    out = cli("compile", "riichi", "--flavor", "re2", "--allow-unchecked")
    assert "warning: thirteen_orphans then accepts any 14 tiles" in out.stderr
    assert os.linesep not in out.stdout.rstrip("\n")
