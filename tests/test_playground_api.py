"""The playground without a browser: the api module the page calls (the
same code runs in Pyodide), the site builder's folder rules, the server's
refusals, and the layering (nothing but the command line imports the
playground; the page's modules need no ``regex``)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_regex import BUILTINS, builtin_source, cli
from mahjong_regex.playground import api
from mahjong_regex.playground.fetch import cache_dir, checkout_root
from mahjong_regex.playground.serve import SiteError, make_server
from mahjong_regex.playground.site import GENERATOR, _prepare, static_files

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"
HARBIN = builtin_source("harbin")
WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
ONE_SUIT = "二条二条二条三条四条五条五条六条七条二条三条四条九条九条"
#: A rule set the js flavor refuses: 'substitutes >= 1' (line 9, column 28).
JS_REFUSES = """ruleset substitutes
tiles {
  suit m ranks 1-5: 1m 2m 3m 4m 5m
  honor dragon: 中
}
wild 中 for suited
meld chow = run 3
meld pair = same 2 of suited
hand h = chow + pair where substitutes >= 1
win h
"""


def ask(**request) -> dict:
    return json.loads(api.handle(json.dumps(request, ensure_ascii=False)))


def compiled(name: str, **request) -> dict:
    return ask(op="compile", source=builtin_source(name), path=f"{name}.meld", **request)


def test_init_offers_the_built_ins_flavors_languages_and_forms():
    facts = ask(op="init")
    assert [b["name"] for b in facts["builtins"]] == list(BUILTINS)
    assert facts["builtins"][0]["source"] == HARBIN
    assert [f["name"] for f in facts["flavors"]] == [
        "pcre",
        "regex",
        "python",
        "js",
        "java",
        "dotnet",
        "ruby",
        "re2",
    ]
    assert facts["flavors"][3]["flags"] == "u"
    assert facts["forms"] == ["arranged"] and facts["notations"] == ["chinese", "mpsz", "unicode"]
    assert facts["langs"]["go"] == "re2" and facts["score_langs"] == {
        "python": "regex",
        "csharp": "dotnet",
        "php": "pcre",
    }


@pytest.mark.parametrize("name", ["harbin", "riichi", "wuhan"])
def test_compile_gives_the_generated_pattern_and_outline(name):
    answer = compiled(name, flavor="js")
    assert answer["ok"] and answer["diagnostics"] == []
    assert answer["text"] == answer["pattern"] == (GENERATED / name / "js.re").read_text()[:-1]
    assert answer["flags"] == "u"
    outline = compiled(name, flavor="pcre", fmt="outline")["text"]
    assert outline == (GENERATED / name / "pcre.outline").read_text()


def test_a_refusal_is_the_command_line_s(tmp_path, capsys, monkeypatch):
    answer = ask(op="compile", source=JS_REFUSES, path="substitutes.meld", flavor="js")
    assert answer["ok"] and "text" not in answer
    assert (answer["refused"]["line"], answer["refused"]["column"]) == (9, 28)
    monkeypatch.chdir(tmp_path)
    Path("substitutes.meld").write_text(JS_REFUSES, "utf-8")
    assert cli.main(["compile", "substitutes.meld", "--flavor", "js"]) == 2
    assert answer["refused"]["text"] == capsys.readouterr().err.rstrip("\n")


def test_the_json_and_code_formats_are_the_command_line_s(capsys):
    assert cli.main(["compile", "riichi", "--score", "--flavor", "regex", "--format", "json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    answer = compiled("riichi", flavor="regex", fmt="json", score=True)
    assert json.loads(answer["text"]) == {**expected, "source": "riichi.meld"}
    assert cli.main(["compile", "harbin", "--format", "code", "--lang", "ruby"]) == 0
    assert compiled("harbin", fmt="code", lang="ruby")["text"] == capsys.readouterr().out
    assert compiled("harbin", fmt="code", lang="ruby")["flavor"] == "ruby"


def test_the_scoring_pattern_and_its_refusals():
    answer = compiled("riichi", flavor="pcre", score=True)
    assert answer["text"] + "\n" == (GENERATED / "riichi" / "score" / "pcre.re").read_text()
    refused = compiled("riichi", flavor="js", score=True)["refused"]["text"]
    assert refused + "\n" == (GENERATED / "riichi" / "score" / "js.refused").read_text()
    assert "declares no scoring elements" in compiled("harbin", score=True)["refused"]["text"]


def test_a_broken_rule_is_located_as_the_command_line_locates_it(tmp_path, capsys, monkeypatch):
    broken = HARBIN.replace("meld chow = run 3", "meld chw = run 3")
    answer = ask(op="compile", source=broken, path="harbin.meld", flavor="js")
    (error,) = answer["diagnostics"]
    assert not answer["ok"] and error["severity"] == "error"
    assert (error["line"], error["column"], error["end_column"]) == (18, 17, 41)
    monkeypatch.chdir(tmp_path)
    Path("harbin.meld").write_text(broken, "utf-8")
    assert cli.main(["compile", "harbin.meld"]) == 2
    assert error["text"] == capsys.readouterr().err.rstrip("\n")
    assert ask(op="check", source=broken, path="harbin.meld")["diagnostics"] == [error]


def test_warnings_come_with_a_pattern():
    answer = ask(op="compile", source=HARBIN + "meld extra = same 3\n", path="h.meld", flavor="js")
    (warning,) = answer["diagnostics"]
    assert answer["ok"] and answer["text"]
    line = HARBIN.count("\n") + 1  # the line added after the rule file's last
    assert warning["severity"] == "warning" and warning["line"] == line == 56
    assert warning["text"].startswith(f"h.meld:{line}:1: warning: meld kind 'extra' is never used")


@pytest.mark.parametrize(
    "request_, error",
    [
        ({"op": "compile", "flavor": "perl"}, "unknown flavor 'perl'"),
        ({"op": "compile", "fmt": "code"}, "no code for None"),
        ({"op": "compile", "fmt": "code", "lang": "go", "score": True}, "no scoring code for 'go'"),
        ({"op": "compile", "form": "sorted"}, "unknown form 'sorted'; one of arranged"),
        ({"op": "decide", "hands": [1]}, "'hands' must be a list of strings"),
        ({"op": "decide", "source": 3}, "'source' must be a str"),
        ({"op": "compile", "score": "yes"}, "'score' must be a bool"),
        ({"op": "nothing"}, "unknown op 'nothing'"),
        ([1, 2], "a request is a JSON object"),
    ],
)
def test_a_bad_request_is_an_answer_not_an_exception(request_, error):
    answer = json.loads(api.handle(json.dumps(request_)))
    assert answer["ok"] is False and error in answer["error"]


def test_a_crash_is_an_answer_with_its_traceback(monkeypatch):
    def broken(req):
        raise RuntimeError("a compiler bug")

    monkeypatch.setitem(api.OPS, "compile", broken)
    answer = ask(op="compile")
    assert answer["ok"] is False and "RuntimeError: a compiler bug" in answer["crash"]
    assert json.loads(api.handle("not json"))["error"].startswith("bad request: Expecting value")


def test_decide_gives_splits_reasons_and_errors():
    answer = ask(op="decide", source=HARBIN, path="harbin.meld", hands=[WIN, ONE_SUIT, "", "x"])
    win, no, empty, bad = answer["verdicts"]
    assert win["win"] and win["shape"] == "standard"
    assert win["split"][0] == {"kind": "pung", "tiles": ["幺鸡"] * 3, "stands": ["幺鸡"] * 3}
    assert win["explain"].startswith("standard: pung 幺鸡幺鸡幺鸡 | chow 三条四条五条")
    assert not no["win"] and no["reason"] == "breaks line 23: suits >= 2" and no["error"] is None
    assert empty["error"] == "the hand is empty"
    assert bad["error"] == "character 1: 'x' is not the start of a tile name"
    assert "score" not in win


def test_decide_shows_what_a_wild_tile_stands_for_and_scores():
    hand = "一万二万三万四万五万六万七筒八筒九筒一条一条中五条五条"
    (v,) = ask(op="decide", source=builtin_source("hongzhong"), hands=[hand])["verdicts"]
    assert v["split"][-1] == {
        "kind": "pung",
        "tiles": ["中", "五条", "五条"],
        "stands": ["五条"] * 3,
    }
    riichi = builtin_source("riichi")
    (s,) = ask(op="decide", source=riichi, hands=["1m1m1m9m9m9m1p1p1p9p9p9p1s1s"])["verdicts"]
    assert s["score"]["total"] == 26 and s["score"]["limit"]
    assert [e["name"] for e in s["score"]["elements"]] == ["suuankou", "chinroutou"]


def test_convert_writes_hands_in_another_notation():
    moved = ask(op="convert", source=HARBIN, hands=[WIN, "x"], to="mpsz")["hands"]
    assert moved == ["1s1s1s3s4s5s5s6s7s1m1m1m9m9m", "x"]
    back = ask(op="convert", source=HARBIN, hands=moved, **{"from": "mpsz"})["hands"]
    assert back == [WIN, "x"]
    wuhan = ask(op="convert", source=builtin_source("wuhan"), hands=["四条|二万"], to="mpsz")
    assert wuhan["hands"] == ["4s|2m"]


def test_examples_are_winning_hands_then_losing_ones():
    hands = ask(op="examples", source=builtin_source("sichuan"))["hands"]
    verdicts = ask(op="decide", source=builtin_source("sichuan"), hands=hands)["verdicts"]
    assert [v["win"] for v in verdicts] == [True] * 3 + [False] * 3
    assert all(v["error"] is None for v in verdicts)


#: Python without the regex module, as Pyodide is: an import of it fails.
NO_REGEX = """
import sys
class NoRegex:
    def find_spec(self, name, path=None, target=None):
        if name == "regex" or name.startswith("regex."):
            raise ImportError("no regex module here")
