"""Project builds (``[tool.mahjong-regex]`` in ``pyproject.toml``, or the
command line) and the ``textconv`` driver that shows a pattern file to
``git diff`` one part per line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_diff_cli import git_repo, run_in

from mahjong_regex import builtin_source, compile_pattern, load_rules
from mahjong_regex.outputs.textconv import textconv
from mahjong_regex.pipeline import render_sorted

ROOT = Path(__file__).resolve().parent.parent


def rules_only(name: str) -> str:
    """Built-in rule set ``name`` without its tests: a changed copy would
    fail them, and the build would not write it."""
    return builtin_source(name).split("\n# ---- tests", 1)[0] + "\n"


HOUSE = rules_only("harbin").replace("ruleset harbin", "ruleset house")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The command line run in ``cwd``."""
    return run_in(cwd, *args)


#: A pyproject.toml's own tables, before the build's.
PROJECT = '[project]\nname = "house-rules"\n\n'


def project(tmp_path: Path, build: str) -> Path:
    """A project in ``tmp_path``: rules/house.meld and a pyproject.toml of
    :data:`PROJECT` and ``build`` (its [tool.mahjong-regex] table)."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.meld").write_text(HOUSE, "utf-8")
    (tmp_path / "pyproject.toml").write_text(PROJECT + build, "utf-8")
    return tmp_path


def test_a_project_builds_its_rule_sets_in_its_flavors(tmp_path):
    here = project(
        tmp_path,
        '[tool.mahjong-regex]\nrules = ["rules/house.meld", "sichuan"]\nflavors = ["pcre", "re2"]\n',
    )
    out = run("build", cwd=here)
    assert out.returncode == 0, out.stderr
    files = sorted(
        p.relative_to(here / "generated").as_posix()
        for p in here.rglob("*.*")
        if "generated" in p.parts
    )
    assert files == [
        "house/pcre.outline",
        "house/pcre.re",
        "house/re2.standard.outline",
        "house/re2.standard.re",
        "sichuan/pcre.outline",
        "sichuan/pcre.re",
        "sichuan/re2.seven_pairs.outline",
        "sichuan/re2.seven_pairs.re",
        "sichuan/re2.standard.outline",
        "sichuan/re2.standard.re",
    ]
    pcre = (here / "generated" / "house" / "pcre.re").read_text("utf-8")
    assert pcre == compile_pattern(load_rules(str(here / "rules" / "house.meld")), "pcre") + "\n"
    assert (
        (here / "generated" / "house" / "re2.standard.outline")
        .read_text("utf-8")
        .startswith("# shape: standard\n# HOST CHECK: line 23: suits >= 2\n")
    )
    assert run("build", "--check", cwd=here).returncode == 0
    (here / "rules" / "house.meld").write_text(HOUSE.replace("<= 3", "<= 2"), "utf-8")
    out = run("build", "--check", cwd=here)
    assert out.returncode == 1
    assert "generated/house/pcre.re" in out.stderr and "sichuan" not in out.stderr


def test_config_and_out_options(tmp_path):
    here = project(
        tmp_path,
        '[tool.mahjong-regex]\nrules = ["rules/house.meld"]\nflavors = ["js"]\nout = "gen"\n',
    )
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    assert run("build", "--config", str(here / "pyproject.toml"), cwd=elsewhere).returncode == 0
    assert sorted(p.name for p in (here / "gen" / "house").iterdir()) == ["js.outline", "js.re"]
    assert run("build", "--check", cwd=here).returncode == 0  # the same bytes from anywhere
    assert run("build", "--check", cwd=here / "rules").returncode == 0  # found upward
    out = run("build", "--out", "other", cwd=here)
    assert out.returncode == 0 and (here / "other" / "house" / "js.re").is_file()


@pytest.mark.parametrize(
    "build, first, caret, help",
    [
        (
            '[tool.mahjong-regex]\nrules = ["sichuan"]\ninputs = ["sorted", "shuffled"]\n',
            "pyproject.toml:6:1: error: unknown input form 'shuffled'",
            "    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
            "  help: the input forms are arranged, sorted",
        ),
        (
            '[tool.mahjong-regex]\nrules = ["sichuan"]\nflavor = ["pcre"]\n',
            "pyproject.toml:6:1: error: unknown key 'flavor' in [tool.mahjong-regex]",
            "    ^~~~~~~~~~~~~~~~~",
            "  help: the keys are rules, flavors, inputs, out",
        ),
        (
            '[tool.mahjong-regex]\nrules = ["sichuan"]\nflavors = ["perl"]\n',
            "pyproject.toml:6:1: error: unknown flavor 'perl'",
            "    ^~~~~~~~~~~~~~~~~~",
            "  help: the flavors are pcre, regex, python, js, java, dotnet, ruby, re2",
        ),
        (
            '[tool.mahjong-regex]\nrules = ["sichuan"]\nflavors = []\n',
            "pyproject.toml:6:1: error: 'flavors' is empty: nothing would be built",
            "    ^~~~~~~~~~~~",
            "  help: leave it out for every flavor",
        ),
        (
            '[tool.mahjong-regex]\nrules = ["sichuan"\n',
            "pyproject.toml:6:1: error: not TOML: Unclosed array",
            None,
            None,
        ),
    ],
)
def test_a_bad_configuration_is_located(tmp_path, build, first, caret, help):
    out = run("build", cwd=project(tmp_path, build))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert lines[0] == first
    assert caret is None or lines[2] == caret
    assert help is None or lines[3] == help


@pytest.mark.parametrize("option, value", [("--input", ""), ("--flavor", " , ")])
def test_an_option_that_names_nothing_is_an_error(tmp_path, option, value):
    """As an empty list in the project table: nothing would be built (it
    used to fall back to the defaults without a word)."""
    out = run("build", "sichuan", option, value, "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"mahjong-regex: error: {option} names nothing")
    assert not (tmp_path / "out").exists()


def test_a_bad_rule_file_of_a_project_is_located(tmp_path):
    here = project(
        tmp_path, '[tool.mahjong-regex]\nrules = ["rules/house.meld", "rules/nowhere.meld"]\n'
    )
    out = run("build", cwd=here)
    assert out.returncode == 2
    assert out.stderr.startswith(
        "pyproject.toml:5:1: error: cannot read the rule file 'rules/nowhere.meld'"
    )
    (here / "pyproject.toml").write_text(
        PROJECT + '[tool.mahjong-regex]\nrules = ["rules/house.meld"]\n', "utf-8"
    )
    (here / "rules" / "house.meld").write_text("ruleset house\ntiles { suit a: 1 2 3 }\n", "utf-8")
    out = run("build", cwd=here)
    assert out.returncode == 2
    assert out.stderr.splitlines()[0] == (
        "rules/house.meld:2:9: error: suit 'a' has 3 tile names; " "a suit has 9, in rank order"
    )


def test_a_project_builds_sorted_input(tmp_path):
    here = project(
        tmp_path,
        '[tool.mahjong-regex]\nrules = ["rules/house.meld"]\nflavors = ["pcre", "re2"]\n'
        'inputs = ["sorted"]\n',
    )
    out = run("build", cwd=here)
    assert out.returncode == 0, out.stderr
    folder = here / "generated" / "house"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")) == [
        "sorted",
        "sorted/pcre.outline",
        "sorted/pcre.re",
        "sorted/re2.outline",
        "sorted/re2.re",
    ]
    house = load_rules(str(here / "rules" / "house.meld"))
    want = render_sorted(house, "re2").text + "\n"
    assert (folder / "sorted" / "re2.re").read_text("utf-8") == want
    assert run("build", "--check", cwd=here).returncode == 0
    # The command line adds the arranged form; both are then checked.
    out = run("build", "--input", "arranged,sorted", "--flavor", "pcre", cwd=here)
    assert out.returncode == 0, out.stderr
    assert "removed generated/house/sorted/re2.re" in out.stdout.splitlines()
    assert (folder / "pcre.re").is_file() and (folder / "sorted" / "pcre.re").is_file()


def two_rule_files(here: Path) -> None:
    """rules/a.meld (Harbin renamed) and rules/b.meld (Sichuan renamed)."""
    (here / "rules").mkdir()
    (here / "rules" / "a.meld").write_text(
        rules_only("harbin").replace("ruleset harbin", "ruleset a"), "utf-8"
    )
    (here / "rules" / "b.meld").write_text(
        rules_only("sichuan").replace("ruleset sichuan", "ruleset b"), "utf-8"
    )


def test_the_command_line_names_the_build(tmp_path):
    two_rule_files(tmp_path)
    given = ("rules/a.meld", "rules/b.meld", "--flavor", "pcre,js", "--out", "generated")
    out = run("build", *given, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        f"wrote generated/{name}/{f}"
        for name in ("a", "b")
        for f in ("js.outline", "js.re", "pcre.outline", "pcre.re")
    ]
    assert run("build", *given, "--check", cwd=tmp_path).returncode == 0
    assert (
        run(
            "build", "rules", "--flavor", "js", "--flavor", "pcre", "--check", cwd=tmp_path
        ).returncode
        == 0
    )
    (tmp_path / "rules" / "b.meld").write_text(
        rules_only("sichuan").replace("ruleset sichuan", "ruleset b").replace("<= 4", "<= 3"),
        "utf-8",
    )
    out = run("build", *given, "--check", cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == [
        "generated is stale; run: mahjong-regex build rules/a.meld rules/b.meld "
        "--flavor pcre,js --out generated",
        "and commit these files:",
        "  generated/b/js.outline",
        "  generated/b/js.re",
        "  generated/b/pcre.outline",
        "  generated/b/pcre.re",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("rules/a.meld", "--flavor", "pcre,perl"),
            "mahjong-regex: error: --flavor: unknown flavor 'perl'; the flavors are pcre, regex,"
            " python, js, java, dotnet, ruby, re2",
        ),
        (
            ("rules/a.meld", "--input", "sorted,shuffled"),
            "mahjong-regex: error: --input: unknown input form 'shuffled'; the input forms are "
            "arranged, sorted",
        ),
        (
            ("rules/nowhere.meld",),
            "mahjong-regex: error: cannot read the rule file 'rules/nowhere.meld': "
            "No such file or directory",
        ),
        (("empty",), "mahjong-regex: error: the folder 'empty' holds no .meld file"),
        (
            ("--config", "pyproject.toml"),
            "pyproject.toml: error: no [tool.mahjong-regex] table (see `mahjong-regex build --help`)",
        ),
    ],
)
def test_a_bad_command_line_build_exits_2(tmp_path, args, message):
    two_rule_files(tmp_path)
    (tmp_path / "empty").mkdir()
    (tmp_path / "pyproject.toml").write_text(PROJECT, "utf-8")
    out = run("build", *args, cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.splitlines()[0] == message
    assert not (tmp_path / "generated").exists()


def test_the_build_removes_only_files_it_would_write(tmp_path):
    # Built into the project's own folder: the rule files, notes and a
    # stray pattern of another name stay; a generated file of a flavor no
    # longer built is removed, and said so.
    two_rule_files(tmp_path)
    (tmp_path / "notes.txt").write_text("keep\n", "utf-8")
    assert run("build", "rules", "--flavor", "pcre,js", "--out", ".", cwd=tmp_path).returncode == 0
    (tmp_path / "a" / "README.md").write_text("keep\n", "utf-8")
    (tmp_path / "a" / "mine.re").write_text("keep\n", "utf-8")
    out = run("build", "rules", "--flavor", "pcre", "--out", ".", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        f"removed {name}/{f}" for name in ("a", "b") for f in ("js.outline", "js.re")
    ]
    assert (
        run("build", "rules", "--flavor", "pcre", "--out", ".", "--check", cwd=tmp_path).returncode
        == 0
    )
    kept = ("notes.txt", "rules/a.meld", "rules/b.meld", "a/README.md", "a/mine.re", "a/pcre.re")
    assert all((tmp_path / rel).is_file() for rel in kept)
    # An input form no longer built leaves no empty folder behind.
    args = ["build", "rules", "--flavor", "pcre", "--out", "."]
    assert run(*args, "--input", "arranged,sorted", cwd=tmp_path).returncode == 0
    assert (tmp_path / "b" / "sorted" / "pcre.re").is_file()
    # Checked without --input, the sorted files are extra: the report says why.
    out = run(*args, "--check", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.splitlines()[-1] == (
        "  note: files under sorted/ are for sorted input, which this build leaves out; "
        "to keep them, pass --input arranged,sorted or set inputs in [tool.mahjong-regex]"
    )
    assert run(*args, "--input", "arranged,sorted", "--check", cwd=tmp_path).returncode == 0
    assert run(*args, cwd=tmp_path).returncode == 0
    assert not (tmp_path / "b" / "sorted").exists() and (tmp_path / "b" / "pcre.re").is_file()


def test_a_table_names_a_folder_and_the_command_line_overrides_it(tmp_path):
    two_rule_files(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        PROJECT + '[tool.mahjong-regex]\nrules = ["rules"]\nflavors = ["re2"]\nout = "gen"\n',
        "utf-8",
    )
    out = run("build", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert sorted(
        p.relative_to(tmp_path / "gen").as_posix() for p in (tmp_path / "gen").rglob("*.re")
    ) == [
        "a/re2.standard.re",
        "b/re2.seven_pairs.re",
        "b/re2.standard.re",
    ]
    out = run("build", "rules/b.meld", "--flavor", "js", cwd=tmp_path)  # into the table's out
    assert out.returncode == 0, out.stderr
    assert sorted(
        p.relative_to(tmp_path / "gen").as_posix() for p in (tmp_path / "gen").rglob("*.re")
    ) == ["b/js.re"]
    out = run("build", "--check", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.startswith("gen is stale; run: mahjong-regex build\n")


# ---- a user's repository, end to end ---------------------------------------------------


def test_a_user_repository_builds_checks_and_diffs(tmp_path):
    g = git_repo(tmp_path)
    two_rule_files(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        PROJECT + '[tool.mahjong-regex]\nrules = ["rules/a.meld", "rules/b.meld"]\n'
        'flavors = ["pcre", "js"]\n',
        "utf-8",
    )
    (tmp_path / ".gitattributes").write_text("generated/**/*.re diff=mahjong-regex\n", "utf-8")
    built = run("build", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert "wrote generated/a/pcre.re" in built.stdout.splitlines()
    assert run("build", "--check", cwd=tmp_path).returncode == 0
    g("add", ".")
    g("commit", "-qm", "rules and their patterns")
    a = tmp_path / "rules" / "a.meld"
    a.write_text(a.read_text("utf-8").replace("suits >= 2,", ""), "utf-8")
    out = run("build", "--check", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.splitlines()[:3] == [
        "generated is stale; run: mahjong-regex build",
        "and commit these files:",
        "  generated/a/js.outline",
    ]
    assert "  generated/a/pcre.re" in out.stderr.splitlines()
    assert "generated/b" not in out.stderr
    out = run("diff", "HEAD:rules/a.meld", "rules/a.meld", "--hands", "2000", cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:5] == [
        "--- HEAD:rules/a.meld",
        "+++ rules/a.meld",
        "rule changes: 1",
        "  removed constraint",
        "    - line 23: suits >= 2",
    ]
    assert "new wins, old does not: " in out.stdout
    one_suit = [h for h in witness_hands(out.stdout) if len(suits(h)) == 1]
    assert one_suit, out.stdout
    text = (tmp_path / "generated" / "a" / "pcre.re").read_text("utf-8")
    assert textconv(text).count("\n") > 20  # textconv works on the project's output


def suits(hand: str) -> set[str]:
    """The suits of the tiles in ``hand`` (Harbin's tile names; honors have none)."""
    return {t.suit for t in load_rules("harbin").alphabet.tokenize(hand) if t.suit}


def witness_hands(stdout: str) -> list[str]:
    """The witness hands of a diff's text report."""
    lines = stdout.splitlines()
    return [lines[i + 1].strip() for i, x in enumerate(lines) if x.endswith(" like this:")]


# ---- textconv ---------------------------------------------------------------------------


def test_textconv_breaks_a_pattern_at_its_groups_and_keeps_it():
    for path in sorted((ROOT / "generated").rglob("*.re")):
        text = path.read_text("utf-8")
        lines = textconv(text).splitlines()
        assert "".join(line.strip() for line in lines) == text.strip(), path
    harbin = textconv((ROOT / "generated" / "harbin" / "pcre.re").read_text("utf-8")).splitlines()
    assert len(harbin) > 20 and max(len(line) for line in harbin) < 200
    # The cheap lookaheads, a line each as far as WIDTH allows; then the body.
    assert harbin[:2] == [
        r"\A(?=.{28,34}\z)(?=[^条筒鸡]*[条筒鸡])(?=[^万幺条]*[万幺条])",
        "(?=[^万筒]*[万筒])(?=[^一中九幺]*[一中九幺])",
    ]
    assert harbin[2:4] == ["(?=", "  (?="]


def test_textconv_takes_deep_nests_and_long_lines():
    deep = "(" * 1000 + ")" * 1000
    assert "".join(line.strip() for line in textconv(deep).splitlines()) == deep
    long = "(?:" + "|".join(["一万二万三万"] * 20_000) + ")"
    lines = textconv(long).splitlines()
    assert len(lines) == 20_002 and "".join(line.strip() for line in lines) == long


def test_git_diff_through_textconv_shows_the_changed_part(tmp_path):
    rules = load_rules("harbin")
    changed = load_rules(str(write(tmp_path / "new.meld", HOUSE.replace("<= 3", "<= 2"))))
    repo = tmp_path / "repo"
    repo.mkdir()
    g = git_repo(repo)
    write(repo / ".gitattributes", "*.re diff=mahjong-regex\n")
    write(repo / "p.re", compile_pattern(rules, "pcre") + "\n")
    g("add", ".")
    g("commit", "-qm", "one")
    write(repo / "p.re", compile_pattern(changed, "pcre") + "\n")
    driver = f"{sys.executable} -m mahjong_regex textconv"
    diff = g("-c", f"diff.mahjong-regex.textconv={driver}", "diff", "-U0")
    changed_lines = [x for x in diff.splitlines() if x[:1] in "+-" and x[:3] not in ("+++", "---")]
    assert 0 < len(changed_lines) <= 4, diff
    assert all(len(x) < 200 for x in changed_lines)


def write(path: Path, text: str) -> Path:
    path.write_text(text, "utf-8")
    return path
