"""``diff --outline FLAVOR``: a unified diff of the two sides' outlines.

A rule set's outline is what ``mahjong-regex compile R --format outline``
prints (and ``generated/R/FLAVOR.outline`` holds): its pattern in FLAVOR,
one part per line, each part labelled with its DSL line; constraints the
flavor cannot check are left out and listed first (``# NOT CHECKED: …``),
as the build writes them.  A pattern side has no DSL lines: its outline is
the pattern broken at its groups, as ``mahjong-regex textconv`` shows it.
"""

from __future__ import annotations

import difflib

from ..diagnostics import UnsupportedError
from ..outputs.textconv import textconv
from ..pipeline import compile_for, render_sorted
from .sides import Side


def outline(side: Side, flavor: str, sorted_input: bool = False) -> str:
    """The outline (str, lines ending in newlines) of ``side`` in
    ``flavor`` (a flavor name; a pattern side keeps its own flavor).  A rule
    set the flavor cannot express at all gives one comment line saying
    why.  With ``sorted_input``, a rule set's sorted pattern
    (``compile --input sorted --format outline``)."""
    if side.rules is None:
        return textconv(side.pattern)
    try:
        if sorted_input:
            return render_sorted(side.rules, flavor).outline()
        out = compile_for(side.rules, flavor, allow_unchecked=True)
    except UnsupportedError as e:
        return f"# {e.message}\n"
    return "".join(f"# NOT CHECKED: {u}\n" for u in out.unchecked) + out.outline()


def outline_diff(old: Side, new: Side, flavor: str, sorted_input: bool = False) -> str:
    """A unified diff (str; empty when the outlines are the same) from the
    outline of ``old`` to that of ``new`` in ``flavor``, headed by the two
    labels."""

    def name(side: Side) -> str:
        return f"{side.label} ({flavor if side.rules is not None else side.flavor} outline)"

    lines = difflib.unified_diff(
        outline(old, flavor, sorted_input).splitlines(keepends=True),
        outline(new, flavor, sorted_input).splitlines(keepends=True),
        name(old),
        name(new),
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)
