"""The floor plan holds: every import goes down the stage order, and no two
files or folders import each other.

The stages, lowest first, are :data:`LAYERS` (a folder of
``src/mahjong_regex`` or a module beside them).  Inside the compiler the
rooms have an order of their own (:data:`COMPILER_ROOMS`).  An import inside
a function is allowed only for an optional engine module."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "mahjong_regex"

#: The stages, lowest first: a unit may import only units before it.
LAYERS = (
    "diagnostics",
    "ir",
    "rules",
    "syntax",
    "ruleset",
    "automata",
    "reference",
    "hands",
    "compiler",
    "optimize",
    "flavors",
    "pipeline",
    "hand_input",
    "engines",
    "outputs",
    "diff",
    "playground",
    "cli",
    "__main__",
)
#: The compiler's rooms, lowest first (modules directly in ``compiler/`` are
#: named by their file).
COMPILER_ROOMS = (
    "registry",
    "capabilities",
    "errors",
    "context",
    "tiles",
    "constraints",
    "wild",
    "plans",
    "melds",
    "shapes",
    "scoring",
    "sorted",
    "entries",
)
#: Units that decide hands apart from the patterns: the compiler side never
#: imports them, so a pattern and its judge share no code.
JUDGES = ("reference", "hands")
PATTERN_SIDE = ("compiler", "optimize", "flavors")
#: The only modules an import inside a function may bring in.
OPTIONAL = ("regex", "pcre2", "re2")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> list[tuple[str, bool]]:
    """The project modules ``name`` imports, each with whether the import
    stands inside a function."""
    path = MODULES[name]
    tree = ast.parse(path.read_text("utf-8"))
    inner = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        for n in ast.walk(f)
    }
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names]
            targets = [s for s in subs if s in MODULES] or [target]
        else:
            continue
        out += [(t, id(node) in inner) for t in targets]
    return out


def unit(name: str) -> str:
    """The stage a module belongs to: its folder, or its own name."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else name


def room(name: str) -> str | None:
    """The compiler room of a module of the compiler (None elsewhere)."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "compiler" else None


EDGES = {
    name: sorted({t for t, _ in imports(name) if t in MODULES and t != name}) for name in MODULES
}


def test_every_unit_has_a_place_in_the_stage_order():
    units = {unit(n) for n in MODULES if n != "mahjong_regex"}
    assert units <= set(LAYERS), f"not in LAYERS: {sorted(units - set(LAYERS))}"
    rooms = {room(n) for n in MODULES} - {None}
    assert rooms <= set(
        COMPILER_ROOMS
    ), f"not in COMPILER_ROOMS: {sorted(rooms - set(COMPILER_ROOMS))}"


def test_imports_go_down_the_stage_order():
    wrong = []
    for a, targets in EDGES.items():
        for b in targets:
            if b == "mahjong_regex":
                wrong.append(f"{a} imports the package facade (import the module itself)")
            elif a != "mahjong_regex" and LAYERS.index(unit(b)) > LAYERS.index(unit(a)):
                wrong.append(f"{a} ({unit(a)}) imports {b} ({unit(b)}), a later stage")
    assert not wrong, "\n".join(wrong)


def test_compiler_rooms_import_only_earlier_rooms():
    wrong = []
    for a, targets in EDGES.items():
        for b in targets:
            ra, rb = room(a), room(b)
            if ra and rb and COMPILER_ROOMS.index(rb) > COMPILER_ROOMS.index(ra):
                wrong.append(f"{a} ({ra}) imports {b} ({rb}), a later room")
    assert not wrong, "\n".join(wrong)


def test_the_pattern_side_never_imports_the_judges():
    wrong = [
        f"{a} imports {b}"
        for a, targets in EDGES.items()
        for b in targets
        if unit(a) in PATTERN_SIDE and unit(b) in JUDGES
    ]
    assert not wrong, "\n".join(wrong)


def cycles(edges: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_two_files_import_each_other():
    edges = {a: [b for b in bs if b != "mahjong_regex"] for a, bs in EDGES.items()}
    assert not cycles(edges)


def folder(name: str) -> str:
    """The folder a module stands in; a module beside sub-folders (the
    package's own, the compiler's) is a unit of its own."""
    path = MODULES[name]
    if path.name == "__init__.py":
        return name
    if any((d / "__init__.py").is_file() for d in path.parent.iterdir() if d.is_dir()):
        return name
    return name.rsplit(".", 1)[0]


def test_no_two_folders_import_each_other():
    edges: dict[str, set[str]] = defaultdict(set)
    for a, targets in EDGES.items():
        for b in targets:
            fa, fb = folder(a), folder(b)
            if fa != fb and "mahjong_regex" not in (a, b):
                edges[fa].add(fb)
    assert not cycles({a: sorted(bs) for a, bs in edges.items()})


def test_imports_inside_functions_are_for_optional_engines_only():
    wrong = [
        f"{name} imports {target} inside a function"
        for name in MODULES
        for target, inner in imports(name)
        if inner and target.split(".")[0] not in OPTIONAL
    ]
    assert not wrong, "\n".join(wrong)


def test_no_two_modules_share_a_file_name():
    seen: dict[str, list[str]] = defaultdict(list)
    for name, path in MODULES.items():
        key = path.parent.name if path.name == "__init__.py" else path.stem
        seen[key].append(name)
    assert not {k: v for k, v in seen.items() if len(v) > 1}


@pytest.mark.parametrize(
    "edges, expected",
    [
        ({"a": ["b"], "b": ["a"]}, [["a", "b"]]),
        ({"a": ["b"], "b": ["c"], "c": []}, []),
        ({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}, [["a", "b", "c"]]),
    ],
)
def test_the_cycle_finder_finds_cycles(edges, expected):
    assert cycles(edges) == expected
