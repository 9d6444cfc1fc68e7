"""Warnings: what a rule file may say but likely does not mean.

- a meld kind whose class holds tiles it can never use (``run 3 of m |
  {中}``: no run holds 中);
- a meld kind, hand shape or class that is never used;
- a hand shape no hand can fill, and a rule set that can never win;
- a constraint that is always true, or always false, on every shape it
  applies to;
- a scoring element that can never hold, and a scoring condition that
  always holds on every shape of its element;
- a tile name that breaks the pattern the other names of its suit share
  (``二桶`` among ``一筒 … 九筒``: a typo, likely).

Each warning is (message, span); the command line prints it located, as
``path:line:col: warning: …``, and goes on.
"""

from __future__ import annotations

from math import comb

from ..syntax import tree as syn
from .classes import ClassResolver
from .fillings import filling
from .model import Constraint, RuleSet, Shape

#: Most count vectors a shape is searched over for always-true/false
#: meld-count constraints (beyond it they are not judged).
MAX_LINT_VECTORS = 50_000


def lint(rules: RuleSet, tree: syn.RuleFile, hands: dict, classes: ClassResolver) -> tuple:
    """The warnings of a checked rule set: a tuple of (message, Span)."""
    out: list = odd_names(tree)
    out += unused_tiles(rules)
    out += unused_names(rules, tree, hands, classes)
    fillable = {}
    for shape in rules.shapes:
        fillable[shape.name] = fits(rules, shape, shape.where + rules.where)
        if not fillable[shape.name]:
            out.append((f"hand shape '{shape.name}' can never be filled", shape.span))
    if rules.shapes and not any(fillable.values()):
        out.append(("this rule set can never win: no hand shape can be filled", tree.span))
    for c, shapes in constraints_with_shapes(rules):
        verdicts = {always(rules, c, s) for s in shapes}
        if verdicts == {True}:
            out.append((f"'{c.text}' always holds", c.span))
        elif verdicts == {False}:
            out.append((f"'{c.text}' never holds", c.span))
    out += score_warnings(rules)
    return tuple(out)


def score_warnings(rules: RuleSet) -> list:
    """Scoring elements that can never hold on any of their shapes, and
    their conditions that always hold (split conditions on the melds'
    tiles are not judged)."""
    out = []
    shapes = {s.name: s for s in rules.shapes}
    for e in rules.scoring:
        mine = [shapes[n] for n in e.shapes]
        judged = [c for c in e.where if not c.is_scoring_only]
        verdicts = {c: [always(rules, c, s) for s in mine] for c in judged}
        if mine and all(any(verdicts[c][i] is False for c in judged) for i in range(len(mine))):
            out.append((f"scoring element '{e.name}' can never hold", e.span))
            continue
        for c in judged:
            if verdicts[c] and all(v is True for v in verdicts[c]):
                out.append((f"'{c.text}' always holds", c.span))
    return out


def unused_tiles(rules: RuleSet) -> list:
    """Meld kinds whose ``of`` class holds tiles no meld of the kind uses."""
    out = []
    for kind in rules.kinds.values():
        if kind.of is None:
            continue
        used = {i for inst in kind.instances(rules.alphabet) for i in inst}
        unused = sorted(kind.of.tiles - used)
        if unused:
            names = ", ".join(rules.alphabet.tiles[i].name for i in unused)
            out.append((f"meld kind '{kind.name}' can never use {names}", kind.span))
    return out


def unused_names(rules: RuleSet, tree: syn.RuleFile, hands: dict, classes) -> list:
    """Meld kinds in no hand shape, hand shapes not in ``win``, classes
    never named."""
    out = []
    in_hands = {k for h in hands.values() for s in h.slots for k in s.kinds}
    for kind in rules.kinds.values():
        if kind.name not in in_hands:
            out.append((f"meld kind '{kind.name}' is never used", kind.span))
    won = {s.name for s in rules.shapes}
    for name, decl in hands.items():
        if name not in won:
            out.append((f"hand shape '{name}' is never used", decl.span))
    for st in tree.statements:
        if isinstance(st, syn.ClassDecl) and st.name not in classes.used:
            out.append((f"class '{st.name}' is never used", st.span))
    return out


def shape_vectors(shape: Shape):
    """The kind-count vectors that fill ``shape`` (one int per kind of
    ``shape.kinds``), or None when there are too many to judge."""
    if comb(shape.size + len(shape.kinds) - 1, shape.size) > MAX_LINT_VECTORS:
        return None
    return filling(shape)


