"""Where a rule stands in its rule file, for the rule changes of a diff.

The checked rule set keeps where each declaration starts; a hand shape or an
``or`` of conditions may run on over several lines, so :class:`Places`
reads the syntax tree once more to know where each one ends, and cites all
its lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import source_lines
from ..ruleset.model import RuleSet
from ..syntax import tree as syn
from ..syntax.parser import parse


@dataclass(frozen=True)
class Place:
    """Where a rule stands on one side: its first ``line`` (1-based), its
    ``last`` line, and the ``text`` shown for it (its lines joined, comments
    left out)."""

    line: int
    text: str
    last: int = 0

    def __str__(self) -> str:
        lines = f"lines {self.line}-{self.last}" if self.last > self.line else f"line {self.line}"
        return f"{lines}: {self.text}"


class Places:
    """The places of one rule set's tiles, declarations and constraints."""

    def __init__(self, rules: RuleSet):
        self.lines = source_lines(rules.source)
        self.tiles: dict[str, syn.Span] = {}
        self.ends: dict[tuple[int, int], syn.Span] = {}
        for st in parse(rules.source).statements:
            if isinstance(st, syn.TilesDecl):
                self.tiles.update((tn.text, tn.span) for g in st.groups for tn in g.tiles)
            if isinstance(st, syn.HandDecl):
                self.ends[(st.span.line, st.span.column)] = st.slots[-1].span
            for c in getattr(st, "where", ()):
                self._constraint(c)

    def _constraint(self, c) -> syn.Span:
        """Note where an ``or`` ends; returns the span of its last part."""
        if not isinstance(c, syn.AnyOf):
            return c.span
        last = [self._constraint(p) for p in c.parts][-1]
        self.ends[(c.span.line, c.span.column)] = last
        return last

    def _text(self, first: int, start: int, last: int, end: int | None) -> str:
        pieces = []
        for n in range(first, last + 1):
            line = self.lines[n - 1] if n <= len(self.lines) else ""
            if n == last and end is not None:
                line = line[: end - 1]
            if n == first:
                line = line[start - 1 :]
            pieces.append(line.split("#", 1)[0].strip())
        return " ".join(p for p in pieces if p)

    def declaration(self, span: syn.Span) -> Place:
        """The whole lines of the declaration starting at ``span``."""
        end = self.ends.get((span.line, span.column), span)
        return Place(span.line, self._text(span.line, 1, end.line, None), end.line)

    def piece(self, span: syn.Span) -> Place:
        """Just the text of the construct at ``span`` (a constraint)."""
        end = self.ends.get((span.line, span.column), span)
        return Place(
            span.line, self._text(span.line, span.column, end.line, end.end_column), end.line
        )

    def tile(self, name: str) -> Place | None:
        """The line of the ``tiles`` block that declares tile ``name``."""
        span = self.tiles.get(name)
        return None if span is None else self.declaration(syn.Span(span.line, 1, 1))
