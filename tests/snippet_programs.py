"""One program per host language holding the ``--format code`` snippets of
every rule set the tests prove (so two rule sets share a file set, a
program, a Go package), built once and run once per rule set.

A run takes the rule set's name and its function's name as arguments, and
on stdin one hand a line, written ``x`` then the hand's UTF-8 bytes in hex
(so that an empty hand or one holding a newline crosses intact); it prints
``1`` (win) or ``0`` per line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import IN_CI, rules

from mahjong_regex.compiler.registry import Options
from mahjong_regex.diagnostics import UnsupportedError
from mahjong_regex.flavors.table import language_flavor
from mahjong_regex.outputs import compile_output
from mahjong_regex.outputs.host_literals import Names
from mahjong_regex.outputs.snippets import SnippetOptions

#: The host languages, each run in its real toolchain.
LANGS = ("python", "js", "ts", "java", "csharp", "go", "rust", "ruby", "php")
#: What each language's program needs on PATH.
TOOLS = {
    "python": (),
    "js": ("node",),
    "ts": ("node", "tsc"),
    "java": ("javac", "java"),
    "csharp": ("mcs", "mono"),
    "go": ("go",),
    "rust": ("cargo",),
    "ruby": ("ruby",),
    "php": ("php",),
}
#: Rule sets a flavor may refuse (wild tiles under a copy limit that counts
#: stand-ins): their snippet is left out of the program.
MAY_REFUSE = {("guangdong", f) for f in ("pcre", "regex", "python", "js", "java", "dotnet")}
MAY_REFUSE |= {("guangdong", f) for f in ("ruby", "re2")}
MAY_REFUSE |= {("hongzhong", f) for f in ("python", "js", "java", "ruby", "re2")}
#: The regex crate offline, from Debian's librust-regex-dev (the features
#: that need no other crate).
CARGO_TOML = """[package]
name = "{name}"
version = "0.1.0"
edition = "2021"

[dependencies]
regex = { version = "1.7", default-features = false, features = ["std", "unicode", "perf-cache", "perf-dfa", "perf-inline"] }
"""
CARGO_CONFIG = """[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"
"""
#: One cargo target folder for every Rust build of the tests, so that the
#: regex crate is compiled once (and kept between runs, as the engines'
#: runner builds are).
CARGO_TARGET = Path(tempfile.gettempdir()) / "mahjong-regex-cargo"


@lru_cache(maxsize=None)
def compiled(name: str, flavor: str):
    """What ``compile --format code`` compiles for rule set ``name`` in
    ``flavor`` (None where the flavor may refuse it and does)."""
    try:
        return compile_output.compile_any(rules(name), flavor, Options(), "code", False, False)
    except UnsupportedError:
        if (name, flavor) in MAY_REFUSE:
            return None
        raise


@lru_cache(maxsize=None)
def code(name: str, lang: str, **settings) -> str | None:
    """The snippet of rule set ``name`` in ``lang`` (None where the flavor
    may refuse it and does); ``settings`` are SnippetOptions fields."""
    done = compiled(name, language_flavor(lang))
    if done is None:
        return None
    return compile_output.code(done, rules(name), lang, SnippetOptions(**settings), False)


def function(name: str, lang: str) -> str:
    """The win check's name in the language (the program's second argument)."""
    n = Names(name)
    return {
        "python": f"is_{n.snake}_winning_hand",
        "js": f"is{n.pascal}WinningHand",
        "ts": f"is{n.pascal}WinningHand",
        "java": f"{n.pascal}WinningHand",
        "csharp": f"{n.pascal}WinningHand",
        "go": f"Is{n.pascal}WinningHand",
        "rust": f"is_{n.snake}_winning_hand",
        "ruby": f"{n.snake}_winning_hand?",
        "php": f"is_{n.snake}_winning_hand",
    }[lang]


def run(argv, cwd: Path, stdin: str = "", env: dict | None = None, timeout=900) -> str:
    """Run a command; its stdout (fails the test on a non-zero exit)."""
    done = subprocess.run(
        argv,
        cwd=cwd,
        input=stdin,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )
    assert done.returncode == 0, f"{argv}: {done.stderr[-3000:]}{done.stdout[-2000:]}"
    return done.stdout


def encode(hands) -> str:
    """The program's stdin for ``hands``."""
    return "".join("x" + h.encode("utf-8").hex() + "\n" for h in hands)


