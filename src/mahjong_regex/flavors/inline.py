"""Inlining definitions: for flavors without subroutine calls every call is
replaced by a copy of its definition (:func:`inline_calls`), and in every
flavor a definition called from one place is written there
(:func:`inline_single_use`)."""

from __future__ import annotations

from dataclasses import replace

from .. import ir
from .printer import Printer
from .table import Flavor

#: Most IR nodes a pattern may have once its calls are inlined.
MAX_INLINED_NODES = 200_000

#: Most characters a definition called once may print as, times the
#: repetitions around its call, to be written in place of the call: PCRE2
#: copies the body of a counted repetition (``{16}``) and refuses a compiled
#: pattern over 64K code units.
MAX_REPEATED_INLINE = 4_000


def inlined_size(pattern: ir.Pattern) -> int:
    """How many IR nodes the pattern has with every call inlined (without
    building it)."""
    defs = dict(pattern.definitions)
    memo: dict[str, int] = {}

    def size(node: ir.Node) -> int:
        if isinstance(node, ir.Call):
            if node.name not in memo:
                memo[node.name] = size(defs[node.name])
            return memo[node.name]
        return 1 + sum(size(c) for c in node.children())

    return size(pattern.body)


def inline_calls(pattern: ir.Pattern) -> ir.Pattern:
    """Replace every call by a copy of its definition; captures in each copy
    after the first get a fresh name (``s1`` -> ``s2``, ``s3``, …, the
    letters kept, the number the next unused one) so that no name is defined
    twice.  The result has no definitions."""
    defs = dict(pattern.definitions)
    taken = ir.group_names(pattern)
    seen: set[str] = set()

    def fresh(name: str) -> str:
        if name not in seen:
            seen.add(name)
            return name
        stem = name.rstrip("0123456789") or name
        k = 1
        while f"{stem}{k}" in taken:
            k += 1
        taken.add(f"{stem}{k}")
        return f"{stem}{k}"

    def expand(node: ir.Node) -> ir.Node:
        def fn(n: ir.Node) -> ir.Node:
            if isinstance(n, ir.Call):
                # Rename the definition's own captures, then expand its calls
                # (which rename theirs): every copy gets fresh names.
                return expand(rename(defs[n.name]))
            return n

        return ir.transform(node, fn)

    own: dict[int, list[str]] = {}  # a definition's capture names, found once

    def rename(node: ir.Node) -> ir.Node:
        if id(node) not in own:
            own[id(node)] = sorted({c.name for c in ir.captures(node) if not c.shared})
        names = own[id(node)]
        if not names:
            return node
        mapping = {name: fresh(name) for name in names}

        def fn(n: ir.Node) -> ir.Node:
            if isinstance(n, (ir.Capture, ir.Backref)) and n.name in mapping:
                return replace(n, name=mapping[n.name])
            return n

        return ir.transform(node, fn)

    return ir.Pattern(expand(pattern.body), ())


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
    once = {name for name, where in sites.items() if len(where) == 1}
    if not once:
        return pattern
    defs = dict(pattern.definitions)
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
    return ir.map_pattern(ir.Pattern(pattern.body, kept), fn)
