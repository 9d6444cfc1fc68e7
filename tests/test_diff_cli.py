"""``mahjong-regex diff`` on the command line, in the forms beyond ``OLD
NEW``: the ``--pattern FILE --flavor F --rules R NEW`` against the
seed post's regex 11, ``--limit``, sides at a git revision (``REV:PATH``, in
a temporary repository), and ``--outline``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import require_engine
from test_cli import run
from test_diff import HARBIN, ROOT, SEED, shape_only

from mahjong_regex import Evaluator, builtin_source, load_rules
from mahjong_regex.diff.outlines import outline
from mahjong_regex.diff.sides import PatternSide, RulesSide
from mahjong_regex.outputs.textconv import textconv
from mahjong_regex.ruleset.hand_tests import resolve

#: The command: the seed post's regex 11 (the old side) on Harbin's hands.
SEED_COMMAND = (
    "diff",
    "--pattern",
    "../shared/baselines/seed-regex-11.pcre.txt",
    "--flavor",
    "pcre",
    "--rules",
    "harbin",
    "harbin",
)


def run_at_root(*args: str) -> subprocess.CompletedProcess:
    """The command line run from the repository's root (where the README's
    relative paths start)."""
    return run_in(ROOT, *args)


def witness_hands(stdout: str) -> list[str]:
    """The witness hands of a text report (unquoted)."""
    lines = stdout.splitlines()
    hands = [lines[i + 1].strip() for i, x in enumerate(lines) if x.endswith(" like this:")]
    return [json.loads(h) if h.startswith('"') else h for h in hands]


def seed_needed():
    if not SEED.is_file():
        pytest.skip(f"the seed post's regex 11 is not at {SEED}")
    require_engine("pcre2")


def test_cli_the_pattern_command_lists_each_false_accept():
    seed_needed()
    out = run_at_root(*SEED_COMMAND)
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:3] == [
        "--- ../shared/baselines/seed-regex-11.pcre.txt",
        "+++ <builtin>/harbin.meld",
        "tests that changed verdict: 4",
    ]
    # Harbin's tests of the post's four false accepts come first.
    false_accepts = [t for t in resolve(load_rules("harbin")) if "regex 11" in t.note]
    assert [x.split(": no ", 1)[0].strip() for x in lines[3:15:3]] == [
        f"<builtin>/harbin.meld:{t.span}" for t in false_accepts
    ]
    lines = lines[lines.index("rule changes: not compared (a side is a pattern)") :]
    assert "new wins, old does not: none found" in lines  # no false reject
    old_why = [x for x in lines if x.startswith("    - ")]
    assert old_why and all(
        x.startswith("    - the pcre pattern matches; harbin: no: ") for x in old_why
    )
    hands = witness_hands(out.stdout)
    ev = Evaluator(load_rules("harbin"))
    five = Evaluator(shape_only("5 * (chow | pung | kong) + pair"))
    three_kongs = Evaluator(shape_only("3 * kong + pair"))
    assert any(five.wins(h) for h in hands), "5 melds + pair"
    assert any(three_kongs.wins(h) and len(ev.alphabet.tokenize(h)) == 14 for h in hands)
    assert any("each tile <= 4" in ev.evaluate(h).reason for h in hands), "5 copies"
    assert any(h.endswith("\n") and ev.wins(h[:-1]) for h in hands), "PCRE's $ before a newline"
    assert not any(ev.wins(h) for h in hands)


def test_cli_limit_caps_the_witnesses_and_keeps_the_count():
    seed_needed()
    out = run_at_root(*SEED_COMMAND, "--hands", "4000", "--limit", "1", "--format", "json")
    assert out.returncode == 1, out.stderr
    info = json.loads(out.stdout)
    assert info["limit"] == 1 and info["sections"]["new_wins"] == {"found": 0, "kinds": 0}
    (w,) = info["verdict_changes"]
    found = info["sections"]["old_wins"]
    assert found["kinds"] >= 3 and found["found"] > w["alike"] > 1
    every = json.loads(run_at_root(*SEED_COMMAND, "--hands", "4000", "--format", "json").stdout)
    assert every["sections"] == info["sections"]
    assert len(every["verdict_changes"]) == min(5, found["kinds"])
    assert every["verdict_changes"][0] == w  # the kind found most comes first
    assert max(v["alike"] for v in every["verdict_changes"]) == w["alike"]
    text = run_at_root(*SEED_COMMAND, "--hands", "4000", "--limit", "1").stdout
    assert (
        f"old wins, new does not: {found['found']:,} found, {found['kinds']} kinds; "
        "the 1 found most shown" in text.splitlines()
    )
    assert witness_hands(text) == [w["hand"]]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("--pattern", "p.re", "harbin"),
            "--pattern FILE needs --rules R: the rule set whose hands the pattern is compared on",
        ),
        (
            ("--pattern", "p.re", "--rules", "harbin", "harbin", "sichuan"),
            "with --pattern FILE (the old side) name one side more, NEW, not two "
            "('harbin' and 'sichuan')",
        ),
        (("--rules", "harbin", "harbin", "sichuan"), "--rules R goes with --pattern FILE"),
        (
            ("harbin",),
            "diff needs two sides: OLD NEW, or --pattern FILE --flavor F --rules R NEW",
        ),
        (("--pattern", "nowhere.re", "--rules", "harbin", "harbin"), "no rule set or pattern file"),
    ],
)
def test_cli_pattern_form_errors(args, message):
    out = run("diff", *args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("mahjong-regex: error: ") and message in out.stderr
    assert "Traceback" not in out.stderr


# ---- REV:PATH sides -----------------------------------------------------------------


def git_repo(tmp_path: Path):
    """A git repository in ``tmp_path`` and a function that runs git there."""
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")

    def g(*args: str) -> str:
        user = ("-c", "user.name=t", "-c", "user.email=t@t")
        done = subprocess.run([git, *user, *args], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    g("init", "-q")
    return g


def run_in(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The command line run in ``cwd`` (text out)."""
    return subprocess.run(
        [sys.executable, "-m", "mahjong_regex", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
    )


def test_cli_sides_at_git_revisions(tmp_path):
    whole = builtin_source("harbin")  # with its tests: one of them changes verdict
    g = git_repo(tmp_path)
    rules = tmp_path / "rules" / "my.meld"
    rules.parent.mkdir()
    rules.write_text(whole, "utf-8")
    g("add", ".")
    g("commit", "-qm", "one")
    rules.write_text(whole.replace("count(kong) <= 3", "count(kong) <= 2"), "utf-8")
    g("commit", "-qam", "two")
    out = run_in(tmp_path, "diff", "HEAD~1:rules/my.meld", "HEAD:rules/my.meld", "--hands", "500")
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:3] == [
        "--- HEAD~1:rules/my.meld",
        "+++ HEAD:rules/my.meld",
        "tests that changed verdict: 1",
    ]
    three_kongs = whole[: whole.index("# seed post: 杠最多三个, three kongs win")].count("\n") + 1
    assert lines[3].startswith(f"  HEAD:rules/my.meld:{three_kongs}:3: win 幺鸡幺鸡幺鸡幺鸡")
    assert lines[6:10] == [
        "rule changes: 1",
        "  changed constraint",
        "    - line 22: count(kong) <= 3",
        "    + line 22: count(kong) <= 2",
    ]
    same = run_in(tmp_path, "diff", "HEAD~1:rules/my.meld", "harbin", "--hands", "300")
    assert same.returncode == 0 and "no rule change" in same.stdout
    rules.write_text("ruleset bad\ntiles { suit a: 1 2 3 }\n", "utf-8")
    g("commit", "-qam", "three")
    out = run_in(tmp_path, "diff", "HEAD:rules/my.meld", "harbin")
    assert out.returncode == 2
    assert out.stderr.splitlines()[:2] == [
        "HEAD:rules/my.meld:2:9: error: suit 'a' has 3 tile names; a suit has 9, in rank order",
        "    tiles { suit a: 1 2 3 }",
    ]


