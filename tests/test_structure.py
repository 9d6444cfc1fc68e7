"""The shape of the code base stays what the documents promise: small
modules, classes and functions; the map of the package and the compiler's
rooms, and the table of passes, in docs/how-it-compiles.md match the tree
and the registry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mahjong_regex.cli import passes_table

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "mahjong_regex"
README = (ROOT / "docs" / "how-it-compiles.md").read_text("utf-8")

#: Most lines a module, a class and a function may have.
MAX_MODULE, MAX_CLASS, MAX_FUNCTION = 500, 300, 60


def python_files():
    for folder in ("src", "tests", "benchmarks"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def oversized(path: Path) -> list[str]:
    """What in ``path`` is over its size limit, as readable lines."""
    text = path.read_text("utf-8")
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    out = []
    lines = text.count("\n")
    if lines > MAX_MODULE:
        out.append(f"{rel}: {lines} lines (module, at most {MAX_MODULE})")
    for node in ast.walk(ast.parse(text)):
        size = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
        if isinstance(node, ast.ClassDef) and size > MAX_CLASS:
            out.append(f"{rel}:{node.lineno}: class {node.name}, {size} lines")
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and size > MAX_FUNCTION:
            out.append(f"{rel}:{node.lineno}: function {node.name}, {size} lines")
    return out


def test_modules_classes_and_functions_stay_small():
    found = [line for path in python_files() for line in oversized(path)]
    assert not found, "\n".join(found)


def test_the_size_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION))
    long = tmp_path / "long.py"
    long.write_text(f"def f():\n{body}\n", "utf-8")
    assert oversized(long) == [f"long.py:1: function f, {MAX_FUNCTION + 1} lines"]


def test_readme_pass_table_is_the_registry():
    assert passes_table() in README, "regenerate with: mahjong-regex passes --markdown"


def readme_map() -> dict[str, str]:
    """The folders and modules the README's map of the package names."""
    block = README.split("```text\nsrc/mahjong_regex/\n", 1)[1].split("```", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"^  (\S+)\s+(.*)$", block, re.M)}


def test_readme_map_matches_the_package():
    listed = set(readme_map())
    actual = {p.name + "/" for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    actual |= {p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    assert listed == actual


def test_readme_map_shows_the_compiler_rooms():
    block = README.split("```text\nsrc/mahjong_regex/\n", 1)[1].split("```", 1)[0]
    listed = set(re.findall(r"^    (\S+)\s", block, re.M))
    compiler = PACKAGE / "compiler"
    actual = {p.name + "/" for p in compiler.iterdir() if (p / "__init__.py").is_file()}
    actual |= {p.name for p in compiler.glob("*.py") if p.name != "__init__.py"}
    assert listed == actual


@pytest.mark.parametrize(
    "folder", sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
)
def test_every_package_says_what_stage_it_is(folder):
    doc = ast.get_docstring(ast.parse((PACKAGE / folder / "__init__.py").read_text("utf-8")))
    assert doc and len(doc) > 40, f"{folder}/__init__.py needs a docstring"


def test_the_wheel_lists_every_package():
    """pyproject.toml names packages one by one; a folder left out would
    install (``pip install .``, the playground's wheel) without its code."""
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
            "packages"
        ]
    )
    found = {
        ".".join(p.parent.relative_to(PACKAGE.parent).parts) for p in PACKAGE.rglob("__init__.py")
    }
    assert found - listed == set()
    assert listed - found == {"mahjong_regex.grammar"}
