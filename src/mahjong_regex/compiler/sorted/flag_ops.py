"""Flags: empty groups that say "this happened", set in one place of a
sorted pattern and read further on, in each flavor's way.

A sorted pattern is straight-line code: each flag group is set in at most
one place of the pattern text and read only after that place, in text and
in the hand.  How a flavor reads one:

- PCRE2, the regex module, Python ``re``, .NET and Onigmo have conditionals,
  ``(?(f)yes|no)``: set is ``(?<f>)``.  PCRE2 reads "set" and "not set"
  as ``\\k<f>`` and ``(?!\\k<f>)`` (a backreference to a group that has not
  matched fails): they compile to fewer code units than a conditional,
  and PCRE2 caps a pattern's compiled size (Wenzhou's sorted pattern
  passed it with conditionals).
- Java has none, but a backreference to a group that has not matched fails,
  so ``\\k<f>`` (empty) says "set" and ``(?!\\k<f>)`` "not set".
- In JavaScript a backreference to an unset group matches the empty string,
  so the flag must hold text: setting it captures the hand's first
  character, from a lookbehind to the start (``(?<=^(?=(?<f>.)).*)``), and a
  read goes to the end of the hand, where ``\\k<f>`` matches only when the
  flag is unset (``(?=.*$\\k<f>)``).

Optional parts are written ``(?:X|)``, never ``X?``: the regex module does
not retry a quantified group whose body reads groups once backtracking has
changed them (see the README's notes on sorted input).
"""

from __future__ import annotations

from ... import ir

COND_FLAVORS = frozenset({"pcre", "regex", "python", "dotnet", "ruby"})


class FlagOps:
    """Setting and reading flags in one flavor (``flavor``: a flavor name;
    see the module docstring; ``atomic``: it has atomic groups).  Every
    method returns IR.  Raises ValueError for a flavor without flags."""

    def __init__(self, flavor: str, atomic: bool = False):
        if flavor not in COND_FLAVORS | {"java", "js"}:
            raise ValueError(f"flavor {flavor!r} has no flags")
        self.flavor = flavor
        #: May flags be set inside atomic groups (``(?>…)``)?  Not in Java:
        #: it keeps a group set inside an atomic group after the path that
        #: set it failed (``^(?:(?>x|(?<v>))y|z)(?!\k<v>)$`` does not match
        #: ``z``, as it does in PCRE2).
        self.atomic = atomic and flavor != "java"

    def set(self, name: str, ahead: bool = False, behind: bool = False) -> ir.Node:
        """Set flag ``name`` here (matches the empty string).  ``ahead``: the
        caller knows a character follows, so JavaScript captures that one
        (``(?=(?<f>.))``) instead of going back to the start; ``behind``: one
        precedes (``(?<=(?<f>.))``)."""
        if self.flavor == "js":
            if ahead:
                return ir.Look(ir.Capture(name, ir.AnyChar()))
            if behind:
                return ir.Behind(ir.Capture(name, ir.AnyChar()))
            first = ir.Look(ir.Capture(name, ir.AnyChar()))
            return ir.Behind(ir.seq(ir.Start(), first, ir.Repeat(ir.AnyChar(), 0, None)))
        return ir.Capture(name, ir.EMPTY)

    def is_set(self, name: str) -> ir.Node:
        """Matches the empty string when flag ``name`` is set, else fails."""
        if self.flavor in ("java", "pcre"):
            return ir.Backref(name)
        if self.flavor == "js":
            return ir.Look(self._at_end(name), negate=True)
        return ir.Cond(name, ir.EMPTY, ir.NEVER)

    def not_set(self, name: str) -> ir.Node:
        """Matches the empty string when flag ``name`` is not set."""
        if self.flavor in ("java", "pcre"):
            return ir.Look(ir.Backref(name), negate=True)
        if self.flavor == "js":
            return ir.Look(self._at_end(name))
        return ir.Cond(name, ir.NEVER, ir.EMPTY)

    def test(self, name: str, yes: ir.Node, no: ir.Node) -> ir.Node:
        """``yes`` when flag ``name`` is set, else ``no``."""
        if self.flavor in COND_FLAVORS:
            return ir.Cond(name, yes, no)
        return ir.alt(ir.seq(self.is_set(name), yes), ir.seq(self.not_set(name), no))

    def when(self, name: str, node: ir.Node) -> ir.Node:
        """``node`` when flag ``name`` is set, else nothing."""
        return self.test(name, node, ir.EMPTY)

    def unless(self, name: str, node: ir.Node) -> ir.Node:
        """``node`` when flag ``name`` is not set, else nothing."""
        return self.test(name, ir.EMPTY, node)

    def any_set(self, names) -> ir.Node:
        """Matches the empty string when at least one of ``names`` is set."""
        names = list(names)
        if not names:
            return ir.NEVER
        if self.flavor == "ruby":
            # Onigmo compiles nested conditionals in time exponential in
            # their depth: one level of them in a lookahead instead.
            return ir.Look(ir.alt(*(self.is_set(n) for n in names)))
        if self.flavor in COND_FLAVORS:
            node: ir.Node = ir.NEVER
            for name in reversed(names):
                node = ir.Cond(name, ir.EMPTY, node)
            return node
        return ir.Look(ir.alt(*(self.is_set(n) for n in names)))

    def none_set(self, names) -> ir.Node:
        """Matches the empty string when none of ``names`` is set."""
        return ir.seq(*(self.not_set(n) for n in names))

    @staticmethod
    def _at_end(name: str) -> ir.Node:
        return ir.seq(ir.Repeat(ir.AnyChar(), 0, None), ir.End(), ir.Backref(name))