sys.meta_path.insert(0, NoRegex())
"""


def test_the_page_s_python_needs_no_regex_module():
    code = NO_REGEX + """
import json
from mahjong_regex import builtin_source
from mahjong_regex.playground.api import handle
riichi = builtin_source("riichi")
for request in (
    {"op": "init"},
    {"op": "compile", "source": riichi, "flavor": "pcre", "score": True, "fmt": "json"},
    {"op": "decide", "source": riichi, "hands": ["1m1m1m9m9m9m1p1p1p9p9p9p1s1s"]},
    {"op": "examples", "source": builtin_source("wuhan")},
):
    print(json.loads(handle(json.dumps(request)))["ok"])
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["True"] * 4, done.stderr


def test_only_the_command_line_imports_the_playground():
    importers = []
    for path in (ROOT / "src" / "mahjong_regex").rglob("*.py"):
        if "playground" in path.parts:
            continue
        if re.search(r"^\s*from \.+playground|^\s*import .*playground", path.read_text(), re.M):
            importers.append(path.name)
    assert importers == ["cli.py"]


def test_the_page_names_no_other_host():
    for name, data in static_files().items():
        assert b"://" not in data, name
    assert set(static_files()) >= {"index.html", "app.js", "worker.js", "match-worker.js"}


def test_a_build_clears_only_a_folder_it_wrote(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    with pytest.raises(SiteError, match="not empty and holds no playground site"):
        _prepare(other)
    assert (other / "keep.txt").is_file()
    site = tmp_path / "site"
    site.mkdir()
    (site / "site.json").write_text(json.dumps({"generator": GENERATOR}))
    (site / "old.js").write_text("")
    _prepare(site)
    assert list(site.iterdir()) == []


def test_serving_a_folder_without_a_site_is_a_clear_error(tmp_path, capsys):
    assert cli.main(["playground", "serve", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong-regex: error: {tmp_path} holds no playground site")
    assert f"mahjong-regex playground build --out {tmp_path}" in err
    (tmp_path / "f").write_text("")
    assert cli.main(["playground", "build", "--out", str(tmp_path / "f")]) == 2


def test_a_port_in_use_is_a_clear_error(tmp_path):
    (tmp_path / "index.html").write_text("")
    (tmp_path / "site.json").write_text("{}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(SiteError, match=r"cannot serve on 127\.0\.0\.1:\d+"):
            make_server(tmp_path, taken.getsockname()[1])


def test_the_cache_folder_and_the_checkout(monkeypatch, tmp_path):
    monkeypatch.setenv("MAHJONG_REGEX_CACHE", str(tmp_path))
    assert cache_dir() == tmp_path / "playground"
    monkeypatch.delenv("MAHJONG_REGEX_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "mahjong-regex" / "playground"
    assert checkout_root() == ROOT
