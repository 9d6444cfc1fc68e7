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
from conftest import builtin_tests_report

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
    assert (error["line"], error["column"], error["end_column"]) == (
        18,
        22,
        26,
    )  # the unknown kind, chow
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


#: What a test says in the page and in ``mahjong-regex test --format json``.
SAME = ("line", "column", "verdict", "hand", "note", "expected", "passed", "reference")


def test_the_tests_of_every_built_in_are_decided_as_the_test_command_decides_them():
    report = builtin_tests_report()
    assert [r["name"] for r in report["rule_sets"]] == list(BUILTINS)
    for rule_set in report["rule_sets"]:
        name = rule_set["name"]
        answer = ask(op="tests", source=builtin_source(name), path=f"{name}.meld")
        assert answer["ok"] and answer["error"] is None and answer["diagnostics"] == []
        got = [{k: t[k] for k in SAME} for t in answer["tests"]]
        assert got == [{k: t[k] for k in SAME} for t in rule_set["tests"]], name
        n = len(rule_set["tests"])
        assert answer["summary"] == {"tests": n, "passed": n, "failed": 0}, name
        assert [t["match"] for t in answer["tests"]] == [t["hand"] for t in answer["tests"]]
    assert report["summary"]["tests"] == 211


def test_a_copy_of_harbin_without_suits_2_fails_its_one_suit_test(tmp_path, capsys, monkeypatch):
    copy = "".join(line for line in HARBIN.splitlines(True) if "suits >= 2," not in line)
    answer = ask(op="tests", source=copy, path="house.meld")
    assert answer["summary"] == {"tests": 14, "passed": 13, "failed": 1}
    (failed,) = [t for t in answer["tests"] if not t["passed"]]
    assert failed["hand"] == ONE_SUIT and (failed["line"], failed["column"]) == (46, 3)
    assert failed["verdict"] == "no" and failed["expected"] == "no, because suits >= 2"
    assert failed["reference"]["verdict"] == "win"
    (problem,) = failed["reference"]["problems"]
    assert problem.startswith("no constraint of the win or its hand shapes reads 'suits >= 2'")
    monkeypatch.chdir(tmp_path)
    Path("house.meld").write_text(copy, "utf-8")
    assert cli.main(["test", "house.meld", "--flavor", "python"]) == 1
    printed = capsys.readouterr().out
    assert f"FAILED house.meld:46:3: no {ONE_SUIT}   # {failed['note']}\n" in printed
    assert f"    {problem}\n" in printed


def test_a_test_with_a_turned_tile_and_wild_tiles_in_another_notation():
    answer = ask(op="tests", source=builtin_source("wuhan"), path="wuhan.meld", notation="mpsz")
    second = answer["tests"][1]
    assert second["hand"] == "四条|二万三万四万五万六万七万三筒四筒五条七筒八筒九筒二条二条"
    assert second["match"] == "4s|2m3m4m5m6m7m3p4p5s7p8p9p2s2s" and second["turned"] == "四条"
    said = second["reference"]["said"]
    assert "| chow 三筒四筒[五条=五筒] |" in said and said.startswith("small: chow 二万三万四万")
    assert second["expected"] == "win with the split " + said.removeprefix("small: ")
    assert ask(op="tests", source=HARBIN)["tests"][0]["turned"] is None


def test_a_test_that_expects_a_score_gets_the_reference_scorer_s():
    answer = ask(op="tests", source=builtin_source("changsha"), path="changsha.meld")
    scored = {t["line"]: t["score"] for t in answer["tests"] if "score" in t}
    assert sorted(scored) == [42, 44, 46, 48, 50]
    assert answer["tests"][4]["expected"] == (
        "win as qixiaodui, scoring 5 (将将胡, 七小对, 豪华, 豪华, 豪华)"
    )
    assert scored[50]["total"] == 5
    assert [(e["name"], e["count"]) for e in scored[50]["elements"]] == [
        ("将将胡", 1),
        ("七小对", 1),
        ("豪华", 3),
    ]


def test_a_test_written_wrong_is_a_located_error(tmp_path, capsys, monkeypatch):
    bad = HARBIN.replace(
        "九条九条     # seed post: 最多缺一门", "九条九x     # seed post: 最多缺一门"
    )
    answer = ask(op="tests", source=bad, path="harbin.meld")
    error = answer["error"]
    assert answer["ok"] and answer["tests"] == [] and error["severity"] == "error"
    assert (error["line"], error["column"], error["end_column"]) == (47, 34, 35)
    monkeypatch.chdir(tmp_path)
    Path("harbin.meld").write_text(bad, "utf-8")
    assert cli.main(["test", "harbin.meld", "--flavor", "python"]) == 2
    assert capsys.readouterr().out.startswith(error["text"] + "\n")
    assert ask(op="compile", source=bad, path="harbin.meld")["diagnostics"] == []


def test_a_rule_file_without_tests_has_none_and_a_broken_one_no_answer():
    bare = HARBIN[: HARBIN.index("# ---- tests")]
    answer = ask(op="tests", source=bare)
    assert answer["ok"] and answer["tests"] == [] and answer["error"] is None
    assert answer["summary"] == {"tests": 0, "passed": 0, "failed": 0}
    broken = ask(op="tests", source=bare.replace("meld chow", "meld chw"))
    assert broken["ok"] is False and broken["diagnostics"][0]["line"] == 18


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
    {"op": "tests", "source": riichi},
):
    print(json.loads(handle(json.dumps(request)))["ok"])
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["True"] * 5, done.stderr


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
