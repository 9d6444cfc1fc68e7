"""The examples of the README and of ``docs/`` run in a fresh clone and print
what they show.

In a fenced block, a line that starts with ``$ `` (after any indentation)
is a command, run with bash from a scratch folder that holds the clone's
``generated/`` and ``tests/``; the lines under it, up to the next command or
the block's end, are what it prints.  A shown line with ``…`` matches an
actual line that starts with the text before the ``…``; a line that is only
``…`` stands for any number of lines.  A command that shows nothing must
not fail with a traceback.  The blocks of one file run in order in one
folder, so a file made by one example is there for the next."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def examples(text: str) -> list[tuple[str, list[str]]]:
    """(command, shown lines) of every ``$ `` line of ``text``'s fenced
    blocks, in order."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", text, re.S | re.M):
        current = None
        for line in block.split("\n"):
            stripped = line.strip()
            if stripped.startswith("$ "):
                current = (stripped[2:], [])
                out.append(current)
            elif current is not None and stripped:
                current[1].append(stripped)
    return out


def lines_match(shown: list[str], actual: list[str]) -> bool:
    """Do the ``actual`` lines (stripped) read as the ``shown`` ones (see the
    module docstring)?"""
    if not shown:
        return not actual
    head, rest = shown[0], shown[1:]
    if head == "…":
        return any(lines_match(rest, actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    if "…" in head:
        ok = actual[0].startswith(head.split("…", 1)[0])
    else:
        ok = actual[0] == head
    return ok and lines_match(rest, actual[1:])


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
    )


def stripped(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_examples_print_what_they_show(document: Path, tmp_path: Path):
    for name in ("generated", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    found = examples(document.read_text("utf-8"))
    wrong = []
    for command, shown in found:
        out = run(command, tmp_path)
        if "Traceback" in out.stderr:
            wrong.append(f"$ {command}\n{out.stderr}")
        elif shown and not (
            lines_match(shown, stripped(out.stdout)) or lines_match(shown, stripped(out.stderr))
        ):
            wrong.append(
                f"$ {command}\nshown:\n"
                + "\n".join(shown)
                + f"\nprinted:\n{out.stdout}{out.stderr}"
            )
    assert not wrong, "\n\n".join(wrong)


def test_the_readme_has_examples_and_is_short():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(examples(readme)) >= 8
    assert readme.count("\n") <= 400


def test_the_readme_tour_is_the_shipped_harbin_rules():
    readme = (ROOT / "README.md").read_text("utf-8")
    tour = readme.split("## A tour of the DSL", 1)[1].split("```\n", 2)[1]
    source = (ROOT / "src/mahjong_regex/rules/harbin.meld").read_text("utf-8")
    assert source.startswith(tour.split("```", 1)[0])


@pytest.mark.parametrize(
    "shown, actual, ok",
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "…", "d"], ["a", "b", "c", "d"], True),
        (["a…"], ["abc"], True),
        (["a", "c"], ["a", "b"], False),
        (["…"], [], True),
    ],
)
def test_lines_match(shown, actual, ok):
    assert lines_match(shown, actual) is ok


def test_the_quick_start_installs_into_a_virtual_environment():
    """Debian's system Python refuses ``pip install`` outside a virtual
    environment (externally managed), so both commands make one first."""
    readme = (ROOT / "README.md").read_text("utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick.splitlines() if line.startswith("    ")]
    assert len(commands) == 2
    assert all(
        c.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install")
        for c in commands
    )
    assert commands[0].endswith("mahjong-regex compile harbin")
    assert commands[1].endswith("python -m pytest")


def test_every_package_ci_installs_is_named_in_the_testing_docs():
    run = (ROOT / ".ci" / "run").read_text("utf-8")
    listed = re.search(r"apt-get install -y -qq --no-install-recommends (.*?)>/dev/null", run, re.S)
    packages = listed.group(1).replace("\\\n", " ").split()
    testing = (ROOT / "docs" / "testing.md").read_text("utf-8")
    assert packages and not [p for p in packages if p not in testing]


SORTED_FLAVORS = ["pcre", "regex", "python", "js", "java", "dotnet", "ruby", "re2"]


def size_table(path: Path) -> dict[tuple[str, str], str]:
    """{(rule set, flavor): cell} of the sorted-size table in ``path``: the
    rows after the header ``| rule set | pcre | … | re2 |``."""
    lines = path.read_text("utf-8").splitlines()
    head = "| rule set | " + " | ".join(SORTED_FLAVORS) + " |"
    start = lines.index(head) + 2
    cells = {}
    for line in lines[start:]:
        if not line.startswith("| `"):
            break
        name, *row = [c.strip() for c in line.strip("|").split("|")]
        cells.update({(name.strip("`"), f): c for f, c in zip(SORTED_FLAVORS, row)})
    return cells


def sorted_size(name: str, flavor: str) -> int | None:
    """The size of the built-in's generated sorted pattern (characters; in
    ``re2`` bytes of UTF-8), or None where the flavor refuses it."""
    path = ROOT / "generated" / name / "sorted" / f"{flavor}.re"
    if not path.is_file():
        return None
    text = path.read_text("utf-8").rstrip("\n")
    return len(text.encode()) if flavor == "re2" else len(text)


def test_the_sorted_size_tables_are_the_generated_patterns():
    """The README's table (K characters, re2 MB) and docs/sorted-input.md's
    (exact sizes) give each generated sorted pattern's size."""
    readme = size_table(ROOT / "README.md")
    exact = size_table(ROOT / "docs" / "sorted-input.md")
    assert len(readme) == len(exact) == 20 * len(SORTED_FLAVORS)
    for (name, flavor), cell in readme.items():
        size = sorted_size(name, flavor)
        if size is None:
            assert cell == "refused" and exact[name, flavor].startswith("refused")
            continue
        short = f"{size / 1e6:.2f} M" if flavor == "re2" else f"{round(size / 1000)} K"
        assert (cell, exact[name, flavor].split(" / ")[0]) == (short, f"{size:,}"), (name, flavor)
