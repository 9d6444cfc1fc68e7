"""Project builds (``mahjong-regex.toml``) and the ``textconv`` driver that
shows a pattern file to ``git diff`` one part per line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_regex import builtin_source, compile_pattern, load_rules
from mahjong_regex.outputs.build import expected_files
from mahjong_regex.outputs.textconv import textconv

ROOT = Path(__file__).resolve().parent.parent
HOUSE = builtin_source("harbin").replace("ruleset harbin", "ruleset house")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mahjong_regex", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
    )


def project(tmp_path: Path, build: str) -> Path:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.meld").write_text(HOUSE, "utf-8")
    (tmp_path / "mahjong-regex.toml").write_text(build, "utf-8")
    return tmp_path


def test_a_project_builds_its_rule_sets_in_its_flavors(tmp_path):
    here = project(
        tmp_path, '[build]\nrules = ["rules/house.meld", "sichuan"]\nflavors = ["pcre", "re2"]\n'
    )
    out = run("build", cwd=here)
    assert out.returncode == 0, out.stderr
    files = sorted(
        p.relative_to(here / "generated").as_posix()
        for p in here.rglob("*.*")
        if "generated" in p.parts
    )
    assert files == [
        f"{name}/{f}"
        for name in ("house", "sichuan")
        for f in (
            "pcre.outline",
            "pcre.re",
            "re2.refused",
            "re2.unchecked.outline",
            "re2.unchecked.re",
        )
    ]
    pcre = (here / "generated" / "house" / "pcre.re").read_text("utf-8")
    assert pcre == compile_pattern(load_rules(str(here / "rules" / "house.meld")), "pcre") + "\n"
    assert (
        (here / "generated" / "house" / "re2.refused")
        .read_text("utf-8")
        .startswith("rules/house.meld:23:3: error: flavor 're2' cannot express")
    )
    assert run("build", "--check", cwd=here).returncode == 0
    (here / "rules" / "house.meld").write_text(HOUSE.replace("<= 3", "<= 2"), "utf-8")
    out = run("build", "--check", cwd=here)
    assert out.returncode == 1
    assert "generated/house/pcre.re" in out.stderr and "sichuan" not in out.stderr


def test_config_and_out_options(tmp_path):
    here = project(
        tmp_path, '[build]\nrules = ["rules/house.meld"]\nflavors = ["js"]\nout = "gen"\n'
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert run("build", "--config", str(here / "mahjong-regex.toml"), cwd=elsewhere).returncode == 0
    assert sorted(p.name for p in (here / "gen" / "house").iterdir()) == ["js.outline", "js.re"]
    assert run("build", "--check", cwd=here).returncode == 0  # the same bytes from anywhere
    out = run("build", "--out", "other", cwd=here)
    assert out.returncode == 0 and (here / "other" / "house" / "js.re").is_file()


@pytest.mark.parametrize(
    "build, first, caret, help",
    [
        (
            '[build]\nrules = ["sichuan"]\ninputs = ["arranged", "sorted"]\n',
            "mahjong-regex.toml:3:1: error: input form 'sorted' cannot be built (yet)",
            "    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
            "  help: the input forms are arranged",
        ),
        (
            '[build]\nrules = ["sichuan"]\nflavor = ["pcre"]\n',
            "mahjong-regex.toml:3:1: error: unknown key 'flavor' in [build]",
            "    ^~~~~~~~~~~~~~~~~",
            "  help: the keys are rules, flavors, inputs, out",
        ),
        (
            '[build]\nrules = ["sichuan"]\nflavors = ["perl"]\n',
            "mahjong-regex.toml:3:1: error: unknown flavor 'perl'",
            "    ^~~~~~~~~~~~~~~~~~",
            "  help: the flavors are pcre, regex, python, js, java, dotnet, ruby, re2",
        ),
        (
            '[build]\nrules = ["sichuan"\n',
            "mahjong-regex.toml:3:1: error: not TOML: Unclosed array",
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


def test_a_bad_rule_file_of_a_project_is_located(tmp_path):
    here = project(tmp_path, '[build]\nrules = ["rules/house.meld", "rules/nowhere.meld"]\n')
    out = run("build", cwd=here)
    assert out.returncode == 2
    assert out.stderr.startswith(
        "mahjong-regex.toml:2:1: error: cannot read the rule file 'rules/nowhere.meld'"
    )
    (here / "mahjong-regex.toml").write_text('[build]\nrules = ["rules/house.meld"]\n', "utf-8")
    (here / "rules" / "house.meld").write_text("ruleset house\ntiles { suit a: 1 2 3 }\n", "utf-8")
    out = run("build", cwd=here)
    assert out.returncode == 2
    assert out.stderr.splitlines()[0] == (
        "rules/house.meld:2:9: error: suit 'a' has 3 tile names; " "a suit has 9, in rank order"
    )


def test_the_builtin_build_keeps_its_layout():
    files = expected_files()
    assert "harbin/pcre.re" in files and "riichi/re2.unchecked.outline" in files
    assert all(rel.count("/") == 1 for rel in files)


# ---- textconv ---------------------------------------------------------------------------


def test_textconv_breaks_a_pattern_at_its_groups_and_keeps_it():
    for path in sorted((ROOT / "generated").rglob("*.re")):
        text = path.read_text("utf-8")
        lines = textconv(text).splitlines()
        assert "".join(line.strip() for line in lines) == text.strip(), path
    harbin = textconv((ROOT / "generated" / "harbin" / "pcre.re").read_text("utf-8")).splitlines()
    assert len(harbin) > 20 and max(len(line) for line in harbin) < 200
    assert harbin[1:3] == ["(?=", "  (?="]


def test_git_diff_through_textconv_shows_the_changed_part(tmp_path):
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    rules = load_rules("harbin")
    changed = load_rules(str(write(tmp_path / "new.meld", HOUSE.replace("<= 3", "<= 2"))))
    repo = tmp_path / "repo"
    repo.mkdir()
    g = lambda *a: subprocess.run(
        [git, *a], cwd=repo, capture_output=True, text=True, check=True
    )  # noqa
    g("init", "-q")
    write(repo / ".gitattributes", "*.re diff=mahjong-regex\n")
    write(repo / "p.re", compile_pattern(rules, "pcre") + "\n")
    g("add", ".")
    g("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    write(repo / "p.re", compile_pattern(changed, "pcre") + "\n")
    driver = f"{sys.executable} -m mahjong_regex textconv"
    diff = g("-c", f"diff.mahjong-regex.textconv={driver}", "diff", "-U0").stdout
    changed_lines = [x for x in diff.splitlines() if x[:1] in "+-" and x[:3] not in ("+++", "---")]
    assert 0 < len(changed_lines) <= 4, diff
    assert all(len(x) < 200 for x in changed_lines)


def write(path: Path, text: str) -> Path:
    path.write_text(text, "utf-8")
    return path
