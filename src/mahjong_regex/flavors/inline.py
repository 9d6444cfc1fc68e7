"""Inlining definitions: in every flavor a definition called from one place
is written there (:func:`inline_single_use`).  For flavors without
subroutine calls, every call is replaced by a copy of its definition
(:func:`mahjong_regex.optimize.inline_calls.inline_calls`)."""

from __future__ import annotations

from dataclasses import replace

from .. import ir
from .printer import Printer
from .table import Flavor

#: Most characters a definition called once may print as, times the
#: repetitions around its call, to be written in place of the call: PCRE2
#: copies the body of a counted repetition (``{16}``) and refuses a compiled
#: pattern over 64K code units.
MAX_REPEATED_INLINE = 4_000


def call_sites(pattern: ir.Pattern) -> dict[str, list[tuple[str, int]]]:
    """Where each definition is called: {name: [(the calling definition's
    name, "" for the body; how many times the repetitions around the call
    copy it)]}; an unbounded repetition counts as two."""
    sites: dict[str, list[tuple[str, int]]] = {}

    def visit(node: ir.Node, owner: str, mult: int) -> None:
        if isinstance(node, ir.Call):
            sites.setdefault(node.name, []).append((owner, mult))
        if isinstance(node, ir.Repeat) and not (node.min == node.max == 1):
            mult *= node.max if node.max is not None else 2
        for c in node.children():
            visit(c, owner, mult)

    visit(pattern.body, "", 1)
    for name, node in pattern.definitions:
        visit(node, name, 1)
    return sites


def inline_single_use(pattern: ir.Pattern, flavor: Flavor) -> ir.Pattern:
    """Write a definition called from one place in place of its call --
    unless the call sits in a repetition that would copy it into a large
    pattern (see :data:`MAX_REPEATED_INLINE`); drop definitions never
    called."""
    sites = call_sites(pattern)
    defs = dict(pattern.definitions)
    # A call may also set a group written in the body (a tally level, in Onigmo).
    once = {name for name, where in sites.items() if len(where) == 1 and name in defs}
    if not once:
        return pattern
    # The copies a definition's text would get: its call site's repetitions,
    # times its caller's own copies.
    copies: dict[str, int] = {"": 1}
    for _ in range(len(defs) + 1):
        for name, where in sites.items():
            copies[name] = max(copies.get(owner, 1) * mult for owner, mult in where)
    if flavor.call is not None:
        printer = Printer(flavor)
        once = {
            name
            for name in once
            if copies.get(name, 1) == 1
            or copies[name] * len(printer.node(defs[name])) <= MAX_REPEATED_INLINE
        }
        if not once:
            return pattern

    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Call) and n.name in once:
            return ir.transform(defs[n.name], fn)
        return n

    kept = tuple((n, d) for n, d in pattern.definitions if n not in once and n in sites)
    return ir.map_pattern(replace(pattern, definitions=kept), fn)