@pytest.mark.parametrize(
    "spec, message",
    [
        (
            "HEAD~5:rules/my.meld",
            "git cannot show HEAD~5:rules/my.meld: invalid object name 'HEAD~5'",
        ),
        (
            "HEAD:rules/other.meld",
            "git cannot show HEAD:rules/other.meld: path 'rules/other.meld' does not exist in 'HEAD'",
        ),
        ("HEAD:rules", "HEAD:rules is a tree in git, not a file"),
    ],
)
def test_cli_a_revision_that_is_not_there_exits_2(tmp_path, spec, message):
    g = git_repo(tmp_path)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "my.meld").write_text(HARBIN, "utf-8")
    g("add", ".")
    g("commit", "-qm", "one")
    out = run_in(tmp_path, "diff", spec, "harbin")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"mahjong-regex: error: {message}\n"


def test_cli_a_revision_outside_a_git_repository_exits_2(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    out = run_in(tmp_path, "diff", "HEAD:rules/my.meld", "harbin")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("mahjong-regex: error: git cannot show HEAD:rules/my.meld: ")
    assert "not a git repository" in out.stderr


# ---- --outline ------------------------------------------------------------------------


def test_a_rule_sets_outline_is_the_one_generated_holds():
    harbin = RulesSide(load_rules("harbin"), "harbin")
    held = (ROOT / "generated" / "harbin" / "pcre.outline").read_text("utf-8")
    assert outline(harbin, "pcre") == held
    # re2: generated/ holds the pattern of harbin's one shape, headed by its
    # host checks; the outline here is headed by what it leaves unchecked.
    held = (ROOT / "generated" / "harbin" / "re2.standard.outline").read_text("utf-8")
    body = lambda text: "".join(x for x in text.splitlines(True) if not x.startswith("# "))  # noqa
    assert body(outline(harbin, "re2")) == body(held)


def test_cli_outline_appends_the_unified_diff_of_the_outlines(tmp_path):
    path = tmp_path / "new.meld"
    path.write_text(HARBIN.replace("count(kong) <= 3", "count(kong) <= 2"), "utf-8")
    out = run("diff", "harbin", str(path), "--hands", "300", "--outline", "pcre")
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    start = lines.index("--- <builtin>/harbin.meld (pcre outline)")
    assert lines[start + 1] == f"+++ {path} (pcre outline)"
    assert lines[start + 2].startswith("@@ ")
    assert [x for x in lines[start + 2 :] if x[:1] in "+-"] == [
        "-(?=.{28,34}\\z)  # 14 to 17 tiles: line 22: count(kong) <= 3",
        "+(?=.{28,32}\\z)  # 14 to 16 tiles: line 22: count(kong) <= 2",
    ]
    info = json.loads(
        run(
            "diff", "harbin", str(path), "--hands", "300", "--outline", "pcre", "--format", "json"
        ).stdout
    )
    assert info["outline_diff"] == "\n".join(lines[start:]) + "\n"
    same = run("diff", "harbin", "harbin", "--hands", "300", "--outline", "js")
    assert same.returncode == 0 and same.stdout.endswith("\noutlines: the same\n")
    plain = json.loads(run("diff", "harbin", "harbin", "--hands", "300", "--format", "json").stdout)
    assert plain["outline_diff"] is None
    bad = run("diff", "harbin", "harbin", "--outline", "perl")
    assert bad.returncode == 2 and "invalid choice: 'perl'" in bad.stderr


def test_a_pattern_sides_outline_is_its_textconv_view():
    text = (ROOT / "generated" / "harbin" / "regex.re").read_text("utf-8")
    seed = PatternSide(text.strip(), "regex", "p.re")
    try:
        assert outline(seed, "pcre") == textconv(text)
    finally:
        seed.close()
