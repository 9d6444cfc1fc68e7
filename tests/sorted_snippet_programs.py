"""One program per host language holding the sorted-input snippets
(``compile --input sorted --format code``) of every rule set the tests
prove, built once and run once per rule set.

A run takes the rule set's name, its sort function's and its check's (of
tiles in any order) names as arguments, and on stdin one hand a line: ``s``
then the hand's UTF-8 bytes in hex (a string), or ``l`` then the items'
hex joined by ``.`` (a list).  It prints per line ``E`` where the sort
function raised (returned an error), else the check's verdict (``1`` or
``0``) and the sorted hand's UTF-8 bytes in hex.  Both are called: the
check must answer as the sort function raises.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from conftest import rules
from snippet_programs import CARGO_CONFIG, CARGO_TARGET, CARGO_TOML, run
from sorted_snippet_mains import CS_MAIN, GO_MAIN, JAVA_MAIN, RUST_MAIN

from mahjong_regex import load_rules
from mahjong_regex.diagnostics import UnsupportedError
from mahjong_regex.flavors.table import language_flavor
from mahjong_regex.outputs.host_literals import Names
from mahjong_regex.outputs.snippets import SnippetOptions
from mahjong_regex.outputs.sorted_snippets import sorted_snippet
from mahjong_regex.outputs.sorted_source import sorted_source

#: Test-only rule sets, by name, from tests/rules.
TEST_RULES = Path(__file__).parent / "rules"


def load(name: str):
    """A built-in rule set, or a test-only one (tests/rules/NAME.meld)."""
    path = TEST_RULES / f"{name}.meld"
    return load_rules(str(path)) if path.is_file() else rules(name)


@lru_cache(maxsize=None)
def source(name: str, flavor: str):
    """The sorted patterns of ``name`` in ``flavor`` (None where refused)."""
    try:
        return sorted_source(load(name), flavor)
    except UnsupportedError:
        return None


def code(name: str, lang: str) -> str | None:
    """The sorted snippet of ``name`` in ``lang`` (None where refused)."""
    found = source(name, language_flavor(lang))
    if found is None:
        return None
    options = SnippetOptions(package="main" if lang == "go" else None)
    return sorted_snippet(load(name), lang, found, options)


def functions(name: str, lang: str) -> tuple[str, str]:
    """The sort function's and the check's names (the program's arguments)."""
    n = Names(name)
    return {
        "python": (f"sort_{n.snake}_hand", f"is_{n.snake}_winning_tiles"),
        "js": (f"sort{n.pascal}Hand", f"is{n.pascal}WinningTiles"),
        "ts": (f"sort{n.pascal}Hand", f"is{n.pascal}WinningTiles"),
        "java": ("sortHand", "isWinningTiles"),
        "csharp": ("SortHand", "IsWinningTiles"),
        "go": (f"Sort{n.pascal}Hand", f"Is{n.pascal}WinningTiles"),
        "rust": (f"sort_{n.snake}_hand", f"is_{n.snake}_winning_tiles"),
        "ruby": (f"sort_{n.snake}_hand", f"{n.snake}_winning_tiles?"),
        "php": (f"sort_{n.snake}_hand", f"is_{n.snake}_winning_tiles"),
    }[lang]


def encode(hands) -> str:
    """The program's stdin: each hand a str, or a list of str."""
    lines = []
    for h in hands:
        if isinstance(h, str):
            lines.append("s" + h.encode("utf-8").hex())
        else:
            lines.append("l" + ".".join(x.encode("utf-8").hex() for x in h))
    return "".join(line + "\n" for line in lines)


class Program:
    """A language's program: ``argv``, ``cwd``, ``env``, and the rule sets
    it holds (the others were refused)."""

    def __init__(self, argv, cwd: Path, held: set[str], env=None):
        self.argv, self.cwd, self.held, self.env = list(argv), cwd, held, env or {}

    def decide(self, name: str, lang: str, hands) -> list[tuple[bool, str] | None]:
        """Per hand: (the check's verdict, the sorted hand), or None where
        the sort function raised."""
        argv = self.argv + [name, *functions(name, lang)]
        out = run(argv, self.cwd, encode(hands), self.env)
        answers = []
        for line in out.split():
            answers.append(
                None if line == "E" else (line[0] == "1", bytes.fromhex(line[1:]).decode())
            )
        return answers


def _write(folder: Path, names, lang: str, file) -> list[str]:
    """Write each rule set's sorted snippet as ``file(name)``; the names written."""
    held = []
    for name in names:
        text = code(name, lang)
        if text is not None:
            (folder / file(name)).write_text(text, encoding="utf-8")
            held.append(name)
    return held


def build(lang: str, folder: Path, names) -> Program:
    """Write and compile the program of ``lang`` under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    return BUILDERS[lang](folder, names)


PY_MAIN = """import importlib, sys
module = importlib.import_module("sorted_" + sys.argv[1])
sort, check = getattr(module, sys.argv[2]), getattr(module, sys.argv[3])
for line in sys.stdin:
    line = line.strip()
    items = [bytes.fromhex(x).decode() for x in line[1:].split(".")]
    tiles = items[0] if line[0] == "s" else items
    try:
        hand, win = sort(tiles), check(tiles)
    except ValueError:
        print("E")
        continue
    print(("1" if win else "0") + hand.encode().hex())
"""


def _python(folder, names):
    held = _write(folder, names, "python", lambda n: f"sorted_{n}.py")
    (folder / "main.py").write_text(PY_MAIN)
    return Program([sys.executable, "main.py"], folder, set(held))


JS_BODY = """const out = [];
for (const line of input.split("\\n")) {
  if (!line) continue;
  const items = line.slice(1).split(".").map((x) => Buffer.from(x, "hex").toString("utf8"));
  const tiles = line[0] === "s" ? items[0] : items;
  try {
    const hand = sort(tiles);
    const win = check(tiles);
    out.push((win ? "1" : "0") + Buffer.from(hand, "utf8").toString("hex"));
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    out.push("E");
  }
}
console.log(out.join("\\n"));
"""
JS_MAIN = """import { readFileSync } from "node:fs";
const [name, sortName, checkName] = process.argv.slice(2);
const module = await import(`./${name}.mjs`);
const sort = module[sortName], check = module[checkName];
const input = readFileSync(0, "latin1");
""" + JS_BODY


def _js(folder, names):
    held = _write(folder, names, "js", lambda n: f"{n}.mjs")
    (folder / "main.mjs").write_text(JS_MAIN)
    return Program(["node", "main.mjs"], folder, set(held))


def _ts(folder, names):
    held = _write(folder, names, "ts", lambda n: f"{n}.ts")
    imports = "".join(f'import * as {n} from "./{n}";\n' for n in held)
    table = ", ".join(f"{n}: {n} as any" for n in held)
    (folder / "main.ts").write_text(
        "declare const require: any;\ndeclare const process: any;\ndeclare const Buffer: any;\n"
        f"{imports}const modules: {{ [k: string]: any }} = {{ {table} }};\n"
        "const [name, sortName, checkName] = process.argv.slice(2);\n"
        "const sort = modules[name][sortName], check = modules[name][checkName];\n"
        'const input: string = require("fs").readFileSync(0, "latin1");\n'
        + JS_BODY.replace("const out = [];", "const out: string[] = [];")
    )
    files = ["main.ts"] + [f"{n}.ts" for n in held]
    tsc = ["tsc", "--target", "es2018", "--module", "commonjs", "--strict", "--outDir", "out"]
    run(tsc + files, folder)
    return Program(["node", "out/main.js"], folder, set(held))


def _java(folder, names):
    cls = lambda n: f"{Names(n).pascal}WinningHand"  # noqa: E731
    held = _write(folder, names, "java", lambda n: f"{cls(n)}.java")
    puts = "".join(
        f'        sortS.put("{n}", {cls(n)}::sortHand);\n'
        f'        sortL.put("{n}", {cls(n)}::sortHand);\n'
        f'        winS.put("{n}", {cls(n)}::isWinningTiles);\n'
        f'        winL.put("{n}", {cls(n)}::isWinningTiles);\n'
        for n in held
    )
    (folder / "Main.java").write_text(JAVA_MAIN % puts)
    files = ["Main.java"] + [f"{cls(n)}.java" for n in held]
    # No warning from the snippets: -Xlint:all, as a careful project builds.
    run(["javac", "-encoding", "UTF-8", "-Xlint:all", "-Werror", "-d", "classes", *files], folder)
    return Program(["java", "-cp", "classes", "Main"], folder, set(held))


def _csharp(folder, names):
    cls = lambda n: f"{Names(n).pascal}WinningHand"  # noqa: E731
    held = _write(folder, names, "csharp", lambda n: f"{cls(n)}.cs")
    adds = "".join(
        f'        sortS["{n}"] = {cls(n)}.SortHand;\n'
        f'        sortL["{n}"] = {cls(n)}.SortHand;\n'
        f'        winS["{n}"] = {cls(n)}.IsWinningTiles;\n'
        f'        winL["{n}"] = {cls(n)}.IsWinningTiles;\n'
        for n in held
    )
    (folder / "Program.cs").write_text(CS_MAIN % adds)
    files = ["Program.cs"] + [f"{cls(n)}.cs" for n in held]
    run(["mcs", "-warn:4", "-warnaserror+", "-out:main.exe", *files], folder)
    return Program(["mono", "main.exe"], folder, set(held))


def _go(folder, names):
    held = _write(folder, names, "go", lambda n: f"{n}.go")
    entries = "".join(
        f'\t\t"{n}": {{Sort{Names(n).pascal}Hand, Is{Names(n).pascal}WinningTiles}},\n'
        for n in held
    )
    (folder / "main.go").write_text(GO_MAIN % entries)
    (folder / "go.mod").write_text("module sorted\n\ngo 1.18\n")
    home = folder / "gohome"
    env = {"GOCACHE": str(home / "cache"), "GOPATH": str(home / "path"), "GOFLAGS": "-mod=mod"}
    # As gofmt writes it, and as go vet reads it.
    assert run(["gofmt", "-l", *(f"{n}.go" for n in held)], folder) == ""
    run(["go", "vet", "."], folder, env=env)
    run(["go", "build", "-o", "main", "."], folder, env=env)
    return Program(["./main"], folder, set(held))


def _rust(folder, names):
    (folder / "src").mkdir(exist_ok=True)
    (folder / ".cargo").mkdir(exist_ok=True)
    held = _write(folder / "src", names, "rust", lambda n: f"{n}.rs")
    mods = "".join(f"mod {n};\n" for n in held)
    arms = "".join(
        f'        "{n}" => ({n}::sort_{Names(n).snake}_hand, {n}::is_{Names(n).snake}_winning_tiles),\n'
        for n in held
    )
    # A string as the docs show it: ``&[hand]``.
    first = held[0]
    check = f"#[allow(dead_code)]\nfn from_str(hand: &str) -> bool {{\n    {first}::is_{Names(first).snake}_winning_tiles(&[hand]).unwrap_or(false)\n}}\n"
    (folder / "src" / "main.rs").write_text(mods + "\n" + check + "\n" + RUST_MAIN % arms)
    (folder / "Cargo.toml").write_text(CARGO_TOML.replace("{name}", "sorted"))
    (folder / ".cargo" / "config.toml").write_text(CARGO_CONFIG)
    # Warnings are errors: a snippet pasted into a project builds clean.
    env = {"CARGO_TARGET_DIR": str(CARGO_TARGET), "RUSTFLAGS": "-D warnings"}
    run(["cargo", "build", "--release", "--offline", "--quiet"], folder, env=env)
    return Program([str(CARGO_TARGET / "release" / "sorted")], folder, set(held))


RUBY_MAIN = """name, sort, check = ARGV
require_relative "sorted_#{name}"
out = []
STDIN.each_line do |line|
  line = line.strip
  next if line.empty?
  items = line[1..].split(".", -1).map { |x| [x].pack("H*").force_encoding("UTF-8") }
  tiles = line[0] == "s" ? items[0] : items
  begin
    hand = send(sort, tiles)
    win = send(check, tiles)
    out << (win ? "1" : "0") + hand.unpack1("H*")
  rescue ArgumentError
    out << "E"
  end
end
puts out
"""


def _ruby(folder, names):
    held = _write(folder, names, "ruby", lambda n: f"sorted_{n}.rb")
    (folder / "main.rb").write_text(RUBY_MAIN)
    return Program(["ruby", "main.rb"], folder, set(held))


PHP_MAIN = """<?php
[$_, $name, $sort, $check] = $argv;
require __DIR__ . "/sorted_$name.php";
$out = '';
foreach (file('php://stdin') as $line) {
    $line = rtrim($line, "\\n");
    if ($line === '') continue;
    $items = array_map('hex2bin', explode('.', substr($line, 1)));
    $tiles = $line[0] === 's' ? $items[0] : $items;
    try {
        $hand = $sort($tiles);
        $win = $check($tiles);
        $out .= ($win ? '1' : '0') . bin2hex($hand) . "\\n";
    } catch (InvalidArgumentException $e) {
        $out .= "E\\n";
    }
}
echo $out;
"""


def _php(folder, names):
    held = _write(folder, names, "php", lambda n: f"sorted_{n}.php")
    (folder / "main.php").write_text(PHP_MAIN)
    return Program(["php", "main.php"], folder, set(held))


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
