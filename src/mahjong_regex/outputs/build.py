"""Write (or check) ``generated/``: every built-in rule set in every flavor.

For rule set R and flavor F:

- ``generated/R/F.re``: exactly the pattern and a newline;
- ``generated/R/F.outline``: the same pattern, one part per line, each part
  labelled with the DSL line it came from, so that ``git diff`` shows what a
  rule change did;
- ``generated/R/F.refused`` instead of both, when F cannot express R: the
  error message; beside it ``F.unchecked.re`` and ``F.unchecked.outline``,
  what ``--allow-unchecked`` emits (the outline lists what goes unchecked),
  unless F cannot express R even so (the pattern would be too large).

Output is deterministic: same rules, same bytes.
"""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import UnsupportedError
from ..flavors.table import FLAVORS
from ..pipeline import compile_rules, render
from ..rules import BUILTINS, builtin_source
from ..ruleset.checker import load


def expected_files() -> dict[str, str]:
    """{relative path: content} of everything ``generated/`` should hold."""
    files: dict[str, str] = {}
    for name in BUILTINS:
        source = builtin_source(name)
        rules = load(source, f"{name}.meld")
        for flavor in FLAVORS:
            try:
                out = render(compile_rules(rules, flavor=flavor), flavor, allow_unchecked=True)
            except UnsupportedError as e:  # not even with constraints left out
                files[f"{name}/{flavor}.refused"] = e.render(f"{name}.meld", source) + "\n"
                continue
            if out.refusal is None:
                files[f"{name}/{flavor}.re"] = out.text + "\n"
                files[f"{name}/{flavor}.outline"] = out.outline()
                continue
            files[f"{name}/{flavor}.refused"] = out.refusal.render(f"{name}.meld", source) + "\n"
            head = "".join(f"# NOT CHECKED: {u}\n" for u in out.unchecked)
            files[f"{name}/{flavor}.unchecked.re"] = out.text + "\n"
            files[f"{name}/{flavor}.unchecked.outline"] = head + out.outline()
    return files


def stale_files(out: Path, want: dict[str, str] | None = None) -> list[str]:
    """Relative paths under ``out`` that are missing, differ, or should not
    be there (sorted); ``want`` is :func:`expected_files`, computed when not
    given."""
    want = expected_files() if want is None else want
    stale = []
    for rel, content in want.items():
        p = out / rel
        if not p.is_file() or p.read_text("utf-8") != content:
            stale.append(rel)
    if out.is_dir():
        for p in out.rglob("*"):
            if p.is_file() and p.relative_to(out).as_posix() not in want:
                stale.append(p.relative_to(out).as_posix())
    return sorted(stale)


def write(out: Path) -> list[str]:
    """Write ``generated/`` under ``out``, removing files that no longer
    belong; returns the relative paths written or removed (sorted).  Each
    pattern is computed once."""
    want = expected_files()
    changed = stale_files(out, want)
    for rel in changed:
        p = out / rel
        if rel in want:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(want[rel], "utf-8", newline="\n")
        elif p.exists():
            p.unlink()
    return changed