class Program:
    """A language's program: ``argv`` (before the two arguments), ``cwd``,
    ``env``, and the rule sets it holds (the others were refused)."""

    def __init__(self, argv, cwd: Path, held: set[str], env=None):
        self.argv, self.cwd, self.held, self.env = list(argv), cwd, held, env or {}

    def decide(self, name: str, lang: str, hands) -> list[bool]:
        """The program's verdict on each hand for rule set ``name``."""
        out = run(self.argv + [name, function(name, lang)], self.cwd, encode(hands), self.env)
        return [line == "1" for line in out.split()]


def _write(folder: Path, names, lang: str, file) -> set[str]:
    """Write each rule set's snippet as ``file(name)``; the names written."""
    held = set()
    for name in names:
        text = code(name, lang, **({"package": "main"} if lang == "go" else {}))
        if text is not None:
            (folder / file(name)).write_text(text, encoding="utf-8")
            held.add(name)
    return held


def build(lang: str, folder: Path, names) -> Program:
    """Write and compile the program of ``lang`` under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    return BUILDERS[lang](folder, names)


def _python(folder, names):
    held = _write(folder, names, "python", lambda n: f"snip_{n}.py")
    (folder / "main.py").write_text(
        "import importlib, sys\n"
        "check = getattr(importlib.import_module('snip_' + sys.argv[1]), sys.argv[2])\n"
        "for line in sys.stdin:\n"
        "    hand = bytes.fromhex(line.strip()[1:]).decode('utf-8')\n"
        "    print('1' if check(hand) else '0')\n"
    )
    return Program([sys.executable, "main.py"], folder, held)


JS_MAIN = """import { readFileSync } from "node:fs";
const [name, fn] = process.argv.slice(2);
const check = (await import(`./${name}.mjs`))[fn];
const out = [];
for (const line of readFileSync(0, "latin1").split("\\n")) {
  if (line.startsWith("x")) out.push(check(Buffer.from(line.slice(1), "hex").toString("utf8")) ? "1" : "0");
}
console.log(out.join("\\n"));
"""


def _js(folder, names):
    held = _write(folder, names, "js", lambda n: f"{n}.mjs")
    (folder / "main.mjs").write_text(JS_MAIN)
    return Program(["node", "main.mjs"], folder, held)


def _ts(folder, names):
    held = _write(folder, names, "ts", lambda n: f"{n}.ts")
    imports = "".join(f'import * as {n} from "./{n}";\n' for n in sorted(held))
    table = ", ".join(f"{n}: {n} as any" for n in sorted(held))
    (folder / "main.ts").write_text(
        "declare const require: any;\ndeclare const process: any;\ndeclare const Buffer: any;\n"
        f"{imports}const modules: {{ [k: string]: any }} = {{ {table} }};\n"
        "const [name, fn] = process.argv.slice(2);\n"
        "const check = modules[name][fn];\nconst out: string[] = [];\n"
        'for (const line of require("fs").readFileSync(0, "latin1").split("\\n")) {\n'
        '  if (line.startsWith("x")) out.push(check(Buffer.from(line.slice(1), "hex")'
        '.toString("utf8")) ? "1" : "0");\n}\nconsole.log(out.join("\\n"));\n'
    )
    files = ["main.ts"] + [f"{n}.ts" for n in sorted(held)]
    tsc = ["tsc", "--target", "es2018", "--module", "commonjs", "--strict", "--outDir", "out"]
    run(tsc + files, folder)
    return Program(["node", "out/main.js"], folder, held)


JAVA_MAIN = """import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.function.Predicate;

