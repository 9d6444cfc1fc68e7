"""``factor_literals``: an alternation of literal strings becomes the regex of
its minimal acyclic automaton, so shared prefixes and suffixes are written
once and single characters become classes (``[二三四…][条筒万]|幺[鸡万]|…``),
after Emacs' ``regexp-opt``.  An IR rewrite (Pattern -> Pattern)."""

from __future__ import annotations

from .. import ir
from ..automata.render import literal_set

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "alternations of strings become their minimal automaton"


def _plain(node: ir.Node) -> str | None:
    if isinstance(node, ir.Lit):
        return node.text
    lits = ir.literal_texts(node)
    return "".join(lits) if lits is not None else None


#: Longest string :func:`factor_literals` factors (the automaton is built and
#: printed recursively, one level per character).
MAX_FACTORED_LENGTH = 200


def factor_literals(pattern: ir.Pattern) -> ir.Pattern:
    """Rewrite every alternation of plain strings as the regex of the
    strings' minimal acyclic automaton (strings up to
    :data:`MAX_FACTORED_LENGTH` characters; longer ones stay as written)."""
    memo: dict[tuple[str, ...], ir.Node] = {}

    def rewrite(node: ir.Node) -> ir.Node:
        if not isinstance(node, ir.Alt):
            return node
        plain = [s for s in (_plain(i) for i in node.items) if s is not None]
        plain = [s for s in plain if len(s) <= MAX_FACTORED_LENGTH]
        if len(plain) < 2:
            return node
        rest = [i for i in node.items if _plain(i) is None or len(_plain(i)) > MAX_FACTORED_LENGTH]
        key = tuple(sorted(set(plain)))
        if key not in memo:  # inlined copies repeat the same alternations
            memo[key] = literal_set(plain)
        factored = memo[key]
        if rest:
            return ir.alt(factored, *rest, label=node.label)
        if node.label and not getattr(factored, "label", ""):
            return ir.seq(factored, label=node.label)
        return factored

    return ir.map_pattern(pattern, rewrite)
