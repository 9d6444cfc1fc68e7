"""The playground in a real browser: the site is built (``playground
build``), served on 127.0.0.1, and driven with Playwright in Chromium, every
request to another host blocked and counted.

The browser is Debian's ``chromium`` (``$MAHJONG_CHROMIUM`` names another
binary); Playwright never downloads one.  Without Playwright, the browser
or the site's downloads the tests are skipped, except under ``CI=true``,
where they fail.  ``MAHJONG_PLAYGROUND_SHOT=FILE`` copies the screenshots the
tests take to FILE (Harbin, its tests passing) and FILE-failing.png (a copy of
Harbin whose one-suit test fails), for review.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from conftest import FIXTURE_RULE_SETS, TEST_RULES, builtin_tests_report, read_fixtures
from playground_page import (
    ARGS,
    CHROMIUM,
    Guard,
    keep_shot,
    open_page,
    pick,
    rows,
    settle,
    show,
    shown_tests,
    unavailable,
    wait_until,
)

from mahjong_regex import BUILTINS, UnsupportedError, builtin_source, cli, compile_for
from mahjong_regex.playground.fetch import FetchError
from mahjong_regex.playground.serve import make_server
from mahjong_regex.playground.site import build_site
from mahjong_regex.ruleset.checker import load

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"
#: The README's two Harbin hands, and what the command line says of them.
WIN = "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万"
ONE_SUIT = "二条二条二条三条四条五条五条六条七条二条三条四条九条九条"
WIN_SPLIT = (
    "standard: pung 幺鸡幺鸡幺鸡 | chow 三条四条五条 | chow 五条六条七条 | pung 幺万幺万幺万 "
    "| pair 九万九万"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    try:
        return build_site(tmp_path_factory.mktemp("playground") / "site").out
    except FetchError as e:
        unavailable(f"the site cannot be built: {e}")


@pytest.fixture(scope="module")
def guard(site):
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Guard(f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).is_file():
        unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        try:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Error as e:
            unavailable(f"Chromium does not start: {e}")
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def page(browser, guard):
    page = open_page(browser, guard)
    yield page
    page.context.close()


def test_the_done_when_hands_of_harbin(browser, guard, tmp_path):
    page = open_page(browser, guard)
    assert page.input_value("#builtin") == "harbin"
    win, no = rows(page)
    assert win == {**win, "hand": WIN, "reference": "win", "regexp": "win", "agree": True}
    assert win["split"] == WIN_SPLIT
    assert no == {**no, "hand": ONE_SUIT, "reference": "no", "regexp": "no", "agree": True}
    assert no["reason"] == "breaks line 23: suits >= 2"
    shot = tmp_path / "playground.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000
    keep_shot(shot)
    page.context.close()


def test_every_builtin_js_pattern_is_the_generated_one(page):
    show(page, "js")
    for name in BUILTINS:
        pick(page, name)
        text = page.inner_text("#output")
        refused = GENERATED / name / "js.refused"
        if refused.is_file():
            assert text == refused.read_text("utf-8").rstrip("\n"), name
            assert "refused" in page.get_attribute("#output", "class")
        else:
            assert text == (GENERATED / name / "js.re").read_text("utf-8").rstrip("\n"), name


def fixture_source(name: str) -> str:
    return builtin_source(name) if name in BUILTINS else (TEST_RULES / f"{name}.meld").read_text()


def boxable(hand: str) -> bool:
    """Can the hands box hold this hand as one line?"""
    return hand != "" and "\n" not in hand and "\r" not in hand


@pytest.mark.parametrize("name", FIXTURE_RULE_SETS)
def test_fixture_verdicts_in_the_page_are_the_reference(page, name):
    fixtures = read_fixtures(name)
    page.fill("#source", fixture_source(name))
    settle(page)
    assert page.eval_on_selector_all("#diagnostics li.error", "e => e.length") == 0
    boxed = [(win, hand) for win, hand, _, _ in fixtures if boxable(hand)]
    page.fill("#hands", "\n".join(hand for _, hand in boxed))
    settle(page)
    shown = rows(page)
    assert [r["hand"] for r in shown] == [hand for _, hand in boxed]
    refused = (GENERATED / name / "js.refused").is_file()
    for (win, hand), row in zip(boxed, shown):
        assert row["reference"] == ("win" if win else "no"), (name, hand)
        assert row["regexp"] == ("none" if refused else row["reference"]), (name, hand)
    others = [(win, hand) for win, hand, _, _ in fixtures if not boxable(hand)]
    decided = page.evaluate("hands => playground.decide(hands)", [hand for _, hand in others])
    for (win, hand), row in zip(others, decided):
        assert row["reference"]["win"] is win and row["regexp"] in (None if refused else win,)


def cli_error(tmp_path, capsys, text: str) -> str:
    """What ``mahjong-regex compile`` prints for a rule file named harbin.meld."""
    (tmp_path / "harbin.meld").write_text(text, "utf-8")
    assert cli.main(["compile", "harbin.meld"]) == 2
    return capsys.readouterr().err.rstrip("\n")


def test_a_broken_rule_shows_its_located_error(page, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pick(page, "harbin")
    broken = builtin_source("harbin").replace("meld chow = run 3", "meld chw = run 3")
    page.fill("#source", broken)
    settle(page)
    errors = page.eval_on_selector_all("#diagnostics li.error", "e => e.map(x => x.innerText)")
    assert errors == [cli_error(tmp_path, capsys, broken)]
    assert errors[0].startswith("harbin.meld:18:22: error: unknown meld kind 'chow'")
    marked = page.eval_on_selector_all("#backdrop mark.error", "e => e.map(x => x.textContent)")
    assert marked == [broken.splitlines()[17][21:25]] == ["chow"]
    assert page.inner_text("#gutter .error") == "18"
    assert "do not load" in page.inner_text("#hands-summary")
    assert page.eval_on_selector_all("#verdicts li", "e => e.length") == 0


def test_a_warning_is_marked_and_the_rules_still_compile(page):
    pick(page, "harbin")
    page.fill("#source", builtin_source("harbin") + "meld extra = same 3\n")
    settle(page)
    warnings = page.eval_on_selector_all("#diagnostics li.warning", "e => e.map(x => x.innerText)")
    assert len(warnings) == 1 and warnings[0].startswith(
        "harbin.meld:56:1: warning: meld kind 'extra' is never used"
    )
    assert page.inner_text("#gutter .warning") == "56"
    assert "RegExp agrees" in page.inner_text("#hands-summary")


def test_wild_tiles_show_what_they_stand_for(page):
    pick(page, "wuhan")
    page.fill("#hands", "四条|二万三万四万五万六万七万三筒四筒五条七筒八筒九筒二条二条")
    settle(page)
    (row,) = rows(page)
    assert row["regexp"] == row["reference"] == "win"
    assert "| chow 三筒四筒[五条=五筒] |" in row["split"]
    assert page.inner_text("#verdicts .wild") == "[五条=五筒]"


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


def test_without_a_js_pattern_the_reference_decides_alone(page, tmp_path, capsys, monkeypatch):
    page.fill("#source", JS_REFUSES)
    page.fill("#hands", "1m中3m5m5m")
    settle(page)
    (row,) = rows(page)
    assert row["regexp"] == "none" and row["reference"] == "win"
    assert row["split"] == "h: chow 1m[中=2m]3m | pair 5m5m"
    assert "No js pattern (refused)" in page.inner_text("#hands-summary")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "substitutes.meld").write_text(JS_REFUSES, "utf-8")
    assert cli.main(["compile", "substitutes.meld", "--flavor", "js"]) == 2
    refusal = capsys.readouterr().err.rstrip("\n")
    assert page.eval_on_selector("#output", "e => e.textContent") == refusal
    marked = page.eval_on_selector_all("#backdrop mark.refused", "e => e.map(x => x.textContent)")
    assert marked == ["substitutes >= 1"]


def test_a_rule_set_that_scores_shows_each_win_s_elements(page):
    pick(page, "riichi")
    page.fill("#hands", "1m2m3m1m2m3m4p5p6p7s8s9s5z5z\n1m1m1m9m9m9m1p1p1p9p9p9p1s1s")
    settle(page)
    first, second = rows(page)
    assert first["score"] == "score 1: iipeikou (1)"
    assert second["score"] == "score 26: limit: suuankou (13), chinroutou (13)"


def refusal(name: str, flavor: str) -> str:
    """What compiling the built-in ``name`` for ``flavor`` refuses with, as
    the page names the file (``NAME.meld``)."""
    source = builtin_source(name)
    try:
        compile_for(load(source, f"{name}.meld"), flavor)
    except UnsupportedError as e:
        return e.render(f"{name}.meld", source)
    raise AssertionError(f"{flavor} does not refuse {name}")


def test_the_flavor_switch_shows_every_flavor_and_the_outline(page):
    pick(page, "harbin")
    for flavor in ("pcre", "regex", "python", "js", "java", "dotnet", "ruby", "re2"):
        for fmt, suffix in (("pattern", "re"), ("outline", "outline")):
            show(page, flavor, fmt)
            text = page.eval_on_selector("#output", "e => e.textContent")
            path = GENERATED / "harbin" / f"{flavor}.{suffix}"
            if path.is_file():  # a .re file ends in a newline the pattern has not
                expected = path.read_text("utf-8")
                assert text == (expected if fmt == "outline" else expected[:-1]), (flavor, fmt)
            else:  # re2 says one pattern per shape in code and JSON only
                assert text == refusal("harbin", flavor), (flavor, fmt)
    show(page, "js")


def test_the_copy_button_copies_the_text_shown(page):
    pick(page, "riichi")
    show(page, "dotnet", "outline")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#copy")
    wait_until(page, "document.getElementById('copy').textContent !== 'Copy'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == (GENERATED / "riichi" / "dotnet.outline").read_text("utf-8")
    show(page, "js")


def test_the_code_view_gives_each_language_s_snippet(page, capsys):
    pick(page, "harbin")
    page.select_option("#fmt", "code")
    for lang in ("python", "ts", "php"):
        page.select_option("#lang", lang)
        settle(page)
        assert cli.main(["compile", "harbin", "--format", "code", "--lang", lang]) == 0
        expected = capsys.readouterr().out.replace("<builtin>/", "")
        assert page.eval_on_selector("#output", "e => e.textContent") == expected
    show(page, "js")


def test_the_notation_switch_rewrites_rules_hands_and_pattern(page, capsys):
    pick(page, "harbin")
    page.fill("#hands", WIN)
    settle(page)
    page.select_option("#notation", "mpsz")
    settle(page)
    assert page.input_value("#hands") == "1s1s1s3s4s5s5s6s7s1m1m1m9m9m"
    (row,) = rows(page)
    assert row["regexp"] == row["reference"] == "win"
    assert cli.main(["compile", "harbin", "--tiles", "mpsz", "--flavor", "js"]) == 0
    assert page.inner_text("#output") == capsys.readouterr().out.rstrip("\n")
    page.select_option("#notation", "")
    settle(page)
    assert page.input_value("#hands") == WIN


def test_every_built_in_s_tests_pass_in_the_page_as_in_the_test_command(page):
    for rule_set in builtin_tests_report()["rule_sets"]:
        name, expected = rule_set["name"], rule_set["tests"]
        pick(page, name)
        shown = shown_tests(page)
        assert [(t["line"], t["column"], t["verdict"], t["hand"]) for t in shown] == [
            (t["line"], t["column"], t["verdict"], t["hand"]) for t in expected
        ], name
        assert [t["reference"] for t in shown] == [t["reference"]["verdict"] for t in expected]
        assert all(t["passed"] and t["agree"] and not t["loud"] for t in shown), name
        assert [t["regexp"] for t in shown] == [t["verdict"] for t in expected], name
        n = len(expected)
        assert page.inner_text("#tests-summary") == (
            f"{n} tests: {n} passed in the reference. "
            "RegExp agrees with the reference on every hand."
        )


def test_a_sorted_test_is_left_to_the_reference_in_the_page(page):
    """The page's RegExp reads arranged hands: not a sorted test's."""
    pick(page, "harbin")
    hand = "幺鸡幺鸡幺鸡二条二条三条三条四条四条一筒一筒幺万二万三万"
    source = builtin_source("harbin")
    page.fill("#source", source.replace("tests {", f"tests sorted {{ win {hand} }}\ntests {{", 1))
    settle(page)
    one, *rest = shown_tests(page)
    assert [one[k] for k in ("regexp", "reference", "passed")] == ["none", "win", True]
    assert [t["regexp"] for t in rest] == [t["verdict"] for t in rest] and len(rest) == 14


def test_a_copy_of_harbin_without_suits_2_shows_the_one_suit_test_failing(page, tmp_path):
    pick(page, "harbin")
    copy = "".join(
        line for line in builtin_source("harbin").splitlines(True) if "suits >= 2," not in line
    )
    page.fill("#source", copy)
    settle(page)
    shown = shown_tests(page)
    assert len(shown) == 14
    (failed,) = [t for t in shown if not t["passed"]]
    assert failed == {
        "line": 46,
        "column": 3,
        "verdict": "no",
        "hand": ONE_SUIT,
        "reference": "win",
        "regexp": "win",
        "passed": False,
        "agree": True,
        "loud": True,
        "alarms": ["FAILED: the test expects no; the reference says win"],
    }
    summary = page.inner_text("#tests-summary")
    assert summary.startswith("14 tests: 13 passed, 1 FAILED (line 46) in the reference.")
    assert "alarm" in page.get_attribute("#tests-summary", "class")
    problem = page.inner_text("#test-results li.fail .problem")
    assert problem.startswith("no constraint of the win or its hand shapes reads 'suits >= 2'")
    page.click("#test-results li.fail .place")
    selected = page.evaluate(
        "() => { const a = document.getElementById('source');"
        " return a.value.slice(a.selectionStart, a.selectionEnd); }"
    )
    assert selected == copy.splitlines()[45][2:34] == f"no  {ONE_SUIT}"
    shot = tmp_path / "failing.png"
    page.screenshot(path=str(shot), full_page=True)
    keep_shot(shot, "-failing")


def test_a_rule_file_without_tests_hides_them_and_a_test_written_wrong_is_located(
    page, tmp_path, capsys, monkeypatch
):
    harbin = builtin_source("harbin")
    page.fill("#source", harbin[: harbin.index("# ---- tests")])
    settle(page)
    assert page.is_hidden("#tests") and shown_tests(page) == []
    bad = harbin.replace(
        "九条九条     # seed post: 最多缺一门", "九条九x     # seed post: 最多缺一门"
    )
    page.fill("#source", bad)
    settle(page)
    assert page.is_visible("#tests") and shown_tests(page) == []
    summary = page.inner_text("#tests-summary")
    assert summary == "A test is written wrong (47:34, marked in the editor): no test ran."
    monkeypatch.chdir(tmp_path)
    (tmp_path / "harbin.meld").write_text(bad, "utf-8")
    assert cli.main(["test", "harbin.meld", "--flavor", "python"]) == 2
    printed = capsys.readouterr().out
    errors = page.eval_on_selector_all("#diagnostics li.error", "e => e.map(x => x.innerText)")
    assert len(errors) == 1 and printed.startswith(errors[0] + "\n")
    assert errors[0].startswith("harbin.meld:47:34: error: not a hand of this rule set:")
    marked = page.eval_on_selector_all("#backdrop mark.error", "e => e.map(x => x.textContent)")
    assert marked == ["x"] and page.inner_text("#gutter .error") == "47"
    assert page.inner_text("#output").startswith("^")  # the pattern still compiles
    show(page, "pcre")  # another view keeps the mark
    marked = page.eval_on_selector_all("#backdrop mark.error", "e => e.map(x => x.textContent)")
    assert marked == ["x"] and page.inner_text("#output").startswith("\\A")
    show(page, "js")


def test_a_share_link_reopens_the_same_state_in_a_fresh_context(page, browser, guard):
    pick(page, "sichuan")
    source = builtin_source("sichuan") + "# a shared edit: 共享\n"
    hands = "五万五万五万八条八条二条三条四条三万三万三万三万二条二条二条\n一筒一筒八筒八筒"
    page.fill("#source", source)
    page.fill("#hands", hands)
    show(page, "ruby", "outline")
    page.click("#share")
    settle(page)
    link = page.input_value("#share-url")
    assert link.startswith(guard.base + "#v=1&") and "ruby" in link
    before = (page.inner_text("#output"), rows(page), shown_tests(page))
    other = open_page(browser, guard, link.removeprefix(guard.base))
    try:
        assert other.input_value("#source") == source
        assert other.input_value("#hands") == hands
        assert other.input_value("#flavor") == "ruby" and other.input_value("#fmt") == "outline"
        assert other.input_value("#form") == "arranged"
        assert (other.inner_text("#output"), rows(other), shown_tests(other)) == before
        assert len(before[2]) == 11 and all(t["passed"] for t in before[2])
        # A link pasted into an open page takes over its state.
        other.evaluate("h => { location.hash = h; }", link.split("#")[1].replace("ruby", "java"))
        wait_until(
            other, "document.getElementById('pattern-info').textContent.startsWith('java (')"
        )
        settle(other)
        assert other.input_value("#flavor") == "java"
        assert other.input_value("#source") == source
    finally:
        other.context.close()
    show(page, "js")


def test_a_disagreement_between_regexp_and_the_reference_is_loud(browser, guard, site):
    # The RegExp worker is served with its answer turned around, as a wrong
    # pattern would answer.
    flipped = (
        (site / "match-worker.js").read_text("utf-8").replace("re.test(hand)", "!re.test(hand)")
    )
    assert "!re.test(hand)" in flipped
    context = browser.new_context()
    context.route(
        "**/match-worker.js",
        lambda route: route.fulfill(body=flipped, content_type="text/javascript"),
    )
    page = open_page(browser, guard, "", context)
    try:
        assert [(r["regexp"], r["reference"], r["agree"]) for r in rows(page)] == [
            ("no", "win", False),
            ("win", "no", False),
        ]
        alarms = page.eval_on_selector_all("#verdicts .alarm", "e => e.map(x => x.textContent)")
        assert alarms[0] == "DISAGREEMENT: RegExp says no, the reference evaluator says win"
        summary = page.inner_text("#hands-summary")
        assert "disagree on 2 hands" in summary
        assert "alarm" in page.get_attribute("#hands-summary", "class")
        tests = shown_tests(page)
        assert len(tests) == 14 and all(t["passed"] and t["loud"] for t in tests)
        assert [t["regexp"] for t in tests] == [
            "no" if t["verdict"] == "win" else "win" for t in tests
        ]
        assert tests[0]["alarms"] == [
            "DISAGREEMENT: RegExp says no, the reference evaluator says win"
        ]
        summary = page.inner_text("#tests-summary")
        assert summary.endswith("RegExp and the reference disagree on 14 tests!")
    finally:
        context.close()


def test_a_damaged_wheel_stops_the_page_with_a_clear_message(browser, guard):
    context = browser.new_context()
    context.route("**/wheels/mahjong_regex-*", lambda route: route.fulfill(body=b"damaged"))
    context.route("**/*", guard.route)
    page = context.new_page()
    try:
        page.goto(guard.base)
        wait_until(page, "document.getElementById('status').className === 'bad'")
        status = page.inner_text("#status")
        assert status.startswith("The compiler did not load: wheels/mahjong_regex-")
        assert "does not match site.json" in status
    finally:
        context.close()


def test_no_request_left_127_0_0_1(page, guard):
    loaded = {url.removeprefix(guard.base).split("?")[0] for url in guard.seen}
    # The worker's own fetches pass through the guard too.
    assert {"pyodide/pyodide.asm.wasm", "site.json"} <= loaded
    assert any(u.startswith("wheels/mahjong_regex-") for u in loaded)
    assert guard.outside == []
    assert guard.errors == []


def test_the_site_lists_what_it_carries(site):
    manifest = json.loads((site / "site.json").read_text("utf-8"))
    assert [w["file"].split("-")[0] for w in manifest["wheels"]] == ["lark", "mahjong_regex"]
    assert manifest["pyodide"] == "314.0.8"