public class Main {
    public static void main(String[] args) throws IOException {
        Map<String, Predicate<String>> checks = new HashMap<>();
%s        Predicate<String> check = checks.get(args[0]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            if (!line.startsWith("x")) continue;
            byte[] b = new byte[(line.length() - 1) / 2];
            for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(line.substring(1 + 2 * i, 3 + 2 * i), 16);
            out.append(check.test(new String(b, StandardCharsets.UTF_8)) ? "1\\n" : "0\\n");
        }
        System.out.print(out);
    }
}
"""


def _java(folder, names):
    held = _write(folder, names, "java", lambda n: f"{function(n, 'java')}.java")
    puts = "".join(
        f'        checks.put("{n}", {function(n, "java")}::isWinningHand);\n' for n in sorted(held)
    )
    (folder / "Main.java").write_text(JAVA_MAIN % puts)
    files = ["Main.java"] + [f"{function(n, 'java')}.java" for n in sorted(held)]
    run(["javac", "-encoding", "UTF-8", "-d", "classes", *files], folder)
    return Program(["java", "-cp", "classes", "Main"], folder, held)


CS_MAIN = """using System;
using System.Collections.Generic;
using System.Text;

public static class Program
{
    public static void Main(string[] args)
    {
        var checks = new Dictionary<string, Func<string, bool>>();
%s        var check = checks[args[0]];
        var output = new StringBuilder();
        string line;
        while ((line = Console.In.ReadLine()) != null)
        {
            if (!line.StartsWith("x")) continue;
            var b = new byte[(line.Length - 1) / 2];
            for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(line.Substring(1 + 2 * i, 2), 16);
            output.Append(check(Encoding.UTF8.GetString(b)) ? "1\\n" : "0\\n");
        }
        Console.Out.Write(output.ToString());
    }
}
"""


def _csharp(folder, names):
    held = _write(folder, names, "csharp", lambda n: f"{function(n, 'csharp')}.cs")
    adds = "".join(
        f'        checks["{n}"] = {function(n, "csharp")}.IsWinningHand;\n' for n in sorted(held)
    )
    (folder / "Program.cs").write_text(CS_MAIN % adds)
    files = ["Program.cs"] + [f"{function(n, 'csharp')}.cs" for n in sorted(held)]
    run(["mcs", "-out:main.exe", *files], folder)
    return Program(["mono", "main.exe"], folder, held)


GO_MAIN = """package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
)

