"""Boolean formulas over flag groups, and their IR: the tests a scoring
pattern makes once the melds are read.

A flag is an empty capture group; ``\\k<f>`` matches (the empty string)
when it is set and fails when it is not, in the flavors that score (PCRE2,
the regex module, .NET).  A formula is built from flags with
:func:`f_and`, :func:`f_or` and :func:`f_not`, which fold constants, and
:func:`render` turns it into a zero-width IR test.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import ir


@dataclass(frozen=True)
class Formula:
    """A formula: ``op`` is ``flag`` (``name``), ``not``, ``and``, ``or``,
    ``true`` or ``false``; ``parts`` the operands."""

    op: str
    name: str = ""
    parts: tuple["Formula", ...] = ()


TRUE = Formula("true")
FALSE = Formula("false")


def flag(name: str) -> Formula:
    """The flag group ``name`` is set."""
    return Formula("flag", name)


def f_not(f: Formula) -> Formula:
    """Not ``f``."""
    if f.op == "true":
        return FALSE
    if f.op == "false":
        return TRUE
    if f.op == "not":
        return f.parts[0]
    return Formula("not", parts=(f,))


def _join(op: str, fs, unit: Formula, zero: Formula) -> Formula:
    """``op`` ("and", "or") of ``fs``: nested ones flattened, ``unit`` (the
    value that changes nothing) dropped, ``zero`` (the value that decides
    alone) returned, repeats dropped."""
    out: list[Formula] = []
    for f in fs:
        if f == zero:
            return zero
        for g in f.parts if f.op == op else (f,):
            if g != unit and g not in out:
                out.append(g)
    if not out:
        return unit
    return out[0] if len(out) == 1 else Formula(op, parts=tuple(out))


def f_and(*fs: Formula) -> Formula:
    """All of ``fs`` (TRUE for none)."""
    return _join("and", fs, TRUE, FALSE)


def f_or(*fs: Formula) -> Formula:
    """One of ``fs`` (FALSE for none)."""
    return _join("or", fs, FALSE, TRUE)


def render(f: Formula) -> ir.Node:
    """A zero-width IR test that matches exactly when ``f`` holds."""
    if f.op == "true":
        return ir.EMPTY
    if f.op == "false":
        return ir.NEVER
    if f.op == "flag":
        return ir.Backref(f.name)
    if f.op == "not":
        inner = f.parts[0]
        if inner.op == "flag":
            # A conditional, not a lookahead: no lookaround to enter.
            return ir.Cond(inner.name, ir.NEVER, ir.EMPTY)
        return ir.Look(render(inner), negate=True)
    if f.op == "and":
        return ir.seq(*(render(p) for p in f.parts))
    return ir.alt(*(render(p) for p in f.parts))


def either(f: Formula, then: ir.Node) -> ir.Node:
    """``then`` when ``f`` holds, nothing when it does not: exactly one
    branch can match, so backtracking never takes the other."""
    if f.op == "true":
        return then
    if f.op == "false":
        return ir.EMPTY
    literals = f.parts if f.op == "and" else (f,)
    if all(literal(x) for x in literals):
        # Nested conditionals: no lookaround, no alternation.
        node = then
        for x in reversed(literals):
            if x.op == "flag":
                node = ir.Cond(x.name, node, ir.EMPTY)
            else:
                node = ir.Cond(x.parts[0].name, ir.EMPTY, node)
        return node
    test = render(f)
    return ir.alt(ir.seq(test, then), ir.Look(test, negate=True))


def literal(f: Formula) -> bool:
    """A flag, or the negation of one."""
    return f.op == "flag" or (f.op == "not" and f.parts[0].op == "flag")


def flags(f: Formula) -> set[str]:
    """The flag names ``f`` reads."""
    if f.op == "flag":
        return {f.name}
    return set().union(*(flags(p) for p in f.parts)) if f.parts else set()
