"""Inlining every call: a pattern for a flavor without subroutine calls has
each call replaced by a copy of its definition, captures renamed per copy.
Backreference expansion (:mod:`.expand_backrefs`) inlines first, and
lowering (:mod:`mahjong_regex.flavors.lower`) inlines what is left."""

from __future__ import annotations

from dataclasses import replace

from .. import ir

#: Most IR nodes a pattern may have once its calls are inlined.
MAX_INLINED_NODES = 200_000


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

    return replace(pattern, body=expand(pattern.body), definitions=())