func main() {
	checks := map[string]func(string) bool{
%s	}
	check := checks[os.Args[1]]
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	var out strings.Builder
	for in.Scan() {
		line := in.Text()
		if !strings.HasPrefix(line, "x") {
			continue
		}
		b, err := hex.DecodeString(line[1:])
		if err != nil {
			panic(err)
		}
		if check(string(b)) {
			out.WriteString("1\\n")
		} else {
			out.WriteString("0\\n")
		}
	}
	fmt.Print(out.String())
}
"""


def _go(folder, names):
    held = _write(folder, names, "go", lambda n: f"{n}.go")
    entries = "".join(f'\t\t"{n}": {function(n, "go")},\n' for n in sorted(held))
    (folder / "main.go").write_text(GO_MAIN % entries)
    (folder / "go.mod").write_text("module snippets\n\ngo 1.18\n")
    home = folder / "gohome"
    env = {"GOCACHE": str(home / "cache"), "GOPATH": str(home / "path"), "GOFLAGS": "-mod=mod"}
    run(["go", "build", "-o", "main", "."], folder, env=env)
    return Program(["./main"], folder, held)


RUST_MAIN = """use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let check: fn(&str) -> bool = match args[1].as_str() {
%s        _ => panic!("no rule set {}", args[1]),
    };
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for line in input.lines().filter(|l| l.starts_with('x')) {
        let hex = &line[1..];
        let bytes: Vec<u8> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        let hand = String::from_utf8(bytes).unwrap();
        out.push_str(if check(&hand) { "1\\n" } else { "0\\n" });
    }
    print!("{}", out);
}
"""


def _rust(folder, names):
    (folder / "src").mkdir(exist_ok=True)
    (folder / ".cargo").mkdir(exist_ok=True)
    held = _write(folder / "src", names, "rust", lambda n: f"{n}.rs")
    mods = "".join(f"mod {n};\n" for n in sorted(held))
    arms = "".join(f'        "{n}" => {n}::{function(n, "rust")},\n' for n in sorted(held))
    (folder / "src" / "main.rs").write_text(mods + "\n" + RUST_MAIN % arms)
    (folder / "Cargo.toml").write_text(CARGO_TOML.replace("{name}", "snippets"))
    (folder / ".cargo" / "config.toml").write_text(CARGO_CONFIG)
    env = {"CARGO_TARGET_DIR": str(CARGO_TARGET)}
    run(["cargo", "build", "--release", "--offline", "--quiet"], folder, env=env)
    return Program([str(CARGO_TARGET / "release" / "snippets")], folder, held)


RUBY_MAIN = """name, fn = ARGV
require_relative "snip_#{name}"
out = []
STDIN.each_line do |line|
  next unless line.start_with?("x")
  hand = [line.strip[1..]].pack("H*").force_encoding("UTF-8")
  out << (send(fn, hand) ? "1" : "0")
end
puts out
"""


def _ruby(folder, names):
    held = _write(folder, names, "ruby", lambda n: f"snip_{n}.rb")
    (folder / "main.rb").write_text(RUBY_MAIN)
    return Program(["ruby", "main.rb"], folder, held)


PHP_MAIN = """<?php
[$_, $name, $fn] = $argv;
require __DIR__ . "/snip_$name.php";
$out = '';
foreach (file('php://stdin') as $line) {
    $line = rtrim($line, "\\n");
    if ($line === '' || $line[0] !== 'x') continue;
    $out .= $fn(hex2bin(substr($line, 1))) ? "1\\n" : "0\\n";
}
echo $out;
"""


def _php(folder, names):
    held = _write(folder, names, "php", lambda n: f"snip_{n}.php")
    (folder / "main.php").write_text(PHP_MAIN)
    return Program(["php", "main.php"], folder, held)


BUILDERS = {
    "python": _python,
    "js": _js,
    "ts": _ts,
    "java": _java,
    "csharp": _csharp,
    "go": _go,
    "rust": _rust,
    "ruby": _ruby,
    "php": _php,
}


#: Where Debian's librust-regex-dev puts the regex crate.
REGISTRY = Path("/usr/share/cargo/registry")


def missing(lang: str) -> list[str]:
    """The tools of ``lang``'s program that are not on PATH (and for Rust,
    the regex crate where Debian puts it)."""
    gone = [t for t in TOOLS[lang] if shutil.which(t) is None]
    if lang == "rust" and not any(REGISTRY.glob("regex-1.*")):
        gone.append(f"librust-regex-dev ({REGISTRY})")
    return gone


def program_getter(build_one, tmp_path_factory, names, label: str = ""):
    """A function from a language to its program (``build_one(lang, folder,
    names)``), built on first use in a new folder; where the language's
    tools are missing the test is skipped, and fails in CI (``.ci/run``
    installs every toolchain)."""
    built = {}

    def get(lang):
        if lang not in built:
            gone = missing(lang)
            if gone:
                reason = f"{', '.join(gone)} not on PATH"
                if IN_CI:
                    pytest.fail(f"CI lacks {reason}")
                pytest.skip(reason)
            built[lang] = build_one(lang, tmp_path_factory.mktemp(label + lang), names)
        return built[lang]

    return get
