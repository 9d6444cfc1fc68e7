"""Canonical order, and tiles as IR, for sorted patterns.

Canonical order: the suits in the order the ``tiles`` block declares them,
each by rank; then the honors and flowers in declared order.  (The
reference computes it on its own; a test holds the two together.)
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import RuleSet
from ..tiles.aligned_scan import aligned_safe


def canonical_tiles(rules: RuleSet) -> list[int]:
    """Every tile index of the rule set, in canonical order."""
    suit_pos = {s: i for i, s in enumerate(rules.alphabet.suits)}
    tiles = rules.alphabet.tiles
    suited = sorted(
        (t for t in tiles if t.suit is not None), key=lambda t: (suit_pos[t.suit], t.rank)
    )
    return [t.index for t in suited] + [t.index for t in tiles if t.suit is None]


def tile_lit(rules: RuleSet, tile: int) -> ir.Node:
    """One tile, by its name."""
    return ir.Lit(rules.alphabet.tiles[tile].name)


#: The most copies of a tile :func:`copies` writes out name by name.
SPELLED = 5


def copies(rules: RuleSet, tile: int, n: int) -> ir.Node:
    """``n`` copies of a tile: up to :data:`SPELLED` copies its name
    written out, more its name grouped and repeated.  PCRE2 compiles a
    counted group as that many copies of the group, each with its bracket
    code, so five copies written out (the copy limit's check, ``cap + 1``)
    compile to about a quarter of ``(?:1m){5}``: mcr's sorted pattern fits
    the older PCRE2 of PHP that way."""
    if n == 0:
        return ir.EMPTY
    name = rules.alphabet.tiles[tile].name
    return ir.Lit(name * n) if n <= SPELLED else ir.Repeat(ir.Lit(name), n, n)


def tiles_node(rules: RuleSet, tiles) -> ir.Node:
    """One tile out of ``tiles`` (indices): per name length, a class per
    character where the names of that length are every combination of
    them (``[一二三]万``), else the names side by side."""
    return names_node(sorted({rules.alphabet.tiles[t].name for t in tiles}))


def names_node(names: list[str]) -> ir.Node:
    """One of ``names``: per length, a class per character where they are
    every combination of those characters, else an alternation."""
    by_len: dict[int, set[str]] = {}
    for name in names:
        by_len.setdefault(len(name), set()).add(name)
    ways = []
    for n, group in sorted(by_len.items()):
        columns = [frozenset(name[i] for name in group) for i in range(n)]
        size = 1
        for col in columns:
            size *= len(col)
        if size == len(group):
            ways.append(ir.seq(*(ir.CharSet(col) for col in columns)))
        else:
            ways.extend(ir.Lit(name) for name in sorted(group))
    return ir.alt(*ways)


def width(rules: RuleSet, utf16: bool = False) -> int | None:
    """The one length every tile name has, or None; with ``utf16``, in
    UTF-16 code units (a character outside the BMP is two, as ``.`` reads
    them in .NET)."""
    widths = {units(t.name, utf16) for t in rules.alphabet.tiles}
    return widths.pop() if len(widths) == 1 else None


def units(text: str, utf16: bool) -> int:
    """The length of ``text`` in characters, or in UTF-16 code units."""
    return len(text) + (sum(ord(c) > 0xFFFF for c in text) if utf16 else 0)


def any_tile(rules: RuleSet, utf16: bool = False) -> ir.Node:
    """One tile of the alphabet: ``.`` repeated the width when every name has
    one width; else, per name length, a class per character where the names
    of that length are every combination of them (``[一…九][万筒条]``), or
    the names."""
    w = width(rules, utf16)
    if w is not None:
        return ir.Repeat(ir.AnyChar(), w, w)
    return names_node([t.name for t in rules.alphabet.tiles])


def length_is(rules: RuleSet, lo: int, hi: int, utf16: bool = False) -> ir.Node:
    """Matches (empty) when from here to the end there are ``lo`` to ``hi``
    tiles (a lookahead); ``utf16``: the flavor reads UTF-16 code units."""
    return ir.Look(ir.seq(ir.Repeat(tile_unit(rules, utf16), lo, hi), ir.End()))


def tile_unit(rules: RuleSet, utf16: bool = False) -> ir.Node:
    """What counts one tile of a valid hand, shortest first: ``.`` repeated
    the width when every name has one width; else, where no name's first
    character is another's later one (:func:`heads`), a character that is
    no later one and the later ones after it; else :func:`any_tile`."""
    w = width(rules, utf16)
    if w is not None:
        return ir.Repeat(ir.AnyChar(), w, w)
    if heads(rules) and not utf16:
        # A negated class: PCRE2 10.42 (PHP's) compiles it to less than half
        # of the first characters' class (Wenzhou's length flags passed 64K).
        later = heads(rules)[1]
        return ir.seq(ir.NotIn(later.chars), ir.Repeat(later, 0, None))
    return any_tile(rules, utf16)


def heads(rules: RuleSet):
    """(class of first characters, class of the others) when no tile name
    has a first character that stands elsewhere in a name: each tile is then
    one first character and its others, so counting first characters counts
    tiles in a short pattern (``(?:[^万筒条][万筒条]*){14}``).  None else."""
    names = [t.name for t in rules.alphabet.tiles]
    first = frozenset(n[0] for n in names)
    rest = frozenset(c for n in names for c in n[1:])
    if not rest or first & rest:
        return None
    return ir.CharSet(first), ir.CharSet(rest)


def skip_to(rules: RuleSet, tiles) -> ir.Node:
    """Skip lazily to where one of ``tiles`` may start: ``.*?`` when their
    names cannot occur across a tile boundary, else whole tiles."""
    every = [t.name for t in rules.alphabet.tiles]
    wanted = [rules.alphabet.tiles[t].name for t in tiles]
    if aligned_safe(wanted, every):
        return ir.Repeat(ir.AnyChar(), 0, None, "lazy")
    return ir.Repeat(tiles_node(rules, range(len(rules.alphabet.tiles))), 0, None, "lazy")


def to_suffix() -> ir.Node:
    """``.*`` in ``(?=.*(?<p>SUFFIX)\\z)``, before a pointer: a suffix of
    the hand whose text is fixed where it is read (a backreference, or
    characters counted by flags), so it starts at one place only.  Greedy,
    the engine backs off from the end, a few characters; ``.*?`` would step
    through the whole hand ahead and count a backtrack at each place (PHP's
    backtrack limit on Wenzhou's hands of 18 to 20 tiles)."""
    return ir.Repeat(ir.AnyChar(), 0, None)
