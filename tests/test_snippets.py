"""`--format code`: each snippet compiles and runs in its language where the
toolchain is on the machine, on one winning hand and two losing ones."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import IN_CI, rules

from mahjong_regex.flavors.table import languages
from mahjong_regex.outputs.snippets import snippet

LANG_FLAVOR = languages()
from mahjong_regex.pipeline import compile_for

WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
# Losing hands every flavor rejects (re2 leaves the tile-level rules unchecked):
# five melds and a pair, and a winning hand followed by a newline.
LOSE = ["幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万二万三万四万九万九万", WIN + "\n"]
HANDS = [WIN, *LOSE]
EXPECT = "100"


def code(lang: str) -> tuple[str, str]:
    out = compile_for(rules("harbin"), LANG_FLAVOR[lang], allow_unchecked=True)
    return snippet(out, lang, "harbin", rules("harbin").source_hash), out.text


def need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        reason = f"{', '.join(missing)} not on PATH"
        if IN_CI:  # .ci/run installs every toolchain
            pytest.fail(f"CI lacks {reason}")
        pytest.skip(reason)


def run(argv, cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run(
        argv,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout.strip()


def hands_literal(ascii_only: bool = True) -> str:
    """The hands as double-quoted literals (``\\uXXXX`` escapes, or UTF-8)."""
    return ", ".join(json.dumps(h, ensure_ascii=ascii_only) for h in HANDS)


def test_python(tmp_path):
    src, _ = code("python")
    (tmp_path / "winning.py").write_text(src, encoding="utf-8")
    driver = f"from winning import is_winning_hand\nprint(''.join(str(int(is_winning_hand(h))) for h in [{hands_literal()}]))\n"
    assert run([sys.executable, "-c", driver], tmp_path) == EXPECT


def test_js(tmp_path):
    need("node")
    src, _ = code("js")
    driver = (
        f"\nconsole.log([{hands_literal()}].map(h => isWinningHand(h) ? '1' : '0').join(''));\n"
    )
    (tmp_path / "w.js").write_text(src + driver, encoding="utf-8")
    assert run(["node", "w.js"], tmp_path) == EXPECT


def test_ts(tmp_path):
    need("node", "tsc")
    src, _ = code("ts")
    driver = (
        f"\nconsole.log([{hands_literal()}].map(h => isWinningHand(h) ? '1' : '0').join(''));\n"
    )
    (tmp_path / "w.ts").write_text(src + driver, encoding="utf-8")
    run(["tsc", "--target", "es2020", "--strict", "w.ts"], tmp_path)
    assert run(["node", "w.js"], tmp_path) == EXPECT


def test_java(tmp_path):
    need("javac", "java")
    src, _ = code("java")
    (tmp_path / "WinningHand.java").write_text(src, encoding="utf-8")
    main = (
        "public class Main { public static void main(String[] a) { StringBuilder s = new StringBuilder();"
        f" for (String h : new String[] {{{hands_literal()}}}) s.append(WinningHand.isWinningHand(h) ? '1' : '0');"
        " System.out.println(s); } }\n"
    )
    (tmp_path / "Main.java").write_text(main, encoding="utf-8")
    run(["javac", "-encoding", "UTF-8", "WinningHand.java", "Main.java"], tmp_path)
    assert run(["java", "-cp", ".", "Main"], tmp_path) == EXPECT


def test_csharp(tmp_path):
    need("mcs", "mono")
    src, _ = code("csharp")
    (tmp_path / "WinningHand.cs").write_text(src, encoding="utf-8")
    main = (
        'public static class Program { public static void Main() { var s = "";'
        f' foreach (var h in new string[] {{{hands_literal()}}}) s += WinningHand.IsWinningHand(h) ? "1" : "0";'
        " System.Console.WriteLine(s); } }\n"
    )
    (tmp_path / "Main.cs").write_text(main, encoding="utf-8")
    run(["mcs", "-out:w.exe", "WinningHand.cs", "Main.cs"], tmp_path)
    assert run(["mono", "w.exe"], tmp_path) == EXPECT


def test_go(tmp_path):
    need("go")
    src, _ = code("go")
    (tmp_path / "go.mod").write_text("module snippet\n\ngo 1.19\n")
    (tmp_path / "winning.go").write_text(
        src.replace("package mahjong", "package main"), encoding="utf-8"
    )
    main = (
        'package main\n\nimport "fmt"\n\nfunc main() {\n\ts := ""\n'
        f"\tfor _, h := range []string{{{hands_literal()}}} {{\n"
        '\t\tif IsWinningHand(h) {\n\t\t\ts += "1"\n\t\t} else {\n\t\t\ts += "0"\n\t\t}\n\t}\n\tfmt.Println(s)\n}\n'
    )
    (tmp_path / "main.go").write_text(main, encoding="utf-8")
    home = tmp_path / "gohome"
    env = {"GOCACHE": str(home / "cache"), "GOPATH": str(home / "path"), "GOFLAGS": "-mod=mod"}
    assert run(["go", "run", "."], tmp_path, env) == EXPECT


def test_ruby(tmp_path):
    need("ruby")
    src, _ = code("ruby")
    driver = f"\nputs [{hands_literal()}].map {{ |h| winning_hand?(h) ? '1' : '0' }}.join\n"
    (tmp_path / "w.rb").write_text(src + driver, encoding="utf-8")
    assert run(["ruby", "w.rb"], tmp_path) == EXPECT


def test_php(tmp_path):
    need("php")
    src, _ = code("php")
    driver = (
        f"\n$s = ''; foreach ([{hands_literal(ascii_only=False)}] as $h) {{ $s .= is_winning_hand($h) ? '1' : '0'; }}"
        " echo $s, PHP_EOL;\n"
    )
    (tmp_path / "w.php").write_text(src + driver, encoding="utf-8")
    assert run(["php", "w.php"], tmp_path) == EXPECT


def test_rust_literal_is_the_pattern(tmp_path):
    """The regex crate cannot be fetched here, so build the snippet against a
    stand-in ``regex`` crate that keeps the pattern text, and check that the
    Rust literal holds exactly the re2 pattern."""
    need("cargo")
    src, text = code("rust")
    stub = tmp_path / "regex"
    (stub / "src").mkdir(parents=True)
    (stub / "Cargo.toml").write_text(
        '[package]\nname = "regex"\nversion = "1.0.0"\nedition = "2021"\n'
    )
    (stub / "src" / "lib.rs").write_text(
        "pub struct Regex(pub String);\n"
        "impl Regex { pub fn new(p: &str) -> Result<Regex, ()> { Ok(Regex(p.to_string())) }\n"
        "  pub fn is_match(&self, _h: &str) -> bool { false } }\n"
    )
    app = tmp_path / "app"
    (app / "src").mkdir(parents=True)
    (app / "Cargo.toml").write_text(
        '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\nregex = { path = "../regex" }\n'
    )
    (app / "src" / "main.rs").write_text(
        src + '\nfn main() { let _ = is_winning_hand(""); print!("{}", WINNING_HAND.0); }\n',
        encoding="utf-8",
    )
    out = subprocess.run(
        ["cargo", "run", "--quiet", "--offline"],
        cwd=app,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == text


@pytest.mark.parametrize("lang", sorted(LANG_FLAVOR))
def test_snippet_names_unchecked_constraints(lang):
    src, _ = code(lang)
    if LANG_FLAVOR[lang] == "re2":
        assert "NOT CHECKED by this pattern: line 25: each tile <= 4" in src
    else:
        assert "NOT CHECKED" not in src
