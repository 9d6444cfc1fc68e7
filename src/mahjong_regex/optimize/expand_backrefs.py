"""Backreference expansion, for flavors without backreferences (RE2):
``(X)…\\k…`` becomes an alternation over the strings of X, each with the
backreferences replaced by that string."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from .. import ir
from .inline_calls import inline_calls

#: Most strings a capture may stand for before expansion is refused.
EXPAND_LIMIT = 512


def finite_strings(node: ir.Node, limit: int = EXPAND_LIMIT) -> list[str] | None:
    """Every string ``node`` matches, sorted, when that is a finite set of at
    most ``limit`` strings and the node has no lookaround, backreference or
    call; else None."""
    if isinstance(node, ir.Lit):
        return [node.text]
    if isinstance(node, ir.CharSet):
        return sorted(node.chars)
    if isinstance(node, ir.Capture):
        return finite_strings(node.item, limit)
    if isinstance(node, ir.Alt):
        out: set[str] = set()
        for item in node.items:
            sub = finite_strings(item, limit)
            if sub is None:
                return None
            out.update(sub)
            if len(out) > limit:
                return None
        return sorted(out)
    if isinstance(node, ir.Seq):
        acc = [""]
        for item in node.items:
            sub = finite_strings(item, limit)
            if sub is None or len(acc) * len(sub) > limit:
                return None
            acc = [a + b for a, b in product(acc, sub)]
        return sorted(set(acc))
    if isinstance(node, ir.Repeat) and node.max is not None:
        one = finite_strings(node.item, limit)
        if one is None:
            return None
        out = set()
        for k in range(node.min, node.max + 1):
            if len(one) ** k > limit:
                return None
            out.update("".join(p) for p in product(one, repeat=k))
        return sorted(out)
    return None


def _refers(nodes, name: str) -> bool:
    return any(isinstance(n, ir.Backref) and n.name == name for x in nodes for n in ir.distinct(x))


def _substitute(node: ir.Node, name: str, text: str) -> ir.Node:
    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Backref) and n.name == name:
            return ir.Lit(text)
        return n

    return ir.transform(node, fn)


class NotFinite(Exception):
    """A backreference whose capture stands for too many strings to expand;
    ``capture`` is the capture's name."""

    def __init__(self, capture: str):
        super().__init__(capture)
        self.capture = capture


def expand_backrefs(pattern: ir.Pattern) -> ir.Pattern:
    """Rewrite ``(X)…\\k…`` as an alternation over the strings of X, each with
    the backreferences replaced by that string, so that no backreference is
    left; calls are inlined (each definition expanded first).  Raises
    :class:`NotFinite` when a capture's strings are not a small finite set."""

    def expand_seq(items: tuple[ir.Node, ...]) -> ir.Node:
        for i, item in enumerate(items):
            if isinstance(item, ir.Capture) and _refers(items[i + 1 :], item.name):
                strings = finite_strings(item.item)
                if strings is None:
                    raise NotFinite(item.name)
                branches = []
                for s in strings:
                    rest = tuple(_substitute(x, item.name, s) for x in items[i + 1 :])
                    branch = expand_seq(items[:i] + (ir.Lit(s),) + rest)
                    flat = finite_strings(branch, 64)
                    branches.append(ir.alt(*map(ir.Lit, flat)) if flat else branch)
                return ir.alt(*branches)
        return ir.Seq(items) if len(items) != 1 else items[0]

    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Seq):
            out = expand_seq(n.items)
            if n.label and not getattr(out, "label", ""):
                return ir.Seq((out,), n.label)
            return out
        return n

    expanded = ir.map_pattern(pattern, fn)
    body = expanded.body
    if expanded.definitions:
        # Each definition expanded once, before it is copied into every
        # place that calls it.
        inlined = inline_calls(expanded)
        if not any(isinstance(n, ir.Backref) for n in ir.distinct(inlined.body)):
            return inlined
        body = ir.transform(inline_calls(pattern).body, fn)
    left = [n for n in ir.walk(body) if isinstance(n, ir.Backref)]
    if left:  # a backreference outside the sequence of its capture
        raise NotFinite(left[0].name)
    return replace(pattern, body=body, definitions=())