def fits(rules: RuleSet, shape: Shape, constraints) -> bool:
    """Can some split fill ``shape`` and meet its meld-count constraints?"""
    vectors = shape_vectors(shape)
    if vectors is None:
        return True
    meld = [c for c in constraints if c.is_meld_level]
    return any(all(c.holds_on_melds(dict(zip(shape.kinds, v))) for c in meld) for v in vectors)


def constraints_with_shapes(rules: RuleSet):
    """Each constraint with the shapes it applies to."""
    for shape in rules.shapes:
        for c in shape.where:
            yield c, [shape]
    for c in rules.where:
        yield c, list(rules.shapes)


def window(rules: RuleSet, shape: Shape) -> tuple[int, int]:
    """Fewest and most tiles a hand of ``shape`` holds."""
    lo = sum(n * min(rules.kinds[k].size for k in ks) for n, ks in shape.slots)
    hi = sum(n * max(rules.kinds[k].size for k in ks) for n, ks in shape.slots)
    return lo, hi


def always(rules: RuleSet, c: Constraint, shape: Shape) -> bool | None:
    """True when ``c`` holds on every hand of ``shape``, False when on none,
    None when it depends on the hand (or cannot be told cheaply)."""
    if c.kind == "any":
        found = [always(rules, p, shape) for p in c.parts]
        return True if True in found else False if set(found) == {False} else None
    if c.kind == "all":
        found = [always(rules, p, shape) for p in c.parts]
        return False if False in found else True if set(found) == {True} else None
    if c.is_meld_level:
        vectors = shape_vectors(shape)
        if not vectors:
            return None
        held = {c.holds_on_melds(dict(zip(shape.kinds, v))) for v in vectors}
        return held.pop() if len(held) == 1 else None
    return always_on_tiles(rules, c, shape)


def always_on_tiles(rules: RuleSet, c: Constraint, shape: Shape) -> bool | None:
    """:func:`always` for a tile-level constraint (not judged where wild
    tiles or the turned tile come in)."""
    if rules.has_wilds or c.kind == "substitutes" or (c.tiles and c.tiles.dynamic):
        return None
    lo, hi = window(rules, shape)
    usable = {
        i for k in shape.kinds for inst in rules.kinds[k].instances(rules.alphabet) for i in inst
    }
    suits = len(rules.alphabet.suits)
    if c.kind == "suit_count":
        if (c.op == ">=" and c.value == 0) or (c.op == "<=" and c.value >= suits):
            return True
        return None
    if c.kind == "only":
        return True if usable <= c.tiles.tiles else False if not usable & c.tiles.tiles else None
    if c.kind == "contains":
        return False if not usable & c.tiles.tiles else None
    if c.kind in ("each_tile", "tile_count"):
        if c.op == ">=" and c.value == 0:
            return True
        if c.op == "<=" and c.value >= hi:
            return True
        if c.op in (">=", "==") and c.value > hi:
            return False
    return None


def odd_names(tree: syn.RuleFile) -> list:
    """Tile names of a suit that break the pattern every other name of the
    suit shares: the same length and a common last (or first) character,
    which the odd name lacks though it is as long.  Rank 1 is let be: it
    often has a name of its own (幺鸡, the bird of one bamboo)."""
    out = []
    for st in tree.statements:
        if not isinstance(st, syn.TilesDecl):
            continue
        for group in st.groups:
            if isinstance(group, syn.SuitDecl):
                out += _odd_in_suit(group)
    return out


def _odd_in_suit(suit: syn.SuitDecl) -> list:
    names = [t.text for t in suit.tiles]
    if len(names) < 4:
        return []
    for at, where in ((-1, "end in"), (0, "start with")):
        for i, odd in enumerate(names):
            rest = names[:i] + names[i + 1 :]
            shared = {n[at] for n in rest}
            lengths = {len(n) for n in rest}
            if len(shared) != 1 or lengths != {len(odd)} or len(odd) < 2:
                continue
            char = shared.pop()
            if odd[at] == char or suit.ranks[0] + i == 1:
                continue
            message = (
                f"tile name '{odd}' breaks the pattern of suit {suit.name}: the other "
                f"{len(rest)} names {where} '{char}' (a typo?)"
            )
            return [(message, suit.tiles[i].span)]
    return []
