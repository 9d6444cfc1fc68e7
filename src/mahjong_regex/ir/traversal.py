"""Walking and rewriting IR trees: the one place that knows how to visit every
node of a :class:`~mahjong_regex.ir.nodes.Pattern` (its body and each
definition).

- :func:`walk` yields every node of a tree, parents first, and
  :func:`distinct` every node object once;
- :func:`transform` rebuilds a tree bottom-up through a per-node function;
- :func:`map_pattern` applies :func:`transform` to a whole pattern;
- :func:`captures` and :func:`group_names` collect the named groups a pattern
  defines (captures and definitions share one namespace: both are groups).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator

from .nodes import Capture, Lit, Node, Pattern, Seq


def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree, parents before children (pre-order, children
    in order).  Iterative: a deep tree costs no more per node than a flat
    one."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children()))


def transform(node: Node, fn: Callable[[Node], Node]) -> Node:
    """Rebuild the tree bottom-up, applying ``fn`` to every node after its
    children were transformed (Node -> Node)."""
    kids = node.children()
    if kids:
        new = [transform(c, fn) for c in kids]
        for a, b in zip(new, kids):
            if a is not b:
                node = node.rebuild(tuple(new))
                break
    return fn(node)


def map_pattern(
    pattern: Pattern,
    fn: Callable[[Node], Node],
    rename: Callable[[str], str] | None = None,
) -> Pattern:
    """:func:`transform` the body and every definition of ``pattern`` with
    ``fn``; ``rename``, when given, maps each definition's name (Pattern ->
    Pattern, definitions kept in order)."""
    body = transform(pattern.body, fn)
    defs = tuple(
        (rename(name) if rename else name, transform(node, fn))
        for name, node in pattern.definitions
    )
    return replace(pattern, body=body, definitions=defs)


def trees(pattern: Pattern) -> Iterator[Node]:
    """The body, then each definition's tree, in order."""
    yield pattern.body
    for _, node in pattern.definitions:
        yield node


def distinct(node: Node) -> Iterator[Node]:
    """Every node object of the tree once, parents before children: a
    subtree shared by several parents (the ``re2`` writer interns equal
    pieces) is visited once.  For questions of "is there a node such
    that…"; :func:`walk` gives every occurrence."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        yield n
        stack.extend(reversed(n.children()))


def captures(where: Pattern | Node) -> list[Capture]:
    """Every capture group of a pattern (the body's, then each
    definition's) or of one tree, in printing order (a list of
    :class:`Capture` nodes; a group in a subtree written twice is listed
    twice).  A shared subtree is searched once."""
    roots = trees(where) if isinstance(where, Pattern) else (where,)
    below: dict[int, tuple[Capture, ...]] = {}
    for tree in roots:
        # Post-order without recursion: a node's groups once its children's
        # are known.
        stack = [(tree, False)]
        while stack:
            n, ready = stack.pop()
            if id(n) in below:
                continue
            kids = n.children()
            if not ready:
                stack.append((n, True))
                stack.extend((k, False) for k in kids if id(k) not in below)
                continue
            got = tuple(c for k in kids for c in below[id(k)])
            below[id(n)] = ((n,) + got) if isinstance(n, Capture) else got
    roots = trees(where) if isinstance(where, Pattern) else (where,)
    return [c for tree in roots for c in below[id(tree)]]


def group_names(pattern: Pattern) -> set[str]:
    """Every name a group of ``pattern`` takes: its captures' and its
    definitions' (one namespace in every flavor)."""
    return {c.name for c in captures(pattern)} | {name for name, _ in pattern.definitions}


def literal_texts(node: Node) -> list[str] | None:
    """The literal texts of a sequence of literals, else None."""
    if isinstance(node, Seq) and node.items and all(isinstance(i, Lit) for i in node.items):
        return [i.text for i in node.items]
    return None
