"""The one printer: IR nodes to pattern text in a flavor, adding ``(?:…)``
only where precedence needs it.

Every construct is printed so that it means the same thing in the flavor's
real engine; the tests run each flavor's output in that engine.  The printer
expects IR already lowered for the flavor (:mod:`.lower`): no call without
subroutine calls, no backreference without backreferences, no lookaround
without lookaround.
"""

from __future__ import annotations

from .. import ir
from .table import Flavor


class Printer:
    """Prints IR nodes in one flavor.  The text of each node is made once
    (kept by node identity), so printing, and the outline that prints each
    part again at its own depth, are linear in the size of the tree."""

    def __init__(self, flavor: Flavor):
        self.f = flavor
        self._text: dict[int, tuple[ir.Node, str]] = {}

    def node(self, n: ir.Node) -> str:
        """The text of node ``n`` (str)."""
        hit = self._text.get(id(n))
        if hit is not None and hit[0] is n:
            return hit[1]
        text = getattr(self, "p_" + type(n).__name__)(n)
        self._text[id(n)] = (n, text)
        return text

    def pattern(self, pattern: ir.Pattern) -> str:
        """A whole pattern: the option for repeated group names when it has
        shared groups, the body, then the definitions block."""
        return (
            self.options(pattern) + self.node(pattern.body) + self.definitions(pattern.definitions)
        )

    def options(self, pattern: ir.Pattern) -> str:
        """``(?J)`` in PCRE2 when group names repeat (shared groups)."""
        if self.f.dupnames and any(c.shared for c in ir.captures(pattern)):
            return self.f.dupnames
        return ""

    def definitions(self, defs) -> str:
        """The definitions block: ``(?(DEFINE)…)``, or ``{0}`` groups."""
        if not defs:
            return ""
        groups = [self.f.group.format(name=name, body=self.node(node)) for name, node in defs]
        if self.f.define == "zero":
            return "".join(g + "{0}" for g in groups)
        return "(?(DEFINE)" + "".join(groups) + ")"

    def astral(self, c: str) -> bool:
        """Is ``c`` two code units (and so not one atom) in this flavor?"""
        return not self.f.astral_atoms and ord(c) > 0xFFFF

    def prec(self, n: ir.Node) -> int:
        """Precedence of ``n`` as printed: 0 alternation, 1 sequence, 2 a
        quantifiable atom."""
        if isinstance(n, ir.Alt):
            return 0
        if isinstance(n, ir.Seq):
            return 1 if len(n.items) != 1 else self.prec(n.items[0])
        if isinstance(n, ir.Lit):
            return 2 if len(n.text) == 1 and not self.astral(n.text) else 1
        if isinstance(n, ir.CharSet) and any(self.astral(c) for c in n.chars):
            return 1 if len(n.chars) == 1 else 0
        if isinstance(n, ir.CharSet) and not n.chars and not self.f.never.startswith("["):
            return 1  # (?!): JavaScript (u) refuses a quantified assertion
        if isinstance(n, (ir.Look, ir.Behind)):
            return 1  # the same
        if isinstance(n, ir.Repeat):
            if n.min == n.max == 1:
                return self.prec(n.item)  # printed as the item itself
            return 1
        return 2

    def wrap(self, n: ir.Node, need: int) -> str:
        """The text of ``n``, in ``(?:…)`` when its precedence is below ``need``."""
        s = self.node(n)
        return s if self.prec(n) >= need else f"(?:{s})"

    def p_Lit(self, n: ir.Lit) -> str:
        return "".join("\\" + c if c in self.f.meta else c for c in n.text)

    def p_CharSet(self, n: ir.CharSet) -> str:
        chars = sorted(n.chars)
        if not chars:
            return self.f.never
        if len(chars) == 1:
            return self.p_Lit(ir.Lit(chars[0]))
        wide = [c for c in chars if self.astral(c)]
        if wide:
            # Two UTF-16 code units each: an alternation, never a class.
            narrow = [c for c in chars if not self.astral(c)]
            parts = [self.p_CharSet(ir.CharSet(frozenset(narrow)))] if narrow else []
            return "|".join(parts + [self.p_Lit(ir.Lit(c)) for c in wide])
        return "[" + "".join(self.ranges(chars)) + "]"

    def ranges(self, chars: list[str]) -> list[str]:
        """Sorted class characters, runs of three or more letters or digits
        as ranges (an escaped punctuation endpoint reads differently in some
        engines)."""
        out = []
        i = 0
        while i < len(chars):
            j = i
            while j + 1 < len(chars) and ord(chars[j + 1]) == ord(chars[j]) + 1:
                j += 1
            if j - i >= 2 and chars[i].isalnum() and chars[j].isalnum():
                out.append(f"{self.cls(chars[i])}-{self.cls(chars[j])}")
            else:
                out.extend(self.cls(c) for c in chars[i : j + 1])
            i = j + 1
        return out

    def cls(self, c: str) -> str:
        """One character inside a class, escaped where the flavor needs it."""
        return "\\" + c if c in self.f.class_meta else c

    def p_NotIn(self, n: ir.NotIn) -> str:
        assert not any(self.astral(c) for c in n.chars), "the compiler negates BMP classes only"
        return "[^" + "".join(self.cls(c) for c in sorted(n.chars)) + "]"

    def p_AnyChar(self, n) -> str:
        return "."

    def p_Seq(self, n: ir.Seq) -> str:
        if len(n.items) == 1:
            return self.node(n.items[0])
        return "".join(self.wrap(i, 1) for i in n.items)

    def p_Alt(self, n: ir.Alt) -> str:
        return "|".join(self.wrap(i, 1) for i in n.items)

    def quantifier(self, n: ir.Repeat) -> str:
        """The quantifier text of a repetition (``""`` for exactly once)."""
        lo, hi = n.min, n.max
        if (lo, hi) == (0, None):
            q = "*"
        elif (lo, hi) == (1, None):
            q = "+"
        elif (lo, hi) == (0, 1):
            q = "?"
        elif hi is None:
            q = f"{{{lo},}}"
        elif lo == hi:
            q = "" if lo == 1 else f"{{{lo}}}"
        else:
            q = f"{{{lo},{hi}}}"
        if q and n.mode == "lazy":
            q += "?"
        return q

    def inline_repeat(self, n: ir.Repeat) -> bool:
        """Is ``n`` printed by writing its one-character item 2 or 3 times?"""
        return n.mode == "greedy" and 2 <= n.min == n.max <= 3 and len(self.node(n.item)) == 1

    def p_Repeat(self, n: ir.Repeat) -> str:
        q = self.quantifier(n)
        if not q:
            return self.node(n.item)
        if self.inline_repeat(n):
            return self.node(n.item) * n.min  # "..", shorter than ".{2}"
        return self.wrap(n.item, 2) + q

    def p_Capture(self, n: ir.Capture) -> str:
        return self.f.group.format(name=n.name, body=self.node(n.item))

    def p_Backref(self, n: ir.Backref) -> str:
        assert self.f.backrefs, "lowering expands backreferences"
        return self.f.backref.format(name=n.name)

    def p_Look(self, n: ir.Look) -> str:
        assert self.f.lookaround, "lowering removes lookarounds"
        return ("(?!" if n.negate else "(?=") + self.node(n.item) + ")"

    def p_Cond(self, n: ir.Cond) -> str:
        # A branch that is an alternation goes in (?:…): its | would end it.
        return (
            self.f.cond.format(name=n.name) + self.wrap(n.yes, 1) + "|" + self.wrap(n.no, 1) + ")"
        )

    def p_Behind(self, n: ir.Behind) -> str:
        # Every flavor with lookaround reads a lookbehind of fixed width; only
        # JavaScript's, the regex module's and .NET's may have any length.
        assert self.f.lookaround, "lowering removes lookarounds"
        return "(?<=" + self.node(n.item) + ")"

    def p_Ahead(self, n: ir.Ahead) -> str:
        assert self.f.rewind == "napla", "non-atomic lookaheads are PCRE2's"
        return "(*napla:" + self.node(n.item) + ")"

    def p_Atomic(self, n: ir.Atomic) -> str:
        if not self.f.atomic:
            return self.wrap(n.item, 2)
        return "(?>" + self.node(n.item) + ")"

    def p_Pop(self, n: ir.Pop) -> str:
        assert self.f.balancing, "balancing groups are .NET's"
        return f"(?<-{n.name}>)"

    def p_Call(self, n: ir.Call) -> str:
        return self.f.call.format(name=n.name)

    def p_Start(self, n) -> str:
        return self.f.start

    def p_End(self, n) -> str:
        return self.f.end
