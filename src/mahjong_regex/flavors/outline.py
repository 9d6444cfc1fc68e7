"""The outline printer: the same pattern text as :mod:`.printer`, one part per
line, indented by structure, each labelled part followed by
``  # line N: DSL text``.

Joining the lines with comments and indentation removed gives exactly the
pattern.  Each part's text comes from the printer's cache, and whether a
part holds a labelled part is worked out once per node, so the outline is
linear in the size of the tree, like the pattern.
"""

from __future__ import annotations

from .. import ir
from .printer import Printer

#: Width under which a part of the outline stays on one line.
OUTLINE_WIDTH = 72


class OutlinePrinter:
    """Prints the outline of lowered IR in the printer's flavor."""

    def __init__(self, printer: Printer):
        self.p = printer
        self.f = printer.f
        self._labelled: dict[int, tuple[ir.Node, bool]] = {}

    def pattern(self, pattern: ir.Pattern) -> str:
        """The outline of a whole pattern (str, ending in a newline)."""
        lines = self.lines(pattern.body, 0)
        if self.p.options(pattern):
            lines.insert(
                0, self.p.options(pattern) + "  # group names repeat: one count kept in many places"
            )
        if pattern.definitions:
            zero = self.f.define == "zero"
            if not zero:
                lines.append("(?(DEFINE)")
            pad = "" if zero else "  "
            open_, close = self.f.group.split("{body}")
            for name, node in pattern.definitions:
                lines.append(pad + open_.format(name=name))
                lines.extend(self.lines(node, 1 if zero else 2))
                lines.append(pad + close + ("{0}" if zero else ""))
            if not zero:
                lines.append(")")
        return "\n".join(lines) + "\n"

    def labelled_below(self, n: ir.Node) -> bool:
        """Does a part inside ``n`` (not ``n`` itself) carry a label?"""
        hit = self._labelled.get(id(n))
        if hit is not None and hit[0] is n:
            return hit[1]
        found = any(getattr(c, "label", "") or self.labelled_below(c) for c in n.children())
        self._labelled[id(n)] = (n, found)
        return found

    def lines(self, n: ir.Node, depth: int, need: int = 0) -> list[str]:
        """Outline lines of ``n`` at indentation ``depth``, wrapped in
        ``(?:…)`` when its precedence is below ``need``."""
        pad = "  " * depth
        label = getattr(n, "label", "")
        comment = f"  # {label}" if label else ""
        wrap = self.p.prec(n) < need
        text = self.p.node(n)
        width = len(text) + (4 if wrap else 0)
        if width + 2 * depth <= OUTLINE_WIDTH and not self.labelled_below(n):
            return [pad + (f"(?:{text})" if wrap else text) + comment]
        if isinstance(n, ir.Seq) and len(n.items) == 1:
            sub = self.lines(n.items[0], depth, need)
            return [sub[0] + comment] + sub[1:] if comment and "  # " not in sub[0] else sub
        head, parts, sep, tail = self.split(n)
        if head is None:
            return [pad + (f"(?:{text})" if wrap else text) + comment]
        if wrap:
            head, tail = "(?:" + head, tail + ")"
        out = [pad + head + comment] if head else ([pad + comment.lstrip()] if comment else [])
        sub = depth + 1 if head else depth
        for i, (part, pneed) in enumerate(parts):
            if i and sep:
                out.append("  " * (sub - 1 if head else sub) + sep)
            out.extend(self.lines(part, sub, pneed))
        if tail:
            out.append(pad + tail)
        return [line for line in out if line.strip()]

    def split(self, n: ir.Node):
        """How a compound node opens, its parts (with the precedence each
        needs), the separator between parts, and how it closes; ``head``
        None when the node stays on one line."""
        if isinstance(n, ir.Seq):
            return "", [(i, 1) for i in n.items], "", ""
        if isinstance(n, ir.Alt):
            return "", [(i, 1) for i in n.items], "|", ""
        if isinstance(n, ir.Look):
            return ("(?!" if n.negate else "(?="), [(n.item, 0)], "", ")"
        if isinstance(n, ir.Behind):
            return "(?<=", [(n.item, 0)], "", ")"
        if isinstance(n, ir.Ahead):
            return "(*napla:", [(n.item, 0)], "", ")"
        if isinstance(n, ir.Cond):
            return self.f.cond.format(name=n.name), [(n.yes, 1), (n.no, 1)], "|", ")"
        if isinstance(n, ir.Capture):
            open_, close = self.f.group.split("{body}")
            return open_.format(name=n.name), [(n.item, 0)], "", close
        if isinstance(n, ir.Atomic) and self.f.atomic:
            return "(?>", [(n.item, 0)], "", ")"
        if isinstance(n, ir.Repeat):
            return self.split_repeat(n)
        return None, [], "", ""

    def split_repeat(self, n: ir.Repeat):
        """:meth:`split` for a repetition."""
        q = self.p.quantifier(n)
        if self.p.inline_repeat(n):
            return None, [], "", ""  # printed as "..": keep one line
        if not q:
            return self.split(n.item) if self.p.prec(n.item) >= 2 else ("", [(n.item, 0)], "", "")
        if self.p.prec(n.item) >= 2:
            h, parts, sep, t = self.split(n.item)
            if h is None:
                return None, [], "", ""
            return h, parts, sep, t + q
        return "(?:", [(n.item, 0)], "", ")" + q
